"""What a seat may not see in Trains, changed at random: the soak's secrecy check (issue 15).

Rulebook, "Terms": a player's hand and the order of every deck are hidden (a deck's order even from
its owner); what each player owns is public, since every card is gained in the open. ``scramble``
shares each other player's hand and deck out again at random (same sizes) and shuffles ``seat``'s
own deck, so ``state.view(seat)`` must not change (``None``: a spectator, every player's)."""

from __future__ import annotations

from ..core.rng import Rng
from .state import TrainsState


def scramble(state: TrainsState, seat: int | None, rng: Rng) -> None:
    """Mix every other player's hand with their deck, and shuffle ``seat``'s deck, in place."""
    z = state.zones
    for p in range(state.num_players):
        if p == seat:
            rng.shuffle(z.decks[p])
            continue
        pool = z.hands[p] + z.decks[p]
        rng.shuffle(pool)
        size = len(z.hands[p])
        z.hands[p], z.decks[p] = pool[:size], pool[size:]
