"""Scoring of a Round kept for the page: each round's record holds the board as it ended and,
per player, the free lines of the cheapest tree the engine counted; the log is events worded
when shown (English and French); the turn prompt's limit comes from the engine."""

from __future__ import annotations

import json

from transamerica_helpers import new_state, random_policy

from railtable.core import Rng
from railtable.transamerica import board, messages
from railtable.transamerica.bots import GreedyBot
from railtable.transamerica.state import TransAmericaState


def _played(seed: int, players: int) -> TransAmericaState:
    state = new_state(players, seed)
    bots = [GreedyBot(s, seed) for s in range(players)]
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    return state


def _joined(cities: list[str], lines: list[list[list[int]]]) -> bool:
    adj: dict[int, set[int]] = {}
    for a, b in lines:
        i, j = board.INDEX[tuple(a)], board.INDEX[tuple(b)]
        adj.setdefault(i, set()).add(j)
        adj.setdefault(j, set()).add(i)
    start = board.CITY_NODE[cities[0]]
    seen, stack = {start}, [start]
    while stack:
        for u in adj.get(stack.pop(), ()):
            if u not in seen:
                seen.add(u)
                stack.append(u)
    return all(board.CITY_NODE[c] in seen for c in cities)


def test_each_round_keeps_its_final_board_and_the_tree_that_was_counted() -> None:
    """Scoring of a Round: the points lost are the lines of a cheapest tree still free (1 per
    single, 2 per double); that tree with the round's tracks joins the player's 5 cities."""
    for seed, players in ((4, 3), (9, 6)):
        state = _played(seed, players)
        assert state.rounds
        for record in state.rounds:
            assert len(record["tracks"]) == record["tracks_placed"]
            assert all(m is not None for m in record["markers"])
            placed = {board.edge_index(a, b) for a, b, _seat in record["tracks"]}
            for p in range(players):
                needed = record["needed"][p]
                cost = sum(board.BASE_COST[board.edge_index(a, b)] for a, b in needed)
                assert cost == record["missing"][p]
                assert not placed & {board.edge_index(a, b) for a, b in needed}
                lines = [[a, b] for a, b, _s in record["tracks"]] + needed
                assert _joined(record["cities"][str(p)], lines)
                assert (needed == []) == (p in record["connected"])
        # the history survives a save and is in the spectator's view
        assert TransAmericaState.from_json(json.loads(json.dumps(state.to_json()))).rounds == state.rounds
        assert state.view(None)["rounds"] == state.rounds


def test_log_is_stored_as_events_and_worded_in_english_and_french() -> None:
    state = _played(4, 3)
    kinds = {entry[0] for entry in state.log}
    assert {"deal", "marker", "build", "score", "game_over"} <= kinds
    assert all(isinstance(entry[0], str) and isinstance(entry[1], dict) for entry in state.log)
    en = state.log_lines(0, lang="en")
    fr = state.log_lines(0, lang="fr")
    assert len(en) == len(fr) == len(state.log)
    assert en[-1].startswith("The game is over") and fr[-1].startswith("La partie est finie")
    # a player's own deal only in his own log
    own = [ev for ev in state.log_events(1) if ev[0] == "deal_own"]
    assert own and all(ev[1]["cities"] for ev in own)
    assert not [ev for ev in state.log_events(None) if ev[0] == "deal_own"]
    assert messages.place([8, 3], "en") == "a junction near Omaha"
    assert messages.place([8, 3], "fr") == "un croisement près d'Omaha"


def test_turn_prompt_words_the_engines_limit() -> None:
    """Network building rules: "1 or 2 tracks on single lines, or 1 track on a double line";
    the prompt follows the view's may_place, which the engine counts."""
    state = new_state(2, 3)
    rng = Rng(2)
    while state.phase == "marker":
        seat = state.to_act()[0]
        assert "starting marker" in messages.turn_prompt(state.view(seat))
        state.apply(random_policy(rng, state.legal_actions(seat)))
    seat = state.to_act()[0]
    view = state.view(seat)
    assert view["may_place"] == {"singles": 2, "doubles": 1}
    assert messages.turn_prompt(view) == "Your turn: place 1 or 2 single tracks, or 1 double track."
    assert messages.turn_prompt(state.view(1 - seat)) == ""
    single = next(a for a in state.legal_actions(seat)
                  if a["type"] == "build" and board.BASE_COST[board.edge_index(*a["edge"])] == 1)
    state.apply(single)
    view = state.view(seat)
    assert view["may_place"] == {"singles": 1, "doubles": 0}
    assert "1 more single track" in messages.turn_prompt(view)
    assert "1 rail simple" in messages.turn_prompt(view, "fr")
