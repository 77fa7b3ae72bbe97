"""The page: lobby, saved games, the table loop (human clicks, bot moves, hot-seat privacy).

Rules are never decided here: the table asks the engine for legal actions and
shows them; a click sends one of those actions back to the engine.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import os
import time
from typing import Any

from railtable.core import IllegalActionError, Match, RailtableError, SaveError, UndoError, get_game
from railtable.core.match import SAVE_FORMAT, SAVE_VERSION
from railtable.core.registry import CATALOGUE
from railtable.core.savefile import REMOTE_SEAT

from . import dom, i18n, lesson_ui, record_ui, remote_lobby, replay_ui, saves_ui, store, think_ui
from .dom import closest_data, download, now_ms, on, q, show
from .i18n import t
from .markup import escape
from .refusals import refusal
from .session import PLAYER_COLOURS, Session
from .store import MemoryStorage, SaveStore

# Game id -> "module:Class" of its table.
TABLES: dict[str, str] = {
    "transamerica": "railtable_web.ta_table:TransAmericaTable",
    "trains": "railtable_web.trains_table:TrainsTable",
    "stations": "railtable_web.stations_table:StationsTable",
}

MODAL_GRACE_S = 0.6
PACES = {"slow": 1.6, "normal": 0.8, "fast": 0.3, "instant": 0.0}
DEFAULT_NAMES = ["Alex", "Ada", "Brunel", "Cugnot", "Stephenson", "Trevithick"]


def remote_ui() -> Any:
    """Remote play's page module (once ``remote_loader.ensure`` has made it importable)."""
    from . import remote_ui as module

    return module


async def with_remote(then: Any) -> None:
    """Fetch remote play's modules if they are not here yet (issue 30: a game without a remote seat
    loads none of them), then call ``then(remote_ui)``."""
    from . import remote_loader

    try:
        await remote_loader.ensure()
    except Exception as exc:  # noqa: BLE001 (offline before it was ever cached, a server error)
        dom.log("warn", f"remote play could not be loaded: {exc!r}")
        if APP is not None:
            APP.flash(t("remote_unavailable"))
        return
    then(remote_ui())


def remote_loaded() -> Any:
    """Remote play's page module if it is already imported, else None."""
    import sys

    return sys.modules.get(__package__ + ".remote_ui")


def is_guest(session: Any) -> bool:
    """A friend's table: the game is on the host's page (remote play)."""
    return bool(getattr(session, "remote_guest", False))


def table_class(game_id: str) -> Any:
    module, _, cls = TABLES[game_id].partition(":")
    return getattr(importlib.import_module(module), cls)


def _shown_title(title: str) -> str:
    """A saved game's title; the store's stand-ins for a missing one in the reader's language."""
    return {store.DAMAGED_TITLE: t("damaged_save"), store.UNTITLED: t("untitled_save")}.get(title, title)


class App:
    """One per page."""

    def __init__(self, storage: Any = None) -> None:
        # The page's localStorage through the worker's copy (bridge.PageStorage); None when the
        # page has no storage (private mode...): saves then last as long as the page.
        self.store = SaveStore(storage if storage is not None else MemoryStorage())
        self.session: Session | None = None
        self.table: Any = None
        self.result_shown = False  # the open table's final result has been shown
        self.generation = 0
        self.bot_task: asyncio.Task[None] | None = None
        self.games = [entry for gid, entry in CATALOGUE.items() if gid in TABLES]
        self.loaded: set[str] = set()  # games whose engine and table are imported
        self.busy = False
        self.modal_open = False
        self.modal_opened = 0.0
        self.modal_number = 0  # each dialog's own: a click aimed at an earlier one does nothing
        self.table_handlers: int | None = None  # the first listener id of the open table
        self.flashes = 0
        self.url_params: dict[str, str] = {}  # a shared link's game options, until a game starts
        self.fault_slot: str | None = None  # the game whose fault's dialog is open (engine_fault)

    # ---- start-up ------------------------------------------------------------
    def start(self) -> None:
        # the remembered language first: everything below is drawn in it
        lang = q("#lang")
        lang.value = i18n.set_language(str(self.store.settings().get("lang", "en")))
        self.bind_lobby()
        self.render_game_choice()
        self.render_saves()
        self.read_url()
        saves_ui.start(self)
        record_ui.start(self)
        on(q("#privacy-reveal"), "click", lambda e: self.reveal())
        on(q("#modal"), "click", self.on_modal_click)
        on(q("#topbar-actions"), "click", self.on_topbar)
        pace = q("#pace")
        pace.value = self.store.settings().get("pace", "normal")
        on(pace, "change", lambda e: self.store.set_setting("pace", str(pace.value)))
        on(lang, "change", lambda e: self.set_language(str(lang.value)))
        i18n.apply_static()
        start = q("#start")
        start.disabled = False
        start.textContent = t("start_game")
        status = q("#engine-status")
        status.textContent = t("engine_ready")
        status.className = "engine-status ready"
        q("html").dataset.engine = "ready"
        asyncio.ensure_future(self.warm_up())
        replay_ui.open_link(self)  # a #replay= link opens its game's replay
        if "reply=" in dom.URL["hash"]:  # a friend's reply code, scanned: for this browser's hosting tab
            remote_lobby.hand_over_reply(self, dom.URL["hash"])
        if "join=" in dom.URL["hash"]:  # an invite to a game hosted on a friend's page
            link = dom.URL["hash"]
            asyncio.ensure_future(with_remote(lambda m: m.open_invite(self, link)))

    async def warm_up(self) -> None:
        """Import the chosen game, then the others, while the person reads the lobby."""
        chosen = self.selected_game()
        for g in sorted(self.games, key=lambda e: e.id != chosen):
            await asyncio.sleep(0.02)
            if g.id in self.loaded:
                continue
            try:
                self.load_game(g.id)
            except Exception as exc:  # shown when that game is chosen; never blocks the others
                dom.log("warn", f"{g.id} could not be loaded: {exc!r}")
                continue
            if g.id == self.selected_game() and self.session is None:
                self.render_options(g.id)

    # ---- lobby ---------------------------------------------------------------
    def bind_lobby(self) -> None:
        on(q("#lobby-form"), "submit", self.on_start, prevent=True)
        on(q("#game-choice"), "change", lambda e: self.render_seats())
        on(q("#player-count"), "change", lambda e: self.render_seats(keep=True))
        on(q("#reseed"), "click", lambda e: self.reseed())
        on(q("#share"), "click", lambda e: self.share_link())
        on(q("#save-list"), "click", self.on_save_list)
        on(q("#import-file"), "change", self.on_import)
        lesson_ui.bind(self)

    def selected_game(self) -> str:
        game = str(dom.form_value("game", ""))
        return game if game in TABLES else "transamerica"

    def render_game_choice(self) -> None:
        current = self.selected_game()
        parts = []
        for g in self.games:
            checked = " checked" if g.id == current else ""
            parts.append(
                f'<label class="game-card"><input type="radio" name="game" value="{g.id}"{checked}>'
                f'<span class="game-title">{escape(g.title)}</span>'
                f'<span class="game-sub">{t("range_players", a=g.min_players, b=g.max_players)}</span></label>'
            )
        q("#game-cards").innerHTML = "".join(parts)
        self.render_seats(keep=True)

    def read_seats(self) -> list[tuple[str, str]]:
        rows: list[tuple[str, str]] = []
        while f"seat-name-{len(rows)}" in dom.FORM:
            i = len(rows)
            rows.append((str(dom.form_value(f"seat-name-{i}")), str(dom.form_value(f"seat-kind-{i}"))))
        return rows

    def render_seats(self, keep: bool = False) -> None:
        info = CATALOGUE[self.selected_game()]
        count_el = q("#player-count")
        try:
            count = int(str(count_el.value))
        except (TypeError, ValueError):
            count = info.min_players
        count = max(info.min_players, min(info.max_players, count))
        count_el.value = str(count)
        count_el.innerHTML = "".join(
            f'<option value="{n}"{" selected" if n == count else ""}>{t("n_players", n=n)}</option>'
            for n in range(info.min_players, info.max_players + 1)
        )
        old = self.read_seats() if keep else []
        bots = list(info.bots) or ["random"]
        rows = []
        for i in range(count):
            default_kind = "human" if i == 0 else info.default_bot
            name, kind = old[i] if i < len(old) else (DEFAULT_NAMES[i], default_kind)
            if kind not in ("human", REMOTE_SEAT, *bots):
                kind = default_kind
            options = [f'<option value="human">{t("human")}</option>'] + [
                f'<option value="{b}">{escape(i18n.bot_name(b))}</option>' for b in bots
            ] + [f'<option value="{REMOTE_SEAT}">{t("seat_remote")}</option>']
            options_html = "".join(options).replace(f'value="{escape(kind)}"', f'value="{escape(kind)}" selected', 1)
            rows.append(
                f'<div class="seat"><span class="swatch" style="background:{PLAYER_COLOURS[i]}"></span>'
                f'<input id="seat-name-{i}" aria-label="{escape(t("name_of_player", n=i + 1), quote=True)}" maxlength="24" '
                f'value="{escape(name, quote=True)}">'
                f'<select id="seat-kind-{i}" aria-label="{escape(t("player_is", n=i + 1), quote=True)}">{options_html}</select></div>'
            )
            dom.FORM[f"seat-name-{i}"] = name
            dom.FORM[f"seat-kind-{i}"] = kind
        for gone in range(count, len(DEFAULT_NAMES)):
            dom.FORM.pop(f"seat-name-{gone}", None)
            dom.FORM.pop(f"seat-kind-{gone}", None)
        q("#seats").innerHTML = "".join(rows)
        lesson_ui.render_lobby(self, info.id)
        if info.id in self.loaded:
            self.render_options(info.id)
        else:
            q("#game-options").innerHTML = ""  # drawn once the game is imported (warm_up)

    def load_game(self, game_id: str) -> Any:
        """Import a game's engine and table (once); return the table class."""
        get_game(game_id)
        cls = table_class(game_id)
        self.loaded.add(game_id)
        return cls

    def render_options(self, game_id: str) -> None:
        """The game's own lobby controls (board, supply...), if it has any."""
        module = self.load_game(game_id)
        settings = self.store.settings()
        if hasattr(module, "url_settings"):  # a shared link's options win over the remembered ones
            settings = {**settings, **module.url_settings(self.url_params)}
        options_html = module.lobby_options_html(settings) if hasattr(module, "lobby_options_html") else ""
        for href in getattr(module, "STYLESHEETS", ()):  # the options are styled by the game's sheets
            dom.add_stylesheet(href)
        q("#game-options").innerHTML = options_html

    def set_language(self, lang: str) -> None:
        """Switch the page (and the games that support it) to ``lang``; remembered."""
        self.store.set_setting("lang", i18n.set_language(lang))
        i18n.apply_static()
        q("#start").textContent = t("start_game")
        q("#engine-status").textContent = t("engine_ready")
        self.render_game_choice()
        self.render_saves()
        saves_ui.relabel(self)
        remote = remote_loaded()
        if remote is not None:
            remote.language_changed(self, lang)

    def reseed(self) -> None:
        q("#seed").value = str(_random_seed())

    def read_seed(self) -> int:
        try:
            return int(str(q("#seed").value).strip())
        except ValueError:
            seed = _random_seed()
            q("#seed").value = str(seed)
            return seed

    def share_link(self) -> None:
        game = self.selected_game()
        seats = self.read_seats()
        url = dom.URL["href"].split("#")[0] + f"#game={game}&players={len(seats)}&seed={self.read_seed()}"
        if game in self.loaded and hasattr(table_class(game), "share_params"):
            url += table_class(game).share_params(self)  # the game's own lobby choices
        q("#share-url").value = url
        show(q("#share-url"))
        dom.copy_text(url)

    def read_url(self) -> None:
        hash_ = dom.URL["hash"].lstrip("#")
        params = dict(p.partition("=")[::2] for p in hash_.split("&") if "=" in p)
        self.url_params = {k: v for k, v in params.items() if k not in ("game", "players", "seed")}
        if params.get("game") in {g.id for g in self.games}:
            q(f'#game-choice input[value="{params["game"]}"]').checked = True
            dom.FORM["game"] = params["game"]
        if params.get("players", "").isdigit():
            q("#player-count").value = params["players"]
        self.render_seats(keep=True)
        if "seed" in params and saves_ui._is_seed(params["seed"]):
            q("#seed").value = params["seed"]
        elif "seed" in params or not str(q("#seed").value):
            self.reseed()  # the field holds the new seed the notice announces (link_problems)
        saves_ui.show_link_problems(self)

    def on_start(self, event: Any) -> None:
        # Start clicked again before the first click's table was drawn (several clicks sent in one
        # task): a table is open, so the lobby's later submits start nothing (one saved game).
        if self.session is not None:
            return
        game_id = self.selected_game()
        if game_id not in self.loaded:  # clicked before the warm-up reached it: its options first
            self.render_options(game_id)
        info = get_game(game_id)
        seats = self.read_seats()
        names = [n.strip() or t("player_n", n=i + 1) for i, (n, _) in enumerate(seats)]
        config: dict[str, Any] = dict(info.options)
        config["players"] = names
        module = table_class(game_id)
        if hasattr(module, "read_lobby_options"):
            config.update(module.read_lobby_options(self))
        kinds: list[str | None] = [None if k == "human" else k for _, k in seats]
        try:
            match = Match(game_id, config, self.read_seed(), kinds)
        except RailtableError as exc:
            self.flash(refusal(exc))
            return
        slot = f"{int(time.time() * 1000)}-{match.seed}"
        self.url_params = {}  # the choices are remembered now
        self.open(Session(match, slot))
        self.autosave()

    def play_for(self, seat: int, action: dict[str, Any]) -> None:
        """A friend's move, from their page (remote play): the engine refuses an illegal one
        (``IllegalActionError`` goes back to them); then saved and redrawn like any move."""
        if self.session is None or saves_ui.blocked(self):
            raise IllegalActionError("the host's game is not open")
        self.session.match.apply(action)
        self.autosave()
        self.refresh()

    def undo_for(self, seat: int) -> None:
        if self.session is None or saves_ui.blocked(self):
            raise UndoError("the host's game is not open")
        self.session.match.undo(seat)
        self.autosave()
        self.refresh()

    # ---- saved games -----------------------------------------------------------
    def render_saves(self) -> None:
        entries = self.store.entries()
        joined = remote_lobby.rows(self) if self.store.storage.getItem(remote_lobby.GAMES_KEY) else ""
        if not entries and not joined:
            q("#save-list").innerHTML = f'<li class="empty">{t("no_saves")}</li>'
            return
        items = []
        for e in entries:
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(e.updated / 1000)) if e.updated else ""
            problem = refusal(e.error) if e.error else e.error
            if e.save is not None:
                if e.save.get("version") != SAVE_VERSION or e.save.get("format") != SAVE_FORMAT:
                    problem = t("save_version", v=repr(e.save.get("version")))
            extra_msg, extra_buttons = saves_ui.row_extra(self, e)
            buttons = (
                f'<button type="button" data-resume="{escape(e.slot)}">{t("resume")}</button>' if not problem else ""
            ) + extra_buttons + replay_ui.row_button(e) + (
                f'<button type="button" data-export="{escape(e.slot)}"{saves_ui.export_confirm(e)}>{t("export")}</button>'
                f'<button type="button" class="danger" data-delete="{escape(e.slot)}" '
                f'data-confirm="{escape(t("delete_confirm"), quote=True)}">{t("delete")}</button>'
            )
            msg = (f'<span class="save-error">{escape(problem)}</span>' if problem else "") + extra_msg
            items.append(
                f'<li class="save{" broken" if problem else ""}"><bdi class="save-title">{escape(_shown_title(e.title))}</bdi>'
                f'<span class="save-when">{escape(when)}</span>{msg}<span class="save-buttons">{buttons}</span></li>'
            )
        q("#save-list").innerHTML = joined + "".join(items)
        saves_ui.render_space(self)

    def on_save_list(self, event: Any) -> None:
        if saves_ui.on_save_list(self, event) or replay_ui.on_save_list(self, event):
            return
        if closest_data(event, "rejoin") is not None or closest_data(event, "forget") is not None:
            link = remote_lobby.clicked_link(self, event)
            if link is not None:
                asyncio.ensure_future(with_remote(lambda m: m.open_invite(self, link)))
            return
        slot = closest_data(event, "resume")
        if slot is not None:
            self.resume(slot)
            return
        slot = closest_data(event, "export")
        if slot is not None:
            entry = self.store.read(slot)
            raw = json.dumps(entry.save) if entry.save is not None else entry.raw
            download(f"railtable-{slot}.json", raw)
            return
        slot = closest_data(event, "delete")
        if slot is not None:  # the page asked "delete?" (data-confirm) before sending the click
            self.store.delete(slot)
            self.render_saves()

    def resume(self, slot: str) -> None:
        entry = self.store.read(slot)
        if entry.save is None:
            self.flash(refusal(entry.error or "this save cannot be read"))
            return
        try:
            match = Match.from_save(entry.save)
        except SaveError as exc:
            self.flash(t("cannot_resume", error=refusal(exc)))
            return
        session = lesson_ui.resumed(match, slot, entry) or Session(match, slot)
        saves_ui.opened(session, entry)
        self.open(session)

    def on_import(self, event: Any) -> None:
        """A save file chosen in the lobby (the page read its text and cleared the input)."""
        file = event.file
        if not file:
            return
        if record_ui.imported(self, file):  # an exported personal record, not a save
            return
        match = saves_ui.read_import(self, file)
        if match is None:
            return
        slot = f"{int(time.time() * 1000)}-import"
        session = Session(match, slot)
        if match.state.is_over():  # a finished game is stored and opens in the replay viewer (issue 31)
            saves_ui.opened(session)
            self.session = session
            self.autosave()
            replay_ui.open_save(self, match.to_save(), slot, session.title())
            return
        self.open(session)  # a game in progress opens to be played on (its row has Replay too)
        self.autosave()

    def autosave(self) -> None:
        if self.session is None or is_guest(self.session):  # a friend's game is saved by its host
            return
        saves_ui.autosave(self)  # with its envelope; not over another tab's newer save

    # ---- the table -------------------------------------------------------------
    def open(self, session: Session) -> None:
        self.cancel_bots()
        self._forget_table_handlers()
        self.session = session
        if not hasattr(session, "writes"):
            saves_ui.opened(session)
        root = q("#table")
        root.innerHTML = ""
        self.table = table_class(session.match.game_id)(self, session, root)
        self.result_shown = False
        show(q("#lobby"), False)
        show(root, True)
        show(q("#topbar-actions"), True)
        show(q("#pace-box"), not is_guest(session))  # a friend's page has no bots: the host's play at its pace
        q("#table-title").textContent = session.title()
        q("html").dataset.over = ""
        self.table_handlers = dom.next_handler_id()
        self.table.mount()
        saves_ui.table_opened(self)
        if remote_loaded() is not None:
            remote_ui().host_opened(self)  # its friends' invites (or the end of an earlier game's)
        elif session.remote:
            def host(module: Any) -> None:
                if self.session is session:  # still the open table once remote play is here
                    module.host_opened(self)
                    self.refresh()

            asyncio.ensure_future(with_remote(host))
        self.refresh()

    def _forget_table_handlers(self) -> None:
        """The closed table's listeners went with its elements; let its objects go too."""
        if self.table_handlers is not None:
            dom.forget_handlers(self.table_handlers)
            self.table_handlers = None

    def close_table(self) -> None:
        replay_ui.on_close(self)
        remote = remote_loaded()
        if remote is not None:
            remote.table_closed(self)  # the host pauses its friends; a friend leaves
        self.cancel_bots()
        self._forget_table_handlers()
        q("html").dataset.over = ""
        self.session = None
        self.table = None
        q("#table").innerHTML = ""
        show(q("#table"), False)
        show(q("#topbar-actions"), False)
        show(q("#privacy"), False)
        lesson_ui.table_closed(self)
        show(q("#lobby"), True)
        q("#table-title").textContent = ""
        dom.set_title("Railtable")
        self.render_saves()
        saves_ui.table_closed(self)

    def refresh(self) -> None:
        """Redraw for whoever is at the screen; put up the privacy screen; let bots move."""
        session = self.session
        if session is None:
            return
        self.redraw()
        self.schedule_bots()

    def redraw(self) -> None:
        """Draw the table for the person at the screen, or the privacy screen first."""
        session = self.session
        if session is None:
            return
        if session.needs_privacy_screen():
            session.hide()
            self.table.render()
            seat = session.wanted_viewer()
            q("#privacy-name").textContent = session.names[seat]
            note = getattr(self.table, "privacy_note", None)  # why now (e.g. an ATTACK out of turn)
            q("#privacy-why").textContent = note(seat) if note is not None else ""
            q("#privacy-reveal").textContent = t("show_my_screen", name=session.names[seat])
            show(q("#privacy"), True)
        else:
            show(q("#privacy"), False)
            self.table.render()
        self.set_tab_title()
        think_ui.after_redraw(self)
        lesson_ui.after_redraw(self)
        root = q("html").dataset
        root.moves = str(saves_ui.public_moves(session))  # public moves only: no secret step shows
        root.viewer = "" if session.viewer is None else str(session.viewer)
        remote = remote_loaded()
        if remote is not None:
            remote.after_redraw(self)  # the friends' packets follow every redraw of the host's table
        if session.match.state.is_over():
            root.over = "1"
            if not self.result_shown:  # once per table
                self.result_shown = True
                self.table.show_result()

    def set_tab_title(self) -> None:
        """The tab says whose turn it is ("Your turn · Trains · Railtable"), for a person in another tab."""
        session = self.session
        if session is None:
            return
        state = session.match.state
        game = session.match.info.title
        acting = state.to_act()
        if state.is_over():
            head = t("title_over")
        elif session.viewer is not None and session.viewer in acting and not session.needs_privacy_screen():
            head = t("title_your_turn")
        elif acting:
            seat = session.human_to_act()
            if seat is None:
                head = t("title_playing", name=session.names[acting[0]])
            else:
                head = t("title_turn_of", name=session.names[seat])
        else:
            head = ""
        dom.set_title(" · ".join(part for part in (head, game, "Railtable") if part))

    def reveal(self) -> None:
        if self.session is None:
            return
        seat = self.session.wanted_viewer()
        if seat is not None:
            self.session.reveal_to(seat)
        show(q("#privacy"), False)
        self.refresh()

    def play(self, action: dict[str, Any]) -> bool:
        """A person's move (from a click). Returns False (with a message) if the engine refuses it.

        The time from the click to the redrawn table (apply + autosave + render) is left in
        ``html[data-last-click-ms]`` for the benchmarks.
        """
        if self.session is None:
            return False
        if saves_ui.blocked(self):
            self.flash(saves_ui.say("stale_move"))
            return False
        started = now_ms()
        if is_guest(self.session):  # sent to the host; the table is redrawn when its answer comes
            remote_ui().send_move(self, action, started)
            return True
        try:
            self.session.match.apply(action)
        except IllegalActionError as exc:
            self.flash(refusal(exc))
            return False
        self.autosave()
        self.refresh()
        self._clicked(started)
        return True

    def _clicked(self, started: float) -> None:
        q("html").dataset.lastClickPythonMs = f"{now_ms() - started:.1f}"
        dom.clicked()  # the page notes the click-to-redrawn time in html[data-last-click-ms]

    def undo(self) -> None:
        session = self.session
        if session is None or session.viewer is None or saves_ui.blocked(self):
            return
        started = now_ms()
        if is_guest(session):
            remote_ui().send_undo(self, started)
            return
        try:
            session.match.undo(session.viewer)
        except UndoError as exc:
            self.flash(refusal(exc))
            return
        self.autosave()
        self.refresh()
        self._clicked(started)

    def can_undo(self) -> bool:
        s = self.session
        return s is not None and s.viewer is not None and s.match.can_undo(s.viewer)

    # ---- bots ------------------------------------------------------------------
    def pace(self) -> float:
        return PACES.get(str(q("#pace").value), 0.8)

    def cancel_bots(self) -> None:
        self.generation += 1
        self.bot_task = None

    def schedule_bots(self) -> None:
        if self.session is None or self.session.bot_to_act() is None or saves_ui.blocked(self):
            return
        if self.bot_task is not None and not self.bot_task.done():
            return
        self.bot_task = asyncio.ensure_future(self.bot_loop(self.generation))

    async def bot_loop(self, generation: int) -> None:
        while self.session is not None and generation == self.generation:
            if self.session.bot_to_act() is None:
                return
            delay = self.pace()
            await asyncio.sleep(delay if delay > 0 else 0)
            while self.session is not None and generation == self.generation and (
                self.modal_open or not q("#privacy").hidden
            ):
                await asyncio.sleep(0.15)  # a person is reading a summary or passing the device
            if generation != self.generation or self.session is None:
                return
            try:
                action = await think_ui.bot_decision(self, generation)  # in slices: the worker keeps answering
                if action is None:
                    return
                self.session.match.apply(action)
            except Exception as exc:  # a bot bug must not freeze the table: the player chooses
                seat = self.session.bot_to_act() if self.session is not None else None
                dom.log("error", f"bot failure: {exc!r}")
                self.engine_fault(exc, seat)
                return
            self.autosave()
            self.redraw()  # without re-entering the scheduler
            dom.flush()
            if self.session.match.state.is_over():
                return

    # ---- faults ------------------------------------------------------------------
    def engine_fault(self, exc: BaseException, seat: int | None = None) -> None:
        """The engine or a bot raised in the open game (a bug, never a refused move): the player is
        told in a dialog that stays until answered. The game is as its save has it (every move
        played before the fault): "Try again" reopens it from that save (a bot then chooses
        again), a failing bot's seat can be handed to another level, or the lobby keeps the save."""
        session = self.session
        if session is None:
            self.flash(t("fault_lobby", error=_fault_text(exc)))
            return
        self.cancel_bots()
        self.fault_slot = session.slot
        if seat is not None and session.is_bot(seat):
            text = t("fault_bot", name=session.names[seat], error=_fault_text(exc))
            level = session.seats[seat]
            hand = "".join(
                f'<button type="button" data-hand="{seat}:{escape(other)}">'
                f'{escape(t("fault_hand", level=i18n.bot_name(other), name=session.names[seat]))}</button> '
                for other in session.match.info.bots if other != level
            )
        else:
            text, hand = t("fault_move", error=_fault_text(exc)), ""
        self.modal(f'<h2>{escape(t("fault_title"))}</h2><p class="fault">{escape(text)}</p>'
                   f'<p class="modal-buttons">{hand}<button type="button" data-newgame="1">'
                   f'{escape(t("back_to_lobby"))}</button></p>', close_label=t("fault_retry"))

    def after_fault(self, hand: str | None = None) -> None:
        """Reopen the game from its save (the moves played before the fault), with a failing bot's
        seat given to another level when ``hand`` is "seat:level"; the bots move again."""
        slot, self.fault_slot = self.fault_slot, None
        if slot is None:
            return
        entry = self.store.read(slot)
        if entry.save is not None:
            try:
                match = Match.from_save(entry.save)
            except SaveError as exc:
                self.flash(t("cannot_resume", error=refusal(exc)))
                return
            session = lesson_ui.resumed(match, slot, entry) or Session(match, slot)  # a lesson keeps its guide
            saves_ui.opened(session, entry)
            self.open(session)
        if hand is not None and self.session is not None:
            seat_text, _, level = hand.partition(":")
            seat = int(seat_text)
            if self.session.is_bot(seat) and level in self.session.match.info.bots:
                self.session.match.seats[seat] = level  # saved with the game: the seat plays at that level
                self.autosave()
        self.refresh()

    # ---- top bar, modal, messages ---------------------------------------------
    def on_topbar(self, event: Any) -> None:
        what = closest_data(event, "cmd")
        if what == "menu":
            self.close_table()
        elif what == "export" and is_guest(self.session):
            self.flash(remote_ui().say("saved_by_host", i18n.language()))
        elif what == "export" and self.session is not None:
            download(f"railtable-{self.session.match.game_id}-{self.session.slot}.json", self.session.match.dumps())
        elif what == "hint":
            asyncio.ensure_future(think_ui.ask_hint(self))
        elif what == "rules" and self.table is not None and hasattr(self.table, "help_html"):
            self.modal(self.table.help_html())

    def modal(self, inner_html: str, close_label: str | None = None) -> None:
        """A real dialog (issue 14). ``web/keys.js`` names it by its first heading, moves focus
        in and keeps it in, closes it on Escape (a click on its close button) and gives focus
        back to where it was. ``close_label``: what the close button says (default Continue)."""
        box = q("#modal")
        self.modal_number += 1
        box.innerHTML = (
            f'<div class="modal-card" role="dialog" aria-modal="true" tabindex="-1" data-dialog="{self.modal_number}">'
            f'{inner_html}<p class="modal-buttons"><button type="button" data-close="1" class="primary">'
            f'{escape(close_label or t("continue"))}</button></p></div>'
        )
        show(box, True)
        self.modal_open = True
        self.modal_opened = time.monotonic()

    def result_modal(self, inner_html: str) -> None:
        """The end of the game: the table's result, then a way back to the lobby."""
        if is_guest(self.session):  # the host's page holds the game (its replay, a new one)
            self.modal(inner_html + f'<p class="modal-buttons"><button type="button" data-newgame="1">'
                       f'{escape(t("back_to_lobby"))}</button></p>', close_label=t("see_the_board"))
            return
        self.modal(inner_html + replay_ui.result_extra(self) + '<p class="modal-buttons">'
                   f'<button type="button" data-again="1">{escape(t("new_game_same_players"))}</button> '
                   f'<button type="button" data-newgame="1">{escape(t("back_to_lobby"))}</button></p>',
                   close_label=t("see_the_board"))

    def on_modal_click(self, event: Any) -> None:
        # A click on the backdrop closes the box, unless the box has just opened: that click was
        # aimed at the table underneath (a bot's move or a round's end opened the box meanwhile).
        if replay_ui.on_modal_click(self, event):
            return
        dialog = closest_data(event, "dialog")
        if dialog is not None and dialog != str(self.modal_number):
            return  # aimed at a dialog another one has replaced meanwhile (a summary, then the result)
        backdrop = event.target_id == "modal" and time.monotonic() - self.modal_opened > MODAL_GRACE_S
        hand = closest_data(event, "hand")
        if self.fault_slot is not None and (closest_data(event, "close") is not None or hand is not None):
            show(q("#modal"), False)  # a fault's dialog: "Try again" or "Let ... play"
            self.modal_open = False
            self.after_fault(hand)
        elif self.fault_slot is not None and backdrop:
            pass  # a fault's dialog is answered with one of its buttons
        elif closest_data(event, "close") is not None or backdrop:
            show(q("#modal"), False)
            self.modal_open = False
        elif closest_data(event, "newgame") is not None:
            show(q("#modal"), False)
            self.modal_open = False
            self.fault_slot = None
            self.close_table()
        elif closest_data(event, "again") is not None:
            show(q("#modal"), False)
            self.modal_open = False
            self.play_again()

    def play_again(self) -> None:
        """A new game of the same game, with the same players, seats and options, and a new seed
        (the end window's "New game with the same players"); the current rules version."""
        old = self.session
        if old is None:
            return
        config = {k: v for k, v in old.match.config.items() if k != "rules"}
        self.reseed()
        try:
            match = Match(old.match.game_id, config, self.read_seed(), list(old.match.seats))
        except RailtableError as exc:
            self.flash(refusal(exc))
            return
        self.close_table()
        self.open(Session(match, f"{int(time.time() * 1000)}-{match.seed}"))
        self.autosave()

    def flash(self, message: str, lead: str | None = None) -> None:
        """Show ``message`` for a few seconds; ``lead`` (the move hint's reason) is a line of its
        own above it, never wrapped (``.flash-lead``)."""
        box = q("#flash")
        if lead is None:
            box.textContent = message
        else:
            dom.draw("#flash", f'<span class="flash-lead">{escape(lead)}</span>'
                               f'<span class="flash-more">{escape(message)}</span>')
        show(box, True)
        box.classList.remove("fade")
        self.flashes += 1
        # a hint's two lines are read longer than a one-line message (the ring stays until the move)
        asyncio.ensure_future(self._fade(self.flashes, 3.5 if lead is None else 8.0))

    async def _fade(self, flashes: int, seconds: float = 3.5) -> None:
        await asyncio.sleep(seconds)
        if flashes == self.flashes:  # no newer message meanwhile
            q("#flash").classList.add("fade")


APP: App | None = None


def _fault_text(exc: BaseException) -> str:
    """What went wrong, in one line: the exception's kind and its first line."""
    first = str(exc).strip().splitlines()[0][:200] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__


def _random_seed() -> int:
    """A new game's seed, 0-999,999, from the operating system's entropy (not the ``secrets``
    module: it costs about 11 ms of imports at boot in Pyodide, issue 10)."""
    return int.from_bytes(os.urandom(4), "big") % 1_000_000


def start(storage: Any = None) -> App:
    global APP
    saves_ui.new_tab_id()
    APP = App(storage)
    APP.start()
    return APP
