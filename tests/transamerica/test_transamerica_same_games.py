"""Speed work must change no rule, no bot decision and no view (issue 13, "Speed").

Seeded 6-player games between Easy bots, and a short 4-player game with two Normal (search) bots
and two Easy bots, play as the table does: each decision from ``view(seat)`` and ``legal_actions(seat)``.
The hashes below were recorded on the code before the issue-13 "60 rounds/s" work: the same
actions, the same legal lists and the same view JSON for every seat (and a spectator) after every
``every``-th action, and the same result. Recorded again when the Easy bot began to build the
planned single line farthest from the other networks first (issue 33: a change of play).
"""

from __future__ import annotations

from railtable.core import get_game
from same_games import combined, fingerprint


def play(seed: int, players: int, levels: list[str], every: int, start_score: int = 13) -> tuple[str, str, str]:
    """One seeded game; hashes of its actions, its legal lists and its views (every ``every`` actions)."""
    info = get_game("transamerica")
    st = info.setup({"players": [f"B{i}" for i in range(players)], "start_score": start_score}, seed)
    bots = [info.make_bot(levels[i % len(levels)], i, seed) for i in range(players)]
    return fingerprint(st, bots, every)[:3]


EASY_6 = ("8d9153f7eb171fc3", "94218bcd35c0d506", "5ed34decdc08cd67")
"""Seeds 1000-1004 (those of ``bench/bench_transamerica.py``), 6 Easy bots, views every 5 actions."""
NORMAL_4 = ("f04634e839614368", "435541d6184fb238", "8432652877de16d1")
"""Seed 7, 4 players starting at 3 points (a short game): seats 0 and 2 Normal, 1 and 3 Easy,
views every 7 actions."""


def test_six_player_easy_games_play_the_same_actions_legal_lists_and_views() -> None:
    assert combined([play(seed, 6, ["easy"], 5) for seed in range(1000, 1005)]) == EASY_6


def test_a_normal_bot_game_plays_the_same_actions_legal_lists_and_views() -> None:
    assert play(7, 4, ["normal", "easy"], 7, start_score=3) == NORMAL_4
