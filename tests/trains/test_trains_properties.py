"""Property tests over random legal play (issue 3 "Property tests"): games end without error on
both boards with 2-4 players, every card is in exactly one place, saves restore equal states,
views hide other hands and deck order, and legal_actions agrees with _check."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from railtable.core import IllegalActionError, Match, Rng
from railtable.trains.bots import eager_choice as fast_choice
from railtable.trains.state import TrainsState

MAX_ACTIONS = 4000


def random_game(seed: int, check_every: int = 0, players: int | None = None) -> TrainsState:
    rng = Rng(seed)
    n = players or 2 + seed % 3
    board = ("tokyo", "osaka")[(seed // 3) % 2]
    st = TrainsState.setup({"players": [f"P{i}" for i in range(n)], "board": board, "kingdom": "random"}, seed)
    count = 0
    while not st.is_over() and count < MAX_ACTIONS:
        p = st.to_act()[0]
        st.apply(fast_choice(rng, st.legal_actions(p)))
        count += 1
        if check_every and count % check_every == 0:
            st.zones.census()
    st.zones.census()
    return st


@pytest.mark.slow
def test_1000_random_games_2_to_4_players_both_boards_end_without_error():
    ended = 0
    for seed in range(1000):
        st = random_game(seed, check_every=0)
        ended += st.is_over()
        if st.is_over():
            res = st.result()
            assert res is not None and res["winners"] and len(res["scores"]) == st.num_players
    assert ended >= 990, f"only {ended} of 1000 random games ended within {MAX_ACTIONS} actions"


def test_every_card_in_exactly_one_place_after_every_action():
    for seed in range(12):
        random_game(seed, check_every=1)


def _total_cards(st: TrainsState) -> int:
    return len(st.zones.card_names)


def test_nothing_created_or_lost():
    for seed in range(20, 26):
        rng = Rng(seed)
        st = TrainsState.setup({"players": ["A", "B", "C"], "board": "osaka"}, seed)
        total = _total_cards(st)
        rails_total = sum(st.rails_left) + sum(len(r) for r in st.rails)
        tokens_total = st.station_tokens + sum(st.stations)
        while not st.is_over():
            st.apply(fast_choice(rng, st.legal_actions(st.to_act()[0])))
            assert _total_cards(st) == total
            assert sum(st.rails_left) + sum(len(r) for r in st.rails) == rails_total
            assert st.station_tokens + sum(st.stations) == tokens_total
        assert len(st.zones.census()) == total


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st_.integers(0, 10**6), stop=st_.integers(0, 600))
def test_every_state_saves_and_restores_equal(seed, stop):
    rng = Rng(seed)
    st = TrainsState.setup({"players": ["A", "B", "C", "D"][: 2 + seed % 3], "board": "tokyo"}, seed)
    for _ in range(stop):
        if st.is_over():
            break
        saved = json.loads(json.dumps(st.to_json()))
        back = TrainsState.from_json(saved)
        assert back == st and back.legal_actions(st.to_act()[0]) == st.legal_actions(st.to_act()[0])
        st.apply(fast_choice(rng, st.legal_actions(st.to_act()[0])))
    back = TrainsState.from_json(json.loads(json.dumps(st.to_json())))
    assert back.to_json() == st.to_json()


def _probe_actions(st: TrainsState, p: int) -> list[dict]:
    """Plausible actions, legal or not, to compare _check with legal_actions."""
    z = st.zones
    out: list[dict] = [{"type": "end_turn", "player": p}, {"type": "return_waste", "player": p}]
    for cid in range(0, len(z.card_names), 7):
        out.append({"type": "play", "player": p, "card": cid})
        out.append({"type": "play", "player": p, "card": cid, "decline": True})
    for cid in z.hands[p]:
        out.append({"type": "play", "player": p, "card": cid})
        out.append({"type": "play", "player": p, "card": cid, "decline": True})
    for name in list(z.piles) + ["Normal Train", "Nonsense"]:
        out.append({"type": "buy", "player": p, "pile": name})
        out.append({"type": "buy", "player": p, "pile": name, "to_deck": True})
    for h in range(0, 76, 3):
        for kind in ("start_rail", "lay_rail", "place_station"):
            out.append({"type": kind, "player": p, "hex": h})
    for opt in ["done", "none", "keep", "discard", "draw", "money", "return_waste", 0, 1, 2, 3] + sorted(set(z.card_names)):
        out.append({"type": "choose", "player": p, "option": opt})
    return out


def test_legal_actions_agree_with_check():
    for seed in range(4):
        rng = Rng(seed)
        st = TrainsState.setup({"players": ["A", "B", "C"], "board": ("tokyo", "osaka")[seed % 2]}, seed)
        steps = 0
        while not st.is_over() and steps < 250:
            p = st.to_act()[0]
            legal = st.legal_actions(p)
            assert legal, "a player to act always has a legal action"
            assert len({json.dumps(a, sort_keys=True) for a in legal}) == len(legal), "no duplicates"
            for a in legal:
                assert st.is_legal(a)
            for a in _probe_actions(st, p):
                before = st.to_json()
                assert st.is_legal(a) == (a in legal), a
                if a not in legal:
                    with pytest.raises(IllegalActionError):
                        st.apply(a)
                    assert st.to_json() == before, "an illegal action changed nothing"
            other = (p + 1) % st.num_players
            assert st.legal_actions(other) == [] and not st.is_legal({"type": "end_turn", "player": other})
            st.apply(fast_choice(rng, legal))
            steps += 1


def test_malformed_actions_are_refused_with_a_message():
    st = TrainsState.setup({"players": ["A", "B"]}, 3)
    for bad in [{"type": "start_rail", "player": 0, "hex": True}, {"type": "start_rail", "player": 0, "hex": "3"},
                {"type": "start_rail", "player": 0, "hex": 3, "extra": 1}, {"type": "fly", "player": 0}]:
        with pytest.raises(IllegalActionError) as exc:
            st.apply(bad)
        assert str(exc.value)


def test_views_hide_other_hands_and_every_deck_order():
    for seed in range(4):
        rng = Rng(seed)
        st = TrainsState.setup({"players": ["A", "B", "C"], "board": "tokyo"}, seed)
        for _ in range(300):
            if st.is_over():
                break
            for viewer in (0, 1, 2, None):
                v = st.view(viewer)
                text = json.dumps(v)
                for q in range(3):
                    if q != viewer:
                        assert "hand" not in v["players"][q] and "deck" not in v["players"][q]
                assert "decks" not in text and "deck_order" not in text
                if viewer is None:
                    assert "hand" not in v and "discard" not in v
                else:
                    assert [c["id"] for c in v["hand"]] == st.zones.hands[viewer]
                pd = st.pending
                if pd is not None and pd["player"] != viewer:
                    assert "options" not in v["pending"]
            # Another player's hand and any deck order never show: change them, the view stays the same.
            v1 = json.dumps(st.view(0))
            other = st.copy()
            z = other.zones
            k = min(len(z.hands[1]), len(z.decks[1]))
            z.hands[1][:k], z.decks[1][:k] = z.decks[1][:k], z.hands[1][:k]
            other.zones.decks[2].reverse()
            if other.pending is None or other.pending["player"] == 0:
                assert json.dumps(other.view(0)) == v1
            p = st.to_act()[0]
            st.apply(fast_choice(rng, st.legal_actions(p)))


def test_match_undo_and_replay():
    m = Match("trains", {"players": ["A", "B"], "board": "tokyo", "kingdom": "beginner_tokyo"}, 5)
    rng = Rng(1)
    while not m.state.is_over() and len(m.actions) < 400:
        p = m.state.to_act()[0]
        m.apply(fast_choice(rng, m.state.legal_actions(p)))
    again = Match.from_save(m.dumps())
    assert again.state == m.state
