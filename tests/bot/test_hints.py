"""Hints: a legal action from the Hard bot, with a reason that fits the position."""

import random

from bummerl import Rules
from bummerl.bots.hints import HintReason as R, explain, hint

from engine.builders import dealt, endgame, play, random_position


def test_hint_is_a_legal_action_with_a_known_reason_in_random_positions():
    rng = random.Random(3)
    for n in range(12):
        hand = random_position(Rules.preset("soft" if n % 2 else "sharp"), n % 2, rng, rng.randrange(0, 12))
        if hand is None:
            continue
        view = hand.view(hand.to_act)
        h = hint(view, random.Random(n), time_limit=0.2)
        assert h.action in view.legal and isinstance(h.reason, R) and h.text


def test_reasons_describe_the_action():
    h = dealt("AH TH KH QH JC", "AS TS KS QS JS", "AC", "TC KC QC AD TD KD QD JD JH")
    v = h.view(0)
    assert explain(v, "exchange") == (R.EXCHANGE, {"card": "AC"})
    assert explain(v, "marry H") == (R.MARRIAGE, {"points": 20})
    assert explain(v, "close")[1]["hand_points"] == 11 + 10 + 4 + 3 + 2
    assert explain(v, "play JC") == (R.LEAD_TRUMP, {})
    assert explain(v, "play AH") == (R.LEAD_TOP, {"safe": 23})  # the opponent may hold a trump
    follow = play(h, "play QH").view(1)
    assert explain(follow, "play JS") == (R.CHEAP_LOSS, {"card_points": 2})
    end = endgame("AH TH", "KH JS", trump="C", points=(51, 20))
    assert explain(end.view(0), "play AH") == (R.EXACT, {})


def test_a_close_hint_says_how_many_points_are_still_needed():
    fresh = dealt("AC TC KC QC AH", "AS TS KS QS JS", "JC", "TH KH QH AD TD KD QD JD JH")
    after_trick = play(fresh, "play AH", "play JS")
    assert "close" in after_trick.view(0).legal
    reason, params = explain(after_trick.view(0), "close")
    assert reason == R.CLOSE and params["score"] == 13 and params["needed"] == 53


def test_a_close_hint_says_in_how_many_of_the_searched_deals_it_wins_as_the_review_does():
    # trump ace, ten and marriage with a trick in: the close wins whatever the opponent holds
    won_trick = play(dealt("AH TH KH QH AS", "AD TD KD QD JD", "JH", "AC TC KC QC JC TS KS QS JS"),
                     "play AS", "play JD")
    view = won_trick.view(0)
    h = hint(view, random.Random(4))
    assert h.action == "close"
    assert h.reason == R.CLOSE_ODDS and h.params["won"] == h.params["worlds"] > 0
    assert explain(view, "close", (3, 4)) == (R.CLOSE_ODDS, {"won": 3, "worlds": 4})
    assert explain(view, "play AH", (3, 4))[0] != R.CLOSE_ODDS  # odds speak for a close only


def test_a_card_the_worlds_cannot_tell_from_another_gets_no_reason_of_its_own():
    from bummerl.bots.hard import rival
    from bummerl.bots.hints import HintReason, explain
    from bummerl.cards import parse_card

    ace, ten, jack = parse_card("AH"), parse_card("TH"), parse_card("JH")
    tied = [(1, {ace: v, ten: v, jack: v - 2}) for v in (-1, 0.5, 2)]
    assert rival(tied, ace) == (ten, True)  # worth the same in every world
    noisy = [(1, {ace: v, ten: v + d, jack: v - 2}) for v, d in ((1, 0.5), (2, -0.6), (0, 0.2), (1, -0.3))]
    assert rival(noisy, ace) == (ten, False)  # within two standard errors
    assert rival([(1, {ace: 1, ten: 0}), (1, {ace: 2, ten: 1})], ace) is None  # better in every world

    view = _view_with_choice()
    card, other = [a for a in view.legal if a.kind == "play"][:2]
    assert explain(view, card, rival=(other, True)) == (HintReason.EQUAL, {"card": other.card})
    assert explain(view, card, rival=(other, False)) == (HintReason.ABOUT_EQUAL, {"card": other.card})
    assert explain(view, card, rival=("close", False)) == explain(view, card)  # not two cards: the usual reason
    assert HintReason.EQUAL.text({"card": "TH"}) == "the TH is just as good here"


def _view_with_choice():
    import random

    from bummerl import SOFT, deal

    hand = deal(SOFT, 1, random.Random(4))
    return hand.view(hand.to_act)


def test_what_the_search_saw_is_read_alike_from_the_search_and_from_thinking():
    from bummerl.bots import Thinking
    from bummerl.bots.hard import Search
    from bummerl.bots.hints import Seen

    from bummerl import SOFT, deal

    hand = deal(SOFT, 1, random.Random(4)).apply("exchange")  # (the exchange itself is no search)
    view = hand.view(hand.to_act)
    search = Search(view, random.Random(1), nodes=4000)
    search.step()
    seen = Seen.of(search)
    assert len(seen.worlds) == len(seen.values) == len(search.world_values()) > 0
    for action in view.legal:  # a review may hand over its search itself
        assert explain(view, action, seen=search) == explain(view, action, seen=seen)
    thinking = Thinking(view, "hard", random.Random(1))
    assert thinking.seen() is None  # nothing searched yet
    thinking.step()
    assert isinstance(thinking.seen(), Seen)
    assert Thinking(view, "medium", random.Random(1)).seen() is None
    best = thinking.best()
    others = [a for a in view.legal if a != best]
    runner_up = thinking.seen().runner_up(best.code)
    assert runner_up is None if not others else runner_up in {a.code for a in others}
