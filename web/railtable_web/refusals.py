"""The engine's refusals in the reader's language (issue 14, "Words").

The engine (py/railtable) decides what is legal and raises a specific error (core/errors.py) whose
message is written in English for a person. The page shows those messages where it refuses
something: an illegal move, an undo, a save it cannot import or resume, a setup the rules forbid.
In English the message is shown as the engine wrote it. In French it is matched against the
engine's message patterns below and said in French with the same details (names, numbers, the
nested reason of "this save cannot be replayed: ..."); card names are given their French names.
A message no pattern knows is still refused in French: the error's class says what kind of refusal
it is, and the engine's English details follow it. Nothing here decides anything.
"""

from __future__ import annotations

import re
from typing import Any

from railtable.core.errors import (
    ConfigError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
    RailtableError,
    SaveError,
    UndoError,
)

from . import i18n

# (English pattern of the engine's message, French template). A group named ``why`` is itself a
# refusal (translated again); a group named ``card`` is a Trains card (its French name).
_FR: list[tuple[str, str]] = [
    # ---- every game (core) ----
    (r"it is not (?P<name>.+)'s turn \(waiting for (?P<waiting>.+)\)", "ce n'est pas le tour de {name} (on attend {waiting})"),
    (r"the game is over", "la partie est finie"),
    (r"action (?P<i>\d+) of (?P<n>\d+) is illegal: (?P<why>.+)", "le coup {i} sur {n} est interdit : {why}"),
    (r"nothing to undo: only your own actions of this turn since the last draw, roll or reveal can be taken back",
     "rien à annuler : seuls vos propres coups de ce tour depuis la dernière pioche, le dernier lancer ou la dernière "
     "révélation peuvent être repris"),
    (r"an action must be a JSON object with a 'type' string, got .*", "un coup doit être un objet JSON avec un champ « type »"),
    (r"an action needs 'player', a seat number from 0 to (?P<n>\d+)", "un coup doit nommer son joueur (« player », de 0 à {n})"),
    # saves
    (r"this file is too large to be a save \((?P<n>[\d,]+) characters; a save has at most (?P<max>[\d,]+)\)",
     "ce fichier est trop grand pour être une sauvegarde ({n} caractères ; une sauvegarde en a au plus {max})"),
    (r"this save is damaged: it is nested more than (?P<n>\d+) levels deep",
     "cette sauvegarde est abîmée : elle est imbriquée sur plus de {n} niveaux"),
    (r"this save is damaged: it is not valid JSON \(its brackets do not match: the file may be cut short\)",
     "cette sauvegarde est abîmée : ce n'est pas du JSON valide (ses crochets ne correspondent pas : le fichier est "
     "peut-être tronqué)"),
    (r"this save is damaged: it is not valid JSON \((?P<detail>.*)\)", "cette sauvegarde est abîmée : ce n'est pas du JSON valide ({detail})"),
    (r"this save is damaged: the key (?P<key>.+) appears twice in one object",
     "cette sauvegarde est abîmée : la clé {key} apparaît deux fois dans un même objet"),
    (r"this save is damaged: (?P<name>.+) is not a number JSON allows",
     "cette sauvegarde est abîmée : {name} n'est pas un nombre permis en JSON"),
    (r"this save is damaged: the number (?P<n>.+) is too large", "cette sauvegarde est abîmée : le nombre {n} est trop grand"),
    (r"this save is damaged: it has a field Railtable does not know \((?P<key>.+)\)",
     "cette sauvegarde est abîmée : elle a un champ que Railtable ne connaît pas ({key})"),
    (r"this save is damaged \(not text\)", "cette sauvegarde est abîmée (ce n'est pas du texte)"),
    (r"this save is damaged \(unknown layout\)", "cette sauvegarde est abîmée (sa structure est inconnue)"),
    (r"this save is damaged: (?P<why>.+)", "cette sauvegarde est abîmée : {why}"),
    (r"this file is not a save \(it is not UTF-8 text\)", "ce fichier n'est pas une sauvegarde (ce n'est pas du texte UTF-8)"),
    (r"this file is not a save Railtable can read \((?P<kind>\w+)\)",
     "ce fichier n'est pas une sauvegarde que Railtable sait lire ({kind})"),
    (r"this is not a Railtable save", "ce n'est pas une sauvegarde Railtable"),
    (r"this save has format version (?P<v>.+); this version of Railtable reads version (?P<w>\d+)",
     "cette sauvegarde est au format {v} ; cette version de Railtable lit le format {w}"),
    (r"this save is missing or has a damaged field \((?P<fields>.+) missing\)",
     "il manque à cette sauvegarde un champ, ou il est abîmé ({fields} manquant)"),
    (r"this save is missing or has a damaged field \(the game is not named\)",
     "il manque à cette sauvegarde un champ, ou il est abîmé (le jeu n'est pas nommé)"),
    (r"this save is missing or has a damaged field \(its setup is not an object\)",
     "il manque à cette sauvegarde un champ, ou il est abîmé (sa mise en place n'est pas un objet)"),
    (r"this save is missing or has a damaged field \(its actions are not a list of moves\)",
     "il manque à cette sauvegarde un champ, ou il est abîmé (ses coups ne sont pas une liste)"),
    (r"this save is of a game this version does not know: (?P<game>.+)",
     "cette sauvegarde est d'un jeu que cette version ne connaît pas : {game}"),
    (r"the game of this save \((?P<game>.+)\) could not be loaded: (?P<kind>\w+)",
     "le jeu de cette sauvegarde ({game}) n'a pas pu être chargé : {kind}"),
    (r"this save's setup cannot be used: (?P<why>.+)", "la mise en place de cette sauvegarde est inutilisable : {why}"),
    (r"this save cannot be replayed: (?P<why>.+)", "cette sauvegarde ne peut pas être rejouée : {why}"),
    (r"this save cannot be read", "cette sauvegarde est illisible"),
    (r"(?P<why>.+)\. The game is kept: you can export it, or restart it from its setup under the current rules\.",
     "{why}. La partie est conservée : vous pouvez l'exporter, ou la recommencer depuis sa mise en place avec les "
     "règles actuelles."),
    (r"this (?P<game>.+) game uses rules version (?P<v>\d+); this version of Railtable (?P<rest>.+)",
     "cette partie de {game} suit la version {v} des règles ; cette version de Railtable ne sait pas la jouer"),
    # setups
    (r"the seed must be a whole number, not .*", "la graine doit être un nombre entier"),
    (r"the seed is too large \(it must have at most 18 digits\)", "la graine est trop grande (18 chiffres au plus)"),
    (r"the players must be a list of names", "les joueurs doivent être une liste de noms"),
    (r"(?P<game>.+) is for (?P<a>\d+) to (?P<b>\d+) players, not (?P<n>\d+)", "{game} se joue de {a} à {b} joueurs, pas {n}"),
    (r"(?P<game>.+) is for (?P<a>\d+) to (?P<b>\d+) players", "{game} se joue de {a} à {b} joueurs"),
    (r"the name of player (?P<i>\d+) is not text", "le nom du joueur {i} n'est pas du texte"),
    (r"the name of player (?P<i>\d+) has no visible character", "le nom du joueur {i} n'a aucun caractère visible"),
    (r"the name of player (?P<i>\d+) must have 1 to (?P<max>\d+) characters, not (?P<n>\d+)",
     "le nom du joueur {i} doit avoir de 1 à {max} caractères, pas {n}"),
    (r"(?P<a>\d+) players but (?P<b>\d+) seats", "{a} joueurs mais {b} places"),
    (r"seat (?P<i>\d+) names a bot (?P<game>.+) does not have .*", "la place {i} nomme un robot que {game} n'a pas"),
    (r"(?P<n>\d+) players need the dashed city cards \(only (?P<k>\d+) cards per colour without\)",
     "{n} joueurs demandent les cartes des villes en pointillés ({k} cartes par couleur seulement sans elles)"),
    (r"the (?P<board>.+) board is for (?P<span>.+), not (?P<n>\d+)", "le plateau {board} est prévu pour {span}, pas {n}"),
    # ---- TransAmerica ----
    (r"(?P<what>.+) must be a crossing point \[x, y\] of two integers, got .*", "{what} doit être un croisement [x, y] de deux entiers"),
    (r"(?P<p>.+) is not a crossing point of the board", "{p} n'est pas un croisement du plateau"),
    (r"starting markers are placed only in each player's first turn of a round",
     "le pion de départ se pose seulement au premier tour de chaque joueur dans une manche"),
    (r"there is already a starting marker on (?P<place>.+)", "il y a déjà un pion de départ sur {place}"),
    (r"place your starting marker first: this is your first turn of the round",
     "posez d'abord votre pion de départ : c'est votre premier tour de la manche"),
    (r"there is no line between (?P<a>.+) and (?P<b>.+) on the board", "il n'y a pas de ligne entre {a} et {b} sur le plateau"),
    (r"the line (?P<a>.+)-(?P<b>.+) already has a track", "la ligne {a}-{b} a déjà un rail"),
    (r"all the tracks are on the board", "tous les rails sont sur le plateau"),
    (r"place your starting marker: that is your whole first turn", "posez votre pion de départ : c'est tout votre premier tour"),
    (r"you must place at least one track each turn before ending it", "posez au moins un rail à chaque tour avant de le finir"),
    # ---- Trains ----
    (r"first finish the card effect: (?P<prompt>.+)", "finissez d'abord l'effet de la carte : {prompt}"),
    (r"(?P<value>.+) is not one of the options \((?P<allowed>.*)\)", "{value} n'est pas l'un des choix ({allowed})"),
    (r"each player must first place a starting rail", "chaque joueur doit d'abord poser un rail de départ"),
    (r"there is no space (?P<h>.+) on this board", "il n'y a pas de case {h} sur ce plateau"),
    (r"another player already started on (?P<place>.+)", "un autre joueur a déjà commencé sur {place}"),
    (r"a starting rail may not go on a sea space or a remote location \((?P<place>.+)\)",
     "un rail de départ ne peut aller ni sur la mer ni sur un lieu isolé ({place})"),
    (r"no (?P<kind>\w+) is expected now \(rails and stations come from playing cards\)",
     "aucun coup « {kind} » n'est attendu maintenant (rails et gares viennent des cartes jouées)"),
    (r"card (?P<cid>.+) is not in your hand", "la carte {cid} n'est pas dans votre main"),
    (r"(?P<card>.+) cannot be played", "{card} ne peut pas être jouée"),
    (r"(?P<card>.+) has no effect to decline", "{card} n'a pas d'effet à refuser"),
    (r"(?P<card>.+) is not an Action card: its effect is applied when it can be \(rulebook \"Playing A Card\"\)",
     "{card} n'est pas une carte Action : son effet s'applique dès qu'il le peut (règle « Jouer une carte »)"),
    (r"the effect of (?P<card>.+) cannot be applied in full now \(play it with decline: true\)",
     "l'effet de {card} ne peut pas s'appliquer en entier maintenant (jouez-la en refusant son effet)"),
    (r"Waste cannot be bought", "les Déchets ne s'achètent pas"),
    (r"there is no (?P<card>.+) pile in the supply", "il n'y a pas de pile {card} dans la réserve"),
    (r"the (?P<card>.+) pile is empty", "la pile {card} est vide"),
    (r"(?P<card>.+) costs (?P<cost>\d+); you have (?P<money>\d+) money", "{card} coûte {cost} ; vous avez {money} d'argent"),
    (r"you may put a bought card on top of your deck only after playing Early Train",
     "une carte achetée ne va sur votre pioche qu'après avoir joué Train matinal"),
    (r"you hold no unused Route Bonus card (?P<route>.+)", "vous n'avez pas de carte Bonus de route {route} inutilisée"),
    (r"a Route Bonus ability may be used in a later turn than the one you took it, when it can be applied",
     "une carte Bonus de route s'utilise à un tour suivant celui où vous l'avez prise, quand elle peut s'appliquer"),
    (r"a Route Bonus ability may be used in your turn, with no choice pending, when it can be applied",
     "une carte Bonus de route s'utilise pendant votre tour, sans choix en attente, quand elle peut s'appliquer"),
    (r"you may return your Waste only by passing your whole turn \(you already played or bought\)",
     "vous ne pouvez rendre vos Déchets qu'en passant tout votre tour (vous avez déjà joué ou acheté)"),
    (r"you have no Waste in your hand", "vous n'avez pas de Déchets en main"),
    (r"this action is not legal now", "ce coup n'est pas permis maintenant"),
    (r"unknown board (?P<b>.+); boards: .*", "plateau inconnu {b}"),
    (r"the kingdom lists a card twice", "la réserve nomme une carte deux fois"),
    (r"the kingdom has 8 piles", "la réserve a 8 piles"),
    # ---- Trains & Stations ----
    (r"return one of the 3 Power cards you were dealt", "rendez l'une des 3 cartes Pouvoir reçues"),
    (r"you have no dice to roll: reclaim your dice from the board", "vous n'avez pas de dés à lancer : reprenez vos dés du plateau"),
    (r"Locked Train dice may not be rerolled", "les dés Train bloqué ne se relancent pas"),
    (r"a reroll costs 1 Coin and you have none", "une relance coûte 1 Pièce et vous n'en avez pas"),
    (r"you have no such unselected die", "vous n'avez pas ce dé parmi les dés non choisis"),
    (r"you have no such selected die", "vous n'avez pas ce dé parmi les dés choisis"),
    (r"your workers are on strike: no more rerolls", "vos ouvriers sont en grève : plus de relance"),
    (r"select the dice to reroll first", "choisissez d'abord les dés à relancer"),
    (r"only Train and Locked Train dice are placed on routes", "seuls les dés Train et Train bloqué se posent sur les lignes"),
    (r"you have no such die to place", "vous n'avez pas ce dé à poser"),
    (r"a train goes on an empty route space next to a Station or to a space holding a die",
     "un train va sur une case de ligne vide voisine d'une Gare ou d'une case qui porte un dé"),
    (r"erecting a (?P<b>.+) needs 3 dice showing it", "construire un {b} demande 3 dés qui le montrent"),
    (r"you have no (?P<b>.+) left in your supply", "il ne vous reste pas de {b} dans votre réserve"),
    (r"you have no such die showing a Coin", "vous n'avez pas ce dé montrant une Pièce"),
    (r"only dice showing a Building or a Coin may be saved", "seuls les dés montrant un Bâtiment ou une Pièce se gardent"),
    (r"you have no such die of your own colour \(Bonus dice cannot be saved\)",
     "vous n'avez pas ce dé de votre couleur (les dés Bonus ne se gardent pas)"),
    (r"every Train and Locked Train die must be placed first", "tous les dés Train et Train bloqué doivent d'abord être posés"),
    (r"give the Goods card to a player who is still owed one", "donnez la carte Marchandise à un joueur à qui l'on en doit encore une"),
    (r"you have no more Goods of that type to trade", "vous n'avez plus de Marchandises de ce type à échanger"),
    (r"offer a two-Goods Power card of yours not offered yet", "proposez une de vos cartes Pouvoir à deux Marchandises pas encore proposée"),
    (r"your trade is already empty", "votre échange est déjà vide"),
    (r"Goods are traded 2 for 1: offer an even number of Goods", "les Marchandises s'échangent 2 contre 1 : proposez-en un nombre pair"),
    (r"award the card to a player still owed one", "donnez la carte à un joueur à qui l'on en doit encore une"),
]
_COMPILED: list[tuple[re.Pattern[str], str]] = []  # compiled when first needed: not at boot (issue 10)


def _compiled() -> list[tuple[re.Pattern[str], str]]:
    if not _COMPILED:
        _COMPILED.extend((re.compile(pattern + r"\Z", re.S), template) for pattern, template in _FR)
    return _COMPILED

# What kind of refusal a message no pattern knows is (most specific class first).
_KIND_FR: list[tuple[type[BaseException], str]] = [
    (NotYourTurnError, "Ce n'est pas votre tour"),
    (MalformedActionError, "Ce coup est mal formé"),
    (IllegalActionError, "Les règles ne permettent pas ce coup maintenant"),
    (UndoError, "Impossible d'annuler"),
    (SaveError, "Cette sauvegarde ne peut pas être lue"),
    (ConfigError, "Les règles ne permettent pas cette mise en place"),
    (RailtableError, "Refusé"),
]


def _card_fr(name: str) -> str:
    try:
        from .trains_text import card_label

        return card_label(name, "fr")
    except Exception:  # noqa: BLE001 - not a card name after all: keep it as written
        return name


def _fr(message: str) -> str | None:
    """The French of one engine message, or None when no pattern knows it."""
    message = message.strip()
    for pattern, template in _compiled():
        found = pattern.match(message)
        if found is None:
            continue
        parts: dict[str, str] = {}
        for key, value in found.groupdict().items():
            value = value or ""
            if key == "why":
                value = _fr(value) or value
            elif key == "card":
                value = _card_fr(value)
            parts[key] = value
        return template.format(**parts)
    return None


def refusal(error: Any, lang: str | None = None) -> str:
    """What the page says for ``error`` (an engine error, or its message) in ``lang`` (default:
    the page's language)."""
    message = str(error)
    lang = lang or i18n.language()
    if lang != "fr":
        return message
    said = _fr(message)
    if said is not None:
        return said
    kind = "Refusé"
    if isinstance(error, BaseException):
        kind = next((text for cls, text in _KIND_FR if isinstance(error, cls)), kind)
    return f"{kind} (en anglais : {message})"


__all__ = ["refusal"]
