"""The replay viewer (issue 31): any saved game, move by move, drawn by the game's own table.

The table is the game's usual table class, given a :class:`ReplaySession` (the match at the
chosen position, no legal action for anybody) and a :class:`ReplayHost` in place of the app
(nothing is played, undone or saved; round summaries do not pop up). Everything is computed here,
in the worker (``core.replay.Replay``: a checkpoint every 24 actions); the page only applies the
drawing. Slider events are coalesced: a dragged slider is drawn at most every 60 ms, at the latest
position, so dragging across a 900-action game does not draw every position on the way.

Whose eyes: a finished game shows any seat ("Seen by"); a game in progress shows only the one
person's seat of a game against bots, and a hot-seat game in progress the table only (no hand),
as ``Replay.eyes`` enforces.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from railtable.core import RailtableError, SaveError
from railtable.core.replay import Replay, log_text
from railtable.core.replaylink import CHAT_LIMIT, decode, encode

from . import charts, dom, i18n, replay_text  # noqa: F401  (replay_text: the viewer's words)
from .dom import closest_data, on, q, show
from .i18n import t
from .markup import escape
from .refusals import refusal
from .session import PLAYER_COLOURS, Session

SPEEDS = {"slow": 1.2, "normal": 0.6, "fast": 0.25, "fastest": 0.06}
LOG_WINDOW = 60
"""The log shows at least the last 60 lines up to the position."""
LOG_BLOCK = 30
"""... and up to 30 more: 15 older ones (shown as the position moves back) and 15 of the positions
that follow, hidden (see ``Viewer._draw_log``)."""
DRAG_GAP_S = 0.06
"""A dragged slider is drawn at most about every 60 ms (the latest position), not once per event."""
HOLD = ("players", "hand", "supply", "log")
"""While the slider is dragged, the board and the position follow it and these parts of the page
are held (``html[data-replay-hold]``: ``content-visibility: hidden`` in ``web/replay.css``, so
the page neither styles nor lays them out at each position; bench/replay_slider.py): the side
panel with the players, the hand and play area, the supply, the viewer's log and chart."""
SETTLE_S = 0.25
"""The slider still for this long: the held parts are shown again, one per task."""


def _offered_kind(info: Any, kind: str | None) -> str:
    """The kind "continue from here" offers first for a seat: a person stays a person, a level stays
    that level (an old name by its alias), and any other bot (a test or bench bot, which the lobby
    does not offer) becomes the game's strongest level rather than a person."""
    if kind is None:
        return "human"
    kind = info.bot_aliases.get(kind, kind)
    bots = list(info.bots)
    return kind if kind in bots else (bots[-1] if bots else "human")


class ReplayHost:
    """What a table calls ``app`` while it shows a replay: the app, but nothing is played."""

    def __init__(self, app: Any) -> None:
        self._app = app

    def __getattr__(self, name: str) -> Any:
        return getattr(self._app, name)

    def play(self, action: Any) -> bool:
        return False

    def undo(self) -> None:
        return None

    def can_undo(self) -> bool:
        return False

    def modal(self, *args: Any, **kwargs: Any) -> None:
        return None

    def result_modal(self, *args: Any, **kwargs: Any) -> None:
        return None


class Frame:
    """The match as the table reads it, at one position of the replay."""

    def __init__(self, replay: Replay, k: int) -> None:
        self.game_id = replay.game_id
        self.info = replay.info
        self.config = replay.config
        self.seed = replay.seed
        self.seats = replay.seats
        self.state = replay.state_at(k)
        self.actions = replay.actions[:k]

    def can_undo(self, player: int) -> bool:
        return False

    @property
    def rules(self) -> int:
        return int(self.config.get("rules", 1))


class ReplaySession(Session):
    """A session whose match is a :class:`Frame`; nobody may act."""

    def __init__(self, replay: Replay, slot: str, viewer: int | None) -> None:
        super().__init__(Frame(replay, replay.length), slot)  # type: ignore[arg-type]
        self.replay = replay
        self.viewer = viewer

    def needs_privacy_screen(self) -> bool:
        return False

    def legal_actions(self) -> list[Any]:
        return []


class Viewer:
    """The open replay: its position, its table, its playback."""

    def __init__(self, app: Any, replay: Replay, slot: str, title: str) -> None:
        self.app = app
        self.replay = replay
        self.slot = slot
        self.title = title
        self.k = replay.length if replay.finished else 0
        self.target = self.k
        self.drawing = False
        self.holding = False
        self.slid_at = 0.0
        self.playing = False
        self.generation = app.generation
        humans = [i for i, kind in enumerate(replay.seats) if kind is None]
        seen = [s for s in humans if replay.may_see(s)] or sorted(replay.eyes)
        self.seat: int | None = seen[0] if seen else None
        self.session = ReplaySession(replay, slot, self.seat)
        self.table: Any = None
        self._log: tuple[tuple[int | None, str], list[str]] | None = None
        self._log_drawn: tuple[tuple[int | None, str], int, int, int] | None = None
        """What #rp-log holds: (seat and language, first line, end, lines shown)."""

    # ---- opening -------------------------------------------------------------------------
    def mount(self) -> None:
        app, replay = self.app, self.replay
        dom.add_stylesheet("web/replay.css")
        app.cancel_bots()
        app._forget_table_handlers()
        app.session = None
        self.generation = app.generation
        root = q("#table")
        n = replay.length
        marks = replay.period_marks()
        datalist = "".join(f'<option value="{k}"></option>' for k, _, _ in marks)
        speeds = "".join(f'<option value="{s}"{" selected" if s == "normal" else ""}>{escape(t("pace_" + s) if s != "fastest" else "×10")}</option>'
                         for s in SPEEDS)
        seats = self._seat_options()
        note = ""
        if not replay.finished:
            note = (t("replay_in_progress", name=replay.names[self.seat]) if self.seat is not None
                    else t("replay_in_progress_nobody"))
        root.innerHTML = (
            # the viewer's focus, when it has none (web/keys.js): the slider, not the table's banner below
            '<div class="replay" id="replay" data-key-after="#rp-slider">'
            f'<div class="replay-bar" id="replay-bar" role="group" aria-label="{escape(t("replay"), quote=True)}">'
            f'<p class="replay-note" id="rp-note"{"" if note else " hidden"}>{escape(note)}</p>'
            '<div class="replay-controls">'
            f'<button type="button" data-rp="first" aria-label="{escape(t("replay_first"), quote=True)}">|◀</button>'
            f'<button type="button" data-rp="back" aria-label="{escape(t("replay_back"), quote=True)}">◀</button>'
            f'<button type="button" id="rp-play" data-rp="play" aria-label="{escape(t("replay_play"), quote=True)}">{escape(t("replay_play"))}</button>'
            f'<button type="button" data-rp="forward" aria-label="{escape(t("replay_forward"), quote=True)}">▶</button>'
            f'<button type="button" data-rp="last" aria-label="{escape(t("replay_last"), quote=True)}">▶|</button>'
            f'<label class="rp-speed">{escape(t("replay_speed"))} <select id="rp-speed">{speeds}</select></label>'
            f'<label class="rp-seat">{escape(t("replay_seat"))} <select id="rp-seat">{seats}</select></label>'
            '</div>'
            f'<input type="range" id="rp-slider" class="rp-slider" min="0" max="{n}" value="{self.k}" step="1" list="rp-marks" '
            f'aria-label="{escape(t("replay_slider"), quote=True)}">'
            f'<datalist id="rp-marks">{datalist}</datalist>'
            f'<div class="rp-marks" aria-hidden="true">{self._marks_svg(marks)}</div>'
            '<p id="rp-position" class="rp-position" role="status" aria-live="polite"></p>'
            '</div>'
            '<div id="replay-table"></div>'
            '<div class="replay-side">'
            f'<details class="log replay-log" open><summary>{escape(t("replay_log"))}</summary>'
            f'<ol id="rp-log" class="rp-log" aria-label="{escape(t("replay_log_label"), quote=True)}"></ol></details>'
            f'<div id="rp-chart">{self._chart()}</div>'
            f'<div class="rp-actions">{self._continue_html()}{self._link_html()}</div>'
            '</div></div>'
        )
        show(q("#lobby"), False)
        show(root, True)
        show(q("#topbar-actions"), True)
        q("#table-title").textContent = t("replay_of", title=self.title)
        dom.set_title(f'{t("replay")} · {replay.info.title} · Railtable')
        html = q("html").dataset
        html.over = ""
        html.replay = "1" if replay.finished else "progress"
        app.table_handlers = dom.next_handler_id()
        from .app import table_class

        self.table = table_class(replay.game_id)(ReplayHost(app), self.session, q("#replay-table"))
        app.table = self.table  # the top bar's Rules
        self.table.mount()
        on(q("#replay-bar"), "click", self.on_click)
        on(q("#replay-bar"), "keydown", self.on_key)
        on(q("#rp-slider"), "input", self.on_slider)
        on(q("#rp-seat"), "change", self.on_seat)
        on(q("#rp-log"), "click", self.on_log_click)
        on(q("#replay .rp-actions"), "click", self.on_action)
        self.draw()

    def _seat_options(self) -> str:
        options = [f'<option value=""{" selected" if self.seat is None else ""}>{escape(t("replay_everyone"))}</option>']
        for s, name in enumerate(self.replay.names):
            if self.replay.may_see(s):
                options.append(f'<option value="{s}"{" selected" if s == self.seat else ""}>{escape(name)}</option>')
        return "".join(options)

    def _marks_svg(self, marks: list[tuple[int, str, int]]) -> str:
        n = max(1, self.replay.length)
        step = max(1, len(marks) // 12)
        ticks, labels = [], []
        for i, (k, _, p) in enumerate(marks):
            x = 100 * k / n
            ticks.append(f'<line x1="{x:.2f}" y1="0" x2="{x:.2f}" y2="{5 if i % step else 8}"/>')
            if i % step == 0:  # (in a box of their own: the ticks' box is stretched to the slider's width)
                labels.append(f'<text x="{x:.2f}%" y="10">{p}</text>')
        return (f'<svg class="rp-ticks" viewBox="0 0 100 8" preserveAspectRatio="none">{"".join(ticks)}</svg>'
                f'<svg class="rp-labels" width="100%" height="12">{"".join(labels)}</svg>')

    def _chart(self) -> str:
        replay = self.replay
        periods = [replay.periods[k][1] for k, _ in replay.scores]
        return charts.score_chart(replay.game_id, replay.names, PLAYER_COLOURS, replay.scores, periods)

    def _continue_html(self) -> str:
        rows = []
        for s, name in enumerate(self.replay.names):
            kind = _offered_kind(self.replay.info, self.replay.seats[s])
            options = [("human", t("human"))] + [(b, i18n.bot_name(b)) for b in self.replay.info.bots]
            opts = "".join(f'<option value="{v}"{" selected" if v == kind else ""}>{escape(label)}</option>'
                           for v, label in options)
            rows.append(f'<label class="rp-kind">{escape(name)} <select id="rp-kind-{s}">{opts}</select></label>')
        return (f'<details class="rp-continue"><summary>{escape(t("replay_continue"))}</summary>'
                f'<p class="muted">{escape(t("replay_continue_note"))}</p>'
                f'<fieldset><legend>{escape(t("replay_seats_title"))}</legend>{"".join(rows)}</fieldset>'
                f'<fieldset class="rp-draws"><legend>{escape(t("replay_draws"))}</legend>'
                f'<label><input type="radio" name="rp-draws" value="same" checked> {escape(t("replay_draws_same"))}</label>'
                f'<label><input type="radio" name="rp-draws" value="new"> {escape(t("replay_draws_new"))}</label></fieldset>'
                f'<button type="button" data-rp="continue" class="primary">{escape(t("replay_continue"))}</button></details>')

    def _link_html(self) -> str:
        if not self.replay.finished:
            return f'<p class="muted">{escape(t("replay_link_unfinished"))}</p>'
        return (f'<button type="button" data-rp="link">{escape(t("replay_link"))}</button>'
                f'<button type="button" data-rp="export">{escape(t("replay_export"))}</button>'
                f'<input id="rp-link-url" readonly hidden aria-label="{escape(t("replay_link"), quote=True)}">')

    # ---- drawing -------------------------------------------------------------------------
    def alive(self) -> bool:
        return VIEWER.get("open") is self and self.app.generation == self.generation

    def draw(self) -> None:
        """Draw position ``self.k`` as ``self.seat`` saw it."""
        started = dom.now_ms()
        replay, k = self.replay, self.k
        self.session.match = Frame(replay, k)  # type: ignore[assignment]
        self.session.viewer = self.seat
        self.table.render()
        n = replay.length
        kind, p = replay.periods[k]
        position = t("replay_position_turn", k=k, n=n, unit=t("replay_" + kind).capitalize(), p=p)
        q("#rp-position").textContent = position
        slider = q("#rp-slider")
        if not self.holding:  # a dragged slider is where the person holds it
            slider.value = str(k)
        slider.setAttribute("aria-valuetext", position)
        q("#rp-play").textContent = t("replay_pause") if self.playing else t("replay_play")
        q("#rp-play").setAttribute("aria-label", t("replay_pause") if self.playing else t("replay_play"))
        self._draw_log()
        html = q("html").dataset
        html.replayPosition = str(k)
        html.replayLength = str(n)
        html.over = "1" if k == n and replay.finished else ""
        html.replayDrawMs = f"{dom.now_ms() - started:.1f}"  # the position and its drawing, in Python (bench)

    def _log_lines(self) -> list[str]:
        key = (self.seat, i18n.language())
        if self._log is None or self._log[0] != key:
            state = self.replay.state_at(self.replay.length)
            self._log = (key, log_text(state, self.seat, i18n.language()))
        return self._log[1]

    def _draw_log(self) -> None:
        """The log up to the position, newest first, at least :data:`LOG_WINDOW` lines. The list
        holds up to :data:`LOG_BLOCK` lines more, older ones and hidden later ones: a step within
        them only shows or hides lines and moves the current mark (a few attributes), so moving along the game does
        not replace the whole list (and lay it out again) at every position."""
        lines = self._log_lines()
        shown = self.replay.log_sizes[self.k]
        key = (self.seat, i18n.language())
        drawn = self._log_drawn
        if drawn is not None and drawn[0] == key and drawn[1] <= max(0, shown - LOG_WINDOW) and shown <= drawn[2]:
            _, start, end, before = drawn
            for i in range(min(before, shown), max(before, shown)):
                line = q(f"#rp-l{i}")
                if i < shown:
                    line.removeAttribute("hidden")
                else:
                    line.setAttribute("hidden", "")
            if before != shown:
                if before:
                    q(f"#rp-l{before - 1}").classList.toggle("current", False)
                    q(f"#rp-l{before - 1}").removeAttribute("aria-current")
                if shown:
                    q(f"#rp-l{shown - 1}").classList.toggle("current", True)
                    q(f"#rp-l{shown - 1}").setAttribute("aria-current", "step")
            self._log_drawn = (key, start, end, shown)
            return
        start = max(0, shown - LOG_WINDOW - LOG_BLOCK // 2)
        end = max(shown, min(len(lines), shown + LOG_BLOCK // 2))
        items = []
        for i in range(end - 1, start - 1, -1):
            current = ' aria-current="step" class="current"' if i == shown - 1 else ""
            hidden = " hidden" if i >= shown else ""
            items.append(f'<li id="rp-l{i}"{current}{hidden}><button type="button" class="rp-line" data-line="{i}">'
                         f'{escape(lines[i] if i < len(lines) else "")}</button></li>')
        q("#rp-log").innerHTML = "".join(items)
        self._log_drawn = (key, start, end, shown)

    def go(self, k: int) -> None:
        self.k = max(0, min(self.replay.length, k))
        self.target = self.k
        self.draw()

    def request(self, k: int) -> None:
        """Draw ``k`` within :data:`DRAG_GAP_S`: the events received meanwhile (a dragged slider) only
        move the target, and the latest position is drawn once. While the slider moves (a second
        event before the first is drawn), the parts in :data:`HOLD` wait (see :meth:`_release`)."""
        self.target = max(0, min(self.replay.length, k))
        self.slid_at = time.monotonic()
        if self.drawing and not self.holding:  # events in quick succession: a drag (not a key press)
            self.holding = True
            q("html").dataset.replayHold = " ".join(HOLD)
            asyncio.ensure_future(self._release())
        if not self.drawing:
            self.drawing = True
            asyncio.ensure_future(self._draw_latest())

    async def _release(self) -> None:
        """Once the slider has been still for :data:`SETTLE_S`, show the held parts again, each in
        a task of its own (a ``pause`` between them), so that no task lays out the whole page."""
        try:
            while self.alive():
                wait = self.slid_at + SETTLE_S - time.monotonic()
                if wait <= 0 and not self.drawing:
                    break
                await asyncio.sleep(max(wait, 0.02))
        finally:
            self.holding = False
            if self.alive():
                for i in range(1, len(HOLD) + 1):
                    dom.emit("pause")
                    q("html").dataset.replayHold = " ".join(HOLD[i:]) or None
                dom.flush()

    async def _draw_latest(self) -> None:
        try:
            await asyncio.sleep(DRAG_GAP_S)  # the slider's events meanwhile only move the target
            if self.alive() and self.target != self.k:
                self.k = self.target
                self.draw()
                dom.flush()
        finally:
            self.drawing = False

    # ---- events --------------------------------------------------------------------------
    def on_slider(self, event: Any) -> None:
        try:
            self.request(int(str(dom.form_value("rp-slider", self.k))))
        except ValueError:
            return

    def on_click(self, event: Any) -> None:
        what = closest_data(event, "rp")
        if what == "first":
            self.go(0)
        elif what == "back":
            self.go(self.k - 1)
        elif what == "forward":
            self.go(self.k + 1)
        elif what == "last":
            self.go(self.replay.length)
        elif what == "play":
            self.toggle_play()

    def on_key(self, event: Any) -> None:
        key = getattr(event, "key", "")
        on_slider = event.target_id == "rp-slider"  # the range moves itself on arrows, Home, End
        if key == " " and event.target_id in ("rp-slider", "replay-bar"):
            self.toggle_play()
        elif on_slider or event.target_id in ("rp-speed", "rp-seat"):
            return
        elif key in ("ArrowLeft", "ArrowDown"):
            self.go(self.k - 1)
        elif key in ("ArrowRight", "ArrowUp"):
            self.go(self.k + 1)
        elif key == "Home":
            self.go(0)
        elif key == "End":
            self.go(self.replay.length)

    def on_seat(self, event: Any) -> None:
        value = str(dom.form_value("rp-seat", ""))
        seat = int(value) if value.isdigit() else None
        if not self.replay.may_see(seat):
            return
        self.seat = seat
        self.draw()

    def on_log_click(self, event: Any) -> None:
        line = closest_data(event, "line")
        if line is not None and line.isdigit():
            self.go(self.replay.position_of_log_line(int(line)))

    def toggle_play(self) -> None:
        self.playing = not self.playing
        if self.playing:
            if self.k >= self.replay.length:
                self.k = 0
            asyncio.ensure_future(self._play_loop())
        self.draw()

    async def _play_loop(self) -> None:
        while self.playing and self.alive():
            await asyncio.sleep(SPEEDS.get(str(dom.form_value("rp-speed", "normal")), 0.6))
            if not (self.playing and self.alive()):
                return
            if self.k >= self.replay.length:
                self.playing = False
                self.draw()
                dom.flush()
                return
            self.k += 1
            self.target = self.k
            self.draw()
            dom.flush()

    def on_action(self, event: Any) -> None:
        what = closest_data(event, "rp")
        if what == "continue":
            self.continue_here()
        elif what == "link":
            self.copy_link()
        elif what == "export":
            save = self.replay.save_at(self.replay.length)
            dom.download(f"railtable-{self.replay.game_id}-{self.slot}.json", json.dumps(save, separators=(",", ":")))

    def continue_here(self) -> None:
        kinds: list[str | None] = []
        for s in range(len(self.replay.names)):
            kind = str(dom.form_value(f"rp-kind-{s}", "human"))
            kinds.append(None if kind == "human" else kind)
        from .app import _random_seed

        new_seed = _random_seed() if dom.form_value("rp-draws", "same") == "new" else None
        try:
            match = self.replay.continue_from(self.k, kinds, new_seed)
        except RailtableError as exc:
            self.app.flash(refusal(exc))
            return
        self.playing = False
        close()
        self.app.close_table()
        self.app.open(Session(match, f"{int(time.time() * 1000)}-{match.seed}"))
        self.app.autosave()

    def copy_link(self) -> None:
        replay = self.replay
        if replay.reseeds:  # a link has no place for new draws: the game goes as a file
            self.app.flash(t("replay_link_reshuffled"))
            return
        try:
            code = encode(replay.game_id, replay.config, replay.seed, replay.actions, replay.seats, replay.reseeds)
        except RailtableError as exc:
            self.app.flash(refusal(exc))
            return
        url = dom.URL["href"].split("#")[0] + "#replay=" + code
        if len(url) > CHAT_LIMIT:
            self.app.flash(t("replay_link_long", n=len(url)))
            return
        box = q("#rp-link-url")
        box.value = url
        show(box, True)
        dom.copy_text(url)
        self.app.flash(t("replay_link_copied", n=len(url)))


VIEWER: dict[str, Viewer | None] = {"open": None}


def close() -> None:
    """Forget the open viewer (its playback stops at its next step)."""
    viewer = VIEWER.get("open")
    if viewer is not None:
        viewer.playing = False
    VIEWER["open"] = None
    q("html").dataset.replay = ""
    q("html").dataset.replayHold = None


def open_replay(app: Any, replay: Replay, slot: str, title: str) -> Viewer:
    close()
    viewer = Viewer(app, replay, slot, title)
    VIEWER["open"] = viewer
    viewer.mount()
    return viewer


def open_save(app: Any, save: Any, slot: str, title: str) -> None:
    """The replay of a stored or imported save (its people's eyes while it is not over)."""
    try:
        seats = save.get("seats") if isinstance(save, dict) else None
        humans = [i for i, k in enumerate(seats or []) if k is None]
        eyes = humans if len(humans) == 1 else []
        replay = Replay.from_save(save, eyes=eyes)
    except SaveError as exc:
        app.flash(t("replay_cannot", error=refusal(exc)))
        return
    open_replay(app, replay, slot, title)


# ---- hooks the app calls --------------------------------------------------------------------------
def row_button(entry: Any) -> str:
    """A stored game's Replay button in the lobby (a readable save only)."""
    if entry.save is None or entry.error:
        return ""
    return f'<button type="button" data-replay="{escape(entry.slot)}">{escape(t("replay"))}</button>'


def on_save_list(app: Any, event: Any) -> bool:
    slot = closest_data(event, "replay")
    if slot is None:
        return False
    entry = app.store.read(slot)
    if entry.save is not None:
        open_save(app, entry.save, slot, entry.title)
    return True


def result_extra(app: Any) -> str:
    """What the final screen adds: the game's chart and a Replay button."""
    session = app.session
    if session is None or getattr(session, "replay", None) is not None:
        return ""
    try:
        match = session.match
        replay = Replay(match.game_id, match.config, match.seed, match.actions, match.seats)
    except Exception as exc:  # noqa: BLE001 - the final screen never fails for its chart
        dom.log("warn", f"no chart: {exc!r}")
        return ""
    dom.add_stylesheet("web/replay.css")
    periods = [replay.periods[k][1] for k, _ in replay.scores]
    chart = charts.score_chart(replay.game_id, replay.names, PLAYER_COLOURS, replay.scores, periods)
    return (f'<div class="result-chart">{chart}</div><p class="modal-buttons">'
            f'<button type="button" data-replay-open="1">{escape(t("replay"))}</button></p>')


def on_modal_click(app: Any, event: Any) -> bool:
    if closest_data(event, "replay-open") is None or app.session is None:
        return False
    show(q("#modal"), False)
    app.modal_open = False
    session = app.session
    open_save(app, session.match.to_save(), session.slot, session.title())
    return True


def open_link(app: Any) -> None:
    """A ``#replay=`` link: decode it (a replay of every move) and open the viewer."""
    hash_ = dom.URL.get("hash", "").lstrip("#")
    if not hash_.startswith("replay="):
        return
    code = hash_[len("replay="):]
    try:
        save = decode(code)
        replay = Replay.from_save(save)
    except SaveError as exc:
        box = q("#link-notice")
        box.textContent = t("replay_link_problem", error=refusal(exc))
        show(box, True)
        return
    names = ", ".join(replay.names)
    open_replay(app, replay, f"link-{replay.seed}", f"{replay.info.title} · {names}")


def on_close(app: Any) -> None:
    """The app closed its table (Lobby): a replay closes with it."""
    if VIEWER.get("open") is not None:
        close()
