"""The board data (reference B.2, B.3) and the board helpers the UI uses."""

from __future__ import annotations

import json
import math
from collections import Counter
from importlib import resources

from railtable.transamerica import board


def test_b3_junction_edge_and_double_counts() -> None:
    """B.3 "Size": 188 junctions and 509 edges, 109 of them double lines (400 single)."""
    assert len(board.JUNCTIONS) == 188
    assert len(set(board.JUNCTIONS)) == 188
    assert len(board.EDGES) == 509
    assert sum(1 for *_ab, double in board.EDGES if double) == 109
    assert sum(1 for *_ab, double in board.EDGES if not double) == 400
    assert board.BASE_COST.count(2) == 109 and board.BASE_COST.count(1) == 400


def test_b3_row_ranges() -> None:
    """B.3 "Junctions per row": spot checks of the split Great Lakes rows and the ends."""
    rows = Counter(y for _x, y in board.JUNCTIONS)
    assert rows[0] == 10 and rows[1] == 12 + 2 and rows[2] == 13 + 3 and rows[12] == 9
    assert (12, 1) not in board.INDEX and (14, 2) not in board.INDEX  # the Great Lakes gap
    assert (15, 1) in board.INDEX and (17, 2) in board.INDEX  # New England
    assert (0, 3) not in board.INDEX and (1, 3) in board.INDEX and (19, 8) in board.INDEX


def test_b3_edges_join_neighbours_only_and_are_canonical() -> None:
    """B.3 "Neighbours": (x±1,y), (x,y±1), (x+1,y+1), (x-1,y-1); every such pair is an edge."""
    allowed = {(1, 0), (0, 1), (1, 1)}
    for a, b, _double in board.EDGES:
        assert a < b
        assert (b[0] - a[0], b[1] - a[1]) in allowed
        assert board.edge_key(b, a) == (a, b)
        assert board.edge_index(list(b), list(a)) == board.edge_index(a, b)
    expected = sum(
        1 for (x, y) in board.JUNCTIONS for dx, dy in allowed if (x + dx, y + dy) in board.INDEX
    )
    assert expected == len(board.EDGES)
    assert board.edge_index((0, 0), (2, 0)) is None
    assert board.edge_index((0, 1), (1, 0)) is None  # (x+1, y-1) is not a direction of this grid


def test_b3_double_edges_match_the_reference_list() -> None:
    """B.3 "Double edges": the file lists 109 pairs, all of them neighbouring junctions."""
    data = json.loads(resources.files("railtable.transamerica").joinpath("board.json").read_text())
    listed = [board.edge_key(a, b) for group in data["double_edges"] for a, b in group["edges"]]
    assert len(listed) == len(set(listed)) == 109
    doubles = {(a, b) for a, b, d in board.EDGES if d}
    assert set(listed) == doubles
    assert (((5, 9), (6, 9))) in doubles  # Colorado River next to Los Angeles
    assert (((0, 0), (0, 1))) not in doubles  # Seattle-Portland is flat land


def test_b2_cities() -> None:
    """B.2: 35 cities, 7 per colour, 2 dashed per colour (10 in all), each on a junction."""
    assert len(board.CITIES) == 35
    assert len({c["name"] for c in board.CITIES}) == 35
    assert Counter(c["colour"] for c in board.CITIES) == {colour: 7 for colour in board.COLOURS}
    assert Counter(c["colour"] for c in board.CITIES if c["dashed"]) == {colour: 2 for colour in board.COLOURS}
    assert sum(c["dashed"] for c in board.CITIES) == 10
    for c in board.CITIES:
        assert (c["x"], c["y"]) in board.INDEX
    assert len({(c["x"], c["y"]) for c in board.CITIES}) == 35
    assert board.CITY_BY_NAME["Omaha"]["x"] == 9 and board.CITY_BY_NAME["Omaha"]["y"] == 4
    assert board.CITY_BY_NAME["Seattle"]["dashed"] and not board.CITY_BY_NAME["Portland"]["dashed"]
    assert board.COLOURS == ("green", "blue", "yellow", "red", "orange")
    assert len(board.cities_of_colour("red", dashed=False)) == 5
    assert len(board.cities_of_colour("red", dashed=True)) == 7


def test_board_is_connected() -> None:
    seen = {0}
    stack = [0]
    while stack:
        v = stack.pop()
        for u, _e in board.ADJ[v]:
            if u not in seen:
                seen.add(u)
                stack.append(u)
    assert len(seen) == 188


def test_b3_drawing_coordinates() -> None:
    """B.3 "Drawing": px = x - y/2, py = y*sqrt(3)/2; neighbours are one spacing apart."""
    assert board.draw_xy((4, 2)) == (3.0, math.sqrt(3))
    for a, b, _double in board.EDGES:
        (ax, ay), (bx, by) = board.draw_xy(a), board.draw_xy(b)
        assert math.isclose(math.hypot(ax - bx, ay - by), 1.0)


def test_log_names_a_crossing_by_its_nearest_city() -> None:
    """Log lines name places as a player would: the city, or the nearest city."""
    from railtable.transamerica import board as b

    assert b.place_name((9, 4)) == "Omaha"
    assert b.place_name((8, 3)) == "a junction near Omaha" and b.nearest_city((8, 3)) == "Omaha"
    assert b.nearest_city((9, 4)) == "Omaha"
    assert b.grid_distance((0, 0), (1, 1)) == 1 and b.grid_distance((0, 0), (1, -1)) == 2
