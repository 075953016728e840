"""How the page starts: our modules from the bytecode archive and the standard library from
its bytecode, each falling back to the sources beside it when the bytecode is not for this
interpreter; tracebacks still name file and line."""
import io
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

from conftest import BOOT_TIMEOUT_MS, Table

ROOT = Path(__file__).resolve().parents[2]
ARCHIVE = ROOT / "assets" / "py" / "bummerl.zip"
STDLIB = ROOT / "assets" / "py" / "python_stdlib.zip"


def test_page_imports_our_modules_as_bytecode_from_one_archive(open_table):
    table = open_table()
    assert table.body("boot") == "bytecode"
    paths = {urlsplit(url).path for url in table.requests}
    assert "/assets/py/bummerl.zip" in paths
    assert sorted(p for p in paths if p.endswith(".py")) == ["/src/bummerl_web/boot.py"]


def test_the_standard_library_starts_from_bytecode_not_pyodides_sources(open_table):
    table = open_table()
    assert table.body("stdlib") == "bytecode"
    paths = {urlsplit(url).path for url in table.requests}
    assert "/assets/py/python_stdlib.zip" in paths
    assert "/assets/vendor/pyodide/python_stdlib.zip" not in paths


def foreign_archive(path: Path = ARCHIVE) -> bytes:
    """A committed zip, with every .pyc stamped with another interpreter's magic."""
    out = io.BytesIO()
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename.endswith(".pyc"):
                data = b"\x00\x00\r\n" + data[4:]
            target.writestr(info, data)
    return out.getvalue()


def test_bytecode_for_another_python_falls_back_to_the_sources_beside_it(browser, site_url):
    table = Table(browser, site_url)
    try:
        body, stdlib = foreign_archive(), foreign_archive(STDLIB)
        table.context.route("**/assets/py/bummerl.zip",
                            lambda route: route.fulfill(body=body, content_type="application/zip"))
        table.context.route("**/assets/py/python_stdlib.zip",
                            lambda route: route.fulfill(body=stdlib, content_type="application/zip"))
        table.open("seed=5&pace=0")
        assert table.body("boot") == "source"
        assert table.body("stdlib") == "source"
        before = len(table.state()["history"])
        table.play(table.playable()[0])
        assert len(table.state()["history"]) > before
    finally:
        table.close_context()


def test_a_traceback_from_bytecode_names_the_source_file_line_and_text(browser, site_url):
    table = Table(browser, site_url)
    try:
        table.context.add_init_script(
            "window.matchMedia = () => { throw new Error('start broken by the test'); };")
        table.page.goto(site_url + "?seed=5&pace=0")
        table.page.wait_for_selector('body[data-rescue="1"]', state="attached", timeout=BOOT_TIMEOUT_MS)
        assert table.body("boot") == "bytecode"
        logged, table.errors[:] = list(table.errors), []
        assert len(logged) == 1, logged
        source = (ROOT / "src/bummerl_web/app.py").read_text().splitlines()
        line = next(n for n, text in enumerate(source, 1) if "js.window.matchMedia(" in text)
        assert f'File "src/bummerl_web/app.py", line {line}, in __init__' in logged[0]
        assert source[line - 1].strip() in logged[0]  # the line's text, read from the archive
    finally:
        table.close_context()
