"""Compile our modules to bytecode inside Pyodide's own Python (run by ``tools/bytecode.mjs``).

Pyodide imports our modules from ``python.zip`` (``zipimport``: the archive is on ``sys.path``);
without bytecode every import compiles its module from source on every boot (issue 10: about 0.3 s
of a quiet cold boot, 0.7 s under load). The build's Python is not Pyodide's (bytecode differs
between versions), so the build runs this file in the npm package's Pyodide under Node: the very
runtime the site ships.

Each ``pkg/module.py`` gets a ``pkg/module.pyc`` beside it, where ``zipimport`` looks first (it
never looks in ``__pycache__``). The files are "unchecked hash" pycs (PEP 552): Python never
compares them with their source, which is safe because they are made from the very sources they
travel with in ``python.zip``; a pyc whose magic number is not the running Python's is ignored and
the source compiled.
"""

import io
import py_compile
import zipfile
from pathlib import Path

PACKAGES = ("railtable", "railtable_web")


def compile_tree(home: str) -> bytes:
    """A zip of the bytecode of every module of our packages under ``home``: ``pkg/module.pyc``
    beside ``pkg/module.py``, paths relative to ``home``, sorted, with fixed dates (the build is
    deterministic)."""
    root = Path(home)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        for source in sorted(p for pkg in PACKAGES for p in (root / pkg).rglob("*.py")):
            target = py_compile.compile(str(source), doraise=True,
                                        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            info = zipfile.ZipInfo(str(source.with_suffix(".pyc").relative_to(root)), date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, Path(target).read_bytes())
    return out.getvalue()
