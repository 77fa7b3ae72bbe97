"""Trains & Stations for the search bots (issue 13): samples of a view, an evaluation, a fast policy.

* **Sampling** (rulebook "Public Knowledge": Power and Goods cards are kept face down, and the
  others know neither their quantity nor their content): a seat sees the board, the dice, the
  Buildings, the stacks, the VP cards, the scored Missions and its own Goods and Power cards. The
  Goods the opponents hold together follow from the counts (10 of each Goods type, less those
  on a stack, set aside, traded away and the seat's own); a sample shares them out among the
  opponents at random (more to those with more Buildings: Goods come from Buildings, Step 4.3).
  The Power cards nobody has shown (the game's 20 less the seat's hand and the scored Missions)
  fill the deck (its size is public) at random; the rest are dealt round the opponents. The
  sample's dice and draws come from a new RNG drawn by the search, never from the real game's.
  Only the seat's own turn before Step 4 is searched (phases ``gather``, ``roll``, ``resolve``),
  where no Delivery or trade is in progress.
* **Evaluation** ("Scoring"): each player's VP (cards, paper, scored Missions), the Monopolies
  his Goods would score now, and what the board promises: on each route with dice, his share
  of its completion VP, city bonuses (to the leader) and Goods for his Buildings at its cities,
  scaled by how full the route is; Missions in hand by how near their cities are to being
  joined; Buildings, Coins and Bonus dice for the rest of the game. A softmax of the projected
  scores gives each seat a share of the win.
* **Policy** (rollouts): the Easy bot (:class:`~.bot.BaselineBot`) on the sampled state, to the end
  of the next player's turn (Normal: a route left one die short is his to complete) or further (Hard).
"""

from __future__ import annotations

import math
from typing import Any

from ..core import Action, Rng
from ..core.jsondata import copy_json
from ..core.search import Budget, Level, win_shares
from .bot import BaselineBot
from .data import GOODS, all_power_cards, board, cards, monopoly_values, power_cards
from .goods import goods_totals, monopolies
from .state import StationsState

TEMPERATURE = 5.5
"""The softmax temperature that best predicts the winner from the projected scores (the same fit)."""
COIN_VP = 0.3
BONUS_DIE_VP = 0.5
MONOPOLY_SHARE = 0.8
"""Monopolies held now are not sure at the end: a share of their value."""
SEARCHED_PHASES = frozenset({"gather", "roll", "resolve"})
MAX_PLACES = 6
"""Resolve: how many train placements (the Easy bot's best, one per route and die class) are searched."""
MAX_PLACES_WIDE = 9
"""The same for Hard."""


def _weighted_pick(weights: list[float], rng: Rng) -> int:
    total = sum(weights)
    x = rng.randbelow(1 << 30) / float(1 << 30) * total
    for i, w in enumerate(weights):
        x -= w
        if x < 0:
            return i
    return len(weights) - 1


FEATURES = ("monopoly", "monopoly_soft", "building_flow", "route_vp", "route_bonus", "route_goods", "mission", "mission_left", "buildings",
            "buildings_left", "goods_left", "coins", "bonus_dice", "dice_on_board", "to_play", "to_play_near",
            "lead_near", "left", "one")
"""What :func:`features` measures per player (``left`` is the share of the VP stack still on the
board: how much game remains; ``one`` is a constant; both are the same for every player)."""
WEIGHTS = (0.0, 0.84, 1.14, 0.35, 0.52, 1.59, 0.0, 1.60, 0.13, 0.0, 0.0, 0.44, 0.07, 0.69, 1.34, 0.05, 0.0, 0.0, 0.0)
"""The evaluation's weight of each feature: least squares of the score a player gains until the end
over what tells the players apart (each turn boundary's features less their mean), in 300 Easy
3-player games (``bench/fit_stations_eval.py 450 --drop buildings_left,goods_left,monopoly,left,one,
mission,lead_near``: 2 of every 3 games fitted, the third held out). The dropped features got
negative weights in a free fit (a Building or a Goods card worth less than nothing early on): a
correlation in Easy games (dice spent on Buildings are not spent on trains), not a cause, and a
search exploits such a weight; without them every weight is positive and the held-out fit is
nearly as good (mean log likelihood of the winner -0.783 against -0.764 free, -0.850 hand-set)."""


def points_now(st: StationsState) -> list[float]:
    """Each player's points so far ("Scoring"): VP cards, paper VP and scored Missions."""
    table = all_power_cards()
    return [float(st.vp[q] + st.paper[q] + sum(table[c]["vp"] for c in st.power_scored[q]))
            for q in range(st.num_players)]


def features(st: StationsState) -> list[list[float]]:
    """Per player, the values of :data:`FEATURES` in a full state.

    * ``monopoly``: the Monopolies his Goods (cards and two-Goods Power cards) would score now.
    * ``monopoly_soft``: the Monopolies he may score at the end: for each Goods, its value times
      a logistic of his lead over the best other holder (plus half a card: ties score), spread
      by the Goods of that type still on a stack (they may change hands).
    * ``building_flow``: for each of his Buildings whose stack still gives Goods, the number of
      routes at its Station times ``left``: the Goods it may still collect (how full the routes
      are now is ``route_goods``).
    * ``route_vp``, ``route_bonus``, ``route_goods``: on each route with dice, weighted by the
      square of how full it is: the completion VP if he has a die there, the city bonuses if he
      leads it (shared among tied leaders) and one Goods per Building of his at its Stations.
    * ``mission``, ``mission_left``: Missions in hand, their VP times how near their cities are to
      being joined (0.3 + 0.6 x the fullness of a route joining both, at least 0.15), and the
      same times ``left``.
    * ``buildings``, ``buildings_left``: his Buildings, and the same times ``left``.
    * ``goods_left``: his Goods times ``left``; ``coins``; ``bonus_dice``; ``dice_on_board``.
    * ``to_play``: 1 for the player whose turn it is (his dice roll next); ``to_play_near``: the
      same times what the routes at most two dice short pay (completion VP and city bonuses): he
      may complete them and take their majorities first.
    * ``lead_near``: the city bonuses of the routes at most two dice short that he leads.
    """
    n = st.num_players
    b = board(st.rules)
    table = all_power_cards()
    start_stack = max(1, cards()["vp"]["cards"]["1"] + 5 * cards()["vp"]["cards"]["5"]
                      - 5 * cards()["vp"]["remove_fives"][str(n)] - cards()["vp"]["start_each"] * n)
    left = max(0.0, min(1.0, st.vp_stack / start_stack))
    rows = [[0.0] * len(FEATURES) for _ in range(n)]
    totals = [goods_totals(st.hands[q], st.power_hands[q]) for q in range(n)]
    for q, mono in enumerate(monopolies(totals)):
        rows[q][0] = float(sum(mono.values()))
        rows[q][10] = left * sum(totals[q].values())
    remaining = {g: 0 for g in GOODS}
    for stack in st.stacks.values():
        if stack["goods"] is not None:
            remaining[stack["goods"]] += stack["count"]
    values = monopoly_values()
    for g in GOODS:
        counts = [t[g] for t in totals]
        if max(counts) <= 0 and not remaining[g]:
            continue
        spread = 0.2 + 0.35 * math.sqrt(remaining[g])
        for q in range(n):
            lead = counts[q] - max(counts[j] for j in range(n) if j != q)
            rows[q][1] += values[g] / (1.0 + math.exp(-1.7 * (lead + 0.5) / spread))
    bonus_vp = {"vp": 1.0, "bonus_die": BONUS_DIE_VP, "power": 1.0}
    spaces = st.spaces
    near: dict[str, float] = {}
    near_pay = 0.0
    on_board = [0] * n
    for r in b.route_order:
        route = b.routes[r]
        dice = [0] * n
        filled = 0
        for sid in route.spaces:
            die = spaces.get(sid)
            if die is not None:
                filled += 1
                if die[0] >= 0:
                    dice[die[0]] += 1
        frac = filled / len(route.spaces)
        near[r] = frac
        if not filled:
            continue
        top = max(dice)
        leaders = [q for q in range(n) if dice[q] == top and top > 0]
        city_bonus = sum(bonus_vp[b.stations[c].bonus_kind] * b.stations[c].bonus_amount for c in route.stations)
        weight = frac * frac
        if len(route.spaces) - filled <= 2:
            near_pay += len(route.stations) + city_bonus
            for q in leaders:
                rows[q][16] += city_bonus / len(leaders)
        for q in range(n):
            on_board[q] += dice[q]
            if dice[q]:
                rows[q][3] += weight * len(route.stations)
            if q in leaders:
                rows[q][4] += weight * city_bonus / len(leaders)
        for c in route.stations:
            for owner, _bt in st.buildings[c]:
                rows[owner][5] += weight
    built = [0] * n
    for c, lst in st.buildings.items():
        flow = float(len(b.station_routes[c]))
        for owner, bt in lst:
            built[owner] += 1
            if st.stacks[bt]["goods"] is not None:
                rows[owner][2] += flow * left
    for q in range(n):
        row = rows[q]
        for c in st.power_hands[q]:
            card = table[c]
            if card["kind"] != "mission":
                continue
            a, z = card["cities"]
            best = 0.0
            for r in b.station_routes[a]:
                if z in b.routes[r].stations:
                    best = max(best, 0.3 + 0.6 * near[r])
            row[6] += card["vp"] * max(best, 0.15)
        row[7] = row[6] * left
        row[8] = float(built[q])
        row[9] = built[q] * left
        row[11] = float(st.coins[q])
        row[12] = float(st.bonus_held[q])
        row[13] = float(on_board[q])
        if q == st.active and not st.is_over():
            row[14] = 1.0
            row[15] = near_pay
        row[17] = left
        row[18] = 1.0
    return rows


class StationsAdapter:
    """The search's view of Trains & Stations (see the module docstring)."""

    def __init__(self, seat: int = 0, wide: bool = False) -> None:
        self.seat = seat
        self.wide = wide
        self.easy = BaselineBot(seat)
        self._bots: dict[int, BaselineBot] = {}

    # ---- sampling ------------------------------------------------------------------
    def sample(self, view: dict[str, Any], seat: int, rng: Rng) -> StationsState:
        players = view["players"]
        n = len(players)
        rules = view["rules"]
        me = view["me"]
        c = cards()
        per_type = c["goods"]["per_type"]
        # Goods held by the opponents together, per type
        held = {g: per_type - view["goods_aside"][g] - view["goods_removed"][g] - me["goods"][g] for g in GOODS}
        for stack in view["stacks"].values():
            if stack["goods"] is not None:
                held[stack["goods"]] -= stack["count"]
        others = [q for q in range(n) if q != seat]
        built = [0] * n
        for lst in view["buildings"].values():
            for bld in lst:
                built[bld["owner"]] += 1
        hands = [{g: 0 for g in GOODS} for _ in range(n)]
        hands[seat] = dict(me["goods"])
        weights = [1.0 + built[q] for q in others]
        for g in GOODS:
            if held[g] < 0:
                raise ValueError(f"the view's Goods counts do not add up: {g}")
            for _ in range(held[g]):
                hands[others[_weighted_pick(weights, rng)]][g] += 1
        # Power cards: the deck (public size) and the opponents' hands from the unseen ones
        mine = [int(card["id"]) for card in me["power"]]
        scored = {int(card["id"]) for p in players for card in p["missions"]}
        unseen = sorted(cid for cid in power_cards(rules) if cid not in scored and cid not in mine)
        rng.shuffle(unseen)
        deck_size = view["power_deck"]
        deck, rest = unseen[:deck_size], unseen[deck_size:]
        power_hands: list[list[int]] = [[] for _ in range(n)]
        power_hands[seat] = mine
        if view["phase"] == "keep":
            sizes = {q: (3 if q in view["to_act"] else 2) for q in others}
            for q in others:
                power_hands[q] = [rest.pop() for _ in range(min(sizes[q], len(rest)))]
        else:
            for i, cid in enumerate(rest):
                power_hands[others[i % len(others)]].append(cid)
        vp = c["vp"]
        s = StationsState.__new__(StationsState)
        s.names = [p["name"] for p in players]
        s.rng = Rng(rng.next_u64())
        s.log = []
        s.reveal_count = 0
        s.rules = rules
        s.events = []
        s.phase = view["phase"]
        s.active = view["active"]
        s.turn_number = view["turn"]
        s.round = view["round"]
        s.endgame = view["endgame"]
        s.coins = [p["coins"] for p in players]
        s.bank = view["bank"]
        s.vp = [p["vp_cards"] for p in players]
        s.paper = [p["vp_paper"] for p in players]
        s.vp_stack = view["vp_stack"]
        s.vp_reserve = view["vp_reserve"]
        s.vp_total = vp["cards"]["1"] + 5 * vp["cards"]["5"]
        s.dice_supply = [p["dice_supply"] for p in players]
        s.saved = [list(p["dice_saved"]) for p in players]
        s.bonus_held = [p["bonus_dice"] for p in players]
        s.bonus_pool = view["bonus_pool"]
        s.spaces = {sid: [d["owner"], d["face"]] for sid, d in view["spaces"].items()}
        s.buildings = {st: [[b["owner"], b["building"]] for b in lst] for st, lst in view["buildings"].items()}
        s.buildings_left = [dict(p["buildings_left"]) for p in players]
        s.stacks = {bt: dict(stack) for bt, stack in view["stacks"].items()}
        s.goods_aside = dict(view["goods_aside"])
        s.goods_removed = dict(view["goods_removed"])
        s.hands = hands
        s.power_deck = deck
        s.power_hands = power_hands
        s.power_scored = [[int(card["id"]) for card in p["missions"]] for p in players]
        s.power_removed = []
        s.deal_done = [q not in view["to_act"] for q in range(n)] if view["phase"] == "keep" else [True] * n
        s.tray = [[d["bonus"], d["face"], d["selected"]] for d in view["tray"]]
        s.struck = view["struck"]
        s.rerolls = view["rerolls"]
        s.completed = []
        s.deliver_queue = []
        s.delivery = None
        s.missions_this_turn = []
        s.upgrade_choices = []
        s.spec = None
        s.final = None
        return s

    def clone(self, st: StationsState) -> StationsState:  # type: ignore[override]
        s = StationsState.__new__(StationsState)
        d = st.__dict__
        s.__dict__.update(d)
        s.rng = Rng(state=st.rng.state)
        s.log = []
        s.events = []
        for f in ("coins", "vp", "paper", "dice_supply", "bonus_held", "deal_done", "power_deck",
                  "power_removed", "completed", "deliver_queue"):
            setattr(s, f, list(d[f]))
        s.saved = [list(x) for x in st.saved]
        s.spaces = {k: list(v) for k, v in st.spaces.items()}
        s.buildings = {k: [list(b) for b in v] for k, v in st.buildings.items()}
        s.buildings_left = [dict(x) for x in st.buildings_left]
        s.stacks = {k: dict(v) for k, v in st.stacks.items()}
        s.goods_aside = dict(st.goods_aside)
        s.goods_removed = dict(st.goods_removed)
        s.hands = [dict(x) for x in st.hands]
        s.power_hands = [list(x) for x in st.power_hands]
        s.power_scored = [list(x) for x in st.power_scored]
        s.tray = [list(x) for x in st.tray]
        s.missions_this_turn = [list(x) for x in st.missions_this_turn]
        s.upgrade_choices = [list(x) for x in st.upgrade_choices]
        if st.delivery is not None or st.spec is not None or st.final is not None:
            s.delivery = copy_json(st.delivery)
            s.spec = copy_json(st.spec)
            s.final = copy_json(st.final)
        return s

    # ---- evaluation --------------------------------------------------------------------
    def projected(self, st: StationsState) -> list[float]:
        """Each player's projected final score: his points now plus the weighted features
        (:func:`features`, :data:`WEIGHTS`; module docstring)."""
        return [base + sum(w * x for w, x in zip(WEIGHTS, f, strict=True))
                for base, f in zip(points_now(st), features(st), strict=True)]

    def evaluate(self, st: StationsState) -> list[float]:  # type: ignore[override]
        return win_shares(self.projected(st), TEMPERATURE)

    # ---- the fast policy -----------------------------------------------------------
    def policy(self, st: StationsState, player: int, legal: list[Action], rng: Rng) -> Action:  # type: ignore[override]
        bot = self._bots.get(player)
        if bot is None:
            bot = self._bots[player] = BaselineBot(player)
        return bot.choose(st.view(player), legal)

    def turn(self, st: StationsState) -> Any:  # type: ignore[override]
        return st.turn_number

    # ---- what to search --------------------------------------------------------------
    def search_here(self, view: dict[str, Any], legal: list[Action]) -> bool:
        """The seat's own turn before the Deliveries: gathering, rerolling, placing and building."""
        return view["phase"] in SEARCHED_PHASES and view["active"] == self.seat

    def candidates(self, view: dict[str, Any], seat: int, legal: list[Action]) -> list[Action]:
        """Gather: every choice. Roll: the Easy bot's next step or stopping. Resolve: the Easy bot's
        choice, its best train placements (one per route and die class) and every Building site.

        ``wide`` (Hard) also weighs, when rolling, rerolling the dice selected so far (keeping the
        others the Easy bot would still reroll), and :data:`MAX_PLACES_WIDE` placements."""
        easy = self.easy.choose(view, legal)
        phase = view["phase"]
        if phase == "gather":
            return legal
        if phase == "roll":
            out = [easy]
            for kind in ("stop", "reroll") if self.wide else ("stop",):
                extra = next((a for a in legal if a["type"] == kind), None)
                if extra is not None and extra != easy:
                    out.append(extra)
            return out
        most = MAX_PLACES_WIDE if self.wide else MAX_PLACES
        out = [easy]
        places = [a for a in legal if a["type"] == "place"]
        if places:
            b = board(view["rules"])
            cache: dict[Any, Any] = {}
            ranked = sorted(places, key=lambda a: -self.easy._space_score(view, a, cache))
            seen = {(b.space_route[easy["space"]], easy["face"], easy["bonus"])} if easy["type"] == "place" else set()
            for a in ranked:
                key = (b.space_route[a["space"]], a["face"], a["bonus"])
                if key in seen:
                    continue
                seen.add(key)
                out.append(a)
                if len(out) >= most:
                    break
        out.extend(a for a in legal if a["type"] == "build" and a != easy)
        return out

    def prune(self, st: StationsState, player: int, legal: list[Action]) -> list[Action]:
        """Inside Hard's tree: the same choices as at the root on the turn's searched steps (the
        player's own view of the sampled state), the Easy bot's choice elsewhere."""
        view = st.view(player)
        if view["phase"] in SEARCHED_PHASES and player == st.active:
            self.easy.seat = player
            try:
                return self.candidates(view, player, legal)
            finally:
                self.easy.seat = self.seat
        return [self.policy(st, player, legal, Rng(0))]


LEVELS = {
    # CPython iterations standing for the browser budgets (Pyodide about 2x slower): docs/bots.md
    # Flat search: every candidate meets every sample, so a decision costs samples x candidates
    # rollouts (about 0.5 ms each on CPython) until ``iterations`` caps it.
    # Normal plays through the next player's turn: a route it leaves nearly complete is his to
    # complete (to the end of its own turn only, it won 43.75% against two Easy bots, 200 games).
    "normal": Level("normal", "flat", Budget(iterations=360, samples=12, horizon=2, prior_bonus=0.02)),
    # Hard looks one turn further (the next player's answer: a route left nearly complete is his),
    # weighs more candidates (``wide``) and draws more samples.
    "hard": Level("hard", "flat", Budget(iterations=400, samples=32, horizon=2, prior_bonus=0.02)),
}


def make_level_bot(level: str) -> Any:
    """``factory(seat, seed)`` for a search level, with the Easy bot for unsearched decisions."""
    from ..core.search import SearchBot

    def factory(seat: int, seed: int) -> SearchBot:
        return SearchBot(seat, seed, StationsAdapter(seat, wide=level == "hard"), LEVELS[level],
                         BaselineBot(seat, seed))

    return factory

