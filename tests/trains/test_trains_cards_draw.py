"""Cards that draw, reveal or filter (reference §2): Passing Station, Signaling Area, Control
Room, Garage, Conductor's Station, Command Central, Signals, Information Central, Temporary
Timetable; with empty decks, reshuffles and declined effects."""

from trains_helpers import choose, hand, options, play, ready, set_deck, set_hand

from railtable.trains.cards import WASTE

K = ["Passing Station", "Signaling Area", "Control Room", "Garage", "Conductor's Station", "Command Central",
     "Signals", "Information Central"]


def game(kingdom=K):
    return ready(kingdom=kingdom)


def test_plain_draw_cards():
    for name, n, money in (("Passing Station", 1, 1), ("Signaling Area", 2, 0), ("Control Room", 3, 0)):
        st = game()
        set_hand(st, 0, [name])
        set_deck(st, 0, ["Express Train"] * 3)
        play(st, 0, name)
        assert hand(st, 0) == ["Express Train"] * n and st.money == money


def test_draw_reshuffles_when_deck_runs_out_and_stops_when_all_empty():
    """Terms / Draw: reshuffle the discard pile when the deck runs out; with both empty, stop."""
    st = game()
    z = st.zones
    set_hand(st, 0, ["Control Room"])
    set_deck(st, 0, ["Express Train"])  # every other card goes to the discard pile
    nt = z.find(z.discards[0], "Normal Train")
    z.trash.extend(c for c in z.discards[0] if c != nt)
    z.discards[0] = [nt]
    play(st, 0, "Control Room")  # draws 3: one from the deck, one after reshuffling, then nothing
    assert hand(st, 0) == ["Express Train", "Normal Train"]
    assert z.decks[0] == [] and z.discards[0] == []
    z.census()


def test_garage_draws_two_then_discards_two():
    st = game()
    set_hand(st, 0, ["Garage", WASTE])
    set_deck(st, 0, ["Express Train", "Normal Train"])
    play(st, 0, "Garage")
    assert st.money == 1 and hand(st, 0) == ["Express Train", "Normal Train", WASTE]
    assert set(options(st)) == {"Express Train", "Normal Train", WASTE}
    choose(st, 0, WASTE)
    choose(st, 0, "Normal Train")
    assert hand(st, 0) == ["Express Train"] and st.pending is None


def test_conductors_station_discards_any_number_then_draws_that_many():
    st = game()
    set_hand(st, 0, ["Conductor's Station", WASTE, WASTE, "Express Train"])
    set_deck(st, 0, ["Limited Express Train", "Limited Express Train", "Normal Train"])
    play(st, 0, "Conductor's Station")
    choose(st, 0, WASTE)
    choose(st, 0, WASTE)
    choose(st, 0, "done")
    assert hand(st, 0) == ["Express Train", "Limited Express Train", "Limited Express Train"]
    # Discarding nothing draws nothing.
    st2 = game()
    set_hand(st2, 0, ["Conductor's Station", "Express Train"])
    play(st2, 0, "Conductor's Station")
    choose(st2, 0, "done")
    assert hand(st2, 0) == ["Express Train"]


def test_command_central_named_card_goes_to_hand_otherwise_stays_on_top():
    st = game()
    set_hand(st, 0, ["Command Central"])
    set_deck(st, 0, ["Normal Train", "Express Train", "Lay Rails"])
    play(st, 0, "Command Central")
    assert hand(st, 0) == ["Normal Train"]
    assert "Skyscraper" in options(st) and "Express Train" in options(st)
    choose(st, 0, "Express Train")
    assert hand(st, 0) == ["Express Train", "Normal Train"]
    st2 = game()
    set_hand(st2, 0, ["Command Central"])
    set_deck(st2, 0, ["Normal Train", "Express Train"])
    play(st2, 0, "Command Central")
    choose(st2, 0, "Lay Rails")
    assert st2.zones.name(st2.zones.decks[0][-1]) == "Express Train" and hand(st2, 0) == ["Normal Train"]


def test_signals_draw_then_discard_or_keep_the_top_card():
    for decision, on_top in (("discard", "Express Train"), ("keep", WASTE)):
        st = game()
        set_hand(st, 0, ["Signals"])
        set_deck(st, 0, ["Normal Train", WASTE, "Express Train"])
        play(st, 0, "Signals")
        assert hand(st, 0) == ["Normal Train"] and WASTE in st.pending["prompt"]
        choose(st, 0, decision)
        assert st.zones.name(st.zones.decks[0][-1]) == on_top


def test_information_central_take_one_and_put_back_in_chosen_order():
    st = game()
    set_hand(st, 0, ["Information Central"])
    set_deck(st, 0, [WASTE, "Express Train", "Lay Rails", "Normal Train", "Tower"])
    play(st, 0, "Information Central")
    assert st.money == 1 and sorted(options(st)) == sorted([WASTE, "Express Train", "Lay Rails", "Normal Train", "none"])
    choose(st, 0, "Express Train")
    assert hand(st, 0) == ["Express Train"]
    choose(st, 0, WASTE)  # put back first: ends lowest
    choose(st, 0, "Normal Train")
    z = st.zones
    assert z.names(z.decks[0][-3:]) == [WASTE, "Normal Train", "Lay Rails"]  # Lay Rails put back last: on top
    assert z.name(z.decks[0][-4]) == "Tower" and z.revealed == []


def test_information_central_with_fewer_than_four_cards_and_taking_none():
    st = game()
    set_hand(st, 0, ["Information Central"])
    set_deck(st, 0, ["Express Train", "Express Train"])
    st.zones.trash.extend(st.zones.discards[0])
    st.zones.discards[0] = []
    play(st, 0, "Information Central")
    choose(st, 0, "none")
    assert st.pending is None and len(st.zones.decks[0]) == 2 and st.zones.revealed == []


def test_temporary_timetable_reveals_until_two_trains():
    st = game(["Temporary Timetable"])
    set_hand(st, 0, ["Temporary Timetable"])
    set_deck(st, 0, [WASTE, "Lay Rails", "Express Train", "Tower", "Normal Train", "Limited Express Train"])
    play(st, 0, "Temporary Timetable")
    assert hand(st, 0) == ["Express Train", "Normal Train"]
    assert sorted(st.zones.names(st.zones.discards[0][-3:])) == ["Lay Rails", "Tower", WASTE]
    assert st.zones.name(st.zones.decks[0][-1]) == "Limited Express Train"


def test_temporary_timetable_takes_what_there_is():
    st = game(["Temporary Timetable"])
    set_hand(st, 0, ["Temporary Timetable"])
    z = st.zones
    set_deck(st, 0, [WASTE, "Express Train"])
    z.trash.extend(z.discards[0])
    z.discards[0] = []
    play(st, 0, "Temporary Timetable")
    assert hand(st, 0) == ["Express Train"] and z.names(z.discards[0]) == [WASTE]


def test_information_central_others_never_learn_the_order_put_back():
    """Information Central: the others saw the revealed cards, but the order they go back in is secret
    (issue 9 "Secrets"): the public `revealed` list does not shrink one card per choice."""
    st = game()
    set_hand(st, 0, ["Information Central"])
    set_deck(st, 0, [WASTE, "Express Train", "Lay Rails", "Normal Train", "Tower"])
    play(st, 0, "Information Central")
    choose(st, 0, "none")
    seen = sorted(st.view(1)["revealed"])
    assert seen == sorted([WASTE, "Express Train", "Lay Rails", "Normal Train"])
    other_views = []
    for name in (WASTE, "Normal Train", "Express Train"):
        choose(st, 0, name)
        v = st.view(1)
        other_views.append((sorted(v["revealed"]), v["players"][0]["deck_size"], v.get("pending")))
    # until the last card is back the others see all four revealed cards; then all four at once go back
    assert other_views[0] == other_views[1] and len(other_views[0][0]) == 4
    assert other_views[2][0] == [] and other_views[2][1] == other_views[1][1] + 4 and other_views[2][2] is None
    z = st.zones
    assert z.names(z.decks[0][-4:]) == [WASTE, "Normal Train", "Express Train", "Lay Rails"]


def test_information_central_view_of_others_is_constant_while_putting_back():
    st = game()
    set_hand(st, 0, ["Information Central"])
    set_deck(st, 0, [WASTE, "Express Train", "Lay Rails", "Normal Train", "Tower"])
    play(st, 0, "Information Central")
    choose(st, 0, "none")
    first = st.view(1)
    choose(st, 0, WASTE)
    second = st.view(1)
    choose(st, 0, "Normal Train")
    third = st.view(1)
    for key in ("revealed", "players", "pending"):
        assert first[key] == second[key] == third[key], key
    assert len(first["revealed"]) == 4 and first["pending"] == {"kind": "order_top", "player": 0}
    assert "put back so far, bottom first: Waste, Normal Train" in st.view(0)["pending"]["prompt"]
