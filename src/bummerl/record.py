"""The JSON hand record and ``replay``.

A record holds the rules, the dealer, the deal and the actions in order::

    {"rules": "soft", "dealer": 0,
     "hands": [["AH","TH","KH","QH","JC"], ["AS","TS","KS","QS","JS"]],
     "trump": "AC", "talon": ["TC", ... 9 codes, the next card drawn first],
     "actions": ["marry H", "play KH", ...]}

``replay(record)`` answers with a plain dict (see its docstring); malformed records and
illegal actions are answered with ``{"error": ..., "at": ...}`` rather than raised.

A record also packs into one short URL-safe string (for links): version, dealer, rule
options, the deal (one letter per card: a..t), the actions (one character each):

>>> rec = {"rules": "sharp", "dealer": 1,
...        "hands": [["AH", "TH", "KH", "QH", "JC"], ["AS", "TS", "KS", "QS", "JS"]],
...        "trump": "AC", "talon": ["TC", "KC", "QC", "AD", "TD", "KD", "QD", "JD", "JH"],
...        "actions": ["play AH", "play JS"]}
>>> text = encode_record(rec)
>>> text
'111a5.abcdopqrstklmnfghije.at'
>>> decode_record(text) == rec
True
"""

from . import jsondoc
from .cards import (
    BIT, CARD_CODES, CLAIM, CLOSE, EXCHANGE, MARRY, SUITS, action_str, parse_action, parse_card,
)
from .errors import IllegalAction, NotationError
from .hand import Hand
from .rules import OPTIONS, Rules, read_rules



MAX_ACTIONS = 64  # a hand has at most 20 plays, 4 marriages, an exchange, a close, a claim
MAX_RECORD_CHARS = 100_000  # a record's JSON takes about 300 characters


def loads_record(text):
    """JSON text of a record, parsed with the strict reader's limits (NotationError)."""
    return jsondoc.loads(text, max_chars=MAX_RECORD_CHARS)


def parse_deal(record) -> Hand:
    """The hand as dealt by ``record`` (its actions not applied). Raises NotationError."""
    if not isinstance(record, dict):
        raise NotationError(f"a record must be a JSON object, not {type(record).__name__}")
    jsondoc.expect_object(record, "record", required=("dealer", "hands", "trump", "talon"),
                          optional=("rules", "actions"))
    rules = read_rules(record.get("rules", "soft"))
    dealer = jsondoc.expect_int(record["dealer"], "dealer", 0, 1)
    seen: dict[int, str] = {}

    def card_at(code, where: str) -> int:
        if code not in CARD_CODES:
            raise NotationError(f"unknown card code {jsondoc.show(code)} (rank A T K Q J + suit H D C S)", where)
        card = parse_card(code, where)
        if card in seen:
            raise NotationError(f"duplicate card {code} (also at {seen[card]})", where)
        seen[card] = where
        return card

    hands = jsondoc.expect_list(record["hands"], "hands", 2, 2)
    masks = []
    for seat, cards in enumerate(hands):
        jsondoc.expect_list(cards, f"hands[{seat}]", 5, 5)
        masks.append(sum(BIT[card_at(c, f"hands[{seat}][{i}]")] for i, c in enumerate(cards)))
    trump = card_at(record["trump"], "trump")
    talon = jsondoc.expect_list(record["talon"], "talon", 9, 9)
    talon_cards = [card_at(c, f"talon[{i}]") for i, c in enumerate(talon)]
    return Hand(rules, dealer, masks, trump, talon_cards)


def _actions(record) -> list:
    actions = jsondoc.expect_list(record.get("actions", []), "actions", 0, MAX_ACTIONS)
    for index, text in enumerate(actions):
        jsondoc.expect_str(text, f"actions[{index}]", 12)
    return actions


def from_record(record) -> Hand:
    """The hand after every action of ``record``.

    Raises NotationError (unreadable) or IllegalAction (forbidden); either carries
    ``where``/``index`` to tell which action.
    """
    hand = parse_deal(record)
    for index, text in enumerate(_actions(record)):
        action = parse_action(text, f"actions[{index}]")
        try:
            hand = hand.apply(action)
        except IllegalAction as error:
            error.index = index
            raise
    return hand


def to_record(hand: Hand) -> dict:
    """``hand.to_record()``: the deal plus every action so far."""
    return hand.to_record()


def result(hand: Hand) -> dict:
    """The replay answer for a hand: finished or not."""
    if hand.outcome is not None:
        o = hand.outcome
        return {
            "over": True,
            "winner": o.winner,
            "game_points": o.game_points,
            "scores": hand.scores,
            "tricks": list(hand.tricks),
            "reason": o.reason,
            "termination": o.termination.value,
        }
    return {
        "over": False,
        "to_act": hand.to_act,
        "legal": hand.legal(),
        "scores": hand.scores,
        "tricks": list(hand.tricks),
    }


def replay(record) -> dict:
    """Play a record through and say how it stands.

    Finished: ``{"over": true, "winner", "game_points", "scores", "tricks", "reason"}``;
    unfinished: ``{"over": false, "to_act", "legal", "scores", "tricks"}``; a bad record or
    illegal action: ``{"error": message, "at": action index or -1}``.
    """
    try:
        hand = parse_deal(record)
        actions = _actions(record)
    except NotationError as error:
        return {"error": str(error), "at": -1}
    for index, text in enumerate(actions):
        try:
            hand = hand.apply(parse_action(text, f"actions[{index}]"))
        except (NotationError, IllegalAction) as error:
            return {"error": str(error), "at": index}
    return result(hand)


# ------------------------------------------------------------------ packed form

PACKED_VERSION = "1"
LETTERS = "abcdefghijklmnopqrst"  # card index -> letter
SPECIAL = {EXCHANGE: "x", CLOSE: "z", CLAIM: "y", **{MARRY + i: s for i, s in enumerate(SUITS)}}
SPECIAL_BACK = {v: k for k, v in SPECIAL.items()}
HEX = "0123456789abcdefABCDEF"
PACKED_MAX = 27 + MAX_ACTIONS  # head, deal, two dots, one character per action


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


def action_char(action: int) -> str:
    """An action's character in the packed forms: a card letter, or x z y H D C S."""
    return LETTERS[action] if action < 20 else SPECIAL[action]


def char_action(char: str) -> str | None:
    """The action (record notation) of a packed form's character; None if it is none."""
    if char in LETTERS:
        return "play " + CARD_CODES[LETTERS.index(char)]
    if char in SPECIAL_BACK:
        return action_str(SPECIAL_BACK[char])
    return None


def split_packed(text, what: str, form: str, max_chars: int, version: str) -> list[str]:
    """The dot-separated parts of a packed ``what`` of the shape ``form`` (its head's
    length and the number of parts), its version checked; NotationError otherwise."""
    if not isinstance(text, str):
        raise NotationError(f"a {what} must be text")
    if len(text) > max_chars:
        raise NotationError(f"a {what} has at most {max_chars} characters, not {len(text):,}")
    parts, shape = text.split("."), form.split(".")
    if len(parts) != len(shape) or len(parts[0]) != len(shape[0]):
        raise NotationError(f"a {what} has the form {form}")
    if parts[0][0] != version:
        raise NotationError(f"{what} version {parts[0][0]!r}; this reads {version}", "char 0")
    return parts


def encode_record(record: dict) -> str:
    """The record as a short URL-safe string (its deal checked, see ``parse_deal``)."""
    hand = parse_deal(record)
    _, trump, talon = hand.initial
    deal_cards = [parse_card(c) for c in record["hands"][0] + record["hands"][1]]
    deal_cards += [trump, *talon]
    actions = []
    for index, text in enumerate(_actions(record)):
        actions.append(action_char(parse_action(text, f"actions[{index}]")))
    head = PACKED_VERSION + str(record["dealer"]) + format(_rules_bits(hand.rules), "03x")
    return head + "." + "".join(LETTERS[c] for c in deal_cards) + "." + "".join(actions)


def decode_record(text: str) -> dict:
    """Read ``encode_record`` output back; NotationError names the character at fault."""
    head, deal_text, action_text = split_packed(text, "packed record", "VDRRR.DEAL.ACTIONS", PACKED_MAX,
                                                PACKED_VERSION)
    if head[1] not in "01":
        raise NotationError(f"dealer must be 0 or 1, not {head[1]!r}", "char 1")
    if not all(c in HEX for c in head[2:]):  # ASCII only: int() also takes other digits
        raise NotationError(f"rules must be 3 hex digits, not {head[2:]!r}", "char 2")
    bits = int(head[2:], 16)
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
        action = char_action(char)
        if action is None:
            raise NotationError(f"{char!r} is not an action character", f"char {base + i}")
        actions.append(action)
    return {
        "rules": rules.to_json(),
        "dealer": int(head[1]),
        "hands": [cards[0:5], cards[5:10]],
        "trump": cards[10],
        "talon": cards[11:20],
        "actions": actions,
    }


# For other packed forms of a hand (a deal set up by hand, bummerl_web.deal_setup).
rules_bits = _rules_bits
rules_from_bits = _rules_from_bits


__all__ = ["decode_record", "encode_record", "loads_record", "parse_deal", "from_record", "to_record", "replay", "result"]
