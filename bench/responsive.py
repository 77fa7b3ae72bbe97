"""The page stays responsive during whole bot-vs-bot games (issue 10: no main-thread task over 100 ms).

For each game, every seat a bot of one level (``--level``: ``easy``, the default, sends the page
the most redraws a second; ``hard`` searches longest), at the instant pace, the most players: plays
the whole game in the built site and records every main-thread task of 50 ms or more (Long Tasks
API) from the Start click to the final result. Prints, per game: moves, seconds, long tasks and the
longest one, and the CPU time the page's main thread and the engine's worker used (``bench/cpu.py``:
on a loaded machine a task's wall time is mostly waiting for a core; its CPU time is the work). A game without the level is skipped.

A game still running after ``--minutes`` (default 30) is stopped and reported as partial.

``--trace`` also records a Chromium trace of each game and prints the CPU time of the page's
main-thread tasks (issue 34): on a loaded machine a task of 10 ms of work can last 300 ms while
the thread waits for a core, so the longest task's CPU time is what a change to the page can
shrink; a quiet machine's wall times come close to it. ``--site DIR`` serves a site already built
there (a before/after comparison: build the other commit with ``tools/build.py --out DIR``).

``--helpers N`` sets how many helper workers the bots' searches use (issue 33; the setting
``helpers``), where the default is the device's own count (none at 2 cores).

Run: ``python3 bench/responsive.py [--games transamerica,trains,stations] [--level easy] [--seed 1]
[--minutes 30] [--trace] [--site DIR] [--helpers N] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sitecopy import served_site  # noqa: E402, I001  (sitecopy puts tools/ on sys.path)
from browser import chromium, open_page, start_bot_game, wait_engine  # noqa: E402, I001
import cpu  # noqa: E402
from serve import SiteServer  # noqa: E402

PLAYERS = {"transamerica": 6, "trains": 4, "stations": 5}

PROBE_JS = """(() => {
  window.__long = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]);
  }).observe({ type: "longtask", buffered: true });
})();"""


def task_cpu(trace: Path) -> list[tuple[float, float]]:
    """(CPU ms, wall ms) of every task of the page's main thread in a Chromium trace
    (category ``toplevel``), longest CPU first."""
    events = json.loads(trace.read_text(encoding="utf-8"))["traceEvents"]
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    tasks = [
        (e.get("tdur", 0) / 1000, e["dur"] / 1000) for e in events
        if e.get("ph") == "X" and e.get("name") == "ThreadControllerImpl::RunTask"
        and names.get((e["pid"], e["tid"])) == "CrRendererMain"
    ]
    return sorted(tasks, reverse=True)


def play(page: Any, server: Any, game: str, seed: int, kind: str, minutes: float = 30,
         pid: int | None = None, trace: Path | None = None) -> dict[str, Any]:
    players = PLAYERS[game]
    page.goto(server.url)
    wait_engine(page)
    started = page.evaluate("performance.now()")  # the lobby's own choices are measured too
    if trace is not None:
        page.context.browser.start_tracing(page=page, path=str(trace), categories=["toplevel"])
    start_bot_game(page, game, players, kind, seed, pace="instant")
    before = cpu.snapshot(pid) if pid else {}
    t0 = time.perf_counter()
    finished = True
    while page.evaluate("document.documentElement.dataset.over") != "1":
        if time.perf_counter() - t0 > minutes * 60:
            finished = False  # reported as a partial game
            break
        if page.locator("#modal:not([hidden]) [data-close]").count():
            page.click("#modal [data-close]")  # a round's summary: the bots wait for a person to read it
            page.evaluate("window.railtable.settled()")  # the worker hid it
        page.wait_for_timeout(250)
    seconds = time.perf_counter() - t0
    used = cpu.spent(before, cpu.snapshot(pid)) if pid else {}
    tasks = []
    if trace is not None:
        page.context.browser.stop_tracing()
        tasks = task_cpu(trace)
    page.wait_for_timeout(200)
    ended = page.evaluate("performance.now()")
    found = [(start, d) for start, d in page.evaluate("window.__long") if started <= start <= ended]
    long_tasks = [d for _, d in found]
    moves = int(page.evaluate("document.documentElement.dataset.moves"))
    return {
        "game": game, "bot": kind, "players": players, "moves": moves, "seconds": round(seconds, 1),
        "finished": finished,
        "main_thread_cpu_ms": used.get("page main thread"), "worker_cpu_ms": used.get("engine worker"),
        "long_tasks": len(long_tasks), "longest_ms": max(long_tasks, default=0),
        "over_100_ms": sum(d > 100 for d in long_tasks),
        "at_ms_after_start": [[round(start - started), d] for start, d in found],
        # from the trace: the main thread's tasks by CPU time (Start click to the end)
        "longest_cpu_ms": round(tasks[0][0], 1) if tasks else None,
        "cpu_over_50_ms": sum(c > 50 for c, _ in tasks), "cpu_over_16_ms": sum(c > 16 for c, _ in tasks),
        "longest_cpu_tasks": [[round(c, 1), round(w)] for c, w in tasks[:5]],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="transamerica,trains,stations")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="easy")
    parser.add_argument("--minutes", type=float, default=30, help="stop a game after this long (a partial game)")
    parser.add_argument("--trace", action="store_true", help="also the CPU time of each main-thread task")
    parser.add_argument("--site", help="serve this built site instead of building one")
    parser.add_argument("--helpers", type=int, default=None,
                        help="helper workers for the bots' searches (the setting 'helpers'; default: the device's)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    probe = PROBE_JS if args.helpers is None else PROBE_JS + (
        f"\nlocalStorage.setItem('railtable.settings', JSON.stringify({{helpers: '{args.helpers}'}}));")
    results = []
    with (SiteServer(Path(args.site)) if args.site else served_site()) as server, chromium() as browser, \
            tempfile.TemporaryDirectory(prefix="railtable-trace-") as traces:
        pid = cpu.our_browser_pid()
        for game in args.games.split(","):
            errors: list[str] = []
            page = open_page(browser, server.url, errors=errors, init_script=probe,
                             viewport={"width": 1280, "height": 860})
            page.click(f"#game-choice label:has(input[value={game}])")
            if not page.locator(f"#seat-kind-0 option[value={args.level}]").count():
                print(f"  {game}: no {args.level} level, skipped", file=sys.stderr)
                page.context.close()
                continue
            trace = Path(traces) / f"{game}.json" if args.trace else None
            results.append(play(page, server, game, args.seed, args.level, args.minutes, pid, trace))
            if errors:
                raise RuntimeError(f"{game}: console errors: {errors}")
            page.context.close()
    if args.json:
        print(json.dumps(results, indent=1))
        return 0
    print("Whole bot-vs-bot games at the instant pace, headless Chromium (main-thread long tasks >= 50 ms)")
    for r in results:
        print(f"  {r['game']:13} {r['players']} x {r['bot']:9} {r['moves']:5} moves in {r['seconds']:6.1f} s"
              f"{'' if r['finished'] else ' (stopped before the end)'}: "
              f"{r['long_tasks']} long tasks, longest {r['longest_ms']} ms, {r['over_100_ms']} over 100 ms")
        if r["main_thread_cpu_ms"] is not None and r["moves"]:
            print(f"    CPU: page main thread {r['main_thread_cpu_ms']} ms ({r['main_thread_cpu_ms'] / r['moves']:.1f} ms "
                  f"a move, {r['main_thread_cpu_ms'] / 10 / r['seconds']:.1f}% of a core), engine worker "
                  f"{r['worker_cpu_ms']} ms")
        if r["longest_cpu_ms"] is not None:
            print(f"    main-thread tasks by CPU time: longest {r['longest_cpu_ms']} ms, {r['cpu_over_50_ms']} over 50 ms, "
                  f"{r['cpu_over_16_ms']} over 16 ms; the longest (CPU, wall ms): {r['longest_cpu_tasks']}")
        if r["at_ms_after_start"]:
            print("    (ms after the Start click, duration): " + ", ".join(map(str, r["at_ms_after_start"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
