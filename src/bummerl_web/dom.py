"""The few things every part of the page's glue does to the browser: find an element, reach
localStorage, hand out a file. Browser only (imports ``js``); no decisions."""
from __future__ import annotations

import js
from pyodide.ffi import create_once_callable, to_js

from . import storage as store

document = js.document


def by_id(name: str):
    return document.getElementById(name)


def local_storage():
    """window.localStorage, or None when the browser refuses it."""
    try:
        backend = js.window.localStorage
        backend.getItem(store.KEY)
        return backend
    except Exception:  # noqa: BLE001 (SecurityError in sandboxed frames, disabled storage)
        return None


def file_url(text: str) -> str:
    """An object URL for ``text`` as a JSON file (revoke it when done)."""
    blob = js.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries))
    return js.URL.createObjectURL(blob)


def download(text: str, name: str) -> None:
    """Hand ``text`` to the browser as a file download named ``name``."""
    url = file_url(text)
    link = document.createElement("a")
    link.href, link.download = url, name
    document.body.appendChild(link)
    link.click()
    link.remove()
    js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 60_000)
