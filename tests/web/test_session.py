"""The table's seating logic: whose secrets are on screen, hot-seat privacy, bots given views only."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))

import toy_game  # noqa: E402,F401
from railtable_web.session import Session  # noqa: E402

from railtable.core import Match  # noqa: E402


def test_one_human_always_sees_own_screen_without_privacy() -> None:
    s = Session(Match("toy", {"players": ["Ann", "Bot"]}, 1, [None, "random"]), "slot")
    assert s.viewer == 0
    assert not s.needs_privacy_screen()
    s.match.apply({"type": "add", "player": 0, "n": 2})
    s.match.apply({"type": "end", "player": 0})
    assert s.bot_to_act() == 1 and s.human_to_act() is None
    assert not s.needs_privacy_screen()
    while s.bot_to_act() is not None:
        s.bot_move()
    assert s.match.state.to_act() == [0] or s.match.state.is_over()


def test_hot_seat_asks_to_pass_the_device_between_humans() -> None:
    s = Session(Match("toy", {"players": ["Ann", "Bea"]}, 1, [None, None]), "slot")
    assert s.viewer is None and s.needs_privacy_screen() and s.wanted_viewer() == 0
    s.reveal_to(0)
    assert not s.needs_privacy_screen()
    s.match.apply({"type": "draw", "player": 0})
    assert s.view()["mine"]  # Ann sees her card
    s.match.apply({"type": "add", "player": 0, "n": 1})
    s.match.apply({"type": "end", "player": 0})
    assert s.needs_privacy_screen() and s.wanted_viewer() == 1
    s.hide()
    assert s.view()["mine"] == []  # nothing secret while the device changes hands


def test_bots_get_only_views(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = []

    class Spy:
        name = "spy"

        def choose(self, view, legal):
            seen.append(view)
            return legal[-1]

    s = Session(Match("toy", {"players": ["A", "B"]}, 3, ["random", "random"]), "slot")
    monkeypatch.setattr(type(s.match.info), "make_bot", lambda self, kind, seat, seed: Spy())
    for _ in range(6):
        s.bot_move()
    assert seen and all(set(v) == {"piles", "mine", "log"} for v in seen)


def test_legal_actions_are_the_viewers_own_and_none_for_nobody() -> None:
    s = Session(Match("toy", {"players": ["Ann", "Bea"]}, 1, [None, None]), "slot")
    assert s.legal_actions() == []  # nobody at the screen yet
    s.reveal_to(1)
    assert s.legal_actions() == []  # not Bea's move
    s.reveal_to(0)
    assert s.legal_actions() == s.match.state.legal_actions(0) != []


@pytest.mark.parametrize("game,players,level", [
    ("transamerica", 3, "easy"), ("trains", 2, "normal"), ("stations", 3, "normal"),
])
def test_a_bot_game_resumed_midway_plays_on_exactly_as_without_the_reload(game: str, players: int, level: str) -> None:
    """Issue 13, "Seeded": the same game, seed and levels play the same moves; a reload (the match
    rebuilt from its save, new bots) must not change the moves that follow."""
    from railtable.core.simulate import default_config

    def play(session: Session, until: int) -> Session:
        while not session.match.state.is_over() and len(session.match.actions) < until:
            session.bot_move()
        return session

    config = default_config(game, players)
    whole = play(Session(Match(game, config, 5, [level] * players), "a"), 10**6)
    half = play(Session(Match(game, config, 5, [level] * players), "b"), len(whole.match.actions) // 2)
    resumed = play(Session(Match.from_save(half.match.dumps()), "b"), 10**6)
    assert resumed.match.actions == whole.match.actions
