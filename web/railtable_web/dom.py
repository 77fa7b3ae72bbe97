"""The page's DOM as seen from the Web Worker where all Python runs (docs/architecture.md).

The worker cannot touch the page. ``q(selector)`` gives an :class:`Element` that records what is
done to it (set a property, an attribute, a class, a data value, listen to an event) as small
JSON operations; :func:`flush` sends the queued operations to the page in one message, and
``web/page.js`` applies them in order on the main thread. Operations:

- ``["p", selector, name, value]``: ``el[name] = value`` (``innerHTML``, ``textContent``,
  ``disabled``, ``value``, ``title``...);
- ``["a", selector, name, value]``: ``setAttribute`` (``removeAttribute`` when value is None);
- ``["c", selector, class, force]``: ``classList.toggle(class, force)``;
- ``["d", selector, key, value]``: ``dataset[key] = value``;
- ``["on", selector, event, id, prevent]``: listen; the page sends each event back with the
  ``data-*`` values of the target and its ancestors and the values of the page's form controls;
- page services: ``["set"/"del", key, value]`` (localStorage), ``["i18n", lang, texts]``,
  ``["css", href]``, ``["download", name, text, mime]``, ``["clip", text]``, ``["title", text]``,
  ``["log", level, text]``, ``["clicked"]`` (this batch answers a person's move: the page notes
  the click-to-redrawn time in ``html[data-last-click-ms]``);
- ``["rtc", command, peer, payload]``: remote play's data channels (``rtc.py``; ``web/remote.js``,
  loaded on the first one; applied as they arrive, never held back with the drawing);
- ``["pause"]``: the page applies what follows in a later task (:func:`later`: a big board is drawn
  in pieces, so that no single task of the page's main thread is long).

Values of form controls are read from the snapshot that came with the latest event (``FORM``:
id -> value or checked; radio name -> checked value; checkbox name -> checked values).
Runs on CPython too (nothing here imports the browser), so the page logic is testable there.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

OPS: list[list[Any]] = []
"""Operations waiting for :func:`flush`."""
FORM: dict[str, Any] = {}
"""The page's form controls, as of the latest message from the page."""
HIDDEN: dict[str, bool] = {"#modal": True, "#privacy": True, "#flash": True, "#table": True}
"""What this side last made hidden or visible (index.html's initial state first)."""
HANDLERS: dict[int, Callable[[Event], Any]] = {}
_next_id = 1
URL: dict[str, str] = {"href": "", "hash": ""}
"""The page's address when the worker started."""

_sender: Callable[[str], None] | None = None
_scheduler: Callable[[Callable[[], None]], Any] | None = None
_flush_pending = False


def connect(sender: Callable[[str], None], scheduler: Callable[[Callable[[], None]], Any] | None = None) -> None:
    """Where :func:`flush` sends its JSON (the worker's ``postMessage``), and how to run a flush
    soon after queued operations (the event loop's ``call_soon``) so none is ever forgotten."""
    global _sender, _scheduler
    _sender = sender
    _scheduler = scheduler


def emit(*op: Any) -> None:
    OPS.append(list(op))
    emit_soon()


def _scheduled_flush() -> None:
    global _flush_pending
    _flush_pending = False
    flush()


LATER: dict[str, str] = {}
"""Contents drawn in pieces at the end of the next batch (:func:`later`), by selector."""


def later(selector: str, html: str) -> None:
    """Set the innerHTML of ``selector`` at the end of the next batch, after a ``pause``: each piece
    is applied (parsed, styled and laid out) in a task of its own (issue 34). For what nobody clicks
    (a board's background); what is clickable is drawn with :func:`draw`, whole."""
    LATER.pop(selector, None)
    LATER[selector] = html
    emit_soon()


def later_pieces(prefix: str, pieces: list[str]) -> str:
    """Empty groups ``<g id="<prefix>-<i>">`` to put in place of ``pieces`` (parts of a board's
    background), each filled by :func:`later` in a task of its own."""
    return "".join(later_one(f"{prefix}-{i}", piece) for i, piece in enumerate(pieces))


def later_one(ident: str, html: str) -> str:
    """An empty group ``<g id="<ident>">`` that :func:`later` fills with ``html``."""
    later(f"#{ident}", html)
    return f'<g id="{ident}"></g>'


def draw(selector: str, html: str) -> None:
    """Set the innerHTML of ``selector``: at once, or after the pieces :func:`later` queued (never
    before the background it is drawn over)."""
    if LATER:
        later(selector, html)
    else:
        emit("p", selector, "innerHTML", html)


def emit_soon() -> None:
    """Make sure a flush comes soon (the operations wait in ``LATER``)."""
    global _flush_pending
    if _scheduler is not None and not _flush_pending:
        _flush_pending = True
        _scheduler(_scheduled_flush)


def flush(reply: int | None = None) -> None:
    """Send the queued operations to the page (``reply``: the event they answer), then the pieces
    :func:`later` queued, each after a ``pause``."""
    for selector, html in LATER.items():
        OPS.append(["pause"])
        OPS.append(["p", selector, "innerHTML", html])
    LATER.clear()
    if not OPS and reply is None:
        return
    batch = json.dumps({"ops": OPS, "reply": reply}, separators=(",", ":"))
    OPS.clear()
    if _sender is not None:
        _sender(batch)


def _form_key(selector: str) -> str | None:
    return selector[1:] if selector.startswith("#") and " " not in selector else None


class ClassList:
    __slots__ = ("selector",)

    def __init__(self, selector: str) -> None:
        self.selector = selector

    def add(self, name: str) -> None:
        emit("c", self.selector, name, True)

    def remove(self, name: str) -> None:
        emit("c", self.selector, name, False)

    def toggle(self, name: str, force: bool | None = None) -> None:
        emit("c", self.selector, name, None if force is None else bool(force))


class Dataset:
    __slots__ = ("selector",)

    def __init__(self, selector: str) -> None:
        object.__setattr__(self, "selector", selector)

    def __setattr__(self, key: str, value: Any) -> None:
        emit("d", self.selector, key, None if value is None else str(value))


class Element:
    """The element(s) a selector names in the page; writes are recorded, reads come from FORM."""

    __slots__ = ("selector",)

    def __init__(self, selector: str) -> None:
        object.__setattr__(self, "selector", selector)

    def __setattr__(self, name: str, value: Any) -> None:
        key = _form_key(self.selector)
        if name in ("value", "checked") and key is not None:
            FORM[key] = value
        if name == "hidden":
            HIDDEN[self.selector] = bool(value)
        emit("p", self.selector, name, value)

    def __getattr__(self, name: str) -> Any:
        if name in ("value", "checked"):
            key = _form_key(self.selector)
            value = FORM.get(key, "" if name == "value" else False) if key is not None else None
            return value
        if name == "hidden":
            return HIDDEN.get(self.selector, False)
        if name == "dataset":
            return Dataset(self.selector)
        if name == "classList":
            return ClassList(self.selector)
        raise AttributeError(f"{name} cannot be read from the worker ({self.selector})")

    def setAttribute(self, name: str, value: Any) -> None:  # noqa: N802 (DOM name)
        if name == "hidden":
            HIDDEN[self.selector] = True
        emit("a", self.selector, name, str(value))

    def removeAttribute(self, name: str) -> None:  # noqa: N802
        if name == "hidden":
            HIDDEN[self.selector] = False
        emit("a", self.selector, name, None)

    def querySelector(self, selector: str) -> Element:  # noqa: N802
        return Element(f"{self.selector} {selector}")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Element) and other.selector == self.selector

    def __hash__(self) -> int:
        return hash(self.selector)


@dataclass
class Event:
    """An event forwarded by the page: its type, the ``data-*`` attributes of the target and its
    ancestors (the nearest wins), the target's id, whether it is inside a disabled button, and
    for a file input the chosen file's name and text."""

    type: str
    data: dict[str, str] = field(default_factory=dict)
    target_id: str = ""
    disabled: bool = False
    file: dict[str, str] | None = None
    key: str = ""
    """A keyboard event's ``key`` ("ArrowLeft", " "...)."""

    def preventDefault(self) -> None:  # noqa: N802 (the page did it when listening with ``prevent``)
        return None


def is_null(value: Any) -> bool:
    return value is None


def q(selector: str, root: Element | None = None) -> Element:
    return Element(selector if root is None else f"{root.selector} {selector}")


def on(element: Element, event: str, handler: Callable[[Event], Any], prevent: bool | str = False) -> int:
    """Listen to ``event`` on ``element`` (a stable container: delegate with ``closest_data``).

    ``prevent``: True to cancel the event's default action in the page, or a selector: cancel it
    when the target is inside a matching element.
    """
    global _next_id
    ident = _next_id
    _next_id += 1
    HANDLERS[ident] = handler
    emit("on", element.selector, event, ident, prevent)
    return ident


def forget_handlers(first: int) -> None:
    """Drop the handlers registered since ``first`` (``on``'s ids): their elements are gone."""
    for ident in [i for i in HANDLERS if i >= first]:
        del HANDLERS[ident]
    emit("off", first)  # the page removes its listeners too (an element that stays keeps none)


def next_handler_id() -> int:
    """The id the next ``on`` will get (see :func:`forget_handlers`)."""
    return _next_id


def dispatch(message: dict[str, Any]) -> None:
    """Run the handler of an event sent by the page (``FORM`` is updated first)."""
    FORM.clear()
    FORM.update(message.get("form") or {})
    handler = HANDLERS.get(int(message["id"]))
    if handler is None:
        return
    handler(Event(
        type=str(message.get("type", "")),
        data={str(k): str(v) for k, v in (message.get("data") or {}).items()},
        target_id=str(message.get("target") or ""),
        disabled=bool(message.get("disabled")),
        file=message.get("file"),
        key=str(message.get("key") or ""),
    ))


def closest_data(event: Event, attr: str) -> str | None:
    """The ``data-<attr>`` of the event target or its nearest ancestor that has one."""
    return event.data.get(f"data-{attr}")


def form_value(key: str, default: Any = "") -> Any:
    """A form control's value (by id), a radio group's checked value or a checkbox group's
    checked values (by name), as of the latest message from the page."""
    return FORM.get(key, default)


def show(element: Element, visible: bool = True) -> None:
    if visible:
        element.removeAttribute("hidden")
    else:
        element.setAttribute("hidden", "")


def add_stylesheet(href: str) -> None:
    """Link a game's own style sheet into the page, once."""
    emit("css", href)


def now_ms() -> float:
    import time

    return time.perf_counter() * 1000


def download(filename: str, text: str, mime: str = "application/json") -> None:
    emit("download", filename, text, mime)


def bring_into_view(selector: str) -> None:
    """Scroll the first shown element matching ``selector`` into view, only as far as needed."""
    emit("show", selector)


def copy_text(text: str) -> None:
    emit("clip", text)


def set_title(text: str) -> None:
    emit("title", text)


def log(level: str, text: str) -> None:
    """``console.warn``/``console.error`` in the page (browser tests watch the page's console)."""
    emit("log", level, text)


def clicked() -> None:
    emit("clicked")
