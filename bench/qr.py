"""QR codes of remote play's invite link and reply code (issue 30): how long ``qr.svg`` takes.

The page makes these in the Pyodide worker, so a code must take well under 50 ms there; Pyodide
runs pure Python about 2-4 times slower than CPython. Prints, on CPython, the import of the
module, the first ``svg()`` of a 400-character URL in this process (cold), then for a reply code
(100 and 250 characters) and an invite link (150, 250 and 400 characters) at each level: the
version, the SVG's size, the median and fastest wall time of 30 calls and their median CPU time
(steadier than wall time on a machine shared with other jobs). Run: ``python bench/qr.py``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def _text(prefix: str, length: int, rng: random.Random) -> str:
    return prefix + "".join(rng.choice(_ALPHABET) for _ in range(length - len(prefix)))


def main() -> None:
    rng = random.Random(30)
    url400 = _text("https://example.github.io/railtable/#join=", 400, rng)
    t0, c0 = time.perf_counter(), time.process_time()
    from railtable_web import qr

    t1, c1 = time.perf_counter(), time.process_time()
    qr.svg(url400, "M", label="Invite")
    t2, c2 = time.perf_counter(), time.process_time()
    print(f"import railtable_web.qr: {(t1 - t0) * 1000:.1f} ms (CPU {(c1 - c0) * 1000:.1f} ms)")
    print(f"first svg() of a 400-character URL at M (cold): {(t2 - t1) * 1000:.1f} ms (CPU {(c2 - c1) * 1000:.1f} ms)")
    print(f"{'what':<22}{'level':>6}{'version':>8}{'svg bytes':>10}{'median ms':>11}{'fastest ms':>11}"
          f"{'median CPU ms':>15}")
    cases = [("reply code", _text("", n, rng), n) for n in (100, 250)]
    cases += [("invite link", _text("https://example.github.io/railtable/#join=", n, rng), n) for n in (150, 250)]
    cases += [("invite link", url400, 400)]
    for what, text, n in cases:
        for ecc in "LMQH":
            times = []
            cpu = []
            for _ in range(30):
                a, c = time.perf_counter(), time.process_time()
                out = qr.svg(text, ecc, label=what)
                times.append((time.perf_counter() - a) * 1000)
                cpu.append((time.process_time() - c) * 1000)
            version = (len(qr.matrix(text, ecc)) - 17) // 4
            print(f"{what + f' ({n})':<22}{ecc:>6}{version:>8}{len(out):>10}"
                  f"{statistics.median(times):>11.1f}{min(times):>11.1f}{statistics.median(cpu):>15.1f}")


if __name__ == "__main__":
    main()
