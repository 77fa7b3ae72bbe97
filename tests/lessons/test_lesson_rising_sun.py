"""Issue 32, the Rising Sun lesson: "an Attack and a Reaction and a Route Bonus card". The learner
plays an ATTACK, is attacked and reveals a Reaction, and completes a route (taking its card and
using its ability), all read from the game the script plays, with the Rising Sun rulebook's
section for each."""

from __future__ import annotations

from typing import Any

import pytest

from railtable.core import Match
from railtable.lessons import load, matches, play_through
from railtable.trains.cards import card


@pytest.fixture(scope="module")
def played() -> tuple[Any, Match]:
    lesson = load("rising_sun")
    return lesson, play_through(lesson)


def test_the_lesson_plays_rising_sun_cards_with_route_bonus_cards_on_a_two_player_map(played: tuple[Any, Match]) -> None:
    lesson, match = played
    assert lesson.config["sets"] == "rising_sun" and lesson.config["route_bonus"] is True
    assert match.state.board_id in ("chiba", "kyushu") and len(lesson.seats) == 2


def test_the_learner_plays_an_attack_and_the_other_player_gains_a_waste(played: tuple[Any, Match]) -> None:
    """Rulebook "Attacks": Regulations' ATTACK, "each other player gains 1 Waste"."""
    _, match = played
    log = match.state.log
    at = next(i for i, e in enumerate(log) if e[0] == "play" and e[1] == {"p": 0, "card": "Regulations", "gain": 1})
    assert "Attack" in card("Regulations").types
    assert ["gain_waste", {"p": 1}] in [e[:2] for e in log[at + 1:at + 4]]
    assert not any(e[0] == "react" and e[1]["p"] == 1 for e in log), "Ada had no Reaction to reveal"


def test_the_learner_is_attacked_and_reveals_a_reaction_and_keeps_every_card(played: tuple[Any, Match]) -> None:
    """Rulebook "Reactions": Legal Counsel revealed from the hand when another player ATTACKs;
    Politician's ATTACK (discard down to 4) then does not affect the learner."""
    lesson, match = played
    log = match.state.log
    attack = next(i for i, e in enumerate(log) if e[0] == "play" and e[1]["p"] == 1 and e[1]["card"] == "Politician")
    assert log[attack + 1][:2] == ["react", {"p": 0, "card": "Legal Counsel"}]
    assert card("Legal Counsel").reaction is not None
    assert not any(e[0] in ("discard", "discard_down") and e[1].get("p") == 0 for e in log[attack:])
    assert match.state.view(0)["players"][0]["hand_size"] == 5
    # without the Reaction, the ATTACK would have made the learner discard a card
    replay = lesson.match()
    for action in match.actions:
        if action["type"] == "choose" and action["player"] == 0 and action["option"] == "Legal Counsel":
            replay.apply(next(a for a in replay.state.legal_actions(0) if matches({"option": "none"}, a)))
            pending = replay.state.view(0)["pending"]
            assert pending is not None and pending["kind"] == "discard_down" and pending["player"] == 0
            break
        replay.apply(action)
    else:
        raise AssertionError("the learner was never asked to react")


def test_the_learner_completes_a_route_takes_its_card_and_uses_its_ability(played: tuple[Any, Match]) -> None:
    """Rulebook "Completing Routes": the first to link the card's cities takes it and scores its
    VP at once; its ability is used once, in one of that player's turns."""
    _, match = played
    log = match.state.log
    assert ["route_taken", {"p": 0, "route": "chiba-2", "vp": 3}] in [e[:2] for e in log]
    assert ["route_used", {"p": 0, "route": "chiba-2"}] in [e[:2] for e in log]
    view = match.state.view(0)
    route = next(r for r in view["routes"] if r["id"] == "chiba-2")
    assert route["owner"] == 0 and route["used"] and sorted(route["linked"]) == ["Funabashi", "Kisarazu"]
    assert view["players"][0]["vp_track"] == 3
