"""Saves in localStorage: one key per match, damaged saves reported and kept, never blocking others.

Issue 15: every stored record is read and validated in isolation (deep nesting, an ``updated`` of
1e300 or NaN, non-object records, duplicate keys never raise); settings are checked by type
(``{"trains_picked": 5}`` is dropped, not passed to the lobby).
"""

from __future__ import annotations

import json
import math
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from railtable_web.store import PREFIX, SETTINGS_KEY, MemoryStorage, SaveStore, parse_record

SAVE = {"format": "railtable-save", "version": 1, "game": "transamerica",
        "config": {"players": ["Ann", "Bob"]}, "seed": 1, "seats": [None, None], "actions": []}


def test_write_read_and_list_newest_first() -> None:
    store = SaveStore(MemoryStorage())
    store.write("a", SAVE, "Game A", 1.0)
    store.write("b", SAVE, "Game B", 2.0)
    titles = [e.title for e in store.entries()]
    assert titles == ["Game B", "Game A"]
    assert store.read("a").save == SAVE and store.read("a").ok


def test_damaged_save_is_reported_kept_and_does_not_hide_others() -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    store.write("good", SAVE, "Good", 5.0)
    storage.setItem(PREFIX + "bad", "{not json")
    storage.setItem(PREFIX + "odd", '{"title": "x"}')
    entries = {e.slot: e for e in store.entries()}
    assert entries["good"].ok
    assert "not valid JSON" in (entries["bad"].error or "")
    assert "unknown layout" in (entries["odd"].error or "")
    assert entries["bad"].raw == "{not json"  # kept as it was, for export
    assert storage.getItem(PREFIX + "bad") == "{not json"


HOSTILE_RECORDS = {
    "deep_lists": "[" * 100_000 + "]" * 100_000,
    "deep_objects": '{"a":' * 50_000 + "1" + "}" * 50_000,
    "deep_inside": json.dumps({"title": "t", "updated": 1.0, "save": dict(SAVE, config={"players": ["a", "b"]})})
    .replace('"players"', '"x": ' + "[" * 100_000 + "]" * 100_000 + ', "players"'),
    "list_record": json.dumps([SAVE]),
    "string_record": json.dumps("hello"),
    "save_is_list": json.dumps({"title": "t", "updated": 1.0, "save": [1]}),
    "duplicate_key": '{"title": "t", "updated": 1.0, "save": {"format": "x"}, "save": {}}',
    "version_99": json.dumps({"title": "t", "updated": 1.0, "save": dict(SAVE, version=99)}),
    "game_chess": json.dumps({"title": "t", "updated": 1.0, "save": dict(SAVE, game="chess")}),
    "nan": '{"title": "t", "updated": NaN, "save": {}}',
    "empty": "",
}


@pytest.mark.parametrize("slot", sorted(HOSTILE_RECORDS))
def test_each_hostile_record_is_listed_as_damaged_and_kept(slot: str) -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    store.write("good", SAVE, "Good", 5.0)
    storage.setItem(PREFIX + slot, HOSTILE_RECORDS[slot])
    entries = {e.slot: e for e in store.entries()}
    assert entries["good"].ok and entries["good"].save == SAVE
    assert entries[slot].error and entries[slot].raw == HOSTILE_RECORDS[slot]
    assert storage.getItem(PREFIX + slot) == HOSTILE_RECORDS[slot]


@pytest.mark.parametrize("updated", ["1e300", "-1e300", "1e999", '"yesterday"', "true", "null", "[1]",
                                     "-5", str(10**400), "4102444800001"])
def test_an_updated_time_that_is_not_real_becomes_zero(updated: str) -> None:
    raw = '{"title": "t", "updated": ' + updated + ', "save": ' + json.dumps(SAVE) + "}"
    entry = parse_record("s", raw)
    assert entry.updated == 0.0 or entry.error  # 1e999 and 10**400 digits are damaged JSON
    time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.updated / 1000))  # the lobby's formatting


def test_a_real_updated_time_is_kept() -> None:
    entry = parse_record("s", json.dumps({"title": "t", "updated": 1763900000000.0, "save": SAVE}))
    assert entry.ok and entry.updated == 1763900000000.0


@pytest.mark.parametrize("title, shown", [(7, "Saved game"), (None, "Saved game"), ("", "Saved game"),
                                          ("x" * 5000, "x" * 200), (["a"], "Saved game")])
def test_titles_are_text_of_bounded_length(title: object, shown: str) -> None:
    assert parse_record("s", json.dumps({"title": title, "updated": 1.0, "save": SAVE})).title == shown


@settings(max_examples=300, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
                    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=5), kids, max_size=4),
                    max_leaves=20))
def test_any_stored_value_gives_an_entry_never_an_exception(junk: object) -> None:
    for record in (junk, {"title": junk, "updated": junk, "save": SAVE}, {"title": "t", "updated": 1, "save": junk}):
        try:
            raw = json.dumps(record)
        except ValueError:
            continue
        entry = parse_record("s", raw)
        assert math.isfinite(entry.updated) and isinstance(entry.title, str)
        assert entry.ok == (entry.save is not None and entry.error is None)


def test_settings_survive_damage() -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    store.set_setting("pace", "fast")
    assert store.settings() == {"pace": "fast"}
    storage.setItem(SETTINGS_KEY, "[1, 2")
    assert store.settings() == {}
    store.set_setting("lang", "fr")
    assert store.settings() == {"lang": "fr"}
    storage.setItem(SETTINGS_KEY, "[" * 100_000)
    assert store.settings() == {}


def test_settings_of_the_wrong_type_are_dropped() -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    storage.setItem(SETTINGS_KEY, json.dumps({
        "trains_picked": 5, "trains_board": ["tokyo"], "pace": None, "lang": "fr",
        "trains_kingdom": "random", "future_flag": True, "future_junk": {"a": [1]}}))
    assert store.settings() == {"lang": "fr", "trains_kingdom": "random", "future_flag": True}
    storage.setItem(SETTINGS_KEY, json.dumps({"trains_picked": ["Express", 3]}))
    assert store.settings() == {}
    assert store.set_setting("trains_picked", ["Express"]) and store.settings() == {"trains_picked": ["Express"]}
    assert not store.set_setting("trains_picked", 5)
    assert store.settings() == {"trains_picked": ["Express"]}


class FullStorage(MemoryStorage):
    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        raise RuntimeError("QuotaExceededError: Failed to execute 'setItem' on 'Storage'")


def test_a_settings_write_to_full_storage_fails_quietly() -> None:
    store = SaveStore(FullStorage())
    assert store.set_setting("pace", "fast") is False
    assert store.settings() == {}


def test_a_save_under_rules_no_longer_played_is_listed_as_restartable() -> None:
    old = dict(SAVE, game="trains", config={"players": ["Ann", "Bob"], "rules": 99})
    entry = parse_record("s", json.dumps({"title": "t", "updated": 1.0, "save": old}))
    assert not entry.ok and entry.restartable and "rules version 99" in (entry.error or "")
    assert entry.save == old  # kept for export and restart
    for config in ({"players": ["Ann", "Bob"]}, {"players": ["Ann", "Bob"], "rules": 1}):
        assert parse_record("s", json.dumps({"title": "t", "updated": 1.0,
                                             "save": dict(SAVE, config=config)})).ok
    assert not parse_record("s", json.dumps({"title": "t", "updated": 1.0, "save": dict(SAVE, version=99)})).restartable


@pytest.mark.parametrize("change, words", [
    ({"seats": [None, "evilbot"]}, "seat 2 names a bot TransAmerica does not have ('evilbot')"),
    ({"seats": [None]}, "2 players but 1 seats"),
    ({"seats": "easy"}, "the seats must be a list"),
    ({"seed": 3.7}, "the seed must be a whole number"),
    ({"config": {"players": ["Ann", 7]}}, "the name of player 2 is not text"),
    ({"config": {"players": ["Ann"]}}, "TransAmerica is for 2 to 6 players, not 1"),
    ({"actions": {"a": 1}}, "its actions are not a list of moves"),
    ({"extra": 1}, "a field Railtable does not know ('extra')"),
])
def test_a_save_the_engine_would_refuse_is_listed_as_not_resumable_at_once(change: dict[str, object], words: str) -> None:
    """Issue 15 ("every field of a save validated"): the lobby refuses what ``Match.from_save``
    refuses, with its words, before any game's code is loaded; the record stays for export."""
    from railtable.core import Match, SaveError

    bad = dict(SAVE, **change)
    entry = parse_record("s", json.dumps({"title": "t", "updated": 1.0, "save": bad}))
    assert not entry.ok and not entry.restartable and words in (entry.error or "")
    assert entry.save == bad
    with pytest.raises(SaveError) as refused:
        Match.from_save(bad)
    assert str(refused.value) == entry.error  # the same check, the same message


@pytest.mark.parametrize("game, kind", [("transamerica", "greedy"), ("trains", "priority"),
                                        ("trains", "eager_random"), ("stations", "baseline"),
                                        ("stations", "random"), ("trains", "hard")])
def test_old_bot_names_and_test_bots_stay_resumable(game: str, kind: str) -> None:
    players = ["Ann", "Bob", "Cy"]
    save = dict(SAVE, game=game, config={"players": players}, seats=[None, kind, None])
    assert parse_record("s", json.dumps({"title": "t", "updated": 1.0, "save": save})).ok
