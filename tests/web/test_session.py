"""The table's seating logic: whose secrets are on screen, hot-seat privacy, bots given views only."""

import sys
from pathlib import Path

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


def test_bots_get_only_views() -> None:
    seen = []

    class Spy:
        name = "spy"

        def choose(self, view, legal):
            seen.append(view)
            return legal[-1]

    s = Session(Match("toy", {"players": ["A", "B"]}, 3, ["random", "random"]), "slot")
    s._bots = {0: Spy(), 1: Spy()}
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
