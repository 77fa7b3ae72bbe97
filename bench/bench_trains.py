"""Trains: full games per second on CPython (random and bot-vs-bot, 2-4 players).

Targets: a 4-player bot game under 0.5 s (issue 3); a 4-player Nagoya bot game with both sets and Route
Bonus cards under 0.25 s (issue 11). Run: python bench/bench_trains.py [games]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from railtable.core.simulate import play_game  # noqa: E402
from railtable.trains.bots import EagerRandomBot, PriorityBot  # noqa: E402


def bench(kind: str, players: int, games: int, rising_sun: bool = False) -> None:
    make = PriorityBot if kind == "priority" else EagerRandomBot
    start = time.perf_counter()
    cpu = time.process_time()
    actions = rounds = 0
    for g in range(games):
        bots = [make(i, g) for i in range(players)]
        config = {"players": [f"B{i}" for i in range(players)], "board": ("tokyo", "osaka")[g % 2], "kingdom": "random"}
        if rising_sun:
            config.update(board="nagoya", sets="both", route_bonus=True)
        st, count = play_game("trains", config, g, bots=bots)
        actions += count
        rounds += st.result()["rounds"]
    secs = time.perf_counter() - start
    cpu_ms = (time.process_time() - cpu) / games * 1000
    label = f"{kind} RS" if rising_sun else kind
    print(f"{label:12s} {players}p: {games / secs:7.2f} games/s  {secs / games * 1000:7.1f} ms/game  "
          f"({cpu_ms:6.1f} ms CPU)  {actions / games:6.0f} actions/game  {rounds / games:5.1f} rounds/game")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    for kind in ("eager_random", "priority"):
        for players in (2, 3, 4):
            bench(kind, players, games)
    bench("priority", 4, games, rising_sun=True)  # Nagoya, both sets, Route Bonus cards


if __name__ == "__main__":
    main()
