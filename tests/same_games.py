"""Fingerprints of whole seeded games, for the "same games" tests of each system (issue 13: speed
work must change no rule, no bot decision and no view).

A game is played as the table plays it: each decision from ``view(seat)`` and
``legal_actions(seat)``. Three SHA-256 prefixes are kept: of the actions and the final result, of
the legal lists, and of the views of every seat and a spectator after every ``every``-th action
(and at the end).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any


def fingerprint(st: Any, bots: Sequence[Any], every: int, sort_keys: bool = False) -> tuple[str, str, str, int]:
    """Play ``st`` to its end with ``bots`` (one per seat): (actions, legal lists, views, actions
    played). ``sort_keys`` sorts the keys of the views and the result before hashing them."""
    n = len(bots)
    actions, legals, views = hashlib.sha256(), hashlib.sha256(), hashlib.sha256()

    def see() -> None:
        for q in [*range(n), None]:
            views.update(json.dumps(st.view(q), sort_keys=sort_keys).encode())

    count = 0
    while not st.is_over():
        seat = st.to_act()[0]
        if count % every == 0:
            see()
        legal = st.legal_actions(seat)
        if count % every == 0:
            legals.update(json.dumps(legal).encode())
        action = bots[seat].choose(st.view(seat), legal)
        actions.update(json.dumps(action).encode())
        st.apply(action)
        count += 1
    see()
    actions.update(json.dumps(st.result(), sort_keys=sort_keys).encode())
    return actions.hexdigest()[:16], legals.hexdigest()[:16], views.hexdigest()[:16], count


def combined(parts: Sequence[Sequence[str]]) -> tuple[str, str, str]:
    """One fingerprint of several games (their actions, legal lists and views hashed in turn)."""
    return tuple(hashlib.sha256("".join(p[i] for p in parts).encode()).hexdigest()[:16] for i in range(3))  # type: ignore[return-value]
