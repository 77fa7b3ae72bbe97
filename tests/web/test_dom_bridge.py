"""The worker's view of the page (issue 10): DOM writes become operations, events come back as data,
localStorage is a written-through copy. Runs on CPython: nothing here needs a browser."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from railtable_web import bridge, dom
from railtable_web.store import SaveStore


@pytest.fixture(autouse=True)
def clean() -> Iterator[list[str]]:
    sent: list[str] = []
    dom.OPS.clear()
    dom.FORM.clear()
    dom.HANDLERS.clear()
    dom.connect(sent.append, None)
    yield sent
    dom.OPS.clear()
    dom.connect(None, None)  # type: ignore[arg-type]


def test_writes_become_operations_in_order_and_flush_sends_them_once(clean: list[str]) -> None:
    el = dom.q("#tr-hand")
    el.innerHTML = "<b>x</b>"
    el.setAttribute("hidden", "")
    el.classList.toggle("mine", True)
    el.dataset.phase = "play"
    dom.q(".card", el).removeAttribute("title")
    expected = [
        ["p", "#tr-hand", "innerHTML", "<b>x</b>"],
        ["a", "#tr-hand", "hidden", ""],
        ["c", "#tr-hand", "mine", True],
        ["d", "#tr-hand", "phase", "play"],
        ["a", "#tr-hand .card", "title", None],
    ]
    assert dom.OPS == expected
    assert dom.q("#tr-hand").hidden is True
    dom.flush(reply=7)
    assert json.loads(clean[0]) == {"ops": expected, "reply": 7}
    assert dom.OPS == []
    dom.flush()  # nothing queued and nothing to answer: nothing sent
    assert len(clean) == 1


def test_form_values_are_read_from_the_latest_event_and_written_locally() -> None:
    seen: list[dom.Event] = []
    ident = dom.on(dom.q("#lobby-form"), "submit", seen.append, prevent=True)
    assert dom.OPS[-1] == ["on", "#lobby-form", "submit", ident, True]
    dom.dispatch({"kind": "event", "id": ident, "type": "submit", "data": {"data-cmd": "go"},
                  "form": {"seed": "42", "game": "trains", "trains-pick": ["Lay Rails"]}})
    assert dom.q("#seed").value == "42"
    assert dom.form_value("trains-pick") == ["Lay Rails"]
    assert dom.closest_data(seen[0], "cmd") == "go" and dom.closest_data(seen[0], "act") is None
    dom.q("#seed").value = "7"
    assert dom.q("#seed").value == "7"
    with pytest.raises(AttributeError):
        _ = dom.q("#seed").offsetWidth  # layout cannot be read from the worker


def test_page_storage_reads_its_copy_and_writes_through_to_the_page() -> None:
    storage = bridge.PageStorage({"railtable.settings": '{"lang": "fr"}', "railtable.save.a": "{oops"})
    store = SaveStore(storage)
    assert store.settings() == {"lang": "fr"}
    store.set_setting("pace", "fast")
    store.delete("a")
    assert ["set", "railtable.settings", '{"lang": "fr", "pace": "fast"}'] in dom.OPS
    assert ["del", "railtable.save.a"] in dom.OPS
    assert storage.getItem("railtable.save.a") is None and storage.length == 1


def test_a_handler_error_is_reported_in_the_page_and_the_event_still_answered(clean: list[str]) -> None:
    def broken(event: dom.Event) -> None:
        raise ValueError("boom")

    ident = dom.on(dom.q("#x"), "click", broken)
    clean.clear()
    dom.OPS.clear()
    bridge.receive(json.dumps({"kind": "event", "id": ident, "type": "click", "seq": 3, "form": {}}))
    batch = json.loads(clean[-1])
    assert batch["reply"] == 3
    assert batch["ops"][0][:2] == ["log", "error"] and "boom" in batch["ops"][0][2]


def test_a_closed_tables_handlers_are_forgotten_and_ids_never_reused() -> None:
    lobby = dom.on(dom.q("#lobby-form"), "submit", lambda e: None)
    first = dom.next_handler_id()
    table = dom.on(dom.q("#ta-board"), "click", lambda e: None)
    assert table == first > lobby
    dom.forget_handlers(first)
    assert list(dom.HANDLERS) == [lobby]
    assert dom.on(dom.q("#ta-board"), "click", lambda e: None) > table
