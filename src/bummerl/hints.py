"""Hints: the Hard bot's choice for a seat, with a short reason a player can check.

The reason is a key and its parameters; the table words it in the player's language.

>>> import random
>>> from bummerl import Rules, deal
>>> hand = deal(Rules(), 0, random.Random(2))
>>> h = hint(hand.view(1), random.Random(0))
>>> h["action"] in hand.view(1).legal and h["reason"] in REASONS
True
"""

from .bots import choose
from .cards import (
    ACE, CARD_CODES, CLAIM, CLOSE, EXCHANGE, FOLLOWER_WINS, MARRY, POINTS, SUIT_MASK,
    SUIT_OF, cards_of, parse_action, parse_card,
)

# reason key -> English template (the table keeps its own translations of each key)
REASONS = {
    "claim": "you have {score} points: claim the hand",
    "close": "close: {score} points so far, {hand_points} in hand and {top_trumps} of the top trumps",
    "exchange": "take the {card} for the trump jack",
    "marriage": "declare {points}",
    "marriage_lead": "lead the {card} to show your marriage",
    "exact": "all cards are known: this is the best play by exact calculation",
    "win_trick": "take the trick: {points} points",
    "trump_trick": "trump it: {points} points on the table",
    "cheap_loss": "let this trick go and give away only {card_points}",
    "lead_low": "lead a low card and keep your strength",
    "lead_trump": "draw the opponent's trumps",
    "lead_high": "cash a sure winner",
    "lead": "lead this card",
}


def hint(view, rng, time_limit: float | None = None) -> dict:
    """``{"action": "play AH", "reason": key, "params": {...}, "text": English}``."""
    action = choose(view, "hard", rng, time_limit)
    reason, params = explain(view, action)
    return {"action": action, "reason": reason, "params": params,
            "text": REASONS[reason].format(**params)}


def explain(view, action: str) -> tuple[str, dict]:
    code = parse_action(action)
    trump = "HDCS".index(view.trump)
    seat = view.seat
    if code == CLAIM:
        return "claim", {"score": view.scores[seat]}
    if code == CLOSE:
        hand_points = sum(POINTS[c] for c in cards_of(view.hand_mask))
        top = sum(1 for r in (0, 1) if view.hand_mask >> (5 * trump + r) & 1)
        return "close", {"score": view.scores[seat], "hand_points": hand_points, "top_trumps": top}
    if code == EXCHANGE:
        return "exchange", {"card": view.trump_card}
    if code >= MARRY:
        return "marriage", {"points": 40 if code - MARRY == trump else 20}
    card = code
    if view.married is not None:
        return "marriage_lead", {"card": CARD_CODES[card]}
    if view.talon_size == 0 and view.closed_by is None:
        return "exact", {}
    if view.trick is not None:
        lead = parse_card(view.trick[1])
        points = POINTS[lead] + POINTS[card]
        if FOLLOWER_WINS[trump][lead * 20 + card]:
            if SUIT_OF[card] == trump and SUIT_OF[lead] != trump:
                return "trump_trick", {"points": points}
            return "win_trick", {"points": points}
        return "cheap_loss", {"card_points": POINTS[card]}
    if SUIT_OF[card] == trump:
        return "lead_trump", {}
    rank = card % 5
    higher_out = view.unseen_mask & SUIT_MASK[SUIT_OF[card]] & ((1 << card) - 1)
    if rank == ACE or not higher_out:
        return "lead_high", {}
    if POINTS[card] <= 3:
        return "lead_low", {}
    return "lead", {}
