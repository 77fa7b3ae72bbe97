"""Scoring (rulebook "Winning the Game" and "King of the Rails").

Score = the VP track (Tourist Train) + for each of your rails in a city 0/2/4/8 by its
stations (0/1/2/3) + for each rail on a remote location its number + the VP printed on
every gold card you own (hand, deck, discard pile). Ties: most rails on the board wins;
then the victory is shared.
"""

from __future__ import annotations

from typing import Any

from .board import CITY, REMOTE, Board
from .cards import card
from .routes import route_points
from .table import Table

CITY_BONUS = (0, 2, 4, 8)


def rail_split(st: Table, p: int) -> tuple[int, int]:
    """Train bonus points of player ``p``'s rails: (cities 0/2/4/8 by stations, remote locations by value)."""
    cities = remote = 0
    rails, stations = st.rails, st.stations
    for h, is_city, value in _scored(st.board):
        if p in rails[h]:
            if is_city:
                cities += CITY_BONUS[min(stations[h], 3)]
            else:
                remote += value
    return cities, remote


def _scored(board: Board) -> list[tuple[int, bool, int]]:
    """The spaces that score (cities and remote locations) as (id, is a city, value), cached per board."""
    cached = _SCORED.get(board.id)
    if cached is None:
        cached = _SCORED[board.id] = [(hx.id, hx.terrain == CITY, hx.value) for hx in board.hexes
                                      if hx.terrain in (CITY, REMOTE)]
    return cached


_SCORED: dict[str, list[tuple[int, bool, int]]] = {}


def rail_points(st: Table, p: int) -> int:
    """Train bonus points of player ``p``'s rails (cities by stations, remote locations by value)."""
    return sum(rail_split(st, p))


def rails_on_board(st: Table, p: int) -> int:
    return sum(1 for r in st.rails if p in r)


def card_points(st: Table, p: int) -> int:
    """VP printed on every card ``p`` owns (public: VP cards are bought and trashed in the open)."""
    z = st.zones
    vp = z.__dict__.get("_vp")
    if vp is None or len(vp) != len(z.card_names):  # the VP of each card id (cards never change name)
        vp = z.__dict__["_vp"] = [card(n).vp for n in z.card_names]
    return sum(vp[c] for zone in (z.decks[p], z.hands[p], z.discards[p], z.plays[p], z.gained[p]) for c in zone)


def final_result(st: Table) -> dict[str, Any]:
    n = st.num_players
    details = []
    scores = []
    on_boards = []
    for p in range(n):
        city, remote = rail_split(st, p)
        rp, cp = city + remote, card_points(st, p)
        on_board = rails_on_board(st, p)
        scores.append(st.vp_tokens[p] + rp + cp)
        on_boards.append(on_board)
        details.append({"vp_track": st.vp_tokens[p], "rail_points": rp, "city_points": city, "remote_points": remote,
                        "card_points": cp, "rails_on_board": on_board,
                        # Route Bonus VP (Rising Sun "Completing Routes") are on the VP track already;
                        # the part of ``vp_track`` they make up, for the end-of-game chart.
                        "route_points": route_points(getattr(st, "routes", []), p)})
    best = max(scores)
    tied = [p for p in range(n) if scores[p] == best]
    most = max(on_boards[p] for p in tied)
    winners = [p for p in tied if on_boards[p] == most]
    return {"scores": scores, "winners": winners, "details": details, "turns": st.turn,
            "rounds": -(-st.turn // n)}
