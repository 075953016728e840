"""Find, or install, the Chromium that the browser tests and tools drive.

Standard library only: `tools/test.py` runs this before `.venv` exists.  Preference:

1. `$BUMMERL_CHROMIUM` (a browser you chose; it must exist);
2. Playwright's own Chromium, if installed;
3. the system's `chromium` (`chromium-browser`, `/usr/bin/chromium`);
4. none found: install Playwright's own (`python -m playwright install chromium`, the
   normal way on a laptop: no root needed), and if that fails, as root with apt-get,
   the system package (`apt-get install chromium`);
5. still none: `NoBrowser`, whose message says what to do.

`find_browser` takes the machine as a parameter (`Machine` is the real one), so the
decisions can be tested with a fake that installs nothing.
"""
from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from engines import find_engines

ENV = "BUMMERL_CHROMIUM"
# Keep Chromium off the network and quiet in containers (the tests and every tool use these).
CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
    "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic",
]


class NoBrowser(Exception):
    """No Chromium could be found or installed; the message tells the user what to do."""


@dataclass(frozen=True)
class Browser:
    path: str
    source: str  # "BUMMERL_CHROMIUM", "Playwright's Chromium", "system chromium", ...


class Machine:
    """The real probes and installers.  `python` is the interpreter that has Playwright
    installed (the virtual environment's)."""

    def __init__(self, python: str, say=print):
        self.python = python
        self.say = say

    def exists(self, path: str) -> bool:
        return Path(path).is_file()

    def playwright_chromium(self) -> str | None:
        """Path of Playwright's own Chromium build, if it is installed."""
        code = ("from playwright.sync_api import sync_playwright\n"
                "with sync_playwright() as p: print(p.chromium.executable_path)")
        try:
            out = subprocess.run([self.python, "-c", code], capture_output=True, text=True,
                                 timeout=60).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            return None
        return out if out and self.exists(out) else None

    def system_chromium(self) -> str | None:
        for name in ("chromium", "chromium-browser"):
            found = shutil.which(name)
            if found:
                return found
        return "/usr/bin/chromium" if self.exists("/usr/bin/chromium") else None

    def install_playwright_chromium(self) -> str | None:
        """Run `playwright install chromium`; None when it worked, else why not."""
        return self._run([self.python, "-m", "playwright", "install", "chromium"])

    def can_apt_install(self) -> bool:
        return hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get") is not None

    def apt_install_chromium(self) -> str | None:
        """`apt-get install chromium` (as root); None when it worked, else why not."""
        return self.apt_install(["chromium"])

    def apt_install(self, packages: list[str]) -> str | None:
        """`apt-get install` the packages (as root); None when it worked, else why not."""
        quiet = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        return (self._run(["apt-get", "update", "-qq"], env=quiet)
                or self._run(["apt-get", "install", "-y", "-qq", *packages], env=quiet))

    def engines(self) -> dict:
        """Firefox and WebKit as tools/engines.py finds them (the Debian packages)."""
        return find_engines()

    def playwright_engines(self) -> list[str]:
        """Playwright's own Firefox and WebKit builds that are installed."""
        code = ("import pathlib\nfrom playwright.sync_api import sync_playwright\n"
                "with sync_playwright() as p: print(' '.join(t.name for t in (p.firefox, p.webkit)"
                " if pathlib.Path(t.executable_path).exists()))")
        try:
            out = subprocess.run([self.python, "-c", code], capture_output=True, text=True,
                                 timeout=60).stdout
        except (OSError, subprocess.SubprocessError):
            return []
        return out.split()

    def _run(self, cmd: list[str], env: dict | None = None) -> str | None:
        self.say(" ".join(cmd))
        try:
            code = subprocess.run(cmd, env=env).returncode
        except OSError as exc:
            return f"`{' '.join(cmd)}` could not start: {exc}"
        return None if code == 0 else f"`{' '.join(cmd)}` failed (exit code {code})"


def find_browser(env: dict, machine, say=print, *, install: bool = True) -> Browser:
    """The browser to use (see the module docstring for the order); `NoBrowser` if none."""
    chosen = env.get(ENV)
    if chosen:
        if not machine.exists(chosen):
            raise NoBrowser(f"{ENV}={chosen} is not a file. Point it at a Chromium or Chrome "
                            f"executable, or unset it to let tools/test.py find one.")
        return Browser(chosen, ENV)
    own = machine.playwright_chromium()
    if own:
        return Browser(own, "Playwright's Chromium")
    system = machine.system_chromium()
    if system:
        return Browser(system, "system chromium")
    if not install:
        raise NoBrowser(advice([]))
    failures = []
    say("no Chromium found: installing Playwright's own (python -m playwright install chromium)")
    failure = machine.install_playwright_chromium()
    own = None if failure else machine.playwright_chromium()
    if own:
        return Browser(own, "Playwright's Chromium (just installed)")
    failures.append(failure or "`playwright install chromium` finished, but no browser appeared")
    if machine.can_apt_install():
        say("trying the system package: apt-get install chromium")
        failure = machine.apt_install_chromium()
        system = None if failure else machine.system_chromium()
        if system:
            return Browser(system, "system chromium (just installed)")
        failures.append(failure or "`apt-get install chromium` finished, but no chromium appeared")
    else:
        failures.append("the system package was not tried (needs root and apt-get)")
    raise NoBrowser(advice(failures))


def advice(failures: list[str]) -> str:
    """What to do when no browser is available, after what was tried."""
    lines = ["No Chromium for the browser tests."]
    lines += [f"  tried: {f}" for f in failures]
    lines += [
        "Any one of these fixes it:",
        "  .venv/bin/python -m playwright install chromium    (Playwright's own browser, no root;",
        "                                                      needs internet access)",
        "  sudo apt-get install chromium                       (Debian/Ubuntu; or your system's",
        "                                                      package manager)",
        f"  {ENV}=/path/to/chrome python tools/test.py   (a Chromium or Chrome you have)",
        "Or run only the tests that need no browser: python tools/test.py -m \"not browser\"",
    ]
    return "\n".join(lines)


# The other engines players use (tests/browser/test_engines.py): Debian's packages, each
# with what it needs to run here (WebKitGTK's MiniBrowser has no headless mode: Xvfb).
ENGINE_PACKAGES = {"firefox": ["firefox-esr"], "webkit": ["webkit2gtk-driver", "xvfb"]}
ENGINES_ENV = "BUMMERL_ENGINES"


def find_other_engines(machine, say=print, *, install: bool = True) -> list[str]:
    """The engines besides Chromium the tests can drive: Playwright's own Firefox and
    WebKit where installed, else Debian's packages, installed as root with apt-get when
    missing. An engine that cannot be had is left out, with a line saying why (its tests
    are then skipped with the same reason)."""
    have = set(machine.playwright_engines()) | set(machine.engines())
    missing = [name for name in ENGINE_PACKAGES if name not in have]
    if missing and install and machine.can_apt_install():
        packages = [p for name in missing for p in ENGINE_PACKAGES[name]]
        say(f"installing the other engines' packages: apt-get install {' '.join(packages)}")
        failure = machine.apt_install(packages)
        if failure:
            say(failure)
        have |= set(machine.engines())
    for name in ENGINE_PACKAGES:
        if name not in have:
            say(f"no {name}: its tests will be skipped (install it: python -m playwright install "
                f"{name}, or as root apt-get install {' '.join(ENGINE_PACKAGES[name])})")
    return [name for name in ENGINE_PACKAGES if name in have]
