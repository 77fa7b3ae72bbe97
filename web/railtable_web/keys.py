"""Keyboard play on the SVG boards (issue 14).

Every legal board target is a focusable element (``role="button"``, an ``aria-label`` that names
the move) with a roving tab stop: Tab reaches the board once, the arrow keys move to the nearest
legal target in that direction, Enter or Space plays it. After a move the board is redrawn; focus
goes back to the legal target nearest the one just played, or to the table's next sensible control.

The pure parts (``target_attrs``, ``nearest``) are tested on CPython; the rest touches the DOM.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

TARGET = "[data-key-target]"
ARROWS = {"ArrowRight": (1.0, 0.0), "ArrowLeft": (-1.0, 0.0), "ArrowDown": (0.0, 1.0), "ArrowUp": (0.0, -1.0)}


def target_attrs(label: str, first: bool = False) -> str:
    """Attributes that make an SVG element a named, focusable button (one tab stop per board)."""
    return (f' tabindex="{0 if first else -1}" role="button" data-key-target="1" '
            f'aria-label="{escape(label, quote=True)}"')


def nearest(points: Sequence[tuple[float, float]], start: tuple[float, float],
            direction: tuple[float, float]) -> int | None:
    """Index of the point nearest ``start`` that lies in ``direction`` (within 60 degrees of it).

    Distance is weighted against straying sideways, so ArrowRight prefers a target to the right
    on the same row over a nearer one far above. None when nothing lies that way.
    """
    dx, dy = direction
    best, best_score = None, 0.0
    for i, (x, y) in enumerate(points):
        vx, vy = x - start[0], y - start[1]
        along = vx * dx + vy * dy
        across = abs(vx * dy - vy * dx)
        if along <= 0.5 or across > along * 1.8:
            continue
        score = along + 2.0 * across
        if best is None or score < best_score:
            best, best_score = i, score
    return best


def nearest_any(points: Sequence[tuple[float, float]], start: tuple[float, float]) -> int | None:
    """Index of the point nearest ``start`` in any direction."""
    best, best_d = None, 0.0
    for i, (x, y) in enumerate(points):
        d = (x - start[0]) ** 2 + (y - start[1]) ** 2
        if best is None or d < best_d:
            best, best_d = i, d
    return best


# ---- the DOM side (browser only) -----------------------------------------------------------
def _centre(el: Any) -> tuple[float, float]:
    r = el.getBoundingClientRect()
    return (float(r.left) + float(r.width) / 2, float(r.top) + float(r.height) / 2)


def focus_quietly(el: Any) -> None:
    """Focus without scrolling the page (the board or a control may sit below the fold)."""
    from pyodide.ffi import to_js
    from pyscript import window

    el.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))


def _focus(el: Any, root: Any) -> None:
    for other in root.querySelectorAll(TARGET):
        other.setAttribute("tabindex", "-1")
    el.setAttribute("tabindex", "0")
    focus_quietly(el)


class BoardKeys:
    """Keyboard handling of one board: delegated keydown, focus kept across redraws."""

    def __init__(self, board: Any, activate: Callable[[Any], None]) -> None:
        from .dom import on

        self.board = board
        self.activate = activate
        self.last: tuple[float, float] | None = None  # where the last played target was
        on(board, "keydown", self.on_key)
        on(board, "click", self.remember)

    def targets(self) -> list[Any]:
        return list(self.board.querySelectorAll(TARGET))

    def remember(self, event: Any) -> None:
        from .dom import is_null

        target = event.target.closest(TARGET) if hasattr(event.target, "closest") else None
        if not is_null(target):
            self.last = _centre(target)

    def on_key(self, event: Any) -> None:
        from .dom import is_null

        target = event.target.closest(TARGET)
        if is_null(target):
            return
        key = event.key
        if key in ("Enter", " "):
            event.preventDefault()
            self.last = _centre(target)
            self.activate(event)
        elif key in ARROWS:
            event.preventDefault()
            els = self.targets()
            i = nearest([_centre(e) for e in els], _centre(target), ARROWS[key])
            if i is not None:
                _focus(els[i], self.board)
        elif key in ("Home", "End"):
            event.preventDefault()
            els = self.targets()
            if els:
                _focus(els[0] if key == "Home" else els[-1], self.board)

    def after_render(self, fallbacks: Sequence[str] = ()) -> None:
        """Keep one tab stop on the board; if focus was lost in the redraw, put it somewhere sensible.

        Focus goes to the legal target nearest the one just played, else to the first of
        ``fallbacks`` (selectors) that exists and is enabled. Nothing moves while a window or the
        privacy screen is up, or when focus is still on a live element.
        """
        from pyscript import document

        from .dom import is_null

        els = self.targets()
        if els and not any(e.getAttribute("tabindex") == "0" for e in els):
            els[0].setAttribute("tabindex", "0")
        active = document.activeElement
        lost = is_null(active) or active == document.body or not active.isConnected
        # focus parked on a status line (tabindex -1) while others played: back to the board
        parked = not lost and els and active.getAttribute("tabindex") == "-1" and is_null(active.closest(TARGET))
        lost = lost or bool(parked)
        modal, privacy = document.querySelector("#modal"), document.querySelector("#privacy")
        if not lost or (not is_null(modal) and not modal.hidden) or (not is_null(privacy) and not privacy.hidden):
            return
        if els and self.last is not None:
            i = nearest_any([_centre(e) for e in els], self.last)
            if i is not None:
                _focus(els[i], self.board)
                return
        for selector in fallbacks:
            el = document.querySelector(selector)
            if not is_null(el) and not el.matches(":disabled"):
                focus_quietly(el)
                return


def announce(lines: Sequence[str]) -> None:
    """Say new log lines through the page's polite live region (``#live``), if it has one."""
    from pyscript import document

    from .dom import is_null

    live = document.querySelector("#live")
    if lines and not is_null(live):
        live.textContent = " ".join(lines[-3:])
