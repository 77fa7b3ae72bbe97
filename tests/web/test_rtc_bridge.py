"""Remote play's transport from the worker's side (issue 30, docs/architecture.md "Remote play:
transport"): calls become ["rtc", ...] operations for web/remote.js; the page's rtc events reach
the handlers only with the documented shape. Runs on CPython."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from railtable_web import bridge, dom, rtc


@pytest.fixture(autouse=True)
def clean() -> Iterator[list[str]]:
    sent: list[str] = []
    dom.OPS.clear()
    dom.connect(sent.append, None)
    rtc.HANDLERS.clear()
    yield sent
    rtc.HANDLERS.clear()
    dom.OPS.clear()
    dom.connect(None, None)  # type: ignore[arg-type]


def test_calls_become_operations() -> None:
    rtc.offer("p1", False)
    rtc.answer("p2", "v=0...", True)
    rtc.accept("p1", "v=0 answer")
    rtc.send("p1", "hello")
    rtc.limits("p1", max_in=1000, per_second=5)
    rtc.limits("p2", open_ms=3000)
    rtc.close("p1")
    assert dom.OPS == [
        ["rtc", "offer", "p1", {"stun": False}],
        ["rtc", "answer", "p2", {"sdp": "v=0...", "stun": True}],
        ["rtc", "accept", "p1", {"sdp": "v=0 answer"}],
        ["rtc", "send", "p1", "hello"],
        ["rtc", "limits", "p1", {"maxIn": 1000, "perSecond": 5}],
        ["rtc", "limits", "p2", {"maxIn": 65536, "perSecond": 50, "openMs": 3000}],
        ["rtc", "close", "p1"],
    ]


GOOD = [
    ("sdp", {"type": "offer", "sdp": "v=0"}),
    ("open", None),
    ("message", '{"a": 1}'),
    ("closed", {"why": "channel-closed"}),
    ("failed", {"why": "no-path", "detail": "connection-failed"}),
    ("refused", {"why": "too-big", "size": 70000}),
    ("flood", {"dropped": 12}),
]
BAD = [
    ("sdp", {"type": "pranswer", "sdp": "v=0"}),
    ("sdp", {"type": "offer"}),
    ("open", {"x": 1}),
    ("message", 12),
    ("message", None),
    ("closed", None),
    ("failed", {"why": 3}),
    ("refused", {"why": "too-big", "size": -1}),
    ("flood", {"dropped": True}),
    ("hello", None),
]


def test_page_events_reach_every_handler_through_the_bridge(clean: list[str]) -> None:
    heard: list[tuple[str, str, Any]] = []
    rtc.listen(lambda *args: heard.append(args))
    rtc.listen(lambda *args: heard.append(("again", *args[1:])))
    for event, data in GOOD:
        bridge.receive(json.dumps({"kind": "rtc", "event": event, "peer": "p1", "data": data}))
    assert [h for h in heard if h[0] != "again"] == [(event, "p1", data) for event, data in GOOD]
    assert len(heard) == 2 * len(GOOD)


@pytest.mark.parametrize(("event", "data"), BAD)
def test_malformed_events_are_dropped_and_logged(event: str, data: Any) -> None:
    heard: list[Any] = []
    rtc.listen(lambda *args: heard.append(args))
    rtc.receive({"kind": "rtc", "event": event, "peer": "p1", "data": data})
    assert heard == []
    assert dom.OPS[-1][:2] == ["log", "warn"]


def test_bad_peer_ids_are_dropped() -> None:
    heard: list[Any] = []
    rtc.listen(lambda *args: heard.append(args))
    rtc.receive({"kind": "rtc", "event": "open", "peer": 3, "data": None})
    rtc.receive({"kind": "rtc", "event": "open", "peer": "x" * 500, "data": None})
    assert heard == []


def test_a_failing_handler_does_not_silence_the_others() -> None:
    heard: list[Any] = []

    def broken(*_: Any) -> None:
        raise RuntimeError("bug")

    rtc.listen(broken)
    rtc.listen(lambda *args: heard.append(args))
    rtc.receive({"kind": "rtc", "event": "open", "peer": "p1", "data": None})
    assert heard == [("open", "p1", None)]
    assert dom.OPS[-1][:2] == ["log", "error"]
