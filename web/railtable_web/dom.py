"""Small DOM helpers over PyScript's ``document`` (browser only)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

_PROXIES: list[Any] = []  # keep event proxies alive for the page's life


def is_null(value: Any) -> bool:
    """True for Python None and for JavaScript null/undefined (``JsNull`` in recent Pyodide)."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


def q(selector: str, root: Any = None) -> Any:
    return (root or document).querySelector(selector)


def on(element: Any, event: str, handler: Callable[[Any], Any]) -> None:
    """Attach a listener once (use on stable containers; delegate with ``closest``)."""
    proxy = create_proxy(handler)
    _PROXIES.append(proxy)
    element.addEventListener(event, proxy)


def closest_data(event: Any, attr: str) -> str | None:
    """The ``data-<attr>`` of the event target or its nearest ancestor that has one."""
    target = event.target
    if is_null(target) or not hasattr(target, "closest"):
        return None
    found = target.closest(f"[data-{attr}]")
    if is_null(found):
        return None
    return str(found.getAttribute(f"data-{attr}"))


def show(element: Any, visible: bool = True) -> None:
    if visible:
        element.removeAttribute("hidden")
    else:
        element.setAttribute("hidden", "")


def add_stylesheet(href: str) -> None:
    """Link a game's own style sheet into the page, once."""
    if is_null(document.querySelector(f'link[href="{href}"]')):
        link = document.createElement("link")
        link.rel = "stylesheet"
        link.href = href
        document.head.appendChild(link)


def now_ms() -> float:
    return float(window.performance.now())


def download(filename: str, text: str, mime: str = "application/json") -> None:
    from pyodide.ffi import to_js

    blob = window.Blob.new(to_js([text]), to_js({"type": mime}, dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    document.body.appendChild(link)
    link.click()
    link.remove()
    from pyodide.ffi import create_once_callable

    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)
