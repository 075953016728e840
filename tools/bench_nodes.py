#!/usr/bin/env python3
"""Hard's search nodes per second in CPython and in the page's Pyodide, in one run:
`python tools/bench_nodes.py [--decisions 30] [--rounds 3] [--json]`.

Both run `bummerl_lab.nodes.measure` on the same decisions (seeded positions, Hard's
default node budget); Pyodide is the vendored one (assets/vendor/pyodide) run by Node.js
(the V8 engine of Chromium, where the page runs it). Rounds alternate the two, and the
medians and their ratio are printed. Needs `node` on PATH (a development tool: the site
itself needs none).
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
from bummerl_lab.nodes import measure  # noqa: E402

NODE_SCRIPT = """
import { loadPyodide } from %(pyodide)s;
const fs = await import("node:fs");
const py = await loadPyodide({ indexURL: %(index)s });
for (const [path, text] of Object.entries(JSON.parse(fs.readFileSync(%(files)s, "utf8")))) {
  py.FS.mkdirTree(path.split("/").slice(0, -1).join("/"));
  py.FS.writeFile(path, text);
}
py.runPython("import sys; sys.path.insert(0, '/bench')");
console.log(py.runPython(`import json; from bummerl_lab.nodes import measure; json.dumps(measure(%(count)d))`));
"""


def in_pyodide(count: int) -> dict:
    files = {f"/bench/{p.relative_to(ROOT / 'src').as_posix()}": p.read_text()
             for pkg in ("bummerl", "bummerl_lab") for p in (ROOT / "src" / pkg).rglob("*.py")}
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "files.json").write_text(json.dumps(files))
        script = Path(tmp) / "bench.mjs"
        index = ROOT / "assets" / "vendor" / "pyodide"
        script.write_text(NODE_SCRIPT % {"pyodide": json.dumps(str(index / "pyodide.mjs")),
                                         "index": json.dumps(str(index) + "/"),
                                         "files": json.dumps(str(Path(tmp) / "files.json")), "count": count})
        run = subprocess.run(["node", str(script)], capture_output=True, text=True, check=True)
    return json.loads(run.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not shutil.which("node"):
        sys.exit("bench_nodes needs Node.js (node) on PATH to run the vendored Pyodide")
    runs = {"cpython": [], "pyodide": []}
    for _ in range(args.rounds):
        runs["cpython"].append(measure(args.decisions))
        runs["pyodide"].append(in_pyodide(args.decisions))
    median = {k: statistics.median(r["nodes_per_s"] for r in v) for k, v in runs.items()}
    result = {"decisions": args.decisions, "rounds": args.rounds, "runs": runs,
              "median_nodes_per_s": median, "pyodide_over_cpython": round(median["pyodide"] / median["cpython"], 3),
              "nodes_per_decision": runs["cpython"][0]["nodes"] / args.decisions}
    if args.json:
        print(json.dumps(result))
    else:
        for name, value in median.items():
            ms = statistics.median(r["ms_per_decision"] for r in runs[name])
            print(f"{name:8} {value:>9,.0f} nodes/s (median of {args.rounds}), {ms:.0f} ms per decision")
        print(f"Pyodide / CPython: {result['pyodide_over_cpython']:.2f}; "
              f"{result['nodes_per_decision']:,.0f} nodes per decision on average")
    return 0


if __name__ == "__main__":
    sys.exit(main())
