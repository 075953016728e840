"""Browser-test harness: a static server, Chromium, and the `Table` page object.

* one static server thread per session on 127.0.0.1 (ephemeral port), serving the repo;
* Chromium: $BUMMERL_CHROMIUM, else Playwright's own build if installed, else `chromium`
  on PATH, with flags that keep it off the network;
* every context gets a guard that aborts (and records) any request not to
  127.0.0.1/localhost/data:/blob:, and blocks service workers (they bypass routing);
* a test fails when a page it used logged a console error, an uncaught exception
  or a Python traceback, or tried to leave the machine;
* Pyodide boots cost seconds: pages are module-scoped where tests can share one.
"""
from __future__ import annotations

import json
import os
import shutil
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
import serve  # noqa: E402  (the repo's own server, stdlib only)
from browser_setup import CHROMIUM_FLAGS  # noqa: E402  (one list for tests and tools)

BOOT_TIMEOUT_MS = 60_000
MOVE_TIMEOUT_MS = 20_000
LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}
STORAGE_KEY = "bummerl"

_open_tables: list["Table"] = []


def pytest_collection_modifyitems(items):
    """Mark the tests that start a browser (`-m "not browser"` skips them)."""
    for item in items:
        if {"open_table", "browser", "page", "context"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


# ---------------------------------------------------------------- server, browser

@pytest.fixture(scope="session")
def site_url():
    server = serve.make_server("127.0.0.1", 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def chromium_executable(playwright) -> str | None:
    """None means: Playwright's own Chromium."""
    if os.environ.get("BUMMERL_CHROMIUM"):
        return os.environ["BUMMERL_CHROMIUM"]
    try:
        if Path(playwright.chromium.executable_path).exists():
            return None
    except Exception:  # noqa: BLE001 (no browsers installed at all)
        pass
    return shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, playwright):
    args = {**browser_type_launch_args, "args": CHROMIUM_FLAGS}
    exe = chromium_executable(playwright)
    if exe:
        args["executable_path"] = exe
    return args


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob"):
        return True
    return parts.scheme in ("http", "https", "ws", "wss") and parts.hostname in LOCAL_HOSTS


# ---------------------------------------------------------------- page object

class Table:
    """The Bummerl page, driven the way a player would: `table.play("QH")`."""

    def __init__(self, browser, base_url: str, *, storage: dict | None = None,
                 block_storage: bool = False, context=None, init_script: str | None = None,
                 **context_args):
        options = {"service_workers": "block", "reduced_motion": "reduce",
                   "locale": "en-US", **context_args}
        self.base_url = base_url
        self.browser = browser
        self.shared = context is not None
        self.context = context or browser.new_context(**options)
        self.errors: list[str] = []
        self.outside: list[str] = []
        self.requests: list[str] = []
        if not self.shared:
            self.context.route("**/*", self._guard)
        if storage is not None:
            self.seed_storage(storage)
        if init_script:
            self.context.add_init_script(init_script)
        if block_storage:
            self.context.add_init_script(
                "Object.defineProperty(window, 'localStorage', {get() {"
                " throw new DOMException('storage blocked', 'SecurityError'); }});")
        self.page = self.context.new_page()
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        self.page.on("crash", lambda _page: self.errors.append("the renderer crashed"))
        self.page.set_default_timeout(MOVE_TIMEOUT_MS)
        _open_tables.append(self)

    def twin(self, query: str = "seed=1&pace=0") -> "Table":
        """A second tab on the same browser profile (shared localStorage)."""
        other = Table(self.browser, self.base_url, context=self.context)
        other.outside, other.requests = self.outside, self.requests  # one guard
        return other.open(query)

    # -- plumbing
    def _guard(self, route):
        url = route.request.url
        if is_local(url):
            self.requests.append(url)
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def _console(self, msg):
        text = msg.text
        if msg.type == "error" or "Traceback (most recent call last)" in text:
            self.errors.append(f"console.{msg.type}: {text}")

    def seed_storage(self, values: dict) -> None:
        """Put raw strings into localStorage before the page's scripts run (once)."""
        self.context.add_init_script(
            "if (!sessionStorage.getItem('__seeded')) {"
            " sessionStorage.setItem('__seeded', '1');"
            f" for (const [k, v] of Object.entries({json.dumps(values)}))"
            " localStorage.setItem(k, v); }")

    def open(self, query: str = "seed=1&pace=0") -> "Table":
        """Load the page and wait until it is ready to play."""
        self.page.goto(self.base_url + ("?" + query if query else ""))
        return self.wait_ready(BOOT_TIMEOUT_MS)

    def reload(self) -> "Table":
        self.page.reload()
        return self.wait_ready(BOOT_TIMEOUT_MS)

    def wait_ready(self, timeout: int = MOVE_TIMEOUT_MS) -> "Table":
        self.page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=timeout)
        return self

    def close_context(self) -> None:
        if self in _open_tables:
            _open_tables.remove(self)
        if not self.shared:
            self.context.close()

    def take_problems(self) -> list[str]:
        problems = self.errors + [f"request left the machine: {u}" for u in self.outside]
        self.errors.clear()
        self.outside.clear()
        problems += self.python_errors()
        return problems

    def python_errors(self) -> list[str]:
        try:
            return self.page.eval_on_selector_all(
                ".py-error, py-error", "els => els.map(e => 'python: ' + e.textContent)")
        except Exception:  # noqa: BLE001 (page closed)
            return []

    # -- reading the table
    def body(self, name: str) -> str | None:
        return self.page.get_attribute("body", f"data-{name}")

    @property
    def turn(self) -> str | None:
        return self.body("turn")

    def hand(self) -> list[str]:
        return self.page.eval_on_selector_all(
            "#hand button[data-card]", "els => els.map(e => e.dataset.card)")

    def playable(self) -> list[str]:
        return self.page.eval_on_selector_all(
            '#hand button[data-card]:not([aria-disabled="true"])',
            "els => els.map(e => e.dataset.card)")

    def actions(self) -> list[str]:
        """Available game actions besides playing: 'exchange', 'close', 'marry H', 'claim', 'next-hand'."""
        return self.page.eval_on_selector_all(
            '#actions button[data-action]:not([disabled]):not([aria-disabled="true"])',
            "els => els.map(e => e.dataset.action + (e.dataset.suit ? ' ' + e.dataset.suit : ''))")

    def status(self) -> str:
        return self.page.inner_text("#status")

    def state(self) -> dict:
        """The page's debug summary (data-state on body): scores, board, outcome."""
        raw = self.body("state")
        return json.loads(raw) if raw else {}

    def storage(self) -> dict:
        return self.page.evaluate(
            "() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")

    # -- acting
    def _click(self, selector: str) -> "Table":
        return self.settle(lambda: self.page.click(selector))

    def press(self, key: str) -> "Table":
        """Press a key on the focused control, then wait as after a click."""
        return self.settle(lambda: self.page.keyboard.press(key))

    def settle(self, do) -> "Table":
        """Do something, then wait until the page re-rendered and a player can act again."""
        tick = self.body("tick")
        do()
        self.page.wait_for_function(
            "tick => document.body.dataset.tick !== tick && document.body.dataset.ready === '1'",
            arg=tick)
        return self

    def play(self, card: str) -> "Table":
        return self._click(f'#hand button[data-card="{card}"]')

    def exchange(self) -> "Table":
        return self._click('#actions button[data-action="exchange"]')

    def close(self) -> "Table":
        return self._click('#actions button[data-action="close"]')

    def marry(self, suit: str) -> "Table":
        return self._click(f'#actions button[data-action="marry"][data-suit="{suit}"]')

    def claim(self) -> "Table":
        return self._click('#actions button[data-action="claim"]')

    def next_hand(self) -> "Table":
        return self._click('#actions button[data-action="next-hand"]')

    def new_match(self) -> "Table":
        return self._click('button[data-action="new-match"]')

    def switch_language(self) -> "Table":
        return self._click('button[data-action="lang"]')

    def switch_deck(self) -> "Table":
        return self._click('button[data-action="deck"]')

    def open_rules(self) -> None:
        self.page.click('button[data-action="rules"]')
        self.page.wait_for_selector("#rules-panel[open]")

    def apply_rules(self, preset: str | None = None, **options) -> "Table":
        """Open the rules panel, pick a preset and/or set options, apply."""
        self.open_rules()
        panel = self.page.locator("#rules-panel")
        if preset:
            panel.locator(f'button[data-preset="{preset}"]').click()
        for name, value in options.items():
            field = panel.locator(f'[name="{name}"]')
            if field.get_attribute("type") == "checkbox":
                field.set_checked(bool(value))
            else:
                field.select_option(str(value))
        panel.locator('button[data-action="rules-apply"]').click()
        self.page.wait_for_selector("#rules-panel:not([open])", state="attached")
        return self.wait_ready()

    def axe_problems(self, context=None) -> list:
        """Serious or critical axe-core violations on the page (or inside `context`)."""
        from axe_playwright_python.sync_playwright import Axe

        results = Axe().run(self.page, context=context)
        return [(v["id"], v["help"], [n["target"] for n in v["nodes"]][:3])
                for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]

    def play_hand(self, policy=None, limit: int = 40) -> dict:
        """Play until the hand is over; `policy(table)` returns an action or a card."""
        for _ in range(limit):
            if self.turn == "over":
                return self.state()
            choice = (policy or first_playable)(self)
            if choice in ("exchange", "close", "claim"):
                getattr(self, choice)()
            elif choice.startswith("marry "):
                self.marry(choice.split()[1])
            else:
                self.play(choice)
        raise AssertionError(f"hand not over after {limit} moves: {self.state()}")


def first_playable(table: Table) -> str:
    return table.playable()[0]


# ---------------------------------------------------------------- fixtures

@pytest.fixture(scope="module")
def open_table(browser, site_url):
    """Factory: `open_table(query="seed=3&pace=0", storage=..., viewport=...)`."""
    made = []

    def make(query: str = "seed=1&pace=0", **kwargs) -> Table:
        """A new browser profile (fresh storage) with the page booted."""
        table = Table(browser, site_url, **kwargs)
        made.append(table)
        return table.open(query)

    yield make
    for table in made:
        table.close_context()


@pytest.fixture(scope="module", autouse=True)
def _close_module_tables():
    """Tables a module opened (through any fixture) are closed when it ends, so that one
    module's pages can never report problems into another module's tests."""
    before = list(_open_tables)
    yield
    for table in [t for t in _open_tables if t not in before]:
        table.close_context()


@pytest.fixture(autouse=True)
def _no_page_problems(request):
    """Fail the test if any open page logged an error or left the machine meanwhile."""
    yield
    problems = [p for t in list(_open_tables) for p in t.take_problems()]
    if problems:
        pytest.fail("page problems:\n" + "\n".join(problems), pytrace=False)
