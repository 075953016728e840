#!/usr/bin/env python3
"""Puzzles benchmark: the collection's fetch and reading, and the time a puzzle opens.

    .venv/bin/python tools/bench_puzzles.py [--runs 3] [--opens 5]

Serves the repo on 127.0.0.1 (ephemeral port); each run is a fresh browser profile (no
service worker: the collection comes from the server) at 360×640: the table is booted,
*Puzzles* clicked, then a puzzle is answered and *Next* clicked ``--opens`` times.
Recorded in the page: the collection's fetch (the performance marks
``bummerl:puzzles-fetch`` to ``-fetched``), its reading and the first puzzle shown
(``-fetched`` to ``-shown``: read a slice at a time), the longest task meanwhile (the
long-task observer: tasks over 50 ms, 0 when there was none), and each *Next* from the
click to the render that shows the next puzzle (``body[data-tick]`` changed).
"""
from __future__ import annotations

import argparse
import os
import sys
import threading
from pathlib import Path
from statistics import median

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

LONG_TASKS = ("window.__long = []; new PerformanceObserver((list) => { for (const e of list.getEntries())"
              " window.__long.push([e.startTime, e.duration]); }).observe({type: 'longtask', buffered: true});")
MARKS = """() => {
    const mark = (name) => performance.getEntriesByName(name)[0].startTime;
    const start = mark('bummerl:puzzles-fetch'), shown = mark('bummerl:puzzles-shown');
    const longest = Math.max(0, ...window.__long.filter(([at]) => at >= start && at <= shown).map(([, d]) => d));
    return {fetch: mark('bummerl:puzzles-fetched') - start, read: shown - mark('bummerl:puzzles-fetched'), longest};
}"""
NEXT = """() => new Promise((done) => {
    const tick = document.body.dataset.tick, started = performance.now();
    const observer = new MutationObserver(() => {
        if (document.body.dataset.tick !== tick) { observer.disconnect(); done(performance.now() - started); }
    });
    observer.observe(document.body, {attributes: true, attributeFilter: ['data-tick']});
    document.querySelector('#board [data-action="puzzle-next"]').click();
})"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--opens", type=int, default=5)
    args = parser.parse_args()
    import serve
    from browser_setup import CHROMIUM_FLAGS
    from playwright.sync_api import sync_playwright

    server = serve.make_server("127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/?seed=1&pace=0"
    size = (ROOT / "assets" / "puzzles.json").stat().st_size
    print(f"assets/puzzles.json: {size:,} bytes")
    opens = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=os.environ.get("BUMMERL_CHROMIUM", "/usr/bin/chromium"),
                                             args=CHROMIUM_FLAGS)
        for run in range(args.runs):
            context = browser.new_context(viewport={"width": 360, "height": 640}, service_workers="block")
            page = context.new_page()
            page.add_init_script(LONG_TASKS)
            page.goto(url)
            page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
            page.click('header [data-action="puzzles"]')
            page.wait_for_selector('body[data-turn="puzzle"]', state="attached", timeout=60_000)
            marks = page.evaluate(MARKS)
            times = []
            for _ in range(args.opens):
                page.click('#hand button[data-card]:not([aria-disabled="true"])')
                page.wait_for_selector("#board [data-mark]")
                times.append(page.evaluate(NEXT))
            opens += times
            print(f"run {run + 1}: fetch {marks['fetch']:.0f} ms, read and first puzzle {marks['read']:.0f} ms "
                  f"(longest task {marks['longest']:.0f} ms); Next opens in {[round(t) for t in times]} ms")
            context.close()
        browser.close()
    server.shutdown()
    print(f"a puzzle opens in {median(opens):.0f} ms (median of {len(opens)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
