"""The two short texts players send each other to connect a remote seat: the invite link and the reply code.

Remote play has no server (docs/architecture.md "Remote play"): the host's page makes a WebRTC offer
for a seat and puts it, packed small (``sdp_code``), into an **invite link** with the seat's secret
token, the host's name, the game and the seat; the friend's page answers and shows a **reply
code** (its packed answer, the seat, and a tag that names the invite without revealing its token),
which the host pastes. The channel is then bound to the seat by the token, which only the link
carries (``remote_host``: the first message must hold it), so a person who sees only a reply code
cannot take the seat.

Layout (before ``sdp_code.to_text``: deflate, then base64url):

- invite: ``b"I"``, version, seat, token (12 bytes), then the game id, the host's name and the
  seat's name (each one length byte and UTF-8), then the packed offer;
- reply: ``b"R"``, version, seat, tag (4 bytes: the start of SHA-256 of the token), the packed answer.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from railtable.core.savefile import MAX_NAME_CHARS

from . import sdp_code

VERSION = 1
TOKEN_BYTES = 12
TAG_BYTES = 4
JOIN_KEY = "join"
REPLY_KEY = "reply"
"""Where the codes go in a link's fragment (``#join=...``, ``#reply=...``): a fragment never reaches
any server, not even the one that serves the page."""


class CodeError(ValueError):
    """A link or code that cannot be read (truncated in a chat, another release's, not ours)."""


@dataclass(frozen=True)
class Invite:
    seat: int
    token: bytes
    game_id: str
    host: str
    seat_name: str
    offer: str
    """The offer's SDP, as the friend's page gives it to WebRTC."""


@dataclass(frozen=True)
class Reply:
    seat: int
    tag: bytes
    answer: str


def tag_of(token: bytes) -> bytes:
    """The reply's name for an invite: the start of the token's SHA-256 (the token is not in it)."""
    return hashlib.sha256(b"railtable-reply" + token).digest()[:TAG_BYTES]


def _text(value: str) -> bytes:
    data = value.encode("utf-8")[: 4 * MAX_NAME_CHARS]
    while True:  # never cut a character in two
        try:
            data.decode("utf-8")
            break
        except UnicodeDecodeError:
            data = data[:-1]
    return bytes([len(data)]) + data


def _read_text(data: bytes, at: int) -> tuple[str, int]:
    if at >= len(data):
        raise CodeError("the code is cut short")
    n = data[at]
    piece = data[at + 1: at + 1 + n]
    if len(piece) != n:
        raise CodeError("the code is cut short")
    try:
        return piece.decode("utf-8"), at + 1 + n
    except UnicodeDecodeError:
        raise CodeError("the code is damaged") from None


def invite_text(invite: Invite) -> str:
    """The invite's part of the link (after ``#join=``)."""
    body = (b"I" + bytes([VERSION, invite.seat]) + invite.token + _text(invite.game_id) + _text(invite.host)
            + _text(invite.seat_name) + sdp_code.pack(invite.offer))
    return sdp_code.to_text(body)


def reply_text(reply: Reply) -> str:
    return sdp_code.to_text(b"R" + bytes([VERSION, reply.seat]) + reply.tag + sdp_code.pack(reply.answer))


def fragment_value(text: str, key: str) -> str:
    """The code in what a player pasted: the bare code, or a link whose fragment holds ``key=``."""
    text = text.strip()
    marker = f"#{key}="
    if marker in text:
        text = text.split(marker, 1)[1]
    return "".join(text.split())  # chat apps wrap long lines


def _unpacked(text: str) -> bytes:
    try:
        return sdp_code.from_text(text)
    except (sdp_code.CodeError, ValueError) as exc:
        raise CodeError(str(exc) or "the code is damaged") from None


def read_invite(text: str) -> Invite:
    data = _unpacked(fragment_value(text, JOIN_KEY))
    if len(data) < 3 + TOKEN_BYTES or data[:1] != b"I":
        raise CodeError("this is not a Railtable invite")
    if data[1] != VERSION:
        raise CodeError("this invite was made by another release of Railtable")
    seat = data[2]
    token = data[3: 3 + TOKEN_BYTES]
    at = 3 + TOKEN_BYTES
    game_id, at = _read_text(data, at)
    host, at = _read_text(data, at)
    seat_name, at = _read_text(data, at)
    try:
        offer = sdp_code.unpack(data[at:], "offer")
    except (sdp_code.CodeError, ValueError) as exc:
        raise CodeError(str(exc) or "the invite is damaged") from None
    return Invite(seat, token, game_id, host, seat_name, offer)


def read_reply(text: str) -> Reply:
    data = _unpacked(fragment_value(text, REPLY_KEY))
    if len(data) < 3 + TAG_BYTES or data[:1] != b"R":
        raise CodeError("this is not a Railtable reply code")
    if data[1] != VERSION:
        raise CodeError("this reply code was made by another release of Railtable")
    try:
        answer = sdp_code.unpack(data[3 + TAG_BYTES:], "answer")
    except (sdp_code.CodeError, ValueError) as exc:
        raise CodeError(str(exc) or "the reply code is damaged") from None
    return Reply(data[2], data[3: 3 + TAG_BYTES], answer)


def describe(invite: Invite) -> dict[str, Any]:
    """What a friend's page keeps to show the game in its lobby (never the token)."""
    return {"game": invite.game_id, "host": invite.host, "seat": invite.seat, "seat_name": invite.seat_name}
