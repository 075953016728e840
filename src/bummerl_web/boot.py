# Entry point run by PyScript (see index.html); kept tiny so the first paint is HTML only.
# The performance marks time our share of a boot (tools/bench_load.py reads them).
import js

js.performance.mark("bummerl:boot")  # interpreter up, PyScript's files written
from bummerl_web import app  # noqa: E402

js.performance.mark("bummerl:imported")
await app.start()  # noqa: F704 (top-level await is allowed in PyScript)
js.performance.mark("bummerl:started")
