"""The page in the other engines players use: Firefox (Gecko) and WebKit (Safari's engine).

The rest of the browser tests run in Chromium. The boot path (wasm, Cache Storage, service
workers, the memory snapshot, the Content-Security-Policy) is where engines differ most,
so it is checked here in each: a first visit boots and plays, the policy refuses a
smuggled script, a script in a crafted link or a saved value does not run, a repeat visit restores the snapshot and resumes the hand, and with the
server gone the service worker serves the table and a deal link. No console error at
any step.

Playwright's own Firefox and WebKit where installed (a laptop), else Debian's packages
driven by tools/engines.py (WebDriver BiDi, WebKitWebDriver on Xvfb). tools/test.py
installs them as root and names the engines it has in $BUMMERL_ENGINES: an engine named
there must work; one not named is skipped with the reason.
"""
from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from urllib.parse import quote

import pytest

from conftest import serve
from test_csp import PAYLOAD

import engines  # tools/ (conftest puts it on sys.path)

pytestmark = pytest.mark.browser

BOOT_S = 180.0  # WebKit on Xvfb boots in 10-16 s on a loaded 2-core machine
READY = "document.body.dataset.ready === '1'"
STATE = "JSON.parse(document.body.dataset.state)"
PLAYABLE = '#hand button[data-card]:not([aria-disabled="true"])'
# Scripts smuggled in after the page is up: each would set window.__ran if it ran.
SMUGGLE = """(async () => {
  window.__violations = [];
  document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(e.effectiveDirective));
  const script = document.createElement("script");
  script.textContent = "window.__ran = 'script'";
  document.body.append(script);
  const box = document.createElement("div");
  box.innerHTML = '<span id="smuggled" onclick="window.__ran = \\'handler\\'">x</span>';
  document.body.append(box);
  document.getElementById("smuggled").click();
  await new Promise((done) => setTimeout(done, 300));
  box.remove();
  return [window.__ran || null, window.__violations];
})()"""


def available(name: str, playwright) -> dict | None:
    """How to open ``name`` here: Playwright's own build, else Debian's package."""
    own = getattr(playwright, name)
    try:
        if Path(own.executable_path).exists():
            return {"playwright": own}
    except Exception:  # noqa: BLE001 (no Playwright browsers at all)
        pass
    return engines.find_engines().get(name)


@pytest.fixture(scope="module", params=["firefox", "webkit"])
def engine(request, playwright):
    """(page, site url, server) in a fresh profile of one engine, with its own server so
    that a test can take the site offline."""
    name = request.param
    paths = available(name, playwright)
    named = os.environ.get("BUMMERL_ENGINES")
    if paths is None:
        if named is not None and name in named.split(","):
            pytest.fail(f"{name} was set up by tools/test.py but cannot be found")
        pytest.skip(f"{name} is not installed here (python tools/test.py installs it as root; "
                    f"see its output)")
    server = serve.make_server("127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    page = (engines.PlaywrightPage(paths["playwright"]) if "playwright" in paths
            else engines.open_engine(name, paths))
    yield page, f"http://127.0.0.1:{server.server_address[1]}/", server
    page.close()
    server.shutdown()
    server.server_close()


# A ready table whose service worker is in control has made (or restored) its memory
# snapshot, or cannot make one (shell.js's own test: a service worker and Worker).
SETTLED = ("!('serviceWorker' in navigator && 'Worker' in window)"
           " || (navigator.serviceWorker.controller !== null"
           " && (document.body.dataset.boot === 'snapshot' || !!document.body.dataset.snapshot))")


def boot(page, url: str) -> None:
    """Open ``url`` and wait for the table. A table already on screen is left only once
    it is settled (``SETTLED``): leaving it while its snapshot worker loads cuts those
    loads off, which Firefox logs as console errors ("A ServiceWorker intercepted the
    request and encountered an unexpected error"), seen once in a full run."""
    if page.evaluate(f"!!document.body && {READY}"):
        page.wait_for(SETTLED, BOOT_S, "the service worker in control and the snapshot made")
    page.goto(url)
    page.wait_for(READY, BOOT_S, "the table ready")


def test_a_first_visit_boots_our_modules_and_the_standard_library_from_bytecode_and_plays(engine):
    page, url, _ = engine
    boot(page, url + "?seed=1&pace=0")
    assert page.evaluate("document.body.dataset.boot") == "bytecode"
    assert page.evaluate("document.body.dataset.stdlib") == "bytecode"  # Pyodide's too
    assert page.evaluate(f"document.querySelectorAll('{PLAYABLE}').length") == 5
    page.click(PLAYABLE)
    page.wait_for(f"document.body.dataset.turn === 'you' && {STATE}.history.length > 1", 60,
                  "the bot's answer")
    assert page.errors() == []


def test_the_policy_refuses_a_smuggled_script(engine):
    page, url, _ = engine
    ran, violations = page.evaluate(SMUGGLE)
    assert ran is None
    assert violations and all(v.startswith("script-src") for v in violations), violations
    # each refusal may be logged as a console error; nothing else may be
    assert all("Content-Security-Policy" in e or "Refused to" in e for e in page.errors())


def test_a_script_in_a_link_or_a_saved_value_does_not_run(engine):
    page, url, _ = engine
    query = "&".join(f"{name}={quote(PAYLOAD)}" for name in ("lang", "deck", "record", "rules"))
    boot(page, url + "?seed=72&pace=0&" + query)
    assert "<script>" in page.evaluate("document.getElementById('notice').textContent")  # quoted as text
    saved = page.evaluate("JSON.parse(localStorage.getItem('bummerl'))")
    saved["settings"]["lang"] = PAYLOAD
    page.evaluate(f"localStorage.setItem('bummerl', {json.dumps(json.dumps(saved))})")
    boot(page, url + "?pace=0")
    page.click(PLAYABLE)
    page.wait_for(f"document.body.dataset.turn === 'you' && {STATE}.history.length > 1", 60,
                  "the bot's answer")
    assert page.evaluate("window.__ran || null") is None
    assert page.errors() == []


def test_a_repeat_visit_restores_the_memory_snapshot_and_resumes_the_hand(engine):
    page, url, _ = engine
    page.wait_for("navigator.serviceWorker.controller !== null", 120, "the service worker in control")
    # made by this page, or by an earlier one and restored here (``boot`` waits for it)
    made = page.wait_for("document.body.dataset.boot === 'snapshot' ? 'restored'"
                         " : document.body.dataset.snapshot", BOOT_S, "the snapshot made")
    assert made in ("saved", "restored")
    history = page.evaluate(f"{STATE}.history")
    page.reload()
    page.wait_for(READY, BOOT_S, "the table ready again")
    assert page.evaluate("document.body.dataset.boot") == "snapshot"
    assert page.evaluate(f"{STATE}.history") == history
    assert page.errors() == []


def test_offline_the_table_resumes_and_a_deal_link_opens(engine):
    page, url, server = engine
    history = page.evaluate(f"{STATE}.history")
    server.shutdown()  # the site is gone: only the service worker's cache is left
    server.server_close()
    page.reload()
    page.wait_for(READY, BOOT_S, "the table ready offline")
    assert page.evaluate(f"{STATE}.history") == history
    boot(page, url + "?seed=62&pace=0")
    assert page.evaluate(f"{STATE}.seed") == 62
    assert page.evaluate("document.body.dataset.boot") == "snapshot"
    assert page.errors() == []
