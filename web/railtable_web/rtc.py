"""Remote play's transport, seen from the worker (issue 30; docs/architecture.md, "Remote play:
transport"): WebRTC data channels that ``web/remote.js`` holds in the page, one per peer id.

Calls here become DOM operations ``["rtc", command, peer, payload]`` (``dom.emit``); the page
answers with messages ``{"kind": "rtc", "event", "peer", "data"}`` that ``bridge.receive`` hands
to :func:`receive`, which checks their shape and calls every :func:`listen` handler with
``(event, peer, data)``:

- ``sdp`` ``{"type": "offer" | "answer", "sdp": str}``: the description to carry to the other
  player (``sdp_code`` makes it a short code);
- ``open`` ``None``: the channel is up, :func:`send` delivers;
- ``message`` ``str``: one whole message from the other side (at most ``max_in`` characters);
- ``closed`` ``{"why": str}``: an open channel ended (the other tab closed, the network was lost);
- ``failed`` ``{"why": "no-path" | "bad-sdp" | "unsupported" | "error", "detail"?: str}``: no
  connection (``no-path``: none opened within 15 s of :func:`accept`, or the browsers found no way);
- ``refused`` ``{"why": "too-big" | "binary" | "bad-frame", "size": int}``: a message was dropped;
- ``flood`` ``{"dropped": int}``: messages beyond ``per_second`` were dropped (told at most once a second).

No browser import: runs (and is tested) on CPython.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import dom

Handler = Callable[[str, str, Any], None]
HANDLERS: list[Handler] = []
MAX_PEER_ID = 200
"""Peer ids are short names chosen by the worker; anything longer from the page is not ours."""

_EVENTS: dict[str, Callable[[Any], bool]] = {
    "sdp": lambda d: isinstance(d, dict) and d.get("type") in ("offer", "answer") and isinstance(d.get("sdp"), str),
    "open": lambda d: d is None,
    "message": lambda d: isinstance(d, str),
    "closed": lambda d: isinstance(d, dict) and isinstance(d.get("why"), str),
    "failed": lambda d: isinstance(d, dict) and isinstance(d.get("why"), str),
    "refused": lambda d: isinstance(d, dict) and isinstance(d.get("why"), str) and _count(d.get("size")),
    "flood": lambda d: isinstance(d, dict) and _count(d.get("dropped")),
}


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def offer(peer: str, stun: bool) -> None:
    """Host: open a connection to ``peer``; its offer comes back as event ``sdp``. ``stun``: the
    players turned on the public STUN server setting (else only the same network connects)."""
    dom.emit("rtc", "offer", str(peer), {"stun": bool(stun)})


def answer(peer: str, offer_sdp: str, stun: bool) -> None:
    """Guest: take the host's offer; the answer comes back as event ``sdp`` (or ``failed`` bad-sdp)."""
    dom.emit("rtc", "answer", str(peer), {"sdp": str(offer_sdp), "stun": bool(stun)})


def accept(peer: str, answer_sdp: str) -> None:
    """Host: take the guest's answer; then ``open``, or ``failed`` (no-path within 15 s, bad-sdp)."""
    dom.emit("rtc", "accept", str(peer), {"sdp": str(answer_sdp)})


def send(peer: str, text: str) -> None:
    """Send one message (any length: the page splits it into frames and the other side joins them)."""
    dom.emit("rtc", "send", str(peer), str(text))


def close(peer: str) -> None:
    """Close the connection to ``peer`` (no event here; the other side hears ``closed``)."""
    dom.emit("rtc", "close", str(peer))


def limits(peer: str, max_in: int = 65536, per_second: int = 50, open_ms: int | None = None) -> None:
    """Bounds for what ``peer`` sends here: messages longer than ``max_in`` characters are refused,
    more than ``per_second`` a second dropped; ``open_ms`` replaces the wait for the channel to open
    (15 s after accept, 120 s after answer). May come before the offer or answer."""
    payload: dict[str, int] = {"maxIn": int(max_in), "perSecond": int(per_second)}
    if open_ms is not None:
        payload["openMs"] = int(open_ms)
    dom.emit("rtc", "limits", str(peer), payload)


def listen(handler: Handler) -> None:
    """Call ``handler(event, peer, data)`` for every event from the page (see the module docstring)."""
    HANDLERS.append(handler)


def receive(message: dict[str, Any]) -> None:
    """One ``{"kind": "rtc", ...}`` message from the page (``bridge.receive``): checked, then handed
    to the handlers. A malformed one is logged and dropped; a handler that raises does not keep
    the others from hearing the event."""
    event, peer, data = message.get("event"), message.get("peer"), message.get("data")
    check = _EVENTS.get(event) if isinstance(event, str) else None
    if check is None or not isinstance(peer, str) or len(peer) > MAX_PEER_ID or not check(data):
        dom.log("warn", f"Railtable: malformed rtc event dropped: {str(event)[:40]!r}")
        return
    for handler in list(HANDLERS):
        try:
            handler(event, peer, data)
        except Exception as exc:  # noqa: BLE001 (one handler's bug must not silence the others)
            import traceback

            dom.log("error", f"Railtable: rtc handler {exc!r}\n{traceback.format_exc()}")
