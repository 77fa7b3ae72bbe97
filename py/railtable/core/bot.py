"""The one interface every computer opponent follows.

A bot is given only what its player may see (``state.view(seat)``) and the list
of legal actions, and returns one of those actions. It never sees the state.
"""

from __future__ import annotations

from typing import Any, Protocol

from .game import Action
from .rng import Rng


def decision_seed(seed: int, seat: int, actions_played: int) -> int:
    """The seed of the bot that decides for ``seat`` once ``actions_played`` actions are in the game
    (the table's bots and the lessons' scripts alike: a game's bots play the same moves wherever
    it is played from its setup, seed and actions)."""
    return (seed * 1_000_003 + actions_played) * 16 + seat


class Bot(Protocol):
    """A computer player for one seat."""

    name: str

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action: ...


class RandomBot:
    """Picks a legal action uniformly at random (for tests and benchmarks)."""

    name = "random"

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = Rng(seed * 7919 + seat)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return self.rng.choice(legal)
