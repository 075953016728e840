#!/usr/bin/env python3
"""The review of a hand in the page: how long until it is done, and how long the main
thread stays busy meanwhile.

    .venv/bin/python tools/bench_review.py [--hands 3] [--throttle 4] [--think 0] [--json]

Serves the repo on 127.0.0.1 and, per hand, opens the table in headless Chromium
(seeds 1, 2, ...; you lead your first playable card, Medium answers), plays the hand,
clicks *Review this hand* and waits for ``#review[data-done="1"]``, recording every
main-thread long task (over 50 ms) from the click on. Two times per hand:

- **after play**: from the click, what a player sees. The page reviews your decisions
  while it waits for you (your turn, the hand over), so this depends on how long you
  take: ``--think S`` waits S seconds before each of your moves (0: the benchmark plays
  at once, and the review ahead gets only the moments the page itself takes);
- **from scratch**: the same hand opened from its record's review link
  (``?record=...&review=1``, as a shared hand opens, in a fresh profile), nothing reviewed
  before, and without the match's board (a link does not carry it: values in game points
  only): from the review's start (the page's ``bummerl:review`` mark, at its boot) to the
  review done.

Prints the medians and longest of both and the long tasks. The goals: a full hand
reviewed in at most 10 s, no task over 100 ms.

With ``--throttle R`` each hand is reviewed twice, alternately: as is, and on a phone-class
CPU (Chromium's CPU throttling at R times, the whole visit, at 390x844), and it prints
the throttled figures and each hand's ratio of throttled to plain time (from scratch) too.
The goals at 4x: at most 20 s median, at most 4.5 times the plain time. Beside them it
prints what the throttling does to any CPU-bound work: a fixed JavaScript loop timed as is
and throttled, alternately, three times each (the medians' ratio), in one task and cut
into 25 ms tasks as the review is. And it reviews each hand once more, plain and throttled,
on a page of its own that holds only Pyodide and the site's Python, all the review's slices
in one task: the same Python work with no turn of the event loop between the slices. The
throttler slows work by more the more it reaches into memory (the JavaScript loop touches
almost none), so this, not the loop, is the least ratio any way of slicing the review can
reach.
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
sys.path.insert(0, str(ROOT / "src"))
from bummerl_web.links import make_link  # noqa: E402
from conftest import Table, first_playable  # noqa: E402  (the tests' page object)


PHONE = {"width": 390, "height": 844}
# A fixed amount of arithmetic in one task: what the throttling makes of CPU-bound work.
LOOP = """() => { const t0 = performance.now(); let x = 1;
  for (let i = 0; i < 6e7; i++) x = (x * 1103515245 + 12345) % 2147483647;
  return [performance.now() - t0, x]; }"""
# The same arithmetic cut into tasks of 25 ms, each scheduled by a message (as Pyodide
# schedules the review's slices): the work sliced as the review slices it.
SLICED_LOOP = """async () => { const t0 = performance.now(); let x = 1, done = 0;
  const channel = new MessageChannel();
  const turn = () => new Promise(go => { channel.port1.onmessage = go; channel.port2.postMessage(0); });
  while (done < 6e7) {
    const end = performance.now() + 25;
    while (done < 6e7 && performance.now() < end) {
      for (let i = 0; i < 1e5; i++) x = (x * 1103515245 + 12345) % 2147483647;
      done += 1e5;
    }
    await turn();
  }
  return [performance.now() - t0, x]; }"""


def slow_down(context, page, rate: float) -> None:
    """Chromium's CPU throttling at ``rate`` for ``page`` (1: none)."""
    if rate > 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


# The review in one task, on a page of its own (its comment says what it holds).
WORK_PAGE = "tools/bench/review-work.html"


def one_task(browser, base: str, record: dict, throttle: float = 1) -> float:
    """Seconds to review ``record`` in one task on ``WORK_PAGE``, in a fresh profile as a
    shared link opens, throttled at ``throttle``."""
    context = browser.new_context(**({"viewport": PHONE} if throttle > 1 else {}))
    page = context.new_page()
    slow_down(context, page, throttle)
    page.goto(base + WORK_PAGE)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=300_000)
    seconds = page.evaluate("(text) => window.__review(text)", json.dumps(record))
    context.close()
    return seconds


def throttle_factor(browser, rate: float, runs: int = 3) -> tuple[float, float]:
    """The median time of ``LOOP`` throttled at ``rate`` over its median time as is, and
    the same of ``SLICED_LOOP``."""
    times = {(r, loop): [] for r in (1, rate) for loop in (LOOP, SLICED_LOOP)}
    for _ in range(runs):
        for r, loop in times:
            context = browser.new_context()
            page = context.new_page()
            slow_down(context, page, r)
            page.evaluate(loop)  # (compiled and warm)
            times[r, loop].append(page.evaluate(loop)[0])
            context.close()
    return tuple(statistics.median(times[rate, loop]) / statistics.median(times[1, loop])
                 for loop in (LOOP, SLICED_LOOP))


def review_hand(browser, base: str, seed: int, throttle: float = 1, think: float = 0) -> dict:
    """One hand reviewed after play and from scratch: {"after_play", "from_scratch": seconds,
    "tasks": long tasks (ms) after the click, "rows": decisions in the review, "record": the
    hand's record}."""
    table = Table(browser, base, **({"viewport": PHONE} if throttle > 1 else {}))
    table.context.add_init_script(WATCH)
    slow_down(table.context, table.page, throttle)
    table.open(f"seed={seed}&pace=0")

    def thinking(t):
        if think:
            t.page.wait_for_timeout(think * 1000)
        return first_playable(t)

    table.play_hand(thinking)
    if think:
        table.page.wait_for_timeout(think * 1000)  # the result read before the click
    start = table.page.evaluate("performance.now()")
    table.page.click('#actions [data-action="review"]')
    table.page.wait_for_selector('#review[data-done="1"]', state="attached", timeout=600_000)
    after_play = (table.page.evaluate("performance.now()") - start) / 1000
    tasks = [d for t, d in table.page.evaluate("window.__long") if t > start]
    rows = table.page.locator("#review [data-review-step]").count()
    saved = json.loads(table.page.evaluate("localStorage.getItem('bummerl')"))
    link = make_link(record=saved["match"]["hand"], review=True) + "&pace=0"
    table.close_context()
    # a fresh profile, as a shared link opens (no service worker making its snapshot meanwhile)
    table = Table(browser, base, **({"viewport": PHONE} if throttle > 1 else {}))
    slow_down(table.context, table.page, throttle)
    table.open(link)
    table.page.wait_for_selector('#review[data-done="1"]', state="attached", timeout=600_000)
    start = table.page.evaluate("performance.getEntriesByName('bummerl:review')[0].startTime")
    from_scratch = (table.page.evaluate("performance.now()") - start) / 1000
    table.close_context()
    return {"after_play": after_play, "from_scratch": from_scratch, "tasks": tasks, "rows": rows,
            "record": saved["match"]["hand"]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--throttle", type=float, default=1, help="also review on a CPU this many times slower")
    parser.add_argument("--think", type=float, default=0, help="seconds you take before each move")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    server = serve.make_server("127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    plain, slow, tasks, rows, whole, slow_whole = [], [], [], [], [], []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for seed in range(1, args.hands + 1):
            found = review_hand(browser, base, seed, think=args.think)
            plain.append(found)
            tasks += found["tasks"]
            rows.append(found["rows"])
            if args.throttle > 1:
                slow.append(review_hand(browser, base, seed, args.throttle, args.think))
                whole.append(one_task(browser, base, found["record"]))
                slow_whole.append(one_task(browser, base, found["record"], args.throttle))
        floors = throttle_factor(browser, args.throttle) if args.throttle > 1 else None
        browser.close()
    server.shutdown()

    def times(found, key):
        return [round(f[key], 2) for f in found]

    figures = {"hands": args.hands, "think": args.think, "decisions": rows,
               "after_play_s": times(plain, "after_play"), "from_scratch_s": times(plain, "from_scratch"),
               "long_tasks": len(tasks), "max_task_ms": round(max(tasks)) if tasks else 0,
               "over_100_ms": sum(d > 100 for d in tasks)}
    if slow:
        figures.update(throttle=args.throttle, throttled_after_play_s=times(slow, "after_play"),
                       throttled_from_scratch_s=times(slow, "from_scratch"),
                       ratios=[round(s["from_scratch"] / p["from_scratch"], 2) for s, p in zip(slow, plain)],
                       loop_ratio=round(floors[0], 2), sliced_loop_ratio=round(floors[1], 2),
                       one_task_s=[round(t, 2) for t in whole], throttled_one_task_s=[round(t, 2) for t in slow_whole],
                       one_task_ratios=[round(s / p, 2) for s, p in zip(slow_whole, whole)])
    if args.json:
        print(json.dumps(figures))
        return 0

    def line(values):
        return f"median {statistics.median(values)} s, longest {max(values)} s ({', '.join(map(str, values))})"

    print(f"{args.hands} reviews ({', '.join(map(str, rows))} decisions), {args.think:g} s before each of your moves")
    print(f"after play: {line(figures['after_play_s'])}; from scratch: {line(figures['from_scratch_s'])}")
    print(f"{len(tasks)} long tasks (>50 ms) after the click, longest {figures['max_task_ms']} ms, "
          f"{figures['over_100_ms']} over 100 ms")
    if slow:
        print(f"throttled {args.throttle:g}x at 390x844: after play {line(figures['throttled_after_play_s'])}; "
              f"from scratch {line(figures['throttled_from_scratch_s'])}; throttled / plain from scratch: "
              f"{', '.join(map(str, figures['ratios']))}; a plain JavaScript loop: {figures['loop_ratio']} in one "
              f"task, {figures['sliced_loop_ratio']} in 25 ms tasks")
        print(f"the same reviews' slices in one task (no turn of the event loop): plain {line(figures['one_task_s'])}; "
              f"throttled {line(figures['throttled_one_task_s'])}; throttled / plain: "
              f"{', '.join(map(str, figures['one_task_ratios']))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
