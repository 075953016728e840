"""Invariants over random legal playouts in both presets (Hypothesis draws every action)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bummerl import Hand, Rules, deal, from_record, replay
from bummerl.cards import ALL_CARDS, BIT, CARD_INDEX, POINTS, cards_of, parse_card

PRESETS = st.sampled_from(["soft", "sharp"])


def play_out(data, rules_name, seed, dealer):
    hand = deal(Rules.preset(rules_name), dealer, random.Random(seed))
    hands = [hand]
    for _ in range(60):  # a hand has at most 10 tricks, 4 extra actions per lead
        if hand.over:
            break
        hand = hand.apply(data.draw(st.sampled_from(hand.legal())))
        hands.append(hand)
    return hands


def located(hand: Hand) -> list[int]:
    """Every card's location, to check that none is lost or doubled."""
    parts = [hand.hands[0], hand.hands[1], hand.won[0], hand.won[1]]
    if hand.lead >= 0:
        parts.append(BIT[hand.lead])
    if hand.drawn < 9:
        parts.append(sum(BIT[c] for c in hand.talon[hand.drawn:]))
    if hand.trump_card >= 0:
        parts.append(BIT[hand.trump_card])
    return parts


@settings(max_examples=150, deadline=None)
@given(st.data(), PRESETS, st.integers(0, 2**32), st.integers(0, 1))
def test_random_playouts_keep_every_invariant(data, rules_name, seed, dealer):
    hands = play_out(data, rules_name, seed, dealer)
    last = hands[-1]
    assert last.over, "every hand ends within 60 actions"
    assert 1 <= last.outcome.game_points <= 3
    for h in hands:
        parts = located(h)
        total = 0
        for p in parts:
            assert total & p == 0, "a card is in two places"
            total |= p
        assert total == ALL_CARDS, "a card went missing"
        assert sum(POINTS[c] for c in cards_of(h.won[0] | h.won[1])) == sum(h.points)
        assert not h.hands[0] & h.lacks[0] and not h.hands[1] & h.lacks[1]
        if not h.phase2:
            assert bin(h.hands[0]).count("1") + bin(h.hands[1]).count("1") in (9, 10)
    assert sum(last.points) <= 120


@settings(max_examples=100, deadline=None)
@given(st.data(), PRESETS, st.integers(0, 2**32))
def test_a_view_never_shows_hidden_cards(data, rules_name, seed):
    for h in play_out(data, rules_name, seed, 0):
        for seat in (0, 1):
            v = h.view(seat)
            other = 1 - seat
            visible = h.hands[seat] | h.won[0] | h.won[1] | h.revealed[other]
            if h.lead >= 0:
                visible |= BIT[h.lead]
            if h.trump_card >= 0:
                visible |= BIT[h.trump_card]
            hidden = ALL_CARDS & ~visible
            assert v.unseen_mask == hidden
            shown = set(v.hand) | set(v.opponent_known) | set(v.won[0]) | set(v.won[1])
            shown |= {v.trump_card} - {None}
            if v.trick:
                shown.add(v.trick[1])
            assert not {CARD_INDEX[c] for c in shown} & set(cards_of(hidden))
            # Hidden cards reshuffled between the opponent's hand and the talon: same view.
            assert other_world(h, seat).view(seat) == v


def other_world(h: Hand, seat: int) -> Hand:
    """The same position with the seat's hidden cards dealt differently."""
    other = 1 - seat
    twin = h.copy()
    hidden_in_hand = h.hands[other] & ~h.revealed[other]
    talon_left = list(h.talon[h.drawn:]) if h.drawn < 9 else []
    pool = list(cards_of(hidden_in_hand)) + talon_left
    pool.reverse()
    n = bin(hidden_in_hand).count("1")
    twin.hands[other] = (h.hands[other] & h.revealed[other]) | sum(BIT[c] for c in pool[:n])
    if talon_left:
        twin.talon = h.talon[: h.drawn] + tuple(pool[n:])
    return twin


@settings(max_examples=100, deadline=None)
@given(st.data(), PRESETS, st.integers(0, 2**32))
def test_swapping_seats_mirrors_the_result(data, rules_name, seed):
    hands = play_out(data, rules_name, seed, 0)
    record = hands[-1].to_record()
    mirrored = dict(record, dealer=1 - record["dealer"], hands=record["hands"][::-1])
    a, b = replay(record), replay(mirrored)
    assert b["winner"] == 1 - a["winner"] and b["game_points"] == a["game_points"]
    assert b["scores"] == a["scores"][::-1] and b["tricks"] == a["tricks"][::-1]


@settings(max_examples=100, deadline=None)
@given(st.data(), PRESETS, st.integers(0, 2**32))
def test_replaying_a_recorded_hand_reproduces_it(data, rules_name, seed):
    hands = play_out(data, rules_name, seed, 1)
    for h in (hands[len(hands) // 2], hands[-1]):
        again = from_record(h.to_record())
        assert again.view(0) == h.view(0) and again.view(1) == h.view(1)
        assert again.outcome == h.outcome


def test_relabelling_non_trump_suits_does_not_change_the_result():
    swap = {"H": "D", "D": "H", "C": "C", "S": "S"}  # clubs stay trump
    rng = random.Random(9)
    for _ in range(200):
        h = deal(Rules(), 0, rng)
        if h.trump != 2:
            continue
        while not h.over:
            h = h.apply(rng.choice(h.legal()))
        rec = h.to_record()
        relabel = lambda code: code[0] + swap[code[1]]  # noqa: E731
        other = dict(
            rec,
            hands=[[relabel(c) for c in hand] for hand in rec["hands"]],
            trump=relabel(rec["trump"]),
            talon=[relabel(c) for c in rec["talon"]],
            actions=[
                a.split()[0] + " " + (relabel(a.split()[1]) if a.startswith("play") else swap[a.split()[1]])
                if " " in a else a
                for a in rec["actions"]
            ],
        )
        a, b = replay(rec), replay(other)
        assert (a["winner"], a["game_points"], a["scores"]) == (b["winner"], b["game_points"], b["scores"])


def test_parse_card_round_trip():
    assert all(parse_card(code) == i for code, i in CARD_INDEX.items())


@given(st.integers(min_value=0, max_value=ALL_CARDS))
def test_cards_of_lists_exactly_the_cards_of_a_mask_in_card_order(mask):
    assert cards_of(mask) == tuple(c for c in range(20) if mask & BIT[c])
