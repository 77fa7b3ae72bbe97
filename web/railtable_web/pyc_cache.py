"""Compiled bytecode for the next boot (issue 10: warm boot within 300 ms of the bare Pyodide page).

Pyodide unpacks our sources (``python.zip``) into a fresh in-memory file system on every boot, so
every import compiles its module again: about two thirds of the time of importing the page's
modules before Start is enabled (measured on CPython: 230 ms from sources, 66 ms from bytecode).
The bytecode cannot be made at build time (Pyodide's Python is not the build's), so the worker
makes it once, after boot, while the person reads the lobby: :func:`build` compiles every module
(one per turn of the event loop, so the worker keeps answering the page) into a zip of
``__pycache__`` files, which ``web/worker.js`` keeps in Cache Storage under the archive's hash
and unpacks beside the sources on the next boot.

The files are "unchecked hash" pycs (PEP 552): Python never compares them with their source, which
is safe because they are keyed by the hash of the very archive they were compiled from; a pyc made
by another Python version has another magic number and is ignored (the source is compiled).
"""

from __future__ import annotations

import asyncio
import importlib.util
import io
import py_compile
import zipfile
from pathlib import Path

PACKAGES = ("railtable", "railtable_web")


def sources(home: Path) -> list[Path]:
    """Every module of our packages under ``home`` (``/home/pyodide`` in the worker)."""
    return sorted(p for pkg in PACKAGES for p in (home / pkg).rglob("*.py"))


def compile_one(source: Path) -> Path:
    """Compile ``source`` to its ``__pycache__`` file (unchecked hash); return that file."""
    target = py_compile.compile(str(source), doraise=True,
                                invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    return Path(target)


async def build(home: str = "/home/pyodide") -> bytes:
    """A zip of the compiled bytecode of every module, paths relative to ``home``."""
    root = Path(home)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as zf:
        for source in sources(root):
            await asyncio.sleep(0)  # the page may be sending a click
            try:
                target = compile_one(source)
            except py_compile.PyCompileError:
                continue
            zf.writestr(str(target.relative_to(root)), target.read_bytes())
    return out.getvalue()


def cache_tag() -> str:
    """The interpreter's tag in pyc file names (``cpython-314`` in Pyodide 314)."""
    return str(importlib.util.cache_from_source("x.py")).rsplit(".", 2)[-2]
