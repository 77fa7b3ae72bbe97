"""Small codes for a WebRTC session description (remote play, issue 30; docs/architecture.md,
"Remote play: transport").

Two browsers connect by exchanging an offer and an answer (SDP, about 600 characters each, mostly
boilerplate). A data-channel-only connection needs only: the ICE user fragment and password, the
DTLS certificate's SHA-256 fingerprint, the DTLS setup role and the candidates (type, address,
port). :func:`pack` keeps exactly that, in bytes; :func:`unpack` writes back a minimal SDP that
Chromium accepts (e2e/test_rtc.py) and that matches what Firefox 63+ writes for such a connection
(mid ``0``, SCTP port 5000, a sha-256 fingerprint; a session id under 62 bits). :func:`to_text` / :func:`from_text` carry bytes as text a chat app does not break.

Packed layout (version 1)::

    version (1) | setup role (1) | len(ufrag) (1) ufrag | len(pwd) (1) pwd | fingerprint (32)
    | candidate count (1) | per candidate: kind (1) = type << 4 | address form, address (4/16/16), port (2)

Address forms: IPv4 (4 bytes), IPv6 (16 bytes), mDNS name ``<uuid>.local`` (the UUID's 16 bytes).
Only UDP candidates are kept (TCP adds nothing a UDP path lacks between two browsers).
Pure Python (no browser), so it is tested on CPython.
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import re
import uuid
import zlib
from typing import Literal

VERSION = 1
MAX_CANDIDATES = 8
"""At most this many candidates in a code (Chromium gathers 2 host + 2 server-reflexive at most
on a typical device; more would only lengthen the code)."""
MAX_TEXT = 4000
"""A code's text longer than this is refused unread (a chat message, not a document)."""
MAX_BYTES = 2048
"""Decompressed bytes beyond this are refused (a zip bomb stops here)."""

SETUPS = ("actpass", "active", "passive")
TYPES = ("host", "srflx", "prflx", "relay")
TYPE_PREFERENCE = {"host": 126, "prflx": 110, "srflx": 100, "relay": 0}
"""RFC 8445 section 5.1.2.2's recommended type preferences (the candidate priority is rebuilt)."""
V4, V6, MDNS = 0, 1, 2
ADDRESS_SIZE = {V4: 4, V6: 16, MDNS: 16}
_ICE_CHARS = re.compile(r"^[A-Za-z0-9+/]{1,255}$")
"""RFC 8839 ice-char: ALPHA / DIGIT / "+" / "/"."""
_MDNS = re.compile(r"^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.local$")

MESSAGES = {
    "truncated": "This code is incomplete: copy the whole code and try again.",
    "version": "This code comes from another version of Railtable: both players should reload the page.",
    "garbled": "This is not a Railtable connection code (it may have been changed on the way): copy it again.",
    "too_many": "This code lists too many network addresses to be a Railtable code.",
    "too_long": "This text is too long to be a Railtable code.",
    "no_fingerprint": "This connection description has no security fingerprint Railtable can use.",
}
"""English texts; i18n.py holds them in English and French as ``code_<reason>``."""


class CodeError(ValueError):
    """A code that cannot be read; ``reason`` names the text to show (``code_<reason>`` in i18n.py)."""

    def __init__(self, reason: str, detail: str = "") -> None:
        self.reason = reason
        self.detail = detail
        super().__init__(MESSAGES[reason] + (f" ({detail})" if detail else ""))


# ---- SDP -> bytes --------------------------------------------------------------------------------
def pack(sdp: str) -> bytes:
    """The bytes of ``sdp`` a data-channel connection needs (see the module docstring)."""
    ufrag = pwd = setup = None
    fingerprint: bytes | None = None
    candidates: list[tuple[int, int, bytes, int]] = []
    seen: set[tuple[int, bytes, int]] = set()
    for raw in sdp.splitlines():
        line = raw.strip()
        if line.startswith("a=ice-ufrag:") and ufrag is None:
            ufrag = line[len("a=ice-ufrag:"):]
        elif line.startswith("a=ice-pwd:") and pwd is None:
            pwd = line[len("a=ice-pwd:"):]
        elif line.startswith("a=setup:") and setup is None:
            setup = line[len("a=setup:"):]
        elif line.lower().startswith("a=fingerprint:sha-256 ") and fingerprint is None:
            try:
                fingerprint = bytes.fromhex(line.split(" ", 1)[1].replace(":", ""))
            except ValueError:
                raise CodeError("no_fingerprint") from None
        elif line.startswith("a=candidate:"):
            found = _candidate(line[len("a=candidate:"):])
            if found is not None and found[1:] not in seen and len(candidates) < MAX_CANDIDATES:
                seen.add(found[1:])
                candidates.append((found[0], *found[1:]))
    if fingerprint is None or len(fingerprint) != 32:
        raise CodeError("no_fingerprint")
    if ufrag is None or pwd is None or not _ICE_CHARS.match(ufrag) or not _ICE_CHARS.match(pwd):
        raise CodeError("garbled", "ICE credentials")
    if setup not in SETUPS:
        raise CodeError("garbled", "setup role")
    out = bytearray([VERSION, SETUPS.index(setup)])
    for text in (ufrag, pwd):
        out.append(len(text))
        out += text.encode("ascii")
    out += fingerprint
    out.append(len(candidates))
    for kind, form, address, port in candidates:
        out.append(kind << 4 | form)
        out += address
        out += port.to_bytes(2, "big")
    return bytes(out)


def _candidate(text: str) -> tuple[int, int, bytes, int] | None:
    """(type, address form, address bytes, port) of a UDP candidate line's value, else None."""
    parts = text.split()
    if len(parts) < 8 or parts[2].lower() != "udp" or parts[6] != "typ" or parts[7] not in TYPES:
        return None
    if parts[1] != "1":  # component 1 (RTP); data channels use no other
        return None
    try:
        port = int(parts[5])
    except ValueError:
        return None
    if not 0 < port < 65536:
        return None
    address = parts[4].lower()
    mdns = _MDNS.match(address)
    if mdns:
        return TYPES.index(parts[7]), MDNS, uuid.UUID(mdns.group(1)).bytes, port
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return None  # another kind of name: not something this code carries
    return TYPES.index(parts[7]), V4 if ip.version == 4 else V6, ip.packed, port


# ---- bytes -> SDP --------------------------------------------------------------------------------
def unpack(data: bytes, kind: Literal["offer", "answer"]) -> str:
    """A minimal SDP of ``kind`` for what :func:`pack` kept. Raises :class:`CodeError`."""
    if kind not in ("offer", "answer"):
        raise ValueError(f"kind must be 'offer' or 'answer', not {kind!r}")
    reader = _Reader(bytes(data))
    version = reader.byte()
    if version != VERSION:
        raise CodeError("version", f"version {version}")
    setup_index = reader.byte()
    if setup_index >= len(SETUPS):
        raise CodeError("garbled", "setup role")
    setup = SETUPS[setup_index]
    if (kind == "offer") != (setup == "actpass"):  # RFC 8842: an offer says actpass, an answer never
        raise CodeError("garbled", f"setup role {setup} in an {kind}")
    ufrag = reader.ice_text()
    pwd = reader.ice_text()
    fingerprint = reader.take(32)
    count = reader.byte()
    if count > MAX_CANDIDATES:
        raise CodeError("too_many", f"{count} addresses")
    lines = [
        "v=0",
        f"o=- {int.from_bytes(fingerprint[:7], 'big')} 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
    ]
    for index in range(count):
        head = reader.byte()
        type_index, form = head >> 4, head & 0x0F
        if type_index >= len(TYPES) or form not in ADDRESS_SIZE:
            raise CodeError("garbled", "candidate kind")
        address_bytes = reader.take(ADDRESS_SIZE[form])
        port = int.from_bytes(reader.take(2), "big")
        if port == 0:
            raise CodeError("garbled", "port 0")
        if form == MDNS:
            address = f"{uuid.UUID(bytes=address_bytes)}.local"
        else:
            address = str(ipaddress.ip_address(address_bytes))
        kind_name = TYPES[type_index]
        priority = (TYPE_PREFERENCE[kind_name] << 24) + ((65535 - index) << 8) + 255
        related = "" if kind_name == "host" else " raddr 0.0.0.0 rport 0"
        lines.append(f"a=candidate:{index + 1} 1 udp {priority} {address} {port} typ {kind_name}{related} generation 0")
    if reader.left():
        raise CodeError("garbled", f"{reader.left()} bytes too many")
    if count:
        lines.append("a=end-of-candidates")
    hexed = ":".join(f"{b:02X}" for b in fingerprint)
    lines += [
        f"a=ice-ufrag:{ufrag}",
        f"a=ice-pwd:{pwd}",
        f"a=fingerprint:sha-256 {hexed}",
        f"a=setup:{setup}",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ]
    return "\r\n".join(lines) + "\r\n"


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise CodeError("truncated")
        chunk = self.data[self.at:self.at + n]
        self.at += n
        return chunk

    def byte(self) -> int:
        return self.take(1)[0]

    def ice_text(self) -> str:
        raw = self.take(self.byte())
        try:
            text = raw.decode("ascii")
        except UnicodeDecodeError:
            raise CodeError("garbled", "ICE credentials") from None
        if not _ICE_CHARS.match(text):
            raise CodeError("garbled", "ICE credentials")
        return text

    def left(self) -> int:
        return len(self.data) - self.at


# ---- bytes <-> text ------------------------------------------------------------------------------
_STORED, _DEFLATED = 0, 1
_NOT_CODE = re.compile(r"[^A-Za-z0-9_-]")
_SPACES = re.compile(r"[\s\u200b\u200c\u200d\u2060\ufeff]+")
"""Whitespace, line breaks and the zero-width characters chat apps insert in long words."""


def to_text(data: bytes) -> str:
    """``data`` as base64url without padding, after raw zlib deflate when that is shorter (a first
    byte says which: short random-looking codes do not shrink)."""
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15)
    deflated = squeezer.compress(data) + squeezer.flush()
    body = bytes([_DEFLATED]) + deflated if len(deflated) < len(data) else bytes([_STORED]) + data
    return base64.urlsafe_b64encode(body).decode("ascii").rstrip("=")


def from_text(text: str) -> bytes:
    """The bytes of a code made by :func:`to_text`, tolerant of spaces, line breaks, zero-width
    characters, padding, standard base64's ``+/`` and quotes or brackets around it. Raises
    :class:`CodeError`."""
    if len(text) > MAX_TEXT:
        raise CodeError("too_long")
    cleaned = _SPACES.sub("", text).strip("\"'<>`«»“”").rstrip("=").replace("+", "-").replace("/", "_")
    if not cleaned:
        raise CodeError("truncated")
    if _NOT_CODE.search(cleaned) or len(cleaned) % 4 == 1:
        raise CodeError("garbled", "characters")
    try:
        body = base64.urlsafe_b64decode(cleaned + "=" * (-len(cleaned) % 4))
    except (binascii.Error, ValueError):
        raise CodeError("garbled", "base64") from None
    if not body:
        raise CodeError("truncated")
    if body[0] == _STORED:
        data = body[1:]
    elif body[0] == _DEFLATED:
        opener = zlib.decompressobj(-15)
        try:
            data = opener.decompress(body[1:], MAX_BYTES + 1)
        except zlib.error:
            raise CodeError("garbled", "compression") from None
        if len(data) > MAX_BYTES:
            raise CodeError("too_long")
        if not opener.eof:
            raise CodeError("truncated")
        if opener.unused_data:
            raise CodeError("garbled", "trailing bytes")
    else:
        raise CodeError("version", f"text form {body[0]}")
    if len(data) > MAX_BYTES:
        raise CodeError("too_long")
    return data
