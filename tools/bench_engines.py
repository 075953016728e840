#!/usr/bin/env python3
"""Load time in Firefox and WebKit: the table against a bare Pyodide boot, first and repeat
visits, one run (tools/bench_load.py is the fuller Chromium benchmark).

    .venv/bin/python tools/bench_engines.py [--engines firefox,webkit] [--runs 5]

Each run, per engine, in rotating order: the bare page (`tools/bench/index.html`), the
minimal PyScript page (`tools/bench/pyscript-min.html`) and the table (`?pace=0`), each in a new browser with a fresh profile, loaded once (a first
visit) and once more in the same profile (a repeat visit: for the table after its service
worker controls the page and its memory snapshot is saved; for the bare page from the
warm HTTP cache). The time is the page's own mark, from navigation start: `bench:ready`
on the bare and the PyScript page, `bummerl:started` (the table's first render, boot.py) on the table.
Prints medians, the table's ratio to the bare page and how the table's visits booted.
The browsers are the ones tests/browser/test_engines.py drives (tools/engines.py).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import threading
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
import engines  # noqa: E402
import serve  # noqa: E402

MARK = "(performance.getEntriesByName({name!r})[0] || {{}}).startTime || null"


def visit_twice(name: str, paths: dict, url: str, mark: str, table: bool) -> tuple[list, str]:
    """A fresh profile: the first and the repeat visit's mark in s, and how the repeat booted."""
    with engines.open_engine(name, paths) as page:
        page.goto(url)
        first = page.wait_for(MARK.format(name=mark), 300, mark)
        if table:
            page.wait_for("navigator.serviceWorker.controller !== null", 120, "the service worker")
            page.wait_for("document.body.dataset.snapshot", 300, "the snapshot")
        page.reload()
        repeat = page.wait_for(MARK.format(name=mark), 300, mark)
        how = page.evaluate("document.body.dataset.boot || null")
        if page.errors():
            raise engines.EngineError(f"{name}: console errors on {url}")
    return [first / 1000, repeat / 1000], how


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engines", default="firefox,webkit")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    found = engines.find_engines()
    server = serve.make_server("127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    pages = {"bare": (base + "tools/bench/index.html", "bench:ready", False),
             "pyscript": (base + "tools/bench/pyscript-min.html", "bench:ready", False),
             "table": (base + "?pace=0", "bummerl:started", True)}
    for name in args.engines.split(","):
        if name not in found:
            print(f"{name}: not installed here (python tools/test.py installs it as root)")
            continue
        times = {page: [] for page in pages}
        boots = Counter()
        for run in range(args.runs):
            order = list(pages)[run % len(pages):] + list(pages)[:run % len(pages)]  # rotate
            for page in order:
                url, mark, table = pages[page]
                seconds, how = visit_twice(name, found[name], url, mark, table)
                times[page].append(seconds)
                if table:
                    boots[how] += 1
                print(f"{name} run {run + 1} {page}: first {seconds[0]:.2f} s, repeat {seconds[1]:.2f} s",
                      file=sys.stderr)
        medians = {page: [statistics.median(t[v] for t in times[page]) for v in (0, 1)] for page in pages}
        bare = medians["bare"]
        print(f"{name}, median of {args.runs} profiles, s from navigation start (x the bare page):")
        for v, visit in enumerate(("first visit ", "repeat visit")):
            print(f"  {visit}: " + ", ".join(f"{page} {medians[page][v]:.2f} ({medians[page][v] / bare[v]:.2f}x)"
                                             for page in pages))
        print(f"  the table's repeat visits booted: {dict(boots)}")
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
