"""The Record screen (issue 31), opened from the lobby: your games against bots, by game and level.

A table per game and bot level (games, wins, win share, average score margin, best score, longest
streak of wins), a chart of the rolling win share against each level and one of each game's score
margin (``charts``: SVG with a text alternative and a table view), filters by game, player count
and level, damaged lines listed, and the record's export (the lobby's import reads it back).
"""

from __future__ import annotations

from typing import Any

from railtable.core.registry import CATALOGUE

from . import charts, dom, i18n, record, replay_text  # noqa: F401  (replay_text: the record's words)
from .dom import closest_data, on, q, show
from .i18n import t
from .markup import escape

ROLLING = 10


def start(app: Any) -> None:
    on(q("#open-record"), "click", lambda e: open_record(app))


def _level_name(level: str) -> str:
    if level == "people":
        return t("record_people")
    if level == "mixed":
        return t("record_mixed")
    return i18n.bot_name(level)


def _select(ident: str, label: str, options: list[tuple[str, str]], current: str) -> str:
    opts = "".join(f'<option value="{escape(v, quote=True)}"{" selected" if v == current else ""}>{escape(text)}</option>'
                   for v, text in options)
    return f'<label>{escape(label)} <select id="{ident}">{opts}</select></label>'


def backfill(app: Any, limit: int = 30) -> int:
    """Finished games saved before the record existed (or written while storage was full) get
    their line from their save, up to ``limit`` at a time (each is a replay); returns how many."""
    from railtable.core import Match, SaveError

    have = {item.data["id"] for item in record.read(app.store.storage) if item.data is not None}
    added = 0
    for entry in app.store.entries():
        if added >= limit:
            break
        if not entry.over or entry.save is None or entry.slot in have:
            continue
        try:
            match = Match.from_save(entry.save)
        except SaveError:
            continue
        line = record.line_of_match(match, entry.slot, entry.updated)
        if line is not None and record.add(app.store.storage, line):
            added += 1
    return added


def open_record(app: Any) -> None:
    app.close_table()
    backfill(app)
    dom.add_stylesheet("web/replay.css")
    root = q("#table")
    root.innerHTML = f'<section class="record panel" id="record" aria-labelledby="record-h"><h2 id="record-h">{escape(t("record_title"))}</h2><div id="record-body"></div></section>'
    show(q("#lobby"), False)
    show(root, True)
    app.table_handlers = dom.next_handler_id()
    on(q("#record"), "change", lambda e: render(app))
    on(q("#record"), "click", lambda e: on_click(app, e))
    render(app)


def render(app: Any) -> None:
    lines = record.read(app.store.storage)
    game = str(dom.form_value("rec-game", ""))
    count = str(dom.form_value("rec-players", ""))
    level = str(dom.form_value("rec-level", ""))
    players = int(count) if count.isdigit() else 0
    chosen = record.filtered(lines, game, players, level)
    everything = record.filtered(lines)
    games = [("", t("record_all_games"))] + [(g.id, g.title) for g in CATALOGUE.values()]
    counts = [("", t("record_all_counts"))] + [(str(n), t("n_players", n=n)) for n in range(2, 7)]
    levels = [("", t("record_all_levels"))] + [(lv, _level_name(lv)) for lv in ("easy", "normal", "hard", "mixed")]
    parts = [f'<p>{escape(t("record_intro"))} {escape(t("record_cap", n=record.CAP))}</p>',
             f'<fieldset class="record-filters"><legend>{escape(t("record_filters"))}</legend>'
             + _select("rec-game", t("record_game_col"), games, game)
             + _select("rec-players", t("players"), counts, count)
             + _select("rec-level", t("record_level_col"), levels, level) + "</fieldset>"]
    damaged = [item for item in lines if item.data is None]
    if damaged:
        listed = ", ".join(f"{item.number} ({item.error})" for item in damaged[:10])
        parts.append(f'<p class="save-error" role="status">{escape(t("record_damaged", n=len(damaged), lines=listed))}</p>')
    if not everything:
        parts.append(f'<p class="muted">{escape(t("record_none"))}</p>')
    else:
        parts.append(_summary_table(record.summary(chosen)))
        if chosen:
            parts.append(_charts(chosen))
    parts.append(f'<p class="modal-buttons"><button type="button" data-rec="export">{escape(t("record_export"))}</button> '
                 f'<button type="button" data-rec="back" class="primary">{escape(t("record_back"))}</button></p>')
    q("#record-body").innerHTML = "".join(parts)


def _summary_table(rows: list[dict[str, Any]]) -> str:
    head = "".join(f'<th scope="col">{escape(t(k))}</th>' for k in (
        "record_game_col", "record_level_col", "record_games", "record_wins", "record_share", "record_margin",
        "record_best", "record_streak"))
    body = []
    for r in rows:
        title = CATALOGUE[r["game"]].title if r["game"] in CATALOGUE else r["game"]
        body.append(f'<tr><th scope="row">{escape(title)}</th><td>{escape(_level_name(r["level"]))}</td>'
                    f'<td>{r["games"]}</td><td>{r["wins"]}</td><td>{r["share"] * 100:.0f}%</td>'
                    f'<td>{r["margin"]:+.1f}</td><td>{r["best"]}</td><td>{r["streak"]}</td></tr>')
    return (f'<div class="table-scroll" tabindex="0" role="region" aria-label="{escape(t("record_table"), quote=True)}"><table class="record-table"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>')


def _charts(chosen: list[dict[str, Any]]) -> str:
    rolling = record.rolling_share(chosen, ROLLING)
    ticks = [str(i + 1) for i in range(len(chosen))]
    lines = []
    for level, values in rolling.items():
        # each level's value at the games of that level, None at the others
        it = iter(values)
        series = [next(it) if str(record.level_of(d)) == level else None for d in chosen]
        lines.append((_level_name(level), charts.LEVEL_COLOURS.get(level, "#555"), series))
    share = charts.line_chart(t("record_rolling", n=ROLLING), t("chart_game"), ticks, lines,
                              t("record_rolling_desc", n=ROLLING), percent=True)
    bars = []
    for i, d in enumerate(chosen):
        m = record.margin(d) or 0
        title = CATALOGUE[d["game"]].title if d["game"] in CATALOGUE else d["game"]
        bars.append((f"{i + 1}. {title}", float(m), charts.LEVEL_COLOURS.get(str(record.level_of(d)), "#555")))
    margins = charts.bar_chart(t("record_margins"), t("chart_game"), bars, t("record_margins_desc", n=len(bars)))
    return f'<div class="record-charts">{share}{margins}</div>'


def on_click(app: Any, event: Any) -> None:
    what = closest_data(event, "rec")
    if what == "back":
        app.close_table()
    elif what == "export":
        dom.download("railtable-record.json", record.export_text(app.store.storage))


def imported(app: Any, file: dict[str, Any]) -> bool:
    """An exported record chosen in the lobby's import: merged, and told (True); else False."""
    text = file.get("text")
    if not isinstance(text, str) or '"railtable-record"' not in text[:200]:
        return False
    result = record.import_text(app.store.storage, text)
    if result is None:
        return False
    app.flash(t("record_imported", added=result[0], damaged=result[1]))
    return True
