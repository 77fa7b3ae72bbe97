"""TransAmerica (2-6 players): shared track networks on a triangular map of the USA.

``state.TransAmericaState`` is the rules engine, ``board`` the map data (also for the UI),
``steiner`` the scoring count and ``bots`` the computer opponents.
"""

from ..core import GameInfo, register
from .bots import GreedyBot
from .sampling import make_level_bot
from .state import MAX_PLAYERS, MIN_PLAYERS, TransAmericaState

INFO = register(
    GameInfo(
        id="transamerica",
        title="TransAmerica",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        state_class=TransAmericaState,
        bots={"easy": GreedyBot, "normal": make_level_bot("normal"), "hard": make_level_bot("hard")},
        default_bot="easy",
        bot_aliases={"greedy": "easy"},
        options={"dashed": None, "start_score": 13},
        rules_version=1,
        rules_versions=(1,),
        config_keys=("dashed", "start_score"),
    )
)

__all__ = ["INFO", "GreedyBot", "TransAmericaState"]
