"""The harness's own rules, on a stand-in for Chromium's pages (no browser is started)."""
import pytest
from playwright.sync_api import Error as PlaywrightError

from conftest import Table, _open_tables


class FakePage:
    """A tab that boots, or whose renderer crashes while booting (`crash`)."""

    def __init__(self, crash: bool):
        self.crash = crash
        self.handlers = {}
        self.visited = []
        self.closed = False

    def on(self, event, handler):
        self.handlers[event] = handler

    def set_default_timeout(self, timeout):
        pass

    def goto(self, url):
        self.visited.append(url)

    def wait_for_selector(self, selector, **kwargs):
        if self.crash:
            self.handlers["crash"](self)
            raise PlaywrightError("Page.wait_for_selector: Target crashed")

    def close(self):
        self.closed = True


class FakeContext:
    def __init__(self, crashes: int):
        self.crashes = crashes
        self.pages = []

    def new_page(self):
        page = FakePage(crash=len(self.pages) < self.crashes)
        self.pages.append(page)
        return page


def fake_table(crashes: int) -> Table:
    table = Table(None, "http://127.0.0.1:1/", context=FakeContext(crashes))
    _open_tables.remove(table)  # nothing to report: no real page
    return table


def test_a_boot_that_crashes_the_renderer_is_tried_again_in_a_new_tab_with_a_warning():
    table = fake_table(crashes=1)
    with pytest.warns(UserWarning, match="renderer crashed while booting"):
        table.open("seed=5&pace=0")
    first, second = table.context.pages
    assert first.closed and not second.closed
    assert table.page is second
    assert second.visited == ["http://127.0.0.1:1/?seed=5&pace=0"]
    assert table.crashes == 1


def test_a_second_crash_fails_the_test():
    table = fake_table(crashes=2)
    with pytest.warns(UserWarning), pytest.raises(PlaywrightError, match="Target crashed"):
        table.open()
    assert len(table.context.pages) == 2


def test_a_boot_that_fails_without_a_crash_is_not_tried_again():
    class Slow(FakePage):
        def wait_for_selector(self, selector, **kwargs):
            raise PlaywrightError("Timeout 60000ms exceeded")

    table = fake_table(crashes=0)
    table.page = Slow(crash=False)
    with pytest.raises(PlaywrightError, match="Timeout"):
        table.open()
    assert len(table.context.pages) == 1  # no new tab
