"""Step 1, Gather Dice (rulebook): saved dice count first, then dice from your supply up to 5, then
Bonus dice; or, with 5 or more of your dice on the board, reclaim them all and end the turn.

The ``gather`` action also makes the first roll of Step 2 (saved dice may keep their faces).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import Action, IllegalActionError
from . import step2
from .data import FACES, cards
from .supply import on_board

if TYPE_CHECKING:
    from .state import StationsState


def own_gathered(st: StationsState, p: int) -> int:
    """Saved dice count first, then dice from the supply, up to 5."""
    return min(cards()["dice"]["gather_max"], len(st.saved[p]) + st.dice_supply[p])


def bonus_range(st: StationsState, p: int) -> tuple[int, int]:
    """The least and most Bonus dice ``p`` may roll.

    Optional, except: fewer than 5 own dice means Bonus dice up to 5 dice in all; an empty
    Bonus pool at the start of the turn means all of them.
    """
    held = st.bonus_held[p]
    if st.bonus_pool == 0:
        return held, held
    own = own_gathered(st, p)
    return min(held, max(0, cards()["dice"]["gather_max"] - own)), held


def keep_options(st: StationsState, p: int) -> list[dict[str, int]]:
    """Step 2: each saved die may keep its face or be rolled; the choices as face counts."""
    counts: dict[str, int] = {}
    for f in st.saved[p]:
        counts[f] = counts.get(f, 0) + 1
    options: list[dict[str, int]] = [{}]
    for f in FACES:
        if f not in counts:
            continue
        options = [dict(o, **({f: k} if k else {})) for o in options for k in range(counts[f] + 1)]
    return options


def legal(st: StationsState, p: int) -> list[Action]:
    out: list[Action] = []
    if on_board(st, p) >= 5:
        out.append({"type": "reclaim", "player": p})
    lo, hi = bonus_range(st, p)
    own = own_gathered(st, p)
    keeps = keep_options(st, p)
    for k in range(lo, hi + 1):
        if own + k == 0:
            continue
        for keep in keeps:
            out.append({"type": "gather", "player": p, "bonus": k, "keep": keep})
    return out


def check_gather(st: StationsState, a: Action, p: int) -> None:
    k, keep = a["bonus"], a["keep"]
    lo, hi = bonus_range(st, p)
    if not lo <= k <= hi:
        why = "all of them, as the Bonus pool is empty" if st.bonus_pool == 0 else (
            f"at least {lo} to roll 5 dice" if lo else "as many as you like")
        raise IllegalActionError(f"you hold {st.bonus_held[p]} Bonus dice: roll from {lo} to {hi} ({why})", a)
    if own_gathered(st, p) + k == 0:
        raise IllegalActionError("you have no dice to roll: reclaim your dice from the board", a)
    if keep not in keep_options(st, p):
        raise IllegalActionError(f"'keep' counts saved dice kept on their face, among your saved dice {st.saved[p]}", a)


def check_reclaim(st: StationsState, a: Action, p: int) -> None:
    if on_board(st, p) < 5:
        raise IllegalActionError(
            f"you may reclaim your dice only with 5 or more on the board (you have {on_board(st, p)})", a)


def play_reclaim(st: StationsState, a: Action, p: int) -> None:
    """Reclaim Dice: take all your dice back from the board; the turn goes on to Step 5."""
    n = 0
    for sid in [s for s, d in st.spaces.items() if d[0] == p]:
        del st.spaces[sid]
        n += 1
    st.dice_supply[p] += n
    st.say("reclaim", {"p": p, "n": n})
    st.phase = "step5"


def play_gather(st: StationsState, a: Action, p: int) -> None:
    """Saved dice first, then supply dice up to 5, then Bonus dice; then the first roll."""
    keep = dict(a["keep"])
    own = own_gathered(st, p)
    tray: list[list[Any]] = []
    for f in st.saved[p]:
        if keep.get(f, 0) > 0:
            keep[f] -= 1
            tray.append([False, f, False])
        else:
            tray.append([False, None, True])
    from_supply = own - len(st.saved[p])
    st.dice_supply[p] -= from_supply
    tray.extend([False, None, True] for _ in range(from_supply))
    k = a["bonus"]
    st.bonus_held[p] -= k
    tray.extend([True, None, True] for _ in range(k))
    st.saved[p] = []
    st.tray = tray
    st.phase = "roll"
    step2.roll(st)
    st.say("roll", {"p": p, "faces": [d[1] for d in st.tray], "bonus": k})
    step2.strike_check(st, p)


CHECKS = {"gather": check_gather, "reclaim": check_reclaim}
PLAYS = {"gather": play_gather, "reclaim": play_reclaim}
