"""Boards of Trains (Tokyo, Osaka) loaded from ``board_<id>.json`` (flat, so package-data ``*.json`` ships it).

Format (see docs/actions-trains.md): 76 pointy-top hexes in offset coordinates, row 0 at
the top, odd rows shifted half a hex to the right; each hex has an ``id``, ``row``,
``col`` and ``terrain`` (field, river, mountain, sea, city, remote); cities carry
``slots`` (1-3) and ``name``; remote locations carry ``value`` and ``name``;
``blocked`` lists hex pairs whose shared edge rails may not cross. ``printed_stations``
and ``route_bonus`` are there for later boards (Rising Sun).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

BOARD_IDS = ("tokyo", "osaka")
RISING_SUN_BOARD_IDS = ("nagoya", "chiba", "kyushu")
"""Trains: Rising Sun boards (this project's design, docs/sources.md#trains-rising-sun)."""
ALL_BOARD_IDS = BOARD_IDS + RISING_SUN_BOARD_IDS
"""Every board a game may use."""

FIELD, RIVER, MOUNTAIN, SEA, CITY, REMOTE = "field", "river", "mountain", "sea", "city", "remote"


def neighbour_cells(row: int, col: int) -> list[tuple[int, int]]:
    """The six (row, col) cells around a hex (reference §4.1: odd rows are shifted right)."""
    if row % 2 == 0:
        diag = [(row - 1, col - 1), (row - 1, col), (row + 1, col - 1), (row + 1, col)]
    else:
        diag = [(row - 1, col), (row - 1, col + 1), (row + 1, col), (row + 1, col + 1)]
    return [(row, col - 1), (row, col + 1), *diag]


def hex_center(row: int, col: int, size: float = 1.0) -> tuple[float, float]:
    """Centre of a pointy-top hex of circumradius ``size`` (for drawing; pure function).

    The board's top-left hex (0, 0) has its centre at (w/2, size) where w = sqrt(3)*size.
    """
    width = math.sqrt(3) * size
    x = width * (col + 0.5 * (row % 2)) + width / 2
    y = size + 1.5 * size * row
    return (x, y)


def hex_corners(row: int, col: int, size: float = 1.0) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hex, clockwise from the top."""
    cx, cy = hex_center(row, col, size)
    return [
        (cx + size * math.cos(math.radians(a)), cy + size * math.sin(math.radians(a)))
        for a in (-90, -30, 30, 90, 150, 210)
    ]


@dataclass(frozen=True)
class Hex:
    id: int
    row: int
    col: int
    terrain: str
    name: str = ""
    slots: int = 0
    value: int = 0


class Board:
    """A board: hexes, adjacency (blocked edges removed) and its counts of tokens."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.id: str = data["id"]
        self.name: str = data["name"]
        self.station_tokens: int = int(data["station_tokens"])
        self.rails_per_player: int = int(data["rails_per_player"])
        self.hexes: list[Hex] = [
            Hex(h["id"], h["row"], h["col"], h["terrain"], h.get("name", ""), h.get("slots", 0), h.get("value", 0))
            for h in data["hexes"]
        ]
        assert [h.id for h in self.hexes] == list(range(len(self.hexes)))
        at = {(h.row, h.col): h.id for h in self.hexes}
        self._at = at
        blocked = {frozenset(p) for p in data["blocked"]}
        self.neighbours: list[tuple[int, ...]] = []
        for h in self.hexes:
            ns = [at[c] for c in neighbour_cells(h.row, h.col) if c in at]
            self.neighbours.append(tuple(sorted(n for n in ns if frozenset((h.id, n)) not in blocked)))
        self.printed_stations: dict[int, int] = {int(k): int(v) for k, v in data.get("printed_stations", {}).items()}
        lo, hi = data.get("players", [2, 4])
        self.players: tuple[int, int] = (int(lo), int(hi))
        """The player counts the board is made for (Rising Sun "All Aboard!" step 1, "2-Player Maps")."""
        size = data.get("supply_pile_size")
        self.supply_pile_size: int | None = None if size is None else int(size)
        """Cards per supply pile when the board says so (Chiba, Kyushu: 7); None: the box's pile sizes."""
        self.s_cities: tuple[int, ...] = tuple(int(h) for h in data.get("s_cities", []))
        """Chiba's "S" cities (Tateyama, Kamogawa, Katsuura), where players may be asked to start."""

    def __len__(self) -> int:
        return len(self.hexes)

    def nearest_named(self, h: int) -> str | None:
        """The name of the named space nearest to ``h`` (by steps; ties by name), None if none."""
        seen, frontier = {h}, [h]
        while frontier:  # breadth-first: nearest by steps; ties by name
            named = sorted(self.hexes[n].name for n in frontier if self.hexes[n].name)
            if named:
                return named[0]
            nxt = []
            for v in frontier:
                for row, col in neighbour_cells(self.hexes[v].row, self.hexes[v].col):
                    n = self._at.get((row, col))
                    if n is not None and n not in seen:
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
        return None

    def label(self, h: int) -> str:
        """A space as a person names it (in English): its city or remote location, else its terrain
        and the nearest named space ("the river next to Urawa"), never its row and column.
        :func:`railtable.trains.messages.space` says it in other languages."""
        hx = self.hexes[h]
        if hx.name:
            return hx.name
        near = self.nearest_named(h)
        return f"the {hx.terrain} next to {near}" if near else f"a {hx.terrain} space"


@cache
def load_board(board_id: str) -> Board:
    if board_id not in BOARD_IDS + RISING_SUN_BOARD_IDS:
        raise KeyError(board_id)
    text = resources.files(__package__).joinpath(f"board_{board_id}.json").read_text(encoding="utf-8")
    return Board(json.loads(text))
