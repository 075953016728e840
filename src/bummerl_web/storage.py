"""The browser's saved game: one localStorage key holding a versioned JSON document.

    {"app": "bummerl", "version": 1, "rev": 12, "settings": {...},
     "match": <Match.to_json()>, "log": [[message key, {params}], ...], "practice": false}

("practice", optional: true when the hand in play, or the one just over, is a practice
hand: played with open hand or take back.)

`Storage` wraps any object with getItem/setItem/removeItem (window.localStorage in
the browser, a dict-backed stand-in in tests).  Every access may throw (storage
blocked, private mode, quota): then `available` turns False and the game plays on.
Data that is unreadable, foreign or from a future version is set aside under
"<key>.aside.<n>" (never deleted: `Storage.set_aside`, the one way any key of the page
is set aside) and reported, never a crash.  What is kept is read by
one strict reader (`read`: size and nesting limits before parsing, exact types, the
match replayed by the engine); data too large to copy aside (quota) is kept in memory as
`exported` for the page to offer as a download, and removed from storage.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from bummerl import Match, NotationError, jsondoc

KEY = "bummerl"
ASIDE_PREFIX = KEY + ".aside."
APP = "bummerl"
VERSION = 1

SAVED_NAME = "bummerl-saved-game.json"  # the file name of saved data handed out as a download
CORRUPT, FOREIGN, FUTURE = "corrupt", "foreign", "future"
DOC_KEYS = ("app", "version", "rev", "settings", "match", "log", "statistics", "practice")
MAX_LOG = 64
MAX_SETTINGS = 32


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


@dataclass
class Saved:
    """A saved document that passed `read`: the match (replayed by the engine), the raw
    settings (each a short text or a bool; `settings.clean_settings` picks the known ones),
    the narration log ([message key, {params}] pairs), the revision and whether the hand
    is a practice hand."""
    match: Match
    settings: dict
    log: list
    rev: int
    practice: bool = False


def read(raw: str | None) -> tuple[Saved | None, str | None]:
    """(saved, None) for a good document of our schema; (None, problem) otherwise, with
    `problem` CORRUPT, FOREIGN or FUTURE; (None, None) if there is none."""
    saved, problem, _ = read_explained(raw)
    return saved, problem


def read_explained(raw: str | None) -> tuple[Saved | None, str | None, str | None]:
    """`read`, plus why the document was refused (a path-qualified message), for the console."""
    if raw is None:
        return None, None, None
    try:
        doc = jsondoc.loads(raw)
    except NotationError as error:
        return None, CORRUPT, str(error)
    if not isinstance(doc, dict) or doc.get("app") != APP:
        return None, FOREIGN, "not a Bummerl document"
    version = doc.get("version")
    if type(version) is int and version > VERSION:
        return None, FUTURE, f"version {version}"
    try:
        return _check(doc), None, None
    except ValueError as error:  # NotationError, or IllegalAction from replaying the hand
        return None, CORRUPT, str(error)


def _check(doc: dict) -> Saved:
    jsondoc.expect_object(doc, "document", required=("app", "version", "match"), optional=DOC_KEYS)
    jsondoc.expect_int(doc["version"], "version", 1, VERSION)
    rev = jsondoc.expect_int(doc.get("rev", 0), "rev", 0, 2**53)
    settings = jsondoc.expect_object(doc.get("settings", {}), "settings", optional=None)
    if len(settings) > MAX_SETTINGS:
        raise NotationError(f"more than {MAX_SETTINGS} settings", "settings")
    for name, value in settings.items():
        if not isinstance(value, bool):
            jsondoc.expect_str(value, f"settings.{name}", 20)
    log = jsondoc.expect_list(doc.get("log", []), "log", 0, MAX_LOG)
    for i, entry in enumerate(log):
        jsondoc.expect_list(entry, f"log[{i}]", 2, 2)
        jsondoc.expect_str(entry[0], f"log[{i}][0]", 40)
        jsondoc.expect_object(entry[1], f"log[{i}][1]", optional=None)
    if "statistics" in doc:  # not kept yet; when it is, its reader belongs here
        jsondoc.expect_object(doc["statistics"], "statistics", optional=None)
    practice = jsondoc.expect_bool(doc.get("practice", False), "practice")
    match = Match.from_json(doc["match"])
    if match.hand is None:
        raise NotationError("no hand in play", "match.hand")
    if len(match.results) == match.hands_dealt and not match.hand.over:
        raise NotationError("a result for the hand still in play", "match.results")
    return Saved(match, dict(settings), list(log), rev, practice)


class Storage:
    def __init__(self, backend=None):
        self.backend = backend
        self.available = backend is not None
        self.last_written: str | None = None
        self.exported: str | None = None  # bad data too large to set aside: offer it for download
        self.refused_because: str | None = None  # why `load` set the saved data aside

    def _try(self, method, *args):
        if not self.available:
            return None
        try:
            return getattr(self.backend, method)(*args)
        except Exception:  # noqa: BLE001 (SecurityError, QuotaExceededError, ...)
            self.available = False
            return None

    def read_raw(self, key: str = KEY) -> str | None:
        value = self._try("getItem", key)
        # Pyodide hands JavaScript's null over as `jsnull`, not None: only a str is data.
        return value if isinstance(value, str) else None

    def load(self) -> tuple[Saved | None, str | None]:
        """The saved game, or (None, problem) after setting the bad data aside."""
        raw = self.read_raw()
        saved, problem, self.refused_because = read_explained(raw)
        if problem:
            self.set_aside(raw)
        return saved, problem

    def set_aside(self, raw: str | None, key: str = KEY) -> None:
        """Move `raw` from `key` to the first free "<key>.aside.<n>"; if the browser refuses
        the copy (quota), keep it in `exported` (to offer as a download) and remove it all
        the same, so that the key can be written afresh."""
        if raw is None:
            return
        n = 1
        while isinstance(self._try("getItem", f"{key}.aside.{n}"), str) and n < 1000:
            n += 1
        if not self.available:
            return
        try:
            self.backend.setItem(f"{key}.aside.{n}", raw)
        except Exception:  # noqa: BLE001 (QuotaExceededError; the tests throw a RuntimeError)
            self.exported = raw
        self._try("removeItem", key)

    def save(self, doc: dict) -> bool:
        if not self.available:
            return False
        raw = json.dumps({"app": APP, "version": VERSION, **doc}, separators=(",", ":"))
        self._try("setItem", KEY, raw)
        if self.available:
            self.last_written = raw
        return self.available
