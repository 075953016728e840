"""The page's last line of defence: Python failing while the page starts or renders."""
import json

from conftest import BOOT_TIMEOUT_MS, Table

# Per load of the tab: the 1st has a DOM call of the table's render throw, the 2nd a call
# made while the page starts; later loads are left alone.
BREAK_ONCE_EACH = """
const load = Number(sessionStorage.getItem('__loads') || 0) + 1;
sessionStorage.setItem('__loads', String(load));
if (load === 1) {
  const original = Document.prototype.querySelectorAll;
  Document.prototype.querySelectorAll = function (selector) {
    if (selector.startsWith('details[data-key]')) throw new Error('render broken by the test');
    return original.call(this, selector);
  };
} else if (load === 2) {
  window.matchMedia = () => { throw new Error('start broken by the test'); };
}
"""


def rescued(table: Table, failure: str) -> str:
    """Wait for the rescue; return the notice after checking the one logged traceback."""
    table.page.wait_for_selector('body[data-rescue="1"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    assert "Karten werden gemischt" not in table.status()
    assert table.page.get_attribute("#table", "aria-busy") == "false"
    logged, table.errors[:] = list(table.errors), []
    assert len(logged) == 1 and "Traceback" in logged[0] and failure in logged[0]
    return table.page.inner_text("#notice")


def test_a_failing_render_or_start_offers_a_fresh_game_and_the_saved_data(browser, site_url):
    table = Table(browser, site_url, locale="de-DE")
    table.context.add_init_script(BREAK_ONCE_EACH)
    table.page.goto(site_url + "?seed=41&pace=0")
    notice = rescued(table, "render broken by the test")
    assert "etwas ist schiefgegangen" in notice and "Gespeicherte Daten herunterladen" in notice
    saved = table.storage()["bummerl"]
    with table.page.expect_download() as download:
        table.page.click('#notice [data-action="download-saved"]')
    assert open(download.value.path(), encoding="utf-8").read() == saved
    table.page.click('#notice [data-action="start-fresh"]')

    notice = rescued(table, "start broken by the test")  # nothing saved now: nothing to download
    assert "Neues Spiel beginnen" in notice and "herunterladen" not in notice
    table.page.click('#notice [data-action="start-fresh"]')

    table.wait_ready(BOOT_TIMEOUT_MS)
    stored = table.storage()
    assert stored["bummerl.aside.1"] == saved and json.loads(stored["bummerl"])["app"] == "bummerl"
    assert table.page.is_hidden("#notice")
    table.play(table.playable()[0])
