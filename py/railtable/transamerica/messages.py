"""TransAmerica's words: log events and the turn prompt, in English and French.

The log is stored as events ``[kind, args]`` (``state.TransAmericaState.log``); nothing is
saved as text. :func:`render` turns one event into a line in the reader's language when it is
shown. Argument names decide how a value is shown: ``p``, ``start`` and ``owner`` are seats
(shown as the player's name), ``winners`` a list of seats, ``at``, ``a`` and ``b`` crossings
``[x, y]`` (the city there, or the nearest city), ``cities`` a list of city names; anything else
is shown as it is. City names are proper nouns and stay as printed on the board.

:func:`turn_prompt` words what the player to act may still do, from the view's ``may_place``
(the engine's count of the "2 singles or 1 double" limit, rulebook "Network building rules").
"""

from __future__ import annotations

from typing import Any

from ..core.words import de, fill
from . import board

LANGUAGES = ("en", "fr")

TEMPLATES: dict[str, dict[str, str]] = {
    "en": {
        "deal": "Round {round}: each player is dealt 5 secret cities; {start} starts.",
        "deal_own": "Round {round}: your cities are {cities}; {start} starts.",
        "marker": "{p} places the starting marker on {at}.",
        "build": "{p} builds a track from {a} to {b}.",
        "build_double": "{p} builds a double-line track from {a} to {b}.",
        "pending": "{owner}'s five cities are connected: the round ends after {p}'s turn "
        "(one more single track allowed).",
        "round_connected": "Round {round} ends: {p}'s five cities are connected.",
        "round_tracks": "Round {round} ends: all {tracks} tracks have been placed.",
        "score_connected": "{p}'s cities: {cities} (connected); score {score}.",
        "score_missing": "{p}'s cities: {cities} ({missing} {missing:point|points} missing); score {score}.",
        "game_over": "The game is over after {round} {round:round|rounds}. {n_winners:Winner|Winners}: {winners}.",
        "near": "a junction near {city}",
        "and": " and ",
        # the turn prompt
        "prompt_marker": "Your turn: place your starting marker on any free crossing (cities too).",
        "prompt_full": "Your turn: end your turn (or undo).",
        "prompt_last_single": "An opponent's five cities are joined: you may still place 1 more single track; "
        "the round ends with your turn.",
        "prompt_one_more": "You may place {singles} more {singles:single track|single tracks}, or end your turn.",
        "prompt_start": "Your turn: place 1 or {singles} single tracks, or {doubles} double track.",
    },
    "fr": {
        "deal": "Manche {round} : chaque joueur reçoit 5 villes secrètes ; {start} commence.",
        "deal_own": "Manche {round} : vos villes sont {cities} ; {start} commence.",
        "marker": "{p} pose son pion de départ sur {at}.",
        "build": "{p} pose un rail entre {a} et {b}.",
        "build_double": "{p} pose un rail sur une ligne double entre {a} et {b}.",
        "pending": "Les cinq villes de {owner} sont reliées : la manche s'arrête après le tour de {p} "
        "(encore un rail simple permis).",
        "round_connected": "Fin de la manche {round} : les cinq villes de {p} sont reliées.",
        "round_tracks": "Fin de la manche {round} : les {tracks} rails sont posés.",
        "score_connected": "Villes de {p} : {cities} (reliées) ; score {score}.",
        "score_missing": "Villes de {p} : {cities} ({missing} {missing:point manquant|points manquants}) ; score {score}.",
        "game_over": "La partie est finie après {round} {round:manche|manches}. {n_winners:Vainqueur|Vainqueurs} : {winners}.",
        "near": "un croisement près {city}",
        "and": " et ",
        "prompt_marker": "À vous : posez votre pion de départ sur un croisement libre (ville comprise).",
        "prompt_full": "À vous : finissez votre tour (ou annulez).",
        "prompt_last_single": "Les cinq villes d'un adversaire sont reliées : vous pouvez encore poser 1 rail "
        "simple ; la manche s'arrête à la fin de votre tour.",
        "prompt_one_more": "Vous pouvez poser encore {singles} {singles:rail simple|rails simples}, ou finir votre tour.",
        "prompt_start": "À vous : posez 1 ou {singles} rails simples, ou {doubles} rail sur une ligne double.",
    },
}


def text(key: str, lang: str = "en") -> str:
    """The template ``key`` in ``lang`` (English when the language or the key is unknown)."""
    table = TEMPLATES.get(lang) or TEMPLATES["en"]
    return table.get(key) or TEMPLATES["en"][key]


def place(at: Any, lang: str = "en") -> str:
    """A crossing as a player names it: the city there, or "near" the nearest city (by steps along
    the grid; ties by name), never its coordinates."""
    p = (int(at[0]), int(at[1]))
    city = board.CITY_AT.get(p)
    if city:
        return city
    near = board.nearest_city(p)
    # French: "près d'Omaha", "près de Denver" (the template holds "près", the name its "de")
    return text("near", lang).format(city=de(near) if lang == "fr" else near)


def _show(name: str, value: Any, lang: str, names: list[str]) -> str:
    if name in ("p", "start", "owner"):
        return names[int(value)]
    if name == "winners":
        return text("and", lang).join(names[int(w)] for w in value)
    if name in ("at", "a", "b"):
        return place(value, lang)
    if name == "cities":
        return ", ".join(str(c) for c in value)
    return str(value)


def render(event: list[Any], lang: str, names: list[str]) -> str:
    """One log event ``[kind, args]`` as a line of text in ``lang`` (names stay plain text:
    escape before putting it in HTML)."""
    kind, args = event[0], event[1]
    if kind == "build" and args.get("double"):
        kind = "build_double"
    elif kind == "score":
        kind = "score_connected" if args.get("connected") else "score_missing"
    shown: dict[str, Any] = {k: _show(k, v, lang, names) for k, v in args.items()}
    for k in ("round", "missing"):  # numbers that choose a plural stay numbers
        if k in args:
            shown[k] = int(args[k])
    if "winners" in args:
        shown["n_winners"] = len(args["winners"])
    return fill(text(kind, lang), lang, **shown)


def turn_prompt(view: dict[str, Any], lang: str = "en") -> str:
    """What the player whose view this is may do now, in words (empty when it is not his turn).

    Network building rules: 1 or 2 tracks on single lines, or 1 on a double line; the numbers
    come from the view's ``may_place``; End of the Round's exception from ``round_ends_after_turn``.
    """
    if view.get("you") is None or view["you"] not in view.get("to_act", []):
        return ""
    if view["phase"] == "marker":
        return text("prompt_marker", lang)
    may = view["may_place"]
    if not may["singles"] and not may["doubles"]:
        return text("prompt_full", lang)
    if not may["doubles"]:
        key = "prompt_last_single" if view.get("round_ends_after_turn") else "prompt_one_more"
        return fill(text(key, lang), lang, **may)
    return fill(text("prompt_start", lang), lang, **may)
