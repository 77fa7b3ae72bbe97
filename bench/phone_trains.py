"""Trains on a phone (390x844, touch): how tall the table is and how many scrolls and taps a player needs
(issue 34, "Phone and keyboard": the board and what you play from on one screen, supply and players a
tap away).

For Tokyo (Trains cards) and Chiba (Rising Sun cards, Route Bonus cards), 1 person against an easy bot:
- the page's scroll height at the start of the game and on the person's first turn;
- the first starting rail, then on the person's next turns: play a card that lays a rail and tap a
  space of the board ("lay a rail"), then buy the dearest affordable card ("buy a card"). Before each
  tap the script does what a player does: if the element is in a panel behind a tab, tap the tab (a
  tap); if it is not on the screen or lies under the bottom bar, scroll it to the middle of the screen
  (a scroll). It prints the scrolls and tab taps each step needed.

Run: python bench/phone_trains.py [site]   (builds the site into a temporary folder unless given one)
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import build as site_build  # noqa: E402
from browser import launch_options  # noqa: E402
from serve import SiteServer  # noqa: E402

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}

# "tab" when the element is in a panel hidden behind a tab (its tab's id), "ok" when its centre is on
# the screen and it is the top element there, "scroll" otherwise (off screen or under a fixed bar)
REACH_JS = """(el) => {
  if (!el.getClientRects().length) {
    const panel = [...document.querySelectorAll('[role=tab]')].find(t => {
      const p = document.getElementById(t.getAttribute('aria-controls'));
      return p && p.contains(el);
    });
    return panel ? 'tab:' + panel.id : 'hidden';
  }
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return 'scroll';
  const top = document.elementFromPoint(x, y);
  return top && (top === el || el.contains(top)) ? 'ok' : 'scroll';
}"""


def moves(page: Any) -> int:
    return int(page.evaluate("document.documentElement.dataset.moves || '0'"))


class Counter:
    def __init__(self) -> None:
        self.scrolls = 0
        self.taps = 0

    def reach(self, page: Any, loc: Any) -> None:
        """Bring ``loc`` where a finger can tap it, as a player would, counting scrolls and tab taps."""
        for _ in range(4):
            where = loc.evaluate(REACH_JS)
            if where == "ok":
                return
            if where.startswith("tab:"):
                page.locator("#" + where[4:]).tap()
                self.taps += 1
                page.wait_for_timeout(150)
                continue
            if where == "scroll":
                loc.evaluate("(el) => el.scrollIntoView({block: 'center', inline: 'center'})")
                self.scrolls += 1
                page.wait_for_timeout(50)
                continue
            raise AssertionError(f"cannot reach {loc}: {where}")
        raise AssertionError(f"cannot reach {loc}")

    def tap(self, page: Any, loc: Any) -> None:
        before = moves(page)
        self.reach(page, loc)
        loc.tap()
        self.taps += 1
        page.wait_for_function(f"Number(document.documentElement.dataset.moves) !== {before} || "
                               "document.querySelector('[data-zoom-hint]:not([hidden])')")
        if moves(page) == before:  # the board zoomed on close targets: a second tap plays
            loc.tap()
            self.taps += 1
        page.wait_for_function(f"Number(document.documentElement.dataset.moves) !== {before}")
        page.wait_for_timeout(100)


def my_turn(page: Any) -> bool:
    return page.locator("#tr-banner.mine").count() > 0 and page.locator("#modal[hidden]").count() > 0


def wait_my_turn(page: Any) -> None:
    page.wait_for_function("document.querySelector('#tr-banner.mine') && document.querySelector('#modal[hidden]')",
                           timeout=60_000)
    page.wait_for_timeout(200)


def scroll_height(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollHeight"))


def run(browser: Any, server: Any, board: str) -> dict[str, Any]:
    ctx = browser.new_context(**PHONE, bypass_csp=True)
    page = ctx.new_page()
    page.goto(server.url)
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=240_000)
    page.click("#game-choice label:has(input[value=trains])")
    page.select_option("#player-count", "2")
    page.locator("#seats .seat").nth(1).locator("select").select_option("easy")
    if board != "tokyo":
        page.select_option("#trains-sets", "both")
        page.check("#trains-route-bonus")
    page.select_option("#trains-board", board)
    page.select_option("#trains-kingdom", "random")
    page.fill("#seed", "11")
    page.click("#start")
    page.wait_for_selector("#tr-board")
    page.locator("#menu-toggle").tap()
    page.select_option("#pace", "instant")
    page.locator("#menu-toggle").tap()
    out: dict[str, Any] = {"rails": [], "buys": []}
    wait_my_turn(page)
    page.evaluate("window.scrollTo(0, 0)")
    out["height_start"] = scroll_height(page)
    c = Counter()
    c.tap(page, page.locator("#tr-board .start-target").nth(7))
    out["start_rail"] = (c.scrolls, c.taps)
    for _turn in range(6):
        if len(out["rails"]) >= 2 and len(out["buys"]) >= 2:
            break
        wait_my_turn(page)
        out.setdefault("height_turn", scroll_height(page))
        for _ in range(40):
            if not my_turn(page):
                break
            c = Counter()
            prompt = page.locator("#tr-prompt:not([hidden])")
            rail_card = page.locator("#tr-hand .hand-slot:has(.tcard.k-rail) button.play")
            if prompt.count() and page.locator("#tr-board .target:not(.start-target)").count():
                c.tap(page, page.locator("#tr-board .target:not(.start-target)").first)
                if not out["rails"]:
                    out["rails"].append((0, 0))
                out["rails"][-1] = tuple(a + b for a, b in zip(out["rails"][-1], (c.scrolls, c.taps), strict=True))
                continue
            if prompt.count():
                opt = page.locator("#tr-prompt .opt:not([disabled])")
                c.tap(page, opt.last)
                continue
            if rail_card.count():
                c.tap(page, rail_card.first)
                out["rails"].append((c.scrolls, c.taps))
                continue
            play = page.locator("#tr-hand button.play")
            if play.count():
                c.tap(page, play.first)
                continue
            buys = page.locator("#tr-supply .pile.affordable")
            if buys.count():
                costs = [int(buys.nth(i).locator(".tc-cost").text_content() or 0) for i in range(buys.count())]
                best = max(range(len(costs)), key=lambda i: costs[i])
                if costs[best] >= 2:
                    c.tap(page, buys.nth(best).locator("button.buy"))
                    out["buys"].append((c.scrolls, c.taps))
                    continue
            c.tap(page, page.locator("#tr-end"))
            break
    ctx.close()
    return out


def main() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tmp) / "dist"
        if len(sys.argv) <= 1:
            site_build.build(site)
        server = SiteServer(site).start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(**launch_options())
                results = {board: run(browser, server, board) for board in ("tokyo", "chiba")}
                browser.close()
        finally:
            server.stop()
    print("Trains at 390x844 (touch), 1 person against an easy bot; (scrolls, taps) per step")
    for board, r in results.items():
        print(f"  {board:6s} scroll height: {r['height_start']} px at the start, {r['height_turn']} px on a turn "
              f"({r['height_turn'] / 844:.1f} screens)")
        print(f"         starting rail {r['start_rail']}; lay a rail (card + space) {r['rails']}; buy a card {r['buys']}")


if __name__ == "__main__":
    main()
