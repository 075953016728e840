"""The review of a hand in the page: it thinks in slices while the page answers clicks (and
while the page waits for your moves, so that it is there soon after the hand), then shows
one row per decision of yours and the graph; accessible on a phone and a desktop."""
import json

import pytest

from bummerl.record import from_record
from bummerl_web.links import make_link


@pytest.mark.parametrize("width, height", [(360, 640), (1280, 800)])
def test_a_played_hand_is_reviewed_row_by_row_with_a_graph(open_table, width, height):
    table = open_table("seed=61&pace=0", viewport={"width": width, "height": height})
    table.play_hand()
    # The page reviews your decisions while it waits for you: the review is there at once.
    table.page.wait_for_selector('body[data-review-ahead="done"]', state="attached", timeout=60_000)
    if width == 1280:
        table.page.click('#actions [data-action="review"]')
        table.page.wait_for_selector("#review:not([hidden])")
        assert table.page.get_attribute("#review", "data-done") == "1"
    else:  # the same hand's review link (as shared), on a phone-class CPU: reviewed from
        # scratch while the page answers clicks
        record = json.loads(table.storage()["bummerl"])["match"]["hand"]
        cpu = table.context.new_cdp_session(table.page)
        cpu.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        table.open(make_link(record=record, review=True) + "&pace=0")
        table.page.wait_for_selector("#review:not([hidden])")
        assert table.page.get_attribute("#review", "data-done") == "0"
        tick = table.body("tick")
        table.page.click('header [data-action="deck"]')
        table.page.wait_for_function("t => document.body.dataset.tick !== t && document.body.dataset.deck === 'de'",
                                     arg=tick, timeout=5_000)
        cpu.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        table.page.wait_for_selector('#review[data-done="1"]', state="attached", timeout=60_000)
    rows = table.page.locator("#review [data-review-step]")
    record = table.state()["record"]
    hand, decisions = from_record({**record, "actions": []}), 0
    for action in record["actions"]:
        decisions += hand.to_act == 0
        hand = hand.apply(action)
    assert rows.count() == decisions > 0
    assert table.page.locator("#review svg.review-graph").count() == 1
    assert not table.axe_problems("#review")
    step = int(rows.nth(1).get_attribute("data-review-step"))
    table._click(f'#review [data-review-step="{step}"]')
    assert table.state()["replay"]["step"] == step  # the replay shows that decision's position


def _puzzle_case():
    """A hand of Medium against Easy, a decision of seat 0 in it with a choice, and that
    decision as the review values it (in CPython: the page's figures are the same)."""
    import random

    from bummerl import SOFT, deal
    from bummerl.bots import choose
    from bummerl.review import Reviewer

    hand = deal(SOFT, 0, random.Random(64))
    rng = random.Random(4)
    while not hand.over:
        hand = hand.apply(choose(hand.view(hand.to_act), "medium" if hand.to_act == 0 else "easy", rng))
    record = hand.to_record()
    position = from_record({**record, "actions": []})
    for step, action in enumerate(record["actions"]):
        if step > 2 and position.to_act == 0 and len(position.legal()) > 2:
            break
        position = position.apply(action)
    [decision] = Reviewer(record, 0, steps={step}).result().decisions
    return record, step, decision


def _answer(table, action: str) -> None:
    if action.startswith("play "):
        table.page.click(f'#hand button[data-card="{action.split()[1]}"]')
    else:
        kind, _, suit = action.partition(" ")
        table.page.click(f'#actions button[data-action="{kind}"]' + (f'[data-suit="{suit}"]' if suit else ""))


def test_a_puzzle_link_asks_the_position_and_judges_a_right_and_a_wrong_answer(open_table):
    from bummerl.review import judge
    from bummerl_web.links import make_link

    record, step, decision = _puzzle_case()
    worst = min(decision.values, key=decision.values.get)
    table = open_table(make_link(record=record, at=step, puzzle=True) + "&pace=0")
    assert table.turn == "puzzle" and table.state()["puzzle"]["answer"] is None
    assert table.page.locator("#opponent .card.back, #opponent .back").count() > 0  # its cards face down
    _answer(table, worst)
    table.page.wait_for_selector("#board [data-mark]", timeout=60_000)
    expected = judge(decision, worst)[1]
    assert table.page.get_attribute("#board [data-mark]", "data-mark") == expected != "best"
    assert "game points less than" in table.page.inner_text("#board")
    table._click('#board [data-action="puzzle-again"]')
    _answer(table, decision.best)
    table.page.wait_for_selector('#board [data-mark="best"]')
    assert not table.axe_problems("#board")
    table._click('#board [data-action="puzzle-show"]')
    assert table.turn == "replay" and table.state()["replay"]["step"] == step


def test_a_record_link_opens_straight_into_its_review(open_table):
    from bummerl_web.links import make_link

    record, _, _ = _puzzle_case()
    table = open_table(make_link(record=record, review=True) + "&pace=0", viewport={"width": 360, "height": 640})
    table.page.wait_for_selector('#review[data-done="1"]', state="attached", timeout=60_000)
    assert table.page.locator("#review [data-review-step]").count() > 0
    table._click('#review [data-action="review-bot"]')  # the bot's decisions too
    table.page.wait_for_selector('#review[data-done="1"] tr[data-seat="bot"]', state="attached", timeout=60_000)
    assert not table.axe_problems("#review")
