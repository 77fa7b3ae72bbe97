"""The bots' ladder (issue 13 "The ladder"): every pair of levels head to head, seats rotated.

For a pair (higher, lower) each game seats one bot of the higher level and the other seats of
the lower level; game ``g`` puts the higher one in seat ``g mod players``. A game won by several
players counts a share. Each pair reports the higher level's win share with a 95% Wilson
interval, the fair share (1 / players), the higher level's mean score margin (its score minus the
best other seat's), games per second and the mean time of a decision by level (only decisions with
two or more legal actions are timed, in CPU seconds of the process that played the game: the
numbers hold on a machine shared with other work).

Games may be played in several processes at once (``jobs``; ``railtable ladder --jobs N``, by
default every core): each game is rebuilt from its own seed in its process, and the records are
read back in game order, so the win shares, margins and progress lines are those of one process.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TextIO

from .bot import Bot
from .game import Action
from .registry import get_game
from .simulate import default_config


class _Timed:
    """Wraps a bot to time its decisions."""

    def __init__(self, bot: Bot, clock: dict[str, list[float]], level: str) -> None:
        self.bot = bot
        self.name = bot.name
        self.clock = clock
        self.level = level

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        start = time.process_time()
        action = self.bot.choose(view, legal)
        if len(legal) > 1:
            entry = self.clock.setdefault(self.level, [0.0, 0.0, 0.0])
            spent = time.process_time() - start
            entry[0] += spent
            entry[1] += 1
            entry[2] = max(entry[2], spent)
        return action


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (ties counted as shares)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _play_game(game_id: str, players: int, high: str, low: str, g: int, seed: int,
               options: dict[str, Any] | None,
               seat_bot: Callable[[str, int, int, Any], Bot] | None = None, paired: bool = False) -> dict[str, Any]:
    """Game ``g`` of a pair: seed ``seed + g`` (``paired``: ``seed + g // players``, each deal
    played once with the higher level in every seat), the higher level in seat ``g mod players``,
    each seat's bot seeded ``game_seed * 31 + seat``. Everything the game's outcome depends on is in
    the arguments, so any process plays it the same (``--jobs``)."""
    info = get_game(game_id)
    config = default_config(game_id, players, options)
    clock: dict[str, list[float]] = {}
    game_seed = seed + (g // players if paired else g)
    state = info.setup(config, game_seed)
    hot = g % players
    bots = []
    for seat in range(players):
        level = high if seat == hot else low
        made = (seat_bot(level, seat, game_seed * 31 + seat, state) if seat_bot is not None
                else info.make_bot(level, seat, game_seed * 31 + seat))
        bots.append(_Timed(made, clock, level))
    steps = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(bots[seat].choose(state.view(seat), legal))
        steps += 1
        if steps > 200_000:
            raise RuntimeError("a ladder game did not end")
    result = state.result() or {}
    scores = result.get("scores")
    margin = None
    if scores and len(scores) == players:
        margin = scores[hot] - max(s for p, s in enumerate(scores) if p != hot)
    return {"g": g, "hot": hot, "winners": list(result.get("winners", [])), "margin": margin,
            "clock": clock}


def _play_game_args(args: tuple[Any, ...]) -> dict[str, Any]:
    return _play_game(*args)


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def _games(game_id: str, players: int, high: str, low: str, games: int, seed: int,
           options: dict[str, Any] | None, seat_bot: Callable[[str, int, int, Any], Bot] | None,
           jobs: int, paired: bool, first: int = 0) -> Iterator[dict[str, Any]]:
    """Every game's record from game ``first`` on, in game order, played in ``jobs`` processes
    (spawned: no state is inherited, each game is rebuilt from its seed)."""
    if jobs <= 1 or games - first <= 1:
        for g in range(first, games):
            yield _play_game(game_id, players, high, low, g, seed, options, seat_bot, paired)
        return
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=min(jobs, games - first), mp_context=ctx) as pool:
        futures = [pool.submit(_play_game_args, (game_id, players, high, low, g, seed, options, seat_bot, paired))
                   for g in range(first, games)]
        for future in futures:  # in game order: the records and progress lines read as serial ones
            yield future.result()


def play_pair(game_id: str, players: int, high: str, low: str, games: int, seed: int,
              options: dict[str, Any] | None = None, progress: TextIO | None = None,
              seat_bot: Callable[[str, int, int, Any], Bot] | None = None, jobs: int = 1,
              paired: bool = False, first: int = 0) -> dict[str, Any]:
    """``games`` games of one ``high`` bot against ``players - 1`` ``low`` bots, seats rotated.

    With ``progress``, one line per finished game (the running win share) is written there, so a
    long ladder run in the background can be read before it ends. ``seat_bot(level, seat, seed,
    state)`` makes each seat's bot instead of the game's own (benchmarks: ``bench/oracle_ladder.py``;
    with ``jobs`` over 1 it must be picklable: a module-level function). ``jobs`` processes play the
    games at once; every game keeps its seeds, so the results are those of ``jobs=1``. ``paired``
    plays each deal once with the higher level in every seat (``players`` games a seed): luck of
    the deal weighs the same on both levels. ``first`` skips the games before it (a stopped
    ladder is continued: game ``g`` is the same game in both runs; the report counts the games
    played).
    """
    clock: dict[str, list[float]] = {}
    wins = 0.0
    margins: list[float] = []
    start = time.perf_counter()
    played = 0
    for g, rec in enumerate(_games(game_id, players, high, low, games, seed, options, seat_bot, jobs, paired, first),
                             start=first):
        played += 1
        hot, winners = rec["hot"], rec["winners"]
        if hot in winners:
            wins += 1 / len(winners)
        if rec["margin"] is not None:
            margins.append(rec["margin"])
        for lv, e in rec["clock"].items():
            entry = clock.setdefault(lv, [0.0, 0.0, 0.0])
            entry[0] += e[0]
            entry[1] += e[1]
            entry[2] = max(entry[2], e[2])
        if progress is not None:
            print(f"{high} vs {low} game {g + 1}/{games}: {high} seat {hot + 1}, "
                  f"winning seats {[w + 1 for w in winners]}, "
                  f"{high} share so far {wins / played:.3f}", file=progress, flush=True)
    elapsed = time.perf_counter() - start
    low_ci, high_ci = wilson(wins, played)
    return {
        "high": high, "low": low, "games": played, "first": first,
        "high_win_share": round(wins / played, 4) if played else None,
        "ci95": [round(low_ci, 4), round(high_ci, 4)],
        "fair_share": round(1 / players, 4),
        "mean_margin": round(sum(margins) / len(margins), 3) if margins else None,
        "games_per_second": round(played / elapsed, 4) if elapsed else None,
        "jobs": max(1, min(jobs, played)),
        "paired": paired,
        "seconds_per_decision": {
            lv: {"mean": round(e[0] / e[1], 5) if e[1] else 0.0, "max": round(e[2], 4), "decisions": int(e[1])}
            for lv, e in clock.items()
        },
    }


def ladder(game_id: str, players: int, levels: list[str], games: int, seed: int,
           options: dict[str, Any] | None = None, progress: TextIO | None = None,
           jobs: int = 1, paired: bool = False, first: int = 0) -> dict[str, Any]:
    """Every pair of ``levels`` (listed weakest first): the later one is the higher level."""
    pairs = []
    for i, low in enumerate(levels):
        for high in levels[i + 1:]:
            pairs.append(play_pair(game_id, players, high, low, games, seed, options, progress, jobs=jobs,
                                   paired=paired, first=first))
    return {"game": game_id, "players": players, "levels": levels, "games_per_pair": games, "seed": seed,
            "paired": paired, "pairs": pairs}


def format_ladder(report: dict[str, Any]) -> str:
    """A Markdown table of a ladder report (docs/bots.md holds the latest one)."""
    lines = [
        f"{report['game']}, {report['players']} players, seed {report['seed']}",
        "",
        "| higher vs lower | games | higher's win share | 95% interval | fair share | mean margin | games/s | CPU s per decision (mean / max) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for p in report["pairs"]:
        margin = "-" if p.get("mean_margin") is None else f"{p['mean_margin']:+.2f}"
        times = "; ".join(f"{lv} {t['mean']:.3f} / {t['max']:.3f}" for lv, t in sorted(p["seconds_per_decision"].items()))
        lines.append(
            f"| {p['high']} vs {p['low']} | {p['games']} | {p['high_win_share']:.1%} | "
            f"{p['ci95'][0]:.1%}-{p['ci95'][1]:.1%} | {p['fair_share']:.0%} | {margin} | {p['games_per_second']} | {times} |"
        )
    return "\n".join(lines)
