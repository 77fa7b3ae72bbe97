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
from replay_games import bot_game, long_trains_game  # noqa: E402

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
    line = page.locator("#rp-log li:not([hidden]) .rp-line").nth(5)  # (later lines wait, hidden)
    line.click()
    assert position(page) < 300
    k = position(page)
    page.click(".rp-continue summary")
    page.select_option("#rp-kind-1", "easy")
    page.check('input[name="rp-draws"][value="new"]')  # new draws from here (issue 31)
    shot(page, "replay-continue-new-draws")
    page.click('[data-rp="continue"]')
    page.wait_for_function("!document.documentElement.dataset.replay")
    page.wait_for_selector("#tr-board")
    played = page.evaluate("""() => window.railtable.run(
      "__import__('railtable_web.app').app.APP.session.match.actions.__len__()")""")
    assert played >= k
    reseeds = page.evaluate("""() => window.railtable.run(
      "__import__('railtable_web.app').app.APP.session.match.to_save()['reseeds']")""")
    assert len(reseeds) == 1 and reseeds[0][0] == k  # kept in the new game's save
    page.click('[data-cmd="menu"]')
    # the original is untouched: still there, with all its moves
    saved = page.evaluate("localStorage.getItem('railtable.save.2-replay')")
    assert len(json.loads(saved)["save"]["actions"]) == len(match.actions)


def rails_at(match: Match, k: int) -> int:
    """How many rails the board holds after ``k`` actions."""
    state = Match.replay("trains", match.config, match.seed, match.actions[:k], match.seats).state
    return sum(len(here) for here in state.view(None)["rails"])


def test_a_900_action_game_dragged_and_stepped_shows_each_position(
    page: Any, server: Any, wait_engine: Any, shot: Any
) -> None:
    """Issue 31: "moving the slider across a 900-action game". A finished 4-player Trains game of
    899 actions: a drag of the slider by the mouse from end to end and back to the middle, then key
    steps; after each, the position said, the slider and the board (its rails) agree with the game
    after that many actions, and the parts held during the drag are back (no console error: the
    fixture fails the test on one)."""
    match = long_trains_game()
    n = len(match.actions)
    assert n > 850
    store(page, server, wait_engine, "6-replay", match, "Long Trains")
    page.click('#save-list [data-replay="6-replay"]')
    page.wait_for_selector("#rp-slider")
    wait_position(page, n)

    def shown() -> int:
        page.wait_for_function("!document.documentElement.dataset.replayHold")  # the drag's held parts are back
        page.evaluate("window.railtable.settled()")
        k = position(page)
        assert int(page.locator("#rp-slider").input_value()) == k
        assert f"Move {k} of {n}" in page.locator("#rp-position").inner_text()
        assert page.locator("#tr-dyn .rail").count() == rails_at(match, k), k
        assert page.locator("#tr-players").is_visible()
        assert page.locator("#replay-table [data-act]").count() == 0 and page.locator("#tr-end").is_disabled()  # nobody plays
        assert page.locator("#tr-dyn .target").count() == 0
        return k

    assert page.evaluate("document.activeElement.id") == "rp-slider"  # the page is not scrolled to the table
    box = page.locator("#rp-slider").bounding_box()
    assert box is not None
    y = box["y"] + box["height"] / 2
    page.evaluate("""() => { window.__held = []; new MutationObserver(() => window.__held.push(
        getComputedStyle(document.querySelector('#replay-table .tr-side')).contentVisibility))
      .observe(document.documentElement, {attributes: true, attributeFilter: ['data-replay-hold']}); }""")
    page.mouse.move(box["x"] + box["width"] - 2, y)
    page.mouse.down()
    for i in range(40, -1, -1):  # to the start, a frame's move at a time
        page.mouse.move(box["x"] + 2 + (box["width"] - 4) * i / 40, y)
    page.mouse.up()
    wait_position(page, 0)
    assert shown() == 0
    held = page.evaluate("window.__held")
    assert held[0] == "hidden" and held[-1] == "visible"  # the side panel waited during the drag, and came back
    page.mouse.down()
    for i in range(21):  # and to the middle
        page.mouse.move(box["x"] + 2 + (box["width"] - 4) * i / 40, y)
    page.mouse.up()
    middle = shown()
    assert n // 3 < middle < 2 * n // 3
    shot(page, "replay-long-trains-middle")
    page.focus('[data-rp="forward"]')
    for _ in range(12):
        page.keyboard.press("ArrowRight")
    wait_position(page, middle + 12)
    assert shown() == middle + 12
    page.keyboard.press("End")
    wait_position(page, n)
    assert shown() == n


def test_an_imported_finished_game_opens_in_the_viewer_and_one_in_progress_as_a_game(
    page: Any, server: Any, wait_engine: Any, shot: Any
) -> None:
    """Issue 31: an imported file of a finished game opens in the replay viewer (and is kept in
    the lobby); one of a game in progress opens to be played on. Both rows offer Resume and Replay."""
    page.goto(server.url)
    wait_engine(page)
    finished = bot_game("transamerica", 2, 1)
    data = json.dumps(finished.to_save()).encode()
    page.set_input_files("#import-file", files=[{"name": "finished.json", "mimeType": "application/json", "buffer": data}])
    page.wait_for_selector("#replay-bar")
    wait_position(page, len(finished.actions))
    assert page.evaluate("document.documentElement.dataset.replay") == "1"
    shot(page, "replay-imported-finished")
    page.click('[data-cmd="menu"]')
    page.wait_for_selector("#save-list [data-replay]")
    assert page.locator("#save-list [data-replay]").count() == 1
    assert page.locator("#save-list [data-resume]").count() == 1
    unfinished = bot_game("transamerica", 3, 4, stop=60)
    data = json.dumps(unfinished.to_save()).encode()
    page.set_input_files("#import-file", files=[{"name": "unfinished.json", "mimeType": "application/json", "buffer": data}])
    page.wait_for_selector("#ta-board")
    assert not page.evaluate("document.documentElement.dataset.replay")
    assert page.locator("#replay-bar").count() == 0
    page.click('[data-cmd="menu"]')
    page.wait_for_function("document.querySelectorAll('#save-list [data-replay]').length === 2")
    assert page.locator("#save-list [data-resume]").count() == 2


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
    page_problems.leaving()  # the first visit's snapshot maker may still be loading
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
