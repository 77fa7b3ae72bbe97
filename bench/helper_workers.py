"""Hard's decisions in Chromium with helper workers (issue 33, "Use every core"): seconds per
searched decision and rollouts per decision, alone and with ``--helpers`` helper workers
(web/railtable_web/search_helpers.py; each its own Pyodide searching a part of the decision).

Runs in the app's engine worker (``window.railtable.run``), on a private build of the site, once
per helper count (a fresh browser each: the setting ``helpers`` is read when the first search asks
for helpers). Easy bots play a seeded game; after ``--warmup`` actions every decision Hard would
search is decided by a Hard bot the way the table does (``thinking.think``: in slices, waiting for
its helpers' parts), until ``--decisions`` are measured. A helper's boot is not timed: the bench
waits until the helpers are up before the first measured decision.

With k helpers a decision should take about as long as alone where the device has k spare cores
(each part has the whole budget), and weigh k + 1 times the rollouts. Run:
``python3 bench/helper_workers.py [--helpers 1] [--decisions 12] [--seed 11]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from sitecopy import served_site  # noqa: E402, I001  (sitecopy puts tools/ on sys.path)
from browser import chromium, open_page  # noqa: E402, I001  (tools/browser.py)

CASES = (("transamerica", 2, 6), ("transamerica", 4, 12), ("stations", 3, 20), ("trains", 2, 40))
"""(game, players, Easy actions played before measuring)."""

MEASURE_PY = '''
import asyncio, json, time
import js
from railtable.core import get_game
from railtable.core.simulate import default_config
from railtable_web import search_helpers, thinking

pool = search_helpers.helpers({{"helpers": "{helpers}"}})
asked = time.perf_counter()
if pool is not None:
    pool.attach(get_game("transamerica").make_bot("hard", 0, 1), "transamerica")  # asks for them
    for _ in range(1200):
        if int(js.railtableHelpers.ready()) >= pool.count:
            break
        await asyncio.sleep(0.05)
up_s = time.perf_counter() - asked

async def measure(game, players, decisions, seed, warmup):
    info = get_game(game)
    state = info.setup(default_config(game, players), seed)
    easy = [info.make_bot("easy", s, seed) for s in range(players)]
    spent, rollouts, parts = [], [], 0
    steps = 0
    while not state.is_over() and len(spent) < decisions:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        steps += 1
        if steps > warmup and len(legal) > 1:
            bot = info.make_bot("hard", seat, seed + steps)
            if bot.adapter.search_here(view, legal):
                if pool is not None:
                    pool.attach(bot, game)
                start = time.perf_counter()
                await thinking.think(thinking.steps_of(bot, view, legal), lambda: True)
                if bot.last is not None:
                    spent.append(time.perf_counter() - start)
                    rollouts.append(bot.last.done_iterations)
                    parts = max(parts, bot.parts)
        state.apply(easy[seat].choose(view, legal))
    return {{"decisions": len(spent), "spent": spent, "rollouts": rollouts, "parts": parts}}

out = {{"_memory": [int(x) for x in js.railtableHelpers.memory()] if pool is not None else [],
        "_engine": [int(__import__("pyodide_js")._module.HEAP8.length)], "_up": [up_s]}}
for g, n, w in {cases!r}:
    out[f"{{g}} {{n}}p"] = await measure(g, n, {decisions}, {seed}, w)
json.dumps(out)
'''


def in_chromium(helpers: int, decisions: int, seed: int) -> dict[str, Any]:
    with served_site() as server, chromium() as browser:
        errors: list[str] = []
        script = f"localStorage.setItem('railtable.settings', JSON.stringify({{helpers: '{helpers}'}}))"
        page = open_page(browser, server.url, errors=errors, init_script=script)
        code = MEASURE_PY.format(helpers=helpers, cases=CASES, decisions=decisions, seed=seed)
        out = page.evaluate("(code) => window.railtable.run(code)", code)
        if errors:
            raise RuntimeError(f"page errors: {errors}")
        return dict(json.loads(out))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--helpers", type=int, default=1)
    parser.add_argument("--decisions", type=int, default=12)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    runs = {k: in_chromium(k, args.decisions, args.seed) for k in (0, args.helpers)}
    print("Hard, seconds per searched decision in Chromium (wall clock in the engine worker), "
          f"alone and with {args.helpers} helper worker(s)")
    memory = runs[args.helpers].get("_memory") or []
    engine = runs[args.helpers].get("_engine") or [0]
    print("  WebAssembly memory: helpers when up " + ", ".join(f"{m / 2**20:.0f} MB" for m in memory)
          + f"; the engine worker after the games {engine[0] / 2**20:.0f} MB; "
          f"helpers up {runs[args.helpers].get('_up', [0])[0]:.1f} s after they were asked for")
    for case in runs[0]:
        if case.startswith("_"):
            continue
        cells = []
        for k, out in runs.items():
            r = out[case]
            spent = r["spent"]
            if not spent:
                cells.append(f"{k} helpers: no decision")
                continue
            cells.append(f"{k} helpers ({r['parts']} parts): median {statistics.median(spent):.3f} s, "
                         f"max {max(spent):.3f} s, {statistics.mean(r['rollouts']):.0f} rollouts")
        print(f"  {case:16} " + " | ".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
