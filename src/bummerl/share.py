"""Compact, URL-safe forms of a hand record and of deal-and-settings links.

A record packs into one short string: version, dealer, rule options, the deal (one
letter per card: a..t), the actions (one character each):

>>> rec = {"rules": "sharp", "dealer": 1,
...        "hands": [["AH", "TH", "KH", "QH", "JC"], ["AS", "TS", "KS", "QS", "JS"]],
...        "trump": "AC", "talon": ["TC", "KC", "QC", "AD", "TD", "KD", "QD", "JD", "JH"],
...        "actions": ["play AH", "play JS"]}
>>> text = encode_record(rec)
>>> text
'111a5.abcdopqrstklmnfghije.at'
>>> decode_record(text) == rec
True

Links carry ``seed``, ``hand`` (deal number ``n`` of the match dealt from ``seed``, 1
first), ``rules`` (a preset, then ``option=value`` pairs), ``lang``, ``deck``, ``embed``
and ``record``; anything unknown or malformed is dropped with a
notice:

>>> link = parse_link("seed=42&rules=sharp,claim=auto&lang=de&deck=xx&zoom=2")
>>> link.seed, link.rules.to_json(), link.lang, link.deck
(42, {'preset': 'sharp', 'claim': 'auto'}, 'de', None)
>>> link.notices
["deck: 'xx' is not a deck (fr, de); ignored", 'zoom: unknown parameter; ignored']
>>> make_link(seed=42, rules=link.rules, lang="de")
'seed=42&rules=sharp,claim=auto&lang=de'
"""

from dataclasses import dataclass, field

from .cards import CARD_CODES, CLAIM, CLOSE, EXCHANGE, MARRY, SUITS, action_str, parse_action, parse_card
from .errors import NotationError, RulesError
from .rules import OPTIONS, Rules

VERSION = "1"
LETTERS = "abcdefghijklmnopqrst"  # card index -> letter
SPECIAL = {EXCHANGE: "x", CLOSE: "z", CLAIM: "y", **{MARRY + i: s for i, s in enumerate(SUITS)}}
SPECIAL_BACK = {v: k for k, v in SPECIAL.items()}
LANGS = ("en", "de")
HEX = "0123456789abcdefABCDEF"
DECKS = ("fr", "de")


def _rules_bits(rules: Rules) -> int:
    bits = 0
    shift = 0
    for name, values in OPTIONS.items():
        index = values.index(getattr(rules, name))
        width = (len(values) - 1).bit_length()
        bits |= index << shift
        shift += width
    return bits


def _rules_from_bits(bits: int, where: str) -> Rules:
    options = {}
    shift = 0
    for name, values in OPTIONS.items():
        width = (len(values) - 1).bit_length()
        index = bits >> shift & ((1 << width) - 1)
        if index >= len(values):
            raise NotationError(f"bad value for option {name}", where)
        options[name] = values[index]
        shift += width
    if bits >> shift:
        raise NotationError("unknown rule bits", where)
    return Rules(**options)


def encode_record(record: dict) -> str:
    """The record (see ``bummerl.record``) as a short URL-safe string."""
    from .record import parse_deal  # validates the deal

    hand = parse_deal(record)
    _, trump, talon = hand.initial
    deal_cards = [parse_card(c) for c in record["hands"][0] + record["hands"][1]]
    deal_cards += [trump, *talon]
    actions = []
    for index, text in enumerate(record.get("actions", [])):
        action = parse_action(text, f"actions[{index}]")
        actions.append(LETTERS[action] if action < 20 else SPECIAL[action])
    head = VERSION + str(record["dealer"]) + format(_rules_bits(hand.rules), "03x")
    return head + "." + "".join(LETTERS[c] for c in deal_cards) + "." + "".join(actions)


def decode_record(text: str) -> dict:
    """Read ``encode_record`` output back; NotationError names the character at fault."""
    if not isinstance(text, str):
        raise NotationError("a packed record must be text")
    parts = text.split(".")
    if len(parts) != 3 or len(parts[0]) != 5:
        raise NotationError("a packed record has the form VDRRR.DEAL.ACTIONS")
    head, deal_text, action_text = parts
    if head[0] != VERSION:
        raise NotationError(f"packed record version {head[0]!r}; this reads {VERSION}", "char 0")
    if head[1] not in "01":
        raise NotationError(f"dealer must be 0 or 1, not {head[1]!r}", "char 1")
    try:
        bits = int(head[2:], 16)
    except ValueError:
        raise NotationError(f"rules must be 3 hex digits, not {head[2:]!r}", "char 2") from None
    rules = _rules_from_bits(bits, "char 2")
    if len(deal_text) != 20:
        raise NotationError(f"the deal needs 20 card letters, not {len(deal_text)}", "char 6")
    cards = []
    for i, letter in enumerate(deal_text):
        if letter not in LETTERS:
            raise NotationError(f"{letter!r} is not a card letter (a-t)", f"char {6 + i}")
        cards.append(CARD_CODES[LETTERS.index(letter)])
    actions = []
    base = 7 + len(deal_text)
    for i, char in enumerate(action_text):
        if char in LETTERS:
            actions.append("play " + CARD_CODES[LETTERS.index(char)])
        elif char in SPECIAL_BACK:
            actions.append(action_str(SPECIAL_BACK[char]))
        else:
            raise NotationError(f"{char!r} is not an action character", f"char {base + i}")
    return {
        "rules": rules.to_json(),
        "dealer": int(head[1]),
        "hands": [cards[0:5], cards[5:10]],
        "trump": cards[10],
        "talon": cards[11:20],
        "actions": actions,
    }


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
            out.append(int(text[i + 1:i + 3], 16))
            i += 3
        else:
            out += text[i].encode()
            i += 1
    return out.decode("utf-8", "replace")


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


def rules_from_param(text: str) -> Rules:
    """``"sharp"`` or ``"soft,claim=manual,schneider_bummerl=true"`` -> Rules."""
    preset, *pairs = text.split(",")
    options: dict = {"preset": preset}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise RulesError(f"expected option=value, not {pair!r}")
        allowed = OPTIONS.get(name)
        if allowed and isinstance(allowed[0], bool):
            value = {"true": True, "false": False, "1": True, "0": False}.get(value, value)
        elif allowed and isinstance(allowed[0], int):
            value = int(value) if value.isdigit() else value
        options[name] = value
    return Rules.from_json(options)


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
    notices: list = field(default_factory=list)


def parse_link(query: str) -> Link:
    """Read a URL query string (with or without the leading ``?``)."""
    link = Link()
    for key, value in parse_query(query):
        if key == "seed":
            if value.isdigit() and len(value) <= 18:
                link.seed = int(value)
            else:
                link.notices.append(f"seed: {value!r} is not a whole number; ignored")
        elif key == "hand":
            if value.isdigit() and 1 <= int(value) <= 10**6:
                link.hand = int(value)
            else:
                link.notices.append(f"hand: {value!r} is not a deal number (1, 2, ...); ignored")
        elif key == "rules":
            try:
                link.rules = rules_from_param(value)
            except (RulesError, ValueError) as error:
                link.notices.append(f"rules: {error}; ignored")
        elif key in ("lang", "deck"):
            allowed = LANGS if key == "lang" else DECKS
            if value in allowed:
                setattr(link, key, value)
            else:
                kind = "language" if key == "lang" else "deck"
                link.notices.append(f"{key}: {value!r} is not a {kind} ({', '.join(allowed)}); ignored")
        elif key == "embed":
            link.embed = value in ("1", "true", "")
        elif key == "record":
            try:
                link.record = decode_record(value)
            except NotationError as error:
                link.notices.append(f"record: {error}; ignored")
        else:
            link.notices.append(f"{key}: unknown parameter; ignored")
    return link


def make_link(seed=None, rules=None, lang=None, deck=None, embed=False, record=None,
              hand=None) -> str:
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
    if record is not None:
        parts.append("record=" + encode_record(record))
    return "&".join(parts)
