"""Bot-vs-bot speed in Chromium (Pyodide) beside CPython (issue 2, section 5).

Loads the bare Pyodide page (bench/bare_pyodide.html) from a private build of the site, writes the
railtable package into Pyodide's file system (python.zip, imported from as web/worker.js does), then runs
``railtable.core.simulate.simulate(game, players, games, seed)`` in the page; the same call runs on
this CPython for comparison.

Run: ``python3 bench/browser_sim.py [--game transamerica] [--players 6] [--games 20] [--seed 1]
[--bot KIND] [--json]``.
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

from sitecopy import BARE_PAGE, served_site  # noqa: E402, I001  (sitecopy puts tools/ on sys.path)
from browser import chromium, open_page  # noqa: E402, I001  (tools/browser.py)

INSTALL_JS = """async () => {
  // The same archive the app's worker imports from (web/worker.js).
  const data = await (await fetch("python.zip")).arrayBuffer();
  window.pyodide.FS.writeFile("/home/pyodide/python.zip", new Uint8Array(data));
  return 1;
}"""

SIMULATE_PY = """
import json, sys
if "/home/pyodide/python.zip" not in sys.path:
    sys.path.insert(0, "/home/pyodide/python.zip")
from railtable.core.simulate import simulate
json.dumps(simulate(*json.loads(ARGS)))
"""


def in_chromium(args: list[Any]) -> dict[str, Any]:
    with served_site() as server, chromium() as browser:
        errors: list[str] = []
        page = open_page(browser, server.url + BARE_PAGE, errors=errors, timeout_ms=120_000)
        page.evaluate(INSTALL_JS)
        code = f"ARGS = {json.dumps(json.dumps(args))}\n" + SIMULATE_PY
        out = page.evaluate("(code) => window.pyodide.runPythonAsync(code)", code)
        if errors:
            raise RuntimeError(f"page errors: {errors}")
        result: dict[str, Any] = json.loads(out)
        result["python"] = page.evaluate("() => window.pyodide.runPython('import sys; sys.version.split()[0]')")
        return result


def in_cpython(args: list[Any]) -> dict[str, Any]:
    import platform

    from railtable.core.simulate import simulate

    result = simulate(*args)
    result["python"] = platform.python_version()
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="transamerica")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default=None, help="bot kind (default: the game's default bot)")
    parser.add_argument("--no-cpython", action="store_true", help="skip the CPython comparison")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    args = parser.parse_args(argv)
    call = [args.game, args.players, args.games, args.seed, args.bot]

    results = {"chromium": in_chromium(call)}
    if not args.no_cpython:
        results["cpython"] = in_cpython(call)
    if args.json:
        print(json.dumps(results, indent=1))
        return 0
    print(f"{args.game}, {args.players} players, {args.games} games from seed {args.seed}, "
          f"bot {args.bot or 'default'}")
    for where, r in results.items():
        per_game = 1000 * r["seconds"] / r["games"]
        print(f"  {where:9} (Python {r['python']:>7}): {r['games_per_second']:8.2f} games/s, "
              f"{per_game:7.1f} ms/game, {r['average_actions']:.0f} actions/game")
    if "cpython" in results:
        ratio = results["chromium"]["seconds"] / results["cpython"]["seconds"]
        print(f"  Chromium / CPython time: {ratio:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
