/* Railtable's keyboard and focus handling on the main thread (issue 14).
 *
 * Python runs in a Web Worker and cannot follow focus or keys; it writes attributes that this
 * file acts on (web/railtable_web/keys.py):
 * - board targets: [data-key-target] (role="button", an aria-label naming the move) inside a
 *   [data-key-board] container, one of them with tabindex="0". Arrow keys move to the nearest
 *   target in that direction, Home/End to the first/last, Enter or Space plays: a click on the
 *   target, which page.js forwards to the worker like a mouse click.
 * - after a redraw that took the focused element away, focus goes to the legal target nearest
 *   the one last played, else to the first match of the table's [data-key-after] selectors
 *   ("|"-separated); a status line parked on while others played gives way to the board.
 * - #modal (the windows) is a dialog: named by its first heading, focus moves in, Tab stays in,
 *   Escape clicks its Continue button ([data-close]), focus returns to where it was.
 * - #privacy ("pass the device"): focus goes to its button.
 * - #menu-toggle opens and closes the phone's top-bar menu.
 * - a card ([data-card]) reached by the keyboard shows its close-up (a hover, forwarded like the
 *   mouse's); Escape closes it by its close command (a click on [data-reader-close]).
 * Nothing here decides a move: every action still goes through the worker.
 */
(function () {
  "use strict";
  const TARGET = "[data-key-target]";
  const BOARD = "[data-key-board]";
  const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
  const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]';
  let lastPlayed = null; // centre (page coordinates) of the board target last played
  let returnTo = null; // focused element outside the window when it opened
  let settling = false; // focus is being put back after a redraw (settle), not moved by the player
  let readerClosed = false; // the player closed the close-up with Escape since their last own move of focus

  function centre(el) {
    const r = el.getBoundingClientRect();
    return [r.left + window.scrollX + r.width / 2, r.top + window.scrollY + r.height / 2];
  }

  /** Index of the point nearest start that lies in direction (within about 60 degrees of it);
   * straying sideways costs twice, so ArrowRight prefers the same row. -1 when none. */
  function nearest(points, start, direction) {
    const [dx, dy] = direction;
    let best = -1;
    let bestScore = 0;
    points.forEach(([x, y], i) => {
      const vx = x - start[0];
      const vy = y - start[1];
      const along = vx * dx + vy * dy;
      const across = Math.abs(vx * dy - vy * dx);
      if (along <= 0.5 || across > along * 1.8) return;
      const score = along + 2 * across;
      if (best < 0 || score < bestScore) {
        best = i;
        bestScore = score;
      }
    });
    return best;
  }

  function nearestAny(points, start) {
    let best = -1;
    let bestD = 0;
    points.forEach(([x, y], i) => {
      const d = (x - start[0]) ** 2 + (y - start[1]) ** 2;
      if (best < 0 || d < bestD) {
        best = i;
        bestD = d;
      }
    });
    return best;
  }

  function visible(el) {
    return !!el && el.isConnected && el.getClientRects().length > 0 && !el.closest("[hidden]");
  }

  function focusQuietly(el) {
    try {
      el.focus({ preventScroll: true });
    } catch (error) {
      el.focus();
    }
    // keep it in view without jumping the page: only when it is off screen
    const r = el.getBoundingClientRect();
    if (r.bottom < 0 || r.top > window.innerHeight || r.right < 0 || r.left > window.innerWidth) {
      el.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
  }

  function rove(el) {
    const board = el.closest(BOARD) || document;
    for (const other of board.querySelectorAll(TARGET)) other.setAttribute("tabindex", "-1");
    el.setAttribute("tabindex", "0");
    focusQuietly(el);
  }

  function targets(board) {
    return [...board.querySelectorAll(TARGET)].filter(visible);
  }

  function shown(selector) {
    const el = document.querySelector(selector);
    return !!el && !el.hidden;
  }

  function click(el) {
    el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
  }

  // ---- a still pointer while the keys are in use ---------------------------------------------
  // When the page changes under a mouse pointer that has not moved, the browser sends a mouseover
  // for whatever is now under it. While the player uses the keys, that is not the player pointing:
  // it would replace the close-up of the card they reached by Tab, or reopen one they closed with
  // Escape. Such a hover (at the very place the pointer was when a key was last pressed) stops
  // here; a pointer that really moves is followed at once.
  let pointerAt = null; // client coordinates of the last trusted mouse event
  let stillAt = null; // where the pointer was when a key was last pressed
  window.addEventListener("mousemove", (event) => {
    if (event.isTrusted) pointerAt = [event.clientX, event.clientY];
  }, true);
  window.addEventListener("mouseover", (event) => {
    if (!event.isTrusted) return;
    const at = [event.clientX, event.clientY];
    if (stillAt && at[0] === stillAt[0] && at[1] === stillAt[1]) {
      event.stopPropagation();
      return;
    }
    pointerAt = at;
  }, true);
  window.addEventListener("keydown", () => { stillAt = pointerAt; }, true);

  // ---- keys --------------------------------------------------------------------------------
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const el = event.target && event.target.nodeType === 1 ? event.target : null;
    if (!el) return;
    if (shown("#modal") && el.closest("#modal")) return modalKey(event);
    if (event.key === "Escape" && document.querySelector(".topbar.menu-open")) return toggleMenu(false);
    if (event.key === "Escape" && closeReader()) return;
    const target = el.closest(TARGET);
    if (!target) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      lastPlayed = centre(target);
      click(target);
    } else if (event.key in ARROWS) {
      event.preventDefault();
      const els = targets(target.closest(BOARD) || document);
      const i = nearest(els.map(centre), centre(target), ARROWS[event.key]);
      if (i >= 0) rove(els[i]);
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      const els = targets(target.closest(BOARD) || document);
      if (els.length) rove(event.key === "Home" ? els[0] : els[els.length - 1]);
    }
  });

  // a target played with the mouse or a finger: focus comes back near it after the redraw
  document.addEventListener("click", (event) => {
    const el = event.target && event.target.nodeType === 1 ? event.target : null;
    const target = el && el.closest(TARGET);
    if (target && event.isTrusted) lastPlayed = centre(target);
  }, true);

  document.addEventListener("focusin", (event) => {
    const el = event.target;
    if (el && el.nodeType === 1 && !el.closest("#modal") && !el.closest("#privacy")) returnTo = el;
    // a card reached by the keyboard shows its close-up, as the mouse does by hovering it; focus
    // put back after a redraw only keeps an open close-up following it (one the player closed
    // stays closed until they move on themselves)
    if (!settling) readerClosed = false;
    const follow = !settling || (!readerClosed && !!document.querySelector("[data-reader]:not([hidden])"));
    const card = follow && el && el.nodeType === 1 && el.matches(":focus-visible") ? cardOf(el) : null;
    if (card) card.dispatchEvent(new MouseEvent("mouseover", { bubbles: true, view: window }));
  });

  /** The card ([data-card]) a focused control belongs to: itself, an ancestor, or a card beside
   * it in its slot (a card's Play or Buy button sits next to the card). */
  function cardOf(el) {
    const own = el.closest("[data-card]");
    if (own) return own;
    let p = el.parentElement;
    for (let depth = 0; p && depth < 3; depth++, p = p.parentElement) {
      const card = p.querySelector(":scope > [data-card]");
      if (card) return card;
    }
    return null;
  }

  /** Escape closes an open card close-up ([data-reader]) by its own close command: a click on
   * its [data-reader-close] element (the reader itself when it has no button), which the table
   * forwards to the worker like any command. */
  function closeReader() {
    const reader = document.querySelector("[data-reader]:not([hidden])");
    if (!reader) return false;
    readerClosed = true;
    click(reader.querySelector("[data-reader-close]") || reader);
    return true;
  }

  // ---- windows -------------------------------------------------------------------------------
  function modalKey(event) {
    const box = document.getElementById("modal");
    if (event.key === "Escape") {
      const close = box.querySelector("[data-close]");
      if (close) {
        event.preventDefault();
        click(close);
      }
      return;
    }
    if (event.key !== "Tab") return;
    const items = [...box.querySelectorAll(FOCUSABLE)].filter(visible);
    if (!items.length) return event.preventDefault();
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !items.includes(active))) {
      event.preventDefault();
      focusQuietly(last);
    } else if (!event.shiftKey && (active === last || !items.includes(active))) {
      event.preventDefault();
      focusQuietly(first);
    }
  }

  function labelDialog(card) {
    if (card.hasAttribute("aria-labelledby") || card.hasAttribute("aria-label")) return;
    const heading = card.querySelector("h1, h2, h3");
    if (heading) {
      if (!heading.id) heading.id = "modal-title";
      card.setAttribute("aria-labelledby", heading.id);
    } else {
      const text = (card.textContent || "").trim().split("\n")[0].slice(0, 80);
      card.setAttribute("aria-label", text || document.title);
    }
  }

  let modalWasShown = false;
  let privacyWasShown = false;

  function lost() {
    const active = document.activeElement;
    return !active || active === document.body || active === document.documentElement || !active.isConnected || !visible(active);
  }

  /** After the page changed: keep one tab stop per board; put focus back where it makes sense. */
  function settle() {
    for (const board of document.querySelectorAll(BOARD)) {
      const els = [...board.querySelectorAll(TARGET)];
      if (els.length && !els.some((e) => e.getAttribute("tabindex") === "0")) els[0].setAttribute("tabindex", "0");
    }
    const modal = document.getElementById("modal");
    const modalShown = !!modal && !modal.hidden;
    if (modalShown) {
      const card = modal.querySelector(".modal-card");
      if (card) labelDialog(card);
      if (!modalWasShown || lost() || !modal.contains(document.activeElement)) {
        if (card) focusQuietly(card);
      }
      modalWasShown = true;
      return;
    }
    const privacyShown = shown("#privacy");
    if (privacyShown) {
      const button = document.getElementById("privacy-reveal");
      if (button && !document.getElementById("privacy").contains(document.activeElement)) focusQuietly(button);
      privacyWasShown = true;
      modalWasShown = false;
      return;
    }
    const closing = modalWasShown || privacyWasShown;
    modalWasShown = false;
    privacyWasShown = false;
    if (closing && returnTo && visible(returnTo)) {
      focusQuietly(returnTo);
      return;
    }
    const table = document.getElementById("table");
    if (!table || table.hidden) return;
    const active = document.activeElement;
    const parked = !lost() && active.getAttribute("tabindex") === "-1" && !active.closest(TARGET) && table.contains(active);
    if (!lost() && !parked) return;
    const boards = [...table.querySelectorAll(BOARD)];
    const els = boards.flatMap(targets);
    if (els.length && lastPlayed) {
      const i = nearestAny(els.map(centre), lastPlayed);
      if (i >= 0) return rove(els[i]);
    }
    const after = table.querySelector("[data-key-after]");
    const selectors = after ? after.getAttribute("data-key-after").split("|") : [];
    if (els.length && parked) selectors.unshift(TARGET + '[tabindex="0"]');
    for (const selector of selectors) {
      if (!selector) continue;
      const el = [...table.querySelectorAll(selector)].find((e) => visible(e) && !e.disabled);
      if (el) {
        if (el === active) return;
        return el.matches(TARGET) ? rove(el) : focusQuietly(el);
      }
    }
  }

  let scheduled = false;
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      settling = true;
      try {
        settle();
      } finally {
        settling = false;
      }
    });
  }

  // ---- the phone's top-bar menu ---------------------------------------------------------------
  function toggleMenu(open) {
    const bar = document.querySelector(".topbar");
    const button = document.getElementById("menu-toggle");
    if (!bar || !button) return;
    const opened = open === undefined ? !bar.classList.contains("menu-open") : open;
    bar.classList.toggle("menu-open", opened);
    button.setAttribute("aria-expanded", opened ? "true" : "false");
  }

  function start() {
    new MutationObserver(schedule).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["hidden", "disabled"],
    });
    document.addEventListener("click", (event) => {
      const el = event.target && event.target.nodeType === 1 ? event.target : null;
      if (!el) return;
      if (el.closest("#menu-toggle")) toggleMenu();
      else if (el.closest("#topbar-actions [data-cmd]")) toggleMenu(false);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
  window.railtableKeys = { nearest, nearestAny };
})();
