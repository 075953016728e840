"""The review of a recorded hand: where the points went, decision by decision.

For every decision of the reviewed seat (each lead, follow, exchange, marriage, close and
claim) every legal action is valued by Hard **from that seat's view at that moment** (only
what the player could know: the view the bot gets), searched at a fixed node budget with
a random source fixed by the record and the step, so the same record always gives the
same review. Values are expected game points for the hand (+3 .. -3) for the reviewed seat.
Hard's quick answers (the trump exchange, a due claim, a single action) are searched too.

Each decision is marked by what it lost against the best action (``MARKS``), and the best
action gets the reason the Hint gives for it (``bots.hints.explain``). The graph follows
the seat's expected game points from its own view at its first decision after each trick,
and beside it the value with all cards known (the exact solver on the whole hand: the hand
is over, nothing is secret any more; ``None`` where the solver's budget ran out).

>>> import random
>>> from bummerl import deal, SOFT
>>> hand = deal(SOFT, 0, random.Random(3))
>>> while not hand.over:
...     hand = hand.apply(hand.legal()[0])
>>> result = review(hand.to_record(), seat=1, nodes=2_000, exact_nodes=20_000)
>>> result.decisions[0].step, result.decisions[0].mark in MARK_NAMES
(0, True)
"""

import random
from dataclasses import asdict, dataclass

from .cards import action_str, parse_action
from .errors import NotationError
from .jsondoc import (
    expect_bool, expect_int, expect_list, expect_number, expect_object, expect_str, is_number, show,
)
from .record import MAX_ACTIONS, from_record

# (least loss in game points, mark): a decision is marked by the first whose loss it reaches.
MARKS = ((1.0, "blunder"), (0.5, "mistake"), (0.25, "inaccuracy"), (0.1, "good"))
MARK_NAMES = ("best", "good", "inaccuracy", "mistake", "blunder")
ERRORS = ("inaccuracy", "mistake", "blunder")
NODES = 60_000  # Hard's search nodes per decision in a review (as in play, ``hard.NODES``)
EXACT_NODES = 3_000_000  # the exact solver's budget per position of the graph
# Of the review's values: a review kept by a page is reused only by the same version.
# 2: the search tries the likeliest best moves first (the same node budget searches further).
VERSION = 2


def mark(loss: float) -> str:
    """The mark of a decision that lost ``loss`` game points against the best one."""
    return next((name for least, name in MARKS if loss >= least), "best")


@dataclass(frozen=True)
class Decision:
    step: int  # the index of the action in the record
    trick: int  # the trick it belongs to (1 = the first)
    seat: int
    played: str  # the action taken, in record notation
    values: dict  # every legal action -> expected game points for the seat
    best: str  # the action with the highest value (the played one on a tie)
    loss: float  # values[best] - values[played], >= 0
    mark: str  # one of MARK_NAMES
    reason: str  # the HintReason key for the best action
    reason_params: dict  # its parameters (cards as codes)
    board_changed: bool = False  # with the match board the best choice differs

    def to_json(self) -> dict:
        return {**asdict(self), "values": {a: round(v, 4) for a, v in self.values.items()},
                "loss": round(self.loss, 4)}

    @classmethod
    def from_json(cls, obj, where: str) -> "Decision":
        """A decision as ``to_json`` wrote it, read strictly (``NotationError`` naming
        ``where`` and the field for anything else)."""
        from .bots.hints import HintReason

        expect_object(obj, where, _DECISION_KEYS)
        step = expect_int(obj["step"], f"{where}.step", 0, MAX_ACTIONS)
        trick = expect_int(obj["trick"], f"{where}.trick", 1, 10)
        seat = expect_int(obj["seat"], f"{where}.seat", 0, 1)
        values = {_action(a, f"{where}.values"): expect_number(v, f"{where}.values[{a}]", -MAX_VALUE, MAX_VALUE)
                  for a, v in expect_object(obj["values"], f"{where}.values", optional=None).items()}
        if not values:
            raise NotationError("no action valued", f"{where}.values")
        played, best = (_action(obj[key], f"{where}.{key}") for key in ("played", "best"))
        for key, action in (("played", played), ("best", best)):
            if action not in values:
                raise NotationError(f"{show(action)} is not among the valued actions", f"{where}.{key}")
        loss = expect_number(obj["loss"], f"{where}.loss", 0, 2 * MAX_VALUE)
        mark_ = obj["mark"]
        if mark_ not in MARK_NAMES:
            raise NotationError(f"expected one of {', '.join(MARK_NAMES)}, got {show(mark_)}", f"{where}.mark")
        reason = obj["reason"]
        if reason not in {r.value for r in HintReason}:
            raise NotationError(f"not a reason: {show(reason)}", f"{where}.reason")
        params = expect_object(obj["reason_params"], f"{where}.reason_params", optional=None)
        for name, value in params.items():
            if not (isinstance(value, str) and len(value) <= 20 or is_number(value)):
                raise NotationError(f"expected a short text or a number, got {show(value)}",
                                    f"{where}.reason_params.{name}")
        changed = expect_bool(obj["board_changed"], f"{where}.board_changed")
        return cls(step, trick, seat, played, values, best, loss, mark_, reason, params, changed)


@dataclass(frozen=True)
class GraphPoint:
    trick: int  # tricks finished so far
    step: int  # the seat's decision the value is taken at
    value: float  # the seat's expected game points from its own view
    exact: float | None  # with all cards known (None: the solver's budget ran out)


    @classmethod
    def from_json(cls, obj, where: str) -> "GraphPoint":
        expect_object(obj, where, ("trick", "step", "value", "exact"))
        exact = obj["exact"]
        return cls(expect_int(obj["trick"], f"{where}.trick", 0, 10),
                   expect_int(obj["step"], f"{where}.step", 0, MAX_ACTIONS),
                   expect_number(obj["value"], f"{where}.value", -MAX_VALUE, MAX_VALUE),
                   None if exact is None else expect_number(exact, f"{where}.exact", -MAX_VALUE, MAX_VALUE))


@dataclass(frozen=True)
class Review:
    """The decisions reviewed (of ``seat``, and of the other seat when asked for: each
    decision names its seat) and ``seat``'s graph."""
    seat: int
    decisions: list
    graph: list

    def of(self, seat: int | None = None) -> list:
        """The decisions of ``seat`` (the reviewed seat by default)."""
        seat = self.seat if seat is None else seat
        return [d for d in self.decisions if d.seat == seat]

    def errors(self, seat: int | None = None) -> list:
        return [d for d in self.of(seat) if d.mark in ERRORS]

    def summary(self, seat: int | None = None) -> dict:
        """The marks of ``seat``'s decisions and the game points its errors lost (the sum of
        the losses as ``to_json`` writes them, so that a review read back sums the same)."""
        decisions = self.of(seat)
        counts = {name: sum(d.mark == name for d in decisions) for name in MARK_NAMES}
        return {"decisions": len(decisions), "marks": counts,
                "lost": round(sum(round(d.loss, 4) for d in self.errors(seat)), 4)}

    def to_json(self) -> dict:
        return {"seat": self.seat, "decisions": [d.to_json() for d in self.decisions],
                "graph": [{**asdict(p), "value": round(p.value, 4)} for p in self.graph],
                "summary": self.summary()}

    @classmethod
    def from_json(cls, obj, where: str = "review") -> "Review":
        """A review as ``to_json`` wrote it (its summary is worked out again, not read)."""
        expect_object(obj, where, ("seat", "decisions", "graph"), ("summary",))
        decisions = [Decision.from_json(d, f"{where}.decisions[{i}]")
                     for i, d in enumerate(expect_list(obj["decisions"], f"{where}.decisions", 0, MAX_ACTIONS))]
        graph = [GraphPoint.from_json(p, f"{where}.graph[{i}]")
                 for i, p in enumerate(expect_list(obj["graph"], f"{where}.graph", 0, 12))]
        return cls(expect_int(obj["seat"], f"{where}.seat", 0, 1), decisions, graph)


_DECISION_KEYS = tuple(Decision.__dataclass_fields__)
MAX_VALUE = 3.5  # game points: a hand is worth 3 at most (a search's estimate is clamped there)


def _action(text, where: str) -> str:
    """An action in record notation, as ``action_str`` writes it."""
    expect_str(text, where, 12)
    action = action_str(parse_action(text, where))
    if action != text:
        raise NotationError(f"expected {show(action)}, got {show(text)}", where)
    return action


def judge(decision: Decision, answer: str) -> tuple[float, str]:
    """What ``answer`` (one of the decision's valued actions) lost against the best action,
    and its mark: a puzzle's verdict, by the same values as the review."""
    loss = max(max(decision.values.values()) - decision.values[answer], 0.0)
    return loss, mark(loss)


BUDGETS = (1, 4, 16, None)  # a decision's node budget, raised where one iteration does not finish
EXACT_SLICE = 20_000  # solver nodes per go at an exact value (its table is kept between goes)


def _values(search) -> tuple[dict, dict | None, tuple | None]:
    """(every action's expected game points, its value for the Bummerl or None without a
    board, in how many worlds a close wins or None): one search gives them all, from the
    same worlds (``hard.Search.point_means``, ``close_odds``)."""
    points = {action_str(a): v for a, v in search.point_means.items()}
    bummerl = {action_str(a): v for a, v in search.means.items()} if search.for_bummerl else None
    return points, bummerl, search.close_odds()


def evaluate(view, seed: str, nodes: int = NODES, for_bummerl: bool = False) -> dict:
    """Hard's value of every legal action of ``view``'s seat (which must be to act), in
    expected game points (with ``for_bummerl``, and a board in the view, in Bummerl value)."""
    points, bummerl, _ = _evaluate(view, seed, nodes)
    return bummerl if for_bummerl and bummerl is not None else points


def _evaluate(view, seed: str, nodes: int) -> tuple:
    """``_values`` of Hard's search of ``view``. Where ``nodes`` do not finish one search
    of every action (a close searched to the end late in phase 1 can take more), the
    budget is raised fourfold, twice at most: a review needs every value."""
    from .bots import hard

    for factor in BUDGETS:
        search = hard.Search(view, random.Random(seed), nodes=factor and factor * nodes, every_action=True)
        search.step()
        if search.means is not None:
            return _values(search)
    raise AssertionError("an unbounded search ends with every value")


def _best(values: dict, played: str) -> str:
    top = max(values.values())
    return played if values[played] >= top - 1e-9 else max(values, key=values.get)


def exact_value(hand, seat: int, nodes: int = EXACT_NODES) -> float | None:
    """The game points ``seat`` makes from ``hand`` with all cards known (the solver), None
    when ``nodes`` do not suffice."""
    from .bots.solver import Budget, OutOfBudget, outcome_value, search

    if hand.outcome is not None:
        return float(outcome_value(hand.outcome, seat))
    try:
        return float(search(hand.copy(), seat, budget=Budget(limit=nodes)))
    except OutOfBudget:
        return None


def _decision(hand, step: int, played: str, values: dict, for_bummerl: dict | None,
              close_odds: tuple | None = None) -> Decision:
    from .bots.hints import explain

    view = hand.view(hand.to_act)
    if played is None:  # a position asked after the record's last action: nothing was played
        played = max(values, key=values.get)
    best = _best(values, played)
    changed = for_bummerl is not None and _best(for_bummerl, played) != best
    reason, params = explain(view, best, close_odds)
    loss = max(values[best] - values[played], 0.0)
    return Decision(step, len(view.trick_history) + 1, hand.to_act, str(played), values, best, loss,
                    mark(loss), reason.value, params, changed)


def review_decision(hand, step: int, played: str, nodes: int = NODES, board: tuple | None = None) -> Decision:
    """The review of the decision ``played`` by the seat to act in ``hand`` (step ``step``
    of its record): read from that seat's view only."""
    seat, seed = hand.to_act, f"review:{step}:{played}"
    return _decision(hand, step, played, *_evaluate(hand.view(seat, board), seed, nodes))


class Reviewer:
    """A review done in slices, for a page that must answer clicks meanwhile: call
    ``step(max_seconds)`` until it returns True, then ``result()``. ``progress`` says how
    many decisions are reviewed; ``partial()`` is the review so far (its graph fills in as
    exact values come). The same searches and seeds as ``review``, so the same figures."""

    def __init__(self, record, seat: int = 0, nodes: int = NODES, exact_nodes: int = EXACT_NODES,
                 board: tuple | None = None, steps=None):
        final = from_record(record)
        hand = from_record({**record, "actions": []})
        self.seat, self.nodes, self.exact_nodes, self.board = seat, nodes, exact_nodes, board
        self.todo = []  # (hand, step, played) of each decision to review, in the order reviewed
        self.others = []  # the same for the other seat's decisions (``include_other``)
        self.points = []  # (tricks, step, hand) where the graph takes a value
        for step, played in enumerate(final.history):
            if steps is not None:  # these decisions only (a puzzle): no graph
                if step in steps and hand.to_act == seat:
                    self.todo.append((hand, step, played))
            elif hand.to_act == seat:
                self.todo.append((hand, step, played))
                tricks = len(hand.trick_history)
                if not self.points or self.points[-1][0] != tricks:
                    self.points.append((tricks, step, hand))
            else:
                self.others.append((hand, step, played))
            hand = hand.apply(played)
        if steps is not None and final.to_act == seat and not final.over and len(final.history) in steps:
            self.todo.append((final, len(final.history), None))  # its decision, valued as if its best were played
        self.end = hand if hand.over and steps is None else None
        self.with_other = False
        self.decisions: list[Decision] = []
        self.exact: list = []  # the exact value of each of ``points`` worked out so far
        self._search = None
        self._budget = 0  # index into BUDGETS
        self._table, self._spent = {}, 0  # the exact search under way

    def include_other(self) -> bool:
        """Review the other seat's decisions too (after the ones asked for so far); True
        when that adds work."""
        if self.with_other:
            return False
        self.with_other = True
        self.todo += self.others
        return bool(self.others)

    def restore(self, review: Review) -> None:
        """Take the decisions and exact values a finished review of the same record (kept
        in storage) already holds, as far as they are this reviewer's work in its order:
        nothing is searched again."""
        if review.seat != self.seat:
            return
        if any(d.seat != self.seat for d in review.decisions):
            self.include_other()
        by_step = {d.step: d for d in review.decisions}
        decisions = []
        for _, step, played in self.todo:
            found = by_step.get(step)
            if found is None or found.played != str(played):
                break
            decisions.append(found)
        self.decisions = decisions
        exact = {p.step: p.exact for p in review.graph}
        self.exact = []
        for _, step, _ in self.points:
            if step not in exact:
                break
            self.exact.append(exact[step])

    @property
    def progress(self) -> tuple[int, int]:
        return len(self.decisions), len(self.todo)

    @property
    def other_progress(self) -> tuple[int, int]:
        """(the other seat's decisions reviewed, of how many) once asked for, else (0, 0)."""
        if not self.with_other:
            return 0, 0
        return sum(d.seat != self.seat for d in self.decisions), len(self.others)

    @property
    def done(self) -> bool:
        return len(self.decisions) == len(self.todo) and len(self.exact) == len(self.points)

    def step(self, max_seconds: float = float("inf")) -> bool:
        from time import perf_counter

        end = perf_counter() + max_seconds
        while not self.done:
            left = end - perf_counter()
            if left <= 0:
                return False
            if len(self.decisions) < len(self.todo):
                self._decide(left)
            else:
                self._solve(end)
        return True

    def _start(self, view, seed: str):
        from .bots import hard

        factor = BUDGETS[self._budget]
        return hard.Search(view, random.Random(seed), nodes=factor and factor * self.nodes, every_action=True)

    def _decide(self, seconds: float) -> None:
        """Go on with the next decision for about ``seconds``."""
        hand, step, played = self.todo[len(self.decisions)]
        if self._search is None:
            self._search = self._start(hand.view(hand.to_act, self.board), f"review:{step}:{played}")
        if not self._search.step(seconds):
            return  # the slice is over
        if self._search.means is None:  # the budget ended the first iteration: a bigger one
            self._budget += 1
            self._search = None
            return
        found, self._search, self._budget = _values(self._search), None, 0
        self.decisions.append(_decision(hand, step, played, *found))

    def _solve(self, end: float) -> None:
        """One go (``EXACT_SLICE`` nodes at most, and not past ``end``) at the next exact
        value of the graph; the solver's table is kept from one go to the next."""
        from .bots.solver import Budget, OutOfBudget, search

        _, _, hand = self.points[len(self.exact)]
        budget = Budget(limit=min(EXACT_SLICE, self.exact_nodes - self._spent), deadline=end)
        try:
            value = float(search(hand.copy(), self.seat, budget=budget, table=self._table))
        except OutOfBudget:
            self._spent += budget.nodes
            if self._spent < self.exact_nodes:
                return
            value = None  # too costly this early in the hand
        self.exact.append(value)
        self._table, self._spent = {}, 0

    def partial(self) -> Review:
        """The review so far: the decisions reviewed, the graph where values are known."""
        by_step = {d.step: d for d in self.decisions}
        graph = [GraphPoint(tricks, step, by_step[step].values[by_step[step].best],
                            self.exact[i] if i < len(self.exact) else None)
                 for i, (tricks, step, _) in enumerate(self.points) if step in by_step]
        if self.end is not None and self.done:
            outcome = self.end.outcome
            value = float(outcome.game_points if outcome.winner == self.seat else -outcome.game_points)
            graph.append(GraphPoint(len(self.end.trick_history), len(self.end.history), value, value))
        return Review(self.seat, list(self.decisions), graph)

    def result(self) -> Review:
        self.step()
        return self.partial()


def review(record, seat: int = 0, nodes: int = NODES, exact_nodes: int = EXACT_NODES,
           board: tuple | None = None, with_other: bool = False) -> Review:
    """The review of ``seat``'s decisions in the hand of ``record`` (see the module's note),
    and of the other seat's with ``with_other`` (each from its own view). With the match
    ``board`` (each seat's points to go) a decision also says whether playing for the
    Bummerl made another action best."""
    reviewer = Reviewer(record, seat, nodes, exact_nodes, board)
    if with_other:
        reviewer.include_other()
    return reviewer.result()


def format_review(result: Review) -> str:
    """The review as a table for a terminal, and the summary line."""
    rows = [f"{'step':>4} {'trick':>5}  {'played':<10} {'best':<10} {'loss':>5}  {'mark':<10} why"]
    from .bots.hints import HintReason

    for d in sorted(result.decisions, key=lambda d: d.step):
        why = HintReason(d.reason).text(d.reason_params)  # what speaks for the best action
        other = "" if d.seat == result.seat else "  (the other seat)"
        rows.append(f"{d.step:>4} {d.trick:>5}  {d.played:<10} {d.best:<10} {d.loss:>5.2f}  {d.mark:<10} {why}"
                    + ("  (the board changes the best choice)" if d.board_changed else "") + other)
    rows.append("graph (tricks: expected game points from the seat's view / with all cards known):")
    rows.append("  " + "  ".join(f"{p.trick}: {p.value:+.2f}/{'?' if p.exact is None else f'{p.exact:+.0f}'}"
                                 for p in result.graph))
    rows.append(summary_line(result))
    return "\n".join(rows)


def summary_line(result: Review) -> str:
    """"3 mistakes, 1.4 game points lost to them" (inaccuracies and blunders counted too)."""
    counts = result.summary()["marks"]
    parts = [f"{counts[name]} {name}{'s' if counts[name] != 1 else ''}" for name in ERRORS if counts[name]]
    if not parts:
        return "No inaccuracy, mistake or blunder."
    return f"{', '.join(parts)}, {result.summary()['lost']:.1f} game points lost to them"
