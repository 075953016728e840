"""Firefox and WebKit, driven the standard way (WebDriver), for the tests and tools that
must see the page in every engine players use, not only in Chromium.

Playwright drives Firefox and WebKit only in its own patched builds, which cannot be
downloaded on every machine. The browsers a Debian machine has speak the W3C protocols
directly, so this module speaks them, with nothing else installed:

* **Firefox** (``firefox-esr``): WebDriver BiDi on its ``--remote-debugging-port``, a
  WebSocket (no driver binary). Console errors and uncaught exceptions arrive as
  ``log.entryAdded`` events.
* **WebKit** (WebKitGTK's ``MiniBrowser``, Safari's engine): ``WebKitWebDriver``, classic
  WebDriver over HTTP, under ``xvfb-run`` (MiniBrowser has no headless mode). Classic
  WebDriver has no console events: MiniBrowser writes console messages to its standard
  output (``--enable-write-console-messages-to-stdout``), which is read instead.

A ``Page`` is one browser with one fresh profile: ``goto``, ``evaluate`` (a JavaScript
expression, awaited, its value through JSON), ``wait_for``, ``click`` and ``errors``.
``find_engines`` says which engines this machine has (Playwright's own builds are used by
the Playwright tests where they are installed; these are the Debian packages).
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

FIREFOX_NAMES = ("firefox-esr", "firefox")
WEBKIT_DRIVER = "WebKitWebDriver"
MINIBROWSER_GLOB = "/usr/lib/*/webkit2gtk-4.*/MiniBrowser"
START_TIMEOUT = 60.0
# Firefox's preferences for a test profile: no updates, telemetry, safe-browsing lists or
# first-run pages (each would try to reach the network, which this machine refuses).
FIREFOX_PREFS = {
    "app.update.enabled": False,
    "app.normandy.enabled": False,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.downloads.enabled": False,
    "browser.safebrowsing.update.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "extensions.update.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "remote.active-protocols": 1,  # WebDriver BiDi only
}


class EngineError(Exception):
    """The browser could not be started or driven, or a script failed in the page."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen, timeout: float = START_TIMEOUT) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if process.poll() is not None:
            raise EngineError(f"the browser exited at start (code {process.returncode})")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.2)
    raise EngineError(f"nothing listened on port {port} within {timeout:.0f} s")


def wrapped(expression: str) -> str:
    """An async function body that awaits ``expression`` and returns its value as JSON."""
    return (f"return (async () => {{ const value = await ({expression});"
            f" return JSON.stringify(value === undefined ? null : value); }})()")


class Page:
    """One browser, one fresh profile, one tab (the subclasses say how)."""

    name = "engine"

    def __init__(self):
        self._errors: list[str] = []
        self._lock = threading.Lock()
        self._profile: Path | None = None  # a folder of ours to remove at the end
        self._process: subprocess.Popen | None = None

    # -- what the tests use
    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def evaluate(self, expression: str):
        """The value of a JavaScript expression in the page (a promise is awaited)."""
        raise NotImplementedError

    def wait_for(self, condition: str, timeout: float = 60.0, what: str | None = None):
        """Poll until the expression is truthy; its value. EngineError after ``timeout``."""
        end = time.monotonic() + timeout
        while True:
            try:
                value = self.evaluate(condition)
            except EngineError:
                value = None  # navigating: the page is not there yet
            if value:
                return value
            if time.monotonic() > end:
                raise EngineError(f"{self.name}: {what or condition} not true within {timeout:.0f} s")
            time.sleep(0.1)

    def click(self, selector: str) -> None:
        found = self.evaluate(f"(() => {{ const el = document.querySelector({json.dumps(selector)});"
                              f" if (el) el.click(); return !!el; }})()")
        if not found:
            raise EngineError(f"{self.name}: nothing matches {selector}")

    def errors(self) -> list[str]:
        """Console errors and uncaught exceptions seen so far (then forgotten)."""
        with self._lock:
            taken, self._errors[:] = list(self._errors), []
        return taken

    def close(self) -> None:
        if self._process and self._process.poll() is None:
            try:
                os.killpg(self._process.pid, signal.SIGTERM)
                self._process.wait(10)
            except (OSError, subprocess.TimeoutExpired):
                os.killpg(self._process.pid, signal.SIGKILL)
        if self._profile:
            shutil.rmtree(self._profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _error(self, text: str) -> None:
        with self._lock:
            self._errors.append(text)


class Firefox(Page):
    """Firefox over WebDriver BiDi."""

    name = "firefox"

    def __init__(self, executable: str, profile: Path | None = None):
        """A fresh profile of our own (removed at the end), or ``profile``, a folder the
        caller keeps: a browser started again on it finds what the last one stored."""
        super().__init__()
        from websockets.sync.client import connect  # a development dependency

        folder = Path(profile) if profile else Path(tempfile.mkdtemp(prefix="bummerl-firefox-"))
        self._profile = None if profile else folder
        prefs = "".join(f'user_pref("{k}", {json.dumps(v)});\n' for k, v in FIREFOX_PREFS.items())
        (folder / "user.js").write_text(prefs)
        port = free_port()
        self._process = subprocess.Popen(
            [executable, "--headless", "--no-remote", "--profile", str(folder),
             f"--remote-debugging-port={port}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
            env={**os.environ, "MOZ_HEADLESS": "1"})
        try:
            wait_for_port(port, self._process)
            self._socket = connect(f"ws://127.0.0.1:{port}/session", max_size=None,
                                   open_timeout=START_TIMEOUT, legacy=True)  # closed by close()
            self._next_id = 0
            self._command("session.new", {"capabilities": {}})
            self._command("session.subscribe", {"events": ["log.entryAdded"]})
            tree = self._command("browsingContext.getTree", {})
            self._context = tree["contexts"][0]["context"]
        except BaseException:
            self.close()
            raise

    def _command(self, method: str, params: dict, timeout: float = 120.0) -> dict:
        self._next_id += 1
        ident = self._next_id
        self._socket.send(json.dumps({"id": ident, "method": method, "params": params}))
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise EngineError(f"firefox: no answer to {method} within {timeout:.0f} s")
            try:
                message = json.loads(self._socket.recv(timeout=left))
            except TimeoutError:
                continue  # the loop's check says so
            except Exception as exc:  # noqa: BLE001 (the connection closed: Firefox is gone)
                raise EngineError(f"firefox: {method}: the connection closed ({exc})") from None
            if message.get("type") == "event":
                self._event(message)
            elif message.get("id") == ident:
                if message.get("type") == "error":
                    raise EngineError(f"firefox: {method}: {message.get('error')}: {message.get('message')}")
                return message["result"]

    def _event(self, message: dict) -> None:
        entry = message.get("params", {})
        if message.get("method") == "log.entryAdded" and entry.get("level") == "error":
            self._error(f"{entry.get('type')}: {entry.get('text')}")

    def goto(self, url: str) -> None:
        self._command("browsingContext.navigate", {"context": self._context, "url": url, "wait": "complete"})

    def reload(self) -> None:
        self._command("browsingContext.reload", {"context": self._context, "wait": "complete"})

    def evaluate(self, expression: str):
        result = self._command("script.callFunction", {
            "functionDeclaration": f"() => {{ {wrapped(expression)} }}",
            "target": {"context": self._context}, "awaitPromise": True})
        if result.get("type") == "exception":
            details = result.get("exceptionDetails", {})
            raise EngineError(f"firefox: {expression[:80]}: {details.get('text')}")
        value = result["result"]
        return json.loads(value["value"]) if value.get("type") == "string" else None

    def close(self) -> None:
        socket_ = getattr(self, "_socket", None)
        if socket_ is not None:
            try:
                self._command("browser.close", {}, timeout=10)
                self._process.wait(10)  # let it write the profile before anything kills it
            except Exception:  # noqa: BLE001 (closing anyway)
                pass
            socket_.close()
        super().close()


class WebKit(Page):
    """WebKitGTK's MiniBrowser through WebKitWebDriver (classic WebDriver), on Xvfb."""

    name = "webkit"

    def __init__(self, driver: str, minibrowser: str, xvfb_run: str | None):
        super().__init__()
        port = free_port()
        command = [driver, f"--port={port}"]
        if xvfb_run:
            command = [xvfb_run, "-a", *command]
        self._process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                         start_new_session=True, text=True, errors="replace")
        threading.Thread(target=self._read_output, daemon=True).start()
        self._base = f"http://127.0.0.1:{port}"
        try:
            wait_for_port(port, self._process)
            options = {"binary": minibrowser, "args": ["--automation", "--enable-write-console-messages-to-stdout=true"]}
            session = self._request("POST", "/session", {"capabilities": {"alwaysMatch": {
                "webkitgtk:browserOptions": options}}})
            self._session = f"/session/{session['sessionId']}"
        except BaseException:
            self.close()
            raise

    def _read_output(self) -> None:
        # MiniBrowser's console lines: "CONSOLE JS ERROR …", "CONSOLE NETWORK ERROR …"
        for line in self._process.stdout:
            if line.startswith("CONSOLE") and " ERROR " in line:
                self._error(line.strip())

    def _request(self, method: str, path: str, body: dict | None = None, timeout: float = 120.0):
        data = json.dumps(body if body is not None else {}).encode() if method == "POST" else None
        request = urllib.request.Request(self._base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return json.loads(response.read() or b"null").get("value")
        except urllib.error.HTTPError as exc:
            detail = json.loads(exc.read() or b"{}").get("value", {})
            raise EngineError(f"webkit: {method} {path}: {detail.get('error')}: {detail.get('message')}") from None
        except OSError as exc:
            raise EngineError(f"webkit: {method} {path}: {exc}") from None

    def goto(self, url: str) -> None:
        self._request("POST", f"{self._session}/url", {"url": url})

    def reload(self) -> None:
        self._request("POST", f"{self._session}/refresh")

    def evaluate(self, expression: str):
        text = self._request("POST", f"{self._session}/execute/sync",
                             {"script": wrapped(expression), "args": []})
        return json.loads(text) if isinstance(text, str) else None

    def close(self) -> None:
        if getattr(self, "_session", None):
            try:
                self._request("DELETE", self._session, timeout=10)
            except EngineError:
                pass
        super().close()


class PlaywrightPage(Page):
    """The same interface on Playwright's own Firefox or WebKit (where they are installed,
    as on a laptop after ``playwright install``): ``browser_type`` is ``playwright.firefox``
    or ``playwright.webkit`` of a running Playwright."""

    def __init__(self, browser_type):
        super().__init__()
        self.name = browser_type.name
        self._browser = browser_type.launch()
        self._page = self._browser.new_context().new_page()
        self._page.on("console", lambda m: m.type == "error" and self._error(f"console: {m.text}"))
        self._page.on("pageerror", lambda exc: self._error(f"pageerror: {exc}"))

    def goto(self, url: str) -> None:
        self._page.goto(url)

    def reload(self) -> None:
        self._page.reload()

    def evaluate(self, expression: str):
        try:
            text = self._page.evaluate(f"() => {{ {wrapped(expression)} }}")
        except Exception as exc:  # noqa: BLE001 (Playwright's errors, navigation included)
            raise EngineError(f"{self.name}: {expression[:80]}: {exc}") from None
        return json.loads(text) if isinstance(text, str) else None

    def close(self) -> None:
        self._browser.close()
        super().close()


def find_engines() -> dict[str, dict]:
    """The engines this machine can run: {"firefox": {...}, "webkit": {...}}, each with
    the paths ``open_engine`` needs; a missing engine is absent."""
    found = {}
    firefox = next((shutil.which(n) for n in FIREFOX_NAMES if shutil.which(n)), None)
    if firefox:
        found["firefox"] = {"executable": firefox}
    driver = shutil.which(WEBKIT_DRIVER)
    minibrowser = next(iter(sorted(Path("/").glob(MINIBROWSER_GLOB.lstrip("/")))), None)
    xvfb_run = shutil.which("xvfb-run")
    if driver and minibrowser and (xvfb_run or os.environ.get("DISPLAY")):
        found["webkit"] = {"driver": driver, "minibrowser": str(minibrowser),
                           "xvfb_run": None if os.environ.get("DISPLAY") else xvfb_run}
    return found


def open_engine(name: str, paths: dict, profile: Path | None = None) -> Page:
    """A browser of engine ``name``: on a fresh profile, or (Firefox only) on ``profile``,
    a folder that outlives it."""
    if name == "firefox":
        return Firefox(paths["executable"], profile)
    if profile is not None:
        raise ValueError(f"{name}: no browser started on a kept profile here")
    if name == "webkit":
        return WebKit(paths["driver"], paths["minibrowser"], paths["xvfb_run"])
    raise ValueError(f"unknown engine {name!r}")
