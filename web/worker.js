/* Railtable's engine worker: all Python (engine, bots, table code) runs here, off the page's
 * main thread, so the page answers input at every moment (docs/architecture.md).
 *
 * Loads our copy of Pyodide, unpacks python.zip (py/railtable and web/railtable_web) into
 * /home/pyodide, imports railtable_web.bridge and hands it every message from the page.
 * Messages to the page: {kind: "ops", batch} (DOM operations, JSON), {kind: "hello"} (Python is
 * up: send "start"), {kind: "result", id, value | error} (answers "run", used by tests),
 * {kind: "failed", error} (the engine could not start).
 * Started by web/page.js as a module worker. tools/build.py writes the runtime's real folder,
 * vendor/pyodide-<content hash>/, in place of the placeholder folder in the two URLs below (sw.js: "the runtime").
 */
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const site = new URL("../", import.meta.url);
const inbox = [];
let deliver = null;
self.onmessage = (event) => (deliver ? deliver(event.data) : inbox.push(event.data));

function post(message) {
  self.postMessage(message);
}

// Compiled bytecode of python.zip, made after a first boot and kept for the next ones
// (railtable_web/pyc_cache.py): keyed by the archive's SHA-256, in a cache of our own.
// The same cache keeps a memory snapshot of the interpreter with our modules imported (see
// "snapshot" below), keyed by the archive's SHA-256 and the runtime's folder.
const PYC_CACHE = "railtable-pyc:" + site.pathname;
const RUNTIME = new URL("../vendor/pyodide/", import.meta.url).href;
const pyc = { key: null, loaded: false };
const snap = { key: null, made: null, restored: false };

// A first visit (web/page.js names the worker "first-visit"): the page is not yet under the service
// worker, so the engine's downloads go straight to the network. What the boot fetches is kept
// in a cache of its own, from which the service worker fills its cache (sw.js, "complete"):
// nothing is downloaded twice, even where the HTTP cache keeps no large file (a private window).
const FETCHED_CACHE = "railtable-fetched:" + site.pathname;
const fetched = [];
const plainFetch = self.fetch;
if (self.name === "first-visit") {
  self.fetch = async (...args) => {
    const response = await plainFetch.apply(self, args);
    if (response.status === 200 && response.url.startsWith(site.href)) fetched.push([response.url, response.clone()]);
    return response;
  };
}

async function keepFetched() {
  self.fetch = plainFetch;
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

async function cachedBytecode(digest) {
  try {
    pyc.key = new URL("python-pyc.zip?" + (await digest), site).href;
    const hit = await (await caches.open(PYC_CACHE)).match(pyc.key);
    return hit ? await hit.arrayBuffer() : null;
  } catch (error) {
    return null; // no Cache Storage (an opaque origin...): compile from the sources
  }
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

async function keepBytecode(pyodide) {
  // Once per release, while the person reads the lobby; the compiling yields between modules.
  if (pyc.loaded || !pyc.key) return;
  const made = await pyodide.runPythonAsync("from railtable_web import pyc_cache\nawait pyc_cache.build()");
  const bytes = made.toJs();
  made.destroy();
  const cache = await caches.open(PYC_CACHE);
  for (const old of await cache.keys()) if (old.url !== pyc.key && old.url !== snap.key) await cache.delete(old);
  await cache.put(pyc.key, new Response(bytes, { headers: { "Content-Type": "application/zip" } }));
  post({ kind: "ops", batch: JSON.stringify({ ops: [["d", "html", "bytecode", "kept"]], reply: null }) }); // benchmarks wait for it
}

async function keepSnapshot() {
  // The snapshot made by this boot (before the page's first message), kept for the next boots.
  if (!snap.made || !snap.key) return;
  const bytes = snap.made;
  snap.made = null;
  const cache = await caches.open(PYC_CACHE);
  for (const old of await cache.keys()) if (old.url.includes("python-snapshot.bin?") && old.url !== snap.key) await cache.delete(old);
  await cache.put(snap.key, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
  post({ kind: "ops", batch: JSON.stringify({ ops: [["d", "html", "snapshot", "kept"]], reply: null }) }); // tests wait for it
}

/** Our modules, unpacked and imported: the state a snapshot keeps. */
function prepare(pyodide, archive, compiled) {
  pyodide.unpackArchive(archive, "zip", { extractDir: "/home/pyodide" });
  if (compiled) pyodide.unpackArchive(compiled, "zip", { extractDir: "/home/pyodide" });
  pyodide.runPython("import sys\nif '/home/pyodide' not in sys.path: sys.path.insert(0, '/home/pyodide')");
}

function importApp(pyodide) {
  pyodide.pyimport("railtable_web.bridge");
  pyodide.pyimport("railtable_web.app");
}

async function boot() {
  const archive = fetch(new URL("python.zip", site)).then((response) => {
    if (!response.ok) throw new Error(`python.zip: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  const digest = archive.then((buffer) => sha256(buffer.slice(0)));
  digest.catch(() => {});
  const bytecode = cachedBytecode(digest);
  const saved = await savedSnapshot(digest);
  const marks = { start: performance.now() };
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
      const compiled = await bytecode;
      marks.snapshot_read = snap.read;
      marks.bytecode_read = performance.now();
      prepare(pyodide, await archive, compiled); // the files, for the modules imported later
      marks.prepared = performance.now();
      pyc.loaded = Boolean(compiled);
      pyodide.runPython("import random\nrandom.seed()"); // not the snapshot's random state
      marks.snapshot = performance.now();
      snap.key = saved.key; // kept (keepBytecode deletes the rest)
    } catch (error) {
      console.warn("Railtable: snapshot not used:", error);
      await forgetSnapshot(saved.key);
      pyodide = null;
      WebAssembly.instantiateStreaming = streaming;
    }
  }
  if (!pyodide) {
    pyodide = await loadPyodide({ indexURL: RUNTIME, _makeSnapshot: true });
    marks.pyodide = performance.now();
    const compiled = await bytecode;
    prepare(pyodide, await archive, compiled);
    pyc.loaded = Boolean(compiled);
    if (compiled) marks.bytecode = performance.now();
  }
  marks.unpacked = performance.now();
  importApp(pyodide);
  if (!saved || !marks.snapshot) {
    try {
      snap.made = pyodide.makeMemorySnapshot(); // kept in idle time (keepSnapshot)
      snap.key = snapshotKey(await digest);
    } catch (error) {
      console.warn("Railtable: no snapshot:", error);
      snap.made = null;
    }
  }
  const bridge = pyodide.pyimport("railtable_web.bridge");
  bridge.connect((batch) => post({ kind: "ops", batch }));
  marks.imported = performance.now();
  post({ kind: "marks", marks, origin: performance.timeOrigin });
  return { pyodide, bridge };
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

boot().then(
  ({ pyodide, bridge }) => {
    deliver = (message) => {
      if (message.kind === "run") run(pyodide, bridge, message);
      else bridge.receive(message.json);
    };
    post({ kind: "hello" });
    for (const message of inbox.splice(0)) deliver(message);
    keepFetched().catch((error) => console.warn("Railtable: first downloads not kept:", error));
    setTimeout(async () => {
      await keepSnapshot().catch((error) => console.warn("Railtable: snapshot not kept:", error));
      await keepBytecode(pyodide).catch((error) => console.warn("Railtable: bytecode not kept:", error));
    }, 4000);
  },
  (error) => post({ kind: "failed", error: String(error && error.stack ? error.stack : error) }),
);
