// The boot of index-direct.html, a variant of the table under trial: a return visit with a
// memory snapshot of this release (interpreter.mjs's prepareRestore) restores Pyodide from
// it directly and runs boot.py, without loading PyScript at all; any other visit (a first
// visit, no snapshot, a snapshot that cannot be restored) boots through PyScript as
// index.html does. What PyScript would have done before boot.py on the direct path: the
// archive of our modules written to the working directory (pyscript.toml's [files]; a
// restored interpreter's file system is made anew, the snapshot holds the memory only).
import { bootPyodide, prepareRestore, SNAPSHOT_CACHE, ARCHIVE_URL } from "./interpreter.mjs";

const BOOT_URL = new URL("../../src/bummerl_web/boot.py", import.meta.url).href;
const PYSCRIPT_URL = new URL("../vendor/pyscript/core.js", import.meta.url).href;
// index.html's modulepreloads of PyScript's modules (its preload block), added only when
// PyScript is to start: a restored visit never parses them.
const PYSCRIPT_MODULES = ["core.js", "core-C9KDLldu.js", "toml-V4Savzlc.js",
  "deprecations-manager-UpAPKqCb.js", "donkey-4Hrqd7WZ.js", "error-D2315lOB.js",
  "py-editor-C4XsZtn7.js", "py-game-DWiCrr7a.js", "py-terminal-CwQ6kcjg.js"];

function throughPyScript() {
  for (const name of PYSCRIPT_MODULES) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = new URL(`../vendor/pyscript/${name}`, import.meta.url).href;
    document.head.append(link);
  }
  return import(PYSCRIPT_URL);
}

// ?early=1: loadPyodide given the snapshot still on its way (it fetches and evaluates its
// module meanwhile); ?early=2: also Pyodide's WebAssembly compiled while the snapshot is read
// (the same bytes compiled again by Pyodide come from V8's cache of compiled modules).
const EARLY = Number(new URLSearchParams(location.search).get("early")) || 0;

async function bytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function restored(restore) {
  // the archive and the entry script come while the snapshot is read and Pyodide restored
  const archive = bytes(ARCHIVE_URL);
  const source = bytes(BOOT_URL).then((data) => new TextDecoder().decode(data));
  archive.catch(() => {});
  source.catch(() => {});
  let pyodide;
  if (EARLY) {
    const wasm = EARLY < 2 ? Promise.resolve(null) : WebAssembly.compileStreaming(fetch(new URL("../vendor/pyodide/pyodide.asm.wasm", import.meta.url)));
    wasm.catch(() => {});
    restore.snapshot.then(() => performance.mark("bummerl:snapshot-read"), () => {});
    pyodide = await bootPyodide({ _loadSnapshot: restore.snapshot });
    globalThis.__bummerlEarly = await wasm;  // kept alive until the restore is done
  } else {
    const snapshot = await restore.snapshot;
    performance.mark("bummerl:snapshot-read");
    pyodide = await bootPyodide({ _loadSnapshot: snapshot });
  }
  globalThis.__bummerlBoot = "snapshot";
  performance.mark("bummerl:pyodide");
  // where PyScript writes it: "./bummerl.zip" in the working directory (/home/pyodide)
  const cwd = pyodide.FS.cwd();
  // (for the trial's checks: whether the restored file system already had it)
  globalThis.__bummerlDirect = { cwd, had: pyodide.FS.analyzePath(`${cwd}/bummerl.zip`).exists };
  pyodide.FS.writeFile(`${cwd}/bummerl.zip`, await archive);
  return { pyodide, source: await source };
}

async function start() {
  // Without a service worker in control there is no snapshot (shell.js makes none).
  if (!navigator.serviceWorker?.controller) return throughPyScript();
  performance.mark("bummerl:interpreter");  // as PyScript asking interpreter.mjs for Pyodide
  let ready;
  try {
    const restore = await prepareRestore();
    if (!restore) return throughPyScript();
    ready = await restored(restore);
  } catch (error) {
    // Unreadable, corrupt or refused: forget it (the next visit makes a new one) and boot
    // through PyScript, whose loadPyodide must then not try the same snapshot again.
    console.warn("snapshot not restored:", error);
    globalThis.__bummerlBoot = "snapshot-failed";
    await caches.delete(SNAPSHOT_CACHE).catch(() => {});
    const interpreter = await import("./interpreter.mjs");
    interpreter.forgetRestore();
    return throughPyScript();
  }
  // Our script runs once: an error in it is the page's, as PyScript would report it.
  await ready.pyodide.runPythonAsync(ready.source);
}

start().catch((error) => console.error(error));
