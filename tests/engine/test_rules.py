"""One test per rule of shared/rules.md, in card notation."""

import random

import pytest

from bummerl import IllegalAction, NotationError, Rules, RulesError, deal
from bummerl.hand import Block, Outcome, Termination
from bummerl.cards import BIT, POINTS, SUIT_MASK, codes, parse_card

from .builders import dealt, endgame, mask, play, plays

# Seat 0 is forehand (dealer 1); clubs are trump.
H0 = "AH TH KH QH JC"
H1 = "AS TS KS QS JS"
TALON = "TC KC QC AD TD KD QD JD JH"


def fresh(rules="soft", hand0=H0, hand1=H1, trump="AC", talon=TALON):
    return dealt(hand0, hand1, trump, talon, rules=rules)


def hand_of(h, seat):
    return codes(h.hands[seat])


# --- cards and deal -------------------------------------------------------------
def test_deck_holds_120_card_points():
    assert sum(POINTS) == 120


def test_forehand_is_the_non_dealer_and_leads_first():
    for dealer in (0, 1):
        h = deal(Rules(), dealer=dealer, rng=random.Random(5))
        assert h.to_act == 1 - dealer


def test_deal_gives_five_each_a_trump_card_and_nine_face_down():
    h = deal(Rules(), dealer=0, rng=random.Random(11))
    all_cards = h.hands[0] | h.hands[1] | (1 << h.trump_card)
    for c in h.talon:
        all_cards |= 1 << c
    assert bin(h.hands[0]).count("1") == bin(h.hands[1]).count("1") == 5
    assert len(h.talon) == 9 and all_cards == (1 << 20) - 1
    assert h.talon_size == 10


def test_same_seed_gives_same_deal_and_golden_deal_is_stable():
    a = deal(Rules(), 0, random.Random(42)).to_record()
    b = deal(Rules(), 0, random.Random(42)).to_record()
    assert a == b
    # Golden deal: the same in CPython and Pyodide (the browser tests check it too).
    assert a["hands"] == GOLDEN_42["hands"] and a["trump"] == GOLDEN_42["trump"]
    assert a["talon"] == GOLDEN_42["talon"]


GOLDEN_42 = {
    "hands": [["JH", "JD", "KC", "QC", "KS"], ["AD", "TD", "JC", "QS", "JS"]],
    "trump": "AS",
    "talon": ["AC", "TH", "TC", "KH", "TS", "KD", "QD", "AH", "QH"],
}


# --- tricks -----------------------------------------------------------------------
def test_higher_card_of_suit_led_takes_the_trick():
    h = plays(fresh(hand1="AS TS KS QS TH"), "KH TH")
    assert h.last_trick[3] == 1 and h.points == [0, 14]


def test_trump_takes_a_trick_of_another_suit():
    h = plays(fresh(), "JC AS")
    assert h.last_trick[3] == 0 and h.points == [13, 0]


def test_card_of_another_non_trump_suit_never_wins():
    h = plays(fresh(), "QH AS")
    assert h.leader == 0 and h.points == [14, 0]


# --- phase 1 ------------------------------------------------------------------------
def test_no_duty_to_follow_suit_or_win_while_talon_open():
    h = fresh(hand1="AS TS KS QS TH")
    h = play(h, "play AH")
    assert set(h.legal()) == {"play AS", "play TS", "play KS", "play QS", "play TH"}


def test_trick_winner_draws_first_then_loser():
    h = plays(fresh(), "AH JS")
    assert "TC" in hand_of(h, 0) and "KC" in hand_of(h, 1)
    assert h.talon_size == 8


def test_loser_of_fifth_trick_draws_the_face_up_trump_card():
    h = fresh()
    for lead, follow in (("AH", "JS"), ("TH", "QS"), ("KH", "KS"), ("QH", "TS")):
        h = plays(h, f"{lead} {follow}")
    assert h.talon_size == 2 and h.leader == 0
    h = plays(h, "JC AS")  # fifth trick, won by seat 0
    assert h.talon_size == 0 and "AC" in hand_of(h, 1)
    assert h.view(0).opponent_known == ("AC",)


# --- phase 2 --------------------------------------------------------------------------
def test_follower_must_head_trick_when_talon_closed():
    h = endgame("KH JS", "AH JH", trump="C", closed_by=0, talon="TD KD", trump_card="AC")
    h = play(h, "play KH")
    assert h.legal() == ["play AH"]
    with pytest.raises(IllegalAction, match="must follow suit and take the trick: you hold AH"):
        h.apply("play JH")


def test_follower_must_follow_suit_with_lower_card_when_unable_to_head():
    h = endgame("AH JS", "KH TS", trump="C")
    assert play(h, "play AH").legal() == ["play KH"]


def test_follower_void_in_suit_led_must_trump():
    h = endgame("AH JS", "KC TS", trump="C")
    h = play(h, "play AH")
    assert h.legal() == ["play KC"]
    with pytest.raises(IllegalAction, match="must play a trump"):
        h.apply("play TS")


def test_failing_to_follow_after_closing_shows_what_the_follower_lacks():
    h = endgame("AH QD JS", "KS TS AD", trump="C", closed_by=0, talon="KH JH", trump_card="AC")
    h = plays(h, "AH KS")  # seat 1 holds no heart and no trump
    v = h.view(0)
    assert v.opponent_lacks_mask == v.unseen_mask & (SUIT_MASK[0] | SUIT_MASK[2])
    assert {"KH", "JH"} <= set(v.opponent_lacks) and "KD" not in v.opponent_lacks
    h = endgame("AH QD JS", "JH TS AD", trump="C", closed_by=0, talon="KH KC", trump_card="AC")
    h = plays(h, "QD AD")  # seat 1 headed: nothing learned
    assert h.view(0).opponent_lacks == ()
    h = plays(h, "TS JS")  # seat 0 follows low: it holds no higher spade
    assert set(h.view(1).opponent_lacks) == {"AS"}


def test_follower_void_in_suit_and_trump_may_play_any_card():
    h = endgame("AH JS", "KD TS", trump="C")
    assert play(h, "play AH").legal() == ["play KD", "play TS"]


def test_never_trump_when_able_to_follow_suit():
    h = endgame("AH JS", "JH AC", trump="C")
    assert play(h, "play AH").legal() == ["play JH"]


def test_trump_led_must_be_headed_with_higher_trump():
    h = endgame("KC JS", "AC JC", trump="C")
    assert play(h, "play KC").legal() == ["play AC"]
    h = endgame("AC JS", "KC JC", trump="C")
    assert play(h, "play AC").legal() == ["play JC", "play KC"]


def test_phase_two_rules_apply_after_exhaustion():
    h = fresh()
    for lead, follow in (("AH", "JS"), ("TH", "QS"), ("KH", "KS"), ("QH", "TS"), ("JC", "AS")):
        h = plays(h, f"{lead} {follow}")
    assert h.phase2 and h.closed_by < 0 and h.talon_size == 0
    assert hand_of(h, 1) == ["AD", "KD", "JD", "AC", "KC"]
    assert play(h, "play TD").legal() == ["play AD"]  # head the ten of diamonds
    assert play(h, "play JH").legal() == ["play AC", "play KC"]  # void in hearts: trump


# --- exchange -------------------------------------------------------------------------
def test_exchange_swaps_trump_jack_for_face_up_card():
    h = play(fresh(), "exchange")
    assert "AC" in hand_of(h, 0) and "JC" not in hand_of(h, 0)
    assert h.trump_card == parse_card("JC")
    assert h.view(1).opponent_known == ("AC",)
    assert h.to_act == 0  # still on lead


def test_exchange_needs_the_trump_jack():
    h = fresh(hand0="AH TH KH QH JD", talon="TC KC QC AD TD KD QD JC JH")
    with pytest.raises(IllegalAction, match=r"you do not hold the trump jack \(JC\)"):
        h.apply("exchange")


def test_exchange_only_once_and_not_after_closing():
    h = play(fresh(), "close")
    with pytest.raises(IllegalAction, match="the talon is closed"):
        h.apply("exchange")


def test_exchange_is_not_allowed_for_the_follower():
    h = fresh(hand0="AH TH KH QH JD", hand1="AS TS KS QS JC",
              talon="TC KC QC AD TD KD QD JS JH")
    h = play(h, "play AH")
    with pytest.raises(IllegalAction, match="only the player on lead"):
        h.apply("exchange")


def _two_left(rules, holder_jack=True):
    """Play four tricks so that seat 0 leads with two talon cards left and holds JC."""
    h = fresh(rules)
    for lead, follow in (("AH", "JS"), ("TH", "QS"), ("KH", "KS"), ("QH", "TS")):
        h = plays(h, f"{lead} {follow}")
    assert h.talon_size == 2 and h.to_act == 0
    return h


def test_exchange_with_two_left_is_allowed_in_soft():
    assert "exchange" in _two_left("soft").legal()


def test_exchange_with_two_left_is_refused_in_sharp():
    h = _two_left("sharp")
    with pytest.raises(IllegalAction, match="only two talon cards left"):
        h.apply("exchange")


def test_trick_before_exchange_option():
    h = fresh({"preset": "soft", "trick_before_exchange": True})
    with pytest.raises(IllegalAction, match="exchange needs a trick first under these rules"):
        h.apply("exchange")
    h = plays(h, "AH JS")
    assert "exchange" in h.legal()


# --- closing ---------------------------------------------------------------------------
def test_closing_starts_phase_two_at_once_and_closer_leads():
    h = play(fresh(), "close")
    assert h.closed_by == 0 and h.to_act == 0 and h.phase2
    h = plays(h, "AH TS")  # seat 1 holds no heart: must trump? holds no club: any card
    assert h.talon_size == 10  # no more drawing
    assert len(hand_of(h, 0)) == 4


def test_forehand_may_close_before_the_first_trick():
    assert "close" in fresh().legal()


def test_exchange_then_close_is_allowed():
    h = play(fresh(), "exchange", "close")
    assert h.closed_by == 0 and "AC" in hand_of(h, 0)


def test_close_with_two_left_option():
    assert "close" in _two_left("soft").legal()
    with pytest.raises(IllegalAction, match="no closing with only two talon cards left"):
        _two_left("sharp").apply("close")


def test_no_close_or_exchange_after_declaring_a_marriage_on_the_same_lead():
    h = play(fresh(), "marry H")
    assert h.legal() == ["play KH", "play QH"]
    with pytest.raises(IllegalAction, match="after a marriage"):
        h.apply("close")


# --- marriages -------------------------------------------------------------------------
def test_marriage_scores_20_and_40_in_trump():
    h = fresh(hand0="KC QC KH QH JC", talon="TC AH QS AD TD KD QD JD JH", trump="AS",
              hand1="AC TS KS TH JS")
    h = play(h, "marry C")  # clubs are not trump here (trump AS): 20
    assert h.marriage_points[0] == 20
    h = fresh(hand0="KC QC KH QH JD", talon="TC AH QS AD TD KD JC JS JH")
    assert play(h, "marry C").marriage_points[0] == 40


def test_marriage_counts_at_once_when_the_declarer_takes_the_trick():
    h = play(fresh(), "marry H", "play QH", "play AS")  # AS is off-suit: the leader wins
    assert h.leader == 0 and h.score(0) == 14 + 20


def test_marriage_points_are_pending_until_the_declarer_wins_a_trick():
    h = fresh(hand1="AS TS KS QS AH", hand0="TH KH QH JC JD", talon="TC KC QC AD TD KD QD JS JH")
    h = play(h, "marry H", "play KH", "play AH")
    assert h.score(0) == 0 and h.marriage_points[0] == 20 and h.view(0).pending == (20, 0)
    h = plays(h, "AS JD")  # seat 1 leads and wins again: still pending
    assert h.score(0) == 0 and h.view(1).pending == (20, 0)


def test_marriage_is_worth_nothing_if_the_declarer_never_wins_a_trick():
    h = endgame("KD QD", "AD TD", trump="C", points=(0, 60), tricks=(0, 4), leader=0)
    h = play(h, "marry D", "play KD", "play AD")  # seat 1 reaches 75
    assert h.outcome.winner == 1 and h.outcome.game_points == 3 and h.score(0) == 0


def test_pending_marriage_counts_once_the_declarer_wins_a_trick():
    h = fresh(hand1="AS TS KS QS AH", hand0="TH KH QH JC JD", talon="TC KC QC AD TD KD QD JS JH")
    h = play(h, "marry H", "play KH", "play AH")
    assert h.score(0) == 0
    h = plays(h, "AS JC")  # seat 0 trumps with JC: first trick
    assert h.tricks[0] == 1 and h.score(0) == 11 + 2 + 20


def test_marriage_must_lead_king_or_queen():
    h = play(fresh(), "marry H")
    with pytest.raises(IllegalAction, match="you must lead the king or the queen"):
        h.apply("play AH")


def test_marriage_leads_king_option():
    h = play(fresh({"preset": "soft", "marriage_leads_king": True}), "marry H")
    assert h.legal() == ["play KH"]
    with pytest.raises(IllegalAction, match="you must lead the king$"):
        h.apply("play QH")


def test_trick_before_marriage_option():
    h = fresh({"preset": "soft", "trick_before_marriage": True})
    with pytest.raises(IllegalAction, match="a marriage needs a trick first"):
        h.apply("marry H")
    h = plays(h, "AH JS")
    assert "marry H" in h.legal()


def test_marriage_shows_the_other_card_to_the_opponent():
    h = play(fresh(), "marry H", "play KH")
    assert h.view(1).opponent_known == ("QH",)
    assert not h.view(1).unseen_mask & BIT[parse_card("QH")]


def test_marriage_may_be_declared_in_phase_two():
    h = endgame("KD QD AS", "AH TH JH", trump="C")
    assert "marry D" in h.legal()


def test_one_marriage_per_lead():
    h = fresh(hand0="KH QH KD QD JC", talon="TC KC QC AD TD AH TH JD JH")
    h = play(h, "marry H")
    assert "marry D" not in h.legal()


# --- reaching 66 --------------------------------------------------------------------------
def test_auto_claim_ends_the_hand_when_a_trick_reaches_66():
    h = endgame("AH TH", "KH JS", trump="C", points=(51, 20))
    h = plays(h, "AH KH")
    assert h.over and h.outcome.winner == 0 and h.outcome.game_points == 2  # 20 < 33


def test_auto_claim_ends_the_hand_when_a_marriage_reaches_66():
    h = endgame("KD QD AS", "AH TH JH", trump="C", points=(46, 40))
    h = play(h, "marry D")
    assert h.over and h.outcome.winner == 0 and h.outcome.game_points == 1


def test_manual_claim_plays_on_until_claimed():
    h = endgame("AH TH KS", "KH JS QS", trump="C", points=(50, 20), rules="sharp")
    h = plays(h, "AH KH")
    assert not h.over and h.score(0) == 65
    h = plays(h, "TH JS")
    assert not h.over and h.score(0) == 77
    h = play(h, "claim")
    assert h.over and h.outcome.winner == 0 and h.outcome.game_points == 2


def test_manual_claim_only_right_after_winning_a_trick_or_declaring():
    h = fresh("sharp")
    assert "claim" not in h.legal()  # forehand before the first trick
    h = plays(h, "AH JS")
    assert "claim" in h.legal()
    h = play(h, "play TH")
    assert "claim" not in h.legal()  # the follower


def test_claim_right_after_a_pending_marriage_is_false():
    h = fresh({"preset": "sharp", "trick_before_marriage": False})
    h = play(h, "marry H")
    assert "claim" in h.legal()
    h = play(h, "claim")
    assert h.outcome.winner == 1 and h.outcome.game_points == 3
    assert h.outcome.reason == "false claim"


def test_false_claim_penalty_gives_opponent_two_or_three():
    h = endgame("AH TH KS", "KH JS QS", trump="C", points=(40, 20), tricks=(2, 1), rules="sharp")
    assert play(h, "claim").outcome == play(h, "claim").outcome
    assert play(h, "claim").outcome.game_points == 2
    h = endgame("AH TH KS", "KH JS QS", trump="C", points=(40, 0), tricks=(3, 0), rules="sharp")
    assert play(h, "claim").outcome.winner == 1 and play(h, "claim").outcome.game_points == 3


def test_false_claim_mirror_gives_what_the_claim_would_have_won():
    rules = {"preset": "sharp", "false_claim": "mirror"}
    h = endgame("AH TH KS", "KH JS QS", trump="C", points=(40, 40), tricks=(2, 2), rules=rules)
    assert play(h, "claim").outcome.game_points == 1  # opponent had 40: a right claim wins 1
    h = endgame("AH TH KS", "KH JS QS", trump="C", points=(40, 20), tricks=(2, 1), rules=rules)
    assert play(h, "claim").outcome.game_points == 2


# --- game points ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "loser_points, loser_tricks, expected",
    [(0, 0, 3), (32, 2, 2), (33, 2, 1), (20, 1, 2)],
)
def test_win_by_66_scores_schwarz_schneider_or_one(loser_points, loser_tricks, expected):
    h = endgame("AH TH", "KH JS", trump="C", points=(51, loser_points), tricks=(3, loser_tricks))
    h = plays(h, "AH KH")
    assert h.outcome.winner == 0 and h.outcome.game_points == expected


def test_last_trick_wins_one_point_without_66():
    h = endgame("AH", "KH", trump="C", points=(40, 50), tricks=(4, 5))
    h = plays(h, "AH KH")
    assert h.outcome == Outcome(0, 1, Termination.LAST_TRICK)
    assert h.outcome.reason == "won the last trick"


def test_last_trick_reaching_66_with_auto_claim_is_a_win_by_66():
    h = endgame("AH", "KH", trump="C", points=(60, 10), tricks=(4, 5))
    assert plays(h, "AH KH").outcome.game_points == 2


def test_last_trick_with_manual_claim_wins_exactly_one():
    h = endgame("AH", "KH", trump="C", points=(60, 10), tricks=(4, 5), rules="sharp")
    h = plays(h, "AH KH")
    assert h.outcome.winner == 0 and h.outcome.game_points == 1


def test_closer_going_out_scores_by_opponent_at_moment_of_closing():
    h = endgame("AH TH", "KS JS", trump="C", points=(51, 0), tricks=(2, 0),
                closed_by=0, talon="TD KD", trump_card="AC")
    h = plays(h, "AH KS")
    assert h.outcome.winner == 0 and h.outcome.game_points == 3  # no trick when closed


def test_opponents_tricks_after_closing_do_not_lower_the_closers_win():
    h = endgame("AH TH QD", "KH JH AD", trump="C", points=(55, 0), tricks=(3, 0),
                closed_by=0, talon="TD KD", trump_card="AC")
    h = plays(h, "QD AD")  # the opponent takes a trick after closing
    assert not h.over and h.tricks == [3, 1]
    h = plays(h, "KH TH")  # the closer must head: 55 + 14 = 69
    assert h.outcome.winner == 0 and h.outcome.game_points == 3


def test_closing_counts_later_tricks_option_grades_at_the_end():
    rules = {"preset": "soft", "closing_counts_later_tricks": True}
    h = endgame("AH TH QD", "KH JH AD", trump="C", points=(55, 0), tricks=(3, 0),
                closed_by=0, talon="TD KD", trump_card="AC", rules=rules)
    h = plays(h, "QD AD")
    h = plays(h, "KH TH")
    assert h.outcome.winner == 0 and h.outcome.game_points == 2  # opponent ended with 14


def test_failed_close_when_cards_run_out_gives_opponent_two():
    h = endgame("AH", "KH", trump="C", points=(40, 30), tricks=(3, 2), closed_by=0,
                talon="TD KD", trump_card="AC")
    h = plays(h, "AH KH")
    assert h.outcome.winner == 1 and h.outcome.game_points == 2
    assert h.outcome.reason.startswith("close failed")


def test_failed_close_gives_three_when_opponent_had_no_trick_at_closing():
    h = endgame("AH", "KH", trump="C", points=(40, 0), tricks=(3, 0), closed_by=0,
                talon="TD KD", trump_card="AC")
    assert plays(h, "AH KH").outcome.game_points == 3


def test_closer_losing_last_trick_fails_even_with_66_unclaimed():
    h = endgame("KH JS", "AH QS", trump="C", points=(70, 10), tricks=(3, 1), closed_by=0,
                talon="TD KD", trump_card="AC", rules="sharp")
    h = plays(h, "JS QS")  # seat 1 wins, leads
    h = plays(h, "AH KH")
    assert h.outcome.winner == 1 and h.outcome.game_points == 2


def test_closer_winning_last_trick_with_66_goes_out_under_manual_claim():
    h = endgame("AH", "KH", trump="C", points=(60, 10), tricks=(3, 1), closed_by=0,
                talon="TD KD", trump_card="AC", rules="sharp")
    out = plays(h, "AH KH").outcome
    assert (out.winner, out.game_points, out.reason) == (0, 2, "won the last trick with 66")


def test_closer_false_claim_is_a_failed_close_whatever_false_claim_says():
    for fc in ("penalty", "mirror"):
        h = endgame("AH TH", "KH JS", trump="C", points=(40, 10), tricks=(2, 1), closed_by=0,
                    talon="TD KD", trump_card="AC", rules={"preset": "sharp", "false_claim": fc})
        out = play(h, "claim").outcome
        assert out.winner == 1 and out.game_points == 2 and "close failed" in out.reason


def test_opponent_of_closer_going_out_first_is_a_failed_close():
    h = endgame("KH JS", "AH TH", trump="C", points=(10, 60), tricks=(1, 2), closed_by=0,
                talon="TD KD", trump_card="AC", at_close=(0, 0))
    h = plays(h, "KH AH")
    assert h.outcome.winner == 1 and h.outcome.game_points == 3
    assert h.outcome.reason == "close failed: the opponent went out"


# --- errors -----------------------------------------------------------------------------------
def test_illegal_action_leaves_the_hand_unchanged():
    h = play(fresh(), "play AH")
    before = (h.hands[:], h.points[:], h.lead, h.history[:])
    with pytest.raises(IllegalAction) as info:
        h.apply("play AH")
    assert "you do not hold AH" in str(info.value)
    assert (h.hands, h.points, h.lead, h.history) == before


def test_actions_after_the_hand_is_over_are_illegal():
    h = plays(endgame("AH", "KH", trump="C"), "AH KH")
    with pytest.raises(IllegalAction, match="the hand is over"):
        h.apply("play KH")


def test_unknown_action_word_is_a_notation_error():
    with pytest.raises(NotationError, match="unknown action 'jump'"):
        fresh().apply("jump")
    with pytest.raises(NotationError, match="unknown card code 'XH'"):
        fresh().apply("play XH")


def test_unknown_rule_option_and_bad_values_are_errors():
    with pytest.raises(RulesError, match="unknown rule option 'trump_first'"):
        Rules.from_json({"trump_first": True})
    with pytest.raises(RulesError, match="option 'claim' takes one of 'auto', 'manual', not 'maybe'"):
        Rules.from_json({"claim": "maybe"})
    with pytest.raises(RulesError, match="unknown preset 'medium'"):
        Rules.from_json("medium")


def test_presets_match_the_table_of_rules_md():
    assert Rules.preset("soft").options() == {
        "exchange_with_two_left": True, "trick_before_exchange": False,
        "close_with_two_left": True, "trick_before_marriage": False,
        "marriage_leads_king": False, "claim": "auto", "false_claim": "penalty",
        "closing_counts_later_tricks": False, "schneider_bummerl": False, "match_bummerls": 0,
    }
    sharp = Rules.preset("sharp").options()
    assert sharp["claim"] == "manual" and sharp["trick_before_marriage"] is True
    assert sharp["exchange_with_two_left"] is False and sharp["close_with_two_left"] is False
    assert sharp["marriage_leads_king"] is True and sharp["trick_before_exchange"] is True


def test_each_option_is_settable_on_its_own():
    for name, values in Rules.OPTIONS.items():
        for value in values:
            rules = Rules.from_json({"preset": "soft", name: value})
            assert getattr(rules, name) == value
            assert Rules.from_json(rules.to_json()) == rules


def test_mask_helper():
    assert mask("AH TH") == 0b11


def test_blocked_cards_carry_a_reason_key_for_translation():
    h = play(endgame("AH JS", "KH TS QC", trump="C"), "play AH")
    v = h.view(1)
    assert v.blocked == {"TS": (Block.MUST_FOLLOW, {"cards": ["KH"]}),
                         "QC": (Block.MUST_FOLLOW, {"cards": ["KH"]})}
    assert Block.MUST_FOLLOW.text(v.blocked["TS"][1]) == "must follow suit: you hold KH"
    assert v.playable == ("KH",)
    h = play(fresh({"preset": "soft", "marriage_leads_king": True}), "marry H")
    assert h.view(0).blocked["QH"] == (Block.MARRIAGE_LEAD, {"suit": "H", "king_only": True})
    assert h.view(0).playable == ("KH",)


def test_every_hand_ends_with_a_termination_worded_in_english():
    rng = random.Random(12)
    seen = set()
    for n in range(400):
        rules = Rules(**{name: rng.choice(values) for name, values in Rules.OPTIONS.items()})
        h = deal(rules, n % 2, rng)
        while not h.over:
            h = h.apply(rng.choice(h.legal()))
        assert isinstance(h.outcome.termination, Termination) and h.outcome.reason
        seen.add(h.outcome.termination)
    assert len(seen) >= 8  # random play reaches nearly every kind of ending


def test_the_hand_keeps_its_public_trick_history():
    rng = random.Random(5)
    h = deal(Rules(), 0, rng)
    finished = []
    while not h.over:
        before = h
        h = h.apply(rng.choice(h.legal()))
        if h.last_trick is not before.last_trick:
            finished.append(h.last_trick)
    assert list(h.trick_history) == finished and finished
    view = h.view(0)
    assert view.trick_history[-1] == view.last_trick
    assert sum(1 for t in view.trick_history if t.winner == 0) == view.tricks[0]
    won = {c for t in view.trick_history if t.winner == 1 for c in (t.lead, t.follow)}
    assert won == set(view.won[1])


def test_lead_options_come_in_the_order_of_a_lead():
    h = dealt("JC KH QH KS QS", "AH TH AS TS AD", "AC", "TC KC QC JD QD KD JH JS TD")
    view = h.view(0)
    assert [str(a) for a in view.lead_options] == ["exchange", "marry H", "marry S", "close"]
    assert set(view.legal) == set(view.lead_options) | {f"play {c}" for c in view.playable}
    assert view.playable == view.hand and view.trump_face_up and not view.phase2
    assert h.view(1).lead_options == () and h.view(1).playable == ()


def test_the_trump_card_is_face_down_once_the_talon_is_closed():
    h = play(dealt("JC KH QH KS QS", "AH TH AS TS AD", "AC", "TC KC QC JD QD KD JH JS TD"),
             "close")
    view = h.view(1)
    assert view.trump_card == "AC" and not view.trump_face_up and view.phase2


def test_points_are_counted_for_the_players_only_with_automatic_claiming():
    assert deal(Rules.preset("soft"), 0, random.Random(1)).view(0).points_counted
    assert not deal(Rules.preset("sharp"), 0, random.Random(1)).view(0).points_counted


def test_actions_are_values_in_record_notation():
    from bummerl import Action

    action = Action.parse(" marry  S ")
    assert action == "marry S" and action.kind == "marry" and action.suit == "S"
    assert action.card is None and Action.parse("play TD").card == "TD"
    h = dealt("JC KH QH KS QS", "AH TH AS TS AD", "AC", "TC KC QC JD QD KD JH JS TD")
    assert h.apply(action).history == [action]
    assert all(isinstance(a, Action) for a in h.legal())
    with pytest.raises(NotationError, match="unknown action 'marry X'|unknown suit 'X'"):
        Action.parse("marry X")
    with pytest.raises(NotationError, match="must be a string"):
        Action.parse(7)
