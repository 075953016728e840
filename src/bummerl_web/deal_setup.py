"""The deal editor's model (*Share → Set up a deal*): cards placed by hand, the rest at
random, who deals, the rules, the moves played forward; its packed form for links.

Plain Python (CPython tests reach all of it); the engine deals (`bummerl.deals`) and
says what is legal. A card's place is one character, the same in the editor's fields
and in links: ``-`` at random, ``y`` your hand, ``o`` the opponent's, ``t`` the trump
card, ``1``..``9`` the talon's card (1 = drawn first).

>>> s = Setup(seed=7)
>>> for code in ("AH", "TH", "KH"):
...     dropped = s.place(code, "y")
>>> s.place("QS", "t")  # moves dropped: none yet
0
>>> s.problems(), s.act("play AH"), s.act("close")
([], None, 'close: only the player on lead may do that, before leading')
>>> text = s.encode(seat=0)
>>> text
'10119a.yyy---------------t-.7.a'
>>> back, seat = Setup.decode(text)
>>> back == s, seat
(True, 0)

The packed form: version, the reader's seat (0: "you" as set up, 1: the opponent), the
dealer, the rules (three hex digits, as a packed record's), then the 20 places (cards
in order AH TH KH QH JH AD ... JS), the seed of the cards at random (base 36, empty when
every card is placed) and the moves (one character each, as a packed record's).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from bummerl import CARD_CODES, IllegalAction, NotationError, Rules
from bummerl.cards import parse_action
from bummerl.deals import SEATS, TALON, TALON_SIZE, TRUMP, deal_placed, problems
from bummerl.record import (HEX, MAX_ACTIONS, action_char, char_action, rules_bits, rules_from_bits,
                            split_packed)

from . import i18n

VERSION = "1"
RANDOM = "-"
PLACE_OF = {"y": 0, "o": 1, "t": TRUMP, **{str(i + 1): TALON + i for i in range(TALON_SIZE)}}
CHAR_OF = {place: char for char, place in PLACE_OF.items()}
PLACE_CHARS = (RANDOM, *PLACE_OF)  # the editor's order
SEED_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
SEED_MAX = 36**8 - 1
PACKED_MAX = 6 + 1 + 20 + 1 + 8 + 1 + MAX_ACTIONS
MODES = ("play", "replay", "review", "puzzle")


def _base36(n: int) -> str:
    out = ""
    while True:
        n, digit = divmod(n, 36)
        out = SEED_DIGITS[digit] + out
        if not n:
            return out


def new_seed(rng=None) -> int:
    """A seed for the cards at random (``rng`` for tests; else the system's)."""
    return (rng or random.SystemRandom()).randrange(1, SEED_MAX)


@dataclass
class Setup:
    """A deal set up by hand: ``placed`` (card code -> place character, never ``-``),
    ``rest_random`` (the cards not placed are dealt at random by ``seed``; else every
    card must be placed), ``dealer`` (0: you, 1: the opponent, who then leads; the
    forehand leads the first trick), ``rules`` and ``actions``, the moves played forward
    from the deal (record notation)."""
    placed: dict = field(default_factory=dict)
    rest_random: bool = True
    dealer: int = 1
    rules: Rules = field(default_factory=Rules)
    seed: int = 1
    actions: list = field(default_factory=list)

    # ---------------------------------------------------------------- the deal
    def _engine_placed(self) -> dict:
        return {CARD_CODES.index(code): PLACE_OF[char] for code, char in self.placed.items()}

    def problems(self) -> list[tuple[str, dict]]:
        """What keeps the cards placed from being a deal (`bummerl.deals.problems`)."""
        return problems(self._engine_placed(), self.rest_random)

    def dealt(self):
        """The hand as dealt (a `bummerl.Hand`), None while there are problems."""
        if self.problems():
            return None
        return deal_placed(self.rules, self.dealer, self._engine_placed(), random.Random(self.seed))

    def positions(self) -> list:
        """The hand after each number of moves (0 = as dealt); [] while there are problems."""
        hand = self.dealt()
        if hand is None:
            return []
        out = [hand]
        for action in self.actions:
            out.append(out[-1].apply(action))
        return out

    def position(self):
        """The hand after the moves (None while the deal has problems)."""
        positions = self.positions()
        return positions[-1] if positions else None

    def place(self, code: str, char: str) -> int:
        """Put the card ``code`` at place ``char`` (``-``: at random). The moves still
        legal in the new deal are kept; answers how many were dropped."""
        if code not in CARD_CODES or char not in PLACE_CHARS:
            raise ValueError(f"no card {code!r} or no place {char!r}")
        if char == RANDOM:
            self.placed.pop(code, None)
        else:
            self.placed[code] = char
        return self.keep_legal_moves()

    def set(self, **changes) -> int:
        """Change ``rest_random``, ``dealer``, ``rules`` or ``seed``; the moves still legal
        are kept (answers how many were dropped)."""
        for name, value in changes.items():
            if name not in ("rest_random", "dealer", "rules", "seed"):
                raise ValueError(f"not a setting of the deal: {name}")
            setattr(self, name, value)
        return self.keep_legal_moves()

    def keep_legal_moves(self) -> int:
        """Drop the moves from the first one the deal no longer allows; how many. While
        the deal has problems (a card half-way moved) the moves wait: none is dropped."""
        hand = self.dealt()
        if hand is None:
            return 0
        kept = 0
        for action in self.actions:
            if hand.why_illegal(action) is not None:
                break
            hand = hand.apply(action)
            kept += 1
        dropped = len(self.actions) - kept
        del self.actions[kept:]
        return dropped

    # ---------------------------------------------------------------- moves
    def act(self, action: str) -> str | None:
        """Play ``action`` (record notation) for whichever seat is to act; None when done,
        else why not (in English, the engine's words)."""
        hand = self.position()
        if hand is None:
            return "the deal is not complete"
        if len(self.actions) >= MAX_ACTIONS:
            return f"at most {MAX_ACTIONS} moves"
        try:
            self.actions.append(str(hand.apply(action).history[-1]))
        except (IllegalAction, NotationError) as error:
            return str(error)
        return None

    def undo(self) -> bool:
        if not self.actions:
            return False
        self.actions.pop()
        return True

    # ---------------------------------------------------------------- what a link opens
    def record(self, seat: int = 0) -> dict:
        """The hand as the engine's record, from the reader's ``seat``: for seat 1 the
        seats are swapped (the reader always sits at seat 0). ValueError while the deal
        has problems."""
        hand = self.dealt()
        if hand is None:
            raise ValueError("the deal has problems")
        record = {**hand.to_record(), "actions": list(self.actions)}
        if seat == 1:
            record["hands"] = record["hands"][::-1]
            record["dealer"] = 1 - record["dealer"]
        return record

    def mode_problem(self, mode: str, seat: int) -> tuple[str, dict] | None:
        """Why the position cannot open in ``mode`` for a reader at ``seat`` (None: it
        can): play needs a hand still going, a review a hand played to its end, a puzzle
        a decision of the reader's with a choice."""
        hand = self.position()
        if hand is None:
            return ("deal_incomplete", {})
        if mode == "review":
            return None if hand.over else ("review_unfinished", {})
        if hand.over:
            return ("hand_over", {})
        if mode == "puzzle":
            if hand.to_act != seat:
                return ("puzzle_not_yours", {})
            if len(hand.legal()) < 2:
                return ("puzzle_no_choice", {})
        return None

    # ---------------------------------------------------------------- packed form
    def encode(self, seat: int = 0) -> str:
        """The packed form (for links; see the module docstring)."""
        places = "".join(self.placed.get(code, RANDOM) for code in CARD_CODES)
        seed = _base36(self.seed) if RANDOM in places else ""
        moves = "".join(action_char(parse_action(a)) for a in self.actions)
        head = VERSION + str(seat) + str(self.dealer) + format(rules_bits(self.rules), "03x")
        return f"{head}.{places}.{seed}.{moves}"

    @classmethod
    def decode(cls, text: str) -> tuple["Setup", int]:
        """The setup and the reader's seat of a packed form; NotationError names the
        character at fault, or what keeps the deal or a move from being one."""
        head, places, seed_text, moves = split_packed(text, "set-up deal", "VSDRRR.PLACES.SEED.MOVES",
                                                      PACKED_MAX, VERSION)
        for i, what in ((1, "the reader's seat"), (2, "the dealer")):
            if head[i] not in "01":
                raise NotationError(f"{what} must be 0 or 1, not {head[i]!r}", f"char {i}")
        if not all(c in HEX for c in head[3:]):
            raise NotationError(f"rules must be 3 hex digits, not {head[3:]!r}", "char 3")
        rules = rules_from_bits(int(head[3:], 16), "char 3")
        if len(places) != 20:
            raise NotationError(f"the deal needs 20 places, not {len(places)}", "char 7")
        placed = {}
        for i, char in enumerate(places):
            if char not in PLACE_CHARS:
                raise NotationError(f"{char!r} is not a place (- y o t 1-9)", f"char {7 + i}")
            if char != RANDOM:
                placed[CARD_CODES[i]] = char
        at = 28
        random_rest = RANDOM in places
        if random_rest:
            if not 1 <= len(seed_text) <= 8 or not all(c in SEED_DIGITS for c in seed_text):
                raise NotationError(f"the seed must be 1 to 8 base-36 digits, not {seed_text[:12]!r}", f"char {at}")
            seed = int(seed_text, 36)
        elif seed_text:
            raise NotationError("a seed, but no card is at random", f"char {at}")
        else:
            seed = 1
        setup = cls(placed, rest_random=random_rest, dealer=int(head[2]), rules=rules, seed=seed)
        found = setup.problems()
        if found:
            raise NotationError(problem_text("en", "fr", *found[0]), "char 7")
        at += len(seed_text) + 1
        for i, char in enumerate(moves):
            action = char_action(char)
            if action is None:
                raise NotationError(f"{char!r} is not a move", f"char {at + i}")
            why = setup.act(action)
            if why is not None:
                raise NotationError(f"move {i + 1}: {why}", f"char {at + i}")
        return setup, int(head[1])


# ------------------------------------------------------------------ words

def place_name(lang: str, char: str) -> str:
    """A place in words ("Your hand", "Talon card 3", "At random")."""
    if char in "123456789":
        return i18n.text(lang, "setup_place_talon", n=int(char))
    return i18n.text(lang, "setup_place_" + {"-": "random", "y": "you", "o": "opponent", "t": "trump"}[char])


def problem_text(lang: str, deck: str, key: str, params: dict) -> str:
    """A problem of the deal (`bummerl.deals.problems`) or of a mode (`Setup.mode_problem`)
    in words."""
    words = dict(params)
    if "place" in words:
        words["place"] = place_name(lang, "yo"[words["place"]])
    if "cards" in words:
        words["cards"] = ", ".join(i18n.card_name(lang, deck, c) for c in words["cards"])
    if "slots" in words:
        words["slots"] = ", ".join(map(str, words["slots"]))
    return i18n.text(lang, "setup_" + key, **words)


PROBLEM_KEYS = ("too_many", "too_few", "trump_twice", "no_trump", "talon_twice", "talon_short",
                "bad_card", "bad_place", "deal_incomplete", "review_unfinished", "hand_over",
                "puzzle_not_yours", "puzzle_no_choice")

__all__ = ["MODES", "PLACE_CHARS", "PROBLEM_KEYS", "SEATS", "Setup", "new_seed", "place_name", "problem_text"]
