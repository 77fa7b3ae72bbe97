"""Issue 32, the Trains & Stations lesson: "the five steps of a round, a Mission and a speculation".

Followed as its script says (``play_through``: the bots play as at the table), the learner plays
every step of their turn in the rulebook's order (How to Play: Step 1 Gather Dice to Step 5 Goods
Depletion & Upgrade), sees Deliveries (Step 4), scores a Mission (Step 4.4, Completing Missions)
and trades in an Upgrade Speculation (Step 5); the texts say what the game shows.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from railtable.lessons import load, play_through

LEARNER = 0


@pytest.fixture(scope="module")
def game() -> Any:
    return play_through(load("stations"))


def _events(game: Any) -> list[list[Any]]:
    return game.state.events_for(LEARNER)


def _learner_turns(events: list[list[Any]]) -> list[list[str]]:
    """The kinds of event of each of the learner's turns, in order."""
    turns: list[list[str]] = []
    mine = False
    for key, params, *_ in events:
        if key == "turn":
            mine = params["p"] == LEARNER
            if mine:
                turns.append([])
        elif mine and params.get("p") == LEARNER:
            turns[-1].append(key)
    return turns


def test_the_texts_explain_the_five_steps_in_the_order_they_come() -> None:
    """How to Play: "Each player's turn follows the structure given below" (Steps 1 to 5)."""
    lesson = load("stations")
    first = {}
    for n, step in enumerate(lesson.steps):
        for k in re.findall(r"Step (\d)", step.say["en"]):
            first.setdefault(int(k), n)
    assert sorted(first) == [1, 2, 3, 4, 5]
    assert [first[k] for k in (1, 2, 3, 4)] == sorted(first[k] for k in (1, 2, 3, 4))
    # the French texts name the steps as the French rules do (A to E)
    assert all(f"Action {c}" in " ".join(s.say["fr"] for s in lesson.steps) for c in "ABC")


def test_a_full_round_and_each_learner_turn_in_the_rulebooks_order(game: Any) -> None:
    """Step 1 Gather (the roll), Step 2 Roll Dice (rerolls for a Coin), Step 3 Resolve Dice
    (place trains, erect a Building, gain Coins, save dice); the others play their turns between."""
    events = _events(game)
    turns = _learner_turns(events)
    assert len(turns) >= 5, "five rounds of the learner's turns"
    order = {"roll": 1, "reroll": 2, "strike": 2, "place": 3, "build": 3, "cash": 3, "save": 3}
    for kinds in turns[:5]:
        steps = [order[k] for k in kinds if k in order]
        assert steps and steps[0] == 1 and steps == sorted(steps), kinds
    done = {k for kinds in turns for k in kinds}
    assert {"roll", "reroll", "place", "build", "cash", "save"} <= done
    others = {params["p"] for key, params, *_ in events if key == "turn" and params["round"] == 1}
    assert others == {0, 1, 2}, "a full round: every seat took its turn"


def test_deliveries_score_the_learner_and_feed_the_learners_mine(game: Any) -> None:
    """Step 4: Completion VPs to each player with dice on the route; Collect Goods: each Building
    on a connected Station gives its owner a Goods card."""
    events = _events(game)
    assert any(k == "delivery" for k, *_ in events)
    assert any(k == "completion_vp" and p["p"] == LEARNER for k, p, *_ in events)
    assert any(k == "build" and p["p"] == LEARNER and p["building"] == "mine" for k, p, *_ in events)
    coal = [p for k, p, *_ in events if k == "goods_private" and p["p"] == LEARNER and p["goods"] == "coal"]
    assert len(coal) == 4, "the texts say: 4 Coal before the speculation"


def test_the_learner_completes_a_mission(game: Any) -> None:
    """Step 4.4, Completing Missions: the Mission New Orleans - Boston is revealed and scored when
    the East Y route joins them; it is kept face up for its VP (4, as the text says)."""
    events = _events(game)
    scored = [p for k, p, *_ in events if k == "mission" and p["p"] == LEARNER]
    assert scored and scored[0]["n"] == 4
    mission = game.state.view(LEARNER)["players"][LEARNER]["missions"]
    assert [sorted(m["cities"]) for m in mission] == [["boston", "new_orleans"]]
    assert "4 VP" in next(s.say["en"] for s in load("stations").steps if "Mission New Orleans" in s.say["en"])


def test_the_learner_takes_part_in_an_upgrade_speculation(game: Any) -> None:
    """Step 5, Goods Depletion & Upgrade: the Coal stack ran out and the Mine upgraded; Upgrade
    Speculation: the learner traded 2 Coal for 1 of the new Goods (Silver), which they now hold."""
    events = _events(game)
    assert ["upgrade", {"building": "mine", "goods": "silver"}] in [e[:2] for e in events]
    trades = [p for k, p, *_ in events if k == "spec_trade" and p["p"] == LEARNER]
    assert trades == [{"p": LEARNER, "offer": {"goods": {"coal": 2}, "cards": []}, "n": 1, "goods": "silver"}]
    hand = game.state.view(LEARNER)["me"]["goods"]
    assert (hand["silver"], hand["coal"]) == (1, 2), "the step after it says: 1 Silver and 2 Coal"
    assert not [p for k, p, *_ in events if k == "spec_trade" and p["p"] != LEARNER], \
        "the step after it says Ada and Bruno kept their Goods"


def test_each_move_the_guide_asks_for_is_one_click_on_the_table_as_drawn() -> None:
    """The guide rings ``[data-act=i]`` (``thinking.hint_selectors``): every move of the script is
    on the table as it is first drawn for that decision (a Roll button for the saved dice kept as
    they are, a space for the train die chosen first), so the learner never has to choose first."""
    from railtable_web import stations_panel as panel
    from railtable_web import stations_svg as sv

    from railtable.lessons import play_bots, the_action

    lesson = load("stations")
    match = lesson.match()
    names = list(lesson.names["en"])
    moves = 0
    for step in lesson.steps:
        for pattern in step.do:
            play_bots(match)
            view = match.state.view(LEARNER)
            legal = match.state.legal_actions(LEARNER)
            index, action = the_action(pattern, legal)
            ui = panel.PanelState()
            ui.reset_for(panel.decision_key(view))
            drawn = panel.controls_html(view, legal, ui, "en", names)
            drawn += sv.board_dynamic_svg(view, panel.place_index(legal, ui.train), [], set(), "en")
            assert f'data-act="{index}"' in drawn, f"{action} is not one click away"
            match.apply(action)
            moves += 1
    assert moves == sum(len(s.do) for s in lesson.steps)
