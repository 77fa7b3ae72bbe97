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
sys.path.insert(0, str(Path(__file__).resolve().parent))

from railtable.core.ladder import default_jobs  # noqa: E402
from railtable.core.registry import get_game  # noqa: E402
from screen_loop import screen  # noqa: E402


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
    screen("transamerica", args.players, "learned", args.low, args.games, args.seed, args.chunk, args.jobs,
           seat_bot, f"learned Hard against {args.low}, {args.players} players", progress=True)

if __name__ == "__main__":
    main()
