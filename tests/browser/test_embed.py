"""?embed=1: the example page (examples/embed.html) served from another origin embeds the
table in an iframe, with storage blocked, and hears its messages."""
import threading

import pytest
from axe_playwright_python.sync_playwright import Axe
from conftest import BOOT_TIMEOUT_MS, MOVE_TIMEOUT_MS, Table

import serve


@pytest.fixture(scope="module")
def host_url():
    """A second server (another port, and addressed as localhost): another origin and site."""
    server = serve.make_server("127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://localhost:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def embedded(browser, site_url, host_url):
    table = Table(browser, host_url, block_storage=True, viewport={"width": 480, "height": 1000})
    table.page.goto(f"{host_url}examples/embed.html?game={site_url}&pace=0")
    table.page.wait_for_function("() => messages.some(m => m.type === 'ready')", timeout=BOOT_TIMEOUT_MS)
    frame = next(f for f in table.page.frames if f.url.startswith(site_url))
    yield table, frame
    table.close_context()


def messages(table):
    return table.page.evaluate("messages")


def state(frame):
    import json

    return json.loads(frame.get_attribute("body", "data-state"))


def play_first_playable(frame):
    tick = frame.get_attribute("body", "data-tick")
    frame.click('#hand button[data-card]:not([aria-disabled="true"])')
    frame.wait_for_function(
        "tick => document.body.dataset.tick !== tick && document.body.dataset.ready === '1'",
        arg=tick, timeout=MOVE_TIMEOUT_MS)


def test_embedded_on_another_origin_with_storage_blocked(embedded, site_url, host_url):
    table, frame = embedded
    assert site_url.split("/")[2] != host_url.split("/")[2]
    assert frame.evaluate("() => { try { localStorage.length; return 'open'; } catch (e) { return e.name; } }") \
        == "SecurityError"
    assert frame.get_attribute("body", "data-ready") == "1"
    assert frame.is_hidden("#notice")  # the game is in memory: nothing to complain about
    assert frame.is_hidden("header.bar") and frame.is_hidden("#help")  # no site chrome
    assert "seed=7" in frame.evaluate("location.search")  # kept: a reload deals it again
    ready = messages(table)[0]
    assert ready["type"] == "ready" and ready["seed"] == 7 and ready["hand_no"] == 1
    assert ready["rules"] == {"preset": "sharp", "claim": "auto"}
    hand = frame.eval_on_selector_all("#hand button[data-card]", "els => els.map(e => e.dataset.card)")
    assert ready["hand"] == hand


def test_embedded_table_reports_actions_and_the_result(embedded):
    table, frame = embedded
    for _ in range(40):
        if frame.get_attribute("body", "data-turn") == "over":
            break
        play_first_playable(frame)
    final = state(frame)
    assert final["outcome"] is not None
    table.page.wait_for_function("() => messages.some(m => m.type === 'hand_over')")
    received = messages(table)
    actions = [m for m in received if m["type"] == "action"]
    assert [m["action"] for m in actions] == final["history"]
    assert {m["who"] for m in actions} == {"you", "bot"}
    assert all(m["events"] and m["source"] == "bummerl" for m in actions)
    over = received[-1]
    assert over["type"] == "hand_over"
    assert over["winner"] == final["outcome"]["winner"]
    assert over["game_points"] == final["outcome"]["game_points"]
    assert over["record"]["actions"] == final["history"]
    assert over["board"] == final["board"]
    assert table.page.locator('#log li[data-type="hand_over"]').count() == 1
    # the next deal is announced too
    tick = frame.get_attribute("body", "data-tick")
    frame.click('#actions [data-action="next-hand"]')
    frame.wait_for_function("tick => document.body.dataset.tick !== tick && document.body.dataset.ready === '1'",
                            arg=tick)
    table.page.wait_for_function("() => messages.filter(m => m.type === 'ready').length === 2")


def test_embedded_table_fits_its_frame(embedded):
    table, frame = embedded
    width = table.page.evaluate("document.getElementById('bummerl').clientWidth")
    assert 300 < width <= 480
    assert frame.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    cards = frame.eval_on_selector_all("#hand button[data-card]",
                                       "els => els.map(e => e.getBoundingClientRect().right)")
    assert cards and max(cards) <= width


def test_embedded_table_accessibility(embedded):
    _, frame = embedded
    results = Axe().run(frame)
    serious = [(v["id"], v["help"]) for v in results.response["violations"]
               if v.get("impact") in ("serious", "critical")]
    assert serious == []
