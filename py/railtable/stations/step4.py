"""Step 4, Delivery! (rulebook): each route completed this turn is delivered, in the order the
active player chooses: 4.1 Completion VPs, 4.2 Majority Bonus (ties broken by the active player),
4.3 Collect Goods (too few: the active player hands them out, the others get 1 VP per card),
4.4 Completing Missions, 4.5 Reclaim Dice.

:func:`drive` runs the Deliveries until a player must decide (phases ``order``, ``tie``,
``goods``); when none is left the turn goes on to Step 5 (phase ``step5``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Action, IllegalActionError
from .data import BUILDINGS, all_power_cards, board
from .supply import gain_vp, return_die

if TYPE_CHECKING:
    from .state import StationsState


def drive(st: StationsState) -> None:
    """Run the automatic parts of Step 4 until a player must decide, or Step 4 is over."""
    while True:
        if st.delivery is not None:
            if not _advance(st):
                return
            st.delivery = None
            continue
        if st.deliver_queue:
            if len(st.deliver_queue) == 1:
                _begin(st, st.deliver_queue.pop())
                continue
            st.phase = "order"
            return
        st.phase = "step5"
        return


def legal_order(st: StationsState, p: int) -> list[Action]:
    return [{"type": "deliver", "player": p, "route": r} for r in st.deliver_queue]


def legal_tie(st: StationsState, p: int) -> list[Action]:
    return [{"type": "tie", "player": p, "winner": w} for w in st.delivery["tied"]]


def legal_goods(st: StationsState, p: int) -> list[Action]:
    return [{"type": "give_goods", "player": p, "to": q} for q, n in enumerate(st.delivery["demand"]) if n > 0]


def check_deliver(st: StationsState, a: Action, p: int) -> None:
    if a["route"] not in st.deliver_queue:
        raise IllegalActionError(f"choose one of the Deliveries still to score: {st.deliver_queue}", a)


def check_tie(st: StationsState, a: Action, p: int) -> None:
    if a["winner"] not in st.delivery["tied"]:
        raise IllegalActionError(f"the tie is between seats {st.delivery['tied']}", a)


def check_give_goods(st: StationsState, a: Action, p: int) -> None:
    q = a["to"]
    if not 0 <= q < st.num_players or st.delivery["demand"][q] <= 0:
        raise IllegalActionError("give the Goods card to a player who is still owed one", a)


def play_deliver(st: StationsState, a: Action, p: int) -> None:
    """With several Deliveries, the active player chooses the order."""
    st.deliver_queue.remove(a["route"])
    _begin(st, a["route"])


def play_tie(st: StationsState, a: Action, p: int) -> None:
    """4.2: the active player breaks every majority tie (even one they are in)."""
    st.delivery["winner"] = a["winner"]
    st.delivery["tied"] = []
    st.say("tie", {"p": p, "winner": a["winner"]})
    st.phase = "deliver"


def play_give_goods(st: StationsState, a: Action, p: int) -> None:
    """4.3: one of the last Goods cards to a player still owed one; when the stack is empty the
    others get 1 VP per card owed."""
    d = st.delivery
    bt = d["building"]
    q = a["to"]
    d["demand"][q] -= 1
    _take_goods(st, q, bt)
    if st.stacks[bt]["count"] == 0:
        for r in range(st.num_players):
            if d["demand"][r]:
                _goods_vp(st, r, bt, d["demand"][r])
        d["building"] = None
        d["demand"] = [0] * st.num_players
    st.phase = "deliver"


def _begin(st: StationsState, r: str) -> None:
    """4.1, Completion VPs: 1 VP per connected city to each player with dice on the route. The
    Delivery's event counts the dice on the route (the why of the Majority Bonus)."""
    route = board(st.rules).routes[r]
    st.phase = "deliver"
    dice = [0] * st.num_players
    white = 0
    for s in route.spaces:
        owner = st.spaces[s][0]
        if owner < 0:
            white += 1
        else:
            dice[owner] += 1
    st.say("delivery", {"route": r, "stations": list(route.stations), "dice": dice, "white": white})
    for q in range(st.num_players):
        if dice[q]:
            gain_vp(st, q, len(route.stations))
            st.say("completion_vp", {"p": q, "n": len(route.stations)})
    st.delivery = {"route": r, "stage": "majority", "tied": [], "winner": None,
                   "goods_queue": list(BUILDINGS), "building": None, "demand": [0] * st.num_players}


def _advance(st: StationsState) -> bool:
    """Continue the Delivery in progress; False when a decision is awaited."""
    d = st.delivery
    route = board(st.rules).routes[d["route"]]
    if d["stage"] == "majority":
        if d["winner"] is None:
            counts = [0] * st.num_players
            for s in route.spaces:
                owner = st.spaces[s][0]
                if owner >= 0:
                    counts[owner] += 1
            top = max(counts)
            if top > 0:
                tied = [q for q in range(st.num_players) if counts[q] == top]
                if len(tied) > 1:
                    d["tied"] = tied
                    st.phase = "tie"
                    return False
                d["winner"] = tied[0]
        if d["winner"] is not None:
            _majority_bonus(st, d["winner"], route.stations)
        d["stage"] = "goods"
    if d["stage"] == "goods":
        if not _deliver_goods(st, route.stations):
            return False
        d["stage"] = "missions"
    _complete_missions(st, d["route"])
    _reclaim_route(st, d["route"])
    st.phase = "deliver"
    return True


def _majority_bonus(st: StationsState, w: int, stations: tuple[str, ...]) -> None:
    """4.2, Majority Bonus: the city bonuses of every connected city; nothing if none left."""
    b = board(st.rules)
    st.say("majority", {"p": w})
    for s in stations:
        info = b.stations[s]
        if info.bonus_kind == "vp":
            gain_vp(st, w, info.bonus_amount)
            st.say("bonus_vp", {"p": w, "n": info.bonus_amount, "station": s})
        elif info.bonus_kind == "bonus_die":
            n = min(info.bonus_amount, st.bonus_pool)
            st.bonus_pool -= n
            st.bonus_held[w] += n
            st.say("bonus_die", {"p": w, "n": n, "station": s})
        else:
            for _ in range(info.bonus_amount):
                if st.power_deck:
                    c = st.power_deck.pop()
                    st.power_hands[w].append(c)
                    st.mark_revealed()
                    st.say("draw_power", {"p": w, "station": s},
                           {w: ("draw_power_private", {"p": w, "station": s, "card": c})})
                else:
                    st.say("no_power", {"p": w, "station": s})


def _goods_demand(st: StationsState, bt: str, stations: tuple[str, ...]) -> list[int]:
    demand = [0] * st.num_players
    for s in stations:
        for owner, kind in st.buildings[s]:
            if kind == bt:
                demand[owner] += 1
    return demand


def _deliver_goods(st: StationsState, stations: tuple[str, ...]) -> bool:
    """4.3, Collect Goods: a card per Building at the connected Stations, or 1 VP when the stack
    is empty; when too few, the active player decides who gets them (``give_goods``)."""
    d = st.delivery
    while d["building"] is not None or d["goods_queue"]:
        if d["building"] is None:
            bt = d["goods_queue"].pop(0)
            demand = _goods_demand(st, bt, stations)
            if sum(demand) == 0:
                continue
            stack = st.stacks[bt]
            claimants = [q for q in range(st.num_players) if demand[q]]
            if stack["count"] >= sum(demand) or len(claimants) == 1:
                for q in claimants:
                    for _ in range(demand[q]):
                        _take_goods(st, q, bt)
                continue
            if stack["count"] == 0:
                for q in claimants:
                    _goods_vp(st, q, bt, demand[q])
                continue
            d["building"] = bt
            d["demand"] = demand
        st.phase = "goods"  # waiting for give_goods
        return False
    return True


def _take_goods(st: StationsState, q: int, bt: str) -> None:
    stack = st.stacks[bt]
    if stack["count"] > 0:
        stack["count"] -= 1
        st.hands[q][stack["goods"]] += 1
        st.say("goods", {"p": q, "building": bt},
               {q: ("goods_private", {"p": q, "building": bt, "goods": stack["goods"]})})
    else:
        _goods_vp(st, q, bt, 1)


def _goods_vp(st: StationsState, q: int, bt: str, n: int) -> None:
    gain_vp(st, q, n)
    st.say("goods_vp", {"p": q, "building": bt, "n": n})


def connected_cities(st: StationsState, r: str) -> set[str]:
    """Cities linked to route ``r`` through routes completed this turn (project reading)."""
    b = board(st.rules)
    group = set(b.routes[r].stations)
    grew = True
    while grew:
        grew = False
        for other in st.completed:
            cities = set(b.routes[other].stations)
            if cities & group and not cities <= group:
                group |= cities
                grew = True
    return group


def _complete_missions(st: StationsState, r: str) -> None:
    """4.4, Completing Missions: a Mission whose two cities are now connected scores its VP
    (revealed, face up); one copy of the same Mission per turn."""
    cities = connected_cities(st, r)
    table = all_power_cards()
    for q in range(st.num_players):
        for c in list(st.power_hands[q]):
            card = table[c]
            if card["kind"] != "mission":
                continue
            key = "-".join(card["cities"])
            a, b = card["cities"]
            if a in cities and b in cities and [q, key] not in st.missions_this_turn:
                st.missions_this_turn.append([q, key])
                st.power_hands[q].remove(c)
                st.power_scored[q].append(c)
                st.mark_revealed()
                st.say("mission", {"p": q, "card": c, "n": card["vp"]})


def _reclaim_route(st: StationsState, r: str) -> None:
    """4.5, Reclaim Dice: player dice back to their owners, Bonus dice to the pool."""
    for s in board(st.rules).routes[r].spaces:
        owner = st.spaces.pop(s)[0]
        return_die(st, owner, owner < 0)


CHECKS = {"deliver": check_deliver, "tie": check_tie, "give_goods": check_give_goods}
PLAYS = {"deliver": play_deliver, "tie": play_tie, "give_goods": play_give_goods}
