"""Screen Trains' learned evaluation (issue 33): a level's search with ``learned.LearnedTrainsAdapter``
against the same level as it is, on paired deals (each seed played once with the learned bot in
every seat), in ``--jobs`` processes; the ladder's own games (``core.ladder.play_pair``).

Run: ``PYTHONPATH=py nice -n 19 python3 bench/screen_trains_eval.py --level normal --games 400 --seed 130000``
(``--option board=chiba --option cards=rising_sun``: another setup). Prints, every ``--chunk`` games,
the learned bot's share so far with its 95% interval, mean score margin and CPU seconds a decision,
so a run stopped early keeps its figures. Results: docs/bots.md, "Evaluations learned from self-play".
"""

from __future__ import annotations

import argparse
import sys
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from railtable.core.ladder import default_jobs, play_pair, wilson  # noqa: E402
from railtable.core.registry import get_game  # noqa: E402


def seat_bot(base: str, level: str, seat: int, seed: int, state: Any) -> Any:
    """The game's own bots, and ``learned``: level ``base``'s search, budget and rule player with the
    learned evaluation (module level, so that spawned processes can use it)."""
    if level != "learned":
        return get_game("trains").make_bot(level, seat, seed)
    from railtable.core.search import SearchBot
    from railtable.trains.bots import PlanBot
    from railtable.trains.learned import LearnedTrainsAdapter
    from railtable.trains.sampling import ENDGAMES, LEVELS

    return SearchBot(seat, seed, LearnedTrainsAdapter(seat, ENDGAMES[base]), LEVELS[base], PlanBot(seat, seed))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="normal", help="the level whose search uses the learned evaluation")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=130000)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--chunk", type=int, default=20, help="games between summaries (a multiple of --players)")
    args = parser.parse_args()
    options = dict(kv.split("=", 1) for kv in args.option)
    chunk = max(args.players, args.chunk - args.chunk % args.players)
    wins = margin = 0.0
    played = 0
    clock: dict[str, list[float]] = {}
    while played < args.games:
        size = min(chunk, args.games - played)
        report = play_pair("trains", args.players, "learned", args.level, size,
                           args.seed + played // args.players, options or None, progress=None,
                           seat_bot=partial(seat_bot, args.level), jobs=args.jobs, paired=True)
        wins += report["high_win_share"] * size
        margin += (report["mean_margin"] or 0.0) * size
        for lv, t in report["seconds_per_decision"].items():
            e = clock.setdefault(lv, [0.0, 0, 0.0])
            e[0] += t["mean"] * t["decisions"]
            e[1] += t["decisions"]
            e[2] = max(e[2], t["max"])
        played += size
        low, high = wilson(wins, played)
        times = "; ".join(f"{lv} {e[0] / max(1, e[1]):.4f} / {e[2]:.3f}" for lv, e in sorted(clock.items()))
        print(f"learned {args.level} against {args.level}, {args.players} players, {options or 'Tokyo'}, paired seeds "
              f"{args.seed}-{args.seed + (played - 1) // args.players}: {wins:g} of {played} = {wins / played:.1%} "
              f"(95% {low:.1%}-{high:.1%}; fair {report['fair_share']:.1%}); mean margin {margin / played:+.2f}; "
              f"CPU s a decision (mean / max) {times}", flush=True)


if __name__ == "__main__":
    main()
