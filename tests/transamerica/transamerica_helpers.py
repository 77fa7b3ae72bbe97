"""Shared helpers for the TransAmerica tests: building positions and playing random games."""

from __future__ import annotations

import json
from typing import Any

from railtable.core import Action, Rng
from railtable.transamerica import board
from railtable.transamerica.board import Point
from railtable.transamerica.state import TransAmericaState
from railtable.transamerica.steiner import board_adjacency_with_edges, steiner_tree

# Non-dashed cities, one of each colour, far apart from each other.
WEST_HAND = ["Portland", "Helena", "Salt Lake City", "Phoenix", "New York"]
EAST_HAND = ["Los Angeles", "Chicago", "St. Louis", "New Orleans", "Jacksonville"]


def new_state(players: int = 2, seed: int = 1, **options: Any) -> TransAmericaState:
    config: dict[str, Any] = {"players": [f"P{i}" for i in range(players)]}
    config.update(options)
    return TransAmericaState.setup(config, seed)


def set_hands(state: TransAmericaState, hands: list[list[str]]) -> None:
    """Replace the dealt cities (test positions)."""
    state.hands = [list(h) for h in hands]


def act(state: TransAmericaState, action: Action) -> None:
    state.apply(json.loads(json.dumps(action)))


def marker(state: TransAmericaState, player: int, at: Point) -> None:
    act(state, {"type": "place_marker", "player": player, "at": list(at)})


def build(state: TransAmericaState, player: int, a: Point, b: Point) -> None:
    act(state, {"type": "build", "player": player, "edge": [list(a), list(b)]})


def end_turn(state: TransAmericaState, player: int) -> None:
    act(state, {"type": "end_turn", "player": player})


def place_markers(state: TransAmericaState, points: list[Point]) -> None:
    """Each player's first turn: ``points[seat]``, in turn order from the start player."""
    n = state.num_players
    for k in range(n):
        seat = (state.start_player + k) % n
        marker(state, seat, points[seat])


def force_tracks(state: TransAmericaState, edges: list[int], seat: int) -> None:
    """Put tracks on the board directly (a test position), taken from the supply."""
    for e in edges:
        state.tracks.append((e, seat))  # the supply is what the board has not taken
    state._rebuild()


def tree_for(cities: list[str], occupied: set[int] | None = None) -> set[int]:
    """The edges of a cheapest tree joining ``cities`` (board empty unless ``occupied``)."""
    adj = board_adjacency_with_edges(occupied or set())
    _cost, edges = steiner_tree(adj, [board.CITY_NODE[c] for c in cities])
    return edges - (occupied or set())


def edge_points(e: int) -> tuple[Point, Point]:
    a, b, _double = board.EDGES[e]
    return a, b


def random_policy(rng: Rng, legal: list[Action], build_bias: int = 6) -> Action:
    """A fast random player that ends its turn less often than it builds."""
    ends = [a for a in legal if a["type"] == "end_turn"]
    others = [a for a in legal if a["type"] != "end_turn"]
    if ends and (not others or rng.randbelow(build_bias) == 0):
        return ends[0]
    return rng.choice(others)
