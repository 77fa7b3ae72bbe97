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
const PYC_CACHE = "railtable-pyc:" + site.pathname;
const pyc = { key: null, loaded: false };

async function cachedBytecode(archive) {
  try {
    const digest = await crypto.subtle.digest("SHA-256", await archive);
    pyc.key = new URL("python-pyc.zip?" + [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join(""), site).href;
    const hit = await (await caches.open(PYC_CACHE)).match(pyc.key);
    return hit ? await hit.arrayBuffer() : null;
  } catch (error) {
    return null; // no Cache Storage (an opaque origin...): compile from the sources
  }
}

async function keepBytecode(pyodide) {
  // Once per release, while the person reads the lobby; the compiling yields between modules.
  if (pyc.loaded || !pyc.key) return;
  const made = await pyodide.runPythonAsync("from railtable_web import pyc_cache\nawait pyc_cache.build()");
  const bytes = made.toJs();
  made.destroy();
  const cache = await caches.open(PYC_CACHE);
  for (const old of await cache.keys()) if (old.url !== pyc.key) await cache.delete(old);
  await cache.put(pyc.key, new Response(bytes, { headers: { "Content-Type": "application/zip" } }));
  post({ kind: "ops", batch: JSON.stringify({ ops: [["d", "html", "bytecode", "kept"]], reply: null }) }); // benchmarks wait for it
}

async function boot() {
  const archive = fetch(new URL("python.zip", site)).then((response) => {
    if (!response.ok) throw new Error(`python.zip: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  const bytecode = cachedBytecode(archive.then((buffer) => buffer.slice(0)));
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
  const pyodide = await loadPyodide({ indexURL: new URL("vendor/pyodide/", site).href });
  marks.pyodide = performance.now();
  pyodide.unpackArchive(await archive, "zip", { extractDir: "/home/pyodide" });
  const compiled = await bytecode;
  if (compiled) {
    pyodide.unpackArchive(compiled, "zip", { extractDir: "/home/pyodide" });
    pyc.loaded = true;
    marks.bytecode = performance.now();
  }
  pyodide.runPython("import sys\nif '/home/pyodide' not in sys.path: sys.path.insert(0, '/home/pyodide')");
  marks.unpacked = performance.now();
  const bridge = pyodide.pyimport("railtable_web.bridge");
  bridge.connect((batch) => post({ kind: "ops", batch }));
  pyodide.pyimport("railtable_web.app"); // while the page answers "hello"
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
    setTimeout(() => keepBytecode(pyodide).catch((error) => console.warn("Railtable: bytecode not kept:", error)), 4000);
  },
  (error) => post({ kind: "failed", error: String(error && error.stack ? error.stack : error) }),
);
