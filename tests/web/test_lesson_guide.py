"""Issue 32, "Learn by playing": the guide at the table, through the real bridge and app on CPython.

The learner starts a lesson from the lobby, reads on, is shown the one thing to do (ringed with the
hint's selectors), plays it; a wrong but legal move is explained, held (the bots wait), and taken
back or kept; the lesson is a save (left and resumed at its step); its end offers a real game
against an Easy bot."""

from __future__ import annotations

import json
from typing import Any

import fresh_loop
from fake_page import cancel_tasks, let_bots_play, start_page
from railtable_web import app, bridge, dom

from railtable.lessons import load, matches


def _click(page: Any, what: str) -> None:
    page.send("#lesson", "click", **{"lesson-do": what})


def _start(page: Any, lesson_id: str = "transamerica") -> Any:
    dom.FORM["pace"] = "instant"
    page.send("#learn", "click", lesson=lesson_id)
    the_app = app.APP
    assert the_app is not None and the_app.session is not None
    return the_app


def _panel(page: Any) -> str:
    return str(page.last("#lesson", "innerHTML") or "")


async def _follow(page: Any, the_app: Any, upto: int | None = None) -> None:
    """Do what each step asks (Next on a text, its moves otherwise), as a learner following the guide."""
    guide = the_app.session.guide
    for _ in range(400):
        await let_bots_play(6)
        if guide.finished or (upto is not None and guide.step >= upto):
            return
        if the_app.modal_open:  # a round's summary: read and closed (the bots wait meanwhile)
            page.send("#modal", "click", close="1", dialog=str(the_app.modal_number))
            continue
        step = guide.current
        me = guide.lesson.learner
        state = the_app.session.match.state
        if not step.do:
            if step.when == "now" or me in state.to_act():
                _click(page, "next")
            continue
        if me in state.to_act():
            pattern = guide.expected()
            legal = the_app.session.legal_actions()
            assert [a for a in legal if matches(pattern, a)], (guide.step, pattern)
            the_app.play(next(a for a in legal if matches(pattern, a)))
    raise AssertionError("the lesson did not end")


def test_a_lesson_from_the_lobby_to_its_end_rings_each_move_and_offers_a_real_game() -> None:
    async def scenario() -> None:
        page = start_page()
        assert "Learn to play TransAmerica" in str(page.last("#learn", "innerHTML"))
        the_app = _start(page)
        lesson = load("transamerica")
        assert lesson.steps[0].say["en"][:40] in _panel(page).replace("&#x27;", "'")
        assert "step 1 of" in _panel(page)
        _click(page, "next")
        dom.flush()
        ring = str(page.last("#hint-style", "textContent"))
        assert '[data-at="16,11"]' in ring, "the starting junction the step asks for is ringed"
        shown = [op for op in page.ops if op[0] == "show"]
        assert len(shown) == 1 and '#table [data-at="16,11"]' in shown[0][1], "and brought into view, once"
        the_app.redraw()
        dom.flush()
        assert len([op for op in page.ops if op[0] == "show"]) == 1, "a redraw does not scroll again"
        await _follow(page, the_app)
        dom.flush()
        panel = _panel(page)
        assert "Play a real game against an Easy bot" in panel
        _click(page, "real")
        session = the_app.session
        assert session is not None and not hasattr(session, "guide")
        assert session.match.seats == [None, "easy"] and session.match.actions == []
        cancel_tasks()

    fresh_loop.run(scenario())


def test_a_wrong_but_legal_move_is_explained_the_bots_wait_and_it_can_be_taken_back_or_kept() -> None:
    async def scenario() -> None:
        page = start_page()
        the_app = _start(page)
        _click(page, "next")
        guide = the_app.session.guide
        legal = the_app.session.legal_actions()
        other = next(a for a in legal if not matches(guide.expected(), a))
        the_app.play(other)
        await let_bots_play(10)
        assert guide.off == 0 and "not the one this step is about" in _panel(page)
        assert "a central one near several of your cities" in _panel(page), "the step's why"
        assert len(the_app.session.match.actions) == 1, "the bots wait while the learner reads"
        _click(page, "take_back")
        await let_bots_play(6)
        assert the_app.session.match.actions == [] and the_app.session.guide.off is None
        assert '[data-at="16,11"]' in str(page.last("#hint-style", "textContent"))
        # the same move again, kept this time: the lesson goes on while the game still fits it
        the_app.play(other)
        _click(page, "go_on")
        await let_bots_play(10)
        guide = the_app.session.guide
        assert guide.off is None and guide.went_on
        assert guide.free, "with another starting junction, the next step's tracks are not legal: play on freely"
        assert "play on freely" in _panel(page)
        cancel_tasks()

    fresh_loop.run(scenario())


def test_a_lesson_left_midway_resumes_at_its_step_from_the_lobby_in_french() -> None:
    async def scenario() -> None:
        page = start_page({"railtable.settings": json.dumps({"lang": "fr"})})
        assert "Apprendre à jouer à TransAmerica" in str(page.last("#learn", "innerHTML"))
        the_app = _start(page)
        assert the_app.session.match.state.names == ["Alex", "Ada"]
        await _follow(page, the_app, upto=5)
        step = the_app.session.guide.step
        moves = len(the_app.session.match.actions)
        _click(page, "leave")
        assert the_app.session is None
        storage = dict(bridge.STORAGE.data)
        cancel_tasks()
        page = start_page(storage)
        slot = next(k for k in storage if k.startswith("railtable.save."))[len("railtable.save."):]
        the_app = app.APP
        the_app.resume(slot)
        await let_bots_play(4)
        guide = the_app.session.guide
        assert guide.step == step and len(the_app.session.match.actions) == moves
        assert f"étape {step + 1} sur" in _panel(page)
        await _follow(page, the_app)
        assert guide.finished
        cancel_tasks()

    fresh_loop.run(scenario())


def test_the_tables_own_undo_within_a_step_keeps_the_guide_on_that_step() -> None:
    """Undo (the table's, within the learner's turn) takes back a move the step asked for: the
    guide asks for it again; a move off the plan undone that way clears the question."""
    async def scenario() -> None:
        page = start_page()
        the_app = _start(page)
        await _follow(page, the_app, upto=2)
        guide = the_app.session.guide
        assert guide.step == 2 and guide.done == 0
        first = guide.expected()
        the_app.play(next(a for a in the_app.session.legal_actions() if matches(first, a)))
        assert guide.done == 1
        the_app.undo()
        await let_bots_play(4)
        guide = the_app.session.guide
        assert (guide.step, guide.done, guide.off) == (2, 0, None) and guide.expected() == first
        other = next(a for a in the_app.session.legal_actions() if not matches(first, a) and a["type"] == "build")
        the_app.play(other)
        await let_bots_play(4)
        assert guide.off is not None
        the_app.undo()
        await let_bots_play(4)
        assert guide.off is None and (guide.step, guide.done) == (2, 0)
        cancel_tasks()

    fresh_loop.run(scenario())


def test_a_move_ringed_in_a_hidden_tab_of_the_trains_table_shows_that_tab() -> None:
    """On a phone the Trains table shows one panel under the board (issue 34's tabs): when the step
    asks for a Route Bonus card's ability (the Routes tab) or a pile to buy (the Supply tab), the
    table shows that panel, so the ringed thing can be seen and tapped."""
    async def scenario() -> None:
        page = start_page()
        dom.FORM["game"] = "trains"
        the_app = _start(page, "rising_sun")
        guide = the_app.session.guide
        at = next(i for i, s in enumerate(guide.lesson.steps) if s.do and s.do[0]["type"] == "use_route")
        await _follow(page, the_app, upto=at)
        await let_bots_play(6)
        dom.flush()
        panels = [op[3] for op in page.ops if op[0] == "a" and op[1] == ".tr-table" and op[2] == "data-panel"]
        assert panels[-1] == "routes", panels[-5:]
        assert the_app.table.panel == "routes"
        the_app.play(next(a for a in the_app.session.legal_actions() if a["type"] == "use_route"))
        await let_bots_play(6)
        dom.flush()
        assert the_app.table.panel == "supply", "the next move is a buy"
        cancel_tasks()

    fresh_loop.run(scenario())


def test_try_again_after_an_engine_fault_reopens_the_lesson_with_its_guide() -> None:
    """A bot or engine fault in a lesson offers "Try again", which reopens the save: as the lesson
    it is, at its step (it reopened as a plain game, the guide gone)."""
    async def scenario() -> None:
        page = start_page()
        the_app = _start(page)
        await _follow(page, the_app, upto=4)
        step = the_app.session.guide.step
        bot = 1 - the_app.session.guide.lesson.learner
        the_app.engine_fault(RuntimeError("a bot's bug"), bot)
        assert the_app.modal_open
        the_app.after_fault()
        await let_bots_play(2)
        session = the_app.session
        assert getattr(session, "guide", None) is not None and session.guide.step == step
        assert f"step {step + 1} of" in _panel(page)  # the panel is back
        await _follow(page, the_app)
        assert session.guide.finished
        cancel_tasks()

    fresh_loop.run(scenario())
