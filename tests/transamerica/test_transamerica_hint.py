"""The move hint's reason in TransAmerica (issue 32, last bullet): from the asking seat's view, the
track points still needed to join its cities to its network (rulebook "Scoring of a Round": 1 per
single line, 2 per double, tracks on the board free; the starting marker counted as one more city),
before and after the hinted move."""

from __future__ import annotations

from transamerica_helpers import EAST_HAND, WEST_HAND, force_tracks, new_state, place_markers, set_hands, tree_for

from railtable.core.hint import Figures
from railtable.transamerica import board
from railtable.transamerica.hint import reason
from railtable.transamerica.state import TransAmericaState
from railtable.transamerica.steiner import cheapest_connection, missing_points

CHICAGO = (13, 3)


def _occupied(state: TransAmericaState) -> list[int]:
    return [e for e, _seat in state.tracks]


def _need(state: TransAmericaState, extra: list[int] | None = None) -> int:
    """Seat 0's track points still needed to join EAST_HAND to its marker (network lines are free)."""
    at = state.markers[0]
    assert at is not None
    nodes = [board.INDEX[at]] + [board.CITY_NODE[c] for c in EAST_HAND]
    return cheapest_connection(nodes, [*_occupied(state), *(extra or [])])[0]


def _marker_turn(seat_hand: list[str]) -> TransAmericaState:
    state = new_state(2, seed=3)
    set_hands(state, [seat_hand, WEST_HAND])
    return state


def _build_turn(at: tuple[int, int]) -> TransAmericaState:
    """Seat 0 (EAST_HAND) with its marker at ``at``, to build (seat 1's marker far west)."""
    state = _marker_turn(EAST_HAND)
    place_markers(state, [at, (3, 2)])
    if state.to_act() != [0]:  # seat 1 started: its first building turn ends at once
        state.apply({"type": "build", "player": 1, "edge": _line_from((3, 2))})
        state.apply({"type": "end_turn", "player": 1})
    assert state.to_act() == [0]
    return state


def _line_from(p: tuple[int, int]) -> list[list[int]]:
    e = next(e for _q, e in board.ADJ[board.INDEX[p]] if board.BASE_COST[e] == 1)
    a, b, _double = board.EDGES[e]
    return [list(a), list(b)]


def _reason_for(state: TransAmericaState, action: dict) -> tuple[str, dict]:
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    assert action in legal
    return reason(state.view(seat), legal, action, Figures(0.6, 0.5, 100))


def test_a_starting_marker_on_a_city_of_the_hand_says_the_points_the_hand_needs() -> None:
    # Game Play, first turn: a marker on one of the seat's cities adds nothing to the tree
    state = _marker_turn(EAST_HAND)
    seat = state.to_act()[0]
    set_hands(state, [EAST_HAND, WEST_HAND] if seat == 0 else [WEST_HAND, EAST_HAND])
    action = {"type": "place_marker", "player": seat, "at": list(CHICAGO)}
    assert _reason_for(state, action) == ("ta_marker", {"n": missing_points(EAST_HAND, [])})
    far = {"type": "place_marker", "player": seat, "at": [1, 1]}
    key, params = _reason_for(state, far)
    assert key == "ta_marker" and params["n"] > missing_points(EAST_HAND, [])


def test_a_line_reaching_a_city_of_the_hand_joins_it_and_says_what_is_left() -> None:
    # the marker one line from Chicago: building that line joins Chicago to the network
    beside = next(u for u, e in board.ADJ[board.INDEX[CHICAGO]]
                  if board.BASE_COST[e] == 1 and board.JUNCTIONS[u] not in board.CITY_AT)
    at = board.JUNCTIONS[beside]
    state = _build_turn(at)
    action = {"type": "build", "player": 0, "edge": [list(at), list(CHICAGO)]}
    if action not in state.legal_actions(0):
        action["edge"] = [list(CHICAGO), list(at)]
    key, params = _reason_for(state, action)
    e = board.edge_index(at, CHICAGO)
    assert key == "ta_joins" and params["cities"] == ["Chicago"]
    left = _need(state, [e])
    assert params["left"] == left


def _helpful(state: TransAmericaState) -> dict[int, int]:
    """Seat 0's legal lines that lower its need, with the need after each."""
    before = _need(state)
    out = {}
    for a in state.legal_actions(0):
        if a["type"] == "build":
            e = board.edge_index(a["edge"][0], a["edge"][1])
            assert e is not None
            after = _need(state, [e])
            if after < before:
                out[e] = after
    return out


def _build_action(e: int) -> dict:
    a, b, _d = board.EDGES[e]
    return {"type": "build", "player": 0, "edge": [list(a), list(b)]}


def test_the_only_line_that_brings_the_cities_closer_says_so() -> None:
    # the marker on Chicago: of its six lines only one lies on a cheapest tree to the other cities
    state = _build_turn(CHICAGO)
    helpful = _helpful(state)
    assert len(helpful) == 1
    (e,) = helpful
    assert _reason_for(state, _build_action(e)) == ("ta_only_line", {})


def test_a_line_on_the_way_says_how_much_closer_and_what_is_still_needed() -> None:
    # the marker at (14, 6), beside St. Louis: four lines bring the cities closer, two singles by 1
    # and two doubles by 2 (each as good as another); the one reaching St. Louis joins it
    state = _build_turn((14, 6))
    helpful = _helpful(state)
    assert sorted(helpful.values()) == [23, 23, 24, 24] and _need(state) == 25
    before = _need(state)
    st_louis = board.CITY_NODE["St. Louis"]
    for e, after in helpful.items():
        if st_louis in board.EDGE_ENDS[e]:
            assert _reason_for(state, _build_action(e)) == ("ta_joins", {"cities": ["St. Louis"], "left": after})
        else:
            assert _reason_for(state, _build_action(e)) == ("ta_closer", {"gain": before - after, "left": after})


def test_a_double_line_worth_more_than_any_other_says_by_how_much() -> None:
    # the marker at (7, 1), far north-west of the eastern cities: four lines save 1 point, one
    # double line saves 2
    state = _build_turn((7, 1))
    helpful = _helpful(state)
    before = _need(state)
    assert sorted(before - after for after in helpful.values()) == [1, 1, 1, 1, 2]
    best = min(helpful, key=lambda e: helpful[e])
    assert board.BASE_COST[best] == 2  # a double line, saving its 2 points
    assert _reason_for(state, _build_action(best)) == ("ta_closer_than", {"gain": 2, "more": 1})
    for e, after in helpful.items():
        if e != best:
            assert _reason_for(state, _build_action(e)) == ("ta_closer", {"gain": 1, "left": after})


def test_the_last_line_joins_the_fifth_city() -> None:
    # "End of the Round": the line that joins the fifth city to the network
    state = _build_turn(CHICAGO)
    tree = tree_for(EAST_HAND, set(_occupied(state)))
    hand = {board.CITY_NODE[c]: c for c in EAST_HAND}
    last = next(e for e in sorted(tree) if board.BASE_COST[e] == 1 and any(
        v in hand and v != board.INDEX[CHICAGO] and sum(v in board.EDGE_ENDS[f] for f in tree) == 1
        for v in board.EDGE_ENDS[e]))
    city = next(hand[v] for v in board.EDGE_ENDS[last] if v in hand)
    force_tracks(state, sorted(tree - {last}), 0)
    assert _need(state) == 1
    assert _reason_for(state, _build_action(last)) == ("ta_joins_all", {"cities": [city]})


def test_ending_the_turn_when_no_single_line_helps_says_so() -> None:
    # "Network building rules": after one single track only a second single may follow; from
    # (16, 7) the next lines toward the cities are double lines
    state = _build_turn((16, 7))
    (first,) = _helpful(state)
    state.apply(_build_action(first))
    assert _helpful(state) == {}
    assert _reason_for(state, {"type": "end_turn", "player": 0}) == ("ta_end_nothing", {})


def test_ending_the_turn_when_a_single_line_would_help_compares_the_search_figures() -> None:
    # after one single track a second may follow; the search found stopping better: its figures
    state = _build_turn((7, 1))
    single = min(e for e in _helpful(state) if board.BASE_COST[e] == 1)
    state.apply(_build_action(single))
    assert _helpful(state)  # a second single line would still bring the cities closer
    assert _reason_for(state, {"type": "end_turn", "player": 0}) == ("ta_end_early", {"share": 60, "other": 50})


def test_a_line_that_helps_nothing_falls_back_on_the_search_figures() -> None:
    state = _build_turn(CHICAGO)
    before = _need(state)
    for a in state.legal_actions(0):
        if a["type"] == "build":
            e = board.edge_index(a["edge"][0], a["edge"][1])
            assert e is not None
            if _need(state, [e]) == before:
                assert _reason_for(state, a) == ("share_vs", {"share": 60, "other": 50})
                return
    raise AssertionError("no useless line from Chicago")


def test_the_reason_reads_nothing_but_the_view() -> None:
    # another seat's cities are secret ("Setup"): swapping them changes no reason
    state = _build_turn(CHICAGO)
    legal = state.legal_actions(0)
    before = [reason(state.view(0), legal, a, Figures()) for a in legal]
    set_hands(state, [EAST_HAND, ["Seattle", "Bismarck", "Denver", "Dallas", "Boston"]])
    assert [reason(state.view(0), legal, a, Figures()) for a in legal] == before
