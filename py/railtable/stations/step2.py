"""Step 2, Roll Dice (rulebook): choose dice and reroll them for 1 Coin (never Locked Trains), or
stop; three Locked Trains after any roll are a Strike ("Strike!": 3 VP lost, no more rerolls).

Dice are named by class (face, Bonus or not): dice of one class are interchangeable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Action, IllegalActionError
from .data import FACES, cards
from .supply import lose_vp, tray_count

if TYPE_CHECKING:
    from .state import StationsState


def legal(st: StationsState, p: int) -> list[Action]:
    out: list[Action] = []
    seen = set()
    can_pay = st.coins[p] >= 1
    for bonus, face, sel in st.tray:
        if face == "locked" or (face, bonus, sel) in seen or not (sel or can_pay):
            continue
        seen.add((face, bonus, sel))
        out.append({"type": "unselect" if sel else "select", "player": p, "face": face, "bonus": bonus})
    out.sort(key=lambda a: (a["type"], FACES.index(a["face"]), a["bonus"]))
    if not st.struck and st.coins[p] >= 1 and any(d[2] for d in st.tray):
        out.append({"type": "reroll", "player": p})
    out.append({"type": "stop", "player": p})
    return out


def roll(st: StationsState) -> None:
    """Roll the selected dice (the game's one RNG)."""
    for d in st.tray:
        if d[2]:
            d[1] = FACES[st.rng.randbelow(6)]
            d[2] = False


def strike_check(st: StationsState, p: int) -> None:
    """Strike!: three or more Locked Trains end rerolls and cost 3 VP (all, if fewer)."""
    if tray_count(st, "locked") >= 3:
        st.struck = True
        lost = lose_vp(st, p, cards()["vp"]["strike_loss"])
        st.say("strike", {"p": p, "n": lost})
        to_resolve(st)


def to_resolve(st: StationsState) -> None:
    """On to Step 3."""
    for d in st.tray:
        d[2] = False
    st.phase = "resolve"


def die_class(a: Action) -> tuple[str, bool]:
    face, bonus = a["face"], a["bonus"]
    if face not in FACES:
        raise IllegalActionError(f"'face' is one of {list(FACES)}", a)
    return face, bonus


def check_select(st: StationsState, a: Action, p: int) -> None:
    face, bonus = die_class(a)
    if face == "locked":
        raise IllegalActionError("Locked Train dice may not be rerolled", a)
    if st.coins[p] < 1:
        raise IllegalActionError("a reroll costs 1 Coin and you have none", a)
    if tray_count(st, face, bonus, False) == 0:
        raise IllegalActionError("you have no such unselected die", a)


def check_unselect(st: StationsState, a: Action, p: int) -> None:
    face, bonus = die_class(a)
    if tray_count(st, face, bonus, True) == 0:
        raise IllegalActionError("you have no such selected die", a)


def check_reroll(st: StationsState, a: Action, p: int) -> None:
    if st.struck:
        raise IllegalActionError("your workers are on strike: no more rerolls", a)
    if st.coins[p] < 1:
        raise IllegalActionError("a reroll costs 1 Coin and you have none", a)
    if not any(d[2] for d in st.tray):
        raise IllegalActionError("select the dice to reroll first", a)


def check_stop(st: StationsState, a: Action, p: int) -> None:
    return None


def _mark(st: StationsState, face: str, bonus: bool, selected: bool) -> None:
    """(Un)choose one die of the class for the next reroll."""
    for d in st.tray:
        if d[1] == face and d[0] == bonus and d[2] != selected:
            d[2] = selected
            return


def play_select(st: StationsState, a: Action, p: int) -> None:
    _mark(st, a["face"], a["bonus"], True)


def play_unselect(st: StationsState, a: Action, p: int) -> None:
    _mark(st, a["face"], a["bonus"], False)


def play_reroll(st: StationsState, a: Action, p: int) -> None:
    """Rerolls: 1 Coin to reroll any chosen dice except Locked Trains."""
    st.coins[p] -= 1
    st.bank += 1
    st.rerolls += 1
    n = sum(1 for d in st.tray if d[2])
    roll(st)
    st.say("reroll", {"p": p, "n": n, "faces": [d[1] for d in st.tray]})
    strike_check(st, p)


def play_stop(st: StationsState, a: Action, p: int) -> None:
    to_resolve(st)


CHECKS = {"select": check_select, "unselect": check_unselect, "reroll": check_reroll, "stop": check_stop}
PLAYS = {"select": play_select, "unselect": play_unselect, "reroll": play_reroll, "stop": play_stop}
