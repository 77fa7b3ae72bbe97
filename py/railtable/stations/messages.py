"""Log messages in English and French, from ``i18n.json``.

The engine stores every log event as data only, ``[key, params]`` (``view()["events"]``), never as
text. :func:`render` turns an event into text in any language of ``i18n.json`` when it is shown,
so the same game reads in English or French. French words come from the French rules.

Parameter names decide how a value is shown: ``p``/``to``/``winner`` are seats (shown as the
player's name), ``station``/``a``/``b`` Stations, ``route`` a route, ``goods`` a Goods type,
``building`` a Building, ``face`` a die face, ``faces`` a list of faces, ``seats`` a list of seats,
``scores`` one score per seat, ``card`` a Power card id, ``cards`` a list of them, ``offer`` a
speculation trade; anything else is shown as it is.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..core.words import fill
from .data import all_power_cards, load_json

LANGUAGES = ("en", "fr")


@lru_cache(maxsize=1)
def strings() -> dict[str, dict[str, str]]:
    """``{lang: {key: text}}`` for every game term and log template."""
    raw = load_json("i18n.json")
    return {lang: raw[lang] for lang in LANGUAGES}


def term(key: str, lang: str = "en") -> str:
    table = strings().get(lang) or strings()["en"]
    return table.get(key) or strings()["en"].get(key) or key


def card_text(cid: int, lang: str = "en") -> str:
    """A Power card in words: a Mission (two cities and its VP) or its two Goods."""
    card = all_power_cards()[int(cid)]
    if card["kind"] == "mission":
        a, b = card["cities"]
        return term("card.mission", lang).format(
            a=term(f"station.{a}", lang), b=term(f"station.{b}", lang), vp=card["vp"]
        )
    g1, g2 = card["goods"]
    return term("card.goods", lang).format(a=term(f"goods.{g1}", lang), b=term(f"goods.{g2}", lang))


def offer_text(offer: dict[str, Any], lang: str = "en") -> str:
    """A speculation trade in words (``{"goods": {type: n}, "cards": [ids]}``)."""
    parts = [f"{n} {term(f'goods.{g}', lang)}" for g, n in offer.get("goods", {}).items() if n]
    parts += [card_text(c, lang) for c in offer.get("cards", [])]
    return ", ".join(parts) or term("nothing", lang)


def _show(name: str, value: Any, lang: str, names: list[str]) -> str:
    if name in ("p", "to", "winner"):
        return names[int(value)]
    if name in ("station", "a", "b"):
        return term(f"station.{value}", lang)
    if name == "stations":
        return ", ".join(term(f"station.{v}", lang) for v in value)
    if name == "route":
        return term(f"route.{value}", lang)
    if name == "goods":
        return term(f"goods.{value}", lang)
    if name == "building":
        return term(f"building.{value}", lang)
    if name == "face":
        return term(f"face.{value}", lang)
    if name == "faces":
        return ", ".join(term(f"face.{v}", lang) for v in value) or "-"
    if name == "seats":
        return ", ".join(names[int(v)] for v in value) or "-"
    if name == "scores":  # one score per seat
        return ", ".join(f"{names[q]} {int(v)}" for q, v in enumerate(value))
    if name == "card":
        return card_text(int(value), lang)
    if name == "cards":
        return "; ".join(card_text(int(v), lang) for v in value)
    if name == "offer":
        return offer_text(value, lang)
    return str(value)


def render(key: str, params: dict[str, Any], lang: str, names: list[str]) -> str:
    """One log line in ``lang``."""
    shown: dict[str, Any] = {k: _show(k, v, lang, names) for k, v in params.items()}
    for k, v in params.items():  # numbers stay numbers: a template picks its plural ({n:die|dice})
        if type(v) is int and shown[k] == str(v):
            shown[k] = v
    return fill(term(f"log.{key}", lang), lang, **shown)
