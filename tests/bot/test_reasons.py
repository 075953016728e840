"""Every reason the Hint and the review give is true in the position it explains: checked
against every deal consistent with the player's view (``bummerl_lab.reasons.false_claim``,
which plays each trick out with the engine's own ``Hand``)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bummerl import Rules
from bummerl.bots.hints import HintReason as R, explain, opponent_can_take
from bummerl.cards import parse_card
from bummerl_lab.reasons import false_claim, measure

from engine.builders import dealt, endgame, play, random_position

PRESETS = ("soft", "sharp")


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 2**32), st.integers(0, 18))
def test_every_reason_for_every_legal_action_is_true_in_every_deal_the_view_allows(preset, seed, moves):
    rng = random.Random(seed)
    hand = random_position(Rules.preset(preset), seed % 2, rng, moves)
    if hand is None:
        return
    view = hand.view(hand.to_act)
    for action in view.legal:
        reason, params = explain(view, action)
        assert false_claim(view, action, reason, params) is None, (action, reason, params)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 2**32), st.integers(8, 18))
def test_the_hints_reason_read_off_its_search_is_true_in_every_deal_the_view_allows(preset, seed, moves):
    from bummerl.bots.hints import hint

    rng = random.Random(seed)
    hand = random_position(Rules.preset(preset), seed % 2, rng, moves)
    if hand is None or len(hand.legal()) < 2:
        return
    view = hand.view(hand.to_act)
    found = hint(view, random.Random(seed))
    assert false_claim(view, found.action, found.reason, found.params) is None, found


# Clubs are trump. Every club is seen (in the leader's hand, or the face-up jack) ...
ALL_CLUBS_SEEN = ("AC TC KC QC AH", "AS TS KS QS JS", "JC", "TH KH QH AD TD KD QD JD JH")
# ... or the ten, king and queen of clubs are unseen: the opponent may hold them.
CLUBS_OUT = ("AH TH KH QH JC", "AS TS KS QS JS", "AC", "TC KC QC AD TD KD QD JD JH")

# (position, lead, the reason and its figures, reasons the old rule gave that are false
# there): the opponent holds 5 of the 14 unseen cards, 3 of them trumps in CLUBS_OUT, so it
# holds none in C(11, 5) / C(14, 5) = 462 / 2002 of the deals, 23%.
LEADS = [
    (ALL_CLUBS_SEEN, "play AH", (R.LEAD_HIGH, {}), []),  # nothing can take the ace
    (CLUBS_OUT, "play AH", (R.LEAD_TOP, {"safe": 23}),
     [(R.LEAD_HIGH, {}), (R.LEAD_TOP, {"safe": 30})]),  # it may be trumped
    (CLUBS_OUT, "play JC", (R.LEAD_TRUMP, {}), []),  # a higher trump may be out
    (ALL_CLUBS_SEEN, "play QC", (R.LEAD_HIGH, {}), [(R.LEAD_TRUMP, {})]),  # no trump to draw
]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("position, lead, said, false", LEADS)
def test_a_lead_is_called_sure_or_drawing_trumps_only_where_the_deals_allow(preset, position, lead, said, false):
    view = dealt(*position, preset).view(0)
    assert explain(view, lead) == said
    assert false_claim(view, lead, *said) is None
    for reason, params in false:
        assert false_claim(view, lead, reason, params) is not None


@pytest.mark.parametrize("preset", PRESETS)
def test_after_a_close_the_opponent_must_follow_suit_so_a_top_card_may_be_sure(preset):
    # The talon is closed: the ace of spades, the top spade left, loses only to a trump,
    # and a trump is played only by a hand without spades. The opponent holds three cards
    # of unseen ones; with the king and queen of spades among the unseen cards it may
    # hold none of them and a trump.
    closed = endgame("AS JH AD", "KS QS TC", "C", closed_by=0, talon="JS TD KD QD", trump_card="JC",
                     rules=preset, points=(30, 20))
    view = closed.view(0)
    reason, params = explain(view, "play AS")
    assert reason == (R.LEAD_HIGH if not opponent_can_take(view, parse_card("AS")) else R.LEAD_TOP)
    assert false_claim(view, "play AS", reason, params) is None


def test_a_close_reason_counts_the_points_the_seat_has():
    fresh = dealt("AC TC KC QC AH", "AS TS KS QS JS", "JC", "TH KH QH AD TD KD QD JD JH")
    after_trick = play(fresh, "play AH", "play JS")
    view = after_trick.view(0)
    reason, params = explain(view, "close")
    assert reason == R.CLOSE and false_claim(view, "close", reason, params) is None
    assert false_claim(view, "close", reason, {**params, "score": params["score"] + 20}) is not None


def test_the_lab_measure_finds_no_false_reason_in_hard_play_and_counts_them():
    result = measure(Rules.preset("soft"), hands=3, seed=5)
    assert result["false"] == []
    assert sum(said for said, _ in result["reasons"].values()) > 10
