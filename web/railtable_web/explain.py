"""What the tables explain to a newcomer during play (issue 14, "Layout"), in English and French.

Scores shown during play say what the final count will add, so the final screen is never a
surprise (TransAmerica's points you would lose now; Trains & Stations' Monopolies and Missions),
and the questions a newcomer asks are answered where they arise (dashed cities with 2-3 players;
why rails give 0 VP until they reach a city). The numbers come from the engines; this module only
words them.
"""

from __future__ import annotations

from collections.abc import Mapping

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "ta_lose_now_0": "Your five cities are joined: if the round ended now you would lose nothing.",
        "ta_lose_now_1": "If the round ended now you would lose 1 point (1 track still needed).",
        "ta_lose_now_n": "If the round ended now you would lose {n} points (the tracks you still need; a double line counts 2).",
        "ta_round_end": ("When a round ends, everyone else loses 1 point per single track and 2 per double track "
                         "still needed to join their five cities; tracks already on the board are free."),
        "ta_dashed_out": ("Cities with a dashed ring are not dealt with 2 or 3 players: nobody needs them in this "
                          "game, but you may still build through them."),
        "ta_dashed_in": "Cities with a dashed ring are only dealt with 4 or more players: someone may need them.",
        "tr_rails_vp": ("A rail scores nothing until it reaches a city (by its stations: 0, 2, 4 or 8 VP) or a "
                        "remote location (the number printed there)."),
        "st_end_adds": ("VP shown so far: the end of the game adds each Monopoly ({values}; whoever holds the most "
                        "of a Goods scores it, ties all score) and your scored Missions."),
        "st_you_hold": "Your Goods for Monopolies now: {goods}.",
        "st_none": "none",
        "zoom_reset": "Whole board",
        "zoom_hint": "Zoomed in: tap your choice",
    },
    "fr": {
        "ta_lose_now_0": "Vos cinq villes sont reliées : si la manche s'arrêtait maintenant, vous ne perdriez rien.",
        "ta_lose_now_1": "Si la manche s'arrêtait maintenant, vous perdriez 1 point (1 rail manquant).",
        "ta_lose_now_n": ("Si la manche s'arrêtait maintenant, vous perdriez {n} points (les rails qui vous "
                          "manquent ; une ligne double compte 2)."),
        "ta_round_end": ("À la fin d'une manche, chacun des autres joueurs perd 1 point par rail simple et 2 par "
                         "rail double qui lui manquent pour relier ses cinq villes ; les rails déjà posés sont gratuits."),
        "ta_dashed_out": ("Les villes cerclées de pointillés ne sont pas distribuées à 2 ou 3 joueurs : personne n'en "
                          "a besoin dans cette partie, mais on peut construire à travers elles."),
        "ta_dashed_in": ("Les villes cerclées de pointillés ne sont distribuées qu'à partir de 4 joueurs : "
                         "quelqu'un peut en avoir besoin."),
        "tr_rails_vp": ("Un rail ne rapporte rien tant qu'il n'atteint pas une ville (selon ses gares : 0, 2, 4 ou "
                        "8 PV) ou un lieu isolé (le nombre imprimé)."),
        "st_end_adds": ("PV affichés jusqu'ici : la fin de partie ajoute chaque Monopole ({values} ; qui détient le "
                        "plus d'une Marchandise la marque, les ex aequo aussi) et vos Missions réussies."),
        "st_you_hold": "Vos Marchandises pour les Monopoles : {goods}.",
        "st_none": "aucune",
        "zoom_reset": "Plateau entier",
        "zoom_hint": "Zoom : touchez votre choix",
    },
}


def say(key: str, lang: str = "en", **args: object) -> str:
    """The text ``key`` in ``lang`` (English when missing), with ``args`` filled in."""
    table = TEXTS.get(lang, TEXTS["en"])
    return table.get(key, TEXTS["en"][key]).format(**args)


def zoom_reset_html(lang: str = "en") -> str:
    """What a zoomed board shows under it (``web/board.js`` shows it when the
    board is zoomed): the button that shows the board whole again and, when a finger's tap among
    crowded targets zoomed it (issue 34), the hint that a tap now chooses."""
    return (f'<div class="zoom-bar" data-zoom-bar="1" hidden>'
            f'<span class="zoom-hint" data-zoom-hint="1" hidden>{say("zoom_hint", lang)}</span>'
            f'<button type="button" class="zoom-reset" data-zoom-reset="1">{say("zoom_reset", lang)}</button></div>')


def ta_lose_now(points: int, lang: str = "en") -> str:
    """TransAmerica, Scoring of a Round: what the viewer would lose if the round ended now."""
    if points <= 0:
        return say("ta_lose_now_0", lang)
    if points == 1:
        return say("ta_lose_now_1", lang)
    return say("ta_lose_now_n", lang, n=points)


def st_end_adds(values: Mapping[str, int], goods_name: Mapping[str, str], lang: str = "en") -> str:
    """Trains & Stations, Scoring: what the end adds to the VP shown (Monopolies, Missions)."""
    parts = ", ".join(f"{goods_name[g]} {v}" for g, v in values.items())
    return say("st_end_adds", lang, values=parts)


def st_you_hold(totals: Mapping[str, int], goods_name: Mapping[str, str], lang: str = "en") -> str:
    held = ", ".join(f"{goods_name[g]} ×{n}" for g, n in totals.items() if n)
    return say("st_you_hold", lang, goods=held or say("st_none", lang))
