"""``rail_reach`` writes out ``rail_cost``'s sum per space for speed: the two must give the same costs.

Rulebook "Terms / Lay Rails": a rail is laid next to one's own (Rising Sun's Interchange: next to any
player's), paying the terrain (river 1, mountain 2, city 1 + its stations, remote location its number)
plus 1 per other player's rail there and a Waste, under the turn's modifiers (Steel Bridge, Tunnel,
Viaduct, Subway Excavation, Collaboration, Surveyor, Distant Partners, Government Subsidy).
"""

from __future__ import annotations

import random

import pytest
from trains_helpers import new_game

from railtable.trains.board import CITY, SEA, load_board

MODIFIERS = ["no_river_cost", "no_mountain_cost", "no_city_cost", "terrain_discount", "terrain_discount",
             "remote_discount", "collaboration", "no_rail_cost", "free"]


@pytest.mark.parametrize(("board", "players"), [("tokyo", 3), ("osaka", 4), ("nagoya", 3), ("chiba", 2), ("kyushu", 2)])
def test_rail_reach_costs_are_rail_cost(board: str, players: int) -> None:
    pick = random.Random(f"reach-{board}")
    b = load_board(board)
    checked = 0
    for game in range(12):
        st = new_game(players=players, board=board, seed=game, sets="both")
        for h, hx in enumerate(b.hexes):
            if hx.terrain == SEA:
                continue
            st.rails[h] = [p for p in range(players) if pick.random() < 0.12]
            if hx.terrain == CITY:
                st.stations[h] = pick.randint(0, hx.slots)
        st.board_changed()
        for _ in range(6):
            mods = [m for m in MODIFIERS if pick.random() < 0.25]
            for p in range(players):
                for any_rail in (False, True):
                    reach = st.rail_reach(p, mods, any_rail)
                    near = {n for h, here in enumerate(st.rails) if p in here or (any_rail and here)
                            for n in b.neighbours[h] if b.hexes[n].terrain != SEA and p not in st.rails[n]}
                    assert set(reach) == near
                    for n, cost in reach.items():
                        assert cost == st.rail_cost(p, n, mods), (board, mods, p, n)
                        checked += 1
    assert checked > 1000
