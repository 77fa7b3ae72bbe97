"""The move hint's reason in Trains (issue 32, last bullet): from the asking seat's view and the card
data, what the hinted move does for a beginner (rulebook sections named per test)."""

from __future__ import annotations

import copy
from typing import Any

from trains_helpers import play, ready, set_hand

from railtable.core.hint import Figures
from railtable.trains.board import load_board
from railtable.trains.hint import average_money, reason
from railtable.trains.state import TrainsState

FIGURES = Figures(0.55, 0.45, 400)


def _rich(st: TrainsState) -> None:
    """Seat 0 holds 3 Limited Express Trains and plays them: 9 money to spend."""
    set_hand(st, 0, ["Limited Express Train"] * 3)
    for _ in range(3):
        play(st, 0, "Limited Express Train")


def _why(st: TrainsState, action: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    legal = st.legal_actions(0)
    assert action in legal, action
    return reason(st.view(0), legal, action, FIGURES)


def _buy(pile: str) -> dict[str, Any]:
    return {"type": "buy", "player": 0, "pile": pile}


def test_a_victory_point_card_says_its_vp() -> None:
    # Victory Point cards (Tower: 2 VP)
    st = ready()
    _rich(st)
    assert _why(st, _buy("Tower")) == ("tr_buy_vp", {"vp": 2})
    assert _why(st, _buy("Apartment")) == ("tr_buy_vp", {"vp": 1})


def test_a_train_above_the_average_money_of_the_deck_says_both() -> None:
    # All Aboard!: 7 Normal Trains (1 money), 2 Lay Rails and a Station Expansion (0), and here 3
    # Limited Express Trains (3): 16 money in 13 cards, 1.2 a card
    st = ready()
    _rich(st)
    assert average_money(st.view(0)["players"][0]["owned"]) == 16 / 13
    assert _why(st, _buy("Express Train")) == ("tr_buy_money", {"money": 2, "avg": 1.2})
    assert _why(st, _buy("Limited Express Train")) == ("tr_buy_money", {"money": 3, "avg": 1.2})


def test_a_train_no_better_than_the_deck_falls_back_on_the_search_figures() -> None:
    st = ready()
    _rich(st)
    view = dict(st.view(0))
    view["players"] = [dict(view["players"][0], owned={"Limited Express Train": 10})]  # 3-money cards
    legal = st.legal_actions(0)
    assert reason(view, legal, _buy("Express Train"), FIGURES) == ("share_vs", {"share": 55, "other": 45})


def test_rail_station_and_waste_cards_say_what_they_are_for() -> None:
    # Lay Rails, Station Expansion; "Waste": Landfill returns all the Waste
    st = ready(kingdom=["Landfill"])
    _rich(st)
    assert _why(st, _buy("Lay Rails")) == ("tr_buy_rails", {})
    assert _why(st, _buy("Station Expansion")) == ("tr_buy_station", {})
    assert _why(st, _buy("Landfill")) == ("tr_buy_waste", {})


def test_ending_the_turn_with_money_to_spend_says_a_weak_card_dilutes() -> None:
    st = ready()
    _rich(st)
    assert _why(st, {"type": "end_turn", "player": 0}) == ("tr_end_buy", {})


def test_returning_waste_counts_the_waste_in_hand() -> None:
    # Reduce & Reuse: first thing in the turn, all the Waste in hand goes back
    st = ready()
    set_hand(st, 0, ["Waste", "Waste", "Normal Train", "Normal Train", "Lay Rails"])
    assert _why(st, {"type": "return_waste", "player": 0}) == ("tr_return_waste", {"n": 2})


def test_a_rail_into_a_city_or_a_remote_location_or_the_cheapest_rail() -> None:
    # Laying rails: a city's stations and a remote location's printed VP score at the end
    st = ready()
    view = dict(st.view(0))
    tokyo = load_board("tokyo")
    city = next(h.id for h in tokyo.hexes if h.name == "Funabashi")
    remote = next(h.id for h in tokyo.hexes if h.name == "Chichibu")
    field_a, field_b = [h.id for h in tokyo.hexes if h.terrain == "field"][:2]
    view["pending"] = {"kind": "lay_rail", "options": [
        {"value": h, "hex": h, "cost": cost} for h, cost in ((city, 3), (remote, 3), (field_a, 0), (field_b, 1))]}
    legal = [{"type": "lay_rail", "player": 0, "hex": h} for h in (city, remote, field_a, field_b)]
    assert reason(view, legal, legal[0], FIGURES) == ("tr_rail_city", {"space": ["tokyo", city]})
    assert reason(view, legal, legal[1], FIGURES) == ("tr_rail_remote", {"space": ["tokyo", remote], "vp": 4})
    assert reason(view, legal, legal[2], FIGURES) == ("tr_rail_cheap", {"cost": 0})
    assert reason(view, legal, legal[3], FIGURES)[0] == "share_vs"


def test_no_reason_reads_another_players_cards() -> None:
    # another player's hand and deck are secret ("Public knowledge" of the view): shuffling them
    # changes no reason
    st = ready()
    _rich(st)
    legal = st.legal_actions(0)
    before = [reason(st.view(0), legal, a, FIGURES) for a in legal]
    other = copy.deepcopy(st)
    z = other.zones
    z.hands[1], z.decks[1] = z.decks[1][:5], z.hands[1] + z.decks[1][5:]
    assert z.hands[1] != st.zones.hands[1]
    assert [reason(other.view(0), legal, a, FIGURES) for a in legal] == before
