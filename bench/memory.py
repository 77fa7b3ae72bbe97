"""Memory over many bot-only games in one page (issue 15: nothing kept from a closed table).

Plays ``--count`` whole bot-only games one after the other in one page of the built site (instant
pace, the lobby between games), and after each, once garbage is collected, prints: the page's JS
heap (main thread, CDP ``Runtime.getHeapUsage``), the worker's Pyodide memory (the WebAssembly heap's
size, and CPython's allocated blocks), the Python handlers the page's listeners call
(``dom.HANDLERS``) and the page's live listeners (``window.railtable.listeners()``). Flat numbers
after the first games mean closed tables are released.

Run: ``python3 bench/memory.py [--count 10] [--games transamerica] [--players 2] [--seed 1] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sitecopy import served_site  # noqa: E402, I001  (sitecopy puts tools/ on sys.path)
from browser import launch_options  # noqa: E402, I001

PYODIDE_MEMORY = """
import gc, sys, pyodide_js
from railtable_web import dom
gc.collect()
[pyodide_js._module.HEAP8.length, sys.getallocatedblocks(), len(dom.HANDLERS)]
"""


def one_game(page: Any, game: str, players: int, seed: int) -> dict[str, Any]:
    page.click(f"#game-choice label:has(input[value={game}])")
    page.select_option("#player-count", str(players))
    page.evaluate("() => window.railtable.settled()")
    for i in range(players):
        page.select_option(f"#seat-kind-{i}", "easy")
    page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_selector("#table:not([hidden])")
    page.select_option("#pace", "instant")
    t0 = time.perf_counter()
    while page.evaluate("() => document.documentElement.dataset.over") != "1":
        if time.perf_counter() - t0 > 1800:
            raise TimeoutError(f"{game}: the game did not end in 30 minutes")
        if page.locator("#modal:not([hidden]) [data-close]").count():
            page.click("#modal [data-close]")
            page.evaluate("() => window.railtable.settled()")
        page.wait_for_timeout(250)
    seconds = time.perf_counter() - t0
    moves = int(page.evaluate("() => document.documentElement.dataset.moves"))
    while page.locator("#modal:not([hidden])").count():
        page.locator("#modal button").first.click()
    page.click("[data-cmd=menu]")
    page.evaluate("() => window.railtable.settled()")
    return {"game": game, "moves": moves, "seconds": round(seconds, 1)}


def measure(page: Any, cdp: Any) -> dict[str, Any]:
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")
    wasm, blocks, handlers = page.evaluate("(code) => window.railtable.run(code)", PYODIDE_MEMORY)
    return {"js_heap_mb": round(heap["usedSize"] / 2**20, 2), "pyodide_heap_mb": round(wasm / 2**20, 1),
            "python_blocks": blocks, "handlers": handlers, "listeners": page.evaluate("() => window.railtable.listeners()")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--games", default="transamerica", help="comma-separated, used in turn")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    rows = []
    games = args.games.split(",")
    with served_site() as server, sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_options())
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 860}, bypass_csp=True)
            cdp = page.context.new_cdp_session(page)
            page.goto(server.url)
            page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'", timeout=180_000)
            rows.append({"game": "(lobby)", "moves": 0, "seconds": 0.0, **measure(page, cdp)})
            for i in range(args.count):
                game = games[i % len(games)]
                row = one_game(page, game, args.players, args.seed + i)
                rows.append({**row, **measure(page, cdp)})
                if not args.json:
                    r = rows[-1]
                    print(f"{i + 1:2} {r['game']:13} {r['moves']:4} moves {r['seconds']:6.1f} s  JS heap "
                          f"{r['js_heap_mb']:6.2f} MB  Pyodide heap {r['pyodide_heap_mb']:6.1f} MB  Python blocks "
                          f"{r['python_blocks']:8}  handlers {r['handlers']:3}  page listeners {r['listeners']:3}",
                          flush=True)
        finally:
            browser.close()
    if args.json:
        print(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
