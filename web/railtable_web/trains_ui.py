"""What the Trains table shows, worked out from the engine's view and legal actions (no DOM here).

The table never builds an action: every button or space carries the index of one of
``legal_actions(viewer)``. This module groups those actions by what a person clicks (a card in
hand, a supply pile, a space on the board, an option of a prompt) and, for options that are
not legal, says why in words (the engine lists only legal actions; the reasons here are derived
from the public view and the engine's own queries, never decide legality).
"""

from __future__ import annotations

from html import escape
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
    kingdom_names,
    presets,
)

from .trains_svg import hex_label
from .trains_text import card_text

BOARDS = [("tokyo", "Tokyo"), ("osaka", "Osaka")]


# ---- lobby -----------------------------------------------------------------------
def lobby_options_html(settings: dict[str, Any]) -> str:
    """Board, kingdom (random, a recommended set, or picked card by card)."""
    board = str(settings.get("trains_board", "tokyo"))
    kingdom = str(settings.get("trains_kingdom", "random"))
    picked = set(settings.get("trains_picked", []) or [])
    board_opts = "".join(
        f'<option value="{b}"{" selected" if b == board else ""}>{label}</option>' for b, label in BOARDS)
    k_opts = [("random", "Random (8 cards)")] + [(k, f'Recommended: {p["label"]}') for k, p in presets().items()]
    k_opts.append(("pick", "Pick the cards myself"))
    kingdom_opts = "".join(
        f'<option value="{escape(k)}"{" selected" if k == kingdom else ""}>{escape(label)}</option>' for k, label in k_opts)
    boxes = "".join(
        f'<label class="pick-card" title="{escape(card_text(n), quote=True)}"><input type="checkbox" name="trains-pick" '
        f'value="{escape(n, quote=True)}"{" checked" if n in picked else ""}>'
        f'<span>{escape(n)}</span> <small>{card(n).cost}</small></label>'
        for n in sorted(kingdom_names())
    )
    sets = "".join(
        f'<li><b>{escape(p["label"])}</b>: {escape(", ".join(p["cards"]))}</li>' for p in presets().values())
    return (
        '<fieldset class="trains-options"><legend>Trains</legend>'
        f'<label>Board <select id="trains-board" aria-label="Board">{board_opts}</select></label> '
        f'<label>Supply <select id="trains-kingdom" aria-label="Kingdom">{kingdom_opts}</select></label>'
        '<div class="trains-picker"><p class="muted">Tick up to 8 cards; missing ones are drawn at random.</p>'
        f'<div class="pick-grid">{boxes}</div></div>'
        f'<details class="trains-sets"><summary>Recommended sets</summary><ul>{sets}</ul></details>'
        "</fieldset>"
    )


def kingdom_config(choice: str, picked: list[str]) -> str | list[str]:
    """The engine's ``kingdom`` option for a lobby choice."""
    if choice == "pick":
        return [n for n in picked if n in kingdom_names()]
    if choice in presets():
        return choice
    return "random"


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


def card_html(name: str, extra_cls: str = "", attrs: str = "", count: int | None = None) -> str:
    """One card as DOM: cost, name, types, text, money and VP (``count`` for a supply pile)."""
    c = card(name)
    kind = card_kind(name)
    types = " · ".join(c.types)
    text = card_text(name)
    money = f'<span class="tc-money" title="money">{c.money}</span>' if c.money else ""
    vp = f'<span class="tc-vp" title="victory points">{c.vp} VP</span>' if c.vp else ""
    act = '<span class="tc-act" title="Action: its effect is optional">A</span> ' if c.is_(ACTION) else ""
    cost = "" if name == WASTE else f'<span class="tc-cost" title="cost">{c.cost}</span>'
    pile = f'<span class="tc-count" title="cards left in the pile">×{count}</span>' if count is not None else ""
    return (
        f'<div class="tcard k-{kind}{(" " + extra_cls) if extra_cls else ""}" data-card="{escape(name, quote=True)}"{attrs}>'
        f'<div class="tc-head">{cost}<span class="tc-name">{escape(name)}</span></div>'
        f'<div class="tc-types">{act}{escape(types)}</div>'
        f'<div class="tc-text">{escape(text)}</div>'
        f'<div class="tc-foot">{money}{vp}{pile}</div></div>'
    )


def turn_block(view: dict[str, Any], viewer: int | None) -> str | None:
    """Why the viewer can do nothing with their cards right now (None if they can)."""
    if viewer is None:
        return "hidden: pass the device"
    if view.get("phase") == "over":
        return "the game is over"
    if viewer not in view.get("to_act", []):
        return "wait for your turn"
    pending = view.get("pending")
    if pending:
        return f"first finish: {pending.get('prompt', 'the card effect')}"
    if view.get("phase") == "start_rails":
        return "first place your starting rail on the board"
    return None


def hand_entries(state: Any, view: dict[str, Any], viewer: int | None, index: dict[str, int]) -> list[dict[str, Any]]:
    """Each card in the viewer's hand with what a click does, or why it cannot be played."""
    hand = view.get("hand", [])
    block = turn_block(view, viewer)
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
            reason = "Waste cannot be played"
        elif not c.playable:
            reason = "victory point cards cannot be played; they count at the end"
        elif c.effect and viewer is not None:
            blocked = state.effect_blocker(viewer, cid)
            if blocked is not None:
                reason = blocked["why"] + (" (you may play it for its money only)" if decline is not None
                                           else " (playing it gives only its money)")
        out.append({"id": cid, "name": name, "play": play, "decline": decline if c.effect else None,
                    "has_effect": bool(c.effect), "reason": reason, "general": general})
    return out


def supply_entries(view: dict[str, Any], viewer: int | None, index: dict[str, int]) -> list[dict[str, Any]]:
    """Each supply pile: count, cost, buy action(s) or why it cannot be bought now."""
    block = turn_block(view, viewer)
    money = int(view.get("money", 0))
    out = []
    for pile in view.get("supply", []):
        name, count, cost = pile["name"], pile["count"], pile["cost"]
        buy = index.get(f"buy:{name}")
        reason = ""
        general = False
        if name == WASTE:
            reason = "Waste cannot be bought"
        elif count == 0:
            reason = "this pile is empty"
        elif block:
            reason, general = block, True
        elif cost > money:
            reason = f"costs {cost}; you have {money} money"
        elif buy is None:
            reason = "cannot be bought now"
        out.append({"name": name, "count": count, "cost": cost, "buy": buy,
                    "to_deck": index.get(f"buydeck:{name}"), "affordable": buy is not None, "reason": reason,
                    "general": general})
    return out


def rail_targets(state: Any, view: dict[str, Any], viewer: int | None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Clickable spaces for the pending choice or starting rail, and nearby spaces that are not legal (with why)."""
    if viewer is None or viewer not in view.get("to_act", []):
        return [], []
    board = load_board(view["board"])
    pending = view.get("pending") or {}
    if view.get("phase") == "start_rails" and not pending:
        return [{"hex": h, "kind": "start", "cost": 0, "waste": False,
                 "title": f"Place your starting rail on {hex_label(board, h)}"} for h in view.get("start_options", [])], []
    if pending.get("action") == "place_station":
        return [{"hex": o["hex"], "kind": "station", "title": f"Place a station on {o['label']}"}
                for o in pending.get("options", [])], []
    if pending.get("action") != "lay_rail":
        return [], []
    targets = []
    for o in pending.get("options", []):
        cost, waste = int(o["cost"]), bool(o["waste"])
        title = f"Lay a rail on {hex_label(board, o['hex'])}: {cost} money" + (" and 1 Waste" if waste else "")
        targets.append({"hex": o["hex"], "kind": "rail", "cost": cost, "waste": waste, "title": title})
    legal = {t["hex"] for t in targets}
    money = int(view.get("money", 0))
    nope = []
    for n, (cost, _waste) in sorted(state.rail_reach(viewer, list(view.get("modifiers", []))).items()):
        if n in legal:
            continue
        if cost > money:
            nope.append({"hex": n, "reason": f"{hex_label(board, n)} costs {cost}; you have {money} money"})
        elif view["players"][viewer]["rails_left"] <= 0:
            nope.append({"hex": n, "reason": "you have no rails left"})
    return targets, nope


def prompt_options(view: dict[str, Any], index: dict[str, int]) -> list[dict[str, Any]]:
    """The options of the pending choice as buttons: label, action index, or a reason when not legal."""
    pending = view.get("pending") or {}
    if not pending.get("options"):
        return []
    out = []
    for o in pending["options"]:
        key = f'hex:{o["value"]}' if pending.get("action") in ("lay_rail", "place_station") else f'opt:{o["value"]}'
        out.append({"label": o.get("label", str(o["value"])), "act": index.get(key), "reason": "",
                    "value": o["value"]})
    for o in pending.get("unavailable", []):  # the engine says why a choice cannot be made
        out.append({"label": o["label"], "act": None, "reason": o["why"], "value": o["value"]})
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
