"""Property test of the page's start (issue 15: "nothing stored can stop the page"): random and
mutated stored records, settings and lobby links, fed to the worker's real start-up.

The code path is the worker's own, run on CPython: ``bridge.receive`` gets the page's ``start``
message (its address, and its copy of localStorage) exactly as ``web/worker.js`` passes it, and
``app.start`` runs the lobby (``store``, ``saves_ui``, ``app``: the same modules Pyodide runs); what
the page would do is read from the DOM operations sent back. Only page.js (applying those
operations) and Pyodide itself are left out; ``e2e/test_saves_hostile.py`` covers them with fixed
hostile records in Chromium.

Each example asserts: no error reaches the page's console (``dom.log("error", ...)``: what the
bridge sends when Python raises), Start is enabled and the engine said ready, every stored record
has a row (kept, exportable, deletable), every good save's row offers Resume, and each good save
really resumes (a table opens, nothing raised). A mutated record whose row still offers Resume
either opens or is refused with a message, never an exception.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import fresh_loop
from fake_page import fresh
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from railtable_web import app, bridge, dom

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves_rules1"
GOOD = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted(FIXTURES.glob("*_*p_*.json"))}

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=6), kids, max_size=3),
    max_leaves=8,
)
FIELDS = ("format", "version", "game", "config", "seed", "seats", "actions", "players", "rules", "extra")


def _record(save: Any, title: Any = "Saved", updated: Any = 1.7e12) -> str:
    return json.dumps({"title": title, "updated": updated, "save": save})


@st.composite
def mutated(draw: Any) -> str:
    """A stored record made from a good save, damaged one way."""
    save = json.loads(json.dumps(GOOD[draw(st.sampled_from(sorted(GOOD)))]))
    how = draw(st.sampled_from(("field", "action", "truncate", "nest", "updated", "junk", "duplicate")))
    if how == "field":
        field = draw(st.sampled_from(FIELDS))
        target = save["config"] if field in ("players", "rules") else save
        target[field] = draw(JSON)
    elif how == "action" and save["actions"]:
        action = save["actions"][draw(st.integers(0, len(save["actions"]) - 1))]
        action[draw(st.sampled_from([*action, "extra"]))] = draw(JSON)
    elif how == "truncate":
        text = _record(save)
        return text[: draw(st.integers(0, len(text) - 1))]
    elif how == "nest":
        depth = draw(st.sampled_from((10, 70, 5000)))
        return "[" * depth + _record(save) + "]" * depth
    elif how == "updated":
        return _record(save, draw(JSON), draw(st.sampled_from(("NaN", "1e300", "-1", '"x"', "null"))))\
            .replace('"NaN"', "NaN").replace('"1e300"', "1e300")
    elif how == "duplicate":
        return _record(save).replace('"game": ', '"game": "chess", "game": ', 1)
    else:
        return json.dumps(draw(JSON))
    return _record(save)


SETTINGS = st.one_of(
    st.dictionaries(st.sampled_from(("pace", "lang", "trains_board", "trains_kingdom", "trains_picked", "x")),
                    JSON, max_size=4).map(json.dumps),
    st.sampled_from(("", "[", "[" * 5000, "null", '"fr"', '{"lang": "fr", "pace": "instant"}')),
)
LINKS = st.builds(
    lambda game, players, seed, extra: "#" + "&".join(
        f"{k}={v}" for k, v in (("game", game), ("players", players), ("seed", seed), ("x", extra)) if v is not None),
    st.one_of(st.none(), st.sampled_from(("transamerica", "trains", "stations", "chess", "", "%3Cb%3E"))),
    st.one_of(st.none(), st.sampled_from(("2", "4", "99", "-1", "abc", ""))),
    st.one_of(st.none(), st.sampled_from(("7", "-3", "3.7", "1e999", "9" * 40, "abc"))),
    st.one_of(st.none(), st.text("abc%<>=&\"'", max_size=6)),
)


class Page:
    """What the page is sent back: every DOM operation, in order."""

    def __init__(self) -> None:
        self.ops: list[list[Any]] = []
        dom.connect(lambda text: self.ops.extend(json.loads(text)["ops"]))

    def errors(self) -> list[str]:
        return [str(op[2])[:300] for op in self.ops if op[0] == "log" and op[1] == "error"]

    def last(self, selector: str, prop: str) -> Any:
        values = [op[3] for op in self.ops if op[0] == "p" and op[1] == selector and op[2] == prop]
        return values[-1] if values else None




def _start(storage: dict[str, str], link: str) -> tuple[Page, app.App]:
    fresh()
    page = Page()
    bridge.receive(json.dumps({"kind": "start", "url": {"href": "http://127.0.0.1/" + link, "hash": link},
                               "form": {}, "storage": storage}))
    assert app.APP is not None
    return page, app.APP


async def _scenario(good: list[str], bad: list[str], settings_text: str, link: str) -> None:
    storage = {f"railtable.save.good{i}": _record(GOOD[name], name) for i, name in enumerate(good)}
    storage.update({f"railtable.save.bad{i}": text for i, text in enumerate(bad)})
    storage["railtable.settings"] = settings_text
    page, the_app = _start(storage, link)
    dom.flush()
    assert page.errors() == []
    assert page.last("#start", "disabled") is False
    assert ["d", "html", "engine", "ready"] in page.ops
    rows = page.last("#save-list", "innerHTML") or ""
    assert rows.count('<li class="save') == len(storage) - 1  # every record listed, none dropped
    for slot in (k.removeprefix("railtable.save.") for k in storage if k.startswith("railtable.save.")):
        assert f'data-export="{slot}"' in rows and f'data-delete="{slot}"' in rows
    resumable = [slot for slot in (f"good{i}" for i in range(len(good)))]
    resumable += [f"bad{i}" for i in range(len(bad)) if f'data-resume="bad{i}"' in rows]
    for slot in resumable:
        assert f'data-resume="{slot}"' in rows
        flashes = len([op for op in page.ops if op[1:2] == ["#flash"]])
        the_app.resume(slot)  # raises nothing: opens, or tells why not
        dom.flush()
        assert page.errors() == []
        if slot.startswith("good"):
            assert the_app.session is not None and the_app.session.slot == slot
        else:
            assert the_app.session is not None or len([op for op in page.ops if op[1:2] == ["#flash"]]) > flashes
        if the_app.session is not None:
            the_app.close_table()
    for task in asyncio.all_tasks():
        if task is not asyncio.current_task():
            task.cancel()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(good=st.lists(st.sampled_from(sorted(GOOD)), min_size=1, max_size=2),
       bad=st.lists(mutated(), max_size=3), settings_text=SETTINGS, link=LINKS)
def test_the_lobby_always_comes_up_with_good_saves_resumable(good: list[str], bad: list[str], settings_text: str,
                                                             link: str) -> None:
    fresh_loop.run(_scenario(good, bad, settings_text, link))
