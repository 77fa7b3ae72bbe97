"""Debian's Chromium for browser tests and benchmarks (Playwright cannot
download browsers here, so it drives /usr/bin/chromium with these flags), and the set-up every
browser benchmark shares: a browser, a page on the built site with its engine ready, a bot game
played to its end."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

CHROMIUM = os.environ.get("RAILTABLE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def launch_options(**extra: Any) -> dict[str, Any]:
    """Keyword arguments for ``playwright.chromium.launch`` (or ``launch_persistent_context``)."""
    if not os.path.exists(CHROMIUM):
        raise RuntimeError(f"{CHROMIUM} is missing: apt-get install -y chromium (tools/test.sh does it)")
    return {"executable_path": CHROMIUM, "headless": True, "args": list(CHROMIUM_ARGS), **extra}


# ---- what every browser benchmark repeats (bench/*.py) ----------------------------------------
ENGINE_READY = "() => document.documentElement.dataset.engine === 'ready'"
"""True once the app's engine runs in its worker and the lobby's Start is enabled."""
VIEWPORT = {"width": 1280, "height": 860}


@contextmanager
def chromium(**extra: Any) -> Iterator[Any]:
    """Playwright's headless Chromium (``launch_options(**extra)``), closed on the way out."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_options(**extra))
        try:
            yield browser
        finally:
            browser.close()


def open_page(where: Any, url: str | None = None, *, errors: list[str] | None = None, ready: bool = True,
              timeout_ms: int = 180_000, viewport: dict[str, int] | None = None, init_script: str | None = None) -> Any:
    """A new page of ``where`` (a Browser: in its own context; or a BrowserContext) that bypasses the
    page's CSP (it blocks Playwright's string predicates), opened on ``url`` and, when ``ready``, with
    the engine ready. Console errors and uncaught page errors are appended to ``errors``."""
    if hasattr(where, "new_context"):
        where = where.new_context(viewport=viewport or VIEWPORT, bypass_csp=True)
    if init_script:
        where.add_init_script(init_script)
    page = where.new_page()
    if errors is not None:
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
    if url is not None:
        page.goto(url)
        if ready:
            wait_engine(page, timeout_ms)
    return page


def wait_engine(page: Any, timeout_ms: int = 180_000) -> None:
    page.wait_for_function(ENGINE_READY, timeout=timeout_ms)


def start_bot_game(page: Any, game: str, players: int, kind: str, seed: int, pace: str = "instant") -> None:
    """From the lobby: ``players`` bots of ``kind`` play ``game`` from ``seed`` at ``pace``."""
    page.click(f"#game-choice label:has(input[value={game}])")
    page.select_option("#player-count", str(players))
    page.evaluate("() => window.railtable.settled()")
    for i in range(players):
        page.select_option(f"#seat-kind-{i}", kind)
    page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_selector("#table:not([hidden])")
    page.select_option("#pace", pace)


def play_to_end(page: Any, limit_s: float = 1800.0) -> float:
    """Let the open bot game run to its end, closing each round's summary (the bots wait for a
    person to read it); the seconds it took."""
    t0 = time.perf_counter()
    while page.evaluate("() => document.documentElement.dataset.over") != "1":
        if time.perf_counter() - t0 > limit_s:
            raise TimeoutError(f"the game did not end in {limit_s:.0f} s")
        if page.locator("#modal:not([hidden]) [data-close]").count():
            page.click("#modal [data-close]")
            page.evaluate("() => window.railtable.settled()")  # the worker hid it
        page.wait_for_timeout(250)
    return time.perf_counter() - t0


def back_to_lobby(page: Any) -> None:
    """From an ended game's result window (or any table: its pass-the-device screen too) back to the lobby."""
    if page.locator("#privacy:not([hidden]) #privacy-reveal").count():
        page.click("#privacy-reveal")
    if page.locator("#modal:not([hidden]) [data-newgame]").count():
        page.click("#modal [data-newgame]")
    else:
        if page.locator("#modal:not([hidden]) [data-close]").count():
            page.click("#modal [data-close]")
        page.click("[data-cmd=menu]")
    page.wait_for_selector("#table[hidden]", state="attached")
    page.evaluate("() => window.railtable.settled()")
