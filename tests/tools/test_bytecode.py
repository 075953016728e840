"""The committed bytecode archive (assets/py/bummerl.zip) is current with the sources, and
telling so needs CPython alone: no Node, no browser."""
import hashlib
import json
import shutil
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import build_bytecode  # noqa: E402
import sync_site  # noqa: E402


def entries(path: Path = build_bytecode.ARCHIVE) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_committed_archive_is_current_with_the_sources():
    assert build_bytecode.problems() == []


def test_archive_holds_each_module_as_source_and_bytecode_and_nothing_else():
    found = entries()
    modules = [rel.removeprefix("src/") for rel in sync_site.modules()]
    assert "bummerl/cards.py" in modules and "bummerl_web/app.py" in modules
    assert sorted(found) == sorted([build_bytecode.MANIFEST, *modules, *(m + "c" for m in modules)])
    for name in modules:
        assert found[name] == (ROOT / "src" / name).read_bytes()


def test_entry_script_and_command_line_are_not_archived():
    found = entries()
    assert "bummerl_web/boot.py" not in found  # run by PyScript from its src, with top-level await
    assert not any(name.endswith("__main__.py") for name in found)


def test_manifest_names_the_vendored_pyodide_and_the_source_of_every_bytecode():
    found = entries()
    manifest = json.loads(found[build_bytecode.MANIFEST])
    versions = json.loads((ROOT / "assets/vendor/VERSIONS.json").read_text())
    assert manifest["pyodide"] == versions["packages"]["pyodide"]
    assert manifest["python"].startswith("3.14.")
    for name, digest in manifest["sources"].items():
        assert hashlib.sha256((ROOT / "src" / name).read_bytes()).hexdigest() == digest
        pyc = found[name + "c"]
        assert pyc[:4].hex() == manifest["magic"]
        assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, not checked at import


@pytest.fixture
def copy(tmp_path):
    path = tmp_path / "bummerl.zip"
    shutil.copyfile(build_bytecode.ARCHIVE, path)
    return path


def test_a_changed_source_makes_the_archive_stale_and_names_the_module(copy, monkeypatch):
    real = build_bytecode.sources()
    changed = {**real, "bummerl/rules.py": real["bummerl/rules.py"] + b"\n# changed\n"}
    monkeypatch.setattr(build_bytecode, "sources", lambda: changed)
    wrong = build_bytecode.problems(copy)
    assert any("sources changed" in line and "bummerl/rules.py" in line for line in wrong)


def test_an_added_module_makes_the_archive_stale(copy, monkeypatch):
    more = {**build_bytecode.sources(), "bummerl/new.py": b"X = 1\n"}
    monkeypatch.setattr(build_bytecode, "sources", lambda: more)
    assert any("bummerl/new.py" in line for line in build_bytecode.problems(copy))


def test_bytecode_for_another_pyodide_is_stale(copy, monkeypatch):
    monkeypatch.setattr(build_bytecode, "pyodide_version", lambda: "315.0.0")
    assert any("vendored is 315.0.0" in line for line in build_bytecode.problems(copy))


def test_without_node_a_stale_archive_is_rewritten_with_sources_only_and_reported(copy, monkeypatch):
    real = build_bytecode.sources()
    changed = {**real, "bummerl/rules.py": real["bummerl/rules.py"] + b"\n# changed\n"}
    monkeypatch.setattr(build_bytecode, "sources", lambda: changed)
    monkeypatch.setattr(build_bytecode.shutil, "which", lambda name: None)
    with pytest.raises(build_bytecode.NoNode):
        build_bytecode.build(copy)
    found = entries(copy)
    assert found["bummerl/rules.py"] == changed["bummerl/rules.py"]  # the page runs the new source
    assert not any(name.endswith(".pyc") for name in found)
    assert build_bytecode.problems(copy) == ["it holds sources only, no bytecode (built without Node)"]


def test_a_current_archive_is_not_rebuilt_and_needs_no_node(copy, monkeypatch):
    monkeypatch.setattr(build_bytecode.shutil, "which", lambda name: None)
    before = copy.read_bytes()
    assert build_bytecode.build(copy) == "current"
    assert copy.read_bytes() == before


def test_config_loads_the_archive_and_the_page_preloads_it():
    config = sync_site.config()
    assert config["files"] == {"./assets/py/bummerl.zip": "./bummerl.zip"}
    index = (ROOT / "index.html").read_text()
    assert '<link rel="preload" as="fetch" crossorigin href="./assets/py/bummerl.zip">' in index
    assert 'ARCHIVE = os.path.abspath("bummerl.zip")' in (ROOT / sync_site.ENTRY).read_text()


def test_the_standard_library_is_pyodides_own_with_bytecode_for_what_starts_the_page():
    manifest = build_bytecode.read_manifest()
    assert build_bytecode.stdlib_problems(manifest) == []
    magic = bytes.fromhex(manifest["magic"])
    with zipfile.ZipFile(build_bytecode.VENDORED_STDLIB) as vendored, \
            zipfile.ZipFile(build_bytecode.STDLIB) as built:
        added = sorted(set(built.namelist()) - set(vendored.namelist()))
        # what Pyodide, PyScript's package and our modules import as the page starts
        for module in ("asyncio/events.py", "inspect.py", "html/entities.py", "json/decoder.py",
                       "random.py", "dataclasses.py"):
            assert module + "c" in added, module
        for name in added:
            pyc = built.read(name)
            assert pyc[:4] == magic
            assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, not checked at import
            assert pyc[8:16] == build_bytecode.source_hash(magic, built.read(name.removesuffix("c")))


def test_a_standard_library_that_is_not_the_vendored_pyodides_is_stale(tmp_path):
    manifest = build_bytecode.read_manifest()
    changed = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(build_bytecode.STDLIB) as built, zipfile.ZipFile(changed, "w") as out:
        for info in built.infolist():
            data = built.read(info)
            out.writestr(info, data + b"# changed\n" if info.filename == "json/decoder.py" else data)
    manifest = {**manifest, "stdlib": hashlib.sha256(changed.read_bytes()).hexdigest()}
    wrong = build_bytecode.stdlib_problems(manifest, changed)
    assert any("json/decoder.py is not the vendored Pyodide's" in line for line in wrong)
    assert any("json/decoder.pyc was not compiled from json/decoder.py" in line for line in wrong)
    assert build_bytecode.stdlib_problems({**manifest, "stdlib": "0" * 64}, changed) == [
        f"{changed} is not the one the manifest names"]
