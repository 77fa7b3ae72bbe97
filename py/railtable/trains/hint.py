"""Why the hint's move is good in Trains, in one line (issue 32; ``core.hint``).

From the asking seat's view only (its hand, its collection ``owned``, the pending choice's options)
and the card data:

* buying ("How to Buy Cards"): a Victory Point card's VP; a card that returns Waste ("Waste"); one
  that lays rails or places stations; a Train whose money is above the average of the player's
  cards (all his cards, Waste at 0: what a hand of 5 brings on average);
* ending the turn when cards could be bought: a weak card only makes later hands weaker;
* returning Waste ("Reduce & Reuse"): how many, and that later hands are the better for it;
* playing a Train near the end: its money; a rail ("Laying rails") into a city or a remote
  location; the cheapest rail offered; a station ("Placing a station");
* otherwise the search's own win shares (``core.hint.by_share``).
"""

from __future__ import annotations

from typing import Any

from ..core import Action
from ..core.hint import Figures, Reason, by_share
from .board import CITY, REMOTE, load_board
from .cards import WASTE, all_cards, card

WASTE_OPS = frozenset({"return_all_waste", "return_waste_any"})


def average_money(owned: dict[str, int]) -> float:
    """The money a card of this collection brings on average (Waste and VP cards count 0)."""
    cards = all_cards()
    total = sum(cards[n].money * k for n, k in owned.items() if n in cards)
    count = sum(owned.values())
    return total / count if count else 0.0


def _ops(name: str) -> set[str]:
    return {step["op"] for step in card(name).effect}


def reason(view: dict[str, Any], legal: list[Action], action: Action, figures: Figures) -> Reason:
    """The reason for ``action`` (one of ``legal``) from ``view`` and ``figures`` (module docstring)."""
    kind = action["type"]
    me = view["players"][view["you"]]
    if kind == "buy":
        c = card(action["pile"])
        ops = _ops(c.name)
        if c.vp > 0:
            return "tr_buy_vp", {"vp": c.vp}
        if ops & WASTE_OPS:
            return "tr_buy_waste", {}
        if "lay_rail" in ops:
            return "tr_buy_rails", {}
        if "place_station" in ops:
            return "tr_buy_station", {}
        avg = average_money(me["owned"])
        if c.money > avg:
            return "tr_buy_money", {"money": c.money, "avg": round(avg, 1)}
        return by_share(figures)
    if kind == "end_turn" and any(a["type"] == "buy" for a in legal):
        return "tr_end_buy", {}
    if kind == "return_waste":
        return "tr_return_waste", {"n": sum(1 for c in view["hand"] if c["name"] == WASTE)}
    if kind == "play" and not action.get("decline"):
        name = next((c["name"] for c in view["hand"] if c["id"] == action["card"]), None)
        if name is not None and card(name).money > 0 and not _ops(name):
            return "tr_play_money", {"money": card(name).money}
    if kind in ("lay_rail", "place_station"):
        h = int(action["hex"])
        space = [view["board"], h]
        terrain = load_board(view["board"]).hexes[h].terrain
        if kind == "place_station":
            return "tr_station", {"space": space}
        if terrain == REMOTE:
            return "tr_rail_remote", {"space": space, "vp": load_board(view["board"]).hexes[h].value}
        if terrain == CITY:
            return "tr_rail_city", {"space": space}
        options = (view.get("pending") or {}).get("options") or []
        costs = {o.get("hex"): o.get("cost") for o in options if isinstance(o, dict)}
        cost = costs.get(h)
        if cost is not None and all(c is None or cost <= c for c in costs.values()) and len(costs) > 1:
            return "tr_rail_cheap", {"cost": cost}
    return by_share(figures)
