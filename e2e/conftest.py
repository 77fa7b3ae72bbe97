"""Browser test harness: the built site (dist/) served on 127.0.0.1, driven in Debian's Chromium.

Fixtures:
- ``site``: a fresh build of the site (tools/build.py) in a private temporary folder, so a
  concurrent rebuild of ``dist/`` cannot disturb the tests; ``RAILTABLE_E2E_SITE=dist`` serves
  an existing build instead.
- ``server``: a :class:`SiteServer` (session-wide, one free port). ``server.stop()`` cuts the page
  off; ``server.start()`` brings it back on the same port (same origin). Every test gets it running.
- ``browser``: headless ``/usr/bin/chromium`` (``$RAILTABLE_CHROMIUM`` overrides) with the flags
  listed in tools/browser.py.
- ``context`` / ``page``: a new browser context (fresh profile: storage, caches, service worker) per
  test. The page records console errors, page errors, failed requests and HTTP errors, and every
  request to a host other than the local server; the test FAILS after its body if any was recorded.
  A request the browser aborts because the page navigated (a reload while the engine or its
  snapshot worker still loads) is not recorded: it was in flight when the navigation began.
  ``page_problems.allow(regex)`` tolerates the records matching ``regex`` (say why in the test).
- ``wait_engine(page, timeout_ms=...)``: waits for ``html[data-engine="ready"]`` (set by the app
  once the engine runs in the worker).
- ``run_python(page, code)``: runs Python in the engine's Pyodide (in the page's Web Worker) and
  returns the value of the last expression, converted to JSON-able data.
- ``shot(page, name)``: saves ``e2e/screenshots/<name>.png`` (gitignored) and returns its path.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import build as site_build  # noqa: E402  (tools/build.py)
from browser import launch_options  # noqa: E402  (tools/browser.py)
from serve import SiteServer  # noqa: E402  (tools/serve.py)

from e2e_settings import ACTION_TIMEOUT_MS, BOOT_TIMEOUT_MS, SCREENSHOTS  # noqa: E402  (e2e/e2e_settings.py)

# The engine's Pyodide, in the page's Web Worker (web/page.js exposes this hook for tests and
# benchmarks; the worker flushes the DOM operations the code queued before it answers).
_RUN_PYTHON_JS = """async (code) => window.railtable.run(code)"""


# Python answers the page's events from a Web Worker, so a click's effect is on screen a few
# milliseconds after Playwright's click returns. Every input method used by the tests waits for
# the worker to answer (window.railtable.settled) before returning, as a person would see it.
_SETTLE_JS = "() => window.railtable ? window.railtable.settled() : null"
_INPUT_METHODS = ("click", "dblclick", "fill", "select_option", "check", "uncheck", "press", "type", "set_input_files")


def _settling(method: Callable[..., Any], page_of: Callable[[Any], Any]) -> Callable[..., Any]:
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        result = method(self, *args, **kwargs)
        try:
            page_of(self).evaluate(_SETTLE_JS)
        except Exception:  # the page navigated or closed meanwhile: nothing to wait for
            pass
        return result

    wrapper.__doc__ = method.__doc__
    return wrapper


def _install_settling() -> None:
    from playwright.sync_api import Locator, Page

    for cls, page_of in ((Page, lambda p: p), (Locator, lambda loc: loc.page)):
        for name in _INPUT_METHODS:
            method = getattr(cls, name)
            if not getattr(method, "_settles", False):
                wrapped = _settling(method, page_of)
                wrapped._settles = True  # type: ignore[attr-defined]
                setattr(cls, name, wrapped)


_install_settling()


@dataclass
class PageProblems:
    """What went wrong in the page during a test (see the module docstring)."""

    origin: str
    records: list[str] = field(default_factory=list)
    allowed: list[re.Pattern[str]] = field(default_factory=list)
    in_flight: set[Any] = field(default_factory=set)
    """Requests started and not yet answered (a navigation aborts them: see ``attach_context``)."""
    superseded: set[Any] = field(default_factory=set)
    navigating: bool = False
    """A top-level navigation has started and its new document is not yet shown: until then the old
    page and its workers still run, and what they ask for is aborted when the new document commits."""

    def allow(self, pattern: str) -> None:
        self.allowed.append(re.compile(pattern))

    def leaving(self) -> None:
        """The test takes a page to a document that makes no request (``about:blank``), which the
        request events never show: what the old page and its workers still had in flight (the
        boot's snapshot maker, on a first visit) is aborted, as when a player leaves mid-load."""
        self.superseded |= self.in_flight
        self.in_flight.clear()
        self.navigating = True  # until the new document commits (framenavigated)

    def add(self, text: str) -> None:
        self.records.append(text)

    def unexpected(self) -> list[str]:
        return [r for r in self.records if not any(p.search(r) for p in self.allowed)]

    def is_foreign(self, url: str) -> bool:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https", "ws", "wss"):
            return False  # data:, blob:, about: never leave the page
        return f"{parts.scheme}://{parts.netloc}" != self.origin

    def attach_context(self, context: Any) -> None:
        """Request events of the context: they include the service worker's fetches."""

        def on_request(req: Any) -> None:
            if self.is_foreign(req.url):
                self.add(f"request to another host: {req.method} {req.url}")
            if req.is_navigation_request() and req.frame.parent_frame is None:
                # a reload or a new page: the browser aborts what the old page (and its workers)
                # still had in flight, as it would for a player who reloads while the engine loads
                self.superseded |= self.in_flight
                self.in_flight.clear()
                self.navigating = True
            elif self.navigating:
                # started by the old page between the navigation's request and its commit (a loaded
                # machine makes that gap long): the commit aborts it too (issue 34: test_offline's
                # new release saw the old page's worker.js aborted so)
                self.superseded.add(req)
            self.in_flight.add(req)

        def on_finished(req: Any) -> None:
            self.in_flight.discard(req)

        def on_failed(req: Any) -> None:
            self.in_flight.discard(req)
            if req.is_navigation_request() and req.frame.parent_frame is None:
                self.navigating = False  # no new document comes
            if req in self.superseded and "ERR_ABORTED" in (req.failure or ""):
                return
            if not self.is_foreign(req.url):
                self.add(f"request failed: {req.method} {req.url} ({req.failure})")

        def on_response(resp: Any) -> None:
            if resp.status >= 400 and not self.is_foreign(resp.url):
                self.add(f"HTTP {resp.status}: {resp.url}")

        context.on("request", on_request)
        context.on("requestfailed", on_failed)
        context.on("requestfinished", on_finished)
        context.on("response", on_response)

    def attach_page(self, page: Any) -> None:
        def on_console(msg: Any) -> None:
            if msg.type == "error":
                loc = msg.location or {}
                where = f" at {loc.get('url')}:{loc.get('lineNumber')}" if loc.get("url") else ""
                self.add(f"console error: {msg.text}{where}")

        def on_committed(frame: Any) -> None:
            if frame.parent_frame is None:
                self.navigating = False

        page.on("console", on_console)
        page.on("framenavigated", on_committed)
        page.on("pageerror", lambda err: self.add(f"page error: {err}"))


PROBLEMS_KEY = pytest.StashKey[PageProblems]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A failed browser test leaves a screenshot of its page: e2e/screenshots/FAILED-<test>.png."""
    report = yield
    page = getattr(item, "funcargs", {}).get("page")
    if report.when == "call" and report.failed and page is not None:
        try:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"FAILED-{re.sub(r'[^A-Za-z0-9_.-]+', '_', item.name)}.png"))
        except Exception:  # the page is gone: nothing to show
            pass
    return report


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """After a passing test body, fail the test if its page recorded a problem."""
    result = yield
    problems = item.stash.get(PROBLEMS_KEY, None)
    if problems is not None:
        found = problems.unexpected()
        if found:
            listed = "\n  ".join(found)
            pytest.fail(f"the page recorded {len(found)} problem(s):\n  {listed}", pytrace=False)
    return result


@pytest.fixture(scope="session")
def site() -> Iterator[Path]:
    """A fresh build of the site in a private folder (other work may rebuild dist/ meanwhile).

    A plain temporary folder, removed when the session ends. ``RAILTABLE_E2E_SITE=DIR`` serves an
    existing build instead (e.g. ``dist``).
    """
    given = os.environ.get("RAILTABLE_E2E_SITE")
    if given:
        folder = Path(given).resolve()
        if not (folder / "index.html").is_file():
            pytest.fail(f"{folder} has no index.html", pytrace=False)
        yield folder
        return
    with tempfile.TemporaryDirectory(prefix="railtable-e2e-") as tmp:
        folder = Path(tmp) / "dist"
        try:
            site_build.build(folder)
        except site_build.BuildError as err:
            pytest.fail(f"cannot build the site: {err}", pytrace=False)
        yield folder


@pytest.fixture(scope="session")
def server(site: Path) -> Iterator[SiteServer]:
    srv = SiteServer(site).start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    try:
        options = launch_options()
    except RuntimeError as err:
        pytest.fail(str(err), pytrace=False)
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(**options)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page_problems(server: SiteServer, request: pytest.FixtureRequest) -> PageProblems:
    problems = PageProblems(origin=server.url.rstrip("/"))
    request.node.stash[PROBLEMS_KEY] = problems
    return problems


@pytest.fixture
def context(browser: Any, server: SiteServer, page_problems: PageProblems) -> Iterator[Any]:
    server.start()  # a previous test may have stopped it
    # Playwright's string predicates (wait_for_function("expr")) are eval'd in the page, which the
    # page's Content-Security-Policy refuses: tests bypass it, except e2e/test_csp.py.
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, bypass_csp=True)
    ctx.set_default_timeout(ACTION_TIMEOUT_MS)
    ctx.set_default_navigation_timeout(ACTION_TIMEOUT_MS)
    page_problems.attach_context(ctx)
    try:
        yield ctx
    finally:
        ctx.close()
        server.start()


@pytest.fixture
def page(context: Any, page_problems: PageProblems) -> Any:
    pg = context.new_page()
    page_problems.attach_page(pg)
    return pg


@pytest.fixture(scope="session")
def wait_engine() -> Callable[..., None]:
    def wait(page: Any, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
        page.wait_for_function(
            "document.documentElement.dataset.engine === 'ready'", timeout=timeout_ms, polling=50
        )

    return wait


@pytest.fixture(scope="session")
def run_python() -> Callable[[Any, str], Any]:
    def run(page: Any, code: str) -> Any:
        return page.evaluate(_RUN_PYTHON_JS, code)

    return run


@pytest.fixture(scope="session")
def shot() -> Callable[[Any, str], Path]:
    def save(page: Any, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', name)}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return save
