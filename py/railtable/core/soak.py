"""Soak: many seeded bot games per system, checking the engine contract as they go (issue 15).

Each game picks, from its seed, a player count (cycling through all the game takes), a bot kind for
every seat (any kind the game has, ``random`` included, or drawn from weighted kinds such as
``random:3,easy:4,normal:0.02``), a rules version (cycling through every version the game still
plays) and the game's options (``setup_options``: every Trains board that takes that many players,
card sets, Route Bonus cards, Chiba's "S" start; TransAmerica's dashed cities). Every
``check_every`` actions, and at the end, it checks:

* the state's JSON round trip gives an equal state;
* every seat's ``legal_actions`` are all ``is_legal``, and a seat that may not act has none (and its
  copy of another seat's action is refused);
* every seat's view and the spectator's are JSON data (``json.dumps`` without a fallback);
* views hide secrets: a copy of the state whose hidden parts are changed at random (the game's
  ``hidden.scramble``: the others' hands, decks and cards, and the others' private log events)
  gives the same view (one seat or the spectator, drawn at each check; all of them at the end);
* an undo, where allowed, gives an equal state once the action is played again.

Once per game (at a seeded point) and at the end, the save is restored with ``Match.from_save`` and
must give an equal state. Run: ``python -m railtable soak --games N --seed S [--game G]``.

In Trains & Stations (``RANDOM_PLAY_MAY_NOT_END``) a table of ``random`` seats only may never end a
game, and that is not a fault of the engine: a player who reclaims his dice undoes his routes
(rulebook "Step 1"), so uniform random play can go on for ever without scoring, and the game ends
only once the VP stack has run out. Such a game is stopped after ``RANDOM_TABLE_ACTIONS`` actions,
every check above made on the way, and counted as ``unfinished``, not as an error. Every other
table, and every table of the other games, must end within ``max_actions``.
"""

from __future__ import annotations

import importlib
import json
import sys
import time
import traceback
from collections.abc import Callable
from typing import Any

from .game import GameState
from .jsondata import copy_json
from .match import Match
from .registry import get_game
from .rng import Rng


class SoakError(AssertionError):
    """A broken contract found by the soak."""


class Unfinished(Exception):
    """A table of random seats only played ``RANDOM_TABLE_ACTIONS`` actions without ending."""


RANDOM_PLAY_MAY_NOT_END = frozenset({"stations"})
"""Games where uniform random play can loop for ever within the rules (see the module's text)."""

RANDOM_TABLE_ACTIONS = 1_500
"""Where a random-only table is stopped: past the longest games seen with a seat playing to win
(about 1,000 actions in 4-player Trains, 600 in Trains & Stations). The checks every
``check_every`` actions grow with the state's log, so a 20,000-action random game cost as much as
hundreds of finished ones."""


Scramble = Callable[[GameState, "int | None", Rng], None]


def scrambler(game_id: str) -> Scramble | None:
    """The game's ``hidden.scramble(state, seat, rng)``, which changes in place what ``seat`` may not
    see; None for a game without one (the tests' toy game; each real game has one, tested)."""
    try:
        module = importlib.import_module(f"railtable.{game_id}.hidden")
    except ModuleNotFoundError:
        return None
    return module.scramble  # type: ignore[no-any-return]


def _hide_private_events(state: GameState, seat: int | None) -> None:
    """Replace every private log event of the seats other than ``seat`` by its public version.

    All three games log ``[kind, args, {seat: [kind, args]}]`` where some seats see another event."""
    for attr in ("log", "events"):
        for entry in getattr(state, attr, None) or []:
            if len(entry) > 2 and isinstance(entry[2], dict):
                for q in entry[2]:
                    if q != str(seat):
                        entry[2][q] = [entry[0], entry[1]]


def check_secrets(state: GameState, scramble: Scramble | None, rng: Rng, every_seat: bool = True) -> None:
    """Every seat's view, and the spectator's, is the same once what it may not see is changed.

    With ``every_seat`` false, one of them drawn with ``rng`` (the checks along a game: each seat
    is still checked many times a game, at a fraction of the cost; the end of a game checks all)."""
    if scramble is None:
        return
    data = state.to_json()
    seats: list[int | None] = [*range(state.num_players), None]
    if not every_seat:
        seats = [seats[rng.randbelow(len(seats))]]
    for seat in seats:
        other = type(state).from_json(copy_json(data))
        scramble(other, seat, rng)
        _hide_private_events(other, seat)
        seen, changed = state.view(seat), other.view(seat)
        if seen != changed:
            keys = sorted(k for k in set(seen) | set(changed) if seen.get(k) != changed.get(k))
            who = "the spectator" if seat is None else f"seat {seat}"
            raise SoakError(f"{who}'s view shows hidden parts of the state (it changes in {keys})")


def setup_options(game_id: str, players: int, rng: Rng) -> dict[str, Any]:
    """Options for one soak game, drawn at random among those the game takes with ``players``."""
    if game_id == "trains":
        boards = [b for b, (lo, hi) in TRAINS_BOARDS.items() if lo <= players <= hi]
        board = rng.choice(boards)
        options: dict[str, Any] = {"board": board, "sets": rng.choice(["trains", "rising_sun", "both"]),
                                   "route_bonus": rng.randbelow(2) == 1}
        if board == "chiba":
            options["s_start"] = rng.randbelow(2) == 1
        return options
    if game_id == "transamerica":
        # Six players need the dashed cities (5 cards per colour without them).
        return {"dashed": rng.choice([None, True] if players == 6 else [None, True, False])}
    return {}


TRAINS_BOARDS = {"tokyo": (2, 4), "osaka": (2, 4), "nagoya": (3, 4), "chiba": (2, 2), "kyushu": (2, 2)}
"""Trains boards and the player counts each takes (``board_*.json``'s ``players``)."""


def parse_kinds(text: str) -> list[tuple[str, float]]:
    """``"random:3,easy:4,normal:0.02"`` -> weighted bot kinds (a kind without weight weighs 1)."""
    kinds = []
    for part in text.split(","):
        name, _, weight = part.strip().partition(":")
        kinds.append((name, float(weight) if weight else 1.0))
    return kinds


def _draw_kind(kinds: list[tuple[str, float]], rng: Rng) -> str:
    total = sum(w for _, w in kinds)
    x = rng.randbelow(1_000_000) / 1_000_000 * total
    for name, weight in kinds:
        x -= weight
        if x < 0:
            return name
    return kinds[-1][0]


def _check(match: Match) -> None:
    state = match.state
    again = type(state).from_json(copy_json(state.to_json()))
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
              kinds: list[str] | list[tuple[str, float]] | None = None) -> int:
    """Play one seeded game with the checks above; return its number of actions (or raise).

    ``kinds`` lists the bot kinds seats are drawn from, as names (a kind named twice is drawn twice
    as often) or ``(name, weight)`` pairs (default: every kind the game has); a kind the game has
    not is skipped."""
    info = get_game(game_id)
    rng = Rng(seed * 1_000_003 + 17)
    counts = range(info.min_players, info.max_players + 1)
    players = counts[seed % len(counts)]
    weighted = [(k, 1.0) if isinstance(k, str) else k for k in kinds or []]
    weighted = [(k, w) for k, w in weighted if info.has_bot(k) and w > 0]
    weighted = weighted or [(k, 1.0) for k in info.bot_kinds()]
    seats: list[str | None] = [_draw_kind(weighted, rng) for _ in range(players)]
    config = dict(info.options)
    config.update(setup_options(game_id, players, rng))
    config["players"] = [f"Bot {i + 1}" for i in range(players)]
    config["rules"] = info.rules_versions[(seed // len(counts)) % len(info.rules_versions)]
    match = Match(game_id, config, seed, seats)
    bots = [info.make_bot(kind, i, seed) for i, kind in enumerate(seats)]
    restore_at = 1 + rng.randbelow(200)
    may_not_end = game_id in RANDOM_PLAY_MAY_NOT_END and all(kind == "random" for kind in seats)
    if may_not_end:
        max_actions = min(max_actions, RANDOM_TABLE_ACTIONS)
    scramble = scrambler(game_id)
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
            check_secrets(match.state, scramble, rng, every_seat=False)
            if match.can_undo(seat):
                before = match.state.to_json()
                match.undo(seat)
                match.apply(action)
                if match.state.to_json() != before:
                    raise SoakError("undo then the same action gives a different state")
        if n == restore_at:
            _check_restore(match)
        if n >= max_actions:
            if may_not_end:
                _check(match)
                check_secrets(match.state, scramble, rng)
                _check_restore(match)
                raise Unfinished(f"random seats only: no end after {n} actions")
            raise SoakError(f"the game did not end after {max_actions} actions")
    _check(match)
    check_secrets(match.state, scramble, rng)
    _check_restore(match)
    if match.state.result() is None:
        raise SoakError("the game is over but has no result")
    return len(match.actions)


def soak(game_id: str, games: int, seed: int, check_every: int = 25, max_errors: int = 20,
         kinds: list[str] | list[tuple[str, float]] | None = None, seconds: float | None = None,
         progress: float | None = None) -> dict[str, Any]:
    """Soak ``games`` games of one system from ``seed``; return counts, speed and the first errors.

    With ``seconds``, stop starting games once that much wall time has passed (``games`` then
    reports how many were played). With ``progress``, print a line to stderr every that many
    seconds (games, errors, games per second)."""
    errors: list[str] = []
    error_count = 0
    unfinished = 0
    actions = 0
    played = 0
    start = last = time.perf_counter()
    for g in range(seed, seed + games):
        now = time.perf_counter()
        if seconds is not None and now - start >= seconds:
            break
        if progress is not None and now - last >= progress:
            last = now
            print(f"{game_id}: {played} games, {error_count} errors, {unfinished} unfinished (random seats only), "
                  f"{played / (now - start):.2f} games/s",
                  file=sys.stderr, flush=True)
        played += 1
        try:
            actions += soak_game(game_id, g, check_every, kinds=kinds)
        except Unfinished:
            unfinished += 1
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
        "unfinished": unfinished,
        "first_errors": errors,
        "seconds": round(seconds, 2),
        "games_per_second": round(games / seconds, 2) if seconds else None,
        "average_actions": round(actions / max(1, games - error_count - unfinished), 1),
    }
