"""The personal record: one line per finished game, kept apart from the saves (issue 31).

**Where.** One localStorage key, :data:`RECORD_KEY` (``railtable.record``), holding one JSON object
per line (newest last). A line is written when a game ends on this device (its last autosave,
``saves_ui.keep_result``), keyed by the save's slot, so a game is counted once however
often its end is shown again, and deleting or pruning its save later loses nothing: the record, not
the saves, is where finished games' results live.

**A line**::

    {"id": slot, "at": ms since 1970, "game": id, "rules": n, "options": {...},
     "seats": [[name, "human" | bot kind], ...], "scores": [...], "winners": [seats],
     "actions": n, "periods": rounds or turns}

**Cap.** At most :data:`CAP` lines: adding one to a full record drops the oldest (the newest
``CAP`` games are kept; a line is about 200 characters, so the whole record stays under about
300 KB of the browser's 5 MB). Damaged lines (not JSON, or a field of the wrong kind) are kept
as they are, listed as damaged with their line number, counted in no statistic, and never stop
the others from being read; they age out under the cap like any other.

**Export and import.** "Export the record" writes ``{"format": "railtable-record", "version": 1,
"lines": [...]}``; the lobby's import takes that file as it takes a save, and adds the lines whose
``id`` the record lacks (an import never replaces a line). Importing a finished game's save adds its
line too when the record lacks it (:func:`line_of_match`).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

from railtable.core.savefile import loads

RECORD_KEY = "railtable.record"
RECORD_FORMAT = "railtable-record"
CAP = 1_500
"""Lines kept: the newest 1,500 games."""
MAX_LINE_CHARS = 4_000
MAX_NAME = 40


@dataclass
class Line:
    """One line of the record: ``data`` when it reads, else ``raw`` and why not (``error``)."""

    number: int
    raw: str
    data: dict[str, Any] | None
    error: str | None = None


def _int(v: Any) -> bool:
    return type(v) is int and -10**9 < v < 10**9


def check_line(data: Any) -> str | None:
    """Why a parsed line is not a record line, or None when it is."""
    if not isinstance(data, dict):
        return "not an object"
    need = {"id": str, "at": (int, float), "game": str, "seats": list, "scores": list, "winners": list, "actions": int}
    for key, kind in need.items():
        if key not in data or not isinstance(data[key], kind) or isinstance(data[key], bool):
            return f"{key} missing or of the wrong kind"
    if not data["id"] or len(data["id"]) > 200 or not math.isfinite(float(data["at"])) or not 0 <= data["at"] < 4.2e12:
        return "id or time out of range"
    seats = data["seats"]
    if not 1 <= len(seats) <= 8 or any(
        not isinstance(s, list) or len(s) != 2 or not all(isinstance(x, str) and 0 < len(x) <= MAX_NAME for x in s)
        for s in seats
    ):
        return "seats are not [name, kind] pairs"
    if len(data["scores"]) != len(seats) or not all(_int(s) for s in data["scores"]):
        return "scores do not match the seats"
    if not all(_int(w) and 0 <= w < len(seats) for w in data["winners"]):
        return "winners are not seats"
    if "options" in data and not isinstance(data["options"], dict):
        return "options are not an object"
    return None


def parse(text: str | None) -> list[Line]:
    """Every line of the stored record, damaged ones marked (never raises)."""
    out: list[Line] = []
    for number, raw in enumerate((text or "").splitlines(), 1):
        if not raw.strip():
            continue
        data: Any = None
        error = None
        if len(raw) > MAX_LINE_CHARS:
            error = "too long"
        else:
            try:
                data = loads(raw, max_depth=8, max_chars=MAX_LINE_CHARS)
            except Exception as exc:  # noqa: BLE001 - SaveError; any damage is a damaged line
                error = str(exc)[:120]
        if error is None:
            error = check_line(data)
        out.append(Line(number, raw, data if error is None else None, error))
    return out


def read(storage: Any) -> list[Line]:
    try:
        return parse(storage.getItem(RECORD_KEY))
    except Exception:  # noqa: BLE001 - a storage that refuses reads: an empty record
        return []


def _write(storage: Any, lines: list[str]) -> None:
    storage.setItem(RECORD_KEY, "\n".join(lines[-CAP:]))


def has(storage: Any, slot: str) -> bool:
    """Whether the record holds the line of the game saved under ``slot``."""
    return any(item.data is not None and item.data["id"] == str(slot)[:200] for item in read(storage))


def add(storage: Any, line: dict[str, Any]) -> bool:
    """Add ``line`` unless the record holds its ``id`` already; the oldest go past :data:`CAP`."""
    if check_line(line) is not None:
        return False
    current = read(storage)
    if any(item.data is not None and item.data["id"] == line["id"] for item in current):
        return False
    _write(storage, [item.raw for item in current] + [json.dumps(line, separators=(",", ":"), ensure_ascii=False)])
    return True


def line_of_match(match: Any, slot: str, at_ms: float) -> dict[str, Any] | None:
    """The record line of a finished match (None while it is not over)."""
    state = match.state
    result = state.result() if state.is_over() else None
    if not result:
        return None
    config = match.config
    options = {k: v for k, v in config.items() if k not in ("players", "rules")}
    return {
        "id": str(slot)[:200], "at": int(at_ms), "game": match.game_id, "rules": int(config.get("rules", 1)),
        "options": options,
        "seats": [[str(n)[:MAX_NAME] or "?", "human" if k is None else str(k)] for n, k in zip(state.names, match.seats, strict=True)],
        "scores": [int(s) for s in result["scores"]], "winners": [int(w) for w in result["winners"]],
        "actions": len(match.actions), "periods": int(result.get("rounds") or result.get("turns") or 0),
    }



def export_text(storage: Any) -> str:
    return json.dumps({"format": RECORD_FORMAT, "version": 1, "lines": [item.raw for item in read(storage)]},
                      ensure_ascii=False)


def import_text(storage: Any, text: str) -> tuple[int, int] | None:
    """Merge an exported record: ``(added, damaged)``, or None when ``text`` is not a record file."""
    try:
        data = loads(text)
    except Exception:  # noqa: BLE001 - not JSON: not ours to read (the save reader says why)
        return None
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT or not isinstance(data.get("lines"), list):
        return None
    current = read(storage)
    ids = {item.data["id"] for item in current if item.data is not None}
    incoming = [(item, item.data) for item in parse("\n".join(str(x).replace("\n", " ") for x in data["lines"]))]
    fresh = [(item, d) for item, d in incoming if d is not None and d["id"] not in ids]
    fresh.sort(key=lambda pair: pair[1]["at"])
    merged = [item for item in current] + [item for item, _ in fresh]
    merged.sort(key=lambda item: item.data["at"] if item.data is not None else -1)
    _write(storage, [item.raw for item in merged])
    return len(fresh), sum(1 for _, d in incoming if d is None)


# ---- statistics ------------------------------------------------------------------------------
def level_of(line: dict[str, Any]) -> str | None:
    """The bot level a single person played against: ``easy``, ``normal``, ``hard``, ``mixed``
    (bots of several levels), ``people`` (no bot); None when more than one person played."""
    kinds = [k for _, k in line["seats"]]
    if kinds.count("human") != 1:
        return "people" if kinds.count("human") > 1 and all(k == "human" for k in kinds) else None
    bots = {k for k in kinds if k != "human"}
    return bots.pop() if len(bots) == 1 else "mixed"


def you(line: dict[str, Any]) -> int | None:
    """The seat of the one person at a table of bots."""
    kinds = [k for _, k in line["seats"]]
    return kinds.index("human") if kinds.count("human") == 1 else None


def margin(line: dict[str, Any]) -> int | None:
    """The person's score less the best other score (positive: ahead)."""
    seat = you(line)
    if seat is None or len(line["scores"]) < 2:
        return None
    others = [s for i, s in enumerate(line["scores"]) if i != seat]
    return int(line["scores"][seat] - max(others))


def won(line: dict[str, Any]) -> bool:
    seat = you(line)
    return seat is not None and seat in line["winners"]


def filtered(lines: list[Line], game: str = "", players: int = 0, level: str = "") -> list[dict[str, Any]]:
    """The readable lines of one person against bots, oldest first, within the filters."""
    out = []
    for item in lines:
        d = item.data
        if d is None or you(d) is None:
            continue
        if (game and d["game"] != game) or (players and len(d["seats"]) != players) or (level and level_of(d) != level):
            continue
        out.append(d)
    out.sort(key=lambda d: d["at"])
    return out


def summary(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per game and bot level: games, wins, win share, average margin, best score, longest streak."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for d in lines:
        groups.setdefault((d["game"], str(level_of(d))), []).append(d)
    rows = []
    for (game, level), games in sorted(groups.items()):
        wins = [won(d) for d in games]
        margins = [m for m in (margin(d) for d in games) if m is not None]
        streak = best = 0
        for w in wins:
            streak = streak + 1 if w else 0
            best = max(best, streak)
        seat_scores = [d["scores"][you(d)] for d in games if you(d) is not None]
        rows.append({
            "game": game, "level": level, "games": len(games), "wins": sum(wins),
            "share": sum(wins) / len(games), "margin": sum(margins) / len(margins) if margins else 0.0,
            "best": max(seat_scores) if seat_scores else 0, "streak": best,
        })
    return rows


def rolling_share(lines: list[dict[str, Any]], window: int = 10) -> dict[str, list[float]]:
    """Per level, the share of wins over the last ``window`` games (or fewer at first), game by game."""
    out: dict[str, list[float]] = {}
    seen: dict[str, list[bool]] = {}
    for d in lines:
        level = str(level_of(d))
        results = seen.setdefault(level, [])
        results.append(won(d))
        last = results[-window:]
        out.setdefault(level, []).append(sum(last) / len(last))
    return out
