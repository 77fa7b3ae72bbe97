"""Printed texts of the Trains cards, as a person reads them at the table.

Source: ../shared/reference/trains.md sections 1 and 2 (the "Effect (rules spec)" column,
shortened to card wording); the rulebook (../shared/rules/trains.en.txt) wins where they
differ. Costs, money, VP and types come from the engine's card data, never from here.
"""

from __future__ import annotations

CARD_TEXT: dict[str, str] = {
    # section 1: always-present cards
    "Normal Train": "",
    "Express Train": "",
    "Limited Express Train": "",
    "Lay Rails": "Lay 1 rail. Gain 1 Waste.",
    "Station Expansion": "Place 1 station in a city with a free slot. Gain 1 Waste.",
    "Apartment": "Cannot be played. When you buy it, gain 1 Waste.",
    "Tower": "Cannot be played. When you buy it, gain 1 Waste.",
    "Skyscraper": "Cannot be played. When you buy it, gain 1 Waste.",
    "Waste": "Cannot be played or bought. At the very start of your turn you may return all Waste "
             "in your hand to the supply: that is your whole turn.",
    # section 2: the 30 randomized cards
    "Amusement Park": "Choose one of your Train cards in play: gain money equal to its money value.",
    "Bullet Train": "+1 more money if you already have a Normal Train in play.",
    "Collaboration": "Lay 1 rail. Gain 1 Waste. This turn, spaces with other players' rails cost you "
                     "nothing extra for them and give you no Waste.",
    "Command Central": "Draw 1 card. Name a card and reveal the top card of your deck: if it is the named "
                       "card, put it into your hand; otherwise leave it on top.",
    "Conductor's Station": "Discard any number of cards from your hand, then draw that many.",
    "Control Room": "Draw 3 cards.",
    "Dump Site": "This turn you gain no Waste.",
    "Early Train": "This turn, each card you buy may go on top of your deck.",
    "Freight Train": "Return any number of Waste from your hand to the supply: +1 money each.",
    "Garage": "Draw 2 cards, then discard 2 cards from your hand.",
    "Holiday Timetable": "Trash this card: +3 money.",
    "Information Central": "Reveal the top 4 cards of your deck; you may put 1 into your hand; put the "
                           "rest back on top in any order.",
    "Ironworks": "This turn, +2 money each time you play a Rail Laying card.",
    "Landfill": "Return every Waste in your hand to the supply.",
    "Mail Train": "Discard any number of cards from your hand: +1 money each.",
    "Maintenance Factory": "Reveal a Train card from your hand: gain a copy of it from the supply.",
    "Passing Station": "Draw 1 card.",
    "Pulling": "Take a Train card from your discard pile into your hand.",
    "Signaling Area": "Draw 2 cards.",
    "Signals": "Draw 1 card. Look at the top card of your deck: discard it or leave it on top.",
    "Station Crew": "Choose one: draw 1 card; or +1 money; or return 1 Waste from your hand.",
    "Stationmaster Office": "Choose an Action card in your hand: this card performs its effect "
                            "(the chosen card stays in your hand).",
    "Steel Bridge": "Lay 1 rail. Gain 1 Waste. This turn, rivers cost nothing extra.",
    "Subway Excavation": "Lay 1 rail. Gain 1 Waste. This turn, rails cost no extra money at all.",
    "Switchback": "Put a Train card from your play area on top of your deck.",
    "Temporary Timetable": "Reveal cards from your deck until you reveal 2 Train cards: put them into "
                           "your hand, discard the others.",
    "Tourist Train": "+1 VP on the VP track.",
    "Tunnel": "Lay 1 rail. Gain 1 Waste. This turn, mountains cost nothing extra.",
    "Viaduct": "Lay 1 rail. Gain 1 Waste. This turn, cities cost nothing extra.",
    "Wagon Factory": "Trash a Train card from your hand: gain a Train costing up to 3 more into your hand.",
}

MODIFIER_TEXT: dict[str, str] = {
    "no_river_cost": "Steel Bridge: rivers cost nothing extra",
    "no_mountain_cost": "Tunnel: mountains cost nothing extra",
    "no_city_cost": "Viaduct: cities cost nothing extra",
    "no_rail_cost": "Subway Excavation: rails cost no extra money",
    "collaboration": "Collaboration: other players' rails cost nothing and give no Waste",
    "no_waste": "Dump Site: you gain no Waste",
    "rail_laying_money": "Ironworks: +2 money per Rail Laying card",
    "buy_to_deck": "Early Train: bought cards may go on top of your deck",
}


def card_text(name: str) -> str:
    return CARD_TEXT.get(name, "")


def modifier_text(name: str) -> str:
    return MODIFIER_TEXT.get(name, name)
