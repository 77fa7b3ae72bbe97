"""Keyboard play on the boards (issue 14): targets are named buttons, arrows go the right way."""

from __future__ import annotations

import re

from railtable_web import dom, keys, ta_svg


def test_target_attrs_make_a_named_button_with_one_tab_stop() -> None:
    first = keys.target_attrs('Lay a rail on "Kawagoe"', first=True)
    other = keys.target_attrs("Lay a rail on Ome")
    assert 'tabindex="0"' in first and 'tabindex="-1"' in other
    assert 'role="button"' in first and 'aria-label="Lay a rail on &quot;Kawagoe&quot;"' in first


def test_board_and_table_attributes_drive_the_page_side() -> None:
    assert keys.board_attrs() == ' data-key-board="1"'
    assert keys.after_attrs(("#end-turn", 'a[x="1"]')) == ' data-key-after="#end-turn|a[x=&quot;1&quot;]"'


def test_announce_says_the_last_three_lines_in_the_live_region() -> None:
    dom.OPS.clear()
    keys.announce(["a", "b", "c", "d"])
    assert dom.OPS == [["p", "#live", "textContent", "b c d"]]
    dom.OPS.clear()
    keys.announce([])
    assert dom.OPS == []


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
