"""HTML pieces every game's table uses (pure, CPython-tested)."""

from __future__ import annotations

from . import i18n
from .markup import escape


def winners_heading(names: list[str], winners: list[int]) -> str:
    """The final result's title in the page's language: who won, or who share the victory (names escaped)."""
    who = i18n.t("and").join(escape(names[w]) for w in winners)
    return f'<h2 id="final-result">{i18n.t("share_victory" if len(winners) > 1 else "wins", who=who)}</h2>'


SHAPES = ("circle", "square", "triangle", "diamond", "down", "hexagon")
"""Each seat's marker shape (issue 14): players stay apart without telling colours apart."""


def seat_shape(seat: int, cx: float, cy: float, r: float, fill: str, attrs: str = "") -> str:
    """Seat ``seat``'s marker as one SVG element centred on (cx, cy), ``r`` its half-size."""
    shape = SHAPES[seat % len(SHAPES)]
    if shape == "circle":
        return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{fill}"{attrs}/>'
    if shape == "square":
        k = r * 0.9
        return f'<rect x="{cx - k:.1f}" y="{cy - k:.1f}" width="{2 * k:.1f}" height="{2 * k:.1f}" fill="{fill}"{attrs}/>'
    pts = {
        "triangle": [(0, -1.15), (1.1, 0.85), (-1.1, 0.85)],
        "diamond": [(0, -1.2), (1.2, 0), (0, 1.2), (-1.2, 0)],
        "down": [(-1.1, -0.85), (1.1, -0.85), (0, 1.15)],
        "hexagon": [(1.05, 0), (0.52, -0.95), (-0.52, -0.95), (-1.05, 0), (-0.52, 0.95), (0.52, 0.95)],
    }[shape]
    points = " ".join(f"{cx + x * r:.1f},{cy + y * r:.1f}" for x, y in pts)
    return f'<polygon points="{points}" fill="{fill}"{attrs}/>'


def swatch_html(seat: int, colour: str) -> str:
    """A player's colour and shape, as shown beside their name (aria-hidden: the name says who)."""
    return (f'<svg class="swatch" viewBox="0 0 16 16" aria-hidden="true" data-shape="{SHAPES[seat % len(SHAPES)]}">'
            f'{seat_shape(seat, 8, 8, 6.5, colour)}</svg>')
