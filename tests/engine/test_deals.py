"""Hands dealt from placed cards (bummerl.deals): placed cards stay put, the rest is dealt
the same way for the same seed, and what keeps a placement from being a deal is said."""

import random

import pytest

from bummerl import SHARP, SOFT, Rules
from bummerl.cards import CARD_CODES, codes, parse_card
from bummerl.deals import TALON, TRUMP, deal_placed, problems
from bummerl.record import from_record


def _placed(**places):
    """you="AH TH", opponent="KS", trump="QS", talon="JD - AC" (- leaves a slot open)."""
    out = {}
    for name, seat in (("you", 0), ("opponent", 1)):
        for code in places.get(name, "").split():
            out[parse_card(code)] = seat
    if places.get("trump"):
        out[parse_card(places["trump"])] = TRUMP
    for i, code in enumerate(places.get("talon", "").split()):
        if code != "-":
            out[parse_card(code)] = TALON + i
    return out


@pytest.mark.parametrize("seed", range(20))
def test_placed_cards_stay_where_they_were_put_and_the_rest_fills_every_place(seed):
    rng = random.Random(seed)
    cards = list(range(20))
    rng.shuffle(cards)
    placed = {cards[0]: 0, cards[1]: 0, cards[2]: 1, cards[3]: TRUMP, cards[4]: TALON + 4}
    hand = deal_placed(SOFT, seed % 2, placed, random.Random(seed))
    (h0, h1), trump, talon = hand.initial
    assert h0 & (1 << cards[0]) and h0 & (1 << cards[1]) and h1 & (1 << cards[2])
    assert trump == cards[3] and talon[4] == cards[4]
    assert sorted(codes(h0) + codes(h1) + [CARD_CODES[trump]] + [CARD_CODES[c] for c in talon]) == sorted(CARD_CODES)
    assert len(codes(h0)) == len(codes(h1)) == 5 and len(talon) == 9


def test_the_same_seed_deals_the_rest_the_same_way_and_another_seed_differently():
    placed = _placed(you="AH TH KH", trump="QS")
    deals = {deal_placed(SOFT, 0, placed, random.Random(seed)).initial for seed in (1, 1, 1)}
    assert len(deals) == 1
    assert len({deal_placed(SOFT, 0, placed, random.Random(seed)).initial for seed in range(10)}) > 5


def test_the_forehand_leads_and_the_hand_plays_by_its_rules():
    placed = _placed(you="AH TH KH QH JH", opponent="AS TS KS QS JS", trump="AC",
                     talon="TC KC QC JC AD TD KD QD JD")
    assert problems(placed, rest_random=False) == []
    hand = deal_placed(SHARP, 0, placed, random.Random(0))
    assert hand.leader == 1 and hand.to_act == 1 and hand.rules == SHARP
    record = hand.apply("play AS").to_record()
    assert record["hands"] == [["AH", "TH", "KH", "QH", "JH"], ["AS", "TS", "KS", "QS", "JS"]]
    assert record["talon"] == ["TC", "KC", "QC", "JC", "AD", "TD", "KD", "QD", "JD"]
    assert from_record(record).history == ["play AS"]


def test_a_hand_of_four_a_talon_of_the_wrong_size_and_no_trump_are_problems_unless_the_rest_is_random():
    placed = _placed(you="AH TH KH QH", opponent="AS TS KS QS JS", talon="TC KC - JC AD TD KD QD")
    assert problems(placed, rest_random=False) == [
        ("too_few", {"place": 0, "n": 4, "needs": 5}),
        ("no_trump", {}),
        ("talon_short", {"n": 7, "needs": 9, "slots": [3, 9]}),
    ]
    assert problems(placed, rest_random=True) == []


def test_too_many_cards_in_a_place_are_problems_even_with_the_rest_at_random():
    placed = _placed(you="AH TH KH QH JH AD", trump="AS")
    placed[parse_card("TS")] = TRUMP
    placed[parse_card("KS")] = TALON + 2
    placed[parse_card("QS")] = TALON + 2
    assert problems(placed, rest_random=True) == [
        ("too_many", {"place": 0, "n": 6, "needs": 5}),
        ("trump_twice", {"cards": ["AS", "TS"]}),
        ("talon_twice", {"slot": 3, "cards": ["KS", "QS"]}),
    ]
    with pytest.raises(ValueError, match="too_many"):
        deal_placed(SOFT, 0, placed, random.Random(0))


@pytest.mark.parametrize("placed, key", [({20: 0}, "bad_card"), ({True: 0}, "bad_card"),
                                         ({3: 12}, "bad_place"), ({3: "you"}, "bad_place"), ({3: True}, "bad_place")])
def test_what_is_no_card_or_no_place_is_a_problem_not_a_crash(placed, key):
    assert [k for k, _ in problems(placed, rest_random=True)] == [key]


def test_nothing_placed_deals_every_card_at_random_on_the_rules_given():
    rules = Rules.preset("sharp").with_options(claim="auto")
    hand = deal_placed(rules, 1, {}, random.Random(3))
    assert hand.rules == rules and hand.leader == 0


def test_a_position_after_the_last_move_is_a_decision_a_puzzle_can_ask():
    from bummerl.review import QUICK_PLAN, Reviewer

    placed = _placed(you="AH TH KH", trump="JH")
    hand = deal_placed(SOFT, 1, placed, random.Random(2)).apply("play AH")
    hand = hand.apply(hand.legal()[0])
    record = hand.to_record()
    reviewer = Reviewer(record, 0, QUICK_PLAN, steps={2})
    while not reviewer.step(0.5):
        pass
    (decision,) = reviewer.decisions
    assert decision.step == 2 and decision.played == decision.best and decision.loss == 0
    assert set(decision.values) == set(hand.legal())
