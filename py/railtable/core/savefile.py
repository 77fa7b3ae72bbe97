"""Reading a save safely: size and nesting checked before parsing, then every field checked.

A save (``Match.to_save()``) is a JSON object::

    {"format": "railtable-save", "version": 1, "game": "<game id>",
     "config": {"players": ["Ann", "Bob"], "rules": 2, ...game options},
     "seed": <integer>, "seats": [null | "<bot kind>", ...], "actions": [{...}, ...]}

and, only in a game continued from a replay with new draws (issue 31), ``"reseeds": [[k, seed], ...]``
(:data:`SAVE_KEYS`). An older Railtable refuses such a save as having a field it does not know.

What is refused, each with a :class:`SaveError` whose message a player understands (issue 15):

* text over :data:`MAX_SAVE_CHARS` characters, or nested deeper than :data:`MAX_DEPTH` lists and
  objects. Both are checked *before* ``json.loads``: deep nesting makes CPython's parser raise
  ``RecursionError`` and stops Pyodide for good, so the check uses no recursion and only a few
  passes of C-level string methods;
* a key given twice in one object (at any depth), ``NaN``/``Infinity`` and numbers too large for a float;
* an unknown format or format version, an unknown key at the top level, an unknown game;
* a seed that is not a whole number (``3.7``, ``"7"``, ``true``) or is outside ±2^63;
* a config that is not an object, or that holds a key the game does not read (issue 34: a 4.6 MB
  save with junk in its config opened); players that are not 1 to :data:`MAX_NAME_CHARS` characters
  long, or whose name has no visible character (only spaces, zero-width or bidi control characters);
* seats that are not a list of one entry per player, each ``null`` (a person) or a bot kind the game
  has (looked up in the game's registry entry, so new bot kinds are accepted as soon as they exist);
* actions that are not a list of objects;
* a rules version the game cannot play (:class:`RulesVersionError`: the save is kept, and
  ``Match.restart_from_save`` starts its setup again under the current rules).

A save with no ``config["rules"]`` was made before rules versions existed: it is rules version 1.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

from .errors import ConfigError, SaveError, UnknownGameError
from .registry import CATALOGUE, GameInfo, SeatRules, get_game

SAVE_FORMAT = "railtable-save"
SAVE_VERSION = 1
MAX_SAVE_CHARS = 5_000_000
"""A long Trains game saves to about 40,000 characters; 5 million is localStorage's whole quota."""
MAX_DEPTH = 64
"""A save nests 5 or 6 deep (save, config, a list inside an action); 64 leaves room for any game."""
MAX_NAME_CHARS = 40
"""A player's name: 1 to 40 characters (the lobby's field takes 24)."""
SEED_LIMIT = 1 << 63
"""Seeds are whole numbers with ``-2**63 < seed < 2**63``."""
SAVE_KEYS = ("format", "version", "game", "config", "seed", "seats", "actions", "reseeds")
"""``reseeds`` (optional, written only when there are some): ``[[k, seed], ...]``, after ``k``
actions the game's RNG became ``Rng(seed)`` and what nobody had seen was shuffled again
(``GameState.reseed``): a "what if" continued from a replay with new draws (issue 31)."""

_BRACKETS = str.maketrans("[]{}", "()()")
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


class RulesVersionError(SaveError):
    """A save made under a rules version this code cannot play. It can still be exported, and
    restarted from its setup under the current rules (``Match.restart_from_save``)."""

    def __init__(self, message: str, game_id: str, rules: int) -> None:
        super().__init__(message)
        self.game_id = game_id
        self.rules = rules


def check_json_text(text: str, max_depth: int = MAX_DEPTH, max_chars: int = MAX_SAVE_CHARS) -> None:
    """Refuse text too long or nested too deep for ``json.loads`` to be safe, without parsing it.

    Escaped backslashes and quotes are removed, the text outside strings kept (every other piece
    once split on ``"``), its brackets mapped to ``(`` and ``)``; each pass of ``replace("()", "")``
    then removes one level of nesting, so a text that still holds brackets after ``max_depth``
    passes is too deep (or its brackets do not match, as in a file cut short). Up to the first
    syntax error this reads strings exactly as ``json`` does, so ``json.loads`` never goes deeper.
    """
    if len(text) > max_chars:
        raise SaveError(
            f"this file is too large to be a save ({len(text):,} characters; a save has at most {max_chars:,})"
        )
    plain = text.replace("\\\\", "").replace('\\"', "")
    outside = "".join(plain.split('"')[0::2])
    nest = _NOT_BRACKET.sub("", outside).translate(_BRACKETS)
    too_deep = "(" * (max_depth + 1)
    if too_deep in nest:  # the usual attack, [[[[..., found in one pass
        raise SaveError(f"this save is damaged: it is nested more than {max_depth} levels deep")
    for _ in range(max_depth):
        if not nest:
            return
        shorter = nest.replace("()", "")
        if shorter == nest:
            break
        nest = shorter
    if not nest:
        return
    if "()" in nest:
        raise SaveError(f"this save is damaged: it is nested more than {max_depth} levels deep")
    raise SaveError("this save is damaged: it is not valid JSON (its brackets do not match: the file may be cut short)")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise SaveError(f"this save is damaged: the key {key[:40]!r} appears twice in one object")
        out[key] = value
    return out


def _constant(name: str) -> Any:
    raise SaveError(f"this save is damaged: {name} is not a number JSON allows")


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise SaveError(f"this save is damaged: the number {text[:40]} is too large")
    return value


def loads(text: str | bytes, max_depth: int = MAX_DEPTH, max_chars: int = MAX_SAVE_CHARS) -> Any:
    """Parse JSON text strictly (sizes and nesting checked first, one value per key, finite numbers);
    any problem is a :class:`SaveError`."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("this file is not a save (it is not UTF-8 text)") from None
    if not isinstance(text, str):
        raise SaveError("this is not a Railtable save")
    check_json_text(text, max_depth, max_chars)
    try:
        return json.loads(text, object_pairs_hook=_object, parse_constant=_constant, parse_float=_float)
    except SaveError:
        raise
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, a number of over 4,300 digits
        raise SaveError(f"this save is damaged: it is not valid JSON ({str(exc)[:120]})") from None


def check_value(value: Any, max_depth: int = MAX_DEPTH, error: type[Exception] = SaveError) -> None:
    """Refuse (with ``error``) a Python value that is not plain JSON data (dicts with string keys,
    lists, str, int, finite float, bool, None) or that nests deeper than ``max_depth``; iterative."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            if depth > max_depth:
                raise error(f"this value is nested more than {max_depth} levels deep")
            for key, sub in item.items():
                if not isinstance(key, str):
                    raise error("an object has a key that is not text")
                stack.append((sub, depth + 1))
        elif isinstance(item, list):
            if depth > max_depth:
                raise error(f"this value is nested more than {max_depth} levels deep")
            stack.extend((sub, depth + 1) for sub in item)
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise error("a number is not finite")
        elif item is not None and not isinstance(item, (str, int)):
            raise error(f"a {type(item).__name__} is not JSON data")


@dataclass(frozen=True)
class SaveSpec:
    """A save whose fields are all checked (the actions are checked by replaying them)."""

    info: GameInfo
    config: dict[str, Any]
    """The config as saved, with ``"rules"`` filled in (1 when the save had none)."""
    seed: int
    seats: list[str | None]
    actions: list[dict[str, Any]]
    reseeds: tuple[tuple[int, int], ...] = ()
    """``(k, seed)`` pairs, ``k`` increasing (see :data:`SAVE_KEYS`)."""

    @property
    def rules(self) -> int:
        return int(self.config["rules"])


def check_seed(seed: Any) -> int:
    """A seed is a whole number, ``-2**63 < seed < 2**63`` (a float, bool or text is refused)."""
    if type(seed) is not int:
        raise ConfigError(f"the seed must be a whole number, not {seed!r}"[:120])
    if not -SEED_LIMIT < seed < SEED_LIMIT:
        raise ConfigError("the seed is too large (it must have at most 18 digits)")
    return seed


def check_names(players: Any, info: SeatRules) -> list[str]:
    """Players are a list of names, each text of 1 to :data:`MAX_NAME_CHARS` characters, as many as
    the game takes."""
    if not isinstance(players, list):
        raise ConfigError("the players must be a list of names")
    if not info.min_players <= len(players) <= info.max_players:
        raise ConfigError(f"{info.title} is for {info.min_players} to {info.max_players} players, not {len(players)}")
    for i, name in enumerate(players):
        if not isinstance(name, str):
            raise ConfigError(f"the name of player {i + 1} is not text")
        if not 1 <= len(name) <= MAX_NAME_CHARS:
            raise ConfigError(f"the name of player {i + 1} must have 1 to {MAX_NAME_CHARS} characters, not {len(name)}")
        if not has_visible_character(name):
            raise ConfigError(f"the name of player {i + 1} has no visible character")
    return players


_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Characters that Unicode files as letters or symbols but that draw nothing (Hangul fillers, the
blank Braille pattern)."""
_INVISIBLE_CATEGORIES = frozenset(("Cc", "Cf", "Zs", "Zl", "Zp", "Mn", "Me"))
"""Controls, format characters (zero-width spaces and joiners, bidi controls), spaces, and marks
that only change the character before them."""


def has_visible_character(name: str) -> bool:
    """True if ``name`` draws something: a name made only of spaces, zero-width or bidi control
    characters cannot be told apart from no name, or from another player's (issue 34)."""
    if name.isascii():
        return any(" " < c < "\x7f" for c in name)
    import unicodedata  # only for names beyond ASCII (a module Pyodide loads on first use)

    return any(c not in _BLANK_LETTERS and unicodedata.category(c) not in _INVISIBLE_CATEGORIES for c in name)


REMOTE_SEAT = "remote"
"""The seat kind of a person playing from another page (remote play: the host's page keeps the game
and that person's page sends their actions; docs/architecture.md "Remote play")."""


def check_seats(seats: Any, info: SeatRules, players: int) -> list[str | None]:
    """One seat per player: ``None`` for a person at this page, :data:`REMOTE_SEAT` for a person at
    another page, else a bot kind the game has."""
    if seats is None:
        return [None] * players
    if not isinstance(seats, list):
        raise ConfigError("the seats must be a list (a bot kind or null for each player)")
    if len(seats) != players:
        raise ConfigError(f"{players} players but {len(seats)} seats")
    for i, kind in enumerate(seats):
        if kind is not None and kind != REMOTE_SEAT and not info.has_bot(kind):
            shown = repr(kind)[:40]
            raise ConfigError(
                f"seat {i + 1} names a bot {info.title} does not have ({shown}); "
                f"its bots are {', '.join(info.bot_kinds())}"
            )
    return list(seats)


def read_save(data: Any, setup_only: bool = False) -> SaveSpec:
    """Check every field of a save (text, bytes or already-parsed data) except the actions' legality.

    Raises :class:`SaveError` (:class:`RulesVersionError` for a rules version the game cannot play).
    ``setup_only`` skips the rules version and the actions (to restart a game from its setup).
    """
    if isinstance(data, (str, bytes, bytearray)):
        data = loads(data)
    else:
        try:
            check_value(data)
        except SaveError as exc:
            raise SaveError(f"this save is damaged: {exc}") from None
    game_id = _check_header(data)
    try:
        info = get_game(game_id)
    except UnknownGameError:
        raise SaveError(f"this save is of a game this version does not know: {game_id[:40]!r}") from None
    except Exception as exc:  # noqa: BLE001 - the game's code failed to load (ImportError...)
        raise SaveError(f"the game of this save ({game_id}) could not be loaded: {type(exc).__name__}") from None
    config, seats, actions = _check_fields(data, info, setup_only)
    reseeds = () if setup_only else check_reseeds(data.get("reseeds", []), len(actions))
    return SaveSpec(info, config, data["seed"], seats, actions, reseeds)


def check_reseeds(reseeds: Any, actions: int) -> tuple[tuple[int, int], ...]:
    """A save's ``reseeds``: a list of ``[k, seed]`` with ``0 <= k <= actions``, ``k`` increasing,
    each seed a valid one (``SaveError`` otherwise)."""
    damaged = "this save is damaged: its new shuffles (reseeds) are not a list of [move, seed] pairs in order"
    if not isinstance(reseeds, list):
        raise SaveError(damaged)
    out: list[tuple[int, int]] = []
    for item in reseeds:
        if not (isinstance(item, list) and len(item) == 2 and type(item[0]) is int):
            raise SaveError(damaged)
        k, seed = item
        if not 0 <= k <= actions or (out and k <= out[-1][0]):
            raise SaveError(damaged)
        try:
            out.append((k, check_seed(seed)))
        except ConfigError:
            raise SaveError(damaged) from None
    return tuple(out)


def check_stored(data: Any) -> None:
    """Every check :func:`read_save` makes, with the same messages, that needs no game code: the
    game is looked up in ``registry.CATALOGUE`` (its players, bot kinds and rules versions), so the
    lobby checks each stored save without importing the games (issue 15: a save whose seats name a
    bot the game has not is listed as not resumable at once). ``data`` was read by :func:`loads`
    (it is plain JSON data, not checked again). Only the actions' legality is left to
    ``Match.from_save``. Raises :class:`SaveError` or :class:`RulesVersionError`."""
    game_id = _check_header(data)
    entry = CATALOGUE.get(game_id)
    if entry is None:
        raise SaveError(f"this save is of a game this version does not know: {game_id[:40]!r}")
    _, _, actions = _check_fields(data, entry, setup_only=False)
    check_reseeds(data.get("reseeds", []), len(actions))


def _check_header(data: Any) -> str:
    """The format, its version, the keys and the game's id (returned) of a save."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("this is not a Railtable save")
    version = data.get("version")
    if type(version) is not int or version != SAVE_VERSION:
        raise SaveError(
            f"this save has format version {str(version)[:20]}; this version of Railtable reads version {SAVE_VERSION}"
        )
    missing = [k for k in ("game", "config", "seed", "actions") if k not in data]
    if missing:
        raise SaveError(f"this save is missing or has a damaged field ({', '.join(missing)} missing)")
    unknown = [k for k in data if k not in SAVE_KEYS]
    if unknown:
        raise SaveError(f"this save is damaged: it has a field Railtable does not know ({unknown[0][:40]!r})")
    game_id = data["game"]
    if not isinstance(game_id, str):
        raise SaveError("this save is missing or has a damaged field (the game is not named)")
    return game_id


def _check_fields(
    data: dict[str, Any], info: SeatRules, setup_only: bool
) -> tuple[dict[str, Any], list[str | None], list[dict[str, Any]]]:
    """The config (with ``"rules"`` filled in), seats and actions of a save whose header is checked."""
    config = data["config"]
    if not isinstance(config, dict):
        raise SaveError("this save is missing or has a damaged field (its setup is not an object)")
    unknown = [k for k in config if k not in info.known_config_keys()]
    if unknown:
        raise SaveError(
            f"this save is damaged: its setup has an option {info.title} does not know ({unknown[0][:40]!r}); "
            f"its options are {', '.join(info.known_config_keys())}"
        )
    config = dict(config)
    rules = config.setdefault("rules", 1)
    try:
        check_seed(data["seed"])
        check_names(config.get("players"), info)
        seats = check_seats(data.get("seats"), info, len(config["players"]))
    except ConfigError as exc:
        raise SaveError(f"this save is damaged: {exc}") from None
    if setup_only:
        return config, seats, []
    try:
        info.check_rules(rules)
    except ConfigError as exc:
        raise RulesVersionError(
            f"{exc}. The game is kept: you can export it, or restart it from its setup under the current rules.",
            info.id, rules if type(rules) is int else -1,
        ) from None
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
        raise SaveError("this save is missing or has a damaged field (its actions are not a list of moves)")
    return config, seats, actions
