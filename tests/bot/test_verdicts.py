"""The review's verdicts do not hang on the sample of hidden cards (``review.verdict``,
``review.Plan``; the full measurement is ``python -m bummerl_lab.verdicts``, docs/players.md)."""
import random

import pytest

from bummerl import SOFT, deal
from bummerl.bots.solver import action_values
from bummerl.bots.world import WorldBuilder
from bummerl.cards import action_str
from bummerl.review import PLAN, review_decision, verdict
from bummerl_lab import verdicts

SEEDS = range(5)


def test_actions_worth_the_same_in_every_world_are_about_equal():
    rows = [(1, {1: v, 2: v, 3: v - 1.0}) for v in (-3, -1, 0.5, 2, 3)]
    found = verdict(rows, 2, PLAN.z)
    assert found.loss == found.low == found.high == 0 and found.settled


def test_a_loss_whose_worlds_disagree_is_not_settled_until_they_are_many():
    rows = [(1, {1: 0.0, 2: 1.5 if i % 2 else -0.5}) for i in range(24)]  # 0.5 lost on average, spread 1
    few = verdict(rows, 1, PLAN.z)
    assert few.loss == pytest.approx(0.5) and few.low < 0.25 < few.high and not few.settled
    many = verdict(rows * 32, 1, PLAN.z)
    assert many.low > 0.4 and many.high < 0.6  # a mistake, and surely so


def last_phase_one_trick(seed: int):
    """A position on the last phase-1 trick (the talon's last card and the trump card to
    draw), the seat to lead with a choice: the worlds are few and the review sees them all."""
    rng = random.Random(seed)
    while True:
        hand = deal(SOFT, rng.randrange(2), rng)
        while not hand.over and hand.closed_by < 0:
            if hand.drawn == 8 and hand.lead < 0 and len(hand.legal()) > 2:
                return hand
            hand = hand.apply(rng.choice([a for a in hand.legal() if str(a) != "close"] or hand.legal()))


def expected_values(hand) -> dict:
    """Every action's mean over every world the seat's view allows, each solved exactly."""
    view = hand.view(hand.to_act)
    builder = WorldBuilder(view)
    guesses = builder.every_hidden(random.Random(0))
    totals = {}
    for guess in guesses:
        for action, value in action_values(builder.world(*guess), view.seat).items():
            totals[action_str(action)] = totals.get(action_str(action), 0) + value
    return {action: total / len(guesses) for action, total in totals.items()}


def test_where_the_worlds_are_few_a_blunder_is_one_under_every_sample():
    for seed in range(100):
        hand = last_phase_one_trick(seed)
        exact = expected_values(hand)
        if max(exact.values()) - min(exact.values()) >= 1.2:
            break
    worst = min(exact, key=exact.get)
    for sample in SEEDS:
        decision = review_decision(hand, len(hand.history), worst, seed=sample)
        assert decision.values == {a: pytest.approx(v) for a, v in exact.items()}
        assert decision.mark == "blunder" and decision.low == decision.high == decision.loss


def test_the_marks_hold_over_independent_samples():
    """40 decisions of Medium against Hard, 3 samples each: the floors are set below the
    figures of the full measurement (docs/players.md), with room for a small sample."""
    figures = verdicts.run("medium", SOFT, 40, 3, seed=3)["figures"]
    assert figures["mark_differs"] <= 0.15
    assert figures["error_kept"] >= 0.75


def test_the_lab_reviews_by_another_plan_when_asked():
    plan = verdicts.plan_with(["tricks=3,3,2", "z=2.5", "most_worlds=384", "most_worlds_good=96"])
    assert plan.tricks == ((5, 3), (4, 3), (3, 2)) and plan.z == 2.5 and plan.most_worlds == 384
    assert plan.most_worlds_good == 96
    with pytest.raises(SystemExit, match="not a plan value"):
        verdicts.plan_with(["nodes=5"])
