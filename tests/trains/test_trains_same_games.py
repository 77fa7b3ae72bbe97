"""Speed work must change no rule, no bot decision and no view (issue 13, "Easy bot speed").

Seeded games between Easy bots (and a few between random bots, which reach more card effects)
on every board, with both card sets and Route Bonus cards, play as the table does: each decision
from ``view(seat)`` and ``legal_actions(seat)``. The hashes below were recorded on the code before
the Trains views were cached: the same actions, the same legal lists and the same view JSON for
every seat (and a spectator) after every third action.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from railtable.core import get_game
from railtable.core.jsondata import FrozenDict
from railtable.trains.bots import EagerRandomBot, PriorityBot
from same_games import combined, fingerprint

VARIANTS: list[dict[str, Any]] = [
    {"board": "tokyo"},
    {"board": "osaka"},
    {"board": "nagoya", "sets": "both", "route_bonus": True},
    {"board": "osaka", "sets": "rising_sun"},
    {"board": "tokyo", "sets": "both", "route_bonus": True},
]
TWO_PLAYER = [{"board": "kyushu", "sets": "both", "route_bonus": True}, {"board": "chiba", "s_start": True}]


def game_config(g: int) -> dict[str, Any]:
    players = 2 + g % 3
    variant = VARIANTS[g % 5]
    if players == 2 and variant["board"] == "nagoya":
        variant = TWO_PLAYER[(g // 5) % 2]
    # rules version 2: the version the hashes were recorded under (version 3 asks every attacked
    # player about a Reaction, so its games differ; tests/trains/test_trains_secret_reactions.py)
    return {"players": [f"B{i}" for i in range(players)], "kingdom": "random", "rules": 2, **variant}


def play(g: int, bot: str, every: int) -> tuple[str, str, str]:
    """One seeded game; hashes of its actions, its legal lists and its views (every ``every`` actions)."""
    st = get_game("trains").setup(game_config(g), g)
    make = PriorityBot if bot == "easy" else EagerRandomBot
    return fingerprint(st, [make(i, g) for i in range(st.num_players)], every)[:3]


def combined_games(games: range, bot: str, every: int) -> tuple[str, str, str]:
    return combined([play(g, bot, every) for g in games])


EASY: dict[int, tuple[str, str, str]] = {
    0: ("2ea8db68250ab754", "465b0a50b4d9b0ad", "d81439d804bbb7d7"),
    10: ("fc726bf8924b0190", "b156571acf2414b2", "6640b277e4c64f39"),
    20: ("84cabff2ad289c46", "41bfac1fb801933d", "6322351f94bce146"),
    30: ("b60ae3697c3a0b63", "9b023df840de88b5", "ce62b77b1d9a8ced"),
}
"""Games ``start`` to ``start + 9``: (actions, legal lists, views), recorded before the speed work."""
RANDOM = ("cb120a0e64b55851", "c55ab8d23e5b5901", "debdd63e0fba3425")


@pytest.mark.parametrize("start", [0, 10, 20, 30])
def test_easy_games_play_the_same_actions_and_views(start: int) -> None:
    assert combined_games(range(start, start + 10), "easy", 3) == EASY[start]


def test_random_games_play_the_same_actions_and_views() -> None:
    assert combined_games(range(100, 110), "random", 3) == RANDOM


def _scramble(value: Any) -> None:
    """Change every list and dict inside ``value`` (a careless caller of ``view``). The parts a view
    shares with other views are read-only (tuples, :class:`FrozenDict`): changing one must raise."""
    if isinstance(value, (list, tuple)):
        for item in value:
            _scramble(item)
        if isinstance(value, list):
            value.append("x")
    elif isinstance(value, dict):
        for item in value.values():
            _scramble(item)
        if isinstance(value, FrozenDict):
            with pytest.raises(TypeError):
                value["x"] = 1
        else:
            value["x"] = 1


@pytest.mark.parametrize("g", [2, 4, 5])
def test_a_view_changed_by_its_caller_changes_no_later_view(g: int) -> None:
    """Views share no list or dict with the state, and with each other only read-only parts (tuples,
    :class:`FrozenDict`: the parts kept between calls), so a caller who changes his view (every list
    and dict he can) changes no later view."""
    config = game_config(g)
    plain, spoiled = (get_game("trains").setup(config, g) for _ in range(2))
    n = plain.num_players
    bots = [PriorityBot(i, g) for i in range(n)]
    while not plain.is_over():
        seat = plain.to_act()[0]
        for q in [*range(n), None]:
            view = spoiled.view(q)
            assert json.dumps(view) == json.dumps(plain.view(q))
            _scramble(view)
        legal = plain.legal_actions(seat)
        action = bots[seat].choose(plain.view(seat), legal)
        plain.apply(action)
        spoiled.apply(dict(action))
    assert spoiled.result() == plain.result()
