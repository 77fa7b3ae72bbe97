"""The baseline bot: a sensible player that sees only its own view and the legal actions.

Its habits, step by step (rulebook steps):

* Setup: returns its least valuable Power card (Missions by VP, two-Goods cards count 4).
* Step 1: reclaims its dice when it has fewer than 3 to roll; otherwise rolls every Bonus die
  and keeps its saved dice on their faces.
* Step 2: keeps trains, building faces it has at least two of, and Coins when it holds 3 or
  fewer; rerolls the rest (at most twice a turn, never with 2 Locked Trains showing).
* Step 3: places each train where it completes a route or strengthens its presence; erects
  Buildings at the Station whose routes are fullest; takes Coins; saves pairs of building faces.
* Step 4: keeps tie breaks and scarce Goods for itself, else gives them to the player with the
  fewest VP.
* Step 5: trades away single Goods cards in pairs for the new Goods.
"""

from __future__ import annotations

from typing import Any

from ..core import Action
from .data import BUILDINGS, all_power_cards, board


class BaselineBot:
    name = "baseline"

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.seed = seed

    # ---- entry point ------------------------------------------------------
    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        handler = getattr(self, f"_{view['phase']}", None)
        action = handler(view, legal) if handler else None
        if action is None or action not in legal:
            return legal[0]
        return action

    # ---- helpers ----------------------------------------------------------
    def _first(self, legal: list[Action], kind: str, **fields: Any) -> Action | None:
        for a in legal:
            if a["type"] == kind and all(a.get(k) == v for k, v in fields.items()):
                return a
        return None

    def _poorest(self, view: dict[str, Any], seats: list[int]) -> int:
        if self.seat in seats:
            return self.seat
        return min(seats, key=lambda q: (view["players"][q]["vp"], q))

    # ---- setup -------------------------------------------------------------
    def _keep(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        table = all_power_cards()

        def value(cid: int) -> int:
            card = table[cid]
            return int(card["vp"]) if card["kind"] == "mission" else 4

        return min(legal, key=lambda a: (value(a["card"]), a["card"]))

    # ---- step 1 ------------------------------------------------------------
    def _gather(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        pending = view["pending"]
        reclaim = self._first(legal, "reclaim")
        if reclaim and pending["own_dice"] < 3:
            return reclaim
        gathers = [a for a in legal if a["type"] == "gather"]
        if not gathers:
            return reclaim
        return max(gathers, key=lambda a: (a["bonus"], sum(a["keep"].values())))

    # ---- step 2 ------------------------------------------------------------
    def _wanted_rerolls(self, view: dict[str, Any]) -> dict[tuple[str, bool], int]:
        me = view["players"][self.seat]
        tray = view["tray"]
        counts: dict[str, int] = {}
        for d in tray:
            counts[d["face"]] = counts.get(d["face"], 0) + 1
        can_build = bool(view["pending"].get("build_stations", True))
        want: dict[tuple[str, bool], int] = {}
        for d in tray:
            f = d["face"]
            keep = f in ("train", "locked")
            if f in BUILDINGS:
                keep = counts[f] >= 2 and me["buildings_left"][f] > 0 and can_build
            if f == "coin":
                keep = me["coins"] <= 3
            if not keep:
                key = (f, d["bonus"])
                want[key] = want.get(key, 0) + 1
        return want

    def _roll(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        me = view["players"][self.seat]
        locked = sum(1 for d in view["tray"] if d["face"] == "locked")
        want: dict[tuple[str, bool], int] = {}
        if me["coins"] >= 1 and view["rerolls"] < 2 and locked <= 1:
            want = self._wanted_rerolls(view)
        have: dict[tuple[str, bool], int] = {}
        for d in view["tray"]:
            if d["selected"]:
                key = (d["face"], d["bonus"])
                have[key] = have.get(key, 0) + 1
        for key in set(want) | set(have):
            face, bonus = key
            if have.get(key, 0) < want.get(key, 0):
                return self._first(legal, "select", face=face, bonus=bonus)
            if have.get(key, 0) > want.get(key, 0):
                return self._first(legal, "unselect", face=face, bonus=bonus)
        if want:
            return self._first(legal, "reroll") or self._first(legal, "stop")
        return self._first(legal, "stop")

    # ---- step 3 ------------------------------------------------------------
    def _space_score(self, view: dict[str, Any], action: Action) -> float:
        b = board(view["rules"])
        r = b.space_route[action["space"]]
        route = b.routes[r]
        spaces = view["spaces"]
        empty_after = sum(1 for s in route.spaces if s not in spaces) - 1
        mine = sum(1 for s in route.spaces if s in spaces and spaces[s]["owner"] == self.seat)
        others = {}
        for s in route.spaces:
            if s in spaces and spaces[s]["owner"] not in (-1, self.seat):
                o = spaces[s]["owner"]
                others[o] = others.get(o, 0) + 1
        best_other = max(others.values(), default=0)
        my_buildings = sum(
            1 for st in route.stations for bld in view["buildings"][st] if bld["owner"] == self.seat
        )
        own = not action["bonus"]
        score = -1.5 * empty_after + my_buildings * 1.0 + len(route.stations)
        if empty_after == 0:
            score += 8
        if own:
            score += 2.0 if mine + 1 >= best_other else 0.5
            score += 0.5 * mine
        return score

    def _station_score(self, view: dict[str, Any], st: str) -> float:
        b = board(view["rules"])
        spaces = view["spaces"]
        score = 0.0
        for route in b.routes.values():
            if st in route.stations:
                filled = sum(1 for s in route.spaces if s in spaces)
                score += filled / len(route.spaces) + 0.3
        score -= 0.5 * sum(1 for bld in view["buildings"][st] if bld["owner"] == self.seat)
        return score

    def _resolve(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        places = [a for a in legal if a["type"] == "place"]
        if places:
            return max(places, key=lambda a: self._space_score(view, a))
        builds = [a for a in legal if a["type"] == "build"]
        if builds:
            return max(builds, key=lambda a: self._station_score(view, a["station"]))
        me = view["players"][self.seat]
        counts: dict[str, int] = {}
        for d in view["tray"]:
            counts[d["face"]] = counts.get(d["face"], 0) + 1
        cash = [a for a in legal if a["type"] == "cash"]
        if cash:
            bonus_cash = [a for a in cash if a["bonus"]]
            if me["coins"] < 5:
                return (bonus_cash or cash)[0]
            save = self._first(legal, "save", face="coin")
            return save or cash[0]
        for a in legal:
            if a["type"] == "save" and a["face"] in BUILDINGS and counts.get(a["face"], 0) >= 2 \
                    and me["buildings_left"][a["face"]] > 0:
                return a
        return self._first(legal, "done")

    # ---- step 4 ------------------------------------------------------------
    def _order(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        return legal[0]

    def _tie(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        w = self._poorest(view, [a["winner"] for a in legal])
        return self._first(legal, "tie", winner=w)

    def _goods(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        w = self._poorest(view, [a["to"] for a in legal])
        return self._first(legal, "give_goods", to=w)

    def _spec_award(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        w = self._poorest(view, [a["to"] for a in legal])
        return self._first(legal, "award", to=w)

    # ---- step 5 ------------------------------------------------------------
    def _upgrade(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        mine = {bt: 0 for bt in BUILDINGS}
        for lst in view["buildings"].values():
            for bld in lst:
                if bld["owner"] == self.seat:
                    mine[bld["building"]] += 1
        return max(legal, key=lambda a: (mine[a["building"]], a["goods"] == "gold"))

    def _speculate(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        hand = view["me"]["goods"]
        offer = view["pending"].get("my_offer", {"goods": {}, "cards": []})
        new = view["pending"]["goods"]
        singles = sorted(g for g, n in hand.items() if n == 1 and g != new)
        if len(singles) % 2:
            singles = singles[:-1]
        target = {g: 1 for g in singles}
        if offer["cards"] or any(offer["goods"].get(g, 0) > target.get(g, 0) for g in offer["goods"]):
            return self._first(legal, "clear_offer")
        for g, n in target.items():
            if offer["goods"].get(g, 0) < n:
                return self._first(legal, "offer_goods", goods=g)
        return self._first(legal, "confirm")
