"""The record notation, ``replay`` and the command line."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

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
         "hands[0]: a hand holds 5 cards, not 4"),
        ({"talon": RECORD["talon"][:8]}, "talon: the talon holds 9 face-down cards, not 8"),
        ({"rules": {"claim": "never"}}, "rules: option 'claim' takes one of"),
        ({"dealer": 2}, "dealer: dealer must be 0 or 1, not 2"),
    ],
)
def test_malformed_records_name_the_position(change, message):
    answer = replay(dict(RECORD, **change))
    assert answer["at"] == -1 and answer["error"].startswith(message)


def test_unknown_action_word_names_its_index():
    answer = replay(dict(RECORD, actions=["play AH", "fold"]))
    assert answer == {"error": "actions[1]: unknown action 'fold' (play XX, exchange, close, "
                               "marry S, claim)", "at": 1}


def test_record_round_trip_keeps_rules_deal_and_actions():
    hand = Hand.from_record(dict(RECORD, rules={"preset": "sharp", "claim": "auto"},
                                 actions=["play AH", "play JS"]))
    assert hand.to_record()["rules"] == {"preset": "sharp", "claim": "auto"}
    assert Hand.from_record(hand.to_record()).to_record() == hand.to_record()


def test_from_record_raises_notation_error_for_unreadable_input():
    with pytest.raises(NotationError, match="the record has no 'talon'"):
        Hand.from_record({k: v for k, v in RECORD.items() if k != "talon"})


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "bummerl", *args], input=stdin, capture_output=True, text=True,
        env={"PYTHONPATH": SRC}, timeout=60,
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
