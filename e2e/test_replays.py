"""Replays in the browser (issue 31): every position of a finished game of each system and back,
the last position drawn as the final table; a replay link opened in a fresh profile; a game in
progress replayed with no other seat's secret in the page at any position."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from railtable.core import Match  # noqa: E402
from replay_games import bot_game  # noqa: E402

BOARD = {"transamerica": ["#ta-dyn", "#players"], "trains": ["#tr-dyn", "#tr-players", "#tr-hand"],
         "stations": ["#st-dyn", "#st-players", "#st-hand"]}
GAMES = [("transamerica", 2, 1), ("trains", 2, 1), ("stations", 3, 1)]


def store(page: Any, server: Any, wait_engine: Any, slot: str, match: Match, title: str) -> None:
    """Put ``match`` among the saved games and reload the lobby."""
    record = json.dumps({"title": title, "updated": 1_790_000_000_000, "over": match.state.is_over(),
                         "save": match.to_save()})
    page.goto(server.url)
    wait_engine(page)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"railtable.save.{slot}", record])
    page.reload()
    wait_engine(page)


def position(page: Any) -> int:
    return int(page.evaluate("Number(document.documentElement.dataset.replayPosition)"))


def wait_position(page: Any, k: int) -> None:
    page.wait_for_function(f"document.documentElement.dataset.replayPosition === '{k}'")


def drawn(page: Any, game: str) -> list[str]:
    return [page.locator(sel).first.inner_html() for sel in BOARD[game]]


@pytest.mark.parametrize("game, players, seed", GAMES)
def test_every_position_and_back_and_the_last_is_the_final_table(
    page: Any, server: Any, wait_engine: Any, shot: Any, game: str, players: int, seed: int
) -> None:
    match = bot_game(game, players, seed)
    n = len(match.actions)
    store(page, server, wait_engine, "1-replay", match, "Finished")
    page.click('#save-list [data-resume="1-replay"]')
    page.wait_for_selector("#modal:not([hidden]) .result-chart svg")  # the final screen's chart
    shot(page, f"replay-final-chart-{game}")
    page.click("#modal [data-close]")
    final = drawn(page, game)
    page.click('[data-cmd="menu"]')
    page.click('#save-list [data-replay="1-replay"]')
    page.wait_for_selector("#replay-bar")
    wait_position(page, n)
    assert drawn(page, game) == final
    shot(page, f"replay-{game}")
    page.focus('[data-rp="forward"]')
    page.keyboard.press("Home")
    wait_position(page, 0)
    for k in range(1, n + 1):
        page.keyboard.press("ArrowRight")
        wait_position(page, k)
    assert drawn(page, game) == final
    for k in range(n - 1, -1, -1):
        page.keyboard.press("ArrowLeft")
        wait_position(page, k)
    page.keyboard.press("End")
    wait_position(page, n)
    assert drawn(page, game) == final


def test_slider_log_and_continue_from_here(page: Any, server: Any, wait_engine: Any, shot: Any) -> None:
    match = bot_game("trains", 2, 2)
    store(page, server, wait_engine, "2-replay", match, "Trains")
    page.click('#save-list [data-replay="2-replay"]')
    page.wait_for_selector("#rp-slider")
    page.locator("#rp-slider").fill("300")
    wait_position(page, 300)
    line = page.locator("#rp-log .rp-line").nth(5)
    line.click()
    assert position(page) < 300
    k = position(page)
    page.click(".rp-continue summary")
    page.select_option("#rp-kind-1", "easy")
    page.click('[data-rp="continue"]')
    page.wait_for_function("!document.documentElement.dataset.replay")
    page.wait_for_selector("#tr-board")
    played = page.evaluate("""() => window.railtable.run(
      "__import__('railtable_web.app').app.APP.session.match.actions.__len__()")""")
    assert played >= k
    page.click('[data-cmd="menu"]')
    # the original is untouched: still there, with all its moves
    saved = page.evaluate("localStorage.getItem('railtable.save.2-replay')")
    assert len(json.loads(saved)["save"]["actions"]) == len(match.actions)


def test_a_replay_link_opens_the_same_game_in_a_fresh_profile(
    browser: Any, page: Any, server: Any, wait_engine: Any, shot: Any, page_problems: Any
) -> None:
    match = bot_game("trains", 2, 3)
    store(page, server, wait_engine, "3-replay", match, "Trains")
    page.click('#save-list [data-replay="3-replay"]')
    page.wait_for_selector("#rp-slider")
    page.click('[data-rp="link"]')
    page.wait_for_selector("#rp-link-url:not([hidden])")
    url = page.locator("#rp-link-url").input_value()
    assert "#replay=r1." in url and len(url) < 8000
    page.select_option("#rp-seat", "")  # the table only: what a stranger's first look shows is compared below
    final = drawn(page, "trains")[:2]
    fresh = browser.new_context(bypass_csp=True)  # string predicates (conftest)
    page_problems.attach_context(fresh)
    other = fresh.new_page()
    page_problems.attach_page(other)
    other.goto(url)
    wait_engine(other)
    other.wait_for_selector("#replay-bar")
    wait_position(other, len(match.actions))
    other.select_option("#rp-seat", "")
    assert drawn(other, "trains")[:2] == final
    shot(other, "replay-link-fresh-profile")
    other.goto("about:blank")
    other.goto(url[:-20])  # a link cut short says so in the lobby
    wait_engine(other)
    other.wait_for_selector("#link-notice:not([hidden])")
    assert "replay link" in other.locator("#link-notice").inner_text()
    fresh.close()


def test_a_game_in_progress_shows_no_other_seats_secret_at_any_position(
    page: Any, server: Any, wait_engine: Any, shot: Any
) -> None:
    match = bot_game("transamerica", 3, 4, stop=60)
    store(page, server, wait_engine, "4-replay", match, "In progress")
    page.click('#save-list [data-replay="4-replay"]')
    page.wait_for_selector("#rp-slider")
    assert page.evaluate("document.documentElement.dataset.replay") == "progress"
    seats = page.locator("#rp-seat option").evaluate_all("os => os.map(o => o.value)")
    assert seats == ["", "0"]  # the table only, or the one person's seat
    shot(page, "replay-in-progress")
    page.focus('[data-rp="forward"]')
    page.keyboard.press("Home")
    for k in range(len(match.actions) + 1):
        wait_position(page, k)
        state = Match.replay("transamerica", match.config, match.seed, match.actions[:k], match.seats).state
        mine = sorted(state.hands[0])
        others = {c for p in (1, 2) for c in state.hands[p]} - set(mine)
        cards = sorted(page.locator("#my-cards .city-card .name").all_inner_texts())
        assert cards == mine, k
        page_text = page.locator("#table").inner_html()
        marked = page.locator("#ta-board .my-city").evaluate_all("es => es.map(e => e.getAttribute('data-city') || '')")
        assert not others & set(marked), k
        assert "city-card" not in page_text.split('id="my-cards"')[0], k  # no card outside my hand
        if k < len(match.actions):
            page.keyboard.press("ArrowRight")


def test_viewer_and_record_are_axe_clean_at_every_size_and_fit_a_phone(
    browser: Any, server: Any, wait_engine: Any, page_problems: Any
) -> None:
    import test_axe
    from e2e_settings import SCREENSHOTS
    from sizes import PHONE

    page, audit = test_axe.open_audit(browser, server, page_problems)
    match = bot_game("stations", 3, 2)
    store(page, server, wait_engine, "5-replay", match, "Stations")
    page.click('#save-list [data-resume="5-replay"]')  # its end is drawn: the record's first line
    page.wait_for_selector("#modal:not([hidden]) .result-chart")
    audit.check("final screen with its chart", ready="#modal:not([hidden]) .result-chart")
    page.click("#modal [data-close]")
    page.click('[data-cmd="menu"]')
    page.click('#save-list [data-replay="5-replay"]')
    page.wait_for_selector("#rp-slider")
    audit.check("replay viewer")
    page.click('[data-cmd="menu"]')
    page.click("#open-record")
    page.wait_for_selector(".record-table")
    assert page.locator(".record-table tbody tr").count() == 1
    audit.check("record screen", ready=".record-table")
    page.set_viewport_size(PHONE["viewport"])
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "record-phone.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["viewport"]["width"] + 1  # nothing wider than the phone
    page.click('[data-rec="back"]')
    page.click('#save-list [data-replay="5-replay"]')
    page.wait_for_selector("#rp-slider")
    page.screenshot(path=str(SCREENSHOTS / "replay-phone.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"] + 1
    audit.finish()
