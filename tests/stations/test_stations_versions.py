"""Rules versions: version 2 plays the longer board; version 1 (the first board) still replays exactly.

docs/sources.md#trains-and-stations: the board and Power cards are this project's design. Version 2
has no route under 4 spaces (65 spaces), smaller VP bonuses and two Missions that one Y route can
score; saves made before it (rules version 1) must replay as they were played.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from stations_helpers import NAMES

from railtable.core.errors import ConfigError
from railtable.stations.data import RULES_VERSION, RULES_VERSIONS, board, power_cards
from railtable.stations.state import StationsState

FIXTURES = Path(__file__).parent / "fixtures"


def test_new_games_play_version_2_and_both_versions_are_playable() -> None:
    assert RULES_VERSION == 2 and RULES_VERSIONS == (1, 2)
    assert StationsState.setup({"players": NAMES[:3]}, 1).rules == 2
    assert StationsState.setup({"players": NAMES[:3], "rules": 1}, 1).rules == 1
    assert StationsState.setup({"players": NAMES[:3]}, 1).view(0)["rules"] == 2


@pytest.mark.parametrize("rules", [0, 3, "2", 2.0, True, None, [2]])
def test_unknown_rules_version_is_refused_plainly(rules: object) -> None:
    with pytest.raises(ConfigError, match="rules version"):
        StationsState.setup({"players": NAMES[:3], "rules": rules}, 1)


def test_version_2_board_no_route_under_four_spaces() -> None:
    """The board, version 2: 65 route spaces, the route lengths of the table."""
    b = board(2)
    lengths = {r: len(b.routes[r].spaces) for r in b.route_order}
    assert lengths == {"west": 11, "northern": 6, "rockies": 4, "desert": 5, "southwest": 6, "plains": 4,
                       "texas": 5, "gulf": 4, "midwest": 5, "river": 4, "east": 11}
    assert sum(lengths.values()) == 65
    # the rulebook's examples hold: Seattle, Los Angeles and Billings share one branching route;
    # Billings and Detroit share a route; San Antonio has 2 building locations
    assert b.routes["west"].stations == ("seattle", "los_angeles", "billings")
    assert b.routes["northern"].stations == ("billings", "detroit")
    assert b.stations["san_antonio"].slots == 2
    bonuses = {s.id: (s.bonus_kind, s.bonus_amount, s.slots) for s in b.stations.values()}
    assert bonuses == {
        "seattle": ("power", 1, 2), "los_angeles": ("vp", 1, 3), "billings": ("bonus_die", 1, 2),
        "denver": ("bonus_die", 1, 3), "san_antonio": ("bonus_die", 1, 2), "kansas_city": ("power", 1, 2),
        "detroit": ("vp", 1, 3), "new_orleans": ("power", 1, 2), "boston": ("vp", 1, 3),
    }
    # a junction space touches three arms; every neighbour link goes both ways
    for r in ("west", "east"):
        junction = f"{r}-j"
        assert len(b.space_next[junction]) == 3 and junction not in b.space_touches_station
    for sid, nxt in b.space_next.items():
        for other in nxt:
            assert sid in b.space_next[other]
            assert b.space_route[other] == b.space_route[sid]


def test_version_2_power_cards_are_the_references() -> None:
    cards = power_cards(2)
    assert len(cards) == 20
    missions = Counter((tuple(c["cities"]), c["vp"]) for c in cards.values() if c["kind"] == "mission")
    assert missions == Counter({
        (("seattle", "boston"), 9): 2, (("los_angeles", "detroit"), 7): 2, (("seattle", "san_antonio"), 6): 2,
        (("denver", "boston"), 6): 2, (("seattle", "los_angeles"), 4): 2, (("new_orleans", "boston"), 4): 2,
    })
    goods = sorted(tuple(c["goods"]) for c in cards.values() if c["kind"] == "goods")
    assert len(goods) == 8
    # the two short Missions lie on one Y route each
    b = board(2)
    assert {"seattle", "los_angeles"} <= set(b.routes["west"].stations)
    assert {"new_orleans", "boston"} <= set(b.routes["east"].stations)
    assert len(power_cards(1)) == 20 and set(power_cards(1)) != set(cards)


def test_version_1_keeps_the_first_board() -> None:
    b = board(1)
    assert sum(len(r.spaces) for r in b.routes.values()) == 43
    assert min(len(r.spaces) for r in b.routes.values()) == 2


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("rules1_*.json")))
def test_version_1_games_replay_exactly(name: str) -> None:
    """Bot games recorded before version 2 existed: replayed with ``"rules": 1`` they reach the same state."""
    data = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    assert "rules" not in data["config"]
    s = StationsState.setup({**data["config"], "rules": 1}, data["seed"])
    for action in data["actions"]:
        s.apply(action)
    state = s.to_json()
    for key, value in data["state"].items():
        assert state[key] == value, key
    assert s.result() == data["result"]


def test_the_game_cites_the_projects_own_sources() -> None:
    """The project stands alone (issue 9): data and docstrings cite docs/sources.md, never a folder
    outside the repository."""
    root = Path(__file__).resolve().parents[2]
    files = [*sorted((root / "py/railtable/stations").glob("*.py")), *sorted((root / "py/railtable/stations").glob("*.json")),
             *sorted((root / "web/railtable_web").glob("stations_*.py")), root / "docs/actions-stations.md"]
    for f in files:
        text = f.read_text(encoding="utf-8")
        assert "shared/reference" not in text and "shared/rules" not in text and "../shared" not in text, f.name
    for name in ("board.json", "board_v1.json", "cards.json"):
        data = json.loads((root / "py/railtable/stations" / name).read_text(encoding="utf-8"))
        assert data.get("source", "").startswith("docs/sources.md#trains-and-stations") or all(
            str(v.get("source", "")).startswith("docs/sources.md#trains-and-stations")
            for v in data.values() if isinstance(v, dict)), name
