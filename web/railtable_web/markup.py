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


_BIDI_CLASSES = frozenset(("R", "AL", "AN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"))


def isolate(name: str) -> str:
    """A player's name as shown: a name holding right-to-left letters or bidi control characters
    (U+202E...) is wrapped in FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE, so it reads in its
    own direction and cannot reorder the text around it (a lobby row, a message, the tab's title).
    Other names are returned as they are."""
    if name.isascii():
        return name
    import unicodedata  # only for names beyond ASCII

    if any(unicodedata.bidirectional(c) in _BIDI_CLASSES for c in name):
        return "\u2068" + name + "\u2069"
    return name


__all__ = ["escape", "isolate", "split_even"]


def split_even(items: list[str], pieces: int) -> list[str]:
    """``items`` joined into at most ``pieces`` strings of consecutive items, as even as can be (a
    board drawn in pieces, ``dom.later_pieces``)."""
    size = max(1, -(-len(items) // pieces))
    return ["".join(items[i : i + size]) for i in range(0, len(items), size)]
