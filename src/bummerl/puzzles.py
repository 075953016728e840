"""The puzzle collection: positions from real hands where one action is clearly best.

``assets/puzzles.json`` (made by ``python -m bummerl_lab.puzzles``) holds, for each
puzzle, the whole hand as a packed record (``record.encode_record``), the step of the
question (the actions done before it), every legal action's value in expected game
points for the seat to move from its own view, the answer (the best action, ahead of
every other by at least the collection's ``margin``), whether the values are exact (all
cards known) or a high-budget search, the themes and the difficulty, and the reason the
Hint gives for the answer (``bots.hints.explain``: the page words it in the player's
language).

``read_collection`` reads the parsed JSON strictly: anything else raises a
``NotationError`` naming the field, and every puzzle is ``check``ed (its answer legal and
best by the margin) so that a page never shows a broken one:

>>> doc = {"format": 1, "made_by": "by hand", "margin": 0.5, "puzzles": [{
...     "id": "ab12cd", "record": "1119a.abcdopqrstklmnfghije.a", "step": 1,
...     "values": {"play AS": 1.0}, "answer": "play AS", "exact": True, "worlds": 0,
...     "themes": ["trumping"], "difficulty": "easy", "reason": "exact", "reason_params": {}}]}
>>> read_collection(doc)
Traceback (most recent call last):
...
bummerl.errors.NotationError: puzzles[0].values: expected every legal action, missing play JS, play KS, play QS, play TS
"""

import re
from dataclasses import dataclass, field
from functools import cached_property

from .cards import Action
from .errors import IllegalAction, NotationError
from .jsondoc import (
    expect_bool, expect_int, expect_list, expect_number, expect_object, expect_str, is_number, show,
)
from .record import PACKED_MAX, decode_record, from_record

FORMAT = 1
# Ids of the themes, in the order a puzzle lists them (the page words them):
THEMES = (
    "closing",  # closing is the answer
    "not-closing",  # closing is legal and wrong
    "marriage",  # declare now, or the marriage's timing decides
    "exchange",  # the trump exchange
    "counting",  # count to 66: a claim, or the points decide
    "after-close",  # play after a close
    "trumping",  # trump or not
    "last-tricks",  # the last phase: the talon is gone
)
# Which bot finds the answer: the Easy bot; Medium (Easy not); only a quick Hard; none of them.
DIFFICULTIES = ("easy", "medium", "hard", "expert")
PRESETS = ("soft", "sharp")
MAX_PUZZLES = 5_000
MAX_WORLDS = 100_000
MAX_VALUE = 3.5  # game points (as the review's values)
_ID = re.compile(r"[a-z0-9]{6}")
_KEYS = ("id", "record", "step", "values", "answer", "exact", "worlds", "themes", "difficulty", "reason",
         "reason_params")


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the position at ``step`` of the hand ``record`` (``packed`` is its
    packed form), every legal action's value for the seat to move and the ``answer``."""
    id: str
    packed: str
    record: dict = field(compare=False)
    step: int
    values: dict  # every legal action -> expected game points for the seat to move
    answer: str
    exact: bool  # values with all cards known (else a high-budget search over ``worlds``)
    worlds: int  # worlds searched (0 when exact)
    themes: tuple  # THEMES, in their order
    difficulty: str  # one of DIFFICULTIES
    reason: str  # a HintReason value: why the answer is best
    reason_params: dict

    @property
    def preset(self) -> str:
        """"soft" or "sharp": the rules the hand is played by."""
        return self.record["rules"]

    def position(self):
        """The hand at the question (``step`` actions done)."""
        return from_record({**self.record, "actions": self.record["actions"][:self.step]})

    @cached_property
    def seat(self) -> int:
        """The seat to move at the question."""
        return self.position().to_act

    def decision(self):
        """The question as a ``review.Decision`` with the answer played: ``review.judge(
        puzzle.decision(), action)`` gives a player's answer its loss and mark."""
        from .review import Decision

        hand = self.position()
        return Decision(self.step, len(hand.trick_history) + 1, hand.to_act, self.answer, dict(self.values),
                        self.answer, 0.0, "best", self.reason, dict(self.reason_params), worlds=self.worlds)

    def to_json(self) -> dict:
        """The puzzle as the collection stores it."""
        return {"id": self.id, "record": self.packed, "step": self.step,
                "values": {a: round(v, 4) for a, v in sorted(self.values.items())}, "answer": self.answer,
                "exact": self.exact, "worlds": self.worlds, "themes": list(self.themes),
                "difficulty": self.difficulty, "reason": self.reason, "reason_params": dict(self.reason_params)}

    def summary(self) -> dict:
        """What ``python -m bummerl puzzles`` lists of it."""
        return {"id": self.id, "preset": self.preset, "themes": list(self.themes), "difficulty": self.difficulty}


def check(puzzle: Puzzle, margin: float, where: str | None = None) -> None:
    """The answer is legal at the puzzle's step, the values cover exactly the legal
    actions, and the answer beats every other action by at least ``margin``; else a
    ``NotationError`` saying what is wrong (at ``where``, the puzzle's id by default)."""
    where = where or f"puzzle {puzzle.id}"
    try:
        from_record(puzzle.record)  # the whole hand replays (the page shows it after the answer)
    except (NotationError, IllegalAction) as error:
        raise NotationError(f"the record does not replay: {error}", f"{where}.record") from None
    hand = puzzle.position()
    if hand.over:
        raise NotationError(f"the hand is over at step {puzzle.step}", f"{where}.step")
    legal = set(hand.legal())
    if puzzle.answer not in legal:
        raise NotationError(f"{show(puzzle.answer)} is not legal at step {puzzle.step}", f"{where}.answer")
    missing = sorted(legal - set(puzzle.values))
    if missing:
        raise NotationError(f"expected every legal action, missing {', '.join(missing)}", f"{where}.values")
    extra = sorted(set(puzzle.values) - legal)
    if extra:
        raise NotationError(f"{', '.join(extra)} not legal at step {puzzle.step}", f"{where}.values")
    if len(legal) < 2:
        raise NotationError(f"only one legal action at step {puzzle.step}: no question", f"{where}.step")
    best = puzzle.values[puzzle.answer]
    for action, value in sorted(puzzle.values.items()):
        if action != puzzle.answer and best - value < margin - 1e-9:
            raise NotationError(f"the answer beats {action} by {best - value:.4f}, less than the margin {margin:g}",
                                f"{where}.values")


def read_puzzle(obj, where: str) -> Puzzle:
    """One puzzle as ``Puzzle.to_json`` writes it, read strictly (not yet ``check``ed)."""
    from .bots.hints import HintReason

    expect_object(obj, where, _KEYS)
    id_ = obj["id"]
    if not isinstance(id_, str) or not _ID.fullmatch(id_) or id_.isdigit():
        raise NotationError(f"expected 6 characters a-z 0-9 with a letter, got {show(id_)}", f"{where}.id")
    packed = expect_str(obj["record"], f"{where}.record", PACKED_MAX)
    try:
        record = decode_record(packed)
    except NotationError as error:
        raise NotationError(str(error), f"{where}.record") from None
    if record["rules"] not in PRESETS:
        raise NotationError(f"expected the rules of a preset ({', '.join(PRESETS)}), got {show(record['rules'])}",
                            f"{where}.record")
    step = expect_int(obj["step"], f"{where}.step", 0, len(record["actions"]))
    values = {}
    for action, value in expect_object(obj["values"], f"{where}.values", optional=None).items():
        values[_action(action, f"{where}.values")] = expect_number(value, f"{where}.values[{action}]", -MAX_VALUE,
                                                                   MAX_VALUE)
    answer = _action(obj["answer"], f"{where}.answer")
    exact = expect_bool(obj["exact"], f"{where}.exact")
    worlds = expect_int(obj["worlds"], f"{where}.worlds", 0, 0) if exact else expect_int(
        obj["worlds"], f"{where}.worlds", 1, MAX_WORLDS)
    themes = expect_list(obj["themes"], f"{where}.themes", 1, len(THEMES))
    for i, theme in enumerate(themes):
        if theme not in THEMES:
            raise NotationError(f"expected one of {', '.join(THEMES)}, got {show(theme)}", f"{where}.themes[{i}]")
    if themes != sorted(set(themes), key=THEMES.index):
        raise NotationError(f"expected distinct themes in the order {', '.join(THEMES)}", f"{where}.themes")
    difficulty = obj["difficulty"]
    if difficulty not in DIFFICULTIES:
        raise NotationError(f"expected one of {', '.join(DIFFICULTIES)}, got {show(difficulty)}",
                            f"{where}.difficulty")
    reason = obj["reason"]
    if reason not in {r.value for r in HintReason}:
        raise NotationError(f"not a reason: {show(reason)}", f"{where}.reason")
    params = expect_object(obj["reason_params"], f"{where}.reason_params", optional=None)
    for name, value in params.items():
        if not (isinstance(value, str) and len(value) <= 20 or is_number(value)):
            raise NotationError(f"expected a short text or a number, got {show(value)}",
                                f"{where}.reason_params.{name}")
    return Puzzle(id_, packed, record, step, values, answer, exact, worlds, tuple(themes), difficulty, reason,
                  dict(params))


def _action(text, where: str) -> str:
    """An action in record notation, exactly as ``cards.action_str`` writes it."""
    expect_str(text, where, 12)
    action = Action.parse(text, where)
    if action != text:
        raise NotationError(f"expected {show(str(action))}, got {show(text)}", where)
    return action


def read_collection(doc, where: str = "puzzles") -> list[Puzzle]:
    """The puzzles of a parsed collection (``{"format", "made_by", "margin", "puzzles"}``),
    each read strictly and ``check``ed by the collection's margin; duplicate ids rejected.
    Anything else raises a ``NotationError`` naming the field (``puzzles[3].values``)."""
    expect_object(doc, "collection", ("format", "made_by", "margin", "puzzles"))
    expect_int(doc["format"], "format", FORMAT, FORMAT)
    expect_str(doc["made_by"], "made_by", 400)
    margin = expect_number(doc["margin"], "margin", 0.01, 2 * MAX_VALUE)
    puzzles, seen = [], {}
    for i, obj in enumerate(expect_list(doc["puzzles"], where, 0, MAX_PUZZLES)):
        puzzle = read_puzzle(obj, f"{where}[{i}]")
        if puzzle.id in seen:
            raise NotationError(f"duplicate id {show(puzzle.id)} (also {where}[{seen[puzzle.id]}])",
                                f"{where}[{i}].id")
        seen[puzzle.id] = i
        check(puzzle, margin, f"{where}[{i}]")
        puzzles.append(puzzle)
    return puzzles


def load_collection(text: str, where: str = "puzzles") -> list[Puzzle]:
    """``read_collection`` of JSON text (the strict parser's limits: ``jsondoc.loads``)."""
    from .jsondoc import loads

    return read_collection(loads(text), where)
