"""Issue 34, "Faults and hostile input", the worker's side: the page's events run through the real
bridge and app on CPython (as in test_lobby_properties.py), and what the page would show is read
from the DOM operations sent back."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import fresh_loop
from railtable_web import app, bridge, dom, i18n, saves_ui


class Page:
    """The page as the worker sees it: every operation sent, and events sent back by listener."""

    def __init__(self) -> None:
        self.ops: list[list[Any]] = []
        self.seq = 0
        dom.connect(lambda text: self.ops.extend(json.loads(text)["ops"]))

    def listener(self, selector: str, kind: str) -> int:
        found = [op[3] for op in self.ops if op[0] == "on" and op[1] == selector and op[2] == kind]
        assert found, f"no {kind} listener on {selector}"
        return int(found[-1])

    def send(self, selector: str, kind: str, form: dict[str, Any] | None = None, **data: str) -> None:
        self.seq += 1
        bridge.receive(json.dumps({
            "kind": "event", "id": self.listener(selector, kind), "type": kind, "seq": self.seq,
            "data": {f"data-{k}": v for k, v in data.items()}, "target": "", "disabled": False,
            "form": dict(dom.FORM) if form is None else form,
        }))

    def errors(self) -> list[str]:
        return [str(op[2])[:300] for op in self.ops if op[0] == "log" and op[1] == "error"]

    def last(self, selector: str, prop: str) -> Any:
        values = [op[3] for op in self.ops if op[0] == "p" and op[1] == selector and op[2] == prop]
        return values[-1] if values else None


def start_page(storage: dict[str, str] | None = None, link: str = "") -> Page:
    """A new page load: the worker's module state fresh, the page's ``start`` message received."""
    app.APP = None
    dom.OPS.clear()
    dom.HANDLERS.clear()
    dom.FORM.clear()
    dom.URL.update({"href": "", "hash": ""})
    saves_ui.NOTICES.__init__()  # type: ignore[misc]
    i18n.set_language("en")
    page = Page()
    bridge.receive(json.dumps({"kind": "start", "url": {"href": "http://127.0.0.1/" + link, "hash": link},
                               "form": {}, "storage": {} if storage is None else storage}))
    dom.flush()
    return page


def _cancel_tasks() -> None:
    for task in asyncio.all_tasks():
        if task is not asyncio.current_task():
            task.cancel()


def saved_slots(storage: Any) -> list[str]:
    return [k for k in storage.data if k.startswith("railtable.save.")]


def test_start_sent_three_times_in_one_task_starts_one_game() -> None:
    """Three submits queued before the first is answered (three clicks in one task of the page)
    make one table and one saved game."""

    async def scenario() -> None:
        page = start_page()
        form = dict(dom.FORM)
        for _ in range(3):
            page.send("#lobby-form", "submit", form)
        assert page.errors() == []
        assert app.APP is not None and app.APP.session is not None
        assert len(saved_slots(bridge.STORAGE)) == 1
        _cancel_tasks()

    fresh_loop.run(scenario())
