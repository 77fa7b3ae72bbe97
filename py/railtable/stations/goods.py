"""Goods rules that need no game state: the upgrade chart and the end-game monopolies.

* Step 5, "Goods Depletion & Upgrade": the chart under each Building space gives the next
  Goods; a Goods type enters play once, so when the next type is already placed the one after
  it is used; when none is left the Building space stays empty (rulebook, Step 5; the chart is
  this project's reading, docs/sources.md#trains-and-stations).
* "Scoring": the player with the most of each Goods scores its Monopoly value; ties all score.
  A two-Goods Power card counts as one of each Goods it shows (rulebook, "Power Cards").
"""

from __future__ import annotations

from collections.abc import Iterable

from .data import GOODS, all_power_cards, cards, monopoly_values


def upgrade_options(building: str, level: int, placed: Iterable[str]) -> tuple[int, list[str]]:
    """The level and Goods a depleted ``building`` at chart ``level`` may upgrade to.

    Returns ``(new_level, options)``; ``options`` is empty when no upgrade is possible (the
    Building space then stays empty for the rest of the game).
    """
    chart: list[list[str]] = cards()["upgrade_chart"][building]
    used = set(placed)
    for next_level in range(level + 1, len(chart)):
        options = [g for g in chart[next_level] if g not in used]
        if options:
            return next_level, options
    return level, []


def goods_totals(hand: dict[str, int], power_ids: Iterable[int]) -> dict[str, int]:
    """A player's count of each Goods for monopolies: Goods cards plus two-Goods Power cards."""
    totals = {g: int(hand.get(g, 0)) for g in GOODS}
    table = all_power_cards()
    for cid in power_ids:
        card = table[cid]
        if card["kind"] == "goods":
            for g in card["goods"]:
                totals[g] += 1
    return totals


def monopolies(totals: list[dict[str, int]]) -> list[dict[str, int]]:
    """Monopoly points per player and Goods: the most of a Goods scores it, ties all score.

    Nobody scores a Goods that nobody holds.
    """
    values = monopoly_values()
    out: list[dict[str, int]] = [{} for _ in totals]
    for g in GOODS:
        best = max(t[g] for t in totals)
        if best <= 0:
            continue
        for seat, t in enumerate(totals):
            if t[g] == best:
                out[seat][g] = values[g]
    return out
