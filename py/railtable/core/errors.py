"""Errors raised by every Railtable game.

Each error carries a message written for a person: it says what was wrong and,
where it helps, what would have been legal.
"""

from __future__ import annotations

from typing import Any


class RailtableError(Exception):
    """Base class of every error this package raises on purpose."""


class IllegalActionError(RailtableError, ValueError):
    """An action that the rules do not allow now.

    Raised by ``GameState.apply`` *before* anything is changed, so the state
    is exactly as it was.
    """

    def __init__(self, message: str, action: Any = None) -> None:
        super().__init__(message)
        self.action = action


class NotYourTurnError(IllegalActionError):
    """An action by a player who may not act now."""


class MalformedActionError(IllegalActionError):
    """An action that is not a well-formed value of the game's action vocabulary."""


class UndoError(RailtableError):
    """An undo that Board Game Arena's policy does not allow (see ``core.match``)."""


class SaveError(RailtableError):
    """A save that cannot be read: corrupted, of another format version, or of an unknown game."""


class UnknownGameError(RailtableError, KeyError):
    """A game id that is not in the registry."""

    def __str__(self) -> str:  # KeyError would add quotes around the message
        return str(self.args[0]) if self.args else "unknown game"


class ConfigError(RailtableError, ValueError):
    """A game configuration that the rules do not allow (player count, options...)."""
