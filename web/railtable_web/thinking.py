"""Bots think in slices, and a person may ask what Hard would do (issue 13, "The page stays alive
while a bot thinks").

All Python runs in the page's Web Worker, so a long search never freezes the page; but while a
search runs the worker answers no message. A search bot (``core.search.SearchBot``) offers
``decide(view, legal)``, its ``choose`` cut into slices: :func:`think` drives it, giving the event
loop a turn every :data:`SLICE_S` seconds, so the worker keeps answering the page (a click on
*Lobby* cancels the search at its next slice) and can say "thinking..." first. Budgets are
iteration counts, so the move is the one ``choose`` gives, however it is sliced.

A hint (:func:`hint`) is Hard's choice for the asking seat, computed from that seat's own view and
legal actions only, by a bot of its own: it draws from its own :class:`~railtable.core.rng.Rng`,
never the game's, and changes nothing in the match (tests/web/test_thinking.py compares the
state's JSON before and after). No DOM here: it runs on CPython too.
"""

from __future__ import annotations

import asyncio
import importlib
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from railtable.core import Action, Match
from railtable.core.game import action_key  # not core.search: the lobby does without it (issue 10)
from railtable.core.hint import Figures, Reason

SLICE_S = 0.04
"""How long the worker searches before giving the event loop a turn (seconds)."""

WAITING = "waiting"
"""``core.search.WAITING`` (not imported from there: the lobby does without core.search)."""

WAIT_S = 0.005
"""How long the worker sleeps between looks at its helpers' parts of a search (seconds)."""

HINT_LEVEL = "hard"
"""The level a hint asks ("What would Hard do?")."""


def steps_of(bot: Any, view: dict[str, Any], legal: list[Action], slice_size: int = 1) -> Generator[Any, None, Action]:
    """The bot's decision as a generator (yields between slices, returns the action).

    A bot without ``decide`` (the Easy rule bots: they answer in milliseconds) decides at once."""
    decide = getattr(bot, "decide", None)
    if decide is None:
        return bot.choose(view, legal)
    return (yield from decide(view, legal, slice_size))


async def think(steps: Generator[Any, None, Action], wanted: Callable[[], bool],
                started: Callable[[], None] | None = None) -> Action | None:
    """Run ``steps`` to its action, yielding to the event loop every :data:`SLICE_S` seconds.

    ``started()`` is called once, when the decision turns out to need a search (before its first
    pause). Returns None (and stops searching) as soon as ``wanted()`` is false."""
    deadline = time.perf_counter() + SLICE_S
    announced = False
    while True:
        try:
            got = next(steps)
        except StopIteration as done:
            return done.value
        if got == WAITING:  # its own part is done, the helpers' are not: sleep, do not spin
            await asyncio.sleep(WAIT_S)
            if not wanted():
                steps.close()
                return None
            deadline = time.perf_counter() + SLICE_S
            continue
        if not announced:
            announced = True
            if started is not None:
                started()
            deadline = 0.0  # let the page hear "thinking..." before the search goes on
        if time.perf_counter() >= deadline:
            await asyncio.sleep(0)
            if not wanted():
                steps.close()
                return None
            deadline = time.perf_counter() + SLICE_S


def run_steps(steps: Generator[Any, None, Action]) -> Action:
    """Run ``steps`` at once (CPython tests)."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


@dataclass
class Hint:
    """Hard's choice for ``seat``: the action, its index in ``legal_actions(seat)``, and why."""

    seat: int
    action: Action
    index: int
    share: float | None = None
    """The search's estimate of the seat's win share after the move (None: no search was needed)."""
    simulations: int = 0
    reason: Reason = ("rule", {})
    """Why, in one line (``railtable.core.hint``; worded by ``hint_text.render``)."""


def hint_steps(match: Match, seat: int, prepare: Callable[[Any], None] | None = None) -> Generator[Any, None, Hint | None]:
    """What Hard would play for ``seat`` now, from ``view(seat)`` and its legal actions only.

    The bot is a fresh one seeded from the game's seed and the number of actions played (a hint
    asked twice at the same moment gives the same answer); the match is never touched.
    ``prepare(bot)`` may give it helpers (``search_helpers``) before it searches."""
    state = match.state
    if seat not in state.to_act():
        return None
    legal = state.legal_actions(seat)
    if not legal:
        return None
    if HINT_LEVEL not in match.info.bots:
        return None
    view = state.view(seat)
    bot = match.info.make_bot(HINT_LEVEL, seat, match.seed * 31 + len(match.actions) + 7)
    if prepare is not None:
        prepare(bot)
    action = yield from steps_of(bot, view, legal)
    keys = [action_key(a) for a in legal]
    key = action_key(action)
    if key not in keys:
        return None
    figures = figures_of(getattr(bot, "last", None), action)
    if figures.simulations:
        yield None  # after a search, the reason is a slice of its own
    return Hint(seat, action, keys.index(key), figures.share, figures.simulations,
                reason_of(match.info.id, view, legal, action, figures))


def figures_of(search: Any, action: Action) -> Figures:
    """The search's estimated win share for ``action`` and for the best other candidate (their
    mean values over the simulated games, without the Easy bot's prior bonus), and how many
    simulations it ran (``Figures()`` when the move needed no search)."""
    if search is None:
        return Figures()
    key = action_key(action)
    done = int(getattr(search, "done_iterations", 0))
    means: list[tuple[str, float]] = []
    if hasattr(search, "stats"):  # TreeSearch: (action, visits, mean value)
        means = [(action_key(a), mean) for a, visits, mean in search.stats() if visits]
    elif hasattr(search, "sums") and hasattr(search, "arms"):  # FlatSearch
        means = [(action_key(a), total / count)
                 for a, total, count in zip(search.arms, search.sums, search.counts, strict=True) if count]
    share = next((max(0.0, min(1.0, m)) for k, m in means if k == key), None)
    others = [m for k, m in means if k != key]
    runner_up = max(0.0, min(1.0, max(others))) if others else None
    return Figures(share, runner_up if share is not None else None, done)


def reason_of(game: str, view: dict[str, Any], legal: list[Action], action: Action, figures: Figures) -> Reason:
    """The game's one-line reason for ``action`` (its ``hint.reason``, from the view only); a move
    with no other choice says so."""
    if len(legal) == 1:
        return "only_move", {}
    module = importlib.import_module(f"railtable.{game}.hint")
    return module.reason(view, legal, action, figures)  # type: ignore[no-any-return]


def hint_selectors(action: Action, index: int) -> list[str]:
    """CSS selectors (inside ``#table``) of what a person would click to play ``action``: every
    table marks a playable thing with ``data-act`` (its index in the legal list); the boards also
    mark spaces (``data-hex``), track lines (``data-edge``) and crossings (``data-at``)."""
    out = [f'[data-act="{index}"]']
    edge = action.get("edge")
    if isinstance(edge, list | tuple) and len(edge) == 2:
        (x1, y1), (x2, y2) = edge
        out += [f'[data-edge="{x1},{y1},{x2},{y2}"]', f'[data-edge="{x2},{y2},{x1},{y1}"]']
    at = action.get("at")
    if isinstance(at, list | tuple) and len(at) == 2:
        out.append(f'[data-at="{at[0]},{at[1]}"]')
    if "hex" in action:
        out.append(f'[data-hex="{action["hex"]}"]')
    if action.get("type") == "end_turn":
        out += ["#end-turn", "#tr-end"]  # (TransAmerica's button, Trains')
    if action.get("type") == "return_waste":
        out.append("#tr-pass")
    return out


HINT_COLOUR = "#f5b301"


def hint_css(selectors: list[str]) -> str:
    """A style sheet that rings the hinted move (HTML elements and SVG shapes alike)."""
    if not selectors:
        return ""
    sel = ", ".join(selectors)
    return (
        f"#table :is({sel}) {{ outline: 3px solid {HINT_COLOUR} !important; outline-offset: 2px; "
        "animation: railtable-hint 0.9s ease-in-out 3; }\n"
        f"#table svg :is({sel}) {{ stroke: {HINT_COLOUR} !important; stroke-width: 5px !important; "
        f"stroke-opacity: 1 !important; fill: {HINT_COLOUR} !important; fill-opacity: 0.55 !important; }}\n"
        "@keyframes railtable-hint { 50% { outline-offset: 6px; } }\n"
    )
