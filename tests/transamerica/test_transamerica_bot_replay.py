"""Speed work must not change what the Easy bot does: 50 seeded Easy games (10 at each of 2-6
players) play exactly the actions they played when these digests were recorded (before the
issue-13 planning work), and end on the same scores."""

from __future__ import annotations

import hashlib
import json

import pytest

from railtable.core import get_game

DIGESTS = {
    2: "128288b671a2e0bd8cc20cd0a2e3c0a1fbb7faea7e5b51a47e949e33c4dfab21",
    3: "75ece7c87ca29cd9276c52d881ed622bcc516d7878f614943416cb7abc8a423a",
    4: "d78bb74484d423bd9d61d311c52ae4cfefe77860524c3f77f7cbe19e2b246427",
    5: "6b3270aa5dbc17eeb9521989ccdab8d4128ab89d23909f2bf361e018a094681c",
    6: "3b29b1291df41d8d95ad06fdddaa9b1ee8cffdc660a3e9c0d60c6c413164631a",
}
"""SHA-256 over every action (JSON, sorted keys, one per line) and the final scores of seeds
``100 + 10 * players`` to ``109 + 10 * players``, each game's bots seeded with the game's seed."""


def actions_digest(players: int, seeds: range) -> str:
    """SHA-256 of the actions and final scores of Easy games, one per seed, between ``players``
    bots that see only ``view(seat)`` and ``legal_actions(seat)``."""
    info = get_game("transamerica")
    digest = hashlib.sha256()
    for seed in seeds:
        state = info.setup({"players": [f"B{i}" for i in range(players)]}, seed)
        bots = [info.make_bot("easy", seat, seed) for seat in range(players)]
        while not state.is_over():
            seat = state.to_act()[0]
            action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
            digest.update(json.dumps(action, sort_keys=True).encode())
            digest.update(b"\n")
            state.apply(action)
        result = state.result()
        assert result is not None
        digest.update(json.dumps(result["scores"]).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("players", sorted(DIGESTS))
def test_easy_games_play_the_recorded_actions(players: int) -> None:
    assert actions_digest(players, range(100 + 10 * players, 110 + 10 * players)) == DIGESTS[players]
