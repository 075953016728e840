"""The lab's search whose worlds share Hard's next decision (``bummerl_lab.fusion``)."""

import random

import pytest

from bummerl import deal
from bummerl.bots import hard
from bummerl.bots.solver import Budget, value_after
from bummerl.bots.world import WorldBuilder
from bummerl.rules import OPTIONS, SHARP, SOFT, Rules
from bummerl_lab.choices import MERGED, SEARCHES, by_settings, changed, main, run
from bummerl_lab.fusion import Shared, SharedNext


def phase_one_views(rules, rng, hands):
    """Hard's phase-1 views with a choice, Hard playing both seats."""
    for game in range(hands):
        hand = deal(rules, game % 2, rng)
        while hand.outcome is None:
            view = hand.view(hand.to_act)
            if not view.phase2 and len(view.legal) > 1:
                yield view
            with changed({"NODES": 2_000}):
                hand.step(hard.choose(view, rng))


def test_before_sharing_each_world_is_valued_as_the_search_values_it():
    # Played on to Hard's next decision, each next action valued to the same horizon:
    # the best of them is the plain search's value, under every rule option and depth.
    rng = random.Random(11)
    shared = 0
    for game in range(6):
        rules = Rules(**{name: rng.choice(values) for name, values in OPTIONS.items()})
        for view in phase_one_views(rules, rng, 1):
            search = SharedNext(view, rng, nodes=None)  # not stepped: its valuation alone is used
            world = WorldBuilder(view).sample_weighted(rng, 1, 1)[0][0]
            for depth in (1, 2, 3):
                for action in world.legal_actions():
                    plain = value_after(world, action, view.seat, depth, hard.estimate, Budget(),
                                        hard.CLOSE_FROM, {})
                    value = search._value_after(world, action, depth, hard.estimate, {})
                    assert value == plain, (rules, view, depth, action)
                    shared += type(value) is Shared
    assert shared > 100  # most actions reach Hard's next decision within the horizon


def worlds_of(values: list, weights: list | None = None) -> SharedNext:
    """A search whose worlds were valued ``values`` (the resolution alone is tested)."""
    search = object.__new__(SharedNext)
    search.finished, search.weights = values, weights or [1] * len(values)
    return search


def test_worlds_that_look_the_same_take_the_next_action_best_over_them():
    # Two worlds where Hard then sees the same: x wins 3 in one and loses 3 in the other,
    # y wins 1 in both. Each world's best would be worth 2 on average; shared, y is worth 1.
    same = ("lead", 0b1011)
    search = worlds_of([{7: Shared(same, {"x": 3, "y": 1})}, {7: Shared(same, {"x": -3, "y": 1})}])
    assert search._world_values(2, float) == [{7: 1}, {7: 1}]
    # weighed: the first world three times as likely, x is the better on average
    search.weights = [3, 1]
    assert search._world_values(2, float) == [{7: 3}, {7: -3}]
    # what a result is worth decides: a sure point before a likely three
    search.weights = [3, 1]
    assert search._world_values(2, lambda v: min(v, 1)) == [{7: 1}, {7: 1}]


def test_worlds_that_look_different_keep_their_own_next_action_and_settled_values_stay():
    search = worlds_of([{7: Shared(("a",), {"x": 3, "y": 1}), 8: -1.5},
                        {7: Shared(("b",), {"x": -3, "y": 1}), 8: 2}])
    assert search._world_values(2, float) == [{7: 3, 8: -1.5}, {7: 1, 8: 2}]
    # only the worlds counted share: the first alone picks x
    same = ("a",)
    search = worlds_of([{7: Shared(same, {"x": 3, "y": 1})}, {7: Shared(same, {"x": -3, "y": 1})}])
    assert search._world_values(1, float) == [{7: 3}]


def test_a_shared_value_reads_as_the_worlds_own_best():
    value = Shared(("a",), {"x": -1.25, "y": 0.5})
    assert value == 0.5 and value > 0  # what Search's check of a close it faces reads


def test_sharing_never_values_an_action_above_the_plain_search_of_the_same_worlds():
    # One iteration two tricks deep, no budget: the same worlds, tables filled alike.
    rng = random.Random(5)
    compared = lower = 0
    settings = {"FIRST_DEPTH": 2, "SPARE_WORLDS": False}
    for rules in (SOFT, SHARP):
        for view in phase_one_views(rules, rng, 2):
            seed = rng.random()
            with changed(settings):
                plain = hard.Search(view, random.Random(seed), nodes=None, worlds=6, max_depth=2)
                plain.step()
                shared = SharedNext(view, random.Random(seed), nodes=None, worlds=6, max_depth=2)
                shared.step()
            if plain.exact or plain.means is None:
                continue
            for action, mean in plain.means.items():
                compared += 1
                assert shared.means[action] <= mean + 1e-12, (view, action)
                lower += shared.means[action] < mean - 1e-9
    assert compared > 50 and lower  # and somewhere sharing costs what fusion promised


def test_choices_judges_the_shared_search_against_the_merged_hard():
    changes = {"shared-next": {"Search": SharedNext, "NODES": 1_500}}
    with changed({"NODES": 1_500}):
        report = run(2, 3, SOFT, "heuristic", 1, by_settings(changes), [MERGED, *changes])
    assert report["hands"] == 2 and list(report["rules"]) == [MERGED, "shared-next"]
    assert SEARCHES["shared-next"] is SharedNext  # what --search shared-next changes
    with pytest.raises(SystemExit):
        main(["--hands", "1", "--search", "nope"])
