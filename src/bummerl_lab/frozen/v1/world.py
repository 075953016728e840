"""Worlds a seat cannot tell apart: rebuild full ``Hand`` objects from a ``View``.

A bot sees only its ``View``. To search it guesses the hidden cards: the opponent's hand
is the cards it has shown plus a uniform draw from the unseen cards the opponent may
still hold; the face-down talon is the rest, in uniformly random order. Everything else
(points, tricks, marriages, the trick in play, closing) is public and copied from the
view, so every world gives back exactly the view it came from.

Voids: in phase 2 a follower who does not follow suit holds none of it, one who neither
follows nor trumps holds no trump, and one who follows low could not head the trick.
The view's ``opponent_lacks_mask`` holds that evidence; the last trick is read as well.

Softer evidence weighs worlds instead of ruling them out (``WorldBuilder.weight``): how
likely were the opponent's phase-1 plays in this world, for a sensible player? One who
let our ace or ten go without trumping it probably has no small trump; one who threw a
king or queen, or led one without declaring, probably lacks its partner. This view keeps
only the last trick, so that is the evidence read (``opponent_evidence`` takes a whole
trick history as well); the opponent's hand at a trick is taken as its hand now plus the
card it played (cards it drew afterwards are not told apart).
"""

from bummerl.cards import (
    ACE, BIT, CARD_INDEX, HIGHER, JACK, KING, PAIR, QUEEN, SUIT_MASK, SUIT_OF, SUITS, TEN,
    cards_of,
)
from bummerl.hand import Hand


def popcount(mask: int) -> int:
    return bin(mask).count("1")


def _mask(code_list) -> int:
    m = 0
    for code in code_list:
        m |= BIT[CARD_INDEX[code]]
    return m


def opponent_excluded(view) -> int:
    """Unseen cards the opponent cannot hold, from the evidence of the last trick."""
    last = view.last_trick
    if last is None:
        return 0
    leader, lead_code, follow_code, _winner = last
    seat = view.seat
    if leader != seat:
        return 0
    # Was that trick played in phase 2? Phase-1 tricks each drew two talon cards.
    tricks_played = view.tricks[0] + view.tricks[1]
    if view.drawn == 10:
        phase2_tricks = tricks_played - 5
    elif view.closed_by is not None:
        phase2_tricks = tricks_played - view.drawn // 2
    else:
        phase2_tricks = 0
    if phase2_tricks <= 0:
        return 0
    lead = CARD_INDEX[lead_code]
    follow = CARD_INDEX[follow_code]
    trump = SUITS.index(view.trump)
    suit = SUIT_MASK[SUIT_OF[lead]]
    if SUIT_OF[follow] == SUIT_OF[lead]:
        if not BIT[follow] & HIGHER[lead]:
            return HIGHER[lead]  # followed low: held no card that beats the lead
        return 0
    if SUIT_OF[follow] == trump:
        return suit
    return suit | SUIT_MASK[trump]


# Weight of a world in which the opponent's last play broke one of the rules above.
UNLIKELY = 0.25
# Ranks K Q J: the trumps a player gladly spends on an ace or ten.
SMALL_TRUMPS = BIT[KING] | BIT[QUEEN] | BIT[JACK]


def opponent_evidence(view, tricks) -> list[tuple[int, int]]:
    """What the opponent's phase-1 plays in ``tricks`` tell, as (card, meaning): ``(lead,
    0)`` for an ace or ten of ours it let go without trumping, ``(card, 1)`` for a king or
    queen it played without declaring its marriage (it could have, had it held the
    partner). ``tricks`` are the hand's last finished tricks in order, as ``view.last_trick``
    gives one: ``(view.last_trick,)``, or the whole trick history where a view keeps it."""
    seat, trump = view.seat, SUITS.index(view.trump)
    opponent = 1 - seat
    phase1_tricks = view.drawn // 2  # each phase-1 trick drew two talon cards
    first = view.tricks[0] + view.tricks[1] - len(tricks)  # index of tricks[0] in the hand
    wins_since = [0, 0]  # the opponent's tricks won from trick ``index`` on
    evidence = []
    for index in range(len(tricks) - 1, -1, -1):
        leader, lead_code, follow_code, winner = tricks[index]
        wins_since[winner] += 1
        if first + index >= phase1_tricks:
            continue
        lead = CARD_INDEX[lead_code]
        played = lead if leader == opponent else CARD_INDEX[follow_code]
        if leader == seat and winner == seat and SUIT_OF[lead] != trump and lead % 5 in (ACE, TEN):
            evidence.append((lead, 0))
        if played % 5 in (KING, QUEEN):
            declared = (opponent, SUITS[SUIT_OF[played]]) in view.marriages
            tricks_before = view.tricks[opponent] - wins_since[opponent]
            may_marry = tricks_before or not view.rules.trick_before_marriage
            if leader != opponent or (may_marry and not declared):
                evidence.append((played, 1))
    return evidence


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
        excluded = (opponent_excluded(view) | view.opponent_lacks_mask) & self.unseen
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
        self.evidence = opponent_evidence(view, (view.last_trick,) if view.last_trick else ())

    def weight(self, world: Hand) -> float:
        """How likely the opponent's last phase-1 play was in ``world`` (1: as likely as
        can be; ``UNLIKELY`` for each rule of sensible play it would have broken)."""
        held = world.hands[1 - self.seat]
        weight = 1.0
        for card, meaning in self.evidence:
            if meaning == 0:
                doubt = held & SMALL_TRUMPS << 5 * self.trump
            else:
                doubt = held & PAIR[SUIT_OF[card]] & ~BIT[card]
            if doubt:
                weight *= UNLIKELY
        return weight

    def sample_hidden(self, rng) -> tuple[int, tuple]:
        """A uniform guess: (the opponent's hidden cards as a mask, the face-down talon)."""
        pool = list(self.allowed_cards)
        rng.shuffle(pool)
        need = self.need
        opp = 0
        for c in pool[:need]:
            opp |= BIT[c]
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

    def exact(self) -> bool:
        """True when nothing is hidden: the talon is empty, the opponent's hand known."""
        return self.talon_left == 0 and len(self.allowed_cards) == self.need
