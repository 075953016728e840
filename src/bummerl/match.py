"""A match: hands one after another, the Bummerl counted down from 7, and its JSON form.

>>> m = Match.new(SOFT, seed=1)
>>> hand = m.deal_next()
>>> m.dealer_of_next_hand(), hand.dealer
(1, 0)
>>> m.score_hand(Outcome(winner=1, game_points=3, reason="reached 66"))
>>> m.board, m.bummerls
([7, 4], [0, 0])
"""

import random
from dataclasses import dataclass, field

from .errors import NotationError, RulesError
from .hand import Hand, Outcome, deal
from .record import from_record
from .rules import SOFT, Rules

SCHEMA = "bummerl-match"
VERSION = 1
START = 7


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
    board: list = field(default_factory=lambda: [START, START])
    bummerls: list = field(default_factory=lambda: [0, 0])
    results: list = field(default_factory=list)  # one dict per finished hand
    hand: Hand | None = None  # the hand in play (or the last one, finished)
    hands_dealt: int = 0

    @staticmethod
    def new(rules: Rules = SOFT, seed: int = 0, first_dealer: int = 0) -> "Match":
        return Match(rules=rules, seed=seed, first_dealer=first_dealer)

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

    def score_hand(self, outcome: Outcome) -> None:
        """Enter a finished hand's result; closes the Bummerl when a seat reaches 0."""
        winner, points = outcome.winner, outcome.game_points
        loser = 1 - winner
        self.board[winner] -= points
        entry = {"winner": winner, "game_points": points, "reason": outcome.reason}
        if self.board[winner] <= 0:
            given = 2 if self.rules.schneider_bummerl and self.board[loser] == START else 1
            self.bummerls[loser] += given
            entry["bummerl"] = {"loser": loser, "given": given}
            self.board = [START, START]
        self.results.append(entry)

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
        """Read ``to_json`` output back. Anything off raises NotationError saying where."""
        if not isinstance(obj, dict) or obj.get("schema") != SCHEMA:
            raise NotationError("not a Bummerl match (schema field missing or foreign)")
        version = obj.get("version")
        if version != VERSION:
            raise NotationError(f"match schema version {version!r}; this engine reads {VERSION}")

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
        for i, entry in enumerate(results):
            if (
                not isinstance(entry, dict) or entry.get("winner") not in (0, 1)
                or entry.get("game_points") not in (1, 2, 3)
            ):
                raise NotationError(f"not a hand result: {entry!r}", f"results[{i}]")
        match = Match(
            rules=rules,
            seed=number("seed", -(2**63), 2**63),
            first_dealer=number("first_dealer", 0, 1),
            board=pair("board", 1, START),
            bummerls=pair("bummerls", 0, 10**6),
            results=results,
            hands_dealt=number("hands_dealt", 0, 10**9),
        )
        if obj.get("hand") is not None:
            try:
                match.hand = from_record(obj["hand"])
            except ValueError as error:
                raise NotationError(str(error), "hand") from None
        from .jsondoc import check_match

        check_match(obj, START)  # what the checks above let through: exact types, ranges, counts
        return match
