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


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_trains_lobby_options_fit_a_phone(lang: str, browser: Any, server: Any, page_problems: Any,
                                          wait_engine: Any, shot: Any) -> None:
    """Issue 34: the Trains options' selects ("Pick the cards myself" and its card list) fit 390 px."""
    page = open_page(browser, server, page_problems, PHONE)
    page.goto(server.url)
    wait_engine(page)
    page.select_option("#lang", lang)
    page.click("#game-choice label:has(input[value=trains])")
    page.select_option("#trains-kingdom", "pick")
    page.locator("#trains-kingdom").scroll_into_view_if_needed()
    no_sideways_scroll(page)
    box = page.evaluate(BOX, "#trains-kingdom")
    assert box["right"] <= 390 - 8, box
    shot(page, f"lobby-trains-pick-phone-{lang}")
    page.context.close()


def test_trains_phone_board_and_hand_on_one_screen_the_rest_behind_tabs(
        browser: Any, server: Any, page_problems: Any, wait_engine: Any, shot: Any) -> None:
    """Issue 34: at 390x844 the board, the hand's Play buttons and End turn are on the first screen; the
    supply, players and log are behind tabs (buttons with aria-selected and aria-controls); a hidden
    panel is not focusable; the supply comes up by itself once the hand has nothing left to play."""
    page = open_page(browser, server, page_problems, PHONE)
    seats, _ = GAMES["trains"]
    lobby.start_game(page, server, wait_engine, "trains", seats, seed=7)
    page.locator("#menu-toggle").tap()
    page.select_option("#pace", "instant")
    page.locator("#menu-toggle").tap()
    page.wait_for_selector("#tr-board .start-target")
    page.locator("#tr-board .start-target").nth(7).tap()
    page.wait_for_selector("#tr-banner.mine")
    page.wait_for_selector("#tr-hand button.play")
    page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate("document.documentElement.scrollHeight") <= 844 * 1.1
    for sel in ("#tr-board", "#tr-hand button.play", "#tr-end"):
        box = page.evaluate(BOX, sel)
        assert box["top"] >= 0 and box["bottom"] <= 844, (sel, box)
    tabs = page.locator(".tr-tabs [role=tab]:visible")
    assert tabs.count() == 4  # no Route Bonus cards in this game: no tab for them
    for i in range(tabs.count()):
        panel = tabs.nth(i).get_attribute("aria-controls")
        assert page.locator(f"#{panel}").count() == 1
    assert page.get_attribute("#tr-tab-hand", "aria-selected") == "true"
    assert not page.locator("#tr-supply").is_visible()
    # the hidden panels take no focus: Tab from the last tab goes into the hand's panel
    page.focus("#tr-tab-log")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('#tr-panel-hand') !== null")
    page.tap("#tr-tab-supply")
    page.wait_for_selector("#tr-supply .pile >> visible=true")
    assert page.get_attribute("#tr-tab-supply", "aria-selected") == "true"
    assert page.get_attribute("#tr-tab-hand", "aria-selected") == "false"
    assert not page.locator("#tr-hand").is_visible()
    shot(page, "layout-trains-phone-supply")
    page.tap("#tr-tab-hand")
    page.wait_for_selector("#tr-hand button.play >> visible=true")
    while page.locator("#tr-hand button.play").count():  # play the hand out: then the supply comes up
        before = lobby.moves(page)
        if page.locator("#tr-prompt:not([hidden])").count():
            break
        page.locator("#tr-hand button.play").first.tap()
        page.wait_for_function(f"Number(document.documentElement.dataset.moves) > {before}")
    if not page.locator("#tr-prompt:not([hidden])").count() and page.locator("#tr-supply button.buy").count():
        page.wait_for_selector("#tr-supply .pile >> visible=true")
        assert page.get_attribute("#tr-tab-supply", "aria-selected") == "true"
    page.context.close()
