"""Step 3, Resolve Dice (rulebook): place every Train and Locked Train die on the routes, erect
Buildings with 3 matching dice, turn Coin dice into Coins, save dice for next turn; then the
dice left go back ("done") and the completed routes are delivered (Step 4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Action, IllegalActionError
from .data import BUILDINGS, FACES, SAVABLE_FACES, TRAIN_FACES, board, cards
from .supply import return_die, tray_count, tray_take

if TYPE_CHECKING:
    from .state import StationsState


def open_spaces(st: StationsState) -> list[str]:
    """Placing Trains: empty spaces next to a Station or to a space holding a die (in board order)."""
    return list(_open_spaces(st))


def _open_spaces(st: StationsState) -> tuple[str, ...]:
    """:func:`open_spaces`, shared: read it, never change it.

    The legal actions, the view and the bots ask for it several times between two placements:
    the answer is kept with the occupied spaces it was computed for."""
    occ = st.spaces
    key = tuple(occ)
    cached = st.__dict__.get("_open_spaces")
    if cached is not None and cached[0] == key and cached[1] == st.rules:
        return cached[2]  # type: ignore[no-any-return]
    found = tuple([sid for sid, touches, nxt in board(st.rules).space_links
                   if sid not in occ and (touches or not occ.keys().isdisjoint(nxt))])
    st.__dict__["_open_spaces"] = (key, st.rules, found)
    return found


def build_stations(st: StationsState) -> list[str]:
    """Erecting Buildings: Stations with a free location, within the level rule.

    A Station may not have more Buildings than locations; a second Building needs every
    Station to have one, a third needs every Station to have two.

    The view and the legal actions ask for it on every step of a turn, and Buildings are seldom
    erected: the answer is kept with the Buildings per Station it was found for (a fresh list each call).
    """
    key = (st.rules, tuple(st.buildings), *map(len, st.buildings.values()))
    cached = st.__dict__.get("_build_stations")
    if cached is not None and cached[0] == key:
        return list(cached[1])
    b = board(st.rules)
    counts = {s: len(st.buildings[s]) for s in b.station_order}
    low = min(counts.values())
    found = [s for s in b.station_order if counts[s] < b.stations[s].slots and counts[s] <= low]
    st.__dict__["_build_stations"] = (key, found)
    return list(found)


def legal(st: StationsState, p: int) -> list[Action]:
    out: list[Action] = []
    faces: dict[str, int] = {}
    for d in st.tray:
        faces[d[1]] = faces.get(d[1], 0) + 1
    classes = sorted({(d[1], d[0]) for d in st.tray}, key=lambda fb: (FACES.index(fb[0]), fb[1]))
    spaces = _open_spaces(st)
    for face, bonus in classes:
        if face in TRAIN_FACES:
            out += [{"type": "place", "player": p, "face": face, "bonus": bonus, "space": sid} for sid in spaces]
    for bt in BUILDINGS:
        if faces.get(bt, 0) >= 3 and st.buildings_left[p][bt] > 0:
            out += [{"type": "build", "player": p, "building": bt, "station": s} for s in build_stations(st)]
    for face, bonus in classes:
        if face == "coin":
            out.append({"type": "cash", "player": p, "bonus": bonus})
    for face, bonus in classes:
        if face in SAVABLE_FACES and not bonus:
            out.append({"type": "save", "player": p, "face": face})
    if not spaces or not any(f in faces for f in TRAIN_FACES):
        out.append({"type": "done", "player": p})
    return out


def check_place(st: StationsState, a: Action, p: int) -> None:
    face, bonus = a["face"], a["bonus"]
    if face not in TRAIN_FACES:
        raise IllegalActionError("only Train and Locked Train dice are placed on routes", a)
    if tray_count(st, face, bonus) == 0:
        raise IllegalActionError("you have no such die to place", a)
    if a["space"] not in _open_spaces(st):
        raise IllegalActionError("a train goes on an empty route space next to a Station or to a space holding a die", a)


def check_build(st: StationsState, a: Action, p: int) -> None:
    bt, station = a["building"], a["station"]
    if bt not in BUILDINGS:
        raise IllegalActionError(f"'building' is one of {list(BUILDINGS)}", a)
    if tray_count(st, bt) < 3:
        raise IllegalActionError(f"erecting a {bt} needs 3 dice showing it", a)
    if st.buildings_left[p][bt] < 1:
        raise IllegalActionError(f"you have no {bt} left in your supply", a)
    if station not in build_stations(st):
        raise IllegalActionError("that Station has no free location, or the level rule forbids it "
                                 "(every Station needs one Building before any gets a second)", a)


def check_cash(st: StationsState, a: Action, p: int) -> None:
    if tray_count(st, "coin", a["bonus"]) == 0:
        raise IllegalActionError("you have no such die showing a Coin", a)


def check_save(st: StationsState, a: Action, p: int) -> None:
    face = a["face"]
    if face not in SAVABLE_FACES:
        raise IllegalActionError("only dice showing a Building or a Coin may be saved", a)
    if tray_count(st, face, False) == 0:
        raise IllegalActionError("you have no such die of your own colour (Bonus dice cannot be saved)", a)


def check_done(st: StationsState, a: Action, p: int) -> None:
    if any(d[1] in TRAIN_FACES for d in st.tray) and _open_spaces(st):
        raise IllegalActionError("every Train and Locked Train die must be placed first", a)


def play_place(st: StationsState, a: Action, p: int) -> None:
    """Placing Trains (Bonus dice on the board belong to nobody: owner -1)."""
    tray_take(st, a["face"], a["bonus"])
    st.spaces[a["space"]] = [-1 if a["bonus"] else p, a["face"]]
    st.say("place_bonus" if a["bonus"] else "place",
           {"p": p, "face": a["face"], "route": board(st.rules).space_route[a["space"]], "space": a["space"]})


def play_build(st: StationsState, a: Action, p: int) -> None:
    """Erecting Buildings: 3 matching dice return to the pool (Bonus dice used first)."""
    bt = a["building"]
    for _ in range(3):
        bonus = tray_count(st, bt, True) > 0
        tray_take(st, bt, bonus)
        return_die(st, p, bonus)
    st.buildings_left[p][bt] -= 1
    st.buildings[a["station"]].append([p, bt])
    st.say("build", {"p": p, "building": bt, "station": a["station"]})


def play_cash(st: StationsState, a: Action, p: int) -> None:
    """Gain Coins: 2 Coins per Coin die returned, never more than 5 held."""
    tray_take(st, "coin", a["bonus"])
    return_die(st, p, a["bonus"])
    coins = cards()["coins"]
    gain = max(0, min(coins["per_die"], coins["max"] - st.coins[p], st.bank))
    st.coins[p] += gain
    st.bank -= gain
    st.say("cash", {"p": p, "n": gain})


def play_save(st: StationsState, a: Action, p: int) -> None:
    """Saving Dice: a die of your colour showing a Building or Coin waits for next turn."""
    tray_take(st, a["face"], False)
    st.saved[p].append(a["face"])
    st.say("save", {"p": p, "face": a["face"]})


def play_done(st: StationsState, a: Action, p: int) -> None:
    """End of Step 3: unused dice go back (rolled Bonus dice to the pool); then Step 4 delivers the
    completed routes."""
    for bonus, _face, _sel in st.tray:
        return_die(st, p, bonus)
    st.tray = []
    b = board(st.rules)
    st.completed = [r for r in b.route_order if all(s in st.spaces for s in b.routes[r].spaces)]
    st.deliver_queue = list(st.completed)
    st.phase = "deliver"


CHECKS = {"place": check_place, "build": check_build, "cash": check_cash, "save": check_save, "done": check_done}
PLAYS = {"place": play_place, "build": play_build, "cash": play_cash, "save": play_save, "done": play_done}
