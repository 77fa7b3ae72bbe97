"""TransAmerica speed on CPython: greedy bot games, legal_actions, scoring.

Run: ``PYTHONPATH=py python bench/bench_transamerica.py [games_per_count]``.
Targets (issue 13): bot-vs-bot with the greedy ("easy") bot at 6 players, at least 60 rounds per
second (printed from wall time and from CPU time: the CPU figure is the one to compare on a
shared machine); legal_actions under 5 ms in a 6-player mid-game.
Before the issue-13 work: 6 players, about 7.8 rounds/s (CPU).
"""

from __future__ import annotations

import statistics
import sys
import time

from railtable.core import Rng
from railtable.core.simulate import play_game
from railtable.transamerica import board
from railtable.transamerica.state import TransAmericaState
from railtable.transamerica.steiner import missing_points


def bench_games(players: int, games: int) -> None:
    times = []
    cpu = 0.0
    rounds = []
    actions = []
    for seed in range(games):
        start = time.perf_counter()
        start_cpu = time.process_time()
        state, count = play_game("transamerica", {"players": [f"B{i}" for i in range(players)]}, 1000 + seed)
        times.append(time.perf_counter() - start)
        cpu += time.process_time() - start_cpu
        result = state.result()
        assert result is not None
        rounds.append(result["rounds"])
        actions.append(count)
    total = sum(times)
    print(
        f"greedy vs greedy, {players} players: {sum(rounds) / total:6.1f} rounds/s "
        f"({sum(rounds) / cpu:6.1f} on CPU time), {games / total:6.2f} games/s, "
        f"mean {1000 * total / games:7.1f} ms/game (max {1000 * max(times):7.1f}; cpu {1000 * cpu / games:7.1f}), "
        f"{statistics.mean(rounds):.1f} rounds, {statistics.mean(actions):.0f} actions per game"
    )


def bench_legal_actions() -> None:
    """A 6-player greedy game stopped at 50 tracks (networks merged): time legal_actions and view."""
    from railtable.core import get_game

    info = get_game("transamerica")
    state = TransAmericaState.setup({"players": [f"P{i}" for i in range(6)]}, 3)
    bots = [info.make_bot(None, seat, 3) for seat in range(6)]
    while state.phase == "marker" or len(state.tracks) < 50 or state.singles + state.doubles:
        seat = state.to_act()[0]
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    seat = state.to_act()[0]
    reps = 2000
    start = time.perf_counter()
    for _ in range(reps):
        legal = state.legal_actions(seat)
    per = (time.perf_counter() - start) / reps
    print(f"legal_actions, 6 players, {len(state.tracks)} tracks, network of {len(state.network(seat))} "
          f"crossings: {1000 * per:.3f} ms ({len(legal)} actions)")
    start = time.perf_counter()
    for _ in range(200):
        view = state.view(seat)
    print(f"view, same position: {1000 * (time.perf_counter() - start) / 200:.3f} ms ({len(view['log'])} log lines)")


def bench_scoring() -> None:
    rng = Rng(5)
    hands = [[rng.choice(board.cities_of_colour(c, True)) for c in board.COLOURS] for _ in range(200)]
    occupied = rng.sample(range(len(board.EDGES)), 60)
    start = time.perf_counter()
    for hand in hands:
        missing_points(hand, occupied)
    print(f"exact missing points (Steiner, 5 cities, 60 tracks): {1000 * (time.perf_counter() - start) / len(hands):.2f} ms")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    print(f"Python {sys.version.split()[0]}")
    bench_scoring()
    bench_legal_actions()
    for players in range(2, 7):
        bench_games(players, games)


if __name__ == "__main__":
    main()
