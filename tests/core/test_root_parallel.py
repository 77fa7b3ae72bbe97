"""Root-parallel search (issue 33, "Use every core"): a Normal or Hard decision split into parts,
each with the same budget and samples of its own, merged arm by arm. The page runs the parts in
helper workers; here a helper is a plain call, which is what a worker runs (``run_part``)."""

from __future__ import annotations

from typing import Any

import pytest

from railtable.core import Rng
from railtable.core.game import action_key
from railtable.core.registry import get_game
from railtable.core.search import WAITING, FlatSearch, SearchBot, part_seed, run_part
from railtable.core.simulate import default_config


class Inline:
    """A helper pool that runs every part at once, in this process (what the workers compute)."""

    def __init__(self, game: str, fail: bool = False) -> None:
        self.info = get_game(game)
        self.fail = fail
        self.jobs: list[dict[str, Any]] = []
        self.parts: list[dict[str, Any] | None] = []
        self.polls = 0

    def __call__(self, job: dict[str, Any]) -> Inline:
        self.jobs.append(job)
        self.parts = [run_part(self.info.make_bot, job, i) for i in job["parts"]]
        return self

    def done(self) -> bool:
        self.polls += 1
        return self.polls > 2  # the helpers finish a little after the bot's own part

    def results(self) -> list[dict[str, Any]] | None:
        return None if self.fail else [p for p in self.parts if p is not None]


def searched_position(game: str, players: int, seed: int) -> tuple[Any, int]:
    """A game played by Easy bots to the first decision a Hard bot searches: (state, seat)."""
    info = get_game(game)
    state = info.setup(default_config(game, players, None), seed)
    easy = [info.make_bot("easy", s, seed * 31 + s) for s in range(players)]
    for _ in range(2000):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        hard = info.make_bot("hard", seat, 5)
        if len(legal) > 1 and hard.begin(state.view(seat), legal) is not None:
            return state, seat
        state.apply(easy[seat].choose(state.view(seat), legal) if len(legal) > 1 else legal[0])
    raise AssertionError("no searched decision")


def decide(bot: SearchBot, view: dict[str, Any], legal: list[Any]) -> tuple[Any, int]:
    """The bot's action and how many times it said it was waiting for its helpers."""
    steps = bot.decide(view, legal)
    waits = 0
    while True:
        try:
            if next(steps) == WAITING:
                waits += 1
        except StopIteration as done:
            return done.value, waits


@pytest.mark.parametrize(("game", "players", "seed"), [("transamerica", 2, 11), ("trains", 2, 12), ("stations", 3, 13)])
def test_parts_search_the_same_arms_and_add_up_to_parts_times_the_budget(game: str, players: int, seed: int) -> None:
    state, seat = searched_position(game, players, seed)
    view, legal = state.view(seat), state.legal_actions(seat)
    info = get_game(game)
    alone = info.make_bot("hard", seat, 9)
    alone_action, _ = decide(alone, view, legal)
    pool = Inline(game)
    bot = info.make_bot("hard", seat, 9)
    bot.spread, bot.parts = pool, 3
    action, waits = decide(bot, view, legal)
    assert waits == 2  # it waited for its helpers instead of returning its own part's choice
    search = bot.last
    assert isinstance(search, FlatSearch) and isinstance(alone.last, FlatSearch)
    job = pool.jobs[0]
    assert job["parts"] == [1, 2] and job["level"] == "hard" and job["seat"] == seat
    assert "seed" in job and set(job) == {"level", "seat", "view", "legal", "seed", "parts"}  # nothing but the view
    arms = [action_key(a) for a in search.arms]
    for part in pool.parts:
        assert part is not None and part["keys"] == arms  # the same candidates, from the view alone
    own = alone.last.counts
    assert search.counts == [3 * c for c in own]
    assert search.done_iterations == 3 * alone.last.done_iterations
    assert [round(x, 9) for x in search.sums] == [
        round(a + sum(p["sums"][i] for p in pool.parts if p), 9) for i, a in enumerate(alone.last.sums)]
    assert pool.parts[0] != pool.parts[1]  # each part its own samples
    # the same seeds and parts: the same move, whatever the timing
    again = info.make_bot("hard", seat, 9)
    again.spread, again.parts = Inline(game), 3
    assert decide(again, view, legal)[0] == action
    assert alone_action in legal and action in legal


def test_a_bot_without_helpers_or_whose_helpers_failed_plays_its_own_part() -> None:
    state, seat = searched_position("transamerica", 2, 21)
    view, legal = state.view(seat), state.legal_actions(seat)
    info = get_game("transamerica")
    alone = info.make_bot("hard", seat, 4)
    failed = info.make_bot("hard", seat, 4)
    failed.spread, failed.parts = Inline("transamerica", fail=True), 2
    one = info.make_bot("hard", seat, 4)
    one.spread, one.parts = Inline("transamerica"), 1  # parts 1: nobody is asked
    a, _ = decide(alone, view, legal)
    assert decide(failed, view, legal)[0] == a
    assert decide(one, view, legal) == (a, 0)
    assert alone.last.counts == failed.last.counts == one.last.counts  # type: ignore[union-attr]


def test_a_malformed_or_foreign_part_changes_nothing() -> None:
    state, seat = searched_position("transamerica", 2, 31)
    view, legal = state.view(seat), state.legal_actions(seat)
    bot = get_game("transamerica").make_bot("hard", seat, 4)
    search = bot.begin(view, legal)
    assert isinstance(search, FlatSearch)
    while not search.step(64):
        pass
    before = (list(search.sums), list(search.counts), search.done_iterations)
    keys = [action_key(a) for a in search.arms]
    for bad in ({}, {"keys": keys, "sums": [1.0], "counts": [1]}, {"keys": keys, "sums": ["x"] * len(keys), "counts": [1] * len(keys)},
                {"keys": keys, "sums": [float("nan")] * len(keys), "counts": [1] * len(keys)},
                {"keys": keys, "sums": [1.0] * len(keys), "counts": [-1] * len(keys)}, None):
        search.merge(bad)  # type: ignore[arg-type]
        assert (search.sums, search.counts, search.done_iterations) == before
    search.merge({"keys": ["not an arm"], "sums": [5.0], "counts": [9]})
    assert (search.sums, search.counts, search.done_iterations) == before
    search.merge({"keys": keys[:1], "sums": [0.5], "counts": [2]})
    assert search.counts[0] == before[1][0] + 2 and search.counts[1:] == before[1][1:]


def test_part_seeds_differ_from_each_other_and_part_zero_is_the_search_itself() -> None:
    seed = Rng(7).next_u64()
    assert part_seed(seed, 0) == seed
    seeds = {part_seed(seed, i) for i in range(8)}
    assert len(seeds) == 8 and all(0 <= s < 1 << 64 for s in seeds)
