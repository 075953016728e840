#!/usr/bin/env python3
"""Screenshots of the table for the README: `.venv/bin/python tools/screenshots.py`.

Serves the repository on 127.0.0.1 (serve.py, an ephemeral port), opens a fixed deal
(`?seed=…&pace=0&deck=…&lang=…`) at a phone size (360×640) and a desktop size
(1280×800) in both decks (French cards in English, German-suited cards in German),
plays the first trick so that the table shows one, and writes
`docs/screenshots/table-<deck>-<width>x<height>.png` (what the viewport shows, at 1×).

The browser is found as for the tests (tools/browser_setup.py): $BUMMERL_CHROMIUM,
else Playwright's own Chromium, else the system's chromium; nothing is installed here
(run `python tools/test.py` once for that).  No request leaves the machine: anything
not addressed to 127.0.0.1 is aborted and reported.
"""
from __future__ import annotations

import argparse
import os
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import serve  # noqa: E402  (the repo's own static server)
from browser_setup import CHROMIUM_FLAGS, Machine, NoBrowser, find_browser  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SIZES = ((360, 640), (1280, 800))
DECKS = (("fr", "en"), ("de", "de"))
SEED = 7
TIMEOUT_MS = 60_000


def shoot(page, url: str, path: Path) -> None:
    page.goto(url)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=TIMEOUT_MS)
    page.evaluate("document.getElementById('howto').open = false")
    tick = page.get_attribute("body", "data-tick")
    page.click("#hand button.card:not([disabled]):not([aria-disabled='true'])")
    page.wait_for_function(
        "tick => document.body.dataset.tick !== tick && document.body.dataset.ready === '1'",
        arg=tick, timeout=TIMEOUT_MS)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.mouse.move(0, 0)  # no hover lift on the card that slid under the pointer
    page.screenshot(path=str(path), animations="disabled", caret="hide")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED, help=f"deal (default {SEED})")
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the PNGs")
    args = parser.parse_args(argv)
    try:
        browser_path = find_browser(dict(os.environ), Machine(sys.executable), install=False).path
    except NoBrowser as exc:
        print(exc, file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    server = serve.make_server("127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    outside: list[str] = []

    def guard(route):
        if urlsplit(route.request.url).hostname == "127.0.0.1" or route.request.url.startswith("data:"):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    args.out.mkdir(parents=True, exist_ok=True)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=browser_path, args=CHROMIUM_FLAGS)
            for deck, lang in DECKS:
                for width, height in SIZES:
                    context = browser.new_context(
                        viewport={"width": width, "height": height}, locale=f"{lang}-AT",
                        reduced_motion="reduce", service_workers="block")
                    context.route("**/*", guard)
                    path = args.out / f"table-{deck}-{width}x{height}.png"
                    shoot(context.new_page(),
                          f"{base}?seed={args.seed}&pace=0&deck={deck}&lang={lang}", path)
                    context.close()
                    print(f"wrote {path.relative_to(ROOT)} ({path.stat().st_size // 1024} KB)")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    if outside:
        print("requests that tried to leave the machine:", *outside, sep="\n  ", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
