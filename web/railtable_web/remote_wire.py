"""Remote play's messages: their shapes, their limits, and reading them safely.

Every message on a remote-play channel is one JSON object with a type ``"t"``
(docs/architecture.md "Remote play: protocol"). A friend's page sends only:

- ``{"t": "hello", "v": 1, "token": str, "lang": "en"|"fr"}``: the first message, proving the
  channel was opened from that seat's invite (the token is the invite's secret);
- ``{"t": "act", "seq": int, "action": {...}}``: a move, made from the packet numbered ``seq``;
- ``{"t": "undo", "seq": int}``; ``{"t": "lang", "lang": ...}``.

The host's page sends ``welcome`` (game, seat, names, seat kinds, host's name), ``state``
(``seq`` and the seat's packet, ``remote_seat.packet``), ``refused`` (why, in the friend's
language), ``seats`` (who is connected, who a bot stands in for), ``standby`` (a second invite
link for this seat, answered at once if the channel drops) and ``paused``.

Both sides read what they receive with :func:`read`: a size bound and a depth bound checked before
parsing (a deeply nested text must not exhaust the interpreter's stack), then the type. Anything else raises :class:`WireError` with a plain reason; nothing is
applied. No DOM here: it runs on CPython too.
"""

from __future__ import annotations

import json
from typing import Any

from railtable.core.errors import SaveError
from railtable.core.savefile import loads

PROTOCOL = 1
"""The protocol's version, sent in ``hello`` and ``welcome``: a page of another version says so."""

MAX_FROM_GUEST = 4096
"""The longest message a host reads from a friend, in characters (the largest action is far below)."""
MAX_FROM_HOST = 2_000_000
"""The longest message a friend reads from its host (a Trains packet is 10-30 kB)."""
MAX_DEPTH_FROM_GUEST = 8
MAX_DEPTH_FROM_HOST = 48

GUEST_TYPES = frozenset({"hello", "act", "undo", "lang"})
HOST_TYPES = frozenset({"welcome", "state", "refused", "seats", "paused", "standby"})


class WireError(ValueError):
    """A message that is not one of the protocol's (too long, too deep, not JSON, unknown type)."""


def read(text: Any, *, from_host: bool) -> dict[str, Any]:
    """One message as a dict, or :class:`WireError` saying why not. The size and depth are checked
    before parsing, and parsing is the saves' strict one (``savefile.loads``: one value per key,
    finite numbers)."""
    limit, max_depth, types = (
        (MAX_FROM_HOST, MAX_DEPTH_FROM_HOST, HOST_TYPES) if from_host else (MAX_FROM_GUEST, MAX_DEPTH_FROM_GUEST, GUEST_TYPES)
    )
    if not isinstance(text, str):
        raise WireError("a message must be text")
    if len(text) > limit:
        raise WireError(f"a message of {len(text):,} characters (at most {limit:,})")
    try:
        message = loads(text, max_depth=max_depth, max_chars=limit)
    except SaveError as exc:
        raise WireError("a message that is not plain JSON (" + str(exc).removeprefix("this save is damaged: ")[:80] + ")") from None
    if not isinstance(message, dict):
        raise WireError("a message must be a JSON object")
    kind = message.get("t")
    if kind not in types:
        raise WireError(f"a message of an unknown type ({str(kind)[:20]!r})")
    return message


def write(message: dict[str, Any]) -> str:
    """A message as the text sent on the channel (compact JSON)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)
