"""Learn to play: the lobby's lesson buttons and the guide's panel beside the table.

The panel (``#lesson``) sits in the page's flow above the table, never over it; it says the step,
rings the one thing to do on the table (the hint's own selectors: ``thinking.hint_selectors``),
and offers Back (read a step again), Next (a step of text only) and Leave (the lesson is a save
like any other: the lobby resumes it). When the learner makes another legal move, it explains and
asks: take it back, or go on with it. The last step offers a real game against an Easy bot.
"""

from __future__ import annotations

import time
from typing import Any

from . import dom, i18n
from .dom import closest_data, on, q, show
from .lesson_text import say
from .markup import escape

LESSONS_OF = {"transamerica": ("transamerica",), "trains": ("trains", "rising_sun"), "stations": ("stations",)}
"""The lessons offered beside each game of the lobby (``railtable.lessons.available()``: a test
checks they are the same; the lobby names them without reading their files, and imports the
lessons' code only when one starts or a lesson's save is resumed)."""

def guide_of(app: Any) -> Any:
    return getattr(app.session, "guide", None)


# ---- the lobby ---------------------------------------------------------------------
def render_lobby(app: Any, game_id: str) -> None:
    """The "Learn to play" buttons of the chosen game."""
    lang = i18n.language()
    buttons = []
    for lesson_id in LESSONS_OF.get(game_id, ()):
        buttons.append(f'<button type="button" class="learn-button" data-lesson="{lesson_id}">'
                       f'{escape(say("learn_" + lesson_id, lang))}</button>')
    box = q("#learn")
    box.innerHTML = (f'<span class="learn-lead">{escape(say("new_to_it", lang))}</span> ' + " ".join(buttons)) if buttons else ""
    show(box, bool(buttons))


def bind(app: Any) -> None:
    """The lobby's lesson buttons and the guide's panel answer clicks (once per page)."""
    on(q("#learn"), "click", lambda event: on_learn(app, event))
    on(q("#lesson"), "click", lambda event: on_click(app, event))


def on_learn(app: Any, event: Any) -> None:
    lesson_id = closest_data(event, "lesson")
    if any(lesson_id in ids for ids in LESSONS_OF.values()) and app.session is None:
        start(app, str(lesson_id))


def start(app: Any, lesson_id: str) -> None:
    from railtable.lessons import load

    from .lesson_guide import Guide, LessonSession

    lesson = load(lesson_id)
    match = lesson.match(i18n.language())
    slot = f"{int(time.time() * 1000)}-lesson-{lesson_id}"
    app.open(LessonSession(match, slot, Guide(lesson)))
    app.autosave()


def resumed(match: Any, slot: str, entry: Any) -> Any:
    """The session of a resumed save: a lesson's when its record says it is one."""
    if getattr(entry, "lesson", None) is None:
        return None
    from .lesson_guide import LessonSession, guide_for, read_envelope

    saved = read_envelope(getattr(entry, "lesson", None))
    guide = guide_for(match, saved) if saved is not None else None
    return LessonSession(match, slot, guide) if guide is not None else None


# ---- the panel ---------------------------------------------------------------------
def table_closed(app: Any) -> None:
    show(q("#lesson"), False)
    q("#lesson").innerHTML = ""
    app.lesson_drawn = None  # the panel as last drawn: ``after_redraw`` writes it only when it changed
    root = q("html").dataset
    root.lessonStep = ""
    root.lessonAt = ""
    root.lessonState = ""
    q("#hint-style").textContent = ""


def after_redraw(app: Any) -> None:
    """Follow the game, draw the panel and ring the move the step asks for."""
    guide = guide_of(app)
    if guide is None:  # (the panel was hidden when the lesson's table closed: nothing to write per redraw)
        return
    box = q("#lesson")
    session = app.session
    match = session.match
    guide.sync(match)
    guide.check_fit(match)
    lang = i18n.language()
    lesson = guide.lesson
    me = lesson.learner
    state = match.state
    my_move = me in state.to_act() and not state.is_over()
    parts: list[str] = []
    target = None
    if guide.off is not None:
        step = guide.current
        why = step.why.get(lang) if step is not None and step.why else ""
        parts.append(f'<p class="lesson-say">{escape(say("off_plan", lang))} {escape(why or "")}</p>'
                     f'<p class="lesson-buttons"><button type="button" class="primary" id="lesson-take-back" data-lesson-do="take_back">'
                     f'{escape(say("take_back", lang))}</button> <button type="button" id="lesson-go-on" data-lesson-do="go_on">'
                     f'{escape(say("go_on", lang))}</button></p>')
    elif guide.free:
        parts.append(f'<p class="lesson-say">{escape(say("on_your_own", lang))}</p>'
                     f'<p class="lesson-buttons"><button type="button" id="lesson-again" data-lesson-do="again">{escape(say("again", lang))}</button></p>')
    else:
        shown = guide.step if guide.reading is None else guide.reading
        step = lesson.steps[min(shown, len(lesson.steps) - 1)]
        waiting = guide.reading is None and (
            (step.when == "my_turn" and not my_move and not state.is_over())
            or (step.when == "over" and not state.is_over()))
        if waiting:
            acting = [session.names[s] for s in state.to_act() if s != me]
            parts.append(f'<p class="lesson-say muted">{escape(say("waiting", lang, name=", ".join(acting) or "…"))}</p>')
        else:
            parts.append(f'<p class="lesson-say">{escape(step.text(lang))}</p>')
            if guide.reading is None and step.do and my_move:
                target = guide.expected()
        buttons = []
        if shown > 0:
            buttons.append(f'<button type="button" id="lesson-back" data-lesson-do="back">{escape(say("back", lang))}</button>')
        if guide.reading is not None:
            buttons.append(f'<button type="button" class="primary" id="lesson-next" data-lesson-do="next">{escape(say("next", lang))}</button>')
        elif not step.do and not waiting and not guide.finished:
            buttons.append(f'<button type="button" class="primary" id="lesson-next" data-lesson-do="next">{escape(say("next", lang))}</button>')
        if guide.finished and guide.reading is None and not waiting:
            buttons.append(f'<button type="button" class="primary" id="lesson-real" data-lesson-do="real">{escape(say("real_game", lang))}</button>')
        parts.append(f'<p class="lesson-buttons">{" ".join(buttons)}</p>')
    count = len(lesson.steps)
    at = min(guide.step, count - 1) + 1
    head = (f'<h2 id="lesson-title" class="lesson-title">{escape(lesson.title.get(lang) or lesson.title["en"])}'
            f' <span class="lesson-count">{escape(say("step_of", lang, n=at, of=count))}</span></h2>')
    leave = f'<button type="button" class="lesson-leave" id="lesson-leave" data-lesson-do="leave">{escape(say("leave", lang))}</button>'
    html = f'<div class="lesson-box">{head}{"".join(parts)}{leave}</div>'
    if html != getattr(app, "lesson_drawn", None):  # (a bot's move changes nothing here: the panel and its focus stay)
        app.lesson_drawn = html
        box.innerHTML = html
    root = q("html").dataset
    root.lessonStep = str(guide.step)
    root.lessonAt = f"{guide.step}:{guide.done}:{len(match.actions)}:{guide.reading}"  # (tests wait on it)
    root.lessonState = "off" if guide.off is not None else "free" if guide.free else "end" if guide.finished else "on"
    _ring(app, target)
    show(box, True)


def _ring(app: Any, pattern: dict[str, Any] | None) -> None:
    """Ring the move the step asks for (unless the learner's own hint is on screen)."""
    from railtable.lessons import matches

    from . import think_ui, thinking

    if think_ui.hint_on_screen():
        return
    selectors: list[str] = []
    if pattern is not None:
        session = app.session
        legal = session.legal_actions()
        found = [(i, a) for i, a in enumerate(legal) if matches(pattern, a)]
        if len(found) == 1:
            selectors = thinking.hint_selectors(found[0][1], found[0][0])
            show_move = getattr(app.table, "show_move", None)
            if show_move is not None:  # (a phone's table shows the tab that holds the ringed thing)
                show_move(found[0][1])
    q("#hint-style").textContent = thinking.hint_css(selectors)
    point = ", ".join(selectors)
    q("#lesson").dataset.point = point
    if point and point != getattr(app, "lesson_point", None):  # a new thing to do: brought into view once
        dom.bring_into_view(", ".join(f"#table {s}" for s in selectors))
    app.lesson_point = point


def on_click(app: Any, event: Any) -> None:
    what = closest_data(event, "lesson-do")
    guide = guide_of(app)
    if guide is None or what is None:
        return
    if what == "next":
        guide.next()
    elif what == "back":
        guide.back()
    elif what == "go_on":
        guide.go_on()
    elif what == "take_back" and guide.off is not None:
        _take_back(app, guide)
        return
    elif what == "leave":
        app.close_table()
        return
    elif what in ("real", "again"):
        _real_game(app, guide, again=what == "again")
        return
    app.autosave()
    app.refresh()


def _take_back(app: Any, guide: Any) -> None:
    """Play the step again: the game as it was before the move that left the plan."""
    from railtable.core import Match

    from .lesson_guide import LessonSession

    session = app.session
    keep = guide.take_back_to()
    save = session.match.to_save()
    save["actions"] = save["actions"][:keep]
    match = Match.from_save(save)
    fresh = LessonSession(match, session.slot, guide)
    fresh.writes = getattr(session, "writes", 0)
    fresh.last_text = getattr(session, "last_text", None)
    fresh.public_moves = getattr(session, "public_moves", None)
    guide.seen = len(match.actions)
    app.open(fresh)
    app.autosave()


def _real_game(app: Any, guide: Any, again: bool) -> None:
    """The lesson's end: a new game with the same options against an Easy bot (or the lesson again)."""
    from railtable.core import Match

    from .session import Session

    lesson = guide.lesson
    app.close_table()
    if again:
        start(app, lesson.id)
        return
    names = list(lesson.names.get(i18n.language()) or lesson.names["en"])
    seats: list[str | None] = [None if s is None else "easy" for s in lesson.seats]
    match = Match(lesson.game, {**lesson.config, "players": names}, _seed(), seats)
    app.open(Session(match, f"{int(time.time() * 1000)}-{match.seed}"))
    app.autosave()


def _seed() -> int:
    from .app import _random_seed

    return _random_seed()
