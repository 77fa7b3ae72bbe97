"""The page as the worker sees it, for tests that drive the real bridge and app on CPython: every
DOM operation the worker sends, and events sent back to its listeners."""

from __future__ import annotations

import asyncio
import json
from typing import Any

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

    def send(self, selector: str, kind: str, form: dict[str, Any] | None = None, file: dict[str, Any] | None = None,
             **data: str) -> None:
        self.seq += 1
        bridge.receive(json.dumps({
            "kind": "event", "id": self.listener(selector, kind), "type": kind, "seq": self.seq,
            "data": {f"data-{k}": v for k, v in data.items()}, "target": "", "disabled": False,
            "form": dict(dom.FORM) if form is None else form, "file": file,
        }))

    def errors(self) -> list[str]:
        return [str(op[2])[:300] for op in self.ops if op[0] == "log" and op[1] == "error"]

    def last(self, selector: str, prop: str) -> Any:
        values = [op[3] for op in self.ops if op[0] == "p" and op[1] == selector and op[2] == prop]
        return values[-1] if values else None


def fresh() -> None:
    """The worker's module state as a new page load finds it."""
    app.APP = None
    dom.OPS.clear()
    dom.HANDLERS.clear()
    dom.FORM.clear()
    dom.URL.update({"href": "", "hash": ""})
    saves_ui.NOTICES.__init__()  # type: ignore[misc]
    i18n.set_language("en")


def start_page(storage: dict[str, str] | None = None, link: str = "") -> Page:
    """A new page load: the worker's module state fresh, the page's ``start`` message received."""
    fresh()
    page = Page()
    bridge.receive(json.dumps({"kind": "start", "url": {"href": "http://127.0.0.1/" + link, "hash": link},
                               "form": {}, "storage": {} if storage is None else storage}))
    dom.flush()
    return page


def cancel_tasks() -> None:
    for task in asyncio.all_tasks():
        if task is not asyncio.current_task():
            task.cancel()


def start_game(page: Page, seats: list[tuple[str, str]], game: str = "transamerica", **extra: Any) -> None:
    form = {**dom.FORM, "game": game, "player-count": str(len(seats)), "seed": "7", "pace": "instant", **extra}
    for i, (name, kind) in enumerate(seats):
        form[f"seat-name-{i}"], form[f"seat-kind-{i}"] = name, kind
    page.send("#lobby-form", "submit", form)
    assert app.APP is not None and app.APP.session is not None


async def let_bots_play(rounds: int = 40) -> None:
    for _ in range(rounds):
        await asyncio.sleep(0.01)
        dom.flush()
