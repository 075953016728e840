"""Never a dead page, in CPython: every saved document, link and record the page may meet
either loads or is set aside with a notice, and the table that results offers a legal move.

The stored values are real ones (matches played by the bots in both presets, and the
statistics they left), mutated structurally by Hypothesis, cut, nested deep or given huge
numbers; the page's start-up is the presenter's own (`table.Table.start`, `Table.screen`).
"""
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bummerl import CARD_CODES, NotationError, Rules, from_record
from bummerl.record import decode_record, encode_record, loads_record
from bummerl_web import links, puzzle_book, render, replay, stats
from bummerl.bots import choose
from bummerl_web.session import Session
from bummerl_web.settings import HUMAN
from bummerl_web.storage import ASIDE_PREFIX, KEY, MemoryBackend, Storage
from bummerl_web.table import Table, read_address

SET_ASIDE = ("set_aside_corrupt", "set_aside_foreign", "set_aside_future")


def play_match(preset: str, seed: int, hands: int) -> list[str]:
    """Saved documents of a match the bots play against each other, at several moments."""
    backend = MemoryBackend()
    s = Session(Storage(backend), seed=seed, rules=Rules.preset(preset))
    s.settings["bot"] = "easy"
    rng = random.Random(seed)
    saved = []
    while len(s.match.results) < hands:
        if s.hand.over:
            saved.append(backend.items[KEY])
            s.settings["take_back"] = rng.random() < 0.3  # some practice hands, a move taken back
            s.next_hand()
        elif s.bot_to_move:
            s.bot_step()
        elif s.can_take_back and rng.random() < 0.2:
            s.take_back()
        else:
            s.act(choose(s.view, "medium", rng))
            if rng.random() < 0.1:
                saved.append(backend.items[KEY])
    return saved


DOCS = play_match("soft", 1, 9) + play_match("sharp", 2, 9)


def start_page(raw: str, key: str = KEY) -> tuple[Session, MemoryBackend]:
    """The page's start-up with this string stored under `key`, up to a table where you
    can act; every region is drawn on the way."""
    backend = MemoryBackend({key: raw})
    table = Table.start(read_address(""), ["en"], backend)
    table.boot()
    s = table.session
    table.screen()
    s.settings["bot"] = "easy"  # the saved level may be "hard": keep the fuzz fast
    for _ in range(40):
        if s.human_to_move:
            break
        if s.hand.over:
            s.next_hand()
        else:
            s.bot_step()
        table.screen()
    assert s.human_to_move and s.hand.view(HUMAN).legal
    assert '<button type="button" class="card' in table.screen().html["hand"]
    return s, backend


def loaded_or_set_aside(raw: str) -> None:
    s, backend = start_page(raw)
    if any(n in s.notices for n in SET_ASIDE):
        assert backend.items[f"{ASIDE_PREFIX}1"] == raw
        assert json.loads(backend.items[KEY])["app"] == "bummerl"  # the new game is saved
    else:
        assert f"{ASIDE_PREFIX}1" not in backend.items


# ------------------------------------------------------------------ the table

def edited(doc_index: int, change) -> str:
    doc = json.loads(DOCS[doc_index])
    change(doc)
    return json.dumps(doc)


def with_result(**fields):
    def change(doc):
        doc["match"]["results"][0].update(fields)
    return change


@pytest.mark.parametrize("raw", [
    edited(8, lambda d: d["match"]["results"][0].pop("termination")),
    edited(8, lambda d: d["match"]["results"].__setitem__(
        -1, {**d["match"]["results"][-1], "bummerl": {"loser": 5, "given": 1, "board": [0, 3], "schneider": False}})),
    edited(8, with_result(winner=1.0)),
    edited(8, with_result(winner=True)),
    edited(8, with_result(game_points=4)),
    edited(8, with_result(reason="")),
    edited(8, lambda d: d["match"]["hand"].update(dealer=1.0)),
    edited(8, lambda d: d["match"].update(board=[7, 8])),
    edited(8, lambda d: d["match"].update(hands_dealt=0)),
    edited(0, lambda d: d["match"]["hand"].update(actions=d["match"]["hand"]["actions"][:3])),
    edited(8, lambda d: d.update(rev=1.5)),
    edited(8, lambda d: d.update(log=[["play", "AH"]])),
    edited(8, lambda d: d.update(settings={"lang": ["de"]})),
    edited(8, lambda d: d["match"].update(rules={"preset": "soft", "match_bummerls": 2.0})),
    "[" * 100_000,
    '{"app": "bummerl", "version": 1, "match": ' + "[" * 100_000,
    '{"app": "bummerl", "version": 1, "rev": ' + "9" * 5000 + "}",
    "x" * 3_000_000,
])
def test_an_almost_right_save_is_set_aside_and_the_table_plays(raw):
    s, backend = start_page(raw)
    assert "set_aside_corrupt" in s.notices
    assert backend.items[f"{ASIDE_PREFIX}1"] == raw


def test_the_reason_a_save_was_set_aside_names_the_place():
    s, _ = start_page(edited(8, with_result(winner=1.0)))
    assert s.storage.refused_because == "match.results[0].winner: expected 0 or 1, got 1.0"
    s, _ = start_page(edited(8, with_result(winner=0, bummerl={"loser": 5, "given": 1, "board": [0, 3], "schneider": False})))
    assert s.storage.refused_because == "match.results[0].bummerl.loser: expected 1, got 5"


def test_every_real_saved_document_loads_as_it_was():
    for raw in DOCS:
        s, backend = start_page(raw)
        assert s.notices == [] and f"{ASIDE_PREFIX}1" not in backend.items


def test_a_result_with_an_unknown_termination_is_set_aside():
    s, _ = start_page(edited(8, with_result(termination="lucky")))
    assert s.storage.refused_because == "match.results[0].termination: unknown termination 'lucky'"


class QuotaBackend(MemoryBackend):
    """A browser whose storage holds about 5 million characters in all."""

    def setItem(self, key, value):  # noqa: N802
        if sum(map(len, self.items.values())) - len(self.items.get(key, "")) + len(value) > 5_000_000:
            raise RuntimeError("QuotaExceededError")
        super().setItem(key, value)


def test_corrupt_save_too_large_to_set_aside_is_exported_removed_and_saving_goes_on():
    raw = "x" * 3_000_000
    backend = QuotaBackend({KEY: raw})
    s = Session(Storage(backend), lang="en")
    assert s.notices == ["set_aside_exported"] and s.storage.exported == raw
    assert s.storage.available and f"{ASIDE_PREFIX}1" not in backend.items
    assert json.loads(backend.items[KEY])["app"] == "bummerl"  # saved again
    assert "downloaded as bummerl-saved-game.json" in render.notice_text(s.settings, s.notices, s.link_notices)


# ------------------------------------------------------------------ fuzz: saved documents

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10, 10), st.integers(),
                    st.floats(allow_nan=False), st.sampled_from(["", "x", "AH", "play AH", "soft"]))


OPS = st.sampled_from(["drop", "retype", "duplicate", "nest", "float", "range", "card"])
CARDS = st.sampled_from(CARD_CODES)


def paths(root) -> list[tuple]:
    """The path to every node of a JSON tree, the root's () first."""
    found, stack = [], [((), root)]
    while stack:
        here, node = stack.pop()
        found.append(here)
        if isinstance(node, dict):
            stack += [((*here, k), v) for k, v in node.items()]
        elif isinstance(node, list):
            stack += [((*here, i), v) for i, v in enumerate(node)]
    return found


def mutate(doc, data) -> object:
    """One structural change at a random place of `doc` (returns the new root)."""
    everywhere = paths(doc)
    where = everywhere[data.draw(st.integers(0, len(everywhere) - 1))]
    parent = None
    node = doc
    for step in where:
        parent, node = node, node[step]
    op = data.draw(OPS)
    if op == "drop" and parent is not None:
        del parent[where[-1]]
        return doc
    if op == "duplicate" and isinstance(node, list) and node:
        node.insert(0, node[data.draw(st.integers(0, len(node) - 1))])
        return doc
    if op == "card":
        new = data.draw(CARDS)
    elif op == "float" and type(node) is int:
        new = float(node)
    elif op == "range" and type(node) is int:
        new = node + data.draw(st.sampled_from([1, -1, -8, 3, 10**6, 2**64]))
    elif op == "nest":
        new = [node]
    else:
        new = data.draw(SCALARS)
    if parent is None:
        return new
    parent[where[-1]] = new
    return doc


def mutated(text: str, data) -> str:
    """``text`` (a JSON document) after one to three structural changes (`mutate`)."""
    doc = json.loads(text)
    for _ in range(data.draw(st.integers(1, 3))):
        doc = mutate(doc, data)
    return json.dumps(doc)


def damaged(text: str, data) -> str:
    """``text`` cut somewhere, a little junk put in."""
    cut = data.draw(st.integers(0, len(text)))
    junk = data.draw(st.text(max_size=8))
    return text[:cut] + junk + text[cut + data.draw(st.integers(0, 8)):]


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fuzzed_saved_documents_load_or_are_set_aside(data):
    doc = json.loads(DOCS[data.draw(st.integers(0, len(DOCS) - 1))])
    for _ in range(data.draw(st.integers(1, 3))):
        doc = mutate(doc, data)
    loaded_or_set_aside(json.dumps(doc))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(DOCS), st.data())
def test_damaged_saved_text_loads_or_is_set_aside(raw, data):
    cut = data.draw(st.integers(0, len(raw)))
    junk = data.draw(st.text(max_size=8))
    loaded_or_set_aside(raw[:cut] + junk + raw[cut + data.draw(st.integers(0, 8)):])


# ------------------------------------------------------------------ fuzz: the statistics key

def play_stats() -> str:
    """The statistics a few bot hands leave (levels and presets of both kinds)."""
    tally = stats.Stats()
    rng = random.Random(3)
    for _ in range(30):
        practice = rng.random() < 0.3  # practice hands (open hand, take back), counted apart
        tally = tally.record_hand(rng.choice(["easy", "medium", "hard"]), rng.choice(["soft", "sharp", "custom"]),
                                  rng.random() < 0.5, practice)
        if rng.random() < 0.2:
            tally = tally.record_bummerl("hard", "soft", rng.random() < 0.5, practice)
    before, tally = tally, tally.record_hand("hard", "soft", False, practice=True)
    return tally.counted_practice(before, (12345, 3), "hard", "soft").to_json()  # with its last_practice


STATS = play_stats()


def stats_loaded_or_set_aside(raw: str) -> None:
    s, backend = start_page(raw, stats.KEY)
    if "stats_set_aside" in s.notices:
        assert backend.items[f"{stats.KEY}.aside.1"] == raw
    else:
        assert stats.load(backend.items.get(stats.KEY)) is not None


@pytest.mark.parametrize("raw", [
    "[" * 100_000, '{"app": "bummerl.stats", "version": 1, "tallies": ' + "{" * 50_000,
    STATS.replace('"hands_won":', '"hands_won":' + "9" * 5000 + ",\"x\":", 1),
    STATS.replace('"version":3', '"version":' + "9" * 30), STATS[:len(STATS) // 2], "x" * 3_000_000,
])
def test_unreadable_statistics_are_set_aside_and_the_table_plays(raw):
    s, backend = start_page(raw, stats.KEY)
    assert "stats_set_aside" in s.notices and backend.items[f"{stats.KEY}.aside.1"] == raw
    assert KEY in backend.items  # the match is kept as it was: only the bad key went


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fuzzed_statistics_load_or_are_set_aside(data):
    stats_loaded_or_set_aside(mutated(STATS, data))


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_damaged_statistics_text_loads_or_is_set_aside(data):
    stats_loaded_or_set_aside(damaged(STATS, data))


# ------------------------------------------------------------------ fuzz: the puzzles' progress key

from .puzzle_fixture import TEXT as PUZZLES, arrive  # noqa: E402


def played_progress() -> str:
    """The progress a few answers leave (right and wrong, several themes, a theme chosen)."""
    progress = puzzle_book.Progress()
    for puzzle_id, themes, right in (("pa0001", ("closing",), True), ("pb0002", ("trumping",), False),
                                     ("pc0003", ("closing", "counting"), True), ("pd0004", ("trumping",), True)):
        progress = progress.answered(puzzle_id, themes, right)
    return progress.with_theme("closing").to_json()


PROGRESS = played_progress()


def progress_loaded_or_set_aside(raw: str) -> None:
    """The page with ``raw`` stored as the puzzles' progress: Puzzles opens a puzzle you
    can answer, the progress read or set aside (and said) as it was."""
    backend = MemoryBackend({puzzle_book.KEY: raw})
    table = Table.start(read_address("seed=3&pace=0"), ["en"], backend)
    table.boot()
    table.update("puzzles")
    arrive(table, PUZZLES)
    screen = table.screen()
    assert table.mode == "puzzle" and table.room.replay.hand.view(HUMAN).legal
    assert '<button type="button" class="card' in screen.html["hand"]
    if table.puzzle_keeper.set_aside:
        assert backend.items[f"{puzzle_book.KEY}.aside.1"] == raw and screen.text["notice"]
    else:
        assert puzzle_book.load(backend.items[puzzle_book.KEY]) == table.puzzle_keeper.progress
    assert KEY not in backend.items or json.loads(backend.items[KEY])["app"] == "bummerl"


@pytest.mark.parametrize("raw", [
    "[" * 100_000, '{"app": "bummerl.puzzles", "version": 1, "streaks": ' + "{" * 50_000,
    PROGRESS.replace('"all":[', '"all":[' + "9" * 5000 + ",", 1),
    PROGRESS.replace('"version":1', '"version":' + "9" * 30), PROGRESS[:len(PROGRESS) // 2], "x" * 3_000_000,
])
def test_unreadable_puzzle_progress_is_set_aside_and_puzzles_open(raw):
    progress_loaded_or_set_aside(raw)
    backend = MemoryBackend({puzzle_book.KEY: raw})
    keeper = puzzle_book.Keeper(backend)
    assert keeper.set_aside and backend.items[f"{puzzle_book.KEY}.aside.1"] == raw


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fuzzed_puzzle_progress_loads_or_is_set_aside(data):
    progress_loaded_or_set_aside(mutated(PROGRESS, data))


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_damaged_puzzle_progress_text_loads_or_is_set_aside(data):
    progress_loaded_or_set_aside(damaged(PROGRESS, data))


# ------------------------------------------------------------------ fuzz: links and records

PARAMETERS = ["seed", "hand", "rules", "lang", "deck", "embed", "record", "zoom", "setup", "play", "open",
              "caption", "question", "at", "puzzle", "review"]
VALUES = st.one_of(
    st.text(max_size=12), st.integers(-5, 10**20).map(str),
    st.binary(max_size=8).map(lambda raw: "".join(f"%{b:02X}" for b in raw)),  # any bytes
    st.sampled_from(["²", "%C2%B2", "٣", "9" * 5000, "sharp,claim=auto,claim=manual", "0", "1", "de",
                     "soft,match_bummerls=" + "9" * 5000, "111a5.abcdopqrstklmnfghije.at",
                     "10119a.yyy-t---------------.2ecp5owe.a", "11019a.yyyyyooooot123456789..", "%E2%80%AE%3Cb%3E",
                     "pa0001", "pb0002", "zz9999", "123456"]))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(PARAMETERS), VALUES), max_size=6))
def test_fuzzed_links_give_a_playable_table_and_short_notices(pairs):
    query = "&".join(f"{k}={v}" for k, v in pairs)
    link = links.parse_link(query)
    assert all(len(n) < 300 for n in link.notices)
    table = Table.start(read_address(query), ["en"], MemoryBackend())
    if link.record is not None:
        assert table.replay is not None  # a packed record that decodes also replays
    screen = table.screen()
    assert screen.text["status"] and all(len(n) < 300 for n in table.session.link_notices)
    if link.puzzle_id is not None:  # a puzzle of the collection: there once it is fetched
        arrive(table, PUZZLES)
        screen = table.screen()
        assert screen.text["status"] and table.mode in ("puzzle", "puzzles")


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_fuzzed_records_replay_or_say_why(data):
    record = from_record_of(data.draw(st.integers(0, 10**6)))
    text = json.dumps(record)
    if data.draw(st.booleans()):
        doc = mutate(json.loads(text), data)
        text = json.dumps(doc)
    else:
        cut = data.draw(st.integers(0, len(text)))
        text = text[:cut] + data.draw(st.text(max_size=6)) + text[cut:]
    try:
        rep = replay.Replay(replay.read_record(text))
    except ValueError as error:  # NotationError or IllegalAction: the page's notice
        assert len(str(error)) < 300
        return
    rep.go(rep.length)
    settings = replay.table_settings(Session(Storage(MemoryBackend())).settings)
    replay.seat_html(rep, settings, 1), replay.controls_html(rep, settings)
    replay.status_text(rep, settings)


def from_record_of(seed: int) -> dict:
    rng = random.Random(seed)
    from bummerl import deal

    hand = deal(Rules.preset(rng.choice(["soft", "sharp"])), rng.randrange(2), rng)
    for _ in range(rng.randrange(30)):
        if hand.over:
            break
        hand = hand.apply(rng.choice(hand.legal()))
    return hand.to_record()


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=60), st.binary(max_size=60).map(lambda b: b.decode("latin-1")),
                 st.integers(0, 10**6).map(lambda n: encode_record(from_record_of(n)))), st.data())
def test_fuzzed_packed_records_decode_or_say_why(text, data):
    cut = data.draw(st.integers(0, len(text)))
    text = text[:cut] + data.draw(st.text(alphabet="abcdefghijklmnopqrstxyzHDCS.0123456789²", max_size=4)) + text[cut:]
    try:
        record = decode_record(text)
    except NotationError as error:
        assert len(str(error)) < 200
        return
    try:
        from_record(record)
    except ValueError as error:
        assert len(str(error)) < 200


def test_record_reader_refuses_deep_and_huge_text_before_parsing():
    for text in ("[" * 100_000, '{"a":' * 50_000, " " * 200_000):
        with pytest.raises(NotationError):
            loads_record(text)
