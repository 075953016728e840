#!/usr/bin/env python3
"""Build the page's Python as one archive of bytecode: `python tools/build_bytecode.py [--check]`.

`assets/py/bummerl.zip` holds every module the page loads (`sync_site.modules()`: the
engine `src/bummerl/` and the browser layer `src/bummerl_web/`) twice: its source
(`bummerl/cards.py`) and its bytecode (`bummerl/cards.pyc`) for the exact Python of the
vendored Pyodide, compiled by that Pyodide itself under Node.js, plus `bytecode.json`, the
manifest (the Pyodide version and its magic number, the sha256 of every source it was
compiled from). PyScript writes the archive to the in-browser file system
(`pyscript.toml`'s `files`) and `boot.py` puts it on `sys.path`: Python's zipimport then
loads each module's bytecode instead of compiling its source at every visit.

* Fallback: a `.pyc` whose magic number is not the interpreter's is skipped by zipimport,
  which compiles the `.py` beside it instead (`boot.py` says which it was in
  `<body data-boot>`).
* Tracebacks: each module is compiled under its repository path (`src/bummerl/cards.py`),
  and the source in the archive gives the traceback its lines.
* The `.pyc` files are unchecked hash-based (PEP 552): nothing is compared at import; the
  manifest is what tells that the bytecode is current. `--check` and the test
  `tests/tools/test_bytecode.py` read it with CPython alone, no Node needed.

Only this step needs Node (18 or later): the archive is committed, so playing and
testing need none. `python tools/sync_site.py` runs it when the sources changed; without
Node it writes the archive with sources only (the page still works, compiling them at
load) and says so, and the test fails until the bytecode is built.
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = ROOT / "assets" / "py" / "bummerl.zip"
MANIFEST = "bytecode.json"
PYODIDE = ROOT / "assets" / "vendor" / "pyodide"
VERSIONS = ROOT / "assets" / "vendor" / "VERSIONS.json"
DATE = (1980, 1, 1, 0, 0, 0)  # every entry's timestamp: the same sources give the same archive

# Run by Node: boot the vendored Pyodide, compile each source under its repository path.
COMPILE_JS = r"""
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [indexDir, inFile, outFile] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(indexDir + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: indexDir + "/" });
pyodide.globals.set("SOURCES", readFileSync(inFile, "utf8"));
writeFileSync(outFile, pyodide.runPython(`
import base64, importlib.util, json, sys
from importlib._bootstrap_external import _code_to_hash_pyc
compiled = {}
for name, (filename, text) in json.loads(SOURCES).items():
    data = text.encode()
    code = compile(data, filename, "exec", dont_inherit=True, optimize=0)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
    compiled[name] = base64.b64encode(pyc).decode()
json.dumps({"python": sys.version.split()[0], "magic": importlib.util.MAGIC_NUMBER.hex(),
            "compiled": compiled})
`));
"""


class NoNode(RuntimeError):
    """Node.js is needed to compile and is not installed."""


def sources() -> dict[str, bytes]:
    """Archive name (`bummerl/cards.py`) -> source, for every module the page loads."""
    sys.path.insert(0, str(ROOT / "tools"))
    import sync_site

    return {rel.removeprefix("src/"): (ROOT / rel).read_bytes() for rel in sync_site.modules()}


def pyodide_version() -> str:
    return json.loads(VERSIONS.read_text())["packages"]["pyodide"]


def digests(found: dict[str, bytes]) -> dict[str, str]:
    return {name: hashlib.sha256(data).hexdigest() for name, data in sorted(found.items())}


def compile_with_pyodide(found: dict[str, bytes]) -> dict:
    """Compile in the vendored Pyodide under Node: {"python", "magic", "compiled": {name: pyc}}."""
    node = shutil.which("node")
    if not node:
        raise NoNode("Node.js (18 or later) is not installed")
    with tempfile.TemporaryDirectory() as tmp:
        script, inp, out = (Path(tmp) / n for n in ("compile.mjs", "in.json", "out.json"))
        script.write_text(COMPILE_JS)
        inp.write_text(json.dumps({name: ("src/" + name, data.decode())
                                   for name, data in found.items()}))
        run = subprocess.run([node, str(script), str(PYODIDE), str(inp), str(out)],
                             capture_output=True, text=True)
        if run.returncode != 0 or not out.exists():
            # Node repeats the (minified, megabytes long) line that raised: keep the rest.
            said = [line for line in (run.stdout + run.stderr).splitlines() if len(line) < 500]
            raise RuntimeError("compiling under Node failed:\n" + "\n".join(said[-30:]))
        result = json.loads(out.read_text())
    result["compiled"] = {n: base64.b64decode(b) for n, b in result["compiled"].items()}
    return result


def archive_bytes(found: dict[str, bytes], built: dict | None) -> bytes:
    """The archive: sources, their bytecode when `built`, and the manifest."""
    manifest = {"pyodide": pyodide_version(), "sources": digests(found)}
    if built:
        manifest |= {"python": built["python"], "magic": built["magic"]}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        def put(name: str, data: bytes) -> None:
            info = zipfile.ZipInfo(name, DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)

        put(MANIFEST, (json.dumps(manifest, indent=1, sort_keys=True) + "\n").encode())
        for name in sorted(found):
            put(name, found[name])
            if built:
                put(name + "c", built["compiled"][name])
    return buffer.getvalue()


def read_manifest(path: Path = ARCHIVE) -> dict | None:
    try:
        with zipfile.ZipFile(path) as archive:
            return json.loads(archive.read(MANIFEST))
    except (OSError, KeyError, ValueError, zipfile.BadZipFile):
        return None


def problems(path: Path = ARCHIVE) -> list[str]:
    """What is wrong with the committed archive ([] when it is current), CPython only."""
    manifest = read_manifest(path)
    if manifest is None:
        return [f"{path.relative_to(ROOT)} is missing or unreadable"]
    found = sources()
    wrong = []
    if manifest.get("pyodide") != pyodide_version():
        wrong.append(f"compiled for Pyodide {manifest.get('pyodide')}, vendored is {pyodide_version()}")
    if manifest.get("sources") != digests(found):
        changed = sorted(set(manifest.get("sources", {}).items()) ^ set(digests(found).items()))
        wrong.append("sources changed since it was built: "
                     + ", ".join(sorted({name for name, _ in changed})))
    if "magic" not in manifest:
        wrong.append("it holds sources only, no bytecode (built without Node)")
    else:
        with zipfile.ZipFile(path) as archive:
            names = set(archive.namelist())
            for name, data in found.items():
                if name not in names or archive.read(name) != data:
                    wrong.append(f"{name}: source in the archive differs")
                if name + "c" not in names:
                    wrong.append(f"{name}c: missing")
                elif archive.read(name + "c")[:4].hex() != manifest["magic"]:
                    wrong.append(f"{name}c: magic number is not the manifest's")
    return wrong


def build(path: Path = ARCHIVE) -> str:
    """Rebuild the archive if it is not current; returns what was done. Raises NoNode
    (after writing a sources-only archive) when the sources changed and Node is missing."""
    if not problems(path):
        return "current"
    found = sources()
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        built = compile_with_pyodide(found)
    except NoNode:
        path.write_bytes(archive_bytes(found, None))
        raise
    path.write_bytes(archive_bytes(found, built))
    return f"built: {len(found)} modules, Python {built['python']}, magic {built['magic']}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report staleness (no Node)")
    args = parser.parse_args()
    if args.check:
        wrong = problems()
        for line in wrong:
            print(f"{ARCHIVE.relative_to(ROOT)}: {line}", file=sys.stderr)
        return 1 if wrong else 0
    try:
        print(f"{ARCHIVE.relative_to(ROOT)}: {build()}")
    except NoNode as error:
        print(f"{ARCHIVE.relative_to(ROOT)}: STALE BYTECODE: {error}. Wrote it with sources only "
              "(the page works, compiling them at every load; tests fail until it is built): "
              "install Node.js and run this again.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
