// Makes the memory snapshot that interpreter.mjs restores on later visits: boots the vendored
// Pyodide in this worker (off the page's thread), imports our modules from the archive
// exactly where PyScript puts it, and stores the interpreter's memory, gzipped, in Cache
// Storage. Only modules that touch no JavaScript object are imported (the glue, app, dom
// and rescue, imports `js`: Pyodide cannot snapshot JS references), so the page imports
// those after a restore. Posts "saved" or "failed: <reason>".
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
import { ARCHIVE_URL, INDEX_URL, SNAPSHOT_CACHE, snapshotKey } from "./interpreter.mjs";

const GLUE = ["bummerl_web.app", "bummerl_web.dom", "bummerl_web.rescue"];

try {
  const archive = await (await fetch(ARCHIVE_URL)).arrayBuffer();
  const pyodide = await loadPyodide({ indexURL: INDEX_URL, _makeSnapshot: true });
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
  const snapshot = pyodide.makeMemorySnapshot();
  const body = new Blob([snapshot]).stream().pipeThrough(new CompressionStream("gzip"));
  const cache = await caches.open(SNAPSHOT_CACHE);
  for (const old of await cache.keys()) await cache.delete(old);
  await cache.put(await snapshotKey(archive), new Response(body));
  postMessage("saved");
} catch (error) {
  postMessage("failed: " + error);
}
