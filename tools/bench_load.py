#!/usr/bin/env python3
"""Load benchmark: the table against a bare Pyodide boot, first and repeat visits, one run.

    .venv/bin/python tools/bench_load.py [--runs 9] [--repeats 2] [--restart] [--json]

(plain `python tools/bench_load.py` re-runs itself with .venv's Python; make it with
`python tools/test.py` first.)  Serves the repo on 127.0.0.1 (ephemeral port); for each
run, in rotating order, each page gets a fresh browser context (a new profile: empty HTTP
cache, code cache and storage) and is loaded

* once cold (a **first visit**), then
* `--repeats` more times in the same profile (**repeat visits**): where the page
  registers a service worker (the table) after it controls the page and the page has
  made its memory snapshot (`body[data-snapshot]`), so the repeat is served from the
  worker's cache and restored from the snapshot; else (the bare and minimal pages) from
  the warm HTTP cache. A repeat visit is a second navigation in the same running browser,
  whose renderer may still hold the WebAssembly it compiled; with `--restart` the browser
  is closed after each visit and started again on the same profile, the page opened in a
  new tab (**return visits**: a player coming back another day).

The pages:

* `table`: `index.html` as committed (a first visit: fresh storage, you lead, so it is
  ready as soon as Python has rendered);
* `table_source`: the same page booting the vendored Pyodide directly (no snapshot) from
  the source modules (PyScript's `files` maps every `.py`, each compiled at import)
  instead of the bytecode archive: the boot before this work, answered by this benchmark
  from `sync_site.source_config()`;
* `bare`: `tools/bench/index.html`, which boots the same vendored Pyodide and runs one
  line (the floor);
* `pyscript`: `tools/bench/pyscript-min.html`, PyScript running one line (its own share).
* `deal_link`: the table opened from a deal link (`?seed=42&hand=3`);
* `embedded`: a page of the same site (the benchmark's own) with the table in a frame
  (`?embed=1&seed=7`), ready when the frame posts its first `ready` message.

`--pages deal_link,embedded` runs only those (and the bare page); `--page NAME=PATH` adds
a page of the site to the same run (a variant of the table under trial, e.g. a copy of
`index.html` with one change), so that the two are compared alternated.

Recorded from navigation start: first contentful paint; `ready` (`body[data-ready="1"]`,
a MutationObserver installed before any script); and the steps of a boot: `wasm` (Pyodide's
WebAssembly instantiated), and the table's own marks: from assets/js/interpreter.mjs `asked`
(PyScript asks for the interpreter), `read` (on a restored visit: the snapshot read from
Cache Storage and unpacked), `up` (Pyodide up, booted or restored), and from `boot.py`
`boot` (our script starts: files written, PyScript set up), `imported` (our modules
imported), `started` (the first render done). Prints medians and the ratios to the bare page.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV_PYTHON = ROOT / ".venv" / "bin" / "python"

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # not in .venv: re-run there
    if VENV_PYTHON.exists() and Path(sys.prefix).resolve() != (ROOT / ".venv").resolve():
        os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), __file__, *sys.argv[1:]])
    sys.exit("playwright is missing: run `python tools/test.py` once to create .venv")

sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
import serve  # noqa: E402
import sync_site  # noqa: E402
from browser_setup import CHROMIUM_FLAGS  # noqa: E402


def variants() -> dict[str, tuple[str, str]]:
    """Pages the benchmark answers itself (path -> content type, body): the table booting
    from its sources, with the configuration and preloads it had before the archive."""
    source = getattr(sync_site, "source_config", None)
    if source is None:  # no bytecode archive in this tree: the table is the source boot
        return {}
    index = (ROOT / "index.html").read_text()
    start, stop = index.find(sync_site.BEGIN), index.find(sync_site.END) + len(sync_site.END)
    page = (index[:start] + sync_site.preload_block(source()["files"], "./bench-source.toml")
            + index[stop:]).replace('config="./pyscript.toml"', 'config="./bench-source.toml"')
    return {"bench-source.html": ("text/html", page),
            "bench-source.toml": ("application/toml", sync_site.config_text(source()))}


# A rules page on the same site with the table embedded: ready when the frame posts its
# first `ready` message (the table's `body[data-ready]` is inside the frame).
EMBED_HOST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Embedded table</title></head>
<body><h1>How to close the talon</h1><p>Play the hand below.</p>
<iframe src="./index.html?embed=1&amp;seed=7&amp;pace=0" title="Bummerl" width="720" height="560"></iframe>
<script>
addEventListener("message", (event) => {
  if (event.data && event.data.type === "ready") document.body.dataset.ready = "1";
});
</script></body></html>"""


class BenchHandler(serve.Handler):
    """The site, plus the benchmark's own pages (so that a service worker reaches them too)."""

    quiet = True
    pages: dict[str, tuple[str, str]] = {}

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        name = self.path.split("?")[0].lstrip("/")
        if name not in self.pages:
            return super().do_GET()
        kind, body = self.pages[name]
        data = body.encode()
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


# Installed before any script of each page: when it is ready, when Pyodide's WebAssembly is
# instantiated.
WATCH = """
(() => {
  const at = (name) => { if (!(name in window.__at)) window.__at[name] = performance.now(); };
  window.__at = {};
  new MutationObserver(() => {
    if (document.body && document.body.dataset.ready === "1") at("ready");
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
  for (const name of ["instantiate", "instantiateStreaming"]) {
    const real = WebAssembly[name];
    WebAssembly[name] = function (...args) {
      return real.apply(this, args).then((result) => {
        // Pyodide's module (thousands of exports), not the small ones it instantiates first
        const module = result.module || (args[0] instanceof WebAssembly.Module ? args[0] : null);
        if (module && WebAssembly.Module.exports(module).length > 100) at("wasm");
        return result;
      });
    };
  }
})();
"""
TIMINGS = """() => {
  const mark = (name) => (performance.getEntriesByName(name)[0] || {}).startTime;
  return {
    ...window.__at,
    asked: mark("bummerl:interpreter"), read: mark("bummerl:snapshot-read"),
    up: mark("bummerl:pyodide"), boot: mark("bummerl:boot"),
    imported: mark("bummerl:imported"), started: mark("bummerl:started"),
    fcp: (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime,
    bytes: performance.getEntriesByType("resource").reduce((n, r) => n + (r.transferSize || 0), 0),
    how: document.body.dataset.boot || null,
  };
}"""
STEPS = ("asked", "read", "wasm", "up", "boot", "imported", "started", "ready", "fcp")


def browser_path(playwright) -> str | None:
    """$BUMMERL_CHROMIUM, else Playwright's own Chromium (None: its default), else the
    system's `chromium`."""
    exe = os.environ.get("BUMMERL_CHROMIUM")
    if not exe:
        try:
            own = Path(playwright.chromium.executable_path)
            exe = None if own.exists() else shutil.which("chromium")
        except Exception:  # noqa: BLE001
            exe = shutil.which("chromium")
    return exe


def launch(playwright):
    return playwright.chromium.launch(executable_path=browser_path(playwright), args=CHROMIUM_FLAGS)


def load(page, url: str) -> dict:
    page.goto(url)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=120_000)
    page.wait_for_function("() => window.__at && window.__at.ready")
    return page.evaluate(TIMINGS)


def visits(browser, url: str, repeats: int) -> list[dict]:
    """A first visit and `repeats` repeat visits, in one new profile."""
    context = browser.new_context()
    try:
        return profile(context, url, repeats)
    finally:
        context.close()


def restarted_visits(playwright, url: str, repeats: int) -> list[dict]:
    """A first visit and `repeats` return visits, in one new profile, with the browser closed
    after each visit and started again on the same profile (the page in a new tab): a
    player coming back another day, whose browser compiles the WebAssembly anew or takes it
    from its code cache on disk."""
    with tempfile.TemporaryDirectory(prefix="bummerl-profile-") as folder:
        result = []
        for visit in range(repeats + 1):
            context = playwright.chromium.launch_persistent_context(
                folder, executable_path=browser_path(playwright), args=CHROMIUM_FLAGS)
            try:
                if visit == 0:
                    result += profile(context, url, 0, snapshot=bool(repeats))
                else:
                    context.add_init_script(WATCH)
                    page = context.new_page()
                    result.append(load(page, url))
                    result[-1]["controlled"] = page.evaluate("() => !!navigator.serviceWorker?.controller")
                    wait_for_snapshot(page, result[-1])
            finally:
                context.close()
        return result


def profile(context, url: str, repeats: int, snapshot: bool | None = None) -> list[dict]:
    """A first visit and `repeats` repeat visits in ``context``'s tab; the table's memory
    snapshot made after each visit where the page makes one (with ``snapshot``, also when
    there is no repeat here: a restarted browser's return visit reads it)."""
    snapshot = bool(repeats) if snapshot is None else snapshot
    context.add_init_script(WATCH)
    page = context.new_page()
    result = [load(page, url)]
    # Let a service worker, if the page registers one, install and take control.
    page.wait_for_timeout(300)
    page.evaluate("""async () => {
      if (!('serviceWorker' in navigator)) return;
      const registration = await navigator.serviceWorker.getRegistration();
      if (!registration) return;
      await navigator.serviceWorker.ready;
      for (let i = 0; i < 600 && !navigator.serviceWorker.controller; i++)
        await new Promise((done) => setTimeout(done, 50));
    }""")
    for visit in range(repeats + 1):
        if visit:
            result.append(load(page, url))
            result[-1]["controlled"] = page.evaluate("() => !!navigator.serviceWorker?.controller")
        if snapshot:
            wait_for_snapshot(page, result[-1])
    return result


def wait_for_snapshot(page, figures: dict) -> None:
    """Where the table (or the table framed by the embedding page) makes its memory snapshot
    for the next visits (assets/js/shell.js), let it finish, so that it never overlaps the
    next visit's boot; ``figures`` get how it went."""
    table = next((frame for frame in page.frames if "embed=1" in frame.url), page.main_frame)
    if table.evaluate(MAKES_SNAPSHOT):
        table.wait_for_selector("body[data-snapshot]", state="attached", timeout=120_000)
        figures["snapshot"] = table.get_attribute("body", "data-snapshot")


MAKES_SNAPSHOT = """() => !!navigator.serviceWorker?.controller && !!document.body.dataset.boot
  && document.body.dataset.boot !== 'snapshot'"""


def paired(runs: dict, repeats: int) -> dict:
    """Per page and visit, the median over runs of its ratio to the bare page of the same run."""
    return {name: [round(statistics.median(r[v]["ready"] / b[v]["ready"]
                                           for r, b in zip(runs[name], runs["bare"]) if r and b), 3)
                   for v in range(repeats + 1)] for name in runs}


def report(summary: dict) -> None:
    """Print the medians and ratios of a run (also `--show FILE` of a saved `--json`)."""
    targets, args_runs, repeats = summary["pages"], summary["runs"], summary["repeats"]
    again = "return" if summary.get("restart") else "repeat"  # what a later visit was
    bare = summary["pages"]["bare"]
    print(f"median of {args_runs} profiles; time to ready from navigation start, s"
          f" (x = ratio to the bare page's same visit)")
    head = f"{'':14}" + "".join(f"{'first' if v == 0 else f'{again} {v}':>16}" for v in range(repeats + 1))
    print(head)
    for name in targets:
        cells = []
        for v, figures in enumerate(summary["pages"][name]):
            cells.append(f"{figures['ready']:6.2f} ({figures['ready'] / bare[v]['ready']:4.2f}x)")
        print(f"{name:14}" + "".join(f"{c:>16}" for c in cells))
    print("paired ratios to the bare page (median over runs of each run's ratio):")
    for name, ratios in summary["paired"].items():
        print(f"  {name:12}" + "".join(f"{r:16.2f}" for r in ratios))
    print("\nsteps of the table's boot (medians, s from navigation start):")
    for name in [n for n in targets if n not in ("bare", "pyscript", "embedded")]:  # the table's
        for v, f in enumerate(summary["pages"][name]):
            label = "first" if v == 0 else f"{again} {v}"
            steps = "  ".join(f"{k} {f[k]:.2f}" for k in STEPS if f.get(k) is not None)
            print(f"  {name} {label:9}: {steps}  (data-boot: {f.get('how')})")
    if "table" not in targets:
        return
    table = summary["pages"]["table"][0]
    print(f"\ntable first visit: first contentful paint {table['fcp']:.2f} s (goal < 0.30),"
          f" {table['bytes'] / 1e6:.1f} MB moved; ratio {table['ready'] / bare[0]['ready']:.2f}"
          " (goal <= 1.10)")
    if repeats:
        t1 = summary["pages"]["table"][1]["ready"]
        goals = ("0.60", "0.30") if summary.get("restart") else ("1.0", "0.50")
        print(f"table {again} visit: {t1:.2f} s (goal <= {goals[0]}), "
              f"{t1 / bare[1]['ready']:.2f} x the bare page's {again} visit (goal <= {goals[1]})")


def main() -> int:
    parser = argparse.ArgumentParser(description="First and repeat visits: table vs bare Pyodide.")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--repeats", type=int, default=2, help="repeat visits per profile")
    parser.add_argument("--restart", action="store_true",
                        help="close the browser after each visit and start it again on the same "
                             "profile: return visits as a player makes them (else repeat visits "
                             "are navigations in the same running browser)")
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    parser.add_argument("--show", metavar="FILE", help="print the summary of a saved --json run")
    parser.add_argument("--pages", help="only these pages (and bare), comma-separated: table, pyscript, "
                        "deal_link, embedded, table_source")
    parser.add_argument("--page", action="append", default=[], metavar="NAME=PATH",
                        help="add a page of the site (a variant of the table under trial)")
    args = parser.parse_args()
    if args.show:
        saved = json.loads(Path(args.show).read_text())
        saved["summary"]["paired"] = paired(saved["runs"], saved["summary"]["repeats"])
        report(saved["summary"])
        return 0
    BenchHandler.pages = variants()
    handler = functools.partial(BenchHandler, directory=str(ROOT))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    BenchHandler.pages["bench-embed.html"] = ("text/html", EMBED_HOST)
    targets = {"table": base, "bare": base + "tools/bench/index.html",
               "pyscript": base + "tools/bench/pyscript-min.html",
               "deal_link": base + "?seed=42&hand=3&pace=0", "embedded": base + "bench-embed.html"}
    if "bench-source.html" in BenchHandler.pages:
        targets["table_source"] = base + "bench-source.html"
    if args.pages:
        targets = {name: url for name, url in targets.items() if name in {"bare", *args.pages.split(",")}}
    for extra in args.page:
        name, path = extra.split("=", 1)
        targets[name] = base + path
    runs = {name: [] for name in targets}
    with sync_playwright() as playwright:
        browser = launch(playwright)
        visits(browser, targets["bare"], 0)  # warm up the browser process itself
        for i in range(args.runs):
            k = i % len(targets)
            for name in list(targets)[k:] + list(targets)[:k]:  # rotate the order
                try:
                    runs[name].append(restarted_visits(playwright, targets[name], args.repeats) if args.restart
                                      else visits(browser, targets[name], args.repeats))
                except Exception as error:  # noqa: BLE001 (a crashed tab: say so, go on)
                    print(f"run {i + 1} {name}: failed: {str(error).splitlines()[0]}", file=sys.stderr)
                    runs[name].append(None)
                    continue
                print(f"run {i + 1} {name}: " + ", ".join(
                    f"{v['ready'] / 1000:.2f}" for v in runs[name][-1]), file=sys.stderr)
        browser.close()
    server.shutdown()

    def median(name: str, visit: int, key: str) -> float | None:
        values = [r[visit][key] for r in runs[name]
                  if r and len(r) > visit and r[visit].get(key) is not None]
        return statistics.median(values) / 1000 if values else None

    summary = {"runs": args.runs, "repeats": args.repeats, "restart": args.restart, "pages": {}}
    for name in targets:
        summary["pages"][name] = [
            {key: median(name, visit, key) for key in STEPS} for visit in range(args.repeats + 1)]
        summary["pages"][name][0]["bytes"] = int(statistics.median(r[0]["bytes"] for r in runs[name] if r))
        for v, figures in enumerate(summary["pages"][name]):  # how each visit started
            figures["how"] = dict(Counter(str(r[v].get("how")) for r in runs[name] if r and len(r) > v))
    summary["paired"] = paired(runs, args.repeats)
    if args.json:
        print(json.dumps({"summary": summary, "runs": runs}, indent=2))
    else:
        report(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
