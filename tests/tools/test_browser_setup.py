"""tools/browser_setup.py and tools/test.py decide which Chromium to use, install one when
none is there, and say what to do when that fails: checked with a fake machine (nothing
is installed or started)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parents[2] / "tools"
sys.path.insert(0, str(TOOLS))
import browser_setup  # noqa: E402
from browser_setup import NoBrowser, find_browser  # noqa: E402

OWN = "/home/me/.cache/ms-playwright/chromium-1/chrome-linux/chrome"
SYSTEM = "/usr/bin/chromium"


class FakeMachine:
    """What is installed, what an install would do, and a log of what was run."""

    def __init__(self, *, own=None, system=None, files=(), playwright_install=None,
                 root=False, apt_install=None):
        self.own, self.system = own, system
        self.files = set(files) | {p for p in (own, system) if p}
        self.playwright_install = playwright_install  # path it installs, or None: fails
        self.root = root
        self.apt_install = apt_install
        self.ran: list[str] = []

    def exists(self, path):
        return path in self.files

    def playwright_chromium(self):
        return self.own

    def system_chromium(self):
        return self.system

    def install_playwright_chromium(self):
        self.ran.append("playwright install chromium")
        if self.playwright_install:
            self.own = self.playwright_install
            return None
        return "`python -m playwright install chromium` failed (exit code 1)"

    def can_apt_install(self):
        return self.root

    def apt_install_chromium(self):
        self.ran.append("apt-get install chromium")
        if self.apt_install:
            self.system = self.apt_install
            return None
        return "`apt-get install -y -qq chromium` failed (exit code 100)"


def find(env=None, machine=None, **kw):
    return find_browser(env or {}, machine, say=lambda msg: None, **kw)


def test_the_environment_variable_wins_over_every_installed_browser():
    machine = FakeMachine(own=OWN, system=SYSTEM, files={"/opt/chrome"})
    browser = find({"BUMMERL_CHROMIUM": "/opt/chrome"}, machine)
    assert browser.path == "/opt/chrome" and browser.source == "BUMMERL_CHROMIUM"
    assert machine.ran == []


def test_an_environment_variable_naming_no_file_is_an_error_that_says_so():
    with pytest.raises(NoBrowser, match="BUMMERL_CHROMIUM=/nowhere is not a file"):
        find({"BUMMERL_CHROMIUM": "/nowhere"}, FakeMachine(own=OWN))


def test_playwrights_own_chromium_is_preferred_to_the_system_one():
    machine = FakeMachine(own=OWN, system=SYSTEM)
    assert find(machine=machine).path == OWN
    assert machine.ran == []


def test_the_system_chromium_is_used_when_playwright_has_none_and_nothing_is_installed():
    machine = FakeMachine(system=SYSTEM, root=True, playwright_install=OWN)
    assert find(machine=machine) == browser_setup.Browser(SYSTEM, "system chromium")
    assert machine.ran == []


def test_with_no_browser_playwright_install_comes_first_even_as_root():
    machine = FakeMachine(root=True, playwright_install=OWN, apt_install=SYSTEM)
    browser = find(machine=machine)
    assert browser.path == OWN and "just installed" in browser.source
    assert machine.ran == ["playwright install chromium"]


def test_apt_get_is_tried_as_root_when_playwright_install_fails():
    machine = FakeMachine(root=True, apt_install=SYSTEM)
    assert find(machine=machine).path == SYSTEM
    assert machine.ran == ["playwright install chromium", "apt-get install chromium"]


def test_without_root_a_failed_playwright_install_ends_with_advice_not_apt_get():
    machine = FakeMachine(root=False, apt_install=SYSTEM)
    with pytest.raises(NoBrowser) as caught:
        find(machine=machine)
    assert machine.ran == ["playwright install chromium"]
    message = str(caught.value)
    assert "playwright install chromium` failed" in message
    assert "needs root and apt-get" in message
    for remedy in ("python -m playwright install chromium", "apt-get install chromium",
                   "BUMMERL_CHROMIUM=", '-m "not browser"'):
        assert remedy in message


def test_when_both_installs_fail_the_advice_lists_both_failures():
    machine = FakeMachine(root=True)
    with pytest.raises(NoBrowser) as caught:
        find(machine=machine)
    message = str(caught.value)
    assert "playwright install chromium` failed" in message
    assert "apt-get install -y -qq chromium` failed" in message


def test_an_install_that_succeeds_but_leaves_no_browser_is_reported():
    class Empty(FakeMachine):
        def install_playwright_chromium(self):
            self.ran.append("playwright install chromium")
            return None
    with pytest.raises(NoBrowser, match="finished, but no browser appeared"):
        find(machine=Empty())


def test_nothing_is_installed_when_installing_is_not_allowed():
    machine = FakeMachine(root=True, playwright_install=OWN)
    with pytest.raises(NoBrowser, match="No Chromium"):
        find(machine=machine, install=False)
    assert machine.ran == []


def test_a_failed_command_is_reported_with_its_exit_code():
    machine = browser_setup.Machine(sys.executable, say=lambda msg: None)
    assert machine._run([sys.executable, "-c", "raise SystemExit(3)"]).endswith("(exit code 3)")
    assert machine._run([sys.executable, "-c", "pass"]) is None
    assert "could not start" in machine._run(["/nonexistent/installer"])


def _test_script():
    spec = importlib.util.spec_from_file_location("bummerl_tools_test", TOOLS / "test.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_test_script_skips_the_browser_search_when_browser_tests_are_deselected():
    script = _test_script()
    assert not script.wants_browser(["-m", "not browser"])
    assert not script.wants_browser(["-mnot browser", "-q"])
    assert script.wants_browser(["-q", "tests/engine"])


def test_test_script_prints_the_advice_and_exits_2_without_a_traceback(monkeypatch, capsys):
    script = _test_script()
    monkeypatch.chdir(script.ROOT)
    monkeypatch.setattr(script, "ensure_venv", lambda: None)
    monkeypatch.setattr(script, "find_browser", lambda *a, **k: (_ for _ in ()).throw(
        NoBrowser(browser_setup.advice(["`python -m playwright install chromium` failed"]))))
    monkeypatch.setattr(script.subprocess, "run", lambda *a, **k: pytest.fail("pytest must not run"))
    assert script.main(["-q"]) == 2
    err = capsys.readouterr().err
    assert "No Chromium for the browser tests." in err and "Traceback" not in err


def test_test_script_hands_the_found_browser_to_pytest(monkeypatch):
    script = _test_script()
    monkeypatch.chdir(script.ROOT)
    monkeypatch.setattr(script, "ensure_venv", lambda: None)
    monkeypatch.setattr(script, "find_browser",
                        lambda *a, **k: browser_setup.Browser(OWN, "Playwright's Chromium"))
    monkeypatch.setattr(script, "find_other_engines", lambda *a, **k: ["firefox", "webkit"])
    seen = {}

    class Done:
        returncode = 0

    def run(cmd, env):
        seen["cmd"], seen["env"] = cmd, env
        return Done()
    monkeypatch.setattr(script.subprocess, "run", run)
    assert script.main(["-q"]) == 0
    assert seen["env"]["BUMMERL_CHROMIUM"] == OWN
    assert seen["env"]["BUMMERL_ENGINES"] == "firefox,webkit"
    assert seen["cmd"][1:] == ["-m", "pytest", "-q"]


class EngineMachine:
    """Which engines Playwright and Debian's packages give, and what apt-get would add."""

    def __init__(self, *, playwright=(), debian=(), root=False, apt_gives=(), apt_fails=False):
        self.playwright, self.debian = list(playwright), set(debian)
        self.root, self.apt_gives, self.apt_fails = root, set(apt_gives), apt_fails
        self.ran: list[list[str]] = []

    def playwright_engines(self):
        return self.playwright

    def engines(self):
        return {name: {} for name in self.debian}

    def can_apt_install(self):
        return self.root

    def apt_install(self, packages):
        self.ran.append(packages)
        if self.apt_fails:
            return "`apt-get install` failed (exit code 100)"
        self.debian |= self.apt_gives
        return None


def other_engines(machine):
    said = []
    return browser_setup.find_other_engines(machine, said.append), said


def test_missing_engines_are_installed_from_debian_as_root():
    machine = EngineMachine(root=True, apt_gives={"firefox", "webkit"})
    engines, _ = other_engines(machine)
    assert engines == ["firefox", "webkit"]
    assert machine.ran == [["firefox-esr", "webkit2gtk-driver", "xvfb"]]


def test_only_the_missing_engines_packages_are_installed():
    machine = EngineMachine(playwright=["firefox"], root=True, apt_gives={"webkit"})
    assert other_engines(machine)[0] == ["firefox", "webkit"]
    assert machine.ran == [["webkit2gtk-driver", "xvfb"]]


def test_engines_already_there_install_nothing():
    machine = EngineMachine(playwright=["webkit"], debian={"firefox"}, root=True)
    assert other_engines(machine)[0] == ["firefox", "webkit"] and machine.ran == []


def test_an_engine_that_cannot_be_had_is_left_out_and_the_reason_said():
    machine = EngineMachine(debian={"firefox"})  # not root: nothing is installed
    engines, said = other_engines(machine)
    assert engines == ["firefox"] and machine.ran == []
    assert any("no webkit" in line and "apt-get install webkit2gtk-driver xvfb" in line for line in said)
    failing = EngineMachine(root=True, apt_fails=True)
    engines, said = other_engines(failing)
    assert engines == [] and any("failed" in line for line in said)
