"""The effect interpreter: runs a card's list of steps (its printed effect as data).

Rulebook "Playing A Card": an Action card's effect is optional; if applied it is applied
in full, top to bottom, and only if every part can be applied (exception: gaining Waste
when the Waste pile is empty). :func:`feasible` decides that *before* the card is played;
:func:`run` then executes the steps. A step that needs a decision stops the run and sets
``state.pending`` (a "pending choice" with its options); the chosen option arrives as an
action, :func:`resolve` applies it and the run goes on.

Steps (``op``, with parameters) — the vocabulary Rising Sun cards will reuse and extend:

* ``draw n`` · ``money n`` · ``vp n`` (VP track, Tourist Train) · ``gain_waste``
* ``lay_rail`` (choice: a hex, with its cost) · ``place_station`` (choice: a city)
* ``modifier name`` — rest of turn: ``no_river_cost``, ``no_mountain_cost``, ``no_city_cost``,
  ``no_rail_cost`` (all extra money), ``collaboration`` (other players' rails cost nothing and
  give no Waste), ``no_waste`` (gain no Waste), ``rail_laying_money`` (+2 money per Rail
  Laying card played), ``buy_to_deck`` (bought cards may go on top of the deck)
* ``money_if_in_play name n`` · ``money_of_train_in_play`` (choice)
* ``return_all_waste`` · ``return_waste n`` · ``return_waste_any money_each`` (choice: how many)
* ``discard_any money_each draw_each`` (choices: one card at a time, then "done")
* ``discard n`` (choices) · ``trash_source`` · ``reveal_take_one n`` (choices: take, then order)
* ``name_and_reveal`` (choice: a card name) · ``look_top_discard_or_keep`` (choice)
* ``choose_one options`` (choice) · ``copy_action_in_hand`` (choice)
* ``gain_copy_of_train_in_hand`` (choice) · ``train_from_discard_to_hand`` (choice)
* ``train_from_play_to_deck`` (choice) · ``reveal_until_trains n``
* ``trash_train_gain_better up_to`` (choices: the Train to trash, then the Train to gain)

Every step acts for the frame's ``player``; a later ``who`` parameter (``each_other``...)
is where Attacks will fit, since a pending choice names the player who must decide.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import messages
from .board import CITY
from .cards import RAIL_LAYING, TRAIN, WASTE, card
from .table import Table

Step = dict[str, Any]
Frame = dict[str, Any]
Pending = dict[str, Any]
Blocker = dict[str, Any]

STATIONMASTER = "Stationmaster Office"
DONE = "done"
NONE = "none"


# ---- feasibility ------------------------------------------------------------
def _distinct(names: list[str]) -> list[str]:
    return sorted(set(names))


def _trains(names: list[str]) -> list[str]:
    return _distinct([n for n in names if card(n).is_train])


def copy_targets(st: Table, p: int, hand: list[str], money: int) -> list[str]:
    """Action cards in hand that Stationmaster Office may perform (not itself; effect feasible)."""
    out = []
    for n in _distinct(hand):
        c = card(n)
        if c.is_action and c.effect and n != STATIONMASTER and feasible(st, list(c.effect), p, money, hand):
            out.append(n)
    return out


def wagon_sources(st: Table, hand: list[str], up_to: int) -> list[str]:
    """Train cards in hand for which a Train costing up to ``up_to`` more is still in the supply."""
    return [n for n in _trains(hand) if wagon_targets(st, card(n).cost + up_to)]


def wagon_targets(st: Table, max_cost: int) -> list[str]:
    out = []
    for name, ids in st.zones.piles.items():
        c = card(name)
        if ids and c.is_train and c.cost <= max_cost:
            out.append(name)
    return out


def maintenance_targets(st: Table, hand: list[str]) -> list[str]:
    return [n for n in _trains(hand) if st.zones.piles.get(n)]


def city_choices(st: Table, step: Step) -> list[int]:
    """Cities Protesters may name: with a station when ``with_station``."""
    return [hx.id for hx in st.board.hexes
            if hx.terrain == CITY and (st.stations[hx.id] > 0 or not step.get("with_station"))]


def _of_type(names: list[str], card_type: str | None) -> list[str]:
    return _distinct([n for n in names if card_type is None or card(n).is_(card_type)])


WHOLE_EFFECT = 3
"""From this rules version on :func:`blocker` counts what the earlier steps of an effect use up (issue 34)."""


def _free_station_slots(st: Table) -> int:
    return sum(hx.slots - st.stations[hx.id] for hx in st.board.hexes if hx.terrain == CITY)


def blocker(st: Table, steps: list[Step], p: int, money: int, hand: list[str]) -> Blocker | None:
    """The first step that cannot be applied and why, or None if every step can be (rulebook
    "Playing A Card": "If some of the card's effects cannot be applied, you cannot apply any of the
    effects"; gaining Waste when the Waste pile is empty is the one exception, so ``gain_waste``
    never blocks).

    Every step is checked against what the steps before it use up (rules version 3, issue 34): the
    k-th ``lay_rail`` needs k rails left and money for it after the cheapest earlier rails, the k-th
    ``place_station`` k station tokens and free slots, ``return_waste`` steps their Waste together.
    So Trail Blazer (lay 2 rails, gain a Waste) with one rail left cannot be applied at all. Rules
    versions 1 and 2 checked each step alone (Trail Blazer laid one rail and gained its Waste).

    ``money`` is the money after the card's own value; ``hand`` the names left in hand.
    Modifiers listed before a ``lay_rail`` count for it. The answer is
    ``{"step": index, "op": op, "why": words}``; the table shows ``why``.
    """
    mods = list(st.modifiers)
    z = st.zones
    whole = st.rules >= WHOLE_EFFECT
    rails = stations = wastes = 0  # what the steps before this one use up (rules version 3)
    for i, step in enumerate(steps):
        op = step["op"]
        why: messages.Say | None = None
        if op == "modifier":
            mods.append(step["name"])
        elif op == "lay_rail":
            options = st.rail_options(p, money, _rail_mods(mods, step), step.get("adjacent_to") == "any_rail")
            rails += 1
            if not options:
                why = ["why.no_rails_left", {}] if st.rails_left[p] <= 0 else ["why.no_rail_space", {}]
            elif whole:
                if st.rails_left[p] < rails:
                    why = ["why.no_rails_left", {}]
                money -= min(cost for cost, _ in options.values())  # the cheapest rail at least
        elif op == "place_station":
            stations += 1
            if not st.station_options():
                why = ["why.no_station_token" if st.station_tokens <= 0 else "why.no_station_slot", {}]
            elif whole and st.station_tokens < stations:
                why = ["why.no_station_token", {}]
            elif whole and _free_station_slots(st) < stations:
                why = ["why.no_station_slot", {}]
        elif op == "money_of_train_in_play" or op == "train_from_play_to_deck":
            if not _trains(z.names(z.plays[p])):
                why = ["why.no_train_in_play", {}]
        elif op == "return_waste":
            wastes += int(step.get("n", 1)) if whole else 0
            if hand.count(WASTE) < max(wastes, int(step.get("n", 1))):
                why = ["why.no_waste_in_hand", {}]
        elif op == "choose_one":
            if not any(feasible(st, o["steps"], p, money, hand) for o in step["options"]):
                why = ["why.no_choice", {}]
        elif op == "copy_action_in_hand":
            if not copy_targets(st, p, hand, money):
                why = ["why.no_action_to_copy", {}]
        elif op == "gain_copy_of_train_in_hand":
            if not maintenance_targets(st, hand):
                why = ["why.no_train_to_copy", {}]
        elif op == "train_from_discard_to_hand":
            if not _trains(z.names(z.discards[p])):
                why = ["why.no_train_in_discard", {}]
        elif op in ("pay_money", "pay_for_vp"):
            need = int(step.get("n", step.get("money", 0)))
            if money < need:
                why = ["why.need_money", {"need": need, "money": money}]
            money -= need
        elif op == "discard" and step.get("all_or_nothing"):
            if len(hand) < int(step.get("n", 1)):
                why = ["why.need_cards", {"n": int(step.get("n", 1))}]
        elif op == "choose_city":
            if not city_choices(st, step):
                why = ["why.no_city_station" if step.get("with_station") else "why.no_city", {}]
        elif op == "trash_train_gain_better":
            up_to = int(step.get("up_to", 3))
            if not wagon_sources(st, hand, up_to):
                why = ["why.no_wagon", {"up_to": up_to}]
        if why is not None:
            return {"step": i, "op": op, "why": _english(st, why), "say": why}
    return None


_MAY_BLOCK = frozenset({
    "lay_rail", "place_station", "money_of_train_in_play", "train_from_play_to_deck", "return_waste",
    "copy_action_in_hand", "gain_copy_of_train_in_hand", "train_from_discard_to_hand", "pay_money", "pay_for_vp",
    "choose_city", "trash_train_gain_better",
})
"""The steps :func:`blocker` may find impossible (besides ``choose_one`` and an all-or-nothing ``discard``)."""


def may_block(steps: list[Step] | tuple[Step, ...]) -> bool:
    """Could :func:`blocker` ever find a step of ``steps`` that cannot be applied? False when every
    step always can be (drawing, money, modifiers...): then ``blocker`` gives None in any state."""
    for step in steps:
        op = step["op"]
        if op == "choose_one":
            if all(may_block(o["steps"]) for o in step["options"]):
                return True
        elif op == "discard":
            if step.get("all_or_nothing"):
                return True
        elif op in _MAY_BLOCK:
            return True
    return False


_CARD_MAY_BLOCK: dict[str, bool] = {}


def card_may_block(name: str) -> bool:
    """:func:`may_block` of the effect of the card called ``name`` (kept by name: card data never changes)."""
    known = _CARD_MAY_BLOCK.get(name)
    if known is None:
        known = _CARD_MAY_BLOCK[name] = may_block(card(name).effect)
    return known


def feasible(st: Table, steps: list[Step], p: int, money: int, hand: list[str]) -> bool:
    """Can every step be applied? (rulebook "Playing A Card": all or nothing; see :func:`blocker`)."""
    return blocker(st, steps, p, money, hand) is None


# ---- running ----------------------------------------------------------------
def push(st: Table, steps: list[Step], p: int, source: int | None) -> None:
    st.stack.append({"steps": [dict(s) for s in steps], "i": 0, "player": p, "source": source})


def run(st: Table) -> None:
    """Run effect steps until they are all done or one needs a choice."""
    while st.stack and st.pending is None:
        frame = st.stack[-1]
        if frame["i"] >= len(frame["steps"]):
            st.stack.pop()
            continue
        step = frame["steps"][frame["i"]]
        frame["i"] += 1
        _STEPS[step["op"]](st, frame, step)


def _english(st: Table, words: messages.Say) -> str:
    return messages.say(words, "en", st.names, st.board)


_SPACE_LABELS: dict[tuple[str, str, int, int | None], str] = {}


def _space_label(st: Table, key: str, h: int, cost: int | None = None) -> str:
    """The English label of an option naming space ``h`` (and its ``cost``): the words of
    ``[key, {"hex": h, "cost": cost}]`` (no cost: ``{"hex": h}``), kept by board, template, space and cost."""
    label_key = (st.board.id, key, h, cost)
    label = _SPACE_LABELS.get(label_key)
    if label is None:
        label = _SPACE_LABELS[label_key] = _english(st, [key, {"hex": h} if cost is None else {"hex": h, "cost": cost}])
    return label


def _ask(st: Table, p: int, source: int | None, kind: str, prompt: messages.Say, options: list[dict[str, Any]],
         action: str = "choose", **extra: Any) -> None:
    """Stop the run with a pending choice for player ``p`` (``source``: the card whose effect asks).

    ``prompt`` is ``[key, args]`` of ``i18n.json`` (``say``: the table words it in the reader's
    language); ``prompt`` holds its English words, for messages and tests."""
    for o in options:
        if "label" not in o:
            o["label"] = _english(st, o["say"])
    st.pending = {"kind": kind, "player": p, "source": source, "prompt": _english(st, prompt), "say": prompt,
                  "action": action, "options": options, **extra}


def _set_pending(st: Table, frame: Frame, kind: str, prompt: messages.Say, options: list[dict[str, Any]],
                 action: str = "choose", **extra: Any) -> None:
    _ask(st, frame["player"], frame["source"], kind, prompt, options, action, **extra)


def _opts(values: list[Any], key: str = "opt.card", arg: str = "card",
          more: Callable[[Any], dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Options of a choice, each worded by the template ``key`` with ``arg`` = its value."""
    return [{"value": v, "say": [key, {arg: v, **(more(v) if more else {})}]} for v in values]


def _word(value: Any, key: str) -> dict[str, Any]:
    """One more option worded by a template with no argument ("done", "take none")."""
    return {"value": value, "say": [key, {}]}


# ---- the steps ----------------------------------------------------------------
def _draw(st: Table, f: Frame, s: Step) -> None:
    st.draw(f["player"], int(s.get("n", 1)))


def _money(st: Table, f: Frame, s: Step) -> None:
    st.money += int(s["n"])
    st.event("money", p=f["player"], n=int(s["n"]), total=st.money)


def _vp(st: Table, f: Frame, s: Step) -> None:
    st.vp_tokens[f["player"]] += int(s["n"])
    st.event("vp", p=f["player"], n=int(s["n"]))


def _from_rail_card(st: Table, f: Frame) -> bool:
    src = f["source"]
    return src is not None and card(st.zones.name(src)).is_(RAIL_LAYING)


def _gain_waste(st: Table, f: Frame, s: Step) -> None:
    if "no_rail_card_waste" in st.modifiers and _from_rail_card(st, f) and f["player"] == st.current:
        st.event("waste_engineer", p=f["player"])
        return
    for _ in range(int(s.get("n", 1))):
        st.gain_waste(f["player"])


def _modifier(st: Table, f: Frame, s: Step) -> None:
    st.modifiers.append(s["name"])


def _rail_mods(mods: list[str], s: Step) -> list[str]:
    """The modifiers for one ``lay_rail`` step: the turn's, plus ``free`` (Government Subsidy)."""
    return mods + ["free"] if s.get("free") else mods


def _lay_rail(st: Table, f: Frame, s: Step) -> None:
    p = f["player"]
    opts = st.rail_options(p, st.money, _rail_mods(st.modifiers, s), s.get("adjacent_to") == "any_rail")
    if not opts:
        st.event("no_rail_space", p=p)
        return
    options = []
    for h, (cost, waste) in sorted(opts.items()):
        key = "opt.rail_waste" if waste else "opt.rail"
        options.append({"value": h, "say": [key, {"hex": h, "cost": cost}], "hex": h, "cost": cost, "waste": waste,
                        "label": _space_label(st, key, h, cost)})
    _set_pending(st, f, "lay_rail", ["prompt.lay_rail", {}], options, action="lay_rail")


def _place_station(st: Table, f: Frame, s: Step) -> None:
    opts = st.station_options()
    if not opts:
        st.event("no_station_city", p=f["player"])
        return
    options = [{"value": h, "say": ["opt.hex", {"hex": h}], "hex": h, "label": _space_label(st, "opt.hex", h)} for h in opts]
    _set_pending(st, f, "place_station", ["prompt.place_station", {}], options, action="place_station")


def _money_if_in_play(st: Table, f: Frame, s: Step) -> None:
    z = st.zones
    if z.find(z.plays[f["player"]], s["name"]) is not None:
        st.money += int(s["n"])
        st.event("money_if_in_play", p=f["player"], card=s["name"], n=int(s["n"]))


def _money_of_train_in_play(st: Table, f: Frame, s: Step) -> None:
    z = st.zones
    names = _trains(z.names(z.plays[f["player"]]))
    if names:
        _set_pending(st, f, "money_of_train_in_play", ["prompt.train_money", {}],
                     _opts(names, "opt.card_money", more=lambda n: {"n": card(n).money}))


def _return_all_waste(st: Table, f: Frame, s: Step) -> None:
    k = st.zones.names(st.zones.hands[f["player"]]).count(WASTE)
    st.return_waste(f["player"], k)
    if s.get("draw_each") and k:
        st.draw(f["player"], k * int(s["draw_each"]))


def _return_waste(st: Table, f: Frame, s: Step) -> None:
    st.return_waste(f["player"], int(s.get("n", 1)))


def _waste_zone(st: Table, p: int, s: Step) -> list[int]:
    return st.zones.discards[p] if s.get("from") == "discard" else st.zones.hands[p]


def _return_waste_any(st: Table, f: Frame, s: Step) -> None:
    k = st.zones.names(_waste_zone(st, f["player"], s)).count(WASTE)
    if "up_to" in s:
        k = min(k, int(s["up_to"]))
    if k:
        each = int(s.get("money_each", 0))
        _set_pending(st, f, "return_waste_any", ["prompt.return_waste_any", {}],
                     _opts(list(range(k + 1)), "opt.waste_money", "n", lambda v: {"money": v * each}), step=dict(s))


def _discard_any(st: Table, f: Frame, s: Step) -> None:
    _ask_discard_any(st, f["player"], f["source"], dict(s), 0)


def _ask_discard_any(st: Table, p: int, source: int | None, s: Step, count: int) -> None:
    hand = st.zones.names(st.zones.hands[p])
    if not hand:
        _finish_discard_any(st, p, s, count)
        return
    _ask(st, p, source, "discard_any", ["prompt.discard_any", {"count": count}],
         _opts(_distinct(hand), "opt.discard") + [_word(DONE, "opt.done")], step=s, count=count)


def _finish_discard_any(st: Table, p: int, s: Step, count: int) -> None:
    if s.get("money_each"):
        st.money += count * int(s["money_each"])
        st.event("money", p=p, n=count * int(s["money_each"]), total=st.money)
    if s.get("draw_each"):
        st.draw(p, count * int(s["draw_each"]))


def _discard(st: Table, f: Frame, s: Step) -> None:
    _ask_discard(st, f["player"], f["source"], int(s.get("n", 1)))


def _ask_discard(st: Table, p: int, source: int | None, remaining: int) -> None:
    hand = st.zones.names(st.zones.hands[p])
    if remaining <= 0 or not hand:
        return
    _ask(st, p, source, "discard", ["prompt.discard", {"left": remaining}],
         _opts(_distinct(hand), "opt.discard"), remaining=remaining)


def _trash_source(st: Table, f: Frame, s: Step) -> None:
    p, src = f["player"], f["source"]
    if src is not None and src in st.zones.plays[p]:
        st.zones.plays[p].remove(src)
        st.zones.trash.append(src)
        st.event("trash", p=p, card=st.zones.name(src))


def _reveal_take_one(st: Table, f: Frame, s: Step) -> None:
    p = f["player"]
    z = st.zones
    for _ in range(int(s["n"])):
        cid = z.top(p, st.rng)
        if cid is None:
            break
        z.decks[p].pop()
        z.revealed.append(cid)
    st.mark_revealed()
    if not z.revealed:
        st.event("reveal_none", p=p)
        return
    st.event("reveal", p=p, cards=z.names(z.revealed))
    names = _distinct(z.names(z.revealed))
    _set_pending(st, f, "take_one", ["prompt.take_one", {}],
                 _opts(names, "opt.take") + [_word(NONE, "opt.take_none")])


def _ask_order(st: Table, p: int, source: int | None, order: list[int]) -> None:
    """Put the revealed cards back on the deck one at a time; the last one put back ends on top.

    The cards already chosen (``order``, bottom first) stay among the revealed cards until the
    last choice, then all go back at once: the others see which cards were revealed, never the
    order they went back in (rulebook "Information Central": the order is the player's secret).
    """
    z = st.zones
    left = [c for c in z.revealed if c not in order]
    names = _distinct(z.names(left))
    if len(names) <= 1:
        back = order + left
        if back:
            st.event("put_back", p=p, n=len(back))
        z.revealed = [c for c in z.revealed if c not in back]
        z.decks[p].extend(back)
        return
    prompt = ["prompt.order_top_so_far", {"cards": z.names(order)}] if order else ["prompt.order_top", {}]
    _ask(st, p, source, "order_top", prompt, _opts(names, "opt.put_back"), order=order)


def _name_and_reveal(st: Table, f: Frame, s: Step) -> None:
    _set_pending(st, f, "name_card", ["prompt.name_card", {}], _opts(st.names_in_game()))


def _look_top(st: Table, f: Frame, s: Step) -> None:
    p = f["player"]
    cid = st.zones.top(p, st.rng)
    st.mark_revealed()
    if cid is None:
        return
    name = st.zones.name(cid)
    st.event("look_top", {p: ("look_top_seen", {"p": p, "card": name})}, p=p)
    _set_pending(st, f, "discard_or_keep", ["prompt.discard_or_keep", {"card": name}],
                 [{"value": "discard", "say": ["opt.discard", {"card": name}], "card": name},
                  {"value": "keep", "say": ["opt.keep_on_top", {"card": name}], "card": name}])


def _choose_one(st: Table, f: Frame, s: Step) -> None:
    p = f["player"]
    hand = st.zones.names(st.zones.hands[p])
    opts, unavailable = [], []
    for o in s["options"]:
        why = blocker(st, o["steps"], p, st.money, hand)
        words = {"en": o["label"], "fr": o.get("label_fr", o["label"])}  # the card data's words
        if why is None:
            opts.append({"value": o["value"], "label": o["label"], "say": words})
        else:
            unavailable.append({"value": o["value"], "label": o["label"], "say": words, "why": why["why"],
                                "why_say": why["say"]})
    if opts:
        _set_pending(st, f, "choose_one", ["prompt.choose_one", {}], opts, step=dict(s), unavailable=unavailable)


def _copy_action(st: Table, f: Frame, s: Step) -> None:
    p = f["player"]
    names = copy_targets(st, p, st.zones.names(st.zones.hands[p]), st.money)
    if names:
        _set_pending(st, f, "copy_action", ["prompt.copy_action", {}], _opts(names))


def _gain_copy(st: Table, f: Frame, s: Step) -> None:
    p = f["player"]
    names = maintenance_targets(st, st.zones.names(st.zones.hands[p]))
    if names:
        _set_pending(st, f, "gain_copy", ["prompt.gain_copy", {}], _opts(names))


def _from_discard(st: Table, f: Frame, s: Step) -> None:
    p = f["player"]
    names = _trains(st.zones.names(st.zones.discards[p]))
    if names:
        _set_pending(st, f, "from_discard", ["prompt.from_discard", {}], _opts(names))


def _play_to_deck(st: Table, f: Frame, s: Step) -> None:
    p = f["player"]
    names = _trains(st.zones.names(st.zones.plays[p]))
    if names:
        _set_pending(st, f, "play_to_deck", ["prompt.play_to_deck", {}], _opts(names))


def _reveal_from_deck(st: Table, p: int, card_type: str, n: int, *, until_found: bool) -> tuple[list[int], list[int]]:
    """Reveal cards from the top of ``p``'s deck (reshuffling the discard pile when it runs out):
    the top ``n`` cards, or (``until_found``) until ``n`` cards of ``card_type`` are found or deck
    and discard pile run out. Returns the cards of that type and the others, both set aside; the
    reveal is a barrier for undo (Trains rulebook "Undo" policy: never across hidden information)."""
    z = st.zones
    found: list[int] = []
    others: list[int] = []
    while (len(found) if until_found else len(found) + len(others)) < n:
        cid = z.top(p, st.rng)
        if cid is None:
            break
        z.decks[p].pop()
        (found if card(z.name(cid)).is_(card_type) else others).append(cid)
    st.mark_revealed()
    return found, others


def _reveal_until_trains(st: Table, f: Frame, s: Step) -> None:
    p = f["player"]
    z = st.zones
    found, others = _reveal_from_deck(st, p, TRAIN, int(s["n"]), until_found=True)
    z.hands[p].extend(found)
    z.discards[p].extend(others)
    st.event("reveal_until", p=p, cards=z.names(found + others), trains=z.names(found))


def _wagon(st: Table, f: Frame, s: Step) -> None:
    p = f["player"]
    up_to = int(s.get("up_to", 3))
    names = wagon_sources(st, st.zones.names(st.zones.hands[p]), up_to)
    if names:
        _set_pending(st, f, "wagon_trash", ["prompt.wagon_trash", {}], _opts(names), up_to=up_to)


# ---- Rising Sun steps ------------------------------------------------------------
def _return_from(st: Table, p: int, zone: list[int], n: int) -> None:
    """Return up to ``n`` Waste from ``zone`` (Reclamation Depot: the discard pile) to the supply."""
    z = st.zones
    done = 0
    for _ in range(n):
        cid = z.find(zone, WASTE)
        if cid is None:
            break
        zone.remove(cid)
        z.piles[WASTE].append(cid)
        done += 1
    if done:
        st.event("return_waste", p=p, n=done)


def _add_money(st: Table, p: int, n: int) -> None:
    if n:
        st.money += n
        st.event("money", p=p, n=n, total=st.money)


def _money_if_rail_laid(st: Table, f: Frame, s: Step) -> None:
    """Monorail: +n money if a rail was laid this turn."""
    if st.laid:
        _add_money(st, f["player"], int(s["n"]))


def _money_per_in_play(st: Table, f: Frame, s: Step) -> None:
    """Commuter Train: +n per other card of that name in the play area."""
    z = st.zones
    count = z.names(z.plays[f["player"]]).count(s["name"])
    if f["source"] is not None and z.name(f["source"]) == s["name"]:
        count -= 1
    _add_money(st, f["player"], max(0, count) * int(s["n"]))


def money_per_rail_on(st: Table, p: int, s: Step) -> int:
    """Mining Train: +n per rail of player ``p`` on a terrain, at most ``max`` (also what the search's
    evaluation counts for the card, trains/sampling.py)."""
    count = sum(1 for hx in st.board.hexes if hx.terrain == s["terrain"] and p in st.rails[hx.id])
    return min(count * int(s["n"]), int(s.get("max", 99)))


def _money_per_rail_on(st: Table, f: Frame, s: Step) -> None:
    _add_money(st, f["player"], money_per_rail_on(st, f["player"], s))


def _pay_money(st: Table, f: Frame, s: Step) -> None:
    st.money -= int(s["n"])
    st.event("pay", p=f["player"], n=int(s["n"]), total=st.money)


def _pay_for_vp(st: Table, f: Frame, s: Step) -> None:
    """Charitable Support (rulebook "Playing A Card" example 1): pay 4 money, 1 step up the VP track."""
    st.money -= int(s["money"])
    st.vp_tokens[f["player"]] += int(s["vp"])
    st.event("pay_for_vp", p=f["player"], n=int(s["money"]), vp=int(s["vp"]))


def _hand_to_deck_top(st: Table, f: Frame, s: Step) -> None:
    _ask_to_deck(st, f["player"], f["source"], dict(s), int(s.get("n", 1)))


def _ask_to_deck(st: Table, p: int, source: int | None, s: Step, remaining: int) -> None:
    names = _of_type(st.zones.names(st.zones.hands[p]), s.get("type"))
    if remaining <= 0:
        return
    if not names:
        if s.get("reveal_if_none"):
            st.mark_revealed()
            st.event("reveal_hand", p=p, cards=st.zones.names(st.zones.hands[p]))
        return
    prompt = ["prompt.to_deck_type", {"type": s["type"]}] if s.get("type") else ["prompt.to_deck", {}]
    _ask(st, p, source, "to_deck", prompt, _opts(names, "opt.put_back"), step=s, remaining=remaining)


def _r_to_deck(st: Table, pd: Pending, v: Any) -> None:
    p = pd["player"]
    z = st.zones
    z.move(z.hands[p], z.decks[p], v)
    st.event("to_deck", p=p)
    _ask_to_deck(st, p, pd["source"], pd["step"], pd["remaining"] - 1)


def _reveal_take_type(st: Table, f: Frame, s: Step) -> None:
    """Dispatcher: reveal the top n; those of ``type`` to hand, the others discarded."""
    p = f["player"]
    z = st.zones
    found, others = _reveal_from_deck(st, p, s["type"], int(s["n"]), until_found=False)
    z.hands[p].extend(found)
    z.discards[p].extend(others)
    st.event("reveal_take", p=p, cards=z.names(found + others), took=z.names(found))


def _reveal_until(st: Table, f: Frame, s: Step) -> None:
    """Incinerator (Rising Sun rulebook "Terms: Reveal"): reveal until n cards of ``type`` or deck
    and discard pile run out (the revealed cards are set aside, so a reshuffle takes only the discard
    pile); the found cards are trashed (or go to hand), the others discarded."""
    p = f["player"]
    z = st.zones
    found, others = _reveal_from_deck(st, p, s["type"], int(s["n"]), until_found=True)
    (z.trash if s.get("found") == "trash" else z.hands[p]).extend(found)
    z.discards[p].extend(others)
    st.event("reveal_until_" + ("trash" if s.get("found") == "trash" else "hand"), p=p,
             cards=z.names(found + others), found=z.names(found))


def _draw_per_distinct(st: Table, f: Frame, s: Step) -> None:
    """Yardmaster: draw 1 per differently named card of ``type`` in play, at most ``max``."""
    p = f["player"]
    names = _of_type(st.zones.names(st.zones.plays[p]), s.get("type"))
    st.draw(p, min(len(names), int(s.get("max", 99))))


def _trash_from_hand(st: Table, f: Frame, s: Step) -> None:
    _ask_trash(st, f["player"], f["source"], dict(s), 0)


def _ask_trash(st: Table, p: int, source: int | None, s: Step, count: int) -> None:
    hand = st.zones.names(st.zones.hands[p])
    if not hand or count >= int(s.get("up_to", 1)):
        _add_money(st, p, count * int(s.get("money_each", 0)))
        return
    _ask(st, p, source, "trash_any", ["prompt.trash_any", {"count": count, "up_to": int(s.get("up_to", 1))}],
         _opts(_distinct(hand), "opt.trash") + [_word(DONE, "opt.done")], step=s, count=count)


def _r_trash_any(st: Table, pd: Pending, v: Any) -> None:
    p = pd["player"]
    if v == DONE:
        _add_money(st, p, pd["count"] * int(pd["step"].get("money_each", 0)))
        return
    z = st.zones
    z.move(z.hands[p], z.trash, v)
    st.event("trash_hand", p=p, card=v)
    _ask_trash(st, p, pd["source"], pd["step"], pd["count"] + 1)


def _discard_type(st: Table, f: Frame, s: Step) -> None:
    """Unhappy Passengers' victim: discard n cards of ``type`` (or reveal a hand without one)."""
    p = f["player"]
    names = _of_type(st.zones.names(st.zones.hands[p]), s.get("type"))
    if not names:
        if s.get("reveal_if_none"):
            st.mark_revealed()
            st.event("reveal_hand", p=p, cards=st.zones.names(st.zones.hands[p]))
        return
    _set_pending(st, f, "discard_type", ["prompt.discard_type", {"type": s["type"]}], _opts(names, "opt.discard"),
                 step=dict(s), remaining=int(s.get("n", 1)))


def _r_discard_type(st: Table, pd: Pending, v: Any) -> None:
    st.discard_from_hand(pd["player"], v)
    if pd["remaining"] > 1:
        names = _of_type(st.zones.names(st.zones.hands[pd["player"]]), pd["step"].get("type"))
        if names:
            _ask(st, pd["player"], pd["source"], "discard_type", ["prompt.discard_type", {"type": pd["step"]["type"]}],
                 _opts(names, "opt.discard"), step=pd["step"], remaining=pd["remaining"] - 1)


def _discard_down_to(st: Table, f: Frame, s: Step) -> None:
    _ask_down_to(st, f["player"], f["source"], int(s["n"]))


def _ask_down_to(st: Table, p: int, source: int | None, n: int) -> None:
    hand = st.zones.names(st.zones.hands[p])
    if len(hand) <= n:
        return
    _ask(st, p, source, "discard_down", ["prompt.discard_down", {"n": n, "left": len(hand) - n}],
         _opts(_distinct(hand), "opt.discard"), n=n)


def _r_discard_down(st: Table, pd: Pending, v: Any) -> None:
    st.discard_from_hand(pd["player"], v)
    _ask_down_to(st, pd["player"], pd["source"], pd["n"])


def _choose_city(st: Table, f: Frame, s: Step) -> None:
    cities = city_choices(st, s)
    if cities:
        _set_pending(st, f, "choose_city", ["prompt.choose_city_station" if s.get("with_station") else "prompt.choose_city", {}],
                     _opts(cities, "opt.hex", "hex"))


def _r_choose_city(st: Table, pd: Pending, v: Any) -> None:
    st.stack[-1]["city"] = int(v)
    st.event("choose_city", p=pd["player"], hex=int(v))


def _seats(st: Table, who: str) -> list[int]:
    """Players an ATTACK or a "for each" step affects, from the active player clockwise (Rising Sun
    rulebook "Attacks": "each player" includes the attacker, "each other player" does not)."""
    n = st.num_players
    order = [(st.current + k) % n for k in range(n)]
    return order if who == "each" else order[1:]


def _attack(st: Table, f: Frame, s: Step) -> None:
    """ATTACK (Rising Sun rulebook "Attacks", "Reactions"): one ``victim`` step per player in turn."""
    victims = [{"op": "victim", "seat": q, "attacker": f["player"], "steps": s["steps"], "attack": True,
                "if_hand_at_least": s.get("if_hand_at_least"), "log_at": len(st.log),
                "city": f.get("city") if s.get("if_rail_in") == "chosen_city" else None}
               for q in _seats(st, s["who"])]
    push(st, victims, f["player"], f["source"])


def _for_each(st: Table, f: Frame, s: Step) -> None:
    victims = [{"op": "victim", "seat": q, "attacker": f["player"], "steps": s["steps"], "attack": False}
               for q in _seats(st, s["who"])]
    push(st, victims, f["player"], f["source"])


def attack_view(st: Table) -> dict[str, Any] | None:
    """The ATTACK being resolved, for every view (all public): ``card``, ``attacker``, ``order`` (the
    players it reaches, from the active player clockwise, rulebook "Attacks") and ``done`` (how many of
    them are finished; the next one, ``order[done]``, is deciding while a choice is pending) and
    ``log_from`` (where the ATTACK's own log entries begin: what it did to each player so far)."""
    if st.pending is None:
        return None
    for frame in reversed(st.stack):
        steps = frame["steps"]
        if steps and steps[0].get("op") == "victim" and steps[0].get("attack"):
            src = frame["source"]
            return {"card": st.zones.name(src) if src is not None else None, "attacker": frame["player"],
                    "order": [int(s["seat"]) for s in steps], "done": max(0, frame["i"] - 1),
                    "log_from": steps[0].get("log_at")}
    return None


def reactions_in_hand(st: Table, q: int) -> list[str]:
    """Reaction cards in ``q``'s hand that answer another player's ATTACK (Legal Counsel)."""
    return _distinct([n for n in st.zones.names(st.zones.hands[q])
                      if (card(n).reaction or {}).get("when") == "another_player_attacks"])


SECRET_REACTIONS = 3
"""From this rules version on every attacked player is asked, Reaction or not (issue 34)."""


def _victim(st: Table, f: Frame, s: Step) -> None:
    """One player's share of an ATTACK: skipped if the filter (public: hand size, rails) leaves them
    out; otherwise the attacked player first decides whether to reveal a Reaction (Rising Sun
    rulebook "Reactions", the only cards played in another player's turn; "Attacks": in turn order).

    A hand is secret (rulebook "Terms"), so from rules version :data:`SECRET_REACTIONS` on *every*
    attacked player other than the attacker gets this decision, a player with no Reaction having
    the one option "no reaction" (the same action as declining): the others see the same pending
    choice, the same move and the same log whether that player holds a Reaction or not. Before
    (rules 1 and 2) only a holder of a Reaction was asked."""
    q = int(s["seat"])
    hand = st.zones.hands[q]
    if s.get("if_hand_at_least") is not None and len(hand) < int(s["if_hand_at_least"]):
        return
    if s.get("city") is not None and q not in st.rails[int(s["city"])]:
        return
    if s.get("attack") and q != s["attacker"]:
        reacts = reactions_in_hand(st, q)
        if reacts:
            _ask(st, q, f["source"], "reaction", ["prompt.reaction", {}],
                 _opts(reacts, "opt.reveal_reaction") + [_word(NONE, "opt.do_not_reveal")], step=dict(s))
            return
        if st.rules >= SECRET_REACTIONS:
            _ask(st, q, f["source"], "reaction", ["prompt.no_reaction", {}], [_word(NONE, "opt.no_reaction")],
                 step=dict(s))
            return
    push(st, s["steps"], q, f["source"])


def _r_reaction(st: Table, pd: Pending, v: Any) -> None:
    q = pd["player"]
    if v == NONE:
        push(st, pd["step"]["steps"], q, pd["source"])
        return
    st.mark_revealed()
    st.event("react", p=q, card=v)


_STEPS: dict[str, Callable[[Table, Frame, Step], None]] = {
    "draw": _draw, "money": _money, "vp": _vp, "gain_waste": _gain_waste, "modifier": _modifier,
    "lay_rail": _lay_rail, "place_station": _place_station, "money_if_in_play": _money_if_in_play,
    "money_of_train_in_play": _money_of_train_in_play, "return_all_waste": _return_all_waste,
    "return_waste": _return_waste, "return_waste_any": _return_waste_any, "discard_any": _discard_any,
    "discard": _discard, "trash_source": _trash_source, "reveal_take_one": _reveal_take_one,
    "name_and_reveal": _name_and_reveal, "look_top_discard_or_keep": _look_top, "choose_one": _choose_one,
    "copy_action_in_hand": _copy_action, "gain_copy_of_train_in_hand": _gain_copy,
    "train_from_discard_to_hand": _from_discard, "train_from_play_to_deck": _play_to_deck,
    "reveal_until_trains": _reveal_until_trains, "trash_train_gain_better": _wagon,
    "money_if_rail_laid": _money_if_rail_laid, "money_per_in_play": _money_per_in_play,
    "money_per_rail_on": _money_per_rail_on, "pay_money": _pay_money, "pay_for_vp": _pay_for_vp,
    "hand_to_deck_top": _hand_to_deck_top, "reveal_take_type": _reveal_take_type, "reveal_until": _reveal_until,
    "draw_per_distinct_in_play": _draw_per_distinct, "trash_from_hand": _trash_from_hand,
    "discard_type": _discard_type, "discard_down_to": _discard_down_to, "choose_city": _choose_city,
    "attack": _attack, "for_each": _for_each, "victim": _victim,
}
KNOWN_OPS = frozenset(_STEPS)


# ---- resolving a choice ---------------------------------------------------------
def pending_actions(st: Table) -> list[dict[str, Any]]:
    pd = st.pending
    assert pd is not None
    p = pd["player"]
    if pd["action"] == "choose":
        return [{"type": "choose", "player": p, "option": o["value"]} for o in pd["options"]]
    return [{"type": pd["action"], "player": p, "hex": o["value"]} for o in pd["options"]]


def resolve(st: Table, value: Any) -> None:
    """Apply the chosen option of the pending choice, then carry on running effects."""
    pd = st.pending
    assert pd is not None
    st.pending = None
    _RESOLVE[pd["kind"]](st, pd, value)
    run(st)


def _r_lay_rail(st: Table, pd: Pending, h: Any) -> None:
    opt = next(o for o in pd["options"] if o["value"] == h)
    st.lay_rail(pd["player"], int(h), int(opt["cost"]), bool(opt["waste"]))


def _r_place_station(st: Table, pd: Pending, h: Any) -> None:
    st.place_station(pd["player"], int(h))


def _r_money_of_train(st: Table, pd: Pending, name: Any) -> None:
    st.money += card(name).money
    st.event("count_again", p=pd["player"], card=name, n=card(name).money, total=st.money)


def _r_return_waste_any(st: Table, pd: Pending, v: Any) -> None:
    if pd["step"].get("from") == "discard":
        _return_from(st, pd["player"], st.zones.discards[pd["player"]], int(v))
    else:
        st.return_waste(pd["player"], int(v))
    each = int(pd["step"].get("money_each", 0))
    if v and each:
        st.money += int(v) * each
        st.event("money", p=pd["player"], n=int(v) * each, total=st.money)


def _r_discard_any(st: Table, pd: Pending, v: Any) -> None:
    p = pd["player"]
    if v == DONE:
        _finish_discard_any(st, p, pd["step"], pd["count"])
        return
    st.discard_from_hand(p, v)
    _ask_discard_any(st, p, pd["source"], pd["step"], pd["count"] + 1)


def _r_discard(st: Table, pd: Pending, v: Any) -> None:
    st.discard_from_hand(pd["player"], v)
    _ask_discard(st, pd["player"], pd["source"], pd["remaining"] - 1)


def _r_take_one(st: Table, pd: Pending, v: Any) -> None:
    p = pd["player"]
    z = st.zones
    if v != NONE:
        z.move(z.revealed, z.hands[p], v)
        st.event("take", p=p, card=v)
    _ask_order(st, p, pd["source"], [])


def _r_order_top(st: Table, pd: Pending, v: Any) -> None:
    z = st.zones
    order = [int(c) for c in pd["order"]]
    cid = next(c for c in reversed(z.revealed) if c not in order and z.name(c) == v)
    _ask_order(st, pd["player"], pd["source"], order + [cid])


def _r_name_card(st: Table, pd: Pending, v: Any) -> None:
    p = pd["player"]
    z = st.zones
    cid = z.top(p, st.rng)
    st.mark_revealed()
    if cid is None:
        st.event("name_empty", p=p, card=v)
        return
    name = z.name(cid)
    if name == v:
        z.decks[p].pop()
        z.hands[p].append(cid)
        st.event("name_hit", p=p, card=v, top=name)
    else:
        st.event("name_miss", p=p, card=v, top=name)


def _r_discard_or_keep(st: Table, pd: Pending, v: Any) -> None:
    p = pd["player"]
    z = st.zones
    if v == "discard":
        cid = z.decks[p].pop()
        z.discards[p].append(cid)
        st.event("discard_top", p=p, card=z.name(cid))
    else:
        st.event("keep_top", p=p)


def _r_choose_one(st: Table, pd: Pending, v: Any) -> None:
    opt = next(o for o in pd["step"]["options"] if o["value"] == v)
    st.event("choose", p=pd["player"], choice={"en": opt["label"], "fr": opt.get("label_fr", opt["label"])})
    push(st, opt["steps"], pd["player"], pd["source"])


def _r_copy_action(st: Table, pd: Pending, v: Any) -> None:
    st.mark_revealed()
    st.event("copy", p=pd["player"], card=v)
    push(st, list(card(v).effect), pd["player"], pd["source"])


def _r_gain_copy(st: Table, pd: Pending, v: Any) -> None:
    st.mark_revealed()
    st.event("reveal_card", p=pd["player"], card=v)
    st.gain_from_supply(pd["player"], v, to="gained")


def _r_from_discard(st: Table, pd: Pending, v: Any) -> None:
    p = pd["player"]
    z = st.zones
    z.move(z.discards[p], z.hands[p], v)
    st.event("from_discard", p=p, card=v)


def _r_play_to_deck(st: Table, pd: Pending, v: Any) -> None:
    p = pd["player"]
    z = st.zones
    z.move(z.plays[p], z.decks[p], v)
    st.event("play_to_deck", p=p, card=v)


def _r_wagon_trash(st: Table, pd: Pending, v: Any) -> None:
    p = pd["player"]
    z = st.zones
    z.move(z.hands[p], z.trash, v)
    st.event("trash_hand", p=p, card=v)
    max_cost = card(v).cost + int(pd["up_to"])
    _ask(st, p, pd["source"], "wagon_gain", ["prompt.wagon_gain", {"cost": max_cost}],
         _opts(wagon_targets(st, max_cost), "opt.card_cost", more=lambda n: {"cost": card(n).cost}))


def _r_wagon_gain(st: Table, pd: Pending, v: Any) -> None:
    st.gain_from_supply(pd["player"], v, to="hand")


_RESOLVE: dict[str, Callable[[Table, Pending, Any], None]] = {
    "lay_rail": _r_lay_rail, "place_station": _r_place_station, "money_of_train_in_play": _r_money_of_train,
    "return_waste_any": _r_return_waste_any, "discard_any": _r_discard_any, "discard": _r_discard,
    "take_one": _r_take_one, "order_top": _r_order_top, "name_card": _r_name_card,
    "discard_or_keep": _r_discard_or_keep, "choose_one": _r_choose_one, "copy_action": _r_copy_action,
    "gain_copy": _r_gain_copy, "from_discard": _r_from_discard, "play_to_deck": _r_play_to_deck,
    "wagon_trash": _r_wagon_trash, "wagon_gain": _r_wagon_gain,
    "to_deck": _r_to_deck, "trash_any": _r_trash_any, "discard_type": _r_discard_type,
    "discard_down": _r_discard_down, "choose_city": _r_choose_city, "reaction": _r_reaction,
}


__all__ = ["KNOWN_OPS", "blocker", "feasible", "pending_actions", "push", "resolve", "run"]
