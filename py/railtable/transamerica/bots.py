"""Computer opponents for TransAmerica. They read only the view and the legal actions.

``GreedyBot`` ("greedy", the default; the "easy" level):

* **Starting marker** (Game Play, first turn): a crossing on a short tree joining its 5 cities
  (so it adds nothing to it); among those, one away from the other starting markers (the
  rulebook's tip: "it is generally not a good strategy to start your network too close to
  another player's starting point"); ties broken by its own seeded die, so games differ.
* **Building** (Network building rules): it keeps a plan, a short tree joining its network to
  its unconnected cities where lines with a track are free (the "Scoring of a Round" count),
  and builds the planned lines touching its network: two single lines when it can, otherwise
  one double line, then ends the turn. Of the planned single lines it may build, it builds the
  one farthest from the other players' networks first: a planned stretch near another network
  may yet be built by its owner, and every track joined to one's network is one's own to use
  (Network building rules). Against the same bot building them in board order this won 56.25%
  of 400 paired games at 2 players (docs/bots.md, TransAmerica).

Speed (issue 13): the bot follows the tracks of the view as they appear (a union-find kept
between turns) and plans with one shortest-path search that grows with the tree and stops at
each nearest city (``steiner.board_path_tree``). It plans again only when a new track could
change the plan: one by another player that touches a planned line, a city newly joined to
others' tracks, or no planned line to start from.
"""

from __future__ import annotations

from typing import Any

from ..core import Action, Rng
from . import board
from .steiner import board_adjacency, board_path_tree, distances_from

_EMPTY_BOARD = board_adjacency([])
"""The board's lines at their own costs (1, or 2 across a mountain or river), nothing built."""

MARKER_SPACING = 8
"""Lines of distance from other markers beyond which the greedy bot no longer cares."""


class GreedyBot:
    """Plans a short tree to its own cities and builds along it."""

    name = "greedy"

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = Rng(seed * 104729 + seat)
        self._reset(-1)

    def _reset(self, round_number: int) -> None:
        self._round = round_number
        self._seen = 0
        self._occupied: set[int] = set()
        self._cost = list(board.BASE_COST)
        """Per line: what it still costs (0 once a track lies there)."""
        self._parent = list(range(len(board.JUNCTIONS)))
        self._plan: set[int] = set()
        self._plan_nodes: set[int] = set()
        self._groups = 0
        self._dirty = True
        self._root = -1

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if view["phase"] == "marker":
            return self._choose_marker(view, legal)
        return self._choose_build(view, legal)

    # ---- following the board ---------------------------------------------------------
    def _find(self, v: int) -> int:
        parent = self._parent
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    def _sync(self, view: dict[str, Any]) -> int:
        """Take in the tracks placed since the last look; returns the marker's crossing."""
        if view["round"] != self._round:
            self._reset(view["round"])
        marker = view["markers"][self.seat]
        root = board.INDEX[(marker[0], marker[1])]
        self._root = root
        tracks = view["tracks"]
        for a, b, seat in tracks[self._seen:]:
            e = board.EDGE_BY_KEY[((a[0], a[1]), (b[0], b[1]))]
            i, j = board.EDGE_ENDS[e]
            if seat != self.seat and (i in self._plan_nodes or j in self._plan_nodes):
                self._dirty = True  # a shortcut may change the best plan
            self._occupied.add(e)
            self._cost[e] = 0
            self._plan.discard(e)
            ri, rj = self._find(i), self._find(j)
            if ri != rj:
                self._parent[rj] = ri
        self._seen = len(tracks)
        # a city joined to the network or to another city: the plan may hold lines no longer needed
        groups = len({self._find(board.CITY_NODE[c]) for c in view["my_cities"]} | {self._find(root)})
        if groups != self._groups:
            self._dirty = True
        return root

    # ---- first turn: the starting marker ----------------------------------------------
    def _choose_marker(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """A free crossing of a short tree joining the cities, away from the other markers."""
        cities = [board.CITY_NODE[c] for c in view["my_cities"]]
        # nothing is built during the marker turns: the board's own costs
        _cost, edges = board_path_tree(board.BASE_COST, cities)
        on_tree = set(cities)
        for e in edges:
            on_tree.update(board.EDGE_ENDS[e])
        others = [(m[0], m[1]) for seat, m in enumerate(view["markers"]) if m is not None and seat != self.seat]
        free = {tuple(a["at"]): a for a in legal}
        best: list[Action] = []
        best_key = -1
        for v in sorted(on_tree):
            p = board.JUNCTIONS[v]
            action = free.get(p)
            if action is None:
                continue
            key = min([MARKER_SPACING] + [board.grid_distance(p, o) for o in others])
            if key > best_key:
                best, best_key = [action], key
            elif key == best_key:
                best.append(action)
        return self.rng.choice(best) if best else self.rng.choice(legal)

    # ---- building turns ----------------------------------------------------------------
    def _choose_build(self, view: dict[str, Any], legal: list[Action]) -> Action:
        end = legal[-1] if legal[-1]["type"] == "end_turn" else None
        root = self._sync(view)
        by_edge = {}
        index = board.EDGE_BY_XY
        for a in legal:
            if a["type"] == "build":
                (x1, y1), (x2, y2) = a["edge"]
                by_edge[index[x1, y1, x2, y2]] = a
        if not by_edge:
            assert end is not None
            return end
        placed = view["placed_this_turn"]
        first = placed["singles"] + placed["doubles"] == 0
        frontier = self._frontier(by_edge) if not self._dirty else []
        if self._dirty or (first and not frontier):
            self._make_plan(view, root)
            frontier = self._frontier(by_edge)
        singles = [e for e in frontier if board.BASE_COST[e] == 1]
        doubles = [e for e in frontier if board.BASE_COST[e] == 2]
        # planned single lines after which another planned single line can follow
        good = self._with_follow_up(singles)
        if not first:
            # second track of the turn: only a planned single line is worth it
            if singles:
                return by_edge[self._best_single(singles, good, view)]
            assert end is not None  # a track was placed this turn, so the turn may end
            return end
        if singles and (not doubles or good):
            # prefer two single lines to one double line when both give 2 points
            return by_edge[self._best_single(singles, good, view)]
        if doubles:
            return by_edge[self.rng.choice(doubles)]
        if singles:
            return by_edge[singles[0]]
        # nothing planned is buildable (all cities joined): any legal line
        return by_edge[self.rng.choice(sorted(by_edge))]

    def _frontier(self, by_edge: dict[int, Action]) -> list[int]:
        """Planned lines buildable now, in board order."""
        return [e for e in sorted(self._plan) if e in by_edge]

    def _make_plan(self, view: dict[str, Any], root: int) -> None:
        """A short tree from the network to every city not joined to it, tracks free."""
        terminals = [root] + [board.CITY_NODE[c] for c in view["my_cities"]]
        _cost, edges = board_path_tree(self._cost, terminals)
        self._plan = edges
        self._groups = len({self._find(t) for t in terminals})
        self._plan_nodes = {v for e in edges for v in board.EDGE_ENDS[e]}
        self._dirty = False

    def _with_follow_up(self, singles: list[int]) -> list[int]:
        """The single lines of ``singles`` (in their order) after each of which another planned
        single line is buildable: one that shares an end with it or touches the network."""
        if not singles:
            return []
        find = self._find
        mine = find(self._root)
        ends = board.EDGE_ENDS
        cost = board.BASE_COST
        occupied = self._occupied
        # planned single lines still free, and those of them touching the network already
        free = [f for f in self._plan if f not in occupied and cost[f] == 1]
        touching = [f for f in free if find(ends[f][0]) == mine or find(ends[f][1]) == mine]
        out = []
        for e in singles:
            a, b = ends[e]
            if any(f != e for f in touching) or any(
                f != e and (a in ends[f] or b in ends[f]) for f in free
            ):
                out.append(e)
        return out

    def _best_single(self, singles: list[int], good: list[int], view: dict[str, Any]) -> int:
        """Of the planned single lines after which another planned single line can follow
        (``good``, else of all ``singles``), one farthest from the other players' networks (the
        lines joined to their starting markers and not to its own; empty-board distance to the
        nearer end of the line), the bot's die picking among equals."""
        pool = good or singles
        if len(pool) == 1:
            return pool[0]
        find = self._find
        mine = find(self._root)
        roots = {find(board.INDEX[(m[0], m[1])]) for seat, m in enumerate(view["markers"])
                 if m is not None and seat != self.seat} - {mine}
        if not roots:
            return self.rng.choice(pool)
        others = [v for v in range(len(board.JUNCTIONS)) if find(v) in roots]
        dist = distances_from(_EMPTY_BOARD, others)
        ends = board.EDGE_ENDS
        far = {e: min(dist[ends[e][0]], dist[ends[e][1]]) for e in pool}
        best = max(far.values())
        return self.rng.choice([e for e in pool if far[e] == best])
