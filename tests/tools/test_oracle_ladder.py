"""The perfect-information ceiling bench (``bench/oracle_ladder.py``, issue 13): its Hard's samples
hold the real game's hidden cards, where the honest Hard's samples hold a random deal of them."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import bench_modules
from railtable.core.registry import get_game
from railtable.core.rng import Rng
from railtable.core.simulate import default_config


def _bench() -> ModuleType:
    return bench_modules.load("oracle_ladder")


def _midgame(game_id: str, players: int, seed: int, moves: int) -> Any:
    """A game after ``moves`` Easy moves, at a decision of the seat to act."""
    info = get_game(game_id)
    state = info.setup(default_config(game_id, players, None), seed)
    bots = [info.make_bot("easy", seat, seed + seat) for seat in range(players)]
    for _ in range(moves):
        seat = state.to_act()[0]
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    return state


def test_transamerica_oracle_samples_hold_the_true_cities() -> None:
    bench = _bench()
    state = _midgame("transamerica", 2, 24000, 8)
    seat = state.to_act()[0]
    honest = get_game("transamerica").make_bot("hard", seat, 1)
    assert honest.adapter.sample(state.view(seat), seat, Rng(5)).hands != state.hands  # a random deal
    oracle = bench.Oracle(get_game("transamerica").make_bot("hard", seat, 1), "transamerica", state)
    sample = oracle.bot.adapter.sample(state.view(seat), seat, Rng(5))
    assert sample.hands == state.hands
    # the exact values are those of the true cities: each player's need from the real hands
    fresh = get_game("transamerica").make_bot("hard", seat, 1).adapter
    real_copy = fresh.clone(state)
    assert oracle.bot.adapter.needs(sample) == fresh.needs(real_copy)


def test_stations_oracle_samples_hold_the_true_cards() -> None:
    bench = _bench()
    state = _midgame("stations", 3, 8000, 60)
    seat = state.to_act()[0]
    honest = get_game("stations").make_bot("hard", seat, 1).adapter.sample(state.view(seat), seat, Rng(5))
    assert (honest.hands, honest.power_hands, honest.power_deck) != (state.hands, state.power_hands, state.power_deck)
    oracle = bench.Oracle(get_game("stations").make_bot("hard", seat, 1), "stations", state)
    sample = oracle.bot.adapter.sample(state.view(seat), seat, Rng(5))
    assert sample.hands == state.hands
    assert sample.power_hands == state.power_hands
    assert sample.power_deck == state.power_deck
    assert sample.power_deck is not state.power_deck  # copies: the search never changes the real game


def test_the_ladder_seats_the_callers_bots_with_the_live_game() -> None:
    """``play_pair(seat_bot=...)`` (what the bench seats its oracle with): each seat's bot is made by
    the caller, the higher level in seat ``g mod players``, with the game it will play."""
    from railtable.core.ladder import play_pair

    made: list[tuple[int, str, int, bool]] = []
    info = get_game("transamerica")

    def seat_bot(level: str, seat: int, seed: int, state: Any) -> Any:
        made.append((len(made) // 2, level, seat, state.is_over()))
        return info.make_bot("easy", seat, seed)

    report = play_pair("transamerica", 2, "hard", "normal", 2, 5, seat_bot=seat_bot)
    assert made == [(0, "hard", 0, False), (0, "normal", 1, False), (1, "normal", 0, False), (1, "hard", 1, False)]
    assert report["games"] == 2 and set(report["seconds_per_decision"]) <= {"hard", "normal"}
