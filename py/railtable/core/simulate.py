"""Playing whole games between bots (used by the CLI, tests and benchmarks)."""

from __future__ import annotations

import time
from typing import Any

from .bot import Bot
from .errors import ConfigError
from .game import GameState
from .registry import get_game


def default_config(game_id: str, players: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The game's default setup for ``players`` bots with ``options`` over it. An option the game does
    not know is refused (``ConfigError``), never ignored: ``--option cards=rising_sun`` would
    otherwise play the Trains box's cards (the option is ``sets``)."""
    info = get_game(game_id)
    unknown = [k for k in options or {} if k not in info.known_config_keys()]
    if unknown:
        raise ConfigError(f"{info.title} has no option {unknown[0]!r}; its options are "
                          f"{', '.join(k for k in info.known_config_keys() if k != 'players')}")
    config: dict[str, Any] = dict(info.options)
    config.update(options or {})
    config["players"] = [f"Bot {i + 1}" for i in range(players)]
    return config


def play_game(
    game_id: str,
    config: dict[str, Any],
    seed: int,
    bots: list[Bot] | None = None,
    bot_kind: str | None = None,
    max_actions: int = 200_000,
) -> tuple[GameState, int]:
    """Play one game to its end; return the final state and the number of actions."""
    info = get_game(game_id)
    state = info.setup(config, seed)
    if bots is None:
        bots = [info.make_bot(bot_kind, seat, seed) for seat in range(state.num_players)]
    count = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), legal)
        state.apply(action)
        count += 1
        if count > max_actions:
            raise RuntimeError(f"game did not end after {max_actions} actions")
    return state, count


def simulate(
    game_id: str, players: int, games: int, seed: int, bot_kind: str | None = None,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play ``games`` bot games; return speed, win rates and lengths."""
    config = default_config(game_id, players, options)
    wins = [0.0] * players
    total_actions = 0
    total_rounds = 0
    start = time.perf_counter()
    for g in range(games):
        state, count = play_game(game_id, config, seed + g, bot_kind=bot_kind)
        result = state.result() or {}
        winners = result.get("winners", [])
        for w in winners:
            wins[w] += 1 / len(winners)
        total_actions += count
        total_rounds += int(result.get("rounds", 0) or result.get("turns", 0) or 0)
    elapsed = time.perf_counter() - start
    return {
        "game": game_id,
        "players": players,
        "games": games,
        "seconds": round(elapsed, 4),
        "games_per_second": round(games / elapsed, 3) if elapsed else None,
        "win_rates": [round(w / games, 4) for w in wins],
        "average_actions": round(total_actions / games, 2),
        "average_rounds_or_turns": round(total_rounds / games, 2),
    }
