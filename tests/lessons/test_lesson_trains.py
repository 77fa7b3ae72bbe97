"""Issue 32, the Trains lesson: "buying, Waste and how to return it, laying rails (costs of rivers,
mountains, cities, other players' rails), stations, and the end". Each situation is read from the
game the script plays (its log and the learner's views), with the rulebook section it teaches."""

from __future__ import annotations

from typing import Any

import pytest

from railtable.core import Match
from railtable.lessons import load, play_through
from railtable.trains.board import load_board
from railtable.trains.state import PILES_EMPTY_TO_END


@pytest.fixture(scope="module")
def played() -> tuple[Any, Match]:
    lesson = load("trains")
    return lesson, play_through(lesson)


def _mine(match: Match, kind: str) -> list[dict[str, Any]]:
    me = 0
    return [e[1] for e in match.state.log if e[0] == kind and e[1].get("p") == me]


def test_the_learner_buys_cards(played: tuple[Any, Match]) -> None:
    """Rulebook "How to Buy Cards": money from played cards buys cards from the Supply."""
    _, match = played
    assert [b["card"] for b in _mine(match, "buy")] == ["Express Train", "Lay Rails", "Landfill"]


def test_rails_on_a_river_a_mountain_a_city_and_another_players_rail_with_their_costs(played: tuple[Any, Match]) -> None:
    """Rulebook "Terms / Lay Rails": a river costs 1 extra, a mountain 2, a city 1 + its stations,
    another player's rail 1 per rail there and a Waste."""
    lesson, match = played
    board = load_board(match.state.board_id)
    laid = _mine(match, "lay_rail")
    by_terrain: dict[str, list[dict[str, Any]]] = {}
    for rail in laid:
        by_terrain.setdefault(board.hexes[rail["hex"]].terrain, []).append(rail)
    assert [r["cost"] for r in by_terrain["river"]] == [1]
    assert [r["cost"] for r in by_terrain["mountain"]] == [2]
    # Ikebukuro Ueno with the learner's station on it: 1 + 1; Tokyo Akihabara without: 1
    assert sorted((board.hexes[r["hex"]].name, r["cost"]) for r in by_terrain["city"]) == [
        ("Ikebukuro Ueno", 2), ("Tokyo Akihabara", 1)]
    shared = [r for r in laid if r["hex"] == 17]
    assert shared and shared[0]["cost"] == 1 and board.hexes[17].terrain == "field"
    # Ada's rail was there first, and the learner gained two Waste (the card's and the shared space's)
    log = match.state.log
    at = next(i for i, e in enumerate(log) if e[0] == "lay_rail" and e[1] == shared[0])
    assert any(e[0] == "lay_rail" and e[1]["p"] == 1 and e[1]["hex"] == 17 for e in log[:at])
    assert [e[0] for e in log[at + 1:at + 3]] == ["gain_waste", "gain_waste"]
    # the texts say these costs
    said = " ".join(s.say["en"] for s in lesson.steps)
    for words in ("mountain costs 2", "river costs 1", "1 + 1 = 2 money", "0 + 1 = 1 money"):
        assert words in said


def test_stations_are_placed_where_the_learners_rails_are(played: tuple[Any, Match]) -> None:
    """Rulebook "Terms / Station Expansion" and "Winning the Game / Train Bonus Points"."""
    _, match = played
    assert [s["hex"] for s in _mine(match, "place_station")] == [16, 25, 25]
    view = match.state.view(0)
    assert 0 in view["rails"][16] and 0 in view["rails"][25]
    assert view["stations"][25] == 2


def test_waste_is_kept_in_a_hand_then_returned(played: tuple[Any, Match]) -> None:
    """Rulebook "Reduce & Reuse - How to Get Rid of Waste": a Waste is kept through a turn played
    with the other cards, then a hand's Waste is returned all at once by passing the turn."""
    lesson, match = played
    replay = lesson.match()
    kept = 0
    for action in match.actions:
        if action["player"] == 0 and action["type"] == "end_turn":
            hand = [c["name"] for c in replay.state.view(0)["hand"]]
            kept += "Waste" in hand
        replay.apply(action)
    assert kept >= 2, "the learner ended turns holding Waste"
    returned = _mine(match, "return_waste")
    assert returned == [{"p": 0, "n": 3}]


def test_the_lesson_ends_before_the_game_and_says_how_it_ends(played: tuple[Any, Match]) -> None:
    """Rulebook "Winning the Game": the end conditions the last steps state are the engine's."""
    lesson, match = played
    assert not match.state.is_over()
    board = load_board(match.state.board_id)
    text = lesson.steps[-2].say["en"]
    assert f"{PILES_EMPTY_TO_END} Supply piles" in text and f"all {board.rails_per_player} rails" in text
    assert "every station" in text
    assert "0, 2, 4 or 8 points" in lesson.steps[-1].say["en"]
