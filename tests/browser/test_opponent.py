"""The opponent a player meets: a first visit chooses its level in one step, the table
names the level, and a changed level is the one that plays next."""
import json

STATS = "bummerl.stats"


def level_shown(table) -> str:
    return table.page.inner_text("#opponent .level")


def test_a_first_visit_offers_the_opponent_and_the_chosen_level_is_what_plays(open_table):
    table = open_table("seed=51&pace=0")
    choice = table.page.locator("#trick .level-choice")
    assert choice.is_visible() and level_shown(table) == "Opponent: Medium"
    assert choice.locator("[data-level]").count() == 3
    assert "counts cards" in choice.inner_text()  # what the chosen level does
    assert not table.axe_problems("#trick")
    table._click('#trick [data-level="hard"]')
    assert table.page.get_attribute('#trick [data-level="hard"]', "aria-pressed") == "true"
    assert "plays for the Bummerl" in choice.inner_text()
    assert level_shown(table) == "Opponent: Hard" and table.state()["bot"] == "hard"
    table.play(table.playable()[0])
    assert not choice.count()  # the first move puts the choice away
    table.play_hand()
    assert "Opponent: Hard" in table.page.inner_text("#trick .summary")
    assert list(json.loads(table.storage()[STATS])["tallies"]) == ["hard/soft"]  # Hard played it

    table.apply_rules(bot="easy")  # a changed level plays from its next move on
    assert level_shown(table) == "Opponent: Easy"
    table.next_hand()
    table.play_hand()
    tallies = json.loads(table.storage()[STATS])["tallies"]
    assert tallies["easy/soft"]["hands_won"] + tallies["easy/soft"]["hands_lost"] == 1
    table.reload()  # a later visit does not ask again
    assert not table.page.locator("#trick .level-choice").count()
