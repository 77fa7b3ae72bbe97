"""HTML pieces every game's table uses (pure, CPython-tested)."""

from __future__ import annotations

from html import escape

from . import i18n


def winners_heading(names: list[str], winners: list[int]) -> str:
    """The final result's title in the page's language: who won, or who share the victory (names escaped)."""
    who = i18n.t("and").join(escape(names[w]) for w in winners)
    return f'<h2 id="final-result">{i18n.t("share_victory" if len(winners) > 1 else "wins", who=who)}</h2>'
