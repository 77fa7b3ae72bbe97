"""Seconds a Normal and a Hard bot spend per searched decision in Chromium, at the maximum player
count of each game (issue 13: Normal at most 0.5 s, Hard at most 2 s), beside the same decisions on
this CPython.

Runs in the app's own engine worker (``window.railtable.run``: Pyodide in the Web Worker, where the
bots play), on a private build of the site. For each game and level: Easy bots play a seeded game;
after ``--warmup`` actions, every decision the level would search is timed (wall clock in the
worker, CPU time on CPython) until ``--decisions`` are measured. Trains is measured twice: after
60 actions, and near the end (from the first decision the level's search treats as near the end:
Hard's costliest, every decision of its turn searched with the rule player's rollouts through three
turns of every player). Games without a Normal or Hard level are listed as such.

Run: ``python3 bench/browser_bots.py [--decisions 4] [--seed 11] [--no-cpython] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "py"))

from sitecopy import served_site  # noqa: E402, I001  (sitecopy puts tools/ on sys.path)
from browser import chromium, open_page  # noqa: E402, I001  (tools/browser.py)

CASES = (("transamerica", 6, 30, False, {}), ("trains", 4, 60, False, {}), ("trains", 4, 0, True, {}),
         ("trains", 4, 0, True, {"sets": "rising_sun"}), ("stations", 5, 30, False, {}))
"""(game, the most players, Easy actions played before measuring, only near the end (the level's
adapter's ``near_end``), setup options: with Rising Sun's cards Normal searches as Hard does)."""

MEASURE_PY = '''
import json, time
from railtable.core import get_game
from railtable.core.simulate import default_config

def measure(game, players, level, decisions, seed, warmup, clock, end_only, options):
    info = get_game(game)
    if level not in info.bots:
        return {"decisions": 0, "missing": True}
    state = info.setup(default_config(game, players, options), seed)
    easy = [info.make_bot("easy", s, seed) for s in range(players)]
    probe = info.make_bot(level, 0, seed)
    spent = []
    steps = 0
    while not state.is_over() and len(spent) < decisions:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        steps += 1
        near = not end_only or probe.adapter.near_end(view)
        if steps > warmup and near and len(legal) > 1 and probe.adapter.search_here(view, legal):
            probe.seat = seat
            probe.easy = easy[seat]
            start = clock()
            probe.choose(view, legal)
            spent.append(clock() - start)
        state.apply(easy[seat].choose(view, legal))
    return {"decisions": len(spent), "mean": round(sum(spent) / max(1, len(spent)), 3),
            "max": round(max(spent, default=0.0), 3)}
'''


def run_all(clock: str, decisions: int, seed: int) -> str:
    calls = [(g, n, lv, decisions, seed, warm, end, opts) for g, n, warm, end, opts in CASES
             for lv in ("normal", "hard")]
    return (MEASURE_PY + f"\nout = {{}}\nfor g, n, lv, d, s, w, e, o in {calls!r}:\n"
            f"    out[f'{{g}}{{\" rs\" if o else \"\"}} {{n}}p{{\" end\" if e else \"\"}} {{lv}}'] = "
            f"measure(g, n, lv, d, s, w, {clock}, e, o)\n"
            "json.dumps(out)\n")


def in_chromium(decisions: int, seed: int) -> dict[str, Any]:
    with served_site() as server, chromium() as browser:
        errors: list[str] = []
        page = open_page(browser, server.url, errors=errors)
        out = page.evaluate("(code) => window.railtable.run(code)", run_all("time.perf_counter", decisions, seed))
        if errors:
            raise RuntimeError(f"page errors: {errors}")
        return dict(json.loads(out))


def in_cpython(decisions: int, seed: int) -> dict[str, Any]:
    scope: dict[str, Any] = {}
    code = run_all("time.process_time", decisions, seed)
    head, _, last = code.rstrip().rpartition("\n")
    exec(head, scope)  # noqa: S102 (our own benchmark code, the same text the worker runs)
    return dict(json.loads(eval(last, scope)))  # noqa: S307


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=4)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--no-cpython", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    results = {"chromium": in_chromium(args.decisions, args.seed)}
    if not args.no_cpython:
        results["cpython"] = in_cpython(args.decisions, args.seed)
    if args.json:
        print(json.dumps(results, indent=1))
        return 0
    targets = {"normal": 0.5, "hard": 2.0}
    print("Seconds per searched decision, at the most players (Chromium: wall clock in the engine worker; "
          "CPython: CPU)")
    for key, r in results["chromium"].items():
        level = key.rsplit(" ", 1)[1]
        if r.get("missing"):
            print(f"  {key:22} no such level")
            continue
        c = results.get("cpython", {}).get(key)
        cp = f"   CPython mean {c['mean']:.3f} s, max {c['max']:.3f} s" if c else ""
        ok = "ok" if r["max"] <= targets[level] else "OVER"
        print(f"  {key:22} Chromium mean {r['mean']:.3f} s, max {r['max']:.3f} s "
              f"({r['decisions']} decisions; target {targets[level]} s: {ok}){cp}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
