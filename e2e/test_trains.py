"""Trains in the browser, played as a person would (issue 4).

A whole 2-player game (one seat by clicks, one bot) to the final score chart; the prompts of
ten different cards answered by clicks; undo inside a turn; reload mid-turn and resume. Every
test also fails on any console error or request to another host (conftest).
"""

from __future__ import annotations

from typing import Any

import lobby
from lobby import moves

ODD_NAME = "<b>Tess</b> & co"

PROMPT_CARDS = ["Amusement Park", "Conductor's Station", "Garage", "Information Central",
                "Command Central", "Signals", "Station Crew", "Wagon Factory"]


def start_game(page: Any, server: Any, wait_engine: Any, seats: list[tuple[str, str]], seed: int,
               kingdom: str = "random", picked: list[str] | None = None, board: str = "tokyo") -> None:
    def options(pg: Any) -> None:
        pg.select_option("#trains-board", board)
        pg.select_option("#trains-kingdom", kingdom)
        for name in picked or []:
            pg.locator(f'input[name=trains-pick][value="{name}"]').check()

    lobby.start_game(page, server, wait_engine, "trains", seats, seed, options=options)
    page.wait_for_selector("#tr-board")
    if any(kind != "human" for _, kind in seats):  # people only: the privacy screen is up, the rest inert
        page.select_option("#pace", "instant")


def click_and_wait(page: Any, locator: Any) -> None:
    before = moves(page)
    locator.click()
    page.wait_for_function(f"Number(document.documentElement.dataset.moves) !== {before}")


def my_turn(page: Any) -> bool:
    return page.locator("#tr-banner.mine").count() > 0 and page.locator("#modal[hidden]").count() > 0


def cheapest_target(page: Any) -> Any:
    """The highlighted space with the lowest money cost, preferring no Waste."""
    targets = page.locator("#tr-board .target")
    best, best_key = 0, None
    for i in range(targets.count()):
        t = targets.nth(i)
        key = (int(t.get_attribute("data-cost") or 0), int(t.get_attribute("data-waste") or 0), i)
        if best_key is None or key < best_key:
            best, best_key = i, key
    return targets.nth(best)


def answer_prompt(page: Any) -> str:
    """Answer the current prompt by a click: a board space, 'done'/'take none', else the first option."""
    head = page.locator("#tr-prompt .prompt-head").inner_text()
    if page.locator("#tr-board .target").count():
        click_and_wait(page, cheapest_target(page))
        return head
    opts = page.locator("#tr-prompt .opt:not([disabled])")
    for label in ("done", "take none", "keep"):
        pref = page.locator("#tr-prompt .opt:not([disabled])", has_text=label)
        if pref.count():
            click_and_wait(page, pref.first)
            return head
    choosable = page.locator("#tr-hand .hand-slot.choosable .tcard")
    if choosable.count():  # a card from the hand: click the card itself
        click_and_wait(page, choosable.first)
        return head
    click_and_wait(page, opts.first)
    return head


def play_my_turn(page: Any) -> None:
    """A simple sensible turn: play every card that can be played, buy the dearest card, end."""
    for _ in range(60):
        if not my_turn(page):
            return
        if page.locator("#tr-prompt:not([hidden])").count():
            answer_prompt(page)
            continue
        if page.locator("#tr-board .start-target").count():
            click_and_wait(page, page.locator("#tr-board .start-target").nth(7))
            return
        waste = page.locator("#tr-hand .tcard.k-waste").count()
        if waste >= 3 and page.locator("#tr-pass:not([disabled])").count():
            click_and_wait(page, page.locator("#tr-pass"))
            return
        play = page.locator("#tr-hand button.play")
        if play.count():
            click_and_wait(page, play.first)
            continue
        buys = page.locator("#tr-supply .pile.affordable")
        if buys.count():
            costs = [int(buys.nth(i).locator(".tc-cost").inner_text()) for i in range(buys.count())]
            best = max(range(len(costs)), key=lambda i: costs[i])
            if costs[best] >= 2:
                click_and_wait(page, buys.nth(best).locator("button.buy"))
                continue
        click_and_wait(page, page.locator("#tr-end"))
        return


def test_whole_game_by_clicks_against_a_bot(page: Any, server: Any, wait_engine: Any, shot: Any) -> None:
    start_game(page, server, wait_engine, [(ODD_NAME, "human"), ("Ada", "easy")], seed=3, kingdom="beginner_tokyo")
    shot(page, "trains-start")
    # the name is text, never markup
    assert page.locator("#tr-players .pname").first.inner_text() == ODD_NAME
    assert page.locator("#tr-players b:text('Tess')").count() == 0
    assert page.locator("#tr-board .start-target").count() > 40
    shots = {"first-turn": False}
    for _ in range(3000):
        if page.evaluate("document.documentElement.dataset.over") == "1":
            break
        if my_turn(page):
            if not shots["first-turn"] and page.locator("#tr-hand button.play").count():
                shots["first-turn"] = True
                shot(page, "trains-my-turn")
            play_my_turn(page)
            continue
        page.wait_for_timeout(40)
    page.wait_for_selector("#final-result")
    shot(page, "trains-final")
    assert page.locator("#modal .score-chart").count() == 1
    totals = [int(page.locator(f'#modal .score-table td.total[data-seat="{s}"]').inner_text()) for s in (0, 1)]
    chart = [int(page.locator(f'#modal .score-chart .chart-total[data-seat="{s}"]').text_content()) for s in (0, 1)]
    assert totals == chart
    assert max(totals) > 0
    assert page.locator("#tr-board .rail[data-seat='0']").count() > 3  # the human laid rails
    page.click("#modal [data-newgame]")
    page.wait_for_selector("#lobby:not([hidden])")


def inject(run_python: Any, page: Any, names: list[str], seat: int = 0) -> None:
    """Put cards from the supply into a hand (to reach a situation quickly; choices stay clicks)."""
    code = (
        "from railtable_web import app\n"
        "st = app.APP.session.match.state\n"
        f"for name in {names!r}:\n"
        "    st.zones.hands[" + str(seat) + "].append(st.zones.piles[name].pop())\n"
        "app.APP.refresh()\n"
        "len(st.zones.hands[" + str(seat) + "])"
    )
    run_python(page, code)


def test_prompts_of_ten_cards_answered_by_clicks(page: Any, server: Any, wait_engine: Any, run_python: Any,
                                                 shot: Any) -> None:
    start_game(page, server, wait_engine, [("Alex", "human"), ("Ada", "easy")], seed=21, kingdom="pick",
               picked=PROMPT_CARDS)
    kingdom = run_python(page, "from railtable_web import app\nlist(app.APP.session.match.state.kingdom)")
    assert sorted(kingdom) == sorted(PROMPT_CARDS)
    # starting rail: a plain with a plain next to it (so a rail costs nothing on turn 1)
    plain = run_python(page, (
        "from railtable_web import app\n"
        "b = app.APP.session.match.state.board\n"
        "[h.id for h in b.hexes if h.terrain == 'field' and any(b.hexes[n].terrain == 'field' for n in b.neighbours[h.id])][0]"))
    click_and_wait(page, page.locator(f'#tr-board .start-target[data-hex="{plain}"]'))
    page.wait_for_selector("#tr-banner.mine")
    seen: dict[str, list[str]] = {}

    def play_and_answer(name: str) -> None:
        inject(run_python, page, [name])
        slot = page.locator(f'#tr-hand .hand-slot:has(.tcard[data-card="{name}"]) button.play').first
        slot.wait_for()
        click_and_wait(page, slot)
        heads = []
        first = True
        while page.locator("#tr-prompt:not([hidden])").count():
            if first:
                shot(page, f"trains-prompt-{name}")
                first = False
            heads.append(answer_prompt(page))
        seen[name] = heads

    # a Train in play first (Amusement Park counts it again)
    click_and_wait(page, page.locator('#tr-hand .hand-slot:has(.tcard[data-card="Normal Train"]) button.play').first)
    for name in ["Information Central", "Amusement Park", "Command Central", "Signals", "Garage",
                 "Conductor's Station", "Station Crew", "Wagon Factory", "Lay Rails", "Station Expansion"]:
        if name == "Wagon Factory":
            inject(run_python, page, ["Express Train"])
        play_and_answer(name)
    for name, heads in seen.items():
        assert heads, f"{name} asked nothing"
    assert any("Train in play" in h for h in seen["Amusement Park"])
    assert any("Name a card" in h for h in seen["Command Central"])
    assert any("top card of your deck" in h for h in seen["Signals"])
    assert any("Discard a card" in h for h in seen["Garage"])
    assert any("Discard a card" in h for h in seen["Conductor's Station"])
    assert any("Choose one" in h for h in seen["Station Crew"])
    assert any("Trash a Train" in h for h in seen["Wagon Factory"])
    assert any("revealed" in h for h in seen["Information Central"])
    assert any("Lay a rail" in h for h in seen["Lay Rails"])
    assert any("station" in h for h in seen["Station Expansion"])
    # a card whose effect cannot be applied says why, and may still be played for money
    inject(run_python, page, ["Waste"])
    assert "Waste cannot be played" in page.locator('#tr-hand .hand-slot:has(.k-waste) .why').first.inner_text()
    shot(page, "trains-after-prompts")


def test_station_crew_shows_illegal_choice_disabled_with_reason(page: Any, server: Any, wait_engine: Any,
                                                                run_python: Any) -> None:
    start_game(page, server, wait_engine, [("Alex", "human"), ("Ada", "easy")], seed=5, kingdom="holiday_pass")
    click_and_wait(page, page.locator("#tr-board .start-target").nth(10))
    page.wait_for_selector("#tr-banner.mine")
    run_python(page, (
        "from railtable_web import app\n"
        "st = app.APP.session.match.state\n"
        "h = st.zones.hands[0]\n"
        "for cid in [c for c in h if st.zones.name(c) == 'Waste']:\n"
        "    h.remove(cid); st.zones.piles['Waste'].append(cid)\n"
        "0"))
    inject(run_python, page, ["Station Crew"])
    click_and_wait(page, page.locator('#tr-hand .hand-slot:has(.tcard[data-card="Station Crew"]) button.play'))
    disabled = page.locator("#tr-prompt .opt[disabled]")
    assert disabled.count() == 1
    assert "no Waste" in disabled.inner_text()
    click_and_wait(page, page.locator("#tr-prompt .opt:not([disabled])", has_text="+1 money"))
    assert page.locator("#tr-money-value").inner_text() == "1"


def test_undo_and_reload_mid_turn_then_resume(page: Any, server: Any, wait_engine: Any, shot: Any) -> None:
    start_game(page, server, wait_engine, [("Alex", "human"), ("Ada", "easy")], seed=8, kingdom="beginner_osaka",
               board="osaka")
    click_and_wait(page, page.locator("#tr-board .start-target").nth(12))
    page.wait_for_selector("#tr-banner.mine")
    trains = page.locator('#tr-hand .hand-slot:has(.tcard[data-card="Normal Train"]) button.play')
    n_hand = page.locator("#tr-hand .hand-slot").count()
    click_and_wait(page, trains.first)
    assert page.locator("#tr-play .tcard").count() == 1
    assert page.locator("#tr-money-value").inner_text() == "1"
    # undo inside the turn
    click_and_wait(page, page.locator("#tr-undo"))
    assert page.locator("#tr-play .tcard").count() == 0
    assert page.locator("#tr-hand .hand-slot").count() == n_hand
    click_and_wait(page, trains.first)
    click_and_wait(page, trains.first)
    before = moves(page)
    hand_before = sorted(page.locator("#tr-hand .tcard").evaluate_all("els => els.map(e => e.dataset.card)"))
    shot(page, "trains-before-reload")
    page.reload()
    wait_engine(page)
    page.locator("#save-list [data-resume]").first.click()
    page.wait_for_selector("#tr-board")
    assert moves(page) == before
    assert page.locator("#tr-play .tcard").count() == 2
    assert page.locator("#tr-money-value").inner_text() == "2"
    hand_after = sorted(page.locator("#tr-hand .tcard").evaluate_all("els => els.map(e => e.dataset.card)"))
    assert hand_after == hand_before
    shot(page, "trains-after-reload")
    page.select_option("#pace", "instant")
    click_and_wait(page, page.locator("#tr-end"))
    page.wait_for_selector("#tr-banner.mine")
    assert page.locator("#tr-players .player-row.active .pname").inner_text() == "Alex"


def test_hot_seat_hides_the_hand_until_the_next_person_takes_the_device(page: Any, server: Any, wait_engine: Any,
                                                                      shot: Any) -> None:
    start_game(page, server, wait_engine, [("Alex", "human"), ("Bea", "human")], seed=12)
    page.wait_for_selector("#privacy:not([hidden])")
    page.click("#privacy-reveal")
    page.wait_for_selector("#tr-board .start-target")
    alex_hand = page.locator("#tr-hand .tcard").count()
    assert alex_hand == 5
    click_and_wait(page, page.locator("#tr-board .start-target").nth(3))
    page.wait_for_selector("#privacy:not([hidden])")
    assert page.locator("#tr-hand .tcard").count() == 0  # nobody's secrets under the privacy screen
    assert "Hidden" in page.locator("#tr-hand").inner_text()
    shot(page, "trains-hotseat-privacy")
    page.click("#privacy-reveal")
    page.wait_for_selector("#tr-banner.mine")
    assert page.locator("#tr-hand .tcard").count() == 5
    assert "(you)" in page.locator('#tr-players .player-row[data-seat="1"]').inner_text()


def test_card_text_readable_large_on_hover_and_long_press(page: Any, server: Any, wait_engine: Any, shot: Any) -> None:
    start_game(page, server, wait_engine, [("Alex", "human"), ("Ada", "easy")], seed=4, kingdom="holiday_pass")
    pile = page.locator('#tr-supply .pile[data-pile="Maintenance Factory"] .tcard')
    pile.hover()
    # the reader may still show a card hovered on the way (the pointer crossed the table): wait for this one's
    page.wait_for_selector("#tr-reader:not([hidden]) .tcard.big .tc-name:has-text('Maintenance Factory')")
    assert "gain a copy" in page.locator("#tr-reader .tc-text").inner_text()
    shot(page, "trains-card-reader")
    page.locator("#tr-banner").hover()
    page.mouse.move(640, 20)  # out of the table: the reader goes away
    page.wait_for_selector("#tr-reader", state="hidden")
    page.locator('#tr-supply .pile[data-pile="Landfill"] .tcard').click(button="right")  # long press = context menu
    page.wait_for_selector("#tr-reader:not([hidden]) [data-cmd=close-reader]")
    assert "Landfill" in page.locator("#tr-reader .tc-name").inner_text()
    page.click("#tr-reader [data-cmd=close-reader]")
    page.wait_for_selector("#tr-reader", state="hidden")


def overlaps(page: Any, covered: str) -> list[str]:
    """The elements matching ``covered`` that the card's close-up overlaps on the screen."""
    return page.evaluate("""(sel) => {
      const r = document.querySelector('#tr-reader');
      if (r.hidden) return [];
      const a = r.getBoundingClientRect();
      return [...document.querySelectorAll(sel)].filter(t => {
        if (!t.getClientRects().length) return false;
        const b = t.getBoundingClientRect();
        return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      }).map(t => t.id || t.getAttribute('data-hex') || t.className.baseVal || t.className);
    }""", covered)


def test_card_close_up_never_hides_the_board_nor_the_prompt(page: Any, server: Any, wait_engine: Any,
                                                             shot: Any) -> None:
    """Issue 34: the close-up of a card (hovered, focused or long-pressed) is docked where it covers
    neither the board (the starting rail's spaces here) nor the prompt and the turn's buttons: the
    lower part of the side panel on a laptop, the panel under the tabs on a phone."""
    page.set_viewport_size({"width": 1366, "height": 768})
    start_game(page, server, wait_engine, [("Alex", "human"), ("Ada", "easy")], seed=4, kingdom="holiday_pass")
    assert page.locator("#tr-board .start-target").count()  # the starting rail: a board choice
    for width, height in ((1366, 768), (1920, 1080), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        for card in ('#tr-hand .tcard', '#tr-supply .pile[data-pile="Landfill"] .tcard'):
            if width < 981 and "supply" in card:
                page.click("#tr-tab-supply")
            page.locator(card).first.hover()
            page.wait_for_selector("#tr-reader:not([hidden])")
            assert overlaps(page, "#tr-board") == [], (width, card)
            assert overlaps(page, "#tr-prompt, .tr-now") == [], (width, card)
            page.locator(card).first.click(button="right")  # a long press
            page.wait_for_selector("#tr-reader [data-cmd=close-reader]")
            assert overlaps(page, "#tr-board") == [], (width, card, "long press")
            if width < 981:
                # under the bottom bar at worst (drawn over it), its Close button above the bar
                close = page.locator("#tr-reader [data-cmd=close-reader]").bounding_box()
                bar = page.locator(".tr-now").bounding_box()
                assert close["y"] + close["height"] <= bar["y"], (close, bar)
                shot(page, "trains-close-up-phone")
            else:
                assert overlaps(page, "#tr-prompt, .tr-now") == [], (width, card, "long press")
                shot(page, f"trains-close-up-{width}")
            page.keyboard.press("Escape")
            page.wait_for_selector("#tr-reader[hidden]", state="attached")
        if width < 981:
            page.click("#tr-tab-hand")
