"""Keyboard play and windows as dialogs (issue 14, "Keyboard and screen readers").

A whole TransAmerica turn and a Trains starting rail played with the keyboard only: the board's
legal targets are named buttons with one tab stop, arrow keys move between them, Enter plays, and
after a move focus lands on the next sensible place (a target, else End turn). The Rules window
takes focus, keeps it on Tab, closes on Escape and gives focus back.
"""

from __future__ import annotations

from typing import Any

import lobby
from lobby import moves, wait_moves_above

ACTIVE_LABEL = "document.activeElement && document.activeElement.getAttribute('aria-label')"


def focus_board(page: Any, board: str) -> str:
    """Tab into the board: its one tab stop is a legal target; returns that target's name."""
    page.locator(f"{board} [data-key-target][tabindex='0']").focus()
    return str(page.evaluate(ACTIVE_LABEL))


def test_transamerica_turn_by_keyboard(page: Any, server: Any, wait_engine: Any) -> None:
    lobby.start_game(page, server, wait_engine, "transamerica", [("Ann", "human"), ("Ada", "easy")], seed=5)
    page.select_option("#pace", "instant")
    page.wait_for_selector("#turn-banner.mine")
    first = focus_board(page, "#ta-board")
    assert first.startswith("Place your start marker "), first
    page.keyboard.press("ArrowRight")
    second = page.evaluate(ACTIVE_LABEL)
    assert second and second != first and second.startswith("Place your start marker ")
    assert page.locator("#ta-board [data-key-target][tabindex='0']").count() == 1  # one tab stop
    n = moves(page)
    page.keyboard.press("Enter")
    wait_moves_above(page, n)
    assert page.locator("#ta-board .marker").count() >= 1
    # the bot answers; on our turn focus is back on a legal track, named with what it costs
    page.wait_for_function("document.querySelector('#turn-banner.mine') && "
                           "document.activeElement && document.activeElement.matches('[data-key-target]')")
    label = page.evaluate(ACTIVE_LABEL)
    assert "track from " in label and "costs" in label, label
    for _ in range(2):  # one double or up to two singles, all by Enter
        if not page.evaluate("document.activeElement.matches('[data-key-target]')"):
            break
        n = moves(page)
        page.keyboard.press("Enter")
        wait_moves_above(page, n)
    page.wait_for_function("document.activeElement && document.activeElement.id === 'end-turn'")
    n = moves(page)
    page.keyboard.press("Enter")
    wait_moves_above(page, n)
    assert page.locator("#ta-board .track").count() >= 1


def test_trains_starting_rail_by_keyboard(page: Any, server: Any, wait_engine: Any) -> None:
    lobby.start_game(page, server, wait_engine, "trains", [("Ann", "human"), ("Ada", "easy")], seed=3)
    page.wait_for_selector("#tr-board")
    page.select_option("#pace", "instant")
    page.wait_for_selector("#tr-banner.mine")
    label = focus_board(page, "#tr-board")
    assert label.startswith("Place your starting rail on "), label
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowLeft")
    n = moves(page)
    page.keyboard.press("Enter")
    wait_moves_above(page, n)
    assert page.locator("#tr-board .rail").count() >= 1
    # a card's Play button is a button: the whole turn can go on by Tab and Enter
    page.wait_for_selector("#tr-banner.mine")
    page.wait_for_function("document.activeElement && document.activeElement !== document.body")


def test_rules_window_is_a_dialog(page: Any, server: Any, wait_engine: Any) -> None:
    lobby.start_game(page, server, wait_engine, "transamerica", [("Ann", "human"), ("Ada", "easy")], seed=5)
    rules = page.locator("#topbar-actions [data-cmd=rules]")
    rules.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#modal:not([hidden]) [role=dialog][aria-modal=true]")
    name = page.evaluate("document.getElementById(document.querySelector('#modal [role=dialog]')"
                         ".getAttribute('aria-labelledby')).textContent")
    assert "TransAmerica" in name
    assert page.evaluate("document.querySelector('#modal').contains(document.activeElement)")
    for _ in range(4):  # Tab never leaves the window
        page.keyboard.press("Tab")
        assert page.evaluate("document.querySelector('#modal').contains(document.activeElement)")
    page.keyboard.press("Escape")
    page.wait_for_selector("#modal[hidden]", state="attached")
    assert page.evaluate("document.activeElement.dataset.cmd") == "rules"


def test_import_save_reachable_by_keyboard(page: Any, server: Any, wait_engine: Any) -> None:
    page.goto(server.url)
    wait_engine(page)
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "import-file":
            break
    assert page.evaluate("document.activeElement.id") == "import-file"


def tab_to(page: Any, selector: str, limit: int = 250) -> None:
    """Press Tab until the focused element matches ``selector`` (keyboard only, as a person would)."""
    for _ in range(limit):
        if page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_trains_whole_turn_by_keyboard(page: Any, server: Any, wait_engine: Any) -> None:
    """The starting rail, then a whole turn: play every card, buy one, End turn; all by keys.
    After each card played, focus is already on the next card's Play button."""
    lobby.start_game(page, server, wait_engine, "trains", [("Ann", "human"), ("Ada", "easy")], seed=3)
    page.wait_for_selector("#tr-board")
    page.select_option("#pace", "instant")
    page.wait_for_selector("#tr-banner.mine")
    tab_to(page, "#tr-board [data-key-target]")
    n = moves(page)
    page.keyboard.press("Enter")
    wait_moves_above(page, n)
    page.wait_for_function("document.querySelector('#tr-banner.mine') && document.querySelector('#tr-hand button.play')")
    played = 0
    while page.locator("#tr-hand button.play").count():
        if played:  # focus moved on by itself to the next card to play
            assert page.evaluate("document.activeElement.matches('#tr-hand button.play')")
        tab_to(page, "#tr-hand button.play")
        n = moves(page)
        page.keyboard.press("Enter")
        wait_moves_above(page, n)
        played += 1
    assert played >= 1
    money = page.locator("#tr-money").inner_text()
    if page.locator("#tr-supply .pile.affordable button.buy").count():
        tab_to(page, "#tr-supply .pile.affordable button.buy")
        n = moves(page)
        page.keyboard.press("Enter")
        wait_moves_above(page, n)
        assert page.locator("#tr-money").inner_text() != money or page.locator("#tr-gained .tcard").count()
    if page.locator("#tr-end:not([disabled])").count():  # a buy may leave a prompt or end the turn
        tab_to(page, "#tr-end")
        n = moves(page)
        page.keyboard.press("Enter")
        wait_moves_above(page, n)
    page.wait_for_function("document.querySelector('#tr-players .player-row.active[data-seat=\"1\"]') || "
                           "document.querySelector('#tr-banner.mine')")


def test_card_close_up_by_keyboard(page: Any, server: Any, wait_engine: Any) -> None:
    """A card reached with Tab (its Play button) shows its close-up, on screen; Escape closes it, and
    it stays closed when the hand is redrawn and focus is put back on a card (it reopened then), and
    when the page changes under a mouse pointer resting on a card (the browser then sends a hover for
    the card now under it: CI saw the close-up reopen that way)."""
    lobby.start_game(page, server, wait_engine, "trains", [("Ann", "human"), ("Ada", "easy")], seed=3)
    page.wait_for_selector("#tr-board")
    # the player's mouse rests on a card of the supply while they use the keys
    box = page.locator("#tr-supply [data-card]").first.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.select_option("#pace", "instant")
    page.wait_for_selector("#tr-banner.mine")
    tab_to(page, "#tr-board [data-key-target]")
    n = moves(page)
    page.keyboard.press("Enter")
    wait_moves_above(page, n)
    page.wait_for_function("document.querySelector('#tr-banner.mine') && document.querySelector('#tr-hand button.play')")
    page.keyboard.press("Tab")
    tab_to(page, "#tr-hand button.play")
    page.wait_for_selector("#tr-reader:not([hidden]) .tcard.big")
    assert_on_screen(page, "#tr-reader")
    page.keyboard.press("Escape")
    page.wait_for_selector("#tr-reader[hidden]", state="attached")
    # the hand redrawn under the focus (as a redraw by the table does): keys.js puts focus back on
    # a Play button, which must not reopen the close-up the player closed
    page.evaluate("() => { const h = document.querySelector('#tr-hand'); h.innerHTML = h.innerHTML; }")
    page.wait_for_function("document.activeElement && document.activeElement.matches('#tr-hand button.play')")
    page.wait_for_timeout(1000)  # the worker answers a hover in tens of milliseconds
    assert page.evaluate("document.querySelector('#tr-reader').hidden"), "the closed close-up reopened"
    # the supply redrawn under the resting pointer: the browser's hover for the card now under it is
    # not the player pointing, and must not reopen the close-up either
    page.evaluate("() => { const s = document.querySelector('#tr-supply'); s.innerHTML = s.innerHTML; }")
    page.wait_for_timeout(1000)
    assert page.evaluate("document.querySelector('#tr-reader').hidden"), "a still pointer reopened the close-up"
    # a pointer that really moves onto a card is followed at once
    box = page.locator("#tr-supply [data-card]").nth(1).bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_selector("#tr-reader:not([hidden]) .tcard.big")


def assert_on_screen(page: Any, selector: str) -> None:
    box = page.evaluate("(s) => { const r = document.querySelector(s).getBoundingClientRect();"
                        " return [r.left, r.top, r.right, r.bottom]; }", selector)
    size = page.viewport_size
    assert box[0] >= 0 and box[1] >= 0 and box[2] <= size["width"] and box[3] <= size["height"], box
