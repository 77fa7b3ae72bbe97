"""The Trains board and the end-of-game chart as SVG, drawn by pure functions (strings in, strings out).

The board comes from ``railtable.trains.board`` (pointy-top hexes in offset rows, reference §4.1):
terrain colours, rivers as a wave, mountains as peaks, the sea, cities with their station slots
(a filled slot holds a station), remote locations with their value, blocked (hazard-striped)
edges, and every player's rails as cubes joined by thin lines in the player's colour. Legal
spaces are drawn as clickable hexes carrying ``data-hex`` and their full cost (money and Waste).
Player names are escaped: they are text, never markup.
"""

from __future__ import annotations

import math
from typing import Any

from railtable.trains.board import CITY, FIELD, MOUNTAIN, REMOTE, RIVER, SEA, Board, hex_center, hex_corners, load_board
from railtable.trains.messages import space
from railtable.trains.scoring import CITY_BONUS

from .keys import target_attrs
from .markup import escape, split_even
from .session import PLAYER_COLOURS
from .table_parts import seat_shape

SIZE = 38.0
MARGIN = 6.0
TERRAIN_FILL = {
    FIELD: "#d6e7ad",
    RIVER: "#a9d3ee",
    MOUNTAIN: "#c4a77f",
    SEA: "#4d86c2",
    CITY: "#ece6da",
    REMOTE: "#f2d58f",
}
TERRAIN_NAME = {FIELD: "plain", RIVER: "river (+1)", MOUNTAIN: "mountain (+2)", SEA: "sea (no rails)",
                CITY: "city", REMOTE: "remote location"}
TERRAIN_NAME_FR = {FIELD: "plaine", RIVER: "rivière (+1)", MOUNTAIN: "montagne (+2)", SEA: "mer (pas de rails)",
                   CITY: "ville", REMOTE: "zone isolée"}
BOARD_WORDS = {
    "en": {"blocked": "blocked edge: no rail link between {a} and {b}", "rail": "{who}'s rail", "vp": "{n} VP"},
    "fr": {"blocked": "bord infranchissable : pas de liaison entre {a} et {b}", "rail": "Rail de {who}", "vp": "{n} PV"},
}
"""The board's own words in English and French (tooltips, a city's points)."""


def _words(lang: str) -> dict[str, str]:
    return BOARD_WORDS.get(lang, BOARD_WORDS["en"])
RAIL_SLOTS = [(-0.36, 0.44), (0.36, 0.44), (-0.58, 0.05), (0.58, 0.05)]
"""Where player seat k's rail cube sits in a hex, relative to the centre (times SIZE)."""


def colour(seat: int) -> str:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def centre(board: Board, h: int) -> tuple[float, float]:
    hx = board.hexes[h]
    x, y = hex_center(hx.row, hx.col, SIZE)
    return x + MARGIN, y + MARGIN


def corners(board: Board, h: int) -> list[tuple[float, float]]:
    hx = board.hexes[h]
    return [(x + MARGIN, y + MARGIN) for x, y in hex_corners(hx.row, hx.col, SIZE)]


def _points(pts: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)


def extent(board: Board) -> tuple[float, float]:
    xs = [x for h in range(len(board)) for x, _ in corners(board, h)]
    ys = [y for h in range(len(board)) for _, y in corners(board, h)]
    return max(xs) + MARGIN, max(ys) + MARGIN


def shared_edge(board: Board, a: int, b: int) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The two corners that hexes ``a`` and ``b`` share (None if they are not neighbours)."""
    cb = corners(board, b)
    common = [p for p in corners(board, a) if any(math.hypot(p[0] - q[0], p[1] - q[1]) < 0.5 for q in cb)]
    return (common[0], common[1]) if len(common) == 2 else None


def _label_lines(name: str) -> list[str]:
    words = name.split()
    if len(name) <= 10 or len(words) == 1:
        return [name]
    half = len(words) // 2
    return [" ".join(words[:half]), " ".join(words[half:])]


def _hex_tile(board: Board, h: int, lang: str = "en") -> str:
    hx = board.hexes[h]
    cx, cy = centre(board, h)
    out = [f'<polygon class="hex {hx.terrain}" points="{_points(corners(board, h))}" '
           f'fill="{TERRAIN_FILL[hx.terrain]}"><title>{escape(hx.name or (TERRAIN_NAME_FR if lang == "fr" else TERRAIN_NAME)[hx.terrain])}</title></polygon>']
    if hx.terrain == RIVER:
        out.append(f'<path class="wave" d="M{cx - 15:.1f} {cy - 3:.1f} q5 -6 10 0 t10 0 t10 0" />')
        out.append(f'<path class="wave" d="M{cx - 12:.1f} {cy + 6:.1f} q5 -6 10 0 t10 0" />')
    elif hx.terrain == MOUNTAIN:
        out.append(f'<path class="peak" d="M{cx - 16:.1f} {cy + 9:.1f} l9 -17 l6 9 l4 -6 l9 14 z" />')
        out.append(f'<path class="snow" d="M{cx - 10:.1f} {cy - 3:.1f} l3 -5 l3 5 z" />')
    elif hx.terrain == SEA:
        out.append(f'<path class="sea-wave" d="M{cx - 12:.1f} {cy:.1f} q4 -4 8 0 t8 0 t8 0" />')
    elif hx.terrain == REMOTE:
        out.append(_star(cx, cy - 2, 12, 5))
        out.append(f'<text class="remote-value" x="{cx:.1f}" y="{cy + 1.5:.1f}">{hx.value}</text>')
    return "".join(out)


def board_labels_svg(board_id: str) -> str:
    """The names of cities and remote locations, drawn above rails and targets with a halo (issue
    14: nothing hides a name); the style sheet keeps them at 12 CSS px or more at any scale, so
    the lines are spaced in ``em``."""
    board = load_board(board_id)
    out = ['<g class="tr-labels">']
    for hx in board.hexes:
        if hx.terrain not in (CITY, REMOTE) or not hx.name:
            continue
        cx, cy = centre(board, hx.id)
        if hx.terrain == REMOTE:
            out.append(f'<text class="hex-name remote-name" x="{cx:.1f}" y="{cy - 18:.1f}">{escape(hx.name)}</text>')
            continue
        lines = _label_lines(hx.name)
        spans = "".join(
            f'<tspan x="{cx:.1f}" dy="{"0" if i == 0 else "1.05em"}">{escape(line)}</tspan>' for i, line in enumerate(lines)
        )
        top = cy - 14 if len(lines) == 1 else cy - 20
        out.append(f'<text class="hex-name" x="{cx:.1f}" y="{top:.1f}">{spans}</text>')
    out.append("</g>")
    return "".join(out)


def _star(cx: float, cy: float, r_out: float, r_in: float) -> str:
    pts = []
    for k in range(10):
        r = r_out if k % 2 == 0 else r_in
        a = math.radians(-90 + 36 * k)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return f'<polygon class="star" points="{_points(pts)}"/>'


def slot_positions(board: Board, h: int) -> list[tuple[float, float]]:
    """Centres of a city's station slots (a row of small squares under its name)."""
    cx, cy = centre(board, h)
    n = board.hexes[h].slots
    return [(cx + (k - (n - 1) / 2) * 11, cy + 1) for k in range(n)]


STATIC_PIECES = 3
"""A table draws the board's background in this many pieces, each in a task of its own (issue 34)."""


def board_static_svg(board_id: str, lang: str = "en") -> str:
    """Terrain, names, remote values and blocked edges. Drawn once per table."""
    return f'<g class="tr-static">{"".join(board_static_pieces(board_id, lang))}</g>'


def board_static_pieces(board_id: str, lang: str = "en", pieces: int = STATIC_PIECES) -> list[str]:
    """:func:`board_static_svg`'s content in ``pieces`` parts, in drawing order."""
    board = load_board(board_id)
    out: list[str] = []
    for h in range(len(board)):
        out.append(_hex_tile(board, h, lang))
    for a, b in board.data["blocked"]:
        edge = shared_edge(board, a, b)
        if edge is None:
            continue
        (x1, y1), (x2, y2) = edge
        out.append(
            f'<g class="blocked"><line class="blocked-base" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"/>'
            f'<line class="blocked-stripe" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"/>'
            f"<title>{escape(_words(lang)['blocked'].format(a=space(board, a, lang), b=space(board, b, lang)))}"
            "</title></g>"
        )
    return split_even(out, pieces)


def _name(board: Board, h: int) -> str:
    return board.label(h)


def hex_label(board: Board, h: int) -> str:
    """A space as a person names it: the city or remote location, or the terrain and the nearest named space."""
    return _name(board, h)


def board_dynamic_svg(
    board_id: str,
    view: dict[str, Any],
    targets: list[dict[str, Any]] | None = None,
    blocked_targets: list[dict[str, Any]] | None = None,
    lang: str = "en",
) -> str:
    """What changes: stations, rails, and the spaces the viewer may click now.

    ``targets``: ``{"hex", "kind" ("rail" | "start" | "station"), "cost", "waste", "title", "badge"}`` dicts,
    one per legal space (``badge``: the printed cost in the page's words); ``blocked_targets``: ``{"hex", "reason"}`` for spaces shown as not legal.
    """
    board = load_board(board_id)
    rails: list[list[int]] = view.get("rails", [])
    stations: list[int] = view.get("stations", [])
    out = ['<g class="tr-dynamic">']
    # station slots
    for hx in board.hexes:
        if hx.terrain != CITY:
            continue
        placed = stations[hx.id] if hx.id < len(stations) else 0
        for k, (sx, sy) in enumerate(slot_positions(board, hx.id)):
            cls = "slot full" if k < placed else "slot"
            out.append(f'<rect class="{cls}" x="{sx - 4.5:.1f}" y="{sy - 4.5:.1f}" width="9" height="9" rx="1.5"/>')
        out.append(f'<text class="city-bonus" x="{centre(board, hx.id)[0]:.1f}" y="{centre(board, hx.id)[1] + 15:.1f}">'
                   f'{_words(lang)["vp"].format(n=CITY_BONUS[min(placed, 3)])}</text>' if placed else "")
    # rail links between a player's rails in neighbouring spaces
    for h, here in enumerate(rails):
        for seat in here:
            for n in board.neighbours[h]:
                if n > h and seat in rails[n]:
                    (x1, y1), (x2, y2) = _cube_pos(board, h, seat), _cube_pos(board, n, seat)
                    out.append(f'<line class="rail-link" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                               f'stroke="{colour(seat)}"/>')
    names = view.get("names") or [p.get("name", "") for p in view.get("players", [])]
    for h, here in enumerate(rails):
        for seat in here:
            x, y = _cube_pos(board, h, seat)
            who = escape(names[seat]) if seat < len(names) else f"player {seat + 1}"
            out.append(f'<g class="rail" data-seat="{seat}">{seat_shape(seat, x, y, 6, colour(seat))}'
                       f'<title>{_words(lang)["rail"].format(who=who)}</title></g>')
    for b in blocked_targets or []:
        out.append(f'<polygon class="no-target" points="{_points(_inset(board, b["hex"], 0.86))}">'
                   f'<title>{escape(b["reason"])}</title></polygon>')
    for i, t in enumerate(targets or []):
        out.append(_target(board, t, first=i == 0))
    out.append("</g>")
    return "".join(out)


def _cube_pos(board: Board, h: int, seat: int) -> tuple[float, float]:
    cx, cy = centre(board, h)
    dx, dy = RAIL_SLOTS[seat % len(RAIL_SLOTS)]
    return cx + dx * SIZE, cy + dy * SIZE


def _inset(board: Board, h: int, k: float) -> list[tuple[float, float]]:
    cx, cy = centre(board, h)
    return [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in corners(board, h)]


def cost_label(cost: int, waste: bool) -> str:
    """The full cost of a rail as printed on its space: ``"2"``, ``"1+W"``, ``"free"``."""
    money = "free" if cost == 0 and not waste else str(cost)
    return f"{money}+W" if waste else money


def _target(board: Board, t: dict[str, Any], first: bool = False) -> str:
    """A legal space: clickable, and a named button for the keyboard and screen readers (issue 14)."""
    h = int(t["hex"])
    cx, cy = centre(board, h)
    kind = t.get("kind", "rail")
    title = escape(t.get("title", ""))
    shape = (f'<circle class="touch-area" cx="{cx:.1f}" cy="{cy:.1f}" r="{SIZE:.0f}"/>'
             f'<polygon class="target-shape" points="{_points(_inset(board, h, 0.9))}"/>')
    badge = ""
    if kind == "rail":
        cost, waste = int(t.get("cost", 0)), bool(t.get("waste"))
        label = str(t.get("badge") or cost_label(cost, waste))  # the page's words ("gratuit"), else English
        w = 8 + 6 * len(label)
        # beside the button, not in it: a button's visible words must be in its name (axe
        # label-content-name-mismatch), and its name says the cost in words already
        badge = (f'<g class="cost" aria-hidden="true">'
                 f'<rect class="cost-badge{" with-waste" if waste else ""}" x="{cx - w / 2:.1f}" y="{cy + 8:.1f}" '
                 f'width="{w:.1f}" height="13" rx="6.5"/>'
                 f'<text class="cost-text" x="{cx:.1f}" y="{cy + 17.8:.1f}">{escape(label)}</text></g>')
    return (f'<g class="hit target {kind}-target" data-hex="{h}" data-cost="{t.get("cost", 0)}" '
            f'data-waste="{1 if t.get("waste") else 0}"{target_attrs(t.get("title", ""), first)}>'
            f'{shape}<title>{title}</title></g>{badge}')


def board_svg(board_id: str, view: dict[str, Any], targets: list[dict[str, Any]] | None = None) -> str:
    """The whole board as one SVG document (tests and screenshots)."""
    w, h = extent(load_board(board_id))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="tr-board" viewBox="0 0 {w:.0f} {h:.0f}">'
            + board_static_svg(board_id) + board_dynamic_svg(board_id, view, targets) + board_labels_svg(board_id) + "</svg>")


# ---- the end-of-game chart ---------------------------------------------------------
SCORE_PARTS = [
    ("cards", "cards", "#3f8f4f"),
    ("cities", "cities", "#7a6aa8"),
    ("remote", "remote locations", "#d99a2b"),
    ("track", "VP track", "#c0504d"),
    ("routes", "Route Bonus", "#8a5a2b"),
]


CHART_WORDS = {
    "en": {"cards": "cards", "cities": "cities", "remote": "remote locations", "track": "VP track",
           "routes": "Route Bonus",
           "label": "Score breakdown", "from": "{name}: {v} from {part}"},
    "fr": {"cards": "cartes", "cities": "villes", "remote": "zones isolées", "track": "piste de PV",
           "routes": "Bonus de route",
           "label": "Détail des points", "from": "{name} : {v} pour {part}"},
}
"""The chart's words in English and French (the other table words are in trains_text)."""


def score_chart_svg(rows: list[dict[str, int]], names: list[str], winners: list[int] | None = None,
                    lang: str = "en") -> str:
    """A stacked bar per player: points from cards, cities, remote locations and the VP track."""
    winners = winners or []
    words = CHART_WORDS.get(lang, CHART_WORDS["en"])
    top = max([1, *(sum(max(0, r.get(k, 0)) for k, _, _ in SCORE_PARTS) for r in rows)])
    left, right, bar_w = 130.0, 50.0, 400.0
    row_h = 34
    height = 44 + row_h * len(rows)
    width = left + bar_w + right
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="score-chart" viewBox="0 0 {width:.0f} {height}" '
           f'role="img" aria-label="{words["label"]}">']
    x = 18.0 if any(r.get("routes") for r in rows) else left  # five entries need the whole width
    for key, _label, fill in SCORE_PARTS:  # legend
        if key == "routes" and not any(r.get("routes") for r in rows):
            continue
        label = words[key]
        out.append(f'<rect x="{x:.0f}" y="6" width="10" height="10" fill="{fill}"/>'
                   f'<text class="legend" x="{x + 14:.0f}" y="15">{label}</text>')
        x += 14 + 7 * len(label) + 14
    for i, r in enumerate(rows):
        y = 30 + i * row_h
        star = "★ " if i in winners else ""
        out.append(f'<rect x="4" y="{y + 8}" width="10" height="10" rx="2" fill="{colour(i)}"/>'
                   f'<text class="chart-name" x="18" y="{y + 17}">{star}{escape(names[i][:16])}</text>')
        x = left
        for key, _label, fill in SCORE_PARTS:
            label = words[key]
            v = max(0, int(r.get(key, 0)))
            if not v:
                continue
            w = bar_w * v / top
            out.append(f'<rect class="seg seg-{key}" data-seat="{i}" data-part="{key}" data-value="{v}" '
                       f'x="{x:.1f}" y="{y + 4}" width="{w:.1f}" height="20" fill="{fill}">'
                       f"<title>{escape(words['from'].format(name=names[i], v=v, part=label))}</title></rect>")
            if w >= 16:
                out.append(f'<text class="seg-text" x="{x + w / 2:.1f}" y="{y + 18}">{v}</text>')
            x += w
        total = sum(int(r.get(k, 0)) for k, _, _ in SCORE_PARTS)
        out.append(f'<text class="chart-total" data-seat="{i}" x="{x + 6:.1f}" y="{y + 18}">{total}</text>')
    out.append("</svg>")
    return "".join(out)
