"""The Bummerl: counting down from 7, dealer alternation, match options, JSON."""

import json

import pytest

from bummerl import Match, NotationError, Outcome, Rules


def win(match, seat, points):
    match.score_hand(Outcome(seat, points, "reached 66"))


def test_bummerl_counts_down_from_seven_and_resets():
    m = Match.new(Rules(), seed=3)
    for points in (3, 2, 1):
        win(m, 0, points)
    assert m.board == [1, 7] and m.bummerls == [0, 0]
    win(m, 1, 1)
    win(m, 0, 2)  # 1 - 2 < 0: seat 0 wins the Bummerl
    assert m.bummerls == [0, 1] and m.board == [7, 7]
    assert m.results[-1]["bummerl"] == {"loser": 1, "given": 1}


def test_schneider_bummerl_gives_two_when_the_loser_won_no_game_point():
    m = Match.new(Rules(schneider_bummerl=True), seed=3)
    for _ in range(3):
        win(m, 0, 3)
    assert m.bummerls == [0, 2]
    plain = Match.new(Rules(), seed=3)
    for _ in range(3):
        win(plain, 0, 3)
    assert plain.bummerls == [0, 1]
    m2 = Match.new(Rules(schneider_bummerl=True), seed=3)
    win(m2, 1, 1)
    for _ in range(3):
        win(m2, 0, 3)
    assert m2.bummerls == [0, 1]


def test_dealer_alternates_every_hand_across_bummerls():
    m = Match.new(Rules(), seed=5, first_dealer=1)
    dealers = []
    for _ in range(6):
        hand = m.deal_next()
        dealers.append(hand.dealer)
        while not hand.over:
            hand = hand.apply(hand.legal()[0])
        m.hand = hand
        m.score_hand(hand.outcome)
    assert dealers == [1, 0, 1, 0, 1, 0]


def test_match_length_option_ends_the_match():
    m = Match.new(Rules(match_bummerls=2), seed=1)
    for _ in range(6):
        win(m, 0, 3)
    assert m.bummerls == [0, 2] and m.over
    with pytest.raises(ValueError, match="the match is over"):
        m.deal_next()


def test_no_new_deal_while_a_hand_is_in_play():
    m = Match.new(Rules(), seed=1)
    m.deal_next()
    with pytest.raises(ValueError, match="not over"):
        m.deal_next()


def test_match_json_round_trip_keeps_the_hand_in_play():
    m = Match.new(Rules.preset("sharp"), seed=77)
    hand = m.deal_next()
    hand = hand.apply(hand.legal()[0])
    m.hand = hand
    win(m, 1, 2)
    text = json.dumps(m.to_json())
    back = Match.from_json(json.loads(text))
    assert back.to_json() == m.to_json()
    assert back.hand.view(0) == hand.view(0)


def test_same_seed_same_deals():
    a, b = Match.new(Rules(), seed=9), Match.new(Rules(), seed=9)
    assert a.deal_next().to_record() == b.deal_next().to_record()


@pytest.mark.parametrize(
    "change, message",
    [
        ({"schema": "other"}, "not a Bummerl match"),
        ({"version": 99}, "match schema version 99; this engine reads 1"),
        ({"board": [7, "x"]}, "board: expected two integers"),
        ({"rules": {"claim": 5}}, "rules: option 'claim'"),
        ({"hand": {"dealer": 0}}, "hand: "),
        ({"results": [{"winner": 0, "game_points": 9}]}, r"results\[0\]: not a hand result"),
    ],
)
def test_corrupt_match_json_is_reported_with_where(change, message):
    good = Match.new(Rules(), seed=1).to_json()
    with pytest.raises(NotationError, match=message):
        Match.from_json(dict(good, **change))
