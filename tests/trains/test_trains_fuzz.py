"""Action fuzzing for Trains (issue 9 "The contract"): every JSON type in every field of every legal
action, over states of seeded random games that between them offer every action type and every
kind of pending choice. Each mutation is refused with a specific IllegalActionError (the state
unchanged) or accepted as exactly one of the legal actions."""

from __future__ import annotations

import pytest
from trains_helpers import ready, set_hand

from railtable.core import IllegalActionError, MalformedActionError, Rng
from railtable.core.fuzz import fuzz_state
from railtable.trains.bots import eager_choice
from railtable.trains.state import ACTION_KEYS, TrainsState


def _key(st: TrainsState, p: int) -> str:
    """What kind of decision this state asks for: a pending choice's kind, else the phase."""
    return f"pending:{st.pending['kind']}" if st.pending is not None else st.phase


def sample_states(seeds: range, per_key: int = 2) -> list[TrainsState]:
    """Copies of states from random games, at most ``per_key`` per kind of decision."""
    seen: dict[str, int] = {}
    out = []
    for seed in seeds:
        rng = Rng(seed)
        board, n = (("tokyo", 2), ("osaka", 3), ("nagoya", 4), ("chiba", 2), ("kyushu", 2))[seed % 5]
        sets = ("trains", "rising_sun", "both")[seed % 3]
        st = TrainsState.setup({"players": [f"P{i}" for i in range(n)], "board": board, "kingdom": "random",
                                "sets": sets, "route_bonus": True}, seed)
        steps = 0
        while not st.is_over() and steps < 3000:
            p = st.to_act()[0]
            legal = st.legal_actions(p)
            key = _key(st, p)
            # sample the turn state more often when it offers a buy and a play
            types = {a["type"] for a in legal}
            if st.phase == "play" and st.pending is None:
                key += ":" + ",".join(sorted(types))
            if seen.get(key, 0) < per_key and rng.randbelow(3) == 0:
                seen[key] = seen.get(key, 0) + 1
                out.append(st.copy())
            st.apply(eager_choice(rng, legal))
            steps += 1
    return out


def arranged_states() -> list[TrainsState]:
    """States random games rarely reach: a Route Bonus card to use, a Reaction to reveal."""
    st = TrainsState.setup({"players": ["A", "B", "C"], "board": "tokyo", "sets": "both", "route_bonus": True,
                            "kingdom": ["Regulations", "Legal Counsel"]}, 3)
    for p in range(3):
        st.apply(st.legal_actions(p)[10 * p])
    for r in st.routes:
        r.update(owner=0, taken_turn=-1)
    owned = st.copy()
    set_hand(st, 0, ["Regulations"])
    set_hand(st, 2, ["Legal Counsel"])
    st.apply({"type": "play", "player": 0, "card": st.zones.hands[0][0]})
    return [owned, st]


STATES = sample_states(range(15), per_key=2) + arranged_states()


def test_the_sample_covers_every_action_type_and_many_pending_kinds():
    types = {a["type"] for st in STATES for p in st.to_act() for a in st.legal_actions(p)}
    assert types == set(ACTION_KEYS), f"missing: {set(ACTION_KEYS) - types}"
    kinds = {st.pending["kind"] for st in STATES if st.pending is not None}
    assert {"lay_rail", "place_station"} <= kinds and len(kinds) >= 8, kinds
    assert 20 <= len(STATES) <= 80, len(STATES)


@pytest.mark.parametrize("index", range(len(STATES)))
def test_fuzz_every_field_of_every_legal_action(index):
    assert fuzz_state(STATES[index]) > 0


@pytest.mark.parametrize("pile", [["Express Train"], {"a": 1}, 3, 3.0, True, None, 2**70])
def test_buy_with_a_pile_that_is_not_a_string_is_malformed(pile):
    st = ready()
    set_hand(st, 0, ["Express Train"] * 3)
    for _ in range(3):
        st.apply({"type": "play", "player": 0, "card": st.zones.hands[0][0]})
    before = st.to_json()
    with pytest.raises(MalformedActionError):
        st.apply({"type": "buy", "player": 0, "pile": pile})
    assert st.to_json() == before
    assert st.is_legal({"type": "buy", "player": 0, "pile": pile}) is False


def test_an_unknown_key_is_refused_even_on_a_legal_action():
    st = ready()
    with pytest.raises(MalformedActionError):
        st.apply({"type": "end_turn", "player": 0, "stray": 1})
    with pytest.raises(IllegalActionError):
        st.apply({"type": "end_turn", "player": 0, "decline": True})
