"""Replay links and replay positions (issue 31): how long a link of a long game is, and how long
the engine takes to read a link, replay a game and show any position.

Plays the seeded 4-player Trains game of about 900 actions that ``bench_resume.py`` finds (the
longest the issue asks about), plus a game of each other system, and prints for each: actions,
the save's JSON size, the link's length (``replaylink.encode``: the whole ``#replay=`` fragment),
and CPython wall times of encoding, decoding (a replay with every move looked up in the legal
actions), ``Replay`` (one pass keeping a checkpoint every 24 actions) and the median time to the
state at a random position. Pyodide runs these 2-4 times slower. Run: ``python bench/replay_link.py``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_resume import long_trains_save, save_of  # noqa: E402
from railtable.core.replay import Replay  # noqa: E402
from railtable.core.replaylink import CHAT_LIMIT, decode, encode  # noqa: E402


def main() -> None:
    saves = [("Trains 4p", long_trains_save(900)), ("TransAmerica 6p", save_of("transamerica", 6, 3)),
             ("Trains & Stations 5p", save_of("stations", 5, 3))]
    print(f"chat limit: {CHAT_LIMIT} characters (above it the page offers the game as a file)")
    for name, save in saves:
        args = (save["game"], save["config"], save["seed"], save["actions"], save["seats"])
        t0 = time.perf_counter()
        code = encode(*args)
        t1 = time.perf_counter()
        decode(code)
        t2 = time.perf_counter()
        replay = Replay(*args)
        t3 = time.perf_counter()
        rng = random.Random(1)
        seeks = []
        for _ in range(60):
            k = rng.randrange(replay.length + 1)
            s = time.perf_counter()
            replay.view(k, None)
            seeks.append((time.perf_counter() - s) * 1000)
        size = len(str(save).encode())
        print(f"{name}: {len(save['actions'])} actions, save ~{size:,} chars, link {len('#replay=' + code):,} chars; "
              f"encode {1000 * (t1 - t0):.0f} ms, decode {1000 * (t2 - t1):.0f} ms, replay {1000 * (t3 - t2):.0f} ms, "
              f"position + spectator view median {statistics.median(seeks):.1f} ms (max {max(seeks):.1f})")


if __name__ == "__main__":
    main()
