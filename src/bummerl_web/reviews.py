"""Finished reviews kept in the browser: one localStorage key, the last few hands.

    "bummerl.reviews": {"app": "bummerl", "version": 1,
                        "reviews": [{"id": "<review_id>", "review": <Review.to_json()>}, ...]}

Newest first, at most ``KEPT`` entries (a review is a few kB). ``id`` names what the
review is of: the review's version and budget, the reviewed seat, the board the hand was
played to and the record (``review_id``), so a record reviewed again opens at once and a
better Hard never reuses an older review. The key is read like every other
(``jsondoc.loads``: size and nesting checked before parsing, exact types,
``Review.from_json`` for each entry); what does not read is set aside as ``bummerl.reviews.aside.<n>`` (``storage.Storage.set_aside``) and
``set_aside`` turns True for the page to say so. Storage that throws (blocked, full)
keeps the reviews of this visit in memory.
"""
from __future__ import annotations

import json

from bummerl import NotationError, jsondoc
from bummerl.record import encode_record
from bummerl.review import VERSION, Review

from . import storage

KEY = "bummerl.reviews"
APP, DOC_VERSION = "bummerl", 1
KEPT = 5
MAX_CHARS = 200_000  # five reviews of a long hand, both seats, are under 60 kB
MAX_ID = 1_000


def review_id(record: dict, seat: int, board: tuple | None = None) -> str:
    """What a stored review is of: the review's version (which names how it searches),
    the seat, the match board the hand was played to (if known) and the record (packed
    as in a link)."""
    played_to = "-" if board is None else f"{board[0]}-{board[1]}"
    return f"{VERSION}.{seat}.{played_to}.{encode_record(record)}"


def load(raw: str | None) -> list:
    """[(id, Review), ...] from the key's text (None: nothing stored); NotationError for
    anything else, naming where."""
    if raw is None:
        return []
    doc = jsondoc.loads(raw, max_chars=MAX_CHARS)
    jsondoc.expect_object(doc, KEY, ("app", "version", "reviews"))
    if doc["app"] != APP or doc["version"] != DOC_VERSION:
        raise NotationError(f"not a version {DOC_VERSION} document of {APP}", KEY)
    entries = []
    for i, entry in enumerate(jsondoc.expect_list(doc["reviews"], f"{KEY}.reviews", 0, KEPT)):
        where = f"{KEY}.reviews[{i}]"
        jsondoc.expect_object(entry, where, ("id", "review"))
        key = jsondoc.expect_str(entry["id"], f"{where}.id", MAX_ID)
        entries.append((key, Review.from_json(entry["review"], f"{where}.review")))
    return entries


def dump(entries: list) -> str:
    return json.dumps({"app": APP, "version": DOC_VERSION,
                       "reviews": [{"id": key, "review": review.to_json()} for key, review in entries]},
                      separators=(",", ":"))


class Reviews:
    """The stored reviews in a localStorage-like ``backend`` (None: memory only)."""

    def __init__(self, backend):
        self.backend = backend
        self.set_aside = False
        self.memory: list = []

    def _entries(self) -> list:
        if self.backend is None:
            return self.memory
        try:
            raw = self.backend.getItem(KEY)
        except Exception:  # noqa: BLE001 (SecurityError: blocked storage)
            return self.memory
        try:
            return load(raw if isinstance(raw, str) else None)
        except NotationError:
            storage.Storage(self.backend).set_aside(raw, KEY)
            self.set_aside = True
            return []

    def find(self, key: str) -> Review | None:
        return next((review for k, review in self._entries() if k == key), None)

    def keep(self, key: str, review: Review) -> None:
        """Keep ``review`` as the newest (replacing an older one of the same id)."""
        entries = [(key, review)] + [(k, r) for k, r in self._entries() if k != key]
        self.memory = entries[:KEPT]
        if self.backend is None:
            return
        try:
            self.backend.setItem(KEY, dump(self.memory))
        except Exception:  # noqa: BLE001 (QuotaExceededError): kept in memory for this visit
            pass
