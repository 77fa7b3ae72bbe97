"""The local static server (tools/serve.py) used by the e2e tests and ``tools/serve.sh``."""

from __future__ import annotations

import socket
import struct
import sys
import time
import urllib.request
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

from serve import SiteServer  # noqa: E402


def test_a_browser_that_stops_reading_mid_download_leaves_no_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A reload aborts the page's downloads: the server closes that connection quietly (CI's log
    showed a BrokenPipeError traceback) and goes on serving."""
    (tmp_path / "big.bin").write_bytes(b"x" * 8_000_000)
    (tmp_path / "index.html").write_text("<p>hi</p>", encoding="utf-8")
    server = SiteServer(tmp_path).start()
    try:
        for _ in range(3):
            client = socket.create_connection((server.host, server.port))
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # reset on close
            client.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
            client.recv(1024)
            client.close()
        time.sleep(0.5)
        with urllib.request.urlopen(server.url) as answer:  # noqa: S310 (our own local server)
            assert b"hi" in answer.read()
    finally:
        server.stop()
    err = capsys.readouterr().err
    assert "Traceback" not in err and "BrokenPipe" not in err and "ConnectionReset" not in err, err
