"""Trains & Stations (Eric M. Lang): dice, routes, buildings, goods and speculation; 3-5 players.

The board and Power cards are this project's design (docs/sources.md#trains-and-stations; the data
is in ``board.json``, ``board_v1.json`` and ``cards.json``). Rules version 2 (``RULES_VERSION``) plays
the longer board; version 1 the first one (``RULES_VERSIONS`` lists what this engine can play; a
game's config says ``"rules": n``).
"""

from ..core import GameInfo, register
from .bot import BaselineBot
from .data import RULES_VERSION, RULES_VERSIONS
from .sampling import make_level_bot
from .state import StationsState

INFO = register(
    GameInfo(
        id="stations",
        title="Trains & Stations",
        min_players=3,
        max_players=5,
        state_class=StationsState,
        bots={"easy": BaselineBot, "normal": make_level_bot("normal"), "hard": make_level_bot("hard")},
        default_bot="easy",
        bot_aliases={"baseline": "easy"},
        options={},
        rules_version=2,
        rules_versions=(1, 2),
    )
)

__all__ = ["BaselineBot", "INFO", "RULES_VERSION", "RULES_VERSIONS", "StationsState"]
