"""Laying rails and placing stations (rulebook "Terms / Lay Rails", "Station Expansion")."""

import pytest
from trains_helpers import end_turn, hex_id, lay, named, options, play, ready, set_hand, station

from railtable.core import IllegalActionError
from railtable.trains.cards import WASTE

T = "tokyo"


def rail_options(st):
    assert st.pending["kind"] == "lay_rail"
    return {o["hex"]: (o["cost"], o["waste"]) for o in st.pending["options"]}


def lay_options_with(st, hand, start_extra=()):
    set_hand(st, 0, hand)
    for h in start_extra:
        st.rails[h].append(0)
    st.board_changed()
    for name in hand:
        if name.endswith("Train"):
            play(st, 0, name)
    play(st, 0, [n for n in hand if not n.endswith("Train")][0])
    return rail_options(st)


def test_terrain_extra_costs_field_river_mountain_remote_city():
    """Rulebook cost table: field 0, river 1, mountain 2, remote location its number, city 1 + stations."""
    st = ready(starts=[hex_id(T, 6, 1), hex_id(T, 1, 3)])
    opts = lay_options_with(st, ["Lay Rails", "Limited Express Train", "Limited Express Train"])
    assert opts[hex_id(T, 5, 0)] == (2, False)  # mountain
    assert opts[hex_id(T, 6, 2)] == (1, False)  # river
    assert opts[named(T, "Odawara")] == (3, False)  # remote location 3
    assert opts[named(T, "Shonan")] == (2, False)  # remote location 2
    assert opts[named(T, "Yokohama")] == (1, False)  # city without stations


def test_field_costs_nothing_and_city_cost_grows_with_stations():
    st = ready()
    st.stations[named(T, "Shinjuku Shibuya")] = 2
    st.board_changed()
    opts = lay_options_with(st, ["Lay Rails", "Limited Express Train", "Limited Express Train"])
    assert opts[hex_id(T, 3, 4)] == (0, False)
    assert opts[named(T, "Shinjuku Shibuya")] == (3, False)


def test_other_players_rails_cost_one_each_and_one_waste():
    """Rulebook example: city (1) + two stations (2) + one other rail (1) = 4 money and a Waste."""
    st = ready(3)
    city = named(T, "Shinjuku Shibuya")
    st.stations[city] = 2
    st.rails[city] += [1]
    st.rails[hex_id(T, 3, 4)] += [1, 2]
    st.board_changed()
    opts = lay_options_with(st, ["Lay Rails", "Limited Express Train", "Express Train"])
    assert opts[city] == (4, True)
    assert opts[hex_id(T, 3, 4)] == (2, True)
    waste_before = len(st.zones.piles[WASTE])
    lay(st, 0, city)
    assert st.money == 5 - 4
    assert st.zones.names(st.zones.gained[0]).count(WASTE) == 2  # the card's Waste and the shared space's
    assert len(st.zones.piles[WASTE]) == waste_before - 2


def test_only_next_to_own_rails_never_on_sea_or_twice_in_a_space():
    st = ready(starts=[named(T, "Kamata"), hex_id(T, 1, 3)])
    opts = lay_options_with(st, ["Lay Rails", "Limited Express Train", "Limited Express Train"])
    kamata = named(T, "Kamata")
    assert hex_id(T, 6, 6) not in opts  # sea
    assert kamata not in opts  # already has my rail
    assert set(opts) == {hex_id(T, 6, 4), hex_id(T, 5, 4), hex_id(T, 5, 5), hex_id(T, 7, 4), named(T, "Haneda")}
    with pytest.raises(IllegalActionError):
        lay(st, 0, hex_id(T, 0, 0))


def test_blocked_edges_are_not_adjacent():
    """Spaces separated by a hazard-striped edge are not adjacent (Tokorozawa - Tachikawa)."""
    st = ready(starts=[named(T, "Tokorozawa"), hex_id(T, 6, 3)])
    opts = lay_options_with(st, ["Lay Rails", "Limited Express Train"])
    assert named(T, "Tachikawa") not in opts
    assert hex_id(T, 2, 3) in opts


def test_unaffordable_spaces_are_not_offered_and_the_effect_needs_one():
    """Playing A Card: a Rail Laying card whose effect cannot be applied only gives its money."""
    st = ready(starts=[hex_id(T, 6, 1), hex_id(T, 1, 3)])
    set_hand(st, 0, ["Lay Rails"])
    # Around the mountain start: everything but nothing costs 0 -> with 0 money the effect can't apply.
    legal = st.legal_actions(0)
    lr = st.zones.hands[0][0]
    assert [a for a in legal if a["type"] == "play"] == [{"type": "play", "player": 0, "card": lr}]
    st.apply({"type": "play", "player": 0, "card": lr})
    assert st.pending is None and st.zones.gained[0] == [] and st.money == 0
    # rules version 1: the effect is optional, so only the declined play is legal
    st = ready(starts=[hex_id(T, 6, 1), hex_id(T, 1, 3)], rules=1)
    set_hand(st, 0, ["Lay Rails"])
    legal = st.legal_actions(0)
    lr = st.zones.hands[0][0]
    assert {"type": "play", "player": 0, "card": lr} not in legal
    assert {"type": "play", "player": 0, "card": lr, "decline": True} in legal


@pytest.mark.parametrize("card,space,plain_cost", [
    ("Steel Bridge", (6, 2), 1), ("Tunnel", (5, 0), 2), ("Viaduct", (7, 1), 1), ("Subway Excavation", (6, 0), 3),
])
def test_rail_cards_remove_their_extra_cost_from_their_own_rail_and_rest_of_turn(card, space, plain_cost):
    st = ready(kingdom=[card], starts=[hex_id(T, 6, 1), hex_id(T, 1, 3)])
    set_hand(st, 0, [card, "Lay Rails", "Express Train"])
    play(st, 0, "Express Train")
    play(st, 0, card)
    assert rail_options(st)[hex_id(T, *space)][0] == 0
    lay(st, 0, hex_id(T, *space))
    play(st, 0, "Lay Rails")
    opts = rail_options(st)
    if card == "Steel Bridge":
        assert opts[hex_id(T, 5, 1)][0] == 0 and opts[hex_id(T, 5, 0)][0] == 2
    if card == "Tunnel":
        assert opts[hex_id(T, 4, 0)][0] == 0
    if card == "Viaduct":
        assert opts[named(T, "Shonan")][0] == 2  # remote locations still cost
    if card == "Subway Excavation":
        assert all(c == 0 for c, _ in opts.values())
    assert plain_cost > 0


def test_subway_excavation_keeps_the_waste_of_shared_spaces_collaboration_removes_both():
    for name, waste in (("Subway Excavation", True), ("Collaboration", False)):
        st = ready(3, kingdom=[name])
        target = hex_id(T, 3, 4)
        st.rails[target] += [1, 2]
        st.board_changed()
        set_hand(st, 0, [name])
        play(st, 0, name)
        assert rail_options(st)[target] == (0, waste)


def test_station_expansion_only_where_a_slot_is_free_and_tokens_remain():
    st = ready()
    kamata = named(T, "Kamata")  # 1 slot
    st.stations[kamata] = 1
    st.board_changed()
    set_hand(st, 0, ["Station Expansion", "Station Expansion"])
    play(st, 0, "Station Expansion")
    assert kamata not in options(st)
    yokohama = named(T, "Yokohama")
    assert yokohama in options(st) and named(T, "Chichibu") not in options(st)
    station(st, 0, yokohama)
    assert st.stations[yokohama] == 1 and st.station_tokens == 29
    st.station_tokens = 0
    sid = st.zones.hands[0][0]
    # no token left: the effect cannot be applied, so the card is played for its money only (no Waste)
    assert {"type": "play", "player": 0, "card": sid, "decline": True} not in st.legal_actions(0)
    waste_before = len(st.zones.gained[0])
    st.apply({"type": "play", "player": 0, "card": sid})
    assert st.pending is None and len(st.zones.gained[0]) == waste_before
    end_turn(st, 0)
