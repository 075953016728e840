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

from . import jsondoc
from .cards import Action
from .errors import IllegalAction, NotationError
from .events import describe
from .hand import TERMINATION_TEXT, Hand, Outcome, Termination, View, deal
from .record import from_record
from .rules import BOARD_START, SOFT, Rules, read_rules

SCHEMA = "bummerl-match"
VERSION = 2
# Version 1 stored each result's reason as English text: the texts of TERMINATION_TEXT,
# which must therefore stay as they are; version 2 stores the Termination key.
_V1_REASONS = {text: termination for termination, text in TERMINATION_TEXT.items()}


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
            match.record_outcome(hand.outcome)
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

    def view(self, seat: int) -> View:
        """What ``seat`` may know of the hand in play, with the match ``board`` (points
        still to go per seat; while the hand is in play, before its result): a bot that
        knows the score can play for the Bummerl rather than for the hand alone."""
        return self.hand.view(seat, tuple(self.board))

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
        result = self.record_outcome(after.outcome) if after.over else None
        return Turn(before.to_act, action, before, after, describe(before, action, after), result)

    def take_back(self, seat: int) -> list:
        """Undo ``seat``'s last action in the hand in play (or the hand just over) and
        every action after it (the other seat's reply): the hand is rebuilt from its deal
        as it stood before that action (``Hand.before_last_action_of``). Taken back into a
        finished hand, its result is removed too: the board as it was before it, a
        Bummerl it closed re-opened (``bummerls`` as before); the deals are untouched (the
        next one is not dealt yet). Returns the actions taken back, in order. Raises
        ``IllegalAction`` and changes nothing when ``seat`` has not acted in the hand in
        play (a hand dealt but not started takes nothing back from the one before) or the
        board before a finished hand cannot be worked out."""
        hand = self.hand
        before = hand.before_last_action_of(seat) if hand is not None else None
        if before is None:
            raise IllegalAction("take back", "no action of this seat in the hand to take back")
        if hand.over:
            board, bummerls = self._unscored()
            self.board, self.bummerls = board, bummerls
            self.results.pop()
        self.hand = before
        return list(hand.history[len(before.history):])

    def can_take_back(self, seat: int) -> bool:
        """Whether ``take_back(seat)`` takes something back (and does not raise)."""
        hand = self.hand
        if hand is None or hand.before_last_action_of(seat) is None:
            return False
        if hand.over:
            try:
                self._unscored()
            except IllegalAction:
                return False
        return True

    def _unscored(self) -> tuple[list, list]:
        """The board and Bummerl count as they were before the last result (that of the
        hand just over) was entered; raises ``IllegalAction`` when that is not known."""
        if not self.results:
            raise IllegalAction("take back", "the hand's result is not in the match")
        entry = self.results[-1]
        winner, points = entry["winner"], entry["game_points"]
        outcome = self.hand.outcome
        if (outcome.winner, outcome.game_points, outcome.termination.value) != (
                winner, points, entry["termination"]):
            raise IllegalAction("take back", "the last result is not the hand's")
        bummerls = list(self.bummerls)
        if "bummerl" not in entry:
            board = list(self.board)
            board[winner] += points
            if board[winner] > BOARD_START:
                raise IllegalAction("take back", "the board before the last hand is not known")
            return board, bummerls
        # The Bummerl's last board holds the winner's points to go only as 0: the board
        # before is replayed from the results since the match's start (a full board, as
        # every match starts), checked against that last board; a 1 needs no replay.
        given = entry["bummerl"]
        bummerls[given["loser"]] -= given["given"]
        _, board, after = list(_replayed(self.results))[-1]
        if points == 1:
            board = list(given["board"])
            board[winner] = 1
        elif [max(p, 0) for p in after] != given["board"]:
            raise IllegalAction("take back", "the board before the last hand is not known")
        if bummerls[given["loser"]] < 0:
            raise IllegalAction("take back", "the Bummerl count before the last hand is not known")
        return board, bummerls

    def board_before_last(self) -> tuple | None:
        """The board (points to go per seat) the last hand in ``results`` was played to,
        worked out from every result; None when that does not lead to today's board (a
        match that did not start from a full board)."""
        replayed = list(_replayed(self.results))
        if not replayed:
            return None
        entry, before, after = replayed[-1]
        now = [BOARD_START, BOARD_START] if "bummerl" in entry else after
        return tuple(before) if now == self.board else None

    def record_outcome(self, outcome: Outcome) -> dict:
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
            entry["bummerl"] = _bummerl_entry(loser, given, self.board)
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
        check_match(obj)  # exact types, ranges and counts, path-qualified
        version = obj["version"]
        rules = read_rules(obj["rules"], "match.rules")
        results = _migrated(obj["results"]) if version == 1 else obj["results"]
        match = Match(rules=rules, seed=obj["seed"], first_dealer=obj["first_dealer"],
                      board=list(obj["board"]), bummerls=list(obj["bummerls"]),
                      results=[dict(entry) for entry in results], hands_dealt=obj["hands_dealt"])
        if obj["hand"] is not None:
            try:
                match.hand = from_record(obj["hand"])
            except ValueError as error:
                raise NotationError(str(error), "match.hand") from None
            if match.hand.over and len(results) < match.hands_dealt:
                match.record_outcome(match.hand.outcome)  # saved before it was scored (version 1)
        return match


# ------------------------------------------------------------------ the JSON schema

MATCH_KEYS = ("schema", "version", "rules", "seed", "first_dealer", "hands_dealt", "board",
              "bummerls", "results", "hand")


def check_result(entry, where: str, version: int) -> None:
    """One finished hand of ``Match.results``: who won, game points, why (version 1: the
    English ``reason``; version 2: the ``termination`` key), any Bummerl given."""
    why = "reason" if version == 1 else "termination"
    jsondoc.expect_object(entry, where, required=("winner", "game_points", why), optional=("bummerl",))
    winner = jsondoc.expect_int(entry["winner"], f"{where}.winner", 0, 1)
    jsondoc.expect_int(entry["game_points"], f"{where}.game_points", 1, 3)
    known = TERMINATION_TEXT.values() if version == 1 else [t.value for t in Termination]
    if jsondoc.expect_str(entry[why], f"{where}.{why}") not in known:
        raise NotationError(f"unknown {why} {jsondoc.show(entry[why])}", f"{where}.{why}")
    if "bummerl" in entry:
        final = () if version == 1 else ("board", "schneider")
        given = jsondoc.expect_object(entry["bummerl"], f"{where}.bummerl", required=("loser", "given", *final))
        jsondoc.expect_int(given["loser"], f"{where}.bummerl.loser", 1 - winner, 1 - winner)  # the other seat
        jsondoc.expect_int(given["given"], f"{where}.bummerl.given", 1, 2)
        if final:
            for seat, value in enumerate(jsondoc.expect_list(given["board"], f"{where}.bummerl.board", 2, 2)):
                jsondoc.expect_int(value, f"{where}.bummerl.board[{seat}]", 0, 7)
            jsondoc.expect_bool(given["schneider"], f"{where}.bummerl.schneider")


def check_match(obj, start: int = BOARD_START) -> None:
    """The JSON form of ``Match`` (schema, exact types, ranges, counts that agree); the
    hand in it is checked by replaying its record (``Match.from_json``)."""
    jsondoc.expect_object(obj, "match", required=("schema", "version"), optional=MATCH_KEYS)
    jsondoc.expect_object(obj, "match", required=MATCH_KEYS)
    version = jsondoc.expect_int(obj["version"], "match.version", 1, 2)
    read_rules(obj["rules"], "match.rules")
    jsondoc.expect_int(obj["seed"], "match.seed", -(2**63), 2**63)
    jsondoc.expect_int(obj["first_dealer"], "match.first_dealer", 0, 1)
    dealt = jsondoc.expect_int(obj["hands_dealt"], "match.hands_dealt", 0, 10**9)
    for key, low, high in (("board", 1, start), ("bummerls", 0, 10**6)):
        for seat, value in enumerate(jsondoc.expect_list(obj[key], f"match.{key}", 2, 2)):
            jsondoc.expect_int(value, f"match.{key}[{seat}]", low, high)
    for i, entry in enumerate(jsondoc.expect_list(obj["results"], "match.results", 0, dealt)):
        check_result(entry, f"match.results[{i}]", version)
    if obj["hand"] is not None and dealt == 0:
        raise NotationError("a hand in play, but no hand dealt", "match.hands_dealt")


def _bummerl_entry(loser: int, given: int, board: list) -> dict:
    """The ``"bummerl"`` part of the result that ended a Bummerl: who lost it, how many
    Bummerl that gave, the final ``board`` (points still to go, 0 for the winner) and
    whether it was ``schneider`` (the loser won no game point in it)."""
    return {"loser": loser, "given": given, "board": [max(points, 0) for points in board],
            "schneider": board[loser] == BOARD_START}


def _replayed(results: list):
    """Each result with the board (points to go) before it and after it (before a
    Bummerl's end starts the next board), replayed from the start of the match."""
    board = [BOARD_START, BOARD_START]
    for entry in results:
        before = list(board)
        board[entry["winner"]] -= entry["game_points"]
        yield entry, before, list(board)
        if "bummerl" in entry:
            board = [BOARD_START, BOARD_START]


def _migrated(results: list) -> list:
    """Version-1 results (checked) as version 2 has them: each English reason becomes
    its Termination key, and a Bummerl's end gets its final board, replayed from the
    results since the start of the match."""
    migrated = []
    for entry, _, after in _replayed(results):
        entry = dict(entry)
        entry["termination"] = _V1_REASONS[entry.pop("reason")].value
        if "bummerl" in entry:
            given = entry["bummerl"]
            entry["bummerl"] = _bummerl_entry(given["loser"], given["given"], after)
        migrated.append(entry)
    return migrated
