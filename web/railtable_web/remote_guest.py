"""A friend's side of remote play: join from an invite, answer, play the seat the host's page serves.

The friend's page never holds the game (docs/architecture.md "Remote play"): it answers the invite's
WebRTC offer (its reply code goes back to the host by hand), says ``hello`` with the invite's token
once the channel opens, and then draws whatever packet the host sends (``remote_seat``) with the
same table code as a local game. Its moves are sent as actions, each naming the packet it was made
from (``seq``); while one is on its way the table takes no other (a double tap plays once).

Everything the host sends is read with the protocol's bounds and checked before it is drawn
(``remote_wire.read``, ``remote_seat.check_packet``): a hostile or newer host's message gives a
message on this page, never a dead page. No DOM here: it runs on CPython in the tests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from railtable.core import get_game

from . import remote_codes, remote_seat, remote_wire
from .remote_host import Transport

GUEST_PEER = "guest"


class Guest:
    """This page's seat in a game hosted elsewhere."""

    def __init__(self, invite: remote_codes.Invite, transport: Transport, lang: str, *, stun: bool = False,
                 on_change: Callable[[], None] | None = None) -> None:
        self.invite = invite
        self.transport = transport
        self.lang = lang
        self.stun = stun
        self._on_change = on_change or (lambda: None)
        self.rejoining = False
        """The reply code is to come back to a game this page already played."""
        self.status = "ready"
        """ready (join screen) | answering | replied (reply code shown) | waiting (channel open, no
        welcome yet) | playing | refused | left (the network went) | paused (the host left) | failed (no path)."""
        self.reply: str | None = None
        self.problem: str | None = None
        """The last thing the host refused or this page could not read, to show once."""
        self.match: remote_seat.GuestMatch | None = None
        self.names: list[str] = []
        self.kinds: list[str | None] = []
        self.host = invite.host
        self.seq = 0
        self.waiting = False
        """A move was sent and its packet has not come back yet."""
        self.connected: dict[int, dict[str, Any]] = {}
        self.standby: str | None = None
        """The host's next invite for this seat (``standby``): answered at once if the channel drops."""
        self._joins = 0
        self.peer = GUEST_PEER
        try:
            get_game(invite.game_id)
        except Exception:  # noqa: BLE001 (any unknown id)
            raise remote_codes.CodeError("this invite is for a game this release does not have") from None

    # ---- joining ---------------------------------------------------------------------
    def join(self) -> None:
        """Answer the invite's offer (again, after a failure: a new connection)."""
        self._joins += 1
        if self._joins > 1:
            self.transport.close(self.peer)
        self.peer = f"{GUEST_PEER}-{self._joins}"
        self.status = "answering"
        self.reply = None
        self.transport.answer(self.peer, self.invite.offer, self.stun)
        self._on_change()

    def on_event(self, event: str, peer: str, data: Any) -> None:
        if peer != self.peer:
            return
        if event == "sdp" and isinstance(data, dict) and data.get("type") == "answer":
            reply = remote_codes.Reply(self.invite.seat, remote_codes.tag_of(self.invite.token), str(data.get("sdp", "")))
            self.reply = remote_codes.reply_text(reply)
            self.status = "replied"
        elif event == "open":
            self.status = "waiting"
            self._send({"t": "hello", "v": remote_wire.PROTOCOL, "token": self.invite.token.hex(), "lang": self.lang})
        elif event == "message":
            self._message(data)
        elif event == "closed":
            if self.status not in ("refused", "paused"):  # they say more than the closing
                lost = self.status in ("playing", "waiting")
                self.status = "left" if lost else "failed"
                if lost and self.standby is not None:
                    self.rejoin()
                    return
            self.waiting = False
        elif event == "failed":
            self.status = "failed"
            self.problem = str(data.get("why", "")) if isinstance(data, dict) else None
            self.waiting = False
        self._on_change()

    # ---- what the host says ----------------------------------------------------------------
    def _message(self, text: Any) -> None:
        try:
            message = remote_wire.read(text, from_host=True)
            kind = message["t"]
            if kind == "welcome":
                self._welcome(message)
            elif kind == "state":
                self._state(message)
            elif kind == "refused":
                self.problem = str(message.get("why", ""))[:300]
                self.waiting = False
                if message.get("fatal"):
                    self.status = "refused"
            elif kind == "seats":
                seats = message.get("seats")
                if isinstance(seats, dict):
                    self.connected = {int(k): v for k, v in seats.items() if str(k).isdigit() and isinstance(v, dict)}
            elif kind == "paused":
                self.status = "paused"
            elif kind == "standby":
                link = message.get("link")
                again = remote_codes.read_invite(link) if isinstance(link, str) else None
                if again is not None and (again.seat, again.token, again.game_id) == (
                        self.invite.seat, self.invite.token, self.invite.game_id):
                    self.standby = link
        except (remote_wire.WireError, remote_seat.PacketError, KeyError, TypeError, ValueError) as exc:
            self.problem = f"the host's page sent something this page cannot read ({str(exc)[:100]})"
            self.waiting = False

    def _welcome(self, message: dict[str, Any]) -> None:
        if message.get("v") != remote_wire.PROTOCOL:
            raise remote_seat.PacketError("the host runs another release of Railtable")
        if message.get("game") != self.invite.game_id or message.get("seat") != self.invite.seat:
            raise remote_seat.PacketError("the host's game is not the one of the invite")
        names, kinds = message.get("names"), message.get("kinds")
        info = get_game(self.invite.game_id)
        if (not isinstance(names, list) or not isinstance(kinds, list) or len(names) != len(kinds)
                or not info.min_players <= len(names) <= info.max_players
                or not all(isinstance(n, str) and 0 < len(n) <= 40 for n in names)
                or not all(k is None or isinstance(k, str) and len(k) <= 20 for k in kinds)):
            raise remote_seat.PacketError("the seats are malformed")
        self.names = names
        # the friend's own seat is theirs; every other person is "remote" as far as this page knows
        self.kinds = ["remote" if k is None else k for k in kinds]
        self.kinds[self.invite.seat] = None
        host = message.get("host")
        if isinstance(host, str) and 0 < len(host) <= 40:
            self.host = host

    def _state(self, message: dict[str, Any]) -> None:
        if not self.names:
            raise remote_seat.PacketError("a packet before the welcome")
        seq = message.get("seq")
        if type(seq) is not int or seq <= self.seq:
            raise remote_seat.PacketError("a packet out of order")
        data = remote_seat.check_packet(message.get("packet"), len(self.names))
        self.seq = seq
        if self.match is None:
            self.match = remote_seat.GuestMatch(self.invite.game_id, self.invite.seat, self.names, self.kinds,
                                                data, self._send_move)
        else:
            self.match.update(data)
        self.status = "playing"
        self.waiting = False

    # ---- this page's moves -----------------------------------------------------------------
    def _send_move(self, message: dict[str, Any]) -> None:
        if self.waiting or self.status != "playing":
            return
        self.waiting = True
        self._send({**message, "seq": self.seq})

    def set_language(self, lang: str) -> None:
        self.lang = lang
        if self.status == "playing":
            self._send({"t": "lang", "lang": lang})

    def _send(self, message: dict[str, Any]) -> None:
        self.transport.send(self.peer, remote_wire.write(message))

    def rejoin(self) -> None:
        """Come back through the host's standby invite: a reply code to send, nothing else."""
        if self.standby is None:
            return
        self.invite = remote_codes.read_invite(self.standby)
        self.standby = None
        self.waiting = False
        self.join()
        self.status = "answering"
        self.rejoining = True

    def leave(self) -> None:
        self.transport.close(self.peer)
        self.status = "left"
