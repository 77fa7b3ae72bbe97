"""A match: a game's config, seed and action list, with undo and saving.

A match *is* ``(game, config, seed, actions)``: replaying the actions on a new
game set up from the config and seed gives the same state, on CPython and in
Pyodide alike. Saves hold exactly that (plus the seats' human/bot choice).

Undo follows Board Game Arena's policy: a player may take back their own
actions within their own turn, but never across a random event (the RNG
moved), hidden information being revealed (``GameState.mark_revealed``), or the
turn passing to someone else. Each such event sets a *barrier*; only actions
after the last barrier can be undone.

Rules versions (issue 15): a match plays under ``config["rules"]``, which a new match sets to the
game's ``GameInfo.rules_version``; a save without one was made before versions existed and is
version 1. A save whose version the game can no longer play raises ``RulesVersionError`` and
``Match.restart_from_save`` starts its setup again under the current rules. Every field of a save
is checked by :mod:`railtable.core.savefile` before anything is replayed.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from .errors import ConfigError, IllegalActionError, SaveError, UndoError
from .game import Action, GameState
from .registry import get_game
from .savefile import (
    SAVE_FORMAT,
    SAVE_VERSION,
    check_names,
    check_reseeds,
    check_seats,
    check_seed,
    check_value,
    read_save,
)

__all__ = ["SAVE_FORMAT", "SAVE_VERSION", "Match"]

REPLAY_SNAPSHOTS = True
"""Whether a replay keeps the checkpoint it can know to be needed (tests turn it off to check that
undo rebuilds the state from the setup otherwise); see :meth:`Match._replay`."""

CHECKPOINT_EVERY = 32
"""A new undo checkpoint is taken at a barrier at most once per this many actions (see
:class:`Match`): one JSON dump per 32 actions instead of one before almost every action."""


def reseed_at(state: GameState, reseeds: dict[int, int], k: int) -> bool:
    """Reseed ``state``, which has had ``k`` actions, if ``reseeds`` says so; whether it did."""
    seed = reseeds.get(k)
    if seed is None:
        return False
    state.reseed(seed)
    return True


class Match:
    """A game in progress with its history.

    Undo keeps one checkpoint: the state's JSON at some barrier at or before the last one, taken at
    most once per ``CHECKPOINT_EVERY`` actions. Undoing restores it and replays the actions since,
    but the undone one (those up to the last barrier replay exactly: the state holds its RNG), so
    playing and resuming make no per-action copy of the state. Without a checkpoint (a replay that
    kept none), undo replays from the setup.
    """

    def __init__(
        self,
        game_id: str,
        config: dict[str, Any],
        seed: int,
        seats: list[str | None] | None = None,
        reseeds: Iterable[tuple[int, int]] = (),
    ) -> None:
        """A new match. ``config["rules"]`` defaults to the game's current rules version; names,
        seed, seats and rules version are checked (``ConfigError`` saying what is wrong).
        ``reseeds``: ``(k, seed)`` pairs, ``k`` increasing: after ``k`` actions the state is
        reseeded (``GameState.reseed``: new draws from there, what anybody saw unchanged), how a
        "what if" continued from a replay gets new draws (issue 31); undo never crosses one."""
        self.info = get_game(game_id)
        self.game_id = game_id
        check_value(config, error=ConfigError)
        self.config = json.loads(json.dumps(config))
        self.config.setdefault("rules", self.info.rules_version)
        self.info.check_rules(self.config["rules"])
        check_names(self.config.get("players"), self.info)
        self.seed = check_seed(seed)
        # seats[i] is None for a human seat, or the name of a bot kind.
        self.seats: list[str | None] = check_seats(seats, self.info, len(self.config["players"]))
        self.state: GameState = self.info.setup(self.config, self.seed)
        if len(self.seats) != self.state.num_players:
            raise ConfigError(f"{self.state.num_players} players but {len(self.seats)} seats")
        try:
            self.reseeds: dict[int, int] = dict(check_reseeds([list(r) for r in reseeds], 1 << 62))
        except SaveError as exc:
            raise ConfigError(str(exc)) from None
        reseed_at(self.state, self.reseeds, 0)
        self.actions: list[Action] = []
        self.barrier = 0
        """Actions before this index can never be undone (a draw, a roll, a reveal, another's turn)."""
        self._checkpoint: tuple[int, str] | None = None
        """``(i, JSON of the state after actions[:i])`` with ``i <= barrier``; None until taken."""

    # ---- playing ---------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Apply a legal action (raises ``IllegalActionError`` and changes nothing otherwise)."""
        self._apply(action, snapshot=True, copy=True)

    def _apply(self, action: Action, snapshot: bool, copy: bool) -> None:
        state = self.state
        n = len(self.actions)
        if snapshot and n == self.barrier and (
                self._checkpoint is None or n - self._checkpoint[0] >= CHECKPOINT_EVERY):
            self._checkpoint = (n, json.dumps(state.to_json()))
        rng_before = state.rng.state
        reveals_before = state.reveal_count
        state.apply(action)  # raises before changing anything
        self.actions.append(json.loads(json.dumps(action)) if copy else action)
        actor = action["player"]
        irreversible = (
            reseed_at(state, self.reseeds, len(self.actions))
            or state.rng.state != rng_before
            or state.reveal_count != reveals_before
            or state.to_act() != [actor]
        )
        if irreversible:
            self.barrier = len(self.actions)

    def can_undo(self, player: int) -> bool:
        return (
            len(self.actions) > self.barrier
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
        if self._checkpoint is None:
            start, state = 0, self.info.setup(self.config, self.seed)
            reseed_at(state, self.reseeds, 0)
        else:
            start, text = self._checkpoint
            state = type(self.state).from_json(json.loads(text))
        undone = self.actions.pop()
        for i, action in enumerate(self.actions[start:], start + 1):
            state.apply(action)
            reseed_at(state, self.reseeds, i)
        self.state = state
        return undone

    # ---- saving ----------------------------------------------------------
    def to_save(self) -> dict[str, Any]:
        save = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game_id,
            "config": self.config,
            "seed": self.seed,
            "seats": self.seats,
            "actions": self.actions,
        }
        if self.reseeds:  # only then: every other save is written as before
            save["reseeds"] = [[k, seed] for k, seed in sorted(self.reseeds.items())]
        return save

    def dumps(self) -> str:
        return json.dumps(self.to_save(), separators=(",", ":"))

    @property
    def rules(self) -> int:
        """The rules version this match is played under."""
        return int(self.config["rules"])

    def _replay(self, actions: list[Action]) -> None:
        """Apply saved actions, checkpointing a barrier's state only where undo may still reach it.

        Undoable actions are all by one player (each leaves the turn with its actor), so the last
        barrier that undo can reach lies within the final run of actions by one player, which
        starts at a barrier: barriers before that run are never checkpointed. (Should the
        checkpoint still be missing, undo replays from the setup.) The actions are copied once."""
        actions = json.loads(json.dumps(actions))
        n = len(actions)
        run_start = n
        while run_start > 0 and actions[run_start - 1].get("player") == actions[-1].get("player"):
            run_start -= 1
        for i, action in enumerate(actions):
            try:
                self._apply(action, snapshot=REPLAY_SNAPSHOTS and i >= run_start, copy=False)
            except IllegalActionError as exc:
                raise IllegalActionError(f"action {i + 1} of {n} is illegal: {exc}", action) from exc

    @classmethod
    def replay(
        cls,
        game_id: str,
        config: dict[str, Any],
        seed: int,
        actions: list[Action],
        seats: list[str | None] | None = None,
        reseeds: Iterable[tuple[int, int]] = (),
    ) -> Match:
        match = cls(game_id, config, seed, seats, reseeds)
        match._replay(actions)
        return match

    @classmethod
    def from_save(cls, data: Any) -> Match:
        """Rebuild a match from a save (text, bytes or parsed JSON), or raise ``SaveError`` saying
        what is wrong (``savefile.RulesVersionError`` for rules this code cannot play)."""
        spec = read_save(data)
        try:
            match = cls(spec.info.id, spec.config, spec.seed, spec.seats, spec.reseeds)
        except ConfigError as exc:
            raise SaveError(f"this save's setup cannot be used: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - options a game's setup could not read
            raise SaveError(f"this save's setup cannot be used: {type(exc).__name__}: {str(exc)[:200]}") from None
        try:
            match._replay(spec.actions)
        except IllegalActionError as exc:
            raise SaveError(f"this save cannot be replayed: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - any damage the checks above let through
            raise SaveError(f"this save cannot be replayed: {type(exc).__name__}: {str(exc)[:200]}") from None
        return match

    @classmethod
    def restart_from_save(cls, data: Any) -> Match:
        """A new match with a save's game, players, options, seed and seats, under the current rules
        and with no actions: how a save whose rules version cannot be played is started again.
        Raises ``SaveError`` when even the setup cannot be read."""
        spec = read_save(data, setup_only=True)
        config = dict(spec.config)
        config.pop("rules", None)
        try:
            return cls(spec.info.id, config, spec.seed, spec.seats)
        except ConfigError as exc:
            raise SaveError(f"this save's setup cannot be used: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - options a game's setup could not read
            raise SaveError(f"this save's setup cannot be used: {type(exc).__name__}: {str(exc)[:200]}") from None
