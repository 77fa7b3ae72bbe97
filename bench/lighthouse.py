"""Lighthouse on the built site with Debian's Chromium: the four category scores, desktop and mobile
(issue 10: performance at least 90 on desktop, best practices at least 95, total blocking time
under 200 ms, installable).

Lighthouse comes from npm (``lighthouse``, pinned below) into a cache folder outside the project
(``$RAILTABLE_LIGHTHOUSE_DIR``, default ``~/.cache/railtable-lighthouse``), so the site's own
``package.json`` stays the runtime only. Each run uses a fresh Chromium profile (a first visit).

Run: ``python3 bench/lighthouse.py [--runs 1] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sitecopy import served_site  # noqa: E402, I001  (sitecopy puts tools/ on sys.path)
from browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402, I001

LIGHTHOUSE = "lighthouse@12.8.2"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
AUDITS = ("total-blocking-time", "first-contentful-paint", "largest-contentful-paint", "interactive",
          "installable-manifest", "maskable-icon", "max-potential-fid")


def lighthouse_bin() -> Path:
    """The lighthouse command, installed once into the cache folder."""
    folder = Path(os.environ.get("RAILTABLE_LIGHTHOUSE_DIR", Path.home() / ".cache" / "railtable-lighthouse"))
    binary = folder / "node_modules" / ".bin" / "lighthouse"
    if not binary.exists():
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error", "--prefix", str(folder),
                        LIGHTHOUSE], check=True)
    return binary


def run(binary: Path, url: str, desktop: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="railtable-lh-") as tmp:
        out = Path(tmp) / "report.json"
        flags = ["--headless=new", *CHROMIUM_ARGS, f"--user-data-dir={tmp}/profile"]
        cmd = [str(binary), url, "--quiet", "--output=json", f"--output-path={out}",
               f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={' '.join(flags)}"]
        if desktop:
            cmd.append("--preset=desktop")
        subprocess.run(cmd, check=True, env={**os.environ, "CHROME_PATH": CHROMIUM})
        report = json.loads(out.read_text(encoding="utf-8"))
    scores = {c: round(100 * (report["categories"][c]["score"] or 0)) for c in CATEGORIES}
    audits = {}
    for name in AUDITS:
        audit = report["audits"].get(name)
        if audit is not None:
            audits[name] = audit.get("displayValue") or audit.get("score")
    return {"scores": scores, "audits": audits}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not shutil.which("npm"):
        print("lighthouse.py: npm is missing", file=sys.stderr)
        return 1
    binary = lighthouse_bin()
    results: dict[str, list[dict[str, Any]]] = {"desktop": [], "mobile": []}
    with served_site() as server:
        for _ in range(args.runs):
            for form, desktop in (("desktop", True), ("mobile", False)):
                results[form].append(run(binary, server.url, desktop))
    if args.json:
        print(json.dumps(results, indent=1))
        return 0
    print(f"Lighthouse ({LIGHTHOUSE}, Debian's Chromium), medians of {args.runs} run(s)")
    for form, runs in results.items():
        scores = {c: statistics.median(r["scores"][c] for r in runs) for c in CATEGORIES}
        print(f"  {form:8} " + "  ".join(f"{c} {scores[c]:.0f}" for c in CATEGORIES))
        last = runs[-1]["audits"]
        print("           " + "; ".join(f"{k}: {v}" for k, v in last.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
