"""The player's statistics against the bot, kept in localStorage beside the match.

One tally per bot level and rule preset ("hard" and "soft"; rules that are no preset
count as "custom": `rules.preset_name or "custom"`): hands won and lost,
Bummerl won and lost, and two streaks, each current and best: hands won in a row and
Bummerl won in a row (a lost hand ends the hand streak, a lost Bummerl the Bummerl
streak).  Values are immutable; `record_hand`/`record_bummerl` return new statistics.

Practice hands (played with open hand or take back: `session.Session.practice`) are
counted apart, in tallies of their own (``practice``), never in the record against the
level.  The last practice hand counted is remembered (``last_practice``: which deal of
which match, and its tally before and after) so that taking it back at its end removes
its count exactly (`Stats.uncounted`) and playing it on does not count it twice.

Stored as JSON under its own key (`KEY`), never inside the match document:

    {"app": "bummerl.stats", "version": 2,
     "tallies": {"hard/soft": {"hands_won": 3, "hands_lost": 1, ...}},
     "practice": {"medium/soft": {...}},
     "last_practice": {"hand": [seed, deal], "tally": "medium/soft",
                       "before": {...} or null, "after": {...}}}   (optional)

(version 1 had no "practice"; it is read as having none. Version 2 had no
"last_practice": read as none.)

`from_json` reads with the engine's strict reader (`bummerl.jsondoc.loads`: size and
nesting checked before parsing) and is strict (exact keys and types, bool is not an int,
non-negative counts, consistent streaks, at most `MAX_TALLIES` tallies); it raises
`StatsError` saying what is wrong, and `Keeper` sets such data aside like any other key
(`storage.Storage.set_aside`).  `panel_html` words the
statistics as an accessible table in English or German.  Pure Python, no `js`.
"""
from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, fields, replace
from html import escape

from bummerl import NotationError, jsondoc
from bummerl.bots import LEVELS

from . import i18n, storage

KEY = "bummerl.stats"
APP = "bummerl.stats"
VERSION = 3  # 1: no practice tallies; 2: no last_practice
MAX_TALLIES = 64  # in each group (the record, practice)
MAX_COUNT = 10 ** 9
MAX_SEED = 2 ** 63  # a match seed, as `bummerl.match.check_match` allows
MAX_CHARS = (2 * 64 + 2) * 400  # twice MAX_TALLIES tallies of eight counts, and last_practice's two
MAX_DEPTH = 3  # the document, its tallies, a tally
NAME = re.compile(r"[a-z][a-z0-9_]{0,15}\Z")  # a bot level or a preset name
LEVEL_ORDER = ("random", *LEVELS)  # random: tallies kept by earlier versions
PRESET_ORDER = ("soft", "sharp", "custom")


class StatsError(ValueError):
    """Stored statistics that cannot be read; the message says where and why."""


@dataclass(frozen=True)
class Tally:
    hands_won: int = 0
    hands_lost: int = 0
    bummerl_won: int = 0
    bummerl_lost: int = 0
    hand_streak: int = 0
    best_hand_streak: int = 0
    bummerl_streak: int = 0
    best_bummerl_streak: int = 0

    def after_hand(self, won: bool) -> "Tally":
        if not won:
            return replace(self, hands_lost=self.hands_lost + 1, hand_streak=0)
        streak = self.hand_streak + 1
        return replace(self, hands_won=self.hands_won + 1, hand_streak=streak,
                       best_hand_streak=max(streak, self.best_hand_streak))

    def after_bummerl(self, won: bool) -> "Tally":
        if not won:
            return replace(self, bummerl_lost=self.bummerl_lost + 1, bummerl_streak=0)
        streak = self.bummerl_streak + 1
        return replace(self, bummerl_won=self.bummerl_won + 1, bummerl_streak=streak,
                       best_bummerl_streak=max(streak, self.best_bummerl_streak))


FIELDS = tuple(f.name for f in fields(Tally))


@dataclass(frozen=True)
class LastPractice:
    """The last practice hand counted: ``hand`` (match seed, deal number), the tally it
    was counted in and that tally ``before`` (None: there was none) and ``after``."""

    hand: tuple[int, int]
    level: str
    preset: str
    before: Tally | None
    after: Tally


@dataclass(frozen=True)
class Stats:
    """Tallies by (bot level, preset); a missing pair is an empty tally. ``tallies`` is
    the record against the bot, ``practice`` the practice hands, counted apart."""

    tallies: tuple[tuple[tuple[str, str], Tally], ...] = ()
    practice: tuple[tuple[tuple[str, str], Tally], ...] = ()
    last_practice: LastPractice | None = None

    def tally(self, level: str, preset: str, practice: bool = False) -> Tally:
        return dict(self.practice if practice else self.tallies).get((level, preset), Tally())

    def record_hand(self, level: str, preset: str, won: bool, practice: bool = False) -> "Stats":
        """The statistics after a finished hand against the bot at `level` under `preset`
        (a practice hand: in the practice tallies)."""
        return self._with(level, preset, self.tally(level, preset, practice).after_hand(won), practice)

    def record_bummerl(self, level: str, preset: str, won: bool, practice: bool = False) -> "Stats":
        """The statistics after a finished Bummerl (won: the player reached 0 first);
        ended by a practice hand: in the practice tallies."""
        return self._with(level, preset, self.tally(level, preset, practice).after_bummerl(won), practice)

    def reset(self) -> "Stats":
        return Stats()

    def counted_practice(self, before: "Stats", hand: tuple[int, int], level: str, preset: str) -> "Stats":
        """These statistics (``before`` and a practice hand counted since, deal ``hand``:
        (match seed, deal number)) remembering that count, to take it back."""
        last = LastPractice(hand, level, preset, dict(before.practice).get((level, preset)),
                            self.tally(level, preset, practice=True))
        return replace(self, last_practice=last)

    def uncounted(self, hand: tuple[int, int]) -> "Stats | None":
        """The statistics without the count of practice hand ``hand`` (match seed, deal
        number), its tally as it was before (gone if there was none); None when the
        last practice hand counted is not that one or its tally changed since."""
        last = self.last_practice
        key = (last.level, last.preset) if last else None
        if last is None or last.hand != tuple(hand) or dict(self.practice).get(key) != last.after:
            return None
        practice = dict(self.practice)
        if last.before is None:
            del practice[key]
        else:
            practice[key] = last.before
        ordered = tuple(sorted(practice.items(), key=lambda item: _order(item[0])))
        return replace(self, practice=ordered, last_practice=None)

    def _with(self, level: str, preset: str, tally: Tally, practice: bool = False) -> "Stats":
        _check_name(level, "bot level")
        _check_name(preset, "preset")
        tallies = dict(self.practice if practice else self.tallies)
        if (level, preset) not in tallies and len(tallies) >= MAX_TALLIES:
            raise StatsError(f"more than {MAX_TALLIES} {'practice ' if practice else ''}tallies")
        tallies[(level, preset)] = tally
        ordered = tuple(sorted(tallies.items(), key=lambda item: _order(item[0])))
        return replace(self, **{"practice" if practice else "tallies": ordered})

    def to_json(self) -> str:
        doc = {"app": APP, "version": VERSION,
               **{group: {f"{level}/{preset}": asdict(tally) for (level, preset), tally in getattr(self, group)}
                  for group in ("tallies", "practice")}}
        last = self.last_practice
        if last is not None:
            doc["last_practice"] = {"hand": list(last.hand), "tally": f"{last.level}/{last.preset}",
                                    "before": None if last.before is None else asdict(last.before),
                                    "after": asdict(last.after)}
        return json.dumps(doc, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> "Stats":
        """Statistics as written by `to_json`; anything else raises `StatsError`."""
        try:
            doc = jsondoc.loads(text, MAX_CHARS, MAX_DEPTH)
        except NotationError as exc:
            raise StatsError(str(exc)) from None
        if type(doc) is not dict:
            raise StatsError("statistics: expected an object")
        if doc.get("app") != APP:
            raise StatsError(f"app: expected {APP!r}, found {doc.get('app')!r}")
        version = doc.get("version")
        if type(version) is not int or version not in (1, 2, VERSION):
            raise StatsError(f"version: expected 1 to {VERSION}, found {version!r}")
        groups = ("tallies",) if version == 1 else ("tallies", "practice")
        optional = {"last_practice"} if version == VERSION and "last_practice" in doc else set()
        _exact_keys(doc, {"app", "version", *groups, *optional}, "statistics")
        stats = cls()
        for group in groups:
            raw = doc[group]
            if type(raw) is not dict:
                raise StatsError(f"{group}: expected an object")
            if len(raw) > MAX_TALLIES:
                raise StatsError(f"{group}: {len(raw)} entries, at most {MAX_TALLIES}")
            for key, value in raw.items():
                level, _, preset = key.partition("/")
                if not (NAME.match(level) and NAME.match(preset)):
                    raise StatsError(f"{group}: bad key {key!r} (expected 'level/preset')")
                stats = stats._with(level, preset, _tally(value, f"{group}[{key!r}]"), group == "practice")
        if optional:
            stats = replace(stats, last_practice=_last_practice(doc["last_practice"]))
        return stats


def load(raw: str | None) -> Stats:
    """The statistics stored under `KEY` (`raw` is the stored text, None when absent)."""
    return Stats() if raw is None else Stats.from_json(raw)


class Keeper:
    """The statistics in a localStorage-like `backend` (None: blocked storage, kept in
    memory).  Every write reads the stored statistics first, so a hand finished in
    another tab is never counted over; unreadable statistics are set aside as
    "bummerl.stats.aside.<n>" (never deleted) and `set_aside` turns True for the page to
    say so."""

    def __init__(self, backend):
        self.backend = backend
        self.storage = storage.Storage(backend)
        self.set_aside = False
        self.stats = Stats()
        self.stats = self.read()

    def _call(self, method: str, *args):
        if self.backend is None:
            return None
        try:
            return getattr(self.backend, method)(*args)
        except Exception:  # noqa: BLE001 (SecurityError, QuotaExceededError, ...)
            return None

    def read(self) -> Stats:
        """The stored statistics (what is in memory when nothing can be read)."""
        if self.backend is None:
            return self.stats
        raw = self._call("getItem", KEY)
        try:
            return load(raw if isinstance(raw, str) else None)
        except StatsError:
            self.storage.set_aside(raw, KEY)
            self.set_aside = True
            return Stats()

    def adopt(self, raw) -> None:
        """Another tab stored `raw` (the storage event): show its statistics."""
        try:
            self.stats = load(raw if isinstance(raw, str) else None)
        except StatsError:
            self.stats = self.read()

    def record(self, turn, level: str, practice: bool = False, hand: tuple[int, int] | None = None) -> None:
        """Count the hand (and Bummerl) a `bummerl.Turn` ended, against the bot at
        `level`, under the preset of the hand's rules (else "custom"); a practice hand
        in the practice tallies, remembered as deal `hand` (match seed, deal number)
        so that `uncount` can take its count back."""
        if not turn.result:
            return
        preset = turn.after.rules.preset_name or "custom"
        before = self.read()
        stats = before.record_hand(level, preset, turn.result["winner"] == 0, practice)
        if turn.bummerl:
            stats = stats.record_bummerl(level, preset, turn.bummerl["loser"] == 1, practice)
        if practice and hand is not None:
            stats = stats.counted_practice(before, hand, level, preset)
        self._write(stats)

    def uncount(self, hand: tuple[int, int]) -> bool:
        """Take back the count of practice hand `hand` (match seed, deal number), taken
        back at its end (`Stats.uncounted`); False when it is not the last one counted
        or its tally changed since (statistics reset, another tab): nothing changes."""
        stats = self.read().uncounted(hand)
        if stats is None:
            return False
        self._write(stats)
        return True

    def reset(self) -> None:
        self._write(Stats())

    def _write(self, stats: Stats) -> None:
        self.stats = stats
        self._call("setItem", KEY, stats.to_json())


def _check_name(name: str, what: str) -> None:
    if type(name) is not str or not NAME.match(name):
        raise StatsError(f"bad {what} {name!r}")


def _order(pair: tuple[str, str]):
    level, preset = pair
    return (LEVEL_ORDER.index(level) if level in LEVEL_ORDER else len(LEVEL_ORDER), level,
            PRESET_ORDER.index(preset) if preset in PRESET_ORDER else len(PRESET_ORDER), preset)


def _exact_keys(value, keys: set[str], where: str) -> None:
    if type(value) is not dict:
        raise StatsError(f"{where}: expected an object")
    if set(value) != keys:
        missing, extra = sorted(keys - set(value)), sorted(set(value) - keys)
        raise StatsError(f"{where}: missing {missing}, unknown {extra}")


def _tally(value, where: str) -> Tally:
    _exact_keys(value, set(FIELDS), where)
    for name in FIELDS:
        count = value[name]
        if type(count) is not int or not 0 <= count <= MAX_COUNT:
            raise StatsError(f"{where}.{name}: expected a whole number 0..{MAX_COUNT}, "
                             f"found {count!r}")
    tally = Tally(**value)
    if not tally.hand_streak <= tally.best_hand_streak <= tally.hands_won:
        raise StatsError(f"{where}: hand streaks exceed the hands won")
    if not tally.bummerl_streak <= tally.best_bummerl_streak <= tally.bummerl_won:
        raise StatsError(f"{where}: Bummerl streaks exceed the Bummerl won")
    return tally


def _last_practice(value) -> LastPractice:
    _exact_keys(value, {"hand", "tally", "before", "after"}, "last_practice")
    hand = value["hand"]
    if (type(hand) is not list or len(hand) != 2 or any(type(n) is not int for n in hand)
            or not -MAX_SEED <= hand[0] <= MAX_SEED or not 1 <= hand[1] <= MAX_COUNT):
        raise StatsError(f"last_practice.hand: expected [match seed, deal number], found {hand!r}")
    key = value["tally"]
    level, _, preset = key.partition("/") if type(key) is str else ("", "", "")
    if not (NAME.match(level) and NAME.match(preset)):
        raise StatsError(f"last_practice.tally: bad key {key!r} (expected 'level/preset')")
    before = None if value["before"] is None else _tally(value["before"], "last_practice.before")
    return LastPractice((hand[0], hand[1]), level, preset, before, _tally(value["after"], "last_practice.after"))


# ---------------------------------------------------------------- the panel

def panel_html(stats: Stats, lang: str) -> str:
    """The statistics panel: a table (caption, column and row headers) with one row per
    bot level and preset played, or a sentence when nothing was played; the practice
    hands in a table of their own; and a reset button (`data-action="stats-reset"`, for
    the page to confirm and act on)."""
    def t(key, **params):
        return escape(i18n.text(lang, key, **params))

    title = f'<h2 id="stats-title">{t("stats_title")}</h2>'
    played = stats.tallies or stats.practice
    disabled = "" if played else ' disabled=""'
    reset = (f'<button type="button" class="tool" data-action="stats-reset"{disabled}>'
             f'{t("stats_reset")}</button>')
    if not played:
        return f'{title}<p class="stats-empty">{t("stats_empty")}</p>{reset}'
    heads = "".join(f'<th scope="col">{t(key)}</th>' for key in (
        "stats_against", "stats_hands", "stats_bummerl", "stats_hand_streak",
        "stats_bummerl_streak"))

    def table(tallies, caption: str, extra: str = "") -> str:
        rows = []
        for (level, preset), tally in tallies:
            against = t("stats_group", level=_word(lang, "level_", level),
                        preset=_word(lang, "stats_preset_", preset))
            cells = (t("stats_won_lost", won=tally.hands_won, lost=tally.hands_lost),
                     t("stats_won_lost", won=tally.bummerl_won, lost=tally.bummerl_lost),
                     t("stats_now_best", now=tally.hand_streak, best=tally.best_hand_streak),
                     t("stats_now_best", now=tally.bummerl_streak, best=tally.best_bummerl_streak))
            rows.append(f'<tr><th scope="row">{against}</th>'
                        + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
        return (f'<table class="stats{extra}"><caption>{t(caption)}</caption>'
                f'<thead><tr>{heads}</tr></thead><tbody>{"".join(rows)}</tbody></table>')

    tables = table(stats.tallies, "stats_caption") if stats.tallies else ""
    if stats.practice:
        tables += table(stats.practice, "stats_practice_caption", " practice")
    return f'{title}{tables}{reset}'


def _word(lang: str, prefix: str, name: str) -> str:
    """A level's or preset's display name; the name itself when there is none."""
    worded = i18n.text(lang, prefix + name)
    return name if worded == prefix + name else worded
