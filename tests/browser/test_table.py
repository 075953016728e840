"""The table in a real browser: a module-scoped page (one Pyodide boot), driven like a player."""
import pytest


@pytest.fixture(scope="module")
def table(open_table):
    return open_table("seed=11&pace=0")


def test_shell_and_controls(table):
    page = table.page
    assert table.body("ready") == "1"
    assert len(table.hand()) == 5
    for button in page.query_selector_all("#hand [data-card]"):
        assert button.evaluate("e => e.tagName") == "BUTTON"
        assert button.get_attribute("aria-label")
    assert page.locator("#opponent .card.back").count() == 5
    assert page.locator("#talon .card").count() >= 1
    assert not page.locator("header button[disabled]").count()


def test_full_hand_soft(table):
    state = table.play_hand()
    assert state["outcome"]["game_points"] in (1, 2, 3)
    assert table.actions() == ["next-hand", "review"]
    board = state["board"]
    assert sorted(board)[0] == 7 - state["outcome"]["game_points"] or state["bummerls"] != [0, 0]
    table.next_hand()
    assert table.state()["hand_no"] == 2
    assert len(table.hand()) == 5


def test_illegal_card_says_why(table):
    """In phase 2, unplayable cards are marked and carry a reason."""
    for _ in range(40):
        if table.turn == "over":
            table.next_hand()
        blocked = table.page.locator('#hand button[aria-disabled="true"][data-why]')
        if table.turn == "you" and blocked.count():
            why = blocked.first.get_attribute("data-why")
            assert why
            blocked.first.focus()
            assert why in table.status()
            before = table.state()["history"]
            blocked.first.click(force=True)  # aria-disabled: Playwright would wait
            assert table.state()["history"] == before  # nothing happened
            return
        table.play(table.playable()[0]) if table.turn == "you" else table.wait_ready()
    pytest.skip("no blocked card came up")


def test_language_and_deck_switch(table):
    page = table.page
    assert page.get_attribute("html", "lang") == "en"
    table.switch_language()
    assert page.get_attribute("html", "lang") == "de"
    assert "Regeln" in page.inner_text("header")
    assert table.body("lang") == "de"
    first = table.hand()[0]
    label = page.get_attribute(f'#hand [data-card="{first}"]', "aria-label")
    assert "-" in label  # "Herz-Ass"
    table.switch_deck()
    assert table.body("deck") == "de"
    assert page.get_attribute(f'#hand [data-card="{first}"]', "data-deck") == "de"
    table.switch_deck()
    table.switch_language()
    assert page.get_attribute("html", "lang") == "en"


def test_rules_panel_lists_every_option(table):
    table.open_rules()
    panel = table.page.locator("#rules-panel")
    for name in ("exchange_with_two_left", "trick_before_exchange", "close_with_two_left",
                 "trick_before_marriage", "marriage_leads_king", "claim", "false_claim",
                 "closing_counts_later_tricks", "schneider_bummerl", "see_own_tricks",
                 "points_counter"):
        assert panel.locator(f'[name="{name}"]').count() == 1, name
    panel.locator('button[data-preset="sharp"]').click()
    assert panel.locator('[name="claim"]').input_value() == "manual"
    panel.locator('button[data-action="rules-cancel"]').click()
    table.page.wait_for_selector("#rules-panel:not([open])", state="attached")
    assert table.state()["rules"] == "soft"


def test_keyboard_only_hand(table):
    page = table.page
    while table.turn != "over":
        if table.turn == "you":
            page.focus("#hand button")  # tab stop into the hand
            for _ in range(6):
                focused = page.evaluate("document.activeElement.getAttribute('aria-disabled')")
                if focused != "true":
                    break
                page.keyboard.press("ArrowRight")
            table.press("Enter")
    # focus stays in the player's area: the next-hand button is reachable by keyboard
    page.locator("#actions [data-action=next-hand]").focus()
    table.press("Enter")
    assert table.turn in ("you", "bot")


def test_accessibility_scan(table):
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(table.page)
    bad = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
    assert not bad, [(v["id"], v["help"], [n["target"] for n in v["nodes"]][:3]) for v in bad]


def test_hint_marks_a_legal_move(table):
    if table.turn == "over":
        table.next_hand()
    prompt = table.status()
    table.page.click('#actions [data-action="hint"]')
    table.page.wait_for_selector(".hinted")
    assert table.page.inner_text("#hint").startswith("Hint:")
    assert table.status() == prompt  # the hint does not replace the turn prompt
    hinted = table.page.locator(".hinted").first
    card = hinted.get_attribute("data-card")
    assert card is None or card in table.playable()


def test_accessibility_scan_german_deck_and_rules_panel(table):
    from axe_playwright_python.sync_playwright import Axe

    table.switch_language()
    table.switch_deck()
    table.open_rules()
    try:
        for context in (None, "#rules-panel"):
            results = Axe().run(table.page, context=context) if context else Axe().run(table.page)
            bad = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
            assert not bad, [(v["id"], v["help"], [n["target"] for n in v["nodes"]][:3]) for v in bad]
    finally:
        table.page.click('#rules-panel [data-action="rules-cancel"]')
        table.switch_deck()
        table.switch_language()


def test_four_colour_option(table):
    table.apply_rules(four_colours=True)
    assert table.page.get_attribute("html", "data-colours") == "4"
    table.apply_rules(four_colours=False)
    assert table.page.get_attribute("html", "data-colours") == "2"


def test_results_list_stays_open_across_moves(table):
    if not table.page.locator("#board details.results").count():
        table.play_hand()
        table.next_hand()
    table.page.click("#board details.results summary")
    if table.turn == "over":
        table.next_hand()
    table.play(table.playable()[0])
    assert table.page.get_attribute("#board details.results", "open") is not None
    assert "Hand 1:" in table.page.inner_text("#board details.results")


def test_last_trick_stays_until_the_next_card(table):
    """On lead you still see the last trick (both cards); when following, the card led."""
    if table.turn == "over":
        table.next_hand()
    seen = set()
    while table.turn == "you":
        played = table.page.locator("#trick .played").count()
        last = table.page.locator("#trick .caption").count()
        tricks = sum(table.state()["tricks"])
        if last:
            assert played == 2 and tricks >= 1
            seen.add("last")
        elif tricks:
            assert played == 1  # following: the bot's lead (the last trick gave way to it)
            seen.add("lead")
        table.play(table.playable()[0])
    assert "last" in seen
