"""The paired screens' shared loop (``bench/screen_ta_eval.py``, ``bench/screen_trains_eval.py``): games
in chunks through the ladder's own ``play_pair``, a summary line after each chunk (share with its 95%
interval, mean score margin, CPU seconds a decision), so that a run stopped early keeps its figures."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from railtable.core.ladder import play_pair, wilson


def screen(game: str, players: int, high: str, low: str, games: int, seed: int, chunk: int, jobs: int,
           seat_bot: Callable[..., Any], label: str, options: dict[str, Any] | None = None,
           progress: bool = False) -> None:
    """Play ``games`` paired games of one ``high`` seat against ``low`` seats, printing ``label`` and the
    figures so far after every ``chunk`` games (a multiple of ``players``)."""
    chunk = max(players, chunk - chunk % players)
    wins = margin = 0.0
    played = 0
    clock: dict[str, list[float]] = {}
    while played < games:
        size = min(chunk, games - played)
        # the chunk's games continue the pairing: chunk c plays seeds seed + played // players on
        report = play_pair(game, players, high, low, size, seed + played // players, options,
                           progress=sys.stdout if progress else None, seat_bot=seat_bot, jobs=jobs, paired=True)
        wins += report["high_win_share"] * size
        margin += (report["mean_margin"] or 0.0) * size
        for lv, t in report["seconds_per_decision"].items():
            e = clock.setdefault(lv, [0.0, 0, 0.0])
            e[0] += t["mean"] * t["decisions"]
            e[1] += t["decisions"]
            e[2] = max(e[2], t["max"])
        played += size
        low_end, high_end = wilson(wins, played)
        times = "; ".join(f"{lv} {e[0] / max(1, e[1]):.4f} / {e[2]:.3f}" for lv, e in sorted(clock.items()))
        print(f"{label}, paired seeds {seed}-{seed + (played - 1) // players}: {wins:g} of {played} = "
              f"{wins / played:.1%} (95% {low_end:.1%}-{high_end:.1%}; fair share {report['fair_share']:.1%}); "
              f"mean margin {margin / played:+.2f}; CPU s a decision (mean / max) {times}; last chunk "
              f"{report['games_per_second']} games/s with {report['jobs']} jobs", flush=True)
