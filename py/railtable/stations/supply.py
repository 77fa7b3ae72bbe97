"""The components every step moves: dice (player supplies, the tray, the Bonus pool), VP cards.

Rulebook "Components", "The End of the Game" (the VP stack) and Step 2 "Strike!" (losing VP). These
helpers act on a :class:`~railtable.stations.state.StationsState`; they decide no rule of a step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import all_power_cards

if TYPE_CHECKING:
    from .state import StationsState


def on_board(st: StationsState, p: int) -> int:
    """How many of ``p``'s dice are on route spaces."""
    return sum(1 for d in st.spaces.values() if d[0] == p)


def tray_count(st: StationsState, face: str, bonus: bool | None = None, selected: bool | None = None) -> int:
    """Dice in the tray showing ``face`` (of that class: Bonus or not, selected or not)."""
    return sum(
        1 for d in st.tray
        if d[1] == face and (bonus is None or d[0] == bonus) and (selected is None or d[2] == selected)
    )


def tray_take(st: StationsState, face: str, bonus: bool) -> None:
    """Take one die of that class out of the tray."""
    for i, d in enumerate(st.tray):
        if d[1] == face and d[0] == bonus:
            del st.tray[i]
            return
    raise AssertionError("no such die in the tray")


def return_die(st: StationsState, p: int, bonus: bool) -> None:
    """A die goes back: a Bonus die to the pool, a player's die to that player's supply."""
    if bonus:
        st.bonus_pool += 1
    else:
        st.dice_supply[p] += 1


def gain_vp(st: StationsState, p: int, n: int) -> None:
    """Take ``n`` VP from the board's stack; when it is empty, from the cards left out at setup,
    then on paper ("The End of the Game": the stack running out starts the last round)."""
    for _ in range(n):
        if st.vp_stack > 0:
            st.vp_stack -= 1
            st.vp[p] += 1
            if st.vp_stack == 0 and not st.endgame:
                st.endgame = True
                st.say("endgame", {})
        elif st.vp_reserve > 0:
            st.vp_reserve -= 1
            st.vp[p] += 1
        else:
            st.paper[p] += 1


def lose_vp(st: StationsState, p: int, n: int) -> int:
    """Lose ``n`` VP, or all if fewer; lost VP cards go back to the board's stack (reading)."""
    lost = 0
    while lost < n and st.paper[p] > 0:
        st.paper[p] -= 1
        lost += 1
    while lost < n and st.vp[p] > 0:
        st.vp[p] -= 1
        st.vp_stack += 1
        lost += 1
    return lost


def power_goods_cards(st: StationsState, p: int) -> list[int]:
    """``p``'s two-Goods Power cards."""
    table = all_power_cards()
    return [c for c in st.power_hands[p] if table[c]["kind"] == "goods"]
