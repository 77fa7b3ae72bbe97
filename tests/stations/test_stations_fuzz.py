"""Every field of every Trains & Stations action is type-checked (issue 9; docs/actions-stations.md).

``railtable.core.fuzz.fuzz_state`` puts every JSON type (null, bool, float, huge int, string, list,
object) into every field of every legal action, removes each field and adds a stray one: ``apply``
must refuse with an ``IllegalActionError`` subclass and leave the state unchanged, or accept an
action JSON-equal to a legal one; ``is_legal`` must agree. The states come from seeded random
games and cover every action type.
"""

from __future__ import annotations

from functools import lru_cache

import pytest
from stations_helpers import NAMES

from railtable.core import IllegalActionError, MalformedActionError, Rng
from railtable.core.fuzz import fuzz_state
from railtable.stations.actions import KEYS
from railtable.stations.state import StationsState


def award_state(rules: int) -> StationsState:
    """A speculation shortfall (rare in random play): 3 traders ask for more Food than is left."""
    s = StationsState.setup({"players": NAMES[:3], "rules": rules}, 3)
    for p in range(3):
        s.apply({"type": "return_power", "player": p, "card": s.power_hands[p][0]})
    for q, g in enumerate(("worker", "coal", "cattle")):
        s.hands[q][g] = 6
    for bt in ("hotel", "mine", "ranch"):
        s.stacks[bt]["count"] = 0
    s.goods_removed.update(worker=4, coal=4, cattle=4)
    s.tray, s.phase = [], "resolve"
    s.apply({"type": "done", "player": 0})
    s.apply({"type": "upgrade", "player": 0, "building": "ranch", "goods": "food"})
    s.stacks["ranch"]["count"] = 4
    s.goods_aside["food"] += 6
    for q, g in enumerate(("worker", "coal", "cattle")):
        for _ in range(6):
            s.apply({"type": "offer_goods", "player": q, "goods": g})
    for q in range(3):
        for a in s.legal_actions(q):
            if a["type"] == "offer_card":
                s.apply(a)
        s.apply({"type": "confirm", "player": q})
    assert s.phase == "spec_award", s.phase
    return s


@lru_cache(maxsize=1)
def sample_states() -> tuple[StationsState, ...]:
    """States from seeded random games: the first state where each action type is legal (for each
    rules version), plus the 300th state of each game; and a speculation shortfall on each board."""
    found: list[StationsState] = [award_state(1), award_state(2)]
    wanted = {(rules, kind) for rules in (1, 2) for kind in KEYS if kind != "award"}
    for seed in range(40):
        rules = 1 + seed % 2
        s = StationsState.setup({"players": NAMES[:3 + seed % 3], "rules": rules}, seed)
        chooser = Rng(seed + 77)
        steps = 0
        while not s.is_over() and steps < 4000:
            actor = s.to_act()[chooser.randbelow(len(s.to_act()))]
            legal = s.legal_actions(actor)
            kinds = {(rules, a["type"]) for a in legal} & wanted
            if kinds or steps == 300:
                wanted -= kinds
                snapshot = s.copy()
                del snapshot.events[:-20]  # the log plays no part in checking actions; copies are faster
                found.append(snapshot)
            if len(legal) > 1 and chooser.randbelow(10):
                legal = [a for a in legal if a["type"] != "reclaim"]
            s.apply(chooser.choice(legal))
            steps += 1
        if not wanted:
            break
    assert not wanted, f"no sample state for {sorted(wanted)}"
    return tuple(found)


def test_samples_cover_every_action_type_on_both_boards() -> None:
    kinds = {(s.rules, a["type"]) for s in sample_states() for p in s.to_act() for a in s.legal_actions(p)}
    assert kinds == {(rules, kind) for rules in (1, 2) for kind in KEYS}
    assert 24 <= len(sample_states()) <= 60


@pytest.mark.slow
def test_fuzz_every_field_of_every_action() -> None:
    tried = sum(fuzz_state(s) for s in sample_states())
    assert tried > 10_000


@pytest.mark.parametrize("keep", [{"hotel": True}, {"hotel": 1.0}, {"hotel": "1"}, {"hotel": None},
                                  {"hotel": [1]}, {"hotel": 2**70}, {"hotel": -1}, {"hotel": 0},
                                  {"bogus": 1}, {1: 1}, [("hotel", 1)]])
def test_gather_keep_counts_must_be_integers(keep: object) -> None:
    """Step 2: ``keep`` counts saved dice kept on their face: face -> positive int, nothing else
    (``true`` or ``1.0`` is not a count, even though Python finds them equal to 1)."""
    s = StationsState.setup({"players": NAMES[:3]}, 1)
    for p in range(3):
        s.apply({"type": "return_power", "player": p, "card": s.power_hands[p][0]})
    s.saved[0] = ["hotel", "coin"]
    s.dice_supply[0] -= 2
    good = {"type": "gather", "player": 0, "bonus": 0, "keep": {"hotel": 1}}
    assert good in s.legal_actions(0) and s.is_legal(good)
    bad = dict(good, keep=keep)
    before = s.to_json()
    assert not s.is_legal(bad)
    with pytest.raises(MalformedActionError):
        s.apply(bad)
    assert s.to_json() == before


@pytest.mark.parametrize("field,value", [("bonus", True), ("bonus", 0.0), ("bonus", None), ("bonus", 2**70)])
def test_gather_bonus_must_be_an_integer(field: str, value: object) -> None:
    s = StationsState.setup({"players": NAMES[:3]}, 1)
    for p in range(3):
        s.apply({"type": "return_power", "player": p, "card": s.power_hands[p][0]})
    with pytest.raises(IllegalActionError):
        s.apply({"type": "gather", "player": 0, "bonus": 0, "keep": {}, field: value})
