"""Fewest track points still needed to connect a hand of cities (rulebook "Scoring of a Round").

Each missing track costs 1 on a single line and 2 on a double line; a line that already
carries a track (anyone's) costs nothing ("All tracks on the game board may be used by a
player when counting"). The fewest points is the weight of a minimum Steiner tree that
spans the cities. With at most a handful of terminals it is computed exactly by the
Dreyfus-Wagner dynamic programme over subsets of terminals, each layer closed by a
Dijkstra pass (weights are small integers, so a bucket queue is used).

The functions are generic over a graph given as adjacency lists of ``(neighbour, weight)``
so that tests can compare them with brute force on small graphs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import add

from . import board

INF = 1 << 30
WeightedAdj = Sequence[Sequence[tuple[int, int]]]


def relax(adj: WeightedAdj, dist: list[int]) -> list[int]:
    """Dijkstra from every node at once, each starting at ``dist[v]`` (in place; returns ``dist``).

    After it, ``dist[v] = min over u of (start[u] + shortest path u..v)``. Weights must be
    small non-negative integers (a bucket queue: Dial's algorithm).
    """
    low = min(dist)
    if low >= INF:
        return dist
    high = max(d for d in dist if d < INF)
    buckets: list[list[int]] = [[] for _ in range(high - low + 1)]
    for v, d in enumerate(dist):
        if d < INF:
            buckets[d - low].append(v)
    size = len(buckets)
    i = 0
    while i < size:
        d = i + low
        # iterating a list sees items appended meanwhile (weight-0 lines)
        for v in buckets[i]:
            if dist[v] != d:
                continue
            for u, w in adj[v]:
                nd = d + w
                if nd < dist[u]:
                    dist[u] = nd
                    j = nd - low
                    if j >= size:
                        buckets.extend([] for _ in range(j - size + 1))
                        size = j + 1
                    buckets[j].append(u)
        i += 1
    return dist


def distances_from(adj: WeightedAdj, sources: Iterable[int]) -> list[int]:
    """Shortest distance from the nearest of ``sources`` to every node."""
    dist = [INF] * len(adj)
    for s in sources:
        dist[s] = 0
    return relax(adj, dist)


def steiner_all(adj: WeightedAdj, terminals: Iterable[int]) -> list[int]:
    """For every node ``v``: the weight of a minimum Steiner tree spanning ``terminals`` and ``v``.

    Dreyfus-Wagner: ``dp[S][v]`` is the cheapest tree spanning the terminals of subset ``S``
    plus node ``v``; singletons are shortest-path distances, a larger ``S`` is the best split
    of ``S`` into two parts joined at ``v``, closed under shortest paths (``relax``).
    """
    terms = list(dict.fromkeys(terminals))
    n = len(adj)
    if not terms:
        return [0] * n
    k = len(terms)
    full = (1 << k) - 1
    dp: list[list[int] | None] = [None] * (full + 1)
    for i, t in enumerate(terms):
        dp[1 << i] = distances_from(adj, [t])
    for mask in range(1, full + 1):
        if dp[mask] is not None:
            continue
        best = [INF] * n
        # split mask into two non-empty parts; the lowest bit stays in the first part
        low = mask & -mask
        rest = mask ^ low
        sub = rest
        while True:
            a_mask = sub | low
            if a_mask != mask:
                a = dp[a_mask]
                b = dp[mask ^ a_mask]
                assert a is not None and b is not None
                best = list(map(min, best, map(add, a, b)))
            if sub == 0:
                break
            sub = (sub - 1) & rest
        dp[mask] = relax(adj, best)
    answer = dp[full]
    assert answer is not None
    return answer


def steiner_cost(adj: WeightedAdj, terminals: Iterable[int]) -> int:
    """Weight of a minimum Steiner tree spanning ``terminals`` (exact; Dreyfus-Wagner).

    The first terminal is kept apart as the root: the answer is the tree spanning the
    others plus the root (:func:`steiner_all`). ``INF`` or more if they are not connected.
    """
    terms = list(dict.fromkeys(terminals))
    if len(terms) <= 1:
        return 0
    return steiner_all(adj, terms[1:])[terms[0]]


def _line_costs(occupied: Iterable[int]) -> list[int]:
    """Per line: 1 single, 2 double, 0 where a track already lies (rulebook "Scoring of a Round")."""
    cost = list(board.BASE_COST)
    for e in occupied:
        cost[e] = 0
    return cost


def board_adjacency(occupied: Iterable[int]) -> list[list[tuple[int, int]]]:
    """The board as weighted adjacency: 1 per single line, 2 per double, 0 where a track lies."""
    cost = _line_costs(occupied)
    return [[(u, cost[e]) for u, e in nbrs] for nbrs in board.ADJ]


def missing_points(cities: Sequence[str], occupied: Iterable[int]) -> int:
    """Rulebook "Scoring of a Round": the fewest points (1 per single, 2 per double line
    still empty) needed to connect all of ``cities`` using every track on the board."""
    return cheapest_connection([board.CITY_NODE[c] for c in cities], occupied)[0]


def _relax_tree(
    adj: Sequence[Sequence[tuple[int, int, int]]], dist: list[int], pred: list[int], pred_edge: list[int]
) -> None:
    """``relax`` that also records, for each improved node, the node and edge it was reached from."""
    low = min(dist)
    high = max(d for d in dist if d < INF)
    buckets: list[list[int]] = [[] for _ in range(high - low + 1)]
    for v, d in enumerate(dist):
        if d < INF:
            buckets[d - low].append(v)
    size = len(buckets)
    i = 0
    while i < size:
        d = i + low
        for v in buckets[i]:
            if dist[v] != d:
                continue
            for u, w, e in adj[v]:
                nd = d + w
                if nd < dist[u]:
                    dist[u] = nd
                    pred[u] = v
                    pred_edge[u] = e
                    j = nd - low
                    if j >= size:
                        buckets.extend([] for _ in range(j - size + 1))
                        size = j + 1
                    buckets[j].append(u)
        i += 1


def steiner_tree(
    adj: Sequence[Sequence[tuple[int, int, int]]], terminals: Iterable[int]
) -> tuple[int, set[int]]:
    """A minimum Steiner tree: ``(weight, set of edge ids)``; ``adj[v]`` holds ``(u, weight, edge)``.

    The same Dreyfus-Wagner programme as :func:`steiner_cost`, keeping for every subset the
    node and edge each improved node was reached from by a path step; the tree is traced back
    from the root, and where a value came from a split of the subset (no path step), the split
    is found again by its sum.
    """
    terms = list(dict.fromkeys(terminals))
    if len(terms) <= 1:
        return 0, set()
    root, others = terms[0], terms[1:]
    k = len(others)
    n = len(adj)
    full = (1 << k) - 1
    dp: list[list[int]] = [[] for _ in range(full + 1)]
    preds: list[tuple[list[int], list[int]]] = [([], []) for _ in range(full + 1)]
    for mask in range(1, full + 1):
        if mask & (mask - 1) == 0:
            best = [INF] * n
            best[others[mask.bit_length() - 1]] = 0
        else:
            best = [INF] * n
            for a_mask, b_mask in _splits(mask):
                best = list(map(min, best, map(add, dp[a_mask], dp[b_mask])))
        pred = [-1] * n
        pred_edge = [-1] * n
        _relax_tree(adj, best, pred, pred_edge)
        dp[mask] = best
        preds[mask] = (pred, pred_edge)
    edges: set[int] = set()
    stack = [(full, root)]
    while stack:
        mask, v = stack.pop()
        pred, pred_edge = preds[mask]
        while pred[v] != -1:
            edges.add(pred_edge[v])
            v = pred[v]
        if mask & (mask - 1):
            value = dp[mask][v]
            a_mask, b_mask = next((a, b) for a, b in _splits(mask) if dp[a][v] + dp[b][v] == value)
            stack.append((a_mask, v))
            stack.append((b_mask, v))
    return dp[full][root], edges


def _splits(mask: int) -> list[tuple[int, int]]:
    """Every split of ``mask`` into two non-empty parts, the lowest bit in the first part."""
    low = mask & -mask
    rest = mask ^ low
    out = []
    sub = rest
    while True:
        a_mask = sub | low
        if a_mask != mask:
            out.append((a_mask, mask ^ a_mask))
        if sub == 0:
            return out
        sub = (sub - 1) & rest


def cheapest_connection(nodes: Iterable[int], occupied: Iterable[int]) -> tuple[int, list[int]]:
    """Rulebook "Scoring of a Round": the fewest points still needed to join ``nodes`` (junction
    indices) and the free lines of one cheapest tree that does it (exact, Dreyfus-Wagner).

    Every placed track is free, so the crossings joined by tracks are first merged into one node
    each; the cities then fall into a few groups, and the programme runs over the merged board
    with one terminal per group (much faster late in a round). The lines returned are the ones
    still to build, in board order; their cost (1 single, 2 double) adds up to the points.
    """
    parent = list(range(len(board.JUNCTIONS)))

    def find(v: int) -> int:
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    taken = set(occupied)
    for e in taken:
        i, j = board.EDGE_ENDS[e]
        ri, rj = find(i), find(j)
        if ri != rj:
            parent[rj] = ri
    roots = [find(v) for v in range(len(parent))]
    terms = list(dict.fromkeys(roots[v] for v in nodes))
    if len(terms) <= 1:
        return 0, []
    compact = {r: i for i, r in enumerate(dict.fromkeys(roots))}
    adj: list[list[tuple[int, int, int]]] = [[] for _ in compact]
    cost = board.BASE_COST
    for e, (i, j) in enumerate(board.EDGE_ENDS):
        if e in taken:
            continue
        ci, cj = compact[roots[i]], compact[roots[j]]
        if ci != cj:
            adj[ci].append((cj, cost[e], e))
            adj[cj].append((ci, cost[e], e))
    points, edges = steiner_tree(adj, [compact[t] for t in terms])
    return points, sorted(edges)


def board_adjacency_with_edges(occupied: Iterable[int]) -> list[list[tuple[int, int, int]]]:
    """Like :func:`board_adjacency` with each entry ``(neighbour, weight, edge index)``."""
    cost = _line_costs(occupied)
    return [[(u, cost[e], e) for u, e in nbrs] for nbrs in board.ADJ]
