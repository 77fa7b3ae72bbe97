"""Saved games in the browser's localStorage (or any object with the same methods).

Each match is kept under its own key ``railtable.save.<slot>`` as the JSON of
``Match.to_save()`` plus a little metadata, so a damaged save never blocks
another one. A save that cannot be read is reported with a clear message and
kept untouched so the player can still export it.

Everything read back is validated here, in isolation and without raising (issue 15): a record is
parsed with the engine's strict reader (size and nesting checked before ``json.loads``, one value
per key, finite numbers), its ``updated`` time must be a finite number of milliseconds between 1970
and 2100, its title text; the save inside is checked field by field as ``Match.from_save`` checks it
(``savefile.check_stored``: seed, names, seats naming bots the game has, rules version), with no
game's code loaded; a record that fails any check is listed at once as not resumable with its
reason, kept byte for byte (exportable, deletable).
Settings are checked key by key against :data:`SETTING_TYPES`; a wrong value is dropped (the page
uses its default). These functions are pure Python, tested on CPython (tests/web/test_store.py).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, Protocol

from railtable.core.errors import SaveError
from railtable.core.savefile import RulesVersionError, check_stored, loads

PREFIX = "railtable.save."
SETTINGS_KEY = "railtable.settings"
KEEP_FINISHED = 30
"""The rule: the newest 30 finished games are kept; older finished games are deleted when a game
ends (their line in the personal record, :mod:`railtable_web.record`, stays). Unfinished games are
never deleted automatically."""
MAX_UPDATED_MS = 4_102_444_800_000.0
"""2100-01-01 in milliseconds since 1970: a later (or negative, or non-finite) time is not a real one."""
MAX_TITLE_CHARS = 200
MAX_SETTINGS_CHARS = 100_000
SETTING_TYPES: dict[str, str] = {
    "pace": "str",
    "lang": "str",
    "trains_board": "str",
    "trains_kingdom": "str",
    "trains_picked": "list[str]",
    "helpers": "str",
}
"""Each known setting's type; others are kept only when they are short text, a number or a bool."""


class Storage(Protocol):
    """The part of the Web Storage API we use."""

    def getItem(self, key: str) -> str | None: ...  # noqa: N802
    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802
    def removeItem(self, key: str) -> None: ...  # noqa: N802
    def key(self, index: int) -> str | None: ...
    @property
    def length(self) -> int: ...


class MemoryStorage:
    """A dict-backed stand-in for localStorage (tests, and the page if storage is blocked); also the
    worker's copy of the page's localStorage (``bridge.PageStorage`` adds the writing through)."""

    kept = False
    """Whether what is written here outlives the page (False: storage is blocked, nothing is kept)."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data: dict[str, str] = dict(data or {})

    def getItem(self, key: str) -> str | None:  # noqa: N802
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.data[key] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.data.pop(key, None)

    def key(self, index: int) -> str | None:
        keys = list(self.data)
        return keys[index] if 0 <= index < len(keys) else None

    @property
    def length(self) -> int:
        return len(self.data)


@dataclass
class SaveEntry:
    slot: str
    raw: str
    """The stored text exactly as found (exported as it is when the record is damaged)."""
    save: dict[str, Any] | None
    """The save inside the record, when the record could be read (its fields are checked again,
    with the game's rules, by ``Match.from_save`` when it is resumed)."""
    error: str | None
    title: str
    updated: float
    """Milliseconds since 1970 (``Date.now()``), always finite and within 1970-2100; 0 when unknown."""
    restartable: bool = False
    """The save cannot be resumed (rules this version no longer plays) but its setup can be started
    again under the current rules (``Match.restart_from_save``)."""
    writes: int = 0
    """The record's write counter (envelope ``writes``): each autosave of a game adds one, so a tab
    whose game was saved meanwhile by another tab sees a larger number (issue 15, two tabs)."""
    writer: str = ""
    """The id of the tab that wrote the record last (envelope ``writer``)."""
    over: bool = False
    """The game had ended when the record was written (envelope ``over``)."""
    moves: tuple[int, int, bool] | None = None
    """``(actions, public moves, in a simultaneous step)`` when the record was written (envelope
    ``moves``; see ``public_moves``)."""
    lesson: dict[str, Any] | None = None
    """A lesson's guide beside its save (envelope ``lesson``: ``lesson_guide.read_envelope`` checks it)."""

    @property
    def ok(self) -> bool:
        return self.error is None


def clean_updated(value: Any) -> float:
    """A record's ``updated`` time as a float the lobby can format, or 0.0 when it is not a real time
    (text, a bool, NaN, 1e300, negative...)."""
    if type(value) not in (int, float):
        return 0.0
    try:
        number = float(value)
    except OverflowError:  # an int too large for a float
        return 0.0
    if not math.isfinite(number) or not 0.0 <= number <= MAX_UPDATED_MS:
        return 0.0
    return number


DAMAGED_TITLE = "Damaged save"
UNTITLED = "Saved game"
"""The titles of a record that has none (the lobby shows them in the reader's language)."""


def clean_title(value: Any, default: str) -> str:
    return value[:MAX_TITLE_CHARS] if isinstance(value, str) and value.strip() else default


def parse_record(slot: str, raw: Any) -> SaveEntry:
    """Read one stored record; never raises: anything wrong gives an entry with ``error`` set."""
    try:
        return _parse_record(slot, raw)
    except Exception as exc:  # noqa: BLE001 - one bad record must never stop the lobby
        text = raw if isinstance(raw, str) else ""
        return SaveEntry(slot, text, None, f"this save is damaged ({type(exc).__name__})", DAMAGED_TITLE, 0.0)


def _parse_record(slot: str, raw: Any) -> SaveEntry:
    if not isinstance(raw, str):
        return SaveEntry(slot, "", None, "this save is damaged (not text)", DAMAGED_TITLE, 0.0)
    try:
        record = loads(raw)
    except SaveError as exc:
        return SaveEntry(slot, raw, None, str(exc), DAMAGED_TITLE, 0.0)
    if not isinstance(record, dict) or not isinstance(record.get("save"), dict):
        return SaveEntry(slot, raw, None, "this save is damaged (unknown layout)", DAMAGED_TITLE, 0.0)
    save = record["save"]
    title = clean_title(record.get("title"), UNTITLED)
    updated = clean_updated(record.get("updated"))
    error, restartable = check_save_header(save)
    entry = SaveEntry(slot, raw, save, error, title, updated, restartable)
    _read_envelope(entry, record)
    return entry


def _small_int(value: Any) -> bool:
    return type(value) is int and 0 <= value < 2**53


def _read_envelope(entry: SaveEntry, record: dict[str, Any]) -> None:
    """The record's bookkeeping beside the save (never inside it: the save reader refuses unknown
    keys); a value of the wrong type is ignored."""
    if _small_int(record.get("writes")):
        entry.writes = record["writes"]
    writer = record.get("writer")
    if isinstance(writer, str) and len(writer) <= 40:
        entry.writer = writer
    entry.over = record.get("over") is True
    if isinstance(record.get("lesson"), dict):
        entry.lesson = record["lesson"]
    moves = record.get("moves")
    if isinstance(moves, list) and len(moves) == 3 and all(_small_int(m) for m in moves) and moves[1] <= moves[0]:
        entry.moves = (moves[0], moves[1], bool(moves[2]))


def check_save_header(save: dict[str, Any]) -> tuple[str | None, bool]:
    """(why the lobby cannot resume ``save``, or None; whether it can be started again from its
    setup). Every field is checked as ``Match.from_save`` checks it, against ``core.registry.CATALOGUE``
    (no game's code is loaded): the format, a known game, the seed, the players' names, seats naming
    bots the game has, and a rules version it still plays. Only the actions are left to the replay
    when the game is resumed."""
    try:
        check_stored(save)
    except RulesVersionError as exc:
        return str(exc), True
    except SaveError as exc:
        return str(exc), False
    return None, False


def _setting_ok(key: str, value: Any) -> bool:
    kind = SETTING_TYPES.get(key)
    if kind == "str":
        return isinstance(value, str) and len(value) <= MAX_TITLE_CHARS
    if kind == "list[str]":
        return isinstance(value, list) and len(value) <= 100 and all(
            isinstance(v, str) and len(v) <= MAX_TITLE_CHARS for v in value)
    if isinstance(value, str):
        return len(value) <= MAX_TITLE_CHARS
    if isinstance(value, float):
        return math.isfinite(value)
    return isinstance(value, (bool, int)) and (type(value) is bool or abs(value) < 2**53)


def clean_settings(data: Any) -> dict[str, Any]:
    """Only the settings whose values have the right type (:data:`SETTING_TYPES`); never raises."""
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and _setting_ok(k, v)}


def parse_settings(raw: Any) -> dict[str, Any]:
    """The stored settings text, validated; ``{}`` when it is missing or damaged. Never raises."""
    if not isinstance(raw, str) or not raw:
        return {}
    try:
        return clean_settings(loads(raw, max_chars=MAX_SETTINGS_CHARS))
    except Exception:  # noqa: BLE001 - damaged settings fall back to the defaults
        return {}


class SaveStore:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def keys(self) -> list[str]:
        out = []
        for i in range(int(self.storage.length)):
            k = self.storage.key(i)
            if k is not None and str(k).startswith(PREFIX):
                out.append(str(k))
        return out

    def write(self, slot: str, save: dict[str, Any], title: str, now: float, **envelope: Any) -> None:
        """Store a game; ``envelope`` adds bookkeeping beside the save (``writes``, ``writer``,
        ``over``, ``moves``: see :class:`SaveEntry`)."""
        record = {"title": title, "updated": now, **envelope, "save": save}
        self.storage.setItem(PREFIX + slot, json.dumps(record, separators=(",", ":")))

    def space(self) -> int:
        """Bytes Railtable's keys take in localStorage (two per UTF-16 code unit, keys included)."""
        total = 0
        for i in range(int(self.storage.length)):
            key = self.storage.key(i)
            if key is None or not str(key).startswith("railtable."):
                continue
            value = self.storage.getItem(key)
            total += len(str(key)) + len(str(value or ""))
        return 2 * total

    def read(self, slot: str) -> SaveEntry:
        raw = self.storage.getItem(PREFIX + slot)
        if raw is None:
            return SaveEntry(slot, "", None, "no save in this slot", slot, 0.0)
        return parse_record(slot, str(raw))

    def entries(self) -> list[SaveEntry]:
        """Every stored record, newest first; a record that cannot be read is listed as damaged."""
        out = []
        for k in self.keys():
            try:
                raw = self.storage.getItem(k)
            except Exception:  # noqa: BLE001 - storage itself failing for one key
                raw = None
            out.append(parse_record(k[len(PREFIX):], "" if raw is None else str(raw)))
        out.sort(key=lambda e: -e.updated)
        return out

    def delete(self, slot: str) -> None:
        self.storage.removeItem(PREFIX + slot)

    # ---- finished games: pruning ---------------------------------------
    def prune_finished(self, keep: int = KEEP_FINISHED, protect: str | None = None) -> int:
        """Delete the finished games beyond the newest ``keep`` (by the envelope's ``over``; never
        ``protect``, the open game, nor an unfinished or unreadable one), each after its line is in
        the personal record (a game that ended before the record existed gets its line from its
        save first; one whose line cannot be made is kept). Returns how many were deleted."""
        from railtable.core import Match

        from . import record

        finished = [e for e in self.entries() if e.over and e.save is not None and not e.error]
        gone = 0
        for entry in finished[keep:]:
            if entry.slot == protect:
                continue
            if not record.has(self.storage, entry.slot):
                try:
                    line = record.line_of_match(Match.from_save(entry.save), entry.slot, entry.updated)
                except SaveError:
                    line = None
                if line is None or not record.add(self.storage, line):
                    continue
            self.delete(entry.slot)
            gone += 1
        return gone

    # ---- settings (language, bot pace...) -------------------------------
    def settings(self) -> dict[str, Any]:
        """The stored settings, each of the right type (see :data:`SETTING_TYPES`); never raises."""
        try:
            raw = self.storage.getItem(SETTINGS_KEY)
        except Exception:  # noqa: BLE001 - storage blocked
            return {}
        return parse_settings(None if raw is None else str(raw))

    def set_setting(self, key: str, value: Any) -> bool:
        """Store one setting; False (and nothing raised) when the value has the wrong type or the
        storage refuses the write (full, or blocked)."""
        if not _setting_ok(key, value):
            return False
        data = self.settings()
        data[key] = value
        try:
            self.storage.setItem(SETTINGS_KEY, json.dumps(data))
        except Exception:  # noqa: BLE001 - QuotaExceededError, SecurityError: settings are not vital
            return False
        return True


