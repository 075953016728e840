"""Hints: the Hard bot's choice for a seat, with a short reason a player can check.

The reason is a ``HintReason`` and its parameters; the table words it in the player's
language (the English here is for tools and tests).

>>> import random
>>> from bummerl import Rules, deal
>>> hand = deal(Rules(), 0, random.Random(2))
>>> h = hint(hand.view(1), random.Random(0))
>>> h.action in hand.view(1).legal and isinstance(h.reason, HintReason)
True
"""

from dataclasses import dataclass
from enum import Enum
from itertools import combinations
from math import comb

from ..cards import (
    CARD_CODES, CLAIM, CLOSE, EXCHANGE, FOLLOWER_WINS, HIGHER, MARRY, POINTS, SUIT_OF, SUITS,
    Action, cards_of, mask_of, parse_card,
)
from ..hand import follows
from ..rules import GOAL, marriage_points
from .levels import Thinking
from .world import WorldBuilder


class HintReason(Enum):
    """Why the hinted move is good. The value is the key the table translates."""

    CLAIM = "claim"
    CLAIM_SHORT = "claim_short"
    CLOSE = "close"
    CLOSE_ODDS = "close_odds"
    EXCHANGE = "exchange"
    MARRIAGE = "marriage"
    MARRIAGE_LEAD = "marriage_lead"
    EXACT = "exact"
    WIN_TRICK = "win_trick"
    TRUMP_TRICK = "trump_trick"
    CHEAP_LOSS = "cheap_loss"
    LEAD_LOW = "lead_low"
    LEAD_TRUMP = "lead_trump"
    LEAD_HIGH = "lead_high"
    LEAD_TOP = "lead_top"
    LEAD = "lead"
    EQUAL = "equal"
    ABOUT_EQUAL = "about_equal"

    def text(self, params: dict) -> str:
        """The reason in words, filled in with ``params``."""
        return _TEXT[self].format(**params)


_TEXT = {
    HintReason.CLAIM: "you have {score} points: claim the hand",
    HintReason.CLAIM_SHORT: "only {score} points: a claim now loses",
    HintReason.CLOSE: "close: {score} won, {hand_points} in hand, {needed} to go",
    HintReason.CLOSE_ODDS: "close: it wins in {won} of {worlds} possible deals",
    HintReason.EXCHANGE: "exchange: take the {card}",
    HintReason.MARRIAGE: "declare {points}",
    HintReason.MARRIAGE_LEAD: "lead the {card} to show the pair",
    HintReason.EXACT: "all cards known: best by exact count",
    HintReason.WIN_TRICK: "take the trick: {points} points",
    HintReason.TRUMP_TRICK: "trump it: {points} points on the table",
    HintReason.CHEAP_LOSS: "let it go: it costs only {card_points}",
    HintReason.LEAD_LOW: "lead a low card and keep your strength",
    HintReason.LEAD_TRUMP: "draw the opponent's trumps",
    HintReason.LEAD_HIGH: "cash a sure winner",
    HintReason.LEAD_TOP: "only a trump takes it: safe in {safe}% of deals",
    HintReason.LEAD: "lead it: safe in {safe}% of deals",
    HintReason.EQUAL: "the {card} is just as good here",
    HintReason.ABOUT_EQUAL: "the {card} is about as good here",
}


@dataclass(frozen=True)
class Hint:
    """A suggested ``action`` for the player, and why: ``reason``, worded by its ``text``
    with ``params``."""
    action: Action
    reason: HintReason
    params: dict

    @property
    def text(self) -> str:
        """The reason in English."""
        return self.reason.text(self.params)


def hint(view, rng, time_limit: float | None = None) -> Hint:
    """The Hard bot's move for the seat of ``view``, and why."""
    thinking = Thinking(view, "hard", rng, time_limit)
    thinking.step()
    action = thinking.best()
    return explain_hint(view, action, thinking.close_odds(), thinking.rival(action))


def explain_hint(view, action, close_odds: tuple[int, int] | None = None,
                 rival: tuple | None = None) -> Hint:
    """``action`` for the seat of ``view`` (the Hard bot's choice), and why (``explain``)."""
    action = Action.parse(action)
    reason, params = explain(view, action, close_odds, rival)
    return Hint(action, reason, params)


def explain(view, action, close_odds: tuple[int, int] | None = None,
            rival: tuple | None = None) -> tuple[HintReason, dict]:
    """The reason that speaks for ``action`` in the position of ``view``. A close that the
    search counted (``close_odds``: in how many of its worlds the close wins, of how many)
    says so. Where the search's worlds cannot tell a card from another one (``rival``:
    (that action, whether the two are worth the same in every world), ``hard.rival``),
    no reason is given for it: the other card is just as good, or about as good. The
    Hint and the review give the same reasons."""
    code = Action.parse(action).code
    trump = SUITS.index(view.trump)
    seat = view.seat
    if rival is not None and code < EXCHANGE and Action.parse(rival[0]).code < EXCHANGE:  # two cards
        reason = HintReason.EQUAL if rival[1] else HintReason.ABOUT_EQUAL
        return reason, {"card": CARD_CODES[Action.parse(rival[0]).code]}
    if code == CLOSE and close_odds is not None:
        return HintReason.CLOSE_ODDS, {"won": close_odds[0], "worlds": close_odds[1]}
    if code == CLAIM:  # under manual claiming a claim is legal at any score, and false below 66
        score = view.scores[seat]
        return (HintReason.CLAIM if score >= GOAL else HintReason.CLAIM_SHORT), {"score": score}
    if code == CLOSE:
        hand_points = sum(POINTS[c] for c in cards_of(view.hand_mask))
        top = sum(1 for r in (0, 1) if view.hand_mask >> (5 * trump + r) & 1)
        score = view.scores[seat]  # counted: declared marriages count from the first trick on
        return HintReason.CLOSE, {"score": score, "hand_points": hand_points, "top_trumps": top,
                                  "needed": max(GOAL - score - view.pending[seat], 0)}
    if code == EXCHANGE:
        return HintReason.EXCHANGE, {"card": view.trump_card}
    if code >= MARRY:
        return HintReason.MARRIAGE, {"points": marriage_points(code - MARRY, trump)}
    card = code
    if view.married is not None:
        return HintReason.MARRIAGE_LEAD, {"card": CARD_CODES[card]}
    if view.talon_size == 0 and view.closed_by is None:
        return HintReason.EXACT, {}
    if view.trick is not None:
        lead = parse_card(view.trick[1])
        points = POINTS[lead] + POINTS[card]
        if FOLLOWER_WINS[trump][lead * 20 + card]:
            if SUIT_OF[card] == trump and SUIT_OF[lead] != trump:
                return HintReason.TRUMP_TRICK, {"points": points}
            return HintReason.WIN_TRICK, {"points": points}
        return HintReason.CHEAP_LOSS, {"card_points": POINTS[card]}
    safe, whole = safe_deals(view, card)
    if safe == whole:  # no hand the opponent may hold takes it
        return HintReason.LEAD_HIGH, {}
    if SUIT_OF[card] == trump:
        # not a sure winner, so a higher trump may be in the opponent's hand
        return HintReason.LEAD_TRUMP, {}
    if POINTS[card] <= 3:
        return HintReason.LEAD_LOW, {}
    share = {"safe": percent(safe, whole)}
    if not opponent_may_hold(view) & HIGHER[card]:
        return HintReason.LEAD_TOP, share  # no higher card of its suit can be out against it
    return HintReason.LEAD, share


def percent(part: int, whole: int) -> int:
    """``part`` of ``whole`` in whole percent, rounded, but never 0 or 100 unless exactly so."""
    share = round(100 * part / whole)
    return share if part in (0, whole) else min(max(share, 1), 99)


def _unknown(view) -> tuple[int, int, int]:
    """What the opponent of ``view``'s seat holds, as far as the view tells, as Hard's
    worlds read it (``world.WorldBuilder``): (the cards it has shown, how many of its cards
    are unknown, the unseen cards they may be)."""
    builder = WorldBuilder(view)
    return builder.known, builder.need, builder.allowed


def opponent_may_hold(view) -> int:
    """Every card the opponent of ``view``'s seat may hold, as a mask (``_unknown``)."""
    known, count, free = _unknown(view)
    return known | free if count else known


def opponent_hands(view):
    """Every hand the opponent of ``view``'s seat may hold (masks): the cards it has shown
    and any choice of the right number of the unseen cards it may hold."""
    known, count, free = _unknown(view)
    for chosen in combinations(cards_of(free), count):
        yield known | mask_of(chosen)


def safe_deals(view, card: int) -> tuple[int, int]:
    """(in how many of the hands the opponent may hold nothing takes the trick ``card``
    leads, how many hands it may hold): every hand counts alike. While the talon is open
    the opponent may play any card, so a hand is safe when none of its cards beats the
    lead, and the hands are counted by combinations; once the talon is closed or used up
    it must follow suit (and head, and trump), so each hand is tried."""
    trump = SUITS.index(view.trump)
    wins = FOLLOWER_WINS[trump]
    known, count, free = _unknown(view)
    whole = comb(len(cards_of(free)), count)
    if view.phase2:
        taken = sum(1 for held in opponent_hands(view)
                    if any(wins[card * 20 + f] for f in cards_of(follows(held, card, trump, True))))
        return whole - taken, whole
    beaters = mask_of(f for f in range(20) if wins[card * 20 + f])
    if known & beaters:
        return 0, whole
    return comb(len(cards_of(free & ~beaters)), count), whole


def opponent_can_take(view, card: int) -> bool:
    """Whether some hand the opponent may hold lets it take the trick ``card`` leads."""
    safe, whole = safe_deals(view, card)
    return safe < whole
