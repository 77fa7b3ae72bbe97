"""TransAmerica at the table: the page's own words in English and French (pure, CPython-tested).

The log and the turn prompt are the engine's (:mod:`railtable.transamerica.messages`); the words
here are the table's own: headings, banners, tooltips, the round and final screens, the help.
Templates are filled by :func:`railtable.core.words.fill`, so ``{n:track|tracks}`` picks the
plural by the number and the language. City names are proper nouns and stay as printed.
"""

from __future__ import annotations

from typing import Any

from railtable.core.words import fill

UI: dict[str, dict[str, str]] = {
    "en": {
        "board_label": "TransAmerica board: the legal moves are buttons; arrow keys move between them, Enter plays",
        "table_heading": "TransAmerica table",
        "log_label": "Log, newest first",
        "end_turn": "End turn",
        "undo": "Undo",
        "your_cities": "Your cities",
        "players": "Players",
        "log": "Log",
        "game_over": "The game is over.",
        "bot_playing": "{name} is playing…",
        "waiting_for": "Waiting for {name}.",
        "hidden_cities": "Hidden until you take the device.",
        "none": "None.",
        "all_joined": "All five joined!",
        "human": "human",
        "score_track": "Score track: {scores}",
        "round_tracks": "Round {round} · {left:# track|# tracks} left in the supply, of {total}",
        "region_green": "Green",
        "region_blue": "Blue",
        "region_yellow": "Yellow",
        "region_red": "Red",
        "region_orange": "Orange",
        "aria_marker": "Place your start marker at {place}",
        "aria_single": "Single track from {a} to {b}, costs 1 of your 2 tracks",
        "aria_double": "Double track from {a} to {b}, costs your whole turn",
        "marker_of": "{name}'s start marker",
        "chart_player": "player",
        "chart_needed": "tracks still needed (points lost)",
        "chart_score": "score",
        "chart_connected": "connected",
        "round_board_label": "The board as the round ended",
        "round_over": "Round {round} is over",
        "round_all_tracks": "All {total} tracks are on the board: the round ends.",
        "round_joined": "{name} joined all five cities.",
        "round_ends": "The round ends.",
        "joined": "joined",
        "rs_hint": "The board as the round ended. Ringed: the chosen player's cities; dashed: the missing "
        "lines the scoring counted (1 point each, 2 on a double line).",
        "show_player": "Show a player",
        "round": "Round",
        "last_round": "Last round",
        "score_note": "Everyone starts at 13 points and loses 1 per single track (2 per double) still "
        "missing at the end of a round; the game ends when someone reaches 0.",
    },
    "fr": {
        "board_label": "Plateau de TransAmerica : les coups permis sont des boutons ; les flèches passent de l'un à "
        "l'autre, Entrée joue",
        "table_heading": "Table de TransAmerica",
        "log_label": "Journal, le plus récent en premier",
        "end_turn": "Finir le tour",
        "undo": "Annuler",
        "your_cities": "Vos villes",
        "players": "Joueurs",
        "log": "Journal",
        "game_over": "La partie est finie.",
        "bot_playing": "{name} joue…",
        "waiting_for": "On attend {name}.",
        "hidden_cities": "Cachées jusqu'à ce que vous preniez l'appareil.",
        "none": "Aucune.",
        "all_joined": "Vos cinq villes sont reliées !",
        "human": "humain",
        "score_track": "Piste de score : {scores}",
        "round_tracks": "Manche {round} · {left:# rail restant|# rails restants} sur {total} dans la réserve",
        "region_green": "Vert",
        "region_blue": "Bleu",
        "region_yellow": "Jaune",
        "region_red": "Rouge",
        "region_orange": "Orange",
        "aria_marker": "Poser votre pion de départ sur {place}",
        "aria_single": "Rail simple entre {a} et {b}, compte pour 1 de vos 2 rails",
        "aria_double": "Rail double entre {a} et {b}, prend tout votre tour",
        "marker_of": "Pion de départ de {name}",
        "chart_player": "joueur",
        "chart_needed": "rails encore nécessaires (points perdus)",
        "chart_score": "score",
        "chart_connected": "reliées",
        "round_board_label": "Le plateau à la fin de la manche",
        "round_over": "Fin de la manche {round}",
        "round_all_tracks": "Les {total} rails sont sur le plateau : la manche s'arrête.",
        "round_joined": "{name} a relié ses cinq villes.",
        "round_ends": "La manche s'arrête.",
        "joined": "reliées",
        "rs_hint": "Le plateau à la fin de la manche. Entourées : les villes du joueur choisi ; en "
        "pointillés : les rails manquants comptés (1 point chacun, 2 sur une ligne double).",
        "show_player": "Montrer un joueur",
        "round": "Manche",
        "last_round": "Dernière manche",
        "score_note": "Chacun part de 13 points et perd 1 point par rail simple (2 par rail double) qui "
        "lui manque à la fin d'une manche ; la partie s'arrête quand quelqu'un atteint 0.",
    },
}

HELP: dict[str, str] = {
    "en": """
<h2>TransAmerica in brief</h2>
<p>You hold one secret city in each of the five regions. Join all five to your network to end the round.</p>
<ol>
<li>First turn: place your start marker on any free junction (a city is a junction too).</li>
<li>Then each turn place <b>1 or 2 single tracks</b> or <b>1 double track</b> (the red double lines: rivers,
mountains, sea). Each track must join your network. Networks that touch merge: you may build from
any track connected to your marker.</li>
<li>The round ends at once when someone's five cities are joined, even on another player's turn
(if your first single track of a turn joins an opponent's cities, you may still place your second).</li>
<li>Everyone else loses 1 point per single track and 2 per double track they would still need;
tracks already on the board are free. Start at 13; the game ends when someone reaches 0.</li>
</ol>
<p>Choose a highlighted line to build, then <b>End turn</b>. Undo works until you end your turn.</p>
""",
    "fr": """
<h2>TransAmerica en bref</h2>
<p>Vous avez une ville secrète dans chacune des cinq régions. Reliez-les toutes les cinq à votre réseau
pour mettre fin à la manche.</p>
<ol>
<li>Premier tour : posez votre pion de départ sur n'importe quel croisement libre (une ville est aussi un
croisement).</li>
<li>Ensuite, à chaque tour, posez <b>1 ou 2 rails simples</b> ou <b>1 rail double</b> (les doubles lignes
rouges : fleuves, montagnes, mer). Chaque rail doit toucher votre réseau. Les réseaux qui se touchent
se rejoignent : vous pouvez construire depuis n'importe quel rail relié à votre pion.</li>
<li>La manche s'arrête dès que les cinq villes d'un joueur sont reliées, même pendant le tour d'un autre
(si votre premier rail simple d'un tour relie les villes d'un adversaire, vous pouvez encore poser le
second).</li>
<li>Chacun des autres perd 1 point par rail simple et 2 par rail double qui lui manquent encore ; les rails
déjà posés sont gratuits. Chacun part de 13 ; la partie s'arrête quand quelqu'un atteint 0.</li>
</ol>
<p>Choisissez une ligne en surbrillance pour construire, puis <b>Finir le tour</b>. Vous pouvez annuler
jusqu'à la fin de votre tour.</p>
""",
}


def ui(key: str, lang: str = "en", **params: Any) -> str:
    """The table's text ``key`` in ``lang`` (English when missing), its fields filled."""
    text = UI.get(lang, UI["en"]).get(key) or UI["en"][key]
    return fill(text, lang, **params) if params else text


def help_html(lang: str = "en") -> str:
    return HELP.get(lang, HELP["en"])


__all__ = ["HELP", "UI", "help_html", "ui"]
