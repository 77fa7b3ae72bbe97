"""The move hint's one-line reason (issue 32): which reasons a person meets, and what a reason costs.

For each game, Easy bots play seeded games; at every ``--every``-th decision of seat 0 with a choice,
a hint is asked as the page asks it (``thinking.hint_steps``: Hard's search, then the reason). Prints,
per game: hints asked, how often each reason key came (the search's fallback ``share_vs``/``share_tie``
included), and the time of the reason alone (``thinking.reason_of``: median and largest, ms, CPython;
Pyodide is about 2x slower) beside the whole hint's.

Run: ``python3 bench/hint_reasons.py [--games transamerica,trains,stations] [--seeds 3] [--every 5]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "web")]

from railtable_web import thinking  # noqa: E402

from railtable.core import Match  # noqa: E402

PLAYERS = {"transamerica": 3, "trains": 2, "stations": 3}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", default="transamerica,trains,stations")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--every", type=int, default=5)
    args = parser.parse_args()
    for game in args.games.split(","):
        keys: Counter[str] = Counter()
        reason_ms: list[float] = []
        hint_ms: list[float] = []
        n = PLAYERS[game]
        for seed in range(1, args.seeds + 1):
            match = Match(game, {"players": [f"P{i}" for i in range(n)]}, seed, [None] + ["easy"] * (n - 1))
            bots = [match.info.make_bot("easy", i, seed + i) for i in range(n)]
            decisions = 0
            while not match.state.is_over():
                state = match.state
                seat = state.to_act()[0]
                view, legal = state.view(seat), state.legal_actions(seat)
                if seat == 0 and len(legal) > 1:
                    decisions += 1
                    if decisions % args.every == 0:
                        start = time.perf_counter()
                        hint = thinking.run_steps(thinking.hint_steps(match, 0))
                        hint_ms.append(1000 * (time.perf_counter() - start))
                        assert hint is not None
                        figures = thinking.figures_of(None, hint.action)
                        start = time.perf_counter()
                        thinking.reason_of(game, view, legal, hint.action, figures)
                        reason_ms.append(1000 * (time.perf_counter() - start))
                        keys[hint.reason[0]] += 1
                match.apply(bots[seat].choose(view, legal))
        print(f"{game}: {len(hint_ms)} hints; reason {statistics.median(reason_ms):.1f} ms median, "
              f"{max(reason_ms):.1f} ms largest; whole hint {statistics.median(hint_ms):.0f} ms median")
        for key, count in keys.most_common():
            print(f"  {key:16} {count:4}  {100 * count / len(hint_ms):5.1f}%")


if __name__ == "__main__":
    main()
