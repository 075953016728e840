// PyScript's interpreter (pyscript.toml's `interpreter`): the vendored Pyodide, restored from
// a memory snapshot when one was saved for this Pyodide and this archive of our modules,
// else booted as usual. The snapshot is made off the critical path by snapshot-worker.mjs
// (started by shell.js once a service worker runs the site) and kept by the page in Cache
// Storage ("bummerl-snapshot", one entry; the service worker deletes it with an old
// release), packed: its pages of zeros left out (about half of the 31.5 MB), and not
// compressed, since unzipping took longer on the page's thread than reading the larger
// file (0.2 s against 0.07 s). It uses Pyodide's private snapshot API (loadPyodide's
// _loadSnapshot and _makeSnapshot, makeMemorySnapshot): pinned to the vendored 314.0.7,
// tested by tests/browser/test_snapshot.py. Any failure boots as usual, deletes the
// snapshot and says nothing to the player; <body data-boot> tells how it started (boot.py).
import { loadPyodide as boot, version } from "../vendor/pyodide/pyodide.mjs";

export { version };
const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
export const ARCHIVE_URL = new URL("../py/bummerl.zip", import.meta.url).href;
// The vendored standard library with bytecode for what starts the page
// (tools/build_bytecode.py): Pyodide's own zip has sources only, compiled at every boot.
const STDLIB_URL = new URL("../py/python_stdlib.zip", import.meta.url).href;
export const SNAPSHOT_CACHE = "bummerl-snapshot";

/** The snapshot's key: the Pyodide version, the packing and a hash of the archive it
 * imported (whose manifest names the standard library's zip it was booted with). */
export async function snapshotKey(archive) {
  archive ??= await (await fetch(ARCHIVE_URL)).arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", archive));
  const hex = Array.from(digest.slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
  return new URL(`./snapshot/${version}/packed-${hex}`, import.meta.url).href;
}

// A packed snapshot: PACKED, the unpacked length, the number of runs, then each run's start
// and length (little-endian 32-bit words), then the runs' bytes one after the other. A run
// is a stretch of PAGE-byte pages not all zero; what no run covers is zero.
const PACKED = 0x314b5042;  // "BPK1"
const PAGE = 4096;

/** ``memory`` (a Uint8Array) without its pages of zeros, as a Blob. */
export function packSnapshot(memory) {
  if (memory.byteOffset % 4) memory = memory.slice();  // whole words below
  const words = new Uint32Array(memory.buffer, memory.byteOffset, memory.byteLength >> 2);
  const runs = [];
  for (let page = 0; page * PAGE < memory.length; page++) {
    const start = page * PAGE, end = Math.min(start + PAGE, memory.length);
    let used = false;
    for (let i = start >> 2; i < end >> 2 && !used; i++) used = words[i] !== 0;
    for (let i = end & ~3; i < end && !used; i++) used = memory[i] !== 0;
    if (!used) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === start) last[1] = end - last[0];
    else runs.push([start, end - start]);
  }
  const head = new Uint32Array(3 + 2 * runs.length);
  head.set([PACKED, memory.length, runs.length]);
  runs.forEach(([start, length], i) => head.set([start, length], 3 + 2 * i));
  return new Blob([head, ...runs.map(([start, length]) => memory.subarray(start, start + length))]);
}

/** The memory ``packed`` (an ArrayBuffer) holds; throws if it is not a whole packed snapshot. */
export function unpackSnapshot(packed) {
  const bad = (why) => new Error(`not a packed snapshot: ${why}`);
  if (packed.byteLength < 12) throw bad("too short");
  const [magic, length, count] = new Uint32Array(packed, 0, 3);
  if (magic !== PACKED) throw bad("no mark");
  if (12 + 8 * count > packed.byteLength) throw bad("runs cut off");
  const runs = new Uint32Array(packed, 12, 2 * count);
  const memory = new Uint8Array(length);
  let at = 12 + 8 * count;
  for (let i = 0; i < runs.length; i += 2) {
    const [start, size] = [runs[i], runs[i + 1]];
    if (start + size > length || at + size > packed.byteLength) throw bad("a run out of bounds");
    memory.set(new Uint8Array(packed, at, size), start);
    at += size;
  }
  if (at !== packed.byteLength) throw bad("bytes left over");
  return memory;
}

/** Keep ``snapshot`` (a Blob, packed) as the one entry of the snapshot cache; false when
 * Cache Storage refuses (quota, privacy settings): the next visit boots as usual. */
export async function keepSnapshot(key, snapshot) {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    for (const old of await cache.keys()) await cache.delete(old);
    await cache.put(key, new Response(snapshot));
    return true;
  } catch (error) {
    return false;
  }
}

/** The saved snapshot's key in the snapshot cache, if it is this release's; else null. */
async function savedKey() {
  if (!globalThis.caches) return null;
  // A snapshot is only made once the service worker controls the page (shell.js): a page it
  // does not control (a first visit) has none, and opening Cache Storage in a new profile
  // would only delay its boot (0.03-0.1 s in Firefox).
  if (!navigator.serviceWorker?.controller) return null;
  if (!(await caches.has(SNAPSHOT_CACHE))) return null;  // nothing to fetch
  const cache = await caches.open(SNAPSHOT_CACHE);
  const [entry] = await cache.keys();  // one at most (snapshot-worker.mjs)
  // Another Pyodide's or another archive's snapshot is not used: the next one replaces it.
  return entry && entry.url === (await snapshotKey()) ? entry : null;
}

let restoring = null;

/** A return visit's read of the snapshot, started as soon as the page's script runs
 * (shell.js) so that it overlaps PyScript's start: with a snapshot saved for this release,
 * its memory (`snapshot`, a promise); null without. Once a visit: PyScript's call of
 * loadPyodide takes what was started. (Compiling Pyodide's WebAssembly this early too made
 * return visits slower: it held the page's thread while PyScript started.) */
export function prepareRestore() {
  restoring ??= savedKey().then((entry) => {
    if (!entry) return null;
    const snapshot = caches.open(SNAPSHOT_CACHE)
      .then((cache) => cache.match(entry))
      .then((hit) => hit.arrayBuffer())
      .then(unpackSnapshot);
    // A snapshot that cannot be read fails where loadPyodide awaits it (and boots as usual),
    // not as an unhandled rejection before PyScript asks for the interpreter.
    snapshot.catch(() => {});
    return { snapshot };
  });
  return restoring;
}

/** Pyodide without WebAssembly's stack switching (JSPI), as in Safari, which lacks it.
 * Where the browser has JSPI, Pyodide runs Python on stacks it switches to (PyScript's
 * scripts and event handlers). Chromium's sampling heap profiler, which Chromium turns on
 * for a share of browser sessions (its HeapProfilerReporting field trial), walks the frames
 * of such a stack past its end when it samples an allocation, and the renderer crashes: a
 * dead page, mostly while it boots (40 of the browser tests' boots in one CI run of such a
 * session; tests/browser/test_heap_profiler.py). The page never suspends Python on a
 * promise, so it loses nothing. Pyodide looks for `WebAssembly.Suspending` (or the older
 * `Suspender`) when it boots. */
function withoutStackSwitching() {
  // Reflect: a browser whose property would not go (none known) boots as it would have.
  for (const name of ["Suspending", "Suspender", "promising"]) Reflect.deleteProperty(WebAssembly, name);
}

/** The vendored Pyodide, booted as the page and the snapshot worker boot it: from vendor/,
 * with the standard library of STDLIB_URL, without stack switching (a worker's crash takes
 * its page along, and a snapshot is restored the way it was made). */
export function bootPyodide(options = {}) {
  withoutStackSwitching();
  return boot({ ...options, indexURL: INDEX_URL, stdLibURL: STDLIB_URL });
}

// What the page ran as Python source on a usual boot (PyScript's start, boot.py), for
// the snapshot worker to compile ahead (src/bummerl_web/ahead.py): the booted Pyodide and
// the sources of its first runPythonAsync calls.
let booted = null;
const ran = [];

function recordingRuns(pyodide) {
  const run = pyodide.runPythonAsync;
  pyodide.runPythonAsync = function (source, ...rest) {
    if (typeof source === "string" && ran.length < 8) ran.push(source);
    return run.call(this, source, ...rest);
  };
  booted = pyodide;
  return pyodide;
}

/** For the snapshot worker, after a usual boot (else null): ``runs``, the sources the page
 * ran, and ``files``, the ``.py`` files in the working directory (PyScript's package) by
 * path, as bytes. */
export function ranAhead() {
  if (!booted) return null;
  const { FS } = booted;
  const files = {};
  const walk = (folder, depth) => {
    for (const name of FS.readdir(folder)) {
      if (name === "." || name === ".." || name === "__pycache__") continue;
      const path = `${folder}/${name}`;
      const { mode } = FS.stat(path);
      if (FS.isDir(mode) && depth < 4) walk(path, depth + 1);
      else if (FS.isFile(mode) && name.endsWith(".py")) files[path] = FS.readFile(path);
    }
  };
  walk(FS.cwd(), 0);
  return { runs: ran, files };
}

export async function loadPyodide(options) {
  // PyScript passes the folder of this module as indexURL: the runtime lives in vendor/.
  performance.mark("bummerl:interpreter");  // PyScript asks for Pyodide (tools/bench_engines.py)
  try {
    const restore = await prepareRestore();
    if (restore) {
      const snapshot = await restore.snapshot;
      performance.mark("bummerl:snapshot-read");  // tools/bench_load.py
      const pyodide = await bootPyodide({ ...options, _loadSnapshot: snapshot });
      globalThis.__bummerlBoot = "snapshot";
      performance.mark("bummerl:pyodide");
      return pyodide;
    }
  } catch (error) {
    // Unreadable, corrupt or refused: forget it (the next visit makes a new one).
    globalThis.__bummerlBoot = "snapshot-failed";
    await caches.delete(SNAPSHOT_CACHE).catch(() => {});
  }
  const pyodide = await bootPyodide(options);
  performance.mark("bummerl:pyodide");  // Pyodide is up: PyScript's setup and files follow
  return recordingRuns(pyodide);
}
