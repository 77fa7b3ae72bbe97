"""Computer opponents for TransAmerica. They read only the view and the legal actions.

``GreedyBot`` ("greedy", the default):

* **Starting marker** (Game Play, first turn): a free crossing that adds nothing (or least)
  to the cheapest tree joining its 5 cities (exact Steiner values for every crossing); among
  those, one not close to another player's starting marker (the rulebook's tip). In test
  tournaments this beat choosing the most central crossing of the tree by about 3 to 1.
* **Building** (Network building rules): at the start of each turn it plans a cheapest
  tree joining its marker to its unconnected cities, where lines with a track are free
  (exactly the "Scoring of a Round" count), and builds the planned lines that touch its
  network: two single lines when it can, otherwise one double line, then ends the turn.
"""

from __future__ import annotations

from typing import Any

from ..core import Action, Rng
from . import board
from .steiner import board_adjacency, board_adjacency_with_edges, distances_from, steiner_all, steiner_tree


def _track_edges(view: dict[str, Any]) -> set[int]:
    out: set[int] = set()
    for a, b, _seat in view["tracks"]:
        e = board.edge_index(a, b)
        if e is not None:
            out.add(e)
    return out


def _component(start: int, edges: set[int]) -> set[int]:
    adj: dict[int, list[int]] = {}
    for e in edges:
        i, j = board.EDGE_ENDS[e]
        adj.setdefault(i, []).append(j)
        adj.setdefault(j, []).append(i)
    seen = {start}
    stack = [start]
    while stack:
        v = stack.pop()
        for u in adj.get(v, ()):
            if u not in seen:
                seen.add(u)
                stack.append(u)
    return seen


MARKER_SPACING = 8
"""Track points of distance from other markers beyond which the greedy bot no longer cares."""


class GreedyBot:
    """Plans a cheapest tree to its own cities and builds along it."""

    name = "greedy"

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = Rng(seed * 104729 + seat)
        self._plan: set[int] = set()
        self._plan_round = -1

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if view["phase"] == "marker":
            return self._choose_marker(view, legal)
        return self._choose_build(view, legal)

    # ---- first turn: the starting marker ----------------------------------------------
    def _choose_marker(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """A free crossing on a cheapest tree joining the cities; among those, one away from the
        other starting markers (rulebook tip: "it is generally not a good strategy to start your
        network too close to another player's starting point"), then the first in board order."""
        cities = [board.CITY_NODE[c] for c in view["my_cities"]]
        adj = board_adjacency(_track_edges(view))
        tree_with = steiner_all(adj, cities)
        others = [
            board.INDEX[(m[0], m[1])] for seat, m in enumerate(view["markers"]) if m is not None and seat != self.seat
        ]
        from_others = distances_from(adj, others) if others else [0] * len(board.JUNCTIONS)
        best: Action | None = None
        best_key: tuple[int, int, int] | None = None
        for action in legal:
            v = board.INDEX[(action["at"][0], action["at"][1])]
            key = (tree_with[v], -min(from_others[v], MARKER_SPACING), v)
            if best_key is None or key < best_key:
                best, best_key = action, key
        assert best is not None
        return best

    # ---- building turns ----------------------------------------------------------------
    def _choose_build(self, view: dict[str, Any], legal: list[Action]) -> Action:
        builds = [a for a in legal if a["type"] == "build"]
        end = next((a for a in legal if a["type"] == "end_turn"), None)
        if not builds:
            assert end is not None
            return end
        occupied = _track_edges(view)
        marker = view["markers"][self.seat]
        network = _component(board.INDEX[(marker[0], marker[1])], occupied)
        placed = view["placed_this_turn"]
        if placed["singles"] + placed["doubles"] == 0 or self._plan_round != view["round"]:
            self._make_plan(view, occupied, network)
        by_edge = {board.edge_index(a["edge"][0], a["edge"][1]): a for a in builds}
        frontier = [e for e in sorted(self._plan) if e in by_edge and e not in occupied]
        singles = [e for e in frontier if board.BASE_COST[e] == 1]
        doubles = [e for e in frontier if board.BASE_COST[e] == 2]
        if placed["singles"] == 1:
            # second track of the turn: only a planned single line is worth it
            if singles:
                return by_edge[self._best_single(singles, network, occupied)]
            assert end is not None  # a track was placed this turn, so the turn may end
            return end
        if singles and (not doubles or self._two_singles_possible(singles, network, occupied)):
            # prefer two single lines to one double line when both give 2 points
            return by_edge[self._best_single(singles, network, occupied)]
        if doubles:
            return by_edge[doubles[0]]
        if singles:
            return by_edge[singles[0]]
        # no planned line can be built (should not happen): any legal line
        return self.rng.choice(builds)

    def _make_plan(self, view: dict[str, Any], occupied: set[int], network: set[int]) -> None:
        marker = view["markers"][self.seat]
        root = board.INDEX[(marker[0], marker[1])]
        # one terminal per group of crossings already joined by tracks: the marker's network
        # first, then each city (or group of cities) not yet joined to it
        group_of: dict[int, int] = {}
        terminals = [root]
        for city in view["my_cities"]:
            node = board.CITY_NODE[city]
            if node in network:
                continue
            group = group_of.get(node)
            if group is None:
                members = _component(node, occupied)
                for m in members:
                    group_of[m] = node
                terminals.append(node)
        _cost, edges = steiner_tree(board_adjacency_with_edges(occupied), terminals)
        self._plan = {e for e in edges if e not in occupied}
        self._plan_round = view["round"]

    def _follow_ups(self, e: int, network: set[int], occupied: set[int]) -> list[int]:
        """Planned single lines buildable after building single line ``e``."""
        i, j = board.EDGE_ENDS[e]
        grown = network | {i, j}
        return [
            f for f in self._plan
            if f != e and f not in occupied and board.BASE_COST[f] == 1
            and (board.EDGE_ENDS[f][0] in grown or board.EDGE_ENDS[f][1] in grown)
        ]

    def _two_singles_possible(self, singles: list[int], network: set[int], occupied: set[int]) -> bool:
        return any(self._follow_ups(e, network, occupied) for e in singles)

    def _best_single(self, singles: list[int], network: set[int], occupied: set[int]) -> int:
        """A planned single line after which another planned single line can follow, if any."""
        for e in singles:
            if self._follow_ups(e, network, occupied):
                return e
        return singles[0]
