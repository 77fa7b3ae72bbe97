"""Setup, turns, buying, Waste, clean-up, game end and scoring (rulebook "All Aboard!" to
"King of the Rails")."""

import pytest
from trains_helpers import buy, end_turn, give, hand, hex_id, named, new_game, play, ready, set_deck, set_hand

from railtable.core import ConfigError, IllegalActionError, get_game
from railtable.trains.cards import WASTE
from railtable.trains.scoring import final_result

T = "tokyo"


def test_setup_all_aboard_starting_decks_hands_supply():
    """All Aboard! steps 3-5: 7 Normal Train, 2 Lay Rails, 1 Station Expansion; 8 fixed + 8 random piles."""
    st = new_game(4, kingdom="random", seed=3)
    z = st.zones
    for p in range(4):
        cards = sorted(z.names(z.hands[p] + z.decks[p]))
        assert cards == sorted(["Normal Train"] * 7 + ["Lay Rails"] * 2 + ["Station Expansion"])
        assert len(z.hands[p]) == 5
    assert len(st.kingdom) == 8 and len(set(st.kingdom)) == 8
    assert len(z.piles) == 16
    assert len(z.piles["Lay Rails"]) == 20 - 8 and len(z.piles["Station Expansion"]) == 20 - 4
    assert len(z.piles["Express Train"]) == 20 and len(z.piles[WASTE]) == 70
    assert all(len(z.piles[k]) == 10 for k in st.kingdom)
    assert st.station_tokens == 30 and st.rails_left == [20] * 4


def test_setup_presets_lists_and_bad_configs():
    assert new_game(2, kingdom="holiday_pass").kingdom[0] == "Landfill"
    st = new_game(2, kingdom=["Tunnel", "Viaduct"])
    assert st.kingdom[:2] == ["Tunnel", "Viaduct"] and len(st.kingdom) == 8
    for bad in ({"kingdom": "nope"}, {"kingdom": ["Waste"]}, {"board": "paris"}):
        with pytest.raises(ConfigError):
            get_game("trains").setup({"players": ["A", "B"], **bad}, 1)
    with pytest.raises(ConfigError):
        get_game("trains").setup({"players": ["A"]}, 1)


def test_starting_rails_in_turn_order_not_sea_remote_or_taken():
    """How to Play: not on a sea space, a remote location, or where another player already started."""
    st = new_game(3)
    opts = {a["hex"] for a in st.legal_actions(0)}
    assert named(T, "Chichibu") not in opts and hex_id(T, 6, 6) not in opts and named(T, "Yokohama") in opts
    with pytest.raises(IllegalActionError, match="not"):
        st.apply({"type": "start_rail", "player": 1, "hex": 40})
    st.apply({"type": "start_rail", "player": 0, "hex": 40})
    with pytest.raises(IllegalActionError, match="another player"):
        st.apply({"type": "start_rail", "player": 1, "hex": 40})
    st.apply({"type": "start_rail", "player": 1, "hex": 41})
    st.apply({"type": "start_rail", "player": 2, "hex": 42})
    assert st.phase == "play" and st.current == 0 and st.rails_left == [19, 19, 19]


def test_buying_pays_money_goes_to_gained_area_and_vp_cards_bring_waste():
    """How to Buy Cards; Apartment/Tower/Skyscraper: gain 1 Waste when bought."""
    st = ready()
    set_hand(st, 0, ["Limited Express Train", "Limited Express Train", "Express Train"])
    for _ in range(2):
        play(st, 0, "Limited Express Train")
    play(st, 0, "Express Train")
    assert st.money == 8
    buy(st, 0, "Apartment")
    assert sorted(st.zones.names(st.zones.gained[0])) == ["Apartment", WASTE]
    assert st.money == 5
    buy(st, 0, "Express Train")
    assert st.money == 2
    with pytest.raises(IllegalActionError, match="costs"):
        buy(st, 0, "Tower")
    with pytest.raises(IllegalActionError, match="Waste cannot be bought"):
        buy(st, 0, WASTE)
    with pytest.raises(IllegalActionError):
        st.apply({"type": "play", "player": 0, "card": st.zones.gained[0][0]})
    end_turn(st, 0)
    assert st.money == 0  # money lasts the turn only
    assert "Apartment" in st.zones.names(st.zones.discards[0])


def test_vp_and_waste_cards_cannot_be_played():
    st = ready()
    set_hand(st, 0, ["Apartment", WASTE])
    assert [a["type"] for a in st.legal_actions(0)] == ["return_waste", "end_turn"]


def test_pass_returns_all_waste_only_when_nothing_was_played_or_bought():
    """Reduce & Reuse: pass the whole turn to return all Waste in hand to the supply."""
    st = ready()
    set_hand(st, 0, [WASTE, WASTE, "Normal Train", WASTE])
    pile = len(st.zones.piles[WASTE])
    st.apply({"type": "return_waste", "player": 0})
    assert len(st.zones.piles[WASTE]) == pile + 3 and st.current == 1
    assert WASTE not in st.zones.names(st.zones.discards[0])
    set_hand(st, 1, [WASTE, "Normal Train"])
    play(st, 1, "Normal Train")
    with pytest.raises(IllegalActionError, match="whole turn"):
        st.apply({"type": "return_waste", "player": 1})


def test_declined_effect_still_gives_money_and_rest_is_optional():
    """Playing A Card: the effect may be declined; the card's money is still gained."""
    st = ready(kingdom=["Passing Station"])
    set_hand(st, 0, ["Passing Station", "Normal Train"])
    play(st, 0, "Passing Station", decline=True)
    assert st.money == 1 and hand(st, 0) == ["Normal Train"]


def test_waste_exception_effects_apply_when_waste_pile_is_empty():
    st = ready()
    st.zones.trash.extend(st.zones.piles[WASTE])
    st.zones.piles[WASTE] = []
    set_hand(st, 0, ["Lay Rails"])
    play(st, 0, "Lay Rails")
    st.apply({"type": "lay_rail", "player": 0, "hex": hex_id(T, 3, 4)})
    assert st.zones.gained[0] == [] and 0 in st.rails[hex_id(T, 3, 4)]


def test_clean_up_draws_five_and_reshuffles_only_when_needed():
    """Clean Up: everything to the discard pile, draw 5; reshuffle only when a draw needs it."""
    st = ready()
    set_hand(st, 0, ["Normal Train"])
    set_deck(st, 0, ["Normal Train"] * 5)
    end_turn(st, 0)
    assert len(st.zones.decks[0]) == 0 and len(st.zones.discards[0]) > 0  # deck empty, not reshuffled yet
    end_turn(st, 1)
    discard = len(st.zones.discards[0])
    set_hand(st, 0, [])
    end_turn(st, 0)
    assert len(st.zones.hands[0]) == 5 and len(st.zones.decks[0]) == discard - 5


def test_gained_cards_wait_until_clean_up():
    st = ready()
    set_hand(st, 0, ["Express Train", "Express Train"])
    set_deck(st, 0, [])
    play(st, 0, "Express Train")
    play(st, 0, "Express Train")
    buy(st, 0, "Express Train")
    assert st.zones.names(st.zones.gained[0]) == ["Express Train"]
    assert "Express Train" not in st.zones.names(st.zones.discards[0] + st.zones.decks[0])
    end_turn(st, 0)
    z = st.zones
    assert z.gained[0] == [] and z.names(z.hands[0] + z.decks[0] + z.discards[0]).count("Express Train") == 3


@pytest.mark.parametrize("end", ["piles", "rails", "stations"])
def test_each_end_condition_ends_the_game_at_the_end_of_the_turn(end):
    """Winning the Game: 4 non-Waste piles empty, a player laid all rails, or all stations placed."""
    st = ready()
    if end == "piles":
        for name in ("Apartment", "Tower", "Skyscraper", "Landfill"):
            st.zones.trash.extend(st.zones.piles[name])
            st.zones.piles[name] = []
    elif end == "rails":
        st.rails_left[1] = 0
    else:
        st.stations[named(T, "Yokohama")] += st.station_tokens
        st.station_tokens = 0
        st.board_changed()
    assert not st.is_over()
    end_turn(st, 0)
    assert st.is_over() and st.result()["winners"]
    assert st.legal_actions(0) == [] and st.to_act() == []


def test_waste_pile_empty_does_not_end_the_game():
    st = ready()
    for name in ("Apartment", "Tower", "Skyscraper", WASTE):
        st.zones.trash.extend(st.zones.piles[name])
        st.zones.piles[name] = []
    end_turn(st, 0)
    assert not st.is_over()


def test_scoring_cities_by_stations_remote_locations_vp_cards_and_track():
    """Train Bonus Points 0/2/4/8, remote location value, gold cards anywhere, VP track."""
    st = ready()
    for h, s in ((named(T, "Yokohama"), 3), (named(T, "Kawasaki"), 2), (named(T, "Haneda"), 1), (named(T, "Kamata"), 0)):
        st.rails[h].append(0)
        st.stations[h] = s
    st.rails[named(T, "Chichibu")].append(0)
    st.board_changed()
    give(st, 0, "Skyscraper", "decks")
    give(st, 0, "Apartment", "discards")
    give(st, 0, "Tower", "hands")
    st.vp_tokens[0] = 2
    res = final_result(st)
    d = res["details"][0]
    assert d["rail_points"] == 8 + 4 + 2 + 0 + 4
    assert d["card_points"] == 4 + 1 + 2 and d["vp_track"] == 2
    assert res["scores"][0] == 18 + 7 + 2 and res["winners"] == [0]


def test_tie_broken_by_most_rails_then_shared():
    """King of the Rails: most rails on the board breaks a tie; then the victory is shared."""
    st = ready()
    assert final_result(st)["winners"] == [0, 1]
    st.rails[hex_id(T, 3, 4)].append(0)
    st.board_changed()
    assert final_result(st)["winners"] == [0]
