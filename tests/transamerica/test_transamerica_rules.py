"""Rules of TransAmerica, section by section of the rulebook (see docs/sources.md#transamerica)."""

from __future__ import annotations

import json

import pytest
from transamerica_helpers import (
    EAST_HAND,
    WEST_HAND,
    build,
    edge_points,
    end_turn,
    force_tracks,
    marker,
    new_state,
    place_markers,
    set_hands,
    tree_for,
)

from railtable.core import ConfigError, IllegalActionError, MalformedActionError, NotYourTurnError
from railtable.transamerica import board
from railtable.transamerica.errors import NotInNetworkError, NotOnBoardError, WrongPhaseError
from railtable.transamerica.state import TransAmericaState
from railtable.transamerica.steiner import missing_points

START = 40
"""A start score high enough that one round of these positions never ends the game."""
DASHED = {c["name"] for c in board.CITIES if c["dashed"]}


def _colours(hand: list[str]) -> list[str]:
    return [board.CITY_BY_NAME[c]["colour"] for c in hand]


# ---- Setup -----------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3])
def test_setup_two_or_three_players_never_get_dashed_cities(players: int) -> None:
    """Setup: "When playing with 2 or 3 players, remove the 10 city cards with dashed borders"."""
    for seed in range(40):
        state = new_state(players, seed)
        assert not state.use_dashed
        for hand in state.hands:
            assert not DASHED & set(hand)


@pytest.mark.parametrize("players", [4, 5, 6])
def test_setup_four_to_six_players_use_all_35_cards(players: int) -> None:
    """Setup: with 4-6 players all 35 cards are used, so dashed cities are dealt sometimes."""
    seen_dashed = False
    for seed in range(40):
        state = new_state(players, seed)
        assert state.use_dashed
        seen_dashed |= any(DASHED & set(hand) for hand in state.hands)
    assert seen_dashed


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_one_city_of_each_colour_per_player(players: int) -> None:
    """Setup: "Each player draws 1 card from each color", all different cards."""
    state = new_state(players, 7)
    for hand in state.hands:
        assert _colours(hand) == list(board.COLOURS)
    dealt = [c for hand in state.hands for c in hand]
    assert len(dealt) == len(set(dealt)) == 5 * players
    assert state.scores == [13] * players  # project decision: start at 13 points


def test_setup_options_dashed_and_start_score() -> None:
    """Options: "dashed" overrides the 2-3 player rule; 6 players need the dashed cards."""
    assert new_state(2, 1, dashed=True).use_dashed
    assert not new_state(4, 1, dashed=False).use_dashed
    assert new_state(2, 1, start_score=20).scores == [20, 20]
    with pytest.raises(ConfigError):
        new_state(6, 1, dashed=False)
    with pytest.raises(ConfigError):
        new_state(1, 1)
    with pytest.raises(ConfigError):
        new_state(7, 1)
    with pytest.raises(ConfigError):
        new_state(2, 1, dashed="yes")
    with pytest.raises(ConfigError):
        new_state(2, 1, start_score=0)


def test_setup_deal_depends_on_the_seed_only() -> None:
    """Setup: each colour stack is shuffled (with the game's seeded RNG)."""
    assert new_state(4, 5).hands == new_state(4, 5).hands
    assert len({json.dumps(new_state(4, s).hands) for s in range(10)}) > 5


def test_setup_cities_are_secret() -> None:
    """Setup: players keep their cities "secret from his opponents": a view shows only one's own."""
    state = new_state(3, 2)
    for p in range(3):
        view = state.view(p)
        assert view["my_cities"] == state.hands[p]
        text = json.dumps(view)
        for q in range(3):
            if q != p:
                for city in state.hands[q]:
                    assert city not in text
    spectator = state.view(None)
    assert spectator["my_cities"] == [] and spectator["you"] is None
    assert not any(city in json.dumps(spectator) for hand in state.hands for city in hand)


# ---- Game Play: the starting marker --------------------------------------------------

def test_game_play_first_turn_is_the_starting_marker() -> None:
    """Game Play: "In each player's first turn, he places his starting marker on any empty crossing
    point"; the start player begins and the others follow clockwise; then building starts."""
    state = new_state(3, 1)
    assert state.phase == "marker" and state.to_act() == [0]
    assert len(state.legal_actions(0)) == 188
    with pytest.raises(IllegalActionError, match="starting marker"):
        build(state, 0, (8, 4), (9, 4))
    with pytest.raises(IllegalActionError, match="starting marker"):
        end_turn(state, 0)
    with pytest.raises(NotYourTurnError):
        marker(state, 1, (5, 5))
    marker(state, 0, (9, 4))  # a city is a crossing point too (Omaha)
    assert state.to_act() == [1]
    with pytest.raises(IllegalActionError, match="already a starting marker"):
        marker(state, 1, (9, 4))
    with pytest.raises(IllegalActionError, match="not a crossing point"):
        marker(state, 1, (0, 12))
    with pytest.raises(MalformedActionError):
        state.apply({"type": "place_marker", "player": 1, "at": "Omaha"})
    assert {"type": "place_marker", "player": 1, "at": [9, 4]} not in state.legal_actions(1)
    assert len(state.legal_actions(1)) == 187
    marker(state, 1, (10, 4))
    marker(state, 2, (3, 3))
    assert state.phase == "build" and state.to_act() == [0]
    assert state.view(0)["markers"] == [[9, 4], [10, 4], [3, 3]]


# ---- Network building rules ---------------------------------------------------------

def _building_state() -> TransAmericaState:
    state = new_state(2, 1)
    set_hands(state, [WEST_HAND, EAST_HAND])
    place_markers(state, [(9, 6), (11, 6)])
    return state


def test_network_tracks_must_touch_the_own_network() -> None:
    """Network building rules: "Each player may only place tracks adjacent to his starting marker
    or adjacent to another track that is connected through other tracks to his starting marker"."""
    state = _building_state()
    with pytest.raises(IllegalActionError, match="does not touch your network"):
        build(state, 0, (11, 6), (12, 6))  # next to the opponent's marker only
    with pytest.raises(IllegalActionError, match="no line"):
        build(state, 0, (9, 6), (11, 6))
    build(state, 0, (9, 6), (10, 6))
    build(state, 0, (10, 6), (10, 7))  # adjacent to the first track: network grows
    assert state.network(0) == {board.INDEX[p] for p in [(9, 6), (10, 6), (10, 7)]}


def test_network_building_one_or_two_singles_or_one_double() -> None:
    """Network building rules: per turn "1 or 2 tracks on unoccupied line(s) ... or 1 track on one
    unoccupied double line"."""
    state = _building_state()
    # two single lines, then only end_turn
    build(state, 0, (9, 6), (10, 6))
    assert all(board.BASE_COST[e] == 1 for e in state.legal_edges(0))
    build(state, 0, (9, 6), (9, 7))
    assert state.legal_actions(0) == [{"type": "end_turn", "player": 0}]
    with pytest.raises(IllegalActionError, match="all the tracks allowed"):
        build(state, 0, (9, 7), (10, 7))
    end_turn(state, 0)
    # a double line takes the whole turn: (11,5)-(11,6) is the Missouri
    e = board.edge_index((11, 5), (11, 6))
    assert e is not None and board.BASE_COST[e] == 2
    build(state, 1, (11, 5), (11, 6))
    assert state.legal_actions(1) == [{"type": "end_turn", "player": 1}]
    end_turn(state, 1)
    assert state.to_act() == [0]


def test_network_double_after_single_is_refused() -> None:
    """Network building rules: a double line is a whole turn's building, never a second track."""
    state = new_state(2, 1)
    place_markers(state, [(7, 6), (15, 9)])
    build(state, 0, (6, 6), (7, 6))  # flat
    double = board.edge_index((7, 5), (7, 6))
    assert double is not None and board.BASE_COST[double] == 2
    with pytest.raises(IllegalActionError, match="only a second single line"):
        build(state, 0, (7, 5), (7, 6))
    assert all(a["type"] != "build" or board.BASE_COST[board.edge_index(*a["edge"]) or 0] == 1
               for a in state.legal_actions(0))


def test_network_at_least_one_track_per_turn() -> None:
    """Network building rules: "Each player must, in each turn, place at least one track"."""
    state = _building_state()
    assert {"type": "end_turn", "player": 0} not in state.legal_actions(0)
    with pytest.raises(IllegalActionError, match="at least one track"):
        end_turn(state, 0)


def test_network_no_track_on_an_occupied_line() -> None:
    """Network building rules: tracks go on "unoccupied line(s)"."""
    state = _building_state()
    build(state, 0, (9, 6), (10, 6))
    end_turn(state, 0)
    build(state, 1, (10, 6), (11, 6))
    with pytest.raises(IllegalActionError, match="already has a track"):
        build(state, 1, (9, 6), (10, 6))


def test_a_line_is_given_as_legal_actions_lists_it() -> None:
    """Actions are data: an accepted action is exactly one of legal_actions, so a line's ends come
    smaller point first; the other order is refused as malformed and changes nothing."""
    state = _building_state()
    assert {"type": "build", "player": 0, "edge": [[9, 6], [10, 6]]} in state.legal_actions(0)
    before = state.to_json()
    with pytest.raises(MalformedActionError, match="smaller point first"):
        build(state, 0, (10, 6), (9, 6))
    assert state.to_json() == before


def test_network_merged_networks_are_shared() -> None:
    """Network building rules: "A player may connect his network to another's at any time. After
    that, the player may place tracks anywhere from the combined network"."""
    state = _building_state()
    build(state, 0, (9, 6), (10, 6))
    end_turn(state, 0)
    with pytest.raises(IllegalActionError, match="does not touch"):
        build(state, 1, (8, 6), (9, 6))
    build(state, 1, (10, 6), (11, 6))  # touches player 0's track: the networks merge
    build(state, 1, (8, 6), (9, 6))  # now legal: built from player 0's side
    end_turn(state, 1)
    assert state.network(0) == state.network(1)
    build(state, 0, (11, 6), (12, 6))  # and player 0 may build from player 1's marker
    assert [seat for _e, seat in state.tracks] == [0, 1, 1, 0]


def test_every_field_is_type_checked_with_a_specific_error() -> None:
    """Actions are data: a field of the wrong JSON type (a bool is not an int), a missing or extra
    key, an unknown type are malformed; a point off the board, a non-line, a used line, a line
    outside the network each have their own error; nothing changes."""
    state = _building_state()
    before = state.to_json()
    for bad in ([[9, 6]], "9,6-10,6", [[9, 6], [10, "6"]], [[9, 6], [True, 6]], [[9, 6], [10.0, 6]],
                [[9, 6], [10, 6], [11, 6]], [[9, 6], None], ([9, 6], [10, 6]), [[9, 6, 0], [10, 6]]):
        with pytest.raises(MalformedActionError):
            state.apply({"type": "build", "player": 0, "edge": bad})
    with pytest.raises(MalformedActionError, match="'stray' is not one of them"):
        state.apply({"type": "build", "player": 0, "edge": [[9, 6], [10, 6]], "stray": 1})
    with pytest.raises(MalformedActionError, match="exactly the keys"):
        state.apply({"type": "build", "player": 0})
    with pytest.raises(MalformedActionError, match="unknown action type"):
        state.apply({"type": "pass", "player": 0})
    with pytest.raises(NotOnBoardError):
        state.apply({"type": "build", "player": 0, "edge": [[9, 6], [2**70, 6]]})
    with pytest.raises(NotOnBoardError, match="no line between"):
        state.apply({"type": "build", "player": 0, "edge": [[9, 6], [11, 6]]})
    with pytest.raises(NotInNetworkError):
        state.apply({"type": "build", "player": 0, "edge": [[1, 3], [2, 3]]})
    with pytest.raises(WrongPhaseError):
        state.apply({"type": "place_marker", "player": 0, "at": [3, 3]})
    assert state.to_json() == before


def test_legal_actions_list_exactly_the_touching_free_lines() -> None:
    """Network building rules: the legal lines are the free lines at a network crossing."""
    state = _building_state()
    legal = state.legal_actions(0)
    expected = sorted(e for _u, e in board.ADJ[board.INDEX[(9, 6)]])
    assert [board.edge_index(*a["edge"]) for a in legal] == expected
    assert all(a["edge"][0] < a["edge"][1] for a in legal)
    assert state.legal_actions(1) == []


# ---- End of the Round ------------------------------------------------------------------

THIRD_HAND = ["Medford", "Bismarck", "Omaha", "Dallas", "Washington"]


def _almost_connected(missing_edge_filter=None, players: int = 2) -> tuple[TransAmericaState, int]:
    """Player 0 (WEST_HAND) lacks one flat line of his tree; player 1's marker touches it.

    Player 0 opens with a harmless track far away and ends the turn, so player 1 is to build.
    """
    state = new_state(players, 3, start_score=START)
    set_hands(state, [WEST_HAND, EAST_HAND, THIRD_HAND][:players])
    tree = sorted(tree_for(WEST_HAND))
    missing = next(e for e in tree if board.BASE_COST[e] == 1 and (missing_edge_filter is None or missing_edge_filter(e)))
    a, _b = edge_points(missing)
    place_markers(state, [(11, 12), a, (19, 8)][:players])
    force_tracks(state, [e for e in tree if e != missing], 0)
    assert not any(state.cities_connected(p) for p in range(players))
    build(state, 0, (11, 12), (12, 12))
    end_turn(state, 0)
    assert state.to_act() == [1]
    return state, missing


def _harmless_single(state: TransAmericaState, player: int, missing: int) -> int:
    """A legal flat line other than ``missing`` that connects nobody's cities."""
    for e in state.legal_edges(player):
        if e == missing or board.BASE_COST[e] != 1:
            continue
        trial = state.copy()
        force_tracks(trial, [e], player)
        if not any(trial.cities_connected(p) for p in range(trial.num_players)):
            return e
    raise AssertionError("no harmless line")  # pragma: no cover


def test_round_ends_at_once_on_another_players_turn() -> None:
    """End of the Round: "When, after a track is placed, a player's 5 cities are connected to each
    other, the round ends immediately ... [it may] happen on another player's turn" (here a second
    flat track of player 1 connects player 0's cities)."""
    state, missing = _almost_connected()
    other = _harmless_single(state, 1, missing)
    build(state, 1, *edge_points(other))
    scores_before = list(state.scores)
    build(state, 1, *edge_points(missing))
    assert state.round == 2  # no end_turn needed
    record = state.rounds[0]
    assert record["reason"] == "connected" and record["ended_by"] == 0
    assert record["missing"][0] == 0 and record["missing"][1] > 0
    assert state.scores == [scores_before[0], scores_before[1] - record["missing"][1]]
    assert record["cities"] == {"0": WEST_HAND, "1": EAST_HAND}


def test_round_ends_at_once_when_a_double_line_connects_an_opponent() -> None:
    """End of the Round: the exception covers a first flat track only; a double line ends it at once."""
    state = new_state(2, 3, start_score=START)
    set_hands(state, [WEST_HAND, EAST_HAND])
    tree = sorted(tree_for(WEST_HAND))
    missing = next(e for e in tree if board.BASE_COST[e] == 2)
    place_markers(state, [(11, 12), edge_points(missing)[0]])
    force_tracks(state, [e for e in tree if e != missing], 0)
    build(state, 0, (11, 12), (12, 12))
    end_turn(state, 0)
    build(state, 1, *edge_points(missing))
    assert state.round == 2 and state.rounds[0]["ended_by"] == 0


def test_round_end_exception_first_flat_track_connecting_an_opponent() -> None:
    """End of the Round, Exception: "When a player places his first track (over flat land) and this
    connects an opponent's 5 cities, he may place his second track (over flat land) before the round
    ends." The round ends with that turn (here after the second track and end_turn)."""
    state, missing = _almost_connected()
    build(state, 1, *edge_points(missing))
    assert state.cities_connected(0)
    assert state.round == 1 and state.phase == "build" and state.to_act() == [1]
    view = state.view(1)
    assert view["round_ends_after_turn"] is True
    legal = state.legal_edges(1)
    assert legal and all(board.BASE_COST[e] == 1 for e in legal)  # only a flat second track
    scores_before = list(state.scores)
    second = legal[0]
    build(state, 1, *edge_points(second))
    assert state.round == 1
    occupied = [e for e, _s in state.tracks]
    expected = missing_points(EAST_HAND, occupied)  # counted with the second track in place
    end_turn(state, 1)
    assert state.round == 2 and state.start_player == 1
    record = state.rounds[0]
    assert record["ended_by"] == 0 and record["reason"] == "connected"
    assert record["missing"] == [0, expected]
    assert state.scores == [scores_before[0], scores_before[1] - expected]


def test_round_end_exception_may_end_the_turn_without_a_second_track() -> None:
    """End of the Round, Exception: the second track is allowed, not required."""
    state, missing = _almost_connected()
    build(state, 1, *edge_points(missing))
    assert {"type": "end_turn", "player": 1} in state.legal_actions(1)
    end_turn(state, 1)
    assert state.round == 2 and state.rounds[0]["tracks_placed"] == len(tree_for(WEST_HAND)) + 1


def test_round_end_exception_second_track_connecting_own_cities_ends_at_once() -> None:
    """End of the Round: even during the exception, a track that connects the player's own cities
    ends the round at once."""
    t0 = tree_for(WEST_HAND)
    t1 = tree_for(EAST_HAND, t0)
    union = t0 | t1

    def bridge(edges: set[int], hand: list[str], e: int) -> bool:
        state = new_state(2, 1)
        set_hands(state, [hand, hand])
        force_tracks(state, sorted(edges - {e}), 0)
        return not state.cities_connected(0)

    west_only = next(e for e in sorted(t0) if board.BASE_COST[e] == 1 and bridge(union, WEST_HAND, e)
                     and not bridge(union, EAST_HAND, e))
    east_only = next(e for e in sorted(t1 - t0) if board.BASE_COST[e] == 1 and bridge(union, EAST_HAND, e)
                     and not bridge(union, WEST_HAND, e))
    state = new_state(2, 4, start_score=START)
    set_hands(state, [WEST_HAND, EAST_HAND])
    place_markers(state, [(11, 12), edge_points(west_only)[0]])
    force_tracks(state, sorted(union - {west_only, east_only}), 0)
    build(state, 0, (11, 12), (12, 12))
    end_turn(state, 0)
    if east_only not in state.legal_edges(1):
        pytest.skip("the chosen lines are not both next to player 1's network")  # pragma: no cover
    build(state, 1, *edge_points(west_only))
    assert state.round == 1 and state.view(1)["round_ends_after_turn"]
    build(state, 1, *edge_points(east_only))
    assert state.round == 2
    assert state.rounds[0]["ended_by"] == 0 and state.rounds[0]["missing"] == [0, 0]


def test_round_ends_at_once_when_the_first_track_connects_own_and_opponent() -> None:
    """End of the Round: the exception is for a track that connects an opponent's cities "(and not
    his own)": connecting both ends the round at once, the builder being the one who ended it."""
    t0 = tree_for(WEST_HAND)
    union = t0 | tree_for(EAST_HAND, t0)

    def connects(edges: set[int], hand: list[str]) -> bool:
        state = new_state(2, 1)
        set_hands(state, [hand, hand])
        force_tracks(state, sorted(edges), 0)
        return state.cities_connected(0)

    shared = next(
        e for e in sorted(union)
        if board.BASE_COST[e] == 1
        and not connects(union - {e}, WEST_HAND) and not connects(union - {e}, EAST_HAND)
    )
    state = new_state(2, 5, start_score=START)
    set_hands(state, [WEST_HAND, EAST_HAND])
    place_markers(state, [(11, 12), edge_points(shared)[0]])
    force_tracks(state, sorted(union - {shared}), 0)
    build(state, 0, (11, 12), (12, 12))
    end_turn(state, 0)
    build(state, 1, *edge_points(shared))
    assert state.round == 2
    assert state.rounds[0]["ended_by"] == 1 and state.rounds[0]["connected"] == [0, 1]
    assert state.rounds[0]["missing"] == [0, 0]


def test_round_ends_when_all_tracks_are_placed() -> None:
    """End of the Round, "Extreme cases: The round also ends when all tracks have been placed"."""
    state = new_state(2, 6, start_score=START)
    set_hands(state, [WEST_HAND, EAST_HAND])
    place_markers(state, [(9, 6), (3, 3)])
    filler = [e for e in range(len(board.EDGES)) if board.EDGE_ENDS[e][0] > 120]
    force_tracks(state, filler[:82], 1)
    assert state.supply == 1 and not state.cities_connected(0) and not state.cities_connected(1)
    occupied = [e for e, _s in state.tracks] + [board.edge_index((9, 6), (10, 6))]
    expected = [missing_points(WEST_HAND, occupied), missing_points(EAST_HAND, occupied)]
    build(state, 0, (9, 6), (10, 6))
    assert state.round == 2
    record = state.rounds[0]
    assert record["reason"] == "tracks" and record["ended_by"] is None
    assert record["tracks_placed"] == 83
    assert record["missing"] == expected
    assert state.supply == 83 and state.tracks == []


# ---- Scoring, next round, end of the game ---------------------------------------------

def test_scoring_connected_player_loses_nothing_others_lose_missing_points() -> None:
    """Scoring of a Round: "Each player, except the winner of the round ... counts how many tracks
    he would need", using all the tracks on the board (also other players')."""
    state, missing = _almost_connected()
    occupied = [e for e, _s in state.tracks] + [missing]
    expected_east = missing_points(EAST_HAND, occupied)
    # player 0's tracks count for player 1 too: counting without them gives another number
    own_only = missing_points(EAST_HAND, [e for e, seat in state.tracks if seat == 1] + [missing])
    assert own_only > expected_east
    other = _harmless_single(state, 1, missing)
    build(state, 1, *edge_points(other))
    expected_east = missing_points(EAST_HAND, occupied + [other])
    build(state, 1, *edge_points(missing))
    assert state.rounds[0]["missing"] == [0, expected_east]
    assert state.scores == [START, START - expected_east]


def test_next_round_preparation() -> None:
    """Preparation for the Next Round: tracks removed, markers back, cards reshuffled and dealt,
    "The starting player gives the starting player card to his left neighbor"."""
    state, missing = _almost_connected()
    rng_before = state.rng.state
    build(state, 1, *edge_points(missing))
    end_turn(state, 1)
    assert state.round == 2 and state.start_player == 1 and state.to_act() == [1]
    assert state.phase == "marker" and state.markers == [None, None]
    assert state.tracks == [] and state.supply == 83
    assert state.singles == 0 and state.doubles == 0 and state.pending_by is None
    assert state.rng.state != rng_before  # a new shuffle
    for hand in state.hands:
        assert _colours(hand) == list(board.COLOURS)
    view = state.view(0)
    assert view["rounds"][0]["cities"]["1"] == EAST_HAND  # the past round's cards are public
    assert view["my_cities"] == state.hands[0]


def test_start_player_rotates_every_round() -> None:
    """Preparation for the Next Round: the start player passes left each round (seat + 1)."""
    from railtable.core.simulate import play_game

    state, _count = play_game("transamerica", {"players": ["a", "b", "c"], "start_score": 40}, 3)
    rounds = state.result()["rounds"]  # type: ignore[index]
    assert rounds >= 3
    # every round's log opens with its start player
    starts = [line for line in state.log_lines(None) if line.startswith("Round ") and "starts." in line]
    assert len(starts) == rounds
    for k, line in enumerate(starts):
        assert line.endswith(f"{['a', 'b', 'c'][k % 3]} starts.")
    # Preparation for the Next Round: "Again, shuffle the 35 (or 25) city cards": new hands each round
    history = state.result()["history"]  # type: ignore[index]
    deals = [json.dumps(r["cities"]) for r in history]
    assert len(set(deals)) == len(deals)


def test_end_of_game_at_zero_or_below_and_the_winner() -> None:
    """End of the Game: it ends after a round's scoring leaves a player at 0 or below (the red space);
    "The player with the most points is the winner"."""
    state, missing = _almost_connected()
    state.scores = [5, 2]
    build(state, 1, *edge_points(missing))
    end_turn(state, 1)
    assert state.is_over() and state.phase == "over" and state.to_act() == []
    result = state.result()
    assert result is not None
    assert result["winners"] == [0] and result["scores"][0] == 5 and result["scores"][1] <= 0
    assert result["rounds"] == 1 and result["history"][0]["ended_by"] == 0
    assert state.view(1)["result"] == result
    with pytest.raises(IllegalActionError, match="over"):
        end_turn(state, 1)
    assert state.legal_actions(0) == state.legal_actions(1) == []


def test_end_of_game_ties_share_the_victory() -> None:
    """End of the Game: "If several players tie with the most points, they rejoice in their shared
    victory". Player 0 (connected) and player 1 end level; player 2 falls to 0."""
    state, missing = _almost_connected(players=3)
    occupied = [e for e, _s in state.tracks] + [missing]
    lost1 = missing_points(EAST_HAND, occupied)
    lost2 = missing_points(THIRD_HAND, occupied)
    assert lost1 > 0 and lost2 > 0
    state.scores = [10, 10 + lost1, lost2]
    build(state, 1, *edge_points(missing))
    end_turn(state, 1)
    assert state.is_over()
    result = state.result()
    assert result is not None
    assert result["scores"] == [10, 10, 0] and result["winners"] == [0, 1]


def test_game_continues_while_everyone_is_above_zero() -> None:
    """End of the Game: only a score at 0 or below ends the game."""
    state, missing = _almost_connected()
    build(state, 1, *edge_points(missing))
    end_turn(state, 1)
    assert min(state.scores) > 0 and not state.is_over() and state.result() is None


def test_round_end_exception_when_the_supply_runs_out() -> None:
    """End of the Round: during the exception turn, placing the last of the 83 tracks ends the
    round at once ("The round also ends when all tracks have been placed"); it still counts as
    ended by the connected opponent."""
    state, missing = _almost_connected()
    used = {e for e, _s in state.tracks} | {missing}
    filler = [e for e in range(len(board.EDGES)) if e not in used and board.EDGE_ENDS[e][0] > 140]
    trial = state.copy()
    force_tracks(trial, filler[: trial.supply - 2], 1)
    assert not any(trial.cities_connected(p) for p in range(2))
    state = trial
    assert state.supply == 2
    build(state, 1, *edge_points(missing))
    assert state.round == 1 and state.supply == 1
    second = next(e for e in state.legal_edges(1) if e not in set(tree_for(EAST_HAND, {x for x, _ in state.tracks})))
    build(state, 1, *edge_points(second))
    assert state.round == 2
    record = state.rounds[0]
    assert record["reason"] == "connected" and record["ended_by"] == 0 and record["tracks_placed"] == 83
