"""Boot benchmarks in headless Chromium (issue 2, section 5; targets: app boot within 300 ms of the
bare Pyodide boot, lobby painted within 0.5 s of navigation).

For the app (index.html, PyScript + our Pyodide copy), a minimal PyScript page (the app's
pyscript.json, a one-line program: PyScript's own cost) and a bare Pyodide page (loadPyodide from
the same vendor copy, one line of Python), in the same run, interleaved:
- boot to interactive: navigation start -> ``html[data-engine="ready"]``;
- cold: a new browser profile (fresh user-data folder: empty HTTP cache, code cache, storage);
- warm: a second load in the same profile (for the app, once its service worker has precached);
- lobby painted: navigation start -> first contentful paint, and -> ``#lobby`` visible (app only).
Medians of ``--runs`` (default 3). The site is a private fresh build (dist/ is untouched).

Run: ``python3 bench/boot.py [--runs N] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sitecopy import BARE_PAGE, PYSCRIPT_PAGE, served_site  # noqa: E402, I001  (sitecopy puts tools/ on sys.path)
from browser import launch_options  # noqa: E402, I001  (tools/browser.py)

# Runs before any page script: notes when the engine is ready and when #lobby is first visible.
PROBE_JS = """(() => {
  const marks = (window.__bootMarks = {});
  new MutationObserver(() => {
    const root = document.documentElement;
    if (root && root.dataset.engine === "ready" && marks.ready === undefined) marks.ready = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-engine"] });
  const lobby = () => {
    const el = document.getElementById("lobby");
    if (el && el.getBoundingClientRect().height > 0 && !el.hidden) marks.lobby = performance.now();
    else requestAnimationFrame(lobby);
  };
  document.addEventListener("DOMContentLoaded", () => requestAnimationFrame(lobby));
})();"""

READ_MARKS_JS = """() => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  return { ...window.__bootMarks, fcp: paint ? paint.startTime : null };
}"""

SW_READY_JS = """() => Promise.race([
  navigator.serviceWorker.ready.then(() => true),
  new Promise((resolve) => setTimeout(() => resolve(false), 30000)),
])"""


def load(context: Any, url: str, timeout_ms: int = 120_000) -> dict[str, float | None]:
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.__bootMarks && window.__bootMarks.ready !== undefined",
                           timeout=timeout_ms, polling=50)
    marks = page.evaluate(READ_MARKS_JS)
    if errors:
        raise RuntimeError(f"{url}: page errors: {errors}")
    marks["page"] = page
    return marks


def measure(playwright: Any, url: str, service_worker: bool) -> dict[str, float | None]:
    """One cold load then one warm load, in a new profile."""
    with tempfile.TemporaryDirectory(prefix="railtable-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(profile, **launch_options())
        try:
            context.add_init_script(PROBE_JS)
            cold = load(context, url)
            if service_worker:
                cold["page"].evaluate(SW_READY_JS)
            cold.pop("page").close()
            time.sleep(0.3)
            warm = load(context, url)
            warm.pop("page").close()
        finally:
            context.close()
    return {
        "cold": cold["ready"], "warm": warm["ready"],
        "cold_fcp": cold.get("fcp"), "warm_fcp": warm.get("fcp"),
        "cold_lobby": cold.get("lobby"), "warm_lobby": warm.get("lobby"),
    }


def median(values: list[float | None]) -> float | None:
    real = [v for v in values if v is not None]
    return round(statistics.median(real), 1) if real else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print JSON only")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    samples: dict[str, list[dict[str, float | None]]] = {"app": [], "pyscript": [], "bare": []}
    with served_site() as server, sync_playwright() as pw:
        pages = {
            "app": (server.url, True),
            "pyscript": (server.url + PYSCRIPT_PAGE, False),
            "bare": (server.url + BARE_PAGE, False),
        }
        for _ in range(args.runs):
            for name, (url, sw) in pages.items():
                samples[name].append(measure(pw, url, sw))

    keys = ["cold", "warm", "cold_fcp", "warm_fcp", "cold_lobby", "warm_lobby"]
    result: dict[str, Any] = {
        name: {k: median([s[k] for s in runs]) for k in keys} for name, runs in samples.items()
    }
    result["runs"] = args.runs
    for k in ("cold", "warm"):
        app, bare = result["app"][k], result["bare"][k]
        result[f"app_minus_bare_{k}"] = round(app - bare, 1) if app is not None and bare is not None else None
    result["samples"] = samples
    if args.json:
        print(json.dumps(result, indent=1))
        return 0

    def ms(v: float | None) -> str:
        return f"{v:7.0f} ms" if v is not None else "      n/a"

    print(f"Boot to interactive (navigation -> engine ready), headless Chromium, medians of {args.runs}")
    print(f"{'':28}{'cold':>10}{'warm':>12}")
    print(f"{'app (PyScript + Pyodide)':28}{ms(result['app']['cold'])}  {ms(result['app']['warm'])}")
    print(f"{'minimal PyScript page':28}{ms(result['pyscript']['cold'])}  {ms(result['pyscript']['warm'])}")
    print(f"{'bare loadPyodide page':28}{ms(result['bare']['cold'])}  {ms(result['bare']['warm'])}")
    print(f"{'app - bare (target <= 300)':28}{ms(result['app_minus_bare_cold'])}  {ms(result['app_minus_bare_warm'])}")
    print("Lobby painted (target <= 500 ms)")
    print(f"{'app first contentful paint':28}{ms(result['app']['cold_fcp'])}  {ms(result['app']['warm_fcp'])}")
    print(f"{'app #lobby visible':28}{ms(result['app']['cold_lobby'])}  {ms(result['app']['warm_lobby'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
