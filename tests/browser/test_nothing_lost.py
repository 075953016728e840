"""Nothing is lost by a click or a link: a deal link plays beside the saved match (two
tabs), "New match" asks before it discards a hand, "Enough!" says what it risks."""
import json

CONFIRM = "#confirm"


def test_deal_link_plays_beside_the_saved_match_and_the_other_tab_is_not_told_otherwise(open_table):
    mine = open_table("seed=5&pace=0")
    mine.play(mine.playable()[0])
    saved = mine.storage()["bummerl"]
    before = mine.state()
    link = mine.twin("seed=9&hand=3&pace=0")  # a friend's deal link, opened in a second tab
    assert link.state()["seed"] == 9 and link.state()["hand_no"] == 3
    banner = link.page.locator("#link-game")
    assert banner.is_visible() and "saved match is kept" in banner.inner_text()
    assert not link.axe_problems("#link-game")
    link.play(link.playable()[0])
    assert link.storage()["bummerl"] == saved  # the saved match was not touched
    mine.page.wait_for_timeout(300)  # a storage event would have arrived by now
    assert mine.page.locator("#notice").is_hidden()  # no false "continued in another tab"
    assert mine.state()["history"] == before["history"]
    link._click('#link-game [data-action="back-to-match"]')
    assert link.page.locator("#link-game").is_hidden()
    back = link.state()
    assert (back["seed"], back["hand_no"], back["history"]) == (5, before["hand_no"], before["history"])


def test_new_match_mid_hand_asks_and_keep_playing_keeps_the_hand(open_table):
    table = open_table("seed=6&pace=0")
    table.play(table.playable()[0])
    before = table.state()
    table.page.click('header [data-action="new-match"]')
    table.page.wait_for_selector(f"{CONFIRM}[open]")
    assert table.page.evaluate("document.activeElement.dataset.action") == "confirm-no"
    assert "Start a new match?" in table.page.inner_text(CONFIRM)
    assert not table.axe_problems(CONFIRM)
    table.page.keyboard.press("Escape")  # as "Keep playing"
    table.page.wait_for_selector(f"{CONFIRM}:not([open])", state="attached")
    assert table.page.evaluate("document.activeElement.dataset.action") == "new-match"  # focus back
    assert table.state()["history"] == before["history"]
    table.page.click('header [data-action="new-match"]')
    table.page.click(f'{CONFIRM} [data-action="confirm-no"]')
    assert table.state()["history"] == before["history"]
    table.page.click('header [data-action="new-match"]')
    table.settle(lambda: table.page.click(f'{CONFIRM} [data-action="confirm-yes"]'))
    after = table.state()
    assert after["seed"] != before["seed"] and after["hand_no"] == 1
    assert table.page.inner_text("#live").startswith("A new match has started. Hand 1 · Bot dealt · Trump")
    assert json.loads(table.storage()["bummerl"])["match"]["seed"] == after["seed"]


def test_sharp_link_and_rules_panel_agree_and_enough_says_what_it_risks(open_table):
    table = open_table("seed=8&rules=sharp&pace=0")
    assert not table.page.locator('#actions [data-action="hint"]').count()  # Sharp: no hints
    table.open_rules()
    assert not table.page.is_checked('#rules-panel [name="hints"]')
    assert table.page.get_attribute('#rules-panel [data-preset="sharp"]', "aria-pressed") == "true"
    table.page.click('#rules-panel [data-action="rules-cancel"]')
    for _ in range(12):
        if "claim" in table.actions():
            break
        table.play(table.playable()[0]) if table.turn == "you" else table.wait_ready()
    assert "claim" in table.actions()
    claim = table.page.locator('#actions [data-action="claim"]')
    described = table.page.inner_text("#" + claim.get_attribute("aria-describedby"))
    assert described == claim.get_attribute("title") == "Only with 66 or more: a false claim loses the hand."
    state = table.state()
    table.claim()
    summary = table.page.inner_text("#trick .summary")
    you, bot = table.state()["scores"]
    if table.state()["outcome"]["winner"] == "bot":
        assert f"False claim: you had only {you} points." in summary
    assert f"You: {you} points," in summary and f"Bot: {bot} points," in summary  # shown in Sharp too
    assert state["hand_no"] == 1


def test_a_second_tab_leaves_the_bots_move_to_the_tab_that_played_and_takes_over_if_it_closes(open_table):
    # Two tabs playing the same bot move could both count the hand it ends.
    table = open_table("seed=7&pace=20000")  # this tab's bot waits 20 s before it moves
    other = table.twin("pace=0")
    before = len(other.state()["history"])
    table.page.click(f'#hand button[data-card="{table.playable()[0]}"]')
    moved = "n => JSON.parse(document.body.dataset.state).history.length >= n"
    other.page.wait_for_function(moved, arg=before + 1)  # your card arrived: the bot is to move
    other.page.wait_for_timeout(1500)
    assert len(other.state()["history"]) == before + 1  # left to the tab that played
    table.page.close()  # that tab is gone: the other one plays the bot's move
    other.page.wait_for_function(moved, arg=before + 2, timeout=15000)
    other.wait_ready()
    assert other.playable()
