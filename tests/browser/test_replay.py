"""Replays (record links and files), play on, record export, and the deal link."""
import json
import random

import pytest

from bummerl import Rules, deal, from_record
from bummerl.record import encode_record

CLIPBOARD = ["clipboard-read", "clipboard-write"]


def sample_record(seed=8, moves=7):
    hand = deal(Rules.preset("soft"), 1, random.Random(seed))
    rng = random.Random(seed)
    for _ in range(moves):
        hand = hand.apply(rng.choice([a for a in hand.legal() if a.startswith("play")]))
    return hand.to_record()


def position(record, n):
    return from_record({**record, "actions": record["actions"][:n]})


def cards(table, region):
    return table.page.eval_on_selector_all(f"#{region} [data-card]", "els => els.map(e => e.dataset.card)")


def share(table, action):
    """Open the header's Share menu and use one of its controls."""
    if table.page.get_attribute("#share", "open") is None:
        table.page.click("#share summary")
    table.page.click(f'#share [data-action="{action}"]')


def clipboard(table):
    table.page.wait_for_function("() => !document.querySelector('#share .share-url').hidden")
    return table.page.evaluate("navigator.clipboard.readText()")


def assert_position(table, record, n):
    state = table.state()
    assert state["replay"] == {"step": n, "length": len(record["actions"])}
    hand = position(record, n)
    assert state["history"] == record["actions"][:n]
    assert cards(table, "hand") == list(hand.view(0).hand)
    assert cards(table, "opponent")[:len(hand.view(1).hand)] == list(hand.view(1).hand)


@pytest.fixture(scope="module")
def replayed(open_table):
    record = sample_record()
    return open_table(f"record={encode_record(record)}&pace=0"), record


def test_record_link_replays_step_by_step(replayed):
    table, record = replayed
    assert table.turn == "replay"
    assert_position(table, record, 0)
    assert table.page.is_disabled('#actions [data-action="replay-back"]')
    table._click('#actions [data-action="replay-forward"]')
    assert_position(table, record, 1)
    table._click('#actions [data-action="replay-forward"]')
    assert_position(table, record, 2)  # a whole trick: both cards on the table
    assert set(cards(table, "trick")) == {a.split()[1] for a in record["actions"][:2]}
    table._click('#actions [data-action="replay-back"]')
    assert_position(table, record, 1)


def test_replay_by_keyboard(replayed):
    table, record = replayed
    table.page.focus('#actions [data-action="replay-forward"]')
    table.press("ArrowRight").press("ArrowRight")
    assert table.state()["replay"]["step"] == 3
    table.press("ArrowLeft")
    assert_position(table, record, 2)
    table.press("End")
    assert_position(table, record, len(record["actions"]))
    assert table.page.is_disabled('#actions [data-action="replay-forward"]')
    table.press("Home")
    assert_position(table, record, 0)
    table.press("PageDown")
    assert_position(table, record, 2)  # a trick at a time
    table._click('#actions [data-action="replay-next-trick"]')
    assert_position(table, record, 4)
    table.press("PageUp")
    assert_position(table, record, 2)
    table.press("Home")
    focused = table.page.evaluate("document.activeElement.dataset.action")
    assert focused and focused.startswith("replay-")  # focus stays on the controls


def test_replay_view_accessibility(replayed):
    table, _ = replayed
    assert table.axe_problems() == []


def test_play_on_from_a_replayed_position(replayed):
    table, record = replayed
    for _ in range(4):
        table._click('#actions [data-action="replay-forward"]')
    table._click('#actions [data-action="replay-play-on"]')
    state = table.state()
    assert "replay" not in state and table.turn == "you"
    assert state["history"][:4] == record["actions"][:4]
    assert state["hand_no"] == 1 and state["board"] == [7, 7]
    before = len(state["history"])
    table.play(table.playable()[0])
    assert len(table.state()["history"]) > before
    table.reload()  # play-on is the saved game now
    assert table.state()["history"][:4] == record["actions"][:4]


def test_a_replay_downloads_the_replayed_hand(open_table, tmp_path):
    record = sample_record(seed=9)
    table = open_table(f"record={encode_record(record)}&pace=0")
    table._click('#actions [data-action="replay-forward"]')  # anywhere in the record
    if table.page.get_attribute("#share", "open") is None:
        table.page.click("#share summary")
    with table.page.expect_download() as info:
        table.page.click('#share [data-action="download-record"]')
    path = tmp_path / "replayed.json"
    info.value.save_as(path)
    assert json.loads(path.read_text()) == from_record(record).to_record()


def test_export_round_trip(open_table, tmp_path):
    table = open_table("seed=41&pace=0", permissions=CLIPBOARD)
    for _ in range(3):
        table.play(table.playable()[0])
    history = table.state()["history"]
    table.page.click("#share summary")
    assert table.axe_problems() == []  # the open Share menu
    with table.page.expect_download() as info:
        table.page.click('#share [data-action="download-record"]')
    path = tmp_path / "hand.json"
    info.value.save_as(path)
    record = json.loads(path.read_text())
    assert record["actions"] == history
    assert from_record(record).to_record() == record
    # ...and back: the file replays
    table.settle(lambda: table.page.set_input_files('#share input[type="file"]', str(path)))
    assert table.turn == "replay"
    assert table.state()["record"] == record
    assert table.page.get_attribute("#share", "open") is None
    # a broken file is refused with the engine's reason, the replay stays
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**record, "actions": record["actions"] + ["play ZZ"]}))
    table.settle(lambda: table.page.set_input_files('#share input[type="file"]', str(bad)))
    assert "ZZ" in table.page.inner_text("#notice")
    # the packed link replays the same record
    share(table, "copy-record")
    url = clipboard(table)
    assert "record=" in url
    table.page.goto(url + "&pace=0")
    table.wait_ready(60_000)
    assert table.state()["record"] == record
    table._click('#actions [data-action="replay-leave"]')  # back to the saved game
    assert table.state()["history"] == history


def test_deal_link_reproduces_the_deal(open_table):
    first = open_table("seed=43&rules=sharp,claim=auto&pace=0", permissions=CLIPBOARD)
    first.play_hand()
    first.next_hand()
    dealt = first.hand()
    share(first, "copy-link")
    url = clipboard(first)
    assert "seed=43" in url and "hand=2" in url and "rules=sharp,claim=auto" in url
    assert first.page.input_value("#share .share-url input") == url
    second = open_table(url.split("?", 1)[1] + "&pace=0")
    assert second.hand() == dealt
    assert second.state()["hand_no"] == 2
    assert second.state()["hand_rules"] == first.state()["hand_rules"]
    assert second.state()["trump"] == first.state()["trump"]
