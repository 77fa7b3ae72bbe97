"""Remote play's modules, fetched the first time remote play is used (issue 30: the first load of the
page does not grow by them).

``tools/build.py`` ships them in ``python-remote.zip`` beside ``python.zip`` (precached by the service
worker like every file, so this works offline on a network of its own). In the worker,
:func:`ensure` fetches it once, writes it into Pyodide's file system and adds its ``railtable_web``
folder to the package's path; on CPython (tests), the modules are beside this one and nothing is
fetched.
"""

from __future__ import annotations

import importlib.util
import sys

ARCHIVE = "python-remote.zip"
PATH = "/home/pyodide/" + ARCHIVE
_ready = False


def available() -> bool:
    """Whether remote play's modules can be imported now."""
    return _ready or importlib.util.find_spec(__package__ + ".remote_ui") is not None


async def ensure() -> None:
    """Make remote play's modules importable (fetching their archive once, in the worker)."""
    global _ready
    if available():
        _ready = True
        return
    from js import fetch, location  # Pyodide, in the worker: its script is web/worker.js

    response = await fetch(str(location.href).split("/web/", 1)[0] + "/" + ARCHIVE)
    if not response.ok:
        raise OSError(f"{ARCHIVE}: HTTP {response.status}")
    data = (await response.arrayBuffer()).to_py()
    with open(PATH, "wb") as f:
        f.write(bytes(data))
    package = sys.modules[__package__]
    package.__path__.append(PATH + "/" + __package__)
    importlib.invalidate_caches()
    _ready = True
