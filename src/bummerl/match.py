"""A match: hands one after another, the Bummerl counted down from 7, and its JSON form.

``play`` applies an action to the hand in play and, when that ends the hand, scores it
(and the Bummerl, when one ends); ``deal_next`` deals the next hand of the match's
seeded sequence.

>>> m = Match.new(SOFT, seed=1)
>>> hand = m.deal_next()
>>> m.dealer_of_next_hand(), hand.dealer
(1, 0)
>>> while not m.hand.over:
...     turn = m.play(m.hand.legal()[0])
>>> turn.result == m.results[-1], m.board[turn.result["winner"]] < 7
(True, True)
"""

import random
from dataclasses import dataclass, field

from .cards import Action
from .errors import IllegalAction, NotationError, RulesError
from .events import describe
from .hand import Hand, Outcome, Termination, deal
from .record import from_record
from .rules import BOARD_START, SOFT, Rules

SCHEMA = "bummerl-match"
VERSION = 2
# Version 1 stored each result's reason as English text; version 2 the Termination key.
_V1_REASONS = {
    "reached 66": Termination.REACHED_66,
    "reached 66 with a marriage": Termination.REACHED_66_MARRIAGE,
    "claimed 66": Termination.CLAIMED_66,
    "won the last trick": Termination.LAST_TRICK,
    "won the last trick with 66": Termination.LAST_TRICK_66,
    "false claim": Termination.FALSE_CLAIM,
    "close failed: the closer did not reach 66": Termination.CLOSE_FAILED_SHORT,
    "close failed: the closer lost the last trick": Termination.CLOSE_FAILED_LAST_TRICK,
    "close failed: the opponent went out": Termination.CLOSE_FAILED_OPPONENT_OUT,
    "close failed: the closer claimed falsely": Termination.CLOSE_FAILED_FALSE_CLAIM,
}
_TERMINATIONS = {t.value: t for t in Termination}


@dataclass(frozen=True)
class Turn:
    """What one ``Match.play`` did: the seat that acted, the action, the hand before and
    after, the events (``bummerl.events.describe``), and when the hand ended its entry
    in ``Match.results`` (with a ``"bummerl"`` part when a Bummerl ended too)."""

    seat: int
    action: Action
    before: Hand
    after: Hand
    events: list
    result: dict | None

    @property
    def bummerl(self) -> dict | None:
        """``{"loser": seat, "given": 1 or 2}`` when this action ended a Bummerl."""
        return self.result.get("bummerl") if self.result else None


@dataclass
class Match:
    """Bummerl after Bummerl between seats 0 and 1.

    ``board`` holds each seat's points still to go (from 7 down; at 0 or below the seat
    wins the Bummerl and the other is given one, or two under ``schneider_bummerl`` when
    it won no game point in it). ``bummerls`` counts the Bummerl each seat was given.
    ``rules`` apply from the next deal; a hand in play keeps the rules it was dealt with.
    """

    rules: Rules
    seed: int
    first_dealer: int = 0
    board: list = field(default_factory=lambda: [BOARD_START, BOARD_START])
    bummerls: list = field(default_factory=lambda: [0, 0])
    # One dict per finished hand: winner, game_points, termination (a Termination
    # key) and, when the hand ended a Bummerl, "bummerl": {"loser", "given"}.
    results: list = field(default_factory=list)
    hand: Hand | None = None  # the hand in play (or the last one, finished)
    hands_dealt: int = 0

    @staticmethod
    def new(rules: Rules = SOFT, seed: int = 0, first_dealer: int = 0) -> "Match":
        return Match(rules=rules, seed=seed, first_dealer=first_dealer)

    @staticmethod
    def at_deal(rules: Rules, seed: int, number: int, first_dealer: int = 0) -> "Match":
        """A fresh match (full board) whose hand in play is deal ``number`` (1, 2, ...)
        of the match seeded ``seed``: the same cards, dealer and trump as when a match
        gets there by play."""
        if not isinstance(number, int) or number < 1:
            raise ValueError(f"deal numbers start at 1, not {number!r}")
        match = Match.new(rules, seed, first_dealer)
        match.hands_dealt = number - 1
        match.deal_next()
        return match

    @staticmethod
    def from_hand(hand: Hand, seed: int) -> "Match":
        """A new match whose first hand is ``hand`` (a position to play on); later
        deals come from ``seed``."""
        match = Match.new(hand.rules, seed, first_dealer=hand.dealer)
        match.hand = hand
        match.hands_dealt = 1
        if hand.over:
            match.score(hand.outcome)
        return match

    def dealer_of_next_hand(self) -> int:
        """Dealers alternate every hand, across Bummerl too."""
        return (self.first_dealer + self.hands_dealt) % 2

    @property
    def over(self) -> bool:
        """True once a seat has been given ``match_bummerls`` Bummerl (never for 0)."""
        limit = self.rules.match_bummerls
        return bool(limit) and max(self.bummerls) >= limit

    def deal_next(self) -> Hand:
        """Deal the next hand from this match's seed (deal n is the same on every machine)."""
        if self.hand is not None and not self.hand.over:
            raise ValueError("the hand in play is not over yet")
        if self.over:
            raise ValueError("the match is over")
        rng = random.Random(self.seed * 100003 + self.hands_dealt)
        self.hand = deal(self.rules, self.dealer_of_next_hand(), rng)
        self.hands_dealt += 1
        return self.hand

    def play(self, action) -> Turn:
        """Apply ``action`` (an ``Action`` or its text) for the seat to act in the hand in
        play; when it ends the hand, score it. Raises ``IllegalAction`` (or
        ``NotationError``) and changes nothing when the action is not allowed."""
        before = self.hand
        action = Action.parse(action)
        if before is None or before.over:
            raise IllegalAction(action, "the hand is over: deal the next one")
        after = before.apply(action)
        self.hand = after
        result = self.score(after.outcome) if after.over else None
        return Turn(before.to_act, action, before, after, describe(before, action, after), result)

    def score(self, outcome: Outcome) -> dict:
        """Enter a finished hand's result (``play`` does this itself; this is for a hand
        played elsewhere) and return its ``results`` entry; closes the Bummerl when a
        seat reaches 0."""
        winner, points = outcome.winner, outcome.game_points
        loser = 1 - winner
        self.board[winner] -= points
        entry = {"winner": winner, "game_points": points,
                 "termination": outcome.termination.value}
        if self.board[winner] <= 0:
            given = 2 if self.rules.schneider_bummerl and self.board[loser] == BOARD_START else 1
            self.bummerls[loser] += given
            entry["bummerl"] = {"loser": loser, "given": given}
            self.board = [BOARD_START, BOARD_START]
        self.results.append(entry)
        return entry

    def to_json(self) -> dict:
        return {
            "schema": SCHEMA,
            "version": VERSION,
            "rules": self.rules.to_json(),
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "hands_dealt": self.hands_dealt,
            "board": list(self.board),
            "bummerls": list(self.bummerls),
            "results": list(self.results),
            "hand": self.hand.to_record() if self.hand is not None else None,
        }

    @staticmethod
    def from_json(obj) -> "Match":
        """Read ``to_json`` output back (this version's or the earlier one's). Anything
        off raises NotationError saying where."""
        if not isinstance(obj, dict) or obj.get("schema") != SCHEMA:
            raise NotationError("not a Bummerl match (schema field missing or foreign)")
        version = obj.get("version")
        if version not in (1, VERSION) or isinstance(version, bool):
            raise NotationError(f"match schema version {version!r}; this engine reads 1 to {VERSION}")

        def number(key, low, high):
            value = obj.get(key)
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise NotationError(f"expected an integer {low}..{high}, got {value!r}", key)
            return value

        def pair(key, low, high):
            value = obj.get(key)
            if (
                not isinstance(value, list) or len(value) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) and low <= v <= high for v in value)
            ):
                raise NotationError(f"expected two integers {low}..{high}, got {value!r}", key)
            return list(value)

        try:
            rules = Rules.from_json(obj.get("rules"))
        except RulesError as error:
            raise NotationError(str(error), "rules") from None
        results = obj.get("results")
        if not isinstance(results, list):
            raise NotationError("expected a list", "results")
        results = [_read_result(entry, version, f"results[{i}]") for i, entry in enumerate(results)]
        match = Match(
            rules=rules,
            seed=number("seed", -(2**63), 2**63),
            first_dealer=number("first_dealer", 0, 1),
            board=pair("board", 1, BOARD_START),
            bummerls=pair("bummerls", 0, 10**6),
            results=results,
            hands_dealt=number("hands_dealt", 0, 10**9),
        )
        if obj.get("hand") is not None:
            try:
                match.hand = from_record(obj["hand"])
            except ValueError as error:
                raise NotationError(str(error), "hand") from None
            if match.hand.over and len(results) < match.hands_dealt:
                match.score(match.hand.outcome)  # saved before it was scored (version 1)
        return match


def _read_result(entry, version: int, where: str) -> dict:
    """One entry of ``results``, checked; a version-1 entry's English reason becomes its
    Termination key."""
    if not isinstance(entry, dict):
        raise NotationError(f"a hand result must be an object, not {type(entry).__name__}", where)
    entry = dict(entry)
    for key, allowed in (("winner", (0, 1)), ("game_points", (1, 2, 3))):
        value = entry.get(key)
        if type(value) is not int or value not in allowed:
            raise NotationError(f"expected one of {allowed}, got {value!r}", f"{where}.{key}")
    if version == 1:
        reason = entry.pop("reason", None)
        if reason not in _V1_REASONS:
            raise NotationError(f"unknown reason {str(reason)[:60]!r}", f"{where}.reason")
        entry["termination"] = _V1_REASONS[reason].value
    elif entry.get("termination") not in _TERMINATIONS:
        raise NotationError(f"unknown termination {str(entry.get('termination'))[:60]!r}",
                            f"{where}.termination")
    return entry


def termination_of(result: dict) -> Termination:
    """The Termination of a ``Match.results`` entry."""
    return _TERMINATIONS[result["termination"]]
