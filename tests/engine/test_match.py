"""The Bummerl: counting down from 7, dealer alternation, match options, JSON."""

import json

import pytest

from bummerl import IllegalAction, Match, NotationError, Outcome, Rules
from bummerl.hand import Hand, Termination
from bummerl.rules import BOARD_START


def win(match, seat, points):
    match.record_outcome(Outcome(seat, points, Termination.REACHED_66))


def test_bummerl_counts_down_from_seven_and_resets():
    m = Match.new(Rules(), seed=3)
    for points in (3, 2, 1):
        win(m, 0, points)
    assert m.board == [1, 7] and m.bummerls == [0, 0]
    win(m, 1, 1)
    win(m, 0, 2)  # 1 - 2 < 0: seat 0 wins the Bummerl
    assert m.bummerls == [0, 1] and m.board == [7, 7]
    assert m.results[-1]["bummerl"] == {"loser": 1, "given": 1, "board": [0, 6],
                                        "schneider": False}


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
        while not m.hand.over:
            m.play(m.hand.legal()[0])
    assert dealers == [1, 0, 1, 0, 1, 0]
    assert len(m.results) == 6


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
        ({"version": 99}, r"match.version: expected 1 or 2, got 99"),
        ({"board": [7, "x"]}, r"match.board\[1\]: expected"),
        ({"rules": {"claim": 5}}, "match.rules"),
        ({"hand": {"dealer": 0}}, "match.hand"),
        ({"hands_dealt": 1, "results": [{"winner": 0, "game_points": 9}]},
         r"match.results\[0\]"),
        ({"hands_dealt": 1, "results": [{"winner": 1.0, "game_points": 1, "termination": "reached_66"}]},
         r"match.results\[0\]\.winner: expected 0 or 1, got 1.0"),
        ({"hands_dealt": 1, "results": [{"winner": 0, "game_points": 1, "termination": "lucky"}]},
         r"match.results\[0\]\.termination: unknown termination 'lucky'"),
    ],
)
def test_corrupt_match_json_is_reported_with_where(change, message):
    good = Match.new(Rules(), seed=1).to_json()
    with pytest.raises(NotationError, match=message):
        Match.from_json(dict(good, **change))


def play_out(match):
    """Play the hand in play to its end with the first legal action; the last Turn."""
    turn = None
    while not match.hand.over:
        turn = match.play(match.hand.legal()[0])
    return turn


def test_play_scores_the_hand_when_it_ends():
    m = Match.new(Rules(), seed=4)
    m.deal_next()
    turn = m.play(m.hand.legal()[0])
    assert turn.result is None and m.results == [] and turn.after is m.hand
    last = play_out(m)
    outcome = m.hand.outcome
    assert last.result == m.results[-1] == {
        "winner": outcome.winner, "game_points": outcome.game_points,
        "termination": outcome.termination.value}
    assert m.board[outcome.winner] == 7 - outcome.game_points and len(m.results) == 1
    assert last.events[-1]["event"] == "hand_over"


def test_play_reports_the_bummerl_it_ends():
    m = Match.new(Rules(), seed=6)
    bummerl_turns = []
    while not m.bummerls[0] + m.bummerls[1]:
        m.deal_next()
        turn = play_out(m)
        if turn.bummerl:
            bummerl_turns.append(turn)
    assert len(bummerl_turns) == 1
    loser = bummerl_turns[0].bummerl["loser"]
    assert m.bummerls[loser] == 1 and m.board == [7, 7]


def test_an_illegal_play_changes_nothing():
    m = Match.new(Rules(), seed=4)
    hand = m.deal_next()
    before = m.to_json()
    with pytest.raises(IllegalAction):
        m.play("exchange" if "exchange" not in hand.legal() else "claim")
    with pytest.raises(NotationError):
        m.play("play ZZ")
    assert m.to_json() == before and m.hand is hand
    play_out(m)
    with pytest.raises(IllegalAction, match="the hand is over"):
        m.play("play AH")


def test_deal_n_of_a_seeded_match_is_the_deal_play_reaches():
    played = Match.new(Rules(), seed=21, first_dealer=1)
    for _ in range(3):
        played.deal_next()
        play_out(played)
    played.deal_next()
    direct = Match.at_deal(Rules(), 21, 4, first_dealer=1)
    assert direct.hand.to_record() == played.hand.to_record()
    assert direct.hands_dealt == 4 and direct.board == [7, 7] and direct.results == []
    with pytest.raises(ValueError, match="start at 1"):
        Match.at_deal(Rules(), 21, 0)


def test_version_1_saves_are_migrated_to_termination_keys():
    m = Match.new(Rules(), seed=2)
    m.deal_next()
    play_out(m)
    doc = m.to_json()
    old = dict(doc, version=1, results=[
        {"winner": r["winner"], "game_points": r["game_points"],
         "reason": Termination(r["termination"]).text} for r in doc["results"]])
    assert Match.from_json(old).to_json() == doc
    bad = dict(old, results=[dict(old["results"][0], reason="x" * 500)])
    with pytest.raises(NotationError) as error:
        Match.from_json(bad)
    assert "results[0].reason: expected a short text" in str(error.value)
    assert len(str(error.value)) < 150  # a bad value is quoted by its start only
    literal = dict(old, results=[dict(old["results"][0], reason="close failed: the opponent went out")])
    assert Match.from_json(literal).results[0]["termination"] == "close_failed_opponent_out"


def test_version_1_bummerl_results_get_their_final_board_on_migration():
    m = Match.new(Rules(), seed=3)
    for seat, points in ((0, 3), (1, 1), (0, 2), (0, 3), (1, 3), (1, 3), (1, 2)):
        win(m, seat, points)
    doc = dict(m.to_json(), hands_dealt=7)
    assert [r["bummerl"]["board"] for r in doc["results"] if "bummerl" in r] == [[0, 6], [7, 0]]
    old = dict(doc, version=1, results=[
        {"winner": r["winner"], "game_points": r["game_points"],
         "reason": Termination(r["termination"]).text,
         **({"bummerl": {k: r["bummerl"][k] for k in ("loser", "given")}} if "bummerl" in r else {})}
        for r in doc["results"]])
    assert Match.from_json(old).results == m.results
    assert m.results[-1]["bummerl"]["schneider"]  # seat 0 won no game point in the second


def test_a_version_1_save_of_an_unscored_finished_hand_is_scored_on_loading():
    m = Match.new(Rules(), seed=2)
    m.deal_next()
    play_out(m)
    doc = dict(m.to_json(), version=1, results=[], board=[7, 7])
    loaded = Match.from_json(doc)
    assert loaded.results == m.results and loaded.board == m.board


# ------------------------------------------------------------------ taking back a move

def _state(hand):
    """Every part of a position, hidden cards included."""
    return {name: getattr(hand, name) for name in Hand.__slots__}


def _played_to(seed: int, actions: int) -> tuple[Match, list]:
    """A match whose hand in play has had ``actions`` actions (the first legal one each
    time, seat 0 choosing the last), and the position before each."""
    match = Match.new(Rules.preset("soft"), seed=seed, first_dealer=1)
    match.deal_next()
    positions = [match.hand]
    while len(match.hand.history) < actions and not match.hand.over:
        legal = match.hand.legal()
        match.play(legal[-1] if match.hand.to_act == 0 else legal[0])
        positions.append(match.hand)
    return match, positions


def test_take_back_restores_the_exact_position_before_your_last_move_and_the_reply():
    for seed in range(12):
        match, positions = _played_to(seed, 9)
        if match.hand.over:
            continue
        last_mine = max(i for i, hand in enumerate(positions[:-1]) if hand.to_act == 0)
        undone = match.take_back(0)
        assert _state(match.hand) == _state(positions[last_mine])
        assert undone == positions[-1].history[last_mine:]
        assert match.board == [7, 7] and match.results == []


def test_a_taken_back_hand_replays_the_same_as_before_and_saves_as_it_stands():
    match, positions = _played_to(4, 7)
    match.take_back(0)
    before = match.hand
    loaded = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert _state(loaded.hand) == _state(before)
    action = before.legal()[0]
    assert _state(match.play(action).after) == _state(positions[len(before.history)].apply(action))


def refused(match: Match, because: str) -> None:
    """Take back is refused, saying ``because``, and the match is left as it was."""
    saved = match.to_json()
    with pytest.raises(IllegalAction, match=because):
        match.take_back(0)
    assert match.to_json() == saved


def test_nothing_to_take_back_before_your_first_move():
    match = Match.new(Rules.preset("soft"), seed=2, first_dealer=0)
    match.deal_next()  # the bot (seat 1) leads: you have not acted yet
    if match.hand.to_act == 1:
        match.play(match.hand.legal()[0])
    refused(match, "no action of this seat")


# ------------------------------------------------------------------ taking back into a finished hand

def _hand_ends(rules: Rules, seed: int, hands: int):
    """Play ``hands`` hands of a match (seat 0 the last legal action, seat 1 the first)
    and yield, at each hand's end, the match and its JSON before seat 0's last action."""
    match = Match.new(rules, seed=seed, first_dealer=1)
    for _ in range(hands):
        if match.over:
            return
        match.deal_next()
        before_mine = None
        while not match.hand.over:
            legal = match.hand.legal()
            if match.hand.to_act == 0:
                before_mine = match.to_json()
            match.play(legal[-1] if match.hand.to_act == 0 else legal[0])
        yield match, before_mine


def _taken_back_ends(rules: Rules, seed: int, hands: int = 40):
    """At each hand's end: take back seat 0's last action, check the whole match is as
    it was before that action, play it again (the same way) and go on; yields the
    result that was taken back."""
    for match, before_mine in _hand_ends(rules, seed, hands):
        if before_mine is None:
            continue
        ended = match.to_json()
        result = match.results[-1]
        assert match.can_take_back(0)
        assert match.can_take_back(1) == (match.hand.before_last_action_of(1) is not None)
        undone = match.take_back(0)
        assert match.to_json() == before_mine
        assert Match.from_json(json.loads(json.dumps(match.to_json()))).to_json() == before_mine
        for action in undone:
            match.play(action)
        assert match.to_json() == ended
        yield result


def test_taking_back_the_move_that_ended_a_hand_restores_the_whole_match_before_it():
    results = [r for seed in (1, 2) for r in _taken_back_ends(Rules.preset("soft"), seed, 12)]
    assert any("bummerl" not in r for r in results)


def test_taking_back_the_move_that_ended_a_bummerl_reopens_it_exactly():
    for rules in (Rules.preset("soft"), Rules(schneider_bummerl=True, match_bummerls=2)):
        results = [r for seed in (3, 4) for r in _taken_back_ends(rules, seed)]
        ended = [r for r in results if "bummerl" in r]
        assert ended and any(r["game_points"] > 1 for r in ended)


def test_a_match_ended_by_the_last_hand_is_open_again_after_taking_it_back():
    rules = Rules(match_bummerls=2)
    for match, before_mine in _hand_ends(rules, 5, 80):
        if match.over:
            break
    assert match.over and before_mine is not None
    match.take_back(0)
    assert not match.over and max(match.bummerls) == 1 and match.to_json() == before_mine


def test_no_take_back_into_the_last_hand_once_the_next_is_dealt():
    for match, before_mine in _hand_ends(Rules.preset("soft"), 6, 1):
        match.deal_next()
        if match.hand.to_act == 1:
            match.play(match.hand.legal()[0])
        refused(match, "no action of this seat")


def test_no_take_back_into_a_bummerl_end_whose_board_before_is_not_known():
    for match, before_mine in _hand_ends(Rules.preset("soft"), 3, 40):
        entry = match.results[-1]
        if "bummerl" in entry and entry["game_points"] > 1 and entry["bummerl"]["board"][1 - entry["winner"]] < 7:
            break
    match.results = match.results[-1:]  # the hands before it are not there to replay
    refused(match, "board before the last hand is not known")


def test_no_take_back_into_a_finished_hand_whose_result_is_not_in_the_match():
    for match, _ in _hand_ends(Rules.preset("soft"), 7, 1):
        pass
    match.results = []
    refused(match, "result is not in the match")


def test_no_take_back_into_a_hand_whose_result_does_not_fit_the_board():
    for match, _ in _hand_ends(Rules.preset("soft"), 8, 1):
        pass
    assert "bummerl" not in match.results[-1]
    match.board = [BOARD_START, BOARD_START]  # a saved match whose board the result cannot have left
    assert not match.can_take_back(0)
    refused(match, "board before the last hand is not known")
