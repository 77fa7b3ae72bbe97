"""Rulebook "Scoring of a Round": the fewest missing track points (exact Steiner tree)."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from railtable.transamerica import board
from railtable.transamerica.steiner import (
    board_adjacency,
    board_adjacency_with_edges,
    distances_from,
    missing_points,
    steiner_cost,
    steiner_tree,
)


def _find(parent: list[int], x: int) -> int:
    while parent[x] != x:
        x = parent[x]
    return x


def _brute_force(n: int, edges: list[tuple[int, int, int]], terminals: list[int]) -> int | None:
    """Cheapest edge subset that joins all terminals (every subset tried)."""
    best = None
    for r in range(len(edges) + 1):
        for subset in itertools.combinations(range(len(edges)), r):
            parent = list(range(n))
            for k in subset:
                a, b, _w = edges[k]
                parent[_find(parent, a)] = _find(parent, b)
            if len({_find(parent, t) for t in terminals}) == 1:
                cost = sum(edges[k][2] for k in subset)
                if best is None or cost < best:
                    best = cost
    return best


@st.composite
def small_graphs(draw: st.DrawFn) -> tuple[int, list[tuple[int, int, int]], list[int]]:
    n = draw(st.integers(3, 7))
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), min_size=n - 1, max_size=min(len(pairs), 11), unique=True))
    # a spanning path keeps the graph connected
    path = [(i, i + 1) for i in range(n - 1)]
    all_pairs = list(dict.fromkeys(path + chosen))[:12]
    edges = [(a, b, draw(st.integers(0, 2))) for a, b in all_pairs]
    terminals = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=5, unique=True))
    return n, edges, terminals


@settings(max_examples=120, deadline=None)
@given(small_graphs())
def test_steiner_dp_equals_brute_force_on_small_graphs(case: tuple[int, list[tuple[int, int, int]], list[int]]) -> None:
    """The Dreyfus-Wagner count equals trying every set of tracks (weights 0, 1, 2 as on the board)."""
    n, edges, terminals = case
    adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    adj_e: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
    for k, (a, b, w) in enumerate(edges):
        adj[a].append((b, w))
        adj[b].append((a, w))
        adj_e[a].append((b, w, k))
        adj_e[b].append((a, w, k))
    expected = _brute_force(n, edges, terminals)
    assert steiner_cost(adj, terminals) == expected
    cost, tree = steiner_tree(adj_e, terminals)
    assert cost == expected
    assert sum(edges[k][2] for k in tree) == expected


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 187), min_size=3, max_size=3, unique=True),
    st.sets(st.integers(0, 508), max_size=83),
)
def test_three_cities_equal_the_best_meeting_point(terminals: list[int], occupied: set[int]) -> None:
    """With three terminals a Steiner tree is three shortest paths meeting at one junction."""
    adj = board_adjacency(occupied)
    dists = [distances_from(adj, [t]) for t in terminals]
    expected = min(dists[0][v] + dists[1][v] + dists[2][v] for v in range(len(board.JUNCTIONS)))
    assert steiner_cost(adj, terminals) == expected
    assert steiner_tree(board_adjacency_with_edges(occupied), terminals)[0] == expected


def _node(name: str) -> int:
    return board.CITY_NODE[name]


def test_scoring_counts_single_lines_one_point_each() -> None:
    """Scoring of a Round: "1 point for each missing track over flat land". New York (17,4) to
    Jacksonville (19,12) is 8 steps on the grid, and the flat path down x=17 then to the
    south-east passes Washington, Winston and Charleston: 8 points, no tree can be cheaper."""
    hand = ["New York", "Washington", "Winston", "Charleston", "Jacksonville"]
    assert missing_points(hand, []) == 8


def test_scoring_counts_double_lines_two_points() -> None:
    """Scoring of a Round: "2 points for each track over river, mountain, or sea". Los Angeles
    (5,9)-(6,9) is a double line (2 points); the detour by (5,8) is two flat lines (2 points)."""
    adj = board_adjacency([])
    assert steiner_cost(adj, [_node("Los Angeles"), board.INDEX[(6, 9)]]) == 2
    e_double = board.edge_index((5, 9), (6, 9))
    e_detour = board.edge_index((5, 8), (5, 9))
    assert e_double is not None and e_detour is not None
    assert board.BASE_COST[e_double] == 2 and board.BASE_COST[e_detour] == 1
    # with the detour's first line built only one flat line is missing
    assert steiner_cost(board_adjacency([e_detour]), [_node("Los Angeles"), board.INDEX[(6, 9)]]) == 1


def test_scoring_uses_every_track_on_the_board() -> None:
    """Scoring of a Round, note: "All tracks on the game board may be used by a player when
    counting". With every line built except those touching one city, that city's cheapest
    own line is all that is missing: 1 if it has a flat line, 2 if it has only double lines."""
    for city in board.CITIES:
        node = _node(city["name"])
        touching = {e for _u, e in board.ADJ[node]}
        occupied = [e for e in range(len(board.EDGES)) if e not in touching]
        others = [c["name"] for c in board.CITIES if c["name"] != city["name"]][:4]
        expected = min(board.BASE_COST[e] for e in touching)
        assert missing_points([city["name"], *others], occupied) == expected, city["name"]
    # and a hand whose cities are all joined by tracks misses nothing
    assert missing_points(["Portland", "Helena", "Omaha", "Dallas", "Boston"], range(len(board.EDGES))) == 0


def test_scoring_a_real_hand_is_in_the_expected_range() -> None:
    """Reference B.3 "Scale check": scottmcm's estimate of the tracks a 5-city hand needs on an
    empty board has mean 27.56 and standard deviation 2.38, from 19 to 36. The exact count
    (never above a heuristic's) over 300 random one-per-colour hands agrees."""
    from railtable.core import Rng

    rng = Rng(3)
    costs = []
    for _ in range(300):
        hand = [rng.choice(board.cities_of_colour(colour, True)) for colour in board.COLOURS]
        costs.append(missing_points(hand, []))
    mean = sum(costs) / len(costs)
    assert 26.0 <= mean <= 28.5
    assert 19 <= min(costs) and max(costs) <= 36
    hand = ["Portland", "Helena", "Salt Lake City", "Phoenix", "New York"]
    cost_tree, tree = steiner_tree(board_adjacency_with_edges([]), [_node(c) for c in hand])
    assert cost_tree == missing_points(hand, []) == sum(board.BASE_COST[e] for e in tree)


@settings(max_examples=120, deadline=None)
@given(small_graphs())
def test_capped_exact_tree_and_path_tree_on_small_graphs(case: tuple[int, list[tuple[int, int, int]], list[int]]) -> None:
    """exact_tree (capped by path_tree) is the brute-force minimum and its edges join the
    terminals; path_tree is a tree joining them, never cheaper than the minimum."""
    from railtable.transamerica.steiner import exact_tree, path_tree

    n, edges, terminals = case
    positive = [(a, b, w + 1) for a, b, w in edges]  # these two need positive weights
    adj: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
    for k, (a, b, w) in enumerate(positive):
        adj[a].append((b, w, k))
        adj[b].append((a, w, k))
    best = _brute_force(n, positive, terminals)
    cost, chosen = exact_tree(adj, terminals)
    assert cost == best == sum(positive[k][2] for k in chosen)
    parent = list(range(n))
    for k in chosen:
        a, b, _w = positive[k]
        parent[_find(parent, a)] = _find(parent, b)
    assert len({_find(parent, t) for t in terminals}) == 1
    heuristic, path_edges = path_tree(adj, terminals)
    assert heuristic == sum(positive[k][2] for k in path_edges) >= best
