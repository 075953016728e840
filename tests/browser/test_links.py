"""Links (bummerl_web.links): seed, rules, language and deck from the URL; bad parts noticed."""


def test_link_sets_rules_language_and_deck(open_table):
    table = open_table("seed=51&rules=sharp,claim=auto&lang=de&deck=de&zoom=2&pace=0")
    state = table.state()
    assert state["seed"] == 51
    assert state["hand_rules"] == {"preset": "sharp", "claim": "auto"}
    assert table.body("lang") == "de" and table.body("deck") == "de"
    notice = table.page.inner_text("#notice")
    assert "zoom" in notice
    table.play(table.playable()[0])
    assert table.page.is_hidden("#notice")  # gone once you play
