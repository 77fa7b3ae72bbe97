/* Railtable's boards on small screens and touch screens (issue 14), on the main thread.
 *
 * Every board is an SVG with [data-key-board] (written by the Python side, web/railtable_web/keys.py);
 * boards only shown (a round's end) carry [data-board-scale] and get the scale only.
 * - Scale: each board gets --px (board units per CSS pixel) and, when it is drawn small
 *   (less than 0.75 CSS px per unit), the class "far". The style sheets use them to keep board
 *   text at 12 px or more and touch targets at 44x44 CSS px or more at any size or zoom.
 * - Zoom and pan: two fingers pinch the board (its viewBox) between its whole size and MAX_ZOOM;
 *   one finger pans it once zoomed, and scrolls the page otherwise; Ctrl+wheel (a trackpad's pinch)
 *   zooms too. A board's [data-zoom-bar] (hidden unless zoomed, under the board) has the
 *   [data-zoom-reset] button that shows the whole board.
 * - Taps: when the enlarged hit areas of several legal targets overlap, the target nearest the
 *   finger gets the click; a target's touch area may be an element of its own ([data-touch-for] =
 *   the target's [data-key-id]), drawn under all targets so that none covers a target's shape.
 *   A drag or a pinch never clicks.
 * - Tap zoom (issue 34): a finger's tap within ROOM px of two or more legal targets' centres, one of
 *   them under TAP_PX across (TransAmerica's lines and junctions, Trains & Stations' spaces on a
 *   phone), plays nothing: it zooms the board on the tap until they are ROOM_ZOOM px apart and
 *   TAP_PX or more across (at most MAX_ZOOM), and the zoom bar says "tap your choice"
 *   ([data-zoom-hint]). Zoomed, a tap plays the target; the board then shows the view it had
 *   before the tap zoomed it, as it does after a tap outside the board; the Whole board button
 *   shows it whole; a pinch keeps the zoom. Mouse, pen and keyboard clicks always play.
 * Nothing here decides a move: every action still goes through the worker (web/page.js).
 */
(function () {
  "use strict";
  const BOARD = "svg[data-key-board]";
  const TARGET = "[data-key-target]";
  const FAR = 0.75; // CSS px per board unit below which full labels would crowd
  const MAX_ZOOM = 6;
  const TAP_PX = 24; // a legal target under this many CSS px across is too small for a finger...
  const ROOM = 40; // ...when another's centre is this near the tap: the tap zooms first
  const ROOM_ZOOM = 48; // CSS px between those centres once the tap has zoomed the board
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
    const bar = svg.parentElement && svg.parentElement.querySelector("[data-zoom-bar]");
    if (bar) bar.hidden = !zoomed;
    const hint = bar && bar.querySelector("[data-zoom-hint]");
    if (hint) hint.hidden = !state.before; // "tap your choice": only on a board a tap zoomed
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

  /** Issue 34: two or more legal targets centred under ROOM px from a finger's tap, one of them
   * under TAP_PX across, are too small and close to choose between: zoom the board, centred on the
   * tap, until they are ROOM_ZOOM px apart and the smallest is TAP_PX and more, and remember the
   * view to come back to. False (the tap plays) when they are big enough or the board cannot zoom
   * further. */
  function tapZoom(svg, state, clientX, clientY) {
    const near = [];
    for (const el of svg.querySelectorAll(TARGET)) {
      const r = (el.querySelector(".target-shape") || el).getBoundingClientRect();
      const [cx, cy] = [r.left + r.width / 2, r.top + r.height / 2];
      if ((r.width || r.height) && Math.hypot(cx - clientX, cy - clientY) < ROOM) near.push([cx, cy, Math.min(r.width, r.height)]);
    }
    const small = Math.min(...near.map((t) => t[2]));
    if (near.length < 2 || small >= TAP_PX) return false;
    let d = Infinity;
    near.forEach(([ax, ay], i) => near.slice(i + 1).forEach(([bx, by]) => { d = Math.min(d, Math.hypot(ax - bx, ay - by)); }));
    const [x, y, w, h] = viewBox(svg);
    const factor = Math.min(Math.max(ROOM_ZOOM / Math.max(d, 1), (TAP_PX * 1.25) / Math.max(small, 1)), w / (state.base[2] / MAX_ZOOM));
    if (factor < 1.2) return false;
    const [px, py] = toBoard(svg, clientX, clientY);
    if (!state.before) state.before = [x, y, w, h];
    setView(svg, state, [px - w / factor / 2, py - h / factor / 2, w / factor, h / factor]);
    return true;
  }

  /** Back to the view the board had before a tap zoomed it. */
  function unzoom(svg, state) {
    const box = state.before;
    state.before = null;
    if (box) setView(svg, state, box);
  }

  function setup(svg) {
    if (boards.has(svg)) return;
    const state = { base: viewBox(svg), pointers: new Map(), moved: false, pinch: null, before: null, type: "" };
    boards.set(svg, state);
    new ResizeObserver(() => measure(svg)).observe(svg);
    measure(svg);

    svg.addEventListener("pointerdown", (event) => {
      state.type = event.pointerType; // the click that follows: a finger's tap or not
      if (event.pointerType !== "touch") return;
      state.pointers.set(event.pointerId, [event.clientX, event.clientY]);
      if (state.pointers.size === 1) state.moved = false;
      if (state.pointers.size === 2) {
        const [[ax, ay], [bx, by]] = [...state.pointers.values()];
        state.pinch = { d: Math.hypot(ax - bx, ay - by), box: viewBox(svg) };
        state.moved = true;
        state.before = null; // a pinch: the player sets the zoom from now on
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
      const touch = (event.pointerType === undefined ? state.type : event.pointerType) === "touch";
      if (touch && tapZoom(svg, state, event.clientX, event.clientY)) {
        event.stopPropagation();
        event.preventDefault();
        return;
      }
      const el = event.target && event.target.nodeType === 1 ? event.target : null;
      const hit = el && targetOf(svg, el);
      if (!hit) return;
      if (state.before) setTimeout(() => unzoom(svg, state)); // a move from a board a tap zoomed
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
      for (const svg of document.querySelectorAll(BOARD)) { // a tap outside a board a tap zoomed
        const state = boards.get(svg);
        if (state && state.before && !svg.contains(event.target) && !el) unzoom(svg, state);
      }
      if (!el) return;
      const bar = el.closest("[data-zoom-bar]");
      const svg = bar && bar.parentElement && bar.parentElement.querySelector(BOARD);
      const state = svg && boards.get(svg);
      if (!state) return;
      state.before = null;
      setView(svg, state, state.base);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
  window.railtableBoard = { zoomAt: (svg, factor, x, y) => boards.has(svg) && zoomAt(svg, boards.get(svg), factor, x, y) };
})();
