"""Issue 32, "Learn by playing", in the browser: each lesson played to its end by following the
guide, at 1366x768 by clicks and at 390x844 by taps (French, left midway and resumed from the
lobby), with axe on every step; the guide never covers what it rings."""

from __future__ import annotations

from typing import Any

import pytest

from e2e_settings import BOOT_TIMEOUT_MS
from lesson_walk import follow, step
from railtable.lessons import available, load
from sizes import PHONE, open_page
from test_axe import violations

LESSONS = available()
DESKTOP = {"viewport": {"width": 1366, "height": 768}}


def _open(page: Any, server: Any, lesson_id: str, lang: str = "en") -> None:
    page.goto(server.url)
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=BOOT_TIMEOUT_MS)
    if lang != "en":
        page.select_option("#lang", lang)
    if lesson_id != "transamerica":
        page.click(f'#game-choice label:has(input[value="{load(lesson_id).game}"])')
    page.wait_for_selector(f'#learn [data-lesson="{lesson_id}"]')


def _instant(page: Any, touch: bool) -> None:
    if page.locator("#pace").is_visible():
        page.select_option("#pace", "instant")
    elif touch:
        page.locator("#menu-toggle").tap()
        page.select_option("#pace", "instant")
        page.locator("#menu-toggle").tap()


def _checks(found: list[str]) -> Any:
    def each_step(page: Any, n: int) -> None:
        for v in violations(page):
            found.append(f"step {n + 1}: {v['id']} ({v['n']} nodes)")
        covered = page.evaluate("""() => {
          const g = document.querySelector('#lesson').getBoundingClientRect();
          const point = document.querySelector('#lesson').dataset.point || '';
          if (!point) return false;
          return [...document.querySelectorAll(point.split(', ').map((s) => '#table ' + s).join(', '))].some((el) => {
            // the part of it a person sees: cut by every scrolling box around it (a hand scrolled
            // inside its panel is hidden above that panel's top, not under the guide)
            let {top, bottom, left, right} = el.getBoundingClientRect();
            for (let box = el.parentElement; box; box = box.parentElement) {
              if (getComputedStyle(box).overflow === 'visible') continue;
              const c = box.getBoundingClientRect();
              top = Math.max(top, c.top); bottom = Math.min(bottom, c.bottom);
              left = Math.max(left, c.left); right = Math.min(right, c.right);
            }
            return right > left && bottom > top && bottom > g.top && top < g.bottom && right > g.left && left < g.right;
          });
        }""")
        if covered:
            found.append(f"step {n + 1}: the guide's panel overlaps what it rings")
    return each_step


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_a_lesson_followed_to_its_end_by_clicks_at_1366(browser: Any, server: Any, page_problems: Any,
                                                         lesson_id: str, shot: Any) -> None:
    page = open_page(browser, server, page_problems, DESKTOP)
    _open(page, server, lesson_id)
    page.focus(f'#learn [data-lesson="{lesson_id}"]')
    page.keyboard.press("Enter")  # by keyboard: the lesson starts, Next reads on
    page.wait_for_selector("#lesson:not([hidden])")
    _instant(page, False)
    if page.locator("#lesson-next").count():
        page.focus("#lesson-next")
        page.keyboard.press("Enter")
        page.wait_for_function("document.documentElement.dataset.lessonStep === '1'")
        where = page.evaluate("() => document.activeElement.closest('#lesson-next, #table') ? document.activeElement.closest('#lesson-next, #table').id : document.activeElement.tagName")
        assert where in ("lesson-next", "table"), f"focus went to {where}: the keyboard reads on, or plays the step on the table"
    found: list[str] = []
    follow(page, each_step=_checks(found))
    assert not found, "\n".join(found)
    shot(page, f"lesson-{lesson_id}-end-1366")
    page.click("#lesson [data-lesson-do=real]")
    page.wait_for_function("!document.documentElement.dataset.lessonState")
    assert page.locator("#lesson").is_hidden() and page.locator("#table").is_visible()


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_a_lesson_by_taps_on_a_phone_in_french_left_midway_and_resumed(browser: Any, server: Any, page_problems: Any,
                                                                      lesson_id: str, shot: Any) -> None:
    page = open_page(browser, server, page_problems, PHONE)
    _open(page, server, lesson_id, "fr")
    page.locator(f'#learn [data-lesson="{lesson_id}"]').tap()
    page.wait_for_selector("#lesson:not([hidden])")
    _instant(page, True)
    found: list[str] = []
    half = len(load(lesson_id).steps) // 2
    follow(page, touch=True, upto=half, each_step=_checks(found))
    shot(page, f"lesson-{lesson_id}-phone-fr")
    left_at = step(page)
    page.locator("#lesson [data-lesson-do=leave]").tap()
    page.wait_for_selector("#lobby:not([hidden])")
    page.reload()
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=BOOT_TIMEOUT_MS)
    row = page.locator("#save-list li", has_text=load(lesson_id).title["fr"]).first
    row.locator("[data-resume]").tap()
    page.wait_for_selector("#lesson:not([hidden])")
    assert step(page) == left_at, "the lesson resumes at the step it was left"
    assert "étape" in page.locator("#lesson").inner_text()
    _instant(page, True)
    follow(page, touch=True, each_step=_checks(found))
    assert not found, "\n".join(found)
    assert "Jouer une vraie partie" in page.locator("#lesson").inner_text()
