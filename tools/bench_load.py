#!/usr/bin/env python3
"""Cold-load benchmark: the table vs a bare Pyodide boot, side by side in one run.

    .venv/bin/python tools/bench_load.py [--runs 5] [--json]

(plain `python tools/bench_load.py` re-runs itself with .venv's Python; make it with
`python tools/test.py` first.)  Serves the repo on 127.0.0.1 (ephemeral port), then
for each run, in alternating order, opens in a fresh browser context (empty HTTP and
code caches: a cold load)

* the page as on a first visit (`index.html`, no query, fresh storage: you lead the
  first hand, so it is ready as soon as Python has rendered), and
* the same page with its PyScript config given as JSON instead of the committed
  `pyscript.toml` (the same settings, from `tools/sync_site.py`'s `config()`; both pages
  are answered by the benchmark itself, so they differ in the config alone),
* `tools/bench/index.html`, which only boots the same vendored Pyodide and runs one line,
* `tools/bench/pyscript-min.html`, the same PyScript running one line (PyScript's own
  floor, for reference),

and records, from navigation start: first contentful paint, and the moment
`body[data-ready="1"]` appears (a MutationObserver installed before any script).
Prints the medians and the ratio page/bare (goal: <= 1.1) and first paint (goal: < 0.5 s).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import threading
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

INDEX = (ROOT / "index.html").read_text()
TOML_ATTR = 'config="./pyscript.toml"'
assert TOML_ATTR in INDEX, "index.html no longer names ./pyscript.toml"
VARIANTS = {  # path on the server -> (content type, body)
    "bench-toml.html": ("text/html", INDEX),
    "bench-json.html": ("text/html", INDEX.replace(TOML_ATTR, 'config="./bench-config.json"')
                        .replace('href="./pyscript.toml"', 'href="./bench-config.json"')),
    "bench-config.json": ("application/json", json.dumps(sync_site.config(), indent=2)),
}

WATCH_READY = """
(() => {
  const mark = () => {
    if (!window.__readyAt && document.body && document.body.dataset.ready === "1")
      window.__readyAt = performance.now();
  };
  new MutationObserver(mark).observe(document, {attributes: true, subtree: true,
                                                 attributeFilter: ["data-ready"]});
})();
"""
TIMINGS = """() => ({
  ready: window.__readyAt,
  fcp: (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime,
  fp: (performance.getEntriesByName("first-paint")[0] || {}).startTime,
  bytes: performance.getEntriesByType("resource").reduce((n, r) => n + (r.transferSize || 0), 0),
})"""


def launch(playwright):
    exe = os.environ.get("BUMMERL_CHROMIUM")
    if not exe:
        try:
            own = Path(playwright.chromium.executable_path)
            exe = None if own.exists() else shutil.which("chromium")
        except Exception:  # noqa: BLE001
            exe = shutil.which("chromium")
    return playwright.chromium.launch(executable_path=exe, args=CHROMIUM_FLAGS)


def answer_variants(route) -> None:
    name = route.request.url.split("?")[0].rsplit("/", 1)[-1]
    kind, body = VARIANTS[name]
    route.fulfill(status=200, content_type=kind, body=body)


def measure(browser, url: str) -> dict:
    context = browser.new_context(service_workers="block")
    context.add_init_script(WATCH_READY)
    for name in VARIANTS:
        context.route(f"**/{name}", answer_variants)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=120_000)
    page.wait_for_function("() => window.__readyAt")
    result = page.evaluate(TIMINGS)
    context.close()
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description="Cold load: table vs bare Pyodide.")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    args = parser.parse_args()
    server = serve.make_server("127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    targets = {"page": base + "bench-toml.html", "page_json": base + "bench-json.html",
               "bare": base + "tools/bench/index.html",
               "pyscript": base + "tools/bench/pyscript-min.html"}
    runs = {name: [] for name in targets}
    with sync_playwright() as playwright:
        browser = launch(playwright)
        measure(browser, targets["bare"])  # warm up the browser process itself
        for i in range(args.runs):
            k = i % len(targets)
            order = list(targets)[k:] + list(targets)[:k]  # rotate the order
            for name in order:
                runs[name].append(measure(browser, targets[name]))
        browser.close()
    server.shutdown()

    def median(name, key):
        values = [r[key] for r in runs[name] if r.get(key) is not None]
        return statistics.median(values) / 1000 if values else float("nan")

    page_ready, bare_ready = median("page", "ready"), median("bare", "ready")
    summary = {
        "runs": args.runs,
        "page_ready_s": round(page_ready, 3),
        "bare_ready_s": round(bare_ready, 3),
        "ratio": round(page_ready / bare_ready, 3),
        "page_json_config_ready_s": round(median("page_json", "ready"), 3),
        "minimal_pyscript_ready_s": round(median("pyscript", "ready"), 3),
        "page_first_contentful_paint_s": round(median("page", "fcp"), 3),
        "page_bytes": int(statistics.median(r["bytes"] for r in runs["page"])),
    }
    if args.json:
        print(json.dumps({"summary": summary, "runs": runs}, indent=2))
    else:
        print(f"cold load, median of {args.runs} (fresh browser context each):")
        print(f"  bare Pyodide boot + 1 line : {bare_ready:6.2f} s to ready")
        print(f"  minimal PyScript page      : {summary['minimal_pyscript_ready_s']:6.2f} s to ready"
              f"  ({summary['minimal_pyscript_ready_s'] / bare_ready:.2f} x bare)")
        print(f"  Bummerl table              : {page_ready:6.2f} s to ready")
        json_ready = summary["page_json_config_ready_s"]
        print(f"  same, config as JSON       : {json_ready:6.2f} s to ready"
              f"  (TOML / JSON {page_ready / json_ready:.3f})")
        print(f"  ratio page / bare          : {summary['ratio']:6.2f}  (goal <= 1.10)")
        print(f"  table first contentful paint: {summary['page_first_contentful_paint_s']:5.2f} s"
              "  (goal < 0.50)")
        print(f"  bytes moved (page)         : {summary['page_bytes'] / 1e6:6.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
