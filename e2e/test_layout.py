"""Every table at a phone's size and a laptop's (issue 14, "Layout").

Phone (390x844, touch): no horizontal page scroll, End turn and the prompt stay in view at the
bottom, the top bar's commands are behind a Menu button. Laptop (1366x768): Trains' board, hand,
supply and End turn all on screen without scrolling the page. Card titles never overflow their
card (a word is never broken). Screenshots go to e2e/screenshots/layout-*.png.
"""

from __future__ import annotations

from typing import Any

import pytest

import lobby
from sizes import LAPTOP, PHONE, open_page

GAMES = {
    "transamerica": ([("Ann", "human"), ("Ada", "easy"), ("Bo", "easy")], "#end-turn"),
    "trains": ([("Ann", "human"), ("Ada", "easy")], "#tr-end"),
    "stations": ([("Ann", "human"), ("Ada", "easy"), ("Bo", "easy")], "#st-banner"),
}
BOX = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height}; }"""


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"


@pytest.mark.parametrize("game", list(GAMES))
def test_phone(game: str, browser: Any, server: Any, page_problems: Any, wait_engine: Any, shot: Any) -> None:
    page = open_page(browser, server, page_problems, PHONE)
    page.goto(server.url)
    wait_engine(page)
    no_sideways_scroll(page)
    seats, end = GAMES[game]
    lobby.start_game(page, server, wait_engine, game, seats, seed=7)
    page.wait_for_timeout(300)
    no_sideways_scroll(page)
    # the commands are in a menu; opening it shows them inside the screen's width
    assert not page.locator("#topbar-actions [data-cmd=rules]").is_visible()
    page.tap("#menu-toggle")
    rules = page.evaluate(BOX, "#topbar-actions [data-cmd=rules]")
    assert rules["right"] <= 390 and rules["height"] >= 44
    page.tap("#menu-toggle")
    # what to act on now stays in view while the page scrolls
    page.mouse.wheel(0, 3000)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    box = page.evaluate(BOX, end)
    assert 0 <= box["top"] and box["bottom"] <= 844, box
    if page.evaluate("(sel) => document.querySelector(sel).tagName", end) == "BUTTON":
        assert box["height"] >= 44
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, f"layout-{game}-phone")
    page.context.close()


def test_trains_laptop_needs_no_page_scroll(browser: Any, server: Any, page_problems: Any,
                                            wait_engine: Any, shot: Any) -> None:
    page = open_page(browser, server, page_problems, LAPTOP)
    seats, _ = GAMES["trains"]
    lobby.start_game(page, server, wait_engine, "trains", seats, seed=7)
    page.wait_for_selector("#tr-supply .pile")
    no_sideways_scroll(page)
    assert page.evaluate("document.documentElement.scrollHeight") <= 768
    for sel in ("#tr-board", "#tr-hand", "#tr-supply", "#tr-end", "#tr-banner"):
        box = page.evaluate(BOX, sel)
        assert box["top"] < 768 - 40 and box["bottom"] > box["top"], (sel, box)
    # no card title overflows its card: words are never cut
    overflowing = page.evaluate("""[...document.querySelectorAll('.tc-head')]
        .filter(h => h.scrollWidth > h.clientWidth + 1).map(h => h.textContent)""")
    assert overflowing == []
    smallest = page.evaluate("""Math.min(...[...document.querySelectorAll('.tcard .tc-name, .tcard .tc-text, .tcard .tc-types')]
        .map(e => parseFloat(getComputedStyle(e).fontSize)))""")
    assert smallest >= 12
    shot(page, "layout-trains-laptop")
    page.context.close()
