"""A match: a game's config, seed and action list, with undo and saving.

A match *is* ``(game, config, seed, actions)``: replaying the actions on a new
game set up from the config and seed gives the same state, on CPython and in
Pyodide alike. Saves hold exactly that (plus the seats' human/bot choice).

Undo follows Board Game Arena's policy: a player may take back their own
actions within their own turn, but never across a random event (the RNG
moved), hidden information being revealed (``GameState.mark_revealed``), or the
turn passing to someone else. Each such event sets a *barrier*; only actions
after the last barrier can be undone.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import IllegalActionError, SaveError, UndoError, UnknownGameError
from .game import Action, GameState
from .registry import get_game

SAVE_FORMAT = "railtable-save"
SAVE_VERSION = 1


class Match:
    """A game in progress with its history."""

    def __init__(
        self,
        game_id: str,
        config: dict[str, Any],
        seed: int,
        seats: list[str | None] | None = None,
    ) -> None:
        self.info = get_game(game_id)
        self.game_id = game_id
        self.config = json.loads(json.dumps(config))
        self.seed = int(seed)
        self.state: GameState = self.info.setup(self.config, self.seed)
        n = self.state.num_players
        # seats[i] is None for a human seat, or the name of a bot kind.
        self.seats: list[str | None] = list(seats) if seats is not None else [None] * n
        if len(self.seats) != n:
            raise SaveError(f"{n} players but {len(self.seats)} seats")
        self.actions: list[Action] = []
        self.barrier = 0
        self._undo_stack: list[str] = []

    # ---- playing ---------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Apply a legal action (raises ``IllegalActionError`` and changes nothing otherwise)."""
        state = self.state
        before = json.dumps(state.to_json())  # a snapshot, not live references
        rng_before = state.rng.state
        reveals_before = state.reveal_count
        state.apply(action)  # raises before changing anything
        self.actions.append(json.loads(json.dumps(action)))
        actor = action["player"]
        irreversible = (
            state.rng.state != rng_before
            or state.reveal_count != reveals_before
            or state.to_act() != [actor]
        )
        if irreversible:
            self.barrier = len(self.actions)
            self._undo_stack.clear()
        else:
            self._undo_stack.append(before)

    def can_undo(self, player: int) -> bool:
        return (
            len(self.actions) > self.barrier
            and bool(self._undo_stack)
            and self.actions[-1].get("player") == player
            and not self.state.is_over()
        )

    def undo(self, player: int) -> Action:
        """Take back ``player``'s last action of this turn; return it."""
        if not self.can_undo(player):
            raise UndoError(
                "nothing to undo: only your own actions of this turn since the last draw, "
                "roll or reveal can be taken back"
            )
        self.state = type(self.state).from_json(json.loads(self._undo_stack.pop()))
        return self.actions.pop()

    # ---- saving ----------------------------------------------------------
    def to_save(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game_id,
            "config": self.config,
            "seed": self.seed,
            "seats": self.seats,
            "actions": self.actions,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_save(), separators=(",", ":"))

    @classmethod
    def replay(
        cls,
        game_id: str,
        config: dict[str, Any],
        seed: int,
        actions: list[Action],
        seats: list[str | None] | None = None,
    ) -> Match:
        match = cls(game_id, config, seed, seats)
        for i, action in enumerate(actions):
            try:
                match.apply(action)
            except IllegalActionError as exc:
                raise IllegalActionError(f"action {i + 1} of {len(actions)} is illegal: {exc}", action) from exc
        return match

    @classmethod
    def from_save(cls, data: Any) -> Match:
        """Rebuild a match from a save, or raise ``SaveError`` saying what is wrong."""
        if isinstance(data, (str, bytes)):
            try:
                data = json.loads(data)
            except ValueError as exc:
                raise SaveError(f"this save is not valid JSON ({exc})") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("this is not a Railtable save")
        version = data.get("version")
        if version != SAVE_VERSION:
            raise SaveError(
                f"this save has format version {version!r}; this version of Railtable reads version {SAVE_VERSION}"
            )
        try:
            game_id = str(data["game"])
            config = data["config"]
            seed = int(data["seed"])
            actions = list(data["actions"])
            seats = data.get("seats")
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(f"this save is missing or has a damaged field ({exc})") from None
        try:
            return cls.replay(game_id, config, seed, actions, seats)
        except UnknownGameError as exc:
            raise SaveError(f"this save is of a game this version does not know: {exc}") from None
        except SaveError:
            raise
        except Exception as exc:  # any damage in config or actions
            raise SaveError(f"this save cannot be replayed: {exc}") from None
