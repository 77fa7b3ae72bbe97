"""Card data of Trains, loaded from ``cards.json`` (rulebook "The Cards"; texts from the reference).

Each card is data: name, French name, types, cost, money value, VP, pile size and its
effect as a list of *steps* (see :mod:`railtable.trains.effects`). Rising Sun cards can
be added to the same file (or a sibling file) without new classes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

TRAIN = "Train"
RAIL_LAYING = "Rail Laying"
STATION_EXPANSION = "Station Expansion"
ACTION = "Action"
VICTORY = "Victory Point"
WASTE_TYPE = "Waste"

WASTE = "Waste"
NORMAL_TRAIN = "Normal Train"


@dataclass(frozen=True)
class CardDef:
    """One card kind as printed."""

    name: str
    fr: str
    types: tuple[str, ...]
    cost: int
    money: int
    vp: int
    pile: int
    supply: str  # "fixed", "kingdom" or "starting"
    playable: bool
    effect: tuple[dict[str, Any], ...]
    on_buy: tuple[dict[str, Any], ...]
    text: str = ""
    """The card's text as a person reads it (cards.json "text"; shown by the table, never interpreted)."""

    def is_(self, card_type: str) -> bool:
        return card_type in self.types

    @property
    def is_train(self) -> bool:
        return TRAIN in self.types

    @property
    def is_action(self) -> bool:
        """Action cards, including Train cards that carry the red action symbol (rulebook "Card Basics")."""
        return ACTION in self.types


@cache
def card_data() -> dict[str, Any]:
    """The raw ``cards.json`` (fixed supply, starting deck, presets, cards)."""
    text = resources.files(__package__).joinpath("cards.json").read_text(encoding="utf-8")
    return json.loads(text)


@cache
def all_cards() -> dict[str, CardDef]:
    """Every card kind by English name."""
    out: dict[str, CardDef] = {}
    for c in card_data()["cards"]:
        out[c["name"]] = CardDef(
            name=c["name"], fr=c["fr"], types=tuple(c["types"]), cost=int(c["cost"]),
            money=int(c["money"]), vp=int(c["vp"]), pile=int(c["pile"]), supply=c["supply"],
            playable=bool(c["playable"]), effect=tuple(c["effect"]), on_buy=tuple(c["on_buy"]),
            text=str(c.get("text", "")),
        )
    return out


_BY_NAME: dict[str, CardDef] = {}


def card(name: str) -> CardDef:
    """The card kind called ``name`` (a plain dict lookup: this is on the hot path)."""
    try:
        return _BY_NAME[name]
    except KeyError:
        _BY_NAME.update(all_cards())
        return _BY_NAME[name]


def kingdom_names() -> list[str]:
    """The 30 randomized cards (rulebook "All Aboard!" step 5)."""
    return [c.name for c in all_cards().values() if c.supply == "kingdom"]


def presets() -> dict[str, dict[str, Any]]:
    return card_data()["presets"]
