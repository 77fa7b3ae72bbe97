"""Trains & Stations: bot-vs-bot games per second on CPython (target: a 5-player game under 0.5 s).

Run: python bench/bench_stations.py [games-per-count]
Prints, for 3, 4 and 5 players (wall-clock speed, and CPU time per game, which a busy machine
does not inflate), baseline-bot self-play speed (with a view built for every
decision, as the table does) and the speed of uniformly random legal play.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from railtable.core import Rng  # noqa: E402
from railtable.core.simulate import play_game  # noqa: E402
from railtable.stations.state import StationsState  # noqa: E402


def random_play(seed: int, players: int) -> int:
    s = StationsState.setup({"players": [f"P{i}" for i in range(players)]}, seed)
    rng = Rng(seed)
    n = 0
    while not s.is_over():
        p = s.to_act()[0]
        s.apply(rng.choice(s.legal_actions(p)))
        n += 1
    return n


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    for players in (3, 4, 5):
        config = {"players": [f"Bot {i + 1}" for i in range(players)]}
        start = time.perf_counter()
        cpu_start = time.process_time()
        actions = rounds = 0
        worst = 0.0
        for g in range(games):
            t0 = time.process_time()
            state, count = play_game("stations", config, 1000 + g, bot_kind="baseline")
            worst = max(worst, time.process_time() - t0)
            actions += count
            rounds += state.result()["rounds"]
        elapsed = time.perf_counter() - start
        cpu = time.process_time() - cpu_start
        print(f"{players} players, baseline bots: {games / elapsed:.1f} games/s (wall), "
              f"{1000 * cpu / games:.1f} ms CPU/game (worst {1000 * worst:.1f} ms CPU; target < 500 ms), "
              f"{actions / games:.0f} actions and {rounds / games:.1f} rounds per game")
        start = time.perf_counter()
        actions = sum(random_play(2000 + g, players) for g in range(games))
        elapsed = time.perf_counter() - start
        print(f"{players} players, random legal play: {games / elapsed:.1f} games/s, "
              f"{1000 * elapsed / games:.1f} ms/game, {actions / games:.0f} actions per game")


if __name__ == "__main__":
    main()
