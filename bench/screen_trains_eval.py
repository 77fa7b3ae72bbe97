"""Screen Trains' learned evaluation (issue 33): a level's search with ``learned.LearnedTrainsAdapter``
against the same level as it is, on paired deals (each seed played once with the learned bot in
every seat), in ``--jobs`` processes; the ladder's own games (``core.ladder.play_pair``).

Run: ``PYTHONPATH=py nice -n 19 python3 bench/screen_trains_eval.py --level normal --games 400 --seed 130000``
(``--option board=chiba --option sets=rising_sun``: another setup). Prints, every ``--chunk`` games,
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
sys.path.insert(0, str(Path(__file__).resolve().parent))

from railtable.core.ladder import default_jobs  # noqa: E402
from railtable.core.registry import get_game  # noqa: E402
from screen_loop import screen  # noqa: E402


def seat_bot(base: str, level: str, seat: int, seed: int, state: Any, variant: str = "learned") -> Any:
    """The game's own bots, and ``variant`` (module level, so that spawned processes can use it):

    * ``learned``: level ``base``'s search, budget and rule player with the learned evaluation;
    * ``early``: level ``base``'s budget with Hard's way of searching (the whole turn from about a
      tenth into the game, rollouts through three turns of every player played by the rule player,
      ``sampling.ENDGAMES["hard"]``).
    """
    if level != variant:
        return get_game("trains").make_bot(level, seat, seed)
    from railtable.core.search import SearchBot
    from railtable.trains.bots import PlanBot
    from railtable.trains.learned import LearnedTrainsAdapter
    from railtable.trains.sampling import ENDGAMES, LEVELS, TrainsAdapter

    if variant == "early":
        return SearchBot(seat, seed, TrainsAdapter(seat, ENDGAMES["hard"]), LEVELS[base], PlanBot(seat, seed))
    return SearchBot(seat, seed, LearnedTrainsAdapter(seat, ENDGAMES[base]), LEVELS[base], PlanBot(seat, seed))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="normal", help="the level whose search uses the learned evaluation")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=130000)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--variant", default="learned", choices=("learned", "early"))
    parser.add_argument("--low", default=None, help="the level it plays against (default: --level)")
    parser.add_argument("--chunk", type=int, default=20, help="games between summaries (a multiple of --players)")
    args = parser.parse_args()
    options = dict(kv.split("=", 1) for kv in args.option)
    low = args.low or args.level
    screen("trains", args.players, args.variant, low, args.games, args.seed, args.chunk, args.jobs,
           partial(seat_bot, args.level, variant=args.variant),
           f"{args.variant} {args.level} against {low}, {args.players} players, {options or 'Tokyo'}", options or None)

if __name__ == "__main__":
    main()
