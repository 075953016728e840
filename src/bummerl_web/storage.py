"""The browser's saved game: one localStorage key holding a versioned JSON document.

    {"app": "bummerl", "version": 1, "rev": 12, "settings": {...},
     "match": <Match.to_json()>, "log": [[message key, {params}], ...]}

`Storage` wraps any object with getItem/setItem/removeItem (window.localStorage in
the browser, a dict-backed stand-in in tests).  Every access may throw (storage
blocked, private mode, quota): then `available` turns False and the game plays on.
Data that is unreadable, foreign or from a future version is set aside under
"bummerl.aside.<n>" (never deleted) and reported, never a crash.
"""
from __future__ import annotations

import json

KEY = "bummerl"
ASIDE_PREFIX = "bummerl.aside."
APP = "bummerl"
VERSION = 1

CORRUPT, FOREIGN, FUTURE = "corrupt", "foreign", "future"


class MemoryBackend:
    """A dict with the localStorage interface, for tests and as a fallback."""

    def __init__(self, items: dict | None = None):
        self.items = dict(items or {})

    def getItem(self, key):  # noqa: N802 (the Web Storage names)
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        self.items[key] = str(value)

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)

    def key_list(self):
        return list(self.items)


def classify(raw: str | None) -> tuple[dict | None, str | None]:
    """(document, None) for our current schema; (None, problem) otherwise; (None, None) if empty."""
    if raw is None:
        return None, None
    try:
        doc = json.loads(raw)
    except ValueError:
        return None, CORRUPT
    if not isinstance(doc, dict) or doc.get("app") != APP:
        return None, FOREIGN
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        return None, CORRUPT
    if version > VERSION:
        return None, FUTURE
    return doc, None


class Storage:
    def __init__(self, backend=None):
        self.backend = backend
        self.available = backend is not None
        self.last_written: str | None = None

    def _try(self, method, *args):
        if not self.available:
            return None
        try:
            return getattr(self.backend, method)(*args)
        except Exception:  # noqa: BLE001 (SecurityError, QuotaExceededError, ...)
            self.available = False
            return None

    def read_raw(self) -> str | None:
        value = self._try("getItem", KEY)
        # Pyodide hands JavaScript's null over as `jsnull`, not None: only a str is data.
        return value if isinstance(value, str) else None

    def load(self) -> tuple[dict | None, str | None]:
        """The saved document, or (None, problem) after setting the bad data aside."""
        raw = self.read_raw()
        doc, problem = classify(raw)
        if problem:
            self.set_aside(raw)
        return doc, problem

    def set_aside(self, raw: str | None) -> None:
        if raw is None:
            return
        n = 1
        while isinstance(self._try("getItem", f"{ASIDE_PREFIX}{n}"), str) and n < 1000:
            n += 1
        self._try("setItem", f"{ASIDE_PREFIX}{n}", raw)
        self._try("removeItem", KEY)

    def save(self, doc: dict) -> bool:
        if not self.available:
            return False
        raw = json.dumps({"app": APP, "version": VERSION, **doc}, separators=(",", ":"))
        self._try("setItem", KEY, raw)
        if self.available:
            self.last_written = raw
        return self.available
