"""The engine contract shared by every Railtable game (see ``game.py``)."""

from .bot import Bot, RandomBot
from .errors import (
    ConfigError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
    RailtableError,
    SaveError,
    UndoError,
    UnknownGameError,
)
from .game import Action, GameState, Result
from .match import SAVE_VERSION, Match
from .registry import GameInfo, available_games, get_game, register
from .rng import Rng
from .savefile import RulesVersionError

__all__ = [
    "Action", "Bot", "ConfigError", "GameInfo", "GameState", "IllegalActionError",
    "MalformedActionError", "Match", "NotYourTurnError", "RailtableError", "RandomBot",
    "Result", "Rng", "RulesVersionError", "SAVE_VERSION", "SaveError", "UndoError", "UnknownGameError",
    "available_games", "get_game", "register",
]
