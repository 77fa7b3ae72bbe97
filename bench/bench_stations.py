"""Trains & Stations: bot games on CPython: speed, and the shape of the games the board gives.

Run: python bench/bench_stations.py [games-per-count] [--rules N] [--quick]  (e.g. 100 --quick)
Prints, for 3, 4 and 5 players:

* baseline-bot self-play speed (a view built for every decision, as the table does): games per
  second (wall clock) and CPU time per game (a busy machine does not inflate it). Targets: a
  5-player game under 0.5 s in the page; 40 games/s at 5 players on CPython (issue 13);
* the distribution of game length in Conductor rounds (target with bots: 7-11 at 3 players, 5-8
  at 5; issue 9), Deliveries per route, Missions scored (target: in at least a third of games),
  Buildings erected and upgrades;
* the speed of uniformly random legal play (skipped with --quick).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from railtable.core import Rng  # noqa: E402
from railtable.core.simulate import play_game  # noqa: E402
from railtable.stations.data import RULES_VERSION, board  # noqa: E402
from railtable.stations.state import StationsState  # noqa: E402


def random_play(seed: int, players: int, rules: int) -> int:
    s = StationsState.setup({"players": [f"P{i}" for i in range(players)], "rules": rules}, seed)
    rng = Rng(seed)
    n = 0
    while not s.is_over():
        p = s.to_act()[0]
        s.apply(rng.choice(s.legal_actions(p)))
        n += 1
    return n


def histogram(counter: Counter[int]) -> str:
    return " ".join(f"{k}:{counter[k]}" for k in sorted(counter))


def main() -> None:
    parser = argparse.ArgumentParser(description="Trains & Stations bot games: speed and game shape")
    parser.add_argument("games", nargs="?", type=int, default=50, help="games per player count")
    parser.add_argument("--rules", type=int, default=RULES_VERSION, help="rules version (board)")
    parser.add_argument("--quick", action="store_true", help="skip random legal play")
    opts = parser.parse_args()
    games, rules, quick = opts.games, opts.rules, opts.quick
    routes = board(rules).route_order
    print(f"rules version {rules}, {games} games per player count, seeds 1000+")
    for players in (3, 4, 5):
        config = {"players": [f"Bot {i + 1}" for i in range(players)], "rules": rules}
        start = time.perf_counter()
        cpu_start = time.process_time()
        actions = 0
        worst = 0.0
        rounds: Counter[int] = Counter()
        deliveries: Counter[str] = Counter()
        missions: Counter[int] = Counter()
        builds = upgrades = 0
        for g in range(games):
            t0 = time.process_time()
            state, count = play_game("stations", config, 1000 + g, bot_kind="baseline")
            worst = max(worst, time.process_time() - t0)
            actions += count
            rounds[state.result()["rounds"]] += 1
            kinds = Counter(ev[0] for ev in state.events)
            deliveries.update(ev[1]["route"] for ev in state.events if ev[0] == "delivery")
            missions[kinds["mission"]] += 1
            builds += kinds["build"]
            upgrades += kinds["upgrade"]
        elapsed = time.perf_counter() - start
        cpu = time.process_time() - cpu_start
        scored = games - missions[0]
        print(f"{players} players, baseline bots: {games / elapsed:.1f} games/s (wall), "
              f"{1000 * cpu / games:.1f} ms CPU/game = {games / cpu:.1f} games/s CPU "
              f"(worst {1000 * worst:.1f} ms), {actions / games:.0f} actions per game")
        mean = sum(k * v for k, v in rounds.items()) / games
        print(f"  rounds: mean {mean:.1f}, distribution {histogram(rounds)}")
        print("  deliveries per game: " + ", ".join(f"{r} {deliveries[r] / games:.2f}" for r in routes)
              + f" (total {sum(deliveries.values()) / games:.1f})")
        print(f"  Missions scored per game: distribution {histogram(missions)}; games with a Mission: "
              f"{scored}/{games} = {100 * scored / games:.0f}%")
        print(f"  Buildings per game {builds / games:.1f}, upgrades per game {upgrades / games:.1f}")
        if quick:
            continue
        start = time.perf_counter()
        n = min(games, 10)
        acts = sum(random_play(2000 + g, players, rules) for g in range(n))
        elapsed = time.perf_counter() - start
        print(f"  random legal play: {n / elapsed:.1f} games/s, {1000 * elapsed / n:.1f} ms/game, "
              f"{acts / n:.0f} actions per game")


if __name__ == "__main__":
    main()
