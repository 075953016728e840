"""Links (bummerl_web.links) in CPython: round trips, and every bad value noticed briefly."""
import doctest

import pytest

from bummerl import Rules
from bummerl_web import links
from bummerl_web.links import make_link, parse_link, parse_query


def test_doctests():
    assert doctest.testmod(links).failed == 0


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
    for bad in ("0", "-2", "x", "%C2%B2", "1000001"):
        link = parse_link(f"seed=9&hand={bad}")
        assert link.hand is None and link.notices[0].startswith("hand:")


@pytest.mark.parametrize("value", ["%C2%B2", "%D9%A3", "%EF%BC%93", "9" * 5000, "1e3", " 4", "4 ", "+4"])
def test_seeds_are_ascii_digits_only_and_short_notices_say_so(value):
    link = parse_link(f"seed={value}")
    assert link.seed is None
    assert link.notices[0].startswith("seed: ") and link.notices[0].endswith("is not a whole number; ignored")
    assert len(link.notices[0]) < 100


def test_a_long_rule_value_is_quoted_briefly_not_with_pythons_digit_limit_message():
    link = parse_link("rules=soft,match_bummerls=" + "9" * 5000)
    assert link.rules is None and len(link.notices) == 1
    assert "int_max_str_digits" not in link.notices[0] and len(link.notices[0]) < 160


def test_repeated_parameters_and_options_say_which_value_counted():
    link = parse_link("rules=sharp,claim=auto,claim=manual&seed=3&seed=4")
    assert link.rules == Rules.preset("sharp").with_options(claim="auto") and link.seed == 3
    assert link.notices == ["rules: claim given twice; the first value (auto) counts",
                            "seed: given twice; the first value ('3') counts"]


@pytest.mark.parametrize("value, embedded", [("1", True), ("", True), ("true", True), ("0", False), ("false", False)])
def test_embed_zero_means_not_embedded(value, embedded):
    link = parse_link(f"seed=3&embed={value}")
    assert link.embed is embedded and link.notices == []


def test_query_values_are_percent_decoded_like_a_browser_sends_them():
    assert parse_query("rules=sharp%2Cclaim%3Dauto&lang=de&x=%E2%82%AC+1&bad=%zz") == [
        ("rules", "sharp,claim=auto"), ("lang", "de"), ("x", "€ 1"), ("bad", "%zz")]
    assert parse_link("rules=sharp%2Cclaim%3Dauto").rules == Rules.preset("sharp").with_options(claim="auto")


def test_a_record_links_position_review_and_puzzle_round_trip_and_bad_ones_are_noticed():
    from .test_web_share import played_record

    record = played_record()
    link = parse_link(make_link(record=record, at=5, review=True))
    assert (link.record, link.at, link.review, link.puzzle, link.notices) == (record, 5, True, False, [])
    link = parse_link(make_link(record=record, at=5, puzzle=True))
    assert (link.at, link.puzzle, link.notices) == (5, True, [])
    link = parse_link("at=3&review=1")  # without a record
    assert (link.at, link.review) == (None, False) and link.notices == ["at, review, puzzle, play: only with a record; ignored"]
    link = parse_link(make_link(record=record) + "&puzzle=1")
    assert not link.puzzle and link.notices == ["puzzle: needs at (the position to solve); ignored"]
    link = parse_link(make_link(record=record) + "&at=x&review=maybe")
    assert link.at is None and not link.review
    assert [n.split(":")[0] for n in link.notices] == ["at", "review"]
