"""Cards that move, copy, trash or gain cards (reference §2): Pulling, Switchback, Maintenance
Factory, Wagon Factory, Stationmaster Office; with no legal target and empty piles."""

from trains_helpers import choose, give, hand, options, play, ready, set_deck, set_hand

from railtable.trains.cards import WASTE, card


def playable_with_effect(st, p, name):
    cid = st.zones.find(st.zones.hands[p], name)
    return {"type": "play", "player": p, "card": cid} in st.legal_actions(p)


def test_pulling_takes_a_train_from_the_discard_pile():
    st = ready(kingdom=["Pulling"])
    set_hand(st, 0, ["Pulling"])
    st.zones.trash.extend(st.zones.discards[0])
    st.zones.discards[0] = []
    assert not playable_with_effect(st, 0, "Pulling")  # no Train in the discard pile
    give(st, 0, "Express Train", "discards")
    give(st, 0, WASTE, "discards")
    play(st, 0, "Pulling")
    assert options(st) == ["Express Train"]
    choose(st, 0, "Express Train")
    assert hand(st, 0) == ["Express Train"]


def test_switchback_puts_a_played_train_on_top_of_the_deck():
    st = ready(kingdom=["Switchback"])
    set_hand(st, 0, ["Switchback", "Limited Express Train"])
    assert not playable_with_effect(st, 0, "Switchback")
    play(st, 0, "Limited Express Train")
    play(st, 0, "Switchback")
    choose(st, 0, "Limited Express Train")
    assert st.money == 3 + 1 and st.zones.name(st.zones.decks[0][-1]) == "Limited Express Train"


def test_maintenance_factory_gains_a_copy_of_a_train_in_hand():
    st = ready(kingdom=["Maintenance Factory"])
    set_hand(st, 0, ["Maintenance Factory", "Express Train", "Normal Train"])
    play(st, 0, "Maintenance Factory")
    assert options(st) == ["Express Train"]  # Normal Train is not in the supply
    choose(st, 0, "Express Train")
    assert st.zones.names(st.zones.gained[0]) == ["Express Train"] and "Express Train" in hand(st, 0)
    st2 = ready(kingdom=["Maintenance Factory"])
    set_hand(st2, 0, ["Maintenance Factory", "Normal Train"])
    assert not playable_with_effect(st2, 0, "Maintenance Factory")


def test_wagon_factory_trashes_a_train_and_gains_one_costing_up_to_three_more_into_hand():
    st = ready(kingdom=["Wagon Factory", "Bullet Train", "Early Train"])
    set_hand(st, 0, ["Wagon Factory", "Normal Train"])
    play(st, 0, "Wagon Factory")
    choose(st, 0, "Normal Train")
    assert {"Express Train", "Bullet Train"} <= set(options(st))
    assert all(card(n).is_train and card(n).cost <= 1 + 3 for n in options(st))
    assert "Early Train" not in options(st) and "Limited Express Train" not in options(st)
    choose(st, 0, "Express Train")
    assert hand(st, 0) == ["Express Train"] and st.zones.names(st.zones.trash[-1:]) == ["Normal Train"]
    st2 = ready(kingdom=["Wagon Factory"])
    set_hand(st2, 0, ["Wagon Factory", "Lay Rails"])
    assert not playable_with_effect(st2, 0, "Wagon Factory")


def test_stationmaster_office_performs_an_action_in_hand_which_stays_there():
    st = ready(kingdom=["Stationmaster Office", "Control Room", "Holiday Timetable"])
    set_hand(st, 0, ["Stationmaster Office", "Control Room", "Stationmaster Office"])
    set_deck(st, 0, ["Express Train"] * 3)
    play(st, 0, "Stationmaster Office")
    assert options(st) == ["Control Room"]  # never another Stationmaster Office
    choose(st, 0, "Control Room")
    assert hand(st, 0) == ["Control Room", "Express Train", "Express Train", "Express Train", "Stationmaster Office"]
    assert st.money == 0  # the effect, not the money value
    st2 = ready(kingdom=["Stationmaster Office", "Holiday Timetable"])
    set_hand(st2, 0, ["Stationmaster Office", "Holiday Timetable"])
    so = st2.zones.hands[0][0]
    play(st2, 0, "Stationmaster Office")
    choose(st2, 0, "Holiday Timetable")
    assert st2.money == 3 and so in st2.zones.trash and hand(st2, 0) == ["Holiday Timetable"]
    st3 = ready(kingdom=["Stationmaster Office"])
    set_hand(st3, 0, ["Stationmaster Office", "Express Train"])
    assert not playable_with_effect(st3, 0, "Stationmaster Office")
