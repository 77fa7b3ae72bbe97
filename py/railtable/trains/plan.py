"""Board potential for the Trains search bots (issue 13): what a player's rails can still earn.

Rulebook "Winning the Game": a rail on a remote location scores its number, a rail in a city
0/2/4/8 by its stations; rulebook "Terms / Lay Rails": a rail is laid next to one's own, paying
the terrain (river 1, mountain 2, city 1 + its stations, remote location its number) plus 1 per
other player's rail there (and a Waste). So a player's *reach* of a space is the cheapest chain
of rails from his network to it; spaces he reaches before the others are his to take cheaply.

The potential of a player is the sum, over the scoring spaces he has no rail on yet, of what a
rail there should be worth by the end of the game, discounted by his distance to it and shared
when another player is nearer. It is a heuristic for choosing the starting rail and where to lay
rails, and a part of the search's evaluation; it reads only public board facts.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

from .board import CITY, MOUNTAIN, REMOTE, RIVER, SEA, Board

DECAY = 0.6
"""A space one rail further away is worth this share (rails and turns are limited)."""
MONEY_STEP = 0.35
"""Extra money to lay a rail counts as this part of a rail (a step)."""
CONTESTED = 0.4
"""Share of a space's worth when another player is nearer to it (he takes the city first, the
late rail pays +1 and a Waste; remote locations score for everyone but cost more)."""
EXPECTED_STATIONS = 1.3
"""Stations a city with free slots is expected to gain by the end (Station Expansion)."""

_BONUS = (0, 2, 4, 8)


def step_cost(board: Board, h: int, stations: Sequence[int]) -> float:
    """What laying a rail on ``h`` costs, in rails (1 + its extra money, discounted); inf for sea."""
    hx = board.hexes[h]
    t = hx.terrain
    if t == SEA:
        return float("inf")
    money = 0
    if t == RIVER:
        money = 1
    elif t == MOUNTAIN:
        money = 2
    elif t == CITY:
        money = 1 + stations[h]
    elif t == REMOTE:
        money = hx.value
    return 1.0 + MONEY_STEP * money


def distances(board: Board, sources: Sequence[int], stations: Sequence[int]) -> list[float]:
    """Rails (with money) needed to reach each space from ``sources`` (0 on a source)."""
    inf = float("inf")
    dist = [inf] * len(board.hexes)
    heap = [(0.0, s) for s in sources]
    for s in sources:
        dist[s] = 0.0
    heapq.heapify(heap)
    nb = board.neighbours
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist[h]:
            continue
        for n in nb[h]:
            nd = d + step_cost(board, n, stations)
            if nd < dist[n]:
                dist[n] = nd
                heapq.heappush(heap, (nd, n))
    return dist


def worth(board: Board, h: int, stations: Sequence[int]) -> float:
    """What a rail on a scoring space should be worth at the end of the game (0 elsewhere)."""
    hx = board.hexes[h]
    if hx.terrain == REMOTE:
        return float(hx.value)
    if hx.terrain == CITY:
        now = stations[h]
        expect = min(hx.slots, now + EXPECTED_STATIONS) if hx.slots > now else now
        lo = int(expect)
        frac = expect - lo
        return _BONUS[min(lo, 3)] * (1 - frac) + _BONUS[min(lo + 1, 3)] * frac
    return 0.0


def potentials(board: Board, rails: Sequence[Sequence[int]], stations: Sequence[int], players: int,
               extra: dict[int, int] | None = None, city_weight: float = 1.0) -> list[float]:
    """Each player's board potential (module docstring). ``extra``: a rail to imagine for a player
    ({player: space}), for valuing a choice without copying the board; ``city_weight``: the share
    of a city's worth counted (remote locations count in full)."""
    nets: list[list[int]] = [[h for h, r in enumerate(rails) if p in r] for p in range(players)]
    if extra:
        for p, h in extra.items():
            nets[p].append(h)
    dists = [distances(board, net, stations) if net else None for net in nets]
    out = [0.0] * players
    for h, hx in enumerate(board.hexes):
        if hx.terrain not in (CITY, REMOTE):
            continue
        w = worth(board, h, stations) * (1.0 if hx.terrain == REMOTE else city_weight)
        if w <= 0:
            continue
        ds = [d[h] if d is not None else float("inf") for d in dists]
        for p in range(players):
            dp = ds[p]
            if dp == 0.0 or dp == float("inf"):
                continue
            share = DECAY ** (dp - 1.0)
            if any(ds[q] <= dp for q in range(players) if q != p):
                share *= CONTESTED
            out[p] += w * share
    return out


START_CITY_WEIGHT = 0.1
"""The starting rail looks for remote locations nobody else is as near to (seat 1 of 2 on Tokyo
won 5 of 6 Easy games from the west's remote locations, 2 of 6 from the centre the Easy bot
picks); cities only break ties."""


ROUTE_WEIGHT = 1.0
"""An untaken Route Bonus card counts its VP times this, discounted by the distance to its nearest
city. Without it the starting rail ignored the cards: against the Easy bot (which aims at their
cities) the rule player won 52% of 200 Tokyo games with the cards (65.5% without), 36% on Kyushu
and 33.5% on Chiba with the Rising Sun cards; with it 66.5%, 51% and 43% (docs/bots.md, Trains)."""


def start_value(board: Board, rails: Sequence[Sequence[int]], stations: Sequence[int], players: int,
                p: int, h: int, routes: Sequence[tuple[int, Sequence[int]]] = ()) -> float:
    """How good ``h`` is as ``p``'s starting rail (rulebook "All Aboard!": each player places one
    rail on any free space but the sea and remote locations). ``routes``: the Route Bonus cards
    nobody has taken, as (VP, their cities' spaces) (Rising Sun "Route Bonus Cards": the first
    player whose rails link a card's cities takes it and its VP)."""
    value = potentials(board, rails, stations, players, {p: h}, START_CITY_WEIGHT)[p]
    if routes:
        d = distances(board, [h], stations)
        value += ROUTE_WEIGHT * sum(vp * DECAY ** min(d[c] for c in cities) for vp, cities in routes)
    return value
