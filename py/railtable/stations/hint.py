"""Why the hint's move is good in Trains & Stations, in one line (issue 32; ``core.hint``).

From the asking seat's view only (the dice on the board, its own Power cards) and the board:

* a train placed (Step 3): the route it completes (scored in Step 4 this turn), the Mission in
  hand whose two cities the route joins, or how many spaces the route still lacks;
* a Building erected (Step 3): at which Station it will collect Goods (Step 4.3);
* reclaiming the dice (Step 1): none left to roll; saving a die, cashing a Coin die, ending Step 3;
* gathering (Step 1): the Bonus dice rolled as well, or kept for a later turn, when that is a choice;
* rolling (Step 2): the die chosen for a reroll or kept, how many dice a reroll takes for its Coin,
  stopping with two Locked Trains showing (a third would be a Strike: 3 VP lost);
* otherwise the search's own win shares (``core.hint.by_share``).
"""

from __future__ import annotations

from typing import Any

from ..core import Action
from ..core.hint import Figures, Reason, by_share
from .data import board


def reason(view: dict[str, Any], legal: list[Action], action: Action, figures: Figures) -> Reason:
    """The reason for ``action`` (one of ``legal``) from ``view`` and ``figures`` (module docstring)."""
    kind = action["type"]
    b = board(view["rules"])
    if kind == "place":
        r = b.space_route[action["space"]]
        route = b.routes[r]
        empty = sum(1 for s in route.spaces if s not in view["spaces"]) - 1
        if empty <= 0:
            return "st_completes", {"route": r}
        for c in (view.get("me") or {}).get("power", []):
            if c.get("kind") == "mission" and all(city in route.stations for city in c["cities"]):
                return "st_mission", {"a": c["cities"][0], "b": c["cities"][1]}
        return "st_route", {"route": r, "left": empty}
    if kind == "build":
        return "st_build", {"building": action["building"], "station": action["station"]}
    if kind == "reclaim":
        return "st_reclaim", {}
    if kind == "save":
        return "st_save", {"face": action["face"]}
    if kind == "cash":
        return "st_cash", {}
    if kind == "done":
        return "st_done", {}
    me = next((p for p in view.get("players", []) if p.get("seat") == action.get("player")), {})
    pending = view.get("pending") or {}
    if kind == "gather" and pending.get("bonus_min", 0) < pending.get("bonus_max", 0):
        # only when the Bonus dice are the player's choice (Step 1: an empty Bonus pool, or fewer
        # than 5 own dice, makes some or all of them compulsory)
        if action["bonus"]:
            return "st_gather_bonus", {"n": action["bonus"]}
        if me.get("bonus_dice"):
            return "st_gather_keep_bonus", {"n": me["bonus_dice"]}
    tray = view.get("tray") or []
    if kind == "select":
        return "st_select", {"face": action["face"]}
    if kind == "unselect":
        return "st_unselect", {"face": action["face"]}
    if kind == "reroll":
        return "st_reroll", {"n": sum(1 for d in tray if d["selected"])}
    if kind == "stop" and not view.get("struck") and sum(1 for d in tray if d["face"] == "locked") == 2:
        return "st_stop_strike", {}
    return by_share(figures)
