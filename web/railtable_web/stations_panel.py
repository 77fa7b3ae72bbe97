"""Trains & Stations at the table: the side panel as HTML strings (pure, CPython-tested).

Nothing here decides a rule. Every button that plays carries ``data-act="<i>"``, the index of one
of the engine's ``legal_actions(viewer)``; buttons that only change what the panel shows (how
many Bonus dice, which saved die keeps its face, which train die to place) carry ``data-ui``.
Player names are escaped everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import stations_svg as sv
from . import stations_text as tx
from .markup import escape

TRAIN_FACES = ("train", "locked")


@dataclass
class PanelState:
    """What the person has chosen on screen but not played yet (never an action by itself)."""

    key: str = ""  # which decision this belongs to (reset when the game moves to another one)
    bonus: int | None = None  # Step 1: Bonus dice to roll
    keep: list[bool] = field(default_factory=list)  # Step 1: per saved die, keep its face?
    train: tuple[str, bool] | None = None  # Step 3: the train die class to place next

    def reset_for(self, key: str) -> None:
        if key != self.key:
            self.key = key
            self.bonus = None
            self.keep = []
            self.train = None


def decision_key(view: dict[str, Any]) -> str:
    return f"{view.get('turn')}:{view.get('phase')}"


def _btn(index: int, action: dict[str, Any], label: str, cls: str = "") -> str:
    return (
        f'<button type="button" data-act="{index}" data-type="{escape(action["type"])}"'
        + (f' class="{cls}"' if cls else "") + f">{escape(label)}</button>"
    )


def keep_counts(saved: list[str], keep: list[bool]) -> dict[str, int]:
    """Step 1: the saved dice kept on their face, as the engine's ``keep`` counts."""
    out: dict[str, int] = {}
    for face, kept in zip(saved, keep, strict=False):
        if kept:
            out[face] = out.get(face, 0) + 1
    return out


def find_gather(legal: list[dict[str, Any]], bonus: int, keep: dict[str, int]) -> int | None:
    """The index of the legal ``gather`` with these choices, if there is one."""
    for i, a in enumerate(legal):
        if a["type"] == "gather" and a["bonus"] == bonus and a["keep"] == keep:
            return i
    return None


def place_index(legal: list[dict[str, Any]], train: tuple[str, bool] | None) -> dict[str, int]:
    """Step 3: open space -> index of the ``place`` action for the chosen train die class."""
    if train is None:
        return {}
    face, bonus = train
    return {
        a["space"]: i
        for i, a in enumerate(legal)
        if a["type"] == "place" and a["face"] == face and a["bonus"] == bonus
    }


def train_classes(legal: list[dict[str, Any]]) -> list[tuple[str, bool]]:
    seen: list[tuple[str, bool]] = []
    for a in legal:
        if a["type"] == "place" and (a["face"], a["bonus"]) not in seen:
            seen.append((a["face"], a["bonus"]))
    return seen


def _die_button(face: str, owner: int, attrs: str, cls: str, caption: str = "") -> str:
    cap = f'<span class="die-caption">{escape(caption)}</span>' if caption else ""
    return f'<button type="button" class="tray-die {cls}"{attrs}>{sv.die_icon(face, owner)}{cap}</button>'


def tray_html(view: dict[str, Any], legal: list[dict[str, Any]], ui: PanelState, lang: str) -> str:
    """The dice being rolled or resolved; clickable where a legal action (or a choice) goes with them."""
    active = int(view["active"])
    phase = view["phase"]
    index: dict[tuple[str, str, bool], int] = {}
    for i, a in enumerate(legal):
        if a["type"] in ("select", "unselect"):
            index[(a["type"], a["face"], a["bonus"])] = i
    trains = train_classes(legal)
    out = []
    for d in view.get("tray", []):
        face, bonus, selected = str(d["face"]), bool(d["bonus"]), bool(d["selected"])
        owner = -1 if bonus else active
        title = escape(tx.term("face." + face, lang))
        if phase == "roll":
            kind = "unselect" if selected else "select"
            i = index.get((kind, face, bonus))
            cls = ("selected " if selected else "") + ("clickable" if i is not None else "")
            attrs = f' title="{title}"' + (f' data-act="{i}" data-type="{kind}"' if i is not None else " disabled")
            out.append(_die_button(face, owner, attrs, cls))
        elif phase == "resolve" and (face, bonus) in trains:
            chosen = ui.train == (face, bonus)
            attrs = f' title="{title}" data-ui="train:{face}:{int(bonus)}"'
            out.append(_die_button(face, owner, attrs, "clickable" + (" chosen" if chosen else "")))
        else:
            out.append(_die_button(face, owner, f' title="{title}" disabled', ""))
    return '<div class="st-tray" id="st-tray">' + "".join(out) + "</div>"


def controls_html(
    view: dict[str, Any], legal: list[dict[str, Any]], ui: PanelState, lang: str, names: list[str]
) -> str:
    """The prompt, the dice tray and the buttons of the current step, for the viewer."""
    phase = view["phase"]
    pending = view.get("pending", {})
    out: list[str] = []
    if view.get("struck") and phase in ("roll", "resolve"):
        out.append(f'<div class="st-strike" id="st-strike">{escape(tx.ui("strike", lang))}</div>')
    if not legal:
        if view.get("tray") and phase in ("roll", "resolve"):
            out.append(tray_html(view, [], ui, lang))
        return "".join(out)
    by_type: dict[str, list[int]] = {}
    for i, a in enumerate(legal):
        by_type.setdefault(a["type"], []).append(i)

    def buttons(kind: str, cls: str = "") -> str:
        return "".join(_btn(i, legal[i], tx.action_label(legal[i], lang, names), cls) for i in by_type.get(kind, []))

    def prompt(text: str) -> None:
        out.append(f'<p class="st-prompt">{escape(text)}</p>')

    if phase == "keep":
        prompt(tx.ui("keep_prompt", lang))
        me = view.get("me") or {}
        cards = {int(c["id"]): c for c in me.get("power", [])}
        for i in by_type.get("return_power", []):
            card = cards.get(int(legal[i]["card"]))
            text = tx.card_text(card, lang) if card else str(legal[i]["card"])
            out.append(
                f'<div class="st-actions"><span class="power-card">{escape(text)}</span>'
                + _btn(i, legal[i], tx.term("action.return_power", lang))
                + "</div>"
            )
    elif phase == "gather":
        saved = [str(f) for f in pending.get("saved", [])]
        lo, hi = int(pending.get("bonus_min", 0)), int(pending.get("bonus_max", 0))
        if len(ui.keep) != len(saved):
            ui.keep = [True] * len(saved)
        if ui.bonus is None or not lo <= ui.bonus <= hi:
            ui.bonus = lo
        if by_type.get("gather"):
            prompt(tx.ui("gather_prompt", lang, own=pending.get("own_dice", 0)))
            if hi > 0:
                opts = "".join(
                    f'<button type="button" data-ui="bonus:{k}" class="{"on" if k == ui.bonus else ""}">{k}</button>'
                    for k in range(lo, hi + 1)
                )
                out.append(
                    f'<div class="st-actions">{escape(tx.ui("bonus_choice", lang, held=hi))} '
                    f'<span class="st-count" id="st-bonus">{opts}</span></div>'
                )
            if saved:
                prompt(tx.ui("saved_choice", lang))
                active = int(view["active"])
                dice = "".join(
                    _die_button(f, active, f' data-ui="keep:{j}"', "clickable " + ("kept" if k else "rolled"),
                                tx.ui("kept" if k else "rolled", lang))
                    for j, (f, k) in enumerate(zip(saved, ui.keep, strict=False))
                )
                out.append(f'<div class="st-tray">{dice}</div>')
            i = find_gather(legal, ui.bonus, keep_counts(saved, ui.keep))
            if i is None:
                out.append(f'<p class="muted">{escape(tx.ui("no_option", lang))}</p>')
            else:
                out.append('<div class="st-actions">' + _btn(i, legal[i], tx.term("action.gather", lang), "primary")
                           + "</div>")
        if by_type.get("reclaim"):
            i = by_type["reclaim"][0]
            me = view["players"][int(view["active"])]
            prompt(tx.ui("reclaim_note", lang, n=me.get("dice_on_board", 0)))
            out.append('<div class="st-actions">' + buttons("reclaim") + "</div>")
    elif phase == "roll":
        prompt(tx.ui("roll_prompt", lang) if pending.get("can_reroll") else tx.ui("roll_no_coin", lang))
        out.append(tray_html(view, legal, ui, lang))
        out.append('<div class="st-actions">' + buttons("reroll", "primary") + buttons("stop") + "</div>")
    elif phase == "resolve":
        trains = train_classes(legal)
        if trains and ui.train not in trains:
            ui.train = trains[0]
        if not trains:
            ui.train = None
        n_trains = sum(1 for d in view.get("tray", []) if d["face"] in TRAIN_FACES)
        if trains:
            prompt(tx.ui("resolve_prompt", lang))
            prompt(tx.ui("trains_left", lang, n=n_trains))
        else:
            prompt(tx.ui("resolve_more", lang))
        out.append(tray_html(view, legal, ui, lang))
        for bt in ("ranch", "mine", "hotel"):
            idx = [i for i in by_type.get("build", []) if legal[i]["building"] == bt]
            if idx:
                label = tx.ui("build_at", lang, building=tx.term("building." + bt, lang))
                out.append(
                    f'<div class="st-actions build-row">{sv.building_icon(bt)} {escape(label)} '
                    + "".join(_btn(i, legal[i], tx.action_label(legal[i], lang, names)) for i in idx)
                    + "</div>"
                )
        extra = buttons("cash") + buttons("save")
        if extra:
            out.append(f'<div class="st-actions">{extra}</div>')
        if by_type.get("done"):
            out.append('<div class="st-actions">' + buttons("done", "primary") + "</div>")
    elif phase == "order":
        prompt(tx.ui("order_prompt", lang))
        out.append('<div class="st-actions">' + buttons("deliver") + "</div>")
    elif phase == "tie":
        prompt(tx.ui("tie_prompt", lang, route=tx.term("route." + str(pending.get("route")), lang)))
        out.append('<div class="st-actions">' + buttons("tie") + "</div>")
    elif phase == "goods":
        bt = str(pending.get("building"))
        prompt(tx.ui("goods_prompt", lang, left=pending.get("left", 0),
                     goods=tx.term("goods." + str(pending.get("goods")), lang), building=tx.term("building." + bt, lang)))
        owed = pending.get("owed", [])
        out.append('<div class="st-actions">' + "".join(
            _btn(i, legal[i], tx.action_label(legal[i], lang, names) + f" ({tx.ui('owed', lang, n=owed[legal[i]['to']])})")
            for i in by_type.get("give_goods", [])) + "</div>")
    elif phase == "upgrade":
        prompt(tx.ui("upgrade_prompt", lang))
        out.append('<div class="st-actions">' + buttons("upgrade") + "</div>")
    elif phase == "speculate":
        prompt(tx.ui("spec_prompt", lang, goods=tx.term("goods." + str(pending.get("goods")), lang)))
        offer = pending.get("my_offer") or {"goods": {}, "cards": []}
        out.append(f'<p class="st-prompt" id="st-offer"><b>{escape(tx.ui("spec_offer", lang, offer=tx.offer_text(offer, lang)))}</b></p>')
        out.append('<div class="st-actions">' + buttons("offer_goods") + buttons("offer_card") + "</div>")
        out.append('<div class="st-actions">' + buttons("clear_offer") + buttons("confirm", "primary") + "</div>")
    elif phase == "spec_award":
        prompt(tx.ui("award_prompt", lang, goods=tx.term("goods." + str(pending.get("goods")), lang)))
        owed = pending.get("owed", [])
        out.append('<div class="st-actions">' + "".join(
            _btn(i, legal[i], tx.action_label(legal[i], lang, names) + f" ({tx.ui('owed', lang, n=owed[legal[i]['to']])})")
            for i in by_type.get("award", [])) + "</div>")
    else:
        prompt(tx.ui("no_choice", lang))
        out.append('<div class="st-actions">' + "".join(
            _btn(i, a, tx.action_label(a, lang, names)) for i, a in enumerate(legal)) + "</div>")
    return "".join(out)


def step_title(view: dict[str, Any], lang: str) -> str:
    phase = view["phase"]
    if phase in ("speculate", "spec_award"):
        return tx.term("step.speculation", lang)
    if phase == "over":
        return tx.term("step.over", lang)
    step = (view.get("pending") or {}).get("step")
    return tx.term(f"step.{step}", lang) if step is not None else ""


def banner_text(view: dict[str, Any], viewer: int | None, bots: list[bool], lang: str) -> tuple[str, bool]:
    """Whose move it is, in words; and whether it is the viewer's."""
    names = [p["name"] for p in view["players"]]
    acting = list(view.get("to_act", []))
    if view["phase"] == "over":
        return tx.ui("game_over", lang), False
    if viewer is not None and viewer in acting:
        return tx.ui("your_turn", lang), True
    confirmed = (view.get("pending") or {}).get("confirmed") or []
    if view["phase"] == "speculate" and viewer is not None and viewer < len(confirmed) and confirmed[viewer]:
        return tx.ui("spec_done", lang) + " " + tx.ui("spec_wait", lang), False
    if len(acting) > 1:
        return tx.ui("waiting_many", lang, names=", ".join(names[q] for q in acting)), False
    if len(acting) == 1:
        q = acting[0]
        return tx.ui("bot_playing" if bots[q] else "waiting_for", lang, name=names[q]), False
    return "", False


def players_html(view: dict[str, Any], bots: list[bool], lang: str, kinds: list[str] | None = None) -> str:
    rows = []
    active = view.get("active")
    over = view["phase"] == "over"
    for p in view["players"]:
        seat = int(p["seat"])
        colour = sv.colour_of(seat)
        conductor = f' · {escape(tx.ui("conductor_mark", lang))}' if p.get("conductor") else ""
        blds = "".join(
            f'<span class="bld" title="{escape(tx.term("building." + bt, lang))}">{sv.building_icon(bt, 14)}'
            f'{int(p["buildings_left"].get(bt, 0))}</span>'
            for bt in ("ranch", "mine", "hotel")
        )
        saved = "".join(sv.die_icon(f, seat, 16) for f in p.get("dice_saved", []))
        missions = "".join(
            f'<span class="mission">✓ {escape(tx.card_text(c, lang))}</span>' for c in p.get("missions", [])
        )
        rows.append(
            f'<div class="st-player{" active" if seat == active and not over else ""}" data-seat="{seat}">'
            f'<span class="swatch" style="background:{colour}"></span>'
            f'<span class="pname">{escape(p["name"])}</span>'
            f'<span class="pvp">{escape(tx.ui("vp_n", lang, n=p["vp"]))}</span>'
            f'<span class="pinfo"><span>{escape(kinds[seat] if kinds else tx.ui("bot" if bots[seat] else "human", lang))}{conductor}</span>'
            f'<span>{escape(tx.ui("coins_n", lang, n=p["coins"]))}</span>'
            f'<span>{escape(tx.ui("dice_supply_n", lang, n=p["dice_supply"]))}</span>'
            f'<span>{escape(tx.ui("dice_board_n", lang, n=p["dice_on_board"]))}</span>'
            f'<span>{escape(tx.ui("bonus_held_n", lang, n=p["bonus_dice"]))}</span>'
            f'<span title="{escape(tx.ui("buildings_left", lang))}">{blds}</span>'
            + (f'<span title="{escape(tx.ui("dice_saved", lang))}">{saved}</span>' if saved else "")
            + missions
            + "</span></div>"
        )
    return "".join(rows)


def hand_html(view: dict[str, Any], lang: str, hidden: bool) -> str:
    me = view.get("me")
    if not me:
        return f'<p class="muted">{escape(tx.ui("hidden_hand" if hidden else "spectator", lang))}</p>'
    goods = "".join(
        f'<span class="goods-card" data-goods="{escape(g)}">{escape(tx.term("goods." + g, lang))} ×{n}</span>'
        for g, n in me.get("goods", {}).items() if n
    ) or f'<span class="muted">{escape(tx.ui("none", lang))}</span>'
    power = "".join(
        f'<div class="power-card" data-card="{int(c["id"])}">{escape(tx.card_text(c, lang))}</div>' for c in me.get("power", [])
    ) or f'<span class="muted">{escape(tx.ui("none", lang))}</span>'
    return (
        f'<div class="st-hand-goods"><b>{escape(tx.ui("my_goods", lang))}</b><div class="goods-list">{goods}</div></div>'
        f'<div class="st-hand-power"><b>{escape(tx.ui("my_power", lang))}</b>{power}</div>'
    )


def supply_html(view: dict[str, Any], lang: str) -> str:
    parts = [
        tx.ui("round_n", lang, n=view.get("round", 0)),
        tx.ui("vp_stack_n", lang, n=view.get("vp_stack", 0)),
        tx.ui("pool_n", lang, n=view.get("bonus_pool", 0)),
        tx.ui("bank_n", lang, n=view.get("bank", 0)),
        tx.ui("deck_n", lang, n=view.get("power_deck", 0)),
    ]
    html = "".join(f"<span>{escape(p)}</span>" for p in parts)
    if view.get("endgame") and view["phase"] != "over":
        html += f'<span class="endgame"><b>{escape(tx.ui("endgame_note", lang))}</b></span>'
    return html


# ---- what happened: Deliveries step by step, Speculation revealed -----------------------------
DELIVERY_KEYS = {
    "completion_vp": 1, "majority": 2, "tie": 2, "bonus_vp": 2, "bonus_die": 2, "draw_power": 2,
    "draw_power_private": 2, "no_power": 2, "goods": 3, "goods_private": 3, "goods_vp": 3, "mission": 4,
}
SPEC_KEYS = {"spec_trade", "spec_get", "spec_vp"}


def summary_sections(events: list[list[Any]], earlier: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Group new log events into Deliveries (with the dice that were on the route, as the engine's
    ``delivery`` event counts them: the "why" of the Majority Bonus) and revealed Speculations.
    Other events are left to the log.

    ``earlier`` are the sections not shown yet: a Delivery interrupted by a decision (a tie, Goods
    to hand out) goes on in its own section. Returns ``earlier`` extended.
    """
    out: list[dict[str, Any]] = earlier if earlier is not None else []
    current: dict[str, Any] | None = out[-1] if out else None
    for ev in events:
        key, params = str(ev[0]), dict(ev[1])
        if key == "delivery":
            route = str(params["route"])
            counts = {q: int(n) for q, n in enumerate(params.get("dice", [])) if n}
            if params.get("white"):
                counts[-1] = int(params["white"])
            current = {"kind": "delivery", "route": route, "stations": list(params.get("stations", [])),
                       "counts": counts, "steps": {1: [], 2: [], 3: [], 4: []}}
            out.append(current)
        elif current is not None and current["kind"] == "delivery" and key in DELIVERY_KEYS:
            current["steps"][DELIVERY_KEYS[key]].append([key, params])
        elif key in SPEC_KEYS:
            if current is None or current["kind"] != "spec":
                current = {"kind": "spec", "lines": []}
                out.append(current)
            current["lines"].append([key, params])
        else:
            current = None
    return out


def summary_html(sections: list[dict[str, Any]], names: list[str], lang: str) -> str:
    """The sections as HTML: each Delivery in its rulebook steps, with who got what and why."""
    parts = [f'<div class="st-summary"><h2>{escape(tx.ui("summary_title", lang))}</h2>']
    for sec in sections:
        if sec["kind"] == "delivery":
            stations = ", ".join(tx.term("station." + s, lang) for s in sec["stations"])
            parts.append(
                f'<h3 class="delivery-title">{escape(tx.ui("delivery_title", lang, route=tx.term("route." + sec["route"], lang)))}</h3>'
                f'<p class="why">{escape(tx.ui("delivery_stations", lang, stations=stations))}</p><ol>'
            )
            counts = sec["counts"]
            why = [tx.ui("dice_on_route" if n > 1 else "die_on_route", lang, name=names[q], n=n)
                   for q, n in sorted(counts.items()) if q >= 0]
            if counts.get(-1):
                why.append(tx.ui("white_on_route", lang, n=counts[-1]))
            heads = {1: "d_completion", 2: "d_majority", 3: "d_goods", 4: "d_missions"}
            for step in (1, 2, 3, 4):
                lines = sec["steps"][step]
                if step == 4 and not lines:
                    continue
                items = "".join(f"<li>{escape(tx.event_text(ev, lang, names))}</li>" for ev in lines)
                if step == 2 and why:
                    items = f'<li class="why">{escape("; ".join(why))}</li>' + items
                if not items:
                    items = f'<li class="muted">{escape(tx.ui("nothing_here", lang))}</li>'
                parts.append(f'<li><b>{escape(tx.ui(heads[step], lang))}</b><ul>{items}</ul></li>')
            parts.append(f'<li><b>{escape(tx.ui("d_reclaim", lang))}</b></li></ol>')
        else:
            items = "".join(f"<li>{escape(tx.event_text(ev, lang, names))}</li>" for ev in sec["lines"])
            parts.append(f'<h3 class="spec-title">{escape(tx.ui("spec_title", lang))}</h3><ul>{items}</ul>')
    parts.append("</div>")
    return "".join(parts)


def result_html(result: dict[str, Any], names: list[str], lang: str) -> str:
    """End of the game: the winner(s) and every player's score, line by line."""
    winners = [int(w) for w in result.get("winners", [])]
    who = ", ".join(names[w] for w in winners)
    head = tx.ui("result_share" if len(winners) > 1 else "result_wins", lang, names=who)
    rows = [
        "<tr><td></td>"  # the corner: no header over the row labels (axe: empty-table-header)
        + "".join(f"<th>{escape(n)}</th>" for n in names)
        + "</tr>"
    ]
    breakdown = result.get("breakdown", [])

    def row(label: str, values: list[str], cls: str = "") -> str:
        return f'<tr class="{cls}"><th>{escape(label)}</th>' + "".join(f"<td>{escape(v)}</td>" for v in values) + "</tr>"

    rows.append(row(tx.term("score.vp_cards", lang), [str(b["vp_cards"] + b.get("paper", 0)) for b in breakdown]))
    rows.append(row(tx.term("score.missions", lang), [str(b["missions"]) for b in breakdown]))
    rows.append(row(tx.term("score.monopolies", lang), [
        str(sum(b["monopolies"].values()))
        + (" (" + ", ".join(tx.term("goods." + g, lang) for g in b["monopolies"]) + ")" if b["monopolies"] else "")
        for b in breakdown
    ]))
    rows.append(row(tx.ui("gold", lang), [str(b["goods"].get("gold", 0)) for b in breakdown]))
    rows.append(row(tx.term("score.total", lang), [str(s) for s in result.get("scores", [])], "total"))
    return (
        f'<div class="st-result"><h2 id="final-result">{escape(head)}</h2>'
        f'<table class="st-scores">{"".join(rows)}</table></div>'
    )
