#!/usr/bin/env python3
"""Load time in Firefox and WebKit: the table against a bare Pyodide boot, first and repeat
visits, one run (tools/bench_load.py is the fuller Chromium benchmark).

    .venv/bin/python tools/bench_engines.py [--engines firefox,webkit] [--runs 5]
        [--visits 1] [--steps] [--pages bare,pyscript,table] [--page NAME=PATH]

Each run, per engine, in rotating order: the bare page (`tools/bench/index.html`), the
minimal PyScript page (`tools/bench/pyscript-min.html`) and the table (`?pace=0`), each in a new browser with a fresh profile, loaded once (a first
visit) and once more in the same profile (a repeat visit: for the table after its service
worker controls the page and its memory snapshot is saved; for the bare page from the
warm HTTP cache). The time is the page's own mark, from navigation start: `bench:ready`
on the bare and the PyScript page, `bummerl:started` (the table's first render, boot.py) on the table.
Prints medians, the ratio to the bare page (of the medians, and "paired": the median of
each run's own ratio) and how the table's visits booted.

`--visits 1` times first visits only (no service worker, no snapshot: much quicker).
`--restart` (Firefox only) closes the browser after each visit and starts it again on the
same profile, the page opened anew: the later visit is a **return visit**, as a player who
comes back another day makes it, not a reload in the running browser.
`--steps` also prints, per page, the median time of each step of the first visit: every
`performance.mark` the page made (the table's `bummerl:*` from interpreter.mjs and
boot.py) and when each file the boot needs was requested and received (resource timing),
so a gap between two pages can be located. `--page NAME=PATH` adds a page of the site
(ready at `bummerl:started`, like the table), e.g. a variant of the table under trial.
The browsers are the ones tests/browser/test_engines.py drives (tools/engines.py).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
import engines  # noqa: E402
import serve  # noqa: E402

MARK = "(performance.getEntriesByName({name!r})[0] || {{}}).startTime || null"
# The first visit's steps in ms from navigation start: the page's own marks, and for each
# file the boot fetches when it was requested ("<file> asked") and received ("<file> got");
# a file fetched again (a preload the engine did not reuse) as "<file> #2 asked".
STEPS = """(() => {
  const steps = {};
  for (const m of performance.getEntriesByType("mark")) steps[m.name] = m.startTime;
  for (const r of performance.getEntriesByType("resource")) {
    let file = r.name.split("?")[0].split("/").pop() || "/";
    for (let n = 2; file + " asked" in steps; n++) file = file.replace(/ #\\d+$/, "") + " #" + n;
    steps[file + " asked"] = r.startTime;
    steps[file + " got"] = r.responseEnd;
  }
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  if (fcp) steps["first-contentful-paint"] = fcp.startTime;
  return steps;
})()"""


def visit(name: str, paths: dict, url: str, mark: str, table: bool, visits: int) -> dict:
    """A fresh profile: the first (and the repeat) visit's mark in s, the first visit's
    steps in s, and how the repeat visit booted."""
    with engines.open_engine(name, paths) as page:
        page.goto(url)
        seconds = [page.wait_for(MARK.format(name=mark), 300, mark) / 1000]
        steps = {step: ms / 1000 for step, ms in page.evaluate(STEPS).items() if ms is not None}
        how = None
        if visits > 1:
            if table:
                page.wait_for("navigator.serviceWorker.controller !== null", 120, "the service worker")
                page.wait_for("document.body.dataset.snapshot", 300, "the snapshot")
            page.reload()
            seconds.append(page.wait_for(MARK.format(name=mark), 300, mark) / 1000)
            how = page.evaluate("document.body.dataset.boot || null")
        if page.errors():
            raise engines.EngineError(f"{name}: console errors on {url}")
    return {"seconds": seconds, "steps": steps, "how": how}


def restarted_visits(name: str, paths: dict, url: str, mark: str, table: bool, visits: int) -> dict:
    """As ``visit``, but the browser closed after each visit and started again on the same
    profile, the page opened anew: the later visits are **return visits** (a player coming
    back another day; Firefox only)."""
    with tempfile.TemporaryDirectory(prefix="bummerl-firefox-profile-") as folder:
        with engines.open_engine(name, paths, Path(folder)) as page:
            page.goto(url)
            seconds = [page.wait_for(MARK.format(name=mark), 300, mark) / 1000]
            steps = {step: ms / 1000 for step, ms in page.evaluate(STEPS).items() if ms is not None}
            if table:
                page.wait_for("navigator.serviceWorker.controller !== null", 120, "the service worker")
                page.wait_for("document.body.dataset.snapshot", 300, "the snapshot")
            errors = page.errors()
        how = None
        for _ in range(visits - 1):
            with engines.open_engine(name, paths, Path(folder)) as page:
                page.goto(url)
                seconds.append(page.wait_for(MARK.format(name=mark), 300, mark) / 1000)
                how = page.evaluate("document.body.dataset.boot || null")
                if table:  # let a snapshot being remade finish before the browser closes
                    page.wait_for("document.body.dataset.boot === 'snapshot' || document.body.dataset.snapshot",
                                  300, "the snapshot")
                errors += page.errors()
        if errors:
            raise engines.EngineError(f"{name}: console errors on {url}: {errors[:3]}")
    return {"seconds": seconds, "steps": steps, "how": how}


def print_times(times: dict, visits: int, again: str = "repeat") -> None:
    """Medians per visit, with the ratio of medians and the paired ratio to the bare page."""
    for v, visit_name in enumerate(("first visit ", f"{again} visit")[:visits]):
        bare = [t[v] for t in times["bare"]]
        parts = []
        for page, runs in times.items():
            mine = [t[v] for t in runs]
            paired = statistics.median(m / b for m, b in zip(mine, bare))
            parts.append(f"{page} {statistics.median(mine):.2f} "
                         f"({statistics.median(mine) / statistics.median(bare):.2f}x, paired {paired:.2f})")
        print(f"  {visit_name}: " + ", ".join(parts))


def print_steps(steps: dict) -> None:
    """Per page, each step's median (over the runs that had it), in order of time."""
    for page, runs in steps.items():
        names = {name for run in runs for name in run}
        medians = {name: statistics.median(run[name] for run in runs if name in run) for name in names}
        print(f"  steps of {page}'s first visit (median s from navigation start):")
        for name, value in sorted(medians.items(), key=lambda item: item[1]):
            print(f"    {value:6.3f}  {name}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engines", default="firefox,webkit")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--visits", type=int, choices=(1, 2), default=2,
                        help="1: first visits only; 2: and a repeat visit (default)")
    parser.add_argument("--steps", action="store_true", help="print the first visit's steps")
    parser.add_argument("--restart", action="store_true",
                        help="close the browser after each visit and start it again on the same "
                             "profile: return visits as a player makes them (Firefox only)")
    parser.add_argument("--pages", default="bare,pyscript,table", help="which pages (bare always)")
    parser.add_argument("--page", action="append", default=[], metavar="NAME=PATH",
                        help="add a page of the site, ready at bummerl:started")
    args = parser.parse_args()
    found = engines.find_engines()
    server = serve.make_server("127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    known = {"bare": (base + "tools/bench/index.html", "bench:ready", False),
             "pyscript": (base + "tools/bench/pyscript-min.html", "bench:ready", False),
             "table": (base + "?pace=0", "bummerl:started", True)}
    pages = {page: known[page] for page in ["bare", *args.pages.split(",")] if page in known}
    for extra in args.page:
        page, path = extra.split("=", 1)
        pages[page] = (base + path, "bummerl:started", True)
    for name in args.engines.split(","):
        if name not in found:
            print(f"{name}: not installed here (python tools/test.py installs it as root)")
            continue
        if args.restart and name != "firefox":
            print(f"{name}: --restart is for Firefox only")
            continue
        again = "return" if args.restart else "repeat"
        times = {page: [] for page in pages}
        steps = {page: [] for page in pages}
        boots = Counter()
        for run in range(args.runs):
            order = list(pages)[run % len(pages):] + list(pages)[:run % len(pages)]  # rotate
            for page in order:
                url, mark, table = pages[page]
                measure = restarted_visits if args.restart else visit
                result = measure(name, found[name], url, mark, table, args.visits)
                times[page].append(result["seconds"])
                steps[page].append(result["steps"])
                if table and result["how"]:
                    boots[result["how"]] += 1
                print(f"{name} run {run + 1} {page}: " + ", ".join(
                    f"{v} {s:.2f} s" for v, s in zip(("first", again), result["seconds"])),
                    file=sys.stderr, flush=True)
        print(f"{name}, median of {args.runs} profiles, s from navigation start (x the bare page):")
        print_times(times, args.visits, again)
        if args.visits > 1:
            print(f"  the table's {again} visits booted: {dict(boots)}")
        if args.steps:
            print_steps(steps)
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
