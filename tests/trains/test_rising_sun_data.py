"""Trains: Rising Sun data: the three boards, the Route Bonus cards and the 32 cards (docs/sources.md#trains-rising-sun).

Rulebook sections: "In This Box" (pile sizes), "All Aboard!" (fixed supply, recommended sets), "Route Bonus Cards",
"2-Player Maps" (Chiba, Kyushu), "Terms" (Lay Rails: sea is never buildable; impassable borders).
"""

from __future__ import annotations

import json
import math
from importlib import resources
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from railtable.trains.board import (
    BOARD_IDS,
    CITY,
    FIELD,
    MOUNTAIN,
    REMOTE,
    RISING_SUN_BOARD_IDS,
    RIVER,
    SEA,
    Board,
    load_board,
    neighbour_cells,
)
from railtable.trains.cards import all_cards
from railtable.trains.effects import KNOWN_OPS

ALL_BOARDS = BOARD_IDS + RISING_SUN_BOARD_IDS
ROOT = Path(__file__).resolve().parents[2]
CITE = "docs/sources.md#trains-rising-sun"


def _json(name: str) -> dict[str, Any]:
    return json.loads(resources.files("railtable.trains").joinpath(name).read_text(encoding="utf-8"))


def _passable(board: Board, h: int) -> bool:
    return board.hexes[h].terrain != SEA


def _distances(board: Board, start: int) -> dict[int, int]:
    """Steps between non-sea spaces, never across a blocked edge (rulebook "Terms": Lay Rails)."""
    dist, frontier = {start: 0}, [start]
    while frontier:
        nxt = []
        for v in frontier:
            for n in board.neighbours[v]:
                if n not in dist and _passable(board, n):
                    dist[n] = dist[v] + 1
                    nxt.append(n)
        frontier = nxt
    return dist


def _route_length(board: Board, hexes: list[int]) -> int:
    """Edges of a smallest connected set of passable spaces holding ``hexes`` (Dreyfus-Wagner Steiner tree)."""
    land = [h.id for h in board.hexes if h.terrain != SEA]
    dist = {v: _distances(board, v) for v in land}
    inf = 10**9
    root, rest = hexes[0], hexes[1:]
    dp: dict[int, dict[int, int]] = {1 << i: {v: dist[x].get(v, inf) for v in land} for i, x in enumerate(rest)}
    for size in range(2, len(rest) + 1):
        for combo in combinations(range(len(rest)), size):
            s = sum(1 << i for i in combo)
            joined = {}
            for u in land:
                best, sub = inf, (s - 1) & s
                while sub:
                    best = min(best, dp[sub][u] + dp[s ^ sub][u])
                    sub = (sub - 1) & s
                joined[u] = best
            dp[s] = {v: min(joined[u] + dist[v].get(u, inf) for u in land) for v in land}
    return dp[(1 << len(rest)) - 1][root]


# ---- boards -------------------------------------------------------------------------------
@pytest.mark.parametrize("board_id", ALL_BOARDS)
def test_every_board_loads_and_is_well_formed(board_id: str) -> None:
    """Same format and terrain kinds as Tokyo and Osaka: cities 1-3 slots, remote locations with a value."""
    board = load_board(board_id)
    data = board.data
    assert board.id == board_id
    names = [h.name for h in board.hexes if h.name]
    assert len(names) == len(set(names)), "space names are unique"
    for h in board.hexes:
        assert h.terrain in {FIELD, RIVER, MOUNTAIN, SEA, CITY, REMOTE}, h
        if h.terrain == CITY:
            assert h.name and 1 <= h.slots <= 3, h
        elif h.terrain == REMOTE:
            assert h.name and 1 <= h.value <= 4, h
        else:
            assert not h.name and not h.slots and not h.value, h
    cells = {(h.row, h.col) for h in board.hexes}
    rows = data["layout"]["rows"]
    width = data["layout"].get("columns", 10)
    assert cells == {(r, c) for r in range(rows) for c in range(width - r % 2)}
    assert [(h.row, h.col) for h in board.hexes] == sorted(cells), "ids in reading order"
    for a, b in data["blocked"]:
        ha, hb = board.hexes[a], board.hexes[b]
        assert (hb.row, hb.col) in neighbour_cells(ha.row, ha.col), (a, b)
    assert board.station_tokens <= sum(h.slots for h in board.hexes)
    low, high = data["players"]
    assert 2 <= low <= high <= 4


@pytest.mark.parametrize("board_id", ALL_BOARDS)
def test_every_city_and_remote_location_is_reachable_from_every_other(board_id: str) -> None:
    """Over neighbouring non-sea spaces, never across an impassable border (rulebook "Terms": Lay Rails)."""
    board = load_board(board_id)
    named = [h.id for h in board.hexes if h.terrain in (CITY, REMOTE)]
    reach = _distances(board, named[0])
    assert [board.hexes[h].name for h in named if h not in reach] == []


def test_rising_sun_boards_are_their_designed_size_and_carry_their_numbers() -> None:
    """Rulebook "All Aboard!" 1 and "2-Player Maps": Nagoya for 3-4; Chiba 16 stations, Kyushu 19; 16 rails, 7 per pile."""
    nagoya, chiba, kyushu = (load_board(b) for b in RISING_SUN_BOARD_IDS)
    assert len(nagoya) == len(load_board("tokyo")) == 76
    assert 45 <= len(chiba) <= 60 and 45 <= len(kyushu) <= 60
    assert nagoya.data["players"] == [3, 4]
    assert (nagoya.station_tokens, nagoya.rails_per_player) == (30, 20)
    assert nagoya.data.get("supply_pile_size") is None
    for board, tokens in ((chiba, 16), (kyushu, 19)):
        assert board.data["players"] == [2, 2]
        assert board.station_tokens == tokens
        assert board.rails_per_player == 16
        assert board.data["supply_pile_size"] == 7
    for board_id in BOARD_IDS:
        assert load_board(board_id).data["players"] == [2, 4]
    for board in (nagoya, chiba, kyushu):
        assert board.data["source"] == "designed" and board.data["citation"].startswith(CITE)


def test_chiba_s_cities_are_tateyama_kamogawa_and_katsuura_the_southernmost_cities() -> None:
    """Rulebook "2-Player Maps": the "S" marks on the three bottom cities Tateyama, Kamogawa and Katsuura."""
    chiba = load_board("chiba")
    s = chiba.data["s_cities"]
    assert sorted(chiba.hexes[h].name for h in s) == ["Kamogawa", "Katsuura", "Tateyama"]
    assert all(chiba.hexes[h].terrain == CITY for h in s)
    others = [h for h in chiba.hexes if h.terrain == CITY and h.id not in s]
    assert min(chiba.hexes[h].row for h in s) > max(h.row for h in others), "no other city lies south of them"
    assert "s_cities" not in load_board("kyushu").data


@pytest.mark.parametrize(("board_id", "names"), [
    ("nagoya", {"Nagoya", "Gifu", "Toyohashi", "Okazaki", "Toyota", "Yokkaichi", "Tsu", "Ise", "Centrair"}),
    ("chiba", {"Chiba", "Funabashi", "Narita", "Kisarazu", "Choshi", "Tateyama", "Kamogawa", "Katsuura"}),
    ("kyushu", {"Fukuoka", "Kitakyushu", "Kumamoto", "Kagoshima", "Nagasaki", "Oita", "Miyazaki", "Aso"}),
])
def test_boards_name_the_real_regions_places(board_id: str, names: set[str]) -> None:
    board = load_board(board_id)
    assert names <= {h.name for h in board.hexes}


# ---- Route Bonus cards -------------------------------------------------------------------------
def test_five_route_bonus_cards_per_board_naming_2_to_4_cities_of_it() -> None:
    """Rulebook "Route Bonus Cards": take the 5 Route Bonus cards of the selected map."""
    data = _json("route_bonus.json")
    assert data["source"] == "designed" and data["citation"].startswith(CITE)
    cards = data["cards"]
    assert len({c["id"] for c in cards}) == len(cards)
    for board_id in ALL_BOARDS:
        mine = [c for c in cards if c["board"] == board_id]
        assert len(mine) == 5, board_id
        board = load_board(board_id)
        cities = {h.name for h in board.hexes if h.terrain == CITY}
        for c in mine:
            assert 2 <= len(c["cities"]) <= 4 and len(set(c["cities"])) == len(c["cities"]), c["id"]
            assert set(c["cities"]) <= cities, c["id"]
            assert c["text"] and c["text_fr"], c["id"]
    assert {c["board"] for c in cards} == set(ALL_BOARDS)


def test_route_distance_is_recomputed_and_the_vp_reward_grows_with_it() -> None:
    """VP = 1 + ceil(distance / 2), distance = Steiner tree edges over passable spaces; a route fits a player's rails."""
    cards = _json("route_bonus.json")["cards"]
    for c in cards:
        board = load_board(c["board"])
        by_name = {h.name: h.id for h in board.hexes}
        d = _route_length(board, [by_name[n] for n in c["cities"]])
        assert c["distance"] == d, c["id"]
        assert c["vp"] == 1 + math.ceil(d / 2), c["id"]
        assert d + 1 <= board.rails_per_player, c["id"]
    for a in cards:
        for b in cards:
            if a["distance"] < b["distance"]:
                assert a["vp"] <= b["vp"]
            if a["distance"] + 2 <= b["distance"]:
                assert a["vp"] < b["vp"]
    assert len({c["vp"] for c in cards}) >= 4


def test_route_bonus_abilities_use_the_existing_step_vocabulary() -> None:
    """A one-time ability about as strong as a cheap Action card, in the effect steps the engine already runs."""
    for c in _json("route_bonus.json")["cards"]:
        assert c["ability"], c["id"]
        assert {s["op"] for s in c["ability"]} <= KNOWN_OPS, c["id"]
        assert "gain_waste" not in {s["op"] for s in c["ability"]}


# ---- cards ----------------------------------------------------------------------------------------
# The reference table (docs/sources.md#trains-rising-sun): name -> (types, cost, money, vp).
REFERENCE = {
    "Outdated Train": (["Train"], 2, 2, 0),
    "Monorail": (["Train", "Action"], 2, 1, 0),
    "Commuter Train": (["Train", "Action"], 3, 1, 0),
    "BioFuel Train": (["Train", "Action"], 5, 2, 0),
    "Experimental Train": (["Train", "Action"], 5, 3, 0),
    "Mining Train": (["Train", "Action"], 6, 2, 0),
    "Distant Partners": (["Rail Laying"], 4, 0, 0),
    "Government Subsidy": (["Rail Laying"], 5, 0, 0),
    "Interchange": (["Rail Laying"], 5, 0, 0),
    "Trail Blazer": (["Rail Laying"], 6, 0, 0),
    "Reclamation Depot": (["Action"], 2, 0, 0),
    "Strategy Meeting": (["Action"], 2, 0, 0),
    "Surveyor": (["Action"], 2, 0, 0),
    "Dispatcher": (["Action"], 3, 0, 0),
    "Engineer": (["Action"], 3, 0, 0),
    "Extra Laborers": (["Action"], 3, 1, 0),
    "Upgrade": (["Action"], 3, 0, 0),
    "Charitable Support": (["Action"], 4, 1, 0),
    "Incinerator": (["Action"], 4, 0, 0),
    "Yardmaster": (["Action"], 4, 0, 0),
    "Limited Partnership": (["Action"], 5, 0, 0),
    "Junkyard": (["Action"], 6, 0, 0),
    "Recycling Center": (["Action"], 6, 0, 0),
    "Legal Counsel": (["Action", "Attack", "Reaction"], 2, 0, 0),
    "Regulations": (["Action", "Attack"], 3, 1, 0),
    "Unhappy Passengers": (["Action", "Attack"], 3, 1, 0),
    "Politician": (["Action", "Attack"], 4, 2, 0),
    "Protesters": (["Action", "Attack"], 4, 1, 0),
    "Roundhouse": (["Action", "Attack"], 4, 0, 0),
    "Office Building": (["Victory Point"], 3, 0, 1),
    "Distribution Center": (["Victory Point"], 5, 0, 2),
    "Stadium": (["Victory Point"], 8, 0, 4),
}
FIELDS = {"name", "fr", "types", "cost", "money", "vp", "pile", "supply", "playable", "effect", "on_buy", "source",
          "citation", "text", "text_fr"}


def _ops(steps: list[dict[str, Any]]):
    for s in steps:
        yield s["op"]
        yield from _ops(s.get("steps", []))
        for o in s.get("options", []):
            yield from _ops(o["steps"])


def test_the_32_cards_match_the_reference_table_exactly() -> None:
    """Names, types, costs, money and VP of the reference table; every card has every field."""
    cards = _json("cards_rising_sun.json")["cards"]
    assert [c["name"] for c in cards] == list(REFERENCE)
    for c in cards:
        assert FIELDS <= set(c), (c["name"], FIELDS - set(c))
        assert (c["types"], c["cost"], c["money"], c["vp"]) == REFERENCE[c["name"]], c["name"]
        assert c["fr"] and c["text"] and c["text_fr"], c["name"]
        assert c["source"] == "reconstructed" and c["citation"].startswith(CITE), c["name"]
    base = {n for n, c in all_cards().items() if c.box == "trains"}
    assert not set(REFERENCE) & base, "no Rising Sun card shares a name with a base Trains card"


def test_pile_sizes_supply_and_victory_point_cards() -> None:
    """Rulebook "In This Box": 10 of most cards, 30 Office Building; Victory Point cards give 1 Waste when bought."""
    cards = {c["name"]: c for c in _json("cards_rising_sun.json")["cards"]}
    assert cards["Office Building"]["pile"] == 30
    assert all(c["pile"] == 10 for n, c in cards.items() if n != "Office Building")
    kingdom = [n for n, c in cards.items() if c["supply"] == "kingdom"]
    assert len(kingdom) == 29
    assert all("Station Expansion" not in cards[n]["types"] for n in kingdom)
    for name in ("Office Building", "Distribution Center", "Stadium"):
        c = cards[name]
        assert c["supply"] == "fixed" and not c["playable"] and c["effect"] == []
        assert c["on_buy"] == [{"op": "gain_waste"}]
    assert [n for n, c in cards.items() if c.get("buy_ends_turn")] == ["Outdated Train"]
    assert [n for n, c in cards.items() if "reaction" in c] == ["Legal Counsel"]


def test_fixed_supply_starting_deck_and_recommended_sets() -> None:
    """Rulebook "All Aboard!" steps 3-5 and its two recommended sets of eight."""
    data = _json("cards_rising_sun.json")
    names = {c["name"] for c in data["cards"]} | set(all_cards())
    assert data["fixed_supply"] == ["Express Train", "Limited Express Train", "Lay Rails", "Station Expansion",
                                    "Office Building", "Distribution Center", "Stadium", "Waste"]
    assert set(data["fixed_supply"]) <= names
    assert data["starting_deck"] == {"Normal Train": 7, "Lay Rails": 2, "Station Expansion": 1}
    kingdom = {c["name"] for c in data["cards"] if c["supply"] == "kingdom"}
    first, veterans = data["presets"]["rs_first_game"]["cards"], data["presets"]["rs_veterans"]["cards"]
    assert set(first) == {"BioFuel Train", "Outdated Train", "Distant Partners", "Engineer", "Junkyard",
                          "Limited Partnership", "Strategy Meeting", "Upgrade"}
    assert set(veterans) == {"Experimental Train", "Outdated Train", "Government Subsidy", "Legal Counsel",
                             "Recycling Center", "Regulations", "Roundhouse", "Yardmaster"}
    assert set(first) <= kingdom and set(veterans) <= kingdom


def test_every_step_kind_is_known_or_a_documented_new_one() -> None:
    """Effects are data in the engine's vocabulary; each new kind is listed in the data and in docs/actions-trains.md."""
    data = _json("cards_rising_sun.json")
    new = set(data["new_ops"])
    used = {op for c in data["cards"] for op in _ops(c["effect"] + c["on_buy"])}
    assert used <= KNOWN_OPS | new, sorted(used - KNOWN_OPS - new)
    assert new <= used, "every new kind is used by a card"
    doc = (ROOT / "docs" / "actions-trains.md").read_text(encoding="utf-8")
    section = doc[doc.index("## Rising Sun data"):]
    for word in [*new, *data["new_modifiers"], *data["new_card_fields"]]:
        assert f"`{word}`" in section, word
    attacks = [c for c in data["cards"] if "Attack" in c["types"] and c["name"] != "Legal Counsel"]
    assert len(attacks) == 5 and all("attack" in set(_ops(c["effect"])) for c in attacks)


def test_charitable_support_distant_partners_and_upgrade_follow_the_rulebook_examples() -> None:
    """Rulebook "Playing A Card" examples 1-3."""
    cards = {c["name"]: c for c in _json("cards_rising_sun.json")["cards"]}
    assert cards["Charitable Support"]["effect"] == [{"op": "pay_for_vp", "money": 4, "vp": 1}]
    assert [s["op"] for s in cards["Distant Partners"]["effect"]] == ["lay_rail", "gain_waste", "modifier"]
    upgrade = cards["Upgrade"]["effect"]
    assert upgrade[0] == {"op": "discard", "n": 2, "all_or_nothing": True} and upgrade[1]["op"] == "draw"


def test_new_files_cite_the_project_sources_never_the_shared_folder() -> None:
    for name in ("board_nagoya.json", "board_chiba.json", "board_kyushu.json", "route_bonus.json", "cards_rising_sun.json"):
        text = resources.files("railtable.trains").joinpath(name).read_text(encoding="utf-8")
        assert "shared/" not in text and CITE in text, name
