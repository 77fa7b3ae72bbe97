"""The personal record (issue 31): a line per finished game, capped, exported and imported, damaged
lines listed and never blocking."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent / "core"))

from railtable_web import record  # noqa: E402
from railtable_web.store import MemoryStorage  # noqa: E402
from test_replay import bot_game  # noqa: E402


@pytest.fixture(scope="module")
def finished() -> dict[str, object]:
    return {g: bot_game(g, n, 21) for g, n in (("transamerica", 3), ("trains", 2), ("stations", 3))}


@pytest.mark.parametrize("game", ["transamerica", "trains", "stations"])
def test_a_finished_game_of_each_system_makes_one_line(finished: dict[str, object], game: str) -> None:
    match = finished[game]
    line = record.line_of_match(match, "slot-1", 1_700_000_000_000)
    assert line is not None and record.check_line(line) is None
    result = match.state.result()  # type: ignore[attr-defined]
    assert line["scores"] == result["scores"] and line["winners"] == result["winners"]
    assert line["seats"][0] == ["Bot 1", "human"] and line["seats"][1][1] == match.seats[1]  # type: ignore[attr-defined]
    assert line["actions"] == len(match.actions) and line["periods"] > 0  # type: ignore[attr-defined]
    assert "players" not in line["options"] and line["rules"] == match.config["rules"]  # type: ignore[attr-defined]
    storage = MemoryStorage()
    assert record.add(storage, line) and not record.add(storage, line)  # once per game
    assert [item.data for item in record.read(storage)] == [line]


def test_a_game_not_over_makes_no_line() -> None:
    assert record.line_of_match(bot_game("trains", 2, 3, stop=20), "s", 0) is None


def _line(i: int, *, won: bool = True, level: str = "easy", game: str = "trains") -> dict[str, object]:
    return {"id": f"g{i}", "at": 1_700_000_000_000 + i, "game": game, "rules": 2, "options": {},
            "seats": [["Ann", "human"], ["Bot", level]], "scores": [10, 5] if won else [5, 10],
            "winners": [0] if won else [1], "actions": 100, "periods": 20}


def test_the_record_keeps_the_newest_lines_up_to_its_cap() -> None:
    storage = MemoryStorage()
    storage.setItem(record.RECORD_KEY, "\n".join(json.dumps(_line(i)) for i in range(record.CAP)))
    assert record.add(storage, _line(record.CAP))
    lines = record.read(storage)
    assert len(lines) == record.CAP
    assert lines[0].data["id"] == "g1" and lines[-1].data["id"] == f"g{record.CAP}"  # type: ignore[index]


def test_damaged_lines_are_listed_as_damaged_and_the_others_still_count() -> None:
    storage = MemoryStorage()
    good = [json.dumps(_line(i)) for i in range(3)]
    bad = ["{not json", json.dumps({**_line(9), "scores": [1]}), "[" * 50 + "]" * 50, json.dumps({**_line(8), "at": "now"})]
    storage.setItem(record.RECORD_KEY, "\n".join([good[0], bad[0], good[1], bad[1], bad[2], good[2], bad[3]]))
    lines = record.read(storage)
    assert [item.number for item in lines if item.data is None] == [2, 4, 5, 7]
    assert all(item.error for item in lines if item.data is None)
    rows = record.summary(record.filtered(lines))
    assert rows == [{"game": "trains", "level": "easy", "games": 3, "wins": 3, "share": 1.0, "margin": 5.0,
                     "best": 10, "streak": 3}]
    assert record.add(storage, _line(20))  # a damaged record still takes new lines, keeping the old ones
    assert len(record.read(storage)) == 8


def test_export_and_import_merge_by_game_and_leave_other_files_to_the_save_reader() -> None:
    a, b = MemoryStorage(), MemoryStorage()
    for i in range(3):
        record.add(a, _line(i))
    record.add(b, _line(1))
    record.add(b, _line(7, won=False))
    text = record.export_text(a)
    assert record.import_text(b, text) == (2, 0)
    assert [item.data["id"] for item in record.read(b)] == ["g0", "g1", "g2", "g7"]  # type: ignore[index]
    assert record.import_text(b, text) == (0, 0)
    assert record.import_text(b, json.dumps({"format": "railtable-save"})) is None
    assert record.import_text(b, "not json") is None
    damaged = json.dumps({"format": "railtable-record", "version": 1, "lines": ["{", json.dumps(_line(30))]})
    assert record.import_text(b, damaged) == (1, 1)
    empty = MemoryStorage()
    assert record.import_text(empty, record.export_text(MemoryStorage())) == (0, 0)  # without a record


def test_statistics_per_game_and_level() -> None:
    lines = [_line(0), _line(1, won=False), _line(2), _line(3), _line(4, level="hard", won=False),
             _line(5, game="transamerica")]
    lines.append({**_line(6), "seats": [["Ann", "human"], ["Bob", "human"]]})  # hot-seat: not "you"
    items = record.parse("\n".join(json.dumps(x) for x in lines))
    rows = {(r["game"], r["level"]): r for r in record.summary(record.filtered(items))}
    easy = rows[("trains", "easy")]
    assert (easy["games"], easy["wins"], easy["streak"], easy["best"]) == (4, 3, 2, 10)
    assert easy["margin"] == (5 - 5 + 5 + 5) / 4
    assert rows[("trains", "hard")]["share"] == 0.0 and ("transamerica", "easy") in rows
    assert len(record.filtered(items, game="trains", level="hard")) == 1
    assert record.rolling_share(record.filtered(items, game="trains"), window=2)["easy"] == [1.0, 0.5, 0.5, 1.0]


def test_finished_saves_made_before_the_record_are_added_once_when_the_record_opens() -> None:
    from types import SimpleNamespace

    from railtable_web import record_ui
    from railtable_web.store import SaveStore

    saves = SaveStore(MemoryStorage())
    done, going = bot_game("transamerica", 2, 5), bot_game("transamerica", 2, 6, stop=10)
    saves.write("a", done.to_save(), "A", 1_700_000_000_000, over=True)
    saves.write("b", going.to_save(), "B", 1_700_000_000_001, over=False)
    app = SimpleNamespace(store=saves)
    assert record_ui.backfill(app) == 1 and record_ui.backfill(app) == 0
    [line] = record.read(saves.storage)
    assert line.data is not None and line.data["id"] == "a" and line.data["scores"] == done.state.result()["scores"]
