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
    dp, preds = _dreyfus_wagner(adj, others)
    return dp[-1][root], _trace(dp, preds, root)


def layers_and_tree(
    adj: Sequence[Sequence[tuple[int, int, int]]], cities: Sequence[int], root: int
) -> tuple[list[list[int]], int, set[int]]:
    """``steiner_layers(cities)`` (``layers[S][v]``: the cheapest tree joining the cities of
    subset ``S`` and node ``v``) and ``steiner_tree([root, *cities])`` from one programme: the
    tree's programme over the cities *is* those layers (the same splits, the same relaxation),
    so both come out exactly as the two calls give them, for half the work. ``root`` must not
    be one of ``cities``."""
    if not cities or root in cities:
        raise ValueError("layers_and_tree needs cities and a root that is not one of them")
    dp, preds = _dreyfus_wagner(adj, list(cities))
    layers = [[0] * len(adj)] + dp[1:]
    return layers, dp[-1][root], _trace(dp, preds, root)


def _dreyfus_wagner(
    adj: Sequence[Sequence[tuple[int, int, int]]], others: Sequence[int]
) -> tuple[list[list[int]], list[tuple[list[int], list[int]]]]:
    """``dp[S][v]`` for every non-empty subset ``S`` of ``others`` (``dp[0]`` is left empty), with
    each subset's path-step predecessors (node and edge) for tracing a tree back."""
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
    return dp, preds


def _trace(dp: list[list[int]], preds: list[tuple[list[int], list[int]]], root: int) -> set[int]:
    """The edges of the tree joining every terminal to ``root``, traced back through ``preds``."""
    edges: set[int] = set()
    stack = [(len(dp) - 1, root)]
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
    return edges


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


def _dial(adj: Sequence[Sequence[tuple[int, int, int]]], dist: list[int], cap: int) -> None:
    """``relax`` in place, keeping only values up to ``cap`` (larger ones stay ``INF``)."""
    buckets: list[list[int]] = [[] for _ in range(cap + 1)]
    for v, d in enumerate(dist):
        if d <= cap:
            buckets[d].append(v)
        elif d < INF:
            dist[v] = INF
    for d in range(cap + 1):
        for v in buckets[d]:  # sees items appended meanwhile
            if dist[v] != d:
                continue
            for u, w, _e in adj[v]:
                nd = d + w
                if nd < dist[u] and nd <= cap:
                    dist[u] = nd
                    buckets[nd].append(u)


def path_tree(adj: Sequence[Sequence[tuple[int, int, int]]], terminals: Sequence[int]) -> tuple[int, set[int]]:
    """A good (not always cheapest) tree joining ``terminals``: from the first, repeatedly add a
    shortest path from the tree to the nearest terminal not yet in it (Takahashi-Matsuyama).

    One Dijkstra grows with the tree: joining a path sets its nodes to 0 and only the nodes that
    come closer are visited again. Weights must be positive integers. ``(weight, edges)``.
    """
    n = len(adj)
    dist = [INF] * n
    pred_edge = [-1] * n
    pred = [-1] * n
    left = set(terminals[1:]) - {terminals[0]}
    dist[terminals[0]] = 0
    frontier = [terminals[0]]
    edges: set[int] = set()
    total = 0
    while True:
        # Dijkstra (Dial) from the nodes just set to 0, over the distances already known
        buckets: list[list[int]] = [frontier]
        d = 0
        reached = -1
        while d < len(buckets):
            for v in buckets[d]:
                if dist[v] != d:
                    continue
                for u, w, e in adj[v]:
                    nd = d + w
                    if nd < dist[u]:
                        dist[u] = nd
                        pred[u] = v
                        pred_edge[u] = e
                        while len(buckets) <= nd:
                            buckets.append([])
                        buckets[nd].append(u)
            d += 1
        if not left:
            return total, edges
        reached = min(left, key=lambda t: (dist[t], t))
        if dist[reached] >= INF:
            return INF, edges
        total += dist[reached]
        left.discard(reached)
        frontier = []
        v = reached
        while dist[v] != 0:
            edges.add(pred_edge[v])
            dist[v] = 0
            frontier.append(v)
            v = pred[v]
        if not left:
            return total, edges


def board_path_tree(cost: Sequence[int], terminals: Sequence[int]) -> tuple[int, set[int]]:
    """:func:`path_tree` on the whole board with ``cost[e]`` per line (0 where a track lies, so
    joined crossings cost nothing to cross): ``(weight, the tree's lines that still cost)``.

    One Dijkstra (Dial's buckets) serves the whole tree: it stops at the nearest terminal not
    yet joined, the path to it joins the tree at distance 0, and the search goes on from there,
    keeping every distance already found (only nodes that come closer are scanned again).
    """
    adj = board.ADJ
    n = len(adj)
    dist = [INF] * n
    pred = [-1] * n
    pred_edge = [-1] * n
    left = set(terminals[1:])
    left.discard(terminals[0])
    dist[terminals[0]] = 0
    buckets: list[list[int]] = [[terminals[0]], [], []]
    done = [0, 0, 0]  # per bucket: how many of its entries were scanned
    top = max(cost)
    limit = top * n  # beyond any distance on the board
    edges: set[int] = set()
    total = 0
    d = 0
    while left:
        reached = -1
        while d < len(buckets) and d <= limit:
            bucket = buckets[d]
            while len(buckets) <= d + top:  # no line costs more than top
                buckets.append([])
                done.append(0)
            k = done[d]
            size = len(bucket)
            while k < size:
                v = bucket[k]
                k += 1
                if dist[v] != d:
                    continue
                if v in left:
                    reached = v
                    break
                for u, e in adj[v]:
                    nd = d + cost[e]
                    if nd < dist[u]:
                        dist[u] = nd
                        pred[u] = v
                        pred_edge[u] = e
                        buckets[nd].append(u)
                        if nd == d:
                            size += 1
            done[d] = k
            if reached >= 0:
                break
            d += 1
        if reached < 0:
            return INF, edges  # not connected (cannot happen on the board)
        total += d
        left.discard(reached)
        # the path joins the tree: its nodes are sources again, at distance 0
        v = reached
        while True:
            if dist[v] == 0 and v != reached:
                break
            dist[v] = 0
            buckets[0].append(v)
            if pred[v] < 0 or v == terminals[0]:
                break
            if cost[pred_edge[v]]:
                edges.add(pred_edge[v])
            v = pred[v]
        d = 0
    return total, edges


def exact_tree(adj: Sequence[Sequence[tuple[int, int, int]]], terminals: Sequence[int]) -> tuple[int, set[int]]:
    """A minimum Steiner tree ``(weight, edges)`` for positive integer weights: Dreyfus-Wagner
    with every value capped by the weight of :func:`path_tree` (no part of a cheapest tree costs
    more than a known tree), the tree traced back from the values. Returns the path tree itself
    when nothing cheaper exists."""
    terms = list(dict.fromkeys(terminals))
    if len(terms) <= 1:
        return 0, set()
    upper, upper_edges = path_tree(adj, terms)
    if len(terms) == 2 or upper >= INF:
        return upper, upper_edges  # one shortest path is a cheapest tree
    root, others = terms[0], terms[1:]
    k = len(others)
    n = len(adj)
    full = (1 << k) - 1
    dp: list[list[int]] = [[] for _ in range(full + 1)]
    for mask in range(1, full + 1):
        best = [INF] * n
        if mask & (mask - 1) == 0:
            best[others[mask.bit_length() - 1]] = 0
        else:
            for a_mask, b_mask in _splits(mask):
                best = [x if x < y + z else y + z for x, y, z in zip(best, dp[a_mask], dp[b_mask], strict=True)]
        _dial(adj, best, upper)
        dp[mask] = best
    if dp[full][root] >= upper:
        return upper, upper_edges
    edges: set[int] = set()
    stack = [(full, root)]
    while stack:
        mask, v = stack.pop()
        row = dp[mask]
        while True:
            value = row[v]
            if value == 0 and mask & (mask - 1) == 0:
                break
            step = next(((u, e) for u, w, e in adj[v] if row[u] + w == value), None)
            if step is None:
                break
            edges.add(step[1])
            v = step[0]
        if row[v] and mask & (mask - 1):
            value = row[v]
            a_mask, b_mask = next((a, b) for a, b in _splits(mask) if dp[a][v] + dp[b][v] == value)
            stack.append((a_mask, v))
            stack.append((b_mask, v))
    return dp[full][root], edges


def contracted(occupied: Iterable[int]) -> tuple[list[int], list[list[tuple[int, int, int]]]]:
    """The board with every group of crossings joined by tracks merged into one node (tracks
    are free): ``(node of each junction, adjacency of (node, cost, edge) over the free lines)``."""
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
    compact: dict[int, int] = {}
    node = [compact.setdefault(r, len(compact)) for r in roots]
    adj: list[list[tuple[int, int, int]]] = [[] for _ in compact]
    cost = board.BASE_COST
    for e, (i, j) in enumerate(board.EDGE_ENDS):
        if e in taken:
            continue
        ci, cj = node[i], node[j]
        if ci != cj:
            adj[ci].append((cj, cost[e], e))
            adj[cj].append((ci, cost[e], e))
    return node, adj


def cheapest_connection(
    nodes: Iterable[int],
    occupied: Iterable[int],
    merged: tuple[list[int], list[list[tuple[int, int, int]]]] | None = None,
) -> tuple[int, list[int]]:
    """Rulebook "Scoring of a Round": the fewest points still needed to join ``nodes`` (junction
    indices) and the free lines of one cheapest tree that does it (exact).

    Every placed track is free, so the crossings joined by tracks are first merged into one node
    each (:func:`contracted`); the cities then fall into a few groups and :func:`exact_tree`
    runs over the merged board with one terminal per group. The lines returned are the ones
    still to build, in board order; their cost (1 single, 2 double) adds up to the points.
    ``merged`` is ``contracted(occupied)`` when the caller already has it (one per round's end).
    """
    node, adj = merged if merged is not None else contracted(occupied)
    terms = list(dict.fromkeys(node[v] for v in nodes))
    points, edges = exact_tree(adj, terms)
    return points, sorted(edges)


def board_adjacency_with_edges(occupied: Iterable[int]) -> list[list[tuple[int, int, int]]]:
    """Like :func:`board_adjacency` with each entry ``(neighbour, weight, edge index)``."""
    cost = _line_costs(occupied)
    return [[(u, cost[e], e) for u, e in nbrs] for nbrs in board.ADJ]
