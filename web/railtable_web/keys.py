"""Keyboard play on the boards (issue 14): what the Python side writes for ``web/keys.js``.

Python runs in a Web Worker and cannot follow focus or keys, so the page's main thread does it
(``web/keys.js``), driven by attributes written here:

- every legal board target is a named, focusable button (:func:`target_attrs`: ``role="button"``,
  an ``aria-label`` naming the move, ``data-key-target``, one ``tabindex="0"`` per board): the
  arrow keys move to the nearest legal target in that direction, Enter or Space plays it (a
  click, which the page forwards here like a mouse click);
- a board container carries ``data-key-board`` and the table root ``data-key-after``: the
  selectors (``|``-separated, first match wins) that get focus after a move when no legal target
  is left near the one just played (:func:`board_attrs`, :func:`after_attrs`);
- new log lines are said through the page's polite live region ``#live`` (:func:`announce`).
"""

from __future__ import annotations

from collections.abc import Sequence

from .dom import q
from .markup import escape

TARGET = "[data-key-target]"


def target_attrs(label: str, first: bool = False) -> str:
    """Attributes that make an SVG element a named, focusable button (one tab stop per board)."""
    return (f' tabindex="{0 if first else -1}" role="button" data-key-target="1" '
            f'aria-label="{escape(label, quote=True)}"')


def board_attrs() -> str:
    """Attributes of a board container whose targets ``web/keys.js`` moves between."""
    return ' data-key-board="1"'


def after_attrs(selectors: Sequence[str]) -> str:
    """Attributes of a table root: where focus goes after a move that left no target near."""
    return f' data-key-after="{escape("|".join(selectors), quote=True)}"'


def announce(lines: Sequence[str]) -> None:
    """Say new log lines through the page's polite live region (``#live``)."""
    if lines:
        q("#live").textContent = " ".join(lines[-3:])
