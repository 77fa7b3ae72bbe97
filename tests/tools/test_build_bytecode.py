"""The build ships each module's bytecode, compiled by the Pyodide the site runs (tools/bytecode.mjs;
issue 10: a cold boot must not compile our modules from source)."""

from __future__ import annotations

import shutil
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build as site_build  # noqa: E402

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file(),
    reason="needs Node and node_modules (npm ci; tools/test.sh installs both)")


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    out = tmp_path_factory.mktemp("site") / "site"
    site_build.build(out)
    return zipfile.ZipFile(out / site_build.PYTHON_ARCHIVE)


def test_every_module_has_unchecked_hash_bytecode_of_pyodides_python(archive: zipfile.ZipFile) -> None:
    names = set(archive.namelist())
    modules = sorted(n for n in names if n.endswith(".py"))
    assert len(modules) > 50
    for module in modules:
        pyc = module[:-3] + ".pyc"  # beside its source: where zipimport looks first
        assert pyc in names, f"{module} has no bytecode"
        header = archive.read(pyc)[:16]
        # PEP 552: flags 1 = hash-based, not checked against the source (the archive is one release)
        assert int.from_bytes(header[4:8], "little") == 1, pyc
        # Python 3.14's magic number (3627); the build's own Python (3.11+) would write another
        assert int.from_bytes(header[:2], "little") == 3627, pyc
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc") and n[:-1] not in names]


def test_the_bytecode_is_cached_by_sources_and_runtime(archive: zipfile.ZipFile) -> None:
    sources = [(n, archive.read(n)) for n in archive.namelist() if not n.endswith(".pyc")]
    first = site_build.bytecode(sources, "vendor/pyodide-x/")
    again = site_build.bytecode(sources, "vendor/pyodide-x/")
    assert first == again
    assert [name for name, _ in first] == sorted(name for name, _ in first)
