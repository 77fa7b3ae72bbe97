"""Remote play on the page: the host's invites panel, a friend's join screen, and their table.

Imported only when a game has a remote seat or the page was opened from an invite (issue 30: nothing
of remote play loads before). The logic lives in ``remote_host`` and ``remote_guest`` (tested on
CPython); this module draws their state into ``#remote`` and passes clicks and the page's WebRTC
events (``rtc``) to them. Every text a player typed (names) is escaped: shown as text, never HTML.

Host: "Friends playing from afar" lists each remote seat with what to do next (send this link;
paste the reply code; connected; left: wait, or let a bot play), the reply-code box, and the
setting for a public STUN server (off until chosen, remembered). Friend: who invites them to what
game and seat, Join, then their reply code to send back, then the table (``GuestSession``).
"""

from __future__ import annotations

import time
from typing import Any

from . import dom, i18n, qr, remote_codes, remote_lobby, remote_wire, rtc
from .dom import closest_data, on, q, show
from .markup import escape
from .remote_guest import Guest
from .remote_host import Host
from .remote_seat import GuestMatch
from .remote_text import say

__all__ = ["say", "open_invite", "host_opened", "after_redraw", "table_closed", "send_move", "send_undo"]
from .session import PLAYER_COLOURS, Session

HOST: Host | None = None
GUEST: Guest | None = None
STUN_KEY = "remote_stun"
"""The players' choice of a public STUN server (a setting, remembered; off until chosen)."""
HOST_LIMITS = {"max_in": remote_wire.MAX_FROM_GUEST, "per_second": 50}
"""What the host's page reads from a friend (``web/remote.js`` drops the rest before Python sees it)."""
GUEST_LIMITS = {"max_in": remote_wire.MAX_FROM_HOST, "per_second": 200}


class PageTransport:
    """``rtc`` with the protocol's bounds on what each side reads."""

    def __init__(self, limits: dict[str, int]) -> None:
        self.limits_in = limits

    def offer(self, peer: str, stun: bool) -> None:
        rtc.limits(peer, **self.limits_in)
        rtc.offer(peer, stun)

    def answer(self, peer: str, offer_sdp: str, stun: bool) -> None:
        rtc.limits(peer, **self.limits_in)
        rtc.answer(peer, offer_sdp, stun)

    def accept(self, peer: str, answer_sdp: str) -> None:
        rtc.accept(peer, answer_sdp)

    def send(self, peer: str, text: str) -> None:
        rtc.send(peer, text)

    def close(self, peer: str) -> None:
        rtc.close(peer)


def _on_rtc(event: str, peer: str, data: Any) -> None:
    if HOST is not None:
        HOST.on_event(event, peer, data)
    if GUEST is not None:
        GUEST.on_event(event, peer, data)


_listening = False


def _listen() -> None:
    global _listening
    dom.add_stylesheet("web/remote.css")  # once: the page keeps a stylesheet it was given
    if not _listening:
        rtc.listen(_on_rtc)
        _listening = True


def stun_on(app: Any) -> bool:
    return bool(app.store.settings().get(STUN_KEY, False))


# ---- the host ---------------------------------------------------------------------------
class AppGame:
    """The open game as ``remote_host`` sees it (``HostGame``)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    @property
    def session(self) -> Any:
        return self.app.session

    def remote_move(self, seat: int, action: dict[str, Any]) -> None:
        self.app.play_for(seat, action)

    def remote_undo(self, seat: int) -> None:
        self.app.undo_for(seat)

    def public_moves(self) -> int:
        from . import saves_ui

        return saves_ui.public_moves(self.app.session)

    def remote_changed(self) -> None:
        self.app.refresh()


def host_opened(app: Any) -> None:
    """A table opened: if it has remote seats, this page hosts them (new invites: a resumed game's
    friends get new codes)."""
    global HOST
    if is_guest_table(app):  # a friend's table: the other seats are hosted elsewhere, never here
        return
    stop_hosting()
    session = app.session
    if session is None or not session.remote or session.match.state.is_over():
        show(q("#remote"), False)
        return
    _listen()
    here = session.humans
    name = str(session.match.state.names[here[0]]) if here else say("host", i18n.language())
    HOST = Host(AppGame(app), PageTransport(HOST_LIMITS), dom.URL.get("href", ""), name,
                stun=stun_on(app), on_change=lambda: render_host(app))
    q("#remote").innerHTML = ""
    show(q("#remote"), True)
    render_host(app)


def stop_hosting() -> None:
    global HOST
    if HOST is not None:
        HOST.pause()
        HOST = None
    show(q("#remote"), False)


def after_redraw(app: Any) -> None:
    """Every redraw of the host's table: the friends' packets follow."""
    if HOST is not None and app.session is not None:
        HOST.send_packets()


STATUS_KEYS = {
    "inviting": "st_inviting", "invited": "st_invited", "connecting": "st_connecting",
    "playing": "st_playing", "left": "st_left", "failed": "st_failed",
}


def render_host(app: Any) -> None:
    if HOST is None or app.session is None:
        return
    lang = i18n.language()
    session = app.session
    names = session.names
    rows = []
    waiting = 0
    for seat, rs in sorted(HOST.seats.items()):
        name = escape(names[seat])  # typed by a player: text, never markup
        colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
        status = rs.status
        text = say(STATUS_KEYS[status], lang, name=name)
        bot = session.stand_ins.get(seat)
        if bot is not None:
            text += " " + say("bot_stands_in", lang, name=name, bot=escape(i18n.bot_name(bot)))
        parts = [f'<p class="remote-status" data-status="{status}"><span class="swatch" style="background:{colour}"></span>'
                 f'<span>{text}</span></p>']
        if status != "playing":
            waiting += 1
            if rs.link:
                parts.append(
                    f'<p class="remote-link"><input id="remote-link-{seat}" readonly value="{escape(rs.link)}" '
                    f'aria-label="{escape(say("link_label", lang, name=session.match.state.names[seat]))}">'
                    f'<button type="button" data-remote-copy="{seat}">{say("copy", lang)}</button>'
                    f'<button type="button" data-remote-qr="{seat}">{say("show_qr", lang)}</button></p>')
            levels = [b for b in ("easy", "normal", "hard") if b in session.match.info.bots]
            if status in ("left", "failed", "invited") and bot is None:
                options = "".join(f'<option value="{b}">{escape(i18n.bot_name(b))}</option>' for b in levels)
                parts.append(f'<p class="remote-standin"><select id="remote-bot-{seat}" aria-label="'
                             f'{escape(say("bot_level_label", lang))}">{options}</select>'
                             f'<button type="button" data-remote-bot="{seat}">{say("let_bot_play", lang)}</button></p>')
            elif bot is not None:
                parts.append(f'<p class="remote-standin"><button type="button" data-remote-wait="{seat}">'
                             f'{say("stop_bot", lang, name=name)}</button></p>')
        rows.append(f'<li class="remote-seat">{"".join(parts)}</li>')
    reply = (
        f'<div class="remote-reply"><label for="remote-reply">{say("paste_reply", lang)}</label>'
        f'<textarea id="remote-reply" rows="2" spellcheck="false" autocomplete="off"></textarea>'
        f'<button type="button" id="remote-connect" class="primary">{say("connect", lang)}</button></div>'
        if waiting else ""
    )
    checked = " checked" if HOST.stun else ""
    html = (
        f'<details class="remote-box" id="remote-details"{" open" if waiting else ""}>'
        f'<summary><h2 id="remote-title">{say("friends_heading", lang)}</h2>'
        f'<span class="remote-summary">{say("n_connected", lang, n=len(HOST.seats) - waiting, of=len(HOST.seats))}</span></summary>'
        f'<ol class="remote-seats">{"".join(rows)}</ol>{reply}'
        f'<p class="remote-stun"><label><input type="checkbox" id="remote-stun"{checked}> {say("stun_label", lang)}</label></p>'
        f'<p class="muted">{say("stun_help", lang)}</p></details>'
    )
    box = q("#remote")
    had_reply = str(dom.form_value("remote-reply", "")) if waiting else ""
    box.innerHTML = html
    if had_reply:
        q("#remote-reply").value = had_reply
    _bind_once(app)


_bound: set[int] = set()


def _bind_once(app: Any) -> None:
    """The #remote section's listeners (it stays in the page: bound once per app)."""
    if id(app) in _bound:
        return
    _bound.add(id(app))
    box = q("#remote")
    on(box, "click", lambda e: on_click(app, e))
    on(box, "change", lambda e: on_change(app, e))


def on_change(app: Any, event: Any) -> None:
    if event.target_id == "remote-stun":
        stun = bool(dom.form_value("remote-stun", False))
        app.store.set_setting(STUN_KEY, stun)
        if HOST is not None:
            HOST.set_stun(stun)
        if GUEST is not None:
            GUEST.stun = stun


def on_click(app: Any, event: Any) -> None:
    lang = i18n.language()
    if HOST is not None:
        seat = closest_data(event, "remote-copy")
        if seat is not None and seat.isdigit() and int(seat) in HOST.seats:
            dom.copy_text(HOST.seats[int(seat)].link or "")
            app.flash(say("copied", lang))
            return
        seat = closest_data(event, "remote-qr")
        if seat is not None and seat.isdigit() and int(seat) in HOST.seats:
            link = HOST.seats[int(seat)].link or ""
            name = escape(app.session.names[int(seat)])
            app.modal(f'<h2>{say("qr_heading", lang, name=name)}</h2><div class="qr">'
                      f'{qr.svg(link, "L", say("qr_label", lang))}</div><p class="muted">{say("qr_help", lang)}</p>')
            return
        seat = closest_data(event, "remote-bot")
        if seat is not None and seat.isdigit() and int(seat) in HOST.seats:
            level = str(dom.form_value(f"remote-bot-{seat}", "easy"))
            if level in app.session.match.info.bots:
                HOST.stand_in(int(seat), level)
            return
        seat = closest_data(event, "remote-wait")
        if seat is not None and seat.isdigit():
            HOST.stand_in(int(seat), None)
            return
        if event.target_id == "remote-connect":
            text = str(dom.form_value("remote-reply", ""))
            try:
                seat_no = HOST.accept_reply(text)
            except remote_codes.CodeError as exc:
                app.flash(_code_problem(exc, lang))
                return
            q("#remote-reply").value = ""
            dom.FORM["remote-reply"] = ""
            app.flash(say("connecting_to", lang, name=app.session.names[seat_no]))
            return
    if GUEST is not None:
        if closest_data(event, "remote-join") is not None:
            GUEST.stun = bool(dom.form_value("remote-stun", GUEST.stun))
            GUEST.join()
        elif closest_data(event, "remote-copy-reply") is not None and GUEST.reply:
            dom.copy_text(GUEST.reply)
            app.flash(say("copied", lang))
        elif closest_data(event, "remote-qr-reply") is not None and GUEST.reply:
            app.modal(f'<h2>{say("reply_qr_heading", lang, host=escape(GUEST.host))}</h2><div class="qr">'
                      f'{qr.svg(reply_link(GUEST.reply), "L", say("qr_label", lang))}</div>'
                      f'<p class="muted">{say("reply_qr_help", lang, host=escape(GUEST.host))}</p>')
        elif closest_data(event, "remote-leave") is not None:
            leave_guest(app)


def reply_arrived(app: Any, raw: str) -> None:
    """A reply code scanned by this browser in another tab (``remote_lobby.hand_over_reply``)."""
    import json

    if HOST is None:
        return
    lang = i18n.language()
    try:
        code = str(json.loads(raw)["code"])
    except (ValueError, KeyError, TypeError):
        return
    try:
        seat = HOST.accept_reply(code)
    except remote_codes.CodeError as exc:
        app.flash(_code_problem(exc, lang))
        return
    app.flash(say("connecting_to", lang, name=app.session.names[seat]))


def reply_link(reply: str) -> str:
    """The reply code as a link (for its QR code: a phone's camera opens it, and the host's tab in
    that browser connects by itself)."""
    return f'{dom.URL.get("href", "").split("#", 1)[0]}#{remote_codes.REPLY_KEY}={reply}'


def _code_problem(exc: Exception, lang: str) -> str:
    reason = getattr(exc.__cause__, "reason", None) or getattr(exc, "reason", None)
    if reason:
        return i18n.t(f"code_{reason}")
    return say("bad_code", lang, why=str(exc))


def table_closed(app: Any) -> None:
    """Back to the lobby: a host's friends are paused (they come back with new codes when the game
    is resumed); a friend leaves the host's table (the lobby keeps the way back)."""
    stop_hosting()
    if GUEST is not None and is_guest_table(app):
        leave_guest(app, close=False)


def language_changed(app: Any, lang: str) -> None:
    if GUEST is not None:
        GUEST.set_language(lang)
        render_guest(app)
    if HOST is not None:
        render_host(app)


def is_guest_table(app: Any) -> bool:
    return bool(getattr(app.session, "remote_guest", False))


# ---- a friend ---------------------------------------------------------------------------
class GuestSession(Session):
    """A friend's table: their seat only, no bots here, no device to pass."""

    remote_guest = True

    def __init__(self, match: GuestMatch, slot: str) -> None:
        super().__init__(match, slot)  # type: ignore[arg-type]
        self.viewer = match.seat

    def bot_to_act(self) -> int | None:
        return None

    def needs_privacy_screen(self) -> bool:
        return False

    def wanted_viewer(self) -> int | None:
        return self.match.seat

    def title(self) -> str:
        return super().title() + " · " + say("hosted_by", i18n.language(), host=GUEST.host if GUEST else "")


def open_invite(app: Any, text: str) -> bool:
    """The page was opened from an invite (``#join=``): the join screen. False if it is none."""
    global GUEST
    lang = i18n.language()
    try:
        invite = remote_codes.read_invite(text)
        guest = Guest(invite, PageTransport(GUEST_LIMITS), lang, stun=stun_on(app),
                      on_change=lambda: guest_changed(app))
    except remote_codes.CodeError as exc:
        app.flash(_code_problem(exc, lang))
        return False
    stop_hosting()
    if GUEST is not None:
        GUEST.leave()
    _listen()
    GUEST = guest
    _remember(app, invite, text)
    show(q("#remote"), True)
    render_guest(app)
    return True


SENT: dict[str, float] = {}
"""When this page's move left (``now_ms``): its answer's redraw is the click-to-redrawn time."""


ANSWER_WAIT_S = 8.0
"""A move with no answer from the host within this time: the page says so and takes moves again."""


def send_move(app: Any, action: dict[str, Any], started: float) -> None:
    if GUEST is None or GUEST.waiting or GUEST.match is None:
        return
    SENT["at"] = started
    GUEST.match.apply(action)
    _await_answer(app, started)


def send_undo(app: Any, started: float) -> None:
    if GUEST is None or GUEST.waiting or GUEST.match is None:
        return
    SENT["at"] = started
    GUEST.match.undo(GUEST.invite.seat)
    _await_answer(app, started)


def _await_answer(app: Any, started: float) -> None:
    import asyncio

    async def check() -> None:
        await asyncio.sleep(ANSWER_WAIT_S)
        if GUEST is not None and GUEST.waiting and SENT.get("at") == started:
            GUEST.waiting = False
            SENT.pop("at", None)
            app.flash(say("no_answer", i18n.language(), host=GUEST.host))

    asyncio.ensure_future(check())


def guest_changed(app: Any) -> None:
    guest = GUEST
    if guest is None:
        return
    if not guest.waiting and "at" in SENT:  # the answer to this page's move came back
        started = SENT.pop("at")
        if guest.status == "playing" and app.session is not None:
            app.redraw()
            app._clicked(started)
            render_guest(app)
            if guest.problem:
                app.flash(guest.problem)
                guest.problem = None
            return
    if guest.problem:
        app.flash(guest.problem)
        guest.problem = None
    if guest.standby and guest.standby != REMEMBERED.get("link"):  # once per new standby, not per packet
        _remember(app, guest.invite, guest.standby)
    if guest.status == "playing" and guest.match is not None:
        session = app.session
        if session is None or getattr(session, "match", None) is not guest.match:
            app.open(GuestSession(guest.match, f"remote-{guest.invite.token.hex()[:8]}"))
        else:
            app.redraw()
    elif guest.status in ("left", "paused", "failed", "refused") and app.session is not None:
        app.redraw()
    render_guest(app)


def render_guest(app: Any) -> None:
    guest = GUEST
    if guest is None:
        return
    lang = i18n.language()
    invite = guest.invite
    game = escape(remote_lobby.game_title(invite.game_id))
    host, seat = escape(guest.host), escape(invite.seat_name)
    status = guest.status
    body = ""
    if status == "ready":
        checked = " checked" if guest.stun else ""
        body = (f'<p class="remote-invite">{say("invited", lang, host=host, game=game, seat=seat)}</p>'
                f'<p><button type="button" class="primary big" data-remote-join="1">{say("join", lang)}</button></p>'
                f'<p class="remote-stun"><label><input type="checkbox" id="remote-stun"{checked}> {say("stun_label", lang)}</label></p>'
                f'<p class="muted">{say("stun_help", lang)}</p>')
    elif status == "answering":
        body = f'<p role="status">{say("making_reply", lang)}</p>'
    elif status == "replied" and guest.reply:
        lead = say("rejoin_reply" if guest.rejoining else "send_reply", lang, host=host)
        body = (f'<p>{lead}</p><p class="remote-link"><input id="remote-reply-code" readonly value="{escape(guest.reply)}" '
                f'aria-label="{escape(say("reply_label", lang))}">'
                f'<button type="button" class="primary" data-remote-copy-reply="1">{say("copy", lang)}</button>'
                f'<button type="button" data-remote-qr-reply="1">{say("show_qr", lang)}</button></p>'
                f'<p role="status" class="muted">{say("awaiting_host", lang, host=host)}</p>')
    elif status == "waiting":
        body = f'<p role="status">{say("connected_waiting", lang, host=host)}</p>'
    elif status == "playing":
        others = []
        for seat, info in sorted(guest.connected.items()):
            if seat == invite.seat or not 0 <= seat < len(guest.names):
                continue
            name = escape(guest.names[seat])
            bot = info.get("bot")
            if info.get("on"):
                others.append(say("friend_here", lang, name=name))
            elif isinstance(bot, str) and bot in ("easy", "normal", "hard"):
                others.append(say("friend_bot", lang, name=name, bot=escape(i18n.bot_name(bot))))
            else:
                others.append(say("friend_away", lang, name=name))
        who = f' <span class="remote-others">· {" · ".join(others)}</span>' if others else ""
        body = f'<p role="status" class="remote-summary">{say("playing_on", lang, host=host)}{who}</p>'
    elif status in ("left", "paused", "failed", "refused"):
        body = f'<p role="alert">{say("guest_" + status, lang, host=host)}</p>'
    leave = f'<button type="button" data-remote-leave="1">{say("leave", lang)}</button>'
    if status == "playing":  # one line above the table
        q("#remote").innerHTML = (f'<div class="remote-box remote-guest compact" data-status="{status}">'
                                  f'<h2 id="remote-title" class="sr-only">{say("join_heading", lang, game=game)}</h2>'
                                  f'{body}{leave}</div>')
    else:
        q("#remote").innerHTML = (f'<div class="remote-box remote-guest" data-status="{status}">'
                                  f'<h2 id="remote-title">{say("join_heading", lang, game=game)}</h2>{body}'
                                  f'<p class="remote-leave">{leave}</p></div>')
    _bind_once(app)


def leave_guest(app: Any, close: bool = True) -> None:
    global GUEST
    if GUEST is not None:
        GUEST.leave()
        GUEST = None
    show(q("#remote"), False)
    if close and is_guest_table(app):
        app.close_table()


REMEMBERED: dict[str, str] = {}
"""The link this page last wrote into its lobby's list (``_remember``)."""


def _remember(app: Any, invite: remote_codes.Invite, link: str) -> None:
    """Keep what this page needs to come back (the newest invite it holds), never a game's state."""
    import json

    REMEMBERED["link"] = link
    games = remote_lobby.remembered(app)
    key = invite.token.hex()[:16]
    entry = {**remote_codes.describe(invite), "key": key, "link": link, "at": int(time.time())}
    games = [g for g in games if g.get("key") != key][: remote_lobby.KEEP_GAMES - 1]
    app.store.storage.setItem(remote_lobby.GAMES_KEY, json.dumps([entry, *games]))
