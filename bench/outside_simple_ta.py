"""An outside sparring partner for TransAmerica: a port of the "Simple" AI of
github.com/oscardssmith/Trans-America (``simple.py`` with the distance bookkeeping of its
``state.py``), played against one of our levels at 2 players through the ladder's own
``core.ladder.play_pair`` (paired deals). A development benchmark only, not a level of the game.

Run: ``PYTHONPATH=py nice -n 19 python3 bench/outside_simple_ta.py --level easy --games 100 --seed 500000``
(``--diagnose`` adds per-round figures: starting markers, points spent, who ends rounds, what
each seat loses). Results (seed 500000): Easy 77.0% of 100 (67.8-84.2%), margin +6.92;
Normal 95.0% of 40 (83.5-98.6%), margin +9.80; ``--variant free`` (not the original) Easy 77.0%.

What Simple does (the original, read from its source):

* **Starting marker** (``Simple.place_hub``): the crossing with the least sum of the board's
  static distances (``board.costs``: a shortest path, 1 per single and 2 per double line, other
  tracks ignored) to its cities; ties: the first in row-major order (strict ``<``).
* **Building** (``Simple.move``, called once per track: the game's ``take_turn`` subtracts the
  track's cost from ``tracks_left = 2`` and asks again until 0, so a turn is always 2 points, never
  ended early): the candidates are ``State.fast_get_moves``: for every crossing outside its
  network, one line from it to the network, a single line if there is one, a double line only
  while 2 points are left. Each is scored by ``State.eval_move`` on a copy of
  ``State.distances_left`` (per player: per city crossing, the static distance from the nearest
  crossing of his network; per other player's starting marker, the static distance to that
  player's network), closed Floyd-Warshall style through the markers so that a city is also
  ``distance to the other network + that player's distance to the city``: other players'
  tracks do count, but only as "their distance to the city", never as free lines of a path.
  Only the new crossing of a line is looked at (the distance from it to each city). The line
  with the least sum over its own cities wins; ties: the first in the order Python's set of
  moves iterates.

This port keeps ``state.py``'s bookkeeping literally (``select_costs``, the three
``player_nodes_in_reach`` sets with their merging when networks meet, ``update_select_move``
called once per player per track as ``game.py`` does, ``eval_move`` with its
``distances_left[i][self.hubs[i]]`` slip), fed by the tracks of the view in the order placed, and
the same coordinates (the boards are the same: our ``(x, y)`` is its ``(col, row)``; same 188
crossings, 35 cities, 109 double lines; checked). Checked against the original's own code (its
``board.py``, ``state.py``, ``simple.py``, 20 Simple-vs-Simple deals): same static distances, same
``distances_left``, the same move in 684 of 684 decisions, ties included. Differences forced by our
engine:

* the starting markers are recorded in seat order 0, 1, ... (the original always starts with seat
  0; ``update_select_hub`` appends per-player tables and assumes it) though our start player
  rotates each round; the marker may not go on a taken crossing (the original does not check):
  Simple then takes its next-best crossing;
* the static distances are Dijkstra's on our board (the original's own flood fill gives the
  same on this map);
* if the original's candidate list is empty (it would crash) or its move is not legal here (never
  seen), the port ends the turn when it may or takes the first legal line; ``fallbacks`` counts it;
* the game around it is ours: several rounds scored by missing points, dashed city cards left out
  at 2 players, a round ending when one's 5 cities are joined to each other (the original: joined
  to one's own network), the 83-track limit, the "opponent's cities" exception; Simple ignores all
  of these.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from railtable.core.ladder import play_pair  # noqa: E402
from railtable.core.registry import get_game  # noqa: E402
from railtable.transamerica import board  # noqa: E402
from railtable.transamerica.sampling import _component  # noqa: E402  (a network: the crossings joined to a start)
from railtable.transamerica.steiner import (  # noqa: E402
    board_adjacency,
    board_path_tree,
    cheapest_connection,
    distances_from,
)

LAST_ROW, LAST_COLUMN = 13, 20  # features.LAST_ROW, LAST_COLUMN

# the original's points are (row, col); ours (x, y) = (col, row)
_IDX: dict[tuple[int, int], int] = {(y, x): i for i, (x, y) in enumerate(board.JUNCTIONS)}
_ADJ0 = board_adjacency([])
_DIST: list[list[int]] = [distances_from(_ADJ0, [i]) for i in range(len(board.JUNCTIONS))]
OCEANS = [(r, c) for r in range(LAST_ROW) for c in range(LAST_COLUMN) if (r, c) not in _IDX]
MOUNTAINS_AND_RIVERS = [((a[1], a[0]), (b[1], b[0])) for a, b, double in board.EDGES if double]
# features.CITIES in its own order (green, blue, orange, yellow, red; each colour as listed there)
ALL_CITY_POINTS = [
    (0, 0), (1, 0), (3, 1), (5, 2), (6, 2), (9, 5), (10, 6),
    (1, 3), (1, 7), (1, 10), (2, 10), (2, 15), (3, 13), (5, 15),
    (2, 17), (4, 17), (5, 17), (7, 18), (8, 17), (12, 19), (10, 19),
    (4, 4), (4, 9), (5, 7), (6, 11), (6, 13), (8, 8), (8, 11),
    (9, 7), (11, 10), (9, 15), (10, 13), (10, 17), (12, 14), (12, 16),
]
assert sorted(ALL_CITY_POINTS) == sorted((c["y"], c["x"]) for c in board.CITIES)


def get_cost(p1: tuple[int, int], p2: tuple[int, int]) -> int:
    """``Board.get_cost``: the static distance (1 single, 2 double line; no track counts)."""
    return _DIST[_IDX[p1]][_IDX[p2]]


class OrigState:
    """``state.State`` with SELECT (the parts Simple uses), kept literally."""

    def __init__(self, num_players: int) -> None:
        self.num_players = num_players
        self.hubs: list[Any] = [None] * num_players
        self.construct_select_costs()
        self.player_nodes_in_reach = [[set(), set(), set()] for _ in range(num_players)]
        self.distances_left: list[dict[tuple[int, int], int]] = []

    def construct_select_costs(self) -> None:
        self.select_costs = [[[[0, 1], [1, 1]] for _ in range(LAST_COLUMN)] for _ in range(LAST_ROW)]
        for mountain in MOUNTAINS_AND_RIVERS:
            self.set_select_cost(mountain[0], mountain[1], 2)
        for ocean in OCEANS:
            for neighbor in self.get_select_neighbors(ocean):
                self.set_select_cost(ocean, neighbor[0], 3)

    def get_select_cost(self, point1, point2):
        offset = sum((point1[0] - point2[0], point1[1] - point2[1]))
        if offset < 0:
            change = (point2[0] - point1[0], point2[1] - point1[1])
            return self.select_costs[point1[0]][point1[1]][change[0]][change[1]]
        if offset > 0:
            change = (point1[0] - point2[0], point1[1] - point2[1])
            return self.select_costs[point2[0]][point2[1]][change[0]][change[1]]
        return 0

    def set_select_cost(self, point1, point2, cost):
        offset = sum((point1[0] - point2[0], point1[1] - point2[1]))
        if offset < 0:
            change = (point2[0] - point1[0], point2[1] - point1[1])
            self.select_costs[point1[0]][point1[1]][change[0]][change[1]] = cost
        elif offset > 0:
            change = (point1[0] - point2[0], point1[1] - point2[1])
            self.select_costs[point2[0]][point2[1]][change[0]][change[1]] = cost

    def get_select_neighbors(self, point, mincost=1, maxcost=2):
        sc = self.select_costs
        neighbors = []
        if point[0] + 1 < len(sc):
            if point[1] + 1 < len(sc[0]):
                cost = sc[point[0]][point[1]][1][1]
                if mincost <= cost <= maxcost:
                    neighbors.append(((point[0] + 1, point[1] + 1), cost))
            cost = sc[point[0]][point[1]][1][0]
            if mincost <= cost <= maxcost:
                neighbors.append(((point[0] + 1, point[1]), cost))
        if point[1] + 1 < len(sc[0]):
            cost = sc[point[0]][point[1]][0][1]
            if mincost <= cost <= maxcost:
                neighbors.append(((point[0], point[1] + 1), cost))
        if point[0] > 0:
            if point[1] > 0:
                cost = sc[point[0] - 1][point[1] - 1][1][1]
                if mincost <= cost <= maxcost:
                    neighbors.append(((point[0] - 1, point[1] - 1), cost))
            cost = sc[point[0] - 1][point[1]][1][0]
            if mincost <= cost <= maxcost:
                neighbors.append(((point[0] - 1, point[1]), cost))
        if point[1] > 0:
            cost = sc[point[0]][point[1] - 1][0][1]
            if mincost <= cost <= maxcost:
                neighbors.append(((point[0], point[1] - 1), cost))
        return neighbors

    def fast_get_moves(self, hub, tracks_left):
        moves = set()
        player = 0
        for i in range(0, len(self.player_nodes_in_reach)):
            if hub in self.player_nodes_in_reach[i][0]:
                player = i
                break
        for move in self.player_nodes_in_reach[player][1]:
            for neighbor in self.get_select_neighbors(move, 1, 1):
                if neighbor[0] in self.player_nodes_in_reach[player][0]:
                    moves.add((move, neighbor[0]))
                    break
        if tracks_left == 2:
            for move in self.player_nodes_in_reach[player][2]:
                for neighbor in self.get_select_neighbors(move, 2, 2):
                    if neighbor[0] in self.player_nodes_in_reach[player][0]:
                        moves.add((move, neighbor[0]))
                        break
        return moves

    def record_hub(self, mover, move):
        self.hubs[mover] = move
        self.update_select_hub(mover, move)

    def record_move(self, mover, move):
        # game.record_move calls state.record_move inside its loop over the players
        for _player in range(self.num_players):
            self.update_select_move(mover, move)

    def update_select_hub(self, player, move):
        reachable = self.get_select_neighbors(move)
        self.player_nodes_in_reach[player][0].add(move)
        for i in range(0, len(reachable)):
            self.player_nodes_in_reach[player][reachable[i][1]].add(reachable[i][0])
        self.distances_left.append({})
        for location in ALL_CITY_POINTS:
            self.distances_left[player][location] = get_cost(move, location)
        for j in range(0, player + 1):
            hub = self.hubs[j]
            if hub is None:
                continue
            self.distances_left[player][hub] = get_cost(move, hub)
            self.distances_left[j][move] = get_cost(move, hub)

    def update_select_move(self, player, move):
        reach = self.player_nodes_in_reach
        dl = self.distances_left
        hubs = self.hubs
        cost = self.get_select_cost(move[0], move[1])
        self.set_select_cost(move[0], move[1], 0)
        for track in move:
            if track not in reach[player][0]:
                for i in range(0, len(hubs)):
                    if i == player:
                        continue
                    hub = hubs[i]
                    if dl[player][hub] > 0:
                        for compare_track in reach[i][0]:
                            if get_cost(track, compare_track) < dl[player][hub]:
                                dl[player][hub] = get_cost(track, compare_track)
                            if get_cost(track, compare_track) < dl[i][hubs[player]]:
                                dl[i][hubs[player]] = get_cost(track, compare_track)
                for location in ALL_CITY_POINTS:
                    if get_cost(track, location) < dl[player][location]:
                        dl[player][location] = get_cost(track, location)
                for i in range(0, len(hubs)):
                    for j in range(0, len(hubs)):
                        if dl[j][hubs[player]] + dl[player][hubs[i]] < dl[j][hubs[i]]:
                            dl[j][hubs[i]] = dl[j][hubs[player]] + dl[player][hubs[i]]
                        if dl[i][hubs[player]] + dl[player][hubs[j]] < dl[i][hubs[j]]:
                            dl[i][hubs[j]] = dl[i][hubs[player]] + dl[player][hubs[j]]
                    for location in ALL_CITY_POINTS:
                        if dl[i][location] > dl[player][location] + dl[i][hubs[player]]:
                            dl[i][location] = dl[player][location] + dl[i][hubs[player]]
                        if dl[player][location] > dl[i][location] + dl[player][hubs[i]]:
                            dl[player][location] = dl[i][location] + dl[player][hubs[i]]
                if track in reach[player][cost]:
                    reach[player][cost].remove(track)
                reach[player][0].add(track)
                reachable = self.get_select_neighbors(track)
                for i in range(0, len(reachable)):
                    node = reachable[i][0]
                    worth = True
                    for j in range(0, reachable[i][1]):
                        if node in reach[player][j]:
                            worth = False
                            break
                    if worth:
                        reach[player][reachable[i][1]].add(node)
                    for k in range(reachable[i][1] + 1, 3):
                        if node in reach[player][k]:
                            reach[player][k].remove(node)
                for i in range(0, len(reach)):
                    if i == player:
                        continue
                    elif track in reach[i][0]:
                        for j in range(0, 3):
                            reach[player][j].update(reach[i][j])
                            reach[i][j] = reach[player][j]
        for i in range(0, len(reach)):
            if i == player:
                continue
            for track in move:
                if track in reach[i][0]:
                    for j in range(0, 3):
                        reach[player][j].update(reach[i][j])
                        reach[i][j] = reach[player][j]
                    reach[player][2].difference_update(reach[player][1])
                    reach[player][2].difference_update(reach[player][0])
                    reach[player][1].difference_update(reach[player][0])

    def eval_move(self, player, move, distances_left):
        reach = self.player_nodes_in_reach
        hubs = self.hubs
        dl = distances_left
        for track in move:
            if track not in reach[player][0]:
                for i in range(0, len(hubs)):
                    if i == player:
                        continue
                    hub = hubs[i]
                    if dl[player][hub] > 0:
                        for compare_track in reach[i][0]:
                            if get_cost(track, compare_track) < dl[player][hub]:
                                dl[player][hub] = get_cost(track, compare_track)
                            if get_cost(track, compare_track) < dl[i][hubs[player]]:
                                dl[i][hubs[player]] = get_cost(track, compare_track)
                for location in ALL_CITY_POINTS:
                    if get_cost(track, location) < dl[player][location]:
                        dl[player][location] = get_cost(track, location)
                for i in range(0, len(hubs)):
                    for j in range(0, len(hubs)):
                        if dl[j][hubs[player]] + dl[player][hubs[i]] < dl[j][hubs[i]]:
                            dl[j][hubs[i]] = dl[j][hubs[player]] + dl[player][hubs[i]]
                        if dl[i][hubs[player]] + dl[player][hubs[j]] < dl[i][hubs[j]]:
                            dl[i][hubs[i]] = dl[i][hubs[player]] + dl[player][hubs[j]]  # sic (original)
                    for location in ALL_CITY_POINTS:
                        if dl[player][location] > dl[i][location] + dl[player][hubs[i]]:
                            dl[player][location] = dl[i][location] + dl[player][hubs[i]]
                        if dl[i][location] > dl[player][location] + dl[i][hubs[player]]:
                            dl[i][location] = dl[player][location] + dl[i][hubs[player]]
        return distances_left


class SimpleBot:
    """The port of ``simple.Simple`` on our view and legal actions (see the module's notes)."""

    name = "outside-simple"
    fallbacks = 0
    """Decisions (all instances) where the original's move was missing or not legal here."""

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self._round = -1
        self._state: OrigState | None = None
        self._seen = 0

    @staticmethod
    def _cities(view: dict[str, Any]) -> list[tuple[int, int]]:
        out = []
        for name in view["my_cities"]:
            c = board.CITY_BY_NAME[name]
            out.append((c["y"], c["x"]))
        return out

    def choose(self, view: dict[str, Any], legal: list[Any]) -> Any:
        if view["phase"] == "marker":
            return self._place_hub(view, legal)
        return self._move(view, legal)

    def _place_hub(self, view: dict[str, Any], legal: list[Any]) -> Any:
        cities = self._cities(view)
        free = {(a["at"][1], a["at"][0]): a for a in legal}
        best = None
        best_cost = None
        for x, y in board.JUNCTIONS:  # row by row, as the original's (i, j) loops
            p = (y, x)
            if p not in free:
                continue
            cost = sum(get_cost(city, p) for city in cities)
            if best is None or cost < best_cost:
                best, best_cost = p, cost
        return free[best]

    def _sync(self, view: dict[str, Any]) -> OrigState:
        if view["round"] != self._round or self._state is None:
            self._round = view["round"]
            st = OrigState(len(view["markers"]))
            for seat, m in enumerate(view["markers"]):  # seat order, as the original's game
                st.record_hub(seat, (m[1], m[0]))
            self._state = st
            self._seen = 0
        st = self._state
        for a, b, seat in view["tracks"][self._seen:]:
            pa, pb = (a[1], a[0]), (b[1], b[0])
            mine = st.player_nodes_in_reach[seat][0]
            # the original's moves are (new crossing, crossing of the network)
            move = (pb, pa) if pa in mine and pb not in mine else (pa, pb)
            st.record_move(seat, move)
        self._seen = len(view["tracks"])
        return st

    def _move(self, view: dict[str, Any], legal: list[Any]) -> Any:
        st = self._sync(view)
        if legal[0]["type"] == "end_turn":  # 2 points placed: the original's turn is over
            return legal[0]
        placed = view["placed_this_turn"]
        tracks_left = 2 - placed["singles"] - 2 * placed["doubles"]
        hub = st.hubs[self.seat]
        cities = self._cities(view)
        possible_moves = list(st.fast_get_moves(hub, tracks_left))
        values = []
        for move in possible_moves:
            temp = [dict(d) for d in st.distances_left]  # copy.deepcopy: int values
            temp = st.eval_move(self.seat, move, temp)
            values.append([temp[self.seat][c] for c in cities])
        best_move = 0
        for i in range(0, len(possible_moves)):
            if sum(values[i]) < sum(values[best_move]):
                best_move = i
        by_key = {}
        end = None
        for a in legal:
            if a["type"] == "build":
                (x1, y1), (x2, y2) = a["edge"]
                by_key[((y1, x1), (y2, x2))] = a
                by_key[((y2, x2), (y1, x1))] = a
            elif a["type"] == "end_turn":
                end = a
        if possible_moves:
            chosen = by_key.get(possible_moves[best_move])
            if chosen is not None:
                return chosen
        SimpleBot.fallbacks += 1
        if end is not None:
            return end
        return next(a for a in legal if a["type"] == "build")


class FreeSimpleBot(SimpleBot):
    """Not the original: ``--variant free``, a hypothesis for a stronger "Simple" (e.g. another
    port): the same candidates, each scored by the sum over its cities of the shortest path from
    the network grown by the line, where every placed track (anyone's) is a free line."""

    name = "outside-simple-free"

    def _move(self, view: dict[str, Any], legal: list[Any]) -> Any:
        if legal[0]["type"] == "end_turn":
            return legal[0]
        occupied = [board.edge_index(a, b) for a, b, _s in view["tracks"]]
        adj = board_adjacency(occupied)
        m = view["markers"][self.seat]
        net = _component(board.INDEX[(m[0], m[1])], set(occupied))
        base = distances_from(adj, net)
        cities = [board.CITY_NODE[c] for c in view["my_cities"]]
        best = None
        best_key = None
        seen: dict[int, int] = {}
        for a in legal:
            if a["type"] != "build":
                continue
            i, j = board.INDEX[tuple(a["edge"][0])], board.INDEX[tuple(a["edge"][1])]
            v = j if i in net else i
            e = board.edge_index(a["edge"][0], a["edge"][1])
            if v in net:
                continue
            if v in seen and board.BASE_COST[seen[v]] <= board.BASE_COST[e]:
                continue
            seen[v] = e
            dv = distances_from(adj, _component(v, set(occupied)))
            key = (sum(min(base[c], dv[c]) for c in cities), board.BASE_COST[e])
            if best_key is None or key < best_key:
                best, best_key = a, key
        if best is not None:
            return best
        SimpleBot.fallbacks += 1
        return next(a for a in legal if a["type"] == "build")


VARIANT = "original"


# ---- the ladder's hook and the games ------------------------------------------------------
STATES: list[Any] = []
"""The game states made in this process (seat_bot sees each at setup; jobs=1): read after the games."""


def seat_bot(level: str, seat: int, seed: int, state: Any) -> Any:
    """``simple``: the port; any other level: the game's own bot."""
    if seat == 0:
        STATES.append(state)
    if level == "simple":
        return FreeSimpleBot(seat, seed) if VARIANT == "free" else SimpleBot(seat, seed)
    return get_game("transamerica").make_bot(level, seat, seed)


def _steiner(nodes: list[int], occupied: list[int]) -> int:
    return cheapest_connection(nodes, occupied)[0]


def diagnose(states: list[Any], players: int, level: str) -> None:
    """Per round and per side (``level`` / Simple): starting marker, points spent, gains, round ends."""
    from collections import defaultdict

    tot: dict[str, dict[str, float]] = {level: defaultdict(float), "simple": defaultdict(float)}
    rounds = 0
    for g, st in enumerate(states):
        hot = g % players
        side = {p: (level if p == hot else "simple") for p in range(players)}
        for rec in st.rounds:
            rounds += 1
            tracks = [(board.edge_index(a, b), seat) for a, b, seat in rec["tracks"]]
            turns = [0] * players
            last = None
            for _e, seat in tracks:
                if seat != last:
                    turns[seat] += 1
                last = seat
            # the turn the two networks first meet, and whose track made them meet
            parent = list(range(len(board.JUNCTIONS)))

            def find(v: int, parent: list[int] = parent) -> int:
                while parent[v] != v:
                    parent[v] = parent[parent[v]]
                    v = parent[v]
                return v

            marker_nodes = [board.INDEX[(m[0], m[1])] for m in rec["markers"]]
            met_by = None
            met_at = None
            for k, (e, seat) in enumerate(tracks):
                i, j = board.EDGE_ENDS[e]
                parent[find(i)] = find(j)
                if met_by is None and find(marker_nodes[0]) == find(marker_nodes[1]):
                    met_by, met_at = seat, k + 1
            for p in range(players):
                t = tot[side[p]]
                cities = [board.CITY_NODE[c] for c in rec["cities"][str(p)]]
                m = marker_nodes[p]
                s0 = _steiner(cities, [])
                s0m = _steiner(cities + [m], [])
                own = [e for e, seat in tracks if seat == p]
                spent = sum(board.BASE_COST[e] for e in own)
                miss_own_only = _steiner(cities, own)
                miss = rec["missing"][p]
                t["rounds"] += 1
                t["sumdist"] += sum(_DIST[m][c] for c in cities)
                t["s0"] += s0
                t["marker_extra"] += s0m - s0
                t["spent"] += spent
                t["own_progress"] += s0 - miss_own_only  # what its own tracks did for its cities
                t["gift"] += miss_own_only - miss  # what the other's tracks saved it
                t["missing"] += miss
                t["ended"] += 1 if rec["ended_by"] == p else 0
                t["started"] += 1 if rec["start_player"] == p else 0
                # the Easy bot's plan from its marker (board_path_tree) against the exact tree
                t["path_tree_excess"] += board_path_tree(board.BASE_COST, [m] + cities)[0] - s0m
                last_placer = tracks[-1][1] if tracks else None
                if rec["ended_by"] is not None and last_placer == p and rec["ended_by"] != p:
                    t["ended_for_other"] += 1
                t["turns"] += turns[p]
                t["met_by"] += 1 if met_by == p else 0
                if rec["ended_by"] == p:
                    t["turns_when_ending"] += turns[p]
                    t["spent_when_ending"] += spent
                    t["s0_when_ending"] += s0
                    t["gift_when_ending"] += miss_own_only - miss
                    other = 1 - p
                    t["opp_loss_when_ending"] += rec["missing"][other]
                if rec["ended_by"] is not None and rec["ended_by"] != p:
                    t["lost_when_other_ends"] += miss
                    t["s0_when_other_ends"] += s0
            if rec is st.rounds[-1]:
                res = st.result()
                lost = hot not in res["winners"]
                for p in range(players):
                    for r2 in st.rounds:
                        key = "in_lost_games_" if lost else "in_won_games_"
                        tot[side[p]][key + "loss"] += r2["missing"][p]
                        tot[side[p]][key + "ends"] += 1 if r2["ended_by"] == p else 0
                        tot[side[p]][key + "rounds"] += 1
                        tot[side[p]][key + "bigloss"] += 1 if r2["missing"][p] >= 5 else 0
            tot[level]["met_turn"] += met_at or 0
            tot[level]["met_rounds"] += 1 if met_at else 0
    print(f"diagnosis over {len(states)} games, {rounds} rounds ({level} vs simple):")
    for name, t in tot.items():
        r = t["rounds"]
        e = max(1, t["ended"])
        oe = max(1, r - t["ended"])
        print(f"  {name:7s}: ends {t['ended']:.0f}/{r:.0f} rounds (starts {t['started']:.0f}); per round: "
              f"marker sum-dist {t['sumdist'] / r:.1f}, Steiner of cities {t['s0'] / r:.2f}, marker adds "
              f"{t['marker_extra'] / r:.2f}; points spent {t['spent'] / r:.2f}, own progress {t['own_progress'] / r:.2f} "
              f"(waste {(t['spent'] - t['own_progress']) / r:.2f}), saved by the other's tracks {t['gift'] / r:.2f}; "
              f"points lost {t['missing'] / r:.2f}; turns {t['turns'] / r:.2f}; made the networks meet "
              f"{t['met_by']:.0f}")
        print(f"           when it ends: turns {t['turns_when_ending'] / e:.2f}, spent {t['spent_when_ending'] / e:.2f}, "
              f"Steiner {t['s0_when_ending'] / e:.2f}, saved by other {t['gift_when_ending'] / e:.2f}, "
              f"other loses {t['opp_loss_when_ending'] / e:.2f}; when the other ends: loses "
              f"{t['lost_when_other_ends'] / oe:.2f} (Steiner {t['s0_when_other_ends'] / oe:.2f})")
        print(f"           path-tree plan excess over the exact tree from its marker {t['path_tree_excess'] / r:.2f}; "
              f"rounds it ended by joining the other's cities {t['ended_for_other']:.0f}")
        for key in ("in_lost_games_", "in_won_games_"):
            rr = max(1, t[key + "rounds"])
            print(f"           {key.replace('_', ' ').strip()} ({level}'s): {t[key + 'rounds']:.0f} rounds, ends "
                  f"{t[key + 'ends']:.0f}, loses {t[key + 'loss'] / rr:.2f} a round, rounds losing 5+ {t[key + 'bigloss']:.0f}")
    lv = tot[level]
    print(f"  networks met in {lv['met_rounds']:.0f}/{rounds} rounds, on track {lv['met_turn'] / max(1, lv['met_rounds']):.1f} on average")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="easy")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=500000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--diagnose", action="store_true")
    parser.add_argument("--progress", action="store_true")
    parser.add_argument("--variant", choices=("original", "free"), default="original",
                        help="free: not the original (tracks as free lines), see FreeSimpleBot")
    args = parser.parse_args()
    global VARIANT
    VARIANT = args.variant
    report = play_pair("transamerica", args.players, args.level, "simple", args.games, args.seed,
                       progress=sys.stdout if args.progress else None, seat_bot=seat_bot, jobs=1, paired=True)
    lo, hi = report["ci95"]
    print(f"{args.level} vs outside Simple ({args.variant}), {args.players} players, {report['games']} paired games from seed "
          f"{args.seed}: {args.level} share {report['high_win_share']:.1%} (95% {lo:.1%}-{hi:.1%}), mean margin "
          f"{report['mean_margin']:+.2f}; CPU s a decision "
          + "; ".join(f"{lv} {t['mean']:.4f}" for lv, t in sorted(report["seconds_per_decision"].items()))
          + f"; Simple fallbacks {SimpleBot.fallbacks}", flush=True)
    if args.diagnose:
        diagnose(STATES, args.players, args.level)


if __name__ == "__main__":
    main()
