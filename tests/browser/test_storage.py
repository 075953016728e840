"""What the browser keeps: resume after reload, bad data set aside, blocked storage, two tabs."""
import json


def test_resume_after_reload(open_table):
    table = open_table("seed=21&pace=0")
    for _ in range(3):
        table.play(table.playable()[0])
    before = table.state()
    hand = table.hand()
    table.reload()
    assert table.state() == before
    assert table.hand() == hand
    assert table.page.is_hidden("#notice")


def test_reload_mid_bot_sequence_resumes_cleanly(open_table):
    """Bot moves are saved one by one; a reload while it thinks resumes its turn."""
    table = open_table("seed=22&pace=400")
    table.page.click(f'#hand button[data-card="{table.playable()[0]}"]')
    table.page.wait_for_function(  # your card is saved; the bot is (most likely) thinking
        "() => JSON.parse(document.body.dataset.state).history.length >= 1")
    table.page.reload()
    table.wait_ready(60_000)
    assert table.turn in ("you", "over")
    assert len(table.state()["history"]) >= 1


def test_corrupt_storage_is_set_aside_with_a_notice(open_table):
    table = open_table("seed=23&pace=0", storage={"bummerl": "{this is not json"})
    notice = table.page.locator("#notice")
    assert notice.is_visible()
    assert "could not be read" in notice.inner_text()
    stored = table.storage()
    assert stored["bummerl.aside.1"] == "{this is not json"
    assert json.loads(stored["bummerl"])["app"] == "bummerl"
    table.play(table.playable()[0])  # and it plays


def test_future_and_foreign_data_are_set_aside(open_table):
    future = json.dumps({"app": "bummerl", "version": 99, "match": {}})
    table = open_table("seed=24&pace=0", storage={"bummerl": future})
    assert "newer version" in table.page.inner_text("#notice")
    assert table.storage()["bummerl.aside.1"] == future
    table = open_table("seed=24&pace=0", storage={"bummerl": '{"todo": [1, 2]}'})
    assert "not a Bummerl game" in table.page.inner_text("#notice")


def test_blocked_storage_still_plays_and_says_it_cannot_save(open_table):
    table = open_table("seed=25&pace=0", block_storage=True)
    assert "cannot be saved" in table.page.inner_text("#notice")
    table.play(table.playable()[0])
    assert table.state()["saved"] is False


def test_two_tabs_follow_each_other(open_table):
    first = open_table("seed=26&pace=0")
    second = first.twin("seed=26&pace=0")
    assert second.state() == first.state()
    first.play(first.playable()[0])
    second.page.wait_for_function(
        "n => JSON.parse(document.body.dataset.state).history.length === n",
        arg=len(first.state()["history"]))
    second.wait_ready()
    assert second.state()["history"] == first.state()["history"]
    assert "another tab" in second.page.inner_text("#notice")
    if second.turn == "you":
        second.play(second.playable()[0])
        first.page.wait_for_function(
            "n => JSON.parse(document.body.dataset.state).history.length === n",
            arg=len(second.state()["history"]))
        first.wait_ready()
        assert first.state()["history"] == second.state()["history"]
    stored = json.loads(first.storage()["bummerl"])
    assert stored["match"]["hand"]["actions"] == first.state()["history"]


def test_reload_after_a_link_resumes_the_saved_game(open_table):
    table = open_table("seed=27&pace=0")
    assert "seed" not in table.page.url  # read once, then dropped from the address
    table.new_match()
    seed = table.state()["seed"]
    table.play(table.playable()[0])
    history = table.state()["history"]
    table.reload()
    assert table.state()["seed"] == seed and table.state()["history"] == history


def saved_match_document() -> dict:
    """A real saved document with finished hands and a hand in progress (CPython engine)."""
    from bummerl_web.session import Session
    from bummerl_web.settings import HUMAN
    from bummerl_web.storage import MemoryBackend, Storage

    backend = MemoryBackend()
    s = Session(Storage(backend), seed=5)
    s.settings["bot"] = "easy"
    while len(s.match.results) < 2 or s.hand.over or not s.human_to_move:
        if s.hand.over:
            s.next_hand()
        elif s.bot_to_move:
            s.bot_step()
        else:
            s.act(s.hand.view(HUMAN).legal[0])
    return json.loads(backend.items["bummerl"])


def almost_right_saves() -> list[tuple[str, str]]:
    """The issue's table: saved documents that once left the page shuffling forever."""
    doc = saved_match_document()

    def changed(change):
        copy = json.loads(json.dumps(doc))
        change(copy)
        return json.dumps(copy)

    results = lambda d: d["match"]["results"]  # noqa: E731
    return [
        ("no termination", changed(lambda d: results(d)[0].pop("termination"))),
        ("Bummerl loser 5", changed(lambda d: results(d)[0].update(bummerl={"loser": 5, "given": 1, "board": [0, 3], "schneider": False}))),
        ("winner 1.0", changed(lambda d: results(d)[0].update(winner=1.0))),
        ("dealer 1.0", changed(lambda d: d["match"]["hand"].update(dealer=1.0))),
        ("100,000 deep", "[" * 100_000),
    ]


def test_almost_right_saves_are_set_aside_and_the_table_plays(open_table):
    """One page: each bad save is put in place, the page reloaded; every time the table is
    playable, says so, and keeps the bad data under bummerl.aside.1. The first visit also
    opens a link with a superscript seed and embed=0 (not embedded: saved, link dropped)."""
    cases = almost_right_saves()
    table = open_table("seed=%C2%B2&embed=0&pace=0", storage={"bummerl": cases[0][1]})
    assert "seed: '²' is not a whole number; ignored" in table.page.inner_text("#notice")
    assert "seed" not in table.page.url and "embed" not in (table.page.get_attribute("body", "class") or "")
    for n, (name, raw) in enumerate(cases):
        if n:
            table.page.evaluate("raw => { localStorage.clear(); localStorage.setItem('bummerl', raw); }", raw)
            table.reload()
        assert "could not be read" in table.page.inner_text("#notice"), name
        stored = table.storage()
        assert stored["bummerl.aside.1"] == raw, name
        assert json.loads(stored["bummerl"])["app"] == "bummerl", name
        table.play(table.playable()[0])
        assert table.state()["saved"] is True, name


def test_a_corrupt_save_too_large_to_set_aside_is_downloaded_then_removed(browser, site_url):
    from conftest import BOOT_TIMEOUT_MS, Table

    raw = "{" + "x" * 3_000_000
    table = Table(browser, site_url, storage={"bummerl": raw})
    with table.page.expect_download(timeout=BOOT_TIMEOUT_MS) as download:
        table.open("seed=33&pace=0")
    notice = table.page.inner_text("#notice")
    assert "too large to keep aside: it was downloaded as bummerl-saved-game.json and removed" in notice
    assert "cannot be saved" not in notice
    assert download.value.suggested_filename == "bummerl-saved-game.json"
    assert open(download.value.path(), encoding="utf-8").read() == raw
    stored = table.storage()
    assert "bummerl.aside.1" not in stored and json.loads(stored["bummerl"])["app"] == "bummerl"
    table.play(table.playable()[0])
    assert table.state()["saved"] is True  # and it saves again
