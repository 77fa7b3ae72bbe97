"""Step 5, Goods Depletion & Upgrade (rulebook), with Upgrade Speculation.

One depleted stack upgrades per turn, by the chart (the active player chooses when there is a
choice); a stack with no upgrade left stays empty for good. After an upgrade every player (rules
version 2; version 1: every player holding Goods) builds a trade at once and in secret, reveals
it when all have confirmed, and gets 1 new Goods per 2 traded in; with too few, the active player
hands them out and each card missed is worth 1 VP per 2 Goods traded.

The turn ends when nothing is left to decide (phase ``turn_end``).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..core import Action, IllegalActionError
from .data import BUILDINGS, GOODS
from .goods import upgrade_options
from .supply import gain_vp, power_goods_cards

if TYPE_CHECKING:
    from .state import StationsState


def _placed_goods(st: StationsState) -> list[str]:
    return [g for g in GOODS if st.goods_aside[g] == 0]


def start(st: StationsState) -> None:
    """Goods Depletion & Upgrade: the upgrades possible this turn; one runs by itself."""
    st.phase = "upgrade"
    choices: list[list[str]] = []
    for bt in BUILDINGS:
        stack = st.stacks[bt]
        if stack["goods"] is None or stack["count"] > 0:
            continue
        _level, options = upgrade_options(bt, stack["level"], _placed_goods(st))
        if not options:
            stack["goods"] = None
            st.say("exhausted", {"building": bt})
            continue
        choices.extend([bt, g] for g in options)
    st.upgrade_choices = choices
    if not choices:
        st.phase = "turn_end"
    elif len(choices) == 1:
        _upgrade(st, *choices[0])


def spec_units(st: StationsState, p: int) -> int:
    """How many Goods ``p``'s trade holds (a two-Goods Power card counts 2)."""
    offer = st.spec["offers"][p]
    return sum(offer["goods"].values()) + 2 * len(offer["cards"])


def legal_upgrade(st: StationsState, p: int) -> list[Action]:
    return [{"type": "upgrade", "player": p, "building": b, "goods": g} for b, g in st.upgrade_choices]


def legal_speculate(st: StationsState, p: int) -> list[Action]:
    out: list[Action] = []
    offer = st.spec["offers"][p]
    for g in GOODS:
        if st.hands[p][g] > offer["goods"].get(g, 0):
            out.append({"type": "offer_goods", "player": p, "goods": g})
    for c in power_goods_cards(st, p):
        if c not in offer["cards"]:
            out.append({"type": "offer_card", "player": p, "card": c})
    if spec_units(st, p) > 0:
        out.append({"type": "clear_offer", "player": p})
    if spec_units(st, p) % 2 == 0:
        out.append({"type": "confirm", "player": p})
    return out


def legal_award(st: StationsState, p: int) -> list[Action]:
    return [{"type": "award", "player": p, "to": q} for q, n in enumerate(st.spec["award"]) if n > 0]


def check_upgrade(st: StationsState, a: Action, p: int) -> None:
    if [a["building"], a["goods"]] not in st.upgrade_choices:
        raise IllegalActionError(f"the possible upgrades are {st.upgrade_choices}", a)


def check_offer_goods(st: StationsState, a: Action, p: int) -> None:
    g = a["goods"]
    if g not in GOODS or st.hands[p][g] <= st.spec["offers"][p]["goods"].get(g, 0):
        raise IllegalActionError("you have no more Goods of that type to trade", a)


def check_offer_card(st: StationsState, a: Action, p: int) -> None:
    c = a["card"]
    if c not in power_goods_cards(st, p) or c in st.spec["offers"][p]["cards"]:
        raise IllegalActionError("offer a two-Goods Power card of yours not offered yet", a)


def check_clear_offer(st: StationsState, a: Action, p: int) -> None:
    if spec_units(st, p) == 0:
        raise IllegalActionError("your trade is already empty", a)


def check_confirm(st: StationsState, a: Action, p: int) -> None:
    if spec_units(st, p) % 2:
        raise IllegalActionError("Goods are traded 2 for 1: offer an even number of Goods", a)


def check_award(st: StationsState, a: Action, p: int) -> None:
    q = a["to"]
    if not 0 <= q < st.num_players or st.spec["award"][q] <= 0:
        raise IllegalActionError("award the card to a player still owed one", a)


def play_upgrade(st: StationsState, a: Action, p: int) -> None:
    _upgrade(st, a["building"], a["goods"])


def _upgrade(st: StationsState, bt: str, g: str) -> None:
    """The upgrade, then Upgrade Speculation."""
    level, _options = upgrade_options(bt, st.stacks[bt]["level"], _placed_goods(st))
    st.stacks[bt] = {"goods": g, "count": st.goods_aside[g], "level": level}
    st.goods_aside[g] = 0
    st.upgrade_choices = []
    st.say("upgrade", {"building": bt, "goods": g})
    if st.rules >= 2:
        # everyone takes part, those with nothing to trade confirm "nothing": who may trade
        # (who holds Goods or a two-Goods Power card) stays secret (issue 9)
        eligible = [True] * st.num_players
    else:  # rules version 1: only players with something to trade (kept for old games' replays)
        eligible = [any(st.hands[q].values()) or bool(power_goods_cards(st, q)) for q in range(st.num_players)]
        if not any(eligible):
            st.phase = "turn_end"
            return
    st.spec = {"building": bt, "goods": g, "eligible": eligible, "confirmed": [False] * st.num_players,
               "offers": [{"goods": {}, "cards": []} for _ in range(st.num_players)],
               "award": [0] * st.num_players}
    st.phase = "speculate"


def waiting(st: StationsState) -> list[int]:
    """Who has still to confirm a trade."""
    spec = st.spec
    return [p for p in range(st.num_players) if spec["eligible"][p] and not spec["confirmed"][p]]


def play_offer_goods(st: StationsState, a: Action, p: int) -> None:
    goods = st.spec["offers"][p]["goods"]
    goods[a["goods"]] = goods.get(a["goods"], 0) + 1


def play_offer_card(st: StationsState, a: Action, p: int) -> None:
    st.spec["offers"][p]["cards"].append(a["card"])


def play_clear_offer(st: StationsState, a: Action, p: int) -> None:
    st.spec["offers"][p] = {"goods": {}, "cards": []}


def play_confirm(st: StationsState, a: Action, p: int) -> None:
    """Trades are secret until every player has chosen."""
    st.spec["confirmed"][p] = True
    st.say("spec_ready", {"p": p})
    if not waiting(st):
        _resolve(st)


def _resolve(st: StationsState) -> None:
    """Traded Goods are shown and removed from the game; 1 new Goods per 2 traded. Too few: the
    active player shares them out; each card missed is worth 1 VP."""
    spec = st.spec
    st.mark_revealed()
    g = spec["goods"]
    stack = st.stacks[spec["building"]]
    requests = [0] * st.num_players
    for q in range(st.num_players):
        offer = spec["offers"][q]
        for kind, n in offer["goods"].items():
            st.hands[q][kind] -= n
            st.goods_removed[kind] += n
        for c in offer["cards"]:
            st.power_hands[q].remove(c)
            st.power_removed.append(c)
        requests[q] = spec_units(st, q) // 2
        if any(offer["goods"].values()) or offer["cards"]:
            st.say("spec_trade", {"p": q, "offer": offer, "n": requests[q], "goods": g})
    claimants = [q for q in range(st.num_players) if requests[q]]
    if sum(requests) <= stack["count"] or len(claimants) <= 1:
        for q in claimants:
            for _ in range(requests[q]):
                _give(st, q)
            requests[q] = 0
        _shortfall(st, requests)
        return
    spec["award"] = requests
    st.phase = "spec_award"


def _give(st: StationsState, q: int) -> bool:
    stack = st.stacks[st.spec["building"]]
    if stack["count"] <= 0:
        return False
    stack["count"] -= 1
    st.hands[q][stack["goods"]] += 1
    st.say("spec_get", {"p": q, "goods": stack["goods"]})
    return True


def _shortfall(st: StationsState, missed: list[int]) -> None:
    for q, n in enumerate(missed):
        if n:
            gain_vp(st, q, n)
            st.say("spec_vp", {"p": q, "n": n})
    st.spec = None
    st.phase = "turn_end"


def play_award(st: StationsState, a: Action, p: int) -> None:
    award = st.spec["award"]
    award[a["to"]] -= 1
    _give(st, a["to"])
    if st.stacks[st.spec["building"]]["count"] == 0 or not any(award):
        _shortfall(st, list(award))


def pending(st: StationsState, player: int | None) -> dict[str, Any]:
    """The speculation as ``player`` may see it: their own trade only."""
    spec = st.spec
    out: dict[str, Any] = {"step": 5, "building": spec["building"], "goods": spec["goods"],
                           "left": st.stacks[spec["building"]]["count"], "confirmed": list(spec["confirmed"])}
    if st.rules < 2:
        out["eligible"] = list(spec["eligible"])
    if st.phase == "spec_award":
        out["owed"] = list(spec["award"])
    elif player is not None:
        out["my_offer"] = json.loads(json.dumps(spec["offers"][player]))
    return out


CHECKS = {"upgrade": check_upgrade, "offer_goods": check_offer_goods, "offer_card": check_offer_card,
          "clear_offer": check_clear_offer, "confirm": check_confirm, "award": check_award}
PLAYS = {"upgrade": play_upgrade, "offer_goods": play_offer_goods, "offer_card": play_offer_card,
         "clear_offer": play_clear_offer, "confirm": play_confirm, "award": play_award}
