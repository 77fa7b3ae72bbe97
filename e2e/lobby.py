"""What every browser test does in the lobby: choose a game, seat the players, start."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def start_game(
    page: Any,
    server: Any,
    wait_engine: Callable[[Any], None],
    game: str,
    seats: list[tuple[str, str]],
    seed: int,
    *,
    lang: str | None = None,
    options: Callable[[Any], None] | None = None,
) -> None:
    """Open the lobby, set up ``game`` with ``seats`` (name, "human" or a bot kind) and start it."""
    page.goto(server.url)
    wait_engine(page)
    if lang is not None:
        page.select_option("#lang", lang)
    choose_seats(page, game, seats)
    if options is not None:
        options(page)
    page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_selector("#table:not([hidden])")


def choose_seats(page: Any, game: str, seats: list[tuple[str, str]]) -> None:
    """Choose ``game`` in the lobby and seat ``seats`` (name, "human", "remote" or a bot kind)."""
    page.click(f"#game-choice label:has(input[value={game}])")
    page.select_option("#player-count", str(len(seats)))
    rows = page.locator("#seats .seat")
    for i, (name, kind) in enumerate(seats):
        rows.nth(i).locator("input").fill(name)
        rows.nth(i).locator("select").select_option(kind)


def moves(page: Any) -> int:
    """How many actions the match has (the page sets it after every redraw)."""
    return int(page.evaluate("document.documentElement.dataset.moves || '0'"))


def wait_moves_above(page: Any, n: int) -> None:
    page.wait_for_function(f"Number(document.documentElement.dataset.moves) > {n}")


ACTIONS_JS = """() => window.railtable.run(
  "__import__('railtable_web.app').app.APP.session.match.actions.__len__()")"""


def actions(page: Any) -> int:
    """How many actions the open match has, asked of the engine (``data-moves`` counts public
    moves only: a secret step, e.g. a speculation offer, does not show there; issue 15)."""
    return int(page.evaluate(ACTIONS_JS))


def wait_actions_above(page: Any, n: int, timeout_ms: int = 15_000) -> None:
    import time

    end = time.monotonic() + timeout_ms / 1000
    while actions(page) <= n:
        if time.monotonic() > end:
            raise TimeoutError(f"the match still has {n} actions or fewer after {timeout_ms} ms")
        page.wait_for_timeout(50)
