"""The shipped puzzle collection (assets/puzzles.json) and the lab command that makes it
(`bummerl_lab.puzzles`): every puzzle re-checked from its stored evaluation, the exact ones
solved again, the generator deterministic, and `python -m bummerl puzzles`."""
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bummerl.bots.hints import explain
from bummerl.puzzles import DIFFICULTIES, THEMES, check, load_collection
from bummerl.record import encode_record
from bummerl_lab import puzzles as lab

ROOT = Path(__file__).resolve().parents[2]
FILE = ROOT / "assets" / "puzzles.json"
ENV = dict(os.environ, PYTHONPATH=str(ROOT / "src"))  # (the environment: a coverage run follows)


@pytest.fixture(scope="module")
def shipped():
    text = FILE.read_text(encoding="utf-8")
    return text, json.loads(text), load_collection(text)


def test_the_collection_holds_at_least_300_puzzles_in_at_most_200_kb(shipped):
    text, doc, puzzles = shipped
    assert len(puzzles) >= 300
    assert len(text.encode("utf-8")) <= 200_000
    assert doc["margin"] == lab.MARGIN == 0.5
    assert doc["made_by"].startswith("python -m bummerl_lab.puzzles --seed ")


def test_the_file_is_written_as_the_generator_writes_it(shipped):
    text, doc, _ = shipped
    assert lab.dumps(doc) == text  # keys sorted, compact, one final newline
    assert [p["id"] for p in doc["puzzles"]] == sorted(p["id"] for p in doc["puzzles"])


def test_every_shipped_answer_is_legal_and_best_by_the_margin(shipped):
    started = time.process_time()
    _, doc, puzzles = shipped
    for puzzle in puzzles:
        check(puzzle, doc["margin"])  # legal, the values cover exactly the legal actions, best by 0.5
        hand = puzzle.position()
        assert set(puzzle.values) == set(hand.legal())
        others = [v for a, v in puzzle.values.items() if a != puzzle.answer]
        assert puzzle.values[puzzle.answer] - max(others) >= doc["margin"] - 1e-9
        assert len(lab.choices(hand.view(hand.to_act))) >= 2  # a real choice, not just a false claim
    assert time.process_time() - started < 60


def test_every_exact_puzzle_is_solved_again_to_its_stored_values(shipped):
    started = time.process_time()
    _, _, puzzles = shipped
    exact = [p for p in puzzles if p.exact]
    assert exact
    for puzzle in exact:
        hand = puzzle.position()
        view = hand.view(hand.to_act)
        values, deals = lab.exact_values(view)
        assert puzzle.values == pytest.approx(values, abs=1e-4), puzzle.id
        assert deals >= 1 and puzzle.worlds == 0
    assert time.process_time() - started < 60


def test_sampled_puzzles_say_how_many_worlds_they_searched(shipped):
    _, _, puzzles = shipped
    sampled = [p for p in puzzles if not p.exact]
    assert sampled and all(1 <= p.worlds <= lab.REFERENCE.most_worlds for p in sampled)
    assert all(not p.position().phase2 for p in sampled)  # the last phase is always exact


def test_themes_difficulty_and_reason_follow_from_the_position_and_the_answer(shipped):
    _, _, puzzles = shipped
    for puzzle in puzzles:
        assert puzzle.themes and set(puzzle.themes) <= set(THEMES) and puzzle.difficulty in DIFFICULTIES
        hand = puzzle.position()
        view = hand.view(hand.to_act)
        picks = lab._lazy(lab.bot_picks, view)
        assert puzzle.themes == lab.themes(view, puzzle.values, puzzle.answer, picks), puzzle.id
        odds = (puzzle.reason_params["won"], puzzle.reason_params["worlds"]) if puzzle.reason == "close_odds" else None
        reason, params = explain(view, puzzle.answer, odds)  # (a close's reason reads its search's odds)
        assert (reason.value, params) == (puzzle.reason, puzzle.reason_params), puzzle.id
        assert puzzle.reason not in ("equal", "about_equal")  # the answer is best by the margin
    assert {t for p in puzzles for t in p.themes} == set(THEMES)


def test_the_difficulty_is_the_first_bot_that_finds_the_answer(shipped):
    _, _, puzzles = shipped
    for puzzle in random.Random(5).sample(puzzles, 12):
        hand = puzzle.position()
        picks = lab.bot_picks(hand.view(hand.to_act))
        assert lab.difficulty(picks, puzzle.answer) == puzzle.difficulty, puzzle.id


def test_ids_are_the_hash_of_record_and_step(shipped):
    _, _, puzzles = shipped
    for puzzle in puzzles:
        assert puzzle.packed == encode_record(puzzle.record)
        assert lab.puzzle_id(puzzle.packed, puzzle.step, set()) == puzzle.id


def test_no_theme_takes_more_than_its_share_and_no_hand_more_than_its_number(shipped):
    _, _, puzzles = shipped
    for theme in THEMES:
        assert sum(theme in p.themes for p in puzzles) <= max(int(lab.MOST_SHARE * len(puzzles)) + 1, 1)
    per_hand = {}
    for p in puzzles:
        per_hand[p.packed] = per_hand.get(p.packed, 0) + 1
    assert max(per_hand.values()) <= lab.PER_HAND


def run_generator(tmp_path, name: str, *args, hashseed: str = "0") -> bytes:
    out = tmp_path / name
    env = dict(ENV, PYTHONHASHSEED=hashseed)
    run = subprocess.run([sys.executable, "-m", "bummerl_lab.puzzles", "--out", str(out), "--quick", "--count", "3",
                          "--hands", "2", *args], capture_output=True, text=True, env=env, timeout=600)
    assert run.returncode == 0, run.stderr
    return out.read_bytes()


def test_the_generator_gives_the_same_bytes_for_the_same_seed_and_other_bytes_for_another(tmp_path):
    first = run_generator(tmp_path, "a.json", "--seed", "1", hashseed="1")
    assert run_generator(tmp_path, "b.json", "--seed", "1", "--jobs", "2", hashseed="2") == first
    other = run_generator(tmp_path, "c.json", "--seed", "2")
    assert other != first
    doc = json.loads(first)
    assert doc["made_by"] == "python -m bummerl_lab.puzzles --seed 1 --count 3 --hands 2 --quick"
    assert 1 <= len(load_collection(first.decode())) <= 3


def test_a_cached_hand_gives_the_same_collection(tmp_path):
    doc, _ = lab.generate(3, count=2, hands=1, quick=True, cache=str(tmp_path / "cache"))
    assert len(list((tmp_path / "cache").iterdir())) == 1
    again, figures = lab.generate(3, count=2, hands=1, quick=True, cache=str(tmp_path / "cache"))
    assert lab.dumps(again) == lab.dumps(doc)


def test_selection_serves_the_least_filled_theme_and_caps_hands_and_shares():
    def candidate(hand, step, *themes):
        return {"hand": hand, "record": f"r{hand}", "step": step, "themes": list(themes)}

    many = [candidate(h, s, "last-tricks") for h in range(10) for s in range(5)]
    rare = [candidate(20, 1, "exchange"), candidate(21, 1, "closing", "marriage")]
    chosen = lab.select(many + rare, 10)
    assert rare[0] in chosen and rare[1] in chosen  # the rare themes come first
    assert sum("last-tricks" in c["themes"] for c in chosen) <= int(lab.MOST_SHARE * 10)
    assert all(sum(c["hand"] == h for c in chosen) <= lab.PER_HAND for h in range(10))


def test_the_command_line_lists_the_collection(shipped, tmp_path):
    _, _, puzzles = shipped
    run = subprocess.run([sys.executable, "-m", "bummerl", "puzzles", "--json"], capture_output=True, text=True,
                         env=ENV)
    assert run.returncode == 0, run.stderr
    listed = json.loads(run.stdout)
    assert listed == [{"id": p.id, "preset": p.preset, "themes": list(p.themes), "difficulty": p.difficulty}
                      for p in puzzles]
    assert {p["preset"] for p in listed} == {"soft", "sharp"}
    run = subprocess.run([sys.executable, "-m", "bummerl", "puzzles"], capture_output=True, text=True, env=ENV)
    assert run.returncode == 0 and run.stdout.splitlines()[0].split() == ["id", "preset", "difficulty", "themes"]
    assert run.stdout.splitlines()[-1] == f"{len(puzzles)} puzzles"


def test_the_command_line_says_what_is_wrong_with_a_missing_or_broken_file(tmp_path):
    run = subprocess.run([sys.executable, "-m", "bummerl", "puzzles", "--json", "--file", str(tmp_path / "none.json")],
                         capture_output=True, text=True, env=ENV)
    assert run.returncode == 1 and "No such file" in json.loads(run.stdout)["error"]
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"format": 1, "made_by": "x", "margin": 0.5, "puzzles": [{"id": "abc"}]}))
    run = subprocess.run([sys.executable, "-m", "bummerl", "puzzles", "--file", str(broken)], capture_output=True,
                         text=True, env=ENV)
    assert run.returncode == 1 and run.stderr.startswith("error: ") and "puzzles[0]" in run.stderr


def test_the_collection_is_neither_in_the_bytecode_archive_nor_precached_on_the_first_visit():
    import zipfile

    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import build_sw
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert "assets/puzzles.json" not in build_sw.files()
    assert "puzzles.json" not in (ROOT / "precache.js").read_text()
    with zipfile.ZipFile(ROOT / "assets" / "py" / "bummerl.zip") as archive:
        assert not [name for name in archive.namelist() if "puzzles.json" in name]
