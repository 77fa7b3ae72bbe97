"""Why the move hint ("What would Hard do?") chose its move, in one line a beginner reads (issue 32,
last bullet).

A reason is data, ``(key, params)``: each game's ``hint.reason(view, action, figures)`` computes it
from the hinted action, the asking seat's own view (never the state: nothing hidden) and the
search's own figures (:class:`Figures`); the page words it in the reader's language
(``web/railtable_web/hint_text.py``). A game that has nothing specific to say falls back on the
search's figures (:func:`by_share`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Reason = tuple[str, dict[str, Any]]
"""A reason as data: a text key and its parameters (numbers, names, card names)."""


@dataclass(frozen=True)
class Figures:
    """What the search found: the hinted move's estimated win share, the best other candidate's,
    and how many simulated games it played (None and 0 when the move needed no search)."""

    share: float | None = None
    runner_up: float | None = None
    simulations: int = 0


def percent(x: float) -> int:
    return round(100 * max(0.0, min(1.0, x)))


def by_share(figures: Figures) -> Reason:
    """The search's own comparison: the move's win share against the next best move's (when the
    difference shows in whole percents), else that the move is as good as any."""
    if figures.share is None:
        return "rule", {}
    if figures.runner_up is not None and percent(figures.share) > percent(figures.runner_up):
        return "share_vs", {"share": percent(figures.share), "other": percent(figures.runner_up)}
    return "share_tie", {"share": percent(figures.share)}
