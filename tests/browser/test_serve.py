"""`python serve.py`: stdlib only, 127.0.0.1, prints its address, right MIME types."""
import re
import subprocess
import sys
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_serve_prints_its_address_and_serves_the_types_the_page_needs():
    proc = subprocess.Popen([sys.executable, str(ROOT / "serve.py"), "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = proc.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert match, line
        base = match.group(0)
        expected = {
            "index.html": "text/html",
            "assets/vendor/pyodide/pyodide.mjs": "text/javascript",
            "assets/vendor/pyodide/pyodide.asm.wasm": "application/wasm",
            "pyscript.toml": "application/toml",
            "assets/cards/suits.svg": "image/svg+xml",
        }
        for path, mime in expected.items():
            with urllib.request.urlopen(base + path, timeout=10) as response:
                assert response.headers["Content-Type"].split(";")[0] == mime, path
    finally:
        proc.terminate()
        proc.wait(timeout=10)
