/* Railtable's engine worker: all Python (engine, bots, table code) runs here, off the page's
 * main thread, so the page answers input at every moment (docs/architecture.md).
 *
 * Loads our copy of Pyodide, unpacks python.zip (py/railtable and web/railtable_web) into
 * /home/pyodide, imports railtable_web.bridge and hands it every message from the page.
 * Messages to the page: {kind: "ops", batch} (DOM operations, JSON), {kind: "hello"} (Python is
 * up: send "start"), {kind: "result", id, value | error} (answers "run", used by tests),
 * {kind: "failed", error} (the engine could not start).
 * Started by web/page.js as a module worker.
 */
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const site = new URL("../", import.meta.url);
const inbox = [];
let deliver = null;
self.onmessage = (event) => (deliver ? deliver(event.data) : inbox.push(event.data));

function post(message) {
  self.postMessage(message);
}

async function boot() {
  const archive = fetch(new URL("python.zip", site)).then((response) => {
    if (!response.ok) throw new Error(`python.zip: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  const marks = { start: performance.now() };
  const pyodide = await loadPyodide({ indexURL: new URL("vendor/pyodide/", site).href });
  marks.pyodide = performance.now();
  pyodide.unpackArchive(await archive, "zip", { extractDir: "/home/pyodide" });
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
  },
  (error) => post({ kind: "failed", error: String(error && error.stack ? error.stack : error) }),
);
