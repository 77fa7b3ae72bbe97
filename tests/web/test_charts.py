"""Charts drawn in Python (issue 31): SVG a screen reader can name, the same numbers as a table,
the texts in English and French."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from railtable_web import charts, i18n, replay_text
from railtable_web.session import PLAYER_COLOURS

from railtable.core.replay import Replay
from replay_games import bot_game


def _parse(html: str) -> ET.Element:
    return ET.fromstring(html.replace("&nbsp;", " "))


def test_a_line_chart_is_named_described_and_has_a_table_view() -> None:
    i18n.set_language("en")
    html = charts.line_chart("Points", "round", ["start", "1", "2"], [("Ann", "#123456", [13, 10, 4]),
                                                                     ("<b>Bo</b>", "#654321", [13, None, 8])], "Two lines.")
    fig = _parse(html)
    svg = fig.find("svg")
    assert svg is not None and svg.get("role") == "img"
    caption = fig.find("figcaption")
    assert caption is not None and svg.get("aria-labelledby") == caption.get("id")
    assert fig.find(f".//p[@id='{svg.get('aria-describedby')}']").text == "Two lines."  # type: ignore[union-attr]
    assert len(svg.findall("polyline")) == 2
    rows = fig.findall(".//tbody/tr")
    assert [[td.text or "" for td in r.findall("td")] for r in rows] == [["start", "13", "13"], ["1", "10", ""], ["2", "4", "8"]]
    assert "<b>" not in html and "&lt;b&gt;Bo&lt;/b&gt;" in html  # a player's name is text


def test_the_x_labels_never_overlap_and_the_first_and_last_are_always_labelled() -> None:
    """A Trains game of 138 turns labelled 0, 17, ... 136 and 138: "136" and "138" overlapped. Three
    digits of the 10-unit tick font are about 17 units wide."""
    i18n.set_language("en")
    for count in (1, 2, 9, 15, 16, 17, 40, 139, 900):
        ticks = [str(i) for i in range(count)]
        svg = _parse(charts.line_chart("VP", "turn", ticks, [("Ann", "#123456", [float(i) for i in range(count)])], "."))
        texts = [t for t in svg.iter("text") if t.get("text-anchor") == "middle"]
        xs = [float(t.get("x") or 0) for t in texts]
        assert texts[0].text == "0" and texts[-1].text == str(count - 1)
        assert all(b - a >= 19 for a, b in zip(xs, xs[1:], strict=False)), (count, [t.text for t in texts], xs)


def test_numbers_read_as_the_reader_writes_them() -> None:
    """A French reader reads a decimal comma; no axis shows "13.50" for a score."""
    i18n.set_language("fr")
    try:
        html = charts.line_chart("VP", "tour", ["0", "1", "2"], [("Ann", "#123456", [0.0, 13.5, 27.0])], ".")
        assert "13,5" in html and "13.5" not in html
        ticks = [t.text for t in _parse(html).iter("text") if t.get("text-anchor") == "end" and t.text != "tour"]
        assert ticks == ["0", "14", "27"]
        bars = charts.bar_chart("Marge", "niveau", [("Facile", 1.25, "#123456"), ("Difficile", -0.5, "#654321")], ".")
        assert "1,25" in bars and "-0,5" in bars
    finally:
        i18n.set_language("en")
    assert "1.25" in charts.bar_chart("Margin", "level", [("Easy", 1.25, "#123456")], ".")


def test_a_bar_chart_goes_up_and_down_from_zero() -> None:
    fig = _parse(charts.bar_chart("Margins", "game", [("1", 5.0, "#111"), ("2", -3.0, "#222")], "Bars."))
    rects = fig.findall(".//rect")
    assert len(rects) == 2
    zero = float(fig.find(".//line").get("y1"))  # type: ignore[union-attr, arg-type]
    assert float(rects[0].get("y")) + float(rects[0].get("height")) <= zero + 0.01  # type: ignore[arg-type]
    assert abs(float(rects[1].get("y")) - zero) < 0.01  # type: ignore[arg-type]


def test_each_games_score_chart_in_french() -> None:
    i18n.set_language("fr")
    try:
        for game, n in (("transamerica", 3), ("trains", 2), ("stations", 3)):
            replay = Replay.from_save(bot_game(game, n, 2).dumps())
            periods = [replay.periods[k][1] for k, _ in replay.scores]
            html = charts.score_chart(game, replay.names, PLAYER_COLOURS, replay.scores, periods)
            fig = _parse(html)
            assert fig.find("figcaption").text == replay_text.TEXTS["fr"]["chart_scores_" + game]  # type: ignore[union-attr]
            assert "Voir en tableau" in html
            assert len(fig.findall(".//tbody/tr")) == len(replay.scores)
    finally:
        i18n.set_language("en")


def test_every_replay_and_record_text_exists_in_both_languages() -> None:
    assert set(replay_text.TEXTS["en"]) == set(replay_text.TEXTS["fr"])
    for key in replay_text.TEXTS["en"]:
        assert i18n.MESSAGES["fr"][key] == replay_text.TEXTS["fr"][key]
