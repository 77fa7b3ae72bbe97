"""Connection codes for remote play (issue 30, docs/architecture.md "Remote play: transport"):
SDPs captured from this machine's Chromium (fixtures: with and without mDNS host names, with and
without the STUN setting; ``sdp_edited_srflx_offer.txt`` is a capture with a server-reflexive and a
TCP candidate added by hand, as no STUN server is reachable here) pack to a few dozen bytes and
unpack to an SDP with the same connection data; anything malformed is a ``CodeError``."""

from __future__ import annotations

import re
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from railtable_web import i18n, sdp_code
from railtable_web.sdp_code import CodeError, from_text, pack, to_text, unpack

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("sdp_*.txt"))


def kind_of(path: Path) -> str:
    return "offer" if path.stem.endswith("offer") else "answer"


def essentials(sdp: str) -> tuple[object, ...]:
    """What a data-channel connection needs from an SDP (UDP candidates of component 1)."""
    def one(prefix: str) -> str:
        return next(line[len(prefix):] for line in sdp.splitlines() if line.startswith(prefix))

    candidates = []
    for line in sdp.splitlines():
        if line.startswith("a=candidate:"):
            parts = line.split()
            if parts[2] == "udp":
                candidates.append((parts[7], parts[4], int(parts[5])))
    return one("a=ice-ufrag:"), one("a=ice-pwd:"), one("a=fingerprint:").upper(), one("a=setup:"), candidates


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_captured_sdps_round_trip(path: Path) -> None:
    sdp = path.read_text(encoding="ascii")
    data = pack(sdp)
    again = unpack(data, kind_of(path))
    assert essentials(again) == essentials(sdp)
    assert pack(again) == data
    assert from_text(to_text(data)) == data
    assert len(to_text(data)) <= 140, "short enough for a chat message and a small QR code"
    assert "tcp" not in again and "network-cost" not in again


def test_minimal_sdp_has_what_chromium_needs() -> None:
    sdp = unpack(pack(FIXTURES[0].read_text()), "answer")
    for needed in ("m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "a=mid:0", "a=sctp-port:5000",
                   "a=group:BUNDLE 0", "a=end-of-candidates"):
        assert needed in sdp
    assert sdp.endswith("\r\n") and "\n" not in sdp.replace("\r\n", "")


def test_priorities_keep_the_order_and_types() -> None:
    sdp = unpack(pack((FIXTURES[0].parent / "sdp_edited_srflx_offer.txt").read_text()), "offer")
    priorities = [int(line.split()[3]) for line in sdp.splitlines() if line.startswith("a=candidate:")]
    assert priorities == sorted(priorities, reverse=True) and len(priorities) == 3
    assert "typ srflx raddr 0.0.0.0 rport 0" in sdp


def test_offer_and_answer_roles_are_checked() -> None:
    offer = pack(FIXTURES[0].parent.joinpath("sdp_chromium_mdns_nostun_offer.txt").read_text())
    with pytest.raises(CodeError):
        unpack(offer, "answer")  # an offer pasted where the answer is awaited
    answer = pack(FIXTURES[0].parent.joinpath("sdp_chromium_mdns_nostun_answer.txt").read_text())
    with pytest.raises(CodeError):
        unpack(answer, "offer")


def test_malformed_bytes_raise_code_error() -> None:
    good = pack(FIXTURES[0].read_text())
    for n in range(len(good)):
        with pytest.raises(CodeError) as caught:
            unpack(good[:n], "answer")
        assert caught.value.reason == "truncated"
    with pytest.raises(CodeError, match="another version") as caught:
        unpack(bytes([2]) + good[1:], "answer")
    with pytest.raises(CodeError):
        unpack(good + b"\0", "answer")
    count_at = good.index(bytes.fromhex(re.sub(":", "", essentials(unpack(good, "answer"))[2].split()[1]))) + 32
    too_many = good[:count_at] + bytes([sdp_code.MAX_CANDIDATES + 1]) + good[count_at + 1:]
    with pytest.raises(CodeError) as caught:
        unpack(too_many, "answer")
    assert caught.value.reason == "too_many"


def test_pack_refuses_what_cannot_connect() -> None:
    sdp = FIXTURES[0].read_text()
    with pytest.raises(CodeError):
        pack(re.sub(r"a=fingerprint:.*", "a=fingerprint:sha-1 00:11", sdp))
    with pytest.raises(CodeError):
        pack(re.sub(r"a=ice-pwd:.*", "a=ice-pwd:<script>", sdp))
    with pytest.raises(CodeError):
        pack("hello")


def test_text_survives_a_chat_app() -> None:
    data = pack(FIXTURES[0].read_text())
    text = to_text(data)
    assert re.fullmatch(r"[A-Za-z0-9_-]+", text)
    mangled = "  «" + "\n".join(text[i:i + 20] for i in range(0, len(text), 20)) + "\u200b»\r\n"
    assert from_text(mangled) == data
    standard = text.replace("-", "+").replace("_", "/") + "=" * (-len(text) % 4)
    assert from_text(standard) == data


@pytest.mark.parametrize("text", ["", "   ", "hello world!", "a", "AAAA", "x" * 5000, "%%%%", "_wAA"])
def test_garbage_text_is_a_code_error(text: str) -> None:
    with pytest.raises(CodeError):
        unpack(from_text(text), "offer")


def test_zip_bomb_is_refused() -> None:
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = bytes([1]) + squeezer.compress(b"\0" * 1_000_000) + squeezer.flush()
    import base64

    text = base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    assert len(text) < sdp_code.MAX_TEXT
    with pytest.raises(CodeError) as caught:
        from_text(text)
    assert caught.value.reason == "too_long"


def test_every_reason_is_said_in_english_and_french() -> None:
    for reason, english in sdp_code.MESSAGES.items():
        assert i18n.MESSAGES["en"][f"code_{reason}"] == english
        assert i18n.MESSAGES["fr"][f"code_{reason}"]


ice = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/", min_size=4, max_size=64)
candidate = st.tuples(
    st.sampled_from(sdp_code.TYPES),
    st.one_of(st.ip_addresses().map(str), st.uuids().map(lambda u: f"{u}.local")),
    st.integers(1, 65535),
)


@settings(max_examples=200, deadline=None)
@given(ice, ice, st.binary(min_size=32, max_size=32), st.sampled_from(sdp_code.SETUPS),
       st.lists(candidate, max_size=sdp_code.MAX_CANDIDATES, unique_by=lambda c: (c[1], c[2])))
def test_any_description_round_trips(ufrag: str, pwd: str, fingerprint: bytes, setup: str,
                                     candidates: list[tuple[str, str, int]]) -> None:
    lines = ["v=0", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel"]
    lines += [f"a=candidate:{i} 1 udp {100 - i} {a} {p} typ {t}" for i, (t, a, p) in enumerate(candidates)]
    lines += [f"a=ice-ufrag:{ufrag}", f"a=ice-pwd:{pwd}", f"a=setup:{setup}",
              "a=fingerprint:sha-256 " + ":".join(f"{b:02X}" for b in fingerprint)]
    data = pack("\r\n".join(lines))
    kind = "offer" if setup == "actpass" else "answer"
    again = unpack(from_text(to_text(data)), kind)
    assert pack(again) == data
    got = essentials(again)
    assert got[:2] == (ufrag, pwd) and got[3] == setup
    assert [(t, p) for t, _, p in got[4]] == [(t, p) for t, _, p in candidates]


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_any_bytes_unpack_or_raise_code_error(data: bytes) -> None:
    for kind in ("offer", "answer"):
        try:
            sdp = unpack(data, kind)
        except CodeError:
            continue
        assert pack(sdp) == data


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_decodes_or_raises_code_error(text: str) -> None:
    try:
        from_text(text)
    except CodeError:
        pass
