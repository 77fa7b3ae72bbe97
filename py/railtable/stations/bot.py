"""The baseline bot: a sensible player that sees only its own view and the legal actions.

Its habits, step by step (rulebook steps):

* Setup: returns its least valuable Power card: a Mission whose two cities share a route is worth
  its VP and more (one Delivery scores it), a Mission needing a chain of routes completed in one
  turn much less; a two-Goods card counts 4.
* Step 1: reclaims its dice only when it has none left to roll (a reclaim undoes its routes);
  otherwise rolls every Bonus die and keeps its saved dice on their faces.
* Step 2: keeps trains, building faces it has at least two of, and Coins when it holds 2 or
  fewer; rerolls the rest (at most four times a turn, never with 2 Locked Trains showing).
* Step 3: places each train where it pays most for what is still missing: a route's worth to
  it is the completion VP (one per city, so three on a Y route), the city bonuses it would win
  with the majority, the Goods its Buildings at those Stations would collect, and the Missions in
  its hand the route scores (both cities on the route) or belongs to (the chain of routes with
  the fewest empty spaces joining the cities, all to be completed in one turn); completing a
  route now weighs most, a route's worth counts per die still missing, and it prefers routes
  already begun to opening a new one. Erects Buildings at Stations on well-filled routes that
  touch many cities; takes Coins (never saves a Coin die: a saved die is one fewer rolled for
  trains); saves pairs of building faces.
* Step 4: keeps tie breaks and scarce Goods for itself, else gives them to the player with the
  fewest VP.
* Step 5: trades away single Goods cards in pairs for the new Goods.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..core import Action
from .data import BUILDINGS, all_power_cards, board

_BONUS_WORTH = {"vp": 1.0, "bonus_die": 0.7, "power": 0.8}
"""What a city bonus is worth to the bot, in VP (a Power card may be a Mission)."""


@lru_cache(maxsize=64)
def _route_bonus(rules: int, r: str) -> float:
    """What the city bonuses of route ``r``'s Stations are worth to the bot (fixed by the board)."""
    b = board(rules)
    return sum(_BONUS_WORTH[b.stations[st].bonus_kind] * b.stations[st].bonus_amount
               for st in b.routes[r].stations)


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
        b = board(view["rules"])

        def value(cid: int) -> float:
            card = table[cid]
            if card["kind"] != "mission":
                return 4.0
            return card["vp"] * (1.5 if self._one_route(b, card["cities"]) else 0.4)

        return min(legal, key=lambda a: (value(a["card"]), a["card"]))

    @staticmethod
    def _one_route(b: Any, cities: list[str]) -> str | None:
        """The route whose Delivery alone connects both cities, if any."""
        for r in b.route_order:
            if all(c in b.routes[r].stations for c in cities):
                return r
        return None

    # ---- step 1 ------------------------------------------------------------
    def _gather(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        pending = view["pending"]
        reclaim = self._first(legal, "reclaim")
        if reclaim and pending["own_dice"] < 1:
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
                keep = me["coins"] <= 2
            if not keep:
                key = (f, d["bonus"])
                want[key] = want.get(key, 0) + 1
        return want

    def _roll(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        me = view["players"][self.seat]
        locked = sum(1 for d in view["tray"] if d["face"] == "locked")
        want: dict[tuple[str, bool], int] = {}
        if me["coins"] >= 1 and view["rerolls"] < 4 and locked <= 1:
            want = self._wanted_rerolls(view)
        have: dict[tuple[str, bool], int] = {}
        for d in view["tray"]:
            if d["selected"]:
                key = (d["face"], d["bonus"])
                have[key] = have.get(key, 0) + 1
        for key in dict.fromkeys([*want, *have]):  # a fixed order (a set's would follow the hash seed)
            face, bonus = key
            if have.get(key, 0) < want.get(key, 0):
                return self._first(legal, "select", face=face, bonus=bonus)
            if have.get(key, 0) > want.get(key, 0):
                return self._first(legal, "unselect", face=face, bonus=bonus)
        if want:
            return self._first(legal, "reroll") or self._first(legal, "stop")
        return self._first(legal, "stop")

    # ---- step 3 ------------------------------------------------------------
    def _route_worth(self, view: dict[str, Any], r: str, own_dice: int,
                     cache: dict[Any, Any] | None = None) -> float:
        """What completing route ``r`` pays this bot, with ``own_dice`` of its dice on it (``cache``
        keeps, for one decision, the dice counted per route, the Missions' chains and each route's
        Buildings and Missions terms)."""
        b = board(view["rules"])
        route = b.routes[r]
        best_other = self._route_dice(view, cache)[r][2]
        worth = float(len(route.stations)) if own_dice else 0.0
        bonus = _route_bonus(view["rules"], r)
        if own_dice > best_other:
            worth += bonus
        elif own_dice == best_other and own_dice:
            worth += bonus * (0.8 if view["active"] == self.seat else 0.3)
        for term in self._route_terms(view, r, cache):  # one by one, in order: the same float sums
            worth += term
        return worth

    def _route_dice(self, view: dict[str, Any], cache: dict[Any, Any] | None) -> dict[str, tuple[int, int, int]]:
        """Route -> (its empty spaces, this bot's dice on it, the most dice one other player has on
        it; Bonus dice belong to nobody), counted once per decision from the dice on the board."""
        counts: dict[str, tuple[int, int, int]] | None = None if cache is None else cache.get("dice")
        if counts is not None:
            return counts
        b = board(view["rules"])
        filled = dict.fromkeys(b.route_order, 0)
        mine = dict.fromkeys(b.route_order, 0)
        others: dict[str, dict[int, int]] = {}
        for s, die in view["spaces"].items():  # the dice on the board, not every space
            r = b.space_route[s]
            filled[r] += 1
            owner = die["owner"]
            if owner == self.seat:
                mine[r] += 1
            elif owner != -1:
                per = others.setdefault(r, {})
                per[owner] = per.get(owner, 0) + 1
        counts = {r: (len(b.routes[r].spaces) - filled[r], mine[r], max(others[r].values()) if r in others else 0)
                  for r in b.route_order}
        if cache is not None:
            cache["dice"] = counts
        return counts

    def _route_terms(self, view: dict[str, Any], r: str, cache: dict[Any, Any] | None) -> list[float]:
        """What route ``r`` adds to its worth whatever the dice: its Stations' Buildings of this bot
        (more while their Goods last) and the Missions in its hand it scores or is a link of."""
        key = ("terms", r)
        if cache is not None and key in cache:
            return cache[key]  # type: ignore[no-any-return]
        route = board(view["rules"]).routes[r]
        terms: list[float] = []
        for st in route.stations:
            for bld in view["buildings"][st]:
                if bld["owner"] == self.seat:
                    terms.append(1.2 if view["stacks"][bld["building"]]["count"] > 0 else 1.0)
        me = view.get("me") or {}
        for card in me.get("power", []):
            if card["kind"] != "mission":
                continue
            inside = 0
            for c in card["cities"]:
                if c in route.stations:
                    inside += 1
            if inside == 2:
                terms.append(2.0 * card["vp"])
            else:
                chain_key = ("chain", *card["cities"])
                if cache is None or chain_key not in cache:
                    chain = self._chain(view, card["cities"], cache)
                    if cache is not None:
                        cache[chain_key] = chain
                else:
                    chain = cache[chain_key]
                if r not in chain:
                    continue
                terms.append(0.5 * card["vp"])  # building toward a chain
        if cache is not None:
            cache[key] = terms
        return terms

    def _chain(self, view: dict[str, Any], cities: list[str],
               cache: dict[Any, Any] | None = None) -> tuple[str, ...]:
        """The routes of the chain joining two cities (at most 3 routes) with the fewest empty spaces:
        a Mission scores when all of them are completed in one turn."""
        b = board(view["rules"])
        dice = self._route_dice(view, cache)
        empty = {r: dice[r][0] for r in b.route_order}
        start, goal = cities
        best: tuple[int, tuple[str, ...]] | None = None
        frontier: list[tuple[str, tuple[str, ...]]] = [(start, ())]
        for _ in range(3):
            nxt: list[tuple[str, tuple[str, ...]]] = []
            for city, chain in frontier:
                for r in b.station_routes[city]:
                    if r in chain:
                        continue
                    for other in b.routes[r].stations:
                        if other == city:
                            continue
                        path = (*chain, r)
                        if other == goal:
                            cost = sum(empty[x] for x in path)
                            if best is None or cost < best[0]:
                                best = (cost, path)
                        else:
                            nxt.append((other, path))
            frontier = nxt
        return best[1] if best else ()

    def _space_score(self, view: dict[str, Any], action: Action,
                     cache: dict[Any, Any] | None = None) -> float:
        """How much the bot likes placing this train (the score depends only on the space's route
        and whether the die is its own, so ``cache`` keeps it per route for one decision)."""
        b = board(view["rules"])
        r = b.space_route[action["space"]]
        own = not action["bonus"]
        key = (r, own)
        if cache is not None and key in cache:
            return cache[key]  # type: ignore[no-any-return]
        route = b.routes[r]
        empty, mine, _ = self._route_dice(view, cache)[r]
        empty_after = empty - 1
        worth = self._route_worth(view, r, mine + (1 if own else 0), cache)
        if empty_after == 0:
            score = 100.0 + worth
        else:
            # worth per die still missing (a little more than linear: finishing weighs); long routes get
            # a small premium while the VP stack is full (they pay three cities), none near the end
            length_premium = 0.04 * min(1.0, view["vp_stack"] / 30) * len(route.spaces)
            score = worth / (empty_after + 1) ** 1.6 + length_premium
            if empty_after + 1 == len(route.spaces):
                score *= 0.7  # opening a new route spreads the dice: finish those begun first
        if cache is not None:
            cache[key] = score
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
            cache: dict[Any, Any] = {}
            route_of = board(view["rules"]).space_route

            def score(a: Action) -> float:  # _space_score's own cache, read first: most spaces share a route
                known = cache.get((route_of[a["space"]], not a["bonus"]))
                return self._space_score(view, a, cache) if known is None else known  # type: ignore[no-any-return]

            return max(places, key=score)
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
            return (bonus_cash or cash)[0]  # a saved Coin die is a die not rolled for trains
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
