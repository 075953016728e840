#!/usr/bin/env python3
"""The bot's turns in the page: how long does the main thread stay busy?

    .venv/bin/python tools/bench_bot_tasks.py [--hands 4] [--level hard] [--json]

Serves the repo on 127.0.0.1, opens the table in headless Chromium with the bot at
the given level, and plays whole hands (you lead your first playable card, the bot
answers) while a PerformanceObserver records every main-thread "long task" (over
50 ms) after the page was ready. Prints how many there were, the median and the
longest. The goal: no single task during the bot's turn over 100 ms, Hard thinking
in slices (``bummerl.bots.hard.Search.step``) that yield to the browser. Your own clicks
are cheap (a render), so the long tasks here are the bot's decisions.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_load import ROOT, launch, serve, sync_playwright  # noqa: E402  (re-runs in .venv)

sys.path.insert(0, str(ROOT / "tests" / "browser"))
from conftest import Table  # noqa: E402  (the tests' page object: plays like a person)

WATCH = """
window.__long = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
}).observe({type: "longtask", buffered: true});
"""


def play_hand(browser, base: str, seed: int, level: str) -> list[float]:
    table = Table(browser, base)
    table.context.add_init_script(WATCH)
    table.open(f"seed={seed}&pace=0")
    table.apply_rules(bot=level)
    start = table.page.evaluate("performance.now()")
    table.play_hand()
    tasks = [d for t, d in table.page.evaluate("window.__long") if t > start]
    table.close_context()
    return tasks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--level", default="hard", choices=("easy", "medium", "hard"))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    server = serve.make_server("127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    tasks: list[float] = []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for seed in range(1, args.hands + 1):
            tasks += play_hand(browser, base, seed, args.level)
        browser.close()
    server.shutdown()
    figures = {
        "level": args.level, "hands": args.hands, "long_tasks": len(tasks),
        "median_ms": round(statistics.median(tasks)) if tasks else 0,
        "max_ms": round(max(tasks)) if tasks else 0,
        "over_100_ms": sum(d > 100 for d in tasks),
        "over_200_ms": sum(d > 200 for d in tasks),
    }
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"{args.hands} hands against {args.level}: {len(tasks)} long tasks (>50 ms) after ready;"
              f" median {figures['median_ms']} ms, longest {figures['max_ms']} ms,"
              f" {figures['over_100_ms']} over 100 ms, {figures['over_200_ms']} over 200 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
