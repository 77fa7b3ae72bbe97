"""The page's move count shows public moves only (issue 15, "Secrets at the table"): during a
Trains & Stations speculation (Step 5, Upgrade Speculation: offers are secret, neither their
content nor their number is public) the count must not depend on how many Goods a player offered."""

from __future__ import annotations

import glob
import json

from railtable_web.public_moves import PublicMoves, replay, step

from railtable.core import Match

FIXTURES = "tests/fixtures/saves_rules1"


def test_a_simultaneous_step_counts_only_players_leaving_it() -> None:
    # three players offer at once: offers by one of them are not counted, confirming is
    assert step([0, 1, 2], [0, 1, 2], secret=True) == (False, True)
    assert step([0, 1, 2], [1, 2], secret=True) == (True, True)
    # the last one left is still deciding in secret
    assert step([2], [2], secret=True) == (False, True)
    # a player who was not acting comes to act: the step is over, every move counts again
    assert step([2], [0], secret=True) == (True, False)
    assert step([0], [0], secret=False) == (True, False)


def _speculation(offers: int) -> tuple[Match, PublicMoves]:
    """The saved 4-player game that stops at a speculation (tests/fixtures/saves_rules1): Cleo offers
    ``offers`` Power cards and confirms, then everyone else confirms."""
    saved = Match.from_save(open(f"{FIXTURES}/stations_4p_midgame.json", encoding="utf-8").read())
    match = Match(saved.game_id, saved.config, saved.seed, saved.seats)
    tracker = PublicMoves()
    for action in saved.actions:
        match.apply(action)
        tracker.of(match)
    assert match.state.to_act() == [0, 1, 2, 3]
    for _ in range(offers):
        match.apply(next(a for a in match.state.legal_actions(2) if a["type"] == "offer_card"))
        tracker.of(match)
    for seat in (2, 1, 0, 3):
        match.apply(next(a for a in match.state.legal_actions(seat) if a["type"] == "confirm"))
        tracker.of(match)
    return match, tracker


def test_the_count_does_not_tell_how_many_cards_were_offered() -> None:
    none, t0 = _speculation(1)
    two, t2 = _speculation(2)
    assert len(two.actions) == len(none.actions) + 1  # the action count would tell
    assert t2.count == t0.count
    assert replay(two)[0] == replay(none)[0] == t0.count


def test_incremental_count_equals_replay_and_follows_undo() -> None:
    for path in sorted(glob.glob(f"{FIXTURES}/*_midgame.json")):
        saved = Match.from_save(open(path, encoding="utf-8").read())
        match = Match(saved.game_id, saved.config, saved.seed, saved.seats)
        tracker = PublicMoves()
        for action in saved.actions:
            match.apply(action)
            tracker.of(match)
        assert tracker.count == replay(match)[0]
        # a resumed record starts from its hint, without a replay
        hinted = PublicMoves((len(match.actions), tracker.count, tracker.secret))
        assert hinted.of(saved) == tracker.count
        # TransAmerica and Trains have no simultaneous step: every action is public
        if saved.game_id != "stations":
            assert tracker.count == len(match.actions)


def test_undo_takes_back_the_count() -> None:
    match = Match("transamerica", {"players": ["Ann", "Bob"]}, 3, [None, None])
    tracker = PublicMoves()
    tracker.of(match)
    match.apply(match.state.legal_actions(match.state.to_act()[0])[0])  # start markers: irreversible
    match.apply(match.state.legal_actions(match.state.to_act()[0])[0])
    before = tracker.of(match)
    seat = match.state.to_act()[0]
    match.apply(next(a for a in match.state.legal_actions(seat) if a["type"] == "build"))
    assert tracker.of(match) == before + 1
    assert match.can_undo(seat)
    match.undo(seat)
    assert tracker.of(match) == before
    assert json.dumps(tracker.envelope(match))
