"""The game's data files, loaded once: the boards, the components and the Power cards.

The board and the Power cards are this project's design (docs/sources.md#trains-and-stations):
the rulebook does not print them. Every entry of the board files and ``cards.json`` carries a
``source`` note. Nothing here holds game rules beyond the shapes of the data.

Rules versions: version 2 (current) plays ``board.json`` (no route under 4 spaces) and the Power
cards marked ``2``; version 1 plays ``board_v1.json`` (the first, shorter board) and the cards
marked ``1``, so that games begun before version 2 replay exactly. Power card ids are unique
across versions (a card's id means the same card in every version that has it).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

RULES_VERSION = 2
"""The rules version new games play."""
RULES_VERSIONS: tuple[int, ...] = (1, 2)
"""Every rules version this engine can still play."""
_BOARD_FILES: dict[int, str] = {1: "board_v1.json", 2: "board.json"}


def load_json(name: str) -> Any:
    """Read one of the package's JSON files (``board.json``, ``cards.json``, ``i18n.json``), from
    the package's folder or, in the browser, from the archive it is imported from."""
    return json.loads(resources.files(__package__).joinpath(name).read_text(encoding="utf-8"))


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
    station_routes: dict[str, tuple[str, ...]]
    """Station -> the routes that touch it, in board order."""
    space_links: tuple[tuple[str, bool, tuple[str, ...]], ...]
    """``(space, touches a Station, neighbouring spaces)`` in board order (for the placing rule)."""


@lru_cache(maxsize=4)
def board_layout(version: int = RULES_VERSION) -> dict[str, Any]:
    """The raw board file of a rules version (with drawing coordinates); shared, do not modify."""
    return load_json(_BOARD_FILES[version])


@lru_cache(maxsize=4)
def board(version: int = RULES_VERSION) -> Board:
    """The board of a rules version, shaped for the rules."""
    raw = board_layout(version)
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
        station_routes={s: tuple(r for r in routes if s in routes[r].stations) for s in stations},
        space_links=tuple((sid, sid in touching, space_next[sid]) for sid in order),
    )


@lru_cache(maxsize=1)
def cards() -> dict[str, Any]:
    return load_json("cards.json")


@lru_cache(maxsize=1)
def all_power_cards() -> dict[int, dict[str, Any]]:
    """Every Power card of every rules version, by id (ids are unique across versions)."""
    return {int(c["id"]): {k: v for k, v in c.items() if k != "rules"} for c in cards()["power_cards"]["cards"]}


@lru_cache(maxsize=4)
def power_cards(version: int = RULES_VERSION) -> dict[int, dict[str, Any]]:
    """The 20 Power cards of a rules version, by id."""
    every = all_power_cards()
    return {int(c["id"]): every[int(c["id"])] for c in cards()["power_cards"]["cards"] if version in c["rules"]}


def monopoly_values() -> dict[str, int]:
    return {g["id"]: int(g["monopoly"]) for g in cards()["goods"]["types"]}


GOODS: tuple[str, ...] = tuple(g["id"] for g in cards()["goods"]["types"])
BUILDINGS: tuple[str, ...] = tuple(cards()["buildings"]["types"])
FACES: tuple[str, ...] = tuple(cards()["dice"]["faces"])
TRAIN_FACES: tuple[str, ...] = ("train", "locked")
SAVABLE_FACES: tuple[str, ...] = ("coin", *BUILDINGS)
