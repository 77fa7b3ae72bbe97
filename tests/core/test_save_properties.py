"""Property (issue 15): mutated, truncated and re-nested saves of every game give a match or a
``SaveError`` with a message, never another exception (nothing stored or imported stops the page)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from railtable.core import Match, SaveError

FIXTURES = Path(__file__).parent.parent / "fixtures" / "saves_rules1"
BASES = [(FIXTURES / f"{name}.json").read_text(encoding="utf-8").strip() for name in (
    "transamerica_3p_midgame", "trains_2p_tokyo_midgame", "stations_4p_midgame")]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=6), kids, max_size=3),
    max_leaves=10,
)


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path to a value inside ``value`` (dict keys and list indexes), the root included."""
    out = [prefix]
    stack = [(value, prefix)]
    while stack:
        item, at = stack.pop()
        children = item.items() if isinstance(item, dict) else enumerate(item) if isinstance(item, list) else ()
        for key, sub in children:
            out.append((*at, key))
            stack.append((sub, (*at, key)))
    return out


def replace(value: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    parent = value
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = new
    return value


def get(value: Any, path: tuple) -> Any:
    for key in path:
        value = value[key]
    return value


def loads_or_error(text: str | bytes) -> None:
    try:
        match = Match.from_save(text)
    except SaveError as exc:
        assert str(exc)
        return
    assert match.state.to_json() is not None


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(BASES))), st.data())
def test_a_value_anywhere_replaced_by_any_json(base: int, data: st.DataObject) -> None:
    save = json.loads(BASES[base])
    path = data.draw(st.sampled_from(paths(save)))
    loads_or_error(json.dumps(replace(save, path, data.draw(json_values))))


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(range(len(BASES))), st.data())
def test_a_value_anywhere_renested_or_deleted(base: int, data: st.DataObject) -> None:
    save = json.loads(BASES[base])
    path = data.draw(st.sampled_from(paths(save)[1:]))
    if data.draw(st.booleans()):
        depth = data.draw(st.integers(1, 5000))
        text = json.dumps(replace(save, path, "__X__")).replace(
            '"__X__"', "[" * depth + json.dumps(get(json.loads(BASES[base]), path)) + "]" * depth)
    else:
        parent = get(save, path[:-1])
        del parent[path[-1]]
        text = json.dumps(save)
    loads_or_error(text)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(range(len(BASES))), st.data())
def test_truncated_or_byte_flipped_text(base: int, data: st.DataObject) -> None:
    text = BASES[base]
    cut = data.draw(st.integers(0, len(text)))
    loads_or_error(text[:cut])
    raw = bytearray(text.encode())
    for _ in range(data.draw(st.integers(1, 4))):
        raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    loads_or_error(bytes(raw))


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(range(len(BASES))), st.data())
def test_a_stored_record_mutated_anywhere_lists_and_resumes_or_is_refused(base: int, data: st.DataObject) -> None:
    from railtable_web.store import parse_record

    record = {"title": "Trains · 12 moves", "updated": 1763900000000.0, "save": json.loads(BASES[base])}
    path = data.draw(st.sampled_from(paths(record)))
    text = json.dumps(replace(record, path, data.draw(json_values)))
    if data.draw(st.booleans()):
        text = text[: data.draw(st.integers(0, len(text)))]
    entry = parse_record("slot", text)
    assert entry.raw == text and isinstance(entry.title, str) and entry.updated >= 0
    if entry.ok:
        assert entry.save is not None
        loads_or_error(json.dumps(entry.save))
        try:
            Match.from_save(entry.save)
        except SaveError:
            pass
