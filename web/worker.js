/* Railtable's engine worker: all Python (engine, bots, table code) runs here, off the page's
 * main thread, so the page answers input at every moment (docs/architecture.md).
 *
 * Loads our copy of Pyodide (restored from a memory snapshot when an earlier boot left one), writes
 * python.zip (py/railtable and web/railtable_web, sources and bytecode) into its file system and puts
 * it on sys.path (zipimport: nothing is unpacked), imports railtable_web.bridge and hands it every
 * message from the page. The same script, run as a worker
 * named "snapshot", makes that snapshot for the next boots (makeSnapshot below); named "helper-<i>", it
 * searches parts of bots' decisions for the engine worker (issue 33: startHelpers, bootHelper below).
 * Messages to the page: {kind: "ops", batch} (DOM operations, JSON), {kind: "hello"} (Python is
 * up: send "start"), {kind: "result", id, value | error} (answers "run", used by tests),
 * {kind: "failed", error} (the engine could not start), {kind: "progress"} (a boot step began or ended).
 * Started by web/page.js as a module worker. tools/build.py writes the runtime's real folder,
 * vendor/pyodide-<content hash>/, in place of the placeholder folder in the two URLs below (sw.js: "the runtime").
 */
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const scriptStart = performance.now(); // bench/boot.py: the worker's script runs (pyodide.mjs loaded)
const site = new URL("../", import.meta.url);
const inbox = [];
let deliver = null;
self.onmessage = (event) => (deliver ? deliver(event.data) : inbox.push(event.data));

function post(message) {
  self.postMessage(message);
}

// python.zip holds every module's bytecode, compiled at build time by this very runtime
// (tools/bytecode.mjs). A cache of our own keeps a memory snapshot of the interpreter with our
// modules imported (see "snapshot" below), keyed by the archive's SHA-256 and the runtime's folder.
const PYC_CACHE = "railtable-pyc:" + site.pathname;
const RUNTIME = new URL("../vendor/pyodide/", import.meta.url).href;
const snap = { read: null };

// A first visit (web/page.js names the worker "first-visit"): the page is not yet under the service
// worker, so the engine's downloads go straight to the network. What the boot fetches is kept
// in a cache of its own, from which the service worker fills its cache (sw.js, "complete"):
// nothing is downloaded twice, even where the HTTP cache keeps no large file (a private window).
const FETCHED_CACHE = "railtable-fetched:" + site.pathname;
const fetched = [];
const plainFetch = self.fetch;
const HELPER = self.name.startsWith("helper-"); // a helper worker: searches parts of bots' decisions
if (self.name !== "snapshot" && !HELPER) {
  // The page's watchdog hears of every download as it starts and ends ({kind: "progress"}): a
  // boot step that stalls is told within seconds (web/page.js, STALL_MS).
  post({ kind: "progress" });
  self.fetch = async (...args) => {
    post({ kind: "progress" });
    const response = await plainFetch.apply(self, args);
    post({ kind: "progress" });
    if (self.name === "first-visit" && response.status === 200 && response.url.startsWith(site.href)) {
      fetched.push([response.url, response.clone()]);
    }
    return response;
  };
  // A failure inside the runtime's loader that nobody awaits still fails the boot, at once.
  self.addEventListener("unhandledrejection", (event) => {
    if (!deliver) post({ kind: "failed", error: String(event.reason && event.reason.stack ? event.reason.stack : event.reason) });
  });
}

async function keepFetched() {
  self.fetch = plainFetch; // the engine is up: no more progress to tell
  if (!fetched.length) return;
  try {
    const cache = await caches.open(FETCHED_CACHE);
    for (const [url, response] of fetched.splice(0)) await cache.put(url.split("?")[0], response);
  } finally {
    post({ kind: "fetched" }); // the page asks the service worker to complete its cache
  }
}

async function sha256(buffer) {
  const digest = await crypto.subtle.digest("SHA-256", buffer);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function snapshotKey(digest) {
  return new URL(`python-snapshot.bin?${digest}&${encodeURIComponent(RUNTIME)}`, site).href;
}

/** The snapshot kept by an earlier boot, if any: {key, bytes} where bytes resolves once the
 * archive's hash is known to match (else rejects: the boot then starts Python from scratch). */
async function savedSnapshot(digest) {
  try {
    const cache = await caches.open(PYC_CACHE);
    const keys = (await cache.keys()).map((request) => request.url).filter((url) => url.includes("python-snapshot.bin?"));
    const key = keys.find((url) => url.endsWith("&" + encodeURIComponent(RUNTIME)));
    if (!key) return null;
    const bytes = Promise.all([cache.match(key), digest]).then(async ([hit, hex]) => {
      if (!hit || snapshotKey(hex) !== key) throw new Error("snapshot of another release");
      const image = new Uint8Array(await hit.arrayBuffer());
      snap.read = performance.now();
      return image;
    });
    bytes.catch(() => {}); // handled by the boot
    return { key, bytes };
  } catch (error) {
    return null;
  }
}

async function forgetSnapshot(key) {
  try {
    await (await caches.open(PYC_CACHE)).delete(key);
  } catch (error) {
    // nothing to forget
  }
}

async function storeSnapshot(key, bytes) {
  const cache = await caches.open(PYC_CACHE);
  for (const old of await cache.keys()) if (old.url !== key) await cache.delete(old); // older releases' snapshots
  await cache.put(key, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
}

/** The "snapshot" worker (started by the engine worker once it is up and idle, when no snapshot of
 * this release exists): boots its own Pyodide with `_makeSnapshot` (which makes loadPyodide about
 * 1 s slower: never on the boot a person waits for), imports our modules, keeps the snapshot for the
 * next boots and says so. It holds no game and is closed once it has answered. */
async function makeSnapshot() {
  // Every file from Cache Storage when it is there: on a first visit this worker (like its parent)
  // is not under the service worker, and a private window's HTTP cache keeps no large file, but the
  // first-visit boot kept its downloads (keepFetched) and the service worker its release.
  self.fetch = async (resource, init) => (await caches.match(resource, { ignoreSearch: true })) || plainFetch.call(self, resource, init);
  const archive = await fetchArchive();
  const key = snapshotKey(await sha256(archive.slice(0)));
  const pyodide = await loadPyodide({ indexURL: RUNTIME, _makeSnapshot: true });
  prepare(pyodide, archive);
  importApp(pyodide); // what the engine imports before it connects the bridge: no JavaScript held
  await storeSnapshot(key, pyodide.makeMemorySnapshot());
}

/** In the engine worker: have the snapshot made beside it, then tell the page (tests wait for it). */
function startSnapshotMaker() {
  // Without nested workers (older browsers) or Cache Storage (an insecure origin), boots go on
  // without a snapshot.
  if (typeof Worker !== "function" || !self.caches) return;
  let maker;
  try {
    maker = new Worker(new URL(import.meta.url), { type: "module", name: "snapshot" });
  } catch (error) {
    console.warn("Railtable: no snapshot for the next boot:", error);
    return;
  }
  const done = (kept, why) => {
    maker.terminate();
    if (kept) post({ kind: "ops", batch: JSON.stringify({ ops: [["d", "html", "snapshot", "kept"]], reply: null }) });
    else console.warn("Railtable: no snapshot for the next boot:", why);
  };
  maker.onmessage = (event) => done(event.data.kind === "kept", event.data.error);
  maker.onerror = (event) => {
    event.preventDefault(); // not the engine's error: the page must not see it as one
    done(false, event.message);
  };
}

/** python.zip's bytes (our modules' sources and bytecode). */
async function fetchArchive() {
  const response = await fetch(new URL("python.zip", site));
  if (!response.ok) throw new Error(`python.zip: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/** Our modules, importable: python.zip written as it is and put first on sys.path. Python imports
 * from the archive (zipimport, each module's bytecode first), which costs about 3 ms where
 * unpacking its 186 files took 70-110 ms (issue 10). A restored snapshot already has the archive on
 * sys.path and its directory read; only the file, the very same bytes, is written again. */
const ARCHIVE_PATH = "/home/pyodide/python.zip";
function prepare(pyodide, archive) {
  pyodide.FS.writeFile(ARCHIVE_PATH, new Uint8Array(archive));
  pyodide.runPython(`import sys\nif ${JSON.stringify(ARCHIVE_PATH)} not in sys.path: sys.path.insert(0, ${JSON.stringify(ARCHIVE_PATH)})`);
}

function importApp(pyodide) {
  pyodide.pyimport("railtable_web.bridge");
  pyodide.pyimport("railtable_web.app");
}

// ---- helper workers (issue 33, "Use every core": web/railtable_web/search_helpers.py) ----------
// The engine worker starts up to k helpers (nested workers running this script, named helper-<i>)
// when Python first asks (railtableHelpers.want); each boots its own Pyodide (from the boot's
// snapshot when there is one) and answers {kind: "part", id, job, part} with the part's sums and
// counts (a JSON string). Python sends a decision's parts 1..n to the first n helpers that are up
// (run) and gets their answers as one JSON list, or null if one failed or took too long.
const PART_TIMEOUT_MS = 30000;

/** In a helper worker: Pyodide with our modules, answering parts of searches. */
async function bootHelper() {
  self.fetch = async (resource, init) => (await caches.match(resource, { ignoreSearch: true })) || plainFetch.call(self, resource, init);
  const archive = await fetchArchive();
  const saved = self.caches ? await savedSnapshot(sha256(archive.slice(0))) : null;
  let pyodide = null;
  if (saved) {
    try {
      pyodide = await loadPyodide({ indexURL: RUNTIME, _loadSnapshot: saved.bytes });
    } catch (error) {
      pyodide = null; // the engine worker forgets a bad snapshot; a helper just boots without it
    }
  }
  if (!pyodide) pyodide = await loadPyodide({ indexURL: RUNTIME });
  prepare(pyodide, archive);
  self.fetch = plainFetch;
  return { answer: pyodide.pyimport("railtable_web.search_helpers").answer, heap: () => pyodide._module.HEAP8.length };
}

function startHelpers() {
  const helpers = [];
  let wanted = 0;
  let nextId = 1;
  let answered = 0; // parts answered (tests and benchmarks read it)
  function spawn(i) {
    const helper = { worker: null, up: false, dead: false, waiting: new Map() };
    try {
      helper.worker = new Worker(new URL(import.meta.url), { type: "module", name: `helper-${i}` });
    } catch (error) {
      console.warn("Railtable: no helper worker:", error);
      return;
    }
    helper.worker.onmessage = (event) => {
      const m = event.data;
      if (m.kind === "up") {
        helper.up = true;
        helper.wasm = m.wasm;
      } else if (m.kind === "part" && helper.waiting.has(m.id)) {
        if (m.error) console.warn("Railtable: a helper's part failed; the bot searched without it:", m.error);
        else answered += 1;
        helper.waiting.get(m.id)(m.error ? null : m.result);
        helper.waiting.delete(m.id);
      } else if (m.kind === "failed") die(helper, m.error);
    };
    helper.worker.onerror = (event) => {
      event.preventDefault(); // not the engine's error: the page must not see it as one
      die(helper, event.message);
    };
    helpers.push(helper);
  }
  function die(helper, why) {
    if (helper.dead) return;
    console.warn("Railtable: a helper worker stopped; bots search without it:", why);
    helper.dead = true;
    helper.up = false;
    for (const resolve of helper.waiting.values()) resolve(null);
    helper.waiting.clear();
    helper.worker.terminate();
  }
  function ask(helper, job, part) {
    return new Promise((resolve) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        if (helper.waiting.delete(id)) resolve(null);
      }, PART_TIMEOUT_MS);
      helper.waiting.set(id, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      helper.worker.postMessage({ kind: "part", id, job, part });
    });
  }
  self.railtableHelpers = {
    want(k) {
      wanted = Math.max(wanted, Number(k) || 0);
      // after the Python task that asked: starting them never holds up the move being decided
      setTimeout(() => {
        while (helpers.length < wanted) spawn(helpers.length + 1);
      }, 0);
    },
    ready() {
      return helpers.filter((h) => h.up && !h.dead).length;
    },
    answered() {
      return answered;
    },
    /** Each live helper's WebAssembly memory in bytes, when it came up (benchmarks). */
    memory() {
      return helpers.filter((h) => h.up && !h.dead).map((h) => h.wasm || 0);
    },
    async run(job, n) {
      const up = helpers.filter((h) => h.up && !h.dead).slice(0, n);
      if (up.length < n) return null;
      const parts = await Promise.all(up.map((h, i) => ask(h, job, i + 1)));
      if (parts.some((p) => p === null)) return null;
      return "[" + parts.join(",") + "]";
    },
  };
}

async function boot() {
  const archive = fetchArchive();
  const digest = archive.then((buffer) => sha256(buffer.slice(0)));
  digest.catch(() => {});
  // A first visit has no snapshot yet: opening Cache Storage to look costs a cold profile ~0.1 s.
  const saved = self.name === "first-visit" ? null : await savedSnapshot(digest);
  const marks = { script: scriptStart, start: performance.now() };
  // The runtime's wasm (fetched and compiled, or taken from Chromium's code cache), timed for bench/boot.py.
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (...args) => {
    marks.wasm_start = performance.now();
    const result = await streaming(...args);
    marks.wasm = performance.now();
    WebAssembly.instantiateStreaming = streaming;
    return result;
  };
  let pyodide = null;
  if (saved) {
    // A warm boot: the interpreter as an earlier boot left it, our modules already imported.
    try {
      pyodide = await loadPyodide({ indexURL: RUNTIME, _loadSnapshot: saved.bytes });
      marks.pyodide = performance.now();
      marks.snapshot_read = snap.read;
      prepare(pyodide, await archive); // the archive, for the modules imported later
      marks.prepared = performance.now();
      pyodide.runPython("import random\nrandom.seed()"); // not the snapshot's random state
      marks.snapshot = performance.now();
    } catch (error) {
      console.warn("Railtable: snapshot not used:", error);
      await forgetSnapshot(saved.key);
      pyodide = null;
      WebAssembly.instantiateStreaming = streaming;
    }
  }
  if (!pyodide) {
    pyodide = await loadPyodide({ indexURL: RUNTIME });
    marks.pyodide = performance.now();
    prepare(pyodide, await archive);
  }
  marks.unpacked = performance.now();
  importApp(pyodide);
  marks.app_imported = performance.now();
  const bridge = pyodide.pyimport("railtable_web.bridge");
  startHelpers(); // none starts until Python asks (a table's first search)
  bridge.connect((batch) => post({ kind: "ops", batch }));
  marks.imported = performance.now();
  post({ kind: "marks", marks, origin: performance.timeOrigin });
  return { pyodide, bridge, restored: Boolean(marks.snapshot) };
}

async function run(pyodide, bridge, message) {
  // Tests and benchmarks: run Python in the engine's interpreter, return JSON-able data.
  try {
    let value = await pyodide.runPythonAsync(message.code);
    if (value && typeof value.toJs === "function") {
      const proxy = value;
      value = proxy.toJs({ dict_converter: Object.fromEntries, create_pyproxies: false });
      proxy.destroy();
    }
    bridge.receive(JSON.stringify({ kind: "flush" }));
    post({ kind: "result", id: message.id, value });
  } catch (error) {
    post({ kind: "result", id: message.id, error: String(error) });
  }
}

if (HELPER) {
  bootHelper().then(
    ({ answer, heap }) => {
      deliver = (m) => {
        if (m.kind !== "part") return;
        try {
          post({ kind: "part", id: m.id, result: answer(m.job, m.part) });
        } catch (error) {
          post({ kind: "part", id: m.id, error: String(error) });
        }
      };
      for (const message of inbox.splice(0)) deliver(message);
      post({ kind: "up", wasm: heap() });
    },
    (error) => post({ kind: "failed", error: String(error && error.stack ? error.stack : error) }),
  );
} else if (self.name === "snapshot") {
  makeSnapshot().then(
    () => post({ kind: "kept" }),
    (error) => post({ kind: "failed", error: String(error) }),
  );
} else boot().then(
  ({ pyodide, bridge, restored }) => {
    deliver = (message) => {
      if (message.kind === "run") run(pyodide, bridge, message);
      else bridge.receive(message.json);
    };
    post({ kind: "hello" });
    for (const message of inbox.splice(0)) deliver(message);
    keepFetched().catch((error) => console.warn("Railtable: first downloads not kept:", error));
    if (!restored) setTimeout(startSnapshotMaker, 4000); // while the person reads the lobby
  },
  (error) => post({ kind: "failed", error: String(error && error.stack ? error.stack : error) }),
);
