"""Issue 15, the page's side: links name what they ask for, two tabs never overwrite each other's
moves silently, a failed write is shown until resolved and the lobby never shows it as current."""

from __future__ import annotations

from typing import Any

from railtable_web import saves_ui
from railtable_web.bridge import PageStorage
from railtable_web.session import Session
from railtable_web.store import PREFIX, MemoryStorage, SaveStore

from railtable.core import Match

GAMES = ["transamerica", "trains", "stations"]


def test_link_values_the_lobby_cannot_use_are_named() -> None:
    problems = saves_ui.link_problems({"game": "chess", "players": "99", "seed": "abc"}, GAMES, "transamerica")
    assert problems[0] == "This link asks for a game Railtable does not have (chess); here is TransAmerica."
    assert problems[1] == "This link asks for 99 players; TransAmerica takes 2-6."
    assert "abc" in problems[2] and "whole number" in problems[2]
    assert saves_ui.link_problems({"game": "trains", "players": "4", "seed": "-12"}, GAMES, "trains") == []
    assert saves_ui.link_problems({"players": "5"}, GAMES, "trains") == [
        "This link asks for 5 players; Trains takes 2-4."]
    assert saves_ui.link_problems({"seed": "1e999"}, GAMES, "trains")  # not an integer seed


class FakeApp:
    """What saves_ui asks of the app (the real one draws through the page)."""

    def __init__(self, storage: MemoryStorage) -> None:
        self.store = SaveStore(storage)
        self.session: Session | None = None
        self.flashes: list[str] = []
        self.cancelled = 0

    def flash(self, message: str) -> None:
        self.flashes.append(message)

    def cancel_bots(self) -> None:
        self.cancelled += 1

    def render_saves(self) -> None:
        pass


def _tab(storage: MemoryStorage, slot: str, tab: str) -> FakeApp:
    app = FakeApp(storage)
    entry = app.store.read(slot) if storage.getItem(PREFIX + slot) else None
    match = Match.from_save(entry.save) if entry else Match("transamerica", {"players": ["Ann", "Bob"]}, 4, [None, None])
    app.session = Session(match, slot)
    saves_ui.opened(app.session, entry)
    return app


def _move(app: Any) -> None:
    s = app.session
    seat = s.match.state.to_act()[0]
    s.match.apply(s.match.state.legal_actions(seat)[0])
    saves_ui.autosave(app)


def test_two_tabs_the_stale_one_is_told_and_writes_nothing(monkeypatch: Any) -> None:
    storage = MemoryStorage()
    monkeypatch.setattr(saves_ui, "TAB_ID", "tab-a")
    a = _tab(storage, "g", "a")
    _move(a)
    b = _tab(storage, "g", "b")  # the second tab opens the same game
    monkeypatch.setattr(saves_ui, "TAB_ID", "tab-b")
    _move(b)
    assert storage.getItem(PREFIX + "g") is not None
    written_by_b = storage.getItem(PREFIX + "g")
    monkeypatch.setattr(saves_ui, "TAB_ID", "tab-a")
    saves_ui.NOTICES.stale = False
    _move(a)  # tab A plays on without knowing: its autosave must not replace B's moves
    assert storage.getItem(PREFIX + "g") == written_by_b
    assert saves_ui.NOTICES.stale and saves_ui.blocked(a) and a.cancelled == 1
    saves_ui.NOTICES.stale = False


def test_the_storage_event_of_another_tab_makes_the_open_game_stale(monkeypatch: Any) -> None:
    storage = MemoryStorage()
    monkeypatch.setattr(saves_ui, "TAB_ID", "tab-a")
    a = _tab(storage, "g", "a")
    _move(a)
    saves_ui.NOTICES.stale = False
    other = SaveStore(MemoryStorage())
    record = a.store.read("g")
    other.write("g", record.save, "x", 1.0, writes=record.writes + 1, writer="tab-b", over=False)
    saves_ui.storage_changed(a, PREFIX + "g", other.storage.getItem(PREFIX + "g"))
    assert saves_ui.NOTICES.stale
    saves_ui.NOTICES.stale = False
    # its own write echoed back is not news
    assert not saves_ui.newer_elsewhere(a.session, storage.getItem(PREFIX + "g"))


def test_a_failed_write_restores_the_copy_and_is_shown_until_a_write_succeeds() -> None:
    storage = MemoryStorage()
    app = FakeApp(storage)
    app.store.storage = PageStorage({PREFIX + "g": "old text"}, emit=lambda *a: None)  # the worker's copy
    app.store.storage.setItem(PREFIX + "g", "new text")  # the copy has it; the page then could not store it
    saves_ui.write_failed(app, PREFIX + "g", "QuotaExceededError: Failed to execute 'setItem'", "old text")
    assert saves_ui.NOTICES.failed[PREFIX + "g"] == "the browser's storage for this site is full"
    assert app.store.storage.getItem(PREFIX + "g") == "old text"
    saves_ui.write_ok(app, PREFIX + "g")
    assert not saves_ui.NOTICES.failed
    saves_ui.write_failed(app, "railtable.settings", "QuotaExceededError", None)
    assert app.flashes == ["Your setting could not be remembered: the browser's storage for this site is full."]


def test_envelope_is_read_beside_the_save_and_wrong_types_are_ignored() -> None:
    store = SaveStore(MemoryStorage())
    save = Match("transamerica", {"players": ["Ann", "Bob"]}, 4, [None, None]).to_save()
    store.write("a", save, "A", 1.0, writes=3, writer="t1", over=True, moves=[0, 0, 0])
    entry = store.read("a")
    assert entry.ok and (entry.writes, entry.writer, entry.over, entry.moves) == (3, "t1", True, (0, 0, False))
    store.write("b", save, "B", 1.0, writes=1e300, writer=5, over="yes", moves=[1, 2, 0])
    entry = store.read("b")
    assert entry.ok and (entry.writes, entry.writer, entry.over, entry.moves) == (0, "", False, None)
    assert store.space() > 2 * len(store.storage.getItem(PREFIX + "a") or "")


def test_every_message_of_saves_ui_is_in_french_with_the_same_placeholders() -> None:
    """Words are English and French (issue 15's notices, as every page text: issue 9)."""
    import re
    import string
    from pathlib import Path

    from railtable_web import i18n

    en, fr = saves_ui.TEXTS["en"], saves_ui.TEXTS["fr"]
    assert set(en) == set(fr)
    fields = string.Formatter()
    for key in en:
        assert {f[1] for f in fields.parse(en[key]) if f[1]} == {f[1] for f in fields.parse(fr[key]) if f[1]}, key
        assert en[key] != fr[key], key
    source = Path(saves_ui.__file__).read_text(encoding="utf-8")
    assert set(re.findall(r'\bsay\("(\w+)"', source)) <= set(en)
    used = set(re.findall(r'\bt\("(\w+)"', source))
    assert used and all(i18n.MESSAGES["fr"].get(k) for k in used), used


def test_a_record_without_a_usable_title_is_named_in_the_readers_language() -> None:
    """Issue 14 "Words": the lobby's stand-in titles (a damaged record, a record without a title)."""
    from railtable_web import app, i18n, store
    from railtable_web.store import parse_record

    damaged = parse_record(PREFIX + "x", "{not json")
    try:
        i18n.set_language("fr")
        assert app._shown_title(damaged.title) == "Sauvegarde abîmée"
        assert app._shown_title(store.UNTITLED) == "Partie sauvegardée"
        assert app._shown_title("Trains · Ann") == "Trains · Ann"
        i18n.set_language("en")
        assert app._shown_title(damaged.title) == "Damaged save"
    finally:
        i18n.set_language("en")


def test_each_start_draws_its_own_tab_id() -> None:
    """Warm boots restore one memory snapshot taken after the import: an id drawn at import would
    be the same in every tab, and two tabs writing the same game would not tell each other apart."""
    first = saves_ui.new_tab_id()
    assert saves_ui.TAB_ID == first and len(first) == 12
    assert saves_ui.new_tab_id() != first


def test_sizes_are_written_in_the_readers_units() -> None:
    """The saves panel's "Saved games take 12 KB of the about 5 MB...": French writes Ko and Mo
    with a decimal comma, as its sentence around the number does."""
    from railtable_web import i18n

    assert [saves_ui.size_text(n) for n in (0, 300, 12 * 1024, 1536 * 1024)] == ["0 KB", "1 KB", "12 KB", "1.5 MB"]
    try:
        i18n.set_language("fr")
        assert [saves_ui.size_text(n) for n in (0, 12 * 1024, 1536 * 1024)] == ["0 Ko", "12 Ko", "1,5 Mo"]
        assert "12 Ko des 5 Mo" in saves_ui.say("space", size=saves_ui.size_text(12 * 1024))
    finally:
        i18n.set_language("en")
