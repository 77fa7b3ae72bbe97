"""Resuming a long game: ``Match.from_save`` of a ~950-action Trains game on CPython.

Target (issue 15): at most 50 ms. Prints the median and best of several runs of ``Match.from_save``
and of the bare engine replaying the same actions (the floor: setup + apply of every action), for
the longest seeded 4-player Trains game found among a few seeds, plus a shorter game of each other
system. Run: ``python bench/bench_resume.py [runs] [--cpu]``; ``--cpu`` times this process's CPU
(``time.process_time``) instead of the wall clock: on a shared, loaded machine the wall clock counts
the time other processes hold the cores.

Measured on the shared 2-core machine (CPython 3.11.7, medians of 9 runs, two interleaved rounds;
"before" is commit f5d2c7d: a full-state json.dumps before every action for undo):

  game               actions   before      after    bare engine
  Trains 4p              898   256-263 ms   21 ms   11 ms
  TransAmerica 4p        316    54-58 ms    31 ms   26 ms
  Trains & Stations 4p   194    87-94 ms    16 ms    2.5 ms

Under a load average of ~30 on the 2 cores (issue 15 leftovers, 2026-11-23), CPU time, medians of 9:
Trains 4p 899 actions: from_save of its text 37.6 ms (bare replay 28.2 ms); TransAmerica 4p 430: 20.3
ms (11.9); Trains & Stations 4p 265: 6.9 ms (2.7). The wall clock then read 512 / 230 / 148 ms.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from railtable.core import Match, get_game  # noqa: E402
from railtable.core.simulate import default_config  # noqa: E402


def long_trains_save(target: int = 950) -> dict[str, Any]:
    """A seeded 4-player Trains bot game of about ``target`` actions, as a save."""
    best: tuple[int, dict[str, Any]] | None = None
    for seed in range(1, 40):
        config = {"players": ["A", "B", "C", "D"], "board": "tokyo", "kingdom": "random"}
        match = Match("trains", config, seed, ["priority"] * 4)
        bots = [get_game("trains").make_bot("priority", i, seed) for i in range(4)]
        while not match.state.is_over():
            seat = match.state.to_act()[0]
            match.apply(bots[seat].choose(match.state.view(seat), match.state.legal_actions(seat)))
        n = len(match.actions)
        if best is None or abs(n - target) < abs(best[0] - target):
            best = (n, match.to_save())
        if abs(n - target) <= 30:
            break
    assert best is not None
    return best[1]


def save_of(game: str, players: int, seed: int) -> dict[str, Any]:
    config = default_config(game, players)
    match = Match(game, config, seed)
    info = get_game(game)
    bots = [info.make_bot(None, i, seed) for i in range(players)]
    while not match.state.is_over():
        seat = match.state.to_act()[0]
        match.apply(bots[seat].choose(match.state.view(seat), match.state.legal_actions(seat)))
    return match.to_save()


CLOCK = time.perf_counter


def timed(fn: Any, runs: int) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = CLOCK()
        fn()
        times.append((CLOCK() - start) * 1000)
    return statistics.median(times), min(times)


def bare_replay(save: dict[str, Any]) -> None:
    state = get_game(save["game"]).setup(save["config"], save["seed"])
    for action in save["actions"]:
        state.apply(action)


def main() -> None:
    global CLOCK
    args = [a for a in sys.argv[1:] if a != "--cpu"]
    if "--cpu" in sys.argv[1:]:
        CLOCK = time.process_time
    runs = int(args[0]) if args else 15
    print(f"Target (issue 15): Match.from_save of a ~950-action Trains game in at most 50 ms; "
          f"{'CPU' if CLOCK is time.process_time else 'wall-clock'} time")
    saves = [("trains 4p", long_trains_save()), ("transamerica 4p", save_of("transamerica", 4, 5)),
             ("stations 4p", save_of("stations", 4, 5))]
    for label, save in saves:
        text = json.dumps(save)
        med, best = timed(lambda s=save: Match.from_save(s), runs)
        tmed, tbest = timed(lambda t=text: Match.from_save(t), runs)
        bmed, bbest = timed(lambda s=save: bare_replay(s), runs)
        print(f"{label:16s} {len(save['actions']):5d} actions, {len(text):6d} chars:  Match.from_save "
              f"median {med:6.1f} ms (best {best:6.1f}), from its text {tmed:6.1f} ms (best {tbest:6.1f});  "
              f"bare engine replay median {bmed:6.1f} ms (best {bbest:6.1f})")


if __name__ == "__main__":
    main()
