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
    assert first.startswith("Place your start marker at "), first
    page.keyboard.press("ArrowRight")
    second = page.evaluate(ACTIVE_LABEL)
    assert second and second != first and second.startswith("Place your start marker at ")
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
