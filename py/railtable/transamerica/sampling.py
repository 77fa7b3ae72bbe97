"""TransAmerica for the search bots (issue 13): samples of a view, an evaluation, a fast policy.

* **Sampling** (rulebook "Setup": each player gets one city of each colour, secretly): a seat
  sees the board, markers, scores and its own 5 cities. A sample deals every opponent one
  city of each colour from the cities of that colour the seat does not hold (the dashed cards
  only when in play), rejecting deals where an opponent's cities are already joined (the round
  would have ended: "End of the Round").
* **Evaluation** ("Scoring of a Round", "End of the Game"): for every player the fewest track
  points still needed to join his cities to his network (exact Steiner values: ``steiner``),
  the round's likely finisher is the one needing least, every other player is expected to lose
  the difference; the projected scores give each seat a share of the win (a softmax).
  Exact values are computed once per sample (per hand, per board); after further tracks the
  evaluation updates them cheaply: the exact Dreyfus-Wagner layers over his cities give the
  cost of joining them to any network (:func:`join_cost`), and a track built on his planned
  tree saves its cost.
* **Policy** (rollouts): build along the planned tree, single lines first, like the Easy bot.
* **Learned evaluation** (:class:`LearnedAdapter`, issue 33): the same exact needs, read as a
  player reads them (:func:`features`: the race to end the round in turn order, what each
  player will still place before it ends, the lines his plan shares with others' plans), weighed
  by a linear model fitted offline to Easy self-play (``bench/fit_ta_eval.py``; the weights in
  ``eval_weights.json``): a predicted round loss per player, and the game's winner as a softmax of
  fitted weights on score and predicted loss. No level uses it: screened in Hard against Hard as
  it is, it won 12 of 24 paired games with a lower score margin (docs/bots.md, "Evaluations
  learned from self-play").
"""

from __future__ import annotations

import json
import math
from dataclasses import replace
from importlib import resources
from operator import itemgetter
from typing import Any

from ..core import Action, Rng
from ..core.search import Budget, Level
from . import board
from .state import PHASE_BUILD, PHASE_MARKER, TransAmericaState
from .steiner import INF, board_adjacency, board_adjacency_with_edges, layers_and_tree, relax, steiner_tree

TEMPERATURE = 3.0
"""Score points per unit of the softmax that turns projected scores into win shares."""

_Plan = tuple[list[list[int]], frozenset[int], int]
"""Per player: the Dreyfus-Wagner layers over his cities (``layers[S][v]``: the cheapest tree
joining the cities of subset ``S`` and node ``v``), the edges of a cheapest tree joining his
network to his cities, and that tree's cost."""


def steiner_layers(adj: list[list[tuple[int, int]]], terminals: list[int]) -> list[list[int]]:
    """``layers[S][v]``: weight of a cheapest tree spanning the terminals in bit set ``S`` and
    node ``v`` (Dreyfus-Wagner, as ``steiner.steiner_all``, keeping every layer)."""
    n = len(adj)
    k = len(terminals)
    full = (1 << k) - 1
    layers: list[list[int]] = [[0] * n] + [[] for _ in range(full)]
    for i, t in enumerate(terminals):
        d = [INF] * n
        d[t] = 0
        layers[1 << i] = relax(adj, d)
    for mask in range(1, full + 1):
        if layers[mask]:
            continue
        best = [INF] * n
        low = mask & -mask
        rest = mask ^ low
        sub = rest
        while True:
            a_mask = sub | low
            if a_mask != mask:
                a = layers[a_mask]
                b = layers[mask ^ a_mask]
                best = [x if x < y + z else y + z for x, y, z in zip(best, a, b, strict=True)]
            if sub == 0:
                break
            sub = (sub - 1) & rest
        layers[mask] = relax(adj, best)
    return layers


def network_minima(layers: list[list[int]], network: Any) -> list[int]:
    """``g[S]``: the cheapest tree joining the cities of subset ``S`` to some crossing of
    ``network`` (a set of crossings already joined, at no cost among themselves)."""
    if not network:
        return [0] + [INF] * (len(layers) - 1)
    if len(network) == 1:
        (v,) = network
        return [layer[v] for layer in layers]
    pick = itemgetter(*network)
    return [min(pick(layer)) for layer in layers]


def split_table(g: list[int]) -> list[int]:
    """``part[S]``: the best split of the cities of subset ``S`` into groups, each joined at its
    own crossing: the least sum of ``g`` over a partition of ``S``."""
    full = len(g) - 1
    part = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        rest = mask ^ low
        sub = rest
        best = INF
        while True:
            s = sub | low
            value = g[s] + part[mask ^ s]
            if value < best:
                best = value
            if sub == 0:
                break
            sub = (sub - 1) & rest
        part[mask] = best
    return part


def join_cost(layers: list[list[int]], network: Any) -> int:
    """Fewest track points joining every city to ``network`` (a set of crossings already joined,
    at no cost among themselves): each group of cities joins the network at its own crossing, so
    the answer is the best split of the cities into groups."""
    if len(layers) == 1:
        return 0
    return split_table(network_minima(layers, network))[-1]


class Closer:
    """Which crossings, joined to ``network``, would lower :func:`join_cost` (the candidates ask
    this of every legal line), without a split per crossing: two groups joined
    at the same crossing ``v`` cost at least their merged group (``layers[A | B][v] <= layers[A][v]
    + layers[B][v]``: the two trees together span both), so a best split uses the new crossing
    for at most one group ``S`` and its cost is ``min(now, layers[S][v] + part[rest])`` over the
    subsets ``S``, with ``part`` the network's own split table (the same integers as
    ``join_cost(layers, network | {v})``)."""

    def __init__(self, layers: list[list[int]], network: Any) -> None:
        self.layers = layers
        part = split_table(network_minima(layers, network))
        self.now = part[-1]
        self.rest = part[::-1]  # rest[S] = part[full ^ S]

    def lowers(self, far: int) -> bool:
        now = self.now
        return any(layer[far] + r < now for layer, r in zip(self.layers, self.rest, strict=True))


class TransAmericaAdapter:
    """The search's view of TransAmerica (see the module docstring)."""

    def __init__(self) -> None:
        self._cache: dict[tuple[frozenset[int], tuple[int, ...], int], _Plan] = {}

    # ---- sampling ------------------------------------------------------------------
    def sample(self, view: dict[str, Any], seat: int, rng: Rng) -> TransAmericaState:
        n = len(view["names"])
        st = TransAmericaState.__new__(TransAmericaState)
        st.names = list(view["names"])
        st.rng = Rng(rng.next_u64())
        st.log = []
        st.reveal_count = 0
        st.use_dashed = bool(view["dashed"])
        st.start_score = max(view["scores"])  # only read at setup
        st.round = int(view["round"])
        st.start_player = int(view["start_player"])
        st.phase = str(view["phase"])
        st.turn_player = int(view["turn_player"])
        st.markers = [None if m is None else (m[0], m[1]) for m in view["markers"]]
        st.tracks = []
        for a, b, who in view["tracks"]:
            e = board.edge_index(a, b)
            assert e is not None
            st.tracks.append((e, int(who)))
        st.singles = int(view["placed_this_turn"]["singles"])
        st.doubles = int(view["placed_this_turn"]["doubles"])
        st.scores = list(view["scores"])
        st.rounds = []
        st._rebuild()
        mine = list(view["my_cities"])
        for _attempt in range(30):
            st.hands = self._deal(mine, seat, n, st.use_dashed, rng)
            if not any(st.cities_connected(p) for p in range(n) if p != seat):
                break
        st.pending_by = seat if view["round_ends_after_turn"] else None
        if view["round_ends_after_turn"]:
            # the player whose cities were joined is not known to the seat: any would do
            st.pending_by = next((p for p in range(n) if p != seat and st.cities_connected(p)), seat)
        self._attach(st)
        return st

    @staticmethod
    def _deal(mine: list[str], seat: int, n: int, dashed: bool, rng: Rng) -> list[list[str]]:
        hands: list[list[str]] = [[] for _ in range(n)]
        hands[seat] = list(mine)
        mine_set = set(mine)
        for colour in board.COLOURS:
            pool = [c for c in board.cities_of_colour(colour, dashed) if c not in mine_set]
            rng.shuffle(pool)
            k = 0
            for p in range(n):
                if p != seat:
                    hands[p].append(pool[k])
                    k += 1
        return hands

    # ---- exact values, once per sample ----------------------------------------------
    def _plan(self, st: TransAmericaState, p: int, occupied: frozenset[int]) -> _Plan:
        cities = tuple(sorted(board.CITY_NODE[c] for c in st.hands[p]))
        marker = st.markers[p]
        root = board.INDEX[marker] if marker is not None else -1
        # the network's group only matters through its root: tracks join it at no cost
        key = (occupied, cities, root)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        if len(self._cache) > 4096:
            self._cache.clear()
        if root >= 0 and root not in cities:
            # one programme for both (the tree's programme over the cities is the layers)
            tree_with, cost, edges = layers_and_tree(board_adjacency_with_edges(occupied), cities, root)
        else:
            tree_with = steiner_layers(board_adjacency(occupied), list(cities))
            terminals = ([root] if root >= 0 else []) + list(cities)
            cost, edges = steiner_tree(board_adjacency_with_edges(occupied), terminals)
        plan = (tree_with, frozenset(e for e in edges if e not in occupied), cost)
        self._cache[key] = plan
        return plan

    def _attach(self, st: TransAmericaState) -> None:
        """Store the exact values of this sample on it (clones share them: they never change)."""
        occupied = frozenset(st._occupied)
        st.__dict__["_search_base"] = (
            st.round, occupied, [self._plan(st, p, occupied) for p in range(st.num_players)]
        )

    def clone(self, st: TransAmericaState) -> TransAmericaState:  # type: ignore[override]
        c = TransAmericaState.__new__(TransAmericaState)
        c.names = st.names
        c.rng = Rng(state=st.rng.state)
        c.log = []
        c.reveal_count = st.reveal_count
        c.use_dashed = st.use_dashed
        c.start_score = st.start_score
        c.round = st.round
        c.start_player = st.start_player
        c.phase = st.phase
        c.turn_player = st.turn_player
        c.hands = [list(h) for h in st.hands]
        c.markers = list(st.markers)
        c.tracks = list(st.tracks)
        c.singles = st.singles
        c.doubles = st.doubles
        c.pending_by = st.pending_by
        c.scores = list(st.scores)
        c.rounds = st.rounds  # only appended to at a round's end, never read by the search
        c._occupied = dict(st._occupied)
        c._parent = list(st._parent)
        c._members = {k: list(v) for k, v in st._members.items()}
        c._free_lines = dict(st._free_lines)  # frozensets, replaced, never changed
        c.__dict__["_search_base"] = st.__dict__.get("_search_base")
        return c

    def _base(self, st: TransAmericaState) -> tuple[int, frozenset[int], list[_Plan]]:
        base = st.__dict__.get("_search_base")
        if base is None or base[0] != st.round:
            self._attach(st)
            base = st.__dict__["_search_base"]
        return base

    # ---- evaluation --------------------------------------------------------------------
    def needs(self, st: TransAmericaState) -> list[int]:
        """Per player: track points still needed to join his cities to his network (estimate
        from the sample's exact values, see the module docstring)."""
        _round, occupied, plans = self._base(st)
        new = [e for e in st._occupied if e not in occupied]
        out = []
        for p in range(st.num_players):
            if st.cities_connected(p):
                out.append(0)
                continue
            layers, plan, cost = plans[p]
            marker = st.markers[p]
            if marker is None:
                d1 = min(layers[-1])
            else:
                d1 = join_cost(layers, st._component(board.INDEX[marker]))
            d2 = cost - sum(board.BASE_COST[e] for e in new if e in plan)
            out.append(max(0, min(d1, d2, INF)))
        return out

    def evaluate(self, st: TransAmericaState) -> list[float]:  # type: ignore[override]
        n = st.num_players
        if st.phase not in (PHASE_BUILD, PHASE_MARKER):
            return [1.0 / n] * n
        if st.__dict__.get("_search_base") is not None and st.__dict__["_search_base"][0] != st.round:
            projected = [float(s) for s in st.scores]  # a new round: only the scores are known
        else:
            need = self.needs(st)
            low = min(need)
            projected = [st.scores[p] - (need[p] - low) for p in range(n)]
        top = max(projected)
        weights = [math.exp((s - top) / TEMPERATURE) for s in projected]
        total = sum(weights)
        return [w / total for w in weights]

    # ---- the fast policy -----------------------------------------------------------
    def policy(self, st: TransAmericaState, player: int, legal: list[Action], rng: Rng) -> Action:  # type: ignore[override]
        if legal[0]["type"] == "place_marker":
            return self._marker(st, player, legal)
        builds = [a for a in legal if a["type"] == "build"]
        end = legal[-1] if legal[-1]["type"] == "end_turn" else None
        if not builds:
            assert end is not None
            return end
        _round, _occ, plans = self._base(st)
        plan = plans[player][1]
        planned = []
        for a in builds:
            e = board.edge_index(a["edge"][0], a["edge"][1])
            if e in plan:
                planned.append((board.BASE_COST[e], e, a))
        if planned:
            planned.sort(key=lambda t: (t[0], t[1]))
            return planned[0][2]
        if end is not None:
            return end
        # nothing planned is buildable (other tracks changed the best tree): the line whose far
        # end is closest to joining the cities
        tree_with = plans[player][0][-1]
        best = min(builds, key=lambda a: (min(tree_with[board.INDEX[tuple(a["edge"][0])]],
                                              tree_with[board.INDEX[tuple(a["edge"][1])]])
                                          + board.BASE_COST[board.edge_index(a["edge"][0], a["edge"][1])], rng.randbelow(4)))
        return best

    def _marker(self, st: TransAmericaState, player: int, legal: list[Action]) -> Action:
        _round, _occ, plans = self._base(st)
        tree_with = plans[player][0][-1]
        return min(legal, key=lambda a: (tree_with[board.INDEX[(a["at"][0], a["at"][1])]], a["at"]))

    def turn(self, st: TransAmericaState) -> Any:  # type: ignore[override]
        return (st.round, st.turn_player)

    def budget_for(self, budget: Budget, view: dict[str, Any]) -> Budget:
        """Each sample costs exact Steiner values for every opponent and each evaluation looks at
        every player: with more players, fewer samples and iterations keep the time per decision
        about that of 2 players (measured: bench/bench_bots.py)."""
        n = len(view["names"])
        if n <= 2:
            return budget
        return replace(budget, samples=max(2, budget.samples * 2 // n), iterations=max(40, budget.iterations * 2 // n))

    # ---- what to search --------------------------------------------------------------
    def search_here(self, view: dict[str, Any], legal: list[Action]) -> bool:
        """Building decisions are searched; the starting marker is the Easy bot's (its exact
        Steiner choice over every crossing is already what a search would find)."""
        return view["phase"] == PHASE_BUILD

    def candidates(self, view: dict[str, Any], seat: int, legal: list[Action]) -> list[Action]:
        """Lines that bring the seat's cities closer (exact values from the view alone), and
        ending the turn; every legal action if none does."""
        occupied = frozenset(
            e for e in (board.edge_index(a, b) for a, b, _s in view["tracks"]) if e is not None
        )
        cities = tuple(sorted(board.CITY_NODE[c] for c in view["my_cities"]))
        key = (occupied, cities, -2)
        hit = self._cache.get(key)
        if hit is None:
            hit = (steiner_layers(board_adjacency(occupied), list(cities)), frozenset(), 0)
            self._cache[key] = hit
        layers = hit[0]
        marker = view["markers"][seat]
        root = board.INDEX[(marker[0], marker[1])]
        network = _component(root, occupied)
        closer = Closer(layers, network)
        out = []
        for a in legal:
            if a["type"] != "build":
                out.append(a)
                continue
            i = board.INDEX[(a["edge"][0][0], a["edge"][0][1])]
            j = board.INDEX[(a["edge"][1][0], a["edge"][1][1])]
            if closer.lowers(j if i in network else i):
                out.append(a)
        return out if any(a["type"] == "build" for a in out) else legal


FEATURES = ("need", "behind", "race_loss", "turns", "tempo", "shared", "capacity_now", "bias")
"""Per player, what :func:`features` returns (in this order)."""


def _race(need: list[int], n: int, turn_player: int, left_now: int) -> tuple[int, list[int]]:
    """The race to end the round ("End of the Round": at once when a player's cities are joined),
    each player placing 2 points a turn in turn order from ``turn_player`` (who may still place
    ``left_now`` this turn). Turn step ``k`` is player ``(turn_player + k) mod n``'s. Returns the
    step at which the first player done ends the round, and per player the points he still
    needs then (what he placed in his turns before that step taken off; the ender's need is 0)."""
    finish = []
    for p in range(n):
        offset = (p - turn_player) % n
        if need[p] <= 0 or (offset == 0 and need[p] <= left_now):
            finish.append(offset if need[p] > 0 else 0)
        elif offset == 0:
            finish.append(n * ((need[p] - left_now + 1) // 2))
        else:
            finish.append(offset + n * ((need[p] + 1) // 2 - 1))
    end = min(finish)
    loss = []
    for p in range(n):
        if finish[p] == end:
            loss.append(0)
            continue
        offset = (p - turn_player) % n
        turns = 0 if offset >= end else (end - offset + n - 1) // n
        placed = 0 if turns == 0 else (left_now if offset == 0 else 2) + 2 * (turns - 1)
        loss.append(max(0, need[p] - placed))
    return end, loss


def features(adapter: TransAmericaAdapter, st: TransAmericaState) -> list[list[float]]:
    """Per player, what a TransAmerica player weighs in a build position (:data:`FEATURES`):
    the exact track points he still needs (others' tracks free: ``needs``), how far that is
    behind the least need of the others, what he would still need when the round ends if every
    player placed 2 points a turn in turn order (:func:`_race`), his turns still needed, how soon
    he moves (0 now, up to 1 for the last), the points of his planned tree on another player's
    planned tree (lines someone else may build for him), and what he may still place this turn."""
    n = st.num_players
    need = adapter.needs(st)
    _round, occupied_then, plans = adapter._base(st)
    left_now = 0 if st.doubles else 2 - st.singles
    _end, race_loss = _race(need, n, st.turn_player, left_now)
    occupied = st._occupied
    out = []
    for p in range(n):
        others = [need[q] for q in range(n) if q != p]
        plan = plans[p][1]
        shared = 0
        for e in plan:
            if e in occupied:
                continue
            if any(e in plans[q][1] for q in range(n) if q != p):
                shared += board.BASE_COST[e]
        offset = (p - st.turn_player) % n
        out.append([
            float(need[p]),
            float(max(0, need[p] - min(others))) if others else 0.0,
            float(race_loss[p]),
            float((need[p] + 1) // 2),
            offset / max(1, n - 1),
            float(shared),
            float(left_now if offset == 0 else 0),
            1.0,
        ])
    return out


def load_weights(name: str = "eval_weights.json") -> dict[str, Any]:
    """The fitted evaluation's weights (``bench/fit_ta_eval.py`` writes them)."""
    text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    data = json.loads(text)
    assert tuple(data["features"]) == FEATURES, "eval_weights.json was fitted on other features"
    return data


class LearnedAdapter(TransAmericaAdapter):
    """The search's adapter with the fitted evaluation (module docstring): each player's logit is
    ``win_score * score - win_loss * predicted round loss + win_features . features``, the round
    loss predicted by the ``loss`` weights on :func:`features` (at least 0); the win shares are the
    softmax of the logits. The weights file says which parts were fitted (the others are 0)."""

    _weights: dict[str, Any] | None = None

    def __init__(self, weights: dict[str, Any] | None = None) -> None:
        super().__init__()
        if weights is None:
            if LearnedAdapter._weights is None:
                LearnedAdapter._weights = load_weights()
            weights = LearnedAdapter._weights
        k = len(FEATURES)
        self.loss_w = [float(w) for w in weights.get("loss", [0.0] * k)]
        self.win_score = float(weights["win_score"])
        self.win_loss = float(weights.get("win_loss", 0.0))
        self.win_features = [float(w) for w in weights.get("win_features", [0.0] * k)]
        self.players = frozenset(int(n) for n in weights.get("players", range(2, 7)))
        """Player counts the weights were fitted on; at others the evaluation in use."""
        self._use_loss = self.win_loss != 0.0 and any(self.loss_w)
        self._use_features = any(self.win_features)

    def logits(self, st: TransAmericaState) -> list[float]:
        """Every player's logit in a build position of the sample's round."""
        feats = features(self, st)
        out = []
        for p, f in enumerate(feats):
            v = self.win_score * st.scores[p]
            if self._use_loss:
                v -= self.win_loss * max(0.0, sum(a * b for a, b in zip(self.loss_w, f, strict=True)))
            if self._use_features:
                v += sum(a * b for a, b in zip(self.win_features, f, strict=True))
            out.append(v)
        return out

    def evaluate(self, st: TransAmericaState) -> list[float]:  # type: ignore[override]
        n = st.num_players
        if n not in self.players:
            return super().evaluate(st)
        if st.phase not in (PHASE_BUILD, PHASE_MARKER):
            return [1.0 / n] * n
        base = st.__dict__.get("_search_base")
        if st.phase == PHASE_MARKER or (base is not None and base[0] != st.round):
            logits = [self.win_score * s for s in st.scores]  # a new round: only the scores are known
        else:
            logits = self.logits(st)
        top = max(logits)
        weights = [math.exp(v - top) for v in logits]
        total = sum(weights)
        return [v / total for v in weights]


def _component(start: int, occupied: frozenset[int]) -> set[int]:
    seen = {start}
    stack = [start]
    while stack:
        v = stack.pop()
        for u, e in board.ADJ[v]:
            if e in occupied and u not in seen:
                seen.add(u)
                stack.append(u)
    return seen


ADAPTER_LEVELS = {
    # CPython iterations standing for the browser budgets (Pyodide about 2x slower): see docs/bots.md
    "normal": Level("normal", "flat", Budget(iterations=160, samples=6, horizon=1)),
    # Hard: the flat search with twice Normal's samples and rollouts through 3 turns (at 2 players
    # the next player's turn and its own next one; at more, the next two players' turns). The information-set tree search (400 iterations, 12 samples, 3 turns)
    # won 25% of 40 two-player games against Normal; this flat search won 47.5% of the same games,
    # 10 of the 11 that differ (docs/bots.md, 2026-11-26).
    "hard": Level("hard", "flat", Budget(iterations=320, samples=12, horizon=3)),
}


def make_level_bot(level: str) -> Any:
    """``factory(seat, seed)`` for a search level, with the Easy bot for unsearched decisions."""
    from ..core.search import SearchBot
    from .bots import GreedyBot

    def factory(seat: int, seed: int) -> SearchBot:
        return SearchBot(seat, seed, TransAmericaAdapter(), ADAPTER_LEVELS[level], GreedyBot(seat, seed))

    return factory
