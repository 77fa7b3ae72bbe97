"""Screen TransAmerica's learned evaluation (issue 33): Hard with ``sampling.LearnedAdapter``
against Hard as it is, on paired deals (each seed played once with the learned Hard in every
seat), in ``--jobs`` processes; the ladder's own games (``core.ladder.play_pair``).

Run: ``PYTHONPATH=py nice -n 19 python3 bench/screen_ta_eval.py --games 200 --seed 700000 --jobs 2``
(prints a line per game, then the learned Hard's share with its 95% interval). ``--low normal``
plays it against Normal instead. Results: docs/bots.md, TransAmerica.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from railtable.core.ladder import default_jobs, play_pair  # noqa: E402
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
    args = parser.parse_args()
    report = play_pair("transamerica", args.players, "learned", args.low, args.games, args.seed,
                       progress=sys.stdout, seat_bot=seat_bot, jobs=args.jobs, paired=True)
    low, high = report["ci95"]
    print(f"learned Hard against {args.low}, {args.players} players, paired seeds {args.seed}-"
          f"{args.seed + (args.games - 1) // args.players}: {report['high_win_share']:.1%} of {args.games} "
          f"(95% {low:.1%}-{high:.1%}; fair share {report['fair_share']:.1%}); mean margin "
          f"{report['mean_margin']}; CPU seconds a decision {report['seconds_per_decision']}; "
          f"{report['games_per_second']} games/s with {report['jobs']} jobs")


if __name__ == "__main__":
    main()
