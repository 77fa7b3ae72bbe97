"""The page's words in English and French (a game's own words live in its package).

``t(key, **params)`` gives the text in the current language; elements of
index.html carry ``data-i18n="key"`` and are re-labelled by ``apply_static``.
French words follow the French rules where a game term is concerned.
"""

from __future__ import annotations

from typing import Any

from railtable.core.words import fill

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "update_ready": "A new version of Railtable is ready.",
        "damaged_save": "Damaged save",
        "untitled_save": "Saved game",
        # bots thinking and the move hint (think_ui.py)
        "thinking": "{name} is thinking…",
        "hint_button": "What would Hard do?",
        "hint_thinking": "Hard is thinking about your move…",
        "hint_share": "Hard would play the ringed move: it gives you about {share}% chance to win (estimated from {n} simulated games).",
        "hint_plain": "Hard would play the ringed move.",
        "hint_none": "No hint for this move.",
        "reload": "Reload",
        "new_game": "New game",
        "game": "Game",
        "players": "Players",
        "n_players": "{n} players",
        "range_players": "{a}–{b} players",
        "seed": "Seed",
        "new_seed": "New seed",
        "copy_link": "Copy link",
        "new_seed_tip": "New random seed",
        "copy_link_tip": "Copy a link that starts this game",
        "share_url": "Link to this setup",
        "number_of_players": "Number of players",
        "bot_speed": "Bot speed",
        "start_game": "Start game",
        "levels_help": "Easy plays by rules of thumb. Normal tries its choices on the hands the others may hold "
                       "before it moves. Hard looks further ahead with more tries: the strongest, and the slowest to move.",
        "loading_engine": "Loading the engine…",
        "starting_engine": "Starting the engine…",
        "engine_ready": "Engine ready",
        # web/page.js shows these when the engine fails (kept for the next visit's boot)
        "engine_failed": "The engine could not be loaded.",
        "engine_slow": "Loading the engine is taking longer than it should (a slow connection or a busy device?).",
        "engine_stopped": "The engine stopped. Your game is saved up to its last move.",
        "retry": "Retry",
        "saved_games": "Saved games",
        "no_saves": "No saved games yet.",
        "import_save": "Import a save file…",
        "resume": "Resume",
        "export": "Export",
        "delete": "Delete",
        "delete_confirm": "Delete this saved game?",
        "human": "Human",
        "seat_remote": "Friend (remote)",
        "hosted_by": "hosted by {host}",
        "rejoin": "Rejoin",
        "forget": "Forget",
        "reply_handed_over": "This reply code was handed to the tab where you host the game: it connects there. You can close this tab.",
        "remote_unavailable": "Remote play could not be loaded (offline before it was ever used?): try again online.",
        "bot": "Bot ({kind})",
        "bots": "Bots",
        "pace_slow": "slow",
        "pace_normal": "normal",
        "pace_fast": "fast",
        "pace_instant": "instant",
        "rules": "Rules",
        "export_save": "Export save",
        "lobby": "Lobby",
        "pass_device": "Pass the device to",
        "show_my_screen": "I am {name}: show my screen",
        "continue": "Continue",
        "back_to_lobby": "Back to the lobby",
        "language": "Language",
        "player_n": "Player {n}",
        "cannot_import": "Cannot import {file}: {error}",
        "cannot_resume": "Cannot resume: {error}. The save is kept: you can export it.",
        "could_not_save": "Could not save: {error}",
        "fault_title": "Something went wrong",
        "fault_bot": "{name} (a bot) could not play ({error}). The game is saved up to the last move played: "
                     "try again, let another level play this seat, or go back to the lobby.",
        "fault_move": "Railtable failed on that move ({error}). The game is saved up to the last move played: "
                      "try again from there, or go back to the lobby.",
        "fault_lobby": "Railtable failed ({error}). Your saved games are kept.",
        "fault_retry": "Try again",
        "fault_hand": "Let {level} play for {name}",
        "finished": "finished",
        "n_moves": "{n} {n:move|moves}",
        "level_easy": "Easy",
        "level_normal": "Normal",
        "level_hard": "Hard",
        "level_random": "Random",
        "seat_human": "human",
        "seat_you": "you",
        "new_game_same_players": "New game with the same players",
        "see_the_board": "Look at the board",
        "wins": "{who} wins!",
        "share_victory": "{who} share the victory!",
        "and": " and ",
        "name_of_player": "Name of player {n}",
        "player_is": "Player {n} is",
        "save_version": "this save has format version {v}, which this version cannot read",
        "title_your_turn": "Your turn",
        "title_turn_of": "{name}'s turn",
        "title_playing": "{name} is playing",
        "title_over": "Game over",
        # remote play: connection codes that cannot be read (sdp_code.CodeError.reason)
        "code_truncated": "This code is incomplete: copy the whole code and try again.",
        "code_version": "This code comes from another version of Railtable: both players should reload the page.",
        "code_garbled": "This is not a Railtable connection code (it may have been changed on the way): copy it again.",
        "code_too_many": "This code lists too many network addresses to be a Railtable code.",
        "code_too_long": "This text is too long to be a Railtable code.",
        "code_no_fingerprint": "This connection description has no security fingerprint Railtable can use.",
    },
    "fr": {
        "update_ready": "Une nouvelle version de Railtable est prête.",
        "damaged_save": "Sauvegarde abîmée",
        "untitled_save": "Partie sauvegardée",
        # bots thinking and the move hint (think_ui.py)
        "thinking": "{name} réfléchit…",
        "hint_button": "Que jouerait Difficile ?",
        "hint_thinking": "Difficile réfléchit à votre coup…",
        "hint_share": "Difficile jouerait le coup entouré : environ {share} % de chances de gagner (estimées sur {n} parties simulées).",
        "hint_plain": "Difficile jouerait le coup entouré.",
        "hint_none": "Pas de conseil pour ce coup.",
        "reload": "Recharger",
        "new_game": "Nouvelle partie",
        "game": "Jeu",
        "players": "Joueurs",
        "n_players": "{n} joueurs",
        "range_players": "{a} à {b} joueurs",
        "seed": "Graine",
        "new_seed": "Nouvelle graine",
        "copy_link": "Copier le lien",
        "new_seed_tip": "Nouvelle graine au hasard",
        "copy_link_tip": "Copier un lien qui lance cette partie",
        "share_url": "Lien vers cette partie",
        "number_of_players": "Nombre de joueurs",
        "bot_speed": "Vitesse des robots",
        "start_game": "Commencer la partie",
        "levels_help": "Facile joue selon des règles simples. Normal essaie ses choix sur les mains que les autres "
                       "peuvent avoir avant de jouer. Difficile voit plus loin, avec plus d'essais : le plus fort, et le "
                       "plus lent à jouer.",
        "loading_engine": "Chargement du moteur…",
        "starting_engine": "Démarrage du moteur…",
        "engine_ready": "Moteur prêt",
        "engine_failed": "Le moteur n'a pas pu être chargé.",
        "engine_slow": "Le chargement du moteur prend plus de temps que prévu (une connexion lente ou un appareil occupé ?).",
        "engine_stopped": "Le moteur s'est arrêté. Votre partie est sauvegardée jusqu'à son dernier coup.",
        "retry": "Réessayer",
        "saved_games": "Parties sauvegardées",
        "no_saves": "Aucune partie sauvegardée.",
        "import_save": "Importer une sauvegarde…",
        "resume": "Reprendre",
        "export": "Exporter",
        "delete": "Supprimer",
        "delete_confirm": "Supprimer cette partie sauvegardée ?",
        "human": "Humain",
        "seat_remote": "Ami (à distance)",
        "hosted_by": "hébergée par {host}",
        "rejoin": "Revenir",
        "forget": "Oublier",
        "reply_handed_over": "Ce code de réponse a été transmis à l'onglet où vous hébergez la partie : la connexion se fait là-bas. Vous pouvez fermer cet onglet.",
        "remote_unavailable": "Le jeu à distance n'a pas pu être chargé (hors ligne avant sa première utilisation ?) : réessayez en ligne.",
        "bot": "Robot ({kind})",
        "bots": "Robots",
        "pace_slow": "lent",
        "pace_normal": "normal",
        "pace_fast": "rapide",
        "pace_instant": "instantané",
        "rules": "Règles",
        "export_save": "Exporter la partie",
        "lobby": "Accueil",
        "pass_device": "Passez l'appareil à",
        "show_my_screen": "Je suis {name} : afficher mon écran",
        "continue": "Continuer",
        "back_to_lobby": "Retour à l'accueil",
        "language": "Langue",
        "player_n": "Joueur {n}",
        "cannot_import": "Impossible d'importer {file} : {error}",
        "cannot_resume": "Impossible de reprendre : {error}. La sauvegarde est conservée : vous pouvez l'exporter.",
        "could_not_save": "Sauvegarde impossible : {error}",
        "fault_title": "Un problème est survenu",
        "fault_bot": "{name} (un robot) n'a pas pu jouer ({error}). La partie est sauvegardée jusqu'au dernier coup "
                     "joué : réessayez, laissez un autre niveau jouer à cette place, ou revenez à l'accueil.",
        "fault_move": "Railtable a échoué sur ce coup ({error}). La partie est sauvegardée jusqu'au dernier coup "
                      "joué : réessayez à partir de là, ou revenez à l'accueil.",
        "fault_lobby": "Railtable a échoué ({error}). Vos parties sauvegardées sont conservées.",
        "fault_retry": "Réessayer",
        "fault_hand": "Laisser {level} jouer pour {name}",
        "finished": "terminée",
        "n_moves": "{n} {n:coup|coups}",
        "level_easy": "Facile",
        "level_normal": "Normal",
        "level_hard": "Difficile",
        "level_random": "Au hasard",
        "seat_human": "humain",
        "seat_you": "vous",
        "new_game_same_players": "Nouvelle partie avec les mêmes joueurs",
        "see_the_board": "Voir le plateau",
        "wins": "{who} gagne !",
        "share_victory": "{who} se partagent la victoire !",
        "and": " et ",
        "name_of_player": "Nom du joueur {n}",
        "player_is": "Le joueur {n} est",
        "save_version": "cette sauvegarde est au format {v}, que cette version ne sait pas lire",
        "title_your_turn": "À vous de jouer",
        "title_turn_of": "Au tour de {name}",
        "title_playing": "{name} joue",
        "title_over": "Partie terminée",
        "code_truncated": "Ce code est incomplet : copiez le code entier et réessayez.",
        "code_version": "Ce code vient d'une autre version de Railtable : les deux joueurs doivent recharger la page.",
        "code_garbled": "Ce n'est pas un code de connexion Railtable (il a peut-être été modifié en route) : copiez-le à nouveau.",
        "code_too_many": "Ce code donne trop d'adresses réseau pour être un code Railtable.",
        "code_too_long": "Ce texte est trop long pour être un code Railtable.",
        "code_no_fingerprint": "Cette description de connexion n'a pas d'empreinte de sécurité utilisable par Railtable.",
    },
}

_current = "en"


def set_language(lang: str) -> str:
    global _current
    _current = lang if lang in MESSAGES else "en"
    return _current


def language() -> str:
    return _current


def t(key: str, **params: Any) -> str:
    """The text of ``key`` in the current language (English if missing)."""
    text = MESSAGES.get(_current, {}).get(key) or MESSAGES["en"].get(key) or key
    return fill(text, _current, **params) if params else text


LEVELS = ("easy", "normal", "hard", "random")


def bot_name(kind: str, aliases: dict[str, str] | None = None) -> str:
    """A bot seat as people name it, by its level: "Bot (Easy)", "Robot (Facile)". An old kind
    kept as an alias (``GameInfo.bot_aliases``) is named by the level it plays at now."""
    level = (aliases or {}).get(kind, kind)
    return t("bot", kind=t(f"level_{level}") if level in LEVELS else level)


def seat_kind(session: Any, seat: int) -> str:
    """What sits at a seat, for the players list: "human" or the bot's level ("Bot (Easy)")."""
    kind = session.seats[seat]
    if kind is None:
        return t("seat_human")
    if kind == "remote":
        return t("seat_remote")
    try:
        from railtable.core.registry import get_game

        aliases = dict(get_game(session.match.game_id).bot_aliases)
    except Exception:  # an unknown game (tests' toy games): the kind as it is
        aliases = {}
    return bot_name(str(kind), aliases)


def static_texts() -> dict[str, str]:
    """Every message in the current language, for the page's ``[data-i18n]`` elements."""
    return {key: t(key) for key in MESSAGES["en"]}


def apply_static() -> None:
    """Re-label every ``[data-i18n]`` element of the page (``data-i18n-attr`` names an attribute):
    the page does it from the texts sent with the ``i18n`` operation (web/page.js)."""
    from .dom import emit

    emit("i18n", _current, static_texts())
