"""The rule-of-thumb players: Easy and Medium.

Both read only the ``View``. Easy plays sensibly but simply: it takes what the rules hand
it (exchange, marriages, a correct claim), leads low, takes a high card when it cheaply
can, and never closes. Medium counts cards: it knows which cards are still out, leads
its winners in phase 2, spends trumps on points worth having, keeps marriage halves, and
closes when its count says 66 is safe.
"""

from ..cards import (
    BIT, CLAIM, CLOSE, EXCHANGE, HIGHER, KING, MARRY, PAIR, POINTS, QUEEN, SUIT_MASK,
    SUIT_OF, SUITS, cards_of, parse_action, trick_winner_follows,
)
from ..rules import GOAL, marriage_points
from .world import popcount


class Table:
    """The facts of a view as ints, shared by both heuristic players."""

    def __init__(self, view):
        self.view = view
        self.seat = view.seat
        self.trump = SUITS.index(view.trump)
        self.hand = view.hand_mask
        self.legal = [parse_action(a) for a in view.legal]
        self.plays = 0
        for a in self.legal:
            if a < 20:
                self.plays |= BIT[a]
        self.lead = None if view.trick is None else _card(view.trick[1])
        self.phase2 = view.phase2
        # Cards the opponent may hold: known ones plus any unseen card.
        self.out = view.unseen_mask | view.opponent_known_mask
        me, opp = self.seat, 1 - self.seat
        self.my_score = view.points[me] + view.marriage_points[me]
        self.opp_score = view.points[opp] + view.marriage_points[opp]
        self.my_tricks = view.tricks[me]

    def is_trump(self, card: int) -> bool:
        """Whether ``card`` is a trump."""
        return SUIT_OF[card] == self.trump

    def in_marriage(self, card: int) -> bool:
        """Whether ``card`` is a king or queen whose partner is in hand."""
        suit = SUIT_OF[card]
        return card % 5 in (KING, QUEEN) and self.hand & PAIR[suit] == PAIR[suit]

    def master(self, card: int) -> bool:
        """No card still out beats it in its own suit."""
        return not HIGHER[card] & self.out


def _card(code: str) -> int:
    """The card index of ``code`` ("AH", ...)."""
    from ..cards import CARD_INDEX

    return CARD_INDEX[code]


def _cheapest(cards, key=None):
    """The card of ``cards`` worth least (by ``key``, else by points)."""
    return min(cards, key=key or (lambda c: (POINTS[c], c)))


def common_action(t: Table, close: bool = False):
    """Claim, exchange, close (when asked to) and marriages, in the order the rules allow
    them on one lead. None to go on and play a card."""
    legal = t.legal
    if CLAIM in legal and t.view.scores[t.seat] >= GOAL:
        return CLAIM
    if EXCHANGE in legal:
        return EXCHANGE
    if close and CLOSE in legal:
        return CLOSE
    marriages = [a for a in legal if MARRY <= a < MARRY + 4]
    if marriages:
        return max(marriages, key=lambda a: (a - MARRY == t.trump, -a))
    return None


def easy(view, rng) -> int:
    """Easy's action: what the rules hand it, else a low lead, or a cheap take of a high card."""
    t = Table(view)
    action = common_action(t)
    if action is not None:
        return action
    plays = list(cards_of(t.plays))
    if t.lead is None:
        # lead a low card, a non-trump if possible
        return min(plays, key=lambda c: (t.is_trump(c), POINTS[c], rng.random()))
    winners = [c for c in plays if trick_winner_follows(t.lead, c, t.trump)]
    if t.phase2:
        if winners:
            return _cheapest(winners)
        return _cheapest(plays)
    same_suit = [c for c in winners if SUIT_OF[c] == SUIT_OF[t.lead]]
    if same_suit and POINTS[t.lead] >= 10:
        return _cheapest(same_suit)
    return min(plays, key=lambda c: (t.is_trump(c), POINTS[c], rng.random()))


# --- Medium -------------------------------------------------------------------------


def _sure_tricks(t: Table):
    """Points Medium expects from leading out its winners after closing: its master
    trumps and, once those have drawn the opponent's trumps, its master side cards."""
    trump = t.trump
    hand = t.hand
    out = t.out
    out_trumps = out & SUIT_MASK[trump]
    mine = hand
    gained = 0
    count = 0
    # draw trumps from the top
    for card in cards_of(hand & SUIT_MASK[trump]):
        if HIGHER[card] & out_trumps:
            break
        gained += POINTS[card]
        count += 1
        mine &= ~BIT[card]
        # the opponent must follow with a trump if it has one
        lowest = [c for c in cards_of(out_trumps)]
        if lowest:
            out_trumps &= ~BIT[lowest[-1]]
    if out_trumps:
        return gained, count
    for card in cards_of(mine & ~SUIT_MASK[trump]):
        if not HIGHER[card] & out:
            gained += POINTS[card]
            count += 1
    return gained, count


def _medium_close(t: Table) -> bool:
    """Whether Medium closes: its sure tricks, score and marriages reach 66."""
    view = t.view
    if CLOSE not in t.legal or view.talon_size <= 2 and t.my_tricks == 0:
        return False
    gained, count = _sure_tricks(t)
    marriage = 0
    for suit in range(4):
        if t.hand & PAIR[suit] == PAIR[suit]:
            marriage += marriage_points(suit, t.trump)
    have = view.points[t.seat] + view.marriage_points[t.seat] + marriage
    # each sure trick also catches about 3 of the opponent's points
    expected = have + gained + 3 * count
    return expected >= GOAL and (t.my_tricks or count)


def _medium_lead(t: Table, rng) -> int:
    """Medium's lead: winners and trumps counted in phase 2, cheap cards in phase 1."""
    plays = list(cards_of(t.plays))
    trump = t.trump
    if len(plays) == 1:
        return plays[0]
    if t.phase2:
        out_trumps = t.out & SUIT_MASK[trump]
        my_trumps = [c for c in plays if t.is_trump(c)]
        # draw trumps with a master trump
        for c in my_trumps:
            if t.master(c) and out_trumps:
                return c
        masters = [c for c in plays if t.master(c) and not t.is_trump(c)]
        if masters and not out_trumps:
            return max(masters, key=lambda c: POINTS[c])
        if masters:
            # the opponent may trump: lead the master of a suit it still follows
            following = [c for c in masters if t.out & SUIT_MASK[SUIT_OF[c]] & ~BIT[c]]
            if following:
                return max(following, key=lambda c: POINTS[c])
        if my_trumps and out_trumps and len(my_trumps) >= popcount(out_trumps):
            return max(my_trumps, key=lambda c: POINTS[c])
        return min(plays, key=lambda c: (t.is_trump(c), POINTS[c], t.in_marriage(c)))
    # phase 1: lead cheap non-trumps, keep marriage halves, aces and tens
    def key(c):
        """The order of phase-1 leads: non-trumps, not a marriage half, not an ace or ten
        that may be caught, the fewest points."""
        return (
            t.is_trump(c),
            t.in_marriage(c),
            POINTS[c] >= 10 and not t.master(c),
            POINTS[c],
            rng.random(),
        )

    return min(plays, key=key)


def _medium_follow(t: Table, rng) -> int:
    """Medium's answer to a lead: take points worth having cheaply, else throw the least."""
    plays = list(cards_of(t.plays))
    lead = t.lead
    trump = t.trump
    if len(plays) == 1:
        return plays[0]
    winners = [c for c in plays if trick_winner_follows(lead, c, trump)]
    losers = [c for c in plays if c not in winners]
    value = POINTS[lead]
    need = GOAL - t.my_score

    def cheap_loser():
        """The losing card Medium gives up most gladly."""
        return min(losers, key=lambda c: (t.is_trump(c), t.in_marriage(c), POINTS[c], rng.random()))

    if t.phase2:
        if winners:
            return min(winners, key=lambda c: (POINTS[c] if t.is_trump(c) and not t.is_trump(lead) else 0, POINTS[c]))
        return cheap_loser()
    same = [c for c in winners if SUIT_OF[c] == SUIT_OF[lead]]
    trumps = [c for c in winners if t.is_trump(c) and not t.is_trump(lead)]
    # take with the same suit when it gains points
    if same:
        best = min(same, key=lambda c: POINTS[c])
        if value + POINTS[best] >= 10 or POINTS[best] + value >= need:
            return best
    # trump an ace or a ten, or anything that makes 66
    if trumps:
        cheapest = min(trumps, key=lambda c: (t.in_marriage(c), POINTS[c]))
        if value >= 10 or value + POINTS[cheapest] >= need:
            return cheapest
    if losers:
        return cheap_loser()
    return min(plays, key=lambda c: (t.in_marriage(c), POINTS[c]))


def medium(view, rng) -> int:
    """Medium's action: the formalities and its close, else its lead or its follow."""
    t = Table(view)
    action = common_action(t, close=t.lead is None and _medium_close(t))
    if action is not None:
        return action
    if t.lead is None:
        return _medium_lead(t, rng)
    return _medium_follow(t, rng)
