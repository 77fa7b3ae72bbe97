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
      // inside a scrolling panel (at any depth: a card clips its text and the phone's hand row scrolls the
      // cards, issue 34) that is itself on the screen: its part off the panel is not on the page
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') {
          const pr = p.getBoundingClientRect();
          if (pr.right <= w + 0.5 && pr.left >= -0.5) { clipped = true; break; }
        }
      }
      if (!clipped && !el.closest('.sr-only')) out.push(`${el.tagName.toLowerCase()}#${el.id}.${el.className && el.className.baseVal === undefined ? el.className : ''} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
  }
  return {scrollWidth: document.documentElement.scrollWidth, width: w, wide: out.slice(0, 8)};
}"""

# A board target's OWN hit area, as a finger meets it (issue 34): from the centre of its shape, how
# far a tap still lands on the target itself (``elementFromPoint`` is the target or inside it), along
# the two axes and the two diagonals; the smallest of the four extents, in CSS px. Neighbours' touch
# areas and the page's "nearest target wins" help count for nothing; a target covered by another, by
# the zoom button or by the edge of the zoomed board is as small as the part of it a tap can reach.
# Only targets whose centre is on the screen, inside the board's box and not under something
# outside the board (the phone's bottom bar, the zoom button) are measured. Each row:
# [size, label, min(width, height) of its bounding box, key id, centre x, centre y, index among the
# board's targets].
OWN_SIZE_JS = """(sel) => {
  const svg = document.querySelector(sel);
  const b = svg.getBoundingClientRect();
  const left = Math.max(0, b.left), top = Math.max(0, b.top);
  const right = Math.min(innerWidth, b.right), bottom = Math.min(innerHeight, b.bottom);
  const out = [];
  for (const [index, el] of [...svg.querySelectorAll('[data-key-target]')].entries()) {
    const shape = el.querySelector('.target-shape') || el;
    const r = shape.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    if (cx < left || cy < top || cx > right || cy > bottom) continue;
    const top_el = document.elementFromPoint(cx, cy);
    if (!top_el || !svg.contains(top_el)) continue;  // under the page's bottom bar or a button: scroll first
    const mine = (x, y) => { const e = document.elementFromPoint(x, y); return !!e && (e === el || el.contains(e)); };
    const reach = (ux, uy) => { let d = 0; while (d < 120 && mine(cx + (d + 1) * ux, cy + (d + 1) * uy)) d += 1; return d; };
    const s = Math.SQRT1_2;
    const size = !mine(cx, cy) ? 0 : Math.min(reach(1, 0) + reach(-1, 0), reach(0, 1) + reach(0, -1),
      reach(s, s) + reach(-s, -s), reach(s, -s) + reach(-s, s)) + 1;
    out.push([size, el.getAttribute('aria-label'), Math.round(Math.min(r.width, r.height) * 10) / 10,
      el.getAttribute('data-key-id'), Math.round(cx), Math.round(cy), index]);
  }
  out.sort((p, q) => p[0] - q[0]);
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


def own_sizes(page: Any, board: str) -> list[list[Any]]:
    """Each on-screen target's own hit area (``OWN_SIZE_JS``), smallest first."""
    return list(page.evaluate(OWN_SIZE_JS, board))
