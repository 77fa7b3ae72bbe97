"""The worker's side of the page: messages in, DOM operations out (docs/architecture.md).

``web/worker.js`` loads Pyodide in a Web Worker, unpacks ``python.zip``, imports this module and
calls :func:`receive` with every message from the page (a JSON string). The page's first message
(``start``) carries its address, its form controls and a copy of Railtable's localStorage keys;
the app then runs here and sends DOM operations back (``dom.flush``).

localStorage exists only in the page: :class:`PageStorage` keeps a copy here (reads never wait)
and sends every write to the page, which writes it to localStorage; other tabs' writes come
back as ``storage`` messages.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from . import dom
from .store import MemoryStorage

STORAGE_PREFIX = "railtable."
"""The localStorage keys the page copies to the worker (saves and settings)."""


class PageStorage(MemoryStorage):
    """The Web Storage API over the worker's copy of the page's localStorage (``store.MemoryStorage``),
    writing through to the page."""

    kept = True

    def __init__(self, data: dict[str, str], emit: Callable[..., None] = dom.emit) -> None:
        super().__init__(data)
        self._emit = emit

    def setItem(self, key: str, value: str) -> None:  # noqa: N802 (Web Storage names)
        super().setItem(key, value)
        self._emit("set", key, str(value))

    def removeItem(self, key: str) -> None:  # noqa: N802
        super().removeItem(key)
        self._emit("del", key)


STORAGE: PageStorage | None = None


def connect(sender: Callable[[str], None]) -> None:
    """Send batches of DOM operations with ``sender``; flush soon after any queued operation."""
    import asyncio

    def soon(callback: Callable[[], None]) -> None:
        asyncio.get_event_loop().call_soon(callback)

    dom.connect(sender, soon)


def receive(text: str) -> None:
    """Handle one message from the page (JSON: ``{"kind": ..., ...}``)."""
    message: dict[str, Any] = json.loads(text)
    kind = message.get("kind")
    reply = message.get("seq")
    try:
        if kind == "start":
            _start(message)
        elif kind == "event":
            dom.dispatch(message)
        elif kind == "storage" and STORAGE is not None:
            key, value = str(message["key"]), message.get("value")
            if value is None:
                STORAGE.data.pop(key, None)
            else:
                STORAGE.data[key] = str(value)
            _saves_ui("storage_changed", key, None if value is None else str(value))
        elif kind == "store-failed":
            actual = message.get("value")
            _saves_ui("write_failed", str(message.get("key", "")), str(message.get("error", "")),
                      None if actual is None else str(actual))
        elif kind == "store-ok":
            _saves_ui("write_ok", str(message.get("key", "")))
        elif kind == "rtc":  # remote play's transport (web/remote.js): imported on first use
            from . import rtc

            rtc.receive(message)
    except Exception as exc:  # a bug must never leave the page waiting: report it there
        import traceback

        dom.log("error", f"Railtable: {exc!r}\n{traceback.format_exc()}")
        if kind == "event":
            _tell_fault(exc)
    dom.flush(reply if isinstance(reply, int) else None)


def _tell_fault(exc: Exception) -> None:
    """A person's click raised: the player is told, and the open game can go on (``App.engine_fault``)."""
    from . import app

    try:
        if app.APP is not None:
            app.APP.engine_fault(exc)
    except Exception as again:  # noqa: BLE001 (the page must still get its answer)
        dom.log("error", f"Railtable: {again!r}")


def _saves_ui(name: str, *args: Any) -> None:
    """Tell the app's storage notices (``saves_ui``) what the page reported."""
    from . import app, saves_ui

    if app.APP is not None:
        getattr(saves_ui, name)(app.APP, *args)


def _start(message: dict[str, Any]) -> None:
    global STORAGE
    from . import app

    dom.URL.update({k: str(v) for k, v in (message.get("url") or {}).items()})
    dom.FORM.update(message.get("form") or {})
    stored = message.get("storage")
    STORAGE = PageStorage(stored) if isinstance(stored, dict) else None
    app.start(STORAGE)
