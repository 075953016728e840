"""Heuristic: a rule-based yardstick player, written from the public strategy literature.

It is not a level of the page and no level is tuned against it: it exists so that the
arena can say how strong the levels are against a reasonable club player. It reads only
the ``View``, is deterministic and answers in well under a millisecond. The frozen
reference ``heuristic-v1`` (``bummerl_lab.frozen``) is the simpler yardstick this one
replaced. Its rules, in order:

- Card counting: the cards the opponent may hold are those not yet seen plus those it
  has shown, less what it has shown it lacks by a phase-2 follow; the chance that it
  holds none of some cards is taken over the unseen cards as drawn at random.
- Formalities: claim as soon as the score is 66 (manual claiming), always exchange the
  trump jack, declare a marriage whenever allowed (40 before 20) and lead its queen (the
  king when the rules say so). In phase 2 a marriage waits while there is a winner the
  opponent cannot take to cash first, unless it takes us out at once.
- What a card in hand is worth (``Position.worth``, the discard priorities as numbers):
  trumps most, the master trump above all, a small trump less with more than two trumps
  in hand; then a king or queen of a pair in hand, a master side card (an ace, or a ten
  whose ace is gone), a king or queen whose partner is still unseen, a ten whose ace is
  out; least a jack or a king or queen that can no longer marry.
- Closing: count the sure winners, master trumps first (each draws a trump the opponent
  may hold), then master side cards, weighted by the chance that it holds none of the
  trumps left; add the score, the marriages in hand, and the opponent's smallest cards
  thrown on those tricks (a little more each). Close when that reaches 66.
- Phase 1, following: each card scores the trick's points, won or lost, less its worth
  in hand. Winning with 66 comes first, letting the opponent reach 66 last; winning the
  lead is worth half the marriages in hand (the lead is where they are declared).
- Phase 1, leading: each card scores the trick it is expected to bring: the opponent
  takes it by the chance that it holds a higher card of the suit or, for an ace or a ten,
  a trump; otherwise it throws a small card. A trick that may end the hand weighs
  heavily either way. Less, again, the card's worth in hand.
- Phase 2, leading: cash a winner the opponent cannot take (certain once the talon is
  exhausted and its hand is known; while closed, a chance of at most ``SAFE``), trumps
  first, then the one that forces the most points; never a half of a pair in hand. Else
  draw trumps with a master trump; else lead the card that risks least.
- Phase 2, following: the rules say whether to head; head with the biggest card of the
  suit led, trump with the smallest trump, or lose the card worth least.
"""
from ..cards import (
    BIT, CARD_INDEX, CLAIM, CLOSE, EXCHANGE, HIGHER, JACK, KING, MARRY, PAIR, POINTS, QUEEN,
    RANK_OF, SUIT_MASK, SUIT_OF, SUITS, TEN, cards_of, parse_action, trick_winner_follows,
)
from ..rules import GOAL, marriage_points

# --- what a card in hand is worth (card points of score difference still to come) ---
# A side jack, or a king or queen that can no longer marry: mostly given away later.
WORTH_SMALL = -1
# A king or queen whose partner is still unseen: it may still marry.
WORTH_HOPE = 5
# A king or queen whose partner is in hand: a share of the marriage.
WORTH_PAIR = 14
WORTH_TRUMP_PAIR = 35
# A side ace, or a ten whose ace is gone: it will take a trick unless trumped.
WORTH_MASTER = 10
# A ten whose ace is still out: it is often caught.
WORTH_TEN = 0
# A small trump (jack, queen, king), a trump ten, the master trump.
WORTH_TRUMP = 23
WORTH_TRUMP_TEN = 25
WORTH_TRUMP_MASTER = 28
# ... less this much for each trump in hand beyond two.
TRUMP_LENGTH = 8

# Points over its smallest card the opponent is expected to throw on each sure trick
# cashed after closing.
THROWN_PER_TRICK = 2
# What the opponent is expected to take a lead with: a higher card of the suit (an ace
# or a ten, mostly), or a trump.
TAKER_SUIT = 10.5
TAKER_TRUMP = 6
# What the opponent is expected to throw away when it cannot or need not take a lead.
THROWN = 3
# What ending the hand is worth to the lead's choice, in points.
STAKE = 100
# A phase-2 lead taken with at most this chance is cashed as a winner.
SAFE = 0.2
# The share of a marriage in hand that winning the lead (to declare it) is worth.
LEAD_PAIR = 0.5
# Closing: the expected total must clear 66 by this margin.
CLOSE_MARGIN = 0


def _count(mask: int) -> int:
    """The number of cards in ``mask``."""
    return bin(mask).count("1")


class Position:
    """The facts of a view the rules below ask about, as ints and masks."""

    def __init__(self, view):
        self.view = view
        me = view.seat
        opp = 1 - me
        self.trump = SUITS.index(view.trump)
        self.trump_mask = SUIT_MASK[self.trump]
        self.hand = view.hand_mask
        self.legal = [parse_action(a) for a in view.legal]
        self.plays = 0
        for action in self.legal:
            if action < 20:
                self.plays |= BIT[action]
        self.lead = CARD_INDEX[view.trick[1]] if view.trick is not None else -1
        self.phase2 = view.phase2
        self.exhausted = view.phase2 and view.closed_by is None
        # Card counting: the cards the opponent may hold are every card not yet seen
        # played, in our hand or face up, plus those it has shown; once it failed to
        # follow, head or trump in phase 2 it has shown what it lacks.
        self.known = view.opponent_known_mask
        self.may = (view.unseen_mask | self.known) & ~view.opponent_lacks_mask
        # Of the unseen cards, those that may be in its hand, and how many it holds.
        self.pool = view.unseen_mask & ~view.opponent_lacks_mask
        self.slots = view.opponent_hand_size - _count(self.known)
        # Scores with declared marriages counted: pending ones count with the first trick.
        self.score = view.points[me] + view.marriage_points[me]
        self.opp_score = view.points[opp] + view.marriage_points[opp]
        self.tricks = view.tricks[me]

    def is_trump(self, card: int) -> bool:
        """Whether ``card`` is a trump."""
        return SUIT_OF[card] == self.trump

    def master(self, card: int) -> bool:
        """No card the opponent may hold beats it in its own suit."""
        return not HIGHER[card] & self.may

    def chance_none(self, mask: int) -> float:
        """The chance that the opponent holds none of ``mask`` (uniform over the unseen)."""
        if mask & self.known:
            return 0.0
        n = _count(mask & self.pool)
        if not n:
            return 1.0
        u = _count(self.pool)
        p = 1.0
        for i in range(self.slots):
            if u - i <= 0:
                break
            p *= (u - n - i) / (u - i)
            if p <= 0:
                return 0.0
        return p

    def worth(self, card: int) -> float:
        """What holding ``card`` is worth for the rest of the hand, in points of score
        difference: the discard priorities of the literature as numbers."""
        rank = RANK_OF[card]
        suit = SUIT_OF[card]
        if suit == self.trump:
            if self.master(card):
                return WORTH_TRUMP_MASTER
            if rank in (KING, QUEEN) and self.hand & PAIR[suit] == PAIR[suit]:
                return WORTH_TRUMP_PAIR
            worth = WORTH_TRUMP_TEN if rank == TEN else WORTH_TRUMP
            # with trumps to spare, the small ones may be spent
            return worth - TRUMP_LENGTH * max(0, _count(self.hand & self.trump_mask) - 2)
        if rank in (KING, QUEEN):
            partner = PAIR[suit] & ~BIT[card]
            if partner & self.hand:
                return WORTH_PAIR
            if partner & self.view.unseen_mask:
                return WORTH_HOPE
            return WORTH_SMALL
        if rank == JACK:
            return WORTH_SMALL
        return WORTH_MASTER if self.master(card) else WORTH_TEN


def heuristic(view) -> int:
    """The yardstick's action (an action int) for the seat to act in ``view``."""
    pos = Position(view)
    if len(pos.legal) == 1:
        return pos.legal[0]
    if CLAIM in pos.legal and view.scores[view.seat] >= GOAL:
        return CLAIM
    if EXCHANGE in pos.legal:
        return EXCHANGE
    if CLOSE in pos.legal and _should_close(pos):
        return CLOSE
    marriages = [a for a in pos.legal if MARRY <= a < MARRY + 4]
    if marriages and not (pos.phase2 and _cash_before_marriage(pos, marriages)):
        return max(marriages, key=lambda a: (a - MARRY == pos.trump, -a))
    if view.married is not None:
        return _marriage_lead(pos)
    if pos.lead < 0:
        return _lead_phase2(pos) if pos.phase2 else _lead_phase1(pos)
    return _follow_phase2(pos) if pos.phase2 else _follow_phase1(pos)


# --- closing -------------------------------------------------------------------------


def sure_run(pos: Position, hand: int) -> tuple[list, float]:
    """The winners we can cash in a row from the lead in phase 2, and how sure the side
    ones are: master trumps first (each draws a trump the opponent may hold), then master
    side cards, which are sure once the opponent can hold no trump."""
    trump_mask = pos.trump_mask
    out_trumps = pos.may & trump_mask
    run = []
    for card in cards_of(hand & trump_mask):
        if HIGHER[card] & out_trumps:
            break
        run.append(card)
        if out_trumps:
            # the opponent must follow with a trump: assume its smallest goes
            out_trumps &= ~BIT[cards_of(out_trumps)[-1]]
    side = [c for c in cards_of(hand & ~trump_mask) if not HIGHER[c] & pos.may]
    if not out_trumps:
        return run + side, 1.0
    # trumps may remain: the side winners stand if it holds none of them
    return run + side, pos.chance_none(out_trumps)


def _should_close(pos: Position) -> bool:
    """Whether to close now, on lead: the sure run (``sure_run``) with the score,
    the marriages in hand and the cards thrown on it clears 66 (by ``CLOSE_MARGIN``)."""
    if pos.lead >= 0 or pos.view.married is not None:
        return False
    run, sure = sure_run(pos, pos.hand)
    if not run:
        return False
    trumps = [c for c in run if pos.is_trump(c)]
    side = run[len(trumps):]
    # the run's first trick is ours, so every marriage in hand can be declared on a lead
    marriage = _pairs(pos, pos.hand)
    # the opponent throws its smallest cards on our winners: the worst case, and more
    least = sorted(POINTS[c] for c in cards_of(pos.may))
    thrown = [least[i] + THROWN_PER_TRICK if i < len(least) else 0 for i in range(len(run))]
    expected = pos.score + marriage
    expected += sum(POINTS[c] + thrown[i] for i, c in enumerate(trumps))
    expected += sure * sum(POINTS[c] + thrown[len(trumps) + i] for i, c in enumerate(side))
    return expected >= GOAL + CLOSE_MARGIN


# --- phase 1 ---------------------------------------------------------------------------


def _lead_value(pos: Position, card: int) -> float:
    """The expected score difference of leading ``card`` with the talon open, less what
    the card is worth in hand: the opponent takes it when it can take it with a higher
    card of the suit, or trumps it when it is an ace or a ten."""
    points = POINTS[card]
    higher = HIGHER[card] & pos.may
    p_higher = 1.0 - pos.chance_none(higher)
    p_take = p_higher
    taker = TAKER_SUIT
    if not pos.is_trump(card) and points >= 10:
        p_trump = 1.0 - pos.chance_none(pos.may & pos.trump_mask)
        p_take = p_higher + (1.0 - p_higher) * p_trump
        taker = TAKER_TRUMP
    value = p_take * -(points + taker) + (1.0 - p_take) * (points + THROWN)
    # the trick may end the hand: the opponent goes out by taking it, or we by winning it
    if pos.opp_score + points + 2 >= GOAL:
        value -= p_take * STAKE
    if pos.score + points >= GOAL:
        value += (1.0 - p_take) * STAKE
    return value - pos.worth(card)


def _lead_phase1(pos: Position) -> int:
    """The phase-1 lead whose expected trick (``_lead_value``) is best."""
    plays = cards_of(pos.plays)
    return max(plays, key=lambda c: (_lead_value(pos, c), -c))


def _marriage_lead(pos: Position) -> int:
    """The lead after declaring a marriage: its king where allowed (the queen is worth less)."""
    plays = cards_of(pos.plays)
    # the queen is worth less; the rules may demand the king
    return max(plays, key=lambda c: RANK_OF[c])


def _follow_value(pos: Position, card: int) -> float:
    """What answering the phase-1 lead with ``card`` is worth: the trick's points won or
    lost, going out (or letting the opponent out) above all, less the card's worth in
    hand; winning the lead adds a share of the marriages left in hand."""
    lead = pos.lead
    points = POINTS[lead] + POINTS[card]
    if trick_winner_follows(lead, card, pos.trump):
        if pos.score + points >= GOAL:
            return 1000 - pos.worth(card)
        return points - pos.worth(card) + LEAD_PAIR * _pairs(pos, pos.hand & ~BIT[card])
    if pos.opp_score + points >= GOAL:
        return -1000 - pos.worth(card)
    return -points - pos.worth(card)


def _pairs(pos: Position, hand: int) -> int:
    """The marriage points in ``hand``: the lead lets us declare them."""
    return sum(marriage_points(s, pos.trump) for s in range(4) if hand & PAIR[s] == PAIR[s])


def _follow_phase1(pos: Position) -> int:
    """The phase-1 answer of the best ``_follow_value``."""
    plays = cards_of(pos.plays)
    return max(plays, key=lambda c: (_follow_value(pos, c), -c))


# --- phase 2 ---------------------------------------------------------------------------


def _taken_phase2(pos: Position, card: int) -> float:
    """The chance that the opponent takes ``card`` led in phase 2, where it must follow
    suit and head, else trump: exact once the talon is exhausted (its hand is known)."""
    suit = pos.may & SUIT_MASK[SUIT_OF[card]]
    higher = suit & HIGHER[card]
    trumps = 0 if pos.is_trump(card) else pos.may & pos.trump_mask
    if pos.exhausted:
        return 1.0 if higher or (trumps and not suit) else 0.0
    p_higher = 1.0 - pos.chance_none(higher)
    if not trumps:
        return p_higher
    p_void = pos.chance_none(suit & ~higher)
    return p_higher + (1.0 - p_higher) * p_void * (1.0 - pos.chance_none(trumps))


def _forced(pos: Position, card: int) -> int:
    """The fewest points the opponent can play to ``card`` led in phase 2, when its hand
    is known (the talon exhausted); else nothing is counted."""
    if not pos.exhausted:
        return 0
    suit = pos.may & SUIT_MASK[SUIT_OF[card]]
    replies = (suit & HIGHER[card]) or suit or (pos.may & pos.trump_mask) or pos.may
    return min((POINTS[c] for c in cards_of(replies)), default=0)


def _in_pair(pos: Position, card: int) -> bool:
    """Whether ``card`` is a king or queen whose partner is in hand."""
    pair = PAIR[SUIT_OF[card]]
    return bool(BIT[card] & pair) and pos.hand & pair == pair


def _cash_before_marriage(pos: Position, marriages) -> bool:
    """In phase 2 a marriage can wait while we hold the lead: cash the winners the
    opponent cannot take first, unless the marriage takes us out now."""
    best = max(marriage_points(a - MARRY, pos.trump) for a in marriages)
    if pos.tricks and pos.score + best >= GOAL:
        return False
    pairs = 0
    for a in marriages:
        pairs |= PAIR[a - MARRY]
    return any(_taken_phase2(pos, c) <= SAFE for c in cards_of(pos.plays & ~pairs))


def _lead_phase2(pos: Position) -> int:
    """The phase-2 lead: a winner the opponent cannot take, else a master trump to
    draw trumps, else the card that risks least."""
    plays = cards_of(pos.plays)
    taken = {c: _taken_phase2(pos, c) for c in plays}
    # cash the winners the opponent cannot take (never a half of a pair in hand): trumps
    # first, then the one that forces the most points out of its hand
    safe = [c for c in plays if taken[c] <= SAFE and not _in_pair(pos, c)]
    if safe:
        return max(safe, key=lambda c: (pos.is_trump(c), POINTS[c] + _forced(pos, c), -c))
    # draw the opponent's trumps with a master trump
    out_trumps = pos.may & pos.trump_mask
    masters = [c for c in plays if pos.is_trump(c) and not HIGHER[c] & out_trumps]
    if out_trumps and masters:
        return max(masters, key=lambda c: POINTS[c])
    # else risk least: the points it may take, and what the card is worth in hand
    return max(plays, key=lambda c: (-taken[c] * POINTS[c] - pos.worth(c), -c))


def _follow_phase2(pos: Position) -> int:
    """The phase-2 answer: head the lead with the biggest card of its suit, else trump
    with the smallest trump, else lose the card worth least."""
    lead = pos.lead
    plays = cards_of(pos.plays)
    winners = [c for c in plays if trick_winner_follows(lead, c, pos.trump)]
    same = [c for c in winners if SUIT_OF[c] == SUIT_OF[lead]]
    if same:
        return max(same, key=lambda c: POINTS[c])
    if winners:
        return min(winners, key=lambda c: POINTS[c])
    return max(plays, key=lambda c: (-POINTS[c] - pos.worth(c), -c))
