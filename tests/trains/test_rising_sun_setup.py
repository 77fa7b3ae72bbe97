"""Setting up Trains: Rising Sun (issue 11): option `sets`, the fixed supply, the boards' player counts and
numbers ("All Aboard!", "2-Player Maps", "Combining Sets")."""

import pytest

from railtable.core import ConfigError
from railtable.trains.cards import card, kingdom_names
from railtable.trains.state import TrainsState, supply_plan

RS_FIXED = ["Express Train", "Limited Express Train", "Lay Rails", "Station Expansion", "Office Building",
            "Distribution Center", "Stadium", "Waste"]


def game(board="nagoya", players=3, **options):
    return TrainsState.setup({"players": [f"P{i}" for i in range(players)], "board": board, **options}, 5)


def test_rising_sun_fixed_supply_and_eight_of_its_29_randomizers():
    """"All Aboard!" step 4: the fixed supply; step 5: 8 random piles."""
    st = game(sets="rising_sun")
    assert list(st.zones.piles)[:8] == RS_FIXED and len(st.kingdom) == 8
    assert set(st.kingdom) <= set(kingdom_names("rising_sun")) and len(kingdom_names("rising_sun")) == 29
    assert len(st.zones.piles["Office Building"]) == 30


def test_recommended_sets_of_rising_sun():
    st = game(sets="rising_sun", kingdom="rs_veterans")
    assert "Legal Counsel" in st.kingdom and "Outdated Train" in st.kingdom
    with pytest.raises(ConfigError):
        game(sets="trains", kingdom="rs_first_game")


def test_both_sets_shuffle_both_boxes_randomizers_and_the_other_boxs_vp_cards():
    """"Combining Sets": shuffle the randomizers together (the Trains VP randomizers are in the box)."""
    fixed, randomizers = supply_plan("both", "nagoya")
    assert fixed == RS_FIXED
    assert len(randomizers) == 30 + 29 + 3 and {"Apartment", "Tower", "Skyscraper"} <= set(randomizers)
    fixed, randomizers = supply_plan("both", "tokyo")
    assert "Apartment" in fixed and {"Office Building", "Stadium"} <= set(randomizers)
    seen = set()
    for seed in range(12):
        st = TrainsState.setup({"players": ["A", "B", "C"], "board": "tokyo", "sets": "both"}, seed)
        seen |= {card(n).box for n in st.kingdom}
    assert seen == {"trains", "rising_sun"}


@pytest.mark.parametrize("board,bad,lo_hi", [("nagoya", 2, "3 to 4"), ("chiba", 3, "2"), ("kyushu", 4, "2")])
def test_boards_refuse_player_counts_they_are_not_made_for(board, bad, lo_hi):
    """"All Aboard!" step 1: Nagoya for 3 or 4 players; "2-Player Maps": Chiba and Kyushu for two."""
    with pytest.raises(ConfigError, match=f"is for {lo_hi} players, not {bad}"):
        game(board, bad)


@pytest.mark.parametrize("board,stations", [("chiba", 16), ("kyushu", 19)])
def test_two_player_maps_16_rails_7_cards_per_pile_and_their_stations(board, stations):
    """"2-Player Maps": 16 station tokens (Kyushu 19), 16 rails per player, 7 cards per supply pile."""
    st = game(board, 2, sets="rising_sun")
    assert st.station_tokens == stations and st.rails_left == [16, 16]
    for name, pile in st.zones.piles.items():
        assert len(pile) == (70 if name == "Waste" else 7), name
    st.zones.census()


def test_chiba_s_start_puts_each_player_on_an_s_city():
    st = game("chiba", 2, s_start=True)
    options = st.legal_actions(0)
    assert sorted(a["hex"] for a in options) == sorted(st.board.s_cities)
    st.apply(options[0])
    assert options[0]["hex"] not in [a["hex"] for a in st.legal_actions(1)]
    with pytest.raises(ConfigError):
        game("nagoya", 3, s_start=True)


def test_unknown_sets_refused():
    with pytest.raises(ConfigError):
        game(sets="rising sun")
