"""Seconds a Normal and a Hard bot spend per searched decision at the maximum player count
(issue 13: "Normal at most 0.5 s, Hard at most 2 s" in the browser, where Pyodide is about 2x
slower than CPython). CPU seconds of this process, so the numbers hold on a shared machine.

    PYTHONPATH=py python3 bench/bench_bots.py [--decisions 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import time

from railtable.core import get_game
from railtable.core.simulate import default_config

CASES = (("transamerica", 6, 30), ("transamerica", 2, 30), ("trains", 4, 8))
"""(game, players, easy actions to play before measuring, in rounds of turns or tracks)."""


def measure(game: str, players: int, level: str, decisions: int, seed: int = 11) -> dict[str, float]:
    info = get_game(game)
    state = info.setup(default_config(game, players), seed)
    easy = [info.make_bot("easy", s, seed) for s in range(players)]
    probe = info.make_bot(level, 0, seed)
    spent: list[float] = []
    steps = 0
    while not state.is_over() and len(spent) < decisions:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        steps += 1
        if steps > 60 and len(legal) > 1 and probe.adapter.search_here(view, legal):
            probe.seat = seat
            probe.easy = easy[seat]
            start = time.process_time()
            probe.choose(view, legal)
            spent.append(time.process_time() - start)
        state.apply(easy[seat].choose(view, legal))
    return {"decisions": len(spent), "mean": round(sum(spent) / max(1, len(spent)), 4),
            "max": round(max(spent, default=0.0), 4)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--decisions", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = {f"{g} {n}p {lv}": measure(g, n, lv, args.decisions) for g, n, _k in CASES for lv in ("normal", "hard")}
    if args.json:
        print(json.dumps(report))
    else:
        for k, v in report.items():
            print(f"{k}: {v['mean']:.3f} s mean, {v['max']:.3f} s max CPU per searched decision ({v['decisions']} decisions)")


if __name__ == "__main__":
    main()
