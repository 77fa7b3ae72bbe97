"""The log of a game of Trains in words, from ``i18n.json``.

The engine stores each log event as data, ``[kind, args]`` (or ``[kind, args, {seat: [kind, args]}]``
when some players see a line of their own, such as the cards they drew), and never the text.
:func:`render` turns one event into a line in a language of ``i18n.json`` (English today; a
language is one more table there), the same way :mod:`railtable.stations.messages` does.

Argument names decide how a value is shown: ``p`` is a seat (the player's name), ``winners`` a
list of seats, ``hex`` a board space (its label), ``board`` a board id (its name), ``cards`` and
``kingdom`` lists of card names (``nothing`` when empty), ``trains`` a list of card names (``no
Train`` when empty), ``gain`` money a played card gives (nothing shown for 0), ``end`` the reason
the game ended (itself an event); anything else is shown as it is.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from .board import Board, load_board

LANGUAGES = ("en",)

Event = list[Any]
"""``[kind, args]``: one log event as stored."""


@cache
def strings() -> dict[str, dict[str, str]]:
    """``{lang: {key: text}}`` for every log template and word."""
    raw = json.loads(resources.files(__package__).joinpath("i18n.json").read_text(encoding="utf-8"))
    return {lang: raw[lang] for lang in LANGUAGES}


def term(key: str, lang: str = "en") -> str:
    table = strings().get(lang) or strings()["en"]
    return table.get(key) or strings()["en"].get(key) or key


def _show(name: str, value: Any, lang: str, names: list[str], board: Board) -> str:
    if name == "p":
        return names[int(value)]
    if name == "winners":
        return term("word.and", lang).join(names[int(w)] for w in value)
    if name == "hex":
        return board.label(int(value))
    if name == "board":
        return load_board(str(value)).name
    if name in ("cards", "kingdom"):
        return ", ".join(value) or term("word.nothing", lang)
    if name == "piles":
        return ", ".join(value)
    if name in ("took", "found"):
        return ", ".join(value) or term("word.nothing", lang)
    if name == "trains":
        return ", ".join(value) or term("word.no_train", lang)
    if name == "gain":
        return term("log.gain_money", lang).format(n=value) if value else ""
    if name == "end":
        return render(value[0], value[1], lang, names, board, prefix="end.")
    return str(value)


def render(kind: str, args: dict[str, Any], lang: str, names: list[str], board: Board, prefix: str = "log.") -> str:
    """One event as a line in ``lang`` (``names``: the players; ``board``: for space labels)."""
    shown = {k: _show(k, v, lang, names, board) for k, v in args.items()}
    return term(prefix + kind, lang).format(**shown)


def line(entry: Event, seat: int | None, lang: str, names: list[str], board: Board) -> str:
    """A stored log entry as ``seat`` reads it (their own private line if it has one)."""
    if seat is not None and len(entry) > 2 and str(seat) in entry[2]:
        kind, args = entry[2][str(seat)]
    else:
        kind, args = entry[0], entry[1]
    return render(kind, args, lang, names, board)


__all__ = ["LANGUAGES", "line", "render", "strings", "term"]
