"""Bots thinking in slices and the move hint (issue 13, "The page stays alive while a bot thinks").

A bot's move must not depend on how its search is sliced (budgets are iteration counts, so a seeded
game plays the same moves in the worker as on CPython); a hint must never change the game: it
draws from a bot's own RNG, never the state's, and decides from the asking seat's view only.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import fresh_loop
import pytest
from railtable_web import hint_text, i18n, thinking

from railtable.core import Match
from railtable.core.search import action_key


def _played(game: str, players: list[str], seats: list[str | None], seed: int, moves: int) -> Match:
    """A match after ``moves`` actions of Easy bots in every seat (the humans' seats too)."""
    match = Match(game, {"players": players}, seed, seats)
    easy = [match.info.make_bot("easy", i, seed + i) for i in range(len(players))]
    for _ in range(moves):
        state = match.state
        if state.is_over():
            break
        seat = state.to_act()[0]
        match.apply(easy[seat].choose(state.view(seat), state.legal_actions(seat)))
    return match


def _state_text(match: Match) -> str:
    return json.dumps(match.state.to_json(), sort_keys=True)


@pytest.mark.parametrize("game,level,moves", [("transamerica", "normal", 3), ("trains", "normal", 75),
                                               ("transamerica", "hard", 6)])
def test_a_bot_decides_the_same_move_in_one_go_and_in_slices_of_one(game: str, level: str, moves: int) -> None:
    players = ["A", "B", "C"]
    match = _played(game, players, [level] * 3, 4, moves)
    state = match.state
    seat = state.to_act()[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    whole = match.info.make_bot(level, seat, 77).choose(view, legal)
    sliced_bot = match.info.make_bot(level, seat, 77)
    steps = thinking.steps_of(sliced_bot, view, legal, slice_size=1)
    pauses = 0
    while True:
        try:
            next(steps)
            pauses += 1
        except StopIteration as done:
            sliced = done.value
            break
    assert action_key(sliced) == action_key(whole)
    assert sliced_bot.last is not None and pauses > 1  # a searched decision, really cut in slices


def test_think_stops_a_search_when_the_table_is_left() -> None:
    match = _played("transamerica", ["A", "B", "C"], ["hard"] * 3, 4, 3)
    state = match.state
    seat = state.to_act()[0]
    bot = match.info.make_bot("hard", seat, 5)
    assert bot.begin(state.view(seat), state.legal_actions(seat)) is not None  # a searched decision
    bot = match.info.make_bot("hard", seat, 5)
    steps = thinking.steps_of(bot, state.view(seat), state.legal_actions(seat))
    announced: list[bool] = []
    result = fresh_loop.run(thinking.think(steps, wanted=lambda: False, started=lambda: announced.append(True)))
    assert result is None and announced == [True]
    assert bot.last is not None and bot.last.done_iterations < bot.level.budget.iterations


def test_think_sleeps_while_a_bot_waits_for_its_helpers_and_stops_if_the_table_is_left() -> None:
    """A root-parallel search's own part is done before its helpers' (``core.search.WAITING``):
    the worker sleeps between looks (the page's other work goes on), never spins."""
    from railtable.core import search

    assert thinking.WAITING == search.WAITING

    def steps(waits: int) -> Any:
        yield object()  # a slice of its own search
        for _ in range(waits):
            yield thinking.WAITING
        return {"type": "done"}

    slept: list[float] = []
    real_sleep = thinking.asyncio.sleep

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        await real_sleep(0)

    thinking.asyncio.sleep = sleep  # type: ignore[assignment]
    try:
        assert fresh_loop.run(thinking.think(steps(5), wanted=lambda: True)) == {"type": "done"}
        assert slept.count(thinking.WAIT_S) == 5
        looks: list[int] = []

        def wanted() -> bool:  # the table is left at the third look
            looks.append(1)
            return len(looks) < 3

        assert fresh_loop.run(thinking.think(steps(50), wanted=wanted)) is None
        assert len(looks) == 3
    finally:
        thinking.asyncio.sleep = real_sleep  # type: ignore[assignment]


@pytest.mark.parametrize("game,moves,searched", [("transamerica", 3, True), ("transamerica", 6, True),
                                                ("transamerica", 1, False), ("trains", 75, True)])
def test_a_hint_changes_nothing_in_the_game(game: str, moves: int, searched: bool) -> None:
    match = _played(game, ["Ann", "Bob", "Cid"], [None, "easy", "easy"], 4, moves)
    seat = match.state.to_act()[0]
    before, actions, rng = _state_text(match), list(match.actions), match.state.rng.to_json()
    hint = thinking.run_steps(thinking.hint_steps(match, seat))
    assert hint is not None and (hint.simulations > 0) == searched
    assert (hint.share is not None) == searched
    assert _state_text(match) == before  # the state's JSON, its RNG included
    assert match.state.rng.to_json() == rng and match.actions == actions
    legal = match.state.legal_actions(seat)
    assert action_key(legal[hint.index]) == action_key(hint.action)
    again = thinking.run_steps(thinking.hint_steps(match, seat))
    assert again is not None and again.index == hint.index  # asked twice at one moment: one answer
    assert again.reason == hint.reason and hint.reason[0] in hint_text.TEXTS["en"]  # and one reason
    match.apply(hint.action)  # and it is a legal move


def test_a_hint_is_decided_from_the_asking_seats_view_only() -> None:
    match = _played("transamerica", ["Ann", "Bob", "Cid"], [None, "easy", "easy"], 4, 3)
    seat = match.state.to_act()[0]
    seen: list[Any] = []
    real_view = type(match.state).view

    def spy(state: Any, player: int | None) -> dict[str, Any]:
        seen.append(player)
        return real_view(state, player)

    type(match.state).view = spy  # type: ignore[method-assign]
    try:
        thinking.run_steps(thinking.hint_steps(match, seat))
    finally:
        type(match.state).view = real_view  # type: ignore[method-assign]
    assert seen and set(seen) == {seat}


def test_no_hint_for_a_seat_that_is_not_to_act_or_a_game_without_hard() -> None:
    """Trains & Stations has a Hard level now (issue 13); a game without one gives no hint."""
    match = _played("transamerica", ["Ann", "Bob"], [None, "easy"], 4, 1)
    waiting = 1 - match.state.to_act()[0]
    assert thinking.run_steps(thinking.hint_steps(match, waiting)) is None
    stations = Match("stations", {"players": ["A", "B", "C"]}, 1, [None, "easy", "easy"])
    seat = stations.state.to_act()[0]
    hint = thinking.run_steps(thinking.hint_steps(stations, seat))
    assert hint is not None and stations.state.legal_actions(seat)[hint.index] == hint.action
    without_hard = {k: v for k, v in stations.info.bots.items() if k != "hard"}
    stations.info = dataclasses.replace(stations.info, bots=without_hard)
    assert thinking.run_steps(thinking.hint_steps(stations, seat)) is None


def test_hint_selectors_ring_what_a_person_clicks() -> None:
    build = {"type": "build", "player": 0, "edge": [[3, 4], [4, 4]]}
    sels = thinking.hint_selectors(build, 5)
    assert '[data-act="5"]' in sels and '[data-edge="3,4,4,4"]' in sels and '[data-edge="4,4,3,4"]' in sels
    assert '[data-at="2,7"]' in thinking.hint_selectors({"type": "place_marker", "player": 0, "at": [2, 7]}, 0)
    assert '[data-hex="h12"]' in thinking.hint_selectors({"type": "lay_rail", "player": 0, "hex": "h12"}, 1)
    # Trains' turn buttons are #tr-end and #tr-pass (rulebook "Reduce & Reuse": returning Waste is a button)
    assert "#tr-end" in thinking.hint_selectors({"type": "end_turn", "player": 0}, 3)
    assert "#tr-pass" in thinking.hint_selectors({"type": "return_waste", "player": 0}, 0)
    css = thinking.hint_css(sels)
    assert css.startswith('#table :is([data-act="5"]') and "#table svg :is(" in css
    assert thinking.hint_css([]) == ""


def test_bot_levels_are_named_for_a_player_in_both_languages() -> None:
    try:
        i18n.set_language("en")
        assert i18n.bot_name("hard") == "Bot (Hard)"
        i18n.set_language("fr")
        assert i18n.bot_name("easy") == "Robot (Facile)"
        assert i18n.bot_name("hard") == "Robot (Difficile)"
        assert "réfléchit" in i18n.t("thinking", name="Ada")
    finally:
        i18n.set_language("en")


def _scramble(match: Match, seat: int) -> None:
    """Change what ``seat`` may not see: another seat's cities (TransAmerica), hand and deck (Trains),
    Power cards (Trains & Stations)."""
    state: Any = match.state
    other = (seat + 1) % state.num_players
    if match.info.id == "transamerica":
        state.hands[other] = list(reversed(state.hands[other]))[:4] + [
            next(c for c in ("Seattle", "Boston", "Dallas", "Denver", "Helena")
                 if c not in state.hands[other] and c not in state.hands[seat])]
    elif match.info.id == "trains":
        z = state.zones
        z.hands[other], z.decks[other] = z.decks[other][:len(z.hands[other])], z.hands[other] + z.decks[other][len(z.hands[other]):]
    else:
        state.power_hands[other], state.power_deck = state.power_deck[:len(state.power_hands[other])], \
            state.power_hands[other] + state.power_deck[len(state.power_hands[other]):]


@pytest.mark.parametrize("game,players,moves", [("transamerica", 3, 6), ("trains", 2, 75), ("stations", 3, 12)])
def test_a_hints_reason_is_the_same_whatever_the_others_hide(game: str, players: int, moves: int) -> None:
    """Issue 32: the reason comes from the asking seat's view and the search's figures, both blind to
    another seat's hidden cards: changing those changes neither the move nor its reason."""
    match = _played(game, ["Ann", "Bob", "Cid"][:players], [None] + ["easy"] * (players - 1), 4, moves)
    while match.state.to_act()[0] != 0 or len(match.state.legal_actions(0)) < 2:
        seat = match.state.to_act()[0]
        match.apply(match.info.make_bot("easy", seat, 1).choose(match.state.view(seat), match.state.legal_actions(seat)))
    hint = thinking.run_steps(thinking.hint_steps(match, 0))
    assert hint is not None and hint.simulations > 0  # a searched move: its figures are compared too
    before = _state_text(match)
    _scramble(match, 0)
    assert _state_text(match) != before  # the hidden part did change
    again = thinking.run_steps(thinking.hint_steps(match, 0))
    assert hint is not None and again is not None
    assert (again.index, again.share, again.reason) == (hint.index, hint.share, hint.reason)
