"""Packed records and links: round trips, and clear errors for damaged input."""

import random

import pytest

from bummerl import NotationError, Rules, deal
from bummerl.share import decode_record, encode_record, make_link, parse_link


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
    ],
)
def test_damaged_packed_records_say_where(text, message):
    with pytest.raises(NotationError, match=message.replace("(", r"\(")):
        decode_record(text)


def test_link_round_trip_reproduces_seed_rules_language_and_deck():
    rules = Rules.preset("sharp").with_options(false_claim="mirror", match_bummerls=3)
    query = make_link(seed=123, rules=rules, lang="en", deck="de")
    link = parse_link("?" + query)
    assert (link.seed, link.rules, link.lang, link.deck, link.notices) == (123, rules, "en", "de", [])


def test_malformed_link_parameters_are_ignored_with_notices():
    link = parse_link("seed=-4&rules=soft,claim=sometimes&lang=fr&record=zzz")
    assert link.seed is None and link.rules is None and link.lang is None and link.record is None
    assert [n.split(":")[0] for n in link.notices] == ["seed", "rules", "lang", "record"]


def test_hand_number_round_trips_and_bad_numbers_are_noticed():
    link = parse_link(make_link(seed=9, hand=4))
    assert (link.seed, link.hand, link.notices) == (9, 4, [])
    for bad in ("0", "-2", "x"):
        link = parse_link(f"seed=9&hand={bad}")
        assert link.hand is None and link.notices[0].startswith("hand:")


def test_query_values_are_percent_decoded_like_a_browser_sends_them():
    from bummerl.share import parse_query

    assert parse_query("rules=sharp%2Cclaim%3Dauto&lang=de&x=%E2%82%AC+1&bad=%zz") == [
        ("rules", "sharp,claim=auto"), ("lang", "de"), ("x", "€ 1"), ("bad", "%zz")]
    assert parse_link("rules=sharp%2Cclaim%3Dauto").rules == Rules.preset("sharp").with_options(claim="auto")
