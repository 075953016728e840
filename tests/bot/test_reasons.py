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
    # Without a search, and with worlds a search could have seen whatever its values rank
    # next (here: drawn at random): a count over its worlds is counted again over them.
    from bummerl.bots.hints import Seen

    rng = random.Random(seed)
    hand = random_position(Rules.preset(preset), seed % 2, rng, moves)
    if hand is None:
        return
    view = hand.view(hand.to_act)
    base = _seen(view, count=rng.randrange(1, 12), seed=seed)
    seen = Seen(base.worlds, base.weights, tuple({a: rng.uniform(-3, 3) for a in base.values[0]} for _ in base.worlds))
    for action in view.legal:
        for given_seen in (None, seen):
            reason, params = explain(view, action, seen=given_seen)
            assert false_claim(view, action, reason, params, given_seen) is None, (action, reason, params)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 2**32), st.integers(8, 18))
def test_the_hints_reason_read_off_its_search_is_true_in_every_deal_the_view_allows(preset, seed, moves):
    from bummerl.bots.hints import hint

    rng = random.Random(seed)
    hand = random_position(Rules.preset(preset), seed % 2, rng, moves)
    if hand is None or len(hand.legal()) < 2:
        return
    view = hand.view(hand.to_act)
    found = hint(view, random.Random(seed))  # a count over the search's worlds is counted again over them
    assert false_claim(view, found.action, found.reason, found.params, found.seen) is None, found


# Clubs are trump. Every club is seen (in the leader's hand, or the face-up jack) ...
ALL_CLUBS_SEEN = ("AC TC KC QC AH", "AS TS KS QS JS", "JC", "TH KH QH AD TD KD QD JD JH")
# ... or the ten, king and queen of clubs are unseen: the opponent may hold them.
CLUBS_OUT = ("AH TH KH QH JC", "AS TS KS QS JS", "AC", "TC KC QC AD TD KD QD JD JH")

# (position, lead, the reason and its figures, reasons the old rule gave that are false
# there): the opponent holds 5 of the 14 unseen cards, 3 of them trumps in CLUBS_OUT, so it
# holds none in C(11, 5) / C(14, 5) = 462 / 2002 of the deals, 23%.
LEADS = [
    # nothing can take the ace (in Sharp, with no trick yet, it wins the lead to declare 40)
    (ALL_CLUBS_SEEN, "play AH", {"soft": (R.LEAD_HIGH, {}), "sharp": (R.LEAD_TO_MARRY, {"points": 40})}, []),
    (CLUBS_OUT, "play AH", (R.LEAD_TOP, {"safe": 23}),
     [(R.LEAD_HIGH, {}), (R.LEAD_TOP, {"safe": 30})]),  # it may be trumped
    (CLUBS_OUT, "play JC", (R.LEAD_TRUMP, {}), []),  # a higher trump may be out
    (ALL_CLUBS_SEEN, "play QC", (R.LEAD_HIGH, {}), [(R.LEAD_TRUMP, {})]),  # no trump to draw
]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("position, lead, said, false", LEADS)
def test_a_lead_is_called_sure_or_drawing_trumps_only_where_the_deals_allow(preset, position, lead, said, false):
    view = dealt(*position, preset).view(0)
    said = said[preset] if isinstance(said, dict) else said
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


# Reasons read off what the search saw: ``hints.Seen`` holds the worlds it searched and
# each one's values; a reason that counts the worlds is counted again over the same ones.

def _seen(view, opponent_hands=None, values=None, count: int = 8, seed: int = 0):
    """A ``Seen`` over worlds of ``view``: the opponent holding each of ``opponent_hands``
    (card texts), else ``count`` sampled ones; ``values`` ({action text: game points}) the
    same in each, else every legal action worth 0."""
    from bummerl.bots.hints import Seen
    from bummerl.bots.world import WorldBuilder
    from bummerl.cards import cards_of, parse_action

    from engine.builders import mask

    builder = WorldBuilder(view)
    if opponent_hands is None:
        rng = random.Random(seed)
        worlds = [builder.sample(rng) for _ in range(count)]
    else:
        worlds = []
        for text in opponent_hands:
            held = mask(text)
            rest = [c for c in cards_of(builder.allowed & ~held)] + list(cards_of(builder.talon_only))
            worlds.append(builder.world(held & ~builder.known, rest))
    row = {parse_action(a): 0.0 for a in view.legal}
    row.update({parse_action(a): v for a, v in (values or {}).items()})
    return Seen(tuple(worlds), (1,) * len(worlds), (row,) * len(worlds))


def _known(hand0: str, hand1: str, trump: str, **kw):
    """A phase-2 position (``endgame``) in which every other card is gone: nothing is hidden."""
    from bummerl.cards import ALL_CARDS

    from engine.builders import mask

    hand = endgame(hand0, hand1, trump, **kw)
    hand.won = [ALL_CARDS & ~(mask(hand0) | mask(hand1)), 0]
    return hand


@pytest.mark.parametrize("preset", PRESETS)
def test_a_lead_takes_the_trick_in_as_many_of_the_searched_worlds_as_no_reply_beats_it(preset):
    view = dealt(*CLUBS_OUT, preset).view(0)
    # three worlds in which the opponent holds no trump, one in which it holds the ten
    seen = _seen(view, ["AS TS KS QS JS", "AD TD KD QD JD", "AS KD QD JD JH", "TC TS KS QS JS"])
    said = explain(view, "play AH", seen=seen)
    assert said == (R.TAKES_TRICK, {"won": 3, "worlds": 4})
    assert R.TAKES_TRICK.text(said[1]) == "wins the trick in 3 of 4 possible deals"
    assert false_claim(view, "play AH", *said, seen) is None
    assert false_claim(view, "play AH", R.TAKES_TRICK, {"won": 4, "worlds": 4}, seen) is not None
    assert false_claim(view, "play AH", *said) is not None  # without the worlds it cannot be counted
    assert false_claim(view, "play AH", R.LEAD_HIGH, {}) is not None  # the old "sure winner" is false here
    # a count over a world the view does not allow (the opponent holding the seat's own jack) is false
    beyond = _seen(view, ["AS TS KS QS JS"])
    beyond = type(beyond)(beyond.worlds + (_world_with(view, "JC TS KS QS JS"),), (1, 1), beyond.values * 2)
    assert false_claim(view, "play AH", R.TAKES_TRICK, {"won": 2, "worlds": 2}, beyond) is not None
    # in the worlds where the lead mostly loses, no count speaks for it
    losing = _seen(view, ["TC TS KS QS JS", "KC TS KS QS JS", "AS TS KS QS JS"])
    assert explain(view, "play AH", seen=losing)[0] != R.TAKES_TRICK


def _world_with(view, opponent: str):
    """A ``Hand`` like ``view``'s worlds but with the opponent holding ``opponent``, allowed or not."""
    from bummerl.bots.world import WorldBuilder
    from bummerl.cards import ALL_CARDS, cards_of

    from engine.builders import mask

    builder = WorldBuilder(view)
    held = mask(opponent)
    rest = list(cards_of(ALL_CARDS & ~held & ~view.hand_mask & builder.unseen))
    return builder.world(held, rest)


# Hearts a marriage in the leader's hand, clubs trump with the jack its only trump.
MARRIAGE_IN_HAND = ("KH QH AS TD JC", "AH TH KS QS JS", "AC", "TC KC QC AD KD QD JD JH TS")


@pytest.mark.parametrize("preset", PRESETS)
def test_a_move_keeps_the_marriage_half_the_search_ranks_next(preset):
    view = dealt(*MARRIAGE_IN_HAND, preset).view(0)
    seen = _seen(view, values={"play AS": 1.0, "play QH": 0.5, "play TD": 0.2})
    said = explain(view, "play AS", seen=seen)
    assert said == (R.KEEPS_MARRIAGE, {"card": "QH"})
    assert R.KEEPS_MARRIAGE.text(said[1]) == "keeps the QH for the marriage"
    assert false_claim(view, "play AS", *said) is None
    # playing the king breaks the pair: it keeps no queen for the marriage
    assert explain(view, "play KH", seen=seen)[0] != R.KEEPS_MARRIAGE
    assert false_claim(view, "play KH", R.KEEPS_MARRIAGE, {"card": "QH"}) is not None
    # nor is the ace of spades kept "for the marriage": it is no half of one
    assert false_claim(view, "play TD", R.KEEPS_MARRIAGE, {"card": "AS"}) is not None


@pytest.mark.parametrize("preset", PRESETS)
def test_a_move_keeps_the_last_trump_the_search_ranks_next(preset):
    view = dealt(*MARRIAGE_IN_HAND, preset).view(0)
    seen = _seen(view, values={"play AS": 1.0, "play JC": 0.6})
    said = explain(view, "play AS", seen=seen)
    assert said == (R.KEEPS_LAST_TRUMP, {})
    assert false_claim(view, "play AS", *said) is None
    # with two trumps in hand the jack is not the last one
    two = dealt("KH QH AS QC JC", "AH TH KS QS JS", "AC", "TC KC TD AD KD QD JD JH TS", preset).view(0)
    assert explain(two, "play AS", seen=_seen(two, values={"play AS": 1.0, "play JC": 0.6}))[0] != R.KEEPS_LAST_TRUMP
    assert false_claim(two, "play AS", R.KEEPS_LAST_TRUMP, {}) is not None


@pytest.mark.parametrize("preset", PRESETS)
def test_winning_a_trick_to_declare_a_marriage_is_said_only_where_the_trick_is_sure(preset):
    # the opponent leads the jack of spades: the ace takes it, and king and queen of hearts stay
    hand = play(dealt("KH QH AS TD JC", "AH TH KS QS JS", "AC", "TC KC QC AD KD QD JD JH TS",
                      preset, dealer=0), "play JS")
    view = hand.view(0)
    said = explain(view, "play AS")
    assert said == (R.LEAD_TO_MARRY, {"points": 20})
    assert R.LEAD_TO_MARRY.text(said[1]) == "takes the lead to declare 20"
    assert false_claim(view, "play AS", *said) is None
    # the ten of diamonds loses the trick: no lead to declare with
    assert explain(view, "play TD")[0] != R.LEAD_TO_MARRY
    assert false_claim(view, "play TD", R.LEAD_TO_MARRY, {"points": 20}) is not None
    # leading, the ace of spades may be trumped: the lead is not sure
    lead = dealt(*MARRIAGE_IN_HAND, preset).view(0)
    assert explain(lead, "play AS")[0] != R.LEAD_TO_MARRY
    assert false_claim(lead, "play AS", R.LEAD_TO_MARRY, {"points": 20}) is not None


@pytest.mark.parametrize("preset", PRESETS)
def test_the_card_the_search_ranks_next_may_let_the_opponent_declare(preset):
    # The opponent leads the jack of diamonds: the king takes it, the jack of hearts would
    # give it the lead. In three of the four worlds searched it holds king and queen of spades.
    hand = play(dealt("AH TC JH AS KD", "AD KS QS TH JD", "AC", "KC QC JC TD QD KH QH TS JS", preset,
                      dealer=0), "play JD")
    view = hand.view(0)
    values = {"play KD": 1.0, "play JH": 0.5}
    seen = _seen(view, ["KS QS AD TH", "KS QS TD KH", "KS QS JS TS", "QD TD KH JC"], values)
    said = explain(view, "play KD", seen=seen)
    assert said == (R.GIVES_MARRIAGE, {"card": "JH", "points": 20})
    assert R.GIVES_MARRIAGE.text(said[1]) == "JH may let them declare 20"
    assert false_claim(view, "play KD", *said, seen) is None
    assert false_claim(view, "play KD", R.GIVES_MARRIAGE, {"card": "JH", "points": 40}, seen) is not None
    # in two of four it is not said; where no world holds the pair, it would be false
    half = _seen(view, ["KS QS AD TH", "KS QS TD KH", "JS TS TD KH", "QD TD KH JC"], values)
    assert explain(view, "play KD", seen=half)[0] != R.GIVES_MARRIAGE
    none = _seen(view, ["JS TS TD KH", "QD TD KH JC"], values)
    assert false_claim(view, "play KD", R.GIVES_MARRIAGE, {"card": "JH", "points": 20}, none) is not None
    # the jack of hearts and the ace of spades both lose the trick: no contrast to speak of
    assert false_claim(view, "play AS", R.GIVES_MARRIAGE, {"card": "JH", "points": 20}, seen) is not None


@pytest.mark.parametrize("preset", PRESETS)
def test_a_trick_that_brings_the_seat_to_66_says_so_and_what_comes_next(preset):
    # the opponent leads the ten of hearts; the ace takes it: 51 + 21 = 72
    hand = play(_known("AH JS QD", "TH KS JD", "C", leader=1, points=(51, 20), rules=preset), "play TH")
    view = hand.view(0)
    said = explain(view, "play AH")
    expected = R.TO_66_WON if preset == "soft" else R.TO_66
    assert said == (expected, {"score": 72})
    assert said[0].text(said[1]) == ("brings you to 72: the hand is won" if preset == "soft"
                                     else "brings you to 72: claim next")
    assert false_claim(view, "play AH", *said) is None
    # the jack of spades loses it: 51 stays 51
    assert explain(view, "play JS")[0] not in (R.TO_66, R.TO_66_WON)
    assert false_claim(view, "play JS", expected, {"score": 72}) is not None
    # on the last trick of a hand claimed by hand no claim follows: it is not said
    last = play(_known("AH", "TH", "C", leader=1, points=(51, 20), rules=preset), "play TH").view(0)
    if preset == "sharp":
        assert explain(last, "play AH")[0] != R.TO_66
        assert false_claim(last, "play AH", R.TO_66, {"score": 72}) is not None


@pytest.mark.parametrize("preset", PRESETS)
def test_a_marriage_that_brings_the_seat_to_66_says_so(preset):
    hand = _known("KH QH AS", "TH KS JD", "C", leader=0, points=(50, 20), rules=preset)
    view = hand.view(0)
    said = explain(view, "marry H")
    assert said == ((R.TO_66_WON if preset == "soft" else R.TO_66), {"score": 70})
    assert false_claim(view, "marry H", *said) is None
    assert false_claim(view, "marry H", said[0], {"score": 50}) is not None


@pytest.mark.parametrize("preset", PRESETS)
def test_a_trick_taken_says_the_score_it_brings_with_a_marriage_declared_before_it(preset):
    deal_ = dealt("KH QH AH JS QD", "TH JH KS JD TC", "AC", "KC QC JC AD TD KD AS TS QS", preset)
    if preset == "soft":  # 20 declared before the first trick, and the queen lost: it counts from the next
        hand, pending = play(deal_, "marry H", "play QH", "play TH", "play JH"), 20
    else:  # no marriage before a trick (and none in hand, or the lead to declare it speaks first)
        deal_ = dealt("TS QH AH JS QD", "TH JH KS JD TC", "AC", "KC QC JC AD TD KD AS KH QS", preset)
        hand, pending = play(deal_, "play JS", "play KS", "play JH"), 0
    view = hand.view(0)
    said = explain(view, "play AH")
    assert said == (R.SCORE_TO, {"points": 13, "score": 13 + pending})
    assert R.SCORE_TO.text(said[1]) == f"takes 13: brings you to {13 + pending} of 66"
    assert false_claim(view, "play AH", *said) is None
    assert false_claim(view, "play AH", R.SCORE_TO, {"points": 13, "score": 33 - pending}) is not None
    assert false_claim(view, "play QD", R.SCORE_TO, {"points": 5, "score": 5 + pending}) is not None  # it loses
