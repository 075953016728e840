"""Repeat visits start from a memory snapshot (assets/js/interpreter.mjs, made by
assets/js/snapshot-worker.mjs once the service worker runs the site, with the Python the
page ran compiled ahead: src/bummerl_web/ahead.py); any trouble with it boots as usual,
silently, and a good snapshot replaces a bad one."""
import pytest

from conftest import BOOT_TIMEOUT_MS, Table

SNAPSHOT_TIMEOUT_MS = 120_000
# Run in the page: the key and cache interpreter.mjs use, so a test can plant an entry.
PLANT = """async ([body, foreign]) => {
  const m = await import("./assets/js/interpreter.mjs");
  const key = foreign ? new URL("./snapshot/0.0.0/foreign", location.href).href : await m.snapshotKey();
  const cache = await caches.open(m.SNAPSHOT_CACHE);
  for (const old of await cache.keys()) await cache.delete(old);
  const bytes = new TextEncoder().encode(body);
  const packed = m.packSnapshot(bytes);
  const entry = body === "not packed" ? new Blob([bytes])
    : body === "packed, cut short" ? packed.slice(0, packed.size - 3) : packed;
  await cache.put(key, new Response(entry));
  return key;
}"""
ENTRIES = """async () => {
  const cache = await caches.open("bummerl-snapshot");
  return (await cache.keys()).map((request) => request.url);
}"""


def hand(table: Table) -> list[str]:
    return table.hand()


def fresh_visit(table: Table) -> Table:
    """A new visit in the same profile with no saved game: a new match is dealt."""
    table.page.evaluate("localStorage.clear()")
    table.page.goto(table.base_url + "?pace=0")
    return table.wait_ready(BOOT_TIMEOUT_MS)


def snapshot_saved(table: Table) -> None:
    table.page.wait_for_selector("body[data-snapshot]", state="attached", timeout=SNAPSHOT_TIMEOUT_MS)
    assert table.body("snapshot") == "saved"


@pytest.fixture(scope="module")
def installed(browser, site_url):
    """One profile in which the site is installed (service worker) and a snapshot made."""
    table = Table(browser, site_url, service_workers="allow")
    table.open("pace=0")
    assert table.body("boot") == "bytecode"  # a first visit boots as usual
    table.page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    snapshot_saved(table)
    yield table
    table.context.set_offline(False)
    table.close_context()


def test_repeat_visits_restore_the_snapshot_and_deal_different_cards(installed):
    first = hand(fresh_visit(installed))
    assert installed.body("boot") == "snapshot"
    assert installed.page.evaluate("() => document.body.dataset.snapshot") is None  # not remade
    assert installed.body("ahead") == "pyscript"  # PyScript's package imported as compiled ahead
    second = hand(fresh_visit(installed))
    assert installed.body("boot") == "snapshot"
    assert first != second  # random is reseeded: a snapshot does not freeze the deal
    installed.play(installed.playable()[0])  # and it plays (the bot answers)
    installed.page.wait_for_function("document.body.dataset.turn !== 'bot'", timeout=20_000)


def test_a_saved_game_resumes_after_a_restore(installed):
    fresh_visit(installed)
    installed.play(installed.playable()[0])
    installed.page.wait_for_function("document.body.dataset.turn === 'you'", timeout=20_000)
    history = installed.state()["history"]
    installed.reload()
    assert installed.body("boot") == "snapshot"
    assert installed.state()["history"] == history


def test_a_deal_link_on_a_repeat_visit_restores_too(installed):
    installed.page.goto(installed.base_url + "?seed=62&pace=0")
    installed.wait_ready(BOOT_TIMEOUT_MS)
    assert installed.body("boot") == "snapshot"
    assert installed.state()["seed"] == 62


def test_offline_repeat_visit_restores_the_snapshot(installed):
    installed.context.set_offline(True)
    try:
        fresh_visit(installed)
        assert installed.body("boot") == "snapshot"
        assert len(installed.playable()) > 0
    finally:
        installed.context.set_offline(False)


@pytest.mark.parametrize("body", ["not packed", "packed, cut short", "packed, of no memory at all"])
def test_a_corrupt_snapshot_boots_as_usual_and_is_replaced(installed, body):
    installed.page.evaluate(PLANT, [body, False])
    fresh_visit(installed)
    assert installed.body("boot") == "bytecode snapshot-failed"  # booted as usual, and says why
    assert len(installed.playable()) == 5
    snapshot_saved(installed)  # a new one, made after this visit
    fresh_visit(installed)
    assert installed.body("boot") == "snapshot"


def test_a_snapshot_of_another_release_is_not_used_and_is_replaced(installed):
    foreign = installed.page.evaluate(PLANT, ["packed, of no memory at all", True])
    fresh_visit(installed)
    assert installed.body("boot") == "bytecode"
    assert installed.page.evaluate("window.__bummerlBoot") is None  # never looked at
    snapshot_saved(installed)
    entries = installed.page.evaluate(ENTRIES)
    assert len(entries) == 1 and entries[0] != foreign


def test_refused_storage_boots_as_usual_and_the_game_is_saved(installed):
    """Cache Storage refusing (quota, privacy settings): a normal boot, the game still saved."""
    installed.context.add_init_script(
        "CacheStorage.prototype.open = () => Promise.reject("
        "new DOMException('quota exceeded by the test', 'QuotaExceededError'));")
    fresh_visit(installed)
    assert installed.body("boot").split()[0] == "bytecode"  # "snapshot-failed" if one was there
    installed.play(installed.playable()[0])
    assert installed.storage()["bummerl"]
