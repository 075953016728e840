#!/usr/bin/env python3
"""The review of a hand in the page: how long until it is done, and how long the main
thread stays busy meanwhile.

    .venv/bin/python tools/bench_review.py [--hands 3] [--throttle 4] [--json]

Serves the repo on 127.0.0.1 and, per hand, opens the table in headless Chromium
(seeds 1, 2, ...; you lead your first playable card, Medium answers), plays the hand,
clicks *Review this hand* and waits for ``#review[data-done="1"]``, recording every
main-thread long task (over 50 ms) from the click on. Prints the seconds to a finished
review (median and longest) and the long tasks. The goals: a full hand reviewed in
at most 10 s at the default setting, no task over 100 ms.

With ``--throttle R`` each hand is reviewed twice, alternately: as is, and on a phone-class
CPU (Chromium's CPU throttling at R times, from the click on, at 390x844), and it prints
the throttled figures and each hand's ratio of throttled to plain time too. The goals at
4x: at most 20 s median, at most 4.5 times the plain time. Beside them it prints what the
throttling does to any CPU-bound work: a fixed JavaScript loop timed as is and throttled,
alternately, three times each (the medians' ratio): no review can do better than that.
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


PHONE = {"width": 390, "height": 844}
# A fixed amount of arithmetic in one task: what the throttling makes of CPU-bound work.
LOOP = """() => { const t0 = performance.now(); let x = 1;
  for (let i = 0; i < 6e7; i++) x = (x * 1103515245 + 12345) % 2147483647;
  return [performance.now() - t0, x]; }"""


def throttle_factor(browser, rate: float, runs: int = 3) -> float:
    """The median time of ``LOOP`` throttled at ``rate`` over its median time as is."""
    times = {1: [], rate: []}
    for _ in range(runs):
        for r in times:
            context = browser.new_context()
            page = context.new_page()
            if r > 1:
                context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": r})
            page.evaluate(LOOP)  # (compiled and warm)
            times[r].append(page.evaluate(LOOP)[0])
            context.close()
    return statistics.median(times[rate]) / statistics.median(times[1])


def review_hand(browser, base: str, seed: int, throttle: float = 1) -> tuple[float, list[float], int]:
    table = Table(browser, base, **({"viewport": PHONE} if throttle > 1 else {}))
    table.context.add_init_script(WATCH)
    table.open(f"seed={seed}&pace=0")
    table.play_hand()
    if throttle > 1:
        table.context.new_cdp_session(table.page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    start = table.page.evaluate("performance.now()")
    table.page.click('#actions [data-action="review"]')
    table.page.wait_for_selector('#review[data-done="1"]', state="attached", timeout=600_000)
    seconds = (table.page.evaluate("performance.now()") - start) / 1000
    tasks = [d for t, d in table.page.evaluate("window.__long") if t > start]
    rows = table.page.locator("#review [data-review-step]").count()
    table.close_context()
    return seconds, tasks, rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--throttle", type=float, default=1, help="also review on a CPU this many times slower")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    server = serve.make_server("127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    times, tasks, rows, slow = [], [], [], []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for seed in range(1, args.hands + 1):
            seconds, long_tasks, decisions = review_hand(browser, base, seed)
            times.append(seconds)
            tasks += long_tasks
            rows.append(decisions)
            if args.throttle > 1:
                slow.append(review_hand(browser, base, seed, args.throttle)[0])
        floor = throttle_factor(browser, args.throttle) if args.throttle > 1 else None
        browser.close()
    server.shutdown()
    figures = {"hands": args.hands, "decisions": rows, "seconds": [round(s, 2) for s in times],
               "median_s": round(statistics.median(times), 2), "max_s": round(max(times), 2),
               "long_tasks": len(tasks), "max_task_ms": round(max(tasks)) if tasks else 0,
               "over_100_ms": sum(d > 100 for d in tasks)}
    if slow:
        figures.update(throttle=args.throttle, throttled_s=[round(s, 2) for s in slow],
                       throttled_median_s=round(statistics.median(slow), 2),
                       ratios=[round(s / t, 2) for s, t in zip(slow, times)], loop_ratio=round(floor, 2))
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"{args.hands} reviews ({', '.join(map(str, rows))} decisions): done in median "
              f"{figures['median_s']} s, longest {figures['max_s']} s; {len(tasks)} long tasks (>50 ms), "
              f"longest {figures['max_task_ms']} ms, {figures['over_100_ms']} over 100 ms")
        if slow:
            print(f"throttled {args.throttle:g}x at 390x844: median {figures['throttled_median_s']} s "
                  f"({', '.join(map(str, figures['throttled_s']))}); throttled / plain: "
                  f"{', '.join(map(str, figures['ratios']))}; a plain JavaScript loop: {figures['loop_ratio']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
