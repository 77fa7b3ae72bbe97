// Compile python.zip's modules with the Pyodide of node_modules (the runtime the site ships):
//   node tools/bytecode.mjs SOURCES.zip OUT.zip
// OUT.zip holds one __pycache__/*.cpython-<ver>.pyc per module (tools/bytecode.py); tools/build.py
// puts them into python.zip beside the sources.
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [sources, out] = process.argv.slice(2);
if (!sources || !out) {
  console.error("usage: node tools/bytecode.mjs SOURCES.zip OUT.zip");
  process.exit(2);
}
const pyodide = await loadPyodide();
pyodide.unpackArchive(new Uint8Array(readFileSync(sources)), "zip", { extractDir: "/home/pyodide" });
pyodide.runPython(readFileSync(new URL("./bytecode.py", import.meta.url), "utf8"));
const made = pyodide.runPython("compile_tree('/home/pyodide')");
writeFileSync(out, made.toJs());
made.destroy();
