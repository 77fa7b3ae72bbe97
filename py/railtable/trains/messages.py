"""The words of a game of Trains, from ``i18n.json``: the log, the prompts of card effects, their
options and why an effect cannot be applied, in English and French.

The engine stores each log event as data, ``[kind, args]`` (or ``[kind, args, {seat: [kind, args]}]``
when some players see a line of their own, such as the cards they drew), and never the text.
:func:`render` turns one event into a line in a language of ``i18n.json``, the same way
:mod:`railtable.stations.messages` does. A pending choice carries ``say`` (``[key, args]``) beside its
English ``prompt``, and so do its options and the reasons an effect cannot be applied
(:func:`say`), so the table words them in the reader's language.

Argument names decide how a value is shown: ``p`` is a seat (the player's name), ``winners`` a
list of seats, ``hex`` a board space (:func:`space`), ``board`` a board id (its name), ``card``,
``top`` and ``route`` a card name (in the reader's language), ``cards``, ``kingdom``, ``piles``,
``took`` and ``found`` lists of card names (``nothing`` when empty), ``trains`` a list of card names
(``no Train`` when empty), ``type`` a card type, ``gain`` money a played card gives (nothing shown
for 0), ``end`` the reason the game ended (itself an event), ``choice`` a ``say`` of its own;
numbers stay numbers, so a template picks its plural with ``{n:card|cards}``
(:func:`railtable.core.words.fill`).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from ..core.words import de, fill
from .board import Board, load_board
from .cards import all_cards

LANGUAGES = ("en", "fr")

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


def card_name(name: str, lang: str = "en") -> str:
    """A card's name as printed in ``lang`` (the French edition's names are in the card data)."""
    if lang == "fr":
        c = all_cards().get(name)
        if c is not None and c.fr:
            return c.fr
    return name


def card_type(name: str, lang: str = "en") -> str:
    """A card type ("Rail Laying") in ``lang``."""
    return term("type." + name, lang) if "type." + name in strings()["en"] else name


def space(board: Board, h: int, lang: str = "en") -> str:
    """A board space as players name it: its city or remote location, else its terrain and the
    nearest named space ("the river next to Urawa", "la rivière près d'Urawa"), never coordinates."""
    hx = board.hexes[h]
    if hx.name:
        return hx.name
    near = board.nearest_named(h)
    terrain = term("terrain." + hx.terrain, lang)
    if near is None:
        return terrain
    return term("word.next_to", lang).format(terrain=terrain, near=de(near) if lang == "fr" else near)


def _cards(value: Any, lang: str) -> str:
    return ", ".join(card_name(str(n), lang) for n in value)


def _show(name: str, value: Any, lang: str, names: list[str], board: Board) -> Any:
    if name == "p":
        return names[int(value)]
    if name == "winners":
        return term("word.and", lang).join(names[int(w)] for w in value)
    if name == "hex":
        return space(board, int(value), lang)
    if name == "board":
        return load_board(str(value)).name
    if name in ("card", "top", "route"):
        return card_name(str(value), lang)
    if name in ("cards", "kingdom", "took", "found"):
        return _cards(value, lang) or term("word.nothing", lang)
    if name == "piles":
        return _cards(value, lang)
    if name == "trains":
        return _cards(value, lang) or term("word.no_train", lang)
    if name == "type":
        return card_type(str(value), lang)
    if name == "gain":
        return fill(term("log.gain_money", lang), lang, n=value) if value else ""
    if name == "end":
        return render(value[0], value[1], lang, names, board, prefix="end.")
    if name == "choice":
        return say(value, lang, names, board)
    if isinstance(value, bool) or not isinstance(value, int):
        return str(value)
    return value


_RENDERED: dict[Any, dict[Any, str]] = {}
"""Lines already rendered, by everything a line depends on (the log and the prompts repeat the same
events: a card played, a rail offered at a cost): per prefix, language, board and players' names,
the lines by event kind and arguments (with their types: ``True`` is not shown as ``1``); cleared
when it grows large."""


def _frozen(value: Any) -> Any:
    """``value`` as a hashable key (lists and dicts of an event's arguments as tuples)."""
    if isinstance(value, list):
        return (list, *map(_frozen, value))
    if isinstance(value, dict):
        return (dict, *((k, _frozen(v)) for k, v in value.items()))
    return type(value), value  # True and 1 are equal keys, and are not shown alike


_CONTEXTS: dict[str, tuple[list[str], list[str], str, Board, dict[Any, str]]] = {}
"""Per prefix, the last context lines were rendered in: the names list (the object and a copy of it),
the language, the board, and the lines kept for that context (a part of ``_RENDERED``)."""


def render(kind: str, args: dict[str, Any], lang: str, names: list[str], board: Board, prefix: str = "log.") -> str:
    """One event as a line in ``lang`` (``names``: the players; ``board``: for space labels)."""
    context = _CONTEXTS.get(prefix)
    if context is None or context[0] is not names or context[3] is not board or context[2] != lang or context[1] != names:
        lines = _RENDERED.get((prefix, lang, board.id, *names))
        if lines is None or len(_RENDERED) >= 64:
            if len(_RENDERED) >= 64:
                _RENDERED.clear()
            lines = _RENDERED[prefix, lang, board.id, *names] = {}
        context = _CONTEXTS[prefix] = (names, list(names), lang, board, lines)
    lines = context[4]
    try:
        key: Any = (kind, *args.items(), *map(type, args.values()))
        text = lines.get(key)
    except TypeError:  # a list or a dict among the arguments
        key = (kind, None, _frozen(args))
        text = lines.get(key)
    if text is None:
        if len(lines) >= 20_000:
            lines.clear()
        text = lines[key] = _render(kind, args, lang, names, board, prefix)
    return text


def _render(kind: str, args: dict[str, Any], lang: str, names: list[str], board: Board, prefix: str) -> str:
    shown = {k: _show(k, v, lang, names, board) for k, v in args.items()}
    if "winners" in args:
        shown["n_winners"] = len(args["winners"])
    return fill(term(prefix + kind, lang), lang, **shown)


Say = list[Any]
"""``[key, args]`` (a template of ``i18n.json``), or ``{lang: text}`` (words from the card data)."""


def say(words: Any, lang: str, names: list[str], board: Board) -> str:
    """A prompt, an option or a reason (``Say``) in ``lang``; a plain string is shown as it is."""
    if isinstance(words, dict):
        return str(words.get(lang) or words.get("en", ""))
    if isinstance(words, list) and len(words) == 2 and isinstance(words[1], dict):
        return render(str(words[0]), words[1], lang, names, board, prefix="")
    return str(words)


def line(entry: Event, seat: int | None, lang: str, names: list[str], board: Board) -> str:
    """A stored log entry as ``seat`` reads it (their own private line if it has one)."""
    if seat is not None and len(entry) > 2 and str(seat) in entry[2]:
        kind, args = entry[2][str(seat)]
    else:
        kind, args = entry[0], entry[1]
    return render(kind, args, lang, names, board)


__all__ = ["LANGUAGES", "card_name", "card_type", "line", "render", "say", "space", "strings", "term"]
