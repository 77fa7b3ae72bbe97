"""Undo keeps one snapshot (at the last barrier) yet behaves exactly as Board Game Arena's policy says
(DEVELOPERS.md, "Undo"): an undo gives back the state from just before the action, a resumed match
can undo exactly what the live one could, and nothing before the last barrier is reachable.
"""

from __future__ import annotations

import json

import pytest
import toy_game  # noqa: F401  (registers the toy game)

from railtable.core import GameInfo, Match, get_game
from railtable.core import match as match_module


def bot_moves(game: str, players: int, seed: int, kinds: list[str]) -> Match:
    info = get_game(game)
    return Match(game, {"players": [f"P{i}" for i in range(players)]}, seed, kinds), [
        info.make_bot(k, i, seed) for i, k in enumerate(kinds)]


@pytest.mark.parametrize("game, players, kinds", [
    ("trains", 2, ["eager_random", "random"]),
    ("stations", 3, ["random", "baseline", "random"]),
    ("transamerica", 3, ["random", "greedy", "random"]),
])
def test_undo_gives_back_the_state_before_the_action_and_resume_can_undo_the_same(
        game: str, players: int, kinds: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    setups = []
    real_setup = GameInfo.setup
    monkeypatch.setattr(GameInfo, "setup", lambda self, c, s: setups.append(1) or real_setup(self, c, s))
    m, bots = bot_moves(game, players, 4, kinds)
    undos = resumes = 0
    while not m.state.is_over() and len(m.actions) < 400:
        seat = m.state.to_act()[0]
        before = json.dumps(m.state.to_json())
        action = bots[seat].choose(m.state.view(seat), m.state.legal_actions(seat))
        m.apply(action)
        if m.can_undo(seat):
            assert m.undo(seat) == action
            assert json.dumps(m.state.to_json()) == before
            undos += 1
            m.apply(action)
        if len(m.actions) % 17 == 0:
            text = m.dumps()
            setups.clear()
            resumed = Match.from_save(text)
            assert len(setups) == 1, "the replay kept the snapshot undo needs: no second replay"
            resumes += 1
            assert resumed.state == m.state and resumed.barrier == m.barrier
            for p in range(players):
                assert resumed.can_undo(p) == m.can_undo(p)
            while any(resumed.can_undo(p) for p in range(players)):
                p = resumed.actions[-1]["player"]
                assert m.can_undo(p)
                resumed.undo(p)
                m.undo(p)
                assert resumed.state == m.state
            m = Match.from_save(text)  # play on from a resumed match, where the save was made
    assert undos > 0 and resumes > 3


def test_undo_reaches_the_barrier_when_no_snapshot_was_kept_in_the_replay(monkeypatch) -> None:
    m = Match("toy", {"players": ["Ann", "Bob"]}, 3)
    m.apply({"type": "draw", "player": 0})  # a barrier
    m.apply({"type": "add", "player": 0, "n": 1})
    m.apply({"type": "add", "player": 0, "n": 1})
    monkeypatch.setattr(match_module, "REPLAY_SNAPSHOTS", False)
    resumed = Match.from_save(m.dumps())
    assert resumed.can_undo(0) and not resumed.can_undo(1)
    resumed.undo(0)
    resumed.undo(0)
    assert resumed.state.piles == [0, 0] and len(resumed.state.secret[0]) == 1
    assert not resumed.can_undo(0)


def test_undo_of_several_actions_replays_from_the_barrier() -> None:
    m = Match("toy", {"players": ["Ann", "Bob"]}, 3)
    m.apply({"type": "add", "player": 0, "n": 1})
    m.apply({"type": "add", "player": 0, "n": 1})
    assert m.undo(0) == {"type": "add", "player": 0, "n": 1}
    assert m.state.piles == [1, 0]
    m.apply({"type": "end", "player": 0})  # the turn passes: a barrier
    assert not m.can_undo(0) and m.barrier == 2
