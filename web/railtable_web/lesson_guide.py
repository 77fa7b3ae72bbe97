"""The guide of a lesson at the table: which step is on, what the learner did, what comes next.

No DOM here (``lesson_ui`` draws it), so it is tested on CPython. The guide follows the game's
actions: each move of the learner either is the one the step asks for (the step goes on), or is
another legal move: the guide then *explains* (the step's ``why``) and holds the bots until the
learner chooses to take it back (the lesson plays from before it again: a lesson's own undo, which
may cross a draw, as a teacher lets a pupil try again) or to go on with it. After that the guide
keeps guiding while the game still fits the script (the step's moves are legal); once it no
longer does, the learner plays on freely against the bot.
"""

from __future__ import annotations

from typing import Any

from railtable.core import Match
from railtable.lessons import Lesson, Step, load, matches

from .session import Session


class Guide:
    """Where a lesson stands. ``step``: the step on (``len(steps)``: the lesson is over);
    ``done``: its moves already made; ``off``: index of a move that left the script and awaits the
    learner's choice; ``free``: the learner plays on their own."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.step = 0
        self.done = 0
        self.seen = 0
        self.off: int | None = None
        self.went_on = False
        self.free = False
        self.reading: int | None = None
        """A step read again (Back), or None for the step on."""

    # ---- following the game ------------------------------------------------------
    @property
    def current(self) -> Step | None:
        return self.lesson.steps[self.step] if self.step < len(self.lesson.steps) else None

    @property
    def finished(self) -> bool:
        """The last step (its goodbye) is on."""
        return self.step >= len(self.lesson.steps) - 1

    def expected(self) -> dict[str, Any] | None:
        step = self.current
        if step is None or self.free or not step.do:
            return None
        return step.do[self.done]

    def sync(self, match: Match) -> None:
        """Take in the actions played since the last look (all again if some were undone)."""
        actions = match.actions
        if len(actions) < self.seen:  # an undo: follow the game again from its start
            keep = self.step
            self._restart()
            self.sync(match)
            self._read_on_to(keep)
            return
        me = self.lesson.learner
        for i in range(self.seen, len(actions)):
            action = actions[i]
            if action.get("player") != me or self.free or self.off is not None:
                continue
            while self.current is not None and not self.current.do and self.step < len(self.lesson.steps) - 1:
                self.step += 1  # a move made without reading on: the texts before it are passed
            pattern = self.expected()
            if pattern is not None and matches(pattern, action):
                self.done += 1
                if self.done == len(self.current.do):  # type: ignore[union-attr]
                    self.step += 1
                    self.done = 0
                    self.reading = None
            elif pattern is not None:
                self.off = i
        self.seen = len(actions)

    def _restart(self) -> None:
        self.step = self.done = self.seen = 0
        self.off = None
        self.free = self.went_on = False
        self.reading = None

    def _read_on_to(self, step: int) -> None:
        """Steps of text only, up to ``step``, count as read (a resumed or undone lesson)."""
        while self.step < step and self.current is not None and not self.current.do and self.off is None:
            self.step += 1

    def holds_bots(self) -> bool:
        """The bots wait while the learner reads why their move left the lesson's plan."""
        return self.off is not None

    def fits(self, match: Match) -> bool:
        """After going on with another move: whether the step's move is still exactly one legal
        action (the guide goes on guiding), else the learner plays on freely."""
        pattern = self.expected()
        if pattern is None:
            return True
        me = self.lesson.learner
        if me not in match.state.to_act():
            return True  # (judged when it is the learner's move)
        return sum(1 for a in match.state.legal_actions(me) if matches(pattern, a)) == 1

    def check_fit(self, match: Match) -> None:
        if self.went_on and not self.free and not self.fits(match):
            self.free = True

    # ---- the learner's choices ------------------------------------------------------
    def next(self) -> None:
        """Read on (a step of text only)."""
        if self.reading is not None:
            self.reading = self.reading + 1 if self.reading + 1 < self.step else None
            return
        step = self.current
        if step is not None and not step.do and self.step < len(self.lesson.steps) - 1:
            self.step += 1

    def back(self) -> None:
        """Read the step before again."""
        shown = self.step if self.reading is None else self.reading
        if shown > 0:
            self.reading = shown - 1

    def go_on(self) -> None:
        """Keep the move that left the plan."""
        self.off = None
        self.went_on = True

    def take_back_to(self) -> int:
        """How many actions to keep to play the step again (the move that left the plan goes)."""
        assert self.off is not None
        keep = self.off
        self.off = None
        return keep

    # ---- saving -------------------------------------------------------------------
    def envelope(self) -> dict[str, Any]:
        return {"id": self.lesson.id, "step": self.step, "free": self.free, "went_on": self.went_on}


def read_envelope(value: Any) -> dict[str, Any] | None:
    """A saved lesson's bookkeeping (beside its save), checked; None when absent or damaged."""
    if not isinstance(value, dict) or not isinstance(value.get("id"), str) or len(value["id"]) > 40:
        return None
    step = value.get("step")
    return {"id": value["id"], "step": step if type(step) is int and 0 <= step < 10_000 else 0,
            "free": value.get("free") is True, "went_on": value.get("went_on") is True}


def guide_for(match: Match, saved: dict[str, Any]) -> Guide | None:
    """The guide of a saved lesson, following its actions again; None if the lesson is unknown."""
    try:
        lesson = load(saved["id"])
    except Exception:  # noqa: BLE001 - an unknown or damaged lesson: the game opens as a game
        return None
    if lesson.game != match.game_id:
        return None
    guide = Guide(lesson)
    guide.sync(match)
    guide._read_on_to(saved["step"])
    guide.went_on = guide.went_on or saved["went_on"]
    guide.free = guide.free or saved["free"]
    return guide  # (left while asked about a move off the plan: asked again)


class LessonSession(Session):
    """A session whose bots wait while the guide holds them."""

    def __init__(self, match: Match, slot: str, guide: Guide) -> None:
        super().__init__(match, slot)
        self.guide = guide

    def bot_to_act(self) -> int | None:
        if self.guide.holds_bots():
            return None
        return super().bot_to_act()

    def title(self) -> str:
        from .i18n import language

        return self.guide.lesson.title.get(language()) or self.guide.lesson.title["en"]
