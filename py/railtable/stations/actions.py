"""The action vocabulary of Trains & Stations: each type's fields, their JSON types, and the phase
where each type may be played (docs/actions-stations.md).

Nothing here knows the position: :func:`check_shape` refuses an action whose type, fields or field
types are wrong (``MalformedActionError``) or whose type does not belong to the current phase. The
step modules then check it against the position.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import Action, IllegalActionError, MalformedActionError
from .data import FACES

KEYS: dict[str, tuple[str, ...]] = {
    "return_power": ("card",),
    "gather": ("bonus", "keep"),
    "reclaim": (),
    "select": ("face", "bonus"),
    "unselect": ("face", "bonus"),
    "reroll": (),
    "stop": (),
    "place": ("face", "bonus", "space"),
    "build": ("building", "station"),
    "cash": ("bonus",),
    "save": ("face",),
    "done": (),
    "deliver": ("route",),
    "tie": ("winner",),
    "give_goods": ("to",),
    "upgrade": ("building", "goods"),
    "offer_goods": ("goods",),
    "offer_card": ("card",),
    "clear_offer": (),
    "confirm": (),
    "award": ("to",),
}
"""Action type -> its fields besides ``type`` and ``player``."""

PHASE_TYPES: dict[str, tuple[str, ...]] = {
    "keep": ("return_power",),
    "gather": ("gather", "reclaim"),
    "roll": ("select", "unselect", "reroll", "stop"),
    "resolve": ("place", "build", "cash", "save", "done"),
    "order": ("deliver",),
    "tie": ("tie",),
    "goods": ("give_goods",),
    "upgrade": ("upgrade",),
    "speculate": ("offer_goods", "offer_card", "clear_offer", "confirm"),
    "spec_award": ("award",),
    "over": (),
}
"""Phase -> the action types played in it (other phases are passed through between actions)."""


def is_int(value: Any) -> bool:
    """A JSON integer (never a bool or a float)."""
    return type(value) is int


def is_keep(value: Any) -> bool:
    """``gather``'s ``keep``: die face -> how many saved dice keep it (a positive int, never a bool
    or a float: JSON ``true`` and ``1.0`` are not counts)."""
    return type(value) is dict and all(
        type(f) is str and f in FACES and type(n) is int and 1 <= n <= 8 for f, n in value.items())


def _is_str(value: Any) -> bool:
    return type(value) is str


def _is_bool(value: Any) -> bool:
    return type(value) is bool


_FIELD_TYPES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "card": (is_int, "a Power card id (an integer)"),
    "keep": (is_keep, "an object of die face -> count (a positive integer)"),
    "gather.bonus": (is_int, "a number of Bonus dice (an integer)"),
    "bonus": (_is_bool, "true or false"),
    "face": (_is_str, "a die face (a string)"),
    "space": (_is_str, "a route space id (a string)"),
    "building": (_is_str, "a Building (a string)"),
    "station": (_is_str, "a Station id (a string)"),
    "route": (_is_str, "a route id (a string)"),
    "goods": (_is_str, "a Goods type (a string)"),
    "winner": (is_int, "a seat number (an integer)"),
    "to": (is_int, "a seat number (an integer)"),
}
"""Field (``type.field`` where a type differs) -> (its JSON type test, its description)."""


_FIELDS: dict[str, tuple[tuple[str, Callable[[Any], bool], str], ...]] = {
    kind: tuple((field, *(_FIELD_TYPES.get(f"{kind}.{field}") or _FIELD_TYPES[field])) for field in keys)
    for kind, keys in KEYS.items()
}
"""Action type -> (field, its JSON type test, its description) for each of its fields, in order."""


def check_shape(action: Action, phase: str) -> None:
    """Refuse an action of an unknown type, with missing or unknown fields, with a field of the wrong
    JSON type, or of a type not played in ``phase``."""
    kind = action["type"]
    if kind not in KEYS:
        raise MalformedActionError(f"unknown action type {kind!r}; known: {sorted(KEYS)}", action)
    fields = _FIELDS[kind]
    # a field missing, or more keys than type, player (if there) and the fields: an unexpected one
    if any(f not in action for f, _t, _w in fields) or len(action) != len(fields) + 1 + ("player" in action):
        extra = set(action) - {"type", "player", *KEYS[kind]}
        missing = [k for k in KEYS[kind] if k not in action]
        raise MalformedActionError(
            f"a {kind!r} action has the fields {['type', 'player', *KEYS[kind]]}"
            + (f"; missing {missing}" if missing else "") + (f"; unexpected {sorted(extra)}" if extra else ""),
            action,
        )
    for field, test, what in fields:
        if not test(action[field]):
            raise MalformedActionError(f"a {kind!r} action's {field!r} must be {what}, not {action[field]!r}"[:300],
                                       action)
    if kind not in PHASE_TYPES.get(phase, ()):
        raise IllegalActionError(
            f"{kind!r} is not possible now: the game is at {phase!r}, where the actions are "
            f"{list(PHASE_TYPES.get(phase, ()))}", action)
