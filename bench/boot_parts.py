"""Where a warm boot's time goes (issue 10: "find the warm gap and say what it was").

The app differs from the bare Pyodide page of ``bench/boot.py`` in two ways besides its own
Python: Pyodide runs in a module Web Worker, and a service worker serves the files. This
benchmark boots bare Pyodide (``loadPyodide`` and one line of Python) in a module worker (as the
app does) under several service-worker strategies, each in a new profile: one cold load then
``--warm`` warm loads (new tabs), the variants interleaved, and prints medians. Variants:

- ``main``: on the page's main thread, no service worker (``boot.py``'s bare page);
- ``worker``: in a module worker, no service worker (files from the network / HTTP cache);
- ``sw-cache``: under a cache-first service worker (every file from Cache Storage once kept: the
  strategy of Railtable's sw.js before this benchmark);
- ``sw-net``: the same worker, but the runtime (``vendor/pyodide-<hash>/*``) goes to the network
  first (``fetch(event.request)`` handed back untouched, so through the HTTP cache, revalidated)
  and Cache Storage only when the network fails;
- ``sw-http``: the same, but the HTTP cache's copy without revalidation (``cache: "force-cache"``);
- ``sw.js``: Railtable's own service worker (the runtime as ``sw-http``, the rest cache-first);
- ``sw-match``: cache-first, but the engine worker itself takes the wasm from Cache Storage
  (``caches.match``) and gives that response to ``WebAssembly.instantiateStreaming``.

In each load the engine worker records, on the page's clock (ms from navigation): ``wasm`` the
time spent in ``instantiateStreaming`` (fetch + compile, or a code-cache hit), ``wasm_end``
when it finished, ``pyodide`` when ``loadPyodide`` resolved, and ``ready`` when the line of
Python ran.

Run: ``python3 bench/boot_parts.py [--runs 3] [--warm 2] [--variants a,b] [--json]``.
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

from sitecopy import runtime_dir, served_site  # noqa: E402, I001
from browser import launch_options  # noqa: E402, I001
import cpu  # noqa: E402

# The engine worker: times instantiateStreaming and loadPyodide; "match" feeds the wasm from Cache Storage.
WORKER_JS = """import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
const marks = { start: performance.now() };
const streaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async (source, imports) => {
  const t = performance.now();
  if (new URL(self.location.href).searchParams.get("match") === "1") {
    const url = (await source).url;
    const hit = await caches.match(url);
    if (hit) { marks.matched = 1; source = hit; }
  }
  const result = await streaming(source, imports);
  marks.wasm = performance.now() - t;
  marks.wasm_end = performance.now();
  return result;
};
const pyodide = await loadPyodide({ indexURL: new URL("./vendor/pyodide/", import.meta.url).href });
marks.pyodide = performance.now();
pyodide.runPython("sum(range(10))");
marks.ready = performance.now();
for (const e of performance.getEntriesByType("resource")) {
  const name = e.name.split("/").pop().split("?")[0].replace(/[.]/g, "_");
  marks["got_" + name] = e.responseEnd;
}
postMessage({ marks, origin: performance.timeOrigin });
"""

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>boot part</title>
<link rel="icon" href="data:,"></head><body><p>{name}</p>
<script type="module">
import {{ loadPyodide }} from "./vendor/pyodide/pyodide.mjs";
const done = (marks) => {{ window.__marks = marks; document.documentElement.dataset.engine = "ready"; }};
async function boot() {{
  if ({worker}) {{
    const w = new Worker("./bench-parts-worker.js?match={match}", {{ type: "module" }});
    w.onmessage = (event) => {{
      const shift = event.data.origin - performance.timeOrigin;
      const m = {{}};
      for (const [k, v] of Object.entries(event.data.marks)) m[k] = k === "wasm" || k === "matched" ? v : v + shift;
      done(m);
    }};
  }} else {{
    const t = performance.now();
    const pyodide = await loadPyodide({{ indexURL: new URL("./vendor/pyodide/", location.href).href }});
    const p = performance.now();
    pyodide.runPython("sum(range(10))");
    done({{ start: t, pyodide: p, ready: performance.now() }});
  }}
}}
if ({sw}) {{
  const sw = navigator.serviceWorker;
  if (sw.controller) boot();
  else {{
    sw.addEventListener("controllerchange", boot, {{ once: true }});
    sw.register("./{sw_script}");
  }}
}} else boot();
</script></body></html>
"""

# A cache-first service worker: sw.js as it was before the runtime went network-first.
CACHE_FIRST = """
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET" || !event.request.url.includes("/vendor/pyodide/")) return;
  event.respondWith((async () => {
    const cache = await caches.open("parts");
    const hit = await cache.match(event.request, { ignoreSearch: true });
    if (hit) return hit;
    const response = await fetch(event.request);
    if (response.status === 200) event.waitUntil(cache.put(event.request, response.clone()));
    return response;
  })());
});
"""

# The runtime from the network first (the answer handed back untouched), Cache Storage offline.
NET_FIRST = """
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET" || !event.request.url.includes("/vendor/pyodide/")) return;
  event.respondWith((async () => {
    const cache = await caches.open("parts");
    try {
      const response = await fetch(event.request%s);
      if (!response.ok) throw new Error("HTTP " + response.status);
      if (response.status === 200 && !(await cache.match(event.request))) event.waitUntil(cache.put(event.request, response.clone()));
      return response;
    } catch (error) {
      const hit = await cache.match(event.request, { ignoreSearch: true });
      if (hit) return hit;
      throw error;
    }
  })());
});
"""

# (page in a worker?, service worker script or None, worker takes the wasm from caches.match?)
VARIANTS: dict[str, tuple[bool, str | None, bool]] = {
    "main": (False, None, False),
    "worker": (True, None, False),
    "sw-cache": (True, "bench-parts-sw-cache.js", False),
    "sw-net": (True, "bench-parts-sw-net.js", False),
    "sw-http": (True, "bench-parts-sw-http.js", False),
    "sw.js": (True, "sw.js", False),
    "sw-match": (True, "bench-parts-sw-cache.js", True),
}


def page_name(variant: str) -> str:
    return "bench-parts-" + variant + ".html"


def write_pages(site: Path) -> None:
    runtime = runtime_dir(site)
    files = {
        "bench-parts-worker.js": WORKER_JS,
        "bench-parts-sw-cache.js": CACHE_FIRST,
        "bench-parts-sw-net.js": NET_FIRST % "",
        "bench-parts-sw-http.js": NET_FIRST % ', { cache: "force-cache" }',
    }
    for name, (worker, sw, match) in VARIANTS.items():
        files[page_name(name)] = PAGE.format(
            name=name, worker=str(worker).lower(), sw=str(sw is not None).lower(), sw_script=sw or "",
            match=int(match))
    for name, text in files.items():
        (site / name).write_text(text.replace("vendor/pyodide/", runtime))


def load(context: Any, url: str, pid: int | None) -> dict[str, float]:
    page = context.new_page()
    before = cpu.snapshot(pid) if pid else {}
    page.goto(url, wait_until="commit")
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=300_000, polling=50)
    after = cpu.snapshot(pid) if pid else {}
    marks = {k: round(float(v)) for k, v in page.evaluate("window.__marks").items()}
    marks.update({"cpu " + k: v for k, v in cpu.spent(before, after).items()})
    page.close()
    return marks


def measure(playwright: Any, url: str, warm: int, pause: float) -> list[dict[str, float]]:
    with tempfile.TemporaryDirectory(prefix="railtable-parts-") as profile:
        context = playwright.chromium.launch_persistent_context(profile, **launch_options())
        try:
            pid = cpu.browser_pid(profile)
            loads = [load(context, url, pid)]
            for _ in range(warm):
                time.sleep(pause)  # let the caches settle (the service worker's puts, V8's code cache)
                loads.append(load(context, url, pid))
        finally:
            context.close()
    return loads


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--warm", type=int, default=2, help="warm loads after the cold one")
    parser.add_argument("--pause", type=float, default=3.0, help="seconds between loads")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    names = args.variants.split(",")
    samples: dict[str, list[list[dict[str, float]]]] = {name: [] for name in names}
    with served_site() as server, sync_playwright() as pw:
        write_pages(server.directory)
        for _ in range(args.runs):
            for name in names:
                samples[name].append(measure(pw, server.url + page_name(name), args.warm, args.pause))
    labels = ["cold"] + [f"warm{i + 1}" for i in range(args.warm)]
    result: dict[str, Any] = {}
    for name, runs in samples.items():
        result[name] = {}
        for i, label in enumerate(labels):
            loads = [run[i] for run in runs]
            keys = {k for m in loads for k in m if k.startswith("cpu ") or all(k in n for n in loads)}
            result[name][label] = {k: round(statistics.median(m.get(k, 0) for m in loads)) for k in keys}
        result[name]["samples"] = runs
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    print(f"Bare Pyodide boot, medians of {args.runs} (ms from navigation; wasm = time inside "
          "instantiateStreaming: fetch + compile)")
    print(f"{'':10}" + "".join(f"{label + ' ready':>13}{'wasm':>7}" for label in labels))
    for name in names:
        row = "".join(f"{result[name][label].get('ready', 0):13}{result[name][label].get('wasm', 0):7}"
                      for label in labels)
        print(f"{name:10}{row}")
    print("Browser CPU ms, navigation -> ready (medians; steadier than wall time under load)")
    kinds = ["total"] + [label for _, label in cpu.KINDS] + ["other"]
    print(f"{'':10}{'':6}" + "".join(f"{k[:16]:>17}" for k in kinds))
    for name in names:
        for label in labels:
            row = "".join(f"{result[name][label].get('cpu ' + k, 0):17}" for k in kinds)
            print(f"{name:10}{label:6}{row}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
