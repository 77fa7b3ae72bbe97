"""Measures shared by the layout tests (issue 14): board text sizes, touch targets, overflow."""

from __future__ import annotations

from typing import Any

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
DESKTOP = {"viewport": {"width": 1920, "height": 1080}}
SIZES = {"phone": PHONE, "laptop": LAPTOP, "desktop": DESKTOP}

BOARD_TEXT_JS = """(sel) => {
  const svg = document.querySelector(sel);
  const out = [];
  for (const t of svg.querySelectorAll('text')) {
    if (!t.getClientRects().length || getComputedStyle(t).display === 'none' || getComputedStyle(t).opacity === '0' || !t.textContent.trim()) continue;
    const ctm = t.getScreenCTM();
    const px = parseFloat(getComputedStyle(t).fontSize) * (ctm ? Math.hypot(ctm.a, ctm.b) : 1);
    out.push([Math.round(px * 10) / 10, t.textContent.trim().slice(0, 24), t.getAttribute('class') || '']);
  }
  out.sort((a, b) => a[0] - b[0]);
  return out;
}"""

WIDE_JS = """() => {
  const w = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    if (!el.getClientRects().length) continue;
    if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue; // inside a drawing
    const r = el.getBoundingClientRect();
    if (r.width > w + 0.5 || r.right > w + 0.5 || r.left < -0.5) {
      let clipped = false; // inside a scrolling panel: its part off the panel is not on the page
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') {
          const pr = p.getBoundingClientRect();
          if (pr.right <= w + 0.5 && pr.left >= -0.5) clipped = true;
          break;
        }
      }
      if (!clipped && !el.closest('.sr-only')) out.push(`${el.tagName.toLowerCase()}#${el.id}.${el.className && el.className.baseVal === undefined ? el.className : ''} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
  }
  return {scrollWidth: document.documentElement.scrollWidth, width: w, wide: out.slice(0, 8)};
}"""

# A board target's hit area, measured by hit testing (an SVG element's box leaves out its
# stroke): a tap 21 px left, right, above or below its centre still lands on it or on its touch
# area ([data-touch-for] = its [data-key-id]).
TARGET_SIZE_JS = """(sel) => {
  const out = [];
  for (const el of document.querySelectorAll(sel + ' [data-key-target]')) {
    const shape = el.querySelector('.target-shape') || el;
    const r = shape.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    if (cx < 22 || cy < 22 || cx > innerWidth - 22 || cy > innerHeight - 22) continue;
    const key = el.getAttribute('data-key-id');  // its touch area may be an element of its own, under the targets
    const mine = (e) => e === el || el.contains(e) || (key !== null && e.getAttribute('data-touch-for') === key);
    const hits = (x, y) => document.elementsFromPoint(x, y).some(mine);
    let w = 0, h = 0;
    for (let d = 0; d <= 40; d += 1) { if (hits(cx - d, cy) && hits(cx + d, cy)) w = 2 * d + 1; else break; }
    for (let d = 0; d <= 40; d += 1) { if (hits(cx, cy - d) && hits(cx, cy + d)) h = 2 * d + 1; else break; }
    out.push([Math.min(w, h), el.getAttribute('aria-label')]);
  }
  out.sort((a, b) => a[0] - b[0]);
  return out;
}"""


def open_page(browser: Any, server: Any, page_problems: Any, options: dict[str, Any]) -> Any:
    ctx = browser.new_context(**options, bypass_csp=True)  # string predicates (see conftest)
    page_problems.attach_context(ctx)
    page = ctx.new_page()
    page_problems.attach_page(page)
    return page


def board_text(page: Any, board: str) -> list[list[Any]]:
    return list(page.evaluate(BOARD_TEXT_JS, board))


def too_wide(page: Any) -> dict[str, Any]:
    return dict(page.evaluate(WIDE_JS))


def target_sizes(page: Any, board: str) -> list[list[Any]]:
    return list(page.evaluate(TARGET_SIZE_JS, board))
