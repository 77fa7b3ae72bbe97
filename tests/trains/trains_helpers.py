"""Test-only helpers for Trains: build games and arrange hands and deck orders.

The arranging helpers only move cards between zones (never create or drop any), so the
"every card in exactly one place" invariant still holds afterwards.
"""

from __future__ import annotations

from typing import Any

from railtable.trains.board import load_board
from railtable.trains.state import TrainsState

PRESET_TOKYO = "beginner_tokyo"


def new_game(players: int = 2, board: str = "tokyo", kingdom: Any = PRESET_TOKYO, seed: int = 1,
             names: list[str] | None = None, rules: int | None = None, sets: str | None = None) -> TrainsState:
    names = names or [f"P{i}" for i in range(players)]
    config: dict[str, Any] = {"players": names, "board": board, "kingdom": kingdom}
    if rules is not None:
        config["rules"] = rules
    if sets is not None:
        config["sets"] = sets
    return TrainsState.setup(config, seed)


def hex_id(board: str, row: int, col: int) -> int:
    return next(h.id for h in load_board(board).hexes if h.row == row and h.col == col)


def named(board: str, name: str) -> int:
    return next(h.id for h in load_board(board).hexes if h.name == name)


def _take(st: TrainsState, p: int, name: str) -> int:
    """Remove a card called ``name`` from p's deck, discard pile or hand, else from the supply."""
    z = st.zones
    for zone in (z.decks[p], z.discards[p], z.hands[p], z.gained[p]):
        cid = z.find(zone, name)
        if cid is not None:
            zone.remove(cid)
            return cid
    if name in z.piles and z.piles[name]:
        return z.piles[name].pop()
    for q in range(st.num_players):  # e.g. a Normal Train from another player's deck
        if q != p:
            cid = z.find(z.decks[q], name)
            if cid is not None:
                z.decks[q].remove(cid)
                return cid
    raise AssertionError(f"no {name} available")


def set_hand(st: TrainsState, p: int, names: list[str]) -> None:
    """Make p's hand exactly ``names`` (old hand cards go to the bottom of the deck)."""
    z = st.zones
    old = z.hands[p]
    z.hands[p] = []
    z.decks[p][0:0] = old
    z.hands[p] = [_take(st, p, n) for n in names]


def set_deck_top(st: TrainsState, p: int, names: list[str]) -> None:
    """Put ``names`` on top of p's deck, ``names[0]`` being the top card."""
    ids = [_take(st, p, n) for n in names]
    st.zones.decks[p].extend(reversed(ids))


def set_deck(st: TrainsState, p: int, names: list[str], discard_rest: bool = True) -> None:
    """Make p's deck exactly ``names`` (top first); the other deck cards go to the discard pile."""
    z = st.zones
    ids = [_take(st, p, n) for n in names]
    if discard_rest:
        z.discards[p].extend(z.decks[p])
        z.decks[p] = []
    z.decks[p].extend(reversed(ids))


def give(st: TrainsState, p: int, name: str, zone: str = "hands") -> int:
    cid = _take(st, p, name)
    getattr(st.zones, zone)[p].append(cid)
    return cid


def place_start_rails(st: TrainsState, hexes: list[int]) -> None:
    for p, h in enumerate(hexes):
        st.apply({"type": "start_rail", "player": p, "hex": h})


def card_id(st: TrainsState, p: int, name: str) -> int:
    cid = st.zones.find(st.zones.hands[p], name)
    assert cid is not None, f"{name} not in hand of {p}: {st.zones.names(st.zones.hands[p])}"
    return cid


def play(st: TrainsState, p: int, name: str, decline: bool = False) -> None:
    a: dict[str, Any] = {"type": "play", "player": p, "card": card_id(st, p, name)}
    if decline:
        a["decline"] = True
    st.apply(a)


def choose(st: TrainsState, p: int, option: Any) -> None:
    st.apply({"type": "choose", "player": p, "option": option})


def lay(st: TrainsState, p: int, h: int) -> None:
    st.apply({"type": "lay_rail", "player": p, "hex": h})


def station(st: TrainsState, p: int, h: int) -> None:
    st.apply({"type": "place_station", "player": p, "hex": h})


def buy(st: TrainsState, p: int, pile: str, to_deck: bool = False) -> None:
    a: dict[str, Any] = {"type": "buy", "player": p, "pile": pile}
    if to_deck:
        a["to_deck"] = True
    st.apply(a)


def end_turn(st: TrainsState, p: int) -> None:
    st.apply({"type": "end_turn", "player": p})


def hand(st: TrainsState, p: int) -> list[str]:
    return sorted(st.zones.names(st.zones.hands[p]))


def options(st: TrainsState) -> list[Any]:
    assert st.pending is not None
    return [o["value"] for o in st.pending["options"]]


def rail_cost_of(st: TrainsState, h: int) -> int:
    assert st.pending is not None and st.pending["kind"] == "lay_rail"
    return next(o["cost"] for o in st.pending["options"] if o["value"] == h)


def ready(players: int = 2, board: str = "tokyo", kingdom: Any = PRESET_TOKYO, starts: list[int] | None = None,
          seed: int = 1, rules: int | None = None, sets: str | None = None) -> TrainsState:
    """A game past the starting rails (defaults: far-apart field/city spaces on Tokyo)."""
    st = new_game(players, board, kingdom, seed, rules=rules, sets=sets)
    if starts is None:
        starts = [hex_id("tokyo", 4, 5), hex_id("tokyo", 1, 3), hex_id("tokyo", 6, 3), hex_id("tokyo", 2, 8)][:players]
    place_start_rails(st, starts)
    return st
