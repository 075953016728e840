"""The review of a recorded hand: where the points went, decision by decision.

For every decision of the reviewed seat (each lead, follow, exchange, marriage, close and
claim) every legal action is valued by Hard **from that seat's view at that moment** (only
what the player could know: the view the bot gets), with a random source fixed by the
record and the step, so the same record always gives the same review (``--seed`` draws
another sample). Values are expected game points for the hand (+3 .. -3) for the reviewed
seat: means over worlds, the hidden cards guessed. Hard's quick answers (the trump
exchange, a due claim, a single action) are searched too.

A mark must not hang on the guess. The search (``Plan``) goes to a depth set by the
position and adds worlds while the mark of the action played is unsettled: while the
interval of its loss (``Verdict``: two standard errors of the per-world differences
between the actions, the same worlds valuing each) straddles a mark's bound: up to 2,048
worlds while an error mark is at stake, 192 while only best against good is, every world
where there are no more. Measured with ``python -m bummerl_lab.verdicts``
(docs/players.md).

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
>>> result = review(hand.to_record(), seat=1, plan=QUICK_PLAN, exact_nodes=20_000)
>>> result.decisions[0].step, result.decisions[0].mark in MARK_NAMES
(0, True)
"""

import random
from dataclasses import asdict, dataclass, replace

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
EXACT_NODES = 3_000_000  # the exact solver's budget per position of the graph
# Of the review's values: a review kept by a page is reused only by the same version.
# 2: the search tries the likeliest best moves first (the same node budget searches further).
# 3: a depth set by the position and worlds added until the mark is settled (``Plan``).
# 4: only the actions a mark hangs on searched in the worlds added to settle it; the
# reasons from what the search saw.
# 5: more worlds where an error mark is at stake, fewer where only best against good is.
VERSION = 5


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
    low: float = 0.0  # the loss's interval over the worlds searched (``Verdict``)
    high: float = 0.0
    worlds: int = 0  # how many worlds were searched (0: not said, a review of an older version)

    def to_json(self) -> dict:
        return {**asdict(self), "values": {a: round(v, 4) for a, v in self.values.items()},
                "loss": round(self.loss, 4), "low": round(self.low, 4), "high": round(self.high, 4)}

    @classmethod
    def from_json(cls, obj, where: str) -> "Decision":
        """A decision as ``to_json`` wrote it, read strictly (``NotationError`` naming
        ``where`` and the field for anything else)."""
        expect_object(obj, where, _DECISION_KEYS[:-3], _DECISION_KEYS[-3:])
        step = expect_int(obj["step"], f"{where}.step", 0, MAX_ACTIONS)
        trick = expect_int(obj["trick"], f"{where}.trick", 1, 10)
        seat = expect_int(obj["seat"], f"{where}.seat", 0, 1)
        values = {read_action(a, f"{where}.values"): expect_number(v, f"{where}.values[{a}]", -MAX_VALUE, MAX_VALUE)
                  for a, v in expect_object(obj["values"], f"{where}.values", optional=None).items()}
        if not values:
            raise NotationError("no action valued", f"{where}.values")
        played, best = (read_action(obj[key], f"{where}.{key}") for key in ("played", "best"))
        for key, action in (("played", played), ("best", best)):
            if action not in values:
                raise NotationError(f"{show(action)} is not among the valued actions", f"{where}.{key}")
        loss = expect_number(obj["loss"], f"{where}.loss", 0, 2 * MAX_VALUE)
        mark_ = obj["mark"]
        if mark_ not in MARK_NAMES:
            raise NotationError(f"expected one of {', '.join(MARK_NAMES)}, got {show(mark_)}", f"{where}.mark")
        reason, params = read_reason(obj, where)
        changed = expect_bool(obj["board_changed"], f"{where}.board_changed")
        low, high = (expect_number(obj.get(key, loss), f"{where}.{key}", 0, 2 * MAX_VALUE) for key in ("low", "high"))
        if not low <= loss <= high:
            raise NotationError(f"the loss {show(loss)} is not within {show(low)} .. {show(high)}", f"{where}.loss")
        worlds = expect_int(obj.get("worlds", 0), f"{where}.worlds", 0, 100_000)
        return cls(step, trick, seat, played, values, best, loss, mark_, reason, params, changed, low, high, worlds)


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


def read_reason(obj: dict, where: str) -> tuple[str, dict]:
    """The ``reason`` (a ``HintReason`` value) and ``reason_params`` (short texts and
    numbers) of ``obj``, a decision or a puzzle, read strictly."""
    from .bots.hints import HintReason

    reason = obj["reason"]
    if reason not in {r.value for r in HintReason}:
        raise NotationError(f"not a reason: {show(reason)}", f"{where}.reason")
    params = expect_object(obj["reason_params"], f"{where}.reason_params", optional=None)
    for name, value in params.items():
        if not (isinstance(value, str) and len(value) <= 20 or is_number(value)):
            raise NotationError(f"expected a short text or a number, got {show(value)}",
                                f"{where}.reason_params.{name}")
    return reason, dict(params)


def read_action(text, where: str) -> str:
    """An action in record notation, exactly as ``action_str`` writes it."""
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


EXACT_SLICE = 20_000  # solver nodes per go at an exact value (its table is kept between goes)


@dataclass(frozen=True)
class Plan:
    """How a review looks at a decision. Hard's search from the seat's view, with every
    legal action searched in each world, to a depth set by the position (not by a node
    budget, so that slicing the work changes nothing and throws nothing away): ``tricks``
    tricks counted from the one in play while the talon has that many phase-1 tricks
    left, to the end of the hand from there on. The worlds come ``batch`` at a time; a
    batch is added while the decision's mark is not settled (``settled``) and fewer than
    ``most_worlds`` are searched where an error mark is at stake, ``most_worlds_good``
    where only best against good is (``enough``); where the view allows no more distinct
    worlds than ``most_worlds``, they are all searched (no sample: exact)."""

    tricks: tuple = ((5, 2), (4, 2), (3, 2))  # (phase-1 tricks left, tricks searched)
    batch: int = 24
    most_worlds: int = 2048
    # Telling best from good takes fewer: most of what flips an error mark is a loss near
    # the inaccuracy's bound, and the worlds go there.
    most_worlds_good: int = 192
    least_worlds: int = 48  # a mark is never settled on fewer (a close's few lost worlds may not show yet)
    z: float = 2.0  # a mark is settled when the loss's interval of z standard errors is in its band

    def enough(self, found: "Verdict") -> bool:
        """Whether the worlds ``found`` was read from are as many as its mark may take: the
        mark settled, or no more worlds for what is still at stake."""
        if found.settled:
            return True
        most = self.most_worlds if mark(found.high) in ERRORS else self.most_worlds_good
        return found.worlds >= most

    def depth(self, view) -> int:
        """The search's ``max_depth`` for ``view``: tricks after the one in play."""
        from .bots.hard import _tricks_to_exhaust
        from .bots.solver import EXACT

        tricks = dict(self.tricks).get(_tricks_to_exhaust(view))
        return EXACT if tricks is None else tricks - (view.trick is not None)


PLAN = Plan()
QUICK_PLAN = Plan(tricks=((5, 1), (4, 1), (3, 1), (2, 1)), batch=6, most_worlds=12)  # tests, smoke runs


@dataclass(frozen=True)
class Verdict:
    """What the worlds searched say of one action against the others: its loss against
    the best (the difference of the means, >= 0), and the loss's interval of ``z``
    standard errors of the per-world differences (the largest over the other actions of
    the lower and of the upper ends: zero width where every world is searched)."""
    loss: float
    low: float
    high: float
    worlds: int
    every_world: bool

    @property
    def settled(self) -> bool:
        return mark(self.low) == mark(self.high)


def verdict(rows: list, played, z: float, every_world: bool = False) -> Verdict:
    """The ``Verdict`` of ``played`` from ``rows``, each world's (weight, {action: game
    points}) (``hard.Search.world_values``)."""
    from .bots.hard import paired_gap

    loss, low, high = 0.0, 0.0, 0.0
    for action in rows[0][1]:
        if action != played:
            mean, error = paired_gap(rows, action, played)
            error = 0.0 if every_world or not error else z * error
            loss, low, high = max(loss, mean), max(low, mean - error), max(high, mean + error)
    return Verdict(loss, low, high, len(rows), every_world)


def deciding(rows: list, played, z: float, found: Verdict) -> set:
    """The actions that can still decide ``played``'s verdict ``found`` over ``rows``:
    itself and every action whose difference from it may reach the loss's lower end
    (the upper end of its own interval does). The others are not searched in the worlds
    added after (``hard.Search.narrow``): most of a long review's worlds go to the two or
    three actions its mark hangs on."""
    from .bots.hard import paired_gap

    keep = {played}
    for action in rows[0][1]:
        if action != played:
            mean, error = paired_gap(rows, action, played)
            if mean + z * error >= found.low - 1e-9:
                keep.add(action)
    return keep


def _search(view, seed: str, plan: Plan, played=None):
    """Hard's search of ``view`` for a review by ``plan``, not yet run: batches of worlds
    are added while the mark of ``played`` (an action int; None: of no action in
    particular, ``least_worlds`` only) is unsettled."""
    from .bots import hard

    def more(search) -> bool:
        if len(search.worlds) >= plan.most_worlds:
            return False
        if len(search.worlds) < plan.least_worlds:
            return True
        if played is None:
            return False
        rows = search.world_values()
        found = verdict(rows, played, plan.z)
        if plan.enough(found):
            return False
        search.narrow(deciding(rows, played, plan.z, found))
        return True

    config = replace(hard.HARD, worlds=plan.batch, enumerate=max(hard.HARD.enumerate, plan.most_worlds))
    return hard.Search(view, random.Random(seed), nodes=None, max_depth=plan.depth(view), every_action=True,
                       config=config, more=more)


def _values(search, played=None, plan: Plan = PLAN) -> tuple:
    """(every action's expected game points, its value for the Bummerl or None without a
    board, in how many worlds a close wins or None, the played action's ``Verdict`` or
    None, an action the worlds cannot tell from the best (``hard.Search.rival``: the played
    one first) or None, what the search saw (``bots.seen.Seen``: the reason's worlds)): one
    search gives them all, from the same worlds. The game points are the plain means over
    the worlds (their differences are the per-world differences' means; ``_points``)."""
    from .bots.seen import Seen

    rows = search.world_values()
    points = _points(rows, played)
    bummerl = {action_str(a): v for a, v in search.means.items()} if search.for_bummerl else None
    found = None if played is None else verdict(rows, played, plan.z, search.every_world)
    best = parse_action(_best(points, max(points, key=points.get) if played is None else action_str(played)))
    within = found is not None and found.low <= 0  # the played action is within noise of every other
    near = search.rival(best, played if within else None)
    return (points, bummerl, search.close_odds(), found, near and (action_str(near[0]), near[1]),
            Seen.of(search, rows))


def _points(rows: list, played=None) -> dict:
    """{action: its mean game points over ``rows``}. An action not searched in every world
    (``deciding``) is valued by its difference from the played action over the worlds
    that value both, added to the played action's mean: the same worlds on both sides of
    every comparison (where every world values it, that is its plain mean)."""
    from .bots.hard import paired_gap

    total = sum(w for w, _ in rows)
    mean = {a: sum(w * values[a] for w, values in rows) / total
            for a in rows[0][1] if all(a in values for _, values in rows)}
    for a in rows[0][1]:
        if a not in mean:
            mean[a] = mean[played] + paired_gap(rows, a, played)[0]
    return {action_str(a): mean[a] for a in rows[0][1]}


def evaluate(view, seed: str, plan: Plan = PLAN, for_bummerl: bool = False, played=None) -> dict:
    """Hard's value of every legal action of ``view``'s seat (which must be to act), in
    expected game points (with ``for_bummerl``, and a board in the view, in Bummerl value);
    with ``played`` (in record notation), searched until that action's mark is settled."""
    points, bummerl, *_ = _evaluate(view, seed, plan, played)
    return bummerl if for_bummerl and bummerl is not None else points


def _evaluate(view, seed: str, plan: Plan, played=None) -> tuple:
    code = None if played is None else parse_action(played)
    search = _search(view, seed, plan, code)
    search.step()
    return _values(search, code, plan)


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
              close_odds: tuple | None = None, found: Verdict | None = None,
              near: tuple | None = None, seen=None) -> Decision:
    from .bots.hints import explain

    view = hand.view(hand.to_act)
    if played is None:  # a position asked after the record's last action: nothing was played
        played = max(values, key=values.get)
    best = _best(values, played)
    changed = for_bummerl is not None and _best(for_bummerl, played) != best
    reason, params = explain(view, best, close_odds, near, seen=seen)
    loss = max(values[best] - values[played], 0.0)
    low, high, worlds = (loss, loss, 0) if found is None else (min(found.low, loss), max(found.high, loss), found.worlds)
    return Decision(step, len(view.trick_history) + 1, hand.to_act, str(played), values, best, loss,
                    mark(loss), reason.value, params, changed, low, high, worlds)


def review_seed(step: int, played, seed=None) -> str:
    """The random source of the review of decision ``step``: fixed by the record (the step
    and the action), or by ``seed`` too, for another independent sample of the worlds."""
    return f"review:{step}:{played}" if seed is None else f"review:{seed}:{step}:{played}"


def review_decision(hand, step: int, played: str, plan: Plan = PLAN, board: tuple | None = None,
                    seed=None) -> Decision:
    """The review of the decision ``played`` by the seat to act in ``hand`` (step ``step``
    of its record): read from that seat's view only."""
    view = hand.view(hand.to_act, board)
    return _decision(hand, step, played, *_evaluate(view, review_seed(step, played, seed), plan, str(played)))


class Reviewer:
    """A review done in slices, for a page that must answer clicks meanwhile: call
    ``step(max_seconds)`` until it returns True, then ``result()``. ``progress`` says how
    many decisions are reviewed; ``partial()`` is the review so far (its graph fills in as
    exact values come). The same searches and seeds as ``review``, so the same figures."""

    def __init__(self, record, seat: int = 0, plan: Plan = PLAN, exact_nodes: int = EXACT_NODES,
                 board: tuple | None = None, steps=None, seed=None):
        final = from_record(record)
        hand = from_record({**record, "actions": []})
        self.record, self.steps = record, steps
        self.seat, self.plan, self.exact_nodes, self.board, self.seed = seat, plan, exact_nodes, board, seed
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

    def continued(self, record, board: tuple | None = None) -> "Reviewer":
        """The review of ``record``, taking over what this one has done: ``record`` is the
        same deal, played on (the hand in play reviewed as it goes) or taken back and played
        otherwise. What the actions the two share decide (the decisions before the first
        action that differs, the graph's values up to it, a search or an exact value under
        way there) is not worked out again, and comes out the same. Only a review of one
        seat's decisions (no ``include_other``, no ``steps``); else, or with another
        ``board``, a new one."""
        new = Reviewer(record, self.seat, self.plan, self.exact_nodes, board, seed=self.seed)
        if (self.with_other or self.steps is not None or board != self.board
                or {**record, "actions": None} != {**self.record, "actions": None}):
            return new
        old_actions, new_actions = list(self.record.get("actions", [])), list(record.get("actions", []))
        same = next((i for i, (a, b) in enumerate(zip(old_actions, new_actions)) if a != b),
                    min(len(old_actions), len(new_actions)))  # the actions both records share
        for decision, (_, step, _) in zip(self.decisions, new.todo):
            if decision.step != step or step >= same:
                break
            new.decisions.append(decision)
        done = len(new.decisions)
        if (self._search is not None and done == len(self.decisions) < len(new.todo)
                and new.todo[done][1] == self.todo[done][1] < same):
            new._search = self._search  # the same decision: its worlds so far count
        for value, (_, step, _), (_, old_step, _) in zip(self.exact, new.points, self.points):
            if step != old_step or step > same:
                break
            new.exact.append(value)
        solved = len(new.exact)
        if (solved == len(self.exact) < min(len(self.points), len(new.points))
                and new.points[solved][1] == self.points[solved][1] <= same):
            new._table, new._spent = self._table, self._spent  # the exact value under way
        return new

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
                if self._search is not None and self._search.done and max_seconds < float("inf"):
                    return False  # a finished search's values and reason take a go of their own
            else:
                self._solve(end)
        return True

    def _decide(self, seconds: float) -> None:
        """Go on with the next decision for about ``seconds``: a slice's end cuts the
        search, the next slice goes on from there (nothing is searched again)."""
        hand, step, played = self.todo[len(self.decisions)]
        code = None if played is None else parse_action(str(played))
        if self._search is None:
            view = hand.view(hand.to_act, self.board)
            self._search = _search(view, review_seed(step, played, self.seed), self.plan, code)
        if not self._search.done:
            self._search.step(seconds)
            return  # the decision is written at the start of a go of its own (``step``)
        found, self._search = _values(self._search, code, self.plan), None
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


def review(record, seat: int = 0, plan: Plan = PLAN, exact_nodes: int = EXACT_NODES,
           board: tuple | None = None, with_other: bool = False, seed=None) -> Review:
    """The review of ``seat``'s decisions in the hand of ``record`` (see the module's note),
    and of the other seat's with ``with_other`` (each from its own view). With the match
    ``board`` (each seat's points to go) a decision also says whether playing for the
    Bummerl made another action best."""
    reviewer = Reviewer(record, seat, plan, exact_nodes, board, seed=seed)
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
