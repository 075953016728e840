"""Packed records (for links): round trips, and clear errors for damaged input."""

import random

import pytest

from bummerl import NotationError, Rules, deal
from bummerl.record import decode_record, encode_record


@pytest.mark.parametrize("seed", range(30))
def test_packed_record_round_trips_random_hands_and_rules(seed):
    rng = random.Random(seed)
    rules = Rules(**{name: rng.choice(values) for name, values in Rules.OPTIONS.items()})
    hand = deal(rules, seed % 2, rng)
    while not hand.over:
        hand = hand.apply(rng.choice(hand.legal()))
    record = hand.to_record()
    text = encode_record(record)
    assert decode_record(text) == record
    assert all(c.isalnum() or c == "." for c in text) and len(text) < 80


@pytest.mark.parametrize(
    "text, message",
    [
        ("211a5.abcdopqrstklmnfghije.at", "char 0: packed record version '2'"),
        ("111a5.abcdopqrstklmnfghiz.at", "char 6: the deal needs 20 card letters, not 19"),
        ("111a5.abcdopqrstklmnfghije.a!", "char 28: '!' is not an action character"),
        ("1x1a5.abcdopqrstklmnfghije.", "char 1: dealer must be 0 or 1"),
        ("garbage", "a packed record has the form"),
        ("11\u0661a5.abcdopqrstklmnfghije.at", "char 2: rules must be 3 hex digits"),
        ("111a5.abcdopqrstklmnfghije." + "a" * 5000, "a packed record has at most 91 characters, not 5,027"),
    ],
)
def test_damaged_packed_records_say_where(text, message):
    with pytest.raises(NotationError, match=message.replace("(", r"\(")):
        decode_record(text)
