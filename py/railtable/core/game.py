"""The contract every Railtable game follows.

A game is a :class:`GameState` subclass. Its life:

* ``State.setup(config, seed)`` builds the opening position. ``config`` is a
  JSON object: ``{"players": ["Ann", "Bob", ...], ...game options}``.
* ``to_act()`` lists the players who may act now (more than one only in
  simultaneous steps, such as secret speculation; empty once the game is over).
* ``legal_actions(player)`` lists every action that player may take now.
  Actions are small JSON objects: ``{"type": "...", "player": p, ...}``.
* ``apply(action)`` plays one action. An illegal action raises a subclass of
  :class:`~railtable.core.errors.IllegalActionError` whose message says why,
  and the state is left exactly as it was.
* ``view(player)`` is everything that player may see, secrets removed
  (``player=None`` is a spectator). Bots and the UI only ever get views. A game
  may share the unchanged parts of its views between calls as read-only data
  (tuples, :class:`~railtable.core.jsondata.FrozenDict`: Trains does): read a
  view, and change only a copy.
* ``is_over()`` and ``result()`` give the end and the scores.
* ``to_json()`` / ``from_json()`` save and restore the whole state, RNG included;
  two states are equal when their JSON is equal.

Undo (see :mod:`railtable.core.match`) needs two things from a game: it uses the
game's single :class:`~railtable.core.rng.Rng` (``self.rng``) for every random
event, and it calls :meth:`GameState.mark_revealed` whenever an action shows a
player something that was hidden (a card drawn, a hand shown).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from typing import Any, ClassVar, TypeVar

from .errors import IllegalActionError, MalformedActionError, NotYourTurnError
from .jsondata import copy_json
from .rng import Rng

Action = dict[str, Any]
"""A move: a JSON object with at least ``"type"`` and ``"player"``."""

Result = dict[str, Any]
"""``{"scores": [int, ...], "winners": [seat, ...], ...game details}``."""

S = TypeVar("S", bound="GameState")


def action_key(action: Action) -> str:
    """A hashable name of an action (JSON, keys sorted): two equal actions have the same name."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def events_as_read(owner: object, log: list[list[Any]], player: int | None) -> list[list[Any]]:
    """``log``'s events as ``player`` may read them: an entry ``[kind, args, {seat: [kind, args]}]``
    reads as that seat's own event for the seat it names and as ``[kind, args]`` for everyone else.

    Each reader's list is kept on ``owner`` as the log grows (a view sends the log's tail after
    every action) and returned itself, each event shared by every view: read it, never change it.
    The cache belongs to this log list (a copy or a restored state has its own)."""
    key = None if player is None else str(player)
    cache = owner.__dict__.get("_seen_events")
    if cache is None or cache[0] is not log:
        cache = owner.__dict__["_seen_events"] = (log, {})
    seen: list[list[Any]] = cache[1].setdefault(key, [])
    if len(seen) < len(log):
        seen.extend(e[2][key] if len(e) > 2 and key in e[2] else e[:2] for e in log[len(seen):])
    return seen


class GameState(ABC):
    """Base class of a game's state. Subclasses hold their data as plain attributes."""

    game_id: ClassVar[str] = ""

    rng: Rng
    names: list[str]
    log: list[list[Any]]
    reveal_count: int

    def _init_common(self, names: list[str], seed: int) -> None:
        """Set the attributes every game has; call from ``setup``."""
        self.names = [str(n) for n in names]
        self.rng = Rng(seed)
        self.log = []
        self.reveal_count = 0

    # ---- the contract -------------------------------------------------
    @classmethod
    @abstractmethod
    def setup(cls: type[S], config: dict[str, Any], seed: int) -> S: ...

    @abstractmethod
    def to_act(self) -> list[int]: ...

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]: ...

    @abstractmethod
    def _check(self, action: Action) -> None:
        """Raise an ``IllegalActionError`` that says why, if ``action`` is illegal now."""

    @abstractmethod
    def _play(self, action: Action) -> None:
        """Play an action already checked legal."""

    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]: ...

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result | None: ...

    @abstractmethod
    def to_json(self) -> dict[str, Any]: ...

    @classmethod
    @abstractmethod
    def from_json(cls: type[S], data: dict[str, Any]) -> S: ...

    # ---- shared behaviour ---------------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.names)

    def _check_envelope(self, action: Any) -> None:
        """The checks every game shares: the action's shape, its seat, the end, whose turn it is.

        ``apply`` and ``is_legal`` both call this, so they agree for every input (of any JSON type).
        """
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise MalformedActionError(
                f"an action must be a JSON object with a 'type' string, got {action!r}"[:300], action
            )
        player = action.get("player")
        if type(player) is not int or not 0 <= player < self.num_players:
            raise MalformedActionError(
                f"an action needs 'player', a seat number from 0 to {self.num_players - 1}", action
            )
        if self.is_over():
            raise IllegalActionError("the game is over", action)
        if player not in self.to_act():
            waiting = ", ".join(self.names[p] for p in self.to_act())
            raise NotYourTurnError(
                f"it is not {self.names[player]}'s turn (waiting for {waiting})", action
            )

    def apply(self, action: Action) -> None:
        """Play ``action``; if it is illegal raise and change nothing."""
        self._check_envelope(action)
        self._check(action)
        self._play(action)

    def is_legal(self, action: Any) -> bool:
        """Would ``apply(action)`` be accepted now? True or False for every input, never an exception
        (the property tests check it against ``legal_actions`` and against ``apply``)."""
        try:
            self._check_envelope(action)
            self._check(action)
        except IllegalActionError:
            return False
        return True

    def mark_revealed(self) -> None:
        """Record that hidden information was shown: undo may not cross this point."""
        self.reveal_count += 1

    def reshuffle_hidden(self) -> None:
        """Shuffle, with ``self.rng``, every pile whose order nobody at the table has seen (a
        deck's order, hidden even from its owner). Hands and anything a player has seen stay as
        they are. The default: nothing (a game whose secrets are all dealt to somebody)."""
        return None

    def reseed(self, seed: int) -> None:
        """What is still to come is drawn anew: the RNG becomes ``Rng(seed)`` and the piles nobody
        has seen the order of are shuffled with it (:meth:`reshuffle_hidden`). What anybody has
        seen is unchanged. How a "what if" continued from a replay gets new draws (issue 31,
        ``Match`` ``reseeds``); undo may not cross it."""
        self.rng = Rng(seed)
        self.reshuffle_hidden()
        self.mark_revealed()

    def log_event(self, text: str, private: dict[int, str] | None = None) -> None:
        """Add one log line. ``private`` gives the line some players see instead."""
        if private:
            self.log.append([text, {str(p): t for p, t in private.items()}])
        else:
            self.log.append([text])

    def log_lines(self, player: int | None, tail: int | None = None) -> list[str]:
        """The log as ``player`` may read it (their own secrets, nobody else's); the last
        ``tail`` lines only when given (views send a tail: the whole log grows all game)."""
        key = None if player is None else str(player)
        entries = self.log if tail is None else self.log[-tail:] if tail > 0 else []
        out = []
        for entry in entries:
            if key is not None and len(entry) > 1 and key in entry[1]:
                out.append(entry[1][key])
            else:
                out.append(entry[0])
        return out

    def copy(self: S) -> S:
        return type(self).from_json(copy_json(self.to_json()))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState) or type(other) is not type(self):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

