#!/usr/bin/env python3
"""Regenerate the parts of the site that list files: `python tools/sync_site.py [--check]`.

* pyscript.json "files": every module of src/bummerl/ and src/bummerl_web/, mapped
  into the in-browser filesystem so that `import bummerl` works there;
* index.html, between `<!-- preload:begin -->` and `<!-- preload:end -->`: preload
  hints for the runtime (PyScript's hashed main chunk, Pyodide's files) and for the
  modules, so that they download while the wasm compiles.

It also rewrites precache.js (tools/build_sw.py), whose cache version hashes every
site file. Run it after adding or removing a module, and after changing any file the
page loads, before committing; `--check` (used by the tests) exits 1
when the committed files are out of date.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "pyscript.json"
INDEX = ROOT / "index.html"
PACKAGES = ("src/bummerl", "src/bummerl_web")
PYSCRIPT = "assets/vendor/pyscript"
PYODIDE = "assets/vendor/pyodide"
BEGIN, END = "<!-- preload:begin -->", "<!-- preload:end -->"


def modules() -> list[str]:
    """Repo-relative paths of the modules the page needs, sorted."""
    found = []
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if "__pycache__" not in rel and "/tests/" not in rel:
                found.append(rel)
    return sorted(found)


def config_text() -> str:
    files = {"./" + rel: rel.removeprefix("src/") for rel in modules()}
    config = {
        "interpreter": f"./{PYODIDE}/pyodide.mjs",
        "files": files,
    }
    return json.dumps(config, indent=2) + "\n"


def main_chunk() -> str:
    text = (ROOT / PYSCRIPT / "core.js").read_text()
    match = re.search(r'from"\./(core-[\w-]+\.js)"', text)
    if not match:
        sys.exit("cannot find PyScript's main chunk in core.js")
    return match.group(1)


def preload_block() -> str:
    lines = [BEGIN]
    for href in (f"{PYSCRIPT}/core.js", f"{PYSCRIPT}/{main_chunk()}",
                 f"{PYODIDE}/pyodide.mjs", f"{PYODIDE}/pyodide.asm.mjs"):
        lines.append(f'<link rel="modulepreload" href="./{href}">')
    for href in (f"{PYODIDE}/pyodide.asm.wasm", f"{PYODIDE}/python_stdlib.zip",
                 f"{PYODIDE}/pyodide-lock.json", "pyscript.json", *modules()):
        lines.append(f'<link rel="preload" as="fetch" crossorigin href="./{href}">')
    lines.append(END)
    return "\n".join(lines)


def index_text() -> str:
    text = INDEX.read_text()
    start, stop = text.find(BEGIN), text.find(END)
    if start < 0 or stop < 0:
        sys.exit(f"index.html lacks the {BEGIN} ... {END} markers")
    return text[:start] + preload_block() + text[stop + len(END):]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report staleness")
    args = parser.parse_args()
    wanted = {CONFIG: config_text(), INDEX: index_text()}
    stale = [p for p, text in wanted.items() if not p.exists() or p.read_text() != text]
    if args.check:
        for p in stale:
            print(f"out of date: {p.name} (run: python tools/sync_site.py)")
        return 1 if stale else 0
    for p in stale:
        p.write_text(wanted[p])
        print(f"updated {p.name}")
    # Last, as it hashes the files above: the service worker's precache list.
    import build_sw

    if build_sw.OUT.read_text() != build_sw.text():
        build_sw.OUT.write_text(build_sw.text())
        print("updated precache.js")
    return 0


if __name__ == "__main__":
    sys.exit(main())
