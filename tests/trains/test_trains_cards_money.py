"""Cards about money, Waste and the turn (reference §2): Bullet Train, Tourist Train, Freight
Train, Mail Train, Amusement Park, Holiday Timetable, Ironworks, Early Train, Dump Site,
Landfill, Station Crew; with no Waste left, no legal target and declined effects."""

import pytest
from trains_helpers import buy, choose, end_turn, hand, lay, options, play, ready, set_deck, set_hand

from railtable.core import IllegalActionError
from railtable.trains.cards import WASTE


def test_bullet_train_plus_one_only_with_a_normal_train_in_play():
    st = ready(kingdom=["Bullet Train"])
    set_hand(st, 0, ["Bullet Train", "Normal Train", "Normal Train", "Bullet Train"])
    play(st, 0, "Bullet Train")
    assert st.money == 1
    play(st, 0, "Normal Train")
    play(st, 0, "Normal Train")
    play(st, 0, "Bullet Train")
    assert st.money == 1 + 2 + 2  # +1 once, however many Normal Trains


def test_tourist_train_moves_the_vp_marker():
    st = ready(kingdom=["Tourist Train"])
    set_hand(st, 0, ["Tourist Train", "Tourist Train"])
    play(st, 0, "Tourist Train")
    play(st, 0, "Tourist Train", decline=True)
    assert st.vp_tokens[0] == 1 and st.money == 2


def test_freight_train_returns_any_number_of_waste_for_money():
    st = ready(kingdom=["Freight Train"])
    set_hand(st, 0, ["Freight Train", WASTE, WASTE, WASTE])
    play(st, 0, "Freight Train")
    assert options(st) == [0, 1, 2, 3]
    choose(st, 0, 2)
    assert st.money == 1 + 2 and hand(st, 0) == [WASTE]


def test_mail_train_discards_any_for_money():
    st = ready(kingdom=["Mail Train"])
    set_hand(st, 0, ["Mail Train", WASTE, "Apartment", "Express Train"])
    play(st, 0, "Mail Train")
    choose(st, 0, WASTE)
    choose(st, 0, "Apartment")
    choose(st, 0, "done")
    assert st.money == 1 + 2 and hand(st, 0) == ["Express Train"]


def test_amusement_park_counts_a_train_in_play_and_needs_one():
    st = ready(kingdom=["Amusement Park"])
    set_hand(st, 0, ["Amusement Park", "Limited Express Train", "Normal Train"])
    aid = st.zones.find(st.zones.hands[0], "Amusement Park")
    assert {"type": "play", "player": 0, "card": aid} not in st.legal_actions(0)  # no Train in play yet
    play(st, 0, "Limited Express Train")
    play(st, 0, "Normal Train")
    play(st, 0, "Amusement Park")
    assert options(st) == ["Limited Express Train", "Normal Train"]
    choose(st, 0, "Limited Express Train")
    assert st.money == 3 + 1 + 1 + 3


def test_holiday_timetable_trashes_itself_for_three():
    st = ready(kingdom=["Holiday Timetable"])
    set_hand(st, 0, ["Holiday Timetable"])
    hid = st.zones.hands[0][0]
    play(st, 0, "Holiday Timetable")
    assert st.money == 3 and hid in st.zones.trash and hid not in st.zones.plays[0]


def test_ironworks_adds_two_per_rail_laying_card_played_this_turn_rules_1():
    """Rules version 1 (effects of Rail Laying cards could be declined): +2 even for a declined one."""
    st = ready(kingdom=["Ironworks"], rules=1)
    set_hand(st, 0, ["Ironworks", "Lay Rails", "Station Expansion"])
    play(st, 0, "Ironworks")
    assert st.money == 1
    play(st, 0, "Lay Rails", decline=True)
    assert st.money == 3
    play(st, 0, "Station Expansion", decline=True)
    assert st.money == 3  # Station Expansion is not a Rail Laying card
    end_turn(st, 0)
    assert st.modifiers == []


def test_early_train_lets_bought_cards_go_on_top_of_the_deck():
    st = ready(kingdom=["Early Train"])
    set_hand(st, 0, ["Early Train", "Limited Express Train", "Limited Express Train"])
    play(st, 0, "Early Train")
    play(st, 0, "Limited Express Train")
    play(st, 0, "Limited Express Train")
    buy(st, 0, "Express Train", to_deck=True)
    assert st.zones.name(st.zones.decks[0][-1]) == "Express Train"
    buy(st, 0, "Lay Rails")
    assert st.zones.names(st.zones.gained[0]) == ["Lay Rails"]
    st2 = ready(kingdom=["Early Train"])
    set_hand(st2, 0, ["Express Train", "Express Train"])
    play(st2, 0, "Express Train")
    play(st2, 0, "Express Train")
    with pytest.raises(IllegalActionError, match="Early Train"):
        buy(st2, 0, "Express Train", to_deck=True)


def test_dump_site_no_waste_for_the_rest_of_the_turn_not_retroactive():
    st = ready(kingdom=["Dump Site"])
    set_hand(st, 0, ["Lay Rails", "Dump Site", "Lay Rails", "Express Train", "Express Train"])
    play(st, 0, "Lay Rails")
    lay(st, 0, options(st)[0])
    assert st.zones.names(st.zones.gained[0]) == [WASTE]
    play(st, 0, "Dump Site")
    play(st, 0, "Lay Rails")
    lay(st, 0, options(st)[0])
    play(st, 0, "Express Train")
    play(st, 0, "Express Train")
    buy(st, 0, "Apartment")
    assert sorted(st.zones.names(st.zones.gained[0])) == ["Apartment", WASTE]


def test_landfill_returns_every_waste_in_hand():
    st = ready(kingdom=["Landfill"])
    set_hand(st, 0, ["Landfill", WASTE, WASTE, "Normal Train"])
    pile = len(st.zones.piles[WASTE])
    play(st, 0, "Landfill")
    assert hand(st, 0) == ["Normal Train"] and len(st.zones.piles[WASTE]) == pile + 2


def test_station_crew_choose_one_of_three_return_waste_needs_waste():
    st = ready(kingdom=["Station Crew"])
    set_hand(st, 0, ["Station Crew", "Station Crew", WASTE])
    set_deck(st, 0, ["Express Train"])
    play(st, 0, "Station Crew")
    assert options(st) == ["draw", "money", "return_waste"]
    choose(st, 0, "return_waste")
    assert WASTE not in hand(st, 0)
    play(st, 0, "Station Crew")
    assert options(st) == ["draw", "money"]
    with pytest.raises(IllegalActionError, match="not one of the options"):
        choose(st, 0, "return_waste")
    choose(st, 0, "draw")
    assert hand(st, 0) == ["Express Train"]
