"""What the Trains table shows, worked out from the engine's view and legal actions (no DOM here).

The table never builds an action: every button or space carries the index of one of
``legal_actions(viewer)``. This module groups those actions by what a person clicks (a card in
hand, a supply pile, a space on the board, an option of a prompt) and, for options that are
not legal, says why in words (the engine lists only legal actions; the reasons here are derived
from the public view and the engine's own queries, never decide legality).
"""

from __future__ import annotations

from typing import Any

from railtable.trains.board import load_board
from railtable.trains.cards import (
    ACTION,
    RAIL_LAYING,
    STATION_EXPANSION,
    TRAIN,
    VICTORY,
    WASTE,
    card,
)
from railtable.trains.messages import say as engine_say
from railtable.trains.messages import space

from .markup import escape
from .trains_text import card_label, card_text, types_label, ui


# ---- indexing legal actions ---------------------------------------------------------
def action_index(legal: list[dict[str, Any]]) -> dict[str, int]:
    """A key per clickable thing -> index of its action in ``legal``.

    Keys: ``play:<card id>``, ``decline:<card id>``, ``buy:<pile>``, ``buydeck:<pile>``, ``hex:<space>``
    (starting rail, rail or station), ``opt:<option value>``, ``end``, ``pass``.
    """
    out: dict[str, int] = {}
    for i, a in enumerate(legal):
        kind = a["type"]
        if kind == "play":
            out[f'{"decline" if a.get("decline") else "play"}:{a["card"]}'] = i
        elif kind == "buy":
            out[f'{"buydeck" if a.get("to_deck") else "buy"}:{a["pile"]}'] = i
        elif kind in ("start_rail", "lay_rail", "place_station"):
            out[f'hex:{a["hex"]}'] = i
        elif kind == "choose":
            out[f'opt:{a["option"]}'] = i
        elif kind == "end_turn":
            out["end"] = i
        elif kind == "return_waste":
            out["pass"] = i
    return out


def card_kind(name: str) -> str:
    """CSS class of a card by its main type (colour at the table)."""
    c = card(name)
    if c.is_(WASTE):
        return "waste"
    if c.is_(VICTORY):
        return "vp"
    if c.is_(RAIL_LAYING):
        return "rail"
    if c.is_(STATION_EXPANSION):
        return "station"
    if c.is_(TRAIN):
        return "train"
    return "action"


def card_html(name: str, extra_cls: str = "", attrs: str = "", count: int | None = None, lang: str = "en") -> str:
    """One card as DOM: cost, name, types, text, money and VP (``count`` for a supply pile), in ``lang``."""
    c = card(name)
    kind = card_kind(name)
    types = types_label(name, lang)
    text = card_text(name, lang, mark="big" not in extra_cls.split())  # the reader adds its own note
    money = f'<span class="tc-money" title="{ui("money_tip", lang)}">{c.money}</span>' if c.money else ""
    vp = f'<span class="tc-vp" title="{ui("vp_card_tip", lang)}">{ui("vp_n", lang, n=c.vp)}</span>' if c.vp else ""
    act = f'<span class="tc-act" title="{ui("action_tip", lang)}">A</span> ' if c.is_(ACTION) else ""
    cost = "" if name == WASTE else f'<span class="tc-cost" title="{ui("cost_tip", lang)}">{c.cost}</span>'
    pile = f'<span class="tc-count" title="{ui("pile_tip", lang)}">×{count}</span>' if count is not None else ""
    return (
        f'<div class="tcard k-{kind}{(" " + extra_cls) if extra_cls else ""}" data-card="{escape(name, quote=True)}"{attrs}>'
        f'<div class="tc-head">{cost}<span class="tc-name">{escape(card_label(name, lang))}</span></div>'
        f'<div class="tc-types">{act}{escape(types)}</div>'
        f'<div class="tc-text">{escape(text)}</div>'
        f'<div class="tc-foot">{money}{vp}{pile}</div></div>'
    )


def pending_prompt(view: dict[str, Any], lang: str = "en") -> str:
    """The pending choice's prompt in ``lang`` (the engine's ``say``; its English words otherwise)."""
    pending = view.get("pending") or {}
    board = load_board(view["board"])
    names = [p["name"] for p in view.get("players", [])]
    return engine_say(pending.get("say", pending.get("prompt", "")), lang, names, board)


def turn_block(view: dict[str, Any], viewer: int | None, lang: str = "en") -> str | None:
    """Why the viewer can do nothing with their cards right now (None if they can)."""
    if viewer is None:
        return ui("why_hidden", lang)
    if view.get("phase") == "over":
        return ui("why_over", lang)
    if viewer not in view.get("to_act", []):
        return ui("why_wait", lang)
    pending = view.get("pending")
    if pending:
        return ui("why_finish", lang, prompt=pending_prompt(view, lang))
    if view.get("phase") == "start_rails":
        return ui("why_start_rail", lang)
    return None


def hand_entries(state: Any, view: dict[str, Any], viewer: int | None, index: dict[str, int],
                 lang: str = "en") -> list[dict[str, Any]]:
    """Each card in the viewer's hand with what a click does, or why it cannot be played."""
    hand = view.get("hand", [])
    block = turn_block(view, viewer, lang)
    out = []
    for h in hand:
        cid, name = h["id"], h["name"]
        c = card(name)
        play = index.get(f"play:{cid}")
        decline = index.get(f"decline:{cid}")
        reason = ""
        general = bool(block)
        if block:
            reason = block
        elif name == WASTE:
            reason = ui("why_waste_play", lang)
        elif not c.playable:
            reason = ui("why_vp_card", lang)
        elif c.effect and viewer is not None:
            blocked = state.effect_blocker(viewer, cid)
            if blocked is not None:
                why = engine_say(blocked.get("say", blocked["why"]), lang, state.names, state.board)
                reason = ui("why_money_only" if decline is not None else "why_only_money", lang, why=why)
        out.append({"id": cid, "name": name, "play": play, "decline": decline if c.effect else None,
                    "has_effect": bool(c.effect), "reason": reason, "general": general})
    return out


def supply_entries(view: dict[str, Any], viewer: int | None, index: dict[str, int],
                   lang: str = "en") -> list[dict[str, Any]]:
    """Each supply pile: count, cost, buy action(s) or why it cannot be bought now."""
    block = turn_block(view, viewer, lang)
    money = int(view.get("money", 0))
    out = []
    for pile in view.get("supply", []):
        name, count, cost = pile["name"], pile["count"], pile["cost"]
        buy = index.get(f"buy:{name}")
        reason = ""
        general = False
        if name == WASTE:
            reason = ui("why_waste_buy", lang)
        elif count == 0:
            reason = ui("why_empty", lang)
        elif block:
            reason, general = block, True
        elif cost > money:
            reason = ui("why_cost", lang, cost=cost, money=money)
        elif buy is None:
            reason = ui("why_not_now", lang)
        out.append({"name": name, "count": count, "cost": cost, "buy": buy,
                    "to_deck": index.get(f"buydeck:{name}"), "affordable": buy is not None, "reason": reason,
                    "general": general})
    return out


def rail_targets(state: Any, view: dict[str, Any], viewer: int | None,
                 lang: str = "en") -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Clickable spaces for the pending choice or starting rail, and nearby spaces that are not legal (with why)."""
    if viewer is None or viewer not in view.get("to_act", []):
        return [], []
    board = load_board(view["board"])
    pending = view.get("pending") or {}
    if view.get("phase") == "start_rails" and not pending:
        return [{"hex": h, "kind": "start", "cost": 0, "waste": False,
                 "title": ui("tip_start", lang, hex=space(board, h, lang))} for h in view.get("start_options", [])], []
    if pending.get("action") == "place_station":
        return [{"hex": o["hex"], "kind": "station", "title": ui("tip_station", lang, hex=space(board, o["hex"], lang))}
                for o in pending.get("options", [])], []
    if pending.get("action") != "lay_rail":
        return [], []
    targets = []
    for o in pending.get("options", []):
        cost, waste = int(o["cost"]), bool(o["waste"])
        # the name holds the cost as the space shows it ("free", "1+W"): heard as it is seen (WCAG 2.5.3)
        key = "tip_rail_waste" if waste else "tip_rail_free" if cost == 0 else "tip_rail"
        title = ui(key, lang, hex=space(board, o["hex"], lang), cost=cost)
        badge = ui("badge_waste", lang, cost=cost) if waste else ui("badge_free", lang) if cost == 0 else str(cost)
        targets.append({"hex": o["hex"], "kind": "rail", "cost": cost, "waste": waste, "title": title, "badge": badge})
    legal = {t["hex"] for t in targets}
    money = int(view.get("money", 0))
    nope = []
    for n, (cost, _waste) in sorted(state.rail_reach(viewer, list(view.get("modifiers", []))).items()):
        if n in legal:
            continue
        if cost > money:
            nope.append({"hex": n, "reason": ui("why_hex_cost", lang, hex=space(board, n, lang), cost=cost, money=money)})
        elif view["players"][viewer]["rails_left"] <= 0:
            nope.append({"hex": n, "reason": ui("why_no_rails", lang)})
    return targets, nope


def prompt_options(view: dict[str, Any], index: dict[str, int], lang: str = "en") -> list[dict[str, Any]]:
    """The options of the pending choice as buttons: label, action index, or a reason when not legal
    (the engine's words, ``say``, in ``lang``)."""
    pending = view.get("pending") or {}
    if not pending.get("options"):
        return []
    board = load_board(view["board"])
    names = [p["name"] for p in view.get("players", [])]

    def words(o: dict[str, Any], key: str = "say", english: str = "label") -> str:
        return engine_say(o.get(key, o.get(english, str(o["value"]))), lang, names, board)

    out = []
    for o in pending["options"]:
        key = f'hex:{o["value"]}' if pending.get("action") in ("lay_rail", "place_station") else f'opt:{o["value"]}'
        out.append({"label": words(o), "act": index.get(key), "reason": "", "value": o["value"]})
    for o in pending.get("unavailable", []):  # the engine says why a choice cannot be made
        out.append({"label": words(o), "act": None, "reason": words(o, "why_say", "why"), "value": o["value"]})
    return out


HAND_CHOICE_KINDS = frozenset({"discard", "discard_any", "copy_action", "gain_copy", "wagon_trash",
                               "to_deck", "discard_type", "discard_down", "trash_any"})
"""Pending choices whose options name a card in the chooser's hand."""


def hand_choices(view: dict[str, Any], index: dict[str, int]) -> dict[str, int]:
    """Card name -> action index, when the pending choice picks a card from the viewer's hand."""
    pending = view.get("pending") or {}
    if pending.get("kind") not in HAND_CHOICE_KINDS:
        return {}
    hand = {h["name"] for h in view.get("hand", [])}
    out = {}
    for o in pending.get("options", []):
        key = f'opt:{o["value"]}'
        if o["value"] in hand and key in index:
            out[o["value"]] = index[key]
    return out


# ---- scores ------------------------------------------------------------------------
def points_now(view: dict[str, Any], seat: int) -> int:
    """Points the seat has now: VP track + rails + VP cards (bought in the open, so public)."""
    p = view["players"][seat]
    return int(p.get("vp_track", 0)) + int(p.get("board_points", 0)) + int(p.get("card_vp", 0))


def score_rows(result: dict[str, Any]) -> list[dict[str, int]]:
    """Per player: points from cards, cities, remote locations, VP track, and the total (the engine's result)."""
    rows = []
    for seat, d in enumerate(result.get("details", [])):
        routes = int(d.get("route_points", 0))  # Rising Sun Route Bonus VP, part of the VP track
        rows.append({"cards": int(d.get("card_points", 0)), "cities": int(d.get("city_points", 0)),
                     "remote": int(d.get("remote_points", 0)), "routes": routes,
                     "track": int(d.get("vp_track", 0)) - routes, "total": int(result["scores"][seat]),
                     "rails": int(d.get("rails_on_board", 0))})
    return rows
