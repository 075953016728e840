"""The page boots from this machine alone and reports when a player can act."""


def test_page_boots_ready_without_leaving_the_machine(open_table):
    table = open_table()
    assert table.body("ready") == "1"
    assert table.outside == []
    assert all(u.startswith(table.base_url) or u.startswith(("data:", "blob:"))
               for u in table.requests)
