"""Click latency on the TransAmerica board in Chromium (issue 2 §5: target under 50 ms).

Plays a 6-player game (one human seat clicked, five greedy bots at instant pace) in the built
site and times each click on the board from the click event to the state changed and the board
redrawn (the click goes to the engine's worker; its answer is applied in the page), and to the next animation frame.

    python3 bench/click_transamerica.py [--clicks 40]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from build import build, needs_build  # noqa: E402
from serve import SiteServer  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

CLICK_JS = """async (sel) => {
  const el = document.querySelector(sel);
  if (!el) return null;
  const t0 = performance.now();
  el.dispatchEvent(new MouseEvent('click', {bubbles: true}));
  await window.railtable.settled();  // the worker answered and the page applied its redraw
  const t1 = performance.now();
  await new Promise((r) => requestAnimationFrame(() => r()));
  const t2 = performance.now();
  return [t1 - t0, t2 - t0];
}"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--site", type=Path, help="a built site to time (default: dist/, built if needed)")
    args = parser.parse_args()
    dist = args.site or ROOT / "dist"
    if args.site is None and needs_build(dist):
        build(dist)
    from playwright.sync_api import sync_playwright

    server = SiteServer(dist).start()
    handled: list[float] = []
    framed: list[float] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 860}, bypass_csp=True)
            page.goto(server.url)
            page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=240_000)
            page.select_option("#player-count", "6")
            page.fill("#seed", "99")
            page.click("#start")
            page.select_option("#pace", "instant")
            while len(handled) < args.clicks:
                if page.evaluate("document.documentElement.dataset.over") == "1":
                    break
                if page.locator("#modal:not([hidden])").count():
                    page.click("#modal [data-close]")
                    page.evaluate("window.railtable.settled()")  # the worker hid it
                    continue
                page.wait_for_selector("#turn-banner.mine, #modal:not([hidden])")
                if not page.locator("#turn-banner.mine").count():
                    continue
                sel = ".junction-hit" if page.locator(".junction-hit").count() else ".edge-hit"
                result = page.evaluate(CLICK_JS, sel)
                if result:
                    handled.append(result[0])
                    framed.append(result[1])
                if page.locator("#end-turn:not([disabled])").count() and page.locator("#turn-banner.mine").count():
                    result = page.evaluate(CLICK_JS, "#end-turn")
                    if result:
                        handled.append(result[0])
                        framed.append(result[1])
            browser.close()
    finally:
        server.stop()
    print(f"TransAmerica, 6 players, {len(handled)} clicks in Chromium")
    p95 = sorted(handled)[int(0.95 * (len(handled) - 1))]
    print(f"  click -> state changed and board redrawn: median {statistics.median(handled):.1f} ms, "
          f"95th percentile {p95:.1f} ms, max {max(handled):.1f} ms "
          f"({sum(h <= 50 for h in handled)}/{len(handled)} within 50 ms)")
    print(f"  click -> next animation frame:            median {statistics.median(framed):.1f} ms, "
          f"max {max(framed):.1f} ms")


if __name__ == "__main__":
    main()
