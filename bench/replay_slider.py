"""Dragging the replay slider across a 900-action Trains game in Chromium (issue 31).

Target: no main-thread task over 100 ms while the slider moves, each position drawn within 100 ms.
Stores the seeded 4-player Trains game of about 900 actions that ``bench_resume.py`` finds, opens
its replay and moves the slider as a drag does: an ``input`` event every 16 ms (a frame) through
120 positions spread over the game. Prints the main thread's long tasks (``PerformanceObserver``,
``longtask``: count, longest), how many positions were drawn (the worker draws the latest one once
the events already received are read, so most of a fast drag is skipped), and the time from a
single slider step (a key press) to the new position's drawing applied (``data-replay-position``),
median and 95th percentile over 40 steps, and the worker's own part of it (``data-replay-draw-ms``). Run: ``python bench/replay_slider.py``.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "bench"))

import build as site_build  # noqa: E402
from browser import launch_options  # noqa: E402
from serve import SiteServer  # noqa: E402

from bench_resume import long_trains_save  # noqa: E402

LONG_TASKS = """() => { window.__long = [];
  new PerformanceObserver(l => { for (const e of l.getEntries()) window.__long.push(e.duration); })
    .observe({type: 'longtask', buffered: false}); }"""

DRAG = """async ([positions]) => {
  const s = document.getElementById('rp-slider');
  for (const k of positions) {
    s.value = String(k); s.dispatchEvent(new Event('input', {bubbles: true}));
    await new Promise(r => setTimeout(r, 16));
  }
}"""


def main() -> None:
    from playwright.sync_api import sync_playwright

    save = long_trains_save(900)
    n = len(save["actions"])
    record = json.dumps({"title": "Long Trains", "updated": 1_790_000_000_000, "over": True, "save": save})
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "dist"
        site_build.build(site)
        server = SiteServer(site).start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(**launch_options())
                page = browser.new_page(viewport={"width": 1280, "height": 860}, bypass_csp=True)
                page.goto(server.url)
                page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=240_000)
                page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["railtable.save.long", record])
                page.reload()
                page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=240_000)
                t0 = time.perf_counter()
                page.click('#save-list [data-replay="long"]')
                page.wait_for_function(f"document.documentElement.dataset.replayPosition === '{n}'", timeout=120_000)
                opened = (time.perf_counter() - t0) * 1000
                page.evaluate(LONG_TASKS)
                drawn: list[str] = []
                page.expose_function("__drawn", lambda k: drawn.append(k))
                page.evaluate("""() => new MutationObserver(() => window.__drawn(document.documentElement.dataset.replayPosition))
                  .observe(document.documentElement, {attributes: true, attributeFilter: ['data-replay-position']})""")
                positions = [round(i * n / 120) for i in range(121)]
                t1 = time.perf_counter()
                page.evaluate(DRAG, [positions])
                page.wait_for_function(f"document.documentElement.dataset.replayPosition === '{n}'", timeout=120_000)
                dragged = (time.perf_counter() - t1) * 1000
                page.wait_for_function("!document.documentElement.dataset.replayHold", timeout=60_000)
                released = (time.perf_counter() - t1) * 1000
                page.wait_for_timeout(300)
                long_tasks = page.evaluate("window.__long")
                steps = []
                python_ms: list[float] = []
                page.focus('[data-rp="forward"]')
                page.keyboard.press("Home")
                page.wait_for_function("document.documentElement.dataset.replayPosition === '0'")
                for k in range(1, 41):
                    s = time.perf_counter()
                    page.keyboard.press("ArrowRight")
                    page.wait_for_function(f"document.documentElement.dataset.replayPosition === '{k}'", polling="raf")
                    steps.append((time.perf_counter() - s) * 1000)
                    python_ms.append(float(page.evaluate("document.documentElement.dataset.replayDrawMs")))
                steps.sort()
                print(f"Trains 4p, {n} actions: replay opened in {opened:.0f} ms")
                print(f"drag over 121 positions (16 ms apart): {dragged:.0f} ms to the last, {len(set(drawn))} positions drawn, "
                      f"the held panels back at {released:.0f} ms; main-thread long tasks (drag and panels back): "
                      f"{len(long_tasks)}, longest {max(long_tasks, default=0):.0f} ms")
                print(f"one step (key press to drawn): median {statistics.median(steps):.0f} ms, "
                      f"95th percentile {steps[int(len(steps) * 0.95) - 1]:.0f} ms; of which the worker's Python "
                      f"(position + table drawn as operations) median {statistics.median(python_ms):.0f} ms")
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
