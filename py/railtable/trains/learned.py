"""Trains: an evaluation learned from self-play (issue 33), for screens; no level uses it yet.

A player's projected score is his points now (VP track, rails, VP cards; rulebook "Winning the
Game") plus a linear model of what he should still score: the cards of each kind he should still
draw before the end (:func:`drawn`: money, cards that lay rails, cards that place stations, other
Action cards, Waste, by when each is drawn, rulebook "Clean Up") and what rails may still earn him
on the board (:func:`~railtable.trains.plan.potentials`). The weights and the softmax temperature
were fitted offline to Normal self-play with 10% random moves (``bench/fit_trains_eval.py``) and
are data (``eval_weights.json``). The evaluation in use (``sampling.TrainsAdapter.projected``) counts
money alone, at 0.3 VP a coin, over :meth:`~sampling.TrainsAdapter.rounds_left`.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from ..core.search import win_shares
from .cards import WASTE, card
from .plan import potentials
from .sampling import TIE_BREAK, TrainsAdapter
from .scoring import card_points, rail_points, rails_on_board
from .state import TrainsState

FEATURES = ("money", "rail_cards", "stations", "actions", "waste", "potential")
"""What a player should still draw, by kind of card, and his board potential."""


def load_weights() -> dict[str, Any]:
    """The fitted weights (``eval_weights.json``)."""
    data: dict[str, Any] = json.loads(resources.files(__package__).joinpath("eval_weights.json").read_text("utf-8"))
    if list(data["features"]) != list(FEATURES):
        raise ValueError("eval_weights.json was fitted on other features")
    return data


def _kinds(name: str) -> tuple[float, float, float, float, float]:
    """A card's (money, lays rails, places a station, other action, Waste)."""
    if name == WASTE:
        return (0.0, 0.0, 0.0, 0.0, 1.0)
    c = card(name)
    if c.vp:
        return (0.0, 0.0, 0.0, 0.0, 0.0)
    t = c.types
    return (float(c.money), 1.0 if "Rail Laying" in t else 0.0, 1.0 if "Station Expansion" in t else 0.0,
            1.0 if c.effect and "Rail Laying" not in t and "Station Expansion" not in t else 0.0, 0.0)


def drawn(st: TrainsState, p: int, left: float) -> list[float]:
    """What ``p`` should still draw over ``left`` rounds, by kind (:func:`_kinds`), by when each card
    is drawn (rulebook "Clean Up": his next turns draw his hand and deck as they are, 5 cards a turn;
    after the reshuffle his whole collection, with the cards bought and gained since)."""
    z = st.zones
    cn = z.card_names
    front = [0.0] * 5
    rest = [0.0] * 5
    nf = 0
    for zone in (z.hands[p], z.decks[p]):
        for cid in zone:
            nf += 1
            for i, x in enumerate(_kinds(cn[cid])):
                front[i] += x
    nr = 0
    for zone in (z.discards[p], z.plays[p], z.gained[p]):
        for cid in zone:
            nr += 1
            for i, x in enumerate(_kinds(cn[cid])):
                rest[i] += x
    total = nf + nr
    turns_front = nf / 5.0
    if nf and left <= turns_front:
        return [left * 5.0 * f / nf for f in front]
    t_front = turns_front if nf else 0.0
    return [(f if nf else 0.0) + (left - t_front) * 5.0 * (f + r) / max(1, total) for f, r in zip(front, rest, strict=True)]


def features(st: TrainsState, p: int) -> list[float]:
    """Player ``p``'s :data:`FEATURES` (over :meth:`~sampling.TrainsAdapter.rounds_left`)."""
    left = TrainsAdapter.rounds_left(st)
    pot = potentials(st.board, st.rails, st.stations, st.num_players)[p]
    return drawn(st, p, left) + [pot]


def points_now(st: TrainsState, p: int) -> float:
    return float(st.vp_tokens[p] + rail_points(st, p) + card_points(st, p))


class LearnedTrainsAdapter(TrainsAdapter):
    """The search's adapter with the fitted evaluation (module docstring)."""

    _weights: dict[str, Any] | None = None

    def __init__(self, seat: int = 0, endgame: Any = None, weights: dict[str, Any] | None = None) -> None:
        super().__init__(seat, endgame)
        if weights is None:
            if LearnedTrainsAdapter._weights is None:
                LearnedTrainsAdapter._weights = load_weights()
            weights = LearnedTrainsAdapter._weights
        self.weights = [float(w) for w in weights["weights"]]
        self.temperature = float(weights["temperature"])

    def projected(self, st: TrainsState) -> list[float]:
        return [
            points_now(st, p) + sum(w * x for w, x in zip(self.weights, features(st, p), strict=True))
            + TIE_BREAK * rails_on_board(st, p)
            for p in range(st.num_players)
        ]

    def evaluate(self, st: TrainsState) -> list[float]:  # type: ignore[override]
        return win_shares(self.projected(st), self.temperature)
