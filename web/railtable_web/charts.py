"""Charts as SVG drawn in Python (issue 31), like the boards: pure functions, tested on CPython.

Each chart is a ``<figure>``: the SVG (``role="img"``, named by its title, described by a sentence
for a screen reader), then the same numbers as a table inside a ``<details>`` ("Table view").
The SVG scales to its container's width (``viewBox``), so it fits a 390-pixel phone.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import i18n, replay_text  # noqa: F401  (replay_text: the charts' words)
from .i18n import t
from .markup import escape

WIDTH, HEIGHT = 360.0, 200.0
LEFT, RIGHT, TOP, BOTTOM = 34.0, 8.0, 10.0, 26.0
LEVEL_COLOURS = {"easy": "#2e7d32", "normal": "#1565c0", "hard": "#b71c1c", "mixed": "#6d4c41", "people": "#6a3fb5"}

_ids = [0]


def _next_id() -> str:
    _ids[0] += 1
    return f"chart-{_ids[0]}"


def _fmt(v: float) -> str:
    """A number as the reader writes it: no needless decimals, a decimal comma in French."""
    text = f"{v:.0f}" if float(v).is_integer() else f"{v:.2f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") if i18n.language() == "fr" else text


def _middle(lo: float, hi: float) -> float:
    """The middle gridline: a whole number where the axis spans a few points or more."""
    mid = (lo + hi) / 2
    return float(round(mid)) if hi - lo >= 4 else mid


def _scale(lo: float, hi: float) -> tuple[float, float]:
    if hi <= lo:
        hi = lo + 1
    return lo, hi


def _labelled_ticks(count: int) -> list[int]:
    """The x positions that get a label: at most nine, evenly spaced (an eighth of the axis apart,
    40 units), always the first and the last; a regular one closer to the last than half a step
    gives way to it, so that two labels never overlap ("136" and "138" did)."""
    if count <= 0:
        return []
    last = count - 1
    step = max(1, -(-last // 8))
    shown = [i for i in range(0, last, step) if i == 0 or last - i >= step / 2]
    return [*shown, last] if last not in shown else shown


def line_chart(title: str, x_label: str, x_ticks: Sequence[str], lines: Sequence[tuple[str, str, Sequence[float | None]]],
               describe: str, percent: bool = False) -> str:
    """A line per ``(label, colour, values)`` over the positions ``x_ticks`` (one value per tick;
    None where a line has no value), with a table view of the same numbers."""
    cid = _next_id()
    values = [v for _, _, vs in lines for v in vs if v is not None]
    lo, hi = _scale(min([0.0, *values]), max([1.0 if percent else 0.0, *values]))
    n = max(1, len(x_ticks) - 1)
    w, h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + w * i / n

    def y(v: float) -> float:
        return TOP + h * (1 - (v - lo) / (hi - lo))

    parts = [f'<line class="axis" x1="{LEFT}" y1="{TOP + h}" x2="{LEFT + w}" y2="{TOP + h}"/>',
             f'<line class="axis" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + h}"/>']
    for v in (lo, (lo + hi) / 2 if percent else _middle(lo, hi), hi):
        label = f"{v * 100:.0f}%" if percent else _fmt(round(v, 1))
        parts.append(f'<text class="tick" x="{LEFT - 4}" y="{y(v) + 4:.1f}" text-anchor="end">{label}</text>')
        parts.append(f'<line class="grid" x1="{LEFT}" y1="{y(v):.1f}" x2="{LEFT + w}" y2="{y(v):.1f}"/>')
    for i in _labelled_ticks(len(x_ticks)):
        tick = x_ticks[i]
        parts.append(f'<text class="tick" x="{x(i):.1f}" y="{TOP + h + 14}" text-anchor="middle">{escape(tick)}</text>')
    for label, colour, vs in lines:
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(vs) if v is not None)
        shown = [(i, v) for i, v in enumerate(vs) if v is not None]
        if 0 < len(shown) <= 40:  # a dot per value: one game or round is a point, not an invisible line
            parts.extend(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="3" fill="{escape(colour, quote=True)}"/>' for i, v in shown)
        if points:
            parts.append(f'<polyline class="series" fill="none" stroke="{escape(colour, quote=True)}" stroke-width="2.5" '
                         f'points="{points}"><title>{escape(label)}</title></polyline>')
    parts.append(f'<text class="tick" x="{LEFT + w}" y="{HEIGHT - 2}" text-anchor="end">{escape(x_label)}</text>')
    legend = "".join(
        f'<li><span class="chart-key" data-rt-style="background:{escape(colour, quote=True)}"></span>{escape(label)}</li>'
        for label, colour, _ in lines)
    head = f"<tr><th>{escape(x_label)}</th>" + "".join(f"<th>{escape(label)}</th>" for label, _, _ in lines) + "</tr>"
    rows = "".join(
        f"<tr><td>{escape(tick)}</td>" + "".join(
            "<td>" + ("" if vs[i] is None else (f"{vs[i] * 100:.0f}%" if percent else _fmt(vs[i]))) + "</td>"
            for _, _, vs in lines) + "</tr>"
        for i, tick in enumerate(x_ticks))
    return (f'<figure class="chart" aria-labelledby="{cid}-t"><figcaption id="{cid}-t">{escape(title)}</figcaption>'
            f'<svg viewBox="0 0 {WIDTH:.0f} {HEIGHT:.0f}" role="img" aria-labelledby="{cid}-t" aria-describedby="{cid}-d">'
            f'{"".join(parts)}</svg><p id="{cid}-d" class="sr-only">{escape(describe)}</p>'
            f'<ul class="chart-legend">{legend}</ul>'
            f'<details class="chart-table"><summary>{escape(t("table_view"))}</summary><div class="table-scroll" tabindex="0" role="region" aria-label="{escape(title, quote=True)}">'
            f'<table><thead>{head}</thead><tbody>{rows}</tbody></table></div></details></figure>')


def bar_chart(title: str, x_label: str, bars: Sequence[tuple[str, float, str]], describe: str) -> str:
    """Bars ``(label, value, colour)`` up or down from zero (score margins), with a table view."""
    cid = _next_id()
    values = [v for _, v, _ in bars]
    lo, hi = _scale(min([0.0, *values]), max([0.0, *values]))
    w, h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    n = max(1, len(bars))
    bw = w / n

    def y(v: float) -> float:
        return TOP + h * (1 - (v - lo) / (hi - lo))

    parts = [f'<line class="axis" x1="{LEFT}" y1="{y(0):.1f}" x2="{LEFT + w}" y2="{y(0):.1f}"/>']
    for v in (lo, 0.0, hi):
        parts.append(f'<text class="tick" x="{LEFT - 4}" y="{y(v) + 4:.1f}" text-anchor="end">{_fmt(round(v, 1))}</text>')
    for i, (label, v, colour) in enumerate(bars):
        top, bottom = (y(v), y(0)) if v >= 0 else (y(0), y(v))
        parts.append(f'<rect x="{LEFT + i * bw + bw * 0.1:.1f}" y="{top:.1f}" width="{max(1.0, bw * 0.8):.1f}" '
                     f'height="{max(0.5, bottom - top):.1f}" fill="{escape(colour, quote=True)}">'
                     f'<title>{escape(label)}: {_fmt(v)}</title></rect>')
    parts.append(f'<text class="tick" x="{LEFT + w}" y="{HEIGHT - 2}" text-anchor="end">{escape(x_label)}</text>')
    rows = "".join(f"<tr><td>{escape(label)}</td><td>{_fmt(v)}</td></tr>" for label, v, _ in bars)
    return (f'<figure class="chart" aria-labelledby="{cid}-t"><figcaption id="{cid}-t">{escape(title)}</figcaption>'
            f'<svg viewBox="0 0 {WIDTH:.0f} {HEIGHT:.0f}" role="img" aria-labelledby="{cid}-t" aria-describedby="{cid}-d">'
            f'{"".join(parts)}</svg><p id="{cid}-d" class="sr-only">{escape(describe)}</p>'
            f'<details class="chart-table"><summary>{escape(t("table_view"))}</summary><div class="table-scroll" tabindex="0" role="region" aria-label="{escape(title, quote=True)}">'
            f'<table><thead><tr><th>{escape(x_label)}</th><th>{escape(t("margin"))}</th></tr></thead>'
            f'<tbody>{rows}</tbody></table></div></details></figure>')


def score_chart(game_id: str, names: Sequence[str], colours: Sequence[str], scores: Sequence[tuple[int, Sequence[int]]],
                periods: Sequence[int]) -> str:
    """A game's scores over time (``Replay.scores``, with the round or turn of each sample):
    TransAmerica points after each round, Trains VP over turns, Trains & Stations VP over rounds."""
    unit = "turn" if game_id == "trains" else "round"
    ticks = [str(p) for p in periods]
    if game_id == "transamerica":
        ticks = [t("chart_start")] + [str(p) for p in periods[1:]]
    lines = [(name, colours[i % len(colours)], [s[i] for _, s in scores]) for i, name in enumerate(names)]
    final = ", ".join(f"{name} {s}" for name, s in zip(names, scores[-1][1], strict=False)) if scores else ""
    title = t("chart_scores_" + game_id)
    return line_chart(title, t("chart_" + unit), ticks, lines,
                      t("chart_scores_desc", n=len(scores), unit=t("chart_" + unit), final=final))
