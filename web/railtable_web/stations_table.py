"""The Trains & Stations table: the SVG board, the dice tray, the step's choices, hands, players, log.

Every clickable thing is one of the engine's legal actions, referred to by its index in
``legal_actions(viewer)`` (``data-act``); the table never builds an action. Drawing and the
panel's HTML are pure functions (``stations_svg``, ``stations_panel``), tested on CPython. The
language is the page's (``i18n.language()``), fixed while the table is open.
"""

from __future__ import annotations

from typing import Any

from railtable.stations.data import GOODS, monopoly_values
from railtable.stations.goods import goods_totals

from . import dom, explain, i18n
from . import stations_panel as panel
from . import stations_svg as sv
from . import stations_text as tx
from .dom import add_stylesheet, closest_data, on, q
from .i18n import seat_kind
from .keys import after_attrs, board_attrs
from .markup import escape

CSS_HREF = "web/stations.css"
WAIT_PHASES = ("order", "tie", "goods", "deliver")
"""While a Delivery is still being decided, its summary waits (shown once it is complete)."""


class StationsTable:
    def __init__(self, app: Any, session: Any, root: Any) -> None:
        self.app = app
        self.session = session
        self.root = root
        self.lang = i18n.language()
        self.legal: list[dict[str, Any]] = []
        self.ui = panel.PanelState()
        self.events_seen = 0
        self.spaces_before: dict[str, dict[str, Any]] = {}
        self.pending_sections: list[dict[str, Any]] = []
        self.summary_start: int | None = None
        self.log_seen = -1
        self.turn_spaces: set[str] = set()
        self.turn_seen: int | None = None

    # ---- building the DOM once ---------------------------------------------------
    def mount(self) -> None:
        add_stylesheet(CSS_HREF)
        lang = self.lang
        view = self.session.view()
        rules = int(view.get("rules", 1))
        lay = sv.layout(rules)
        self.root.innerHTML = (
            f'<div class="st-table"{after_attrs(("#st-controls button:not([disabled])", "#st-banner"))}>'
            f'<h2 class="sr-only">{escape(tx.ui("board_label", lang))}</h2>'
            '<div class="st-main">'
            '<div class="st-board-wrap">'
            f'<svg id="st-board" class="st-board" viewBox="0 0 {lay.width} {lay.height}" role="group"{board_attrs()} '
            f'aria-label="{escape(tx.ui("board_label", lang))}">'
            # the background is drawn in pieces after the rest (issue 34: no long task)
            f'{dom.later_pieces("st-static", sv.board_static_pieces(lang, rules))}<g id="st-dyn"></g></svg>'
            f'{explain.zoom_reset_html(lang)}</div>'
            '<div class="st-bar"><div id="st-stacks" class="st-stacks"></div><div id="st-supply" class="st-bar"></div></div>'
            "</div>"
            '<aside class="st-panel">'
            '<div class="now-bar">'
            '<div id="st-step" class="st-step"></div>'
            '<div id="st-banner" class="st-banner" aria-live="polite" tabindex="-1"></div>'
            '<div id="st-controls" class="st-controls"></div>'
            f'<div class="st-actions"><button type="button" id="st-undo">{escape(tx.ui("undo", lang))}</button></div></div>'
            f'<h3>{escape(tx.ui("my_hand", lang))}</h3><div id="st-hand" class="st-hand"></div>'
            f'<h3>{escape(tx.ui("players", lang))}</h3><div id="st-players" class="st-players"></div>'
            f'<details class="st-log" open><summary id="st-log-title">{escape(tx.ui("log", lang))}</summary><ol id="st-log" reversed tabindex="0" aria-labelledby="st-log-title"></ol></details>'
            "</aside></div>"
        )
        self.events_seen = int(view.get("log_size", 0))
        self.spaces_before = dict(view.get("spaces", {}))
        on(q("#st-board"), "click", self.on_click)
        on(q("#st-controls"), "click", self.on_click)
        on(q("#st-undo"), "click", lambda e: self.app.undo())

    # ---- drawing -------------------------------------------------------------------
    def render(self) -> None:
        session = self.session
        view = session.view()
        lang = self.lang
        self.legal = session.legal_actions()
        self.ui.reset_for(panel.decision_key(view))
        bots = [session.is_bot(i) for i in range(len(session.names))]
        names = [p["name"] for p in view["players"]]
        self._track_turn(view)
        self._render_controls(view, bots, names)
        q("#st-stacks").innerHTML = sv.goods_stacks_svg(view, lang)
        q("#st-supply").innerHTML = panel.supply_html(view, lang)
        q("#st-hand").innerHTML = panel.hand_html(view, lang, hidden=len(session.humans) > 1)
        you = f' ({i18n.t("seat_you")})'
        kinds = [seat_kind(session, i) + (you if i == session.viewer else "") for i in range(len(session.names))]
        q("#st-players").innerHTML = panel.players_html(view, bots, lang, kinds) + self._explain(view)
        if view.get("log_size") != self.log_seen:
            self.log_seen = int(view.get("log_size", 0))
            lines = [tx.event_text(ev, lang, names) for ev in view.get("events", [])]
            q("#st-log").innerHTML = "".join(f"<li>{escape(line)}</li>" for line in reversed(lines))
        self._summaries(view, names)

    def _explain(self, view: dict[str, Any]) -> str:
        """What the end of the game adds to the VP shown (issue 14): Monopolies and Missions."""
        if view.get("phase") == "over":
            return ""
        lang = self.lang
        names = {g: tx.term("goods." + g, lang) for g in GOODS}
        out = f'<p class="explain muted">{escape(explain.st_end_adds(monopoly_values(), names, lang))}</p>'
        me = view.get("me")
        if me:
            totals = goods_totals(me.get("goods", {}), [int(c["id"]) for c in me.get("power", [])])
            out += f'<p class="explain muted">{escape(explain.st_you_hold(totals, names, lang))}</p>'
        return out

    def _render_controls(self, view: dict[str, Any], bots: list[bool], names: list[str]) -> None:
        """The parts that change with a click in the panel: step, banner, tray and buttons, board choices."""
        lang = self.lang
        q("#st-step").textContent = panel.step_title(view, lang)
        text, mine = panel.banner_text(view, self.session.viewer, bots, lang)
        banner = q("#st-banner")
        banner.textContent = text
        banner.classList.toggle("mine", mine)
        controls = q("#st-controls")
        controls.innerHTML = panel.controls_html(view, self.legal, self.ui, lang, names)
        controls.dataset.phase = str(view["phase"])
        controls.dataset.mine = "1" if self.legal else ""
        places = panel.place_index(self.legal, self.ui.train)
        builds = sorted({a["station"] for a in self.legal if a["type"] == "build"})
        # after the board's background while it is being drawn
        dom.draw("#st-dyn", sv.board_dynamic_svg(view, places, builds, self.turn_spaces, self.lang))
        q("#st-undo").disabled = not self.app.can_undo()

    def _track_turn(self, view: dict[str, Any]) -> None:
        """Outline the dice placed during the current turn."""
        turn = view.get("turn")
        if turn != self.turn_seen:
            self.turn_seen = turn
            self.turn_spaces = set()
        for sid in view.get("spaces", {}):
            if sid not in self.spaces_before:
                self.turn_spaces.add(sid)

    def _summaries(self, view: dict[str, Any], names: list[str]) -> None:
        """Deliveries (step by step) and revealed Speculations since the last redraw, in a summary.

        The text is rebuilt for whoever is at the screen when it is shown (hot-seat: a Power card
        drawn privately by one player must not appear on the next player's screen).
        """
        size = int(view.get("log_size", 0))
        new = size - self.events_seen
        if new < 0:  # undo: forget what was taken back
            self.events_seen = size
            self.pending_sections = []
            self.summary_start = None
            new = 0
        if new > 0:
            events = view.get("events", [])
            fresh = events[-min(new, len(events)):]
            if not self.pending_sections:
                self.summary_start = size - len(fresh)
            self.events_seen = size
            panel.summary_sections(fresh, self.pending_sections)
            if not self.pending_sections:
                self.summary_start = None
        self.spaces_before = dict(view.get("spaces", {}))
        if self.pending_sections and view["phase"] not in WAIT_PHASES and view["phase"] != "over":
            self.app.modal(self._summary_for_viewer(names))

    def _summary_for_viewer(self, names: list[str]) -> str:
        """The pending summary as the person now at the screen may read it; then forgotten."""
        sections, self.pending_sections = self.pending_sections, []
        start, self.summary_start = self.summary_start, None
        if start is not None:
            state = self.session.match.state
            again = panel.summary_sections(state.events_for(self.session.viewer, start))
            if len(again) == len(sections):
                sections = again
        return panel.summary_html(sections, names, self.lang)

    # ---- input --------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        choice = closest_data(event, "ui")
        if choice is not None:
            self._choose(choice)
            return
        act = closest_data(event, "act")
        if act is None or not act.isdigit():
            return
        index = int(act)
        if index >= len(self.legal):
            return
        self.app.play(self.legal[index])

    def _choose(self, choice: str) -> None:
        """A choice on screen that is not a move yet (Bonus dice count, saved die kept, train die)."""
        kind, _, rest = choice.partition(":")
        if kind == "bonus" and rest.isdigit():
            self.ui.bonus = int(rest)
        elif kind == "keep" and rest.isdigit():
            j = int(rest)
            if j < len(self.ui.keep):
                self.ui.keep[j] = not self.ui.keep[j]
        elif kind == "train":
            face, _, bonus = rest.partition(":")
            self.ui.train = (face, bonus == "1")
        view = self.session.view()
        bots = [self.session.is_bot(i) for i in range(len(self.session.names))]
        self._render_controls(view, bots, [p["name"] for p in view["players"]])

    # ---- end and help ----------------------------------------------------------------
    def show_result(self) -> None:
        state = self.session.match.state
        result = state.result() or {}
        names = list(state.names)
        summary = self._summary_for_viewer(names) if self.pending_sections else ""
        self.app.result_modal(panel.result_html(result, names, self.lang) + summary)

    def help_html(self) -> str:
        return tx.help_html(self.lang)
