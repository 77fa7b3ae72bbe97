"""The move hint's one-line reason (issue 32, last bullet), in English and French.

Each game's ``hint.reason`` returns ``(key, params)`` (``railtable.core.hint``); this module words
it. A reason is one line on a 390-pixel phone (the flash is about 40 characters wide there), so
texts are short and never repeat the card or line the table already rings. Parameters shown as
names: ``cities`` (TransAmerica city names, proper nouns), ``space`` (a Trains space,
``[board, hex]``, named as the log names it), ``route``/``a``/``b``/``station``/``building``/``face``
(Trains & Stations, named as its log names them); ``avg`` is a decimal number; the rest are
integers (plurals by ``{n:one|many}``, ``railtable.core.words.fill``).
"""

from __future__ import annotations

from typing import Any

from railtable.core.words import fill

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "rule": "The usual good move here",
        "only_move": "Your only move",
        "share_vs": "{share}% to win; next best move {other}%",
        "share_tie": "About as good as any: {share}% to win",
        # TransAmerica ("Scoring of a Round": track points still needed, a double line counts 2)
        "ta_marker": "From here your cities need {n} {n:track|tracks}",
        "ta_joins": "Joins {cities}; {left} {left:track|tracks} to go",
        "ta_joins_all": "Joins {cities}: all 5 connected",
        "ta_closer": "{gain} {gain:track|tracks} closer; {left} still needed",
        "ta_closer_than": "{gain} {gain:track|tracks} closer, {more} more than elsewhere",
        "ta_only_line": "Only this line brings your cities closer",
        "ta_end_nothing": "No track brings your cities closer now",
        "ta_end_early": "One more track: {other}% instead of {share}%",
        # Trains
        "tr_buy_vp": "{vp} VP banked before the game ends",
        "tr_buy_waste": "Returns Waste: better hands later",
        "tr_buy_rails": "Lays rails toward VP in cities",
        "tr_buy_station": "Stations make your cities worth more",
        "tr_buy_money": "Pays {money}; your cards average {avg}",
        "tr_end_buy": "A weak card would only dilute your deck",
        "tr_return_waste": "Returns {n} Waste: saves turns later",
        "tr_play_money": "+{money} money to spend this turn",
        "tr_rail_city": "Reaches {space}, worth VP",
        "tr_rail_remote": "Reaches {space}: {vp} VP",
        "tr_rail_cheap": "The cheapest rail offered: {cost} money",
        "tr_station": "A station: more VP in {space}",
        # Trains & Stations
        "st_completes": "Completes {route}: scored this turn",
        "st_mission": "For Mission {a}–{b}",
        "st_route": "{route}: {left} {left:space|spaces} still empty",
        "st_build": "Your {building} at {station} gets Goods",
        "st_reclaim": "No dice left to roll: take them back",
        "st_save": "Keeps a {face} die for next turn",
        "st_cash": "Coins to reroll dice later",
        "st_done": "Nothing else pays off this turn",
        "st_gather_bonus": "Rolls {n} Bonus {n:die|dice} too: more to place",
        "st_gather_keep_bonus": "Keeps your {n} Bonus {n:die|dice} for a later turn",
        "st_select": "This {face} die is worth rerolling",
        "st_unselect": "Keep this {face} die: it is of use",
        "st_reroll": "Rerolls {n} {n:die|dice} for 1 Coin",
        "st_stop_strike": "A third Locked Train would be a Strike",
    },
    "fr": {
        "rule": "Le bon réflexe ici",
        "only_move": "Votre seul coup possible",
        "share_vs": "{share} % de gagner ; coup suivant {other} %",
        "share_tie": "À peu près aussi bon : {share} % de gagner",
        "ta_marker": "D'ici, vos villes demandent {n} {n:rail|rails}",
        "ta_joins": "Relie {cities} ; encore {left} {left:rail|rails}",
        "ta_joins_all": "Relie {cities} : les 5 sont reliées",
        "ta_closer": "{gain} {gain:rail gagné|rails gagnés} ; reste {left}",
        "ta_closer_than": "{gain} {gain:rail gagné|rails gagnés}, {more} de plus qu'ailleurs",
        "ta_only_line": "La seule ligne qui rapproche vos villes",
        "ta_end_nothing": "Aucun rail ne rapproche plus vos villes",
        "ta_end_early": "Un rail de plus : {other} % au lieu de {share} %",
        "tr_buy_vp": "{vp} PV assurés avant la fin",
        "tr_buy_waste": "Rend la Ferraille : de meilleures mains",
        "tr_buy_rails": "Pose des rails vers les PV des villes",
        "tr_buy_station": "Les gares font valoir vos villes",
        "tr_buy_money": "Vaut {money} ; vos cartes : {avg} en moyenne",
        "tr_end_buy": "Une carte faible affaiblirait le paquet",
        "tr_return_waste": "Rend {n} {n:Ferraille|Ferrailles} : des tours gagnés",
        "tr_play_money": "+{money} d'argent à dépenser ce tour",
        "tr_rail_city": "Atteint {space} : des PV",
        "tr_rail_remote": "Atteint {space} : {vp} PV",
        "tr_rail_cheap": "Le rail le moins cher : {cost} d'argent",
        "tr_station": "Gare : plus de PV à {space}",
        "st_completes": "Finit {route} : comptée ce tour",
        "st_mission": "Pour la Mission {a}–{b}",
        "st_route": "{route} : {left} {left:case vide|cases vides}",
        "st_build": "{building} à {station} : des Marchandises",
        "st_reclaim": "Plus de dés à lancer : reprenez-les",
        "st_save": "Garde un dé {face} pour le tour suivant",
        "st_cash": "De l'Argent pour relancer plus tard",
        "st_done": "Plus rien de rentable ce tour",
        "st_gather_bonus": "Lance aussi {n} {n:dé Bonus|dés Bonus}",
        "st_gather_keep_bonus": "Garde vos {n} {n:dé Bonus|dés Bonus} pour un autre tour",
        "st_select": "Ce dé {face} est à relancer",
        "st_unselect": "Gardez ce dé {face} : il sert",
        "st_reroll": "Relance {n} {n:dé|dés} pour 1 pièce",
        "st_stop_strike": "Un 3e Train bloqué serait la Grève",
    },
}


def _show(name: str, value: Any, lang: str) -> Any:
    """A parameter as the reader sees it (module docstring); numbers stay numbers for plurals."""
    if name == "cities":
        return (" et " if lang == "fr" else " and ").join(str(c) for c in value)
    if name == "space":
        from railtable.trains.board import load_board
        from railtable.trains.messages import space

        return space(load_board(str(value[0])), int(value[1]), lang)
    if name in ("route", "a", "b", "station", "building", "face"):
        from railtable.stations.messages import term

        kind = "station" if name in ("a", "b") else name
        return term(f"{kind}.{value}", lang)
    if name == "avg":
        text = f"{float(value):.1f}"
        return text.replace(".", ",") if lang == "fr" else text
    return value


def render(key: str, params: dict[str, Any], lang: str = "en") -> str:
    """The reason ``key`` with ``params`` in ``lang`` (English when the language is not known)."""
    table = TEXTS.get(lang, TEXTS["en"])
    template = table.get(key) or TEXTS["en"][key]
    return fill(template, lang, **{k: _show(k, v, lang) for k, v in params.items()})
