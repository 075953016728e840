"""The Puzzles page's logic: which puzzle comes next, the theme chosen, and the player's
progress kept in localStorage. Pure Python (no ``js``): tested in CPython.

The progress lives under its own key (`KEY`), never inside the match document:

    {"app": "bummerl.puzzles", "version": 1, "theme": "closing",
     "solved": ["k3f9qa", ...], "missed": ["b7x2m1", ...],
     "streaks": {"all": [2, 5], "closing": [1, 3]}}

``solved`` holds the puzzles whose first answer (of an opening) was the best one,
``missed`` those answered wrong and not solved since; ``streaks`` are per theme ("all":
every puzzle), each [now, best]: puzzles in a row answered right at the first try. A
puzzle already solved counts no more (no streak from solving it again). ``theme`` is
the theme chosen last ("all" for every puzzle).

`Progress.from_json` reads with the engine's strict reader (`bummerl.jsondoc.loads`:
size and nesting checked before parsing) and is strict (exact keys and types, ids of six
characters a-z 0-9 with a letter, each id once, streaks within bounds); it raises
`NotationError` naming the place, and `Keeper` sets such data aside like any other key
(`storage.Storage.set_aside`).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace

from bummerl import NotationError, jsondoc

from . import storage

KEY = "bummerl.puzzles"
APP = "bummerl.puzzles"
VERSION = 1
ALL = "all"  # the theme that holds every puzzle
MAX_IDS = 5_000  # in each of solved and missed (the collection's own bound)
MAX_STREAKS = 32
MAX_COUNT = 10 ** 6
MAX_CHARS = 2 * MAX_IDS * 10 + 4_000
MAX_DEPTH = 3  # the document, its lists and streaks, a streak
PUZZLE_ID = re.compile(r"(?=[a-z0-9]*[a-z])[a-z0-9]{6}\Z")  # six characters, at least one letter
THEME = re.compile(r"[a-z][a-z-]{0,23}\Z")
DOC_KEYS = ("app", "version", "theme", "solved", "missed", "streaks")


def is_puzzle_id(text) -> bool:
    """A puzzle's id: six characters a-z 0-9, at least one a letter (so ``1`` stays a flag).

    >>> is_puzzle_id("k3f9qa"), is_puzzle_id("123456"), is_puzzle_id("K3F9QA"), is_puzzle_id("k3f9q")
    (True, False, False, False)
    """
    return isinstance(text, str) and PUZZLE_ID.match(text) is not None


@dataclass(frozen=True)
class Progress:
    """What the player did with the collection (see the module docstring)."""
    solved: frozenset = frozenset()
    missed: frozenset = frozenset()
    streaks: tuple = ()  # ((theme, (now, best)), ...), sorted by theme
    theme: str = ALL

    def streak(self, theme: str) -> tuple[int, int]:
        """(now, best) for ``theme``."""
        return dict(self.streaks).get(theme, (0, 0))

    def answered(self, puzzle_id: str, themes, right: bool) -> "Progress":
        """The progress after the first answer to a puzzle (of ``themes``) in an opening:
        right adds it to the solved and lengthens the streaks of its themes (and "all"),
        wrong marks it missed and ends them. A puzzle solved before changes nothing."""
        if puzzle_id in self.solved:
            return self
        streaks = dict(self.streaks)
        for theme in (ALL, *themes):
            now, best = streaks.get(theme, (0, 0))
            now = min(now + 1, MAX_COUNT) if right else 0
            streaks[theme] = (now, max(best, now))
        if len(streaks) > MAX_STREAKS:  # themes of a later collection beyond the bound: kept as they were
            return self
        if right:
            solved, missed = self.solved | {puzzle_id}, self.missed - {puzzle_id}
        else:
            solved, missed = self.solved, self.missed | {puzzle_id}
        if len(solved) > MAX_IDS or len(missed) > MAX_IDS:
            return self
        return replace(self, solved=solved, missed=missed, streaks=tuple(sorted(streaks.items())))

    def with_theme(self, theme: str) -> "Progress":
        return replace(self, theme=theme) if THEME.match(theme) else self

    def to_json(self) -> str:
        return json.dumps({"app": APP, "version": VERSION, "theme": self.theme,
                           "solved": sorted(self.solved), "missed": sorted(self.missed),
                           "streaks": {theme: list(pair) for theme, pair in self.streaks}},
                          separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> "Progress":
        """Progress as `to_json` wrote it; anything else raises `NotationError`."""
        doc = jsondoc.loads(text, MAX_CHARS, MAX_DEPTH)
        jsondoc.expect_object(doc, KEY, DOC_KEYS)
        if doc["app"] != APP:
            raise NotationError(f"expected {APP!r}", f"{KEY}.app")
        jsondoc.expect_int(doc["version"], f"{KEY}.version", VERSION, VERSION)
        theme = _theme(doc["theme"], f"{KEY}.theme")
        ids = {}
        for name in ("solved", "missed"):
            items = jsondoc.expect_list(doc[name], f"{KEY}.{name}", 0, MAX_IDS)
            for i, item in enumerate(items):
                if not is_puzzle_id(item):
                    raise NotationError(f"expected a puzzle id, got {jsondoc.show(item)}", f"{KEY}.{name}[{i}]")
                if item in ids:
                    raise NotationError(f"{item} is listed twice", f"{KEY}.{name}[{i}]")
                ids[item] = name
        raw = jsondoc.expect_object(doc["streaks"], f"{KEY}.streaks", optional=None)
        if len(raw) > MAX_STREAKS:
            raise NotationError(f"{len(raw)} streaks, at most {MAX_STREAKS}", f"{KEY}.streaks")
        streaks = {}
        for name, pair in raw.items():
            where = f"{KEY}.streaks.{_theme(name, f'{KEY}.streaks')}"
            jsondoc.expect_list(pair, where, 2, 2)
            now, best = (jsondoc.expect_int(v, f"{where}[{i}]", 0, MAX_COUNT) for i, v in enumerate(pair))
            if now > best:
                raise NotationError("the streak exceeds the best one", where)
            streaks[name] = (now, best)
        return cls(frozenset(i for i, n in ids.items() if n == "solved"),
                   frozenset(i for i, n in ids.items() if n == "missed"),
                   tuple(sorted(streaks.items())), theme)


def _theme(value, where: str) -> str:
    if not isinstance(value, str) or not THEME.match(value):
        raise NotationError(f"expected a theme's name, got {jsondoc.show(value)}", where)
    return value


def load(raw: str | None) -> Progress:
    """The progress stored under `KEY` (``raw`` None: none yet)."""
    return Progress() if raw is None else Progress.from_json(raw)


class Keeper:
    """The progress in a localStorage-like ``backend`` (None: in memory only, as an
    embedded table). Every write reads the stored progress first (another tab may have
    solved some); unreadable progress is set aside as "bummerl.puzzles.aside.<n>"
    (never deleted) and `set_aside` turns True for the page to say so."""

    def __init__(self, backend):
        self.backend = backend
        self.storage = storage.Storage(backend)
        self.set_aside = False
        self.progress = Progress()
        self.progress = self.read()

    def _call(self, method: str, *args):
        try:
            return getattr(self.backend, method)(*args)
        except Exception:  # noqa: BLE001 (SecurityError, QuotaExceededError, ...)
            return self

    def read(self) -> Progress:
        """The stored progress (what is in memory when nothing can be read)."""
        if self.backend is None:
            return self.progress
        raw = self._call("getItem", KEY)
        if raw is self:  # the browser refused: this visit's progress stays
            return self.progress
        raw = raw if isinstance(raw, str) else None  # Pyodide's jsnull is no data
        try:
            self.progress = load(raw)
        except NotationError:
            self.storage.set_aside(raw, KEY)
            self.set_aside = True
            self.progress = Progress()
        return self.progress

    def answered(self, puzzle, right: bool) -> Progress:
        return self._write(self.read().answered(puzzle.id, puzzle.themes, right))

    def choose_theme(self, theme: str) -> Progress:
        return self._write(self.read().with_theme(theme))

    def _write(self, progress: Progress) -> Progress:
        self.progress = progress  # kept for this visit even where the browser refuses to store it
        if self.backend is not None:
            self._call("setItem", KEY, progress.to_json())
        return progress


# ------------------------------------------------------------------ the collection

def in_theme(puzzles, theme: str) -> list:
    """The puzzles of ``theme`` ("all": every one), easiest first (the collection's order
    within a difficulty)."""
    from bummerl.puzzles import DIFFICULTIES

    chosen = [p for p in puzzles if theme == ALL or theme in p.themes]
    return sorted(chosen, key=lambda p: DIFFICULTIES.index(p.difficulty))


def next_unsolved(puzzles, progress: Progress, theme: str, after: str | None = None):
    """The next puzzle to ask in ``theme``: the first never answered (after the puzzle
    ``after``, going round), else the first missed one other than ``after``, else
    ``after`` itself when it is still unsolved; None when every one is solved."""
    pool = in_theme(puzzles, theme)
    ids = [p.id for p in pool]
    start = ids.index(after) + 1 if after in ids else 0
    turn = pool[start:] + pool[:start]
    fresh = [p for p in turn if p.id not in progress.solved and p.id not in progress.missed and p.id != after]
    if fresh:
        return fresh[0]
    missed = [p for p in turn if p.id in progress.missed and p.id != after]
    if missed:
        return missed[0]
    return next((p for p in pool if p.id == after and p.id not in progress.solved), None)


def solved_count(puzzles, progress: Progress, theme: str) -> tuple[int, int]:
    """(solved, total) of ``theme``'s puzzles."""
    pool = in_theme(puzzles, theme)
    return sum(p.id in progress.solved for p in pool), len(pool)


def themes_present(puzzles) -> list[str]:
    """The themes that have puzzles, in the collection's order of themes."""
    from bummerl.puzzles import THEMES

    present = {theme for p in puzzles for theme in p.themes}
    return [theme for theme in THEMES if theme in present]


# ------------------------------------------------------------------ reading the collection in slices

MAX_COLLECTION_CHARS = 1_000_000  # the site serves at most 200 kB of it
CHUNK = 8  # puzzles read between looks at the clock


class Reading:
    """The collection's text read a few puzzles at a time (`step`), so that no task of
    the page is long: ``bummerl.puzzles.read_collection`` on each chunk (the same strict
    reader, every puzzle checked), the places in its errors named in the whole collection
    (``puzzles[53].values``), ids unique across chunks. ``NotationError`` for anything
    that does not read, from the constructor (the text, the collection's head) or `step`."""

    def __init__(self, text: str):
        from bummerl.puzzles import MAX_PUZZLES, read_collection

        doc = jsondoc.loads(text, max_chars=MAX_COLLECTION_CHARS)
        if type(doc) is not dict or type(doc.get("puzzles")) is not list:
            read_collection(doc)  # raises, naming what is wrong
        read_collection({**doc, "puzzles": []})  # the head: format, made_by, margin
        self.items = jsondoc.expect_list(doc["puzzles"], "puzzles", 1, MAX_PUZZLES)
        self.doc = doc
        self.puzzles: list = []
        self.seen: dict = {}

    @property
    def done(self) -> bool:
        return len(self.puzzles) == len(self.items)

    def step(self, seconds: float) -> bool:
        """Read for about ``seconds`` (a chunk at least); True once every puzzle is read."""
        import time

        from bummerl.puzzles import read_collection

        deadline = time.perf_counter() + seconds
        while not self.done:
            start = len(self.puzzles)
            try:
                chunk = read_collection({**self.doc, "puzzles": self.items[start:start + CHUNK]}, "@")
            except NotationError as error:
                raise _placed(error, start) from None
            for i, puzzle in enumerate(chunk):
                if puzzle.id in self.seen:
                    raise NotationError(f"duplicate id {jsondoc.show(puzzle.id)} (also puzzles[{self.seen[puzzle.id]}])",
                                        f"puzzles[{start + i}].id")
                self.seen[puzzle.id] = start + i
            self.puzzles += chunk
            if time.perf_counter() >= deadline:
                break
        return self.done


def _placed(error: NotationError, start: int) -> NotationError:
    """``error`` of a chunk read from ``start``, its place named in the whole collection."""
    where = error.where or ""
    if not where.startswith("@["):
        return error
    index, _, rest = where[2:].partition("]")
    message = str(error).removeprefix(f"{where}: ")
    return NotationError(message, f"puzzles[{start + int(index)}]{rest}")
