"""A whole turn of each game played by taps on a phone (issue 14, "Tests").

390x844 with touch emulation (``has_touch=True, is_mobile=True``): every move is a tap
(Playwright's ``tap``: touch events, no mouse). The games' own click-driven helpers
(test_trains.play_my_turn, test_stations.play_one_move) choose the moves; here they tap instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import lobby
import test_stations
import test_trains
from lobby import moves
from sizes import PHONE, open_page

ZOOMED_BY_TAP = "[data-zoom-hint]:not([hidden])"


def tap_and_wait(page: Any, target: Any) -> None:
    """Tap a target and wait for the move. A tap among board targets too close together for a
    finger zooms the board on them instead (issue 34, web/board.js): then a second tap, on the
    target now enlarged, plays it."""
    before = moves(page)
    loc = page.locator(target).first if isinstance(target, str) else target
    loc.scroll_into_view_if_needed()
    loc.tap()  # a real tap: the target is visible, on screen and the top element at its centre
    page.wait_for_function(f"Number(document.documentElement.dataset.moves) !== {before} || "
                           f"document.querySelector('{ZOOMED_BY_TAP}')")
    if moves(page) == before and page.locator(ZOOMED_BY_TAP).count():
        loc.tap()
    page.wait_for_function(f"Number(document.documentElement.dataset.moves) !== {before}")
    page.wait_for_function(f"!document.querySelector('{ZOOMED_BY_TAP}')")  # the whole board again


@contextmanager
def tapping() -> Iterator[None]:
    """The click helpers of test_trains and test_stations tap instead."""
    saved = test_trains.click_and_wait, test_stations.click_and_wait
    test_trains.click_and_wait = tap_and_wait
    test_stations.click_and_wait = tap_and_wait
    try:
        yield
    finally:
        test_trains.click_and_wait, test_stations.click_and_wait = saved


def test_transamerica_turn_by_taps(browser: Any, server: Any, page_problems: Any, wait_engine: Any) -> None:
    page = open_page(browser, server, page_problems, PHONE)
    lobby.start_game(page, server, wait_engine, "transamerica", [("Ann", "human"), ("Ada", "easy")], seed=5)
    page.locator("#menu-toggle").tap()
    page.select_option("#pace", "instant")
    page.locator("#menu-toggle").tap()
    page.wait_for_selector("#turn-banner.mine")
    tap_and_wait(page, page.locator("#ta-board .junction-hit").nth(40))
    assert page.locator("#ta-board .marker").count() >= 1
    page.wait_for_selector("#turn-banner.mine")
    page.wait_for_selector("#ta-board .edge-hit")
    for _ in range(2):  # a double, or up to two singles
        hits = page.locator("#ta-board .edge-hit:not(.costs-2)")
        if not hits.count():
            break
        tap_and_wait(page, hits.first)
    assert page.locator("#ta-board .track").count() >= 1
    tap_and_wait(page, "#end-turn")
    page.context.close()


def test_trains_turn_by_taps(browser: Any, server: Any, page_problems: Any, wait_engine: Any) -> None:
    page = open_page(browser, server, page_problems, PHONE)
    lobby.start_game(page, server, wait_engine, "trains", [("Ann", "human"), ("Ada", "easy")], seed=3)
    page.wait_for_selector("#tr-board")
    page.locator("#menu-toggle").tap()
    page.select_option("#pace", "instant")
    page.locator("#menu-toggle").tap()
    page.wait_for_selector("#tr-banner.mine")
    # a long press on a card (the browser's contextmenu) opens its close-up, whole on the screen
    page.locator("#tr-supply .tcard").nth(3).dispatch_event("contextmenu")
    page.wait_for_selector("#tr-reader:not([hidden]) [data-cmd=close-reader]")
    box = page.evaluate("(() => { const r = document.querySelector('#tr-reader').getBoundingClientRect();"
                        " return [r.left, r.top, r.right, r.bottom]; })()")
    assert box[0] >= 0 and box[1] >= 0 and box[2] <= 390 and box[3] <= 844, box
    page.keyboard.press("Escape")
    page.wait_for_selector("#tr-reader[hidden]", state="attached")
    with tapping():
        test_trains.play_my_turn(page)  # the starting rail
        assert page.locator("#tr-board .rail").count() >= 1
        page.wait_for_function("document.querySelector('#tr-banner.mine') && "
                               "document.querySelector('#tr-hand button.play')")
        turn = page.locator("#tr-players").inner_text()
        test_trains.play_my_turn(page)  # a whole turn: play cards, buy, End turn
    page.wait_for_function("!document.querySelector('#tr-banner.mine') || "
                           f"document.querySelector('#tr-players').innerText !== {turn!r}")
    page.context.close()


def test_stations_turn_by_taps(browser: Any, server: Any, page_problems: Any, wait_engine: Any) -> None:
    page = open_page(browser, server, page_problems, PHONE)
    lobby.start_game(page, server, wait_engine, "stations", [("Ann", "human"), ("Ada", "easy"), ("Bo", "easy")],
                     seed=5, lang="fr")
    page.wait_for_selector("#st-board")
    page.locator("#menu-toggle").tap()
    page.select_option("#pace", "instant")
    page.locator("#menu-toggle").tap()
    seen: dict[str, int] = {}
    with tapping():
        for _ in range(120):
            if seen.get("turn", 0) >= 1:  # the turn ended with "done", by a tap
                break
            if not test_stations.my_move(page):
                page.wait_for_timeout(100)
                continue
            test_stations.play_one_move(page, seen)
    assert seen.get("turn", 0) >= 1, seen
    page.context.close()
