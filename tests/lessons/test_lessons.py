"""Issue 32, "Lessons are data ... checked by tests against the engine": every lesson's every step
is legal at its point on the current rules (a rules, bot or seed change that breaks a lesson fails
here), its texts exist in English and French, and the situations each lesson promises happen."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

from railtable import lessons
from railtable.lessons import LessonError, load, parse, play_through

AVAILABLE = lessons.available()


def test_every_lesson_the_lobby_offers_exists() -> None:
    assert "transamerica" in AVAILABLE
    assert set(AVAILABLE) <= set(lessons.LESSON_IDS)


@pytest.mark.parametrize("lesson_id", AVAILABLE)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_step_is_legal_where_it_comes(lesson_id: str, lang: str) -> None:
    lesson = load(lesson_id)
    match = play_through(lesson, lang)
    assert len(match.actions) > 0
    assert sum(len(s.do) for s in lesson.steps) >= 5, "a lesson has the learner play"


@pytest.mark.parametrize("lesson_id", AVAILABLE)
def test_every_text_is_in_english_and_french_and_they_differ(lesson_id: str) -> None:
    lesson = load(lesson_id)
    assert lesson.title["en"] != lesson.title["fr"]
    for n, step in enumerate(lesson.steps):
        assert step.say["en"].strip() and step.say["fr"].strip(), n
        assert step.say["en"] != step.say["fr"], f"step {n + 1} is not translated"
        assert len(step.say["en"]) <= 420, f"step {n + 1}: a step is a few lines beside the table"
        if step.why:
            assert step.why["en"] != step.why["fr"]


@pytest.mark.parametrize("lesson_id", AVAILABLE)
def test_a_step_that_no_longer_fits_the_game_fails_with_its_number(lesson_id: str) -> None:
    """The check can fail: a move moved elsewhere, or asked at a moment that is not the learner's."""
    raw = json.loads(resources.files("railtable.lessons").joinpath(f"{lesson_id}.json").read_text(encoding="utf-8"))
    broken = copy.deepcopy(raw)
    first = next(i for i, s in enumerate(broken["steps"]) if s.get("do"))
    broken["steps"][first]["do"] = {"type": "no_such_move"}
    with pytest.raises(LessonError, match=f"step {first + 1}"):
        play_through(parse(lesson_id, broken))
    missing = copy.deepcopy(raw)
    del missing["steps"][0]["say"]["fr"]
    with pytest.raises(LessonError, match="fr"):
        parse(lesson_id, missing)


def test_transamerica_lesson_meets_marker_single_and_double_tracks_joined_networks_and_scoring() -> None:
    """Issue 32: "for TransAmerica the starting marker, single and double tracks, joining other
    networks, the end of a round and its scoring" (rulebook: Game Play, Network building rules,
    Scoring of a Round)."""
    lesson = load("transamerica")
    match = play_through(lesson)
    log = match.state.view(0)["log"]
    mine = [e[1] for e in log if e[0] == "build" and e[1]["p"] == 0]
    assert any(e[0] == "marker" and e[1]["p"] == 0 for e in log)
    assert any(b["double"] for b in mine) and any(not b["double"] for b in mine)
    theirs = {tuple(map(tuple, (b["a"], b["b"]))) for e in log if e[0] == "build" and e[1]["p"] == 1 for b in [e[1]]}
    ends_mine = {tuple(x) for b in mine for x in (b["a"], b["b"])}
    ends_theirs = {x for edge in theirs for x in edge}
    assert ends_mine & ends_theirs, "the networks joined"
    assert any(e[0] == "round_connected" and e[1]["p"] == 0 for e in log)
    scores = [e[1] for e in log if e[0] == "score"]
    assert scores and any(s["missing"] > 0 for s in scores), "someone lost points in the round's scoring"
    # the texts say what the game shows: Ada needed 2 tracks and goes from 13 to 11
    assert "2" in lesson.steps[-2].say["en"] and match.state.view(0)["scores"] == [13, 11]


def test_the_lobby_offers_exactly_the_lessons_there_are() -> None:
    from railtable_web.lesson_ui import LESSONS_OF

    offered = [i for ids in LESSONS_OF.values() for i in ids]
    assert sorted(offered) == sorted(AVAILABLE)
    for lesson_id in AVAILABLE:
        assert lesson_id in LESSONS_OF[load(lesson_id).game]


def test_a_pattern_key_set_to_null_must_be_absent() -> None:
    """An Action card may be played with its effect or declining it (rulebook "Playing A Card"):
    ``"decline": null`` names the first alone."""
    from railtable.lessons import matches

    played = {"type": "play", "player": 0, "card": 125}
    declined = {**played, "decline": True}
    assert matches({"type": "play", "card": 125}, played) and matches({"type": "play", "card": 125}, declined)
    assert matches({"card": 125, "decline": None}, played) and not matches({"card": 125, "decline": None}, declined)
