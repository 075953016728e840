"""The review of a hand in the page: it thinks in slices while the page answers clicks,
then shows one row per decision of yours and the graph; accessible on a phone and a desktop."""
import pytest

from bummerl.record import from_record


@pytest.mark.parametrize("width, height", [(360, 640), (1280, 800)])
def test_a_played_hand_is_reviewed_row_by_row_with_a_graph(open_table, width, height):
    table = open_table("seed=61&pace=0", viewport={"width": width, "height": height})
    table.play_hand()
    table.page.click('#actions [data-action="review"]')
    table.page.wait_for_selector("#review:not([hidden])")
    if width == 360:  # the page answers a click while Hard reviews
        assert table.page.get_attribute("#review", "data-done") == "0"
        tick = table.body("tick")
        table.page.click('header [data-action="deck"]')
        table.page.wait_for_function("t => document.body.dataset.tick !== t && document.body.dataset.deck === 'de'",
                                     arg=tick, timeout=5_000)
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
