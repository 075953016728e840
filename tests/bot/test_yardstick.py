"""The ``heuristic`` yardstick: legal under every rule option, fast, and its rules of thumb
on known positions."""

import random
import time

import pytest

from bummerl import deal
from bummerl.bots import BOTS, LEVELS, choose
from bummerl.cards import parse_card
from bummerl.hand import Hand
from bummerl.rules import SHARP, SOFT

from .test_bots import mask, random_rules


def test_yardstick_plays_every_rule_option_legally_and_fast():
    rng = random.Random(11)
    decisions, spent = 0, 0.0
    for game in range(300):
        rules = (SOFT, SHARP)[game % 2] if game < 20 else random_rules(rng)
        hand = deal(rules, game % 2, rng)
        while hand.outcome is None:
            view = hand.view(hand.to_act)
            start = time.perf_counter()
            action = choose(view, "heuristic", rng)
            spent += time.perf_counter() - start
            decisions += 1
            assert action in view.legal, (rules, view.legal, action)
            hand = hand.apply(action)
        assert "false" not in hand.outcome.reason and "falsely" not in hand.outcome.reason
    assert spent / decisions < 0.001  # under a millisecond a move


def test_yardstick_is_an_arena_bot_not_a_level():
    assert "heuristic" in BOTS and "heuristic" not in LEVELS
    assert LEVELS == ("easy", "medium", "hard")  # the table offers these; random is for the arena


def hand_on_lead(mine, theirs, trump_card, talon, rules=SOFT):
    """A fresh deal where seat 0 (forehand) leads: ``talon`` the nine face-down cards."""
    return Hand(rules, 1, [mask(mine), mask(theirs)], parse_card(trump_card),
                [parse_card(c) for c in talon.split()])


def test_yardstick_exchanges_the_trump_jack_and_declares_40_first():
    h = hand_on_lead("JH KH QH KS QS", "AD TD KD QD JD", "AH", "AC TC KC QC JC TS AS JS TH")
    assert choose(h.view(0), "heuristic", random.Random(1)) == "exchange"
    h = hand_on_lead("KC QC KS QS JD", "AD TD KD QD AH", "AC", "TC JC TH KH QH JH TS AS JS")
    assert choose(h.view(0), "heuristic", random.Random(1)) == "marry C"


@pytest.mark.parametrize("rules", [SOFT, SHARP], ids=["soft", "sharp"])
def test_yardstick_closes_with_the_top_trumps(rules):
    # A T K Q of trumps and the ace of spades: the talon is closed at once.
    h = hand_on_lead("AH TH KH QH AS", "AD TD KD QD JD", "JH", "AC TC KC QC JC TS KS QS JS",
                     rules)
    assert choose(h.view(0), "heuristic", random.Random(1)) == "close"


def test_yardstick_leads_a_cheap_side_card_and_keeps_marriage_halves():
    # Sharp: no marriage before a trick, so the pair waits and the jack goes
    h = hand_on_lead("KS QS JD AC TH", "AD TD KD QD KH", "JH", "TC KC QC JC TS AS JS AH QH",
                     SHARP)
    assert choose(h.view(0), "heuristic", random.Random(1)) == "play JD"


def test_yardstick_trumps_a_ten_with_a_small_trump():
    h = hand_on_lead("TD JS QS KC AC", "JH QC JD KS QD", "AH", "TC KH QH JC TS AS TH KD AD")
    h = h.apply("play TD")
    # seat 1 holds no higher diamond; it trumps with the jack of hearts
    assert choose(h.view(1), "heuristic", random.Random(1)) == "play JH"
