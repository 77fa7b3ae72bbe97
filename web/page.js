/* Railtable's page shell, the only script on the main thread besides sw-register.js.
 *
 * Python (engine, bots, table code) runs in a Web Worker (web/worker.js). This file starts it at
 * once, applies the DOM operations it sends (see web/railtable_web/dom.py for the list), forwards
 * the events it listens to (with the data-* values of the target and its ancestors and the values
 * of the page's form controls), and keeps localStorage, which only exists here: the worker gets a
 * copy of Railtable's keys when it starts and sends every write back.
 * Nothing here takes more than a few milliseconds, so the page answers input at every moment.
 * Offline: the engine starts at once and the service worker (sw.js) is registered (on a first visit,
 * once the engine is up); on a first visit (no service worker in control yet) the worker keeps
 * what it downloaded, and the service
 * worker fills its cache from that and the HTTP cache (nothing is downloaded twice) and fetches
 * the few files not loaded yet, then html[data-offline="ready"] is set.
 * Test hooks: window.railtable.run(code) runs Python in the worker and resolves to its value;
 * window.railtable.settled() resolves once every forwarded event has been answered.
 */
(function () {
  "use strict";
  const root = document.documentElement;
  const script = document.currentScript;
  const here = script ? script.src : location.href;
  const swURL = new URL("../sw.js", here);
  let worker = null;
  const STORAGE_PREFIX = "railtable.";
  const MAX_IMPORT_BYTES = 5000000;
  const started = new Map(); // event seq -> performance.now() when it was sent
  const results = new Map(); // run id -> {resolve, reject}
  let seq = 0;
  let pending = 0; // events sent to the worker and not answered yet
  const settledWaiters = [];
  // What the page says when the engine fails (tell, below): English, or the reader's language as the
  // engine last sent it (relabel, also from the last visit's texts before the engine is up).
  const bootTexts = {
    engine_failed: "The engine could not be loaded.",
    engine_slow: "Loading the engine is taking longer than it should (a slow connection or a busy device?).",
    engine_stopped: "The engine stopped. Your game is saved up to its last move.",
    retry: "Retry",
  };

  function send(message) {
    worker.postMessage({ kind: message.kind, json: JSON.stringify(message) });
  }

  // ---- storage (main thread only) ---------------------------------------------------------
  function storage() {
    try {
      return window.localStorage;
    } catch (error) {
      return null; // blocked (private mode...)
    }
  }

  function storedKeys() {
    const store = storage();
    if (!store) return null;
    const out = {};
    try {
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i);
        if (key && key.startsWith(STORAGE_PREFIX)) out[key] = store.getItem(key);
      }
    } catch (error) {
      return null;
    }
    return out;
  }

  // An invite or reply link opened in a tab already on Railtable changes only the hash: load it (issue 30).
  window.addEventListener("hashchange", () => /(join|reply)=/.test(location.hash) && location.reload());

  window.addEventListener("storage", (event) => {
    if (event.key && event.key.startsWith(STORAGE_PREFIX)) {
      send({ kind: "storage", key: event.key, value: event.newValue });
    }
  });

  // ---- what the worker reads: form controls and event targets --------------------------------
  let lastForm = {}; // the form values last sent to the worker

  function formState() {
    const out = {};
    for (const el of document.querySelectorAll("input, select, textarea")) {
      if (el.type === "file") continue;
      if (el.type === "radio") {
        if (el.checked && el.name) out[el.name] = el.value;
        continue;
      }
      if (el.type === "checkbox") {
        if (el.name) {
          if (!out[el.name]) out[el.name] = [];
          if (el.checked) out[el.name].push(el.value);
        }
        if (el.id) out[el.id] = el.checked;
        continue;
      }
      if (el.id) out[el.id] = el.value;
    }
    lastForm = out;
    return out;
  }

  function describe(event) {
    const data = {};
    let disabled = false;
    for (let el = event.target; el && el.nodeType === 1 && el !== document.body; el = el.parentElement) {
      for (const name of el.getAttributeNames()) {
        if (name.startsWith("data-") && !(name in data)) data[name] = el.getAttribute(name);
      }
      if (el.tagName === "BUTTON" && el.disabled) disabled = true;
    }
    const target = event.target && event.target.nodeType === 1 ? event.target.id : "";
    return { type: event.type, data, target, disabled, key: event.key || "" };
  }

  const listeners = new Map(); // listener id -> [element, type, function]: released with their table

  function forget(first) {
    for (const [id, [el, type, fn]] of listeners) {
      if (id >= first) {
        el.removeEventListener(type, fn);
        listeners.delete(id);
      }
    }
  }

  function listen(selector, type, id, prevent) {
    const el = document.querySelector(selector);
    if (!el) return;
    let last = null;
    const fn = async (event) => {
      const target = event.target && event.target.nodeType === 1 ? event.target : null;
      if (prevent === true || (prevent && target && target.closest(prevent))) event.preventDefault();
      if (type === "click" && target) {
        const asking = target.closest("[data-confirm]");
        if (asking && !window.confirm(asking.getAttribute("data-confirm"))) return;
      }
      const message = { kind: "event", id, ...describe(event) };
      if (type === "mouseover") {
        const key = JSON.stringify(message.data);
        // still over the same thing: nothing new to say (keys.js's own mouseover, a card focused by
        // the keyboard, always goes through)
        if (key === last && event.isTrusted) return;
        last = key;
      }
      if (type === "change" && target && target.type === "file") {
        const file = target.files && target.files[0];
        if (!file) return;
        // A save is at most 5 million characters: a larger file is refused by its size, unread.
        if (file.size > MAX_IMPORT_BYTES) message.file = { name: file.name, size: file.size, too_big: true };
        else message.file = { name: file.name, size: file.size, text: await file.text() };
        target.value = "";
      }
      message.form = formState();
      message.seq = ++seq;
      started.set(message.seq, performance.now());
      pending += 1;
      send(message);
    };
    el.addEventListener(type, fn);
    listeners.set(id, [el, type, fn]);
  }

  // ---- applying the worker's operations ---------------------------------------------------------
  function find(selector) {
    return selector === "html" ? root : document.querySelector(selector);
  }

  function download(name, text, mime) {
    const url = URL.createObjectURL(new Blob([text], { type: mime }));
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  // The page's own texts in the reader's language, kept for the next visit: the page is drawn in it
  // from the start instead of in English until the engine is up (the worker's texts replace them).
  const TEXTS_KEY = "railtable-page-texts"; // not under "railtable.": never copied to the worker
  function relabel(lang, texts, keep = true) {
    root.lang = lang;
    for (const key of ["engine_failed", "engine_slow", "engine_stopped", "retry"]) if (texts[key]) bootTexts[key] = texts[key];
    for (const el of document.querySelectorAll("[data-i18n]")) {
      const text = texts[el.getAttribute("data-i18n")];
      if (text === undefined) continue;
      const attr = el.getAttribute("data-i18n-attr");
      if (attr) el.setAttribute(attr, text);
      else el.textContent = text;
    }
    if (!keep) return;
    try {
      if (lang === "en") localStorage.removeItem(TEXTS_KEY);
      else localStorage.setItem(TEXTS_KEY, JSON.stringify({ lang, texts }));
    } catch (error) {
      // a courtesy: without storage the next visit starts in English, as before
    }
  }
  function relabelAsLastTime() {
    try {
      const kept = JSON.parse(localStorage.getItem(TEXTS_KEY) || "null");
      if (kept && typeof kept.lang === "string" && kept.texts && typeof kept.texts === "object") {
        relabel(kept.lang, kept.texts, false);
        // what the boot shows until the engine is up (not [data-i18n]: the engine relabels those later)
        const start = document.getElementById("start");
        if (start && start.disabled && kept.texts.loading_engine) start.textContent = kept.texts.loading_engine;
        const status = document.getElementById("engine-status");
        const words = status && [...status.childNodes].find((node) => node.nodeType === Node.TEXT_NODE);
        if (words && status.classList.contains("loading") && kept.texts.starting_engine) words.textContent = kept.texts.starting_engine;
        const choice = document.getElementById("lang");
        if (choice) choice.value = kept.lang;
      }
    } catch (error) {
      // unreadable: the engine relabels the page once it is up
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", relabelAsLastTime, { once: true });
  else relabelAsLastTime();

  /** Set el.innerHTML. The worker drew it from the form values it was last sent (lastForm): a
   * control inside el that the person changed since then keeps the new value in its replacement
   * (same id), and the control being typed in keeps the focus and the caret. */
  function replaceContent(el, html) {
    const changed = [];
    const controls = [...el.querySelectorAll("input[id], select[id], textarea[id]")];
    if (el.matches("select[id]")) controls.push(el); // its options are replaced
    for (const control of controls) {
      if (control.type === "file" || control.type === "radio") continue;
      const prop = control.type === "checkbox" ? "checked" : "value";
      if (control.id in lastForm && control[prop] !== lastForm[control.id]) changed.push([control.id, prop, control[prop]]);
    }
    const active = document.activeElement;
    const focused = active && active !== el && active.id && el.contains(active) ? active : null;
    const caret = focused && "selectionStart" in focused ? [focused.selectionStart, focused.selectionEnd] : null;
    el.innerHTML = styled(html);
    for (const node of el.querySelectorAll("[data-rt-style]")) {
      node.style.cssText = node.getAttribute("data-rt-style");
      node.removeAttribute("data-rt-style");
    }
    for (const [id, prop, value] of changed) {
      const again = document.getElementById(id);
      if (!again) continue;
      if (again.tagName === "SELECT" && ![...again.options].some((o) => o.value === value)) continue;
      again[prop] = value;
    }
    const again = focused && document.getElementById(focused.id);
    if (!again) return;
    again.focus();
    if (caret && caret[0] !== null && typeof again.setSelectionRange === "function") {
      try {
        again.setSelectionRange(caret[0], caret[1]);
      } catch (error) {
        /* not a text control */
      }
    }
  }

  /** The Content-Security-Policy (index.html) refuses style attributes in markup; the worker's
   * HTML still writes a few (a player's colour), so they travel as data-rt-style and are set
   * through the CSSOM, which the policy allows. (Text never matches: the worker escapes quotes.) */
  function styled(html) {
    return html.indexOf(' style="') < 0 ? html : html.replace(/ style="/g, ' data-rt-style="');
  }

  const adopted = new Map(); // <style> element -> its constructed sheet
  function adopt(el, css) {
    let sheet = adopted.get(el);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      adopted.set(el, sheet);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    }
    sheet.replaceSync(css || "");
  }

  /** ``el`` changes: the HTML last drawn into it or into any of its ancestors is no longer what
   * they hold (their next innerHTML is applied even if equal). Returns true. */
  function touched(el) {
    for (let x = el; x; x = x.parentElement) drawn.delete(x);
    return true;
  }

  function apply(ops, reply) {
    const failed = []; // [key, error]
    for (const op of ops) {
      const [kind, a, b, c, d] = op;
      let el;
      switch (kind) {
        case "p":
          if ((el = find(a))) {
            if ((el.tagName === "STYLE" || el.hasAttribute("data-sheet")) && b === "textContent") {
              adopt(el, c); // an inline <style> is refused by the CSP; a constructed sheet is not
            } else if (b !== "innerHTML") {
              if (el[b] === c && (b !== "textContent" || el.childElementCount === 0)) break; // unchanged: no new style or layout
              el[b] = c;
              touched(el);
            } else if (drawn.get(el) !== c) {
              replaceContent(el, c);
              touched(el);
              drawn.set(el, c);
            }
          }
          break;
        case "a":
          if (!(el = find(a)) || (b !== "style" && el.getAttribute(b) === c) || !touched(el)) break; // unchanged
          if (b === "style") el.style.cssText = c === null ? "" : c; // CSSOM: allowed by the CSP
          else c === null ? el.removeAttribute(b) : el.setAttribute(b, c);
          break;
        case "c":
          if ((el = find(a)) && touched(el)) c === null ? el.classList.toggle(b) : el.classList.toggle(b, c);
          break;
        case "d":
          if ((el = find(a)) && el.dataset[b] !== (c === null ? undefined : c) && touched(el)) c === null ? delete el.dataset[b] : (el.dataset[b] = c);
          break;
        case "on":
          listen(a, b, c, d);
          break;
        case "off":
          forget(a);
          break;
        case "set":
          try {
            localStorage.setItem(a, b);
            if (failing.delete(a)) send({ kind: "store-ok", key: a });
          } catch (error) {
            failed.push([a, String(error)]);
          }
          break;
        case "del":
          try {
            localStorage.removeItem(a);
            if (failing.delete(a)) send({ kind: "store-ok", key: a });
          } catch (error) {
            failed.push([a, String(error)]);
          }
          break;
        case "i18n":
          relabel(a, b);
          break;
        case "css":
          if (!document.querySelector(`link[href="${a}"]`)) {
            const link = document.createElement("link");
            link.rel = "stylesheet";
            link.href = a;
            document.head.appendChild(link);
          }
          break;
        case "download":
          download(a, b, c);
          break;
        case "clip":
          if (navigator.clipboard) navigator.clipboard.writeText(a).catch(() => {});
          break;
        case "title":
          document.title = a;
          break;
        case "log":
          (a === "error" ? console.error : console.warn)(b);
          break;
        case "show": {
          // bring the first shown match into view (a lesson's ringed card low in a phone's hand row)
          const el = [...document.querySelectorAll(a)].find((e) => e.getClientRects().length);
          if (el) el.scrollIntoView({ block: "nearest", inline: "nearest" });
          break;
        }
        case "clicked":
          if (started.has(reply)) root.dataset.lastClickMs = (performance.now() - started.get(reply)).toFixed(1);
          break;
      }
    }
    if (reply !== null && started.delete(reply)) pending -= 1; // settled: see nextPiece
    // Each failed write is reported with what localStorage really holds for that key, so the
    // worker's copy (and the lobby) never shows a stale record as current.
    for (const [key, error] of failed) {
      failing.add(key);
      let value = null;
      try {
        value = localStorage.getItem(key);
      } catch (e) {
        /* blocked: nothing stored */
      }
      send({ kind: "store-failed", key, error, value });
    }
  }
  const failing = new Set(); // keys whose last write failed

  // ---- a boot step that fails or stalls, an engine that stops: told, with a Retry (a reload) ------
  const STALL_MS = 8000; // no word from the worker for this long while it boots: say so
  let watchdog = null;
  function watch() {
    clearTimeout(watchdog);
    if (root.dataset.engine !== "ready") watchdog = setTimeout(() => tell("engine_slow"), STALL_MS);
  }
  /** #engine-status says what went wrong, with a Retry button that reloads the page (a reload
   * downloads again what failed; the saves are in localStorage). A slow boot that then finishes
   * is relabelled "Engine ready" by the engine itself. */
  function tell(key) {
    const status = document.getElementById("engine-status");
    if (!status) return;
    const retry = document.createElement("button");
    retry.type = "button";
    retry.id = "engine-retry";
    retry.textContent = bootTexts.retry;
    retry.onclick = () => location.reload();
    status.replaceChildren(bootTexts[key] + " ", retry);
    status.className = "engine-status failed";
    status.setAttribute("role", "alert");
    root.dataset.engineProblem = key; // tests
    const start = document.getElementById("start"); // nothing can start without the engine
    if (start && key !== "engine_slow") start.disabled = true;
  }

  let onEngineFailure = null; // a first visit registers the service worker then too
  function fail(error) {
    clearTimeout(watchdog);
    if (onEngineFailure) onEngineFailure();
    onEngineFailure = null;
    const stopped = root.dataset.engine === "ready";
    root.dataset.engine = "failed";
    console.error(stopped ? "Railtable: the engine stopped:" : "Railtable: the engine could not start:", error);
    tell(stopped ? "engine_stopped" : "engine_failed");
  }

  // ---- drawing at most once a frame ------------------------------------------------------------
  // A bot game at the instant pace sends a redraw every few milliseconds. Batches that answer no
  // event of this page are applied together in one task, at most once every DRAW_GAP_MS (the
  // browser then renders once, in the next frame, as a task of its own): each target's innerHTML
  // only once, the latest, and not at all when it equals what that element last received.
  // Nobody follows 60 moves a second, and a starved main thread keeps time for input.
  // A batch that answers an event (a click...) is applied at once, after those waiting.
  const DRAW_GAP_MS = 100;
  let queued = [];
  let timer = null;
  let lastDrawn = -Infinity;
  const drawn = new WeakMap(); // element -> the innerHTML last applied to it

  function coalesce(ops) {
    const last = new Map(); // selector -> index of its latest innerHTML
    ops.forEach((op, i) => {
      if (op[0] === "p" && op[2] === "innerHTML") last.set(op[1], i);
    });
    return ops.filter((op, i) => !(op[0] === "p" && op[2] === "innerHTML" && last.get(op[1]) !== i));
  }

  function drain() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (!queued.length) return;
    const ops = queued.length === 1 ? queued[0] : coalesce(queued.flat());
    queued = [];
    lastDrawn = performance.now();
    run(ops, null);
  }

  // ---- a big drawing in pieces (issue 34) --------------------------------------------------------
  // A ["pause"] operation (dom.pause()) cuts a batch: what follows it is applied in a later task, so
  // that the browser can answer input and render between the pieces of a big board (each piece's
  // style and layout is then paid in its own task). The worker only pauses where the table is
  // consistent: nothing clickable waits behind a pause. Batches received meanwhile wait their turn;
  // an event's reply counts as answered (settled()) once its last piece is applied.
  const pieces = []; // [ops, reply] waiting for a later task
  let piecesTimer = null;

  function run(ops, reply) {
    let from = 0;
    ops.forEach((op, i) => {
      if (op[0] !== "pause") return;
      pieces.push([ops.slice(from, i), null]);
      from = i + 1;
    });
    pieces.push([from ? ops.slice(from) : ops, reply]);
    if (piecesTimer === null) nextPiece();
  }

  function nextPiece() {
    piecesTimer = null;
    if (!pieces.length) return; // finishPieces() applied them all before this timer fired
    const [ops, reply] = pieces.shift();
    apply(ops, reply);
    if (pieces.length) piecesTimer = setTimeout(nextPiece, 0);
    else if (pending === 0) for (const resolve of settledWaiters.splice(0)) resolve();
  }

  /** Apply every queued piece now (the page is read next: a test, or the page is left). */
  function finishPieces() {
    drain();
    if (piecesTimer !== null) clearTimeout(piecesTimer);
    while (pieces.length) nextPiece();
    if (piecesTimer !== null) clearTimeout(piecesTimer);
    piecesTimer = null;
  }

  // Remote play (issue 30): web/remote.js, loaded on the first "rtc" op; its ops run as they come.
  let remote = null;
  const rtcOps = [];
  function rtc(op) {
    if (remote) return remote.handle(op);
    if (rtcOps.push(op) > 1) return;
    import(new URL("remote.js", here).href).then((m) => {
      (remote = m).connect(send);
      rtcOps.splice(0).forEach(m.handle);
    }, (e) => rtcOps.splice(0).forEach((o) => send({ kind: "rtc", event: "failed", peer: o[2], data: { why: "unsupported", detail: String(e) } })));
  }

  function receiveOps(batch) {
    if (batch.ops.some((op) => op[0] === "rtc")) batch.ops = batch.ops.filter((op) => op[0] !== "rtc" || rtc(op));
    if (batch.reply !== null && batch.reply !== undefined) {
      drain();
      run(batch.ops, batch.reply);
      return;
    }
    queued.push(batch.ops);
    if (timer === null) timer = setTimeout(drain, Math.max(0, lastDrawn + DRAW_GAP_MS - performance.now()));
  }
  window.addEventListener("pagehide", finishPieces); // never lose a queued save

  function onMessage(event) {
    const message = event.data;
    watch(); // the worker is alive (it says "progress" as each boot step starts and ends)
    if (message.kind === "progress") {
      // nothing else to do
    } else if (message.kind === "ops") {
      receiveOps(JSON.parse(message.batch));
    } else if (message.kind === "hello") {
      performance.mark("railtable-hello"); // benchmarks: the worker's Python is up
      const start = () =>
        send({
          kind: "start",
          url: { href: location.href, hash: location.hash },
          form: formState(),
          storage: storedKeys(),
        });
      if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
      else start();
    } else if (message.kind === "result") {
      finishPieces(); // the caller reads the page next
      const waiting = results.get(message.id);
      results.delete(message.id);
      if (waiting) message.error ? waiting.reject(new Error(message.error)) : waiting.resolve(message.value);
    } else if (message.kind === "fetched") {
      completeCache(); // a first visit: the worker kept its downloads (worker.js, keepFetched)
    } else if (message.kind === "failed") {
      fail(message.error);
    } else if (message.kind === "marks") {
      // The worker's boot steps, on the page's clock (benchmarks read them).
      const shift = message.origin - performance.timeOrigin;
      window.railtableBoot = Object.fromEntries(Object.entries(message.marks).map(([k, v]) => [k, Math.round(v + shift)]));
    }
  }

  function startEngine() {
    if (worker) return;
    // On a first visit the worker keeps its downloads for the service worker (worker.js, keepFetched).
    performance.mark("railtable-worker"); // bench/boot.py
    worker = new Worker(new URL("worker.js", here), { type: "module", name: firstVisit ? "first-visit" : "engine" });
    worker.onmessage = onMessage;
    worker.onerror = (event) => fail(event.message || "the worker's script could not be loaded");
    watch();
    for (const message of early.splice(0)) worker.postMessage(message);
  }
  const early = []; // messages posted before the worker exists (test hook)
  // No service worker controls the page yet (a first visit), though one can.
  const firstVisit = "serviceWorker" in navigator && window.isSecureContext && !navigator.serviceWorker.controller;

  // ---- the pass-the-device screen: nothing behind it is reachable ---------------------------------
  function guardPrivacy() {
    const screen = document.getElementById("privacy");
    if (!screen) return;
    const update = () => {
      const up = !screen.hidden;
      for (const el of document.body.children) {
        if (el !== screen && el.tagName !== "SCRIPT") el.inert = up;
      }
      if (up && !screen.contains(document.activeElement)) {
        const reveal = document.getElementById("privacy-reveal");
        if (reveal) reveal.focus();
      }
    };
    new MutationObserver(update).observe(screen, { attributes: true, attributeFilter: ["hidden"] });
    update();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", guardPrivacy, { once: true });
  else guardPrivacy();

  // ---- storage: ask the browser to keep it --------------------------------------------------------
  function askPersistence() {
    const store = navigator.storage;
    if (!store || typeof store.persist !== "function") return;
    store.persist().then(
      (granted) => (root.dataset.persisted = granted ? "yes" : "no"),
      () => (root.dataset.persisted = "no"),
    );
  }

  // ---- a new release: a quiet notice, never a page mixing two releases ------------------------------
  // The service worker of a new release installs and waits (sw.js): this page keeps being served by
  // the release it started with, until the person chooses to reload.
  let reloading = false;

  function offerUpdate(registration) {
    const box = document.getElementById("update-notice");
    const button = document.getElementById("update-reload");
    if (!box || !button) return;
    box.hidden = false;
    root.dataset.update = "ready";
    button.onclick = () => {
      reloading = true;
      if (registration.waiting) registration.waiting.postMessage("skip-waiting");
      else location.reload();
    };
  }

  function watchUpdates(registration) {
    const waiting = () => {
      if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration);
    };
    waiting();
    registration.addEventListener("updatefound", () => {
      const next = registration.installing;
      if (next) next.addEventListener("statechange", () => next.state === "installed" && waiting());
    });
  }

  // ---- offline: the service worker -----------------------------------------------------------
  function offlineReady() {
    root.dataset.offline = "ready";
  }

  let completing = false;

  function completeCache() {
    const sw = navigator.serviceWorker;
    if (completing || !("serviceWorker" in navigator)) return;
    if (!sw.controller) {
      // A first visit: the service worker takes the page over once installed (clients.claim).
      sw.addEventListener("controllerchange", completeCache, { once: true });
      return;
    }
    sw.addEventListener("message", (event) => {
      if (event.data && event.data.complete) offlineReady();
      else if (event.data && event.data.complete === false) console.warn("Railtable: offline copy incomplete:", event.data.error);
    });
    completing = true;
    sw.controller.postMessage("complete");
  }

  function whenEngineReady(callback) {
    if (root.dataset.engine === "ready") return callback();
    new MutationObserver((_, observer) => {
      if (root.dataset.engine === "ready") {
        observer.disconnect();
        callback();
      }
    }).observe(root, { attributes: true, attributeFilter: ["data-engine"] });
  }

  if ("serviceWorker" in navigator && window.isSecureContext) {
    const sw = navigator.serviceWorker;
    // At once, also on a first visit: the engine's downloads go to the browser's HTTP cache, from
    // which the service worker fills its own once the engine is up (completeCache), so nothing is
    // downloaded twice and the boot does not wait for the service worker to install.
    // On a first visit the service worker is registered once the engine is up (or could not
    // start): its installing would compete with the boot for the processor. Later visits register
    // at once, so a release whose engine fails still hears of the next one (watchUpdates).
    startEngine();
    sw.addEventListener("controllerchange", () => reloading && location.reload());
    const register = () =>
      sw.register(swURL.href, { scope: new URL("./", swURL).href }).then(watchUpdates, (error) => {
        console.warn("Railtable: offline mode unavailable:", error);
      });
    if (firstVisit) {
      whenEngineReady(register);
      onEngineFailure = register;
    } else {
      register();
    }
    if (!firstVisit) whenEngineReady(completeCache); // a first visit: on the worker's "fetched"
    whenEngineReady(askPersistence);
  } else {
    startEngine();
  }

  let runs = 0;
  window.railtable = {
    /** Resolves once the worker has answered every event sent so far (tests wait on it). */
    settled() {
      drain();
      return pending === 0 && !pieces.length ? Promise.resolve() : new Promise((resolve) => settledWaiters.push(resolve));
    },
    /** How many event listeners the worker has on the page now (benchmarks: released with tables). */
    listeners() {
      return listeners.size;
    },
    run(code) {
      const id = ++runs;
      return new Promise((resolve, reject) => {
        results.set(id, { resolve, reject });
        if (worker) worker.postMessage({ kind: "run", id, code });
        else early.push({ kind: "run", id, code });
      });
    },
  };
})();
