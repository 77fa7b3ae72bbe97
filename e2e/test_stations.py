"""Trains & Stations in the browser, played as a person would (issue 5, "The table").

A whole 3-player game IN FRENCH (the lobby's language switched to Français), one seat driven by
clicks and two bots, to the final scores; a reload mid-game that resumes the same position.
Every test also fails on any console error or request to another host (conftest). Screenshots
of each screen go to e2e/screenshots/st-*.png.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

import lobby
from lobby import actions, moves, wait_actions_above

CONTROLS = "#st-controls"


def start_game(page: Any, server: Any, wait_engine: Any, seats: list[tuple[str, str]], seed: int,
               lang: str = "fr") -> None:
    lobby.start_game(page, server, wait_engine, "stations", seats, seed, lang=lang)
    page.wait_for_selector("#st-board")


def phase(page: Any) -> str:
    return str(page.locator(CONTROLS).get_attribute("data-phase") or "")


def my_move(page: Any) -> bool:
    return page.locator(f"{CONTROLS}[data-mine='1']").count() > 0 and page.locator("#modal[hidden]").count() > 0


def click_and_wait(page: Any, selector: str) -> None:
    """Click a button or space that plays a legal action, then wait for the engine to take it."""
    before = actions(page)  # not data-moves: a speculation offer is secret there (issue 15)
    page.locator(selector).first.click()
    wait_actions_above(page, before)


def play_one_move(page: Any, seen: dict[str, int]) -> None:
    """One of the human's moves, chosen the way a simple player would, always by clicking."""
    ph = phase(page)
    c = CONTROLS
    if ph not in seen:
        seen[ph] = 0
        page.wait_for_timeout(100)  # let the SVG settle for the picture
    seen[ph] += 1
    if ph == "keep":
        click_and_wait(page, f"{c} [data-type=return_power]")
    elif ph == "gather":
        if page.locator(f"{c} [data-type=gather]").count():
            click_and_wait(page, f"{c} [data-type=gather]")
        else:
            click_and_wait(page, f"{c} [data-type=reclaim]")
    elif ph == "roll":
        # choose one die for a reroll once a turn (when a Coin pays for it), then reroll; else keep
        if page.locator(f"{c} [data-type=select]").count() and not page.locator(f"{c} .tray-die.selected").count() \
                and seen.get("rerolled_turn") != seen.get("turn"):
            click_and_wait(page, f"{c} .tray-die[data-type=select]")
            assert page.locator(f"{c} .tray-die.selected").count() == 1
        elif page.locator(f"{c} [data-type=reroll]").count():
            seen["rerolled_turn"] = seen.get("turn", 0)
            seen["rerolls"] = seen.get("rerolls", 0) + 1
            click_and_wait(page, f"{c} [data-type=reroll]")
        else:
            click_and_wait(page, f"{c} [data-type=stop]")
    elif ph == "resolve":
        if page.locator("#st-board .space-hit").count():
            seen["placed"] = seen.get("placed", 0) + 1
            click_and_wait(page, "#st-board .space-hit")
        elif page.locator(f"{c} [data-type=build]").count():
            seen["built"] = seen.get("built", 0) + 1
            click_and_wait(page, f"{c} [data-type=build]")
        elif page.locator(f"{c} [data-type=cash]").count():
            click_and_wait(page, f"{c} [data-type=cash]")
        else:
            seen["turn"] = seen.get("turn", 0) + 1
            click_and_wait(page, f"{c} [data-type=done]")
    elif ph == "speculate":
        offers = page.locator(f"{c} [data-type=offer_goods]")
        offer_text = page.locator("#st-offer").inner_text()
        if offers.count() and "rien" in offer_text and page.locator(".goods-card").count():
            # trade in two Goods if we have them; a single card leaves an odd trade: clear it
            click_and_wait(page, f"{c} [data-type=offer_goods]")
            if page.locator(f"{c} [data-type=offer_goods]").count():
                click_and_wait(page, f"{c} [data-type=offer_goods]")
                seen["traded"] = seen.get("traded", 0) + 1
            else:
                click_and_wait(page, f"{c} [data-type=clear_offer]")
        click_and_wait(page, f"{c} [data-type=confirm]")
    else:  # order, tie, goods, upgrade, spec_award: the first choice offered
        click_and_wait(page, f"{c} [data-act]")


def test_whole_game_in_french_one_human_by_clicks_against_two_bots(
    page: Any, server: Any, wait_engine: Any, shot: Any
) -> None:
    start_game(page, server, wait_engine, [("Alex", "human"), ("Ada", "easy"), ("Brunel", "easy")], seed=5)
    page.select_option("#pace", "instant")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert "Mise en place" in page.locator("#st-step").inner_text()
    assert page.locator("#st-banner.mine").inner_text() == "À vous de jouer"
    shot(page, "st-fr-keep")
    seen: dict[str, int] = {}
    summaries = 0
    shots_taken: set[str] = set()
    for _ in range(3000):
        if page.evaluate("document.documentElement.dataset.over") == "1":
            break
        if page.locator("#modal:not([hidden]) .st-summary").count() and not page.locator("#final-result").count():
            summaries += 1
            if summaries == 1:
                text = page.locator("#modal").inner_text()
                assert "Livraison" in text or "Spéculation" in text
                shot(page, "st-fr-summary")
            page.click("#modal [data-close]")
            continue
        if my_move(page):
            ph = phase(page)
            if ph not in shots_taken:
                shots_taken.add(ph)
                shot(page, f"st-fr-{ph}")
            play_one_move(page, seen)
            continue
        page.wait_for_timeout(40)
    page.wait_for_selector("#final-result")
    shot(page, "st-fr-final")
    text = page.locator("#modal").inner_text()
    assert "gagne" in text or "partagent la victoire" in text
    assert "Total" in text and "Cartes PV" in text
    # the human really played: Step 1 to 3 by clicks, trains placed on the board by clicking spaces
    for step in ("keep", "gather", "roll", "resolve"):
        assert seen.get(step, 0) >= 1, (step, seen)
    assert seen.get("placed", 0) >= 1 and seen.get("turn", 0) >= 3, seen
    assert summaries >= 1
    # the page is in French around the table too
    assert page.locator("[data-cmd=menu]").inner_text() == "Accueil"
    page.click("#modal [data-newgame]")
    page.wait_for_selector("#lobby:not([hidden])")
    assert "terminée" in page.locator("#save-list").inner_text()


def test_reload_mid_game_resumes_the_same_position(page: Any, server: Any, wait_engine: Any, shot: Any) -> None:
    start_game(page, server, wait_engine, [("Alex", "human"), ("Ada", "easy"), ("Brunel", "easy")], seed=9)
    page.select_option("#pace", "instant")
    seen: dict[str, int] = {}
    for _ in range(400):
        if seen.get("turn", 0) >= 2 and my_move(page) and phase(page) == "gather":
            break
        if page.locator("#modal:not([hidden])").count():
            page.click("#modal [data-close]")
            continue
        if my_move(page):
            play_one_move(page, seen)
            continue
        page.wait_for_timeout(40)
    assert phase(page) == "gather" and my_move(page)
    played = moves(page)
    dice = page.locator("#st-board .die.on-board").count()
    buildings = page.locator("#st-board .building").count()
    hand = page.locator("#st-hand").inner_text()
    players = page.locator("#st-players").inner_text()
    page.reload()
    wait_engine(page)
    assert page.locator("#lang").input_value() == "fr"  # the language is remembered
    page.locator("#save-list [data-resume]").first.click()
    page.wait_for_selector("#st-board")
    assert moves(page) == played
    assert page.locator("#st-board .die.on-board").count() == dice
    assert page.locator("#st-board .building").count() == buildings
    # innerText reads the rendered text: right after the table is drawn again the panels may not be
    # laid out yet (their text then comes without its line breaks), so give them a moment first
    same_text = "([sel, text]) => document.querySelector(sel)?.innerText === text"
    for sel, text in (("#st-hand", hand), ("#st-players", players)):
        try:
            page.wait_for_function(same_text, arg=[sel, text], timeout=10_000)
        except PlaywrightTimeout:
            pass  # the assertion below says what differs
        assert page.locator(sel).inner_text() == text
    assert page.locator("#st-banner.mine").count() == 1
    shot(page, "st-fr-resumed")
    click_and_wait(page, f"{CONTROLS} [data-type=gather]")  # and play on
    assert phase(page) in ("roll", "resolve")


def speculation_save(seed: int = 4) -> str:
    """A hot-seat game of three people (all human seats) brought by the baseline bot's choices to
    its first Speculation where several players must choose at once (built on CPython)."""
    from railtable.core import Match
    from railtable.stations import BaselineBot

    match = Match("stations", {"players": ["Ann", "Bea", "Cy"]}, seed, [None, None, None])
    bots = [BaselineBot(i, seed) for i in range(3)]
    while not (match.state.phase == "speculate" and len(match.state.to_act()) == 3):
        state = match.state
        p = state.to_act()[0]
        match.apply(bots[p].choose(state.view(p), state.legal_actions(p)))
    return match.dumps()


def test_hot_seat_speculation_is_secret_until_everyone_has_chosen(
    page: Any, server: Any, wait_engine: Any, shot: Any, tmp_path: Any
) -> None:
    save = tmp_path / "speculation.json"
    save.write_text(speculation_save(), encoding="utf-8")
    page.goto(server.url)
    wait_engine(page)
    page.select_option("#lang", "en")
    page.set_input_files("#import-file", str(save))
    page.wait_for_selector("#st-board")
    trades = {"Ann": "cattle", "Bea": "coal", "Cy": None}
    for name in ("Ann", "Bea", "Cy"):
        # the device is passed: nobody's Goods or trade are on screen under the privacy screen
        page.wait_for_selector("#privacy:not([hidden])")
        assert page.locator("#privacy-name").inner_text() == name
        assert page.locator("#st-hand .goods-card").count() == 0
        assert page.locator("#st-offer").count() == 0
        if name == "Bea":
            shot(page, "st-en-speculation-privacy")
        page.click("#privacy-reveal")
        assert phase(page) == "speculate" and my_move(page)
        assert page.locator("#st-offer").inner_text() == "Your trade: nothing"  # never another's trade
        log = page.locator("#st-log").inner_text()
        assert "trades in" not in log
        goods = trades[name]
        if goods:
            for _ in range(2):
                click_and_wait(page, f"{CONTROLS} [data-type=offer_goods]:has-text('{goods.capitalize()}')")
            assert page.locator("#st-offer").inner_text() == f"Your trade: 2 {goods.capitalize()}"
            if name == "Ann":
                shot(page, "st-en-speculation")
        click_and_wait(page, f"{CONTROLS} [data-type=confirm]")
    # everyone has chosen: the trades are revealed to all, in the summary
    page.wait_for_selector("#modal:not([hidden]) .spec-title", state="attached")
    if page.locator("#privacy:not([hidden])").count():  # the active player takes the device back
        page.click("#privacy-reveal")
    text = page.locator("#modal").inner_text()
    assert "Speculation revealed" in text
    assert "Ann trades in 2 Cattle" in text and "Bea trades in 2 Coal" in text
    shot(page, "st-en-speculation-revealed")


def test_hot_seat_setup_each_person_keeps_power_cards_behind_the_privacy_screen(
    page: Any, server: Any, wait_engine: Any, shot: Any
) -> None:
    """Setup (simultaneous): both people choose in turn; nobody sees the other's cards."""
    start_game(page, server, wait_engine, [("Alex", "human"), ("Ada", "human"), ("Brunel", "easy")], seed=8)
    cards: dict[str, list[str]] = {}
    for name in ("Alex", "Ada"):
        page.wait_for_selector("#privacy:not([hidden])")
        assert page.locator("#privacy-name").inner_text() == name
        assert page.locator("#st-hand .power-card").count() == 0
        assert page.locator(f"{CONTROLS} [data-type=return_power]").count() == 0
        page.click("#privacy-reveal")
        assert page.locator(f"{CONTROLS} [data-type=return_power]").count() == 3
        cards[name] = page.locator("#st-hand .power-card").all_inner_texts()
        assert len(cards[name]) == 3
        log = page.locator("#st-log").inner_text()
        other = "Ada" if name == "Alex" else "Alex"
        assert f"{other} reçoit 3 cartes Pouvoir Spécial." in log  # the other's cards: never named
        assert f"{other} reçoit 3 cartes Pouvoir Spécial :" not in log
        click_and_wait(page, f"{CONTROLS} [data-type=return_power]")
    page.wait_for_selector("#privacy:not([hidden])")  # back to Alex, the Conductor, for turn 1
    assert page.locator("#privacy-name").inner_text() == "Alex"
    page.click("#privacy-reveal")
    assert phase(page) == "gather"
    assert page.locator("#st-hand .power-card").count() == 2
