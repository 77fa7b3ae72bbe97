"""The built site boots in Chromium from our own files only (issue 2, sections 1 and 5).

Every test here also fails if the page logs a console error, throws, gets an HTTP error or a
failed request, or asks any host other than the local server for anything (see conftest.py).
"""

from __future__ import annotations

import json
import urllib.request
import zipfile
from pathlib import Path

import build as site_build
from serve import SiteServer


def _runtime(site) -> str:
    """The runtime's folder in this build (vendor/pyodide-<content hash>/)."""
    return json.loads((site / "build.json").read_text(encoding="utf-8"))["runtime"]


def test_page_boots_and_engine_becomes_ready(page, server, site, wait_engine, shot):
    """Section 5: boot with no console error and no request to another host."""
    requested: list[str] = []
    page.on("request", lambda req: requested.append(req.url))
    page.goto(server.url)
    wait_engine(page)
    assert page.title() == "Railtable"
    shot(page, "boot")
    # The runtime really came from our vendored copy (and so from nowhere else).
    assert server.url + _runtime(site) + "pyodide.asm.wasm" in requested
    assert server.url + "web/worker.js" in requested
    assert all(url.startswith(server.url) or url.startswith(("data:", "blob:")) for url in requested), requested


def test_python_in_the_page_imports_the_engine(page, server, wait_engine, run_python):
    """Section 1: pyscript.json maps py/railtable into Pyodide's file system, on sys.path."""
    page.goto(server.url)
    wait_engine(page)
    found = run_python(
        page,
        "import sys, railtable, railtable.core\n"
        "[railtable.core.__file__, sys.version_info[:2], railtable.core.Rng.__name__]",
    )
    assert found[0] == "/home/pyodide/python.zip/railtable/core/__init__.pyc"  # zipimport, from the bytecode
    assert tuple(found[1]) >= (3, 14)
    assert found[2] == "Rng"


def test_every_python_file_of_the_archive_lands_in_pyodide(page, server, site, wait_engine, run_python):
    """Section 1: web/worker.js writes python.zip (all of py/railtable and web/railtable_web) into
    Pyodide's file system and imports from it (issue 10: zipimport, nothing unpacked); every file
    reads back with the same size; the sources are not shipped beside it."""
    assert not (site / "py").exists() and not (site / "web/railtable_web").exists()
    with zipfile.ZipFile(site / "python.zip") as archive:
        expected = {info.filename: info.file_size for info in archive.infolist()}
    assert "railtable/core/game.py" in expected and "railtable_web/app.py" in expected
    root = Path(__file__).resolve().parents[1]
    assert expected["railtable/core/game.py"] == (root / "py/railtable/core/game.py").stat().st_size
    page.goto(server.url)
    wait_engine(page)
    sizes = run_python(
        page,
        "import os, json\n"
        f"targets = json.loads({json.dumps(json.dumps(sorted(expected)))})\n"
        "import railtable_web, zipimport\n"
        "archive = zipimport.zipimporter('/home/pyodide/python.zip')\n"
        "assert isinstance(railtable_web.__loader__, zipimport.zipimporter)\n"
        "{t: len(archive.get_data(t)) for t in targets}",
    )
    assert sizes == expected


def test_server_sends_runtime_types_and_no_cache(site):
    """Pyodide needs application/wasm for streaming compilation; .mjs must be JavaScript."""
    expected = {
        _runtime(site) + "pyodide.asm.wasm": "application/wasm",
        _runtime(site) + "pyodide.mjs": "application/javascript",
        "web/worker.js": "application/javascript",
        "manifest.webmanifest": "application/manifest+json",
        "index.html": "text/html",
    }
    with SiteServer(site) as srv:
        for rel, mime in expected.items():
            with urllib.request.urlopen(srv.url + rel, timeout=10) as resp:
                assert resp.headers["Content-Type"].split(";")[0] == mime, rel
                assert resp.headers["Cache-Control"] == "no-cache", rel


def test_build_is_deterministic_and_complete(tmp_path: Path):
    """Two builds of the same sources are byte for byte equal; sw.js precaches every shipped file."""
    first = site_build.build(tmp_path / "a")
    second = site_build.build(tmp_path / "b")
    assert first == second

    def tree(folder: Path) -> dict[str, bytes]:
        return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}

    a, b = tree(tmp_path / "a"), tree(tmp_path / "b")
    assert a == b
    assert not [name for name in a if "__pycache__" in name or name.endswith(".pyc")]
    sw = a["sw.js"].decode()
    assert f'"{first["version"]}"' in sw
    for name in a:
        if name != "sw.js" and not name.endswith(".map"):
            assert f'"{name}"' in sw, f"{name} is not precached"
