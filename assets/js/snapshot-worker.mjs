// Makes the memory snapshot that interpreter.mjs restores on later visits: boots the vendored
// Pyodide in this worker (off the page's thread), imports our modules from the archive
// exactly where PyScript puts it, and posts the interpreter's memory, packed, with its key
// ({key, snapshot: Blob}, or {failed: reason}); the page keeps it (interpreter.mjs's
// keepSnapshot). Only modules that touch no JavaScript object are imported (the glue, app,
// dom and rescue, imports `js`: Pyodide cannot snapshot JS references), so the page
// imports those after a restore. What the page ran as source (PyScript's start, boot.py) is
// compiled ahead into the snapshot (src/bummerl_web/ahead.py).
import { ARCHIVE_URL, bootPyodide, packSnapshot, snapshotKey } from "./interpreter.mjs";

const GLUE = ["bummerl_web.app", "bummerl_web.dom", "bummerl_web.rescue"];

// The page's first message: what it ran as source ({runs, files}: interpreter.mjs's ranAhead).
const ahead = new Promise((done) => addEventListener("message", (event) => done(event.data), { once: true }));

try {
  const archive = await (await fetch(ARCHIVE_URL)).arrayBuffer();
  // booted as the page boots: a snapshot is restored over the standard library it was made with
  const pyodide = await bootPyodide({ _makeSnapshot: true });
  pyodide.FS.writeFile("/home/pyodide/bummerl.zip", new Uint8Array(archive));
  pyodide.runPython(`
import importlib, json, sys, zipimport
ARCHIVE = "/home/pyodide/bummerl.zip"
sys.path.insert(0, ARCHIVE)
manifest = json.loads(zipimport.zipimporter(ARCHIVE).get_data("bytecode.json"))
for name in sorted(manifest["sources"]):
    module = name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    if module not in ${JSON.stringify(GLUE)}:
        importlib.import_module(module)
del importlib, json, zipimport, manifest, name, module
`);
  const { runs = [], files = {} } = (await ahead) ?? {};
  const [pyRuns, pyFiles] = [pyodide.toPy(runs), pyodide.toPy(files)];
  pyodide.pyimport("bummerl_web.ahead").prepare(pyRuns, pyFiles);
  pyRuns.destroy();
  pyFiles.destroy();
  const snapshot = packSnapshot(pyodide.makeMemorySnapshot());
  postMessage({ key: await snapshotKey(archive), snapshot });
} catch (error) {
  postMessage({ failed: String(error) });
}
