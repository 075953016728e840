"""Heuristic: a rule-based yardstick player, written from the public strategy literature.

It is not a level of the page and no level is tuned against it: it exists so that the
arena can say how strong the levels are against a reasonable club player. It reads only
the ``View`` and answers in well under a millisecond. Its rules, in order:

- Formalities: claim as soon as the counted score is 66 (manual claiming), always
  exchange the trump jack, declare a marriage whenever allowed (40 before 20) and then
  lead its queen (the king when the rules say so), keeping the other card at home.
- Closing: count sure tricks. Master trumps are cashed first and draw the opponent's
  trumps; once no trump can be out, the master side cards are sure too. Close when the
  counted score, the marriages still in hand, those winners and a modest share of what
  the opponent must throw on them reach 66.
- Phase 1, leading: give away the card that costs least (``_discard_cost``): a jack or an
  unmarried king/queen of a side suit, from a long side suit first; keep trumps,
  marriage halves (a king or queen whose partner is in hand, and a little a king or queen
  whose partner is still unseen), and master aces and tens.
- Phase 1, following: take with 66 in sight; take an ace or ten with a higher card of its
  suit, else trump it with the smallest trump that is not a marriage half (a jack, queen
  or king; a bigger one only with three trumps or more); take a smaller card with one of
  its suit when the trick is worth 10 or more; otherwise throw the cheapest discard.
- Phase 2 (talon closed or exhausted), leading: with trumps possibly still out, draw
  them with a master trump; cash master side cards when the opponent cannot trump them
  (no trump left out, or it has shown it must follow); otherwise lead the cheapest card.
- Phase 2, following: the rules say whether to head; among the cards allowed, take with
  the most valuable sure winner of the suit led (its lower partner may become master),
  trump with the smallest trump, or lose the cheapest card.
"""

from bummerl.cards import (
    BIT, CARD_INDEX, CLAIM, CLOSE, EXCHANGE, HIGHER, KING, MARRY, PAIR, POINTS,
    QUEEN, RANK_OF, SUIT_MASK, SUIT_OF, SUITS, cards_of, parse_action,
    trick_winner_follows,
)
from bummerl.rules import GOAL, marriage_points

# Points the opponent is expected to throw on each sure trick cashed after closing.
THROWN_PER_TRICK = 3


def _count(mask: int) -> int:
    return bin(mask).count("1")


class Position:
    """The facts of a view the rules below ask about, as ints and masks."""

    def __init__(self, view):
        self.view = view
        me = view.seat
        self.trump = SUITS.index(view.trump)
        self.hand = view.hand_mask
        self.legal = [parse_action(a) for a in view.legal]
        self.plays = 0
        for action in self.legal:
            if action < 20:
                self.plays |= BIT[action]
        self.lead = CARD_INDEX[view.trick[1]] if view.trick is not None else -1
        self.phase2 = view.phase2
        # Cards the opponent may hold (card counting): every card not yet seen played,
        # in our hand or face up, plus those it has shown.
        self.out = view.unseen_mask | view.opponent_known_mask
        # The face-up trump card is in nobody's hand yet.
        self.face_up = CARD_INDEX[view.trump_card] if view.trump_card is not None else -1
        self.score = view.points[me] + view.marriage_points[me]
        self.tricks = view.tricks[me]

    def is_trump(self, card: int) -> bool:
        return SUIT_OF[card] == self.trump

    def marriage_half(self, card: int) -> bool:
        """A king or queen worth keeping: its partner is in hand, or still to be seen."""
        if RANK_OF[card] not in (KING, QUEEN):
            return False
        partner = PAIR[SUIT_OF[card]] & ~BIT[card]
        return bool(partner & (self.hand | self.view.unseen_mask))

    def master(self, card: int) -> bool:
        """No card the opponent may hold beats it in its own suit."""
        return not HIGHER[card] & self.out

    def suit_length(self, card: int) -> int:
        return _count(self.hand & SUIT_MASK[SUIT_OF[card]])


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
    if marriages:
        return max(marriages, key=lambda a: (a - MARRY == pos.trump, -a))
    if view.married is not None:
        return _marriage_lead(pos)
    if pos.lead < 0:
        return _lead_phase2(pos) if pos.phase2 else _lead_phase1(pos)
    return _follow_phase2(pos) if pos.phase2 else _follow_phase1(pos)


# --- closing -------------------------------------------------------------------------


def sure_points(pos: Position) -> tuple[int, int]:
    """(card points, tricks) we can count on leading out winners in phase 2."""
    trump_mask = SUIT_MASK[pos.trump]
    out_trumps = pos.out & trump_mask
    left = pos.hand
    points = tricks = 0
    for card in cards_of(pos.hand & trump_mask):
        if HIGHER[card] & out_trumps:
            break
        points += POINTS[card]
        tricks += 1
        left &= ~BIT[card]
        if out_trumps:
            # the opponent must follow with a trump: assume its smallest goes
            out_trumps &= ~BIT[cards_of(out_trumps)[-1]]
    if out_trumps:
        return points, tricks  # a side master could still be trumped
    for card in cards_of(left & ~trump_mask):
        if not HIGHER[card] & pos.out:  # our own higher cards are not out
            points += POINTS[card]
            tricks += 1
    return points, tricks


def _should_close(pos: Position) -> bool:
    view = pos.view
    if pos.lead >= 0 or view.married is not None:
        return False
    points, tricks = sure_points(pos)
    if not tricks:
        return False
    marriage = 0
    may_marry = pos.tricks or tricks or not view.rules.trick_before_marriage
    if may_marry:
        for suit in range(4):
            if pos.hand & PAIR[suit] == PAIR[suit]:
                marriage += marriage_points(suit, pos.trump)
    expected = pos.score + marriage + points + THROWN_PER_TRICK * tricks
    return expected >= GOAL


# --- phase 1 ---------------------------------------------------------------------------


def _discard_cost(pos: Position, card: int):
    """What giving ``card`` away costs, roughly in card points (lower: better to give):
    its points, more for a trump, a marriage half, an ace or a ten that is master, less
    for a card of a long suit."""
    cost = POINTS[card]
    if pos.is_trump(card):
        cost += 12
    if RANK_OF[card] in (KING, QUEEN):
        partner = PAIR[SUIT_OF[card]] & ~BIT[card]
        if partner & pos.hand:
            cost += 25
        elif partner & pos.view.unseen_mask:
            cost += 3
    elif POINTS[card] >= 10 and pos.master(card):
        cost += 4
    return (cost - pos.suit_length(card), card)


def _lead_phase1(pos: Position) -> int:
    plays = cards_of(pos.plays)
    return min(plays, key=lambda c: _discard_cost(pos, c))


def _marriage_lead(pos: Position) -> int:
    plays = cards_of(pos.plays)
    # the queen is worth less and the king stays as a threat; the rules may demand the king
    return max(plays, key=lambda c: RANK_OF[c])


def _follow_phase1(pos: Position) -> int:
    lead = pos.lead
    plays = cards_of(pos.plays)
    winners = [c for c in plays if trick_winner_follows(lead, c, pos.trump)]
    need = GOAL - pos.score
    if winners:
        reaching = [c for c in winners if POINTS[lead] + POINTS[c] >= need]
        if reaching:
            return min(reaching, key=lambda c: (pos.is_trump(c), POINTS[c]))
    same = [c for c in winners if SUIT_OF[c] == SUIT_OF[lead]]
    trumps = [c for c in winners if pos.is_trump(c) and not pos.is_trump(lead)]
    if POINTS[lead] >= 10:
        if same:
            return min(same, key=lambda c: POINTS[c])
        spare = [c for c in trumps if not pos.marriage_half(c)] or trumps
        if spare:
            cheapest = min(spare, key=lambda c: POINTS[c])
            if POINTS[cheapest] <= 4 or len(trumps) >= 3:
                return cheapest
    elif same and not pos.is_trump(lead):
        cheapest = min(same, key=lambda c: _discard_cost(pos, c))
        if POINTS[lead] + POINTS[cheapest] >= 10 and not pos.marriage_half(cheapest):
            return cheapest
    return min(plays, key=lambda c: _discard_cost(pos, c))


# --- phase 2 ---------------------------------------------------------------------------


def _lead_phase2(pos: Position) -> int:
    plays = cards_of(pos.plays)
    trump_mask = SUIT_MASK[pos.trump]
    out_trumps = pos.out & trump_mask
    my_trumps = [c for c in plays if pos.is_trump(c)]
    if out_trumps:
        masters = [c for c in my_trumps if pos.master(c)]
        if masters:
            return max(masters, key=lambda c: POINTS[c])
    side_masters = [c for c in plays if not pos.is_trump(c) and pos.master(c)]
    if side_masters:
        safe = [
            c for c in side_masters
            if not out_trumps or pos.out & SUIT_MASK[SUIT_OF[c]] & ~BIT[c]
        ]
        if safe:
            return max(safe, key=lambda c: POINTS[c])
    if my_trumps and out_trumps and len(my_trumps) > _count(out_trumps):
        return max(my_trumps, key=lambda c: POINTS[c])
    return min(plays, key=lambda c: _discard_cost(pos, c))


def _follow_phase2(pos: Position) -> int:
    lead = pos.lead
    plays = cards_of(pos.plays)
    winners = [c for c in plays if trick_winner_follows(lead, c, pos.trump)]
    same = [c for c in winners if SUIT_OF[c] == SUIT_OF[lead]]
    if same:
        return max(same, key=lambda c: POINTS[c])
    if winners:
        return min(winners, key=lambda c: POINTS[c])
    return min(plays, key=lambda c: _discard_cost(pos, c))
