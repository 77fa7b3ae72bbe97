"""Soak: many seeded bot games per system, checking the engine contract as they go (issue 15).

Each game picks, from its seed, a player count (cycling through all the game takes), a bot kind for
every seat (any kind the game has, ``random`` included) and a rules version (cycling through every
version the game still plays). Every ``check_every`` actions, and at the end, it checks:

* the state's JSON round trip gives an equal state;
* every seat's ``legal_actions`` are all ``is_legal``, and a seat that may not act has none (and its
  copy of another seat's action is refused);
* every seat's view and the spectator's are JSON data (``json.dumps`` without a fallback);
* an undo, where allowed, gives an equal state once the action is played again.

Once per game (at a seeded point) and at the end, the save is restored with ``Match.from_save`` and
must give an equal state. Run: ``python -m railtable soak --games N --seed S [--game G]``.
"""

from __future__ import annotations

import json
import time
import traceback
from typing import Any

from .match import Match
from .registry import get_game
from .rng import Rng


class SoakError(AssertionError):
    """A broken contract found by the soak."""


def _check(match: Match) -> None:
    state = match.state
    again = type(state).from_json(json.loads(json.dumps(state.to_json())))
    if again != state:
        raise SoakError("the state's JSON round trip gives a different state")
    acting = state.to_act()
    for seat in [*range(state.num_players), None]:
        json.dumps(state.view(seat))
        if seat is None:
            continue
        legal = state.legal_actions(seat)
        if seat not in acting and legal:
            raise SoakError(f"seat {seat} may not act but has {len(legal)} legal actions")
        for action in legal:
            if not state.is_legal(action):
                raise SoakError(f"legal action {action!r} is not is_legal"[:300])
        for other in range(state.num_players):
            if other != seat and other not in acting and legal:
                stolen = dict(legal[0], player=other)
                if state.is_legal(stolen):
                    raise SoakError(f"seat {other} may play {stolen!r} out of turn"[:300])


def _check_restore(match: Match) -> None:
    restored = Match.from_save(match.dumps())
    if restored.state != match.state:
        raise SoakError(f"the save restores a different state after {len(match.actions)} actions")


def soak_game(game_id: str, seed: int, check_every: int = 25, max_actions: int = 20_000,
              kinds: list[str] | None = None) -> int:
    """Play one seeded game with the checks above; return its number of actions (or raise).

    ``kinds`` lists the bot kinds seats are drawn from (a kind named twice is drawn twice as often;
    default: every kind the game has); a kind the game has not is skipped."""
    info = get_game(game_id)
    rng = Rng(seed * 1_000_003 + 17)
    counts = range(info.min_players, info.max_players + 1)
    players = counts[seed % len(counts)]
    kinds = [k for k in kinds if info.has_bot(k)] if kinds else []
    kinds = kinds or info.bot_kinds()
    seats: list[str | None] = [rng.choice(kinds) for _ in range(players)]
    config = dict(info.options)
    config["players"] = [f"Bot {i + 1}" for i in range(players)]
    config["rules"] = info.rules_versions[(seed // len(counts)) % len(info.rules_versions)]
    match = Match(game_id, config, seed, seats)
    bots = [info.make_bot(kind, i, seed) for i, kind in enumerate(seats)]
    restore_at = 1 + rng.randbelow(200)
    while not match.state.is_over():
        seat = match.state.to_act()[0]
        legal = match.state.legal_actions(seat)
        if not legal:
            raise SoakError(f"seat {seat} must act but has no legal action")
        action = bots[seat].choose(match.state.view(seat), legal)
        match.apply(action)
        n = len(match.actions)
        if n % check_every == 0:
            _check(match)
            if match.can_undo(seat):
                before = match.state.to_json()
                match.undo(seat)
                match.apply(action)
                if match.state.to_json() != before:
                    raise SoakError("undo then the same action gives a different state")
        if n == restore_at:
            _check_restore(match)
        if n > max_actions:
            raise SoakError(f"the game did not end after {max_actions} actions")
    _check(match)
    _check_restore(match)
    if match.state.result() is None:
        raise SoakError("the game is over but has no result")
    return len(match.actions)


def soak(game_id: str, games: int, seed: int, check_every: int = 25, max_errors: int = 20,
         kinds: list[str] | None = None, seconds: float | None = None) -> dict[str, Any]:
    """Soak ``games`` games of one system from ``seed``; return counts, speed and the first errors.

    With ``seconds``, stop starting games once that much wall time has passed (``games`` then
    reports how many were played)."""
    errors: list[str] = []
    error_count = 0
    actions = 0
    played = 0
    start = time.perf_counter()
    for g in range(seed, seed + games):
        if seconds is not None and time.perf_counter() - start >= seconds:
            break
        played += 1
        try:
            actions += soak_game(game_id, g, check_every, kinds=kinds)
        except Exception as exc:  # noqa: BLE001 - every failure is counted and reported
            error_count += 1
            if len(errors) < max_errors:
                where = traceback.extract_tb(exc.__traceback__)[-1]
                errors.append(f"seed {g}: {type(exc).__name__}: {str(exc)[:300]} "
                              f"({where.filename.rsplit('/', 1)[-1]}:{where.lineno})")
    seconds = time.perf_counter() - start
    games = played
    return {
        "game": game_id,
        "games": games,
        "errors": error_count,
        "first_errors": errors,
        "seconds": round(seconds, 2),
        "games_per_second": round(games / seconds, 2) if seconds else None,
        "average_actions": round(actions / max(1, games - error_count), 1),
    }
