"""Remote play on CPython: a host and its friends joined by an in-process loopback instead of WebRTC.

``Loop`` plays the part of the two pages' ``web/remote.js``: an offer or an answer is a real SDP
captured from this machine's chromium (tests/web/fixtures), the codes the players exchange are the
real ``remote_codes`` texts, and every message goes through ``remote_wire`` as on a data channel.
Each friend's received messages are kept (``Friend.inbox``) for the secrecy checks.
"""

from __future__ import annotations

import random
from collections import deque
from pathlib import Path
from typing import Any

from railtable_web import remote_codes
from railtable_web.remote_guest import Guest
from railtable_web.remote_host import Host
from railtable_web.session import Session

from railtable.core import Match

FIXTURES = Path(__file__).parent / "fixtures"
OFFER = (FIXTURES / "sdp_chromium_ip_nostun_offer.txt").read_text()
ANSWER = (FIXTURES / "sdp_chromium_ip_nostun_answer.txt").read_text()


class Loop:
    """Every page's transport; events are queued and delivered by :meth:`run` (no re-entry)."""

    def __init__(self) -> None:
        self.queue: deque[tuple[Any, str, str, Any]] = deque()
        self.pages: dict[str, Any] = {}  # peer -> the object whose on_event hears it
        self.links: dict[str, str] = {}  # peer -> the other end's peer
        self.answers: dict[str, str] = {}  # guest peer -> host peer it answers (by the offer's identity)
        self.offers: dict[str, str] = {}  # offer SDP text -> host peer
        self.closed: set[str] = set()

    def side(self, owner: Any) -> Side:
        return Side(self, owner)

    def post(self, peer: str, event: str, data: Any) -> None:
        """Tell the page of ``peer`` (a loop-wide name: ``<page>:<its peer id>``)."""
        owner = self.pages.get(peer)
        if owner is not None and peer not in self.closed:
            self.queue.append((owner, event, peer.split(":", 1)[1], data))

    def cut(self, side: Side, peer: str) -> None:
        """The network between two pages drops: both hear "closed"."""
        here = f"{side.name}:{peer}"
        other = self.links.pop(here, None)
        if other is not None:
            self.links.pop(other, None)
            self.post(other, "closed", {"why": "network"})
        self.post(here, "closed", {"why": "network"})
        self.closed.update({here} | ({other} if other else set()))

    def run(self, limit: int = 100_000) -> None:
        for _ in range(limit):
            if not self.queue:
                return
            owner, event, peer, data = self.queue.popleft()
            owner.on_event(event, peer, data)
        raise AssertionError("the loop never went quiet")


class Side:
    """One page's transport on the loop (its peer ids are its own, as in a browser)."""

    count = 0

    def __init__(self, loop: Loop, owner: Any) -> None:
        self.loop = loop
        self.owner = owner
        self.sent: list[tuple[str, str]] = []
        Side.count += 1
        self.name = f"page{Side.count}"

    def offer(self, peer: str, stun: bool) -> None:
        peer = f"{self.name}:{peer}"
        self.loop.pages[peer] = self
        # each offer has ICE credentials of its own, as a browser's has
        ufrag = OFFER.split("a=ice-ufrag:", 1)[1].split()[0]
        sdp = OFFER.replace(f"a=ice-ufrag:{ufrag}", f"a=ice-ufrag:u{len(self.loop.offers):03d}")
        self.loop.offers[sdp] = peer
        self.loop.post(peer, "sdp", {"type": "offer", "sdp": sdp})

    def answer(self, peer: str, offer_sdp: str, stun: bool) -> None:
        peer = f"{self.name}:{peer}"
        self.loop.pages[peer] = self
        host_peer = next((p for s, p in self.loop.offers.items() if _same_offer(s, offer_sdp)), None)
        if host_peer is not None:
            self.loop.answers[peer] = host_peer
        self.loop.post(peer, "sdp", {"type": "answer", "sdp": ANSWER})

    def accept(self, peer: str, answer_sdp: str) -> None:
        peer = f"{self.name}:{peer}"
        guest = next((g for g, h in self.loop.answers.items() if h == peer and g not in self.loop.links), None)
        if guest is None:
            self.loop.post(peer, "failed", {"why": "no-path"})
            return
        self.loop.links[peer], self.loop.links[guest] = guest, peer
        self.loop.post(peer, "open", None)
        self.loop.post(guest, "open", None)

    def send(self, peer: str, text: str) -> None:
        peer = f"{self.name}:{peer}"
        self.sent.append((peer, text))
        other = self.loop.links.get(peer)
        if other is not None and peer not in self.loop.closed:
            self.loop.post(other, "message", text)

    def close(self, peer: str) -> None:
        peer = f"{self.name}:{peer}"
        other = self.loop.links.pop(peer, None)
        self.loop.closed.add(peer)
        if other is not None:
            self.loop.links.pop(other, None)
            self.loop.post(other, "closed", {"why": "the other page closed"})

    def on_event(self, event: str, peer: str, data: Any) -> None:
        self.owner.on_event(event, peer, data)


def _same_offer(a: str, b: str) -> bool:
    """An offer after a trip through a link: the same ICE credentials (packing drops the rest)."""
    def creds(sdp: str) -> tuple[str, ...]:
        return tuple(line for line in sdp.splitlines() if line.startswith(("a=ice-ufrag", "a=ice-pwd", "a=fingerprint")))
    return creds(a) == creds(b)


class TestGame:
    """The host's game: a Session whose bots play at once after every move (no page, no pace)."""

    def __init__(self, match: Match, stand_in_bots: bool = True) -> None:
        self.session = Session(match, "test")
        self.host: Host | None = None
        self.moves = 0

    def remote_move(self, seat: int, action: dict[str, Any]) -> None:
        self.session.match.apply(action)
        self.moves += 1
        self.remote_changed()

    def remote_undo(self, seat: int) -> None:
        self.session.match.undo(seat)
        self.remote_changed()

    def public_moves(self) -> int:
        return len(self.session.match.actions)

    def remote_changed(self) -> None:
        while self.session.bot_to_act() is not None and not self.session.match.state.is_over():
            self.session.bot_move()
        if self.host is not None:
            self.host.send_packets()


class Friend:
    """A friend's page: its Guest, and every message it received."""

    def __init__(self, loop: Loop, link: str, lang: str = "en") -> None:
        self.side = Side(loop, self)
        self.inbox: list[str] = []
        self.guest = Guest(remote_codes.read_invite(link), self.side, lang)

    def on_event(self, event: str, peer: str, data: Any) -> None:
        if event == "message":
            self.inbox.append(data)
        self.guest.on_event(event, peer, data)


class HostPage:
    def __init__(self, loop: Loop, game_id: str, config: dict[str, Any], seed: int,
                 seats: list[str | None]) -> None:
        self.game = TestGame(Match(game_id, config, seed, seats))
        self.side = Side(loop, self)
        self.host = Host(self.game, self.side, "https://example.test/railtable/", "Hosta",
                         random_bytes=random.Random(seed).randbytes)
        self.game.host = self.host

    def on_event(self, event: str, peer: str, data: Any) -> None:
        self.host.on_event(event, peer, data)


def connect(loop: Loop, host: HostPage, seat: int, lang: str = "en") -> Friend:
    """The players' steps: the host sends the seat's link, the friend joins and sends back the reply
    code, the host pastes it."""
    loop.run()
    link = host.host.seats[seat].link
    assert link is not None, "the invite is made"
    friend = Friend(loop, link, lang)
    friend.guest.join()
    loop.run()
    assert friend.guest.reply is not None, "the friend's page shows a reply code"
    host.host.accept_reply(friend.guest.reply)
    loop.run()
    return friend


def until_seat_acts(loop: Loop, host: HostPage, seat: int) -> None:
    """The host plays the first legal action of whoever acts until ``seat`` may act."""
    match = host.game.session.match
    while seat not in match.state.to_act():
        match.apply(match.state.legal_actions(match.state.to_act()[0])[0])
        host.game.remote_changed()
        loop.run()
