"""HTML pieces every game's table uses (pure, CPython-tested)."""

from __future__ import annotations

from html import escape


def winners_heading(names: list[str], winners: list[int]) -> str:
    """The final result's title: who won, or who share the victory (names escaped)."""
    who = " and ".join(escape(names[w]) for w in winners)
    verb = "share the victory" if len(winners) > 1 else "wins"
    return f'<h2 id="final-result">{who} {verb}!</h2>'
