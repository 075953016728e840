"""Where the site's parts live: the one home of the paths the build tools share.

``sync_site.py`` (the generated config, preloads and shell words), ``build_bytecode.py``
(the bytecode archives) and ``build_sw.py`` (the service worker's file list) all read
these; this module imports none of them, so the tools form no import circle.
"""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("src/bummerl", "src/bummerl_web")  # the page's Python
ENTRY = "src/bummerl_web/boot.py"  # the page's <script type="py" src>: run, never imported
ARCHIVE = "assets/py/bummerl.zip"  # the page's modules as bytecode (build_bytecode.py)
ARCHIVE_DEST = "./bummerl.zip"  # its place in the in-browser filesystem (boot.py's ARCHIVE)
PYSCRIPT = "assets/vendor/pyscript"
PYODIDE = "assets/vendor/pyodide"
VENDORED_STDLIB = f"{PYODIDE}/python_stdlib.zip"  # Pyodide's standard library, sources only
STDLIB = "assets/py/python_stdlib.zip"  # the same with bytecode (interpreter.mjs's stdLibURL)
INTERPRETER = "assets/js/interpreter.mjs"  # the vendored Pyodide, or its memory snapshot
# The puzzle collection (python -m bummerl_lab.puzzles): served, fetched by the page only
# when Puzzles opens, so neither in the bytecode archive nor in the first visit's precache.
PUZZLES = "assets/puzzles.json"


def modules() -> list[str]:
    """Repo-relative paths of the modules the page imports, sorted."""
    found = []
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            # __main__.py is the command line's entry point: the page never runs it.
            if "__pycache__" not in rel and path.name != "__main__.py" and rel != ENTRY:
                found.append(rel)
    return sorted(found)
