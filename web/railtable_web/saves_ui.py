"""Nothing lost, nothing run (issue 15, the page's side): storage trouble, two tabs, old rules, links.

What this module shows the player, in plain words, and the buttons that resolve it:

* **A save that failed** (full or blocked storage): ``#storage-banner`` stays up until a later write
  of the same record succeeds (the page reports it with ``store-ok``), with "Export this game" and
  "Clear finished games". The worker's copy of localStorage is put back to what the page really
  holds, so the lobby never lists a stale row as current; the row says its last moves are unsaved.
* **Blocked storage** (no localStorage at all): told at once, in the same banner.
* **Space**: the lobby says how much room the saves take (``#save-space``) and clears every
  finished game in one step (``#clear-finished``).
* **Two tabs on one game**: each record carries a write counter and the writing tab's id in its
  envelope (beside the save, which must not hold unknown keys). Before writing, and whenever another
  tab's write arrives (the ``storage`` event), the open table compares: if another tab saved this
  game since, this tab stops (no move is played, no bot moves, nothing is written) and
  ``#tab-banner`` offers "Load the latest" or "Keep this tab's game as a copy".
* **Rules this version no longer plays**: the lobby row offers "Start again from the same setup"
  (``Match.restart_from_save``); the old record is kept.
* **Links** whose values the lobby cannot use are named (``#link-notice``).
* **Exports** of a game still hiding something say that the file reveals every hand.

No rule is decided here. Words are English and French (``say``).
"""

from __future__ import annotations

import os
import time
from typing import Any

from railtable.core import Match, SaveError
from railtable.core.registry import CATALOGUE
from railtable.core.savefile import RulesVersionError

from . import dom, i18n
from .dom import closest_data, download, on, q, show
from .i18n import t
from .markup import escape
from .public_moves import PublicMoves
from .refusals import refusal
from .store import KEEP_FINISHED, PREFIX, SETTINGS_KEY, parse_record

TAB_ID = ""
"""This page's id, written beside each save it makes (two tabs on one game). Drawn by
:func:`new_tab_id` when the app starts, never at import: the memory snapshot that warm boots
restore is taken after the import, and every tab would otherwise share the snapshot's id."""


def new_tab_id() -> str:
    """Draw this page's :data:`TAB_ID` (48 bits from the operating system's entropy)."""
    global TAB_ID
    TAB_ID = os.urandom(6).hex()
    return TAB_ID
QUOTA_HINT_BYTES = 5 * 1024 * 1024
"""What browsers usually give a site's localStorage (about 5 MB)."""
MAX_IMPORT_BYTES = 5_000_000
"""The largest file the page reads as a save (the engine's reader refuses more characters)."""

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "full": "the browser's storage for this site is full",
        "blocked_reason": "this browser does not let Railtable keep data",
        "other_reason": "the browser refused to store it ({error})",
        "save_failed": "This game could not be saved: {reason}. Its last moves are only in this tab. "
                       "Export this game to keep it, or clear finished games to make room.",
        "blocked": "This browser does not let Railtable keep data: games will not be kept after this "
                   "page closes. Export a game to keep it.",
        "setting_failed": "Your setting could not be remembered: {reason}.",
        "export_game": "Export this game",
        "leave_unsaved": "The last moves of this game are not saved (export it first to keep them). Leave it anyway?",
        "clear_finished": "Clear finished games",
        "clear_confirm": "Delete every finished game? (Export one first to keep it.)",
        "cleared": "{n} finished games deleted.",
        "cleared_none": "No finished game to delete.",
        "space": "Saved games take {size} of the about 5 MB a browser keeps for a site.",
        "prune_rule": "The newest {n} finished games are kept: when a game ends, older finished games are "
                      "deleted (their results are kept). Unfinished games are never deleted.",
        "size_kb": "{n} KB",
        "size_mb": "{n} MB",
        "decimal_point": ".",
        "unsaved_row": "The last moves of this game could not be saved ({reason}).",
        "stale": "This game was saved in another tab since this tab last saved it. "
                 "Nothing more is played or saved here until you choose.",
        "load_latest": "Load the latest",
        "keep_copy": "Keep this tab's game as a copy",
        "stale_move": "This game was changed in another tab: load the latest, or keep this tab's game as a copy.",
        "copy_title": "copy",
        "restart": "Start again from the same setup",
        "restarted": "Started again from the same setup, under the current rules.",
        "link_game": "This link asks for a game Railtable does not have ({value}); here is {game}.",
        "link_players": "This link asks for {value} players; {game} takes {a}-{b}.",
        "link_seed": "This link's seed ({value}) is not a whole number; a new seed was chosen.",
        "link_seed_big": "This link's seed ({value}) is too large (at most 18 digits); a new seed was chosen.",
        "link_option": "This link asks for {name} \u201c{value}\u201d, which cannot be used here; {used} was chosen instead.",
        "link_cards": "This link names cards Railtable does not have ({value}); they were left out.",
        "export_secret": "This file holds the whole game: every player's hand and secret cards. Anyone "
                         "who opens it can see them. Export it?",
        "too_big": "Cannot import {file}: it is {size}, too large to be a Railtable save (at most 5 MB).",
        "import_failed": "Cannot import {file}: {error}",
        "import_rules": "Cannot import {file}: {error}. Nothing was imported.",
    },
    "fr": {
        "full": "l'espace de stockage du navigateur pour ce site est plein",
        "blocked_reason": "ce navigateur ne laisse pas Railtable garder de données",
        "other_reason": "le navigateur a refusé de l'enregistrer ({error})",
        "save_failed": "Cette partie n'a pas pu être sauvegardée : {reason}. Ses derniers coups ne sont "
                       "que dans cet onglet. Exportez-la pour la garder, ou effacez les parties terminées.",
        "blocked": "Ce navigateur ne laisse pas Railtable garder de données : les parties seront perdues "
                   "à la fermeture de la page. Exportez une partie pour la garder.",
        "setting_failed": "Votre réglage n'a pas pu être retenu : {reason}.",
        "export_game": "Exporter cette partie",
        "leave_unsaved": "Les derniers coups de cette partie ne sont pas sauvegardés (exportez-la d'abord pour "
                         "les garder). La quitter quand même ?",
        "clear_finished": "Effacer les parties terminées",
        "clear_confirm": "Effacer toutes les parties terminées ? (Exportez-en une avant pour la garder.)",
        "cleared": "{n} parties terminées effacées.",
        "cleared_none": "Aucune partie terminée à effacer.",
        "space": "Les parties sauvegardées occupent {size} des 5 Mo environ qu'un navigateur garde pour un site.",
        "prune_rule": "Les {n} dernières parties terminées sont gardées : quand une partie se termine, les parties "
                      "terminées plus anciennes sont supprimées (leurs résultats sont gardés). Les parties en cours ne "
                      "sont jamais supprimées.",
        "size_kb": "{n} Ko",
        "size_mb": "{n} Mo",
        "decimal_point": ",",
        "unsaved_row": "Les derniers coups de cette partie n'ont pas pu être sauvegardés ({reason}).",
        "stale": "Cette partie a été sauvegardée dans un autre onglet depuis. Rien n'est plus joué ni "
                 "sauvegardé ici tant que vous n'avez pas choisi.",
        "load_latest": "Charger la dernière version",
        "keep_copy": "Garder la partie de cet onglet comme copie",
        "stale_move": "Cette partie a changé dans un autre onglet : chargez la dernière version, ou gardez "
                      "celle-ci comme copie.",
        "copy_title": "copie",
        "restart": "Recommencer avec la même mise en place",
        "restarted": "Partie recommencée avec la même mise en place, selon les règles actuelles.",
        "link_game": "Ce lien demande un jeu que Railtable n'a pas ({value}) ; voici {game}.",
        "link_players": "Ce lien demande {value} joueurs ; {game} se joue de {a} à {b}.",
        "link_seed": "La graine de ce lien ({value}) n'est pas un nombre entier ; une nouvelle a été tirée.",
        "link_seed_big": "La graine de ce lien ({value}) est trop grande (18 chiffres au plus) ; une nouvelle a été tirée.",
        "link_option": "Ce lien demande {name} « {value} », inutilisable ici ; {used} a été choisi à la place.",
        "link_cards": "Ce lien nomme des cartes que Railtable n'a pas ({value}) ; elles ont été écartées.",
        "export_secret": "Ce fichier contient toute la partie : la main et les cartes secrètes de chaque "
                         "joueur. Quiconque l'ouvre peut les voir. L'exporter ?",
        "too_big": "Impossible d'importer {file} : {size}, trop gros pour une sauvegarde Railtable (5 Mo au plus).",
        "import_failed": "Impossible d'importer {file} : {error}",
        "import_rules": "Impossible d'importer {file} : {error}. Rien n'a été importé.",
    },
}


def say(key: str, **params: Any) -> str:
    texts = TEXTS.get(i18n.language(), TEXTS["en"])
    return texts.get(key, TEXTS["en"][key]).format(**params)


def size_text(n: int) -> str:
    """A size in the reader's units (``TEXTS``): "12 KB", "1.5 MB"; in French "12 Ko", "1,5 Mo"."""
    if n < 1024 * 1024:
        return say("size_kb", n=max(1, round(n / 1024)) if n else 0)
    return say("size_mb", n=f"{n / (1024 * 1024):.1f}".replace(".", say("decimal_point")))


class Notices:
    """What the page is telling the player about storage and tabs (one per page)."""

    def __init__(self) -> None:
        self.blocked = False
        self.failed: dict[str, str] = {}
        """Storage key -> the reason its last write failed (until one succeeds)."""
        self.stale = False


NOTICES = Notices()


# ---- start-up ---------------------------------------------------------------------------------
def start(app: Any) -> None:
    """Bind the banners and the saves panel's buttons; tell at once if storage is blocked."""
    NOTICES.blocked = not getattr(app.store.storage, "kept", True)
    on(q("#storage-banner"), "click", lambda e: on_banner_click(app, e))
    on(q("#tab-banner"), "click", lambda e: on_banner_click(app, e))
    on(q("#clear-finished"), "click", lambda e: clear_finished(app))
    relabel(app)


def relabel(app: Any) -> None:
    """Draw the saves panel's own texts and the banners in the current language (at start-up
    and when the person changes it)."""
    clear = q("#clear-finished")
    clear.textContent = say("clear_finished")
    clear.setAttribute("data-confirm", say("clear_confirm"))
    render_banners(app)
    render_space(app)


def render_banners(app: Any) -> None:
    banner = q("#storage-banner")
    message = None
    if NOTICES.failed:
        message = say("save_failed", reason=next(iter(NOTICES.failed.values())))
    elif NOTICES.blocked:
        message = say("blocked")
    if message is None:
        show(banner, False)
    else:
        buttons = f'<button type="button" data-storage="clear">{escape(say("clear_finished"))}</button>'
        if app.session is not None:
            buttons = (f'<button type="button" data-storage="export">{escape(say("export_game"))}</button>'
                       + (buttons if NOTICES.failed else ""))
        elif NOTICES.blocked and not NOTICES.failed:
            buttons = ""
        banner.innerHTML = f'<p>{escape(message)}</p><p class="banner-buttons">{buttons}</p>'
        show(banner, True)
    # leaving a table whose last moves are not stored loses them: the Lobby button asks first
    menu = q('#topbar-actions [data-cmd="menu"]')
    if app.session is not None and PREFIX + app.session.slot in NOTICES.failed:
        menu.setAttribute("data-confirm", say("leave_unsaved"))
    else:
        menu.removeAttribute("data-confirm")
    tabs = q("#tab-banner")
    if NOTICES.stale and app.session is not None:
        tabs.innerHTML = (
            f'<p>{escape(say("stale"))}</p><p class="banner-buttons">'
            f'<button type="button" class="primary" data-tabs="latest">{escape(say("load_latest"))}</button>'
            f'<button type="button" data-tabs="copy">{escape(say("keep_copy"))}</button></p>'
        )
        show(tabs, True)
    else:
        show(tabs, False)


def render_space(app: Any) -> None:
    try:
        used = app.store.space()
    except Exception:  # noqa: BLE001 - the number is a courtesy
        return
    q("#save-space").textContent = say("space", size=size_text(used)) + " " + say("prune_rule", n=KEEP_FINISHED)


def on_banner_click(app: Any, event: Any) -> None:
    what = closest_data(event, "storage")
    if what == "export" and app.session is not None:
        export_session(app)
    elif what == "clear":
        clear_finished(app)
    what = closest_data(event, "tabs")
    if what == "latest":
        load_latest(app)
    elif what == "copy":
        keep_copy(app)


# ---- writing a game -----------------------------------------------------------------------------
def moves_tracker(session: Any) -> PublicMoves:
    tracker = getattr(session, "public_moves", None)
    if tracker is None:
        tracker = PublicMoves()
        session.public_moves = tracker
    return tracker


def public_moves(session: Any) -> int:
    """The move count the page may show (public moves only; see ``public_moves``)."""
    if getattr(session, "remote_guest", False):  # a friend's page: the host counted them
        return int(session.match.moves)
    return moves_tracker(session).of(session.match)


def opened(session: Any, entry: Any = None) -> None:
    """A table opens ``session`` (from the stored ``entry`` when resumed): remember what was stored."""
    NOTICES.stale = False
    session.writes = entry.writes if entry is not None else 0
    session.last_text = entry.raw if entry is not None else None
    session.public_moves = PublicMoves(entry.moves if entry is not None else None)


def newer_elsewhere(session: Any, raw: str | None) -> bool:
    """Whether the stored text ``raw`` of the open game was written by another tab since this tab
    last wrote or read it."""
    if raw is None or raw == getattr(session, "last_text", None):
        return False
    other = parse_record(session.slot, raw)
    if other.save is None:
        return False
    mine = getattr(session, "writes", 0)
    return other.writes > mine or (other.writes == mine and other.writes > 0 and other.writer != TAB_ID)


def blocked(app: Any) -> bool:
    """This tab must not play or write: another tab saved the game since (the banner says so)."""
    return NOTICES.stale and app.session is not None


def autosave(app: Any) -> None:
    """Write the open game with its envelope, unless another tab saved it meanwhile."""
    s = app.session
    if s is None:
        return
    key = PREFIX + s.slot
    try:
        raw = app.store.storage.getItem(key)
    except Exception:  # noqa: BLE001 - storage unreadable: write anyway
        raw = None
    if NOTICES.stale or newer_elsewhere(s, None if raw is None else str(raw)):
        go_stale(app)
        return
    moves = moves_tracker(s).envelope(s.match)
    over = s.match.state.is_over()
    status = t("finished") if over else t("n_moves", n=moves[1])
    s.writes = getattr(s, "writes", 0) + 1
    envelope = {"writes": s.writes, "writer": TAB_ID, "over": over, "moves": moves}
    if getattr(s, "guide", None) is not None:  # a lesson: its guide's place beside the save
        envelope["lesson"] = s.guide.envelope()
    try:
        app.store.write(s.slot, s.match.to_save(), f"{s.title()} · {status}", time.time() * 1000, **envelope)
    except Exception as exc:  # noqa: BLE001 - MemoryStorage never fails; shown all the same
        write_failed(app, key, f"{type(exc).__name__}: {exc}", None)
        return
    s.last_text = app.store.storage.getItem(key)
    if over and not getattr(s, "result_kept", False) and getattr(s, "guide", None) is None:
        # the game has just ended (a lesson's end is no result for the personal record)
        s.result_kept = True
        keep_result(app, s)


def keep_result(app: Any, s: Any) -> None:
    """A game has ended: its line goes into the personal record, and finished games beyond the
    newest ``store.KEEP_FINISHED`` are deleted (the rule the saves panel states), each after its
    line is in the record."""
    from . import record

    try:
        line = record.line_of_match(s.match, s.slot, time.time() * 1000)
        if line is not None:
            record.add(app.store.storage, line)
        app.store.prune_finished(protect=s.slot)
    except Exception as exc:  # noqa: BLE001 - full storage: the game itself is saved; told as any failed write
        dom.log("warn", f"Railtable: results not kept: {exc!r}")


def go_stale(app: Any) -> None:
    if not NOTICES.stale:
        NOTICES.stale = True
        app.cancel_bots()
    render_banners(app)


def reason(error: str) -> str:
    if "QuotaExceeded" in error or "quota" in error.lower():
        return say("full")
    if "SecurityError" in error or "denied" in error.lower():
        return say("blocked_reason")
    return say("other_reason", error=error[:120])


def write_failed(app: Any, key: str, error: str, actual: str | None) -> None:
    """The page could not store ``key`` (it sends what localStorage really holds: ``actual``)."""
    storage = app.store.storage
    data = getattr(storage, "data", None)
    if isinstance(data, dict) and getattr(storage, "kept", False):  # the worker's copy of localStorage
        if actual is None:
            data.pop(key, None)
        else:
            data[key] = actual
    if key == SETTINGS_KEY:
        app.flash(say("setting_failed", reason=reason(error)))
        return
    if key.startswith(PREFIX):
        NOTICES.failed[key] = reason(error)
        render_banners(app)
        if app.session is None:
            app.render_saves()


def write_ok(app: Any, key: str) -> None:
    if NOTICES.failed.pop(key, None) is not None:
        render_banners(app)


def storage_changed(app: Any, key: str, value: str | None) -> None:
    """Another tab wrote ``key`` (the ``storage`` event): the open game may be stale now; a reply
    code scanned into another tab is for this tab's remote seats (``remote_lobby.REPLY_KEY``)."""
    if key == "railtable.remote.reply" and value:
        import sys

        remote = sys.modules.get(__package__ + ".remote_ui")
        if remote is not None:
            remote.reply_arrived(app, value)
        return
    s = app.session
    if s is not None and key == PREFIX + s.slot and newer_elsewhere(s, value):
        go_stale(app)
    elif s is None and key.startswith(PREFIX):
        app.render_saves()


def load_latest(app: Any) -> None:
    """Open the stored (newer) version of this tab's game instead."""
    s = app.session
    if s is None:
        return
    NOTICES.stale = False
    app.resume(s.slot)
    render_banners(app)


def keep_copy(app: Any) -> None:
    """Keep this tab's version under a new slot; the other tab's version stays where it was."""
    s = app.session
    if s is None:
        return
    s.slot = f"{int(time.time() * 1000)}-{s.match.seed}-copy"
    s.writes = 0
    s.last_text = None
    NOTICES.stale = False
    render_banners(app)
    autosave(app)
    app.refresh()


# ---- the lobby's rows -----------------------------------------------------------------------------
def row_extra(app: Any, entry: Any) -> tuple[str, str]:
    """(a message, buttons) the lobby adds to a stored row."""
    msg = ""
    buttons = ""
    failed = NOTICES.failed.get(PREFIX + entry.slot)
    if failed:
        msg = f'<span class="save-error">{escape(say("unsaved_row", reason=failed))}</span>'
    if entry.restartable:
        buttons = f'<button type="button" data-restart="{escape(entry.slot)}">{escape(say("restart"))}</button>'
    return msg, buttons


def export_confirm(entry: Any) -> str:
    """The ``data-confirm`` attribute of a lobby row's Export button (empty when nothing is secret)."""
    if entry.save is None or entry.over:
        return ""
    return f' data-confirm="{escape(say("export_secret"), quote=True)}"'


def on_save_list(app: Any, event: Any) -> bool:
    """The row buttons this module adds; True when the click was one of them."""
    slot = closest_data(event, "restart")
    if slot is None:
        return False
    entry = app.store.read(slot)
    try:
        match = Match.restart_from_save(entry.save)
    except SaveError as exc:
        app.flash(t("cannot_resume", error=refusal(exc)))
        return True
    from .session import Session

    session = Session(match, f"{int(time.time() * 1000)}-{match.seed}")
    app.open(session)
    app.autosave()
    app.flash(say("restarted"))
    return True


def clear_finished(app: Any) -> None:
    """Delete every stored game that has ended (asked first by the page: ``data-confirm``)."""
    gone = 0
    current = app.session.slot if app.session is not None else None
    for entry in app.store.entries():
        if entry.save is None or entry.error or entry.slot == current:
            continue
        over = entry.over
        if not over:
            try:
                over = Match.from_save(entry.save).state.is_over()
            except Exception:  # noqa: BLE001 - a save that cannot be resumed is not deleted here
                continue
        if over:
            app.store.delete(entry.slot)
            NOTICES.failed.pop(PREFIX + entry.slot, None)
            gone += 1
    app.flash(say("cleared", n=gone) if gone else say("cleared_none"))
    if app.session is None:
        app.render_saves()
    else:
        app.autosave()  # room was made: try again now
    render_banners(app)


def export_session(app: Any) -> None:
    s = app.session
    if s is None:
        return
    download(f"railtable-{s.match.game_id}-{s.slot}.json", s.match.dumps())


def table_closed(app: Any) -> None:
    NOTICES.stale = False
    render_banners(app)
    render_space(app)


def table_opened(app: Any) -> None:
    """The top bar's Export asks first while the game still hides something."""
    s = app.session
    button = q('#topbar-actions [data-cmd="export"]')
    if s is not None and not s.match.state.is_over():
        button.setAttribute("data-confirm", say("export_secret"))
    else:
        button.removeAttribute("data-confirm")
    render_banners(app)


# ---- imports -----------------------------------------------------------------------------------
def read_import(app: Any, file: dict[str, Any]) -> Match | None:
    """The match in an imported file, or None after telling the player why not (never raises)."""
    name = str(file.get("name", "?"))[:100]
    size = file.get("size")
    if file.get("too_big") or (type(size) is int and size > MAX_IMPORT_BYTES):
        app.flash(say("too_big", file=name, size=size_text(size if type(size) is int else 0)))
        return None
    try:
        return Match.from_save(str(file.get("text", "")))
    except RulesVersionError as exc:  # refused: nothing is kept (the engine's "the game is kept" is for stored saves)
        why = str(exc).split(". The game is kept:")[0]
        app.flash(say("import_rules", file=name, error=refusal(why)))
    except SaveError as exc:
        app.flash(t("cannot_import", file=name, error=refusal(exc)))
    except Exception as exc:  # noqa: BLE001 - whatever the file, the engine stays alive
        app.flash(say("import_failed", file=name, error=refusal(f"this file is not a save Railtable can read ({type(exc).__name__})")))
    return None


# ---- links -------------------------------------------------------------------------------------
def link_params(hash_: str) -> dict[str, str]:
    return dict(p.partition("=")[::2] for p in hash_.lstrip("#").split("&") if "=" in p)


def link_problems(params: dict[str, str], games: list[str], chosen: str) -> list[str]:
    """What in a lobby link cannot be used, in words (``chosen``: the game the lobby shows)."""
    out = []
    game = params.get("game")
    info = CATALOGUE.get(chosen)
    if game is not None and game not in games and info is not None:
        out.append(say("link_game", value=_shown(game), game=info.title))
    players = params.get("players")
    if players is not None and info is not None:
        if not (players.isdigit() and info.min_players <= int(players) <= info.max_players):
            out.append(say("link_players", value=_shown(players), game=info.title, a=info.min_players,
                           b=info.max_players))
    seed = params.get("seed")
    if seed is not None and not _is_seed(seed):
        digits = seed[1:] if seed.startswith("-") else seed
        out.append(say("link_seed_big" if digits.isdigit() else "link_seed", value=_shown(seed)))
    return out


def _is_seed(text: str) -> bool:
    digits = text[1:] if text.startswith("-") else text
    return digits.isdigit() and digits.isascii() and len(digits) <= 18


def _shown(value: str) -> str:
    from urllib.parse import unquote

    text = unquote(value)
    return text if len(text) <= 30 else text[:29] + "…"


def show_link_problems(app: Any) -> None:
    params = link_params(dom.URL.get("hash", ""))
    problems = link_problems(params, [g.id for g in app.games], app.selected_game())
    if app.selected_game() == "trains" and any(k in params for k in ("sets", "board", "supply", "cards")):
        from .trains_rs import link_replacements

        try:
            players = int(str(q("#player-count").value))
        except ValueError:
            players = 3
        for name, value, used in link_replacements(params, players):
            problems.append(say("link_option", name=name, value=_shown(value), used=_shown(used)) if used
                            else say("link_cards", value=_shown(value)))
    box = q("#link-notice")
    box.textContent = " ".join(problems)
    show(box, bool(problems))


def settings_write(app: Any, key: str, value: Any) -> None:
    """Store a setting; a refusal is told, never raised."""
    try:
        app.store.set_setting(key, value)
    except Exception:  # noqa: BLE001 - set_setting does not raise; belt and braces
        app.flash(say("setting_failed", reason=say("blocked_reason")))

