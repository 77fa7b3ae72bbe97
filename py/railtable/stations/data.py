"""The game's data files, loaded once: the board, the components and the Power cards.

The board and the Power cards are this project's design (shared/reference/trains-and-stations.md):
the rulebook does not print them. Every entry of ``board.json`` and ``cards.json`` carries a
``source`` note. Nothing here holds game rules beyond the shapes of the data.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

_HERE = Path(__file__).parent


def load_json(name: str) -> Any:
    """Read one of the package's JSON files (``board.json``, ``cards.json``, ``i18n.json``)."""
    with open(_HERE / name, encoding="utf-8") as handle:
        return json.load(handle)


@dataclass(frozen=True)
class Station:
    id: str
    name: str
    bonus_kind: str  # "vp" | "power" | "bonus_die"
    bonus_amount: int
    slots: int


@dataclass(frozen=True)
class Route:
    """A maximal group of adjacent route spaces; the Stations it touches bound it."""

    id: str
    name: str
    stations: tuple[str, ...]
    spaces: tuple[str, ...]


@dataclass(frozen=True)
class Board:
    stations: dict[str, Station]
    station_order: tuple[str, ...]
    routes: dict[str, Route]
    route_order: tuple[str, ...]
    space_route: dict[str, str]
    space_next: dict[str, tuple[str, ...]]
    space_touches_station: frozenset[str]
    space_order: tuple[str, ...]


@lru_cache(maxsize=1)
def board() -> Board:
    raw = load_json("board.json")
    stations = {
        s["id"]: Station(s["id"], s["name"], s["bonus"]["kind"], int(s["bonus"]["amount"]), int(s["slots"]))
        for s in raw["stations"]
    }
    routes: dict[str, Route] = {}
    space_route: dict[str, str] = {}
    space_next: dict[str, tuple[str, ...]] = {}
    touching: set[str] = set()
    order: list[str] = []
    for r in raw["routes"]:
        ids = tuple(sp["id"] for sp in r["spaces"])
        routes[r["id"]] = Route(r["id"], r["name"], tuple(r["stations"]), ids)
        for sp in r["spaces"]:
            space_route[sp["id"]] = r["id"]
            space_next[sp["id"]] = tuple(sp["next"])
            if sp["stations"]:
                touching.add(sp["id"])
            order.append(sp["id"])
    return Board(
        stations=stations,
        station_order=tuple(s["id"] for s in raw["stations"]),
        routes=routes,
        route_order=tuple(r["id"] for r in raw["routes"]),
        space_route=space_route,
        space_next=space_next,
        space_touches_station=frozenset(touching),
        space_order=tuple(order),
    )


@lru_cache(maxsize=1)
def cards() -> dict[str, Any]:
    return load_json("cards.json")


@lru_cache(maxsize=1)
def power_cards() -> dict[int, dict[str, Any]]:
    return {int(c["id"]): c for c in cards()["power_cards"]["cards"]}


def monopoly_values() -> dict[str, int]:
    return {g["id"]: int(g["monopoly"]) for g in cards()["goods"]["types"]}


GOODS: tuple[str, ...] = tuple(g["id"] for g in cards()["goods"]["types"])
BUILDINGS: tuple[str, ...] = tuple(cards()["buildings"]["types"])
FACES: tuple[str, ...] = tuple(cards()["dice"]["faces"])
TRAIN_FACES: tuple[str, ...] = ("train", "locked")
SAVABLE_FACES: tuple[str, ...] = ("coin", *BUILDINGS)
