"""Trains (AEG / OZAKU, 2013): deck-building with a hex map, Tokyo and Osaka boards, 2-4 players.

Rules: ../shared/rules/trains.en.txt; card texts and boards: ../shared/reference/trains.md.
Action vocabulary and view: docs/actions-trains.md.
"""

from ..core import GameInfo, register
from .bots import EagerRandomBot, PriorityBot
from .state import TrainsState

INFO = register(
    GameInfo(
        id="trains",
        title="Trains",
        min_players=2,
        max_players=4,
        state_class=TrainsState,
        bots={"priority": PriorityBot, "eager_random": EagerRandomBot},
        default_bot="priority",
        options={"board": "tokyo", "kingdom": "random"},
        rules_version=2,
        rules_versions=(1, 2),
    )
)

__all__ = ["INFO", "EagerRandomBot", "PriorityBot", "TrainsState"]
