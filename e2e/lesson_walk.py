"""A learner who follows a lesson's guide on the real page (issue 32): reads on with Next, plays
the one thing the guide rings on the table (a click, or a tap on a phone: a tap among targets too
close together zooms the board first, then a second tap plays), closes a round's summary."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Error as PlaywrightError

ROOT = "document.documentElement.dataset"

FIRST_SHOWN = """(point) => {
  // the first element the guide rings that a person can see (a board draws some targets twice:
  // a thin visible line and a wider invisible touch area)
  const all = [...document.querySelectorAll(point.split(', ').map((s) => '#table ' + s).join(', '))];
  const shown = all.filter((el) => {
    const r = el.getBoundingClientRect(), st = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.display !== 'none'
      && Number(st.opacity || 1) > 0 && !el.closest('[hidden]');
  });
  // the one a finger or a mouse reaches: the top element at its centre (or inside it)
  const reached = shown.filter((el) => {
    el.scrollIntoView({block: 'center', inline: 'center'});
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top !== null && (top === el || el.contains(top));
  });
  const el = reached[0] || shown[0];
  if (!el) return null;
  el.setAttribute('data-e2e-target', '1');
  return true;
}"""


def at(page: Any) -> str:
    return str(page.evaluate(f"{ROOT}.lessonAt || ''"))


def state(page: Any) -> str:
    return str(page.evaluate(f"{ROOT}.lessonState || ''"))


def step(page: Any) -> int:
    return int(page.evaluate(f"{ROOT}.lessonStep || '0'"))


def press(page: Any, locator: Any, touch: bool, timeout_ms: float = 30_000) -> None:
    locator.scroll_into_view_if_needed(timeout=timeout_ms)
    if touch:
        locator.tap(timeout=timeout_ms)
    else:
        locator.click(timeout=timeout_ms)


def pressed(page: Any, locator: Any, touch: bool) -> bool:
    """Press, unless the page changed under the finger (a summary opened over it, or the bots'
    moves redrew it): then False, and the walk looks again."""
    try:
        press(page, locator, touch, timeout_ms=3_000)
    except PlaywrightError:
        return False
    return True


def wait_change(page: Any, before: str, timeout_ms: int = 15_000) -> None:
    page.wait_for_function(f"({ROOT}.lessonAt || '') !== {before!r} || document.querySelector('[data-zoom-hint]:not([hidden])')",
                           timeout=timeout_ms)


def _learners_moment(page: Any) -> bool:
    """The guide asks the learner for something (read on, or a move): the bots have stopped."""
    return bool(page.locator("#lesson [data-lesson-do=next]").count() or page.get_attribute("#lesson", "data-point"))


def follow(page: Any, touch: bool = False, upto: int | None = None, each_step: Any = None,
           limit_s: float = 240) -> int:
    """Follow the guide until the lesson's last step (or step ``upto``), no summary left open (a
    learner closes it before leaving or playing on); ``each_step(page, n)`` is
    called once per step shown (axe, screenshots). Returns the number of moves made."""
    seen: set[int] = set()
    made = 0
    end = time.monotonic() + limit_s
    while time.monotonic() < end:
        now = step(page)
        # (read before the dialogs: a summary comes with the learner's moment, in the same redraw)
        ready = state(page) == "end" or (upto is not None and now >= upto and _learners_moment(page))
        box = page.locator("#modal:not([hidden]) [data-close]")
        if box.count():  # a summary (a Delivery, a round's scoring) is read and closed first
            pressed(page, box.first, touch)
            continue
        if each_step is not None and now not in seen and not page.locator("#modal:not([hidden])").count():
            seen.add(now)
            each_step(page, now)
        if ready:
            return made
        assert state(page) == "on", f"the learner followed the guide, yet the lesson says {state(page)!r}"
        before = at(page)
        nxt = page.locator("#lesson [data-lesson-do=next]")
        if nxt.count():
            if pressed(page, nxt.first, touch):
                wait_change(page, before)
            continue
        point = page.get_attribute("#lesson", "data-point") or ""
        if point and page.evaluate(FIRST_SHOWN, point):
            target = page.locator("[data-e2e-target]").first
            if pressed(page, target, touch):
                wait_change(page, before)
                if at(page) == before and page.locator("[data-zoom-hint]:not([hidden])").count():
                    page.locator("[data-e2e-target]").first.tap()  # the board zoomed on the tapped spot
                    wait_change(page, before)
                made += 1
            page.evaluate("() => document.querySelectorAll('[data-e2e-target]').forEach((e) => e.removeAttribute('data-e2e-target'))")
            continue
        page.wait_for_timeout(50)  # the bots are playing
    raise AssertionError(f"the lesson did not reach its end within {limit_s} s (at {at(page)})")
