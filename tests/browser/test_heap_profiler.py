"""Chromium samples heap allocations in a share of browser sessions (its heap profiler, the
HeapProfilerReporting feature: 1% of sessions on the stable channel, half of them on the
others, and there a tenth of the renderers). To sample, it walks the stack's frames, and on
a stack that WebAssembly's stack switching (JSPI) switched to it reads past the stack's end:
the renderer crashes. Pyodide runs Python on such stacks where the browser has JSPI, so a
profiled tab crashed, mostly while it booted (40 of the browser tests' boots in one CI run,
every crash dump at the same instruction). The page boots Pyodide without stack switching
(interpreter.mjs's `withoutStackSwitching`); here a browser samples every 10 kB."""
import pytest
from playwright.sync_api import Error as PlaywrightError

from conftest import ROOT, Table

pytestmark = pytest.mark.browser

SAMPLE_OFTEN = ("--enable-features=HeapProfilerReporting:stable-probability/1.0/"
                "nonstable-probability/1.0/renderer-prob-pct/100/renderer-sampling-rate-bytes/10000")
INTERPRETER = ROOT / "assets" / "js" / "interpreter.mjs"
THE_CALL = "  withoutStackSwitching();\n"


@pytest.fixture(scope="module")
def profiled(playwright, browser_type_launch_args):
    """A Chromium whose renderers all sample their heap often. (Chromium reads the last
    --enable-features only: Playwright's own list is replaced in this browser.)"""
    args = [*browser_type_launch_args.get("args", ()), SAMPLE_OFTEN]
    browser = playwright.chromium.launch(**{**browser_type_launch_args, "args": args})
    yield browser
    browser.close()


def test_the_table_boots_plays_and_restores_its_snapshot_while_its_heap_is_sampled(profiled, site_url):
    """Every boot of the page: a first visit, the snapshot worker's, a repeat visit."""
    table = Table(profiled, site_url, service_workers="allow")
    table.open("pace=0")
    assert table.body("boot") == "bytecode"
    table.play(table.playable()[0])
    table.page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    table.page.wait_for_selector("body[data-snapshot]", state="attached", timeout=120_000)
    assert table.body("snapshot") == "saved"
    table.page.evaluate("localStorage.clear()")
    table.open("pace=0")
    assert table.body("boot") == "snapshot"
    table.play(table.playable()[0])
    table.page.wait_for_function("document.body.dataset.turn !== 'bot'", timeout=20_000)
    assert table.take_problems() == []  # no crash, no console error


def crashes_with_stack_switching(browser, site_url: str, source: str) -> bool:
    """Boot the page and play a card, its interpreter.mjs served as ``source``: did the
    renderer crash?"""
    table = Table(browser, site_url)
    table.context.route("**/assets/js/interpreter.mjs", lambda route: route.fulfill(
        body=source, content_type="text/javascript"))
    try:
        table.open("pace=0").play(table.playable()[0])
    except PlaywrightError:
        pass
    crashed = "the renderer crashed" in table.take_problems()
    table.close_context()
    return crashed


def test_the_table_with_stack_switching_crashes_when_its_heap_is_sampled(profiled, site_url):
    """The control, without which the test above proves nothing: the same page, its
    interpreter.mjs served without the call that hides stack switching, crashes in at least
    one of three boots (most crash: the sampler is random)."""
    source = INTERPRETER.read_text(encoding="utf-8")
    assert source.count(THE_CALL) == 1, "interpreter.mjs's bootPyodide no longer makes the call"
    if not any(crashes_with_stack_switching(profiled, site_url, source.replace(THE_CALL, ""))
               for _ in range(3)):
        pytest.skip("this Chromium samples the heap of a switched stack without crashing: "
                    "interpreter.mjs's withoutStackSwitching may no longer be needed")
