"""The lab (`bummerl_lab`): the frozen reference bots still play, legally, under
every rule option, and the arena seats them by name; the node benchmark counts."""

import random

import pytest

from bummerl import deal
from bummerl.rules import OPTIONS, SOFT
from bummerl_lab.arena import run
from bummerl_lab.frozen import FROZEN


def every_single_option():
    """The Soft preset changed in one option at a time, for every value of every option."""
    for name, values in OPTIONS.items():
        for value in values:
            if value != getattr(SOFT, name):
                yield SOFT.with_options(**{name: value})


@pytest.mark.parametrize("name", sorted(FROZEN))
def test_frozen_references_play_every_rule_option_legally(name):
    bot = FROZEN[name]
    rng = random.Random(name)
    for game, rules in enumerate([SOFT, *every_single_option()]):
        hand = deal(rules, game % 2, rng)
        while hand.outcome is None:
            view = hand.view(hand.to_act)
            action = bot(view, rng, 0.02 if name.startswith("hard") else None)
            assert action in view.legal, (rules, action)
            hand = hand.apply(action)


def test_the_arena_seats_a_frozen_reference_against_a_live_bot():
    result = run("heuristic-v1", "random", 2, 4, SOFT)
    assert result["a"] == "heuristic-v1" and result["bummerls"] == 2
    assert result["a_net_points_per_hand"] > 0  # the yardstick beats random


def test_the_node_benchmark_counts_hards_search_on_fixed_decisions():
    from bummerl_lab.nodes import measure, positions

    assert [v.legal for v in positions(3)] == [v.legal for v in positions(3)]  # the same decisions each time
    figures = measure(2)
    assert figures["decisions"] == 2 and figures["nodes"] > 0 and figures["nodes_per_s"] > 0
