"""What the rules modules (effects, scoring) may read and change of a game: a typing Protocol.

The state module (:mod:`railtable.trains.state`) depends on the rules modules, never the reverse:
``effects`` and ``scoring`` are written against :class:`Table`, which ``TrainsState`` satisfies
structurally. This module imports no other part of the game's rules.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..core import Rng
from .board import Board
from .zones import Zones


class Table(Protocol):
    """The game as the card effects and the scoring see it."""

    rng: Rng
    rules: int
    names: list[str]
    zones: Zones
    rails: list[list[int]]
    stations: list[int]
    rails_left: list[int]
    station_tokens: int
    vp_tokens: list[int]
    current: int
    turn: int
    money: int
    laid: int
    modifiers: list[str]
    stack: list[dict[str, Any]]
    pending: dict[str, Any] | None
    log: list[list[Any]]

    @property
    def board(self) -> Board: ...

    @property
    def num_players(self) -> int: ...

    # queries
    def hex_label(self, h: int) -> str: ...
    def names_in_game(self) -> list[str]: ...
    def rail_options(self, p: int, money: int, mods: list[str]) -> dict[int, tuple[int, bool]]: ...
    def station_options(self) -> list[int]: ...

    # changes
    def event(self, kind: str, private: dict[int, tuple[str, dict[str, Any]]] | None = None, **args: Any) -> None: ...
    def mark_revealed(self) -> None: ...
    def draw(self, p: int, n: int) -> list[int]: ...
    def gain_waste(self, p: int) -> None: ...
    def return_waste(self, p: int, n: int) -> None: ...
    def discard_from_hand(self, p: int, name: str) -> None: ...
    def gain_from_supply(self, p: int, name: str, to: str) -> None: ...
    def lay_rail(self, p: int, h: int, cost: int, waste: bool) -> None: ...
    def place_station(self, p: int, h: int) -> None: ...


__all__ = ["Table"]
