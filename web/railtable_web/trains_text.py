"""Texts of the Trains cards and of this turn's effects, as a person reads them at the table.

Card texts live in the engine's card data (py/railtable/trains/cards.json, "text", traced to
docs/sources.md#trains); costs, money, VP and types too. Only the short labels of the
rest-of-turn effects are the table's own.
"""

from __future__ import annotations

from railtable.trains.cards import card

MODIFIER_TEXT: dict[str, str] = {
    "no_river_cost": "Steel Bridge: rivers cost nothing extra",
    "no_mountain_cost": "Tunnel: mountains cost nothing extra",
    "no_city_cost": "Viaduct: cities cost nothing extra",
    "no_rail_cost": "Subway Excavation: rails cost no extra money",
    "collaboration": "Collaboration: other players' rails cost nothing and give no Waste",
    "no_waste": "Dump Site: you gain no Waste",
    "rail_laying_money": "Ironworks: +2 money per Rail Laying card",
    "buy_to_deck": "Early Train: bought cards may go on top of your deck",
    "remote_discount": "Distant Partners: remote locations cost 1 less",
    "terrain_discount": "Surveyor: rivers and mountains cost 1 less",
    "no_rail_card_waste": "Engineer: no Waste from Rail Laying cards",
    "extra_rail_next": "Extra Laborers: your next Rail Laying card lays 1 more rail",
}


def card_text(name: str) -> str:
    """The card's text from the engine's card data (cards.json "text"); a Rising Sun card whose effect
    this project reconstructed says so (docs/sources.md#trains-rising-sun)."""
    try:
        c = card(name)
    except KeyError:
        return ""
    return c.text + (" (This project's reconstruction.)" if c.reconstructed and c.text else "")


def modifier_text(name: str) -> str:
    return MODIFIER_TEXT.get(name, name)
