"""The end of a hand and of a Bummerl on the table, statistics kept beside the match,
and the table's small confirmations (rules waiting for the next hand, link copied)."""
import json

import pytest

from bummerl import Match, Rules
from bummerl_web.settings import BOT, default_settings

STATS = "bummerl.stats"


def saved_match(seed: int, board, lang: str = "en") -> str:
    """A saved match one hand before the end of its Bummerl (board: points still to go)."""
    match = Match.new(Rules.preset("soft"), seed=seed, first_dealer=BOT)
    match.deal_next()
    match.board = list(board)
    return json.dumps({"app": "bummerl", "version": 1, "rev": 1, "settings": default_settings(lang),
                       "match": match.to_json(), "log": []})


@pytest.mark.parametrize("lang, words", [
    ("en", ("Bot's remaining cards", "Bot has no cards left.", "Final board:", "New Bummerl")),
    ("de", ("Die restlichen Karten des Computers", "Der Computer hat keine Karten mehr.",
            "Endstand:", "Neues Bummerl")),
])
def test_end_of_hand_and_of_bummerl_summary_and_statistics(open_table, lang, words):
    cards_caption, no_cards, final, new_bummerl = words
    table = open_table("pace=0", storage={"bummerl": saved_match(12, [1, 1], lang)})
    state = table.play_hand()
    summary = table.page.locator("#trick .summary")
    text = summary.inner_text()
    bot_cards = summary.locator(".bot-cards [data-card]").count()
    assert (cards_caption in text and bot_cards) or no_cards in text
    assert final in text  # the final board before it was reset to 7
    assert summary.locator(".bummerl-end").count() == 1
    assert state["board"] == [7, 7] and sum(state["bummerls"]) == 1
    assert table.page.inner_text('#actions [data-action="next-hand"]') == new_bummerl
    assert not table.axe_problems("#trick")
    stats = json.loads(table.storage()[STATS])["tallies"]["medium/soft"]
    won = state["outcome"]["winner"] == "you"
    assert (stats["hands_won"], stats["bummerl_won"], stats["bummerl_lost"]) == (int(won), int(won), int(not won))
    table.reload()  # counted once: not again on reload
    assert json.loads(table.storage()[STATS])["tallies"]["medium/soft"] == stats
    table.page.click('header [data-action="stats"]')
    table.page.wait_for_selector("#stats-panel[open]")
    assert table.page.locator("#stats-panel table.stats tbody tr").count() == 1
    assert not table.axe_problems("#stats-panel")
    table.page.click('#stats-panel [data-action="dialog-close"]')
    table.next_hand()
    assert table.state()["hand_no"] == 2 and not table.page.locator("#trick .summary").count()


def test_corrupt_statistics_are_set_aside_with_a_notice(open_table):
    table = open_table("seed=13&pace=0", storage={STATS: "{not json"})
    assert "statistics could not be read" in table.page.inner_text("#notice")
    assert table.storage()[f"{STATS}.aside.1"] == "{not json"
    table.page.click('header [data-action="stats"]')
    table.page.wait_for_selector("#stats-panel[open]")
    assert "could not be read" in table.page.inner_text("#stats-panel")
    table.page.click('#stats-panel [data-action="dialog-close"]')


def test_deeply_nested_statistics_are_set_aside_and_the_page_plays(open_table):
    # json.loads on 100,000 open brackets overflows Pyodide's stack: the strict reader
    # refuses them before parsing, and the key is set aside like any unreadable one.
    deep = "[" * 100_000
    table = open_table("seed=17&pace=0", storage={STATS: deep})
    assert "statistics could not be read" in table.page.inner_text("#notice")
    assert table.storage()[f"{STATS}.aside.1"] == deep
    table.play(table.playable()[0])


def test_the_board_shows_the_final_board_until_new_bummerl(open_table):
    table = open_table("pace=0", storage={"bummerl": saved_match(18, [1, 1])})
    state = table.play_hand()
    assert state["board"] == [7, 7]  # the engine has reset it for the next Bummerl
    final = [1 - (state["outcome"]["winner"] == seat) * state["outcome"]["game_points"]
             for seat in ("you", "bot")]
    final = [max(points, 0) for points in final]
    shown = table.page.eval_on_selector_all("#board .tafel b", "els => els.map(e => Number(e.textContent))")
    assert shown == final  # what was played, as the summary says
    assert f"Final board: you {final[0]}, Bot {final[1]}." in table.page.inner_text("#trick .summary")
    assert "you get 1." not in table.status()
    assert "Bummerl" in table.status()
    table.next_hand()
    shown = table.page.eval_on_selector_all("#board .tafel b", "els => els.map(e => Number(e.textContent))")
    assert shown == [7, 7]


def test_statistics_of_another_tab_are_picked_up_and_reset_asks_first(open_table):
    table = open_table("seed=16&pace=0")
    other = table.twin("pace=0")
    other.page.click('header [data-action="stats"]')
    other.page.wait_for_selector("#stats-panel .stats-empty")
    table.play_hand()
    counted = json.loads(table.storage()[STATS])
    other.page.wait_for_selector("#stats-panel tbody tr")  # the open panel follows
    other.page.click('#stats-panel [data-action="stats-reset"]')
    other.page.wait_for_selector("#confirm[open]")
    assert not other.axe_problems("#confirm")
    other.page.click('#confirm [data-action="confirm-no"]')
    assert json.loads(other.storage()[STATS]) == counted
    other.page.click('#stats-panel [data-action="stats-reset"]')
    other.page.click('#confirm [data-action="stats-reset-yes"]')
    other.page.wait_for_selector("#stats-panel .stats-empty")
    assert json.loads(other.storage()[STATS])["tallies"] == {}


def test_rule_changes_wait_for_the_next_hand_with_a_visible_note(open_table):
    table = open_table("seed=14&pace=0")
    table.apply_rules("sharp")
    assert "apply from the next hand" in table.page.inner_text("#notice")
    table.play(table.playable()[0])
    assert table.page.locator("#notice").is_visible()
    table.play_hand()
    table.next_hand()
    assert table.page.locator("#notice").is_hidden()
    assert table.state()["hand_rules"] == "sharp"


def test_hint_argues_beside_the_turn_prompt_and_a_copied_link_is_confirmed(open_table):
    table = open_table("seed=15&pace=0", permissions=["clipboard-read", "clipboard-write"])
    prompt = table.status()
    table.page.click('#actions [data-action="hint"]')
    table.page.wait_for_selector("#hint:not([hidden])")
    assert table.page.inner_text("#hint").startswith("Hint:")
    assert table.status() == prompt  # the prompt stays
    table.page.click("#share summary")
    table.page.click('#share [data-action="copy-link"]')
    table.page.wait_for_selector("#toast:not([hidden])")
    assert table.page.inner_text("#toast") == "Link copied"
