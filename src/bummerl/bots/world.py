"""Worlds a seat cannot tell apart: rebuild full ``Hand`` objects from a ``View``.

A bot sees only its ``View``. To search it guesses the hidden cards: the opponent's hand
is the cards it has shown plus a uniform draw from the unseen cards the opponent may
still hold; the face-down talon is the rest, in uniformly random order. Everything else
(points, tricks, marriages, the trick in play, closing) is public and copied from the
view, so every world gives back exactly the view it came from.

Voids: in phase 2 a follower who does not follow suit holds none of it, one who neither
follows nor trumps holds no trump, and one who follows low could not head the trick.
The engine keeps that evidence (``View.opponent_lacks_mask``): the worlds read it there.

Softer evidence weighs worlds instead of ruling them out (``WorldBuilder.weight``): how
likely were the opponent's actions so far, every trick of the hand, in this world, for a
sensible player (``opponent_clues``)? One who passed up the exchange of the trump jack
probably did not hold it; one who led without declaring probably held no marriage; one
who let our ace or ten go without trumping it probably had no small trump; one who threw
a king or queen, or led one without declaring, probably lacked its partner. A card the
opponent holds now may have been drawn after the action: the older the action, the less
it tells (``held_then``). ``sample_weighted`` draws many uniform guesses and keeps a
sample of them in proportion to their weight.
"""

from itertools import combinations, permutations
from math import comb, factorial
from typing import NamedTuple

from ..cards import (
    ACE, BIT, CARD_INDEX, JACK, KING, PAIR, QUEEN, SUIT_OF, SUITS, TEN,
    cards_of,
)
from ..hand import Hand


def popcount(mask: int) -> int:
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


# The model of the opponent's play: how likely an action the opponent took was had it held
# certain cards, relative to not holding them (a likelihood ratio; 1: it tells nothing).
# Checked against hard-v1's own play (150 Soft hands): the odds of the clue's cards in its
# real hand against uniform guesses were 0.22 for a marriage kept on the lead just made,
# 0 for a passed-up exchange there; one trick (one draw) later 0.15 for the exchange, 0.32
# for an ace or ten untrumped, 0.48 for a king or queen thrown, 0.23 for a ten untaken.
PASSED_EXCHANGE = 0.05  # on lead, could exchange the trump jack and did not (Hard always does)
LED_UNDECLARED = 0.1  # led a king or queen it could have declared a marriage with
KEPT_MARRIAGE = 0.2  # on lead with a king and queen of one suit, declared nothing
SPLIT_MARRIAGE = 0.3  # threw a king or queen while holding its partner
UNTRUMPED = 0.25  # let our ace or ten go in phase 1 while holding a small trump
UNTAKEN_TEN = 0.3  # let our ten go in phase 1 while holding the ace of its suit
# Ranks K Q J: the trumps a player gladly spends on an ace or ten.
SMALL_TRUMPS = BIT[KING] | BIT[QUEEN] | BIT[JACK]


class Clue(NamedTuple):
    """One action of the opponent, as evidence about the cards it held when it acted: had
    it held ``cards`` (all of them when ``every``, else any), the action was ``ratio``
    times as likely as without. It has drawn ``draws`` cards since."""

    cards: int
    every: bool
    draws: int
    ratio: float


def opponent_clues(view) -> list[Clue]:
    """What the opponent's every action so far tells about its cards (the finished tricks
    of ``view.trick_history`` and its lead to the trick in play): exchanges passed up,
    marriages not declared on lead, kings and queens played without their marriage, our
    aces and tens let go untrumped, our tens let go when it could take them with the ace.
    Only clues about cards still unseen can tell worlds apart; others are left out."""
    seat, trump, rules = view.seat, SUITS.index(view.trump), view.rules
    opponent = 1 - seat
    hidden = view.unseen_mask | view.opponent_known_mask  # cards the opponent may hold
    phase1_tricks = view.drawn // 2  # each phase-1 trick drew two talon cards
    declared = {SUITS.index(suit) for s, suit in view.marriages if s == opponent}
    jack = 5 * trump + JACK
    clues = []
    tricks = [(t.leader, CARD_INDEX[t.lead], CARD_INDEX[t.follow], t.winner)
              for t in view.trick_history]
    if view.trick is not None and view.trick[0] == opponent:
        tricks.append((opponent, CARD_INDEX[view.trick[1]], -1, -1))  # its lead just now
    # A hand stepped by search code keeps no history: count from the first trick it has.
    first = view.tricks[0] + view.tricks[1] - len(view.trick_history)
    wins = view.tricks[opponent] - sum(t.winner == opponent for t in view.trick_history)
    for index, (leader, lead, follow, winner) in enumerate(tricks, first):
        draws = max(0, phase1_tricks - index)
        phase1 = index < phase1_tricks or not view.phase2
        if leader == opponent:
            # Exchanging comes first, then closing: the closer could exchange too.
            could_exchange = (
                (phase1 or (index == phase1_tricks and view.closed_by == opponent
                            and view.drawn < 10))
                and (2 * index != 8 or rules.exchange_with_two_left)
                and (wins or not rules.trick_before_exchange))
            if could_exchange and BIT[jack] & view.unseen_mask:
                clues.append(Clue(BIT[jack], False, draws, PASSED_EXCHANGE))
            suit = SUIT_OF[lead]
            married = lead % 5 in (KING, QUEEN) and suit in declared
            if (wins or not rules.trick_before_marriage) and not married:
                for other in range(4):
                    pair = PAIR[other]
                    if pair & ~hidden or other in declared:
                        continue
                    if other != suit:
                        clues.append(Clue(pair, True, draws, KEPT_MARRIAGE))
                    elif lead % 5 == KING or (lead % 5 == QUEEN and not rules.marriage_leads_king):
                        clues.append(Clue(pair & ~BIT[lead], False, draws, LED_UNDECLARED))
        elif phase1 and follow >= 0:
            if follow % 5 in (KING, QUEEN) and SUIT_OF[follow] not in declared:
                partner = PAIR[SUIT_OF[follow]] & ~BIT[follow]
                if partner & hidden:
                    clues.append(Clue(partner, False, draws, SPLIT_MARRIAGE))
            if winner == seat and SUIT_OF[lead] != trump and lead % 5 in (ACE, TEN):
                clues.append(Clue(SMALL_TRUMPS << 5 * trump & hidden, False, draws, UNTRUMPED))
                ace = BIT[lead - lead % 5 + ACE]
                if lead % 5 == TEN and ace & hidden:
                    clues.append(Clue(ace, False, draws, UNTAKEN_TEN))
        if winner == opponent:
            wins += 1
    return [clue for clue in clues if clue.cards & hidden]


def held_then(count: int, size: int, draws: int, every: bool) -> float:
    """The chance that a player who drew ``draws`` cards since some past action, of the
    ``size`` it held after its last draw (a uniform guess which), held at that action all
    (``every``) or any of ``count`` cards it holds now."""
    if draws <= 0:
        return 1.0
    if draws >= size:
        return 0.0
    if every:  # none of them drawn since
        chance = 1.0
        for j in range(count):
            chance *= (size - draws - j) / (size - j)
        return chance
    if draws < count:
        return 1.0
    chance = 1.0  # of all of them drawn since
    for j in range(count):
        chance *= (draws - j) / (size - j)
    return 1.0 - chance


def resample(pool: list, weights: list, count: int, rng) -> list:
    """``count`` draws from ``pool`` in proportion to ``weights`` (systematic resampling:
    one random start, then even steps through the summed weights), as (item, times
    drawn), an item drawn twice one entry; the first ``count`` items when every weight is 0."""
    total = sum(weights)
    if total <= 0:
        return [(item, 1) for item in pool[:count]]
    step = total / count
    target = rng.random() * step
    drawn, reached, index = {}, weights[0], 0
    for _ in range(count):
        while reached < target and index + 1 < len(pool):
            index += 1
            reached += weights[index]
        drawn[index] = drawn.get(index, 0) + 1
        target += step
    return [(pool[index], times) for index, times in drawn.items()]


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
        self.clues = opponent_clues(view)

    def weight(self, world: Hand) -> float:
        """How likely the opponent's actions so far were in ``world``, by the model of its
        play (``opponent_clues``), relative to a world where nothing it did was unlikely:
        the product over the clues of 1 - p (1 - ratio), p the chance that it held the
        clue's cards when it acted (cards it holds now may have been drawn since)."""
        held = world.hands[1 - self.seat]
        weight = 1.0
        for cards, every, draws, ratio in self.clues:
            shared = held & cards
            if not shared or (every and shared != cards):
                continue
            chance = held_then(popcount(shared), 5, draws, every)
            weight *= ratio if chance == 1.0 else 1.0 - chance * (1.0 - ratio)
        return weight

    def sample_weighted(self, rng, count: int, candidates: int) -> list[tuple[Hand, int]]:
        """``count`` worlds drawn by weight: ``candidates`` times as many uniform guesses,
        resampled in proportion to ``weight`` (systematic resampling), as (world, times
        drawn); a world drawn twice is one entry."""
        if not self.clues or candidates <= 1:
            return [(self.sample(rng), 1) for _ in range(count)]
        pool = [self.sample(rng) for _ in range(count * candidates)]
        return resample(pool, [self.weight(world) for world in pool], count, rng)

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
