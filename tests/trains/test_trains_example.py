"""The rulebook's worked game example ("A Game Example"): the first two turns of Blue, Yellow
and Red on Tokyo with the beginner cards, replayed action by action."""

from trains_helpers import buy, end_turn, hand, lay, named, new_game, play, rail_cost_of, set_deck, set_hand, station

from railtable.trains.cards import WASTE


def zone_names(st, p, zone):
    return sorted(st.zones.names(getattr(st.zones, zone)[p]))


def test_rulebook_game_example_first_two_turns():
    st = new_game(3, "tokyo", "beginner_tokyo", seed=7, names=["Blue", "Yellow", "Red"])
    assert set(st.kingdom) == {"Landfill", "Conductor's Station", "Passing Station", "Holiday Timetable",
                               "Steel Bridge", "Amusement Park", "Maintenance Factory", "Dump Site"}
    B, Y, R = 0, 1, 2
    # The hands of the example (test-only arrangement of the shuffled starting decks).
    set_hand(st, B, ["Lay Rails", "Lay Rails", "Normal Train", "Normal Train", "Station Expansion"])
    set_deck(st, B, ["Normal Train"] * 5)
    set_hand(st, Y, ["Normal Train"] * 4 + ["Station Expansion"])
    set_deck(st, Y, ["Normal Train"] * 3 + ["Lay Rails"] * 2)
    set_hand(st, R, ["Normal Train"] * 4 + ["Station Expansion"])
    set_deck(st, R, ["Normal Train"] * 3 + ["Lay Rails"] * 2)
    st.zones.census()

    shinagawa, shinjuku = named("tokyo", "Shinagawa Meguro"), named("tokyo", "Shinjuku Shibuya")
    ikebukuro, kichijoji, tachikawa = named("tokyo", "Ikebukuro Ueno"), named("tokyo", "Kichijoji"), named("tokyo", "Tachikawa")
    left_of_shinagawa, left_of_ikebukuro = shinagawa - 1, ikebukuro - 1  # same row, one column left
    right_of_tachikawa = tachikawa + 1
    below_left_of_kichijoji = 32  # (row 3, col 3)

    # Starting rails in turn order.
    st.apply({"type": "start_rail", "player": B, "hex": shinagawa})
    st.apply({"type": "start_rail", "player": Y, "hex": ikebukuro})
    st.apply({"type": "start_rail", "player": R, "hex": tachikawa})
    assert st.phase == "play" and st.current == B

    # Blue, first turn.
    play(st, B, "Lay Rails")
    assert rail_cost_of(st, left_of_shinagawa) == 0  # a field
    lay(st, B, left_of_shinagawa)
    play(st, B, "Normal Train")
    assert st.money == 1
    play(st, B, "Lay Rails")
    assert rail_cost_of(st, shinjuku) == 1  # a city without stations
    lay(st, B, shinjuku)
    assert st.money == 0
    play(st, B, "Station Expansion")
    station(st, B, shinjuku)
    assert zone_names(st, B, "gained") == [WASTE] * 3
    assert hand(st, B) == ["Normal Train"]
    end_turn(st, B)
    assert len(st.zones.discards[B]) == 8 and hand(st, B) == ["Normal Train"] * 5
    assert st.stations[shinjuku] == 1 and st.rails[shinjuku] == [B]

    # Yellow, first turn.
    play(st, Y, "Station Expansion")
    station(st, Y, ikebukuro)
    for _ in range(4):
        play(st, Y, "Normal Train")
    assert st.money == 4
    buy(st, Y, "Amusement Park")
    assert zone_names(st, Y, "gained") == ["Amusement Park", WASTE]
    end_turn(st, Y)
    assert len(st.zones.discards[Y]) == 7

    # Red, first turn.
    play(st, R, "Station Expansion")
    station(st, R, tachikawa)
    for _ in range(4):
        play(st, R, "Normal Train")
    buy(st, R, "Amusement Park")
    end_turn(st, R)
    assert len(st.zones.discards[R]) == 7

    # Blue, second turn: 5 Normal Trains buy a Dump Site; his deck is empty so he reshuffles.
    for _ in range(5):
        play(st, B, "Normal Train")
    buy(st, B, "Dump Site")
    assert st.zones.decks[B] == []
    end_turn(st, B)
    assert len(st.zones.hands[B]) == 5 and len(st.zones.decks[B]) == 14 - 5 and st.zones.discards[B] == []

    # Yellow, second turn.
    play(st, Y, "Lay Rails")
    assert rail_cost_of(st, left_of_ikebukuro) == 0
    lay(st, Y, left_of_ikebukuro)
    play(st, Y, "Normal Train")
    play(st, Y, "Lay Rails")
    assert rail_cost_of(st, kichijoji) == 1
    lay(st, Y, kichijoji)
    assert st.money == 0
    play(st, Y, "Normal Train")
    play(st, Y, "Normal Train")
    buy(st, Y, "Conductor's Station")
    assert zone_names(st, Y, "gained") == ["Conductor's Station", WASTE, WASTE]
    end_turn(st, Y)
    assert len(st.zones.decks[Y]) == 15 - 5 and st.zones.discards[Y] == []

    # Red, second turn.
    play(st, R, "Lay Rails")
    assert rail_cost_of(st, right_of_tachikawa) == 0
    lay(st, R, right_of_tachikawa)
    play(st, R, "Lay Rails")
    assert rail_cost_of(st, below_left_of_kichijoji) == 0
    lay(st, R, below_left_of_kichijoji)
    for _ in range(3):
        play(st, R, "Normal Train")
    buy(st, R, "Express Train")
    end_turn(st, R)
    assert len(st.zones.decks[R]) == 15 - 5 and st.zones.discards[R] == []

    # The outcome: rails, stations, Waste handed out, cards bought.
    assert {h for h in range(76) if B in st.rails[h]} == {shinagawa, left_of_shinagawa, shinjuku}
    assert {h for h in range(76) if Y in st.rails[h]} == {ikebukuro, left_of_ikebukuro, kichijoji}
    assert {h for h in range(76) if R in st.rails[h]} == {tachikawa, right_of_tachikawa, below_left_of_kichijoji}
    assert st.stations[shinjuku] == st.stations[ikebukuro] == st.stations[tachikawa] == 1
    assert st.station_tokens == 27
    assert len(st.zones.piles[WASTE]) == 70 - 9
    assert len(st.zones.piles["Amusement Park"]) == 8
    assert st.current == B and st.turn == 6
    st.zones.census()
