#!/usr/bin/env python3
"""The review of a hand in the page: how long until it is done, and how long the main
thread stays busy meanwhile.

    .venv/bin/python tools/bench_review.py [--hands 3] [--json]

Serves the repo on 127.0.0.1 and, per hand, opens the table in headless Chromium
(seeds 1, 2, ...; you lead your first playable card, Medium answers), plays the hand,
clicks *Review this hand* and waits for ``#review[data-done="1"]``, recording every
main-thread long task (over 50 ms) from the click on. Prints the seconds to a finished
review (median and longest) and the long tasks. The goals: a full hand reviewed in
at most 10 s at the default setting, no task over 100 ms.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_bot_tasks import WATCH  # noqa: E402
from bench_load import ROOT, launch, serve, sync_playwright  # noqa: E402  (re-runs in .venv)

sys.path.insert(0, str(ROOT / "tests" / "browser"))
from conftest import Table  # noqa: E402  (the tests' page object)


def review_hand(browser, base: str, seed: int) -> tuple[float, list[float], int]:
    table = Table(browser, base)
    table.context.add_init_script(WATCH)
    table.open(f"seed={seed}&pace=0")
    table.play_hand()
    start = table.page.evaluate("performance.now()")
    table.page.click('#actions [data-action="review"]')
    table.page.wait_for_selector('#review[data-done="1"]', state="attached", timeout=120_000)
    seconds = (table.page.evaluate("performance.now()") - start) / 1000
    tasks = [d for t, d in table.page.evaluate("window.__long") if t > start]
    rows = table.page.locator("#review [data-review-step]").count()
    table.close_context()
    return seconds, tasks, rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    server = serve.make_server("127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    times, tasks, rows = [], [], []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for seed in range(1, args.hands + 1):
            seconds, long_tasks, decisions = review_hand(browser, base, seed)
            times.append(seconds)
            tasks += long_tasks
            rows.append(decisions)
        browser.close()
    server.shutdown()
    figures = {"hands": args.hands, "decisions": rows, "seconds": [round(s, 2) for s in times],
               "median_s": round(statistics.median(times), 2), "max_s": round(max(times), 2),
               "long_tasks": len(tasks), "max_task_ms": round(max(tasks)) if tasks else 0,
               "over_100_ms": sum(d > 100 for d in tasks)}
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"{args.hands} reviews ({', '.join(map(str, rows))} decisions): done in median "
              f"{figures['median_s']} s, longest {figures['max_s']} s; {len(tasks)} long tasks (>50 ms), "
              f"longest {figures['max_task_ms']} ms, {figures['over_100_ms']} over 100 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
