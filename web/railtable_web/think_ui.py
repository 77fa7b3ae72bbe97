"""The table's side of bots that think and of the move hint (issue 13, "The page stays alive while a
bot thinks"); the logic is in :mod:`thinking` (tested on CPython), the drawing here.

- Bot seats in the lobby are named by level in the reader's language ("Bot (Hard)").
- While a bot searches, the top bar says "Ada is thinking…" (``#bot-status``,
  ``html[data-thinking]`` holds the seat); the search runs in slices, so leaving the table stops it.
- *What would Hard do?* (``#hint``, shown on a person's turn in games with a Hard level) asks a
  Hard bot of the person's own seat, from their view only; the move is ringed on the table (a style
  sheet in ``#hint-style`` (a constructed sheet: web/page.js) matching what a person would click) and
  the flash says why in one line (issue 32: ``hint_text``), above the search's estimate.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import dom, hint_text, i18n, search_helpers, thinking
from .dom import q, show
from .i18n import t


@dataclass
class _Asked:
    """The hint on screen (or being computed): for which table, seat and moment."""

    table: Any
    seat: int
    moves: int


_HINT: dict[str, _Asked | None] = {"shown": None, "busy": None}


def _status(text: str | None, seat: int | None = None) -> None:
    box = q("#bot-status")
    box.textContent = text or ""
    show(box, bool(text))
    q("html").dataset.thinking = "" if seat is None else str(seat)


async def bot_decision(app: Any, generation: int) -> Any:
    """The move of the bot whose turn it is, searched in slices (None: stopped, or nothing to do).

    Stops as soon as the table is left or another moment is on screen (``app.generation``)."""
    session = app.session
    seat = session.bot_to_act() if session is not None else None
    if seat is None:
        return None
    state = session.match.state
    moves = len(session.match.actions)
    bot = session.bot(seat)
    _with_helpers(app, bot, session.match.info.id)
    steps = thinking.steps_of(bot, state.view(seat), state.legal_actions(seat))

    def wanted() -> bool:
        return app.session is session and app.generation == generation and len(session.match.actions) == moves

    try:
        action = await thinking.think(steps, wanted, lambda: _status(t("thinking", name=session.names[seat]), seat))
    finally:
        if app.session is session or app.session is None:
            _status(None)
    return action if wanted() else None


def _with_helpers(app: Any, bot: Any, game_id: str) -> None:
    """Let a search bot split its decision with the page's helper workers, where the device has
    cores to spare (``search_helpers``)."""
    pool = search_helpers.helpers(app.store.settings)  # read once, when the helpers are made
    if pool is not None:
        pool.attach(bot, game_id)


def hint_available(app: Any) -> bool:
    """A person is at the screen, it is their move, and the game has a Hard level."""
    s = app.session
    if s is None or s.viewer is None or s.needs_privacy_screen() or s.match.state.is_over():
        return False
    return s.viewer in s.match.state.to_act() and thinking.HINT_LEVEL in s.match.info.bots


def after_redraw(app: Any) -> None:
    """Show the hint button when it may be used; drop a hint whose moment has passed."""
    button = q("#hint")
    usable = hint_available(app)
    show(button, usable)
    button.disabled = _HINT["busy"] is not None
    shown = _HINT["shown"]
    s = app.session
    if shown is not None and (s is None or shown.table is not app.table or shown.seat != s.viewer
                              or shown.moves != len(s.match.actions)):
        clear_hint()


def hint_on_screen() -> bool:
    """A hint's ring is shown (a lesson's ring waits until its moment has passed)."""
    return _HINT["shown"] is not None


def clear_hint() -> None:
    _HINT["shown"] = None
    q("#hint-style").textContent = ""
    q("html").dataset.hint = ""


async def ask_hint(app: Any) -> None:
    """What would Hard do? Computed in slices from the person's own view; ringed on the table."""
    s = app.session
    if not hint_available(app) or _HINT["busy"] is not None:
        return
    seat = s.viewer
    asked = _Asked(app.table, seat, len(s.match.actions))
    _HINT["busy"] = asked
    q("#hint").disabled = True

    def wanted() -> bool:
        return (app.session is s and app.table is asked.table and s.viewer == seat
                and len(s.match.actions) == asked.moves)

    try:
        steps = thinking.hint_steps(s.match, seat, prepare=lambda bot: _with_helpers(app, bot, s.match.info.id))
        result = await thinking.think(steps, wanted,
                                      lambda: _status(t("hint_thinking")))
    except Exception as exc:  # a bot bug must not break the table: say it, keep playing
        dom.log("error", f"hint failure: {exc!r}")
        result = None
    finally:
        _HINT["busy"] = None
        _status(None)
        q("#hint").disabled = False
    if not wanted():
        return
    if result is None:
        app.flash(t("hint_none"))
        return
    _HINT["shown"] = asked
    q("#hint-style").textContent = thinking.hint_css(thinking.hint_selectors(result.action, result.index))
    q("html").dataset.hint = str(result.index)
    reason = hint_text.render(*result.reason, lang=i18n.language())
    if result.share is not None:
        app.flash(t("hint_share", share=round(100 * result.share), n=result.simulations), lead=reason)
    else:
        app.flash(t("hint_plain"), lead=reason)
    dom.flush()
