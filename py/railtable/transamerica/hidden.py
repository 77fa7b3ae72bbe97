"""What a seat may not see in TransAmerica, changed at random: the soak's secrecy check (issue 15).

Rulebook, "Preparation": each player's city cards are dealt face down and kept secret until the end
of the round. ``scramble(state, seat, rng)`` deals every other player's cities again, colour by
colour, from those same cities and the cities no hand holds (with five players and no dashed
cities every city of a colour is in a hand, so only who holds which changes), so
``state.view(seat)`` must not change (``None``: a spectator, every hand changed)."""

from __future__ import annotations

from ..core.rng import Rng
from . import board
from .state import TransAmericaState


def scramble(state: TransAmericaState, seat: int | None, rng: Rng) -> None:
    """Deal every player but ``seat`` other cities of the same colours, in place."""
    held = {c for hand in state.hands for c in hand}
    for colour in board.COLOURS:
        cities = board.cities_of_colour(colour, state.use_dashed)
        slots = [(p, i) for p, hand in enumerate(state.hands) if p != seat
                 for i, city in enumerate(hand) if city in cities]
        pool = [state.hands[p][i] for p, i in slots] + [c for c in cities if c not in held]
        before = pool[: len(slots)]
        for _ in range(8):  # a different deal where one exists
            rng.shuffle(pool)
            if pool[: len(slots)] != before:
                break
        for (p, i), city in zip(slots, pool, strict=False):
            state.hands[p][i] = city
