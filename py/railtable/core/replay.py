"""Replays: a match ``(game, config, seed, actions)`` shown after any number of its actions (issue 31).

A game is its setup, seed and action list (``docs/architecture.md``, "What flows between them"),
so the table after ``k`` actions is the setup with the first ``k`` actions applied. A
:class:`Replay` plays the whole list once, keeping the state's JSON every
:data:`CHECKPOINT_EVERY` actions; the table at any position is then the nearest checkpoint before
it plus at most ``CHECKPOINT_EVERY - 1`` actions, and a step forward from the position last shown
is one action.

**Whose eyes.** A replay of a finished game shows everything: any seat's view, at any position
(what the final screen may show). A replay of a game still in progress shows only what a seat
allowed to look (``eyes``: the people of a hot-seat save, never a bot's seat) saw at that moment:
``view(k, seat)`` is that seat's ``GameState.view`` after ``k`` actions, which holds nothing that
seat had not seen then, and any other seat is refused (:class:`ReplayError`).

**Positions** are marked by the game's turn or round (:func:`period`): TransAmerica by rounds
("Preparation for the Next Round"), Trains by turns ("Each player's turn"), Trains & Stations by
rounds ("Round", the conductor's turn passing round the table). The log line each action added is
known, so a log line leads back to its position.

**Scores over time** (:func:`score_now`, sampled at each new period and at the end): TransAmerica's
points after each round (the score track), Trains' VP (VP track, rails and stations on the board,
VP cards: "Winning the Game", all public), Trains & Stations' VP (cards and paper track, public).
"""

from __future__ import annotations

import json
import marshal
from collections.abc import Iterable
from typing import Any

from .errors import IllegalActionError, RailtableError, SaveError
from .game import Action, GameState
from .match import Match, reseed_at
from .savefile import read_save

CHECKPOINT_EVERY = 24
"""A checkpoint (the state's JSON) every this many actions: any position is at most 23 actions
from one. A 900-action Trains game keeps 38 checkpoints."""


class ReplayError(RailtableError):
    """A replay that cannot be shown as asked (a position out of range, a seat whose eyes these are not)."""


# ---- what each game marks and scores -----------------------------------------------------------
def period(state: GameState) -> tuple[str, int]:
    """The game's unit of time now: ``("round", n)`` in TransAmerica and Trains & Stations,
    ``("turn", n)`` in Trains (counted from 1)."""
    game = state.game_id
    if game == "transamerica":
        return "round", int(state.round)
    if game == "trains":
        return "turn", int(state.turn) + 1
    if game == "stations":
        return "round", max(1, int(state.round))
    return "turn", 0


def score_now(state: GameState) -> list[int]:
    """Every player's score as the table shows it to anybody now (public information only)."""
    game = state.game_id
    if state.is_over():
        result = state.result() or {}
        if isinstance(result.get("scores"), list):
            return [int(s) for s in result["scores"]]
    if game == "transamerica":
        return [int(s) for s in state.scores]
    view = state.view(None)
    if game == "trains":
        return [int(p["vp_track"]) + int(p["board_points"]) + int(p["card_vp"]) for p in view["players"]]
    if game == "stations":
        return [int(p["vp"]) for p in view["players"]]
    return [0] * state.num_players


def log_size(state: GameState) -> int:
    """How many log entries the state holds (Trains & Stations keeps its log in ``events``)."""
    return len(getattr(state, "events", None) or state.log)


def log_text(state: GameState, seat: int | None, lang: str = "en") -> list[str]:
    """The whole log as ``seat`` may read it, in ``lang``, one line per entry."""
    if hasattr(state, "log_in"):
        return list(state.log_in(seat, lang, 0))  # type: ignore[attr-defined]
    try:
        return list(state.log_lines(seat, None, lang))  # type: ignore[call-arg]
    except TypeError:
        return list(state.log_lines(seat, None))


class Replay:
    """A match replayed, to be shown at any position ``0 <= k <= len(actions)``.

    ``eyes``: the seats whose view may be shown while the game is not over (default: every seat
    of a finished game, none of a game in progress but the spectator's)."""

    def __init__(
        self,
        game_id: str,
        config: dict[str, Any],
        seed: int,
        actions: list[Action],
        seats: list[str | None] | None = None,
        eyes: Iterable[int] | None = None,
        reseeds: Iterable[tuple[int, int]] = (),
    ) -> None:
        match = Match(game_id, config, seed, seats, reseeds)
        self.reseeds = dict(match.reseeds)
        """``{k: seed}``: new draws after ``k`` actions (a game continued with a new shuffle)."""
        self.game_id = game_id
        self.info = match.info
        self.config = match.config
        self.seed = match.seed
        self.seats = match.seats
        self.actions: list[Action] = json.loads(json.dumps(actions))
        state = match.state
        self.names = list(state.names)
        self._checkpoints: list[bytes] = []
        """The state's JSON data every ``CHECKPOINT_EVERY`` actions, marshalled (a fast copy: ``core.jsondata``)."""
        self.periods: list[tuple[str, int]] = []
        """``periods[k]``: the game's turn or round after ``k`` actions."""
        self.log_sizes: list[int] = []
        """``log_sizes[k]``: how many log entries exist after ``k`` actions."""
        self.scores: list[tuple[int, list[int]]] = []
        """``(k, scores)`` at the start of each period and at the end."""
        n = len(self.actions)
        for k in range(n + 1):
            if k % CHECKPOINT_EVERY == 0:
                self._checkpoints.append(marshal.dumps(state.to_json()))
            here = period(state)
            if not self.periods or here != self.periods[-1]:
                self.scores.append((k, score_now(state)))
            self.periods.append(here)
            self.log_sizes.append(log_size(state))
            if k == n:
                break
            try:
                state.apply(self.actions[k])
            except IllegalActionError as exc:
                raise SaveError(f"this game cannot be replayed: action {k + 1} of {n} is illegal: {exc}") from None
            reseed_at(state, self.reseeds, k + 1)
        if not self.scores or self.scores[-1][0] != n:
            self.scores.append((n, score_now(state)))
        self.finished = state.is_over()
        self.result = state.result()
        self._state_class = type(state)
        self._cached: tuple[int, GameState] = (n, state)
        if self.finished:
            self.eyes: frozenset[int] = frozenset(range(len(self.names)))
        else:
            self.eyes = frozenset(e for e in (eyes or ()) if isinstance(e, int) and 0 <= e < len(self.names))

    @classmethod
    def from_save(cls, data: Any, eyes: Iterable[int] | None = None) -> Replay:
        """A replay of a save (text or parsed JSON); ``eyes`` defaults to its people's seats.
        Every failure is a ``SaveError`` saying what is wrong."""
        spec = read_save(data)
        if eyes is None:
            eyes = [i for i, kind in enumerate(spec.seats) if kind is None]
        try:
            return cls(spec.info.id, spec.config, spec.seed, spec.actions, spec.seats, eyes, spec.reseeds)
        except SaveError:
            raise
        except RailtableError as exc:
            raise SaveError(f"this game cannot be replayed: {exc}") from None

    # ---- positions -----------------------------------------------------------------------
    @property
    def length(self) -> int:
        """The last position: the number of actions."""
        return len(self.actions)

    def _check(self, k: int) -> int:
        if type(k) is not int or not 0 <= k <= self.length:
            raise ReplayError(f"position {k!r} is outside this game (0 to {self.length})")
        return k

    def state_at(self, k: int) -> GameState:
        """The state after ``k`` actions (the caller reads it and never changes it: it is kept
        to step from)."""
        self._check(k)
        done, state = self._cached
        if done != k:
            if not done < k < done + CHECKPOINT_EVERY:  # from the checkpoint at or before k
                start = k - k % CHECKPOINT_EVERY
                state = self._state_class.from_json(marshal.loads(self._checkpoints[start // CHECKPOINT_EVERY]))
                done = start
            for i in range(done, k):
                state.apply(json.loads(json.dumps(self.actions[i])))
                reseed_at(state, self.reseeds, i + 1)
            self._cached = (k, state)
        return state

    def may_see(self, seat: int | None) -> bool:
        """Whether ``seat``'s view may be shown (the spectator's always may)."""
        return seat is None or seat in self.eyes

    def view(self, k: int, seat: int | None) -> dict[str, Any]:
        """What ``seat`` saw after ``k`` actions (``None``: the spectator). In a game still in
        progress only ``eyes`` may be asked for (:class:`ReplayError` otherwise)."""
        if not self.may_see(seat):
            raise ReplayError("a replay of a game in progress shows only your own seat's view")
        return self.state_at(k).view(seat)

    def period_marks(self) -> list[tuple[int, str, int]]:
        """``(k, kind, n)`` where each turn or round starts (the slider's marks)."""
        marks = []
        for k, here in enumerate(self.periods):
            if k == 0 or here != self.periods[k - 1]:
                marks.append((k, here[0], here[1]))
        return marks

    def position_of_log_line(self, line: int) -> int:
        """The position right after the action that wrote log entry ``line`` (0-based)."""
        for k, size in enumerate(self.log_sizes):
            if size > line:
                return k
        return self.length

    def who_acted(self, k: int) -> int | None:
        """The seat of the action that led to position ``k`` (None at the start)."""
        return None if k == 0 else int(self.actions[k - 1]["player"])

    def save_at(self, k: int) -> dict[str, Any]:
        """A save of this game after its first ``k`` actions: how "continue from here" starts
        a new game (the original is untouched)."""
        self._check(k)
        save = {"format": "railtable-save", "version": 1, "game": self.game_id, "config": self.config,
                "seed": self.seed, "seats": list(self.seats), "actions": self.actions[:k]}
        reseeds = [[at, seed] for at, seed in sorted(self.reseeds.items()) if at <= k]
        if reseeds:
            save["reseeds"] = reseeds
        return save

    def continue_from(self, k: int, seats: list[str | None] | None = None, new_seed: int | None = None) -> Match:
        """A new match from position ``k``, with ``seats`` (people ``None`` or bot kinds) in place
        of the original ones when given. With the same seed (``new_seed`` None) the cards and dice
        to come are the original game's; with ``new_seed``, what nobody has seen is shuffled again
        and every draw from there is new (``GameState.reseed``, kept in the save's ``reseeds``)."""
        save = self.save_at(k)
        if seats is not None:
            save["seats"] = list(seats)
        if new_seed is not None:
            save["reseeds"] = [r for r in save.get("reseeds", []) if r[0] < k] + [[k, new_seed]]
        return Match.from_save(save)
