"""Screen TransAmerica's learned evaluation (issue 33): Hard with ``sampling.LearnedAdapter``
against Hard as it is, on paired deals (each seed played once with the learned Hard in every
seat), in ``--jobs`` processes; the ladder's own games (``core.ladder.play_pair``).

Run: ``PYTHONPATH=py nice -n 19 python3 bench/screen_ta_eval.py --games 200 --seed 700000 --jobs 2``
(prints a line per game and, every ``--chunk`` games, the learned Hard's share so far with its 95%
interval, mean score margin and CPU seconds a decision, so a run stopped early keeps its figures). ``--low normal``
plays it against Normal instead. Results: docs/bots.md, TransAmerica.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from railtable.core.ladder import default_jobs, play_pair, wilson  # noqa: E402
from railtable.core.registry import get_game  # noqa: E402


def seat_bot(level: str, seat: int, seed: int, state: Any) -> Any:
    """The game's own bots, and ``learned``: Hard's search and budget with the learned evaluation
    (module level, so that spawned processes can use it)."""
    if level != "learned":
        return get_game("transamerica").make_bot(level, seat, seed)
    from railtable.core.search import SearchBot
    from railtable.transamerica.bots import GreedyBot
    from railtable.transamerica.sampling import ADAPTER_LEVELS, LearnedAdapter

    return SearchBot(seat, seed, LearnedAdapter(), ADAPTER_LEVELS["hard"], GreedyBot(seat, seed))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=700000)
    parser.add_argument("--low", default="hard")
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--chunk", type=int, default=10, help="games between summaries (a multiple of --players)")
    args = parser.parse_args()
    chunk = max(args.players, args.chunk - args.chunk % args.players)
    wins = margin = 0.0
    played = 0
    clock: dict[str, list[float]] = {}
    while played < args.games:
        size = min(chunk, args.games - played)
        # the chunk's games continue the pairing: chunk c plays seeds seed + played // players on
        report = play_pair("transamerica", args.players, "learned", args.low, size,
                           args.seed + played // args.players, progress=sys.stdout, seat_bot=seat_bot,
                           jobs=args.jobs, paired=True)
        wins += report["high_win_share"] * size
        margin += (report["mean_margin"] or 0.0) * size
        for lv, t in report["seconds_per_decision"].items():
            e = clock.setdefault(lv, [0.0, 0, 0.0])
            e[0] += t["mean"] * t["decisions"]
            e[1] += t["decisions"]
            e[2] = max(e[2], t["max"])
        played += size
        low, high = wilson(wins, played)
        times = "; ".join(f"{lv} {e[0] / max(1, e[1]):.3f} / {e[2]:.3f}" for lv, e in sorted(clock.items()))
        print(f"learned Hard against {args.low}, {args.players} players, paired seeds {args.seed}-"
              f"{args.seed + (played - 1) // args.players}: {wins:g} of {played} = {wins / played:.1%} "
              f"(95% {low:.1%}-{high:.1%}; fair share {report['fair_share']:.1%}); mean margin "
              f"{margin / played:+.2f}; CPU s a decision (mean / max) {times}; last chunk "
              f"{report['games_per_second']} games/s with {report['jobs']} jobs", flush=True)


if __name__ == "__main__":
    main()
