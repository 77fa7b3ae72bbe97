/* Railtable's engine worker: all Python (engine, bots, table code) runs here, off the page's
 * main thread, so the page answers input at every moment (docs/architecture.md).
 *
 * Loads our copy of Pyodide (restored from a memory snapshot when an earlier boot left one), writes
 * python.zip (py/railtable and web/railtable_web, sources and bytecode) into its file system and puts
 * it on sys.path (zipimport: nothing is unpacked), imports railtable_web.bridge and hands it every
 * message from the page. The same script, run as a worker
 * named "snapshot", makes that snapshot for the next boots (makeSnapshot below).
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
if (self.name !== "snapshot") {
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

if (self.name === "snapshot") {
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
