"""Saves made before issue 15's rule changes (rules version 1) replay exactly as they were played.

``tests/fixtures/saves_rules1`` holds saves written by the code of commit f5d2c7d (no ``"rules"`` in
their config: such a save is rules version 1). Each must replay with the same number of actions to
the same end, scores and winners (issue 15: "A save made under older rules resumes exactly as it was
played"). Full-state hashes are not compared: the state's JSON may change shape (structured logs).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from railtable.core import Match

FIXTURES = Path(__file__).parent.parent / "fixtures" / "saves_rules1"
EXPECTED: dict[str, dict] = json.loads((FIXTURES / "expected.json").read_text(encoding="utf-8"))


def test_every_game_has_a_finished_and_a_midgame_fixture() -> None:
    games = {json.loads((FIXTURES / f"{name}.json").read_text())["game"] for name in EXPECTED}
    assert games == {"transamerica", "trains", "stations"}
    for game in games:
        kinds = {EXPECTED[n]["is_over"] for n in EXPECTED if n.startswith(game)}
        assert kinds == {True, False}, game


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_rules1_save_replays_as_it_was_played(name: str) -> None:
    text = (FIXTURES / f"{name}.json").read_text(encoding="utf-8")
    assert '"rules"' not in text  # written before rules versions existed
    expected = EXPECTED[name]
    match = Match.from_save(text)
    assert match.rules == 1 and json.loads(match.dumps())["config"]["rules"] == 1
    assert len(match.actions) == expected["actions"]
    assert match.state.is_over() == expected["is_over"]
    assert match.state.to_act() == expected["to_act"]
    result = match.state.result()
    if expected["is_over"]:
        assert result is not None
        assert result["scores"] == expected["scores"]
        assert result["winners"] == expected["winners"]
    else:
        assert result is None
