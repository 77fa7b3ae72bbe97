"""Trains & Stations (Eric M. Lang): dice, routes, buildings, goods and speculation; 3-5 players.

The board and Power cards are this project's design (see ``board.json``, ``cards.json``).
"""

from ..core import GameInfo, register
from .bot import BaselineBot
from .state import StationsState

INFO = register(
    GameInfo(
        id="stations",
        title="Trains & Stations",
        min_players=3,
        max_players=5,
        state_class=StationsState,
        bots={"baseline": BaselineBot},
        default_bot="baseline",
        options={},
        rules_version=2,
        rules_versions=(1, 2),
    )
)

__all__ = ["BaselineBot", "INFO", "StationsState"]
