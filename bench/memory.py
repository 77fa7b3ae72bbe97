"""Memory over many bot-only games in one page, and over resuming long saves (issue 15: nothing kept
from a closed table; resume a long game without blocking the page).

On a private build of the site in headless Chromium, one page:

1. plays ``--count`` whole bot-only games one after the other (instant pace, the lobby between
   games), and after each, once garbage is collected, prints the memory below;
2. stores one long seeded bot game of each system (``--resume-games``; made on this CPython, as
   ``bench/bench_resume.py`` makes them: a ~950-action 4-player Trains game, 4-player TransAmerica and
   Trains & Stations games), reloads, and resumes each ``--resumes`` times from the lobby (back to the
   lobby between), printing the time from the Resume click to the table drawn and answered, the
   main thread's long tasks meanwhile, and the memory; then ``Match.from_save`` of each save timed in
   the worker's Pyodide.

Memory, each after a garbage collection:

* page JS heap: the main thread's V8 heap in use (CDP ``Runtime.getHeapUsage`` on the page), and its
  DOM nodes (CDP ``Performance.getMetrics``);
* worker JS heap: the engine worker's V8 heap in use (the same CDP call on the worker's target,
  reached through a browser CDP session: Playwright gives no CDP session for workers). Pyodide's
  WebAssembly memory is not in it (it is an ArrayBuffer's backing store);
* Wasm memory: the size of Pyodide's WebAssembly memory (``HEAP8.length``). It only ever grows (Wasm
  memory cannot shrink), so it is a high-water mark;
* Python objects: the objects CPython's collector tracks in the worker (``len(gc.get_objects())``)
  after ``gc.collect()``: the number that grows if closed tables were kept;
* handlers / listeners: the Python handlers the page's listeners call (``dom.HANDLERS``) and the
  page's live listeners (``window.railtable.listeners()``).

``performance.measureUserAgentSpecificMemory()`` would give all of it in one number but needs
cross-origin isolation (COOP/COEP headers), which GitHub Pages cannot send; hence CDP.

Measured (2026-11-23, load average ~30 on the shared 2 cores, ``--count 2 --resumes 1``): after boot
page heap 1.34 MB, 437 nodes, worker heap 7.69 MB, Wasm 30.0 MB, 23,484 Python objects, 15 handlers
and listeners; after game 1 / 2 (TransAmerica, 449 / 402 moves): page heap 2.62 / 2.67 MB (3,264 /
3,334 nodes: the hidden end window keeps its round boards until the next one), worker heap 7.81 /
7.83 MB, Wasm 30.0 MB, 26,506 / 26,506 Python objects, 15 handlers and listeners: flat. Resume from
the lobby: Trains 896 actions 3.5 s (longest main-thread task 141 ms), TransAmerica 427 actions 1.8 s
(338 ms), Trains & Stations 262 actions 0.75 s (105 ms); ``Match.from_save`` in the worker 441 /
134 / 83 ms (median of 5). The long tasks are over issue 15's 100 ms at that load: re-measure idle.

Measured again (2026-11-25, load average 8-10 on the 2 cores: a soak, a ladder and other helpers'
work beside it; ``--count 10 --games transamerica,trains,stations --players 3 --resumes 3``), ten
bot-only games of the three systems in turn, 127-831 moves each, in one page: page JS heap 2.50 to
2.85 MB, worker JS heap 7.82 to 7.88 MB, Wasm 30.0 MB throughout, Python objects 28,425 after the
first game, then 29,816 / 30,233 (each system's modules and tables built once) and 30,233-30,244 for
games 3 to 10, handlers and listeners 15 throughout: flat. Resume from the lobby, three times each
(first / then): Trains 896 actions 1,075 / 349-376 ms (the first: 2 main-thread tasks of 108 ms,
the Trains table and its style sheets drawn for the first time in the page; then 52 ms and none),
TransAmerica 427 actions 428 / 319-430 ms (longest task 100 ms, then 53 and none), Trains &
Stations 262 actions 234 / 152-240 ms (50 ms, then none). ``Match.from_save`` in the worker's
Pyodide (median of 5): Trains 123 ms, TransAmerica 58 ms, Trains & Stations 14 ms (undo now keeps one
checkpoint per 32 actions: 441 / 134 / 83 ms before, at load 30).

Measured again (2026-11-25, background jobs paused, ``--count 1 --resumes 3``): resume from the lobby
(first / then): Trains 896 actions 352 / 234-286 ms, longest main-thread task 55 / 66 ms and none;
TransAmerica 427 actions 162-177 ms, Trains & Stations 262 actions 128-188 ms, no long task: none over
100 ms. ``Match.from_save`` in the worker's Pyodide: Trains 59 ms, TransAmerica 26 ms, Stations 14 ms.
Run: ``python3 bench/memory.py [--count 10] [--games transamerica] [--players 2] [--seed 1]
[--resume-games trains,transamerica,stations] [--resumes 3] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sitecopy import served_site  # noqa: E402, I001  (sitecopy puts tools/ on sys.path)
from browser import back_to_lobby, chromium, open_page, play_to_end, start_bot_game, wait_engine  # noqa: E402, I001

PYODIDE_MEMORY = """
import gc, pyodide_js
from railtable_web import dom
gc.collect()
[pyodide_js._module.HEAP8.length, len(gc.get_objects()), len(dom.HANDLERS)]
"""

LONG_TASKS_JS = """(() => {
  window.__long = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
})();"""

FROM_SAVE_PY = """
import json, time
from railtable.core import Match
from railtable_web.app import APP
out = {}
for entry in APP.store.entries():
    if entry.save is None or not entry.slot.startswith("long-"):
        continue
    text = json.dumps(entry.save)
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        Match.from_save(text)
        times.append((time.perf_counter() - start) * 1000)
    out[entry.slot] = [len(entry.save["actions"]), sorted(times)[len(times) // 2], min(times)]
json.dumps(out)
"""


class WorkerHeap:
    """CDP on the page's engine worker, through a browser session (old, non-flattened target
    messages: Playwright's CDPSession cannot address a child session)."""

    def __init__(self, browser: Any, page: Any) -> None:
        self.cdp = browser.new_browser_cdp_session()
        self.replies: dict[int, dict[str, Any]] = {}
        self.next_id = 0
        self.page = page
        self.cdp.on("Target.receivedMessageFromTarget", self._received)
        targets = self.cdp.send("Target.getTargets")["targetInfos"]
        worker = [t for t in targets if t["type"] == "worker" and t["url"].endswith("/worker.js")]
        if len(worker) != 1:
            raise RuntimeError(f"expected one engine worker, found {[t['url'] for t in targets]}")
        self.session = self.cdp.send("Target.attachToTarget", {"targetId": worker[0]["targetId"],
                                                               "flatten": False})["sessionId"]

    def _received(self, event: dict[str, Any]) -> None:
        message = json.loads(event["message"])
        if "id" in message:
            self.replies[message["id"]] = message

    def send(self, method: str, timeout_s: float = 60.0) -> dict[str, Any]:
        self.next_id += 1
        ident = self.next_id
        self.cdp.send("Target.sendMessageToTarget", {"sessionId": self.session,
                                                     "message": json.dumps({"id": ident, "method": method})})
        t0 = time.perf_counter()
        while ident not in self.replies:
            if time.perf_counter() - t0 > timeout_s:
                raise TimeoutError(f"the worker did not answer {method}")
            self.page.wait_for_timeout(20)  # lets Playwright deliver the event
        reply = self.replies.pop(ident)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return dict(reply.get("result", {}))

    def used_mb(self) -> float:
        self.send("HeapProfiler.collectGarbage")
        return self.send("Runtime.getHeapUsage")["usedSize"] / 2**20


def measure(page: Any, cdp: Any, worker: WorkerHeap) -> dict[str, Any]:
    wasm, objects, handlers = page.evaluate("(code) => window.railtable.run(code)", PYODIDE_MEMORY)
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")
    nodes = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}.get("Nodes", 0)
    return {"page_heap_mb": round(heap["usedSize"] / 2**20, 2), "dom_nodes": int(nodes),
            "worker_heap_mb": round(worker.used_mb(), 2), "wasm_mb": round(wasm / 2**20, 1),
            "python_objects": objects, "handlers": handlers,
            "listeners": page.evaluate("() => window.railtable.listeners()")}


def memory_text(r: dict[str, Any]) -> str:
    return (f"page heap {r['page_heap_mb']:6.2f} MB, {r['dom_nodes']:5} nodes; worker heap {r['worker_heap_mb']:6.2f} MB; "
            f"Wasm {r['wasm_mb']:6.1f} MB; Python objects {r['python_objects']:7}; handlers {r['handlers']:3}; "
            f"listeners {r['listeners']:3}")


def long_saves(games: list[str]) -> dict[str, dict[str, Any]]:
    """One long seeded bot game of each of ``games`` (bench/bench_resume.py's) but its last three
    moves, its seats people's, as lobby records."""
    from bench_resume import long_trains_save, save_of

    out = {}
    for game in games:
        save = long_trains_save() if game == "trains" else save_of(game, 4, 5)
        # the last moves left to play, by people: the table opens mid-game and nothing moves on
        save = dict(save, actions=save["actions"][:-3], seats=[None] * len(save["config"]["players"]))
        title = f"long {game} ({len(save['actions'])} actions)"
        out[f"railtable.save.long-{game}"] = {"title": title, "updated": 1.7e12, "save": save}
    return out


def resume_one(page: Any, slot: str) -> dict[str, Any]:
    """Resume ``slot`` from the lobby: ms from the click to the table drawn and every event answered,
    and the main thread's long tasks meanwhile."""
    started = page.evaluate("() => performance.now()")
    page.click(f"#save-list [data-resume='{slot}']")
    page.wait_for_selector("#table:not([hidden])")
    page.evaluate("() => window.railtable.settled()")
    ended = page.evaluate("() => performance.now()")
    tasks = [d for s, d in page.evaluate("() => window.__long") if started <= s <= ended]
    return {"resume_ms": round(ended - started), "long_tasks": len(tasks),
            "longest_task_ms": round(max(tasks, default=0)), "tasks_over_100_ms": sum(d > 100 for d in tasks)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--games", default="transamerica", help="comma-separated, used in turn")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--resume-games", default="trains,transamerica,stations", help="'' to skip resuming")
    parser.add_argument("--resumes", type=int, default=3)
    parser.add_argument("--from-save-runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    say = (lambda *a, **k: None) if args.json else print
    rows: list[dict[str, Any]] = []
    games = args.games.split(",")
    resume_games = [g for g in args.resume_games.split(",") if g]
    records = long_saves(resume_games) if resume_games else {}
    with served_site() as server, chromium() as browser:
        errors: list[str] = []
        page = open_page(browser, server.url, errors=errors, init_script=LONG_TASKS_JS)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")
        worker = WorkerHeap(browser, page)
        rows.append({"what": "lobby", **measure(page, cdp, worker)})
        say(f"   lobby after boot{'':27} {memory_text(rows[-1])}", flush=True)
        for i in range(args.count):
            game = games[i % len(games)]
            start_bot_game(page, game, args.players, "easy", args.seed + i)
            seconds = play_to_end(page)
            moves = int(page.evaluate("() => document.documentElement.dataset.moves"))
            back_to_lobby(page)
            rows.append({"what": "game", "game": game, "moves": moves, "seconds": round(seconds, 1),
                         **measure(page, cdp, worker)})
            say(f"{i + 1:2} {game:13} {moves:4} moves {seconds:6.1f} s   {memory_text(rows[-1])}", flush=True)
        if records:
            page.evaluate("(r) => { for (const [k, v] of Object.entries(r)) localStorage.setItem(k, JSON.stringify(v)); }",
                          records)
            page.reload()
            wait_engine(page)
            worker = WorkerHeap(browser, page)  # a new worker after the reload
            rows.append({"what": "lobby with long saves", **measure(page, cdp, worker)})
            say(f"   lobby, long saves stored{'':19} {memory_text(rows[-1])}", flush=True)
            for _ in range(args.resumes):
                for key, record in records.items():
                    slot = key.removeprefix("railtable.save.")
                    timing = resume_one(page, slot)
                    back_to_lobby(page)
                    rows.append({"what": "resume", "game": record["save"]["game"],
                                 "actions": len(record["save"]["actions"]), **timing, **measure(page, cdp, worker)})
                    r = rows[-1]
                    say(f"   resume {r['game']:13} {r['actions']:4} actions: {r['resume_ms']:5} ms, "
                        f"longest main-thread task {r['longest_task_ms']:4} ms ({r['tasks_over_100_ms']} over 100 ms)   "
                        f"{memory_text(r)}", flush=True)
            code = f"RUNS = {args.from_save_runs}\n" + FROM_SAVE_PY
            for slot, (actions, median, best) in json.loads(page.evaluate("(c) => window.railtable.run(c)", code)).items():
                rows.append({"what": "from_save in the worker", "slot": slot, "actions": actions,
                             "median_ms": round(median, 1), "best_ms": round(best, 1)})
                say(f"   Match.from_save in the worker's Pyodide, {slot:18} {actions:4} actions: median "
                    f"{median:6.1f} ms, best {best:6.1f} ms", flush=True)
        if errors:
            raise RuntimeError(f"page errors: {errors}")
    if args.json:
        print(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
