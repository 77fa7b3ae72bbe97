"""Setup, the Power cards: each player is dealt 3 and keeps 2, all at once and in secret; the
returned cards are shuffled back into the deck (rulebook "Setup")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Action, IllegalActionError

if TYPE_CHECKING:
    from .state import StationsState


def legal(st: StationsState, p: int) -> list[Action]:
    return [{"type": "return_power", "player": p, "card": c} for c in st.power_hands[p]]


def check_return_power(st: StationsState, a: Action, p: int) -> None:
    if a["card"] not in st.power_hands[p]:
        raise IllegalActionError("return one of the 3 Power cards you were dealt", a)


def play_return_power(st: StationsState, a: Action, p: int) -> None:
    """Keep 2 of the 3 Power cards; once everyone has chosen, the deck is shuffled and the
    Conductor (seat 0) starts."""
    st.power_hands[p].remove(a["card"])
    st.power_deck.append(a["card"])
    st.deal_done[p] = True
    st.say("kept_power", {"p": p})
    if all(st.deal_done):
        st.rng.shuffle(st.power_deck)
        st.active = 0
        st.phase = "start"


CHECKS = {"return_power": check_return_power}
PLAYS = {"return_power": play_return_power}
