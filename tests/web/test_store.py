"""Saves in localStorage: one key per match, damaged saves reported and kept, never blocking others."""

from railtable_web.store import PREFIX, MemoryStorage, SaveStore


def test_write_read_and_list_newest_first() -> None:
    store = SaveStore(MemoryStorage())
    store.write("a", {"format": "railtable-save", "version": 1}, "Game A", 1.0)
    store.write("b", {"format": "railtable-save", "version": 1}, "Game B", 2.0)
    titles = [e.title for e in store.entries()]
    assert titles == ["Game B", "Game A"]
    assert store.read("a").save == {"format": "railtable-save", "version": 1}


def test_damaged_save_is_reported_kept_and_does_not_hide_others() -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    store.write("good", {"format": "railtable-save", "version": 1}, "Good", 5.0)
    storage.setItem(PREFIX + "bad", "{not json")
    storage.setItem(PREFIX + "odd", '{"title": "x"}')
    entries = {e.slot: e for e in store.entries()}
    assert entries["good"].ok
    assert "not valid JSON" in (entries["bad"].error or "")
    assert "unknown layout" in (entries["odd"].error or "")
    assert entries["bad"].raw == "{not json"  # kept as it was, for export
    assert storage.getItem(PREFIX + "bad") == "{not json"


def test_settings_survive_damage() -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    store.set_setting("pace", "fast")
    assert store.settings() == {"pace": "fast"}
    storage.setItem("railtable.settings", "[1, 2")
    assert store.settings() == {}
    store.set_setting("lang", "fr")
    assert store.settings() == {"lang": "fr"}
