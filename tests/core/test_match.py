"""The engine contract: illegal actions, saving, replay and Board Game Arena's undo policy."""

import json

import pytest
import toy_game  # noqa: F401  (registers the toy game)

from railtable.core import (
    IllegalActionError,
    MalformedActionError,
    Match,
    NotYourTurnError,
    SaveError,
    UndoError,
    UnknownGameError,
    get_game,
)

CONFIG = {"players": ["Ann", "<b>Bob</b>"]}


def new_match() -> Match:
    return Match("toy", CONFIG, seed=11)


def test_illegal_action_raises_specific_error_and_changes_nothing() -> None:
    m = new_match()
    before = m.state.to_json()
    with pytest.raises(NotYourTurnError, match="not <b>Bob</b>'s turn"):
        m.apply({"type": "add", "player": 1, "n": 1})
    with pytest.raises(MalformedActionError):
        m.apply({"player": 0})
    with pytest.raises(MalformedActionError):
        m.apply({"type": "add", "player": 7})
    with pytest.raises(IllegalActionError, match="end is not allowed"):
        m.apply({"type": "end", "player": 0})
    assert m.state.to_json() == before
    assert m.actions == []


def test_undo_within_own_turn() -> None:
    m = new_match()
    m.apply({"type": "add", "player": 0, "n": 1})
    m.apply({"type": "add", "player": 0, "n": 1})
    assert m.can_undo(0) and not m.can_undo(1)
    m.undo(0)
    assert m.state.piles == [1, 0]
    m.undo(0)
    assert m.state.piles == [0, 0]
    with pytest.raises(UndoError):
        m.undo(0)


def test_undo_never_crosses_a_random_draw_or_the_end_of_turn() -> None:
    m = new_match()
    m.apply({"type": "add", "player": 0, "n": 1})
    m.apply({"type": "draw", "player": 0})
    assert not m.can_undo(0)
    m.apply({"type": "add", "player": 0, "n": 1})
    m.undo(0)  # back to just after the draw, not before it
    assert m.state.secret[0] and m.state.piles[0] == 1
    m.apply({"type": "end", "player": 0})
    assert not m.can_undo(0) and not m.can_undo(1)


def test_save_and_replay_give_an_equal_state() -> None:
    m = new_match()
    for a in ({"type": "add", "player": 0, "n": 2}, {"type": "draw", "player": 0}, {"type": "end", "player": 0},
              {"type": "draw", "player": 1}, {"type": "add", "player": 1, "n": 1}):
        m.apply(a)
    restored = Match.from_save(m.dumps())
    assert restored.state == m.state
    assert restored.state.to_json() == json.loads(json.dumps(m.state.to_json()))
    assert restored.seats == m.seats


def test_views_show_own_secrets_only() -> None:
    m = new_match()
    m.apply({"type": "draw", "player": 0})
    card = m.state.secret[0][0]
    assert m.state.view(0)["mine"] == [card]
    assert m.state.view(1)["mine"] == []
    assert m.state.view(1)["log"] == ["Ann draws a card"]
    assert m.state.view(0)["log"] == [f"You draw {card}"]


@pytest.mark.parametrize(
    "text, message",
    [
        ("not json{", "not valid JSON"),
        ('{"a": 1}', "not a Railtable save"),
        ('{"format": "railtable-save", "version": 99}', "format version 99"),
        ('{"format": "railtable-save", "version": 1, "game": "toy"}', "missing or has a damaged field"),
        ('{"format": "railtable-save", "version": 1, "game": "chess", "config": {}, "seed": 1, "actions": []}',
         "does not know"),
        ('{"format": "railtable-save", "version": 1, "game": "toy", "config": {"players": ["a", "b"]},'
         ' "seed": 1, "actions": [{"type": "end", "player": 0}]}', "cannot be replayed: action 1 of 1"),
    ],
)
def test_bad_saves_give_a_clear_message(text: str, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        Match.from_save(text)


def test_unknown_game() -> None:
    with pytest.raises(UnknownGameError, match="unknown game 'nope'"):
        get_game("nope")


def test_player_count_is_checked() -> None:
    with pytest.raises(Exception, match="2 to 4 players"):
        Match("toy", {"players": ["solo"]}, 1)


def test_log_tail_gives_the_last_lines_as_that_player_reads_them() -> None:
    m = new_match()
    m.apply({"type": "draw", "player": 0})
    m.apply({"type": "draw", "player": 0})
    lines = m.state.log_lines(0)
    assert m.state.log_lines(0, 1) == lines[-1:]
    assert m.state.log_lines(1, 5) == ["Ann draws a card", "Ann draws a card"]
    assert m.state.log_lines(0, 0) == []
