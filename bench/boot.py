"""Boot benchmarks in headless Chromium (issue 10: boot to Start enabled within 300 ms of the bare
Pyodide page, cold and warm; no main-thread task over 50 ms from navigation to Start enabled; a
first visit downloads at most 1.1 times the site's size).

Side by side in one run, interleaved: the app (index.html: Pyodide in a Web Worker), a bare
Pyodide page (``loadPyodide`` from the same vendor copy on the main thread, one line of Python) and
the same bare boot in a module worker (what moving off the main thread costs by itself).
- boot: navigation start -> ``html[data-engine="ready"]`` (the app sets it as it enables Start);
- cold: a new browser profile (empty HTTP cache, code cache, storage, no service worker);
- warm: a new tab in the same profile (for the app, once its service worker holds the release);
- long tasks: main-thread tasks of 50 ms or more (Long Tasks API) before the engine is ready;
- first visit: bytes the server sent during the app's cold load (up to the offline copy complete)
  against the site's size, and files sent more than once;
- lobby painted: navigation start -> first contentful paint;
- CPU: the CPU time the whole browser (every process and thread) spent from navigation to ready
  (``bench/cpu.py``): much steadier than wall time on a machine shared with other jobs;
- the app's boot in parts, from the worker's marks: wasm fetched and compiled, the rest of
  ``loadPyodide`` (Python starting, standard library), writing python.zip, imports, the app's start();
- the worker's import step (python.zip on sys.path -> page modules imported), cold (from the bytecode
  python.zip carries) and warm (restored from the memory snapshot the first load kept: the warm tab
  opens once it is kept).
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
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sitecopy import BARE_PAGE, BARE_WORKER_PAGE, add_release, served_site  # noqa: E402, I001  (sitecopy puts tools/ on sys.path)
from browser import launch_options  # noqa: E402, I001  (tools/browser.py)
import cpu  # noqa: E402

# Runs before any page script: when the engine is ready, and every long task.
PROBE_JS = """(() => {
  const marks = (window.__bootMarks = { long: [] });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) marks.long.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: "longtask", buffered: true });
  } catch (error) { marks.long = null; }
  new MutationObserver(() => {
    const root = document.documentElement;
    if (root && root.dataset.engine === "ready" && marks.ready === undefined) marks.ready = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-engine"] });
})();"""

READ_MARKS_JS = """() => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const hello = performance.getEntriesByName("railtable-hello")[0];
  const steps = window.railtableBoot ? { ...window.railtableBoot } : null;
  if (steps && hello) steps.hello = Math.round(hello.startTime);
  const made = performance.getEntriesByName("railtable-worker")[0];
  if (steps && made) steps.worker = Math.round(made.startTime);
  if (steps && window.__bootMarks.ready !== undefined) steps.ready = Math.round(window.__bootMarks.ready);
  return { ...window.__bootMarks, fcp: paint ? paint.startTime : null, steps };
}"""


def load(context: Any, url: str, timeout_ms: int = 180_000, pid: int | None = None) -> dict[str, Any]:
    page = context.new_page()
    before = cpu.snapshot(pid) if pid else {}
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.__bootMarks && window.__bootMarks.ready !== undefined",
                           timeout=timeout_ms, polling=50)
    used = cpu.spent(before, cpu.snapshot(pid)) if pid else {}
    page.wait_for_timeout(100)  # a long task is reported when it ends
    marks = page.evaluate(READ_MARKS_JS)
    if errors:
        raise RuntimeError(f"{url}: page errors: {errors}")
    marks["page"] = page
    marks["cpu"] = used
    return marks


def longest_before_ready(marks: dict[str, Any]) -> float | None:
    if marks.get("long") is None:
        return None
    before = [d for start, d in marks["long"] if start < marks["ready"]]
    return float(max(before, default=0))


def worst_long_task(marks: dict[str, Any]) -> list[Any] | None:
    """The longest main-thread task before ready: [start ms, duration ms, the boot step it follows]
    (the step marks are the worker's and page's, on the page's clock), or None."""
    before = [(d, start) for start, d in (marks.get("long") or []) if start < marks["ready"]]
    if not before:
        return None
    duration, start = max(before)
    steps = sorted((at, name) for name, at in (marks.get("steps") or {}).items() if isinstance(at, (int, float)))
    after = [name for at, name in steps if at <= start]
    return [start, duration, after[-1] if after else "navigation"]


def measure(playwright: Any, server: Any, url: str, app: bool) -> dict[str, Any]:
    """One cold load then one warm load (a new tab), in a new profile."""
    with tempfile.TemporaryDirectory(prefix="railtable-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(profile, bypass_csp=True, **launch_options())
        try:
            context.add_init_script(PROBE_JS)
            server.sent.clear()
            pid = cpu.browser_pid(profile)
            cold = load(context, url, pid=pid)
            sent: list[tuple[str, int, int]] = []
            if app:
                cold["page"].wait_for_function("document.documentElement.dataset.offline === 'ready'",
                                               timeout=120_000, polling=100)
                sent = list(server.sent)
                # the worker keeps its memory snapshot for the next boot, 4 s after this one
                cold["page"].wait_for_function("document.documentElement.dataset.snapshot === 'kept'",
                                               timeout=120_000, polling=100)
            cold.pop("page").close()
            time.sleep(0.3)
            warm = load(context, url, pid=pid)
            warm.pop("page").close()
        finally:
            context.close()
    counts = Counter(path for path, status, _ in sent if status == 200)
    return {
        "cold": cold["ready"], "warm": warm["ready"],
        "cold_fcp": cold.get("fcp"), "warm_fcp": warm.get("fcp"),
        "cold_long": longest_before_ready(cold), "warm_long": longest_before_ready(warm),
        "cold_long_at": worst_long_task(cold), "warm_long_at": worst_long_task(warm),
        "first_visit_bytes": sum(size for _, _, size in sent) if app else None,
        "twice": sorted(path for path, n in counts.items() if n > 1) if app else None,
        "cold_steps": cold.get("steps"), "warm_steps": warm.get("steps"),
        "cold_import": _imports(cold.get("steps")), "warm_import": _imports(warm.get("steps")),
        "warm_snapshot": bool(warm.get("steps") and "snapshot" in warm["steps"]) if app else None,
        "cold_parts": parts(cold.get("steps")), "warm_parts": parts(warm.get("steps")),
        "cold_cpu": cold["cpu"].get("total"), "warm_cpu": warm["cpu"].get("total"),
        "cold_cpu_kinds": cold["cpu"], "warm_cpu_kinds": warm["cpu"],
    }


# The app's boot in parts (page clock, ms): the worker's steps (web/worker.js marks), then the page's.
PARTS = (
    ("page.js creates the worker", "worker", None),
    ("worker's script running", "worker", "script"),
    ("worker started (snapshot looked for)", "start", None),
    ("loadPyodide until the wasm", "start", "wasm_start"),
    ("wasm fetched + compiled", "wasm_start", "wasm"),
    ("rest of loadPyodide", "wasm", "pyodide"),
    ("python.zip written (zipimport)", "pyodide", "unpacked"),
    ("page modules imported", "unpacked", "app_imported"),
    ("snapshot made (first boot only)", "app_imported", "snapshot_made"),
    ("snapshot + bridge connected", "app_imported", "imported"),
    ("hello -> app start() -> lobby drawn", "imported", "ready"),
)


def parts(steps: dict[str, float] | None) -> dict[str, float]:
    """Durations of the boot's parts (ms) from the worker's and page's marks."""
    out: dict[str, float] = {}
    if not steps:
        return out
    for label, a, b in PARTS:
        if b is None and a in steps:
            out[label] = steps[a]
        elif a in steps and b in steps:
            out[label] = steps[b] - steps[a]
    return out


def _imports(steps: dict[str, float] | None) -> float | None:
    """The worker's time from python.zip on sys.path to the page's modules imported (ms)."""
    return steps["imported"] - steps["unpacked"] if steps and "imported" in steps else None


def median(values: list[Any]) -> float | None:
    real = [v for v in values if v is not None]
    return round(statistics.median(real), 1) if real else None


def site_bytes(folder: Path) -> int:
    """The release's size: every file a visitor may be sent (the benchmark page excluded)."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and p.name not in (BARE_PAGE, BARE_WORKER_PAGE))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print JSON only")
    parser.add_argument("--before", metavar="REF", help="also boot the app as built at git REF (e.g. main), side by side")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    samples: dict[str, list[dict[str, Any]]] = {"app": [], "bare": [], "bare_worker": []}
    with served_site() as server, sync_playwright() as pw:
        size = site_bytes(server.directory)
        pages = {"app": (server.url, True), "bare": (server.url + BARE_PAGE, False),
                 "bare_worker": (server.url + BARE_WORKER_PAGE, False)}
        if args.before:
            add_release(server.directory, args.before, "before")
            pages["before"] = (server.url + "before/", True)
            samples["before"] = []
        for _ in range(args.runs):
            for name, (url, app) in pages.items():
                samples[name].append(measure(pw, server, url, app))

    keys = ["cold", "warm", "cold_fcp", "warm_fcp", "cold_long", "warm_long", "first_visit_bytes",
            "cold_import", "warm_import", "cold_cpu", "warm_cpu"]
    result: dict[str, Any] = {
        name: {k: median([s[k] for s in runs]) for k in keys} for name, runs in samples.items()
    }
    result["runs"] = args.runs
    result["site_bytes"] = size
    result["twice"] = sorted({p for s in samples["app"] for p in (s["twice"] or [])})
    result["worst_long_before_ready"] = max(
        (s[k] or 0 for s in samples["app"] for k in ("cold_long", "warm_long")), default=None)
    for k in ("cold", "warm"):
        app, bare = result["app"][k], result["bare"][k]
        result[f"app_minus_bare_{k}"] = round(app - bare, 1) if app is not None and bare is not None else None
    result["samples"] = samples
    if args.json:
        print(json.dumps(result, indent=1))
        return 0

    def ms(v: float | None) -> str:
        return f"{v:7.0f} ms" if v is not None else "      n/a"

    print(f"Boot to Start enabled (navigation -> engine ready), headless Chromium, medians of {args.runs}")
    print(f"{'':30}{'cold':>10}{'warm':>12}")
    print(f"{'app (Pyodide in a worker)':30}{ms(result['app']['cold'])}  {ms(result['app']['warm'])}")
    print(f"{'bare loadPyodide page':30}{ms(result['bare']['cold'])}  {ms(result['bare']['warm'])}")
    print(f"{'app - bare (target <= 300)':30}{ms(result['app_minus_bare_cold'])}  {ms(result['app_minus_bare_warm'])}")
    print(f"{'bare Pyodide in a worker':30}{ms(result['bare_worker']['cold'])}  {ms(result['bare_worker']['warm'])}")
    if args.before:
        print(f"{'app at ' + args.before:30}{ms(result['before']['cold'])}  {ms(result['before']['warm'])}")
    print("Browser CPU time, navigation -> Start enabled (all its processes; steadier than wall time under load)")
    print(f"{'app':30}{ms(result['app']['cold_cpu'])}  {ms(result['app']['warm_cpu'])}")
    print(f"{'bare loadPyodide page':30}{ms(result['bare']['cold_cpu'])}  {ms(result['bare']['warm_cpu'])}")
    print(f"{'bare Pyodide in a worker':30}{ms(result['bare_worker']['cold_cpu'])}  {ms(result['bare_worker']['warm_cpu'])}")
    if args.before:
        print(f"{'app at ' + args.before:30}{ms(result['before']['cold_cpu'])}  {ms(result['before']['warm_cpu'])}")
    print("Longest main-thread task before Start is enabled (target < 50 ms; 0 = no long task)")
    print(f"{'app (median)':30}{ms(result['app']['cold_long'])}  {ms(result['app']['warm_long'])}")
    print(f"{'app (worst of all runs)':30}{ms(result['worst_long_before_ready'])}")
    where = [(s[k][1], s[k][0], s[k][2], k[:4]) for s in samples["app"] for k in ("cold_long_at", "warm_long_at") if s[k]]
    for duration, start, step, kind in sorted(where, reverse=True)[:3]:
        print(f"{'':32}{duration:.0f} ms at {start:.0f} ms ({kind}), after the step '{step}'")
    print(f"{'bare page (median)':30}{ms(result['bare']['cold_long'])}  {ms(result['bare']['warm_long'])}")
    visit = result["app"]["first_visit_bytes"]
    ratio = f"{visit / size:.3f}x" if visit else "n/a"
    print(f"First visit: {visit / 1e6 if visit else 0:.2f} MB sent for a {size / 1e6:.2f} MB site "
          f"({ratio}; target <= 1.1x); sent twice: {', '.join(result['twice']) or 'none'}")
    used = sum(bool(s["warm_snapshot"]) for s in samples["app"])
    print(f"Worker, python.zip on sys.path -> page modules imported: {ms(result['app']['cold_import'])} cold, "
          f"{ms(result['app']['warm_import'])} warm (restored from the snapshot in {used} of {args.runs} warm loads)")
    print("The app's boot in parts (medians, ms; worker marks on the page's clock)")
    for label, _, _ in PARTS:
        row = [median([s[f"{k}_parts"].get(label) for s in samples["app"]]) for k in ("cold", "warm")]
        print(f"  {label:36}{ms(row[0])}  {ms(row[1])}")
    print(f"Lobby first contentful paint: {ms(result['app']['cold_fcp'])} cold, {ms(result['app']['warm_fcp'])} warm")
    return 0


if __name__ == "__main__":
    sys.exit(main())
