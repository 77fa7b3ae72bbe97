"""The Trains table: the hex board (SVG), your cards (DOM), the supply, every prompt, the log.

Every clickable thing is one of the engine's legal actions, referred to by its index in
``legal_actions(viewer)`` (``data-act``) or by its space (``data-hex``); the table never builds an
action. What is shown and why an option is not legal come from :mod:`trains_ui` (pure, tested on
CPython); the drawing from :mod:`trains_svg`.
"""

from __future__ import annotations

from typing import Any

from railtable.trains.board import load_board
from railtable.trains.messages import card_name
from railtable.trains.messages import render as render_event

from . import dom, explain, i18n, trains_rs, trains_svg, trains_ui
from .dom import FORM, add_stylesheet, closest_data, on, q
from .i18n import seat_kind
from .keys import after_attrs, announce, board_attrs
from .markup import escape
from .session import PLAYER_COLOURS
from .table_parts import swatch_html, winners_heading
from .trains_text import help_html, modifier_text, ui


def _colour(seat: int) -> str:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


FOCUS_AFTER = ("#tr-prompt .opt:not([disabled])", "#tr-hand button.choose", "#tr-hand button.play",
               "#tr-supply button.buy", "#tr-end", "#tr-banner")
"""Where focus goes when a move redraws the control that had it (issue 14): the open prompt,
the next card to play, the supply, End turn."""


PANELS = ("hand", "supply", "routes", "players", "log")
"""The panels under the board on a phone, each behind a tab (issue 34): the board and what you play
from on one screen, the rest one tap away. On a larger screen every panel shows and the tabs do not."""


class TrainsTable:
    """One table of Trains; see the module docstring."""

    def __init__(self, app: Any, session: Any, root: Any) -> None:
        self.app = app
        self.session = session
        self.root = root
        self.legal: list[dict[str, Any]] = []
        self.index: dict[str, int] = {}
        self.show_discard = False
        self.reading: str | None = None
        self._html: dict[str, str] = {}
        self.board_id = session.match.state.board_id
        self.last_attack: dict[str, Any] | None = None  # the ATTACK shown last (trains_rs.privacy_note)
        self.lang = i18n.language()
        self.panel = "hand"  # the panel shown under the board on a phone (its tabs: PANELS)
        self.panel_turn: tuple[Any, ...] | None = None  # the turn the panel was chosen for
        self.supply_shown = False  # the supply was brought up for buying once this turn
        self.panel_set = False

    # ---- lobby ---------------------------------------------------------------------
    STYLESHEETS = ("web/trains.css", "web/trains_rs.css")
    """The table's style sheets; the lobby's Trains options use them too (the card picker's grid)."""

    @staticmethod
    def _players() -> int:
        try:
            return int(str(FORM.get("player-count", "2")))
        except ValueError:
            return 2

    @staticmethod
    def lobby_options_html(settings: dict[str, Any]) -> str:
        """Set, board for the player count, Route Bonus, Chiba's "S" start, supply (trains_rs)."""
        players = TrainsTable._players()
        return trains_rs.lobby_options_html(trains_rs.form_choices(FORM, settings), players)

    @staticmethod
    def read_lobby_options(app: Any) -> dict[str, Any]:
        c = trains_rs.choices(trains_rs.form_choices(FORM, app.store.settings()), TrainsTable._players())
        for key, value in c.items():
            app.store.set_setting(key, value)
        return trains_rs.config_from(c)

    @staticmethod
    def share_params(app: Any) -> str:
        """The lobby's Trains choices as parameters of the shareable link."""
        return trains_rs.share_params(
            trains_rs.choices(trains_rs.form_choices(FORM, app.store.settings()), TrainsTable._players()))

    @staticmethod
    def url_settings(params: dict[str, str]) -> dict[str, Any]:
        return trains_rs.url_settings(params)

    # ---- building the DOM once --------------------------------------------------------
    def mount(self) -> None:
        for href in self.STYLESHEETS:
            add_stylesheet(href)
        board = load_board(self.board_id)
        w, h = trains_svg.extent(board)
        lang = i18n.language()
        self.root.innerHTML = (
            f'<div class="tr-table"{after_attrs(FOCUS_AFTER)}>'
            '<h2 class="sr-only">Trains table</h2>'
            '<div class="tr-left">'
            '<div class="tr-board-wrap">'
            f'<svg id="tr-board" class="tr-board" viewBox="0 0 {w:.0f} {h:.0f}" role="group"{board_attrs()} '
            f'aria-label="{escape(ui("board_label", lang, name=board.name), quote=True)}" data-board="{escape(self.board_id)}">'
            # the background and the names are drawn in pieces after the rest (issue 34: no long task)
            f'<g class="tr-static">{dom.later_pieces("tr-static", trains_svg.board_static_pieces(self.board_id, lang))}</g>'
            f'<g id="tr-rs"></g><g id="tr-dyn"></g><g id="tr-names"></g></svg>{explain.zoom_reset_html(lang)}</div>'
            f'<div class="tr-tabs-wrap">{self._tabs_html(lang)}'
            # the close-up: docked where it never covers the board nor the prompt (issue 34): under
            # these tabs on a phone, over the lower part of the side panel on a larger screen.
            # Escape (web/keys.js) closes it by a click on it: its own close command
            '<div id="tr-reader" class="tr-reader" data-cmd="close-reader" hidden></div></div>'
            f'<section id="tr-routes" class="tr-zone tr-routes" aria-label="{ui("rs_route_bonus", lang)}" hidden></section>'
            f'<div id="tr-panel-hand" class="tr-mid" tabindex="0" role="region" aria-label="{ui("mid_label", lang)}">'
            f'<section class="tr-zone tr-hand-zone"><h3 id="tr-hand-title">{ui("your_hand", lang)}</h3>'
            '<div id="tr-hand" class="cards hand" role="group" aria-labelledby="tr-hand-title"></div></section>'
            '<div class="tr-row2">'
            f'<section class="tr-zone"><h3 id="tr-play-title">{ui("play_area", lang)}</h3><div id="tr-play" class="cards small"></div></section>'
            f'<section class="tr-zone"><h3 id="tr-gained-title">{ui("gained", lang)}</h3>'
            '<div id="tr-gained" class="cards small"></div></section>'
            "</div></div>"
            '<section id="tr-panel-supply" class="tr-zone tr-supply-zone" tabindex="0" aria-labelledby="tr-supply-title">'
            f'<h3 id="tr-supply-title">{ui("supply", lang)} <small class="muted">{ui("supply_hint", lang)}</small></h3>'
            '<div id="tr-supply" class="cards supply"></div></section>'
            "</div>"
            '<aside class="tr-side">'
            '<div class="tr-now now-bar">'
            '<div id="tr-banner" class="turn-banner" aria-live="polite" tabindex="-1"></div>'
            '<div id="tr-attack" class="tr-attack"></div>'
            '<div id="tr-money" class="tr-money"></div>'
            '<div id="tr-prompt" class="tr-prompt" hidden></div>'
            '<div class="turn-buttons">'
            f'<button type="button" id="tr-end" class="primary" data-cmd="end">{ui("end_turn", lang)}</button>'
            f'<button type="button" id="tr-pass" data-cmd="pass" title="{ui("return_waste_tip", lang)}">'
            f'{ui("return_waste", lang)}</button>'
            f'<button type="button" id="tr-undo" data-cmd="undo">{ui("undo", lang)}</button></div></div>'
            f'<div id="tr-panel-players" class="tr-players-panel"><h3>{ui("players", lang)}</h3><div id="tr-players"></div>'
            '<div id="tr-mine" class="tr-mine"></div>'
            '<div id="tr-discard" class="cards tiny" hidden></div></div>'
            f'<details id="tr-panel-log" class="log" open><summary>{ui("log", lang)}</summary><ol id="tr-log" reversed tabindex="0" '
            f'aria-label="{ui("log_label", lang)}"></ol></details>'
            "</aside>"
            "</div>"
        )
        dom.later("#tr-names", trains_svg.board_labels_svg(self.board_id))
        table = q(".tr-table", self.root)
        on(table, "click", self.on_click)
        on(table, "mouseover", self.on_hover)
        on(table, "contextmenu", self.on_long_press, prevent="[data-card]")
        on(table, "mouseleave", lambda e: self._hide_reader() if self.reading is not None else None)

    @staticmethod
    def _tabs_html(lang: str) -> str:
        """The phone's tabs: real buttons (role tab, aria-selected, aria-controls its panel)."""
        tabs = "".join(
            f'<button type="button" role="tab" id="tr-tab-{name}" data-cmd="tab" data-show="{name}" '
            f'aria-controls="tr-{"routes" if name == "routes" else "panel-" + name}" '
            f'aria-selected="{"true" if name == "hand" else "false"}"{" hidden" if name == "routes" else ""}>'
            f'{ui("tab_" + name, lang)}</button>' for name in PANELS)
        return f'<div class="tr-tabs" role="tablist" aria-label="{ui("tabs_label", lang)}">{tabs}</div>'

    def _show_panel(self, name: str) -> None:
        """Show one panel under the board on a phone (CSS hides the others there: not focusable)."""
        self.panel = name
        q(".tr-table").setAttribute("data-panel", name)
        for other in PANELS:
            q(f"#tr-tab-{other}").setAttribute("aria-selected", "true" if other == name else "false")

    def show_move(self, action: dict[str, Any]) -> None:
        """Show the panel that holds what a person clicks to make ``action`` (the lesson's guide
        rings it): a card to play in the hand, a pile to buy in the supply, a Route Bonus card's
        ability among the routes. Other moves are on the board or the always shown buttons."""
        kind = action.get("type")
        panel = {"play": "hand", "buy": "supply", "use_route": "routes"}.get(str(kind))
        if panel is not None and panel != self.panel:
            self._show_panel(panel)

    def _choose_panel(self, view: dict[str, Any]) -> None:
        """The panel a player needs now: the hand when their turn starts or the prompt names a card of
        it; the supply once nothing in the hand can be played and a card can be bought (or the prompt
        asks for a pile), so that a player on a phone is never stuck behind a tab."""
        turn = (view["turn"], view["current"], view["phase"], self.session.viewer)
        panel = self.panel
        if turn != self.panel_turn:
            self.panel_turn, self.supply_shown = turn, False
            if panel in ("supply", "hand"):
                panel = "hand"
        keys = self.index
        buys = any(k.startswith("buy") for k in keys)
        plays = any(k.startswith(("play:", "decline:")) for k in keys)
        if view.get("pending") and trains_ui.hand_choices(view, keys):
            panel = "hand"
        elif buys and (view.get("pending") or (not plays and not self.supply_shown and panel == "hand")):
            panel = "supply"
            self.supply_shown = True
        if panel == "routes" and not view.get("routes"):
            panel = "hand"
        if panel != self.panel or not self.panel_set:
            self.panel_set = True
            self._show_panel(panel)

    # ---- drawing --------------------------------------------------------------------
    def _set(self, selector: str, html: str) -> None:
        """Replace an element's content only when it changed (keeps a click's redraw fast)."""
        if self._html.get(selector) == html:
            return
        self._html[selector] = html
        dom.draw(selector, html)  # after the board's background while it is being drawn

    def render(self) -> None:
        session = self.session
        state = session.match.state
        viewer = session.viewer
        view = session.view()
        self.legal = session.legal_actions()  # the viewer's when to act (none in a replay)
        acting = bool(self.legal)
        self.index = trains_ui.action_index(self.legal)
        self.lang = lang = i18n.language()
        targets, nope = trains_ui.rail_targets(state, view, viewer, lang) if acting else ([], [])
        self._set("#tr-dyn", trains_svg.board_dynamic_svg(self.board_id, view, targets, nope, lang))
        self._render_rising_sun(view, viewer)
        self._render_status(view, acting)
        self._render_cards(state, view)
        self._render_players(view)
        self._choose_panel(view)
        lines = state.log_lines(viewer, 60, lang)
        total = len(state.log)
        if total > getattr(self, "log_seen", total):
            announce(state.log_lines(viewer, min(total - self.log_seen, 60), lang))
        self.log_seen = total
        self._set("#tr-log", "".join(f"<li>{escape(line)}</li>" for line in reversed(lines)))

    def _render_rising_sun(self, view: dict[str, Any], viewer: int | None) -> None:
        """Route Bonus cards and their markers, Chiba's "S" cities, the ATTACK in progress (trains_rs)."""
        self._set("#tr-rs", trains_rs.board_overlay_svg(view))
        routes = trains_rs.routes_html(view, viewer, trains_rs.route_actions(self.legal))
        self._set("#tr-routes", routes)
        for box in (q("#tr-routes"), q("#tr-tab-routes")):
            if routes:
                box.removeAttribute("hidden")
            else:
                box.setAttribute("hidden", "")
        outcomes = self.session.match.state.attack_outcomes(viewer, i18n.language())
        self._set("#tr-attack", trains_rs.attack_html(view, viewer, outcomes))
        if view.get("attack"):
            self.last_attack = view["attack"]
        elif viewer is not None and viewer == view["current"]:
            self.last_attack = None  # the attacker has seen the end of it

    def privacy_note(self, seat: int | None) -> str:
        """Said on the privacy screen: why the device goes to ``seat`` (an ATTACK out of turn...)."""
        return trains_rs.privacy_note(self.session.match.state.view(None), seat, self.last_attack)

    def _render_status(self, view: dict[str, Any], acting: bool) -> None:
        session = self.session
        viewer = session.viewer
        names = [p["name"] for p in view["players"]]
        current = view["current"]
        pending = view.get("pending")
        lang = self.lang
        if view["phase"] == "over":
            banner = ui("game_over", lang)
        elif acting and pending and viewer != current:  # an ATTACK or Reaction in another player's turn
            banner = ui("rs_choice_in_turn", lang, name=names[current])
        elif acting and pending:
            banner = ui("make_choice", lang)
        elif acting and view["phase"] == "start_rails":
            banner = ui("start_rail", lang)
        elif acting:
            banner = ui("your_turn_n", lang, n=view["turn"])
        else:
            who = pending["player"] if pending else current
            banner = ui("bot_playing" if session.is_bot(who) else "waiting_for", lang, name=names[who])
        el = q("#tr-banner")
        el.textContent = banner
        el.classList.toggle("mine", acting)
        # money and modifiers this turn
        mods = "".join(f"<li>{escape(modifier_text(m, lang))}</li>" for m in view.get("modifiers", []))
        whose = ui("your_money", lang) if viewer == current else escape(ui("their_money", lang, name=names[current]))
        money_html = "" if view["phase"] != "play" else (
            f'<span class="money-label">{whose}</span>'
            f'<span id="tr-money-value" class="money-value">{view.get("money", 0)}</span>'
            + (f'<ul class="mods">{mods}</ul>' if mods else ""))
        self._set("#tr-money", money_html)
        # the pending choice
        box = q("#tr-prompt")
        prompt_html = ""
        if acting and pending:
            opts = trains_ui.prompt_options(view, self.index, lang)
            buttons = []
            for o in opts:
                if o["act"] is None:
                    buttons.append(f'<button type="button" class="opt" disabled title="{escape(o["reason"], quote=True)}">'
                                   f'{escape(o["label"])}<small class="why">{escape(o["reason"])}</small></button>')
                else:
                    buttons.append(f'<button type="button" class="opt" data-act="{o["act"]}" '
                                   f'data-value="{escape(str(o["value"]), quote=True)}">{escape(o["label"])}</button>')
            src = pending.get("source")
            hint = ""
            if pending.get("action") in ("lay_rail", "place_station"):
                hint = f'<p class="hint">{ui("click_space", lang)}</p>'
            revealed = view.get("revealed", [])
            shown = (f'<div class="revealed"><span class="muted">{ui("revealed", lang)}</span><div class="cards tiny">'
                     f'{"".join(trains_ui.card_html(n, lang=lang) for n in revealed)}</div></div>') if revealed else ""
            colon = " : " if lang == "fr" else ": "
            prompt_html = (
                f'<div class="prompt-head">{escape(card_name(src, lang)) + colon if src else ""}'
                f'{escape(trains_ui.pending_prompt(view, lang))}</div>'
                f'{shown}{hint}<div class="opts" data-kind="{escape(pending.get("kind", ""))}">{"".join(buttons)}</div>')
        self._set("#tr-prompt", prompt_html)
        if prompt_html:
            box.removeAttribute("hidden")
        else:
            box.setAttribute("hidden", "")
        end = q("#tr-end")
        end.disabled = "end" not in self.index
        end.title = "" if "end" in self.index else (trains_ui.turn_block(view, viewer, lang) or "")
        pas = q("#tr-pass")
        pas.disabled = "pass" not in self.index
        q("#tr-undo").disabled = not self.app.can_undo()

    def _render_cards(self, state: Any, view: dict[str, Any]) -> None:
        viewer = self.session.viewer
        lang = self.lang
        # hand
        if viewer is None:
            hand_html = f'<p class="muted">{ui("hidden_hand", lang)}</p>'
            q("#tr-hand-title").textContent = ui("your_hand", lang)  # not the last player's count
        else:
            parts = []
            choose = trains_ui.hand_choices(view, self.index)
            for e in trains_ui.hand_entries(state, view, viewer, self.index, lang):
                if e["name"] in choose:  # the pending choice names this card: click it to choose
                    parts.append(f'<div class="hand-slot choosable" data-cid="{e["id"]}">'
                                 + trains_ui.card_html(e["name"], "", f' data-act="{choose[e["name"]]}"', lang=lang)
                                 + '<div class="slot-buttons"><button type="button" class="choose" '
                                 f'data-act="{choose[e["name"]]}">{ui("choose", lang)}</button></div></div>')
                    continue
                buttons = []
                if e["play"] is not None:
                    buttons.append(f'<button type="button" class="play" data-act="{e["play"]}">{ui("play", lang)}</button>')
                if e["decline"] is not None:
                    buttons.append(f'<button type="button" class="decline" data-act="{e["decline"]}" '
                                   f'title="{ui("money_only_tip", lang)}">{ui("money_only", lang)}</button>')
                cls = "playable" if e["play"] is not None else ("half" if e["decline"] is not None else "unplayable")
                act = f' data-act="{e["play"]}"' if e["play"] is not None else ""
                why = f'<small class="why">{escape(e["reason"])}</small>' if e["reason"] and not e["general"] else ""
                parts.append(
                    f'<div class="hand-slot {cls}" data-cid="{e["id"]}">'
                    + trains_ui.card_html(e["name"], "", act + (f' title="{escape(e["reason"], quote=True)}"' if e["reason"] else ""),
                                          lang=lang)
                    + f'<div class="slot-buttons">{"".join(buttons)}</div>{why}</div>')
            waste = sum(1 for h in view.get("hand", []) if h["name"] == "Waste")
            n = len(view.get("hand", []))
            q("#tr-hand-title").textContent = (ui("hand_count_waste", lang, n=n, w=waste) if waste
                                               else ui("hand_count", lang, n=n))
            hand_html = "".join(parts) or f'<p class="muted">{ui("no_cards", lang)}</p>'
        self._set("#tr-hand", hand_html)
        # on a phone the hand is a row that scrolls sideways: with no button in it (the starting rail,
        # another's turn) the row itself takes the focus, so a keyboard can scroll it (issue 34, axe)
        hand = q("#tr-hand")
        if "<button" in hand_html:
            hand.removeAttribute("tabindex")
        else:
            hand.setAttribute("tabindex", "0")
        # play area and gained cards of the player whose turn it is
        current = view["current"]
        cur = view["players"][current]
        mine = current == viewer
        q("#tr-play-title").textContent = ui("your_play_area", lang) if mine else ui("their_play_area", lang, name=cur["name"])
        q("#tr-gained-title").textContent = ui("your_gained", lang) if mine else ui("their_gained", lang, name=cur["name"])
        self._set("#tr-play", "".join(trains_ui.card_html(n, lang=lang) for n in cur["play"])
                  or f'<p class="muted">{ui("nothing_played", lang)}</p>')
        self._set("#tr-gained", "".join(trains_ui.card_html(n, lang=lang) for n in cur["gained"])
                  or f'<p class="muted">{ui("none", lang)}</p>')
        # supply
        parts = []
        for e in trains_ui.supply_entries(view, viewer, self.index, lang):
            cls = "affordable" if e["affordable"] else ("empty" if e["count"] == 0 else "")
            buttons = ""
            if e["buy"] is not None:
                buttons += f'<button type="button" class="buy" data-act="{e["buy"]}">{ui("buy", lang, cost=e["cost"])}</button>'
            if e["to_deck"] is not None:
                buttons += (f'<button type="button" class="buy-deck" data-act="{e["to_deck"]}" '
                            f'title="{ui("to_deck_tip", lang)}">{ui("to_deck", lang)}</button>')
            why = (f'<small class="why">{escape(e["reason"])}</small>'
                   if e["reason"] and e["name"] != "Waste" and not e["general"] else "")
            act = f' data-act="{e["buy"]}"' if e["buy"] is not None else ""
            title = f' title="{escape(e["reason"], quote=True)}"' if e["reason"] else ""
            parts.append(f'<div class="pile {cls}" data-pile="{escape(e["name"], quote=True)}">'
                         + trains_ui.card_html(e["name"], "", act + title, count=e["count"], lang=lang)
                         + f'<div class="slot-buttons">{buttons}</div>{why}</div>')
        self._set("#tr-supply", "".join(parts))
        # own deck and discard pile
        if viewer is not None:
            me = view["players"][viewer]
            discard = view.get("discard", [])
            label = ui("hide_discard" if self.show_discard else "show_discard", lang)
            deck_line = ui("your_deck", lang, deck=f'<b id="tr-deck-n">{me["deck_size"]}</b>',
                           discard=f'<b id="tr-discard-n">{me["discard_size"]}</b>')
            parts_line = ui("points_parts", lang, cards=view.get("card_vp", 0), rails=me["board_points"],
                            track=me["vp_track"])
            self._set("#tr-mine", (
                f'<p>{deck_line} <button type="button" class="small" data-cmd="discard" '
                f'{"disabled" if not discard else ""}>{label}</button></p>'
                f'<p>{ui("your_points", lang, points="<b>" + str(trains_ui.points_now(view, viewer)) + "</b>")} '
                f'<small class="muted">{parts_line}</small></p>'
                f'<p class="explain muted small">{escape(explain.say("tr_rails_vp", lang))}</p>'))
            self._set("#tr-discard", "".join(trains_ui.card_html(n, lang=lang) for n in discard))
            disc = q("#tr-discard")
            if self.show_discard and discard:
                disc.removeAttribute("hidden")
            else:
                disc.setAttribute("hidden", "")
        else:
            self._set("#tr-mine", "")
            q("#tr-discard").setAttribute("hidden", "")

    def _render_players(self, view: dict[str, Any]) -> None:
        session = self.session
        lang = self.lang
        rows = []
        over = view["phase"] == "over"
        for seat, p in enumerate(view["players"]):
            active = seat == view["current"] and not over
            kind = escape(seat_kind(session, seat))
            you = f' ({ui("you", lang)})' if seat == session.viewer else ""
            vp = trains_ui.points_now(view, seat)
            top = escape(ui("discard_top", lang, card=card_name(p["discard_top"], lang))) if p.get("discard_top") else ""
            rows.append(
                f'<div class="player-row{" active" if active else ""}" data-seat="{seat}">'
                f'<span class="turn-mark">{"▶" if active else ""}</span>'
                f'{swatch_html(seat, _colour(seat))}'
                f'<span class="pname">{escape(p["name"])}</span><span class="kind">{kind}{you}</span>'
                f'<span class="pscore" title="{ui("vp_tip", lang)}">{ui("vp_n", lang, n=vp)}</span>'
                f'<span class="pstats">{ui("player_stats", lang, rails=p["rails_left"], hand=p["hand_size"], deck=p["deck_size"], discard=p["discard_size"])}'
                f'{top}</span></div>'
            )
        rows.append(f'<p class="muted small">{ui("stations_left", lang, n=view["station_tokens"], turn=view["turn"])}</p>')
        self._set("#tr-players", "".join(rows))

    # ---- input ------------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        cmd = closest_data(event, "cmd")
        if cmd == "end":
            self._play_key("end")
            return
        if cmd == "pass":
            self._play_key("pass")
            return
        if cmd == "undo":
            self.app.undo()
            return
        if cmd == "discard":
            self.show_discard = not self.show_discard
            self._html.pop("#tr-mine", None)
            self.render()
            return
        if cmd == "tab":
            name = closest_data(event, "show")
            if name in PANELS:
                self._show_panel(str(name))
            return
        if cmd == "close-reader":
            self._hide_reader()
            return
        act = closest_data(event, "act")
        if act is not None:
            if event.disabled:  # inside a disabled button
                return
            i = int(act)
            if 0 <= i < len(self.legal):
                self.app.play(self.legal[i])
            return
        hx = closest_data(event, "hex")
        if hx is not None:
            self._play_key(f"hex:{hx}")

    def _play_key(self, key: str) -> None:
        i = self.index.get(key)
        if i is None:
            return
        self.app.play(self.legal[i])

    def on_hover(self, event: Any) -> None:
        name = closest_data(event, "card")
        if name is None:
            if self.reading is not None and closest_data(event, "reader") is None:
                self._hide_reader()
            return
        if closest_data(event, "reader") is not None:
            return
        self._show_reader(name)

    def on_long_press(self, event: Any) -> None:
        name = closest_data(event, "card")
        if name is None:
            return
        event.preventDefault()
        self._show_reader(name, pinned=True)

    def _show_reader(self, name: str, pinned: bool = False) -> None:
        if name == self.reading and not pinned:
            return
        self.reading = name
        box = q("#tr-reader")
        lang = i18n.language()
        close = (f'<button type="button" class="small" data-cmd="close-reader" data-reader-close="1">'
                 f'{ui("close", lang)}</button>' if pinned else "")
        box.innerHTML = trains_ui.card_html(name, "big", lang=lang) + trains_rs.reader_note(name) + close
        box.setAttribute("data-reader", "1")
        box.removeAttribute("hidden")

    def _hide_reader(self) -> None:
        self.reading = None
        q("#tr-reader").setAttribute("hidden", "")

    # ---- end of the game -----------------------------------------------------------
    def show_result(self) -> None:
        state = self.session.match.state
        result = state.result() or {}
        view = state.view(None)
        names = [p["name"] for p in view["players"]]
        rows = trains_ui.score_rows(result)
        winners = result.get("winners", [])
        lang = i18n.language()
        routes = bool(view.get("routes"))
        columns = ("cards", "cities", "remote", "track", *(("routes",) if routes else ()), "total", "rails")
        table = ['<table class="score-table"><tr><td></td>'
                 + "".join(f"<th>{ui('col_' + c, lang)}</th>" for c in columns)
                 + "</tr>"]
        for seat, r in enumerate(rows):
            route_cell = f'<td class="route-points" data-seat="{seat}">{r["routes"]}</td>' if routes else ""
            table.append(f'<tr><th>{escape(names[seat])}</th><td>{r["cards"]}</td><td>{r["cities"]}</td>'
                         f'<td>{r["remote"]}</td><td>{r["track"]}</td>{route_cell}'
                         f'<td class="total" data-seat="{seat}">{r["total"]}</td><td>{r["rails"]}</td></tr>')
        table.append("</table>")
        end = result.get("end")
        reason = (render_event(end[0], end[1], lang, names, state.board, prefix="end.") if end
                  else result.get("end_reason", ""))
        self.app.result_modal(
            winners_heading(names, winners)
            + f'<p class="muted">{escape(ui("game_ended", lang, reason=reason))}</p>'
            + trains_svg.score_chart_svg(rows, names, winners, lang)
            + "".join(table)
        )

    def help_html(self) -> str:
        view = self.session.match.state.view(None)
        rs = trains_rs.help_html()
        base = help_html(i18n.language())
        if trains_rs.uses_rising_sun(view):
            return rs + base
        return base + f"<details><summary>Trains: Rising Sun</summary>{rs}</details>"
