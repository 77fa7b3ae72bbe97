"""A private copy of the built site plus the benchmark pages, served on 127.0.0.1 (dist/ stays clean)."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import build as site_build  # noqa: E402
from serve import SiteServer  # noqa: E402

BARE_PAGE = "bench-bare.html"
BARE_WORKER_PAGE = "bench-bare-worker.html"


def runtime_dir(site: Path) -> str:
    """The built site's runtime folder (``vendor/pyodide-<hash>/``, from build.json)."""
    import json

    return json.loads((site / "build.json").read_text(encoding="utf-8"))["runtime"]


@contextmanager
def served_site() -> Iterator[SiteServer]:
    """Build the site into a temporary folder, add the benchmark pages, serve it."""
    with tempfile.TemporaryDirectory(prefix="railtable-bench-") as tmp:
        site = Path(tmp) / "site"
        site_build.build(site)
        bare = (ROOT / "bench" / "bare_pyodide.html").read_text(encoding="utf-8")
        (site / BARE_PAGE).write_text(bare.replace("vendor/pyodide/", runtime_dir(site)), encoding="utf-8")
        bare = (ROOT / "bench" / "bare_worker.html").read_text(encoding="utf-8")
        (site / BARE_WORKER_PAGE).write_text(bare.replace("vendor/pyodide/", runtime_dir(site)), encoding="utf-8")
        with SiteServer(site) as server:
            yield server


def add_release(site: Path, ref: str, folder: str) -> Path:
    """Build the project as it is at git ``ref`` into ``site/folder`` (a "before" release served
    beside this one; its service worker and caches are scoped to that folder)."""
    import subprocess

    out = site / folder
    with tempfile.TemporaryDirectory(prefix="railtable-ref-") as tmp:
        tree = Path(tmp)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
        (tree / "node_modules").symlink_to((ROOT / "node_modules").resolve())
        subprocess.run([sys.executable, str(tree / "tools" / "build.py"), "--out", str(out), "--quiet"], check=True)
    return out
