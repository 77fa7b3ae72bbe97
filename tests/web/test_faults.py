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


def test_names_with_bidi_characters_are_isolated_wherever_they_are_shown() -> None:
    """A name holding U+202E (RIGHT-TO-LEFT OVERRIDE) reorders only itself: the session's names
    (players list, messages, privacy screen, tab title, the save's title) are wrapped in FIRST
    STRONG ISOLATE ... POP DIRECTIONAL ISOLATE, and the lobby's save rows put the title in <bdi>."""
    from railtable_web.markup import isolate
    from railtable_web.session import Session

    from railtable.core import Match

    assert isolate("Ann") == "Ann" and isolate("Zoé") == "Zoé"
    assert isolate("\u202eAnn") == "\u2068\u202eAnn\u2069"
    assert isolate("אבי") == "\u2068אבי\u2069"
    session = Session(Match("transamerica", {"players": ["\u202eAnn", "Bob"]}, 4, [None, None]), "s")
    assert session.names == ["\u2068\u202eAnn\u2069", "Bob"]
    assert "\u2068\u202eAnn\u2069, Bob" in session.title()

    async def scenario() -> None:
        storage = {"railtable.save.s": json.dumps({"title": "TransAmerica · \u202eAnn, Bob", "updated": 1.7e12,
                                                   "save": session.match.to_save()})}
        page = start_page(storage)
        assert '<bdi class="save-title">TransAmerica · \u202eAnn, Bob</bdi>' in page.last("#save-list", "innerHTML")
        _cancel_tasks()

    fresh_loop.run(scenario())


def test_the_lobby_refuses_a_name_with_no_visible_character_in_english_and_french() -> None:
    async def scenario() -> None:
        for lang, words in (("en", "the name of player 2 has no visible character"),
                            ("fr", "le nom du joueur 2 n'a aucun caractère visible")):
            page = start_page({"railtable.settings": json.dumps({"lang": lang})})
            form = {**dom.FORM, "seat-name-1": "\u200b\u200b"}
            page.send("#lobby-form", "submit", form)
            assert app.APP is not None and app.APP.session is None
            assert words in page.last("#flash", "textContent"), page.last("#flash", "textContent")
            assert saved_slots(bridge.STORAGE) == []
            _cancel_tasks()

    fresh_loop.run(scenario())
