"""Speed work must change no rule, no bot decision and no view (issue 13, "Speed").

Seeded Trains & Stations games, played as the table plays them (each decision from ``view(seat)``
and ``legal_actions(seat)``): Easy bots at 3, 4 and 5 players on both rules versions, and games
with a Normal bot (its flat search samples states and plays Easy rollouts on them, so the search
paths are covered too). For each game the fixture ``fixtures/same_games.json`` holds SHA-256
prefixes of the actions and final result, of the legal lists and of the views of every seat (and a
spectator) after every third action. It was recorded on the code before the Stations speed work;
``PYTHONPATH=py:tests python3 tests/stations/test_stations_same_games.py --record`` writes it anew (only ever on code
known to play the games as before).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from railtable.core import get_game
from same_games import fingerprint

FIXTURE = Path(__file__).parent / "fixtures" / "same_games.json"

GAMES: dict[str, dict[str, Any]] = {
    "easy-3p-r2-s1": {"players": 3, "rules": 2, "seed": 1, "bots": ["easy"] * 3},
    "easy-3p-r2-s2": {"players": 3, "rules": 2, "seed": 2, "bots": ["easy"] * 3},
    "easy-4p-r2-s3": {"players": 4, "rules": 2, "seed": 3, "bots": ["easy"] * 4},
    "easy-4p-r2-s4": {"players": 4, "rules": 2, "seed": 4, "bots": ["easy"] * 4},
    "easy-5p-r2-s5": {"players": 5, "rules": 2, "seed": 5, "bots": ["easy"] * 5},
    "easy-5p-r2-s6": {"players": 5, "rules": 2, "seed": 6, "bots": ["easy"] * 5},
    "easy-5p-r2-s1000": {"players": 5, "rules": 2, "seed": 1000, "bots": ["easy"] * 5},
    "easy-3p-r1-s7": {"players": 3, "rules": 1, "seed": 7, "bots": ["easy"] * 3},
    "easy-5p-r1-s8": {"players": 5, "rules": 1, "seed": 8, "bots": ["easy"] * 5},
    "normal-3p-r2-s9": {"players": 3, "rules": 2, "seed": 9, "bots": ["normal", "easy", "easy"]},
    "normal-4p-r1-s10": {"players": 4, "rules": 1, "seed": 10, "bots": ["easy", "normal", "easy", "easy"]},
}
"""Game name -> players, rules version, seed and each seat's bot level."""


def play(spec: dict[str, Any], every: int = 3) -> dict[str, str]:
    """One seeded game; hashes of its actions (and result), its legal lists and its views."""
    info = get_game("stations")
    n = spec["players"]
    config = {"players": [f"B{i}" for i in range(n)], "rules": spec["rules"]}
    st = info.setup(config, spec["seed"])
    bots = [info.make_bot(level, seat, spec["seed"]) for seat, level in enumerate(spec["bots"])]
    acts, legal, views, count = fingerprint(st, bots, every, sort_keys=True)
    return {"actions": acts, "legal": legal, "views": views, "count": str(count)}


@pytest.mark.parametrize("name", list(GAMES))
def test_seeded_games_play_the_same_actions_legal_lists_and_views(name: str) -> None:
    expected = json.loads(FIXTURE.read_text())[name]
    assert play(GAMES[name]) == expected


def record() -> None:
    """Write the fixture from the code as it is now."""
    FIXTURE.write_text(json.dumps({name: play(spec) for name, spec in GAMES.items()}, indent=1) + "\n")


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit("usage: PYTHONPATH=py:tests python3 tests/stations/test_stations_same_games.py --record")
    record()
