"""Computer players for Trains. They see only ``view(seat)`` and the legal actions.

* :class:`PriorityBot` ("priority", the default): a priority-list bot in the style of the
  classic Dominion simulators. Play order: cards that draw or clean Waste, then money, then
  rail laying and stations; buys by a score per card with caps and a late-game switch to
  Victory Point cards; rails aimed at cities and remote locations worth the most.
* :class:`EagerRandomBot` ("eager_random"): random legal actions, but it ends its turn only
  one time in ten when it could do something else (so random games end; tests, benchmarks).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..core import Rng
from .board import CITY, REMOTE, Board, Hex, load_board
from .cards import WASTE, card
from .routes import route_cards

Action = dict[str, Any]

# Cards played first, in this order (draw and clean-up before money, money before rails).
PLAY_FIRST = [
    "Landfill", "Recycling Center", "Control Room", "Signaling Area", "Passing Station", "Limited Partnership",
    "Garage", "Command Central", "Signals", "Information Central", "Temporary Timetable", "Dispatcher",
    "Incinerator", "Strategy Meeting", "Upgrade", "Conductor's Station", "Station Crew", "Pulling", "Junkyard",
    "Reclamation Depot", "Stationmaster Office", "Politician", "Regulations", "Roundhouse", "Unhappy Passengers",
    "Protesters", "Ironworks", "Engineer", "Extra Laborers", "Surveyor", "Dump Site", "Freight Train",
    "BioFuel Train", "Maintenance Factory", "Wagon Factory",
]
MONEY_CARDS = ["Normal Train", "Express Train", "Limited Express Train", "Bullet Train", "Tourist Train",
               "Early Train", "Mail Train", "Amusement Park", "Holiday Timetable", "Outdated Train",
               "Experimental Train", "Mining Train", "Commuter Train", "Legal Counsel"]
RAIL_CARDS = ["Subway Excavation", "Government Subsidy", "Trail Blazer", "Tunnel", "Viaduct", "Steel Bridge",
              "Interchange", "Distant Partners", "Collaboration", "Lay Rails"]
PLAY_LAST = ["Station Expansion", "Switchback", "Monorail", "Yardmaster"]

# Buy scores (higher first) and how many copies the bot wants at most.
BUY_SCORE: dict[str, tuple[float, int]] = {
    "Control Room": (9.5, 2), "Limited Express Train": (9, 99), "Subway Excavation": (7.5, 1),
    "Signaling Area": (8, 2), "Temporary Timetable": (7.6, 2), "Early Train": (6.6, 2), "Dump Site": (7.2, 1),
    "Tunnel": (7.0, 2), "Viaduct": (7.3, 2), "Collaboration": (6.2, 1), "Maintenance Factory": (5.5, 1),
    "Wagon Factory": (5.6, 1), "Tourist Train": (6.8, 4), "Amusement Park": (6.0, 2), "Freight Train": (6.1, 2),
    "Mail Train": (6.3, 2), "Information Central": (5.8, 1), "Ironworks": (5.7, 1), "Steel Bridge": (6.4, 2),
    "Stationmaster Office": (4.5, 1), "Express Train": (5.0, 99), "Lay Rails": (4.6, 4), "Passing Station": (5.2, 2),
    "Garage": (4.8, 1), "Command Central": (3.5, 1), "Pulling": (3.8, 1), "Switchback": (3.6, 1),
    "Holiday Timetable": (3.9, 1), "Station Expansion": (4.4, 3), "Landfill": (5.1, 1), "Station Crew": (4.2, 1),
    "Conductor's Station": (4.3, 1), "Signals": (3.7, 1), "Bullet Train": (4.1, 3),
    # Trains: Rising Sun
    "Mining Train": (7.0, 2), "Experimental Train": (6.9, 3), "BioFuel Train": (6.5, 2), "Trail Blazer": (7.4, 2),
    "Government Subsidy": (7.1, 2), "Interchange": (6.0, 1), "Distant Partners": (5.9, 2),
    "Recycling Center": (6.7, 1), "Junkyard": (5.4, 1), "Limited Partnership": (6.4, 2), "Politician": (6.2, 1),
    "Regulations": (5.3, 1), "Roundhouse": (5.0, 1), "Protesters": (4.6, 1), "Unhappy Passengers": (4.7, 1),
    "Yardmaster": (5.2, 1), "Incinerator": (5.0, 1), "Dispatcher": (4.9, 1), "Upgrade": (4.4, 1),
    "Engineer": (4.8, 1), "Extra Laborers": (4.5, 1), "Charitable Support": (4.6, 1), "Commuter Train": (4.3, 3),
    "Monorail": (3.9, 2), "Surveyor": (3.6, 1), "Strategy Meeting": (3.4, 1), "Reclamation Depot": (3.8, 1),
    "Legal Counsel": (4.0, 1), "Outdated Train": (2.0, 1),
}
LATE_VP = {"Skyscraper": 12.0, "Stadium": 12.0, "Tower": 8.5, "Distribution Center": 8.5, "Apartment": 4.0,
           "Office Building": 4.0}
USELESS = {WASTE, "Apartment", "Tower", "Skyscraper", "Office Building", "Distribution Center", "Stadium"}



def _ranks(names: list[str]) -> dict[str, int]:
    """Each name's first place in ``names`` (the bot plays the first it holds)."""
    ranks: dict[str, int] = {}
    for i, name in enumerate(names):
        ranks.setdefault(name, i)
    return ranks


_FIRST_RANK = _ranks(PLAY_FIRST)
_MONEY_RANK = _ranks(MONEY_CARDS)
_RAIL_RANK = _ranks(RAIL_CARDS + PLAY_LAST)

_WORTH_SPACES: dict[str, list[Hex]] = {}


def _worth_spaces(board: Board) -> list[Hex]:
    """The cities and remote locations of ``board`` (the spaces a rail is worth something on)."""
    spaces = _WORTH_SPACES.get(board.id)
    if spaces is None:
        spaces = _WORTH_SPACES[board.id] = [hx for hx in board.hexes if hx.terrain in (CITY, REMOTE)]
    return spaces


def eager_choice(rng: Rng, legal: list[Action]) -> Action:
    """A random legal action; ending the turn (or passing) only one time in ten when there is another."""
    if len(legal) > 1 and rng.randbelow(10):
        busy = [a for a in legal if a["type"] not in ("end_turn", "return_waste")]
        if busy:
            return rng.choice(busy)
    return rng.choice(legal)


class EagerRandomBot:
    """Random legal actions; ends its turn only one time in ten when it has other options."""

    name = "eager_random"

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = Rng(seed * 7919 + seat + 1)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return eager_choice(self.rng, legal)


class PriorityBot:
    """A priority-list player (see the module docstring)."""

    name = "priority"

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = Rng(seed * 104729 + seat + 7)
        self._memo_view: dict[str, Any] | None = None

    # ---- entry point ---------------------------------------------------------------
    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        self._memo_view = None  # a view is read afresh by each decision
        kind = legal[0]["type"]
        if kind == "start_rail":
            return max(legal, key=lambda a: self._start_value(view, a["hex"]))
        pending = view.get("pending")
        if pending and pending.get("options") is not None:
            return self._choice(view, pending, legal)
        return self._turn(view, legal)

    # ---- board valuation -------------------------------------------------------------
    def _memo(self, view: dict[str, Any]) -> dict[Any, Any]:
        """Values found for this view (a decision values the same spaces many times over)."""
        if self._memo_view is not view:
            self._memo_view = view
            self._memo_values: dict[Any, Any] = {}
        return self._memo_values

    def _hex_value(self, view: dict[str, Any], h: int) -> float:
        """What a rail on ``h`` is worth to this bot: its worth by itself (:meth:`_own_values`) plus
        0.35 times the worth of the neighbours not his."""
        return self._hex_values(view, [h])[0]

    def _hex_values(self, view: dict[str, Any], hexes: list[int]) -> list[float]:
        """:meth:`_hex_value` of each of ``hexes``, in one pass (each kept for the decision)."""
        memo = self._memo(view)
        own = memo.get("own")
        if own is None:
            own = memo["own"] = self._own_values(view)
            memo["near"] = {}
        near = memo["near"]
        rails = view["rails"]
        seat = self.seat
        nb = load_board(view["board"]).neighbours
        out = []
        for h in hexes:
            value = near.get(h)
            if value is None:
                value = near[h] = own[h] + 0.35 * sum([own[n] for n in nb[h] if seat not in rails[n]])
            out.append(value)
        return out

    def _own_values(self, view: dict[str, Any]) -> list[float]:
        """The worth of each space by itself, all at once: a city not yet his 2, +1.5 per station, +0.8
        per free slot, +2.5 if on an untaken Route Bonus card; a remote location not yet his 1.6 times
        its number."""
        board = load_board(view["board"])
        rails, stations = view["rails"], view["stations"]
        seat = self.seat
        route_cities = self._route_cities(view)
        own = [0.0] * len(board.hexes)
        for hx in _worth_spaces(board):
            h = hx.id
            if seat in rails[h]:
                continue
            if hx.terrain == CITY:
                value = 2.0 + 1.5 * stations[h] + 0.8 * (hx.slots - stations[h])
                if hx.name in route_cities:
                    value += 2.5
                own[h] = value
            else:
                own[h] = 1.6 * hx.value
        return own

    def _route_cities(self, view: dict[str, Any]) -> set[str]:
        """Cities of the Route Bonus cards nobody has taken yet (the bot aims its rails at them)."""
        memo = self._memo(view)
        cities = memo.get("route_cities")
        if cities is None:
            cities = memo["route_cities"] = {
                c for r in view.get("routes", []) if r["owner"] is None for c in route_cards()[r["id"]]["cities"]}
        return cities  # type: ignore[no-any-return]

    def _start_value(self, view: dict[str, Any], h: int) -> float:
        near = load_board(view["board"]).neighbours[h]
        score = self._hex_value(view, h)  # values every space first (the values by themselves below)
        own = self._memo_values["own"]
        rails = view["rails"]
        score += 0.5 * sum([own[n] for n in near])
        crowd = sum([len(rails[n]) for n in near])
        return score - 2.0 * crowd

    # ---- choices during an effect ---------------------------------------------------------
    def _choice(self, view: dict[str, Any], pending: dict[str, Any], legal: list[Action]) -> Action:
        kind = pending["kind"]
        opts = pending["options"]
        values = [o["value"] for o in opts]

        def pick(value: Any) -> Action:
            for a in legal:
                if (a["option"] if "option" in a else a.get("hex")) == value:
                    return a
            return legal[0]

        if kind == "lay_rail":  # the first option of the best worth, less its cost (and 1.5 for a Waste)
            worth = self._hex_values(view, [o["hex"] for o in opts])
            scores = [w - 0.7 * o["cost"] - (1.5 if o["waste"] else 0) for w, o in zip(worth, opts, strict=True)]
            return pick(opts[scores.index(max(scores))]["value"])
        if kind == "place_station":  # the first city of the best worth: 2 a station (4 from the third) per
            # rail of his there, twice, less as much per other player's rail, plus 0.3 of the space's worth
            worth = self._hex_values(view, values)
            rails, stations, seat = view["rails"], view["stations"], self.seat
            scores = []
            for h, w in zip(values, worth, strict=True):
                here = rails[h]
                mine = 1 if seat in here else 0
                gain = (2 if stations[h] < 2 else 4)
                scores.append(mine * gain * 2 - (len(here) - mine) * gain + 0.3 * w)
            return pick(values[scores.index(max(scores))])
        if kind in ("money_of_train_in_play", "gain_copy", "from_discard", "play_to_deck", "wagon_gain"):
            return pick(max(values, key=lambda n: (card(n).money, card(n).cost)))
        if kind == "wagon_trash":
            return pick(min(values, key=lambda n: card(n).cost))
        if kind == "return_waste_any":
            return pick(max(values))
        if kind in ("discard_any", "discard"):
            bad = [v for v in values if v in USELESS]
            if bad:
                return pick(bad[0])
            if kind == "discard":
                return pick(min(values, key=self._keep_value))
            mail = pending.get("source") == "Mail Train"
            weak = [v for v in values if v == "Normal Train" and mail and len(view["hand"]) > 2]
            return pick(weak[0] if weak else "done")
        if kind == "take_one":
            good = [v for v in values if v != "none" and v not in USELESS]
            return pick(max(good, key=self._keep_value) if good else "none")
        if kind == "order_top":  # the last card put back ends on top: put the worst back first
            return pick(min(values, key=self._keep_value))
        if kind == "name_card":
            return pick("Normal Train" if "Normal Train" in values else values[0])
        if kind == "discard_or_keep":
            top = opts[0]["card"]  # each option names the card on top
            return pick("discard" if top in USELESS or top == "Normal Train" else "keep")
        if kind == "choose_one":
            for v in ("return_waste", "draw", "money"):
                if v in values:
                    return pick(v)
        if kind == "reaction":
            return pick(values[0])  # reveal the Reaction: the Attack passes by
        if kind in ("to_deck", "discard_type"):
            return pick(min(values, key=self._keep_value))
        if kind == "discard_down":
            bad = [v for v in values if v in USELESS]
            return pick(bad[0] if bad else min(values, key=self._keep_value))
        if kind == "trash_any":
            junk = [v for v in values if v in (WASTE, "Normal Train")]
            return pick(junk[0] if junk else "done")
        if kind == "choose_city":
            return pick(max(values, key=lambda h: sum(1 for q in view["rails"][h] if q != self.seat)))
        if kind == "copy_action":
            order = {n: i for i, n in enumerate(PLAY_FIRST + MONEY_CARDS)}
            return pick(min(values, key=lambda n: order.get(n, 99)))
        return legal[0]

    def _keep_value(self, name: str) -> float:
        if name in USELESS:
            return -1.0
        c = card(name)
        return c.money + (2.5 if name in PLAY_FIRST[:5] else 0) + (2.0 if name in RAIL_CARDS else 0) + c.cost / 10

    # ---- the turn ----------------------------------------------------------------------------
    def _turn(self, view: dict[str, Any], legal: list[Action]) -> Action:
        hand = {c["id"]: c["name"] for c in view["hand"]}
        # one pass over the legal actions: the first play of each card name (its effect applied),
        # every play of Charitable Support, and the first Route Bonus ability, Waste return and end
        # of turn (the buy, when the bot buys, is looked up after)
        plays: dict[str, Action] = {}
        charity: list[Action] = []
        ret = end = None
        for a in legal:
            kind = a["type"]
            if kind == "buy":
                continue
            if kind == "play":
                name = hand[a["card"]]
                if name not in plays and not a.get("decline"):
                    plays[name] = a
                if name == "Charitable Support":
                    charity.append(a)
            elif kind == "use_route":  # a Route Bonus ability: use it at once
                return a
            elif kind == "return_waste":
                ret = ret or a
            elif kind == "end_turn":
                end = end or a
        names_in_hand = list(hand.values())
        waste_in_hand = names_in_hand.count(WASTE)
        if ret and waste_in_hand >= 3 and sum([card(n).money for n in names_in_hand]) < 3:
            return ret
        if plays:
            for _, name in sorted([(_FIRST_RANK[n], n) for n in plays if n in _FIRST_RANK]):
                if self._worth_playing(name, names_in_hand, waste_in_hand):
                    return plays[name]
            money = [(_MONEY_RANK[n], n) for n in plays if n in _MONEY_RANK and n != "Holiday Timetable"]
            if money:
                return plays[min(money)[1]]
            rails = [(_RAIL_RANK[n], n) for n in plays if n in _RAIL_RANK]
            if rails:
                return plays[min(rails)[1]]
        if charity and not self._is_late(view):  # early: its money only
            return next((a for a in charity if a.get("decline")), charity[0])
        buy = self._best_buy(view, legal)
        if buy is not None:
            return buy
        if "Charitable Support" in plays:  # late, nothing better to buy: 4 money for 1 VP
            return plays["Charitable Support"]
        if "Holiday Timetable" in plays and self._holiday_helps(view):
            return plays["Holiday Timetable"]
        assert end is not None
        return end

    def _worth_playing(self, name: str, hand: list[str], waste: int) -> bool:
        if name == "Landfill":
            return waste > 0
        if name == "Conductor's Station":
            return any(n in USELESS for n in hand)
        if name == "Ironworks" or name == "Extra Laborers" or name == "Surveyor":
            return any(n in RAIL_CARDS for n in hand)
        if name in ("Recycling Center", "Reclamation Depot"):
            return waste > 0 or name == "Reclamation Depot"
        if name == "Junkyard":
            return waste > 0 or "Normal Train" in hand
        return True

    def _holiday_helps(self, view: dict[str, Any]) -> bool:
        money = view["money"]
        return self._buy_target(view, money + 3) != self._buy_target(view, money)

    def _is_late(self, view: dict[str, Any]) -> bool:
        """Near the end: a player with 5 rails or fewer, 6 station tokens or fewer, 3 piles (not
        Waste) empty or down to 1-2 cards, or past turn 30 of each player."""
        players = view["players"]
        if view["station_tokens"] <= 6 or view["turn"] > 30 * len(players):
            return True
        if min([p["rails_left"] for p in players]) <= 5:
            return True
        low = 0
        for s in view["supply"]:
            if s["count"] <= 2 and s["name"] != WASTE:
                low += 1
                if low >= 3:
                    return True
        return False

    def _owned(self, view: dict[str, Any]) -> Counter[str]:
        return Counter(self._owned_names(view))

    def _owned_names(self, view: dict[str, Any]) -> list[str]:
        """The names of the cards the bot counts as its own: hand, discard pile, play area, gained cards."""
        me = view["players"][self.seat]
        return [*[c["name"] for c in view["hand"]], *view["discard"], *me["play"], *me["gained"]]

    def _buy_target(self, view: dict[str, Any], money: int) -> str | None:
        """The affordable pile of the best score (the first of equals): a Victory Point card by
        ``LATE_VP``, else by ``BUY_SCORE`` unless the bot has its copies already (counted only for a
        pile that would be the best so far)."""
        owned: list[str] | None = None
        late = self._is_late(view)
        vp_turn = view["turn"] > 12 * len(view["players"])
        penalty = 3.0 if late else 0.0
        best, best_score = None, 0.0
        for s in view["supply"]:
            if s["cost"] > money or not s["count"]:
                continue
            name = s["name"]
            if name == WASTE:
                continue
            vp = LATE_VP.get(name)
            if vp is not None:
                score = vp if late else (vp - 6.0 if vp_turn else -1)
                if score > best_score:
                    best, best_score = name, score
                continue
            base, cap = BUY_SCORE.get(name, (3.0, 1))
            score = base - penalty
            if score > best_score:
                if owned is None:
                    owned = self._owned_names(view)
                if owned.count(name) < cap:
                    best, best_score = name, score
        return best

    def _best_buy(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        target = self._buy_target(view, view["money"])
        if target is None:
            return None
        for a in legal:
            if a["type"] == "buy" and a["pile"] == target and not a.get("to_deck"):
                return a
        return None


class PlanBot(PriorityBot):
    """The Easy bot's rules with a better eye for the board: the rule player the Normal and Hard
    search bots use for the decisions they do not search (issue 13). The starting rail goes
    where remote locations and the untaken Route Bonus cards' cities are near and no other player
    is as near (:func:`plan.start_value`), on the boards where that did not measure worse than
    the Easy bot's start (``potential_start_boards``)."""

    name = "plan"
    potential_start_boards = frozenset({"tokyo", "osaka", "kyushu", "nagoya"})
    """Boards whose starting rail is chosen by :func:`plan.start_value`; on the others (Chiba) it is
    the Easy bot's. Against the Easy bot, seats rotated (docs/bots.md, Trains): two players, 200
    games each, Tokyo 65.5%, Osaka 62.0%, Kyushu 51.5% (Rising Sun cards); three players, 150
    games, Tokyo 43.3%, Nagoya 33.3% (Rising Sun and Route Bonus cards; fair share 33%). On Chiba
    it won 43.8% (Trains cards), 41.0% (Rising Sun cards) and 43.0% (and Route Bonus cards), where
    the Easy bot's start won 53.5% and seven other weightings of cities and distance 48-52%."""

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        self._memo_view = None
        if legal[0]["type"] == "start_rail" and view["board"] in self.potential_start_boards:
            from .plan import start_value
            from .routes import route_hexes

            board = load_board(view["board"])
            n = len(view["players"])
            cards = route_cards()
            routes = [(int(cards[r["id"]]["vp"]), route_hexes(board, r["id"]))
                      for r in view.get("routes", []) if r["owner"] is None]
            return max(legal, key=lambda a: (start_value(board, view["rails"], view["stations"], n, self.seat,
                                                         a["hex"], routes),
                                             self._start_value(view, a["hex"])))
        return super().choose(view, legal)
