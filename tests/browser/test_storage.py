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
