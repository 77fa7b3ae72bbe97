"""The worker's bytecode cache (web/railtable_web/pyc_cache.py): the zip it makes holds one pyc per
module at the path Python looks for, and Python loads those pycs without reading the sources again
(unchecked-hash pycs, PEP 552), which is what saves the compile on the next boot."""

from __future__ import annotations

import importlib
import io
import sys
import zipfile
from pathlib import Path

from fresh_loop import run
from railtable_web import pyc_cache


def _package(home: Path, body: str) -> None:
    pkg = home / "railtable"
    pkg.mkdir(parents=True, exist_ok=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "probe.py").write_text(body)


def test_the_zip_holds_a_pyc_per_module_where_python_looks(tmp_path: Path) -> None:
    _package(tmp_path, "VALUE = 1\n")
    data = run(pyc_cache.build(str(tmp_path)))
    names = sorted(zipfile.ZipFile(io.BytesIO(data)).namelist())
    tag = pyc_cache.cache_tag()
    assert names == [f"railtable/__pycache__/__init__.{tag}.pyc", f"railtable/__pycache__/probe.{tag}.pyc"]


def test_python_runs_the_cached_bytecode_without_checking_the_source(tmp_path: Path, monkeypatch) -> None:
    home = tmp_path / "home"
    _package(home, "VALUE = 1\n")
    data = run(pyc_cache.build(str(home)))
    # a later boot: the sources unpacked afresh (new times), then the bytecode beside them
    fresh = tmp_path / "fresh"
    _package(fresh, "VALUE = 2\n")  # were the source read, VALUE would be 2
    zipfile.ZipFile(io.BytesIO(data)).extractall(fresh)
    monkeypatch.syspath_prepend(str(fresh))
    for name in [m for m in sys.modules if m == "railtable" or m.startswith("railtable.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    importlib.invalidate_caches()
    probe = importlib.import_module("railtable.probe")
    assert probe.VALUE == 1
