"""The page boots from this machine alone and reports when a player can act."""


def test_page_boots_ready_without_leaving_the_machine(open_table):
    table = open_table()
    assert table.body("ready") == "1"
    assert table.outside == []
    assert all(u.startswith(table.base_url) or u.startswith(("data:", "blob:"))
               for u in table.requests)


def test_first_visit_without_query(open_table):
    table = open_table(query="")
    assert table.turn == "you"  # you lead the first hand
    assert table.page.is_hidden("#notice")
    assert len(table.playable()) == 5
    assert table.page.get_attribute("#howto", "open") is not None  # first visit: rules in brief
    table.reload()
    assert table.page.get_attribute("#howto", "open") is None


def test_language_defaults_to_the_browser(open_table):
    table = open_table(query="", locale="de-AT")
    assert table.body("lang") == "de"
    assert table.page.get_attribute("html", "lang") == "de"
    assert "Regeln" in table.page.inner_text("header")
