"""CPU time used by one Chromium (its browser process and every child), per thread kind (Linux /proc).

On a machine shared with other jobs a page's wall-clock times stretch with the load; the CPU the
browser itself spends on a boot is much steadier, and the thread names say where it went: the
page's main thread (``CrRendererMain``), the engine's Web Worker (``DedicatedWorker``), the service
worker, V8's compile threads (``ThreadPool...``), the network and browser processes.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

TICK_MS = 1000 / os.sysconf("SC_CLK_TCK")

# Thread names (as /proc shows them, 15 characters at most) -> the kind printed.
KINDS = (
    ("CrRendererMain", "page main thread"),
    ("DedicatedWorker", "engine worker"),
    ("ServiceWorker", "service worker"),
    ("ThreadPool", "thread pool (compiling, I/O)"),
)


def _read(path: Path) -> str | None:
    try:
        return path.read_text()
    except OSError:
        return None


def browser_pid(profile: str) -> int | None:
    """The browser process started with ``--user-data-dir=<profile>``."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        raw = _read(entry / "cmdline")
        if raw and f"--user-data-dir={profile}" in raw and "--type=" not in raw:
            return int(entry.name)
    return None


def our_browser_pid() -> int | None:
    """The Chromium browser process that this Python process started (through Playwright's driver)."""
    parents = _parents()
    me = os.getpid()
    for pid in parents:
        raw = _read(Path(f"/proc/{pid}/cmdline")) or ""
        if "chrom" not in raw.split("\0")[0] or "--type=" in raw:
            continue
        up = parents.get(pid)
        while up and up != me:
            up = parents.get(up)
        if up == me:
            return pid
    return None


def _parents() -> dict[int, int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            stat = _read(entry / "stat")
            if stat:
                parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    return parents


def _tree(root: int) -> list[int]:
    parents = _parents()
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(child for child, parent in parents.items() if parent == pid)
    return found


def snapshot(root: int) -> dict[tuple[int, int], tuple[str, float]]:
    """(pid, tid) -> (thread name, CPU ms so far) for every thread of the browser's process tree."""
    out: dict[tuple[int, int], tuple[str, float]] = {}
    for pid in _tree(root):
        tasks = Path(f"/proc/{pid}/task")
        try:
            tids = [int(t.name) for t in tasks.iterdir()]
        except OSError:
            continue
        for tid in tids:
            stat = _read(tasks / str(tid) / "stat")
            if not stat:
                continue
            name = stat[stat.index("(") + 1:stat.rindex(")")]
            fields = stat.rsplit(")", 1)[1].split()
            out[(pid, tid)] = (name, (int(fields[11]) + int(fields[12])) * TICK_MS)
    return out


def spent(before: dict[tuple[int, int], tuple[str, float]],
          after: dict[tuple[int, int], tuple[str, float]]) -> dict[str, float]:
    """CPU ms per thread kind between two snapshots (threads that ended in between are lost)."""
    kinds: Counter[str] = Counter()
    for key, (name, ms) in after.items():
        delta = ms - before.get(key, (name, 0.0))[1]
        if delta <= 0:
            continue
        kind = next((label for prefix, label in KINDS if name.startswith(prefix)), "other")
        kinds[kind] += delta
        kinds["total"] += delta
    return {k: round(v) for k, v in kinds.items()}
