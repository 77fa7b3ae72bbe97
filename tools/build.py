#!/usr/bin/env python3
"""Build the static site into ``dist/`` (what GitHub Pages serves).

``dist/`` holds only what the page uses (docs/architecture.md):
- ``index.html``, ``manifest.webmanifest`` (the installable app) and the page's own files from
  ``web/`` (scripts, style sheets, icons; not the Python sources, which travel in the archive);
- ``python.zip``: every engine and page module (``py/railtable/**`` and ``web/railtable_web/**``,
  ``*.py`` and ``*.json``) with its bytecode compiled by the shipped Pyodide under Node
  (``tools/bytecode.mjs``), written by ``web/worker.js`` into Pyodide's file system and imported
  from there (``zipimport``: nothing is unpacked);
- ``vendor/pyodide-<hash>/``: the Pyodide runtime files a standard-library-only program needs, in
  a folder named by their content hash (``web/worker.js`` is given that name);
- ``build.json``: the release version (a content hash of every file) and the runtime version;
- ``sw.js``: the service worker (from ``tools/sw.template.js``) with the precache list, each file
  with its own content hash (made here, at build time).

The build is deterministic (same sources and node_modules, same bytes) and takes well under a second
(about 4 s more when the Python sources changed: Node compiles them).
Usage: ``python3 tools/build.py [--if-needed] [--out DIR] [--quiet]``.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NODE_MODULES = ROOT / "node_modules"
PYODIDE_DIR = NODE_MODULES / "pyodide"
SW_TEMPLATE = ROOT / "tools" / "sw.template.js"

# What loadPyodide() fetches for a program that uses the standard library only
# (checked in Chromium's network log: e2e/test_boot.py fails on any 404).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# Where the runtime goes in the site: vendor/pyodide-<hash of its files>/, so that a URL always
# names the same bytes (the service worker takes them from the HTTP cache without asking the server,
# and a release with another runtime uses other URLs: never a mix). web/worker.js names the folder
# as RUNTIME_PLACEHOLDER, which the build replaces.
RUNTIME_PREFIX = "vendor/pyodide-"
RUNTIME_PLACEHOLDER = "vendor/pyodide/"

# Files never worth shipping or precaching.
SKIP_DIRS = {"__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache"}
SKIP_SUFFIXES = {".pyc", ".pyo"}

# Not precached by the service worker: source maps are only fetched by developer tools.
NOT_PRECACHED_SUFFIXES = (".map",)


class BuildError(Exception):
    """The build cannot go on; the message says what to do."""


def _walk(folder: Path) -> Iterator[Path]:
    """Every file under ``folder``, sorted, without caches and hidden files."""
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        if any(part in SKIP_DIRS or part.startswith(".") for part in rel.parts):
            continue
        if path.is_file() and path.suffix not in SKIP_SUFFIXES:
            yield path


def _copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def _check_inputs() -> None:
    if not (ROOT / "index.html").is_file():
        raise BuildError(f"{ROOT / 'index.html'} is missing")
    missing = [PYODIDE_DIR / name for name in PYODIDE_FILES if not (PYODIDE_DIR / name).is_file()]
    if missing:
        listed = ", ".join(str(p.relative_to(ROOT)) for p in missing)
        raise BuildError(
            f"node_modules is missing or incomplete ({listed} not found).\n"
            f"Run `npm ci` in {ROOT} first (tools/serve.sh and tools/test.sh do it for you)."
        )


def _package_version(package_dir: Path) -> str:
    """The version in an npm package's package.json (``package_dir`` may be its dist/)."""
    for folder in (package_dir, package_dir.parent):
        manifest = folder / "package.json"
        if manifest.is_file():
            return str(json.loads(manifest.read_text(encoding="utf-8")).get("version", "?"))
    return "?"


PYTHON_ARCHIVE = "python.zip"
"""Our Python packages in one archive: one request instead of one per file (issue 2 §5, boot time)."""
REMOTE_ARCHIVE = "python-remote.zip"
"""Remote play's page modules, fetched by the worker the first time remote play is used
(``railtable_web.remote_loader``): the first load does not carry them (issue 30)."""
REMOTE_MODULES = ("remote_codes", "remote_guest", "remote_host", "remote_seat", "remote_text", "remote_ui",
                  "remote_wire", "rtc", "sdp_code", "qr")


def in_remote_archive(name: str) -> bool:
    """Whether the archive member ``name`` (``railtable_web/x.py`` or its ``.pyc``) is remote play's."""
    folder, _, file = name.rpartition("/")
    return folder == "railtable_web" and file.rsplit(".", 1)[0] in REMOTE_MODULES


def archive_members(files: Iterable[str]) -> dict[str, str]:
    """Source path -> path inside the archive (= the module's path on ``sys.path``, the archive)."""
    members: dict[str, str] = {}
    for rel in sorted(files):
        if rel.startswith("py/railtable/"):
            members[rel] = rel.removeprefix("py/")
        elif rel.startswith("web/railtable_web/"):
            members[rel] = rel.removeprefix("web/")
    return members


def _zip(entries: Iterable[tuple[str, bytes]]) -> bytes:
    """A zip of ``entries`` made deterministically (given order, fixed dates and modes)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return out.getvalue()


BYTECODE_SCRIPT = ROOT / "tools" / "bytecode.mjs"
BYTECODE_CACHE = ROOT / ".cache" / "bytecode"


def bytecode(sources: list[tuple[str, bytes]], runtime_dir: str) -> list[tuple[str, bytes]]:
    """The ``.pyc`` file of every module of ``sources`` (archive name, bytes), compiled by the runtime the site
    ships (``tools/bytecode.mjs``: Pyodide under Node; see ``tools/bytecode.py`` for why).

    Kept in ``.cache/bytecode/`` under the hash of the sources, the runtime and the two compiling
    scripts, so a build whose Python did not change does not start Node (the newest 20 are kept)."""
    digest = hashlib.sha256(runtime_dir.encode() + b"\0")
    for script in (BYTECODE_SCRIPT, BYTECODE_SCRIPT.with_suffix(".py")):
        digest.update(hashlib.sha256(script.read_bytes()).digest())
    for name, data in sources:
        digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    key = digest.hexdigest()[:24]
    cached = BYTECODE_CACHE / f"{key}.zip"
    if not cached.is_file():
        node = shutil.which("node")
        if node is None:
            raise BuildError("Node.js is needed to compile the Python modules for Pyodide (tools/bytecode.mjs); "
                             "install it (tools/test.sh says how) and build again")
        BYTECODE_CACHE.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="railtable-bytecode-") as tmp:
            src, made = Path(tmp) / "sources.zip", Path(tmp) / "bytecode.zip"
            src.write_bytes(_zip(sources))
            run = subprocess.run([node, str(BYTECODE_SCRIPT), str(src), str(made)],
                                 capture_output=True, text=True, check=False)
            if run.returncode != 0 or not made.is_file():
                raise BuildError(f"compiling the Python modules failed:\n{run.stderr[-2000:]}")
            partial = cached.with_suffix(f".{os.getpid()}.part")
            shutil.copyfile(made, partial)
            os.replace(partial, cached)  # parallel builds never see half a file
        for old in sorted(BYTECODE_CACHE.glob("*.zip"), key=lambda f: f.stat().st_mtime)[:-20]:
            old.unlink(missing_ok=True)
    with zipfile.ZipFile(cached) as zf:
        return [(name, zf.read(name)) for name in zf.namelist()]


def write_archive(out: Path, sources: dict[str, Path], runtime_dir: str) -> None:
    """Write ``python.zip``: every module's source, then its bytecode (deterministic); remote play's
    modules go to ``python-remote.zip`` the same way."""
    entries = [(name, sources[rel].read_bytes()) for rel, name in archive_members(sources).items()]
    compiled = bytecode(entries, runtime_dir)
    every = entries + compiled
    (out / PYTHON_ARCHIVE).write_bytes(_zip([e for e in every if not in_remote_archive(e[0])]))
    (out / REMOTE_ARCHIVE).write_bytes(_zip([e for e in every if in_remote_archive(e[0])]))


MANIFEST = "manifest.webmanifest"
ICONS = ("web/icons/railtable.svg", "web/icons/railtable-192.png", "web/icons/railtable-512.png")


def web_manifest() -> dict[str, object]:
    """The web app manifest: what the browser needs to install Railtable as an app."""
    return {
        "name": "Railtable: railway board games",
        "short_name": "Railtable",
        "description": "TransAmerica, Trains, Trains & Stations: hot-seat and against bots, offline.",
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#f4f1ea",
        "theme_color": "#2b2a26",
        "icons": [
            {"src": ICONS[0], "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
            {"src": ICONS[1], "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": ICONS[2], "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": ICONS[1], "sizes": "192x192", "type": "image/png", "purpose": "maskable"},
            {"src": ICONS[2], "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        ],
    }


def is_page_file(rel: str) -> bool:
    """A file of ``web/`` the page loads itself (the Python sources go in the archive only)."""
    return not rel.startswith("web/railtable_web/") and not rel.endswith(".py")


def content_hash(out: Path, files: Iterable[str]) -> str:
    """A short hash of every file's path and bytes: the release version."""
    digest = hashlib.sha256()
    for rel in sorted(files):
        digest.update(rel.encode() + b"\0")
        digest.update(hashlib.sha256((out / rel).read_bytes()).digest())
    return digest.hexdigest()[:16]


def service_worker(version: str, precache: dict[str, str], runtime_dir: str) -> str:
    """sw.js: the template with the release version, the precache list (path -> content hash) and
    the runtime's folder (its files come from the HTTP cache first)."""
    template = SW_TEMPLATE.read_text(encoding="utf-8")
    for marker in ("__VERSION__", "__PRECACHE__", "__RUNTIME__"):
        if marker not in template:
            raise BuildError(f"{SW_TEMPLATE} lacks the marker {marker}")
    return (template.replace("__VERSION__", version)
            .replace("__PRECACHE__", json.dumps(precache, indent=1))
            .replace("__RUNTIME__", json.dumps(runtime_dir)))


def runtime_folder() -> str:
    """``vendor/pyodide-<16 hex digits>/``: named by the runtime files' names and bytes."""
    digest = hashlib.sha256()
    for name in PYODIDE_FILES:
        digest.update(name.encode() + b"\0" + hashlib.sha256((PYODIDE_DIR / name).read_bytes()).digest())
    return f"{RUNTIME_PREFIX}{digest.hexdigest()[:16]}/"


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def sources() -> list[Path]:
    """Every input of the build (for ``--if-needed``)."""
    found = [ROOT / "index.html", Path(__file__).resolve(), SW_TEMPLATE, ROOT / "package-lock.json",
             BYTECODE_SCRIPT, BYTECODE_SCRIPT.with_suffix(".py")]
    found += list(_walk(ROOT / "web"))
    found += [p for p in _walk(ROOT / "py" / "railtable") if p.suffix in (".py", ".json")]
    return [p for p in found if p.exists()]


def needs_build(out: Path) -> bool:
    """True when ``out`` has no finished build or an input is newer than it."""
    stamp = out / "build.json"
    if not stamp.is_file() or not (out / "sw.js").is_file():
        return True
    built = stamp.stat().st_mtime
    return any(p.stat().st_mtime > built for p in sources())


def build(out: Path) -> dict[str, object]:
    """Build the site into ``out`` (emptied first); return the contents of build.json."""
    _check_inputs()
    if out == ROOT or out in ROOT.parents:
        raise BuildError(f"refusing to build into {out}: it holds the sources")
    if out.exists():
        previous = (out / "build.json").is_file() or out == ROOT / "dist"
        if any(out.iterdir()) and not previous:
            raise BuildError(f"refusing to empty {out}: it is not a previous build (no build.json)")
        shutil.rmtree(out)
    out.mkdir(parents=True)
    files: list[str] = []

    def put(src: Path, rel: str) -> None:
        _copy(src, out / rel)
        files.append(rel)

    put(ROOT / "index.html", "index.html")
    python: dict[str, Path] = {}
    for src in _walk(ROOT / "web"):
        rel = src.relative_to(ROOT).as_posix()
        if is_page_file(rel):
            put(src, rel)
        else:
            python[rel] = src
    for src in _walk(ROOT / "py" / "railtable"):
        if src.suffix in (".py", ".json"):
            python[src.relative_to(ROOT).as_posix()] = src
    runtime_dir = runtime_folder()
    for name in PYODIDE_FILES:
        put(PYODIDE_DIR / name, f"{runtime_dir}{name}")
    worker = out / "web" / "worker.js"
    text = worker.read_text(encoding="utf-8")
    if RUNTIME_PLACEHOLDER not in text:
        raise BuildError(f"web/worker.js does not name {RUNTIME_PLACEHOLDER}")
    worker.write_text(text.replace(RUNTIME_PLACEHOLDER, runtime_dir), encoding="utf-8")
    missing_icons = [icon for icon in ICONS if icon not in files]
    if missing_icons:
        raise BuildError(f"icons missing: {', '.join(missing_icons)} (tools/icons.py draws the PNGs)")

    write_archive(out, python, runtime_dir)
    files += [PYTHON_ARCHIVE, REMOTE_ARCHIVE]
    (out / MANIFEST).write_text(json.dumps(web_manifest(), indent=1) + "\n", encoding="utf-8")
    files.append(MANIFEST)

    version = content_hash(out, files)
    info: dict[str, object] = {
        "version": version,
        "pyodide": _package_version(PYODIDE_DIR),
        "runtime": runtime_dir,
        "files": len(files),
        "bytes": sum((out / rel).stat().st_size for rel in files),
    }
    (out / "build.json").write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")
    files.append("build.json")

    precache = {rel: file_hash(out / rel) for rel in sorted(files) if not rel.endswith(NOT_PRECACHED_SUFFIXES)}
    (out / "sw.js").write_text(service_worker(version, precache, runtime_dir), encoding="utf-8")
    info["precached"] = len(precache)
    return info


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the static site into dist/.")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder (default: dist/)")
    parser.add_argument("--if-needed", action="store_true", help="do nothing when the build is up to date")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    out: Path = args.out.resolve()
    if args.if_needed and not needs_build(out):
        if not args.quiet:
            print(f"build: {out} is up to date")
        return 0
    start = time.perf_counter()
    try:
        info = build(out)
    except BuildError as err:
        print(f"build failed: {err}", file=sys.stderr)
        return 1
    if not args.quiet:
        elapsed = time.perf_counter() - start
        print(
            f"build: {out} version {info['version']}: {info['files']} files, "
            f"{int(info['bytes']) / 1e6:.1f} MB, {info['precached']} precached, {elapsed:.2f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
