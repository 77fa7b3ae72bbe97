"""What the Rising Sun table reads from the view (issue 12): the ATTACK in progress (rulebook "Attacks":
resolved from the active player clockwise), a player's progress toward each Route Bonus card and the Route
Bonus VP in the final details (rulebook "Route Bonus Cards", "Completing Routes")."""

from test_rising_sun_routes import game, path, route_with_two_cities
from trains_helpers import choose, play, ready, set_hand

from railtable.trains.routes import route_cards, route_hexes
from railtable.trains.scoring import final_result


def test_attack_view_names_the_card_attacker_order_and_who_decides():
    """"Attacks": "each other player", from the active player clockwise; every view sees it."""
    st = ready(3, kingdom=["Politician"], sets="both")
    set_hand(st, 0, ["Politician"])
    set_hand(st, 1, ["Normal Train"] * 5)
    set_hand(st, 2, ["Normal Train"] * 6)
    assert st.view(None)["attack"] is None
    play(st, 0, "Politician")
    for seat in (None, 0, 1, 2):
        attack = st.view(seat)["attack"]
        assert {k: v for k, v in attack.items() if k != "log_from"} == {
            "card": "Politician", "attacker": 0, "order": [1, 2], "done": 0}
    assert st.attack_outcomes(None) == {}
    choose(st, 1, "none")  # no Reaction (every attacked player is asked, rules version 3)
    choose(st, 1, "Normal Train")
    assert st.view(None)["attack"]["done"] == 1 and st.to_act() == [2]
    choose(st, 2, "none")
    # what the ATTACK did so far, player by player: seat 1's discard, nothing yet for seat 2
    did = st.attack_outcomes(2, "en")
    assert list(did) == [1] and any("Normal Train" in line for line in did[1]), did
    assert st.attack_outcomes(2, "fr")[1] != did[1]
    choose(st, 2, "Normal Train")
    choose(st, 2, "Normal Train")
    assert st.view(None)["attack"] is None and st.to_act() == [0]


def test_route_progress_is_the_viewers_largest_linked_group_of_the_cards_cities():
    """"Completing Routes": a contiguous path of the player's own rails; the view shows how far they are."""
    st = game(3)
    r = route_with_two_cities(st)
    a, b = route_hexes(st.board, r["id"])
    names = route_cards()[r["id"]]["cities"]
    st.rails = [[] for _ in st.rails]
    st.board_changed()
    entry = next(e for e in st.view(1)["routes"] if e["id"] == r["id"])
    assert entry["linked"] == []
    st.rails[a].append(1)
    st.board_changed()
    entry = next(e for e in st.view(1)["routes"] if e["id"] == r["id"])
    assert entry["linked"] == [names[0]]
    assert "linked" not in st.view(None)["routes"][0]
    for h in path(st, a, b):  # every space but b
        if h not in (a, b):
            st.rails[h].append(1)
    st.board_changed()
    assert next(e for e in st.view(1)["routes"] if e["id"] == r["id"])["linked"] == [names[0]]
    st.rails[b].append(1)
    st.board_changed()
    assert next(e for e in st.view(1)["routes"] if e["id"] == r["id"])["linked"] == names
    assert next(e for e in st.view(2)["routes"] if e["id"] == r["id"])["linked"] == []


def test_final_details_split_route_bonus_points_out_of_the_vp_track():
    """"Completing Routes": the card's VP go on the VP track at once; the result says how many."""
    st = game(3)
    r = route_with_two_cities(st)
    a, b = route_hexes(st.board, r["id"])
    spaces = path(st, a, b)
    for h in spaces[:-1]:
        st.rails[h].append(1)
    st.board_changed()
    st.lay_rail(1, spaces[-1], 0, False)
    details = final_result(st)["details"]
    vp = route_cards()[r["id"]]["vp"]
    assert details[1]["route_points"] == vp and details[1]["vp_track"] >= vp
    assert details[0]["route_points"] == 0
