"""Where a warm boot's time goes (issue 10: "find the warm gap and say what it was").

The app differs from the bare Pyodide page of ``bench/boot.py`` in two ways besides its own
Python: Pyodide runs in a module Web Worker, and a service worker serves every file from Cache
Storage. This benchmark boots bare Pyodide (``loadPyodide`` and one line of Python) in the four
combinations, each in a new profile, cold then warm (a new tab), interleaved, and prints medians:

- ``main``: on the page's main thread, files from the network and the HTTP cache (boot.py's bare page);
- ``worker``: in a module worker, same files;
- ``main+sw`` / ``worker+sw``: the same under Railtable's own service worker (sw.js), which keeps
  every file it passes on the first load and serves it from Cache Storage on the next ones.

Run: ``python3 bench/boot_parts.py [--runs 3] [--json]``.
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

from sitecopy import served_site  # noqa: E402, I001
from browser import launch_options  # noqa: E402, I001

WORKER_JS = """import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: new URL("./vendor/pyodide/", import.meta.url).href });
postMessage(pyodide.runPython("sum(range(10))"));
"""

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>boot part</title>
<link rel="icon" href="data:,"></head><body><p>{name}</p>
<script type="module">
import {{ loadPyodide }} from "./vendor/pyodide/pyodide.mjs";
const done = () => (document.documentElement.dataset.engine = "ready");
async function boot() {{
  if ({worker}) {{
    const w = new Worker("./bench-parts-worker.js", {{ type: "module" }});
    w.onmessage = done;
  }} else {{
    const pyodide = await loadPyodide({{ indexURL: new URL("./vendor/pyodide/", location.href).href }});
    pyodide.runPython("sum(range(10))");
    done();
  }}
}}
if ({sw}) {{
  const sw = navigator.serviceWorker;
  if (sw.controller) boot();
  else {{
    sw.addEventListener("controllerchange", boot, {{ once: true }});
    sw.register("./sw.js");
  }}
}} else boot();
</script></body></html>
"""

VARIANTS = {"main": (False, False), "worker": (True, False), "main+sw": (False, True), "worker+sw": (True, True)}


def page_name(variant: str) -> str:
    return "bench-parts-" + variant.replace("+", "-") + ".html"


def write_pages(site: Path) -> None:
    (site / "bench-parts-worker.js").write_text(WORKER_JS)
    for name, (worker, sw) in VARIANTS.items():
        (site / page_name(name)).write_text(PAGE.format(name=name, worker=str(worker).lower(), sw=str(sw).lower()))


def load(context: Any, url: str) -> float:
    page = context.new_page()
    page.goto(url, wait_until="commit")
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=180_000, polling=50)
    value = float(page.evaluate("performance.now()"))
    page.close()
    return value


def measure(playwright: Any, url: str) -> tuple[float, float]:
    with tempfile.TemporaryDirectory(prefix="railtable-parts-") as profile:
        context = playwright.chromium.launch_persistent_context(profile, **launch_options())
        try:
            cold = load(context, url)
            time.sleep(2.0)  # let the caches settle (the service worker's puts, V8's code cache)
            warm = load(context, url)
        finally:
            context.close()
    return cold, warm


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in VARIANTS}
    with served_site() as server, sync_playwright() as pw:
        write_pages(server.directory)
        for _ in range(args.runs):
            for name in VARIANTS:
                samples[name].append(measure(pw, server.url + page_name(name)))
    result = {name: {"cold": round(statistics.median(c for c, _ in runs)),
                     "warm": round(statistics.median(w for _, w in runs)),
                     "samples": [[round(c), round(w)] for c, w in runs]} for name, runs in samples.items()}
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    print(f"Bare Pyodide boot (navigation -> one line of Python run), medians of {args.runs}, ms")
    print(f"{'':12}{'cold':>8}{'warm':>8}   samples (cold, warm)")
    for name, r in result.items():
        print(f"{name:12}{r['cold']:8}{r['warm']:8}   {r['samples']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
