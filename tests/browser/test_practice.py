"""Practice at the table in the page: open hand shows the bot's five cards, take back
restores the exact position before your move (also after a reload, and at the hand's end:
the board before its result), a practice hand's summary says so and it is counted apart; axe-clean on a phone and a desktop, in English
and German. One page, booted once."""
import json

from conftest import STORAGE_KEY

STATS = "bummerl.stats"


def bot_cards(table) -> list:
    """The bot's cards shown face up: (card, its accessible name)."""
    return table.page.eval_on_selector_all(
        "#opponent .fan .card[data-card]", "els => els.map(e => [e.dataset.card, e.getAttribute('aria-label')])")


def saved_match(table) -> dict:
    return json.loads(table.storage()[STORAGE_KEY])["match"]


def axe_clean(table, width: int, height: int) -> None:
    table.page.set_viewport_size({"width": width, "height": height})
    assert not table.axe_problems(), (width, height)
    table.open_rules()
    assert not table.axe_problems("#rules-panel"), (width, height)
    table.page.click('#rules-panel [data-action="rules-cancel"]')
    table.page.wait_for_selector("#rules-panel:not([open])", state="attached")


def test_open_hand_and_take_back_restore_your_position_and_make_a_practice_hand(open_table):
    table = open_table("seed=5&pace=0", viewport={"width": 1280, "height": 800})
    assert table.page.locator("#opponent .fan .card.back").count() == 5  # off by default
    table.apply_rules(open_hand=True, take_back=True)

    shown = bot_cards(table)
    assert len(shown) == 5 and not table.page.locator("#opponent .fan .card.back").count()
    assert all(name and name != card for card, name in shown)  # named for screen readers
    assert "take-back" not in table.actions()  # no move of yours yet

    before, match_before, hand_before = table.state(), saved_match(table), table.hand()
    table.play(table.playable()[0])
    assert table.state()["history"] != before["history"]
    assert "take-back" in table.actions()
    axe_clean(table, 1280, 800)
    table._click('#actions [data-action="take-back"]')
    assert table.state() == before and saved_match(table) == match_before
    assert table.hand() == hand_before and bot_cards(table) == shown
    assert table.page.evaluate("document.activeElement.closest('#hand') !== null")  # your turn: a card has the focus

    table.play(table.playable()[-1])
    after_move = table.state()
    table.reload()  # the saved match is the position on show
    assert table.state() == after_move, (table.state(), after_move)
    assert bot_cards(table) and not table.page.locator("#opponent .fan .card.back").count()  # still open
    table._click('#actions [data-action="take-back"]')
    assert table.state() == before
    table.reload()
    assert table.state() == before and saved_match(table) == match_before

    table.switch_language()
    axe_clean(table, 1280, 800)
    axe_clean(table, 360, 640)
    table.switch_language()
    axe_clean(table, 360, 640)

    noted = []  # before each of your moves: the page's summary, the saved match, the score board

    def note_and_play(table):
        noted.append((table.state(), saved_match(table), table.page.inner_text("#board")))
        return table.playable()[0]

    table.play_hand(note_and_play)
    before, match_before, board_before = noted[-1]
    kept = json.loads(table.storage()[STATS])
    assert "take-back" in table.actions() and "next-hand" in table.actions()  # at the hand's end
    table._click('#actions [data-action="take-back"]')  # your last move, the one that ended the hand
    assert table.state() == before and saved_match(table) == match_before
    assert table.page.inner_text("#board") == board_before  # the old board, the result gone
    assert json.loads(table.storage()[STATS])["practice"] != kept["practice"]  # its count gone too
    table.play(table.playable()[0])
    summary = table.page.inner_text("#trick .summary")
    assert "A practice hand (open hand or take back): counted apart in the statistics." in summary
    assert table.state()["practice"]
    kept = json.loads(table.storage()[STATS])
    assert kept["tallies"] == {} and sum(kept["practice"]["medium/soft"][k] for k in ("hands_won", "hands_lost")) == 1
    assert not table.axe_problems("#trick")
