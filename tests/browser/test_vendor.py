"""The vendored runtime is complete, pinned, and is what the page actually loads."""
import hashlib
import json
import subprocess
import sys
import tomllib
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
VENDOR = ROOT / "assets" / "vendor"
VERSIONS = json.loads((VENDOR / "VERSIONS.json").read_text())


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_pinned_versions():
    assert VERSIONS["packages"] == {"@pyscript/core": "0.7.31", "pyodide": "314.0.7"}


def test_every_vendored_file_matches_its_hash():
    for rel, digest in VERSIONS["files"].items():
        path = VENDOR / rel
        assert path.is_file(), f"missing vendored file {rel}"
        assert sha256(path) == digest, f"{rel} differs from VERSIONS.json"


def test_licences_are_vendored():
    for rel in ("pyodide/LICENSE", "pyscript/LICENSE", "pyscript/THIRD_PARTY_LICENSES.txt"):
        assert rel in VERSIONS["files"]


def test_config_points_at_the_local_interpreter():
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    # our module in front of the vendored Pyodide (it restores a memory snapshot if it has one)
    assert config["interpreter"] == "./assets/js/interpreter.mjs"
    wrapper = (ROOT / "assets/js/interpreter.mjs").read_text()
    assert 'from "../vendor/pyodide/pyodide.mjs"' in wrapper
    assert 'new URL("../vendor/pyodide/", import.meta.url)' in wrapper
    assert "packages" not in config  # nothing can be fetched from outside


def test_generated_file_lists_are_up_to_date():
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "sync_site.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_file_the_page_loads_exists_and_is_pinned(open_table):
    table = open_table()
    base = table.base_url
    loaded = set()
    for url in table.requests:
        path = urlsplit(url).path.lstrip("/")
        if url.startswith(base) and path:
            loaded.add(path)
    assert "assets/vendor/pyodide/pyodide.asm.wasm" in loaded
    assert any(p.startswith("assets/vendor/pyscript/core") for p in loaded)
    for path in sorted(loaded):
        assert (ROOT / path).is_file(), f"page loaded {path}, which is not in the repo"
        if path.startswith("assets/vendor/"):
            rel = path.removeprefix("assets/vendor/")
            assert VERSIONS["files"].get(rel) == sha256(ROOT / path), f"{path} not pinned"
