/* Railtable's boards on small screens and touch screens (issue 14), on the main thread.
 *
 * Every board is an SVG with [data-key-board] (written by the Python side, web/railtable_web/keys.py);
 * boards only shown (a round's end) carry [data-board-scale] and get the scale only.
 * - Scale: each board gets --px (board units per CSS pixel) and, when it is drawn small
 *   (less than 0.75 CSS px per unit), the class "far". The style sheets use them to keep board
 *   text at 12 px or more and touch targets at 44x44 CSS px or more at any size or zoom.
 * - Zoom and pan: two fingers pinch the board (its viewBox) between its whole size and 4x; one
 *   finger pans it once zoomed, and scrolls the page otherwise; Ctrl+wheel (a trackpad's pinch)
 *   zooms too. A board's [data-zoom-reset] button (hidden unless zoomed) shows the whole board.
 * - Taps: when the enlarged hit areas of several legal targets overlap, the target nearest the
 *   finger gets the click; a target's touch area may be an element of its own ([data-touch-for] =
 *   the target's [data-key-id]), drawn under all targets so that none covers a target's shape.
 *   A drag or a pinch never clicks.
 * Nothing here decides a move: every action still goes through the worker (web/page.js).
 */
(function () {
  "use strict";
  const BOARD = "svg[data-key-board]";
  const TARGET = "[data-key-target]";
  const FAR = 0.75; // CSS px per board unit below which full labels would crowd
  const MAX_ZOOM = 4;
  const boards = new WeakMap(); // svg -> {base: [x, y, w, h], pointers: Map, ...}

  function viewBox(svg) {
    return svg.getAttribute("viewBox").split(/[\s,]+/).map(Number);
  }

  function measure(svg) {
    const ctm = svg.getScreenCTM();
    const scale = ctm && ctm.a > 0 ? ctm.a : 1;
    svg.style.setProperty("--px", (1 / scale).toFixed(4));
    svg.classList.toggle("far", scale < FAR);
  }

  function setView(svg, state, box) {
    const [bx, by, bw, bh] = state.base;
    let [x, y, w, h] = box;
    w = Math.min(bw, Math.max(bw / MAX_ZOOM, w));
    h = (w * bh) / bw;
    x = Math.min(bx + bw - w, Math.max(bx, x));
    y = Math.min(by + bh - h, Math.max(by, y));
    svg.setAttribute("viewBox", `${x.toFixed(1)} ${y.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`);
    const zoomed = w < bw - 0.5;
    svg.toggleAttribute("data-zoomed", zoomed);
    const wrap = svg.parentElement;
    const reset = wrap && wrap.querySelector("[data-zoom-reset]");
    if (reset) reset.hidden = !zoomed;
    measure(svg);
  }

  /** The board point under a client point. */
  function toBoard(svg, clientX, clientY) {
    const ctm = svg.getScreenCTM();
    if (!ctm) return [0, 0];
    const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    return [p.x, p.y];
  }

  function zoomAt(svg, state, factor, clientX, clientY) {
    const [x, y, w, h] = viewBox(svg);
    const [px, py] = toBoard(svg, clientX, clientY);
    const nw = w / factor;
    const nh = h / factor;
    setView(svg, state, [px - ((px - x) * nw) / w, py - ((py - y) * nh) / h, nw, nh]);
  }

  function setup(svg) {
    if (boards.has(svg)) return;
    const state = { base: viewBox(svg), pointers: new Map(), moved: false, pinch: null };
    boards.set(svg, state);
    new ResizeObserver(() => measure(svg)).observe(svg);
    measure(svg);

    svg.addEventListener("pointerdown", (event) => {
      if (event.pointerType !== "touch") return;
      state.pointers.set(event.pointerId, [event.clientX, event.clientY]);
      if (state.pointers.size === 1) state.moved = false;
      if (state.pointers.size === 2) {
        const [[ax, ay], [bx, by]] = [...state.pointers.values()];
        state.pinch = { d: Math.hypot(ax - bx, ay - by), box: viewBox(svg) };
        state.moved = true;
      }
    });
    svg.addEventListener("pointermove", (event) => {
      const last = state.pointers.get(event.pointerId);
      if (!last) return;
      const now = [event.clientX, event.clientY];
      state.pointers.set(event.pointerId, now);
      if (state.pointers.size >= 2 && state.pinch) {
        const [[ax, ay], [bx, by]] = [...state.pointers.values()];
        const d = Math.hypot(ax - bx, ay - by);
        if (state.pinch.d > 0 && d > 0) {
          const [, , w] = viewBox(svg);
          const target = state.pinch.box[2] / (d / state.pinch.d);
          zoomAt(svg, state, w / target, (ax + bx) / 2, (ay + by) / 2);
        }
        return;
      }
      const dx = now[0] - last[0];
      const dy = now[1] - last[1];
      if (!state.moved && Math.hypot(dx, dy) < 6) {
        state.pointers.set(event.pointerId, last); // below the slop: keep the start point
        return;
      }
      state.moved = true;
      if (svg.hasAttribute("data-zoomed")) {
        const [x, y, w, h] = viewBox(svg);
        const ctm = svg.getScreenCTM();
        const scale = ctm && ctm.a > 0 ? ctm.a : 1;
        setView(svg, state, [x - dx / scale, y - dy / scale, w, h]);
      } else {
        window.scrollBy(0, -dy);
      }
    });
    const up = (event) => {
      state.pointers.delete(event.pointerId);
      if (state.pointers.size < 2) state.pinch = null;
    };
    svg.addEventListener("pointerup", up);
    svg.addEventListener("pointercancel", up);
    svg.addEventListener("wheel", (event) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      zoomAt(svg, state, Math.exp(-event.deltaY / 200), event.clientX, event.clientY);
    }, { passive: false });

    // a drag or a pinch is not a tap; overlapping hit areas: the nearest target wins
    svg.addEventListener("click", (event) => {
      if (!event.isTrusted) return;
      if (state.moved) {
        state.moved = false;
        event.stopPropagation();
        event.preventDefault();
        return;
      }
      const el = event.target && event.target.nodeType === 1 ? event.target : null;
      const hit = el && targetOf(svg, el);
      if (!hit) return;
      const under = document.elementsFromPoint(event.clientX, event.clientY)
        .map((e) => targetOf(svg, e))
        .filter((e, i, all) => e && svg.contains(e) && all.indexOf(e) === i);
      const own = el.closest(TARGET);
      if (under.length < 2 && own) return; // a tap on a target, no neighbour near
      let best = hit;
      let bestD = Infinity;
      for (const cand of under) {
        const shape = cand.querySelector(".target-shape") || cand;
        const r = shape.getBoundingClientRect();
        const d = Math.hypot(r.left + r.width / 2 - event.clientX, r.top + r.height / 2 - event.clientY);
        if (d < bestD) {
          best = cand;
          bestD = d;
        }
      }
      if (best !== own) { // a neighbour nearer, or a tap on a touch area: the target gets the click
        event.stopPropagation();
        event.preventDefault();
        best.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window, clientX: event.clientX, clientY: event.clientY }));
      }
    }, true);
  }

  /** The target an element stands for: itself or its ancestor, or the target whose touch area
   * ([data-touch-for], drawn under every target) it is. */
  function targetOf(svg, el) {
    const own = el.closest(TARGET);
    if (own) return own;
    const area = el.closest("[data-touch-for]");
    return area ? svg.querySelector(`[data-key-id="${area.getAttribute("data-touch-for")}"]`) : null;
  }

  const SCALED = "svg[data-board-scale]"; // drawn boards without play (a round's end): scale only

  function scan() {
    for (const svg of document.querySelectorAll(BOARD)) setup(svg);
    for (const svg of document.querySelectorAll(SCALED)) {
      if (!boards.has(svg)) {
        boards.set(svg, null);
        new ResizeObserver(() => measure(svg)).observe(svg);
        measure(svg);
      }
    }
  }

  function start() {
    scan();
    new MutationObserver(scan).observe(document.body, { subtree: true, childList: true });
    window.addEventListener("resize", () => {
      for (const svg of document.querySelectorAll(`${BOARD}, ${SCALED}`)) measure(svg);
    });
    document.addEventListener("click", (event) => {
      const el = event.target && event.target.nodeType === 1 ? event.target.closest("[data-zoom-reset]") : null;
      if (!el) return;
      const svg = el.parentElement && el.parentElement.querySelector(BOARD);
      const state = svg && boards.get(svg);
      if (state) setView(svg, state, state.base);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
  window.railtableBoard = { zoomAt: (svg, factor, x, y) => boards.has(svg) && zoomAt(svg, boards.get(svg), factor, x, y) };
})();
