"""Why the hint's move is good in TransAmerica, in one line (issue 32; ``core.hint``).

Everything comes from the asking seat's view: the tracks on the board, the markers and its own five
cities. The figure a player reads is the one of "Scoring of a Round": the fewest track points still
needed to join his cities to his network, tracks already on the board free (a double line counts
2). The reason says what the hinted move does to it:

* starting marker ("Game Play", first turn): how many track points join the five cities from there;
* a track ("Network building rules"): the cities it joins to the network, or how much closer it
  brings them (that no other legal line does, or by how much more than any other);
* ending the turn: when no legal line brings the cities closer; else the search's win share of
  stopping against that of one more track;
* otherwise the search's own win shares (``core.hint.by_share``).
"""

from __future__ import annotations

from typing import Any

from ..core import Action
from ..core.hint import Figures, Reason, by_share
from . import board
from .sampling import _component, join_cost, steiner_layers
from .steiner import board_adjacency


def _occupied(view: dict[str, Any]) -> frozenset[int]:
    out = set()
    for a, b, _seat in view["tracks"]:
        e = board.edge_index(a, b)
        if e is not None:
            out.add(e)
    return frozenset(out)


def _edge(action: Action) -> int:
    e = board.edge_index(action["edge"][0], action["edge"][1])
    assert e is not None
    return e


def reason(view: dict[str, Any], legal: list[Action], action: Action, figures: Figures) -> Reason:
    """The reason for ``action`` (one of ``legal``) from ``view`` (the asking seat's) and the
    search's ``figures`` (module docstring)."""
    seat = view["you"]
    cities = list(view["my_cities"])
    nodes = [board.CITY_NODE[c] for c in cities]
    occupied = _occupied(view)
    layers = steiner_layers(board_adjacency(occupied), nodes)
    if action["type"] == "place_marker":
        at = board.INDEX[(action["at"][0], action["at"][1])]
        return "ta_marker", {"n": layers[-1][at]}
    marker = view["markers"][seat]
    if marker is None:
        return by_share(figures)
    root = board.INDEX[(marker[0], marker[1])]
    network = _component(root, occupied)
    before = join_cost(layers, network)
    after: dict[int, int] = {}
    for a in legal:
        if a["type"] == "build":
            e = _edge(a)
            after[e] = join_cost(layers, _component(root, occupied | {e}))
    if action["type"] == "end_turn":
        if before > 0 and all(n >= before for n in after.values()):
            return "ta_end_nothing", {}
        key, params = by_share(figures)
        return ("ta_end_early", params) if key == "share_vs" else (key, params)
    if action["type"] != "build":
        return by_share(figures)
    e = _edge(action)
    left = after[e]
    gain = before - left
    if gain <= 0:
        return by_share(figures)
    grown = _component(root, occupied | {e})
    joined = [c for c, v in zip(cities, nodes, strict=True) if v in grown and v not in network]
    if joined:
        if left == 0:
            return "ta_joins_all", {"cities": joined}
        return "ta_joins", {"cities": joined, "left": left}
    others = [n for f, n in after.items() if f != e]
    best_other = min(others, default=before)
    if others and best_other >= before:
        return "ta_only_line", {}
    if best_other > left:
        return "ta_closer_than", {"gain": gain, "more": best_other - left}
    return "ta_closer", {"gain": gain, "left": left}
