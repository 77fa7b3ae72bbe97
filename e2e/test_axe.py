"""axe-core finds no accessibility violation anywhere a player goes, at the three sizes (issue 14).

One page per table walks through its states: the lobby, the start, a prompt, mid-game, every
window (Rules, the card reader, a round's window, the end window) and the end screen; at each
one axe runs at 1366x768, at 1920x1080 and at 390x844 with touch emulation (Chromium's
DevTools touch emulation switched on for the phone and off again: the page's ``pointer: coarse``
layout, with no second page to boot). A state a test reaches by playing would take minutes to
reach by clicks alone (a game's end, a Stations speculation): the engine's own Easy bots play
every seat in the page's worker, then the table redraws (``advance``).

axe-core is a pinned npm dev dependency (package.json); it is injected by this test from
``node_modules/axe-core`` and never served with the site. ``RAILTABLE_AXE`` may name another
copy of ``axe.min.js``; ``RAILTABLE_AXE_SHOTS=1`` saves a screenshot of every state at every size
(e2e/screenshots/axe-*.png). Every violation of a test is listed at once (state, size, rule, nodes).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

import lobby
import test_stations
import test_trains
from e2e_settings import SCREENSHOTS
from sizes import DESKTOP, LAPTOP, PHONE

ROOT = Path(__file__).resolve().parents[1]
SHOTS = bool(os.environ.get("RAILTABLE_AXE_SHOTS"))
"""Set: a screenshot of each state at each size goes to e2e/screenshots/axe-*.png (to look at)."""
AXE = Path(os.environ.get("RAILTABLE_AXE", ROOT / "node_modules" / "axe-core" / "axe.min.js"))

RUN_AXE = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.map(v => ({id: v.id, impact: v.impact, n: v.nodes.length,
    where: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' :: ' + (n.failureSummary || '').slice(0, 160))}));
}"""

# laptop and desktop first, the phone (touch) last: the touch emulation is switched off after it
SIZES = [("1366x768", LAPTOP["viewport"], False), ("1920x1080", DESKTOP["viewport"], False),
         ("390x844 touch", PHONE["viewport"], True)]

ADVANCE = """
from railtable_web import app
m = app.APP.session.match
bots = [m.info.make_bot("easy", p, 11 + p) for p in range(m.state.num_players)]
for _ in range(5000):
    if m.state.is_over() or ({until}):
        break
    p = m.state.to_act()[0]
    m.apply(bots[p].choose(m.state.view(p), m.state.legal_actions(p)))
app.APP.refresh()
m.state.is_over() or bool({until})
"""


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


class Audit:
    """axe at the three sizes, state after state, on one page; the findings listed at the end."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.found: list[str] = []
        self.checked: list[str] = []

    def check(self, where: str, ready: str | None = None, prepare: Any = None) -> None:
        """axe at each size; ``ready``: a selector that must be visible (a window, a prompt);
        ``prepare(page)``: puts the state back before each size if the resize took it away."""
        page = self.page
        for size, viewport, touch in SIZES:
            if touch:
                self.cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
            page.set_viewport_size(viewport)
            if prepare is not None:
                page.evaluate("() => window.railtable.settled()")  # the resize's redraw is done
                prepare(page)
            if ready is not None:
                try:
                    page.wait_for_selector(ready, timeout=5_000)
                except Exception:  # a redraw after the resize undid the state on the way: once more
                    if prepare is None:
                        raise
                    page.evaluate("() => window.railtable.settled()")
                    prepare(page)
                    page.wait_for_selector(ready)
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            if SHOTS:
                SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SCREENSHOTS / f"axe-{re.sub(r'[^A-Za-z0-9]+', '-', where)}-{size.split()[0]}.png"))
            for v in violations(page):
                self.found.append(f"{where} at {size}: {v['id']} ({v['impact']}) x{v['n']}: {v['where']}")
            if touch:
                self.cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": False})
        page.set_viewport_size(LAPTOP["viewport"])
        self.checked.append(where)

    def finish(self) -> None:
        listed = "\n".join(self.found)
        assert not self.found, f"axe found {len(self.found)} violation(s) in {self.checked}:\n{listed}"


def advance(page: Any, until: str) -> None:
    """Easy bots play every seat in the worker until ``until`` (a Python expression on ``m``) or
    the end, then the table redraws."""
    assert page.evaluate("(code) => window.railtable.run(code)", ADVANCE.format(until=until))


def open_audit(browser: Any, server: Any, page_problems: Any) -> tuple[Any, Audit]:
    ctx = browser.new_context(viewport=LAPTOP["viewport"], bypass_csp=True)  # string predicates (conftest)
    page_problems.attach_context(ctx)
    page = ctx.new_page()
    page_problems.attach_page(page)
    return page, Audit(page)


def rules_window(audit: Audit, game: str) -> None:
    page = audit.page
    page.locator("#topbar-actions [data-cmd=rules]").evaluate("b => b.click()")  # behind the phone's menu too
    audit.check(f"{game}'s Rules window", ready="#modal:not([hidden])")
    page.keyboard.press("Escape")
    page.wait_for_selector("#modal", state="hidden")


def end_windows(audit: Audit, game: str) -> None:
    page = audit.page
    advance(page, "False")
    audit.check(f"{game}'s end window", ready="#modal:not([hidden]) #final-result")
    page.keyboard.press("Escape")
    page.wait_for_selector("#modal", state="hidden")
    audit.check(f"{game}'s table at the end")


def test_transamerica_everywhere(browser: Any, server: Any, page_problems: Any, wait_engine: Any) -> None:
    page, audit = open_audit(browser, server, page_problems)
    page.goto(server.url)
    wait_engine(page)
    audit.check("the lobby")
    lobby.start_game(page, server, wait_engine, "transamerica", [("Ann", "human"), ("Ada", "easy"), ("Bo", "easy")],
                     seed=5)
    page.select_option("#pace", "instant")
    page.wait_for_selector("#turn-banner.mine")
    audit.check("TransAmerica's start (place your marker)")

    def menu_open(pg: Any) -> None:
        if pg.get_attribute("#menu-toggle", "aria-expanded") != "true":
            pg.locator("#menu-toggle").evaluate("b => b.click()")

    audit.check("the top bar's menu", prepare=menu_open)
    page.locator("#menu-toggle").evaluate("b => b.click()")
    assert page.get_attribute("#menu-toggle", "aria-expanded") == "false"
    rules_window(audit, "TransAmerica")
    # the bots play every seat to mid-game (the person's turn, tracks on the board), then to the
    # round's end (its window opens as after a move)
    advance(page, "len(m.state.tracks) >= 6 and m.state.to_act() == [0] "
                  "and any(a['type'] == 'build' for a in m.state.legal_actions(0))")
    page.wait_for_selector("#turn-banner.mine")
    audit.check("TransAmerica mid-game (lay tracks)", ready="#ta-board .edge-hit")
    advance(page, "len(m.state.view(None)['rounds']) >= 1")
    audit.check("TransAmerica's round window", ready="#modal:not([hidden]) .round-chart")
    page.keyboard.press("Escape")
    page.wait_for_selector("#modal", state="hidden")
    end_windows(audit, "TransAmerica")
    audit.finish()
    page.context.close()


def test_trains_with_rising_sun_everywhere(browser: Any, server: Any, page_problems: Any, wait_engine: Any) -> None:
    page, audit = open_audit(browser, server, page_problems)
    kingdom = ["Station Crew", "Politician", "Legal Counsel", "Amusement Park", "Garage", "Signals",
               "Command Central", "Wagon Factory"]

    def options(pg: Any) -> None:
        pg.select_option("#trains-sets", "both")
        pg.set_checked("#trains-route-bonus", True)
        pg.select_option("#trains-kingdom", "pick")
        for name in kingdom:
            pg.locator(f'input[name=trains-pick][value="{name}"]').check()

    lobby.start_game(page, server, wait_engine, "trains", [("Ann", "human"), ("Ada", "easy")], seed=3, options=options)
    page.wait_for_selector("#tr-board")
    page.select_option("#pace", "instant")
    page.wait_for_selector("#tr-banner.mine")
    audit.check("Trains' start (the starting rail)")
    rules_window(audit, "Trains")
    test_trains.click_and_wait(page, page.locator("#tr-board .start-target").nth(7))
    page.wait_for_selector("#tr-banner.mine")
    page.wait_for_selector("#tr-hand button.play")
    audit.check("a Trains turn (cards to play and buy, Route Bonus cards)")

    def reader(pg: Any) -> None:
        # hidden, or showing a hover close-up (a resize can put a card under the pointer): long-press one
        if not pg.locator("#tr-reader:not([hidden]) [data-cmd=close-reader]").count():
            pg.locator("#tr-supply .tcard").nth(3).dispatch_event("contextmenu")

    audit.check("Trains' card reader", ready="#tr-reader:not([hidden]) [data-cmd=close-reader]", prepare=reader)
    page.keyboard.press("Escape")
    page.wait_for_selector("#tr-reader", state="hidden")
    # the bots play on (every seat) to a choice the person must make: a prompt with options
    advance(page, "m.state.pending is not None and m.state.pending.get('action') == 'choose' and m.state.to_act() == [0]")
    audit.check("a Trains choice prompt", ready="#tr-prompt:not([hidden]) .opt")
    # a rail to lay: the spaces are named buttons whose names hold their printed cost (issue 34)
    advance(page, "m.state.pending is not None and m.state.pending.get('action') == 'lay_rail' and m.state.to_act() == [0]")
    audit.check("a Trains rail to lay", ready="#tr-board .rail-target")
    end_windows(audit, "Trains")
    audit.finish()
    page.context.close()


def test_stations_everywhere(browser: Any, server: Any, page_problems: Any, wait_engine: Any) -> None:
    page, audit = open_audit(browser, server, page_problems)
    test_stations.start_game(page, server, wait_engine, [("Ann", "human"), ("Ada", "easy"), ("Bo", "easy")], seed=7,
                             lang="en")
    page.select_option("#pace", "instant")
    page.wait_for_selector("#st-controls[data-mine='1']")
    audit.check("Trains & Stations' start (keep Power cards)")
    rules_window(audit, "Trains & Stations")
    advance(page, "m.state.to_act() == [0] and any(a['type'] == 'place' for a in m.state.legal_actions(0))")
    audit.check("Trains & Stations mid-game (place a rail)", ready="#st-board .space-hit")
    advance(page, "m.state.phase == 'speculate'")
    page.wait_for_selector("#st-controls[data-phase=speculate][data-mine='1']")
    audit.check("a Trains & Stations speculation offer")
    end_windows(audit, "Trains & Stations")
    audit.finish()
    page.context.close()


def test_pass_the_device_screen(browser: Any, server: Any, page_problems: Any, wait_engine: Any) -> None:
    """Hot seat: the screen that hides the table until the next person takes the device (issue 34:
    its words were outside any landmark)."""
    page, audit = open_audit(browser, server, page_problems)
    lobby.start_game(page, server, wait_engine, "trains", [("Ann", "human"), ("Bea", "human")], seed=12)
    page.wait_for_selector("#privacy:not([hidden])")
    audit.check("the pass-the-device screen", ready="#privacy:not([hidden]) #privacy-reveal")
    audit.finish()
    page.context.close()
