"""Keyboard play on the boards (issue 14): targets are named buttons, arrows go the right way."""

from __future__ import annotations

import re

from railtable_web import keys, ta_svg


def test_target_attrs_make_a_named_button_with_one_tab_stop() -> None:
    first = keys.target_attrs('Lay a rail on "Kawagoe"', first=True)
    other = keys.target_attrs("Lay a rail on Ome")
    assert 'tabindex="0"' in first and 'tabindex="-1"' in other
    assert 'role="button"' in first and 'aria-label="Lay a rail on &quot;Kawagoe&quot;"' in first


def test_nearest_follows_the_arrow() -> None:
    points = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (-10.0, 1.0), (3.0, -30.0)]
    assert keys.nearest(points, (0.0, 0.0), (1.0, 0.0)) == 1  # right: the one on the same row
    assert keys.nearest(points, (0.0, 0.0), (-1.0, 0.0)) == 3
    assert keys.nearest(points, (0.0, 0.0), (0.0, -1.0)) == 4
    assert keys.nearest(points, (10.0, 10.0), (1.0, 0.0)) is None  # nothing further right
    assert keys.nearest_any(points, (9.0, 9.0)) == 2


def test_transamerica_targets_are_named_from_the_legal_actions() -> None:
    seattle = next(c for c in ta_svg.board.CITIES if c["name"] == "Seattle")
    at = [seattle["x"], seattle["y"]]
    svg = ta_svg.board_dynamic_svg({"names": ["A", "B"]}, [{"type": "place_marker", "player": 0, "at": at}])
    assert 'aria-label="Place your start marker at Seattle"' in svg
    a, b, double = ta_svg.board.EDGES[0]
    legal = [{"type": "build", "player": 0, "edge": [list(a), list(b)]}]
    label = re.search(r'aria-label="([^"]*)"', ta_svg.board_dynamic_svg({"names": ["A"]}, legal)).group(1)
    assert label.startswith("Double track from " if double else "Single track from ")
    assert ("costs your whole turn" if double else "costs 1 of your 2 tracks") in label
    assert "(" not in label  # places are named by cities, never by grid coordinates
