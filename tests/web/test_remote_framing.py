"""web/remote.js's framing and bounds (issue 30, docs/architecture.md "Remote play: transport"),
run under Node with a stand-in RTCPeerConnection: what a hostile peer's frames can and cannot make
the page hold or forward. (e2e/test_rtc.py covers the same code between two real browsers.)"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

REMOTE = Path(__file__).resolve().parents[2] / "web" / "remote.js"

HARNESS = r"""
const events = [];
const channels = [];
globalThis.RTCPeerConnection = class {
  constructor() { this.iceGatheringState = "complete"; this.signalingState = "stable"; this.connectionState = "new"; }
  addEventListener() {}
  createDataChannel() {
    const channel = { sent: [], bufferedAmount: 0, send(frame) { this.sent.push(frame); } };
    channels.push(channel);
    return channel;
  }
  async createOffer() { return { type: "offer", sdp: "v=0 offer" }; }
  async setLocalDescription(d) { this.localDescription = d; this.signalingState = "have-local-offer"; }
  close() { this.closed = true; }
};
const remote = await import(process.argv[1]);
remote.connect((m) => events.push([m.event, m.data]));
const settle = () => new Promise((r) => setTimeout(r, 5));
remote.handle(["rtc", "limits", "p", { maxIn: 40000, perSecond: 5 }]);
remote.handle(["rtc", "offer", "p", { stun: false }]);
await settle();
const channel = channels[0];
channel.onopen();
const frames = JSON.parse(process.argv[2]);
for (const frame of frames) channel.onmessage({ data: frame === null ? new ArrayBuffer(8) : frame });
await new Promise((r) => setTimeout(r, 1100)); // the flood report
remote.handle(["rtc", "send", "p", "y".repeat(40000)]);
console.log(JSON.stringify({ events, sent: channel.sent.map((f) => [f[0], f.length]) }));
"""


def run(frames: list[str | None]) -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is needed (tools/build.py needs it too)")
    out = subprocess.run([node, "--input-type=module", "-e", HARNESS, "--", REMOTE.as_uri(), json.dumps(frames)],
                         capture_output=True, text=True, timeout=60, check=True)
    return json.loads(out.stdout)


def test_pieces_join_and_a_long_message_is_split() -> None:
    got = run(["+abc", "+def", "=gh", "=whole"])
    assert [e for e in got["events"] if e[0] == "message"] == [["message", "abcdefgh"], ["message", "whole"]]
    assert got["sent"] == [["+", 16001], ["+", 16001], ["=", 8001]]  # 40,000 characters in 3 frames


def test_pieces_beyond_max_in_are_dropped_with_the_rest_of_their_message() -> None:
    # 3 pieces of 15,000 pass 40,000: refused once; the 4th piece and the last are dropped silently
    piece = "+" + "x" * 15000
    got = run([piece, piece, piece, piece, "=end", "=next"])
    assert ["refused", {"why": "too-big", "size": 45000}] in got["events"]
    assert [e for e in got["events"] if e[0] == "message"] == [["message", "next"]]


def test_binary_and_unframed_data_are_refused() -> None:
    got = run([None, "hello", "=ok"])
    assert got["events"][:4] == [["sdp", {"type": "offer", "sdp": "v=0 offer"}], ["open", None],
                                 ["refused", {"why": "binary", "size": 8}], ["refused", {"why": "bad-frame", "size": 5}]]
    assert got["events"][4] == ["message", "ok"]


def test_a_flood_is_dropped_and_told_once() -> None:
    got = run([f"=m{i}" for i in range(30)])
    messages = [e for e in got["events"] if e[0] == "message"]
    floods = [e for e in got["events"] if e[0] == "flood"]
    assert 5 <= len(messages) <= 10  # 5 a second (the limit), two seconds at most
    assert len(floods) == 1 and floods[0][1]["dropped"] == 30 - len(messages)
