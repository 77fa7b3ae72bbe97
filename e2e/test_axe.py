"""axe-core finds no accessibility violation in the lobby, each table and its windows (issue 14).

axe-core is a pinned npm dev dependency (package.json); it is injected by this test from
``node_modules/axe-core`` and never served with the site. ``RAILTABLE_AXE`` may name another
copy of ``axe.min.js``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

import lobby

ROOT = Path(__file__).resolve().parents[1]
AXE = Path(os.environ.get("RAILTABLE_AXE", ROOT / "node_modules" / "axe-core" / "axe.min.js"))

RUN_AXE = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.map(v => ({id: v.id, impact: v.impact, n: v.nodes.length,
    where: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' :: ' + (n.failureSummary || '').slice(0, 160))}));
}"""


def violations(page: Any) -> list[dict[str, Any]]:
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `npm ci` (axe-core is a dev dependency)", pytrace=False)
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return list(page.evaluate(RUN_AXE))


def assert_clean(page: Any, where: str) -> None:
    found = violations(page)
    listed = "\n".join(f"{v['id']} ({v['impact']}) x{v['n']}: {v['where']}" for v in found)
    assert not found, f"axe found {sum(v['n'] for v in found)} problem(s) {where}:\n{listed}"


def test_lobby(page: Any, server: Any, wait_engine: Any) -> None:
    page.goto(server.url)
    wait_engine(page)
    assert_clean(page, "in the lobby")


@pytest.mark.parametrize("game,seats", [
    ("transamerica", [("Ann", "human"), ("Ada", "easy"), ("Bo", "easy")]),
    ("trains", [("Ann", "human"), ("Ada", "easy")]),
    ("stations", [("Ann", "human"), ("Ada", "easy"), ("Bo", "easy")]),
])
def test_table_and_rules_window(game: str, seats: list[tuple[str, str]], page: Any, server: Any,
                                wait_engine: Any) -> None:
    lobby.start_game(page, server, wait_engine, game, seats, seed=7)
    page.wait_for_timeout(500)
    assert_clean(page, f"at the start of {game}")
    page.click("#topbar-actions [data-cmd=rules]")
    page.wait_for_selector("#modal:not([hidden])")
    assert_clean(page, f"in {game}'s Rules window")


def test_transamerica_mid_game_and_round_window(page: Any, server: Any, wait_engine: Any) -> None:
    """Played by the keyboard to the end of the first round: the board mid-game and the round's window."""
    lobby.start_game(page, server, wait_engine, "transamerica", [("Ann", "human"), ("Ada", "easy")], seed=5)
    page.select_option("#pace", "instant")
    checked_mid = False
    for _ in range(300):
        if page.locator("#modal:not([hidden]) .round-chart").count():
            break
        if page.locator("#turn-banner.mine").count() and page.locator("#modal[hidden]").count():
            if not checked_mid and page.locator("#ta-board .track").count() >= 4:
                assert_clean(page, "mid-game in TransAmerica")
                checked_mid = True
            target = page.locator("#ta-board [data-key-target][tabindex='0']")
            if target.count():
                target.focus()
            else:
                page.locator("#end-turn").focus()
            n = lobby.moves(page)
            page.keyboard.press("Enter")
            page.wait_for_function(f"Number(document.documentElement.dataset.moves) !== {n} || "
                                   "!document.querySelector('#modal').hidden")
            continue
        page.wait_for_timeout(50)
    page.wait_for_selector("#modal:not([hidden]) .round-chart")
    assert checked_mid
    assert_clean(page, "in TransAmerica's round window")


def test_trains_turn_with_cards(page: Any, server: Any, wait_engine: Any) -> None:
    lobby.start_game(page, server, wait_engine, "trains", [("Ann", "human"), ("Ada", "easy")], seed=3)
    page.wait_for_selector("#tr-board")
    page.select_option("#pace", "instant")
    page.wait_for_selector("#tr-banner.mine")
    n = lobby.moves(page)
    page.locator("#tr-board .target").first.click()
    lobby.wait_moves_above(page, n)
    page.wait_for_selector("#tr-hand button.play")
    assert_clean(page, "on a Trains turn with cards to play and buy")
    n = lobby.moves(page)
    page.locator("#tr-hand button.play").first.click()
    lobby.wait_moves_above(page, n)
    assert_clean(page, "after playing a Trains card")
