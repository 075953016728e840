"""The JSON hand record and ``replay``.

A record holds the rules, the dealer, the deal and the actions in order::

    {"rules": "soft", "dealer": 0,
     "hands": [["AH","TH","KH","QH","JC"], ["AS","TS","KS","QS","JS"]],
     "trump": "AC", "talon": ["TC", ... 9 codes, the next card drawn first],
     "actions": ["marry H", "play KH", ...]}

``replay(record)`` answers with a plain dict (see its docstring); malformed records and
illegal actions are answered with ``{"error": ..., "at": ...}`` rather than raised.
"""

from . import jsondoc
from .cards import BIT, CARD_CODES, codes, parse_action, parse_card
from .errors import IllegalAction, NotationError
from .hand import Hand
from .rules import Rules



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
    rules_json = record.get("rules", "soft")
    jsondoc.check_rules(rules_json)
    rules = Rules.from_json(rules_json)
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
    (h0, h1), trump, talon = hand.initial
    return {
        "rules": hand.rules.to_json(),
        "dealer": hand.dealer,
        "hands": [codes(h0), codes(h1)],
        "trump": CARD_CODES[trump],
        "talon": [CARD_CODES[c] for c in talon],
        "actions": list(hand.history),
    }


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


__all__ = ["loads_record", "parse_deal", "from_record", "to_record", "replay", "result"]
