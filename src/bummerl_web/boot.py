# Entry point run by PyScript (see index.html); kept tiny so the first paint is HTML only.
# Our modules come as one archive of bytecode (pyscript.toml's files put it in the working
# directory; tools/build_bytecode.py builds it): on sys.path, Python's zipimport loads each
# module's .pyc, or compiles the .py beside it where the .pyc is not for this interpreter
# (its magic number differs): then <body data-boot="source">. Without the archive (a page
# that maps the sources themselves), the sources in the working directory are imported.
# Restored from a memory snapshot (assets/js/interpreter.mjs), our modules are imported
# already: <body data-boot="snapshot">, and `random` is reseeded (a snapshot froze its
# state: every restored visit would draw the same numbers); <body data-ahead> says whether
# PyScript's package came compiled ahead (bummerl_web.ahead). A snapshot that could not be
# restored (interpreter.mjs booted as usual) adds a word: <body data-boot="bytecode
# snapshot-failed">.
# The performance marks time our share of a boot (tools/bench_load.py reads them).
import os
import sys
from importlib._bootstrap_external import MAGIC_NUMBER

import js

js.performance.mark("bummerl:boot")  # interpreter up, PyScript's files written
ARCHIVE = os.path.abspath("bummerl.zip")
how = "source"
if os.path.exists(ARCHIVE):
    import zipimport

    sys.path.insert(0, ARCHIVE)
    try:
        if zipimport.zipimporter(ARCHIVE).get_data("bummerl/__init__.pyc")[:4] == MAGIC_NUMBER:
            how = "bytecode"
    except OSError:  # an archive of sources only
        pass
if "bummerl_web.table" in sys.modules:
    import random

    random.seed()
    how = "snapshot"
    # PyScript's package imported as compiled ahead into the snapshot (bummerl_web.ahead)
    ahead = type(getattr(sys.modules.get("pyscript"), "__loader__", None)).__name__ == "AheadLoader"
    js.document.body.dataset.ahead = "pyscript" if ahead else "none"
elif js.Reflect.get(js.globalThis, "__bummerlBoot") == "snapshot-failed":
    how += " snapshot-failed"  # a snapshot was there but could not be restored
js.document.body.dataset.boot = how
# The standard library from the bytecode in assets/py/python_stdlib.zip (interpreter.mjs),
# or compiled from its sources there ("source": the bytecode is another Python's).
started_with = getattr(sys.modules.get("asyncio"), "__file__", None) or ""  # Pyodide's boot imports it
js.document.body.dataset.stdlib = "bytecode" if started_with.endswith(".pyc") else "source"
from bummerl_web import app  # noqa: E402

js.performance.mark("bummerl:imported")
await app.start()  # noqa: F704 (top-level await is allowed in PyScript)
js.performance.mark("bummerl:started")
