"""Route Bonus cards (Trains: Rising Sun rulebook "Route Bonus Cards"; the cards are this project's
design, docs/sources.md#trains-rising-sun).

Five cards per board; as many as there are players are dealt face up. "The first player to connect
all cities shown on a Route Bonus card completes the route. The cities must be connected with a path
of contiguous spaces that each contain that player's rail token." That player takes the card, scores
its VP at once on the VP track, and may use its special ability once during a turn of their own,
the one they took it in included ("Completing Routes": "at any time during your turn"; rules versions 1
and 2 allowed only a later turn); the card then leaves the game.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from .board import Board
from .table import Table


@cache
def route_cards() -> dict[str, dict[str, Any]]:
    """Every Route Bonus card by id (``route_bonus.json``)."""
    text = resources.files(__package__).joinpath("route_bonus.json").read_text(encoding="utf-8")
    return {c["id"]: c for c in json.loads(text)["cards"]}


def board_routes(board_id: str) -> list[str]:
    """The ids of a board's five Route Bonus cards."""
    return [cid for cid, c in route_cards().items() if c["board"] == board_id]


def route_hexes(board: Board, route_id: str) -> list[int]:
    names = route_cards()[route_id]["cities"]
    by_name = {hx.name: hx.id for hx in board.hexes if hx.name}
    return [by_name[n] for n in names]


def linked(st: Table, p: int, hexes: list[int]) -> bool:
    """Are all ``hexes`` joined by one contiguous path of spaces holding ``p``'s rails?"""
    if any(p not in st.rails[h] for h in hexes):
        return False
    nb = st.board.neighbours
    seen = {hexes[0]}
    frontier = [hexes[0]]
    while frontier:
        h = frontier.pop()
        for n in nb[h]:
            if n not in seen and p in st.rails[n]:
                seen.add(n)
                frontier.append(n)
    return all(h in seen for h in hexes)


def check_routes(st: Table, p: int, routes: list[dict[str, Any]]) -> None:
    """After ``p`` lays a rail: take every open route ``p`` now links (rulebook "Completing Routes")."""
    for r in routes:
        if r["owner"] is None and linked(st, p, route_hexes(st.board, r["id"])):
            r["owner"] = p
            r["taken_turn"] = st.turn
            vp = int(route_cards()[r["id"]]["vp"])
            st.vp_tokens[p] += vp
            st.event("route_taken", p=p, route=r["id"], vp=vp)


def progress(st: Table, p: int, hexes: list[int]) -> list[int]:
    """The largest group of ``hexes`` that ``p``'s rails already join by one contiguous path (the
    player's progress toward a Route Bonus card, rulebook "Completing Routes"); a single city where
    ``p`` has a rail counts as a group of one. Ties: the group met first in the card's order."""
    best: list[int] = []
    seen: set[int] = set()
    nb = st.board.neighbours
    for start in hexes:
        if start in seen or p not in st.rails[start]:
            continue
        group = {start}
        frontier = [start]
        while frontier:
            h = frontier.pop()
            for n in nb[h]:
                if n not in group and p in st.rails[n]:
                    group.add(n)
                    frontier.append(n)
        seen |= group
        found = [h for h in hexes if h in group]
        if len(found) > len(best):
            best = found
    return best


def route_view(st: Table, routes: list[dict[str, Any]], me: int | None) -> list[dict[str, Any]]:
    """``view.routes``: each card's public state; for a seated viewer also ``linked``, the names of
    the card's cities their rails already join (the largest such group; empty when none)."""
    out = []
    for r in routes:
        entry = dict(r)
        if me is not None:
            hexes = route_hexes(st.board, r["id"])
            entry["linked"] = [st.board.hexes[h].name for h in progress(st, me, hexes)]
        out.append(entry)
    return out


def route_points(routes: list[dict[str, Any]], p: int) -> int:
    """VP ``p`` scored from Route Bonus cards (already on the VP track; shown apart at the end)."""
    return sum(int(route_cards()[r["id"]]["vp"]) for r in routes if r["owner"] == p)


SAME_TURN_ABILITY = 3
"""From this rules version on a Route Bonus ability may be used in the turn the card is taken (issue 34)."""


def usable(st: Table, p: int, routes: list[dict[str, Any]]) -> list[str]:
    """Route Bonus cards ``p`` may use now: theirs and unused (Rising Sun rulebook "Completing Routes":
    "The special ability may be used at any time during your turn"; "The Cards": "After a player takes
    the card, this ability may be used during the player's turn", so also in the turn it is taken).
    Rules versions 1 and 2 read it as a later turn only: a card taken this turn waits there."""
    return [r["id"] for r in routes if r["owner"] == p and not r["used"]
            and (st.rules >= SAME_TURN_ABILITY or r["taken_turn"] < st.turn)]


__all__ = ["board_routes", "check_routes", "linked", "progress", "route_cards", "route_hexes", "route_points",
           "route_view", "usable"]
