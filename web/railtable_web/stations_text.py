"""Trains & Stations at the table: the page's own words in English and French (pure, CPython-tested).

Game terms (die faces, Buildings, Goods, Stations, routes, steps, action labels) come from the
engine's ``railtable/stations/i18n.json`` through :func:`term`; the words here are the table's
own (banners, headings, help). French words follow the French rules
(docs/sources.md#trains-and-stations (the French translation)): Gare, Ligne, Livraison, Grève, Conducteur, dé Bonus,
carte Pouvoir Spécial, Marchandises, Spéculation, PV.
"""

from __future__ import annotations

from typing import Any

from railtable.core.words import fill
from railtable.stations import messages

from .markup import escape

UI: dict[str, dict[str, str]] = {
    "en": {
        "board_label": "Trains & Stations board",
        "your_turn": "Your turn",
        "waiting_for": "Waiting for {name}.",
        "bot_playing": "{name} is playing…",
        "waiting_many": "Waiting for: {names}.",
        "game_over": "The game is over.",
        "spectator": "Nobody's secrets are on screen.",
        "players": "Players",
        "goods_stacks": "Goods stacks",
        "log": "Log",
        "undo": "Undo",
        "my_hand": "Your hand",
        "my_goods": "Your Goods",
        "my_power": "Your Power cards",
        "none": "none",
        "hidden_hand": "Hidden until you take the device.",
        "coins_n": "{n} {n:Coin|Coins}",
        "vp_n": "{n} VP",
        "dice_supply": "dice in supply",
        "dice_board": "on the board",
        "dice_saved": "saved",
        "bonus_held": "Bonus dice held",
        "dice_supply_n": "{n} {n:die|dice} in supply",
        "dice_board_n": "{n} on the board",
        "bonus_held_n": "{n} Bonus {n:die|dice} held",
        "buildings_left": "Buildings left",
        "conductor_mark": "Conductor",
        "bot": "bot",
        "human": "human",
        "vp_stack_n": "VP stack: {n}",
        "pool_n": "Bonus dice pool: {n}",
        "bank_n": "Bank: {n} {n:Coin|Coins}",
        "deck_n": "Power cards in the deck: {n}",
        "round_n": "Round {n}",
        "endgame_note": "Last round: the game ends before the Conductor plays again.",
        "keep_prompt": "Keep 2 of your 3 Power cards: choose the one to return.",
        "keep_wait": "Everyone is choosing which Power card to return.",
        "gather_prompt": "Gather up to 5 dice ({own} of yours) and roll.",
        "bonus_choice": "Bonus dice to roll (you hold {held}):",
        "saved_choice": "Your saved dice: choose one to keep its face or roll it again.",
        "kept": "kept",
        "rolled": "rolled",
        "no_option": "That combination is not allowed (bonus dice required up to 5 dice).",
        "reclaim_note": "Or take back all your dice from the board ({n}) and end your turn:",
        "roll_prompt": "Choose the dice to reroll (1 Coin per reroll; Locked Trains stay).",
        "roll_no_coin": "You have no Coin: no reroll.",
        "strike": "Strike! Three Locked Trains: no more rerolls, 3 VP lost.",
        "resolve_prompt": "Place every train: pick a train die, then a highlighted space.",
        "resolve_more": "Then erect Buildings, take Coins, save dice, and end step 3.",
        "trains_left": "Train dice to place: {n}",
        "build_at": "Erect a {building} at:",
        "order_prompt": "Several routes are complete: choose the next Delivery.",
        "tie_prompt": "Tie for the majority on the {route} route: who gets the Majority Bonus?",
        "goods_prompt": "Only {left} {goods} left for the {building}s: give them out one by one.",
        "owed": "owed {n}",
        "upgrade_prompt": "Goods upgrade: choose the new Goods.",
        "spec_prompt": "Speculation: trade your Goods 2 for 1 for new {goods} cards. Your choice stays secret until everyone has chosen.",
        "spec_offer": "Your trade: {offer}",
        "spec_wait": "Waiting for the others' secret trades.",
        "spec_done": "You have chosen your trade.",
        "award_prompt": "Too few {goods} cards: hand them out one by one.",
        "no_choice": "Nothing to choose here.",
        "delivery_title": "Delivery: {route} route",
        "delivery_stations": "Stations served: {stations}",
        "d_completion": "Completion VPs: 1 VP per Station served to each player with a die on the route",
        "d_majority": "Majority Bonus: most dice of their own colour on the route (white Bonus dice count for nobody)",
        "d_goods": "Goods: one card per Building at the Stations served",
        "d_missions": "Missions",
        "d_reclaim": "Dice back to their owners, Bonus dice to the pool",
        "dice_on_route": "{name}: {n} {n:die|dice} on the route",
        "die_on_route": "{name}: 1 die on the route",
        "white_on_route": "white Bonus dice: {n}",
        "nothing_here": "nobody",
        "spec_title": "Speculation revealed",
        "summary_title": "What happened",
        "result_wins": "{names} wins!",
        "result_share": "{names} share the victory!",
        "gold": "Gold",
        "help_title": "Trains & Stations in brief",
        "space": "space",
    },
    "fr": {
        "board_label": "Plateau de Trains & Stations",
        "your_turn": "À vous de jouer",
        "waiting_for": "En attente de {name}.",
        "bot_playing": "{name} joue…",
        "waiting_many": "En attente de : {names}.",
        "game_over": "La partie est terminée.",
        "spectator": "Aucun secret n'est affiché.",
        "players": "Joueurs",
        "goods_stacks": "Piles de Marchandises",
        "log": "Journal",
        "undo": "Annuler",
        "my_hand": "Votre main",
        "my_goods": "Vos Marchandises",
        "my_power": "Vos cartes Pouvoir Spécial",
        "none": "aucune",
        "hidden_hand": "Caché jusqu'à ce que vous preniez l'appareil.",
        "coins_n": "{n} {n:pièce|pièces}",
        "vp_n": "{n} PV",
        "dice_supply": "dés en réserve",
        "dice_board": "sur le plateau",
        "dice_saved": "sauvés",
        "bonus_held": "dés Bonus en main",
        "dice_supply_n": "{n} {n:dé|dés} en réserve",
        "dice_board_n": "{n} sur le plateau",
        "bonus_held_n": "{n} {n:dé Bonus|dés Bonus} en main",
        "buildings_left": "Bâtiments restants",
        "conductor_mark": "Conducteur",
        "bot": "robot",
        "human": "humain",
        "vp_stack_n": "Pile de PV : {n}",
        "pool_n": "Réserve de dés Bonus : {n}",
        "bank_n": "Banque : {n} {n:pièce|pièces}",
        "deck_n": "cartes Pouvoir Spécial dans la pioche : {n}",
        "round_n": "Tour {n}",
        "endgame_note": "Dernier tour : la partie s'arrête avant que le Conducteur ne rejoue.",
        "keep_prompt": "Gardez 2 de vos 3 cartes Pouvoir Spécial : choisissez celle à reposer.",
        "keep_wait": "Chacun choisit la carte Pouvoir Spécial à reposer.",
        "gather_prompt": "Rassemblez jusqu'à 5 dés ({own} des vôtres) et lancez.",
        "bonus_choice": "dés Bonus à lancer (vous en avez {held}) :",
        "saved_choice": "Vos dés sauvés : choisissez-en un pour garder sa face ou le relancer.",
        "kept": "gardé",
        "rolled": "relancé",
        "no_option": "Cette combinaison n'est pas permise (dés Bonus obligatoires jusqu'à 5 dés).",
        "reclaim_note": "Ou récupérez tous vos dés du plateau ({n}) et terminez votre tour :",
        "roll_prompt": "Choisissez les dés à relancer (1 pièce par relance ; les Trains bloqués restent).",
        "roll_no_coin": "Vous n'avez pas de pièce : pas de relance.",
        "strike": "Grève ! Trois Trains bloqués : plus de relance, 3 PV perdus.",
        "resolve_prompt": "Placez tous les Trains : choisissez un dé Train, puis une case en surbrillance.",
        "resolve_more": "Puis construisez des Bâtiments, prenez des pièces, sauvegardez des dés et terminez l'action C.",
        "trains_left": "dés Train à placer : {n}",
        "build_at": "Construire un {building} à :",
        "order_prompt": "Plusieurs Lignes sont complètes : choisissez la prochaine Livraison.",
        "tie_prompt": "Égalité pour la majorité sur la ligne {route} : qui reçoit le Bonus de majorité ?",
        "goods_prompt": "Il ne reste que {left} {goods} pour les {building}s : donnez-les une à une.",
        "owed": "en attend {n}",
        "upgrade_prompt": "Amélioration : choisissez la nouvelle Marchandise.",
        "spec_prompt": "Spéculation : échangez vos Marchandises à 2 pour 1 contre de nouvelles cartes {goods}. Votre choix reste secret jusqu'à ce que tous aient choisi.",
        "spec_offer": "Votre échange : {offer}",
        "spec_wait": "En attente des échanges secrets des autres joueurs.",
        "spec_done": "Vous avez choisi votre échange.",
        "award_prompt": "Pas assez de cartes {goods} : distribuez-les une à une.",
        "no_choice": "Rien à choisir ici.",
        "delivery_title": "Livraison : ligne {route}",
        "delivery_stations": "Gares desservies : {stations}",
        "d_completion": "PV pour la Ligne complétée : 1 PV par Gare desservie à chaque joueur ayant un dé sur la Ligne",
        "d_majority": "Bonus de majorité : le plus de dés Train de sa couleur sur la Ligne (les dés Bonus blancs ne comptent pour personne)",
        "d_goods": "Marchandises : une carte par Bâtiment dans les Gares desservies",
        "d_missions": "Liaisons",
        "d_reclaim": "Les dés reviennent à leurs propriétaires, les dés Bonus à la réserve",
        "dice_on_route": "{name} : {n} {n:dé|dés} sur la Ligne",
        "die_on_route": "{name} : 1 dé sur la Ligne",
        "white_on_route": "dés Bonus blancs : {n}",
        "nothing_here": "personne",
        "spec_title": "Spéculation révélée",
        "summary_title": "Ce qui s'est passé",
        "result_wins": "{names} gagne !",
        "result_share": "{names} se partagent la victoire !",
        "gold": "Lingot d'Or",
        "help_title": "Trains & Stations en bref",
        "space": "case",
    },
}

HELP: dict[str, str] = {
    "en": """
<p><b>The board and the Power cards are this project's design</b>: the rulebook does not print them
(see the project's reference notes). Everything else follows the rulebook.</p>
<ol>
<li><b>Gather dice</b>: saved dice first, then dice of your colour up to 5; add Bonus dice if you
like (you must, to reach 5 dice; all of them if the pool is empty). With 5 or more dice on the board
you may instead take them all back and end your turn.</li>
<li><b>Roll</b>: pay 1 Coin to reroll any dice except Locked Trains, as often as you can pay.
Three Locked Trains is a <b>Strike</b>: no more rerolls and you lose 3 VP.</li>
<li><b>Resolve</b>: place every Train and Locked Train next to a Station or to another die; 3 dice
showing the same Building erect it at a Station (one Building everywhere before any second one);
each Coin die gives 2 Coins (5 at most); save Building or Coin dice of your colour.</li>
<li><b>Delivery</b> when a route is complete: 1 VP per Station to everyone with a die on it; the
majority takes the Stations' bonuses; each Building at those Stations collects a Goods card
(1 VP when the stack is empty); Missions whose cities are now joined score.</li>
<li><b>Upgrade</b> an empty Goods stack, then everyone secretly trades Goods 2 for 1 for the new
Goods (<b>Speculation</b>).</li>
</ol>
<p>When the VP stack runs out, the round is played to its end. Monopolies of Goods score at the end;
most Gold breaks a tie.</p>
<p>At the table: choose dice in the tray, then highlighted spaces to place trains, and use the
buttons for everything else. Undo works within your turn until dice are rolled or cards revealed.</p>
""",
    "fr": """
<p><b>Le plateau et les cartes Pouvoir Spécial sont une création de ce projet</b> : la règle ne les
donne pas (voir les notes de référence du projet). Tout le reste suit la règle du jeu.</p>
<ol>
<li><b>Rassembler les dés</b> : d'abord les dés sauvés, puis vos dés jusqu'à 5 ; ajoutez des dés
Bonus si vous le souhaitez (obligatoire pour atteindre 5 dés ; tous si la réserve est vide). Avec 5
dés ou plus sur le plateau, vous pouvez plutôt tous les récupérer et terminer votre tour.</li>
<li><b>Lancer les dés</b> : payez 1 pièce pour relancer des dés, sauf les Trains bloqués, autant de
fois que vous pouvez payer. Trois Trains bloqués : c'est la <b>Grève</b> ! Plus de relance et vous
perdez 3 PV.</li>
<li><b>Résoudre les dés</b> : placez chaque Train et Train bloqué à côté d'une Gare ou d'un autre dé ;
3 dés montrant le même Bâtiment le construisent dans une Gare (un Bâtiment partout avant un
deuxième) ; chaque dé Argent rapporte 2 pièces (5 au plus) ; sauvegardez des dés Bâtiment ou Argent
de votre couleur.</li>
<li><b>Livraison</b> quand une Ligne est complète : 1 PV par Gare à chaque joueur ayant un dé dessus ;
la majorité reçoit les bonus des Gares ; chaque Bâtiment de ces Gares reçoit une carte Marchandise
(1 PV si la pile est vide) ; les Liaisons dont les villes sont reliées rapportent leurs PV.</li>
<li><b>Amélioration</b> d'une pile de Marchandises épuisée, puis chacun échange en secret ses
Marchandises à 2 pour 1 contre les nouvelles (<b>Spéculation</b>).</li>
</ol>
<p>Quand la pile de PV est épuisée, on finit le tour de table. Les majorités de Marchandises
rapportent des PV en fin de partie ; le plus de Lingots d'Or départage.</p>
<p>À la table : choisissez les dés, puis les cases en surbrillance pour placer les
Trains, et servez-vous des boutons pour le reste. Annuler fonctionne pendant votre tour, jusqu'à un lancer de
dés ou une carte révélée.</p>
""",
}


def ui(key: str, lang: str = "en", **params: Any) -> str:
    """The table's own text of ``key`` in ``lang`` (English if missing)."""
    text = UI.get(lang, {}).get(key) or UI["en"].get(key) or key
    return fill(text, lang, **params) if params else text


def term(key: str, lang: str = "en") -> str:
    """A game term from the engine's i18n.json (``face.coin``, ``station.denver``, ``step.3``...)."""
    return messages.term(key, lang)


def card_text(card: dict[str, Any], lang: str = "en") -> str:
    """A Power card in words (a Mission or its two Goods)."""
    return messages.card_text(int(card["id"]), lang)


def help_html(lang: str = "en") -> str:
    return f"<h2>{escape(ui('help_title', lang))}</h2>" + HELP.get(lang, HELP["en"])


def event_text(event: list[Any], lang: str, names: list[str]) -> str:
    """One structured log event ``[key, params]`` as text in ``lang`` (names stay text: escape them for HTML)."""
    return messages.render(str(event[0]), dict(event[1]), lang, names)


def action_label(action: dict[str, Any], lang: str, names: list[str]) -> str:
    """The words on a button offering ``action`` (plain text)."""
    kind = action["type"]
    base = term(f"action.{kind}", lang)
    colon = " : " if lang == "fr" else ": "
    if kind == "deliver":
        return f"{base}{colon}{term('route.' + action['route'], lang)}"
    if kind in ("tie", "give_goods", "award"):
        who = action.get("winner", action.get("to"))
        return f"{base} → {names[int(who)]}"
    if kind == "upgrade":
        return f"{term('building.' + action['building'], lang)} → {term('goods.' + action['goods'], lang)}"
    if kind == "offer_goods":
        return f"{base}{colon}{term('goods.' + action['goods'], lang)}"
    if kind == "offer_card":
        return f"{base}{colon}{messages.card_text(int(action['card']), lang)}"
    if kind == "cash":
        return base + (f" ({term('term.bonus_die', lang)})" if action["bonus"] else "")
    if kind == "save":
        return f"{base}{colon}{term('face.' + action['face'], lang)}"
    if kind == "build":
        return f"{term('station.' + action['station'], lang)}"
    return base


def offer_text(offer: dict[str, Any], lang: str) -> str:
    """A speculation trade in words (``{"goods": {type: n}, "cards": [ids]}``)."""
    return messages.offer_text(offer, lang)
