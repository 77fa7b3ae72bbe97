"""Issue 34, "A first visit whose runtime download fails once": every boot step that fails or
stalls once is told within seconds in #engine-status, with a Retry that reloads the page and
reaches the lobby's enabled Start (web/page.js, tell and STALL_MS; web/worker.js, "progress")."""

from __future__ import annotations

import time
from typing import Any

import pytest

# Each boot step, by the file it downloads (the runtime's folder is vendor/pyodide-<hash>/).
STEPS = {
    "worker script": "**/web/worker.js",
    "pyodide.mjs": "**/pyodide.mjs",
    "wasm": "**/pyodide.asm.wasm",
    "stdlib zip": "**/python_stdlib.zip",
    "python.zip": "**/python.zip",
}
TOLD_WITHIN_MS = 10_000  # STALL_MS is 8 s: a stall is told after 8 s without news from the worker


def _once(page: Any, pattern: str, how: str) -> list[Any]:
    """Route ``pattern`` so that its first request fails (``abort``), stalls (never answered),
    or, for "corrupt", is answered with bytes that are no zip archive (the engine cannot start)."""
    held: list[Any] = []

    def handle(route: Any) -> None:
        if held:
            route.continue_()
            return
        held.append(route)
        if how == "fail":
            route.abort()
        elif how == "corrupt":
            route.fulfill(status=200, body=b"not a zip archive", content_type="application/zip")
        # "stall": the request is never answered (the reload abandons it)

    page.route(pattern, handle)
    return held


CASES = [(step, "fail") for step in STEPS] + [(step, "stall") for step in STEPS] + [("engine start", "corrupt")]


@pytest.mark.parametrize("step, how", CASES, ids=[f"{s}-{h}" for s, h in CASES])
def test_a_boot_step_that_fails_or_stalls_once_is_told_and_retry_reaches_the_lobby(
        page, server, wait_engine, page_problems, shot, step, how):
    pattern = STEPS.get(step, "**/python.zip")
    held = _once(page, pattern, how)
    # What the failure itself leaves in the console and the request log is expected here.
    page_problems.allow(r"the engine could not start")
    page_problems.allow(r"request failed: GET \S+ \(net::ERR_(FAILED|ABORTED)\)")
    page_problems.allow(r"page error: .*")
    # Pyodide itself reports a missing standard library on the console (Fatal Python error...)
    # before the worker tells the page; only the runtime's own files may log here.
    page_problems.allow(r"console error: [\s\S]*(/vendor/pyodide-[0-9a-f]+/|web/worker\.js)")
    page.goto(server.url)
    started = time.monotonic()
    page.wait_for_selector("#engine-retry", timeout=TOLD_WITHIN_MS + 5_000)
    told_s = time.monotonic() - started
    assert held, "the step was never asked for"
    status = page.locator("#engine-status").inner_text()
    assert "Retry" in status and ("could not be loaded" in status or "taking longer than it should" in status), status
    assert told_s * 1000 < TOLD_WITHIN_MS, f"told after {told_s:.1f} s"
    assert page.locator("#start").is_disabled()
    if step == "python.zip" and how == "fail":
        shot(page, "boot-fault-told")
    page.click("#engine-retry")
    wait_engine(page)
    assert page.locator("#start").is_enabled()
    assert page.locator("#engine-retry").count() == 0


def test_an_engine_that_stops_mid_game_says_so_not_could_not_start(page, server, wait_engine, run_python,
                                                                   page_problems, shot):
    """Issue 34, wording: a worker error after the engine was up says the engine stopped and the
    game is saved, with the same Retry."""
    page.goto(server.url)
    wait_engine(page)
    page_problems.allow(r"the engine stopped")
    page_problems.allow(r"injected worker fault")
    run_python(page, "import js\nfrom pyodide.ffi import create_once_callable\n"
                     "def boom():\n    raise RuntimeError('injected worker fault')\n"
                     "js.setTimeout(create_once_callable(boom), 0)\n1")
    page.wait_for_selector("#engine-retry", timeout=TOLD_WITHIN_MS)
    status = page.locator("#engine-status").inner_text()
    assert "The engine stopped. Your game is saved up to its last move." in status, status
    assert "could not" not in status
    assert page.locator("#start").is_disabled()  # nothing can start without the engine
    shot(page, "engine-stopped")
    page.click("#engine-retry")
    wait_engine(page)
