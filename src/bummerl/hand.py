"""One hand of Schnapsen: the deal, legal actions, applying them, the outcome, and views.

The caller drives the hand: ask ``legal()``, ``apply()`` an action, get a new ``Hand``
back (the old one is unchanged). Nothing here draws random numbers except ``deal``,
which takes an explicit ``random.Random``.

>>> import random
>>> from bummerl.rules import SOFT
>>> hand = deal(SOFT, dealer=0, rng=random.Random(7))
>>> hand.to_act, len(hand.view(1).hand), hand.view(1).talon_size
(1, 5, 10)
>>> after = hand.apply(hand.legal()[0])
>>> after.to_act, hand.history, after.history
(1, [], [Action('close')])

Search code (the bots) works on the same class through ``copy()`` and the unchecked
``step(action_int)``, which mutates in place and skips validation and history.
"""

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from .cards import (
    ALL_CARDS, BIT, CARD_CODES, CLAIM, CLOSE, EXCHANGE, FOLLOWER_WINS, HIGHER, JACK,
    KING, MARRY, PAIR, POINTS, QUEEN, SUIT_MASK, SUIT_OF, SUITS, Action, cards_of, codes,
)
from .errors import IllegalAction
from .rules import GOAL, SCHNEIDER, Rules, marriage_points

SUIT_NAMES = ("hearts", "diamonds", "clubs", "spades")


class Block(Enum):
    """Why a card may not be played now. The value is a stable key for translations;
    ``View.blocked`` pairs it with parameters (``cards`` a list of codes, ``card`` a
    code, ``suit`` a letter and ``king_only``)."""

    NOT_HELD = "not_held"
    MARRIAGE_LEAD = "marriage_lead"
    MUST_HEAD = "must_head"
    MUST_FOLLOW = "must_follow"
    MUST_TRUMP = "must_trump"

    def text(self, params: dict) -> str:
        """The English wording, with its parameters."""
        words = dict(params)
        if "cards" in words:
            words["cards"] = " ".join(words["cards"])
        if "suit" in words:
            words["suit_name"] = SUIT_NAMES[SUITS.index(words["suit"])]
            words["which"] = "the king" if words["king_only"] else "the king or the queen"
        return _BLOCK_TEXT[self].format(**words)


_BLOCK_TEXT = {
    Block.NOT_HELD: "you do not hold {card}",
    Block.MARRIAGE_LEAD: "after declaring the marriage in {suit_name} you must lead {which}",
    Block.MUST_HEAD: "must follow suit and take the trick: you hold {cards}",
    Block.MUST_FOLLOW: "must follow suit: you hold {cards}",
    Block.MUST_TRUMP: "must play a trump: you hold {cards}",
}


class Termination(Enum):
    """How a hand ended. The value is the stable key that saved matches store."""

    REACHED_66 = "reached_66"
    REACHED_66_MARRIAGE = "reached_66_marriage"
    CLAIMED_66 = "claimed_66"
    LAST_TRICK = "last_trick"
    LAST_TRICK_66 = "last_trick_66"
    FALSE_CLAIM = "false_claim"
    CLOSE_FAILED_SHORT = "close_failed_short"
    CLOSE_FAILED_LAST_TRICK = "close_failed_last_trick"
    CLOSE_FAILED_OPPONENT_OUT = "close_failed_opponent_out"
    CLOSE_FAILED_FALSE_CLAIM = "close_failed_false_claim"

    @property
    def text(self) -> str:
        """In English, as the record notation's replay answers word it."""
        return TERMINATION_TEXT[self]

    @property
    def close_failed(self) -> bool:
        return self.value.startswith("close_failed")


TERMINATION_TEXT = {
    Termination.REACHED_66: "reached 66",
    Termination.REACHED_66_MARRIAGE: "reached 66 with a marriage",
    Termination.CLAIMED_66: "claimed 66",
    Termination.LAST_TRICK: "won the last trick",
    Termination.LAST_TRICK_66: "won the last trick with 66",
    Termination.FALSE_CLAIM: "false claim",
    Termination.CLOSE_FAILED_SHORT: "close failed: the closer did not reach 66",
    Termination.CLOSE_FAILED_LAST_TRICK: "close failed: the closer lost the last trick",
    Termination.CLOSE_FAILED_OPPONENT_OUT: "close failed: the opponent went out",
    Termination.CLOSE_FAILED_FALSE_CLAIM: "close failed: the closer claimed falsely",
}


@dataclass(frozen=True)
class Outcome:
    """How a hand ended: who won, how many game points (1-3), and why."""

    winner: int
    game_points: int
    termination: Termination

    @property
    def reason(self) -> str:
        """Why, in English (``termination.text``)."""
        return self.termination.text


class Trick(NamedTuple):
    """A finished trick: seat that led, the card led, the card played to it, winner.
    Cards are codes in a ``View``, ints inside ``Hand``."""

    leader: int
    lead: object
    follow: object
    winner: int


def follows(held: int, lead: int, trump: int, strict: bool) -> int:
    """The cards of ``held`` (a mask) that may follow the card ``lead``: any while the
    talon is open; once it is closed or used up (``strict``) one of the suit led, a higher
    one if there is one, else a trump if there is one, else any.

    >>> from .cards import mask_of, parse_card
    >>> codes(follows(mask_of(parse_card(c) for c in ("TH", "KH", "AS")), parse_card("QH"), 3, True))
    ['TH', 'KH']
    """
    if not strict:
        return held
    same = held & SUIT_MASK[SUIT_OF[lead]]
    if same:
        return (same & HIGHER[lead]) or same
    return (held & SUIT_MASK[trump]) or held


class Hand:
    """The full state of one hand, hidden cards included. Use ``view(seat)`` for a player."""

    __slots__ = (
        "rules", "dealer", "hands", "talon", "drawn", "trump", "trump_card",
        "closed_by", "leader", "lead", "points", "tricks", "marriage_points",
        "won", "revealed", "married", "marriages", "at_close", "outcome",
        "last_trick", "trick_history", "history", "initial", "lacks", "_auto",
    )

    def __init__(self, rules: Rules, dealer: int, hands, trump_card: int, talon):
        """A hand as dealt: ``hands`` two 5-card masks (seat 0, seat 1), ``talon`` the 9
        face-down cards in drawing order, ``trump_card`` face up under them."""
        self.rules = rules
        self._auto = rules.claim == "auto"
        self.dealer = dealer
        self.hands = [hands[0], hands[1]]
        self.talon = tuple(talon)
        self.drawn = 0  # talon cards drawn so far, the trump card being the tenth
        self.trump = SUIT_OF[trump_card]
        self.trump_card = trump_card
        self.closed_by = -1
        self.leader = 1 - dealer
        self.lead = -1  # the card led to the trick in play, or -1
        self.points = [0, 0]  # card points in tricks
        self.tricks = [0, 0]
        self.marriage_points = [0, 0]  # declared; they count once the seat has a trick
        self.won = [0, 0]  # cards in each seat's tricks
        self.revealed = [0, 0]  # cards in a seat's hand that the other seat has seen
        self.lacks = [0, 0]  # cards a seat has shown it does not hold (phase-2 follows)
        self.married = -1  # suit of a marriage declared on this lead, or -1
        self.marriages = ()  # (seat, suit) in order of declaration
        self.at_close = None  # (opponent's tricks, opponent's score) when closed
        self.outcome = None
        self.last_trick = None  # (leader, lead, follow, winner) of the trick just finished
        self.trick_history = ()  # every finished Trick, kept by apply() (not by step())
        self.history = []  # the applied Actions
        self.initial = ((hands[0], hands[1]), trump_card, self.talon)  # for records

    # --- copying -----------------------------------------------------------------
    def copy(self) -> "Hand":
        new = object.__new__(Hand)
        new.rules = self.rules
        new._auto = self._auto
        new.dealer = self.dealer
        new.hands = self.hands[:]
        new.talon = self.talon
        new.drawn = self.drawn
        new.trump = self.trump
        new.trump_card = self.trump_card
        new.closed_by = self.closed_by
        new.leader = self.leader
        new.lead = self.lead
        new.points = self.points[:]
        new.tricks = self.tricks[:]
        new.marriage_points = self.marriage_points[:]
        new.won = self.won[:]
        new.revealed = self.revealed[:]
        new.lacks = self.lacks[:]
        new.married = self.married
        new.marriages = self.marriages
        new.at_close = self.at_close
        new.outcome = self.outcome
        new.last_trick = self.last_trick
        new.trick_history = self.trick_history
        new.history = self.history[:]
        new.initial = self.initial
        return new

    # --- records ------------------------------------------------------------------
    def to_record(self) -> dict:
        """This hand in the JSON record notation (the deal plus every action so far);
        ``bummerl.record.from_record`` reads it back."""
        (h0, h1), trump, talon = self.initial
        return {
            "rules": self.rules.to_json(),
            "dealer": self.dealer,
            "hands": [codes(h0), codes(h1)],
            "trump": CARD_CODES[trump],
            "talon": [CARD_CODES[c] for c in talon],
            "actions": list(self.history),
        }

    def dealt(self) -> "Hand":
        """This hand as it was dealt: the same deal and rules, no action yet."""
        hands, trump, talon = self.initial
        return Hand(self.rules, self.dealer, hands, trump, talon)

    def before_last_action_of(self, seat: int) -> "Hand | None":
        """The hand just before ``seat``'s last action (the actions after it, the other
        seat's reply, undone too), rebuilt from the deal: the same position in every part
        (hands, talon, trick, scores, marriages, trick history, history). None when
        ``seat`` has not acted in this hand."""
        positions = []
        hand = self.dealt()
        for action in self.history:
            positions.append(hand)
            hand = hand.apply(action)
        return next((before for before in reversed(positions) if before.to_act == seat), None)

    # --- simple facts ------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def to_act(self) -> int:
        """The seat to act next (the follower while a card is led), even once over."""
        return self.leader if self.lead < 0 else 1 - self.leader

    @property
    def talon_size(self) -> int:
        """Cards left in the talon, the trump card included (0 once exhausted)."""
        return 10 - self.drawn

    @property
    def phase2(self) -> bool:
        """True once the talon is exhausted or closed: follow suit, head, trump."""
        return self.closed_by >= 0 or self.drawn == 10

    def score(self, seat: int) -> int:
        """Counted score: card points plus marriages that count (the seat has a trick)."""
        if self.tricks[seat]:
            return self.points[seat] + self.marriage_points[seat]
        return 0

    @property
    def scores(self) -> list[int]:
        return [self.score(0), self.score(1)]

    # --- legal actions -----------------------------------------------------------
    def legal_plays(self) -> int:
        """The cards the seat to act may play now, as a mask."""
        hand = self.hands[self.to_act]
        lead = self.lead
        if lead < 0:
            if self.married >= 0:
                pair = PAIR[self.married]
                return pair & ~BIT[QUEEN + 5 * self.married] if self.rules.marriage_leads_king else pair
            return hand
        return follows(hand, lead, self.trump, self.phase2)

    def legal_actions(self) -> list[int]:
        """Every legal action as ints (see ``cards``): plays first, then the rest."""
        if self.outcome is not None:
            return []
        actions = list(cards_of(self.legal_plays()))
        if self.lead < 0:
            seat = self.leader
            if self.married < 0:
                if self._may_exchange(seat) is None:
                    actions.append(EXCHANGE)
                if self._may_close() is None:
                    actions.append(CLOSE)
                for suit in range(4):
                    if self._may_marry(seat, suit) is None:
                        actions.append(MARRY + suit)
            if self._may_claim() is None:
                actions.append(CLAIM)
        return actions

    def legal(self) -> list[Action]:
        """Every legal action, sorted by its record notation."""
        return sorted(Action.of(a) for a in self.legal_actions())

    def _may_exchange(self, seat: int) -> str | None:
        rules = self.rules
        if self.closed_by >= 0:
            return "the talon is closed"
        if self.drawn == 10:
            return "the talon is exhausted"
        if not self.hands[seat] & BIT[5 * self.trump + JACK]:
            return f"you do not hold the trump jack ({CARD_CODES[5 * self.trump + JACK]})"
        if self.drawn == 8 and not rules.exchange_with_two_left:
            return "no exchange with only two talon cards left under these rules"
        if rules.trick_before_exchange and not self.tricks[seat]:
            return "exchange needs a trick first under these rules"
        return None

    def _may_close(self) -> str | None:
        if self.closed_by >= 0:
            return "the talon is already closed"
        if self.drawn == 10:
            return "the talon is exhausted"
        if self.drawn == 8 and not self.rules.close_with_two_left:
            return "no closing with only two talon cards left under these rules"
        return None

    def _may_marry(self, seat: int, suit: int) -> str | None:
        if self.hands[seat] & PAIR[suit] != PAIR[suit]:
            return f"you do not hold both {CARD_CODES[5 * suit + KING]} and {CARD_CODES[5 * suit + QUEEN]}"
        if self.rules.trick_before_marriage and not self.tricks[seat]:
            return "a marriage needs a trick first under these rules"
        return None

    def _may_claim(self) -> str | None:
        if self._auto:
            return "claiming is automatic under these rules"
        if self.married < 0 and not self.last_trick:
            return "you may claim only right after winning a trick or declaring a marriage"
        return None

    def why_illegal(self, action) -> str | None:
        """Why an action (``Action``, text or int code) is illegal now, or None when it
        is legal."""
        if isinstance(action, str):
            action = Action.parse(action).code
        if self.outcome is not None:
            return "the hand is over"
        if action < 20:
            why = self.why_not_playable(action)
            return why[0].text(why[1]) if why else None
        if self.lead >= 0:
            return "only the player on lead may do that, before leading"
        if action == CLAIM:
            return self._may_claim()
        if self.married >= 0:
            return "after a marriage, lead its king or queen (or claim)"
        seat = self.to_act
        if action == EXCHANGE:
            return self._may_exchange(seat)
        if action == CLOSE:
            return self._may_close()
        return self._may_marry(seat, action - MARRY)

    def why_not_playable(self, card: int) -> tuple[Block, dict] | None:
        """Why the seat to act may not play ``card`` now, as a ``Block`` and its
        parameters; None when it may (or when the hand is over)."""
        if self.outcome is not None or self.legal_plays() & BIT[card]:
            return None
        hand = self.hands[self.to_act]
        if not hand & BIT[card]:
            return Block.NOT_HELD, {"card": CARD_CODES[card]}
        if self.lead < 0:
            return Block.MARRIAGE_LEAD, {"suit": SUITS[self.married],
                                         "king_only": self.rules.marriage_leads_king}
        lead = self.lead
        same = hand & SUIT_MASK[SUIT_OF[lead]]
        block = (Block.MUST_HEAD if same & HIGHER[lead]
                 else Block.MUST_FOLLOW if same else Block.MUST_TRUMP)
        return block, {"cards": codes(self.legal_plays())}

    # --- applying actions --------------------------------------------------------
    def apply(self, action) -> "Hand":
        """A new hand after ``action`` (an ``Action``, its text like "play AH", or an
        action int).

        Raises ``IllegalAction`` naming the action and why (``NotationError`` for text
        that is no action); ``self`` never changes.
        """
        action = Action.parse(action) if isinstance(action, str) else Action.of(action)
        reason = self.why_illegal(action.code)
        if reason is not None:
            raise IllegalAction(action, reason)
        new = self.copy()
        new.step(action.code)
        new.history.append(action)
        if new.last_trick is not self.last_trick:
            new.last_trick = Trick(*new.last_trick)
            new.trick_history += (new.last_trick,)
        return new

    def step(self, action: int) -> None:
        """Apply a legal action in place. Unchecked: for search code that asked ``legal``."""
        if action < 20:
            if self.lead < 0:
                seat = self.leader
                self.hands[seat] &= ~BIT[action]
                self.revealed[seat] &= ~BIT[action]
                self.lead = action
                self.married = -1
            else:
                self._finish_trick(action)
        elif action == EXCHANGE:
            seat = self.leader
            jack = 5 * self.trump + JACK
            old = self.trump_card
            self.hands[seat] = self.hands[seat] & ~BIT[jack] | BIT[old]
            self.revealed[seat] |= BIT[old]
            self.trump_card = jack
        elif action == CLOSE:
            seat = self.leader
            other = 1 - seat
            self.closed_by = seat
            self.at_close = (self.tricks[other], self.score(other))
        elif action == CLAIM:
            self._claim()
        else:
            seat = self.leader
            suit = action - MARRY
            self.married = suit
            self.marriage_points[seat] += marriage_points(suit, self.trump)
            self.marriages += ((seat, suit),)
            self.revealed[seat] |= PAIR[suit]
            if self._auto and self.tricks[seat] and self.score(seat) >= GOAL:
                self._goes_out(seat, Termination.REACHED_66_MARRIAGE)

    def _finish_trick(self, follow: int) -> None:
        leader = self.leader
        follower = 1 - leader
        lead = self.lead
        self.hands[follower] &= ~BIT[follow]
        self.revealed[follower] &= ~BIT[follow]
        winner = follower if FOLLOWER_WINS[self.trump][lead * 20 + follow] else leader
        if self.phase2:
            # The duty to follow tells what the follower lacks.
            suit = SUIT_OF[lead]
            if SUIT_OF[follow] != suit:
                self.lacks[follower] |= SUIT_MASK[suit] | (
                    SUIT_MASK[self.trump] if SUIT_OF[follow] != self.trump else 0)
            elif winner == leader:
                self.lacks[follower] |= HIGHER[lead]
        self.points[winner] += POINTS[lead] + POINTS[follow]
        self.tricks[winner] += 1
        self.won[winner] |= BIT[lead] | BIT[follow]
        self.last_trick = (leader, lead, follow, winner)  # apply() makes it a Trick
        self.lead = -1
        self.leader = winner
        drawn = self.drawn
        if drawn < 10 and self.closed_by < 0:
            loser = 1 - winner
            self.hands[winner] |= BIT[self.talon[drawn]]
            if drawn < 8:
                self.hands[loser] |= BIT[self.talon[drawn + 1]]
            else:
                self.hands[loser] |= BIT[self.trump_card]
                self.revealed[loser] |= BIT[self.trump_card]
                self.trump_card = -1
            self.drawn = drawn + 2
        if self._auto and self.points[winner] + self.marriage_points[winner] >= GOAL:
            self._goes_out(winner, Termination.REACHED_66)
        elif not self.hands[winner]:
            self._last_trick_played(winner)

    def _last_trick_played(self, winner: int) -> None:
        closer = self.closed_by
        if closer < 0:
            self._end(winner, 1, Termination.LAST_TRICK)
        elif winner == closer and self.score(closer) >= GOAL:
            self._goes_out(closer, Termination.LAST_TRICK_66)
        elif winner == closer:
            self._failed_close(Termination.CLOSE_FAILED_SHORT)
        else:
            self._failed_close(Termination.CLOSE_FAILED_LAST_TRICK)

    def _claim(self) -> None:
        seat = self.leader
        other = 1 - seat
        if self.score(seat) >= GOAL:
            self._goes_out(seat, Termination.CLAIMED_66)
        elif seat == self.closed_by:
            self._failed_close(Termination.CLOSE_FAILED_FALSE_CLAIM)
        elif self.rules.false_claim == "mirror":
            self._end(other, self._win_points(seat), Termination.FALSE_CLAIM)
        else:
            self._end(other, 2 if self.tricks[other] else 3, Termination.FALSE_CLAIM)

    def _goes_out(self, seat: int, termination: Termination) -> None:
        """``seat`` has 66 (reached, or claimed correctly): score the win."""
        if self.closed_by >= 0 and self.closed_by != seat:
            self._failed_close(Termination.CLOSE_FAILED_OPPONENT_OUT)
        else:
            self._end(seat, self._win_points(seat), termination)

    def _win_points(self, seat: int) -> int:
        """Game points ``seat`` wins by going out now (1, 2 or 3)."""
        other = 1 - seat
        if self.closed_by == seat and not self.rules.closing_counts_later_tricks:
            tricks, score = self.at_close
        elif self.closed_by >= 0 and self.closed_by != seat:
            return 2 if self.at_close[0] else 3
        else:
            tricks, score = self.tricks[other], self.score(other)
        return 3 if not tricks else 2 if score < SCHNEIDER else 1

    def _failed_close(self, termination: Termination) -> None:
        opponent = 1 - self.closed_by
        self._end(opponent, 2 if self.at_close[0] else 3, termination)

    def _end(self, winner: int, game_points: int, termination: Termination) -> None:
        self.outcome = Outcome(winner, game_points, termination)

    # --- information ---------------------------------------------------------------
    def view(self, seat: int, board: tuple | None = None) -> "View":
        """What ``seat`` may know: see ``View``; ``board`` is the match's (``Match.view``)."""
        other = 1 - seat
        played = self.won[0] | self.won[1]
        trick = (self.leader, CARD_CODES[self.lead]) if self.lead >= 0 else None
        known_opp = self.revealed[other]
        face_up = self.trump_card if self.trump_card >= 0 else None
        mine = self.hands[seat]
        seen = mine | played | known_opp | (BIT[self.lead] if self.lead >= 0 else 0)
        if face_up is not None:
            seen |= BIT[face_up]
        my_turn = self.outcome is None and self.to_act == seat
        actions = self.legal_actions() if my_turn else []
        blocked = {}
        if my_turn:
            for card in cards_of(mine & ~self.legal_plays()):
                blocked[CARD_CODES[card]] = self.why_not_playable(card)
        last = _trick_codes(self.last_trick) if self.last_trick else None
        return View(
            seat=seat,
            rules=self.rules,
            dealer=self.dealer,
            to_act=self.to_act,
            hand_mask=mine,
            trump=SUITS[self.trump],
            trump_card=CARD_CODES[face_up] if face_up is not None else None,
            talon_size=self.talon_size,
            closed_by=self.closed_by if self.closed_by >= 0 else None,
            at_close=AtClose(*self.at_close) if self.at_close else None,
            trick=trick,
            last_trick=last,
            trick_history=tuple(_trick_codes(t) for t in self.trick_history),
            tricks=tuple(self.tricks),
            won=(tuple(codes(self.won[0])), tuple(codes(self.won[1]))),
            points=tuple(self.points),
            marriage_points=tuple(self.marriage_points),
            marriages=tuple((s, SUITS[suit]) for s, suit in self.marriages),
            married=SUITS[self.married] if self.married >= 0 and self.leader == seat else None,
            opponent_known_mask=known_opp,
            opponent_lacks_mask=self.lacks[other] & ~seen,
            opponent_hand_size=bin(self.hands[other]).count("1"),
            unseen_mask=ALL_CARDS & ~seen,
            legal=tuple(sorted(Action.of(a) for a in actions)),
            playable=tuple(CARD_CODES[a] for a in actions if a < 20),
            lead_options=tuple(Action.of(a) for a in LEAD_ORDER if a in actions),
            blocked=blocked,
            trump_face_up=face_up is not None and self.closed_by < 0,
            phase2=self.phase2,
            points_counted=self._auto,
            outcome=self.outcome,
            board=board,
        )

    def __repr__(self) -> str:
        return (
            f"<Hand to_act={self.to_act} hands={codes(self.hands[0])}/{codes(self.hands[1])}"
            f" trump={SUITS[self.trump]} talon={self.talon_size} scores={self.scores}"
            f" outcome={self.outcome}>"
        )


class AtClose(NamedTuple):
    """What the closer's opponent had when the talon was closed: it decides what a failed
    close costs (``shared/rules.md``) and is public to both seats."""
    tricks: int
    score: int


@dataclass(frozen=True)
class View:
    """What one seat may know of a hand, and nothing else.

    Public to both seats: the trump suit, the trump card while it lies in the talon (face
    up, or turned down by a close: both seats saw it), the talon size, whether
    and by whom it was closed, the trick in play and the last trick, every played card
    and who won it, the declared marriages, and so both scores. Private: the seat's own
    cards. Of the opponent's hand only the cards it has shown (the other card of a
    declared marriage, the trump card taken by exchange or drawn last), the cards it has
    shown it lacks, and its size. ``unseen_mask`` is every card the seat has not seen:
    the opponent's other cards and the face-down talon.

    One field per fact; each has a reader outside the tests. Sets of cards are bit masks
    (what the bots' search reads); their card codes, the scores and the cards drawn are
    properties worked out from them (what the page reads).
    """

    seat: int
    rules: Rules
    dealer: int
    to_act: int
    hand_mask: int  # the seat's own cards
    trump: str
    trump_card: str | None
    talon_size: int  # cards left in the talon, the trump card included
    closed_by: int | None
    at_close: AtClose | None  # the closer's opponent at the close
    trick: tuple | None  # (leader, card led)
    last_trick: Trick | None  # the trick just finished (cards as codes)
    trick_history: tuple  # every finished Trick of the hand, in order (cards as codes)
    tricks: tuple
    won: tuple
    points: tuple  # card points taken, per seat
    marriage_points: tuple  # declared marriages' points, per seat (they count once it has a trick)
    marriages: tuple  # (seat, suit letter) in declaration order
    married: str | None  # suit of this seat's marriage on the current lead
    opponent_known_mask: int  # the opponent's cards it has shown
    # Unseen cards the opponent has shown it does not hold (it failed to follow, head or
    # trump after the talon was closed or used up): they must lie in the talon.
    opponent_lacks_mask: int
    opponent_hand_size: int
    unseen_mask: int
    legal: tuple  # every legal Action, sorted, when this seat is to act, else ()
    playable: tuple  # the card codes of legal plays, in hand order (() when not to act)
    lead_options: tuple  # the legal Actions other than plays, in the order of a lead:
    #                      exchange, marriages (H D C S), close, claim
    blocked: dict  # card code -> (Block, parameters): why it may not be played now
    trump_face_up: bool  # the trump card lies face up under the talon (not closed)
    phase2: bool  # the talon is closed or exhausted: follow suit, head, trump
    points_counted: bool  # 66 is counted for the players (automatic claiming): the
    #                       scores may be shown; under manual claiming they keep count
    outcome: Outcome | None
    # The match board when the hand is part of one (``Match.view``): each seat's game
    # points still to go to win the Bummerl, public to both; None for a hand on its own.
    board: tuple | None = None

    @property
    def hand(self) -> tuple:
        """The seat's own cards, as codes in hand order."""
        return tuple(codes(self.hand_mask))

    @property
    def opponent_known(self) -> tuple:
        return tuple(codes(self.opponent_known_mask))

    @property
    def opponent_lacks(self) -> tuple:
        return tuple(codes(self.opponent_lacks_mask))

    @property
    def drawn(self) -> int:
        """Cards drawn from the talon so far (10 once it is used up)."""
        return 10 - self.talon_size

    @property
    def scores(self) -> tuple:
        """Counted scores: card points plus the marriages that count (once a seat has a trick)."""
        return tuple(self.points[s] + self.marriage_points[s] if self.tricks[s] else 0 for s in (0, 1))

    @property
    def pending(self) -> tuple:
        """Marriage points declared but not counting yet (no trick yet), per seat."""
        return tuple(self.marriage_points[s] if not self.tricks[s] else 0 for s in (0, 1))


# The non-play actions in the order a player meets them when leading.
LEAD_ORDER = (EXCHANGE, MARRY, MARRY + 1, MARRY + 2, MARRY + 3, CLOSE, CLAIM)


def _trick_codes(trick) -> Trick:
    leader, lead, follow, winner = trick
    return Trick(leader, CARD_CODES[lead], CARD_CODES[follow], winner)


def deal(rules: Rules, dealer: int, rng) -> Hand:
    """Shuffle with ``rng`` (a ``random.Random``: the caller owns all randomness) and
    deal as at the table: 3 cards to forehand, 3 to the dealer, the trump card, 2 and 2;
    the rest is the talon."""
    deck = list(range(20))
    rng.shuffle(deck)
    forehand = deck[0:3] + deck[7:9]
    dealer_cards = deck[3:6] + deck[9:11]
    hands = [0, 0]
    hands[1 - dealer] = sum(BIT[c] for c in forehand)
    hands[dealer] = sum(BIT[c] for c in dealer_cards)
    return Hand(rules, dealer, hands, deck[6], deck[11:])
