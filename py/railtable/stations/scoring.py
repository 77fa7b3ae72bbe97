"""Scoring (rulebook): VP cards, scored Missions, Monopolies (ties all score); the most Gold
breaks a tie, and players still tied share the victory."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import all_power_cards
from .goods import goods_totals, monopolies

if TYPE_CHECKING:
    from .state import StationsState


def finish(st: StationsState) -> None:
    """The game is over: score it, reveal everything."""
    st.phase = "over"
    st.mark_revealed()
    table = all_power_cards()
    totals = [goods_totals(st.hands[q], st.power_hands[q]) for q in range(st.num_players)]
    monos = monopolies(totals)
    rows = []
    for q in range(st.num_players):
        missions = sum(table[c]["vp"] for c in st.power_scored[q])
        mono = sum(monos[q].values())
        total = st.vp[q] + st.paper[q] + missions + mono
        rows.append({"vp_cards": st.vp[q], "paper": st.paper[q], "missions": missions,
                     "monopolies": monos[q], "goods": totals[q], "total": total})
    scores = [r["total"] for r in rows]
    best = max(scores)
    tied = [q for q in range(st.num_players) if scores[q] == best]
    gold = max(totals[q]["gold"] for q in tied)
    winners = [q for q in tied if totals[q]["gold"] == gold]
    st.final = {"scores": scores, "winners": winners, "rounds": st.round, "breakdown": rows}
    st.say("game_over", {"seats": winners, "scores": list(scores)})
