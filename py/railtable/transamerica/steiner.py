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
    adj = board_adjacency(occupied)
    return steiner_cost(adj, [board.CITY_NODE[c] for c in cities])


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

    The same Dreyfus-Wagner programme as :func:`steiner_cost`, keeping for every
    ``(subset, node)`` whether its value came from a path step (node and edge) or from a
    split of the subset at that node, so that the tree can be traced back.
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
    splits: list[list[int]] = [[] for _ in range(full + 1)]
    for mask in range(1, full + 1):
        best = [INF] * n
        split = [0] * n
        if mask & (mask - 1) == 0:
            best[others[mask.bit_length() - 1]] = 0
        else:
            low = mask & -mask
            rest = mask ^ low
            sub = rest
            while True:
                a_mask = sub | low
                if a_mask != mask:
                    a = dp[a_mask]
                    b = dp[mask ^ a_mask]
                    for v in range(n):
                        s = a[v] + b[v]
                        if s < best[v]:
                            best[v] = s
                            split[v] = a_mask
                if sub == 0:
                    break
                sub = (sub - 1) & rest
        pred = [-1] * n
        pred_edge = [-1] * n
        _relax_tree(adj, best, pred, pred_edge)
        dp[mask] = best
        preds[mask] = (pred, pred_edge)
        splits[mask] = split
    edges: set[int] = set()
    stack = [(full, root)]
    while stack:
        mask, v = stack.pop()
        pred, pred_edge = preds[mask]
        while pred[v] != -1:
            edges.add(pred_edge[v])
            v = pred[v]
        if mask & (mask - 1):
            a_mask = splits[mask][v]
            stack.append((a_mask, v))
            stack.append((mask ^ a_mask, v))
    return dp[full][root], edges


def board_adjacency_with_edges(occupied: Iterable[int]) -> list[list[tuple[int, int, int]]]:
    """Like :func:`board_adjacency` with each entry ``(neighbour, weight, edge index)``."""
    cost = _line_costs(occupied)
    return [[(u, cost[e], e) for u, e in nbrs] for nbrs in board.ADJ]
