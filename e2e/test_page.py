"""The page never freezes and installs as an app (issue 10).

- The lobby answers typing while the engine boots (Python runs in a Web Worker).
- A first visit in a fresh profile works with no reload and downloads each file once.
- The manifest is served, its icons load, the favicon is a real icon.
- The tab title says whose turn it is.
Every test also fails on a console error or a request to another host (conftest.py).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from lobby import start_game

# In the page: for each key typed in a text field, the time from the key event to the next
# animation frame after the field changed (what a person sees), and whether the engine was ready.
KEY_PROBE_JS = """() => {
  window.__keys = [];
  let pressed = null; // the latest key event's time (when the browser received it)
  document.addEventListener("keydown", (event) => { pressed = event.timeStamp; }, true);
  document.addEventListener("input", (event) => {
    const since = pressed;
    const ready = document.documentElement.dataset.engine === "ready";
    requestAnimationFrame((frame) => window.__keys.push({ ms: performance.now() - since, frame, ready, value: event.target.value }));
  }, true);
}"""


def test_lobby_answers_typing_while_the_engine_boots(page: Any, server: Any, wait_engine: Any, shot: Any) -> None:
    """Issue 10: a key press shows within 100 ms while the engine boots; what was typed is kept."""
    page.goto(server.url, wait_until="commit")
    page.wait_for_selector("#seat-name-0")
    page.evaluate(KEY_PROBE_JS)
    field = page.locator("#seat-name-0")
    field.click()
    page.keyboard.press("End")
    typed = ""
    for letter in "ZYXWVUTSRQPONMLKJIHG":
        if page.evaluate("document.documentElement.dataset.engine") == "ready":
            break
        page.keyboard.type(letter)
        typed += letter
        page.wait_for_timeout(150)
    shot(page, "typing-during-boot")
    wait_engine(page)
    keys = page.evaluate("window.__keys")
    during_boot = [k for k in keys if not k["ready"]]
    assert len(during_boot) >= 3, f"the engine was ready before 3 keys were typed: {keys}"
    # Every key within 100 ms is the target; on this shared 2-core machine (load 10-18 while other
    # jobs test) the renderer is sometimes starved for a frame, so: at most one late frame in 10
    # keys, none over 1 s (CI's 2 cores, each busy with a browser test, once took 541 ms for one key,
    # and once drew three keys in one frame after 383 ms). Keys drawn in the same late frame are one
    # stall, counted once. Python on the main thread (the old page) froze it for 5.4 s in one task;
    # the main thread's own long tasks are measured by bench/boot.py (Long Tasks API: none of 50 ms
    # in most loads).
    times = sorted(k["ms"] for k in during_boot)
    late_frames = {k["frame"] for k in during_boot if k["ms"] >= 100}
    assert len(late_frames) <= len(during_boot) // 10, (
        f"{len(late_frames)} late frames (a key shown after 100 ms or more) in {len(during_boot)} keys "
        f"typed while the engine booted: {keys}"
    )
    assert times[-1] < 1000, f"a key took {times[-1]:.0f} ms to show while the engine booted: {keys}"
    # the engine's first drawing of the lobby keeps what was typed
    page.wait_for_timeout(300)
    assert page.locator("#seat-name-0").input_value() == "Alex" + typed


def test_first_visit_in_a_fresh_profile_needs_no_reload_and_fetches_each_file_once(
    browser: Any, server: Any, site: Path, page_problems: Any, wait_engine: Any
) -> None:
    """Issue 10: a first visit works with no reload; it downloads each file once, at most 1.1 times
    the site's size, the offline copy included (the service worker keeps the page's own loads)."""
    server.start()  # a previous test may have stopped it
    context = browser.new_context(bypass_csp=True)  # string predicates (see conftest)
    page_problems.attach_context(context)
    try:
        page = context.new_page()
        page_problems.attach_page(page)
        navigations: list[str] = []
        page.on("framenavigated", lambda frame: navigations.append(frame.url) if frame == page.main_frame else None)
        server.sent.clear()
        page.goto(server.url)
        wait_engine(page)
        page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=60_000)
        assert navigations == [server.url], f"the page navigated again: {navigations}"
        sent = list(server.sent)
        site_size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
        counts = Counter(path for path, status, _ in sent if status == 200)
        assert [p for p, n in counts.items() if n > 1] == []
        total = sum(size for _, _, size in sent)
        assert total <= 1.1 * site_size, f"{total} bytes sent for a {site_size}-byte site"
        precache = json.loads((site / "sw.js").read_text(encoding="utf-8").split("const PRECACHE = ", 1)[1]
                              .split(";\n", 1)[0])
        assert {p.lstrip("/") for p in counts} <= set(precache) | {"sw.js", ""}
        # the game starts without a reload
        page.fill("#seed", "3")
        page.click("#start")
        page.wait_for_selector("#ta-board")
        assert navigations == [server.url]
        # the snapshot worker (4 s after the boot) takes its files from Cache Storage: nothing twice
        page.wait_for_function("document.documentElement.dataset.snapshot === 'kept'", timeout=120_000, polling=200)
        again = Counter(path for path, status, _ in server.sent if status == 200)
        assert [p for p, n in again.items() if n > 1] == [], server.sent[len(sent):]
    finally:
        context.close()


def test_manifest_and_icons_load(page: Any, server: Any, site: Path, wait_engine: Any) -> None:
    """Issue 10, installable: a web app manifest with the fields Chromium needs, SVG, 192 and 512 px
    icons (maskable too), a real favicon."""
    page.goto(server.url)
    href = page.get_attribute("link[rel=manifest]", "href")
    manifest = page.evaluate("async (href) => (await fetch(href)).json()", href)
    for key in ("name", "short_name", "start_url", "display", "theme_color", "background_color", "icons"):
        assert manifest.get(key), f"the manifest lacks {key}"
    assert manifest["display"] == "standalone"
    sizes = {(i["sizes"], i["purpose"]) for i in manifest["icons"]}
    assert {("192x192", "maskable"), ("512x512", "maskable"), ("192x192", "any"), ("512x512", "any")} <= sizes
    loaded = page.evaluate(
        """async ([icons, href]) => Promise.all(icons.map((icon) => new Promise((resolve) => {
             const img = new Image();
             img.onload = () => resolve([icon.src, icon.sizes, img.naturalWidth, img.naturalHeight]);
             img.onerror = () => resolve([icon.src, icon.sizes, 0, 0]);
             img.src = new URL(icon.src, new URL(href, location.href)).href;
           })))""",
        [manifest["icons"], href],
    )
    for src, size, width, height in loaded:
        assert width > 0, f"{src} did not load"
        if size != "any":
            assert f"{width}x{height}" == size, src
    favicon = page.get_attribute("link[rel=icon]", "href")
    assert favicon and not favicon.startswith("data:")
    assert page.evaluate("async (href) => (await fetch(href)).ok", favicon)
    wait_engine(page)


def test_tab_title_says_whose_turn_it_is(page: Any, server: Any, wait_engine: Any) -> None:
    """Issue 10: "Your turn · TransAmerica · Railtable", for a person looking at another tab."""
    page.goto(server.url)
    wait_engine(page)
    assert page.title() == "Railtable"
    start_game(page, server, wait_engine, "transamerica", [("Ann", "human"), ("Ada", "easy")], seed=5)
    page.wait_for_function("document.title === 'Your turn · TransAmerica · Railtable'")
    page.locator(".junction-hit").first.click()  # Ann's start marker: then Ada (a bot) plays
    page.wait_for_function("document.title.startsWith('Ada is playing') || document.title.startsWith('Your turn')")
    page.click("[data-cmd=menu]")
    page.wait_for_function("document.title === 'Railtable'")


def test_chromium_finds_the_app_installable(browser: Any, server: Any, page_problems: Any, wait_engine: Any,
                                            tmp_path: Path) -> None:
    """Issue 10: Chromium's own installability check passes (manifest, icons, a service worker that
    controls the page and answers offline). A persistent profile: an incognito one never installs."""
    from browser import launch_options

    server.start()
    context = browser.browser_type.launch_persistent_context(str(tmp_path / "profile"), bypass_csp=True, **launch_options())
    page_problems.attach_context(context)
    try:
        page = context.new_page()
        page_problems.attach_page(page)
        page.goto(server.url)
        wait_engine(page)
        page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=60_000)
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getAppManifest").get("errors") == []
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()
