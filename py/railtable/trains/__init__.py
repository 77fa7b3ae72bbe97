"""Trains (AEG / OZAKU, 2013): deck-building with a hex map, Tokyo and Osaka boards, 2-4 players.

Rules: the Trains rulebook; where cards and boards come from: docs/sources.md#trains.
Action vocabulary and view: docs/actions-trains.md.
"""

from ..core import GameInfo, register
from .bots import EagerRandomBot, PriorityBot
from .sampling import make_level_bot
from .state import RULES_VERSION, RULES_VERSIONS, TrainsState

INFO = register(
    GameInfo(
        id="trains",
        title="Trains",
        min_players=2,
        max_players=4,
        state_class=TrainsState,
        bots={"easy": PriorityBot, "normal": make_level_bot("normal"), "hard": make_level_bot("hard")},
        default_bot="easy",
        extra_bots={"eager_random": EagerRandomBot},
        bot_aliases={"priority": "easy"},
        options={"board": "tokyo", "kingdom": "random", "sets": "trains"},
        rules_version=3,
        rules_versions=(1, 2, 3),
        config_keys=("board", "kingdom", "sets", "s_start", "route_bonus"),
    )
)

__all__ = ["INFO", "RULES_VERSION", "RULES_VERSIONS", "EagerRandomBot", "PriorityBot", "TrainsState"]
