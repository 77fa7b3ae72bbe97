"""Helpers for the Trains & Stations tests: new games, arranged positions, scripted dice, invariants."""

from __future__ import annotations

import json
from typing import Any

from railtable.core import Rng
from railtable.stations.data import BUILDINGS, FACES, GOODS, board, power_cards
from railtable.stations.state import StationsState

NAMES = ["Eric", "Bryan", "Sarah", "Ken", "Ann"]


def new_game(players: int = 4, seed: int = 1) -> StationsState:
    """A game past the Power card choice (each player returns the first card dealt)."""
    s = StationsState.setup({"players": NAMES[:players]}, seed)
    for p in range(players):
        s.apply({"type": "return_power", "player": p, "card": s.power_hands[p][0]})
    return s


class ScriptedRng(Rng):
    """An Rng whose die rolls are given in advance, as faces (for the rulebook's examples)."""

    def __init__(self, faces: list[str]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randbelow(self, n: int) -> int:
        if n == 6 and self.faces:
            return FACES.index(self.faces.pop(0))
        return super().randbelow(n)


def space(route: str, index: int) -> str:
    """The id of a route's ``index``-th space in board order."""
    return board().routes[route].spaces[index]


def fill(s: StationsState, route: str, owners: list[int], face: str = "train") -> None:
    """Put dice on the first spaces of ``route`` (owner -1 = Bonus die), taking them from supplies."""
    for i, owner in enumerate(owners):
        s.spaces[space(route, i)] = [owner, face]
        if owner < 0:
            s.bonus_pool -= 1
        else:
            s.dice_supply[owner] -= 1


def to_resolve(s: StationsState, p: int, dice: list[tuple[bool, str]]) -> None:
    """Make it ``p``'s Step 3 with ``dice`` (bonus?, face) in the tray, taken from the supplies."""
    s.active = p
    s.phase = "resolve"
    s.tray = []
    for bonus, face in dice:
        if bonus:
            s.bonus_pool -= 1
        else:
            s.dice_supply[p] -= 1
        s.tray.append([bonus, face, False])


def counts(s: StationsState) -> dict[str, Any]:
    """Every conserved quantity: dice, Goods cards, coins, VP cards, Power cards."""
    n = s.num_players
    own = [s.dice_supply[p] + len(s.saved[p]) for p in range(n)]
    bonus = s.bonus_pool + sum(s.bonus_held)
    for owner, _face in s.spaces.values():
        if owner < 0:
            bonus += 1
        else:
            own[owner] += 1
    for b, _f, _sel in s.tray:
        if b:
            bonus += 1
        else:
            own[s.active] += 1
    goods = {}
    for g in GOODS:
        total = s.goods_aside[g] + s.goods_removed[g] + sum(h[g] for h in s.hands)
        total += sum(st["count"] for st in s.stacks.values() if st["goods"] == g)
        goods[g] = total
    power = len(s.power_deck) + len(s.power_removed) + sum(len(h) for h in s.power_hands)
    power += sum(len(h) for h in s.power_scored)
    buildings = [sum(s.buildings_left[p].values()) for p in range(n)]
    for lst in s.buildings.values():
        for owner, _t in lst:
            buildings[owner] += 1
    return {
        "own_dice": own, "bonus_dice": bonus, "goods": goods, "coins": s.bank + sum(s.coins),
        "vp_cards": s.vp_stack + s.vp_reserve + sum(s.vp), "power": power, "buildings": buildings,
    }


def expected_counts(n: int) -> dict[str, Any]:
    return {
        "own_dice": [8] * n, "bonus_dice": 10, "goods": {g: 10 for g in GOODS}, "coins": 25,
        "vp_cards": 80, "power": len(power_cards()), "buildings": [3 * len(BUILDINGS)] * n,
    }


def roundtrip(s: StationsState) -> StationsState:
    return StationsState.from_json(json.loads(json.dumps(s.to_json())))


def give_only_mission(s: StationsState, a: str, b: str) -> int:
    """Seat 0 holds exactly the Mission ``a``-``b`` (taken from wherever it was, the rest of the Power
    cards as dealt); returns its card."""
    card = next(c for c, d in power_cards().items() if d["kind"] == "mission" and d["cities"] == [a, b])
    for h in s.power_hands:
        if card in h:
            h.remove(card)
            s.power_deck.append(card)
    s.power_deck.remove(card)
    s.power_hands[0] = [card]
    return card
