"""Issue 15: the page's Content-Security-Policy (index.html) is as strict as the stack allows, and the
site boots and plays all three games under it with no violation and no console error.

Other browser tests bypass the policy (Playwright evaluates string predicates with ``eval``); this
one does not, so every wait here is a function. Violations are collected by a
``securitypolicyviolation`` listener installed before the page's own scripts run.
"""

from __future__ import annotations

from typing import Any

from e2e_settings import ACTION_TIMEOUT_MS, BOOT_TIMEOUT_MS
from lobby import start_game

RECORD_JS = """window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));"""


def _wait_engine(page: Any, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'", timeout=timeout_ms)


def test_policy_is_strict(site: Any) -> None:
    html = (site / "index.html").read_text(encoding="utf-8")
    start = html.index('http-equiv="Content-Security-Policy"')
    policy = html[start:html.index(">", start)]
    assert "script-src 'self';" in policy and "style-src 'self';" in policy
    assert "unsafe-eval" not in policy and "unsafe-inline" not in policy
    assert "object-src 'none'" in policy and "base-uri 'none'" in policy
    assert "<script>" not in html and " style=" not in html and " on" + "click=" not in html


def test_boot_and_play_all_three_games_under_the_policy(browser: Any, server: Any, page_problems: Any) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 860})  # no bypass_csp
    ctx.set_default_timeout(ACTION_TIMEOUT_MS)
    page_problems.attach_context(ctx)
    try:
        page = ctx.new_page()
        page_problems.attach_page(page)
        page.add_init_script(RECORD_JS)
        games = [("transamerica", 2), ("trains", 2), ("stations", 3)]
        for game, players in games:
            start_game(page, server, _wait_engine, game, [(f"Bot {i + 1}", "easy") for i in range(players)], seed=11)
            page.select_option("#pace", "instant")
            page.wait_for_function("() => Number(document.documentElement.dataset.moves) > 25", timeout=300_000)
            assert page.evaluate("() => window.__violations") == [], game
            page.select_option("#pace", "slow")
            for _ in range(5):  # a round's summary: closed the way a person does
                if not page.locator("#modal:not([hidden]) [data-close]").count():
                    break
                page.click("#modal [data-close]")
            page.click("[data-cmd=menu]")
        # the lobby's saved games, the saves panel's own controls: still no violation
        assert page.locator("#save-list li.save").count() == 3
        assert page.evaluate("() => window.__violations") == []
        # the policy is really enforced: an inline script is refused (and reported)
        page.evaluate("""() => { const s = document.createElement('script'); s.textContent = 'window.__ran = 1';
                         document.body.appendChild(s); }""")
        page.wait_for_function("() => window.__violations.length > 0")
        assert page.evaluate("() => window.__ran") is None
        page_problems.allow(r"Content Security Policy")  # the refusal just provoked
    finally:
        ctx.close()
