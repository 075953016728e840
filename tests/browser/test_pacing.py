"""The bot's moves are paced so a person can follow them; reduced motion drops animations
(the card led, the card drawn)."""
import time

import pytest


@pytest.mark.parametrize("motion, least", [("reduce", 0.4), ("no-preference", 0.8)])
def test_bot_moves_are_paced(open_table, motion, least):
    table = open_table("seed=71", reduced_motion=motion)  # no ?pace: the page's own pacing
    state = table.state()
    card = table.playable()[0]
    start = time.monotonic()
    table.play(card)
    elapsed = time.monotonic() - start
    after = table.state()
    bot_moves = len(after["history"]) - len(state["history"]) - 1
    if bot_moves:
        assert elapsed >= least * bot_moves * 0.9
    fresh = table.page.locator("#trick .fresh").first
    if fresh.count():
        name = fresh.evaluate("e => getComputedStyle(e).animationName")
        assert (name == "none") == (motion == "reduce")
    drawn = table.page.locator("#hand .arrived")  # the card drawn after the trick slides in
    if after["talon"] < state["talon"]:
        assert drawn.count() == 1
        name = drawn.first.evaluate("e => getComputedStyle(e).animationName")
        assert (name == "none") == (motion == "reduce")
