#!/usr/bin/env python3
"""Build the page's Python as one archive of bytecode: `python tools/build_bytecode.py [--check]`.

`assets/py/bummerl.zip` holds every module the page loads (`site_layout.modules()`: the
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

The standard library comes as bytecode too. Pyodide 314's `python_stdlib.zip` holds sources
only, so every boot compiled the ~140 modules Pyodide, PyScript and our modules import at
start (under Node: a boot of 2.8-3.1 s took 1.1 s with them as bytecode).
`assets/py/python_stdlib.zip` is the vendored zip, every entry unchanged, plus an
unchecked hash-based `.pyc` beside the source of each of those modules, compiled by the
vendored Pyodide under the path it has in the interpreter (`/lib/python314.zip/...`), so
tracebacks read as before; zipimport takes a module's `.pyc` before its `.py`, and skips
a `.pyc` of another magic number (then compiling the source, as Pyodide's own zip would).
`assets/js/interpreter.mjs` boots Pyodide with it (`stdLibURL`), as does the snapshot
worker; the manifest holds its sha256, so a snapshot made with another one is not restored.

Only this step needs Node (18 or later): the archive is committed, so playing and
testing need none. `python tools/sync_site.py` runs it when the sources changed; without
Node it writes the archive with sources only (the page still works, compiling them at
load) and says so, and the test fails until the bytecode is built.
"""
from __future__ import annotations

import argparse
import ast
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

import site_layout

ROOT = site_layout.ROOT
ARCHIVE = ROOT / site_layout.ARCHIVE
MANIFEST = "bytecode.json"
PYODIDE = ROOT / site_layout.PYODIDE
VERSIONS = ROOT / "assets" / "vendor" / "VERSIONS.json"
VENDORED_STDLIB = ROOT / site_layout.VENDORED_STDLIB
STDLIB = ROOT / site_layout.STDLIB  # the same, with bytecode for the start
# What PyScript's own Python package (0.7.31) imports as it starts, before our script runs.
PYSCRIPT_IMPORTS = ("asyncio", "base64", "collections", "functools", "html", "inspect", "io", "json")
DATE = (1980, 1, 1, 0, 0, 0)  # every entry's timestamp: the same sources give the same archive

# Run by Node: boot the vendored Pyodide, compile each source under its repository path.
COMPILE_JS = r"""
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [indexDir, inFile, outFile] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(indexDir + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: indexDir + "/" });
const input = JSON.parse(readFileSync(inFile, "utf8"));
pyodide.globals.set("SOURCES", JSON.stringify(input.sources));
pyodide.globals.set("STARTUP", JSON.stringify(input.startup));
writeFileSync(outFile, pyodide.runPython(`
import base64, importlib.util, json, sys
from importlib._bootstrap_external import _code_to_hash_pyc
compiled = {}
def to_pyc(data, filename):
    code = compile(data, filename, "exec", dont_inherit=True, optimize=0)
    return base64.b64encode(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)).decode()
for name, (filename, text) in json.loads(SOURCES).items():
    compiled[name] = to_pyc(text.encode(), filename)
# The standard library imported at start: by Pyodide's boot (already in sys.modules), and
# by PyScript's package and our modules (STARTUP, imported here).
import zipfile
for module in json.loads(STARTUP):
    importlib.import_module(module)
STDLIB = sys.path[1]  # /lib/python314.zip
assert STDLIB.endswith(".zip"), sys.path
stdlib = {}
with zipfile.ZipFile(STDLIB) as archive:
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None) or ""
        if path.startswith(STDLIB + "/") and path.endswith(".py"):
            name = path.removeprefix(STDLIB + "/")
            stdlib[name] = to_pyc(archive.read(name), path)
json.dumps({"python": sys.version.split()[0], "magic": importlib.util.MAGIC_NUMBER.hex(),
            "compiled": compiled, "stdlib": stdlib})
`));
"""


class NoNode(RuntimeError):
    """Node.js is needed to compile and is not installed."""


def sources() -> dict[str, bytes]:
    """Archive name (`bummerl/cards.py`) -> source, for every module the page loads."""
    return {rel.removeprefix("src/"): (ROOT / rel).read_bytes() for rel in site_layout.modules()}


def startup_imports(found: dict[str, bytes]) -> list[str]:
    """The standard-library modules the page imports as it starts: PyScript's, and every
    absolute import in our modules (Pyodide's own boot imports the rest)."""
    names = set(PYSCRIPT_IMPORTS)
    for data in found.values():
        for node in ast.walk(ast.parse(data)):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names.add(node.module)
    # not the standard library: ours, and the browser's (Pyodide's `js`, `pyodide`)
    return sorted(n for n in names if n.split(".")[0] not in {"bummerl", "bummerl_web", "js", "pyodide"})


def stdlib_bytes(compiled: dict[str, bytes]) -> bytes:
    """The vendored standard library, every entry as it is, with the `.pyc` of each module
    in ``compiled`` (name -> bytecode) beside its source."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(VENDORED_STDLIB) as vendored, zipfile.ZipFile(buffer, "w") as out:
        for info in vendored.infolist():
            out.writestr(info, vendored.read(info))
            if info.filename in compiled:
                pyc = zipfile.ZipInfo(info.filename + "c", DATE)
                pyc.compress_type = zipfile.ZIP_DEFLATED
                pyc.external_attr = 0o644 << 16
                out.writestr(pyc, compiled[info.filename])
    return buffer.getvalue()


def source_hash(magic: bytes, source: bytes) -> bytes:
    """The source hash a .pyc of the Python with this magic number records (PEP 552: SipHash
    keyed by the magic number), computed in any CPython."""
    import _imp

    return _imp.source_hash(int.from_bytes(magic, "little"), source)


def stdlib_problems(manifest: dict, path: Path = STDLIB) -> list[str]:
    """What is wrong with the standard library's zip ([] when it is current)."""
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    if not path.exists():
        return [f"{shown} is missing"]
    data = path.read_bytes()
    if manifest.get("stdlib") != hashlib.sha256(data).hexdigest():
        return [f"{shown} is not the one the manifest names"]
    wrong = []
    magic = bytes.fromhex(manifest["magic"])
    with zipfile.ZipFile(VENDORED_STDLIB) as vendored, zipfile.ZipFile(path) as built:
        names = set(built.namelist())
        for name in vendored.namelist():
            if name not in names or built.read(name) != vendored.read(name):
                wrong.append(f"{shown}: {name} is not the vendored Pyodide's")
        for name in sorted(names - set(vendored.namelist())):
            pyc = built.read(name)
            source = name.removesuffix("c")
            if not name.endswith(".pyc") or source not in names:
                wrong.append(f"{shown}: {name} is not bytecode of a source in it")
            elif pyc[:4] != magic or pyc[8:16] != source_hash(magic, built.read(source)):
                wrong.append(f"{shown}: {name} was not compiled from {source} "
                             "by the vendored Pyodide")
    return wrong


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
        inp.write_text(json.dumps({
            "sources": {name: ("src/" + name, data.decode()) for name, data in found.items()},
            "startup": startup_imports(found)}))
        run = subprocess.run([node, str(script), str(PYODIDE), str(inp), str(out)],
                             capture_output=True, text=True)
        if run.returncode != 0 or not out.exists():
            # Node repeats the (minified, megabytes long) line that raised: keep the rest.
            said = [line for line in (run.stdout + run.stderr).splitlines() if len(line) < 500]
            raise RuntimeError("compiling under Node failed:\n" + "\n".join(said[-30:]))
        result = json.loads(out.read_text())
    for part in ("compiled", "stdlib"):
        result[part] = {n: base64.b64decode(b) for n, b in result[part].items()}
    return result


def archive_bytes(found: dict[str, bytes], built: dict | None, stdlib: bytes | None = None) -> bytes:
    """The archive: sources, their bytecode when `built`, and the manifest (with the
    sha256 of the standard library's zip built with them)."""
    manifest = {"pyodide": pyodide_version(), "sources": digests(found)}
    if built:
        manifest |= {"python": built["python"], "magic": built["magic"],
                     "stdlib": hashlib.sha256(stdlib).hexdigest()}
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
        wrong += stdlib_problems(manifest)
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
    stdlib = stdlib_bytes(built["stdlib"])
    STDLIB.write_bytes(stdlib)
    path.write_bytes(archive_bytes(found, built, stdlib))
    return (f"built: {len(found)} modules and {len(built['stdlib'])} of the standard library, "
            f"Python {built['python']}, magic {built['magic']}")


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
