"""Click latency at the Trains & Stations table, 5 players, in headless Chromium (prints numbers).

One seat is played by clicks (the same simple player as e2e/test_stations.py), four by bots at
the "instant" pace. For each click that plays an action we measure, inside the page:

* ``answered``: from the click event to the end of its handler (the engine applied the action,
  the game was autosaved and the table redrawn: the DOM is up to date);
* ``painted``: to the next animation frame after that (what the person sees).

Usage: ``python3 bench/click_stations.py [--clicks N] [--seed S] [--site DIR]`` (builds the site
into a temporary folder unless ``--site`` is given). Target: a click answered within 50 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import build as site_build  # noqa: E402
from serve import SiteServer  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

TIMED_CLICK = """async (sel) => {
  const el = document.querySelector(sel);
  if (!el) return null;
  const root = document.documentElement.dataset;
  const before = root.moves;
  const t0 = performance.now();
  el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));
  await window.railtable.settled();  // the worker answered and the page applied its redraw
  const t1 = performance.now();
  return new Promise(done => requestAnimationFrame(() =>
    done({answered: t1 - t0, painted: performance.now() - t0, moved: root.moves !== before,
          phase: document.querySelector('#st-controls').dataset.phase})));
}"""


def choose(page: Any, state: dict[str, Any]) -> str | None:
    """The selector of the next click of a simple player (see e2e/test_stations.py)."""
    c = "#st-controls"
    ph = page.locator(c).get_attribute("data-phase")

    def has(sel: str) -> bool:
        return page.locator(sel).count() > 0

    if ph == "keep":
        return f"{c} [data-type=return_power]"
    if ph == "gather":
        return f"{c} [data-type=gather]" if has(f"{c} [data-type=gather]") else f"{c} [data-type=reclaim]"
    if ph == "roll":
        if has(f"{c} .tray-die[data-type=select]") and not has(f"{c} .tray-die.selected") and not state.get("rr"):
            return f"{c} .tray-die[data-type=select]"
        if has(f"{c} [data-type=reroll]"):
            state["rr"] = True
            return f"{c} [data-type=reroll]"
        return f"{c} [data-type=stop]"
    if ph == "resolve":
        for sel in ("#st-board .space-hit", f"{c} [data-type=build]", f"{c} [data-type=cash]"):
            if has(sel):
                return sel
        state["rr"] = False
        return f"{c} [data-type=done]"
    if ph == "speculate":
        return f"{c} [data-type=confirm]"
    return f"{c} [data-act]"


def play_game(browser: Any, url: str, seed: int, limit: int) -> list[dict[str, Any]]:
    """One 5-player game (seat 0 by clicks) until it ends or ``limit`` clicks are measured."""
    page = browser.new_page(viewport={"width": 1280, "height": 860}, bypass_csp=True)
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=240_000)
    page.locator("#game-choice input[value=stations]").check(force=True)
    page.select_option("#player-count", "5")
    rows = page.locator("#seats .seat")
    rows.nth(0).locator("select").select_option("human")
    for i in range(1, 5):
        rows.nth(i).locator("select").select_option("easy")  # the baseline bot is the Easy level
    page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_selector("#st-board")
    page.select_option("#pace", "instant")
    samples: list[dict[str, Any]] = []
    state: dict[str, Any] = {}
    for _ in range(20_000):
        if len(samples) >= limit or page.evaluate("document.documentElement.dataset.over") == "1":
            break
        if page.locator("#modal:not([hidden])").count():
            page.click("#modal [data-close]")
            page.evaluate("window.railtable.settled()")  # the worker hid it
            continue
        if not page.locator("#st-controls[data-mine='1']").count():
            page.wait_for_timeout(20)
            continue
        sel = choose(page, state)
        if sel is None:
            break
        result = page.evaluate(TIMED_CLICK, sel)
        if result and result["moved"]:
            samples.append(result)
    page.close()
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=120)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--site", type=Path)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = args.site or Path(tmp) / "dist"
        if args.site is None:
            site_build.build(site)
        server = SiteServer(site).start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
                samples: list[dict[str, Any]] = []
                seed = args.seed
                games = 0
                while len(samples) < args.clicks and games < 10:
                    samples += play_game(browser, server.url, seed, args.clicks - len(samples))
                    seed += 1
                    games += 1
                browser.close()
        finally:
            server.stop()
    if not samples:
        print("no click measured")
        return
    answered = [s["answered"] for s in samples]
    painted = [s["painted"] for s in samples]
    print(f"Trains & Stations, 5 players (1 by clicks, 4 bots), {games} games from seed {args.seed}: {len(samples)} clicks")
    print(f"  click answered (applied, saved, redrawn): median {statistics.median(answered):.1f} ms, "
          f"p90 {sorted(answered)[int(0.9 * (len(answered) - 1))]:.1f} ms, max {max(answered):.1f} ms")
    print(f"  to the next frame:                        median {statistics.median(painted):.1f} ms, "
          f"max {max(painted):.1f} ms")
    by_phase: dict[str, list[float]] = {}
    for s in samples:
        by_phase.setdefault(str(s["phase"]), []).append(s["answered"])
    for ph, values in sorted(by_phase.items()):
        print(f"  {ph:10s} n={len(values):3d} median {statistics.median(values):6.1f} ms  max {max(values):6.1f} ms")


if __name__ == "__main__":
    main()
