"""Route Bonus cards (Rising Sun rulebook "Route Bonus Cards"; the cards are this project's design)."""

import pytest
from trains_helpers import named

from railtable.core import IllegalActionError
from railtable.trains.cards import card
from railtable.trains.routes import route_cards, route_hexes
from railtable.trains.state import TrainsState


def game(players=3, seed=2, board="tokyo", rules=None):
    config = {"players": [f"P{i}" for i in range(players)], "board": board, "sets": "both", "route_bonus": True}
    if rules is not None:
        config["rules"] = rules
    st = TrainsState.setup(config, seed)
    for p in range(players):
        st.apply(st.legal_actions(p)[7 * p])
    return st


def path(st, a, b):
    """The spaces of a shortest path between two spaces (breadth-first over the board)."""
    prev = {a: None}
    frontier = [a]
    while b not in prev:
        nxt = []
        for h in frontier:
            for n in st.board.neighbours[h]:
                if n not in prev and st.board.hexes[n].terrain != "sea":
                    prev[n] = h
                    nxt.append(n)
        frontier = nxt
    out = [b]
    while prev[out[-1]] is not None:
        out.append(prev[out[-1]])
    return out


def test_as_many_cards_as_players_are_dealt_face_up():
    """Setup step 2: a number of cards equal to the number of players, face up."""
    st = game(3)
    assert len(st.routes) == 3 and all(r["owner"] is None for r in st.routes)
    assert {r["id"] for r in st.view(1)["routes"]} <= {c for c in route_cards() if c.startswith("tokyo")}
    assert TrainsState.setup({"players": ["A", "B"], "board": "tokyo"}, 1).routes == []


def route_with_two_cities(st):
    return next(r for r in st.routes if len(route_cards()[r["id"]]["cities"]) == 2)


def test_completing_a_route_takes_it_scores_its_vp_and_is_first_come():
    """"Completing Routes": the first player to connect the cities with contiguous own rails."""
    st = game(3)
    r = route_with_two_cities(st)
    a, b = route_hexes(st.board, r["id"])
    spaces = path(st, a, b)
    for h in spaces[:-1]:
        st.rails[h].append(1)
    st.board_changed()
    st.lay_rail(1, spaces[-1], 0, False)
    vp = route_cards()[r["id"]]["vp"]
    assert r["owner"] == 1 and st.vp_tokens[1] == vp
    for h in spaces[:-1]:  # a second player linking the same cities later gets nothing
        st.rails[h].append(2)
    st.board_changed()
    st.lay_rail(2, spaces[-1], 0, False)
    assert r["owner"] == 1 and st.vp_tokens[2] == 0


def test_rules_2_a_taken_card_is_used_once_in_a_later_turn_then_leaves():
    """Rules versions 1 and 2 (old saves): the ability waited for a later turn."""
    st = game(3, rules=2)
    r = next(r for r in st.routes if route_cards()[r["id"]]["ability"][0]["op"] in ("money", "draw"))
    r.update(owner=0, taken_turn=st.turn)
    act = {"type": "use_route", "player": 0, "route": r["id"]}
    with pytest.raises(IllegalActionError, match="later turn"):
        st.apply(act)
    r["taken_turn"] = st.turn - 1
    assert act in st.legal_actions(0)
    st.apply(act)
    assert r["used"] and act not in st.legal_actions(0)
    with pytest.raises(IllegalActionError):
        st.apply(act)


def test_route_cities_name_cities_of_the_board():
    st = game(2)
    for r in st.routes:
        for h in route_hexes(st.board, r["id"]):
            assert st.board.hexes[h].terrain == "city" and named("tokyo", st.board.hexes[h].name) == h


def test_completing_routes_the_ability_may_be_used_in_the_turn_the_card_is_taken():
    """Rising Sun rulebook "Completing Routes": "The special ability may be used at any time during your
    turn"; "The Cards": "After a player takes the card, this ability may be used during the player's
    turn". Osaka's +2 money card, taken by a rail laid this turn, pays for a card bought this turn."""
    st = game(3, board="osaka")
    st.routes = [{"id": "osaka-1", "owner": None, "used": False, "taken_turn": -1}]
    assert route_cards()["osaka-1"]["ability"] == [{"op": "money", "n": 2}]
    a, b = route_hexes(st.board, "osaka-1")
    spaces = path(st, a, b)
    for h in spaces[:-1]:
        st.rails[h].append(0)
    st.board_changed()
    st.lay_rail(0, spaces[-1], 0, False)  # the rail that links the route, laid in seat 0's turn
    assert st.routes[0]["owner"] == 0 and st.routes[0]["taken_turn"] == st.turn and st.current == 0
    act = {"type": "use_route", "player": 0, "route": "osaka-1"}
    assert act in st.legal_actions(0)
    money = st.money
    st.apply(act)
    assert st.money == money + 2 and st.routes[0]["used"] and st.current == 0
    cheap = next(a for a in st.legal_actions(0) if a["type"] == "buy" and a["pile"] != "Waste"
                 and card(a["pile"]).cost == money + 2)
    st.apply(cheap)  # the +2 spent in the same turn
    assert st.money == 0
