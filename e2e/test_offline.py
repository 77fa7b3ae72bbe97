"""Offline play through the service worker (issue 2, section 4: "once loaded, the game plays with
the server stopped"; section 5: "reload with the server stopped")."""

from __future__ import annotations

import json
import shutil
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

from serve import SiteServer

CONTROLLED_JS = """async () => {
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
  }
  return navigator.serviceWorker.controller.scriptURL;
}"""

CACHES_JS = """async () => {
  const out = {};  // the releases' caches (the worker's compiled-bytecode cache, railtable-pyc:, apart)
  for (const name of (await caches.keys()).filter((n) => n.startsWith("railtable:"))) {
    const cache = await caches.open(name);
    out[name] = (await cache.keys()).map((req) => req.url);
  }
  return out;
}"""


def _server_is_down(url: str) -> bool:
    try:
        urllib.request.urlopen(url, timeout=2)
    except (urllib.error.URLError, OSError):
        return True
    return False


def _wait_controlled(page) -> str:
    return page.evaluate(CONTROLLED_JS)


def test_reload_with_server_stopped_boots_from_the_cache(page, server, site, wait_engine, run_python, shot,
                                                        page_problems):
    """Load once, let the service worker precache, stop the server, reload: the engine boots again."""
    page.goto(server.url)
    wait_engine(page)
    assert _wait_controlled(page) == server.url + "sw.js"
    page.wait_for_function("document.documentElement.dataset.offline === 'ready'")

    version = json.loads((site / "build.json").read_text(encoding="utf-8"))["version"]
    cached = page.evaluate(CACHES_JS)
    assert list(cached) == [f"railtable:/:{version}"]
    urls = set(cached[f"railtable:/:{version}"])
    runtime = json.loads((site / "build.json").read_text(encoding="utf-8"))["runtime"]
    for rel in ("index.html", "python.zip", runtime + "pyodide.asm.wasm", "manifest.webmanifest",
                runtime + "python_stdlib.zip", "web/worker.js", "web/page.js", "web/trains.css",
                "web/remote.js"):  # remote play on a LAN, offline (loaded on first use only)
        assert server.url + rel in urls, f"{rel} was not precached"

    server.stop()
    # The service worker asks the HTTP cache, then the network, for the runtime (Chromium keeps the
    # compiled wasm beside the HTTP cache): offline, those attempts fail before Cache Storage answers.
    page_problems.allow(r"request failed: GET \S+/vendor/pyodide-\w+/\S+ \(net::ERR_CONNECTION_REFUSED\)")
    try:
        assert _server_is_down(server.url)
        offline_requests: list[str] = []
        page.on("request", lambda req: offline_requests.append(req.url))
        page.reload()
        wait_engine(page)
        assert run_python(page, "import railtable.core\nrailtable.core.__name__") == "railtable.core"
        shot(page, "offline-reload")
        # Everything came from the service worker: nothing failed (conftest fails the test on any
        # failed request or HTTP error) and the runtime was asked for again.
        assert server.url + runtime + "pyodide.asm.wasm" in offline_requests
    finally:
        server.start()


def test_new_release_replaces_the_old_cache(browser, site, page_problems, wait_engine):
    """A new release (new content hash) waits until the page's "a new version is ready" notice is
    answered (Reload), then takes over and deletes the previous cache."""
    # A copy of the site that this test may change (a new release), served on its own port.
    with tempfile.TemporaryDirectory(prefix="railtable-e2e-release-") as tmp, \
            SiteServer(shutil.copytree(site, Path(tmp) / "site")) as srv:
        copy = Path(tmp) / "site"
        page_problems.origin = srv.url.rstrip("/")
        ctx = browser.new_context(bypass_csp=True)  # string predicates (see conftest)
        page_problems.attach_context(ctx)
        try:
            page = ctx.new_page()
            page_problems.attach_page(page)
            page.goto(srv.url)
            wait_engine(page)
            _wait_controlled(page)
            old = list(page.evaluate(CACHES_JS))
            assert len(old) == 1 and old[0].startswith("railtable:/:")

            # Simulate the next release: a changed file, so a new version in sw.js.
            sw = (copy / "sw.js").read_text(encoding="utf-8")
            old_version = old[0].removeprefix("railtable:/:")
            assert old_version in sw
            new_version = "f" * len(old_version) if old_version != "f" * len(old_version) else "0" * len(old_version)
            (copy / "sw.js").write_text(sw.replace(old_version, new_version), encoding="utf-8")

            page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
            # Issue 15: the new release waits (this page keeps its own release) and says so quietly.
            page.locator("#update-notice").wait_for(state="visible", timeout=30_000)
            assert len(page.evaluate(CACHES_JS)) == 2  # the old release still serves this page
            with page.expect_navigation():
                page.click("#update-reload")
            page.wait_for_function(
                """async (want) => (await caches.keys()).filter((n) => n.startsWith("railtable:")).join() === want""",
                arg=f"railtable:/:{new_version}",
                timeout=30_000,
                polling=200,
            )
            wait_engine(page)  # the page reloaded itself under the new release
            assert page.locator("#update-notice[hidden]").count() == 1
        finally:
            ctx.close()


def test_register_script_is_shipped(site):
    """index.html includes web/page.js, which registers ../sw.js (the site root)."""
    assert '"../sw.js"' in (site / "web/page.js").read_text(encoding="utf-8")
    assert '<script src="web/page.js">' in (site / "index.html").read_text(encoding="utf-8")
    assert (site / "sw.js").is_file()
