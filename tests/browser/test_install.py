"""Install and offline: the manifest, the service worker's precache list, and a reload
with the network off after one visit."""
import json
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

from conftest import Table

ROOT = Path(__file__).resolve().parents[2]


def precached() -> set[str]:
    text = (ROOT / "precache.js").read_text()
    return {name.removeprefix("./") for name in re.findall(r'"(\./[^"]+)"', text)}


def test_precache_list_is_current():
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "build_sw.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_manifest_is_linked_and_its_files_are_precached():
    index = (ROOT / "index.html").read_text()
    assert '<link rel="manifest" href="./manifest.webmanifest">' in index
    assert 'register("./sw.js"' in (ROOT / "assets/js/shell.js").read_text()  # relative: works under a sub-path
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text())
    assert manifest["start_url"].startswith("./") and manifest["scope"] == "./"
    files = precached()
    assert {"index.html", "manifest.webmanifest", "pyscript.toml"} <= files
    assert all(icon["src"].removeprefix("./") in files for icon in manifest["icons"])


def test_offline_reload_after_a_first_visit(browser, site_url):
    table = Table(browser, site_url, service_workers="allow")
    try:
        table.open("seed=61&pace=0")
        page = table.page
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
        # everything the first visit loaded is in the precache list (but the worker's own
        # scripts, which the browser keeps with the registration)
        files = precached()
        for url in table.requests:
            path = urlsplit(url).path.lstrip("/")
            if url.startswith(site_url) and path and path not in ("sw.js", "precache.js"):
                assert path in files, f"{path} is loaded but not precached"
        version = re.search(r'version: "(\w+)"', (ROOT / "precache.js").read_text()).group(1)
        # the release's files, and perhaps already the memory snapshot (test_snapshot.py)
        caches = set(page.evaluate("caches.keys()")) - {"bummerl-snapshot"}
        assert caches == {f"bummerl-{version}"}
        history = table.state()["history"]
        table.context.set_offline(True)
        table.reload()  # the address is now "/?pace=0": served from the cache
        assert table.state()["history"] == history and table.state()["seed"] == 61
        table.play(table.playable()[0])
        assert len(table.state()["history"]) > len(history)
        page.goto(site_url + "?seed=62&pace=0")  # a link, offline too
        table.wait_ready(60_000)
        assert table.state()["seed"] == 62
        assert table.take_problems() == []  # no console error, offline included
    finally:
        table.context.set_offline(False)
        table.close_context()
