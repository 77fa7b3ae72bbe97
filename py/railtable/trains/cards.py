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

ATTACK = "Attack"
REACTION = "Reaction"

WASTE = "Waste"
NORMAL_TRAIN = "Normal Train"

TRAINS, RISING_SUN = "trains", "rising_sun"
BOXES = (TRAINS, RISING_SUN)
"""The boxes a card comes from: Trains (``cards.json``) and Trains: Rising Sun (``cards_rising_sun.json``)."""
_FILES = {TRAINS: "cards.json", RISING_SUN: "cards_rising_sun.json"}


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
    text_fr: str = ""
    """The same in French ("text_fr": this project's translation, docs/sources.md#trains)."""
    box: str = TRAINS
    """The box it comes from (``trains`` or ``rising_sun``)."""
    buy_ends_turn: bool = False
    """Buying it ends the buyer's turn (Rising Sun rulebook "How to Buy Cards": Outdated Train)."""
    mandatory: bool = False
    """Its effect may not be declined, though it is an Action card (Experimental Train's Waste)."""
    reaction: dict[str, Any] | None = None
    """A Reaction (Rising Sun rulebook "Reactions"): when it may be revealed and what it does."""
    reconstructed: bool = False
    """Its effect is this project's reconstruction (docs/sources.md#trains-rising-sun)."""

    def is_(self, card_type: str) -> bool:
        return card_type in self.types

    @property
    def is_train(self) -> bool:
        return TRAIN in self.types

    @property
    def is_attack(self) -> bool:
        return ATTACK in self.types

    @property
    def is_action(self) -> bool:
        """Action cards, including Train cards that carry the red action symbol (rulebook "Card Basics")."""
        return ACTION in self.types


@cache
def box_data(box: str) -> dict[str, Any]:
    """The raw card file of a box (fixed supply, starting deck, presets, cards)."""
    text = resources.files(__package__).joinpath(_FILES[box]).read_text(encoding="utf-8")
    return json.loads(text)


def card_data() -> dict[str, Any]:
    """The raw ``cards.json`` of the base game (fixed supply, starting deck, presets, cards)."""
    return box_data(TRAINS)


@cache
def all_cards() -> dict[str, CardDef]:
    """Every card kind of both boxes by English name."""
    out: dict[str, CardDef] = {}
    for box in BOXES:
        for c in box_data(box)["cards"]:
            out[c["name"]] = CardDef(
                name=c["name"], fr=c["fr"], types=tuple(c["types"]), cost=int(c["cost"]),
                money=int(c["money"]), vp=int(c["vp"]), pile=int(c["pile"]), supply=c["supply"],
                playable=bool(c["playable"]), effect=tuple(c["effect"]), on_buy=tuple(c["on_buy"]),
                text=str(c.get("text", "")), text_fr=str(c.get("text_fr", "")), box=box, buy_ends_turn=bool(c.get("buy_ends_turn", False)),
                mandatory=bool(c.get("mandatory", False)), reaction=c.get("reaction"),
                reconstructed=c.get("source") == "reconstructed",
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


_COSTS: dict[str, int] = {}


def costs() -> dict[str, int]:
    """Every card kind's cost by English name (one dict lookup where a loop prices every pile; not
    to be changed by callers)."""
    if not _COSTS:
        _COSTS.update({name: c.cost for name, c in all_cards().items()})
    return _COSTS


_VPS: dict[str, int] = {}


def vps() -> dict[str, int]:
    """Every card kind's Victory Points by English name (not to be changed by callers)."""
    if not _VPS:
        _VPS.update({name: c.vp for name, c in all_cards().items()})
    return _VPS


def kingdom_names(box: str = TRAINS) -> list[str]:
    """The randomized cards of a box (rulebook "All Aboard!" step 5): 30 in Trains, 29 in Rising Sun."""
    return [c.name for c in all_cards().values() if c.supply == "kingdom" and c.box == box]


def fixed_vp_names(box: str) -> list[str]:
    """The Victory Point cards of a box's fixed supply (Apartment, Tower, Skyscraper; Office Building,
    Distribution Center, Stadium)."""
    return [n for n in box_data(box)["fixed_supply"] if VICTORY in all_cards()[n].types]


def presets(box: str | None = TRAINS) -> dict[str, dict[str, Any]]:
    """Recommended sets of a box (``None``: of both boxes)."""
    if box is None:
        return {**box_data(TRAINS)["presets"], **box_data(RISING_SUN)["presets"]}
    return box_data(box)["presets"]
