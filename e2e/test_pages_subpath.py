"""The built site served under a project subpath, as GitHub Pages serves a fork's site
(``https://<owner>.github.io/railtable/``): the engine starts, the service worker's scope is that
subpath, and with the server stopped a reload boots and plays (README, "GitHub Pages")."""

from __future__ import annotations

from urllib.parse import urlsplit

from serve import SiteServer

from lobby import start_game, wait_moves_above
from test_offline import CONTROLLED_JS

SCOPE_JS = "async () => (await navigator.serviceWorker.getRegistration()).scope"


def test_the_site_under_a_subpath_boots_registers_its_scope_and_plays_offline(browser, site, page_problems,
                                                                                wait_engine, shot):
    with SiteServer(site, prefix="/railtable/") as srv:
        assert srv.url.endswith("/railtable/")
        page_problems.origin = srv.url.split("/railtable/")[0]
        ctx = browser.new_context(viewport={"width": 1280, "height": 860}, bypass_csp=True)
        page_problems.attach_context(ctx)
        paths: list[str] = []
        ctx.on("request", lambda req: paths.append(urlsplit(req.url).path))
        try:
            page = ctx.new_page()
            page_problems.attach_page(page)
            page.goto(srv.url)
            wait_engine(page)
            assert page.evaluate(CONTROLLED_JS) == srv.url + "sw.js"
            assert page.evaluate(SCOPE_JS) == srv.url
            page.wait_for_function("document.documentElement.dataset.offline === 'ready'")
            # Nothing asked outside the subpath (a 404 there would fail the test too: conftest).
            outside = [p for p in paths if not p.startswith("/railtable/")]
            assert not outside, outside

            srv.stop()
            # As in test_offline: the runtime is asked of the network before Cache Storage answers.
            page_problems.allow(r"request failed: GET \S+/railtable/vendor/pyodide-\w+/\S+ \(net::ERR_CONNECTION_REFUSED\)")
            start_game(page, srv, wait_engine, "transamerica", [("Ann", "easy"), ("Bob", "easy")], 7)
            page.select_option("#pace", "instant")
            wait_moves_above(page, 2)
            shot(page, "pages-subpath-offline")
        finally:
            ctx.close()
