"""Hard plays exactly as recorded: the same action and the same values in every decision
of ``hard_decisions.json`` (written by ``hard_decisions.py``; see there for what it holds)."""

import json

import pytest

from .hard_decisions import FIXTURE, KINDS, decide

ENTRIES = json.loads(FIXTURE.read_text())


def test_fixture_covers_every_kind_of_decision_in_both_presets():
    seen = {(e["rules"], e["kind"], e["every_action"]) for e in ENTRIES}
    assert seen == {(r, k, e) for r in ("soft", "sharp") for k in KINDS for e in (False, True)}
    assert any(e["board"] for e in ENTRIES) and any(not e["board"] for e in ENTRIES)
    assert any(e["close_odds"] for e in ENTRIES)


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: f"{e['rules']}-{e['deal']}-{len(e['actions'])}"
                         f"-{'review' if e['every_action'] else 'play'}")
def test_hard_gives_the_recorded_action_and_values(entry):
    now = decide(entry)
    assert now["best"] == entry["best"]
    for key in ("means", "point_means"):
        assert list(now[key]) == list(entry[key])
        assert now[key] == pytest.approx(entry[key], abs=1e-12, rel=0)
    assert now["close_odds"] == entry["close_odds"]
