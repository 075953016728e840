#!/usr/bin/env python3
"""Serve the Bummerl site from this folder: `python serve.py [--port 8000]`.

Standard library only.  Binds to 127.0.0.1 and serves the repository root, with
the MIME types the page needs (.mjs, .wasm, .json, .toml, .svg) set explicitly, since
some systems' mimetypes tables lack them.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".toml": "application/toml",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html",
    ".py": "text/x-python",
    ".zip": "application/zip",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with fixed MIME types; quiet unless asked to log."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (stdlib name)
        if not self.quiet:
            super().log_message(format, *args)


def make_server(host: str = "127.0.0.1", port: int = 8000, root: Path = ROOT,
                quiet: bool = False) -> http.server.ThreadingHTTPServer:
    """A server for `root`; port 0 picks a free port (see server.server_address)."""
    handler = functools.partial(type("H", (Handler,), {"quiet": quiet}), directory=str(root))
    return http.server.ThreadingHTTPServer((host, port), handler)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the Bummerl site locally.")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--host", default="127.0.0.1", help="address (default 127.0.0.1)")
    args = parser.parse_args(argv)
    try:
        server = make_server(args.host, args.port)
    except OSError as exc:
        print(f"cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 1
    host, port = server.server_address[:2]
    print(f"Bummerl: open http://{host}:{port}/ (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
