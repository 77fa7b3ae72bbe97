"""Words for people, in English and French: plurals, and templates that choose them.

One small helper for every game's texts (issue 14, "Words"): a count picks the singular or the
plural of a word by the rule of the language. English: singular for exactly 1 ("1 move",
"0 moves", "2 moves"). French: singular for 0 and 1 ("0 dé Bonus", "1 dé Bonus", "2 dés Bonus").

Templates are ``str.format`` strings; a field whose format spec holds a ``|`` picks one of its
forms by the field's number: ``"{n} {n:card|cards}"`` gives "1 card" and "3 cards"; in French
``"{n} {n:carte|cartes}"`` gives "0 carte", "1 carte", "2 cartes". A spec with a ``#`` puts the
number in its place: ``"{n:# card|# cards}"`` gives "1 card". Nothing is ever written "card(s)".
"""

from __future__ import annotations

import string
from typing import Any

LANGUAGES = ("en", "fr")


def is_singular(n: int, lang: str = "en") -> bool:
    """Does the count ``n`` take the singular in ``lang``? (French: 0 and 1; English: 1 only.)"""
    if lang == "fr":
        return abs(n) < 2
    return abs(n) == 1


def plural(n: int, one: str, many: str, lang: str = "en") -> str:
    """``one`` or ``many`` for the count ``n`` in ``lang`` (the word only, without the number)."""
    return one if is_singular(n, lang) else many


def count(n: int, one: str, many: str, lang: str = "en") -> str:
    """The number and its word: ``count(2, "move", "moves")`` is "2 moves"."""
    return f"{n} {plural(n, one, many, lang)}"


class _Formatter(string.Formatter):
    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            one, _, many = format_spec.partition("|")
            word = plural(int(value), one, many, self.lang)
            return word.replace("#", str(value))
        return super().format_field(value, format_spec)


_Part = tuple[str, str | None, str]
_COMPILED: dict[str, list[_Part] | None] = {}
"""Templates parsed once: ``(literal, field name or None, spec)`` parts; None for a template
with a field the fast path does not handle (conversions, indexes, nested specs)."""


def _compile(template: str) -> list[_Part] | None:
    parts: list[_Part] = []
    for literal, name, spec, conversion in string.Formatter().parse(template):
        if name is None:
            parts.append((literal, None, ""))
            continue
        if conversion or not name.isidentifier() or "{" in (spec or ""):
            return None
        parts.append((literal, name, spec or ""))
    return parts


def fill(template: str, lang: str = "en", **args: Any) -> str:
    """``template`` with its fields filled, plural specs (``{n:one|many}``) chosen for ``lang``."""
    try:
        parts = _COMPILED[template]
    except KeyError:
        parts = _compile(template)
        if len(_COMPILED) < 4096:  # templates come from the games' word tables: a few hundred
            _COMPILED[template] = parts
    if parts is None:
        return _Formatter(lang).format(template, **args)
    out = []
    for literal, name, spec in parts:
        out.append(literal)
        if name is None:
            continue
        value = args[name]
        if "|" in spec:
            one, _, many = spec.partition("|")
            out.append(plural(int(value), one, many, lang).replace("#", str(value)))
        else:
            out.append(format(value, spec))
    return "".join(out)


def fields(template: str) -> set[str]:
    """The field names a template uses (to check that two languages ask for the same arguments)."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template)
            if name is not None}


def de(name: str) -> str:
    """French "de" before a name: "d'Urawa", "de Tokyo" (elision before a vowel sound)."""
    return ("d'" if name[:1].upper() in "AEIOUYÀÂÉÈÊÎÔÛ" else "de ") + name


__all__ = ["LANGUAGES", "count", "de", "fields", "fill", "is_singular", "plural"]
