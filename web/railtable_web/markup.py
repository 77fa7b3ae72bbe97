"""Text made safe for HTML: player names and every other text the page writes as markup.

The same function as the standard library's ``html.escape`` (``tests/web/test_markup.py`` checks
that on arbitrary text), written here because importing the ``html`` package also imports
``html.entities``, a 2,000-entry table that costs about 55 ms in Pyodide on every cold boot
(issue 10, "Boot to Start enabled within 300 ms of the bare Pyodide page").
"""

from __future__ import annotations


def escape(s: str, quote: bool = True) -> str:
    """``&``, ``<`` and ``>`` as character references; with ``quote``, ``"`` and ``'`` too."""
    s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if quote:
        s = s.replace('"', "&quot;").replace("'", "&#x27;")
    return s


__all__ = ["escape"]


def split_even(items: list[str], pieces: int) -> list[str]:
    """``items`` joined into at most ``pieces`` strings of consecutive items, as even as can be (a
    board drawn in pieces, ``dom.later_pieces``)."""
    size = max(1, -(-len(items) // pieces))
    return ["".join(items[i : i + size]) for i in range(0, len(items), size)]
