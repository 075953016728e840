#!/usr/bin/env python3
"""Set up everything the tests need, then run them all: `python tools/test.py [pytest args]`.

1. a virtual environment in .venv, (re)built when missing or when
   requirements-dev.txt changed (its hash is kept in .venv/requirements.sha256);
2. a browser for the browser tests (tools/browser_setup.py): $BUMMERL_CHROMIUM, else
   Playwright's own Chromium if installed, else the system `chromium`; with none of
   them it runs `playwright install chromium`, and if that fails, as root,
   `apt-get install chromium`; skipped with `-m "not browser"`; likewise Firefox and
   WebKit (Playwright's own builds, else Debian's firefox-esr, webkit2gtk-driver and xvfb,
   installed as root), whose names are passed on in $BUMMERL_ENGINES;
3. `.venv/bin/python -m pytest` over tests/ (engine, bots, browser) with the
   given arguments.  The exit code is pytest's, or 2 with a message saying what to do
   when the setup fails.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

from browser_setup import ENGINES_ENV, ENV, Machine, NoBrowser, find_browser, find_other_engines

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
REQUIREMENTS = ROOT / "requirements-dev.txt"
STAMP = VENV / "requirements.sha256"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")


class SetupError(Exception):
    """The environment could not be prepared; the message says why."""


def say(msg: str) -> None:
    print(f"[test.py] {msg}", flush=True)


def ensure_venv() -> None:
    wanted = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()
    if PYTHON.exists() and STAMP.exists() and STAMP.read_text().strip() == wanted:
        return
    if not PYTHON.exists():
        say(f"creating {VENV.relative_to(ROOT)}")
        shutil.rmtree(VENV, ignore_errors=True)
        try:
            venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
        except (OSError, subprocess.CalledProcessError) as exc:
            raise SetupError(f"Could not create {VENV.relative_to(ROOT)} ({exc}). On Debian or "
                             f"Ubuntu install the venv module first: sudo apt-get install "
                             f"python3-venv") from exc
    say("installing requirements-dev.txt")
    code = subprocess.run([str(PYTHON), "-m", "pip", "install", "--quiet",
                           "--disable-pip-version-check", "-r", str(REQUIREMENTS)]).returncode
    if code:
        raise SetupError(f"Installing the test dependencies failed (pip exit code {code}; its "
                         f"output is above). Check the network or the package index, then "
                         f"run python tools/test.py again.")
    STAMP.write_text(wanted + "\n")


def wants_browser(argv: list[str]) -> bool:
    """False when the pytest arguments deselect the browser tests (`-m "not browser"`)."""
    return not any("not browser" in arg for arg in argv)


def main(argv: list[str]) -> int:
    os.chdir(ROOT)
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    try:
        ensure_venv()
        if wants_browser(argv):
            machine = Machine(str(PYTHON), say)
            browser = find_browser(env, machine, say)
            say(f"browser: {browser.source}: {browser.path}")
            env[ENV] = browser.path
            engines = find_other_engines(machine, say)
            say(f"other engines: {', '.join(engines) or 'none'}")
            env[ENGINES_ENV] = ",".join(engines)
    except (SetupError, NoBrowser) as exc:
        print(f"\n{exc}", file=sys.stderr, flush=True)
        return 2
    cmd = [str(PYTHON), "-m", "pytest", *argv]
    say(" ".join(cmd[1:]))
    return subprocess.run(cmd, env=env).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
