"""The ``heuristic`` yardstick: legal under every rule option, fast, and each of its rules
of thumb on a literal position (see the rules in ``bummerl.bots.yardstick``)."""

import random
import time

import pytest

from bummerl import deal
from bummerl.bots import BOTS, LEVELS, choose
from bummerl.cards import ALL_CARDS
from bummerl.rules import SHARP, SOFT

from engine.builders import dealt, endgame, plays
from .test_bots import random_rules


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


def act(hand) -> str:
    """The yardstick's action for the seat to act."""
    return choose(hand.view(hand.to_act), "heuristic", random.Random(1))


def exhausted(hand0: str, hand1: str, trump: str, **kwargs):
    """A phase-2 position with the talon exhausted in which every other card has been
    played (into seat 0's tricks), so that each seat can count the other's hand."""
    h = endgame(hand0, hand1, trump, **kwargs)
    h.won[0] = ALL_CARDS & ~h.hands[0] & ~h.hands[1]
    return h


# --- formalities -------------------------------------------------------------------------


def test_yardstick_exchanges_the_trump_jack_and_declares_40_first():
    h = dealt("JH KH QH KS QS", "AD TD KD QD JD", "AH", "AC TC KC QC JC TS AS JS TH")
    assert act(h) == "exchange"
    h = dealt("KC QC KS QS JD", "AD TD KD QD AH", "AC", "TC JC TH KH QH JH TS AS JS")
    assert act(h) == "marry C"


# --- closing -----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["soft", "sharp"])
def test_yardstick_closes_when_its_sure_winners_count_to_66(rules):
    # A T K Q of trumps (40 to declare) and the ace of spades: closed at once.
    h = dealt("AH TH KH QH AS", "AD TD KD QD JD", "JH", "AC TC KC QC JC TS KS QS JS", rules)
    assert act(h) == "close"


def test_yardstick_keeps_the_talon_open_without_a_master_trump():
    # the trump marriage is 40, but the ten of trumps is out: no sure run, no close
    h = dealt("KH QH JS JD QC", "AD TD KD QD AC", "AH", "TC KC JC TS AS KS QS TH JH")
    assert act(h) == "marry H"


# --- phase 1, following --------------------------------------------------------------------


def test_yardstick_takes_a_ten_with_the_ace_of_its_suit():
    h = plays(dealt("TS JD KD QC JC", "AS JH QD KC JS", "QH", "AC TC AD TD KH TH AH KS QS"),
              "TS")
    assert act(h) == "play AS"


def test_yardstick_trumps_an_ace_with_a_small_trump():
    h = plays(dealt("AS JD KD QC JC", "QH JS QS TD KC", "AH", "AC TC AD KH TH JH KS TS JC"),
              "AS")
    assert act(h) == "play QH"


def test_yardstick_keeps_its_trumps_when_a_jack_is_led():
    h = plays(dealt("JS JD KD QC JC", "QH TD JH AC KC", "AH", "TC AD KH TH QD KS TS AS QS"),
              "JS")
    assert act(h) not in ("play QH", "play JH")


def test_yardstick_trumps_a_queen_to_win_the_lead_for_its_forty():
    # K Q J of trumps: the jack takes the queen of spades, and the lead declares 40 next
    h = plays(dealt("QS JD KD QC JC", "KH QH JH TD AC", "AH", "TC AD TH KC QD KS TS AS JS"),
              "QS")
    assert act(h) == "play JH"


def test_yardstick_stops_the_opponent_going_out_whatever_it_costs():
    h = plays(dealt("TS JD KD QC JC", "AH JS QD KC QS", "JH", "AC TC AD TD KH TH KS AS QH"),
              "TS")
    h.points, h.tricks = [60, 10], [3, 1]  # the ten would take seat 0 to 66 or more
    assert act(h) == "play AH"


def test_yardstick_wins_the_trick_that_takes_it_to_66():
    h = plays(dealt("KS JD KD QC JC", "AH JS QD KC QS", "JH", "AC TC AD TD KH TH TS AS QH"),
              "KS")
    h.points, h.tricks = [10, 60], [1, 3]
    assert act(h) == "play AH"


# --- phase 1, leading ----------------------------------------------------------------------


def test_yardstick_leads_a_cheap_side_card_and_keeps_marriage_halves():
    # Sharp: no marriage before a trick, so the pair waits and the jack goes
    h = dealt("KS QS JD AC TH", "AD TD KD QD KH", "JH", "TC KC QC JC TS AS JS AH QH", SHARP)
    assert act(h) == "play JD"


# --- phase 2 -------------------------------------------------------------------------------


def test_yardstick_cashes_a_winner_before_declaring_a_marriage():
    # the ace of hearts cannot be taken (the king must follow); the 20 waits
    h = exhausted("KS QS AH TD JC", "KH QD JD TC QC", "C", points=(30, 30), tricks=(3, 2))
    assert act(h) == "play AH"


def test_yardstick_declares_the_marriage_that_takes_it_out():
    h = exhausted("KS QS AH TD JC", "KH QD JD TC QC", "C", points=(46, 30), tricks=(3, 2))
    assert act(h) == "marry S"


def test_yardstick_leads_the_master_trump_when_nothing_else_is_safe():
    h = exhausted("AC KH QD JS", "TC AH TD KC", "C", points=(30, 30), tricks=(3, 2))
    assert act(h) == "play AC"


def test_yardstick_cashes_the_winner_that_forces_the_most_points():
    # both aces are safe; the ace of hearts draws the ten, the ace of spades a queen
    h = exhausted("AH AS KD", "TH QS QD", "C", points=(30, 30), tricks=(3, 3))
    assert act(h) == "play AH"


def test_yardstick_heads_with_its_biggest_card_of_the_suit():
    h = plays(exhausted("AS TS JD", "KS QH JH", "C", points=(30, 30), tricks=(3, 3), leader=1),
              "KS")
    assert act(h) == "play AS"


def test_yardstick_trumps_with_its_smallest_trump():
    h = plays(exhausted("JC AC QH", "AD QS JH", "C", points=(30, 30), tricks=(3, 3), leader=1),
              "AD")
    assert act(h) == "play JC"


def test_yardstick_throws_the_card_worth_least_when_it_cannot_take():
    h = plays(exhausted("KH JD QD", "AS QH JH", "C", points=(30, 30), tricks=(3, 3), leader=1),
              "AS")
    assert act(h) == "play JD"
