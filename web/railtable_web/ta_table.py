"""The TransAmerica table: the SVG board, your city cards, the score track, the log.

Every clickable thing on the board is one of the engine's legal actions,
referred to by its index in ``legal_actions(viewer)``; the table never builds
an action of its own.
"""

from __future__ import annotations

from typing import Any

from railtable.transamerica import board, messages
from railtable.transamerica.board import TRACKS_IN_SUPPLY
from railtable.transamerica.steiner import missing_points

from . import dom, explain, i18n, ta_svg
from .dom import closest_data, is_null, on, q
from .i18n import seat_kind
from .keys import after_attrs, announce, board_attrs
from .markup import escape
from .session import PLAYER_COLOURS
from .ta_text import help_html, ui
from .table_parts import swatch_html, winners_heading


class TransAmericaTable:
    def __init__(self, app: Any, session: Any, root: Any) -> None:
        self.app = app
        self.session = session
        self.root = root
        self.legal: list[dict[str, Any]] = []
        self.rounds_seen = 0

    # ---- building the DOM once ---------------------------------------------------
    def mount(self) -> None:
        lang = i18n.language()
        self.root.innerHTML = (
            f'<div class="ta-table"{after_attrs(("#end-turn", "#turn-banner"))}>'
            f'<h2 class="sr-only">{ui("table_heading", lang)}</h2>'
            '<div class="board-wrap">'
            f'<svg id="ta-board" class="ta-board" viewBox="0 0 {ta_svg.WIDTH:.0f} {ta_svg.HEIGHT:.0f}" '
            f'role="group"{board_attrs()} aria-label="{ui("board_label", lang)}">'
            # the background and the names are drawn in pieces after the rest (issue 34: no long task)
            f'{self._static_in_pieces("ta-static")}'
            f'<g id="ta-dyn"></g><g id="ta-names"></g></svg>{explain.zoom_reset_html(i18n.language())}'
            "</div>"
            '<aside class="side">'
            '<div class="now-bar">'
            '<div id="turn-banner" class="turn-banner" aria-live="polite" tabindex="-1"></div>'
            f'<div class="turn-buttons"><button type="button" id="end-turn" class="primary">{ui("end_turn", lang)}</button>'
            f'<button type="button" id="undo">{ui("undo", lang)}</button></div></div>'
            f'<h3>{ui("your_cities", lang)}</h3><div id="my-cards" class="city-cards"></div>'
            f'<h3>{ui("players", lang)}</h3><div id="players"></div><div id="score-track"></div>'
            '<p id="tracks-left" class="muted"></p>'
            f'<details class="log" open><summary>{ui("log", lang)}</summary><ol id="log" reversed tabindex="0" '
            f'aria-label="{ui("log_label", lang)}"></ol></details>'
            "</aside></div>"
        )
        dom.later("#ta-names", ta_svg.board_labels_svg())
        self.rounds_seen = len(self.session.match.state.view(None)["rounds"])
        on(q("#ta-board"), "click", self.on_board_click)
        on(q("#end-turn"), "click", lambda e: self.end_turn())
        on(q("#undo"), "click", lambda e: self.app.undo())

    @staticmethod
    def _static_in_pieces(prefix: str) -> str:
        """The board's background as empty groups ``#<prefix>-<i>``, each filled after the rest of the
        batch in a task of its own (dom.later, issue 34: no long task of the page)."""
        return f'<g class="ta-static">{dom.later_pieces(prefix, ta_svg.board_static_pieces())}</g>'

    # ---- drawing -------------------------------------------------------------------
    def render(self) -> None:
        session = self.session
        state = session.match.state
        viewer = session.viewer
        view = session.view()
        self.legal = session.legal_actions()
        colour = PLAYER_COLOURS[viewer % len(PLAYER_COLOURS)] if viewer is not None else None
        # each clickable item carries the index of its legal action
        dyn = ta_svg.board_dynamic_svg(view, self.legal, colour, i18n.language())
        dom.draw("#ta-dyn", dyn)  # after the background while it is being drawn
        self._index_hits()
        self._render_side(view)
        rounds = view.get("rounds", [])
        if len(rounds) > self.rounds_seen and not state.is_over():
            self.rounds_seen = len(rounds)
            self.show_round(rounds[-1], view)

    def _index_hits(self) -> None:
        index: dict[str, int] = {}
        for i, action in enumerate(self.legal):
            if action["type"] == "build":
                (x1, y1), (x2, y2) = action["edge"]
                index[f"e{x1},{y1},{x2},{y2}"] = i
                index[f"e{x2},{y2},{x1},{y1}"] = i
            elif action["type"] == "place_marker":
                x, y = action["at"]
                index[f"j{x},{y}"] = i
        self.hit_index = index

    def _render_side(self, view: dict[str, Any]) -> None:
        session = self.session
        state = session.match.state
        names = view["names"]
        viewer = session.viewer
        turn = view.get("turn_player")
        lang = i18n.language()
        # turn banner
        if state.is_over():
            banner = ui("game_over", lang)
        elif viewer is not None and viewer in view.get("to_act", []):
            # the engine words what may still be placed (the 2-singles-or-1-double limit)
            banner = messages.turn_prompt(view, lang)
        else:
            who = names[turn] if turn is not None else "?"
            banner = ui("bot_playing" if session.is_bot(turn) else "waiting_for", lang, name=who)
        banner_el = q("#turn-banner")
        banner_el.textContent = banner
        banner_el.classList.toggle("mine", viewer is not None and viewer in view.get("to_act", []))
        end = q("#end-turn")
        end.disabled = not any(a["type"] == "end_turn" for a in self.legal)
        q("#undo").disabled = not self.app.can_undo()
        # my cards
        cards = []
        for name in view.get("my_cities", []):
            region = ta_svg.CITY_BY_NAME.get(name, {}).get("colour", "")
            cards.append(
                f'<div class="city-card" style="--region:{ta_svg.REGION_FILL.get(region, "#888")}">'
                f'<span class="region">{ui("region_" + region, lang) if region else ""}</span>'
                f'<span class="name">{escape(name)}</span></div>'
            )
        if not cards:
            cards.append(f'<p class="muted">{ui("hidden_cities", lang)}</p>' if len(session.humans) > 1
                         else f'<p class="muted">{ui("none", lang)}</p>')
        if view.get("cities_connected"):
            cards.append(f'<p class="connected">{ui("all_joined", lang)}</p>')
        cards.append(self._explain(view))
        q("#my-cards").innerHTML = "".join(cards)
        # players
        rows = []
        for seat, name in enumerate(names):
            mark = "▶" if seat == turn and not state.is_over() else ""
            kind = escape(seat_kind(session, seat))
            if seat == session.viewer:
                kind += f' ({i18n.t("seat_you")})'
            start = " ★" if seat == view.get("start_player") else ""
            rows.append(
                f'<div class="player-row{" active" if seat == turn else ""}" data-seat="{seat}">'
                f'<span class="turn-mark">{mark}</span>'
                f'{swatch_html(seat, PLAYER_COLOURS[seat % len(PLAYER_COLOURS)])}'
                f'<span class="pname">{escape(name)}</span><span class="kind">{kind}{start}</span>'
                f'<span class="pscore">{view["scores"][seat]}</span></div>'
            )
        q("#players").innerHTML = "".join(rows)
        q("#score-track").innerHTML = ta_svg.score_track_html(view["scores"], names, lang)
        q("#tracks-left").textContent = ui("round_tracks", lang, round=view["round"], left=view["tracks_left"],
                                           total=TRACKS_IN_SUPPLY)
        log = view.get("log", [])
        if len(log) > getattr(self, "log_seen", len(log)):
            announce([messages.render(ev, lang, names) for ev in log[self.log_seen:][-3:]])
        self.log_seen = len(log)
        q("#log").innerHTML = "".join(
            f"<li>{escape(messages.render(ev, lang, names))}</li>" for ev in reversed(log[-80:])
        )

    def _explain(self, view: dict[str, Any]) -> str:
        """What the round's end will cost you now, and the dashed cities (issue 14)."""
        lang = i18n.language()
        parts = []
        mine = view.get("my_cities", [])
        if len(mine) == len(board.COLOURS) and not self.session.match.state.is_over():
            occupied = [board.edge_index(a, b) for a, b, _seat in view.get("tracks", [])]
            lose = missing_points(mine, [e for e in occupied if e is not None])
            parts.append(f'<p class="explain lose-now"><b>{escape(explain.ta_lose_now(lose, lang))}</b></p>')
        parts.append(f'<p class="explain muted">{escape(explain.say("ta_round_end", lang))}</p>')
        dashed = "ta_dashed_in" if view.get("dashed") else "ta_dashed_out"
        parts.append(f'<p class="explain muted">{escape(explain.say(dashed, lang))}</p>')
        return "".join(parts)

    # ---- input --------------------------------------------------------------------
    def on_board_click(self, event: Any) -> None:
        key = None
        edge = closest_data(event, "edge")
        if edge is not None:
            key = "e" + edge
        else:
            at = closest_data(event, "at")
            if at is not None:
                key = "j" + at
        if key is None or key not in self.hit_index:
            return
        self.app.play(self.legal[self.hit_index[key]])

    def end_turn(self) -> None:
        for action in self.legal:
            if action["type"] == "end_turn":
                self.app.play(action)
                return

    # ---- summaries -----------------------------------------------------------------
    def show_round(self, record: dict[str, Any], view: dict[str, Any]) -> None:
        names = view["names"]
        lang = i18n.language()
        ender = record.get("ended_by")
        if record.get("reason") == "tracks":
            head = ui("round_all_tracks", lang, total=TRACKS_IN_SUPPLY)
        else:
            head = ui("round_joined", lang, name=escape(names[ender])) if ender is not None else ui("round_ends", lang)
        self.app.modal(
            f'<h2>{ui("round_over", lang, round=record["round"])}</h2><p>{head}</p>'
            + self._round_board(record, names, self.session.viewer)
            + ta_svg.round_summary_svg(record, names, lang)
        )
        self._bind_picker()

    def _round_board(self, record: dict[str, Any], names: list[str], viewer: int | None) -> str:
        """The board as the round ended, and a button per player that shows his cities and the
        missing lines the scoring counted (the engine's tree, drawn as it is)."""
        self._round_shown = (record, names)
        if "tracks" not in record:  # a round recorded before the board was kept
            return ""
        lang = i18n.language()
        missing = record["missing"]
        losers = [p for p in range(len(names)) if missing[p]]
        selected = viewer if viewer is not None else (max(losers, key=lambda p: missing[p]) if losers else 0)
        buttons = []
        for seat, name in enumerate(names):
            colour = ta_svg.PLAYER_COLOURS[seat % len(ta_svg.PLAYER_COLOURS)]
            loss = f"−{missing[seat]}" if missing[seat] else ui("joined", lang) if seat in record.get("connected", []) else "0"
            chips = "".join(
                f'<i style="background:{ta_svg.REGION_FILL.get(ta_svg.CITY_BY_NAME[c]["colour"], "#888")}" title="{escape(c)}"></i>'
                for c in record.get("cities", {}).get(str(seat), [])
            )
            pressed = "true" if seat == selected else "false"
            buttons.append(
                f'<button type="button" class="rs-pick" data-rs-seat="{seat}" aria-pressed="{pressed}" '
                f'style="--seat:{colour}"><span class="swatch" style="background:{colour}"></span>'
                f'<span class="pname">{escape(name)}</span><span class="rs-loss{"" if missing[seat] else " none"}">{loss}</span>'
                f'<span class="rs-regions">{chips}</span></button>'
            )
        return (
            f'<div class="rs-wrap"><p class="muted rs-hint">{ui("rs_hint", lang)}</p>'
            f'<div class="rs-picker" role="group" aria-label="{ui("show_player", lang)}">{"".join(buttons)}</div>'
            + ta_svg.round_board_svg(record, names, selected, lang, later=dom.later_one)
            + self._cities_legend(record, names, selected)
            + "</div>"
        )

    def _cities_legend(self, record: dict[str, Any], names: list[str], selected: int) -> str:
        out = ['<div class="rs-cities">']
        for seat, name in enumerate(names):
            chips = "".join(
                f'<span class="chip" style="--region:{ta_svg.REGION_FILL.get(ta_svg.CITY_BY_NAME[c]["colour"], "#888")}">'
                f"{escape(c)}</span>"
                for c in record.get("cities", {}).get(str(seat), [])
            )
            shown = "" if seat == selected else " hidden"
            out.append(f'<p class="rs-city-list" data-rs-seat="{seat}"{shown}><b>{escape(name)}:</b> {chips}</p>')
        out.append("</div>")
        return "".join(out)

    def _bind_picker(self) -> None:
        picker = q("#modal .rs-picker")
        if not is_null(picker):
            on(picker, "click", self._on_pick)

    def _on_pick(self, event: Any) -> None:
        """A player's button in the round window: the board, cities and missing lines drawn again for
        that player (the worker cannot read the page, so the block is redrawn, not edited)."""
        seat = closest_data(event, "rs-seat")
        shown = getattr(self, "_round_shown", None)
        if seat is None or shown is None or not seat.isdigit():
            return
        record, names = shown
        q("#modal .rs-wrap").outerHTML = self._round_board(record, names, int(seat))
        self._bind_picker()

    def show_result(self) -> None:
        state = self.session.match.state
        result = state.result() or {}
        view = state.view(None)
        names = view["names"]
        rounds = view.get("rounds", [])
        lang = i18n.language()
        last = (self._round_board(rounds[-1], names, self.session.viewer)
                + ta_svg.round_summary_svg(rounds[-1], names, lang)) if rounds else ""
        history = [f'<table class="history"><tr><th>{ui("round", lang)}</th>' + "".join(f"<th>{escape(n)}</th>" for n in names) + "</tr>"]
        for r in rounds:
            history.append(f'<tr><td>{r["round"]}</td>' + "".join(
                f"<td>{s}{' (−' + str(m) + ')' if m else ''}</td>" for s, m in zip(r["scores"], r["missing"], strict=False)
            ) + "</tr>")
        history.append("</table>")
        self.app.result_modal(
            winners_heading(names, result.get("winners", []))
            + f'<p class="muted">{ui("score_note", lang)}</p>'
            + (f'<h3>{ui("last_round", lang)}</h3>{last}' if last else "")
            + ta_svg.score_track_html(result.get("scores", view["scores"]), names, lang)
            + "".join(history)
        )
        if rounds:
            self._bind_picker()

    def help_html(self) -> str:
        return help_html(i18n.language())
