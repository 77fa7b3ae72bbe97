"""Trains & Stations drawn as SVG by pure functions (strings in, strings out; CPython-tested).

The board is this project's design (docs/sources.md#trains-and-stations; the engine's board data,
``railtable.stations.data.board_layout``, gives Stations, routes and their spaces with drawing
coordinates on a 1000x640 map, one board per rules version). The six die faces are drawn here, our
own pictures: Coin, Hotel, Mine, Ranch, Locked Train, Train. Player dice are in the player's
colour with a white picture; white Bonus dice have a dark picture. Names are escaped: they are
text, never markup.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from railtable.stations.data import RULES_VERSION, board_layout

from . import stations_text as tx
from .keys import target_attrs
from .markup import escape, split_even
from .session import PLAYER_COLOURS


@dataclass(frozen=True)
class Layout:
    """The drawing data of one rules version's board (read once, by the engine's data module)."""

    width: int
    height: int
    stations: dict[str, dict[str, Any]]
    spaces: dict[str, dict[str, Any]]
    routes: dict[str, dict[str, Any]]


@lru_cache(maxsize=4)
def layout(rules: int = RULES_VERSION) -> Layout:
    raw = board_layout(rules)
    return Layout(
        width=int(raw["width"]),
        height=int(raw["height"]),
        stations={s["id"]: s for s in raw["stations"]},
        spaces={sp["id"]: dict(sp, route=r["id"]) for r in raw["routes"] for sp in r["spaces"]},
        routes={r["id"]: r for r in raw["routes"]},
    )


SPACE = 30.0
"""Side of a route space (the die on it is a little smaller)."""
STATION_R = 24.0
SLOT = 16.0
SLOT_GAP = 4.0
WHITE = "#ffffff"
DARK = "#231f1a"

# ---- the six die faces: pictures in a 100x100 box, drawn in currentColor ----------------------
_TRAIN = (
    '<path fill-rule="evenodd" d="M16 24 H44 V40 H76 V28 H68 V20 H80 V40 H84 V70 L92 78 H16 Z '
    'M23 31 H37 V43 H23 Z"/>'
    '<circle cx="30" cy="80" r="9"/><circle cx="52" cy="80" r="9"/><circle cx="74" cy="80" r="7"/>'
)
FACE_GLYPHS: dict[str, str] = {
    "coin": (
        '<circle cx="50" cy="50" r="32" fill="none" stroke="currentColor" stroke-width="8"/>'
        '<path d="M61 36 Q50 28 40 34 Q32 40 42 47 L58 53 Q68 59 59 66 Q49 72 38 64" fill="none" '
        'stroke="currentColor" stroke-width="7" stroke-linecap="round"/>'
        '<path d="M50 22 V78" stroke="currentColor" stroke-width="6" stroke-linecap="round"/>'
    ),
    "hotel": (
        '<path fill-rule="evenodd" d="M26 22 H74 V84 H26 Z M34 30 H46 V42 H34 Z M54 30 H66 V42 H54 Z '
        'M34 50 H46 V62 H34 Z M54 50 H66 V62 H54 Z M43 70 H57 V84 H43 Z"/>'
        '<rect x="36" y="12" width="28" height="7" rx="2"/>'
    ),
    "mine": (
        '<path fill-rule="evenodd" d="M14 84 V52 A36 36 0 0 1 86 52 V84 Z M30 84 V54 A20 20 0 0 1 70 54 V84 Z"/>'
        '<path d="M34 62 L66 62 M50 48 L50 84" stroke="currentColor" stroke-width="5"/>'
    ),
    "ranch": (
        '<path fill-rule="evenodd" d="M14 86 V46 L50 16 L86 46 V86 Z M36 86 V58 H64 V86 Z M44 32 H56 V44 H44 Z"/>'
        '<path d="M36 58 L64 86 M64 58 L36 86" stroke="currentColor" stroke-width="5"/>'
    ),
    "train": _TRAIN,
    "locked": (
        f'<g transform="translate(0 22) scale(0.72)">{_TRAIN}</g>'
        '<path d="M64 36 V27 A11 11 0 0 1 86 27 V36" fill="none" stroke="currentColor" stroke-width="6"/>'
        '<rect x="58" y="35" width="34" height="26" rx="4"/>'
    ),
}


def colour_of(owner: int) -> str:
    """A die's or Building's fill: the player's colour, white for a Bonus die (owner -1)."""
    return WHITE if owner < 0 else PLAYER_COLOURS[owner % len(PLAYER_COLOURS)]


def glyph(face: str, colour: str, x: float, y: float, size: float) -> str:
    """The picture of ``face`` in a ``size`` box at (x, y)."""
    k = size / 100
    return f'<g transform="translate({x:.1f} {y:.1f}) scale({k:.3f})" color="{colour}" fill="{colour}">{FACE_GLYPHS[face]}</g>'


def die_svg(face: str, owner: int, x: float, y: float, size: float, cls: str = "", attrs: str = "") -> str:
    """A die showing ``face`` with its top-left corner at (x, y). ``owner`` -1 is a white Bonus die."""
    fill = colour_of(owner)
    ink = DARK if owner < 0 else WHITE
    title = escape(face)
    return (
        f'<g class="die face-{title}{" " + cls if cls else ""}"{attrs}>'
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" rx="{size * 0.18:.1f}" '
        f'fill="{fill}" stroke="{DARK}" stroke-width="1.2"/>'
        + glyph(face, ink, x + size * 0.12, y + size * 0.12, size * 0.76)
        + "</g>"
    )


def die_icon(face: str, owner: int, size: int = 44) -> str:
    """A die as a standalone inline SVG (for the tray and the hands)."""
    return (
        f'<svg class="die-icon" viewBox="0 0 {size} {size}" width="{size}" height="{size}" aria-hidden="true">'
        + die_svg(face, owner, 1, 1, size - 2)
        + "</svg>"
    )


def building_icon(building: str, size: int = 22, colour: str = DARK) -> str:
    return (
        f'<svg class="bld-icon" viewBox="0 0 100 100" width="{size}" height="{size}" aria-hidden="true">'
        + glyph(building, colour, 0, 0, 100)
        + "</svg>"
    )


# ---- the board ------------------------------------------------------------------------------
def slot_positions(station: str, rules: int = RULES_VERSION) -> list[tuple[float, float]]:
    """Top-left corners of a Station's building locations, on the side the board data gives
    (``slot_side``: below, right or left of the Station, clear of its route spaces)."""
    st = layout(rules).stations[station]
    n = int(st["slots"])
    side = st.get("slot_side", "below")
    length = n * SLOT + (n - 1) * SLOT_GAP
    if side in ("right", "left"):
        x0 = st["x"] + STATION_R + 6 if side == "right" else st["x"] - STATION_R - 6 - SLOT
        y0 = st["y"] - length / 2
        return [(x0, y0 + i * (SLOT + SLOT_GAP)) for i in range(n)]
    x0 = st["x"] - length / 2
    y0 = st["y"] + STATION_R + 4
    return [(x0 + i * (SLOT + SLOT_GAP), y0) for i in range(n)]


def _bonus_badge(st: dict[str, Any], lang: str) -> str:
    """The Station's majority bonus, drawn inside its circle."""
    x, y = st["x"], st["y"]
    kind = st["bonus"]["kind"]
    amount = int(st["bonus"]["amount"])
    title = escape(tx.term(f"bonus.{kind}", lang))
    if kind == "vp":
        body = (
            f'<text class="bonus-vp" x="{x}" y="{y + 2}">+{amount}</text>'
            f'<text class="bonus-vp-unit" x="{x}" y="{y + 13}">{escape(tx.term("term.vp", lang))}</text>'
        )
    elif kind == "bonus_die":
        body = die_svg("train", -1, x - 11, y - 11, 22, "bonus-die-badge")
    else:  # a Power card
        body = (
            f'<rect class="power-badge" x="{x - 9}" y="{y - 13}" width="18" height="26" rx="3"/>'
            f'<text class="power-badge-text" x="{x}" y="{y + 5}">P</text>'
        )
    return f'<g class="bonus bonus-{kind}"><title>{title}</title>{body}</g>'


STATIC_PIECES = 3
"""A table draws the board's background in this many pieces, each in a task of its own (issue 34)."""


def board_static_svg(lang: str = "en", rules: int = RULES_VERSION) -> str:
    """The parts that never change: the map, track lines, route spaces, Stations and their bonuses."""
    return "".join(board_static_pieces(lang, rules))


def board_static_pieces(lang: str = "en", rules: int = RULES_VERSION, pieces: int = STATIC_PIECES) -> list[str]:
    """:func:`board_static_svg` in ``pieces`` parts, in drawing order."""
    lay = layout(rules)
    width, height, station_at, space_at = lay.width, lay.height, lay.stations, lay.spaces
    out = [
        f'<rect class="map" x="4" y="4" width="{width - 8}" height="{height - 8}" rx="18"/>',
    ]
    lines = []
    seen: set[tuple[str, str]] = set()
    for r in lay.routes.values():
        for sp in r["spaces"]:
            for nxt in sp["next"]:
                key = (min(sp["id"], nxt), max(sp["id"], nxt))
                if key in seen:
                    continue
                seen.add(key)
                other = space_at[nxt]
                lines.append(f'<line x1="{sp["x"]}" y1="{sp["y"]}" x2="{other["x"]}" y2="{other["y"]}"/>')
            for st_id in sp["stations"]:
                st = station_at[st_id]
                lines.append(f'<line x1="{sp["x"]}" y1="{sp["y"]}" x2="{st["x"]}" y2="{st["y"]}"/>')
    out.append('<g class="track-lines">' + "".join(lines) + "</g>")
    spaces = []
    for sid, sp in space_at.items():
        spaces.append(
            f'<rect class="space" data-space="{escape(sid)}" x="{sp["x"] - SPACE / 2:.1f}" y="{sp["y"] - SPACE / 2:.1f}" '
            f'width="{SPACE:.0f}" height="{SPACE:.0f}" rx="4"/>'
        )
    out.append('<g class="spaces">' + "".join(spaces) + "</g>")
    labels = []
    for r in lay.routes.values():
        xs = [sp["x"] for sp in r["spaces"]]
        ys = [sp["y"] for sp in r["spaces"]]
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        labels.append(
            f'<text class="route-label" x="{cx:.0f}" y="{cy + 4:.0f}" data-route="{escape(r["id"])}">'
            f'{escape(tx.term("route." + r["id"], lang))}</text>'
        )
    out.append('<g class="route-labels">' + "".join(labels) + "</g>")
    for st in station_at.values():
        sid = st["id"]
        # the name sits above the Station, or where the board data moves it (clear of route spaces)
        dx, dy = st.get("label", [0, -STATION_R - 7])
        label_x, label_y = st["x"] + dx, st["y"] + dy
        slots = "".join(
            f'<rect class="slot" x="{x:.1f}" y="{y:.1f}" width="{SLOT:.0f}" height="{SLOT:.0f}" rx="3"/>'
            for x, y in slot_positions(sid, rules)
        )
        out.append(
            f'<g class="station" data-station="{escape(sid)}">'
            f'<circle cx="{st["x"]}" cy="{st["y"]}" r="{STATION_R:.0f}"/>'
            + _bonus_badge(st, lang)
            + f'<text class="station-name full" x="{label_x:.0f}" y="{label_y:.0f}">'
            f'{escape(tx.term("station." + sid, lang))}</text>'
            f'<text class="station-name short" x="{label_x:.0f}" y="{label_y:.0f}" aria-hidden="true">'
            f'{escape(SHORT_NAMES.get(lang, SHORT_NAMES["en"]).get(sid, sid[:3].upper()))}</text>'
            + slots
            + "</g>"
        )
    return split_even(out, pieces)


SHORT_NAMES: dict[str, dict[str, str]] = {
    "en": {"seattle": "SEA", "los_angeles": "LA", "billings": "BIL", "denver": "DEN", "san_antonio": "SA",
           "kansas_city": "KC", "detroit": "DET", "new_orleans": "NO", "boston": "BOS"},
    "fr": {"seattle": "SEA", "los_angeles": "LA", "billings": "BIL", "denver": "DEN", "san_antonio": "SA",
           "kansas_city": "KC", "detroit": "DÉT", "new_orleans": "NO", "boston": "BOS"},
}
"""A Station's name on a board drawn small (a phone: web/board.js marks it "far"): at 12 CSS px the
full names would cover the route spaces around them; the short ones leave the spaces clear."""


_SPACE_LABEL = {"en": "Place the die on the {route} route, space {n} of {total}",
                "fr": "Poser le dé sur la ligne {route}, case {n} sur {total}"}


def space_label(sid: str, lang: str = "en", rules: int = RULES_VERSION) -> str:
    """How a screen reader names an open space (issue 14): its route and its place on it."""
    lay = layout(rules)
    route = lay.routes[lay.spaces[sid]["route"]]
    ids = [sp["id"] for sp in route["spaces"]]
    return _SPACE_LABEL.get(lang, _SPACE_LABEL["en"]).format(route=route["name"], n=ids.index(sid) + 1, total=len(ids))


def board_dynamic_svg(
    view: dict[str, Any],
    place_index: dict[str, int] | None = None,
    build_stations: list[str] | None = None,
    last_spaces: set[str] | None = None,
    lang: str = "en",
) -> str:
    """What changes: dice on spaces, Buildings in their locations, highlighted choices.

    ``place_index`` maps an open space to the index of its ``place`` action in the legal list
    (each hit area carries it as ``data-act``); ``build_stations`` are Stations where the viewer
    may erect the Building chosen; ``last_spaces`` are spaces filled this turn (outlined).
    The board is the one of the view's rules version.
    """
    rules = int(view.get("rules", RULES_VERSION))
    lay = layout(rules)
    station_at, space_at = lay.stations, lay.spaces
    out = []
    if build_stations:
        for sid in build_stations:
            st = station_at[sid]
            out.append(f'<circle class="can-build" cx="{st["x"]}" cy="{st["y"]}" r="{STATION_R + 5:.0f}"/>')
    size = SPACE - 4
    for sid, die in sorted(view.get("spaces", {}).items()):
        sp = space_at.get(sid)
        if sp is None:
            continue
        cls = "on-board" + (" fresh" if last_spaces and sid in last_spaces else "")
        out.append(die_svg(str(die["face"]), int(die["owner"]), sp["x"] - size / 2, sp["y"] - size / 2, size, cls,
                           f' data-space="{escape(sid)}"'))
    for station, blds in view.get("buildings", {}).items():
        if station not in station_at:
            continue
        pos = slot_positions(station, rules)
        for (x, y), b in zip(pos, blds, strict=False):
            owner = int(b["owner"])
            out.append(
                f'<g class="building" data-owner="{owner}">'
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{SLOT:.0f}" height="{SLOT:.0f}" rx="3" fill="{colour_of(owner)}"/>'
                + glyph(str(b["building"]), WHITE, x + 1.5, y + 1.5, SLOT - 3)
                + "</g>"
            )
    for k, (sid, index) in enumerate((place_index or {}).items()):
        sp = space_at[sid]
        out.append(
            f'<rect class="space-hit" data-act="{index}" data-space="{escape(sid)}" '
            f'x="{sp["x"] - SPACE / 2 - 2:.1f}" y="{sp["y"] - SPACE / 2 - 2:.1f}" '
            f'width="{SPACE + 4:.0f}" height="{SPACE + 4:.0f}" rx="6"{target_attrs(space_label(sid, lang, rules), k == 0)}/>'
        )
    return "".join(out)


def goods_stacks_svg(view: dict[str, Any], lang: str = "en") -> str:
    """The three Goods stacks (one per Building): the Goods on it and how many cards are left."""
    boxes = []
    w, h, gap = 150.0, 54.0, 8.0
    for i, bt in enumerate(("ranch", "mine", "hotel")):
        stack = view.get("stacks", {}).get(bt, {})
        goods = stack.get("goods")
        x = 4 + i * (w + gap)
        name = escape(tx.term("building." + bt, lang))
        goods_name = escape(tx.term("goods." + goods, lang)) if goods else "—"
        count = int(stack.get("count", 0)) if goods else 0
        boxes.append(
            f'<g class="stack" data-building="{bt}">'
            f'<rect class="stack-box" x="{x:.0f}" y="4" width="{w:.0f}" height="{h:.0f}" rx="6"/>'
            + glyph(bt, DARK, x + 6, 10, 28)
            + f'<text class="stack-building" x="{x + 40:.0f}" y="22">{name}</text>'
            f'<text class="stack-goods" x="{x + 40:.0f}" y="40">{goods_name}</text>'
            f'<text class="stack-count" x="{x + w - 8:.0f}" y="50">×{count}</text>'
            "</g>"
        )
    width = 3 * w + 2 * gap + 8
    return (
        f'<svg class="stacks-svg" viewBox="0 0 {width:.0f} {h + 8:.0f}" role="img" '
        f'aria-label="{escape(tx.ui("goods_stacks", lang))}">' + "".join(boxes) + "</svg>"
    )
