"""Action fuzzing: every JSON type in every field of every legal action.

The contract (``core.game``) says an illegal action raises a specific
:class:`~railtable.core.errors.IllegalActionError` and changes nothing, and that
``is_legal`` agrees with ``apply`` for every input. :func:`fuzz_state` checks that on
one state: it takes each legal action, puts each value of :data:`JUNK` into each of its
fields (and removes each field, and adds a stray one), and asserts that ``apply``
either refuses with an ``IllegalActionError`` subclass, leaving the state's JSON exactly
as it was, or accepts an action equal to one of the legal actions. Used by each game's
tests and by the soak command.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

from .errors import IllegalActionError
from .game import Action, GameState

MISSING = object()
"""Marks a mutation that removes the field."""

JUNK: tuple[Any, ...] = (
    None,
    True,
    False,
    0.0,
    1.0,
    -1,
    2**70,
    -(2**70),
    float("inf"),
    "",
    "x",
    "0",
    [],
    [0],
    [[1, 2]],
    {},
    {"a": 1},
    MISSING,
)
"""Values of every JSON type (and one no JSON has: inf), put into each field in turn."""


def mutations(action: Action) -> Iterator[Any]:
    """Every single-field mutation of ``action``, plus a few whole-value ones."""
    yield None
    yield []
    yield "buy"
    yield {}
    yield {**action, "stray": 1}
    for key in action:
        for junk in JUNK:
            mutated = dict(action)
            if junk is MISSING:
                del mutated[key]
            else:
                mutated[key] = copy.deepcopy(junk)
            yield mutated
        value = action[key]
        if isinstance(value, list):  # junk inside a list field too
            for junk in JUNK:
                if junk is MISSING:
                    continue
                mutated = dict(action)
                mutated[key] = [copy.deepcopy(junk)] + list(value)[1:] if value else [copy.deepcopy(junk)]
                yield mutated


def fuzz_state(state: GameState, players: list[int] | None = None) -> int:
    """Fuzz every legal action of ``players`` (default: those who may act) on ``state``.

    Returns the number of mutated actions tried; raises ``AssertionError`` on a breach.
    ``state`` is left as it was.
    """
    before = json.dumps(state.to_json(), sort_keys=True)
    tried = 0
    for player in players if players is not None else state.to_act():
        legal = state.legal_actions(player)
        legal_json = {json.dumps(a, sort_keys=True) for a in legal}
        for action in legal:
            for mutated in mutations(action):
                tried += 1
                verdict = state.is_legal(mutated)
                assert isinstance(verdict, bool), f"is_legal gave {verdict!r} for {mutated!r}"
                trial = state.copy()
                try:
                    trial.apply(mutated)
                except IllegalActionError:
                    assert not verdict, f"is_legal said True but apply refused {mutated!r}"
                    after = json.dumps(trial.to_json(), sort_keys=True)
                    assert after == before, f"a refused action changed the state: {mutated!r}"
                    continue
                except Exception as exc:  # noqa: BLE001 - any other exception is the breach
                    raise AssertionError(
                        f"{type(exc).__name__} instead of an IllegalActionError for {mutated!r}: {exc}"
                    ) from exc
                assert verdict, f"is_legal said False but apply accepted {mutated!r}"
                assert json.dumps(mutated, sort_keys=True) in legal_json, (
                    f"apply accepted {mutated!r}, which is not one of the legal actions"
                )
    assert json.dumps(state.to_json(), sort_keys=True) == before, "fuzzing changed the state"
    return tried

