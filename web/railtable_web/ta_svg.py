"""TransAmerica drawn as SVG by pure functions (strings in, strings out).

The board is the triangular grid of ``railtable.transamerica.board``: a point
(x, y) is drawn at ``(x - y/2, y·√3/2)`` times the spacing. Single lines are
thin and grey; double lines (rivers, mountains, sea) are two red lines, as on
the printed board. Player names are escaped: they are text, never markup.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from railtable.transamerica import board
from railtable.transamerica.messages import place

from .keys import target_attrs
from .markup import escape, split_even
from .session import PLAYER_COLOURS
from .ta_text import ui
from .table_parts import seat_shape, swatch_html

SPACING = 44.0
MARGIN = 34.0
REGION_FILL = {
    "green": "#3f9b4a",
    "blue": "#2f6fc0",
    "yellow": "#e3b820",
    "red": "#d23c2f",
    "orange": "#ef7d1a",
}
REGIONS = ("green", "blue", "yellow", "red", "orange")
"""The five regions (their names: ``ta_text.ui("region_<colour>")``)."""

Point = tuple[int, int]


_MIN_X = min(x - y / 2 for x, y in board.JUNCTIONS)


def pos(x: int, y: int) -> tuple[float, float]:
    """Pixel centre of junction (x, y)."""
    return (MARGIN + (x - y / 2 - _MIN_X) * SPACING, MARGIN + y * math.sqrt(3) / 2 * SPACING)


def _extent() -> tuple[float, float]:
    xs = [pos(x, y)[0] for x, y in board.JUNCTIONS]
    ys = [pos(x, y)[1] for x, y in board.JUNCTIONS]
    return max(xs) + MARGIN + 40, max(ys) + MARGIN


WIDTH, HEIGHT = _extent()
CITY_AT: dict[Point, dict[str, Any]] = {(c["x"], c["y"]): c for c in board.CITIES}
CITY_BY_NAME: dict[str, dict[str, Any]] = {c["name"]: c for c in board.CITIES}
DOUBLE: dict[tuple[Point, Point], bool] = {(a, b): d for a, b, d in board.EDGES}


def edge_id(a: Point, b: Point) -> str:
    return f"{a[0]},{a[1]},{b[0]},{b[1]}"


def _line(a: Point, b: Point, cls: str, extra: str = "") -> str:
    (x1, y1), (x2, y2) = pos(*a), pos(*b)
    return f'<line class="{cls}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"{extra}/>'


def _double(a: Point, b: Point) -> str:
    (x1, y1), (x2, y2) = pos(*a), pos(*b)
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy)
    ox, oy = -dy / length * 2.6, dx / length * 2.6
    # shorten a little so the red pairs read as river/mountain crossings
    sx, sy = dx * 0.18, dy * 0.18
    parts = []
    for k in (1, -1):
        parts.append(
            f'<line class="edge double" x1="{x1 + sx + k * ox:.1f}" y1="{y1 + sy + k * oy:.1f}" '
            f'x2="{x2 - sx + k * ox:.1f}" y2="{y2 - sy + k * oy:.1f}"/>'
        )
    parts.append(_line(a, b, "edge double-core"))
    return "".join(parts)


STATIC_PIECES = 4
"""The board's background is drawn in this many pieces, each in a task of its own (issue 34)."""


def board_static_pieces() -> list[str]:
    """The board itself (lines, junctions, cities) in :data:`STATIC_PIECES` parts of about the
    same number of elements, in drawing order."""
    items = []
    for a, b, double in board.EDGES:
        items.append(_double(a, b) if double else _line(a, b, "edge single"))
    for x, y in board.JUNCTIONS:
        if (x, y) not in CITY_AT:
            cx, cy = pos(x, y)
            items.append(f'<circle class="junction" cx="{cx:.1f}" cy="{cy:.1f}" r="2.2"/>')
    for c in board.CITIES:
        cx, cy = pos(c["x"], c["y"])
        dashed = " dashed" if c["dashed"] else ""
        items.append(
            f'<g class="city{dashed}" data-city="{escape(c["name"])}">'
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="8" fill="{REGION_FILL[c["colour"]]}"/></g>'
        )
    return split_even(items, STATIC_PIECES)


def board_static_svg() -> str:
    """The board itself: lines, junctions, cities, in one group."""
    return f'<g class="ta-static">{"".join(board_static_pieces())}</g>'


SHORT_NAMES = {
    "Seattle": "SEA", "Portland": "POR", "Medford": "MED", "Sacramento": "SAC", "San Francisco": "SF",
    "Los Angeles": "LA", "San Diego": "SD", "Helena": "HEL", "Bismarck": "BIS", "Duluth": "DUL",
    "Minneapolis": "MIN", "Buffalo": "BUF", "Chicago": "CHI", "Cincinnati": "CIN", "Salt Lake City": "SLC",
    "Omaha": "OMA", "Denver": "DEN", "Kansas City": "KC", "St. Louis": "STL", "Santa Fe": "SFE",
    "Oklahoma City": "OKC", "Phoenix": "PHX", "Memphis": "MEM", "Dallas": "DAL", "Atlanta": "ATL",
    "El Paso": "ELP", "Houston": "HOU", "New Orleans": "NO", "Boston": "BOS", "New York": "NY",
    "Washington": "WAS", "Richmond": "RIC", "Winston": "WIN", "Charleston": "CHA", "Jacksonville": "JAX",
}
"""Short city names for a board drawn small (a phone): shown instead of the full names while the
board is shown at less than 0.75 CSS px per unit (``web/board.js`` sets the class ``far``)."""


def board_labels_svg() -> str:
    """The city names, drawn above the tracks (issue 14: tracks never hide a city's name), with a
    halo; the full name, and a short one for a board drawn small (never under 12 CSS px)."""
    out = ['<g class="ta-labels">']
    for c in board.CITIES:
        cx, cy = pos(c["x"], c["y"])
        name = escape(c["name"])
        short = escape(SHORT_NAMES.get(c["name"], c["name"][:3].upper()))
        out.append(
            f'<text class="city-name full" x="{cx + 10:.1f}" y="{cy - 9:.1f}">{name}</text>'
            f'<text class="city-name short" x="{cx:.1f}" y="{cy - 11:.1f}" aria-hidden="true">{short}</text>'
        )
    out.append("</g>")
    return "".join(out)


def board_dynamic_svg(
    view: dict[str, Any], legal: list[dict[str, Any]], colour_of_viewer: str | None = None, lang: str = "en"
) -> str:
    """Everything that changes: tracks, start markers, the viewer's cities, legal moves."""
    out = ['<g class="ta-dynamic">']
    # the viewer's own cities (only ever in their own view)
    for name in view.get("my_cities", []):
        c = CITY_BY_NAME.get(name)
        if c:
            cx, cy = pos(c["x"], c["y"])
            out.append(f'<circle class="my-city" cx="{cx:.1f}" cy="{cy:.1f}" r="13"/>')
    for a, b, seat in view.get("tracks", []):
        pa, pb = (a[0], a[1]), (b[0], b[1])
        key = (pa, pb) if (pa, pb) in DOUBLE else (pb, pa)
        cls = "track double" if DOUBLE.get(key) else "track"
        out.append(_line(pa, pb, cls))
        colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
        out.append(_line(pa, pb, "track-stripe", f' stroke="{colour}"'))
    hover = colour_of_viewer or "#222"
    first = True
    # Touch screens: each legal target has an invisible 44 CSS px touch area, all of them in a layer
    # UNDER the targets, so a target's own shape is never covered by a neighbour's area and a tap
    # on it lands on it; where areas overlap, web/board.js gives the tap to the nearest target.
    areas: list[str] = ['<g class="touch-areas" aria-hidden="true">']
    targets: list[str] = []
    for k, action in enumerate(legal):
        if action["type"] == "build":
            a, b = action["edge"]
            pa, pb = (a[0], a[1]), (b[0], b[1])
            key = (pa, pb) if (pa, pb) in DOUBLE else (pb, pa)
            cost = 2 if DOUBLE.get(key) else 1
            target, area = _hit_edge(pa, pb, hover, cost, first, lang, k)
            targets.append(target)
            areas.append(area)
            first = False
        elif action["type"] == "place_marker":
            x, y = action["at"]
            cx, cy = pos(x, y)
            label = ui("aria_marker", lang, place=place((x, y), lang))
            targets.append(
                f'<circle class="hit junction-hit" data-at="{x},{y}" data-key-id="{k}" cx="{cx:.1f}" cy="{cy:.1f}" r="9" '
                f'fill="{hover}"{target_attrs(label, first)}><title>{escape(label)}</title></circle>'
            )
            areas.append(f'<circle class="touch-area junction-area" data-at="{x},{y}" data-touch-for="{k}" '
                         f'cx="{cx:.1f}" cy="{cy:.1f}" r="9"/>')
            first = False
    areas.append("</g>")
    if targets:
        out.extend(areas)
        out.extend(targets)
    for seat, marker in enumerate(view.get("markers", [])):
        if marker:
            cx, cy = pos(marker[0], marker[1])
            colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
            name = escape(view["names"][seat])
            out.append(
                f'<g class="marker" data-seat="{seat}">{seat_shape(seat, cx, cy, 8, colour)}'
                f'<title>{ui("marker_of", lang, name=name)}</title></g>'
            )
    out.append("</g>")
    return "".join(out)


def _hit_edge(a: Point, b: Point, colour: str, cost: int, first: bool = False, lang: str = "en",
              key: int = 0) -> tuple[str, str]:
    """A clickable band along a legal line (a polygon: easy to hit, never zero-sized), and its
    touch area (the same band, widened to 44 CSS px on touch screens by the style sheet)."""
    (x1, y1), (x2, y2) = pos(*a), pos(*b)
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    nx, ny = -uy * 6, ux * 6
    sx, sy = ux * 7, uy * 7  # leave the junctions free
    pts = [(x1 + sx + nx, y1 + sy + ny), (x2 - sx + nx, y2 - sy + ny), (x2 - sx - nx, y2 - sy - ny),
           (x1 + sx - nx, y1 + sy - ny)]
    points = " ".join(f"{px:.1f},{py:.1f}" for px, py in pts)
    label = ui("aria_double" if cost == 2 else "aria_single", lang, a=place(a, lang), b=place(b, lang))
    edge = edge_id(a, b)
    return (
        f'<polygon class="hit edge-hit{" costs-2" if cost == 2 else ""}" data-edge="{edge}" data-key-id="{key}" '
        f'points="{points}" fill="{colour}"{target_attrs(label, first)}><title>{escape(label)}</title></polygon>',
        f'<polygon class="touch-area edge-area" data-edge="{edge}" data-touch-for="{key}" points="{points}"/>',
    )


def board_svg(view: dict[str, Any], legal: list[dict[str, Any]], colour: str | None = None) -> str:
    """The whole board as one SVG document (used by tests and screenshots)."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0f} {HEIGHT:.0f}" class="ta-board">'
        + board_static_svg()
        + board_dynamic_svg(view, legal, colour)
        + board_labels_svg()
        + "</svg>"
    )


def score_track_html(scores: list[int], names: list[str], lang: str = "en", start: int = 13) -> str:
    """The scoring track (rulebook "Scoring": each player's locomotive starts on 13 and moves down
    by the tracks they still needed; at 0 or below the game ends): spaces from ``start`` down to 0
    (red), each player's colour and shape on their space. HTML, not a scaled drawing, so its numbers
    keep the page's text size (at least 12 px) at every screen width (issue 14)."""
    low = min([0, *scores])
    cells = list(range(start, low - 1, -1))
    here: dict[int, list[int]] = {}
    for seat, score in enumerate(scores):
        here.setdefault(score if score in cells else cells[-1], []).append(seat)
    said = ", ".join(f"{names[seat]} {score}" for seat, score in enumerate(scores))
    out = [f'<div class="score-track" role="img" aria-label="{escape(ui("score_track", lang, scores=said), quote=True)}">']
    for v in cells:
        marks = "".join(
            f'<span class="loco" data-seat="{seat}" data-score="{scores[seat]}" title="{escape(names[seat], quote=True)}: '
            f'{scores[seat]}">{swatch_html(seat, PLAYER_COLOURS[seat % len(PLAYER_COLOURS)])}</span>'
            for seat in here.get(v, [])
        )
        out.append(f'<span class="cell{" zero" if v <= 0 else ""}"><span class="cell-label">{v}</span>{marks}</span>')
    out.append("</div>")
    return "".join(out)


def round_summary_svg(record: dict[str, Any], names: list[str], lang: str = "en") -> str:
    """A round's result drawn: per player, the tracks they still needed as blocks, and the new score."""
    missing = record["missing"]
    scores = record["scores"]
    rows = len(names)
    unit = 14
    width = 520
    height = 30 + rows * 34
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="round-chart" viewBox="0 0 {width} {height}">']
    out.append(f'<text class="chart-head" x="8" y="18">{ui("chart_player", lang)}</text>'
               f'<text class="chart-head" x="170" y="18">{ui("chart_needed", lang)}</text>'
               f'<text class="chart-head" x="{width - 8}" y="18" text-anchor="end">{ui("chart_score", lang)}</text>')
    for seat in range(rows):
        y = 30 + seat * 34
        colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
        out.append(f'<rect x="8" y="{y + 6}" width="12" height="12" rx="2" fill="{colour}"/>')
        out.append(f'<text class="chart-name" x="26" y="{y + 17}">{escape(names[seat][:18])}</text>')
        n = missing[seat]
        if n == 0:
            label = ui("chart_connected", lang) if record.get("ended_by") == seat else "0"
            out.append(f'<text class="chart-zero" x="170" y="{y + 17}">{label}</text>')
        for k in range(n):
            out.append(f'<rect class="lost" x="{170 + k * unit}" y="{y + 4}" width="{unit - 3}" height="16" rx="2"/>')
        if n:
            out.append(f'<text class="chart-n" x="{170 + n * unit + 4}" y="{y + 17}">−{n}</text>')
        out.append(f'<text class="chart-score" x="{width - 8}" y="{y + 17}" text-anchor="end" data-seat="{seat}">{scores[seat]}</text>')
    out.append("</svg>")
    return "".join(out)


def round_board_svg(record: dict[str, Any], names: list[str], selected: int | None = None, lang: str = "en",
                    later: Callable[[str, str], str] | None = None) -> str:
    """How a round ended (Scoring of a Round): the board with the round's last tracks and
    markers and, for each player, his five cities ringed in his colour and the free lines of the
    cheapest tree the engine counted against him (``record["needed"]``), drawn dashed. One
    group per player (``data-rs-seat``); only ``selected``'s is shown at first. ``later(id, part)``:
    what to write in place of each part (nothing in it is clickable): a table passes ``dom.later``'s
    empty group that it fills in a task of its own (issue 34); by default each part is drawn whole."""
    if later is None:
        return round_board_svg(record, names, selected, lang, lambda _id, part: part)
    static = "".join(later(f"rs-static-{i}", piece) for i, piece in enumerate(board_static_pieces()))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0f} {HEIGHT:.0f}" '
        f'class="ta-board rs-board" data-board-scale="1" role="img" aria-label="{ui("round_board_label", lang)}">',
        f'<g class="ta-static">{static}</g>',
    ]
    parts = ['<g class="ta-dynamic">']
    for a, b, seat in record.get("tracks", []):
        pa, pb = (a[0], a[1]), (b[0], b[1])
        parts.append(_line(pa, pb, "track double" if DOUBLE.get((pa, pb)) else "track"))
        parts.append(_line(pa, pb, "track-stripe", f' stroke="{PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]}"'))
    needed = record.get("needed") or [[] for _ in names]
    cities = record.get("cities", {})
    for seat in range(len(names)):
        colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
        shown = "" if seat == selected else ' display="none"'
        group = [f'<g class="rs-needed" data-rs-seat="{seat}"{shown}>']
        for a, b in needed[seat]:
            pa, pb = (a[0], a[1]), (b[0], b[1])
            cost = 2 if DOUBLE.get((pa, pb)) else 1
            group.append(_line(pa, pb, "need-halo"))
            group.append(_line(pa, pb, f"need need-{cost}", f' stroke="{colour}"'))
        for name in cities.get(str(seat), []):
            c = CITY_BY_NAME.get(name)
            if c:
                cx, cy = pos(c["x"], c["y"])
                group.append(f'<circle class="rs-city" cx="{cx:.1f}" cy="{cy:.1f}" r="13" stroke="{colour}"/>')
        group.append("</g>")
        parts.extend(group)
    for seat, marker in enumerate(record.get("markers", [])):
        if marker:
            cx, cy = pos(marker[0], marker[1])
            colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
            parts.append(
                f'<g class="marker"><rect x="{cx - 7:.1f}" y="{cy - 7:.1f}" width="14" height="14" rx="3" '
                f'fill="{colour}"/><title>{escape(names[seat])}</title></g>'
            )
    parts.append("</g>")
    out.append(later("rs-dyn", "".join(parts)) + later("rs-names", board_labels_svg()) + "</svg>")
    return "".join(out)
