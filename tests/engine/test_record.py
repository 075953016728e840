"""The record notation, ``replay`` and the command line."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bummerl.record import from_record

from bummerl import Hand, NotationError, replay

SRC = str(Path(__file__).resolve().parents[2] / "src")

RECORD = {
    "rules": "soft",
    "dealer": 1,
    "hands": [["AH", "TH", "KH", "QH", "JC"], ["AS", "TS", "KS", "QS", "JS"]],
    "trump": "AC",
    "talon": ["TC", "KC", "QC", "AD", "TD", "KD", "QD", "JD", "JH"],
    "actions": ["marry H", "play KH", "play AS", "exchange", "close", "play AC", "play KC",
                "play TC", "play JS", "play AH", "play QS"],
}


def test_replay_of_a_finished_hand():
    # 20 + (4+11) + (11+4) + (10+2) + (11+3) = 76 on the last trick shown: the closer goes
    # out, and the opponent had no trick when the talon was closed: 3 game points.
    assert replay(RECORD) == {
        "over": True, "winner": 0, "game_points": 3, "scores": [76, 0], "tricks": [4, 0],
        "reason": "reached 66", "termination": "reached_66",
    }


def test_replay_of_an_unfinished_hand_lists_sorted_legal_actions():
    answer = replay(dict(RECORD, actions=["marry H"]))
    assert answer == {"over": False, "to_act": 0, "legal": ["play KH", "play QH"],
                      "scores": [0, 0], "tricks": [0, 0]}


def test_replay_reports_an_illegal_action_with_its_index():
    answer = replay(dict(RECORD, actions=["play AH", "play AH"]))
    assert answer == {"error": "play AH: you do not hold AH", "at": 1}


@pytest.mark.parametrize(
    "change, message",
    [
        ({"hands": [["AH", "TH", "KH", "QH", "XC"], RECORD["hands"][1]]},
         "hands[0][4]: unknown card code 'XC'"),
        ({"trump": "AH"}, "trump: duplicate card AH (also at hands[0][0])"),
        ({"hands": [["AH", "TH", "KH", "QH"], RECORD["hands"][1]]},
         "hands[0]: expected a list of 5 items"),
        ({"talon": RECORD["talon"][:8]}, "talon: expected a list of 9 items"),
        ({"rules": {"claim": "never"}}, "rules: option 'claim' takes one of 'auto', 'manual', not 'never'"),
        ({"rules": {"match_bummerls": 2.0}}, "rules: option 'match_bummerls' takes one of 0, 2, 3, not 2.0"),
        ({"dealer": 2}, "dealer: expected 0 or 1, got 2"),
        ({"dealer": 1.0}, "dealer: expected 0 or 1, got 1.0"),
        ({"dealer": True}, "dealer: expected 0 or 1, got True"),
        ({"trump": "A" * 10_000}, "trump: unknown card code 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA…"),
        ({"actions": ["play " + "A" * 10_000]}, "actions[0]: expected a short text"),
        ({"actions": {"0": "play AH"}}, "actions: expected a list of 0..64 items, got {'0': 'play AH'}"),
        ({"extra": 1}, "record: unknown key 'extra'"),
        ({"dealer": {"x": {1, 2}}}, "dealer: expected 0 or 1, got {'x': {1, 2}}"),
        ({"dealer": list(range(10**5))}, "dealer: expected 0 or 1, got a list of 100,000 items"),
    ],
)
def test_malformed_records_name_the_position(change, message):
    answer = replay(dict(RECORD, **change))
    assert answer["at"] == -1 and answer["error"].startswith(message)


def test_replay_of_a_non_record_says_what_is_wrong_without_raising():
    assert replay({1: 2}) == {"error": "record: missing dealer, hands, trump, talon", "at": -1}
    assert replay(dict(RECORD, **{"1": 2}))["error"] == "record: unknown key '1'"
    assert replay([1, 2])["error"] == "a record must be a JSON object, not list"
    assert replay(dict(RECORD, rules={1: "x"}))["error"].startswith("rules: unknown rule option 1 (known: ")


def test_unknown_action_word_names_its_index():
    answer = replay(dict(RECORD, actions=["play AH", "fold"]))
    assert answer == {"error": "actions[1]: unknown action 'fold' (play XX, exchange, close, "
                               "marry S, claim)", "at": 1}


def test_record_round_trip_keeps_rules_deal_and_actions():
    hand = from_record(dict(RECORD, rules={"preset": "sharp", "claim": "auto"},
                                 actions=["play AH", "play JS"]))
    assert hand.to_record()["rules"] == {"preset": "sharp", "claim": "auto"}
    assert from_record(hand.to_record()).to_record() == hand.to_record()


def test_from_record_raises_notation_error_for_unreadable_input():
    with pytest.raises(NotationError, match="record: missing talon"):
        from_record({k: v for k, v in RECORD.items() if k != "talon"})


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "bummerl", *args], input=stdin, capture_output=True, text=True,
        env=dict(os.environ, PYTHONPATH=SRC), timeout=60,  # (the environment: a coverage run follows)
    )


def test_cli_replay_prints_one_json_object_and_exit_status(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(dict(RECORD, actions=["marry H"])))
    done = run("replay", str(path))
    assert done.returncode == 0 and json.loads(done.stdout)["legal"] == ["play KH", "play QH"]
    bad = run("replay", "-", stdin=json.dumps(dict(RECORD, actions=["close", "close"])))
    assert bad.returncode == 1
    assert json.loads(bad.stdout) == {"error": "close: the talon is already closed", "at": 1}


def test_cli_replay_jsonl_answers_every_line():
    lines = [json.dumps(RECORD), "not json", json.dumps(dict(RECORD, actions=["jump"]))]
    done = run("replay", "--jsonl", "-", stdin="\n".join(lines) + "\n")
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0 and len(answers) == 3
    assert "over" in answers[0] and answers[1]["at"] == -1 and answers[2]["at"] == 0


def test_cli_bench_json_prints_both_figures():
    done = run("bench", "--seconds", "0.05", "--json")
    figures = json.loads(done.stdout)
    assert figures["play_only_hands_per_s"] > 0 and figures["all_actions_hands_per_s"] > 0


@pytest.mark.parametrize("make, message", [
    (lambda tmp: tmp / "missing.json", "No such file or directory"),
    (lambda tmp: tmp, "Is a directory"),
    (lambda tmp: (tmp / "latin1.json").write_bytes(b'{"trump": "\xc4"}') and tmp / "latin1.json",
     "not UTF-8 text (byte 11)"),
])
def test_cli_replay_answers_file_errors_with_the_error_object(tmp_path, make, message):
    path = make(tmp_path)
    for args in (("replay", str(path)), ("replay", "--jsonl", str(path))):
        done = run(*args)
        answer = json.loads(done.stdout)
        assert done.returncode == 1 and answer["at"] == -1 and message in answer["error"], done.stderr
        assert not done.stderr


def test_cli_replay_jsonl_answers_each_bad_line_and_goes_on():
    good = json.dumps(RECORD)
    lines = [
        json.dumps(dict(RECORD, dealer=1.0)),
        '{"dealer": ' + "9" * 5000 + "}",
        "[" * 100_000,
        json.dumps(dict(RECORD, actions=["play AH"], note="a\u2028b\u0085c"), ensure_ascii=False),
        "x" * 1_000_000,
        good,
    ]
    done = run("replay", "--jsonl", "-", stdin="\n".join(lines))
    answers = [json.loads(line) for line in done.stdout.split("\n") if line]
    assert done.returncode == 0 and len(answers) == len(lines), done.stderr
    assert answers[0] == {"error": "dealer: expected 0 or 1, got 1.0", "at": -1}
    assert answers[1]["error"] == "number '" + "9" * 39 + "… has more than 20 digits"
    assert answers[2]["error"] == "nested deeper than 32 levels at char 32"
    assert answers[3]["error"] == "record: unknown key 'note'"  # one line, one answer
    assert answers[4]["error"] == "too large: 1,000,000 characters (at most 100,000)"
    assert answers[5]["over"] is True
    assert max(len(line) for line in done.stdout.split("\n")) < 200


def test_cli_replay_of_deep_json_is_an_error_answer():
    done = run("replay", "-", stdin="[" * 100_000)
    assert done.returncode == 1 and json.loads(done.stdout)["at"] == -1
