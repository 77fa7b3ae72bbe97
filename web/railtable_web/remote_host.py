"""The host's side of remote play: invites, channels bound to seats, friends' moves, their packets.

The host's page is the only engine of a remote game (docs/architecture.md "Remote play"). For each
remote seat it makes an invite (a WebRTC offer and a secret token, ``remote_codes``), accepts the
friend's reply code, and binds the channel that opens to that seat only once the friend's first
message (``hello``) shows the token. From then on:

- a message from a channel is read with the protocol's bounds (``remote_wire.read``); only
  ``act``/``undo`` for the seat bound to that channel are played, through the engine
  (``IllegalActionError`` refuses, nothing changes), and a refusal is told to that friend alone,
  in their language, at most once a second (a flood is not answered by a flood);
- after every move, each bound friend is sent its seat's packet (``remote_seat.packet``) when it
  differs from the last one sent;
- a friend who leaves keeps the seat: a new invite for it is made at once (a WebRTC offer answers
  once), and the host may hand the seat to a bot meanwhile; the friend's return takes it back.

No DOM here: :class:`Host` talks to the page through a transport (``rtc`` in the browser) and to
the game through a :class:`HostGame`, so it runs on CPython in the tests.
"""

from __future__ import annotations

import hmac
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from railtable.core.errors import IllegalActionError, UndoError
from railtable.core.savefile import REMOTE_SEAT

from . import remote_codes, remote_seat, remote_wire
from .refusals import refusal

LANGS = ("en", "fr")
REFUSALS_PER_SECOND = 5
"""A friend hears at most this many refusals a second: each of a person's moves gets its answer, and
a flood of bad messages gets few (a token bucket, ``RemoteSeat.allowance``)."""
KEEP_LEGAL = 8
"""How many recent packets' legal actions are remembered per seat (a move made from an older packet
is refused as stale unless the seat's choices have not changed since)."""


class Transport(Protocol):
    """The page's WebRTC (``rtc``), or a test's loopback."""

    def offer(self, peer: str, stun: bool) -> None: ...
    def answer(self, peer: str, offer_sdp: str, stun: bool) -> None: ...
    def accept(self, peer: str, answer_sdp: str) -> None: ...
    def send(self, peer: str, text: str) -> None: ...
    def close(self, peer: str) -> None: ...


class HostGame(Protocol):
    """What the host needs of the game it serves (``remote_ui`` gives the app's; tests their own)."""

    session: Any

    def remote_move(self, seat: int, action: dict[str, Any]) -> None: ...
    def remote_undo(self, seat: int) -> None: ...
    def public_moves(self) -> int: ...
    def remote_changed(self) -> None: ...


@dataclass
class RemoteSeat:
    """One remote seat and its current (or awaited) channel."""

    seat: int
    token: bytes
    peer: str | None = None
    link: str | None = None
    status: str = "inviting"
    """inviting (offer being made) | invited (link shown) | connecting (reply accepted) | playing |
    left (channel closed; a new invite is on its way) | failed (no path: a new invite too)."""
    lang: str = "en"
    seq: int = 0
    last: str | None = None
    legal_at: dict[int, str] = field(default_factory=dict)
    standby: str | None = None
    """A second offer made while the friend plays, its link sent to their page: if the channel
    drops, their page answers it at once and only its reply code has to reach the host again."""
    standby_link: str | None = None
    refused_at: float = -1e9
    allowance: float = REFUSALS_PER_SECOND
    connections: int = 0

    @property
    def tag(self) -> bytes:
        return remote_codes.tag_of(self.token)


class Host:
    """The remote seats of the game open on this page."""

    def __init__(self, game: HostGame, transport: Transport, site: str, host_name: str, *,
                 stun: bool = False, random_bytes: Callable[[int], bytes] = os.urandom,
                 clock: Callable[[], float] = time.monotonic, on_change: Callable[[], None] | None = None) -> None:
        self.game = game
        self.transport = transport
        self.site = site.split("#", 1)[0]
        self.host_name = host_name
        self.stun = stun
        self._random = random_bytes
        self._clock = clock
        self._on_change = on_change or (lambda: None)
        self.seats: dict[int, RemoteSeat] = {}
        self.by_peer: dict[str, RemoteSeat] = {}
        self._peers = 0
        match = game.session.match
        for seat, kind in enumerate(match.seats):
            if kind == REMOTE_SEAT:
                self.seats[seat] = RemoteSeat(seat, self._random(remote_codes.TOKEN_BYTES))
        for rs in self.seats.values():
            self._invite(rs)

    # ---- invites ---------------------------------------------------------------------
    def _invite(self, rs: RemoteSeat) -> None:
        """A fresh offer for ``rs`` (the seat's token stays: the same person comes back)."""
        if rs.peer is not None:
            self.by_peer.pop(rs.peer, None)
            self.transport.close(rs.peer)
        self._peers += 1
        rs.peer = f"host-{rs.seat}-{self._peers}"
        rs.link = None
        rs.last = None
        rs.status = "inviting" if rs.status not in ("left", "failed") else rs.status
        self.by_peer[rs.peer] = rs
        self.transport.offer(rs.peer, self.stun)

    def set_stun(self, stun: bool) -> None:
        """The players' choice changed: invites not yet answered are made again with it."""
        if stun == self.stun:
            return
        self.stun = stun
        for rs in self.seats.values():
            if rs.status in ("inviting", "invited", "left", "failed"):
                self._invite(rs)
        self._on_change()

    def accept_reply(self, text: str) -> int:
        """A reply code pasted by the host: the seat it answers (``CodeError`` if none)."""
        reply = remote_codes.read_reply(text)
        rs = self.seats.get(reply.seat)
        if rs is None or not hmac.compare_digest(rs.tag, reply.tag):
            raise remote_codes.CodeError("this reply code answers no invite of this game (an older invite, or another game's?)")
        if rs.status == "playing":
            raise remote_codes.CodeError("this seat is already connected")
        if rs.peer is None or rs.link is None:
            raise remote_codes.CodeError("this seat's invite is still being made: try again in a moment")
        rs.status = "connecting"
        self.transport.accept(rs.peer, reply.answer)
        self._on_change()
        return rs.seat

    # ---- events from the transport ---------------------------------------------------------
    def _link(self, rs: RemoteSeat, offer_sdp: str) -> str:
        match = self.game.session.match
        invite = remote_codes.Invite(rs.seat, rs.token, match.game_id, self.host_name,
                                     str(match.state.names[rs.seat]), offer_sdp)
        return f"{self.site}#{remote_codes.JOIN_KEY}={remote_codes.invite_text(invite)}"

    def _make_standby(self, rs: RemoteSeat) -> None:
        if rs.standby is not None:
            return
        self._peers += 1
        rs.standby = f"host-{rs.seat}-{self._peers}"
        rs.standby_link = None
        self.by_peer[rs.standby] = rs
        self.transport.offer(rs.standby, self.stun)

    def on_event(self, event: str, peer: str, data: Any) -> None:
        rs = self.by_peer.get(peer)
        if rs is not None and peer == rs.standby:
            if event == "sdp" and isinstance(data, dict) and data.get("type") == "offer":
                rs.standby_link = self._link(rs, str(data.get("sdp", "")))
                if rs.status == "playing":
                    self._send(rs, {"t": "standby", "link": rs.standby_link})
            elif event in ("closed", "failed"):
                self.by_peer.pop(peer, None)
                rs.standby = rs.standby_link = None
            return
        if rs is None or rs.peer != peer:
            return  # an old connection's late news
        if event == "sdp" and isinstance(data, dict) and data.get("type") == "offer":
            rs.link = self._link(rs, str(data.get("sdp", "")))
            if rs.status == "inviting":
                rs.status = "invited"
        elif event == "message":
            self._message(rs, data)
            return
        elif event in ("closed", "failed"):
            was_playing = rs.status == "playing"
            rs.status = "left" if was_playing else "failed"
            if rs.standby is not None and rs.standby_link is not None:
                # the friend's page holds this offer's link already: it answers it at once
                self.by_peer.pop(peer, None)
                self.transport.close(peer)
                rs.peer, rs.link, rs.last = rs.standby, rs.standby_link, None
                rs.standby = rs.standby_link = None
            else:
                self._invite(rs)
            if was_playing:
                self.send_seats()
                self.game.remote_changed()
        self._on_change()

    def _message(self, rs: RemoteSeat, text: Any) -> None:
        try:
            message = remote_wire.read(text, from_host=False)
        except remote_wire.WireError as exc:
            self._refuse(rs, str(exc))
            return
        kind = message["t"]
        if rs.status != "playing":
            if kind != "hello":
                self._refuse(rs, "say hello first")
                return
            token = message.get("token")
            try:
                given = bytes.fromhex(token) if isinstance(token, str) else b""
            except ValueError:
                given = b""
            if message.get("v") != remote_wire.PROTOCOL:
                self._send(rs, {"t": "refused", "why": "this page runs another release of Railtable: reload it", "fatal": True})
                return
            if not hmac.compare_digest(given, rs.token):
                self._send(rs, {"t": "refused", "why": "this channel was not opened from this seat's invite", "fatal": True})
                self.transport.close(rs.peer or "")
                return
            rs.lang = message.get("lang") if message.get("lang") in LANGS else "en"
            rs.status = "playing"
            rs.connections += 1
            self.game.session.stand_ins.pop(rs.seat, None)  # back at the table: the bot stands down
            match = self.game.session.match
            self._send(rs, {
                "t": "welcome", "v": remote_wire.PROTOCOL, "game": match.game_id, "seat": rs.seat,
                "names": list(match.state.names), "kinds": self.kinds(), "host": self.host_name,
            })
            if rs.standby_link is not None:
                self._send(rs, {"t": "standby", "link": rs.standby_link})
            self._make_standby(rs)
            self._on_change()
            self.send_seats()
            self.game.remote_changed()
            return
        if kind == "hello":
            return
        if kind == "lang":
            if message.get("lang") in LANGS:
                rs.lang = message["lang"]
                rs.last = None
                self.send_packets()
            return
        seq = message.get("seq")
        if type(seq) is not int or not self._fresh(rs, seq):
            self._refuse(rs, self._say(rs, "stale"), resend=True)
            return
        try:
            if kind == "act":
                action = message.get("action")
                if not isinstance(action, dict):
                    self._refuse(rs, "an action must be an object", resend=True)
                    return
                if action.get("player") != rs.seat:  # a channel speaks for its own seat only
                    self._refuse(rs, self._say(rs, "not_your_seat"), resend=True)
                    return
                if rs.seat in self.game.session.stand_ins:
                    self._refuse(rs, self._say(rs, "bot_has_seat"), resend=True)
                    return
                if rs.seat not in self.game.session.match.state.to_act():
                    self._refuse(rs, self._say(rs, "not_your_move"), resend=True)
                    return
                self.game.remote_move(rs.seat, action)
            elif kind == "undo":
                self.game.remote_undo(rs.seat)
        except (IllegalActionError, UndoError) as exc:
            self._refuse(rs, refusal(exc, rs.lang), resend=True)

    def _fresh(self, rs: RemoteSeat, seq: int) -> bool:
        """A move made from packet ``seq``: the latest, or one whose legal actions are still the seat's."""
        if seq == rs.seq:
            return True
        then = rs.legal_at.get(seq)
        return then is not None and then == rs.legal_at.get(rs.seq)

    def _say(self, rs: RemoteSeat, key: str) -> str:
        from .remote_text import say

        return say(key, rs.lang)

    def _refuse(self, rs: RemoteSeat, why: str, resend: bool = False) -> bool:
        """Tell the friend why (and, with ``resend``, send the table again so their page waits for
        nothing), unless they have had their share of answers this second. True if told."""
        now = self._clock()
        rs.allowance = min(REFUSALS_PER_SECOND, rs.allowance + (now - rs.refused_at) * REFUSALS_PER_SECOND)
        rs.refused_at = now
        if rs.allowance < 1:
            return False
        rs.allowance -= 1
        self._send(rs, {"t": "refused", "why": why})
        if resend:
            self._resend(rs)
        return True

    def _send(self, rs: RemoteSeat, message: dict[str, Any]) -> None:
        if rs.peer is not None:
            self.transport.send(rs.peer, remote_wire.write(message))

    def _resend(self, rs: RemoteSeat) -> None:
        rs.last = None
        self._send_packet(rs)

    # ---- after every move ------------------------------------------------------------------
    def kinds(self) -> list[str | None]:
        """The seats as the friends are told: a bot standing in still shows as the friend's seat."""
        return list(self.game.session.match.seats)

    def send_packets(self) -> None:
        """Each playing friend gets its seat's packet if it changed since the last one sent."""
        for rs in self.seats.values():
            if rs.status == "playing":
                self._send_packet(rs)

    def _send_packet(self, rs: RemoteSeat) -> None:
        data = remote_seat.packet(self.game.session.match, rs.seat, rs.lang, self.game.public_moves())
        text = remote_wire.write(data)
        if text == rs.last:
            return
        rs.last = text
        rs.seq += 1
        rs.legal_at[rs.seq] = remote_wire.write(data["legal"])
        for old in [s for s in rs.legal_at if s <= rs.seq - KEEP_LEGAL]:
            del rs.legal_at[old]
        self._send(rs, {"t": "state", "seq": rs.seq, "packet": data})

    def send_seats(self) -> None:
        """Who is connected and who stands in, to every playing friend."""
        stand_ins = self.game.session.stand_ins
        status = {str(s): {"on": rs.status == "playing", "bot": stand_ins.get(s)} for s, rs in self.seats.items()}
        for rs in self.seats.values():
            if rs.status == "playing":
                self._send(rs, {"t": "seats", "seats": status})

    # ---- the host's choices ------------------------------------------------------------------
    def stand_in(self, seat: int, level: str | None) -> None:
        """A bot of ``level`` plays the seat until its friend returns (None: the seat waits for them;
        Board Game Arena's replacement of a player who left)."""
        if seat not in self.seats:
            return
        if level is None:
            self.game.session.stand_ins.pop(seat, None)
        else:
            self.game.session.stand_ins[seat] = level
        self.send_seats()
        self._on_change()
        self.game.remote_changed()

    def pause(self) -> None:
        """The host leaves: every friend is told, every channel closed."""
        for rs in self.seats.values():
            if rs.status == "playing":
                self._send(rs, {"t": "paused"})
            for peer in (rs.peer, rs.standby):
                if peer is not None:
                    self.transport.close(peer)
                    self.by_peer.pop(peer, None)
            rs.peer = rs.standby = rs.standby_link = None
