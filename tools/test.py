#!/usr/bin/env python3
"""Set up everything the tests need, then run them all: `python tools/test.py [pytest args]`.

1. a virtual environment in .venv, (re)built when missing or when
   requirements-dev.txt changed (its hash is kept in .venv/requirements.sha256);
2. a browser for the browser tests: Playwright's own Chromium if installed, else
   the system `chromium`, else (as root with apt-get) `apt-get install chromium`;
3. `.venv/bin/python -m pytest` over tests/ (engine, bots, browser) with the
   given arguments.  The exit code is pytest's.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
REQUIREMENTS = ROOT / "requirements-dev.txt"
STAMP = VENV / "requirements.sha256"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")


def say(msg: str) -> None:
    print(f"[test.py] {msg}", flush=True)


def ensure_venv() -> None:
    wanted = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()
    if PYTHON.exists() and STAMP.exists() and STAMP.read_text().strip() == wanted:
        return
    if not PYTHON.exists():
        say(f"creating {VENV.relative_to(ROOT)}")
        shutil.rmtree(VENV, ignore_errors=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    say("installing requirements-dev.txt")
    subprocess.run([str(PYTHON), "-m", "pip", "install", "--quiet",
                    "--disable-pip-version-check", "-r", str(REQUIREMENTS)], check=True)
    STAMP.write_text(wanted + "\n")


def playwright_chromium() -> str | None:
    """Path of Playwright's own Chromium build, if it is installed."""
    code = ("from playwright.sync_api import sync_playwright\n"
            "with sync_playwright() as p: print(p.chromium.executable_path)")
    try:
        out = subprocess.run([str(PYTHON), "-c", code], capture_output=True, text=True,
                             timeout=60).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return out if out and Path(out).exists() else None


def system_chromium() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def ensure_browser(env: dict) -> None:
    if env.get("BUMMERL_CHROMIUM"):
        say(f"browser from BUMMERL_CHROMIUM: {env['BUMMERL_CHROMIUM']}")
        return
    own = playwright_chromium()
    if own:
        say(f"browser: Playwright's Chromium {own}")
        return
    path = system_chromium()
    if not path and hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        say("no browser found: apt-get install chromium")
        quiet = {"DEBIAN_FRONTEND": "noninteractive", **os.environ}
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=quiet)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=True, env=quiet)
        path = system_chromium()
    if path:
        say(f"browser: {path}")
        env["BUMMERL_CHROMIUM"] = path
    else:
        say("no Chromium found: browser tests will fail (set BUMMERL_CHROMIUM)")


def main(argv: list[str]) -> int:
    os.chdir(ROOT)
    ensure_venv()
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    ensure_browser(env)
    cmd = [str(PYTHON), "-m", "pytest", *argv]
    say(" ".join(cmd[1:]))
    return subprocess.run(cmd, env=env).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
