"""Guided first games ("Learn to play"): lessons are data, checked against the engine.

A lesson is a game like any other (a setup, a seed and its actions) plus a script: a list of
steps, each a short text in English and French, some of them with the moves the learner is asked
to make (``do``: one pattern, or a list of them played in order, each matched by exactly one legal
action). The other seats are played by
bots exactly as the table plays them (``core.bot.decision_seed``), so a learner who follows the
script meets the situations the lesson was written for, on every device; a rules, bot or seed
change that breaks a lesson makes one of its steps illegal, and the tests fail
(``tests/lessons``).

Files: ``<id>.json`` in this folder, one per lesson (see ``docs/lessons.md`` for the format).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from railtable.core.bot import decision_seed
from railtable.core.game import Action
from railtable.core.match import Match

LESSON_IDS = ("transamerica", "trains", "rising_sun", "stations")
"""Every lesson, in the lobby's order (a file that is missing is skipped: see :func:`available`)."""

LANGS = ("en", "fr")
WHEN = ("my_turn", "now", "over")


class LessonError(ValueError):
    """A lesson file that does not hold (a step's move illegal, a text missing)."""


@dataclass(frozen=True)
class Step:
    """One thing the guide says; with ``do``, the moves it waits for (in order).

    ``when``: ``my_turn`` (default) shows the step once it is the learner's move (the bots have
    played meanwhile), ``now`` right after the step before, ``over`` once the game has ended.
    ``why``: said when the learner makes another legal move instead (optional)."""

    say: dict[str, str]
    do: tuple[dict[str, Any], ...] = ()
    when: str = "my_turn"
    why: dict[str, str] | None = None

    def text(self, lang: str) -> str:
        return self.say.get(lang) or self.say["en"]


@dataclass(frozen=True)
class Lesson:
    id: str
    game: str
    title: dict[str, str]
    config: dict[str, Any]
    names: dict[str, list[str]]
    seats: list[str | None]
    """``None`` for the learner's seat (exactly one), a bot level for every other."""
    seed: int
    steps: list[Step] = field(default_factory=list)
    minutes: int = 10

    @property
    def learner(self) -> int:
        return self.seats.index(None)

    def match(self, lang: str = "en") -> Match:
        """A new game of this lesson (names in ``lang``)."""
        config = {**self.config, "players": list(self.names.get(lang) or self.names["en"])}
        return Match(self.game, config, self.seed, list(self.seats))


def matches(pattern: dict[str, Any], action: Action) -> bool:
    """Whether ``action`` has every key of ``pattern`` with an equal value (lists and tuples alike);
    a key whose pattern value is ``None`` (JSON ``null``) must be absent (``"decline": null``: a card
    played with its effect, where declining it is legal too)."""
    for key, want in pattern.items():
        if want is None:
            if action.get(key) is not None:
                return False
            continue
        if key not in action or _plain(action[key]) != _plain(want):
            return False
    return True


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def the_action(pattern: dict[str, Any], legal: list[Action]) -> tuple[int, Action]:
    """The one legal action ``pattern`` names, with its index (``LessonError`` unless exactly one)."""
    found = [(i, a) for i, a in enumerate(legal) if matches(pattern, a)]
    if len(found) != 1:
        raise LessonError(f"{len(found)} legal actions match {pattern}" + ("" if found else f" (legal: {legal[:6]}...)"))
    return found[0]


def available() -> list[str]:
    return [i for i in LESSON_IDS if resources.files(__package__).joinpath(f"{i}.json").is_file()]


def load(lesson_id: str) -> Lesson:
    """The lesson ``lesson_id`` from its file; ``LessonError`` says what is wrong with it."""
    if lesson_id not in LESSON_IDS:
        raise LessonError(f"no lesson named {lesson_id!r}")
    raw = json.loads(resources.files(__package__).joinpath(f"{lesson_id}.json").read_text(encoding="utf-8"))
    return parse(lesson_id, raw)


def _texts(value: Any, where: str) -> dict[str, str]:
    if not isinstance(value, dict) or any(not isinstance(value.get(lang), str) or not value[lang].strip()
                                           for lang in LANGS):
        raise LessonError(f"{where}: a text in each of {', '.join(LANGS)} is needed")
    return {lang: value[lang] for lang in LANGS}


def parse(lesson_id: str, raw: Any) -> Lesson:
    if not isinstance(raw, dict):
        raise LessonError(f"{lesson_id}: not a JSON object")
    steps = []
    for n, s in enumerate(raw.get("steps", [])):
        where = f"{lesson_id} step {n + 1}"
        when = s.get("when", "my_turn")
        if when not in WHEN:
            raise LessonError(f"{where}: 'when' is one of {WHEN}")
        do = s.get("do", [])
        do = [do] if isinstance(do, dict) else do
        if not isinstance(do, list) or any(not isinstance(d, dict) or not d for d in do):
            raise LessonError(f"{where}: 'do' is a pattern of an action (an object) or a list of them")
        why = _texts(s["why"], where + " why") if "why" in s else None
        steps.append(Step(_texts(s.get("say"), where), tuple(do), when, why))
    seats = raw.get("seats")
    if not isinstance(seats, list) or seats.count(None) != 1:
        raise LessonError(f"{lesson_id}: 'seats' has the learner (null) once and a bot level for every other seat")
    names = raw.get("names")
    if not isinstance(names, dict) or any(not isinstance(names.get(lang), list) or len(names[lang]) != len(seats)
                                          for lang in LANGS):
        raise LessonError(f"{lesson_id}: 'names' gives one name per seat in each language")
    if not steps or steps[-1].do:
        raise LessonError(f"{lesson_id}: the last step says goodbye (no 'do')")
    return Lesson(lesson_id, str(raw["game"]), _texts(raw.get("title"), lesson_id + " title"),
                  dict(raw.get("config", {})), {lang: list(names[lang]) for lang in LANGS}, list(seats),
                  int(raw["seed"]), steps, int(raw.get("minutes", 10)))


def bot_move(match: Match) -> Action | None:
    """The move the table's bot makes now (the first bot seat to act, as ``Session.bot_to_act``)."""
    state = match.state
    acting = state.to_act()
    seat = next((s for s in acting if match.seats[s] is not None), None)
    if seat is None or any(match.seats[s] is None for s in acting):
        return None
    level = match.seats[seat]
    assert level is not None
    bot = match.info.make_bot(level, seat, decision_seed(match.seed, seat, len(match.actions)))
    return bot.choose(state.view(seat), state.legal_actions(seat))


def play_bots(match: Match, limit: int = 5000) -> None:
    """Let the bots play until the learner is to act or the game is over."""
    for _ in range(limit):
        if match.state.is_over():
            return
        action = bot_move(match)
        if action is None:
            return
        match.apply(action)
    raise LessonError("the bots did not stop")


def play_through(lesson: Lesson, lang: str = "en", upto: int | None = None) -> Match:
    """Follow the script as a learner who does what each step asks (the tests' walk, and the
    lessons' author's): returns the match after step ``upto`` (default: the whole lesson).

    Raises ``LessonError`` naming the step when a step's move is not exactly one legal action, or a
    step is reached at a moment it cannot be shown (``when``)."""
    match = lesson.match(lang)
    me = lesson.learner
    for n, step in enumerate(lesson.steps[:upto]):
        where = f"{lesson.id} step {n + 1} ({step.text('en')[:50]!r})"
        if step.when != "now":
            play_bots(match)
        state = match.state
        if step.when == "over" and not state.is_over():
            raise LessonError(f"{where}: shown at the end, but the game is not over")
        if step.when == "my_turn" and not state.is_over() and me not in state.to_act():
            raise LessonError(f"{where}: not the learner's move")
        for k, pattern in enumerate(step.do):
            if k:
                play_bots(match)  # (a simultaneous step: the bots answer as the table lets them)
            state = match.state
            if me not in state.to_act():
                raise LessonError(f"{where}, move {k + 1}: asks for a move, but it is not the learner's")
            try:
                _, action = the_action(pattern, state.legal_actions(me))
            except LessonError as exc:
                raise LessonError(f"{where}, move {k + 1}: {exc}") from None
            match.apply(action)
    return match
