"""Newcomer explanations and board labels (issue 14, "Layout")."""

from __future__ import annotations

from railtable_web import explain, ta_svg, trains_svg

from railtable.stations.data import monopoly_values


def test_every_text_is_in_english_and_french() -> None:
    assert set(explain.TEXTS["en"]) == set(explain.TEXTS["fr"])
    assert all(explain.TEXTS["fr"][k] != explain.TEXTS["en"][k] for k in explain.TEXTS["en"])


def test_points_to_lose_have_their_plural_in_both_languages() -> None:
    # TransAmerica, "Scoring of a Round": 1 point per single track still needed, 2 per double
    assert "lose 1 point (" in explain.ta_lose_now(1)
    assert "lose 3 points" in explain.ta_lose_now(3)
    assert "nothing" in explain.ta_lose_now(0)
    assert "perdriez 1 point (" in explain.ta_lose_now(1, "fr")
    assert "perdriez 4 points" in explain.ta_lose_now(4, "fr")


def test_stations_end_adds_each_monopoly_value() -> None:
    # Trains & Stations, "Scoring": Monopolies are added at the end
    names = {g: g.title() for g in monopoly_values()}
    text = explain.st_end_adds(monopoly_values(), names)
    for g, v in monopoly_values().items():
        assert f"{g.title()} {v}" in text
    assert explain.st_you_hold({"coal": 2, "gold": 0}, names, "fr") == "Vos Marchandises pour les Monopoles : Coal ×2."


def test_names_are_drawn_after_the_tracks() -> None:
    doc = ta_svg.board_svg({"names": ["A"], "tracks": [[[5, 5], [6, 5], 0]]}, [])
    assert doc.index('class="ta-dynamic"') < doc.index('class="ta-labels"')
    assert doc.count('class="city-name full"') == doc.count('class="city-name short"') == 35
    board = trains_svg.board_svg("tokyo", {"rails": [], "stations": []})
    assert board.index('class="tr-dynamic"') < board.index('class="tr-labels"')
    assert "Kawagoe" in board[board.index('class="tr-labels"'):]
