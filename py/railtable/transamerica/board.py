"""The TransAmerica board: junctions, edges (single or double lines) and cities.

The facts come from ``board.json`` (where they come from: ``docs/sources.md#transamerica``),
loaded once at import. Everything here is pure data and pure
functions, for the engine, the bots and the UI alike:

* ``JUNCTIONS``: the 188 crossing points ``(x, y)`` in a fixed order (row by row).
* ``EDGES``: the 509 lines ``(a, b, double)`` with ``a < b``, in a fixed order; 109 are
  double lines (rivers, mountains, sea: a track there costs 2 when scoring).
* ``CITIES``: the 35 cities ``{"name", "colour", "x", "y", "dashed"}``.
* ``COLOURS``: green, blue, yellow, red, orange (the order the cards are dealt in).

For speed the engine works on integer indices: ``INDEX[(x, y)]`` is a junction's
position in ``JUNCTIONS``, ``EDGE_INDEX[(i, j)]`` (``i < j``) an edge's position in
``EDGES``, ``ADJ[i]`` the ``(neighbour, edge)`` pairs of junction ``i``, ``BASE_COST[e]``
1 or 2.
"""

from __future__ import annotations

import json
import math
from importlib import resources
from typing import Any

Point = tuple[int, int]
Edge = tuple[Point, Point, bool]

COLOURS: tuple[str, ...] = ("green", "blue", "yellow", "red", "orange")
TRACKS_IN_SUPPLY = 83
"""Components list of the rulebook: "83 Tracks"."""


def _load() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("board.json").read_text(encoding="utf-8")
    return json.loads(text)


_DATA = _load()


def edge_key(a: Point | list[int], b: Point | list[int]) -> tuple[Point, Point]:
    """The canonical form of the line between ``a`` and ``b``: the smaller point first."""
    pa = (int(a[0]), int(a[1]))
    pb = (int(b[0]), int(b[1]))
    return (pa, pb) if pa < pb else (pb, pa)


def neighbours_of(p: Point) -> list[Point]:
    """The six directions of the triangular grid: (x±1,y), (x,y±1), (x+1,y+1), (x-1,y-1)."""
    x, y = p
    return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1), (x + 1, y + 1), (x - 1, y - 1)]


def draw_xy(p: Point | list[int]) -> tuple[float, float]:
    """Drawing position of a junction in units of the grid spacing:
    ``px = x - y/2``, ``py = y*sqrt(3)/2``; each row is shifted half a step left of the one above."""
    x, y = p[0], p[1]
    return (x - y / 2, y * math.sqrt(3) / 2)


def _junctions() -> list[Point]:
    out: list[Point] = []
    for row in _DATA["rows"]:
        for lo, hi in row["x_ranges"]:
            out.extend((x, row["y"]) for x in range(lo, hi + 1))
    return out


JUNCTIONS: list[Point] = _junctions()
INDEX: dict[Point, int] = {p: i for i, p in enumerate(JUNCTIONS)}

_DOUBLES: set[tuple[Point, Point]] = {
    edge_key(a, b) for group in _DATA["double_edges"] for a, b in group["edges"]
}


def _edges() -> list[Edge]:
    keys: set[tuple[Point, Point]] = set()
    for p in JUNCTIONS:
        for q in neighbours_of(p):
            if q in INDEX:
                keys.add(edge_key(p, q))
    return [(a, b, (a, b) in _DOUBLES) for a, b in sorted(keys)]


EDGES: list[Edge] = _edges()
EDGE_INDEX: dict[tuple[int, int], int] = {}
"""``(i, j)`` with ``i < j`` junction indices -> edge index."""
EDGE_ENDS: list[tuple[int, int]] = []
"""Edge index -> its two junction indices ``(i, j)`` with ``i < j``."""
BASE_COST: list[int] = []
"""Edge index -> 1 for a single line, 2 for a double line (scoring of a round)."""
ADJ: list[list[tuple[int, int]]] = [[] for _ in JUNCTIONS]
"""Junction index -> ``(neighbour junction, edge index)`` pairs."""

for _e, (_a, _b, _double) in enumerate(EDGES):
    _i, _j = sorted((INDEX[_a], INDEX[_b]))
    EDGE_INDEX[(_i, _j)] = _e
    EDGE_ENDS.append((_i, _j))
    BASE_COST.append(2 if _double else 1)
    ADJ[_i].append((_j, _e))
    ADJ[_j].append((_i, _e))

EDGE_BY_KEY: dict[tuple[Point, Point], int] = {(a, b): e for e, (a, b, _d) in enumerate(EDGES)}
EDGE_BY_XY: dict[tuple[int, int, int, int], int] = {(a[0], a[1], b[0], b[1]): e for e, (a, b, _d) in enumerate(EDGES)}
"""``(x1, y1, x2, y2)`` of a line's ends (the smaller point first, as in ``EDGES``) -> edge index
(one flat tuple: the bots read every legal line of a decision with it)."""

CITIES: list[dict[str, Any]] = [dict(c) for c in _DATA["cities"]]
CITY_BY_NAME: dict[str, dict[str, Any]] = {c["name"]: c for c in CITIES}
CITY_NODE: dict[str, int] = {c["name"]: INDEX[(c["x"], c["y"])] for c in CITIES}
"""City name -> junction index."""
CITY_AT: dict[Point, str] = {(c["x"], c["y"]): c["name"] for c in CITIES}


def cities_of_colour(colour: str, dashed: bool) -> list[str]:
    """The city cards of one colour, in board-file order; without the dashed ones unless ``dashed``."""
    return [c["name"] for c in CITIES if c["colour"] == colour and (dashed or not c["dashed"])]


def edge_index(a: Point | list[int], b: Point | list[int]) -> int | None:
    """The index of the line between two junctions, or None if they are not neighbours on the board."""
    return EDGE_BY_KEY.get(edge_key(a, b))


def grid_distance(a: Point, b: Point) -> int:
    """Lines between two junctions of the triangular grid (neighbours differ by (±1,0), (0,±1), ±(1,1))."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    return max(abs(dx), abs(dy), abs(dx - dy))


def nearest_city(p: Point) -> str:
    """The city at junction ``p``, or the nearest one by steps along the grid (ties: by name):
    how players name a junction ("near Kansas City"), never by its coordinates."""
    city = CITY_AT.get(p)
    if city:
        return city
    return min(CITY_AT.items(), key=lambda item: (grid_distance(p, item[0]), item[1]))[1]


def place_name(p: Point) -> str:
    """A readable name for a junction in English: the city there, or "a junction near" the nearest city."""
    city = CITY_AT.get(p)
    return city if city else f"a junction near {nearest_city(p)}"
