"""The puzzle collection's strict reader (`bummerl.puzzles`): a well-formed collection reads
back as it was written, and every malformation is refused with a NotationError naming the
field."""
import copy
import json
import random

import pytest

from bummerl import SHARP, SOFT, deal
from bummerl.errors import NotationError
from bummerl.puzzles import (
    DIFFICULTIES, THEMES, Puzzle, check, load_collection, read_collection,
)
from bummerl.record import encode_record, from_record
from bummerl.review import judge


def played(rules, seed: int) -> dict:
    """A whole hand, each seat playing its first legal action."""
    hand = deal(rules, 0, random.Random(seed))
    while not hand.over:
        hand = hand.apply(hand.legal()[0])
    return hand.to_record()


def question(record: dict) -> int:
    """The first step where the seat to move has three or more actions."""
    hand = from_record({**record, "actions": []})
    for step, action in enumerate(record["actions"]):
        if len(hand.legal()) >= 3:
            return step
        hand = hand.apply(action)
    raise AssertionError("no question in this hand")


def entry(record: dict, id_: str, **changes) -> dict:
    step = question(record)
    legal = from_record({**record, "actions": record["actions"][:step]}).legal()
    values = {a: (1.25 if i == 1 else -0.5) for i, a in enumerate(legal)}
    obj = {"id": id_, "record": encode_record(record), "step": step, "values": values, "answer": legal[1],
           "exact": False, "worlds": 768, "themes": ["closing", "counting"], "difficulty": "medium",
           "reason": "close_odds", "reason_params": {"won": 18, "worlds": 24}}
    obj.update(changes)
    return obj


SOFT_RECORD, SHARP_RECORD = played(SOFT, 3), played(SHARP, 5)


@pytest.fixture
def doc():
    return {"format": 1, "made_by": "python -m bummerl_lab.puzzles --seed 1", "margin": 0.5,
            "puzzles": [entry(SOFT_RECORD, "k3f9qa"), entry(SHARP_RECORD, "0a1b2c", exact=True, worlds=0,
                                                            themes=["last-tricks"], reason="exact",
                                                            reason_params={})]}


def refused(doc, field: str) -> str:
    with pytest.raises(NotationError) as caught:
        read_collection(doc)
    assert caught.value.where == field, str(caught.value)
    return str(caught.value)


def test_a_well_formed_collection_reads_back_as_written(doc):
    puzzles = read_collection(doc)
    assert [p.id for p in puzzles] == ["k3f9qa", "0a1b2c"]
    assert [p.preset for p in puzzles] == ["soft", "sharp"]
    first = puzzles[0]
    assert first.record == {**SOFT_RECORD, "actions": list(SOFT_RECORD["actions"])}
    assert first.seat == from_record({**SOFT_RECORD, "actions": SOFT_RECORD["actions"][:first.step]}).to_act
    assert first.themes == ("closing", "counting") and first.difficulty in DIFFICULTIES
    assert [p.to_json() for p in puzzles] == doc["puzzles"]
    assert first.summary() == {"id": "k3f9qa", "preset": "soft", "themes": ["closing", "counting"],
                               "difficulty": "medium"}


def test_the_collection_reads_from_json_text(doc):
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"))
    assert [p.id for p in load_collection(text)] == ["k3f9qa", "0a1b2c"]
    with pytest.raises(NotationError, match="duplicate key"):
        load_collection(text.replace('{"answer"', '{"answer":"x","answer"', 1))


def test_a_puzzles_decision_judges_an_answer_by_its_values(doc):
    puzzle = read_collection(doc)[0]
    decision = puzzle.decision()
    assert decision.played == decision.best == puzzle.answer and decision.seat == puzzle.seat
    assert judge(decision, puzzle.answer) == (0.0, "best")
    other = next(a for a in puzzle.values if a != puzzle.answer)
    assert judge(decision, other) == (1.75, "blunder")


def test_check_accepts_a_puzzle_whose_answer_is_best_by_the_margin(doc):
    puzzle = read_collection(doc)[0]
    check(puzzle, 1.75)
    with pytest.raises(NotationError, match="less than the margin"):
        check(puzzle, 1.8)


def test_a_document_that_is_no_collection_is_refused(doc):
    refused([doc], "collection")
    refused({k: v for k, v in doc.items() if k != "margin"}, "collection")
    refused({**doc, "extra": 1}, "collection")


def test_another_format_is_refused(doc):
    assert "expected 1" in refused({**doc, "format": 2}, "format")


def test_a_margin_that_is_no_positive_number_is_refused(doc):
    refused({**doc, "margin": "0.5"}, "margin")
    refused({**doc, "margin": 0}, "margin")


def test_made_by_must_be_a_short_text(doc):
    refused({**doc, "made_by": ""}, "made_by")


def test_puzzles_must_be_a_list(doc):
    refused({**doc, "puzzles": {"0": doc["puzzles"][0]}}, "puzzles")


def change(doc, index: int = 0, **changes) -> dict:
    doc = copy.deepcopy(doc)
    doc["puzzles"][index].update(changes)
    return doc


def test_a_puzzle_with_a_missing_or_unknown_key_is_refused(doc):
    broken = copy.deepcopy(doc)
    del broken["puzzles"][1]["reason"]
    assert "missing reason" in refused(broken, "puzzles[1]")
    assert "unknown key" in refused(change(doc, colour="red"), "puzzles[0]")


@pytest.mark.parametrize("bad", ["k3f9q", "k3f9qaa", "K3F9QA", "123456", "k3-9qa", 123456])
def test_an_id_not_of_six_letters_and_digits_with_a_letter_is_refused(doc, bad):
    refused(change(doc, id=bad), "puzzles[0].id")


def test_a_duplicate_id_is_refused(doc):
    assert "also puzzles[0]" in refused(change(doc, 1, id="k3f9qa"), "puzzles[1].id")


def test_an_unreadable_packed_record_is_refused(doc):
    refused(change(doc, record=doc["puzzles"][0]["record"][:-3] + "!!!"), "puzzles[0].record")
    refused(change(doc, record=7), "puzzles[0].record")


def test_a_record_whose_rules_are_no_preset_is_refused(doc):
    record = {**SOFT_RECORD, "rules": {"preset": "soft", "claim": "manual"}}
    assert "preset" in refused(change(doc, record=encode_record(record)), "puzzles[0].record")


def test_a_record_with_an_illegal_action_is_refused(doc):
    packed = doc["puzzles"][0]["record"]
    head, deal_text, actions = packed.split(".")
    illegal = actions[:-1] + "z"  # closing after the last trick
    assert "does not replay" in refused(change(doc, record=f"{head}.{deal_text}.{illegal}"), "puzzles[0].record")


def test_a_step_outside_the_record_is_refused(doc):
    refused(change(doc, step=len(SOFT_RECORD["actions"]) + 1), "puzzles[0].step")
    refused(change(doc, step=-1), "puzzles[0].step")
    refused(change(doc, step=True), "puzzles[0].step")


def test_a_step_after_the_hand_is_over_is_refused(doc):
    assert "over" in refused(change(doc, step=len(SOFT_RECORD["actions"])), "puzzles[0].step")


def test_values_missing_a_legal_action_are_refused(doc):
    values = dict(doc["puzzles"][0]["values"])
    values.pop(next(a for a in values if a != doc["puzzles"][0]["answer"]))
    assert "missing" in refused(change(doc, values=values), "puzzles[0].values")


def test_values_of_an_illegal_action_are_refused(doc):
    values = {**doc["puzzles"][0]["values"], "claim": 0.0}
    assert "not legal" in refused(change(doc, values=values), "puzzles[0].values")


@pytest.mark.parametrize("bad", ["1.0", True, None, 4.0, -9])
def test_a_value_that_is_no_game_points_is_refused(doc, bad):
    values = dict(doc["puzzles"][0]["values"])
    action = next(iter(values))
    values[action] = bad
    refused(change(doc, values=values), f"puzzles[0].values[{action}]")


def test_an_action_not_in_record_notation_is_refused(doc):
    values = {a.replace("play ", "play  "): v for a, v in doc["puzzles"][0]["values"].items()}
    refused(change(doc, values=values), "puzzles[0].values")
    refused(change(doc, answer="lead AS"), "puzzles[0].answer")


def test_an_illegal_answer_is_refused(doc):
    puzzle = doc["puzzles"][0]
    held = set(from_record({**SOFT_RECORD, "actions": SOFT_RECORD["actions"][:puzzle["step"]]}).legal())
    illegal = next(f"play {c}{s}" for s in "HDCS" for c in "ATKQJ" if f"play {c}{s}" not in held)
    assert "not legal" in refused(change(doc, answer=illegal), "puzzles[0].answer")


def test_an_answer_not_best_by_the_margin_is_refused(doc):
    other = next(a for a in doc["puzzles"][0]["values"] if a != doc["puzzles"][0]["answer"])
    assert "less than the margin" in refused(change(doc, answer=other), "puzzles[0].values")
    assert "less than the margin" in refused({**doc, "margin": 2.0}, "puzzles[0].values")


def test_exact_must_be_true_or_false(doc):
    refused(change(doc, exact="true"), "puzzles[0].exact")


def test_worlds_must_be_zero_exactly_when_the_values_are_exact(doc):
    refused(change(doc, 1, worlds=768), "puzzles[1].worlds")
    refused(change(doc, 0, worlds=0), "puzzles[0].worlds")
    refused(change(doc, 0, worlds=768.0), "puzzles[0].worlds")


def test_an_unknown_theme_is_refused(doc):
    refused(change(doc, themes=["closing", "bluffing"]), "puzzles[0].themes[1]")


@pytest.mark.parametrize("bad", [[], ["counting", "closing"], ["closing", "closing"], "closing",
                                 list(THEMES) + ["closing"]])
def test_themes_must_be_distinct_and_in_their_order(doc, bad):
    refused(change(doc, themes=bad), "puzzles[0].themes")


def test_an_unknown_difficulty_is_refused(doc):
    refused(change(doc, difficulty="fiendish"), "puzzles[0].difficulty")


def test_an_unknown_reason_is_refused(doc):
    refused(change(doc, reason="because"), "puzzles[0].reason")


def test_reason_params_hold_only_short_texts_and_numbers(doc):
    refused(change(doc, reason_params={"won": [18]}), "puzzles[0].reason_params.won")
    refused(change(doc, reason_params=[18, 24]), "puzzles[0].reason_params")


def test_every_field_of_a_puzzle_is_read():
    assert set(Puzzle.__dataclass_fields__) - {"packed"} | {"record"} == {
        "id", "record", "step", "values", "answer", "exact", "worlds", "themes", "difficulty", "reason",
        "reason_params"}


def test_reading_without_the_check_leaves_the_replay_to_the_caller(doc):
    other = next(a for a in doc["puzzles"][0]["values"] if a != doc["puzzles"][0]["answer"])
    broken = change(doc, answer=other)
    puzzle = read_collection(broken, checked=False)[0]
    assert puzzle.answer == other
    with pytest.raises(NotationError, match="less than the margin"):
        check(puzzle, broken["margin"])
    with pytest.raises(NotationError, match=r"puzzles\[0\]\.id"):
        read_collection(change(broken, id="???"), checked=False)  # the rest is read as strictly
