"""How many helper workers a device gets, and what a helper answers (issue 33, "Use every core";
web/railtable_web/search_helpers.py). The workers themselves: e2e/test_helper_workers.py."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from railtable_web import search_helpers

from railtable.core.registry import get_game

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
from test_root_parallel import Inline, decide, searched_position  # noqa: E402


def test_a_device_with_two_cores_or_fewer_gets_no_helper_a_phone_one_at_most() -> None:
    assert [search_helpers.wanted(c, phone=False) for c in (0, 1, 2, 3, 4, 6, 8, 16)] == [0, 0, 0, 1, 2, 3, 3, 3]
    assert [search_helpers.wanted(c, phone=True) for c in (2, 4, 8)] == [0, 1, 1]
    assert search_helpers.wanted(2, phone=False, setting="1") == 1  # the setting overrides
    assert search_helpers.wanted(8, phone=False, setting="0") == 0
    assert search_helpers.wanted(8, phone=False, setting="9") == search_helpers.MAX_HELPERS
    assert search_helpers.wanted(4, phone=False, setting="many") == 2  # not a number: the device decides


def test_a_helpers_answer_is_the_part_cpython_computes() -> None:
    state, seat = searched_position("stations", 3, 13)
    view, legal = state.view(seat), state.legal_actions(seat)
    bot = get_game("stations").make_bot("hard", seat, 9)
    bot.parts = 3
    bot.begin(view, legal)
    job = dict(bot.part_job(view, legal), game="stations")
    text = json.dumps(job)
    pool = Inline("stations")
    pool(job)
    assert [json.loads(search_helpers.answer(text, i)) for i in (1, 2)] == pool.parts


class FakePool:
    """``self.railtableHelpers`` in the engine worker, as Python sees it."""

    def __init__(self, up: int) -> None:
        self.up = up
        self.wanted: list[int] = []

    def want(self, k: int) -> None:
        self.wanted.append(k)

    def ready(self) -> int:
        return self.up


def test_a_bot_splits_its_decision_only_with_helpers_that_are_up() -> None:
    pool = FakePool(0)
    helpers = search_helpers.Helpers(pool, 2)
    info = get_game("transamerica")
    first: Any = info.make_bot("hard", 0, 1)
    helpers.attach(first, "transamerica")
    assert pool.wanted == [2] and first.parts == 1 and first.spread is None  # asked once, none up yet
    pool.up = 1
    second: Any = info.make_bot("hard", 0, 1)
    helpers.attach(second, "transamerica")
    assert pool.wanted == [2] and second.parts == 2 and second.spread is not None
    easy: Any = info.make_bot("easy", 0, 1)
    helpers.attach(easy, "transamerica")  # a rule bot has nothing to split
    assert not hasattr(easy, "parts")


def test_the_same_decision_with_the_same_parts_is_the_same_move() -> None:
    state, seat = searched_position("transamerica", 2, 11)
    view, legal = state.view(seat), state.legal_actions(seat)
    moves = set()
    for _ in range(2):
        bot = get_game("transamerica").make_bot("hard", seat, 9)
        bot.spread, bot.parts = Inline("transamerica"), 2
        moves.add(json.dumps(decide(bot, view, legal)[0], sort_keys=True))
    assert len(moves) == 1
