"""The JSON hand record and ``replay``.

A record holds the rules, the dealer, the deal and the actions in order::

    {"rules": "soft", "dealer": 0,
     "hands": [["AH","TH","KH","QH","JC"], ["AS","TS","KS","QS","JS"]],
     "trump": "AC", "talon": ["TC", ... 9 codes, the next card drawn first],
     "actions": ["marry H", "play KH", ...]}

``replay(record)`` answers with a plain dict (see its docstring); malformed records and
illegal actions are answered with ``{"error": ..., "at": ...}`` rather than raised.
"""

from .cards import BIT, CARD_CODES, codes, parse_action, parse_card
from .errors import IllegalAction, NotationError, RulesError
from .hand import Hand
from .rules import Rules

RECORD_KEYS = ("rules", "dealer", "hands", "trump", "talon", "actions")


def parse_deal(record) -> Hand:
    """The hand as dealt by ``record`` (its actions not applied). Raises NotationError."""
    if not isinstance(record, dict):
        raise NotationError(f"a record must be a JSON object, not {type(record).__name__}")
    unknown = sorted(set(record) - set(RECORD_KEYS))
    if unknown:
        raise NotationError(f"unknown record field(s) {', '.join(unknown)}")
    for key in ("dealer", "hands", "trump", "talon"):
        if key not in record:
            raise NotationError(f"the record has no {key!r}")
    try:
        rules = Rules.from_json(record.get("rules", "soft"))
    except RulesError as error:
        raise NotationError(str(error), "rules") from None
    dealer = record["dealer"]
    if dealer not in (0, 1) or isinstance(dealer, bool):
        raise NotationError(f"dealer must be 0 or 1, not {dealer!r}", "dealer")
    seen: dict[int, str] = {}

    def card_at(code, where: str) -> int:
        card = parse_card(code, where)
        if card in seen:
            raise NotationError(f"duplicate card {code} (also at {seen[card]})", where)
        seen[card] = where
        return card

    hands = record["hands"]
    if not isinstance(hands, list) or len(hands) != 2:
        raise NotationError("hands must be a list of two hands", "hands")
    masks = []
    for seat, cards in enumerate(hands):
        if not isinstance(cards, list) or len(cards) != 5:
            size = len(cards) if isinstance(cards, list) else cards
            raise NotationError(f"a hand holds 5 cards, not {size!r}", f"hands[{seat}]")
        masks.append(sum(BIT[card_at(c, f"hands[{seat}][{i}]")] for i, c in enumerate(cards)))
    trump = card_at(record["trump"], "trump")
    talon = record["talon"]
    if not isinstance(talon, list) or len(talon) != 9:
        size = len(talon) if isinstance(talon, list) else talon
        raise NotationError(f"the talon holds 9 face-down cards, not {size!r}", "talon")
    talon_cards = [card_at(c, f"talon[{i}]") for i, c in enumerate(talon)]
    return Hand(rules, dealer, masks, trump, talon_cards)


def from_record(record) -> Hand:
    """The hand after every action of ``record``.

    Raises NotationError (unreadable) or IllegalAction (forbidden); either carries
    ``where``/``index`` to tell which action.
    """
    hand = parse_deal(record)
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise NotationError("actions must be a list", "actions")
    for index, text in enumerate(actions):
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
    except NotationError as error:
        return {"error": str(error), "at": -1}
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        return {"error": "actions: must be a list", "at": -1}
    for index, text in enumerate(actions):
        try:
            hand = hand.apply(parse_action(text, f"actions[{index}]"))
        except (NotationError, IllegalAction) as error:
            return {"error": str(error), "at": index}
    return result(hand)


__all__ = ["parse_deal", "from_record", "to_record", "replay", "result"]
