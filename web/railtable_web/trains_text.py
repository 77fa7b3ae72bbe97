"""Trains (and Rising Sun) at the table: the page's own words in English and French (pure,
CPython-tested), and the cards' names and texts in the reader's language.

Card names and texts live in the engine's card data (py/railtable/trains/cards.json and
cards_rising_sun.json: "fr", "text", "text_fr"); the log, the prompts of card effects, their
options and the reasons an effect cannot be applied are the engine's (railtable/trains/i18n.json,
through :mod:`railtable.trains.messages`). The words here are the table's own: headings, banners,
buttons, tooltips, the lobby options, the final screen and the help. French follows the French
edition's terms: Ferraille, Pose de rails, Gare, pièce, PV.
"""

from __future__ import annotations

from typing import Any

from railtable.core.words import fill
from railtable.trains.cards import card
from railtable.trains.messages import card_name, card_type

UI: dict[str, dict[str, str]] = {
    "en": {
        "board_label": "{name} board",
        "mid_label": "Your hand, play area and gained cards",
        "log_label": "Log, newest first",
        "your_hand": "Your hand",
        "hand_count": "Your hand ({n:# card|# cards})",
        "hand_count_waste": "Your hand ({n:# card|# cards}, {w} Waste)",
        "play_area": "Play area",
        "your_play_area": "Your play area",
        "their_play_area": "{name}'s play area",
        "gained": "Gained this turn",
        "your_gained": "Your gained cards",
        "their_gained": "{name}'s gained cards",
        "supply": "Supply",
        "supply_hint": "(lit: you can afford it)",
        "end_turn": "End turn",
        "return_waste": "Return all Waste (whole turn)",
        "return_waste_tip": "Only before anything else this turn",
        "undo": "Undo",
        "players": "Players",
        "log": "Log",
        "tabs_label": "The table's panels",
        "tab_hand": "Hand",
        "tab_supply": "Supply",
        "tab_routes": "Routes",
        "tab_players": "Players",
        "tab_log": "Log",
        "game_over": "The game is over.",
        "make_choice": "Your turn: make the choice below.",
        "start_rail": "Place your starting rail: choose a highlighted space (not sea, not a remote location).",
        "your_turn_n": "Your turn {n}: play cards, buy, then End turn.",
        "bot_playing": "{name} is playing…",
        "waiting_for": "Waiting for {name}.",
        "your_money": "Your money this turn",
        "their_money": "{name}'s money this turn",
        "click_space": "Choose a highlighted space on the board, or a button below.",
        "revealed": "Revealed:",
        "hidden_hand": "Hidden: the device is being passed.",
        "choose": "Choose",
        "play": "Play",
        "money_only": "Money only",
        "money_only_tip": "Play it for its money only, without its effect",
        "no_cards": "No cards in hand.",
        "nothing_played": "Nothing played yet.",
        "none": "None.",
        "buy": "Buy ({cost})",
        "to_deck": "to deck",
        "to_deck_tip": "Early Train: put it on top of your deck",
        "show_discard": "Show discard pile",
        "hide_discard": "Hide discard pile",
        "your_deck": "Your deck: {deck} · discard pile: {discard}",
        "your_points": "Your points now: {points}",
        "points_parts": "(cards {cards}, rails {rails}, track {track})",
        "you": "you",
        "vp_n": "{n} VP",
        "vp_tip": "VP track + rails + VP cards",
        "player_stats": "{rails:# rail|# rails} left · hand {hand} · deck {deck} · discard {discard}",
        "discard_top": " · discard top: {card}",
        "stations_left": "Stations left: {n} · turn {turn}",
        "close": "Close",
        "col_cards": "cards",
        "col_cities": "cities",
        "col_remote": "remote",
        "col_track": "VP track",
        "col_routes": "Route Bonus",
        "col_total": "total",
        "col_rails": "rails",
        "game_ended": "The game ended: {reason}. Ties go to the most rails on the board.",
        "money_tip": "money",
        "vp_card_tip": "victory points",
        "action_tip": "Action: its effect is optional",
        "cost_tip": "cost",
        "pile_tip": "cards left in the pile",
        "reconstructed": "Railtable reconstructed this card's text.",
        # reasons shown on cards and piles
        "why_hidden": "hidden: pass the device",
        "why_over": "the game is over",
        "why_wait": "wait for your turn",
        "why_finish": "first finish: {prompt}",
        "why_start_rail": "first place your starting rail on the board",
        "why_waste_play": "Waste cannot be played",
        "why_vp_card": "victory point cards cannot be played; they count at the end",
        "why_money_only": "{why} (you may play it for its money only)",
        "why_only_money": "{why} (playing it gives only its money)",
        "why_waste_buy": "Waste cannot be bought",
        "why_empty": "this pile is empty",
        "why_cost": "costs {cost}; you have {money}",
        "why_not_now": "cannot be bought now",
        "why_hex_cost": "{hex} costs {cost}; you have {money}",
        "why_no_rails": "you have no rails left",
        "tip_start": "Place your starting rail on {hex}",
        "tip_station": "Place a station on {hex}",
        "tip_rail": "Lay a rail on {hex}: {cost} money",
        "tip_rail_waste": "Lay a rail on {hex}: {cost} money and 1 Waste ({cost}+W)",
        "tip_rail_free": "Lay a rail on {hex}: free",
        "badge_free": "free",
        "badge_waste": "{cost}+W",
        # lobby
        "lobby_board": "Board",
        "lobby_supply": "Supply",
        "random_8": "Random (8 cards)",
        "recommended": "Recommended: {label}",
        "pick": "Pick the cards myself",
        "pick_hint": "Tick up to 8 cards; missing ones are drawn at random.",
        "recommended_sets": "Recommended sets",
        # rest-of-turn effects
        "mod_no_river_cost": "Steel Bridge: rivers cost nothing extra",
        "mod_no_mountain_cost": "Tunnel: mountains cost nothing extra",
        "mod_no_city_cost": "Viaduct: cities cost nothing extra",
        "mod_no_rail_cost": "Subway Excavation: rails cost no extra money",
        "mod_collaboration": "Collaboration: other players' rails cost nothing and give no Waste",
        "mod_no_waste": "Dump Site: you gain no Waste",
        "mod_rail_laying_money": "Ironworks: +2 money per Rail Laying card",
        "mod_buy_to_deck": "Early Train: bought cards may go on top of your deck",
        "mod_remote_discount": "Distant Partners: remote locations cost 1 less",
        "mod_terrain_discount": "Surveyor: rivers and mountains cost 1 less",
        "mod_no_rail_card_waste": "Engineer: no Waste from Rail Laying cards",
        "mod_extra_rail_next": "Extra Laborers: your next Rail Laying card lays 1 more rail",
        # Rising Sun at the table (trains_rs.py)
        "rs_cards": "Cards",
        "rs_card_sets": "Card sets",
        "rs_route_bonus": "Route Bonus cards",
        "rs_s_start": "Chiba: start on the “S” cities",
        "rs_pick_hint": "Tick up to 8 cards of the chosen sets; missing ones are drawn at random.",
        "rs_board_players": "{name} ({count} players)",
        "rs_s_city": "{city}: “S” city (optional start)",
        "rs_open": "Open",
        "rs_progress": "you: {n}/{of} cities linked",
        "rs_taken_by": "Taken by",
        "rs_used": "ability used",
        "rs_use": "Use: {ability}",
        "rs_ability": "Ability:",
        "rs_card_label": "Route Bonus {letter}: {cities}",
        "rs_hover": "point at a card, or tap it, to see its cities",
        "rs_done": "done",
        "rs_now": "deciding now",
        "rs_next": "next",
        "rs_you": " (you)",
        "rs_attack_head": "{attacker} plays {card} (ATTACK)",
        "rs_attack_order": "In order, from the active player clockwise:",
        "rs_privacy_attack": "{name}: {attacker} played {card}.",
        "rs_privacy_reaction": " (a Reaction?)",
        "rs_privacy_back": "{name}: your {card} is answered; your turn goes on.",
        "rs_privacy_choice": "{name}: a choice during {current}'s turn.",
        "rs_choice_in_turn": "{name}'s turn: your choice below.",
    },
    "fr": {
        "board_label": "Plateau {name}",
        "mid_label": "Votre main, votre zone de jeu et vos cartes reçues",
        "log_label": "Journal, le plus récent en premier",
        "your_hand": "Votre main",
        "hand_count": "Votre main ({n:# carte|# cartes})",
        "hand_count_waste": "Votre main ({n:# carte|# cartes}, {w:# Ferraille|# Ferrailles})",
        "play_area": "Zone de jeu",
        "your_play_area": "Votre zone de jeu",
        "their_play_area": "Zone de jeu de {name}",
        "gained": "Reçues ce tour-ci",
        "your_gained": "Vos cartes reçues",
        "their_gained": "Cartes reçues par {name}",
        "supply": "Réserve",
        "supply_hint": "(en surbrillance : à votre portée)",
        "end_turn": "Finir le tour",
        "return_waste": "Remettre toutes les Ferrailles (tout le tour)",
        "return_waste_tip": "Seulement avant toute autre chose ce tour-ci",
        "undo": "Annuler",
        "players": "Joueurs",
        "log": "Journal",
        "tabs_label": "Les panneaux de la table",
        "tab_hand": "Main",
        "tab_supply": "Réserve",
        "tab_routes": "Routes",
        "tab_players": "Joueurs",
        "tab_log": "Journal",
        "game_over": "La partie est finie.",
        "make_choice": "À vous : faites le choix ci-dessous.",
        "start_rail": "Posez votre rail de départ : choisissez une case en surbrillance (ni mer, ni zone isolée).",
        "your_turn_n": "Votre tour {n} : jouez des cartes, achetez, puis Finir le tour.",
        "bot_playing": "{name} joue…",
        "waiting_for": "On attend {name}.",
        "your_money": "Vos pièces ce tour-ci",
        "their_money": "Pièces de {name} ce tour-ci",
        "click_space": "Choisissez une case en surbrillance sur le plateau, ou un bouton ci-dessous.",
        "revealed": "Révélées :",
        "hidden_hand": "Cachée : l'appareil change de mains.",
        "choose": "Choisir",
        "play": "Jouer",
        "money_only": "Pièces seules",
        "money_only_tip": "La jouer pour ses pièces seulement, sans son effet",
        "no_cards": "Aucune carte en main.",
        "nothing_played": "Rien de joué pour l'instant.",
        "none": "Aucune.",
        "buy": "Acheter ({cost})",
        "to_deck": "sur la pioche",
        "to_deck_tip": "Train matinal : la placer sur le dessus de votre pioche",
        "show_discard": "Voir la défausse",
        "hide_discard": "Cacher la défausse",
        "your_deck": "Votre pioche : {deck} · défausse : {discard}",
        "your_points": "Vos points maintenant : {points}",
        "points_parts": "(cartes {cards}, rails {rails}, piste {track})",
        "you": "vous",
        "vp_n": "{n} PV",
        "vp_tip": "piste de PV + rails + cartes PV",
        "player_stats": "{rails:# rail restant|# rails restants} · main {hand} · pioche {deck} · défausse {discard}",
        "discard_top": " · dessus de la défausse : {card}",
        "stations_left": "Gares restantes : {n} · tour {turn}",
        "close": "Fermer",
        "col_cards": "cartes",
        "col_cities": "villes",
        "col_remote": "zones isolées",
        "col_track": "piste de PV",
        "col_routes": "Bonus de route",
        "col_total": "total",
        "col_rails": "rails",
        "game_ended": "La partie s'est arrêtée : {reason}. En cas d'égalité, le plus de rails sur le plateau l'emporte.",
        "money_tip": "pièces",
        "vp_card_tip": "points de victoire",
        "action_tip": "Action : son effet est facultatif",
        "cost_tip": "coût",
        "pile_tip": "cartes restant dans la pile",
        "reconstructed": "Railtable a reconstitué le texte de cette carte.",
        "why_hidden": "cachée : passez l'appareil",
        "why_over": "la partie est finie",
        "why_wait": "attendez votre tour",
        "why_finish": "terminez d'abord : {prompt}",
        "why_start_rail": "posez d'abord votre rail de départ sur le plateau",
        "why_waste_play": "la Ferraille ne peut pas être jouée",
        "why_vp_card": "les cartes Points de victoire ne se jouent pas ; elles comptent à la fin",
        "why_money_only": "{why} (vous pouvez la jouer pour ses pièces seulement)",
        "why_only_money": "{why} (la jouer ne donne que ses pièces)",
        "why_waste_buy": "la Ferraille ne s'achète pas",
        "why_empty": "cette pile est vide",
        "why_cost": "coûte {cost} ; vous avez {money}",
        "why_not_now": "ne peut pas être achetée maintenant",
        "why_hex_cost": "{hex} coûte {cost} ; vous avez {money}",
        "why_no_rails": "vous n'avez plus de rails",
        "tip_start": "Poser votre rail de départ sur {hex}",
        "tip_station": "Placer une gare sur {hex}",
        "tip_rail": "Poser un rail sur {hex} : {cost:# pièce|# pièces}",
        "tip_rail_waste": "Poser un rail sur {hex} : {cost:# pièce|# pièces} et 1 Ferraille ({cost}+F)",
        "tip_rail_free": "Poser un rail sur {hex} : gratuit",
        "badge_free": "gratuit",
        "badge_waste": "{cost}+F",
        "lobby_board": "Plateau",
        "lobby_supply": "Réserve",
        "random_8": "Au hasard (8 cartes)",
        "recommended": "Conseillée : {label}",
        "pick": "Choisir les cartes moi-même",
        "pick_hint": "Cochez jusqu'à 8 cartes ; les manquantes sont tirées au hasard.",
        "recommended_sets": "Sélections conseillées",
        "mod_no_river_cost": "Pont en acier : les rivières ne coûtent rien de plus",
        "mod_no_mountain_cost": "Tunnel : les montagnes ne coûtent rien de plus",
        "mod_no_city_cost": "Viaduc : les villes ne coûtent rien de plus",
        "mod_no_rail_cost": "Voie souterraine : les rails ne coûtent aucune pièce de plus",
        "mod_collaboration": "Coopération : les rails des autres ne coûtent rien et ne donnent pas de Ferraille",
        "mod_no_waste": "Dépotoir : vous ne recevez pas de Ferraille",
        "mod_rail_laying_money": "Ferronnerie : +2 pièces par carte Pose de rails",
        "mod_buy_to_deck": "Train matinal : les cartes achetées peuvent aller sur votre pioche",
        "mod_remote_discount": "Partenaires lointains : les zones isolées coûtent 1 de moins",
        "mod_terrain_discount": "Géomètre : rivières et montagnes coûtent 1 de moins",
        "mod_no_rail_card_waste": "Ingénieur : pas de Ferraille des cartes Pose de rails",
        "mod_extra_rail_next": "Main-d'œuvre supplémentaire : votre prochaine carte Pose de rails pose 1 rail de plus",
        # Rising Sun at the table (trains_rs.py)
        "rs_cards": "Cartes",
        "rs_card_sets": "Boîtes de cartes",
        "rs_route_bonus": "Cartes Bonus de route",
        "rs_s_start": "Chiba : départ sur les villes « S »",
        "rs_pick_hint": "Cochez jusqu'à 8 cartes des boîtes choisies ; les autres sont tirées au hasard.",
        "rs_board_players": "{name} ({count} joueurs)",
        "rs_s_city": "{city} : ville « S » (départ possible)",
        "rs_open": "Libre",
        "rs_progress": "vous : {n}/{of} {of:ville reliée|villes reliées}",
        "rs_taken_by": "Prise par",
        "rs_used": "capacité utilisée",
        "rs_use": "Utiliser : {ability}",
        "rs_ability": "Capacité :",
        "rs_card_label": "Bonus de route {letter} : {cities}",
        "rs_hover": "pointez ou touchez une carte pour voir ses villes",
        "rs_done": "fait",
        "rs_now": "décide maintenant",
        "rs_next": "ensuite",
        "rs_you": " (vous)",
        "rs_attack_head": "{attacker} joue {card} (ATTAQUE)",
        "rs_attack_order": "Dans l'ordre, depuis le joueur actif :",
        "rs_privacy_attack": "{name} : {attacker} a joué {card}.",
        "rs_privacy_reaction": " (une Réaction ?)",
        "rs_privacy_back": "{name} : {card} a reçu sa réponse, votre tour continue.",
        "rs_privacy_choice": "{name} : un choix pendant le tour de {current}.",
        "rs_choice_in_turn": "Au tour de {name} : votre choix ci-dessous.",
    },
}

HELP: dict[str, str] = {
    "en": """
<h2>Trains at this table</h2>
<ol>
<li><b>Start:</b> each player places a starting rail on any free space (not sea, not a remote location):
choose a highlighted space.</li>
<li><b>Your turn:</b> choose a card in your hand to play it (<b>Play</b>); Action cards may also be played
for their money only (<b>Money only</b>). Greyed cards say why they cannot be played.</li>
<li><b>Rails:</b> a Rail Laying card highlights every space you may lay on with its full cost
(money, and <b>+W</b> when you also gain a Waste for another player's rail there). Choose one.</li>
<li><b>Choices</b> (discard, draw, pick a card…) appear in the yellow prompt on the right.</li>
<li><b>Buy</b> with the money shown: affordable supply piles are lit; a bought card goes to your
gained cards (Early Train: choose <b>to deck</b>).</li>
<li><b>Waste</b> (dark striped cards) clogs your hand. Before doing anything else in a turn you may
<b>Return all Waste</b>: that is your whole turn.</li>
<li><b>End turn</b> discards everything and draws 5. <b>Undo</b> takes back your moves this turn,
never across a draw, a reveal or a shuffle.</li>
<li>The game ends when 4 supply piles are empty, a player has laid all their rails, or all stations
are placed. Score: rails in cities (0/2/4/8 by stations), remote locations (their number), VP on
cards, and the VP track.</li>
</ol>
<p>Point at a card, or press and hold it, to read it large.</p>
""",
    "fr": """
<h2>Trains à cette table</h2>
<ol>
<li><b>Départ :</b> chaque joueur pose un rail de départ sur une case libre (ni mer, ni zone isolée) :
choisissez une case en surbrillance.</li>
<li><b>Votre tour :</b> choisissez une carte de votre main pour la jouer (<b>Jouer</b>) ; une carte Action
peut aussi être jouée pour ses pièces seulement (<b>Pièces seules</b>). Une carte grisée dit pourquoi
elle ne peut pas être jouée.</li>
<li><b>Rails :</b> une carte Pose de rails met en surbrillance chaque case où vous pouvez poser, avec
son coût complet (pièces, et <b>+F</b> quand vous recevez aussi une Ferraille pour le rail d'un autre
joueur). Choisissez-en une.</li>
<li>Les <b>choix</b> (défausser, piocher, choisir une carte…) apparaissent dans l'encadré jaune à droite.</li>
<li><b>Achetez</b> avec les pièces affichées : les piles à votre portée sont en surbrillance ; une carte
achetée rejoint vos cartes reçues (Train matinal : choisissez <b>sur la pioche</b>).</li>
<li>La <b>Ferraille</b> (cartes sombres rayées) encombre votre main. Avant toute autre chose dans un
tour, vous pouvez <b>remettre toutes les Ferrailles</b> : c'est alors tout votre tour.</li>
<li><b>Finir le tour</b> défausse tout et pioche 5 cartes. <b>Annuler</b> reprend vos coups de ce tour,
jamais au-delà d'une pioche, d'une carte révélée ou d'un mélange.</li>
<li>La partie s'arrête quand 4 piles de la réserve sont vides, qu'un joueur a posé tous ses rails ou que
toutes les gares sont placées. Points : rails dans les villes (0/2/4/8 selon les gares), zones isolées
(leur valeur), PV des cartes et piste de PV.</li>
</ol>
<p>Pointez une carte, ou appuyez longuement dessus, pour la lire en grand.</p>
""",
}


def ui(key: str, lang: str = "en", **params: Any) -> str:
    """The table's text ``key`` in ``lang`` (English when missing), its fields filled."""
    text = UI.get(lang, UI["en"]).get(key) or UI["en"][key]
    return fill(text, lang, **params) if params else text


def help_html(lang: str = "en") -> str:
    return HELP.get(lang, HELP["en"])


def card_text(name: str, lang: str = "en", mark: bool = True) -> str:
    """The card's text from the engine's card data ("text", "text_fr"); a Rising Sun card whose
    effect this project reconstructed says so, as a note for players (docs/sources.md#trains-rising-sun).
    ``mark=False`` leaves that note out (the card reader says it once, at more length)."""
    try:
        c = card(name)
    except KeyError:
        return ""
    text = c.text_fr if lang == "fr" and c.text_fr else c.text
    return text + (" " + ui("reconstructed", lang) if mark and c.reconstructed and text else "")


def card_label(name: str, lang: str = "en") -> str:
    """The card's name as printed in ``lang``."""
    return card_name(name, lang)


def types_label(name: str, lang: str = "en") -> str:
    return " · ".join(card_type(t, lang) for t in card(name).types)


def modifier_text(name: str, lang: str = "en") -> str:
    key = "mod_" + name
    return ui(key, lang) if key in UI["en"] else name


__all__ = ["HELP", "UI", "card_label", "card_text", "help_html", "modifier_text", "types_label", "ui"]
