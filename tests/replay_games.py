"""Seeded bot games for the replay and record tests (issue 31), on CPython."""

from __future__ import annotations

from railtable.core import Match, get_game
from railtable.core.simulate import default_config


def bot_game(game: str, players: int, seed: int, stop: int | None = None, kind: str = "") -> Match:
    """A seeded bot game, to its end or its first ``stop`` actions (random bots, but easy ones in
    Trains & Stations, where random play may go on for ever: core/soak.py)."""
    kind = kind or ("easy" if game == "stations" else "random")
    info = get_game(game)
    match = Match(game, default_config(game, players), seed, [None] + [kind] * (players - 1))
    while not match.state.is_over() and (stop is None or len(match.actions) < stop):
        seat = match.state.to_act()[0]
        bot = info.make_bot(kind, seat, seed * 1000 + len(match.actions))
        match.apply(bot.choose(match.state.view(seat), match.state.legal_actions(seat)))
    return match


LONG_TRAINS_SEED = 25
"""The seed whose 4-player Trains game of priority bots on Tokyo is 899 actions long (the game
``bench/bench_resume.py`` finds for its 900-action benchmarks)."""


def long_trains_game(seed: int = LONG_TRAINS_SEED) -> Match:
    """A finished 4-player Trains game of about 900 actions (issue 31: "moving the slider across a
    900-action game"), the first seat a person's."""
    config = {"players": ["A", "B", "C", "D"], "board": "tokyo", "kingdom": "random"}
    match = Match("trains", config, seed, [None] + ["priority"] * 3)
    bots = [get_game("trains").make_bot("priority", i, seed) for i in range(4)]
    while not match.state.is_over():
        seat = match.state.to_act()[0]
        match.apply(bots[seat].choose(match.state.view(seat), match.state.legal_actions(seat)))
    return match
