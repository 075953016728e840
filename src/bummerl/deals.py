"""A hand dealt from cards placed by hand: some or all of the 20 cards put in a seat's
hand, as the trump card or at a place in the talon, the rest dealt at random.

A placement maps a card (int) to its place: ``SEATS[0]``/``SEATS[1]`` (a seat's hand),
``TRUMP`` (the trump card) or ``TALON + i`` (the talon's card ``i``, 0 = drawn first).
``problems`` says what keeps it from being a deal, as (key, params) pairs a presenter
words; ``deal_placed`` deals it, the cards not placed shuffled by the caller's ``rng``
(the same seed gives the same deal on every run, in CPython and in Pyodide):

>>> import random
>>> from .cards import parse_card
>>> from .rules import SOFT
>>> placed = {parse_card(c): 0 for c in ("AH", "TH", "KH")} | {parse_card("QS"): TRUMP}
>>> problems(placed, rest_random=True)
[]
>>> problems(placed, rest_random=False)[:2]
[('too_few', {'place': 0, 'n': 3, 'needs': 5}), ('too_few', {'place': 1, 'n': 0, 'needs': 5})]
>>> hand = deal_placed(SOFT, 1, placed, random.Random(5))
>>> codes(hand.hands[0])[:3], CARD_CODES[hand.trump_card], hand.leader
(['AH', 'TH', 'KH'], 'QS', 0)
>>> deal_placed(SOFT, 1, placed, random.Random(5)).initial == hand.initial
True
"""
from __future__ import annotations

from .cards import BIT, CARD_CODES, codes
from .hand import Hand
from .rules import Rules

HAND_SIZE = 5
TALON_SIZE = 9  # face down, under them the trump card
SEATS = (0, 1)
TRUMP = 2
TALON = 3  # TALON + i: the talon's card i (0 = the first drawn)
PLACES = (*SEATS, TRUMP, *range(TALON, TALON + TALON_SIZE))


def problems(placed: dict, rest_random: bool) -> list[tuple[str, dict]]:
    """What keeps ``placed`` (card -> place) from being a deal, as (key, params):

    - ``too_many`` / ``too_few``: a seat's hand (``place``) holds ``n`` cards, not ``needs``;
    - ``trump_twice``: ``cards`` are all the trump card; ``no_trump``: none is;
    - ``talon_twice``: the talon's card ``slot`` (1 = drawn first) is given ``cards``;
    - ``talon_short``: the talon has ``n`` cards, not ``needs`` (``slots`` are empty);
    - ``bad_card`` / ``bad_place``: ``value`` is no card (0..19) or no place.

    The ``too_few``, ``no_trump`` and ``talon_short`` problems are only problems when the
    rest is not dealt at random (``rest_random`` False): then every card is placed.
    """
    found: list[tuple[str, dict]] = []
    by_place: dict[int, list[int]] = {place: [] for place in PLACES}
    for card, place in placed.items():
        if not (type(card) is int and 0 <= card < 20):
            found.append(("bad_card", {"value": repr(card)[:12]}))
        elif place not in by_place or type(place) is not int:
            found.append(("bad_place", {"value": repr(place)[:12]}))
        else:
            by_place[place].append(card)
    for seat in SEATS:
        n = len(by_place[seat])
        if n > HAND_SIZE:
            found.append(("too_many", {"place": seat, "n": n, "needs": HAND_SIZE}))
        elif n < HAND_SIZE and not rest_random:
            found.append(("too_few", {"place": seat, "n": n, "needs": HAND_SIZE}))
    trumps = by_place[TRUMP]
    if len(trumps) > 1:
        found.append(("trump_twice", {"cards": [CARD_CODES[c] for c in sorted(trumps)]}))
    elif not trumps and not rest_random:
        found.append(("no_trump", {}))
    empty = []
    talon_cards = 0
    for i in range(TALON_SIZE):
        cards = by_place[TALON + i]
        talon_cards += min(len(cards), 1)
        if len(cards) > 1:
            found.append(("talon_twice", {"slot": i + 1, "cards": [CARD_CODES[c] for c in sorted(cards)]}))
        elif not cards:
            empty.append(i + 1)
    if empty and not rest_random:
        found.append(("talon_short", {"n": talon_cards, "needs": TALON_SIZE, "slots": empty}))
    return found


def deal_placed(rules: Rules, dealer: int, placed: dict, rng) -> Hand:
    """The hand dealt by ``dealer`` (the other seat leads first) with the cards of
    ``placed`` where it puts them and the others shuffled by ``rng`` (a
    ``random.Random``) into the places left: seat 0's hand, seat 1's, the trump card, the
    talon from its first card on. ValueError when ``problems`` finds any (the rest
    counted as at random)."""
    found = problems(placed, rest_random=True)
    if found:
        raise ValueError(f"not a deal: {found[0][0]} {found[0][1]}")
    hands = [[c for c, p in sorted(placed.items()) if p == seat] for seat in SEATS]
    trump = next((c for c, p in placed.items() if p == TRUMP), None)
    talon = [next((c for c, p in placed.items() if p == TALON + i), None) for i in range(TALON_SIZE)]
    rest = [c for c in range(20) if c not in placed]
    rng.shuffle(rest)
    for cards in hands:
        while len(cards) < HAND_SIZE:
            cards.append(rest.pop())
    if trump is None:
        trump = rest.pop()
    talon = [rest.pop() if card is None else card for card in talon]
    masks = [sum(BIT[c] for c in cards) for cards in hands]
    return Hand(rules, dealer, masks, trump, talon)


__all__ = ["HAND_SIZE", "PLACES", "SEATS", "TALON", "TALON_SIZE", "TRUMP", "deal_placed", "problems"]
