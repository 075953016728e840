"""The page's links: deal-and-settings parameters in the URL query, read and written.

Links carry ``seed``, ``hand`` (deal number ``n`` of the match dealt from ``seed``, 1
first), ``rules`` (a preset, then ``option=value`` pairs), ``lang``, ``deck``, ``embed``
and ``record`` (the engine's packed record, ``bummerl.record.encode_record``), with a
record ``at`` (the position shown: actions done, 0 = as dealt), ``review=1`` (open its
review) and ``puzzle=1`` (ask the decision at ``at`` as a puzzle); ``puzzle=ID`` (six
characters a-z 0-9 with a letter), without a record, opens that puzzle of the collection
(`puzzle_book`); anything unknown,
malformed or given twice is noticed (the first value counts):

>>> link = parse_link("seed=42&rules=sharp,claim=auto&lang=de&deck=xx&zoom=2&lang=en")
>>> link.seed, link.rules.to_json(), link.lang, link.deck
(42, {'preset': 'sharp', 'claim': 'auto'}, 'de', None)
>>> link.notices
["deck: 'xx' is not a deck (fr, de); ignored", 'zoom: unknown parameter; ignored', "lang: given twice; the first value ('de') counts"]
>>> make_link(seed=42, rules=link.rules, lang="de")
'seed=42&rules=sharp,claim=auto&lang=de'

Whole numbers are ASCII digits only, with bounds (``str.isdigit`` also takes "²"); every
bad value is quoted by at most a short prefix.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from bummerl import NotationError, Rules, RulesError
from bummerl.jsondoc import show
from bummerl.record import HEX, MAX_ACTIONS, decode_record, encode_record
from bummerl.rules import OPTIONS

from .i18n import DECKS, LANGS
from .puzzle_book import is_puzzle_id

MAX_SEED_DIGITS = 18  # below 2**63
MAX_HAND = 10**6
KNOWN = ("seed", "hand", "rules", "lang", "deck", "embed", "record", "at", "review", "puzzle",
         "setup", "play", "open", "caption", "question")
CAPTION_MAX = 300  # characters of a caption a link may show
QUESTION_MAX = 200
# Characters a caption never shows: C0 and C1 controls and the bidirectional controls
# (embeddings, overrides, isolates, marks) that could reorder the page's own words.
HIDDEN_CHARS = frozenset([*map(chr, range(0x20)), *map(chr, range(0x7F, 0xA0)), "\u061c", "\u200e", "\u200f",
                          *map(chr, range(0x202A, 0x202F)), *map(chr, range(0x2066, 0x206A))])
UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
EMBED = {"1": True, "true": True, "": True, "0": False, "false": False}


def _unquote(text: str) -> str:
    """Percent-decoding of a query value ("+" is a space). Kept here rather than taken
    from urllib.parse, whose import costs a tenth of a second in the browser."""
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    out = bytearray()
    i = 0
    while i < len(text):
        pair = text[i + 1:i + 3]
        if text[i] == "%" and len(pair) == 2 and all(c in HEX for c in pair):
            out.append(int(pair, 16))
            i += 3
        else:
            out += text[i].encode("utf-8", "replace")
            i += 1
    return out.decode("utf-8", "replace")


def quote(text: str) -> str:
    """Percent-encoding of a query value (every byte but the unreserved characters).

    >>> quote("Close now? <b>41</b> & 20")
    'Close%20now%3F%20%3Cb%3E41%3C%2Fb%3E%20%26%2020'
    """
    return "".join(chr(b) if chr(b) in UNRESERVED else f"%{b:02X}" for b in text.encode("utf-8"))


def plain_text(key: str, value: str, limit: int, notices: list) -> str | None:
    """A caption or question from a link as one line of plain text: controls and
    bidirectional overrides taken out, white space made single spaces, cut to ``limit``
    characters (each with a notice); None when nothing is left. It is shown as text,
    never as markup.

    >>> notes = []
    >>> plain_text("caption", "a\u202eb  <i>c</i>\\n", 5, notes), notes
    ('ab <…', ['caption: control or direction characters removed', 'caption: cut to 5 characters'])
    """
    kept = "".join(" " if ch in "\t\n\r" else ch for ch in value if ch in "\t\n\r" or ch not in HIDDEN_CHARS)
    if len(kept) != len(value):
        notices.append(f"{key}: control or direction characters removed")
    kept = " ".join(kept.split())
    if len(kept) > limit:
        notices.append(f"{key}: cut to {limit} characters")
        kept = kept[:limit - 1].rstrip() + "…"
    return kept or None


def parse_query(query: str) -> list[tuple[str, str]]:
    """``"a=1&b=x%2Cy"`` -> ``[("a", "1"), ("b", "x,y")]`` (blank values kept).

    >>> parse_query("?seed=4&rules=soft%2Cclaim%3Dmanual&embed")
    [('seed', '4'), ('rules', 'soft,claim=manual'), ('embed', '')]
    """
    pairs = []
    for part in query.lstrip("?").split("&"):
        if part:
            key, _, value = part.partition("=")
            pairs.append((_unquote(key), _unquote(value)))
    return pairs


def whole_number(text: str, low: int, high: int) -> int | None:
    """``text`` as a whole number in ``low..high`` if it is one in ASCII digits, else None.

    >>> whole_number("42", 0, 99), whole_number("\u00b2", 0, 99), whole_number("9" * 5000, 0, 99)
    (42, None, None)
    """
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(high)):
        return None
    value = int(text)
    return value if low <= value <= high else None


def _option_value(name: str, word: str):
    """A link's word for the value of option ``name``: true/false (or 1/0) for an on/off
    option, ASCII digits for a number; any other word stays as it is (``Rules`` says
    whether the option takes it)."""
    allowed = OPTIONS.get(name, ("",))
    if isinstance(allowed[0], bool):
        return {"true": True, "1": True, "false": False, "0": False}.get(word.lower(), word)
    if isinstance(allowed[0], int):
        number = whole_number(word, 0, 99)
        return word if number is None else number
    return word


def rules_from_param(text: str) -> tuple[Rules, list[str]]:
    """``"sharp"`` or ``"soft,claim=manual,schneider_bummerl=true"`` -> (Rules, notices);
    RulesError (the engine's, from ``Rules.from_json``) for an unknown preset or option or
    a bad value."""
    preset, *pairs = text.split(",")
    options: dict = {"preset": preset}
    notices = []
    for pair in pairs:
        name, sep, word = pair.partition("=")
        if not sep:
            raise RulesError(f"expected option=value, not {show(pair)}")
        if name in options:
            notices.append(f"rules: {name} given twice; the first value ({options[name]}) counts")
            continue
        options[name] = _option_value(name, word)
    return Rules.from_json(options), notices


def rules_to_param(rules: Rules) -> str:
    as_json = rules.to_json()
    if isinstance(as_json, str):
        return as_json
    pairs = [as_json.pop("preset")]
    for name, value in as_json.items():
        pairs.append(f"{name}={str(value).lower() if isinstance(value, bool) else value}")
    return ",".join(pairs)


@dataclass
class Link:
    seed: int | None = None
    hand: int | None = None  # deal n (1 = the first) of the match seeded by ``seed``
    rules: Rules | None = None
    lang: str | None = None
    deck: str | None = None
    embed: bool = False
    record: dict | None = None
    at: int | None = None  # the record's position to show (actions done)
    review: bool = False  # open the record's review
    puzzle: bool = False  # ask the decision at ``at`` as a puzzle
    puzzle_id: str | None = None  # a puzzle of the collection (never with a record)
    setup: object = None  # a deal set up by hand (deal_setup.Setup); ``record`` is its hand
    seat: int = 0  # the set-up deal's seat the reader plays
    play: bool = False  # play on from the record's position ``at``
    open: bool = False  # both hands face up
    caption: str | None = None  # plain text over the table
    question: str | None = None  # plain text: the puzzle's (or the position's) question
    notices: list = field(default_factory=list)


def parse_link(query: str) -> Link:
    """Read a URL query string (with or without the leading ``?``)."""
    link = Link()
    seen: dict[str, str] = {}
    for key, value in parse_query(query):
        if key in seen:
            if key in KNOWN:
                link.notices.append(f"{key}: given twice; the first value ({show(seen[key])}) counts")
            continue
        seen[key] = value
        _read_parameter(link, key, value)
    if link.setup is not None:
        if link.record is not None:
            link.notices.append("setup: a link holds a record or a set-up deal, not both; the set-up deal is ignored")
            link.setup = None
        else:
            link.record = link.setup.record(link.seat)
            if link.at is None:
                link.at = len(link.setup.actions)
    if link.puzzle_id is not None and link.record is not None:
        link.notices.append("puzzle: a puzzle of the collection is not asked with a record; the id is ignored")
        link.puzzle_id = None
    if link.record is None and (link.at is not None or link.review or link.puzzle or link.play):
        link.notices.append("at, review, puzzle, play: only with a record; ignored")
        link.at, link.review, link.puzzle, link.play = None, False, False, False
    if link.play and (link.review or link.puzzle):
        link.notices.append("play: not with review or puzzle; ignored")
        link.play = False
    if link.puzzle and link.at is None:
        link.notices.append("puzzle: needs at (the position to solve); ignored")
        link.puzzle = False
    return link


def _read_parameter(link: Link, key: str, value: str) -> None:
    if key == "seed":
        link.seed = whole_number(value, 0, 10**MAX_SEED_DIGITS - 1)
        if link.seed is None:
            link.notices.append(f"seed: {show(value)} is not a whole number; ignored")
    elif key == "hand":
        link.hand = whole_number(value, 1, MAX_HAND)
        if link.hand is None:
            link.notices.append(f"hand: {show(value)} is not a deal number (1, 2, ...); ignored")
    elif key == "rules":
        try:
            link.rules, notices = rules_from_param(value)
            link.notices += notices
        except RulesError as error:
            link.notices.append(f"rules: {error}; ignored")
    elif key in ("lang", "deck"):
        allowed = LANGS if key == "lang" else DECKS
        if value in allowed:
            setattr(link, key, value)
        else:
            kind = "language" if key == "lang" else "deck"
            link.notices.append(f"{key}: {show(value)} is not a {kind} ({', '.join(allowed)}); ignored")
    elif key == "setup":
        from .deal_setup import Setup

        try:
            link.setup, link.seat = Setup.decode(value)
        except NotationError as error:
            link.notices.append(f"setup: {error}; ignored")
    elif key in ("caption", "question"):
        limit = CAPTION_MAX if key == "caption" else QUESTION_MAX
        setattr(link, key, plain_text(key, value, limit, link.notices))
    elif key == "puzzle" and is_puzzle_id(value):
        link.puzzle_id = value
    elif key == "puzzle" and value not in EMBED:
        link.notices.append(f"puzzle: {show(value)} is not 1, 0 or a puzzle's id (6 characters a-z 0-9); ignored")
    elif key in ("embed", "review", "puzzle", "play", "open"):
        if value in EMBED:
            setattr(link, key, EMBED[value])
        else:
            link.notices.append(f"{key}: {show(value)} is not 1 or 0; ignored")
    elif key == "at":
        link.at = whole_number(value, 0, MAX_ACTIONS)
        if link.at is None:
            link.notices.append(f"at: {show(value)} is not a position (0..{MAX_ACTIONS}); ignored")
    elif key == "record":
        try:
            link.record = decode_record(value)
        except NotationError as error:
            link.notices.append(f"record: {error}; ignored")
    else:
        link.notices.append(f"{key if len(key) <= 20 else key[:20] + '…'}: unknown parameter; ignored")


def make_link(seed=None, rules=None, lang=None, deck=None, embed=False, record=None,
              hand=None, at=None, review=False, puzzle=False, setup=None, play=False,
              open_cards=False, caption=None, question=None, puzzle_id=None) -> str:
    """The query string (without ``?``) for these settings.

    >>> make_link(seed=7, hand=3, lang="en")
    'seed=7&hand=3&lang=en'
    """
    parts = []
    if seed is not None:
        parts.append(f"seed={seed}")
    if hand is not None:
        parts.append(f"hand={hand}")
    if rules is not None:
        parts.append("rules=" + rules_to_param(rules))  # option names and values are URL-safe
    if lang:
        parts.append(f"lang={lang}")
    if deck:
        parts.append(f"deck={deck}")
    if embed:
        parts.append("embed=1")
    if record is not None or setup is not None:
        parts.append("record=" + encode_record(record) if setup is None else "setup=" + setup)
        if at is not None:
            parts.append(f"at={at}")
        if review:
            parts.append("review=1")
        if puzzle:
            parts.append("puzzle=1")
        if play:
            parts.append("play=1")
    elif puzzle_id is not None:
        parts.append(f"puzzle={puzzle_id}")
    if open_cards:
        parts.append("open=1")
    for key, text in (("caption", caption), ("question", question)):
        if text:
            parts.append(f"{key}={quote(text)}")
    return "&".join(parts)
