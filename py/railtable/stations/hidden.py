"""What a seat may not see in Trains & Stations, changed at random: the soak's secrecy check (issue 15).

Rulebook, "Public Knowledge": the others' Goods and Power cards are hidden, their content and their
number, and so is the order of the Power deck. ``scramble(state, seat, rng)`` shares the other
players' Goods out again (moving one between two of them when it can) and their Power cards with
the deck (same hand sizes, same deck size), so ``state.view(seat)`` must not change."""

from __future__ import annotations

from ..core.rng import Rng
from .state import StationsState


def scramble(state: StationsState, seat: int | None, rng: Rng) -> None:
    """Reshuffle the hidden Goods and Power cards of every player but ``seat``, in place."""
    others = [q for q in range(state.num_players) if q != seat]
    goods = [g for q in others for g, k in state.hands[q].items() for _ in range(k)]
    rng.shuffle(goods)
    sizes = [sum(state.hands[q].values()) for q in others]
    giver = [i for i, k in enumerate(sizes) if k]
    if giver and len(others) > 1:
        i = rng.choice(giver)
        sizes[i] -= 1
        sizes[(i + 1 + rng.randbelow(len(others) - 1)) % len(others)] += 1
    for q, size in zip(others, sizes, strict=True):
        kinds = {g: 0 for g in state.hands[q]}
        for g in goods[:size]:
            kinds[g] = kinds.get(g, 0) + 1
        del goods[:size]
        state.hands[q] = kinds
    pool = [c for q in others for c in state.power_hands[q]] + list(state.power_deck)
    rng.shuffle(pool)
    for q in others:
        size = len(state.power_hands[q])
        state.power_hands[q], pool = pool[:size], pool[size:]
    state.power_deck = pool
