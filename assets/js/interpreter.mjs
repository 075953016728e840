// PyScript's interpreter (pyscript.toml's `interpreter`): the vendored Pyodide, restored from
// a memory snapshot when one was saved for this Pyodide and this archive of our modules,
// else booted as usual. The snapshot is made off the critical path by snapshot-worker.mjs
// (started by shell.js once a service worker runs the site) and kept gzipped by the page in
// Cache Storage ("bummerl-snapshot", one entry; the service worker deletes it with an old
// release). It uses Pyodide's private snapshot API (loadPyodide's _loadSnapshot and
// _makeSnapshot, makeMemorySnapshot): pinned to the vendored 314.0.7, tested by
// tests/browser/test_snapshot.py. Any failure boots as usual, deletes the snapshot and
// says nothing to the player; <body data-boot> tells how it started (boot.py).
import { loadPyodide as boot, version } from "../vendor/pyodide/pyodide.mjs";

export { version };
const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
export const ARCHIVE_URL = new URL("../py/bummerl.zip", import.meta.url).href;
// The vendored standard library with bytecode for what starts the page
// (tools/build_bytecode.py): Pyodide's own zip has sources only, compiled at every boot.
const STDLIB_URL = new URL("../py/python_stdlib.zip", import.meta.url).href;
export const SNAPSHOT_CACHE = "bummerl-snapshot";

/** The snapshot's key: the Pyodide version and a hash of the archive it imported (whose
 * manifest names the standard library's zip it was booted with). */
export async function snapshotKey(archive) {
  archive ??= await (await fetch(ARCHIVE_URL)).arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", archive));
  const hex = Array.from(digest.slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
  return new URL(`./snapshot/${version}/${hex}`, import.meta.url).href;
}

/** Keep ``snapshot`` (a Blob, gzipped) as the one entry of the snapshot cache; false when
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

async function savedSnapshot() {
  if (!globalThis.caches || !("DecompressionStream" in globalThis)) return null;
  // A snapshot is only made once the service worker controls the page (shell.js): a page it
  // does not control (a first visit) has none, and opening Cache Storage in a new profile
  // would only delay its boot (0.03-0.1 s in Firefox).
  if (!navigator.serviceWorker?.controller) return null;
  if (!(await caches.has(SNAPSHOT_CACHE))) return null;  // nothing to fetch
  const cache = await caches.open(SNAPSHOT_CACHE);
  const [entry] = await cache.keys();  // one at most (snapshot-worker.mjs)
  // Another Pyodide's or another archive's snapshot is not used: the next one replaces it.
  if (!entry || entry.url !== (await snapshotKey())) return null;
  const hit = await cache.match(entry);
  const bytes = hit.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(bytes).arrayBuffer());
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

export async function loadPyodide(options) {
  // PyScript passes the folder of this module as indexURL: the runtime lives in vendor/.
  performance.mark("bummerl:interpreter");  // PyScript asks for Pyodide (tools/bench_engines.py)
  try {
    const snapshot = await savedSnapshot();
    if (snapshot) {
      performance.mark("bummerl:snapshot-read");  // tools/bench_load.py
      const pyodide = await bootPyodide({ ...options, _loadSnapshot: snapshot });
      globalThis.__bummerlBoot = "snapshot";
      return pyodide;
    }
  } catch (error) {
    // Unreadable, corrupt or refused: forget it (the next visit makes a new one).
    globalThis.__bummerlBoot = "snapshot-failed";
    await caches.delete(SNAPSHOT_CACHE).catch(() => {});
  }
  const pyodide = await bootPyodide(options);
  performance.mark("bummerl:pyodide");  // Pyodide is up: PyScript's setup and files follow
  return pyodide;
}
