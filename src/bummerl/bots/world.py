"""Worlds a seat cannot tell apart: rebuild full ``Hand`` objects from a ``View``.

A bot sees only its ``View``. To search it guesses the hidden cards: the opponent's hand
is the cards it has shown plus a uniform draw from the unseen cards the opponent may
still hold; the face-down talon is the rest, in uniformly random order. Everything else
(points, tricks, marriages, the trick in play, closing) is public and copied from the
view, so every world gives back exactly the view it came from.

Voids: in phase 2 a follower who does not follow suit holds none of it, one who neither
follows nor trumps holds no trump, and one who follows low could not head the trick.
The engine keeps that evidence (``View.opponent_lacks_mask``): the worlds read it there.
Softer evidence (what the opponent's choices suggest it holds) is not read: every world
the hard evidence allows is equally likely (docs/tuning.md).
"""

from itertools import combinations, permutations
from math import comb, factorial

from ..cards import BIT, CARD_INDEX, PAIR, SUITS, cards_of
from ..hand import Hand


def popcount(mask: int) -> int:
    """The number of cards in ``mask``."""
    return bin(mask).count("1")


def _bits(cards) -> int:
    """The mask of card indexes."""
    m = 0
    for c in cards:
        m |= BIT[c]
    return m


def _mask(code_list) -> int:
    """The mask of card codes ("AH", ...)."""
    return _bits(CARD_INDEX[code] for code in code_list)


class WorldBuilder:
    """Everything public about a view, ready to stamp out sampled ``Hand`` worlds."""

    def __init__(self, view):
        self.view = view
        seat = view.seat
        opp = 1 - seat
        self.seat = seat
        self.trump = SUITS.index(view.trump)
        self.trump_card = CARD_INDEX[view.trump_card] if view.trump_card is not None else -1
        self.known = view.opponent_known_mask
        self.unseen = view.unseen_mask
        self.need = view.opponent_hand_size - popcount(self.known)
        excluded = view.opponent_lacks_mask & self.unseen
        allowed = self.unseen & ~excluded
        if popcount(allowed) < self.need:  # evidence we misread: ignore it
            allowed = self.unseen
        self.allowed = allowed
        self.allowed_cards = cards_of(allowed)
        self.talon_only = self.unseen & ~allowed  # must be in the talon
        self.talon_left = 9 - view.drawn if view.drawn < 10 else 0
        won = (_mask(view.won[0]), _mask(view.won[1]))
        self.won = won
        marriages = tuple((s, SUITS.index(suit)) for s, suit in view.marriages)
        self.marriages = marriages
        mine_revealed = 0
        for s, suit in marriages:
            if s == seat:
                mine_revealed |= PAIR[suit] & view.hand_mask
        self.mine_revealed = mine_revealed
        if view.trick is not None:
            self.leader = view.trick[0]
            self.lead = CARD_INDEX[view.trick[1]]
        else:
            self.leader = view.to_act
            self.lead = -1
        married = -1
        if view.married is not None:
            married = SUITS.index(view.married)
        self.married = married
        last = view.last_trick
        self.last_trick = (
            None if last is None
            else (last[0], CARD_INDEX[last[1]], CARD_INDEX[last[2]], last[3])
        )
        # A template hand; worlds are copies with the hidden cards filled in.
        hands = [0, 0]
        hands[seat] = view.hand_mask
        # Built by the constructor so that every field exists, then set from the view.
        t = Hand(view.rules, view.dealer, [0, 0], 5 * self.trump, ())
        t.hands = hands
        t.talon = ()
        t.drawn = view.drawn
        t.trump = self.trump
        t.trump_card = self.trump_card
        t.closed_by = view.closed_by if view.closed_by is not None else -1
        t.leader = self.leader
        t.lead = self.lead
        t.points = list(view.points)
        t.tricks = list(view.tricks)
        t.marriage_points = list(view.marriage_points)
        t.won = [won[0], won[1]]
        revealed = [0, 0]
        revealed[opp] = self.known
        revealed[seat] = self.mine_revealed
        t.revealed = revealed
        lacks = [0, 0]
        lacks[opp] = view.opponent_lacks_mask
        t.lacks = lacks
        t.married = married
        t.marriages = marriages
        t.at_close = view.at_close
        t.outcome = view.outcome
        t.last_trick = self.last_trick
        t.history = []
        t.initial = None
        self.template = t

    def sample_hidden(self, rng) -> tuple[int, tuple]:
        """A uniform guess: (the opponent's hidden cards as a mask, the face-down talon)."""
        pool = list(self.allowed_cards)
        rng.shuffle(pool)
        need = self.need
        opp = _bits(pool[:need])
        rest = pool[need:] + list(cards_of(self.talon_only))
        rng.shuffle(rest)
        return opp, tuple(rest)

    def world(self, opp_hidden: int, talon_rest) -> Hand:
        """The full hand for one guess (see ``sample_hidden``)."""
        h = self.template.copy()
        h.hands[1 - self.seat] = self.known | opp_hidden
        drawn = self.view.drawn
        if drawn < 10:
            h.talon = (0,) * drawn + tuple(talon_rest)
        return h

    def sample(self, rng) -> Hand:
        """A uniform guess, as a whole ``Hand`` (``sample_hidden`` then ``world``)."""
        opp, rest = self.sample_hidden(rng)
        return self.world(opp, rest)

    def count(self) -> int:
        """How many distinct worlds the view allows: the opponent's possible hidden cards,
        times the orders of the face-down talon while it may still be drawn from (none
        once it is closed: its cards are out of play)."""
        hands = comb(len(self.allowed_cards), self.need)
        if self.template.closed_by >= 0 or self.talon_left <= 1:
            return hands
        return hands * factorial(self.talon_left)

    def every_hidden(self, rng) -> list[tuple[int, tuple]]:
        """Every distinct guess (as ``sample_hidden`` gives one), in an order shuffled by
        ``rng``: its first n are n uniform guesses drawn without repeats."""
        talon_only = list(cards_of(self.talon_only))
        ordered = self.template.closed_by < 0 and self.talon_left > 1
        guesses = []
        for opp_cards in combinations(self.allowed_cards, self.need):
            opp = _bits(opp_cards)
            rest = [c for c in self.allowed_cards if not opp & BIT[c]] + talon_only
            if ordered:
                guesses.extend((opp, order) for order in permutations(rest))
            else:
                guesses.append((opp, tuple(rest)))
        rng.shuffle(guesses)
        return guesses

    def exact(self) -> bool:
        """True when nothing is hidden: the talon is empty, the opponent's hand known."""
        return self.talon_left == 0 and len(self.allowed_cards) == self.need
