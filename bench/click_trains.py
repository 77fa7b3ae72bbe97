"""Trains in the browser: how fast a click is answered (state changed and redrawn), 4 players on Tokyo
(Trains cards) or on Nagoya (Trains + Rising Sun cards, Route Bonus cards: issue 12).

Target (issue 4): within 50 ms. One person (seat 0) plays by clicks against three bots at the
"instant" pace; every click on a card, a supply pile, a board space, a prompt option or End turn
is timed twice:
- page: ``performance.now()`` from the click handler to the end of the table's redraw (the table
  stores it in ``html[data-last-click-ms]``): apply + autosave + render, in Pyodide;
- painted: from the click event (a capturing listener) to the first frame painted after ``data-moves``
  changed (requestAnimationFrame, then a task): includes the browser's style, layout and paint;
- observed: Playwright's click until ``data-moves`` changed (includes Playwright's own round trips:
  actionability checks, scrolling, polling).

Run: python bench/click_trains.py [turns] [tokyo|nagoya]   (builds the site into a temporary folder first)
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import build as site_build  # noqa: E402
from browser import launch_options  # noqa: E402
from serve import SiteServer  # noqa: E402


def moves(page: Any) -> int:
    return int(page.evaluate("document.documentElement.dataset.moves || '0'"))


PAINT_PROBE = """() => {
  window.__painted = [];
  document.addEventListener('click', () => { window.__t0 = performance.now(); }, true);
  new MutationObserver(() => {
    if (window.__t0 == null) return;
    const t0 = window.__t0; window.__t0 = null;
    requestAnimationFrame(() => setTimeout(() => window.__painted.push(performance.now() - t0), 0));
  }).observe(document.documentElement, {attributes: true, attributeFilter: ['data-moves']});
}"""


def timed_click(page: Any, locator: Any, page_ms: list[float], seen_ms: list[float], kinds: list[str],
                kind: str) -> None:
    before = moves(page)
    page.evaluate("delete document.documentElement.dataset.lastClickMs")
    t0 = time.perf_counter()
    locator.click()
    page.wait_for_function(f"Number(document.documentElement.dataset.moves) !== {before}", polling="raf")
    seen_ms.append((time.perf_counter() - t0) * 1000)
    page.wait_for_function("document.documentElement.dataset.lastClickMs !== undefined")
    page_ms.append(float(page.evaluate("document.documentElement.dataset.lastClickMs")))
    kinds.append(kind)


def my_turn(page: Any) -> bool:
    return page.locator("#tr-banner.mine").count() > 0 and page.locator("#modal[hidden]").count() > 0


def play_turn(page: Any, page_ms: list[float], seen_ms: list[float], kinds: list[str]) -> None:
    def click(loc: Any, kind: str) -> None:
        timed_click(page, loc, page_ms, seen_ms, kinds, kind)

    for _ in range(60):
        if not my_turn(page):
            return
        if page.locator("#tr-prompt:not([hidden])").count():
            targets = page.locator("#tr-board .target")
            if targets.count():
                click(targets.first, "board space")
            else:
                done = page.locator("#tr-prompt .opt:not([disabled])", has_text="done")
                click(done.first if done.count() else page.locator("#tr-prompt .opt:not([disabled])").first, "prompt")
            continue
        if page.locator("#tr-board .start-target").count():
            click(page.locator("#tr-board .start-target").nth(5), "starting rail")
            return
        use = page.locator("#tr-routes button.use-route")
        if use.count():
            click(use.first, "use route")
            continue
        play = page.locator("#tr-hand button.play")
        if play.count():
            click(play.first, "play card")
            continue
        buys = page.locator("#tr-supply .pile.affordable button.buy")
        if buys.count():
            click(buys.last, "buy")
        click(page.locator("#tr-end"), "end turn")
        return


def main() -> None:
    turns = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    board = sys.argv[2] if len(sys.argv) > 2 else "tokyo"
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(sys.argv[3]) if len(sys.argv) > 3 else Path(tmp) / "dist"  # a built site to time
        if len(sys.argv) <= 3:
            site_build.build(site)
        server = SiteServer(site).start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(**launch_options())
                page = browser.new_page(viewport={"width": 1280, "height": 860}, bypass_csp=True)
                page.goto(server.url)
                page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=240_000)
                page.click("#game-choice label:has(input[value=trains])")
                page.select_option("#player-count", "4")
                for i in range(1, 4):
                    page.locator("#seats .seat").nth(i).locator("select").select_option("easy")
                if board != "tokyo":  # a Rising Sun board: both boxes' cards and the Route Bonus cards
                    page.select_option("#trains-sets", "both")
                    page.check("#trains-route-bonus")
                page.select_option("#trains-board", board)
                page.fill("#seed", "2026")
                page.click("#start")
                page.wait_for_selector("#tr-board")
                page.select_option("#pace", "instant")
                page.evaluate(PAINT_PROBE)
                page_ms: list[float] = []
                seen_ms: list[float] = []
                kinds: list[str] = []
                played = 0
                deadline = time.time() + 600
                while played < turns and time.time() < deadline:
                    if page.evaluate("document.documentElement.dataset.over") == "1":
                        break
                    if my_turn(page):
                        play_turn(page, page_ms, seen_ms, kinds)
                        played += 1
                    else:
                        page.wait_for_timeout(20)
                page.wait_for_timeout(200)
                painted = [float(x) for x in page.evaluate("window.__painted")]
                browser.close()
        finally:
            server.stop()
    print(f"Trains click latency, {board.title()}, 4 players (1 person by clicks, 3 bots), {played} turns, {len(page_ms)} clicks")
    for label, data in (("page (apply+save+redraw)", page_ms), ("click to painted frame", painted),
                        ("observed by Playwright", seen_ms)):
        print(f"  {label:26s} median {statistics.median(data):6.1f} ms   p90 {sorted(data)[int(len(data) * 0.9)]:6.1f} ms"
              f"   max {max(data):6.1f} ms")
    by_kind: dict[str, list[float]] = {}
    for k, v in zip(kinds, page_ms, strict=True):
        by_kind.setdefault(k, []).append(v)
    for k, vs in sorted(by_kind.items()):
        print(f"    {k:14s} n={len(vs):3d}  median {statistics.median(vs):6.1f} ms  max {max(vs):6.1f} ms")
    within = sum(1 for v in page_ms if v <= 50) / len(page_ms) * 100
    within_paint = sum(1 for v in painted if v <= 50) / max(1, len(painted)) * 100
    print(f"  target 50 ms: {within:.0f}% of clicks within it (page timing), {within_paint:.0f}% painted within it")


if __name__ == "__main__":
    main()
