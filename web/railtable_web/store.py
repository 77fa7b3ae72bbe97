"""Saved games in the browser's localStorage (or any object with the same methods).

Each match is kept under its own key ``railtable.save.<slot>`` as the JSON of
``Match.to_save()`` plus a little metadata, so a damaged save never blocks
another one. A save that cannot be read is reported with a clear message and
kept untouched so the player can still export it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Protocol

PREFIX = "railtable.save."
SETTINGS_KEY = "railtable.settings"


class Storage(Protocol):
    """The part of the Web Storage API we use."""

    def getItem(self, key: str) -> str | None: ...  # noqa: N802
    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802
    def removeItem(self, key: str) -> None: ...  # noqa: N802
    def key(self, index: int) -> str | None: ...
    @property
    def length(self) -> int: ...


class MemoryStorage:
    """A dict-backed stand-in for localStorage (tests, and the page if storage is blocked)."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}

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
    save: dict[str, Any] | None
    error: str | None
    title: str
    updated: float

    @property
    def ok(self) -> bool:
        return self.error is None


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

    def write(self, slot: str, save: dict[str, Any], title: str, now: float) -> None:
        record = {"title": title, "updated": now, "save": save}
        self.storage.setItem(PREFIX + slot, json.dumps(record, separators=(",", ":")))

    def read(self, slot: str) -> SaveEntry:
        raw = self.storage.getItem(PREFIX + slot)
        if raw is None:
            return SaveEntry(slot, "", None, "no save in this slot", slot, 0.0)
        return self._parse(slot, str(raw))

    def _parse(self, slot: str, raw: str) -> SaveEntry:
        try:
            record = json.loads(raw)
        except ValueError:
            return SaveEntry(slot, raw, None, "this save is damaged (not valid JSON)", "Damaged save", 0.0)
        if not isinstance(record, dict) or not isinstance(record.get("save"), dict):
            return SaveEntry(slot, raw, None, "this save is damaged (unknown layout)", "Damaged save", 0.0)
        title = str(record.get("title") or "Saved game")
        try:
            updated = float(record.get("updated") or 0.0)
        except (TypeError, ValueError):
            updated = 0.0
        return SaveEntry(slot, raw, record["save"], None, title, updated)

    def entries(self) -> list[SaveEntry]:
        out = [self._parse(k[len(PREFIX):], str(self.storage.getItem(k) or "")) for k in self.keys()]
        out.sort(key=lambda e: -e.updated)
        return out

    def delete(self, slot: str) -> None:
        self.storage.removeItem(PREFIX + slot)

    # ---- settings (language, bot pace...) -------------------------------
    def settings(self) -> dict[str, Any]:
        raw = self.storage.getItem(SETTINGS_KEY)
        try:
            data = json.loads(raw) if raw else {}
        except ValueError:
            data = {}
        return data if isinstance(data, dict) else {}

    def set_setting(self, key: str, value: Any) -> None:
        data = self.settings()
        data[key] = value
        self.storage.setItem(SETTINGS_KEY, json.dumps(data))
