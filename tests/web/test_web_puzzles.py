"""The Puzzles page in CPython: which puzzle comes next, the theme filter, the progress
kept under its own key (strict reader, set aside when unreadable), ``puzzle=ID`` links,
and the page's flow through the presenter (`table.Table`): the collection fetched only
when Puzzles opens, answers right and wrong, a failed fetch, an embedded puzzle alone."""
import json

import pytest

from bummerl import NotationError
from bummerl.puzzles import load_collection
from bummerl.review import judge
from bummerl_web import links, puzzle_book
from bummerl_web.effects import Announce, Copy, Focus, LoadPuzzles, Render
from bummerl_web.puzzle_book import ALL, Keeper, Progress, in_theme, next_unsolved, solved_count
from bummerl_web.rooms.puzzle import LoadingRoom, PuzzleRoom
from bummerl_web.settings import HUMAN
from bummerl_web.storage import KEY, MemoryBackend
from bummerl_web.table import Table, read_address

from .puzzle_fixture import SPECS, TEXT, arrive

PUZZLES = load_collection(TEXT)
BY_ID = {p.id: p for p in PUZZLES}


def start(query: str = "seed=3&pace=0", items: dict | None = None, languages=("en",)):
    backend = MemoryBackend(items)
    table = Table.start(read_address(query), list(languages), backend)
    table.boot()
    table.screen()
    return table, backend


def opened(query: str = "seed=3&pace=0", items: dict | None = None, languages=("en",)):
    """The page after *Puzzles* and the collection's arrival."""
    table, backend = start(query, items, languages)
    assert table.update("puzzles") == [Render(), LoadPuzzles(), Announce(table.words("puzzles_loading"))]
    arrive(table, TEXT)
    table.screen()
    return table, backend


def wrong_action(puzzle) -> str:
    return next(a for a in puzzle.values if a != puzzle.answer)


def answer(table: Table, action: str) -> list:
    """Answer as the page does: a card of the hand, or an action's button."""
    kind, _, rest = str(action).partition(" ")
    effects = table.update("play", card=rest) if kind == "play" else (
        table.update("marry", suit=rest) if kind == "marry" else table.update(kind))
    table.screen()
    return effects


def stored(backend) -> dict:
    return json.loads(backend.items[puzzle_book.KEY])


# ------------------------------------------------------------------ the next puzzle, the themes

def test_the_next_unsolved_puzzle_is_the_easiest_not_yet_answered():
    order = [p.id for p in in_theme(PUZZLES, ALL)]
    assert order == ["pb0002", "pd0004", "pa0001", "pc0003", "pe0005"]  # easy, easy, medium, hard, expert
    progress = Progress()
    assert next_unsolved(PUZZLES, progress, ALL).id == "pb0002"
    progress = progress.answered("pb0002", ("trumping",), True).answered("pd0004", ("trumping",), False)
    assert next_unsolved(PUZZLES, progress, ALL).id == "pa0001"
    assert next_unsolved(PUZZLES, progress, ALL, after="pa0001").id == "pc0003"
    # after the last one it goes round to the first never answered
    assert next_unsolved(PUZZLES, progress, ALL, after="pe0005").id == "pa0001"


def test_missed_puzzles_come_back_once_every_other_is_answered_and_none_is_left_when_all_are_solved():
    progress = Progress()
    for p in PUZZLES:
        progress = progress.answered(p.id, p.themes, p.id != "pc0003")
    assert next_unsolved(PUZZLES, progress, ALL).id == "pc0003"
    assert next_unsolved(PUZZLES, progress, ALL, after="pc0003").id == "pc0003"  # the only one left: itself
    progress = progress.answered("pc0003", BY_ID["pc0003"].themes, True)
    assert next_unsolved(PUZZLES, progress, ALL) is None
    assert solved_count(PUZZLES, progress, ALL) == (5, 5)


def test_the_theme_filter_keeps_only_that_themes_puzzles():
    for theme in ("closing", "trumping", "counting", "last-tricks"):
        chosen = in_theme(PUZZLES, theme)
        assert chosen and all(theme in p.themes for p in chosen)
        assert {p.id for p in chosen} == {spec[0] for spec in SPECS if theme in spec[3]}
    assert in_theme(PUZZLES, "exchange") == []
    assert puzzle_book.themes_present(PUZZLES) == ["closing", "counting", "trumping", "last-tricks"]
    assert next_unsolved(PUZZLES, Progress(), "closing").id == "pa0001"


# ------------------------------------------------------------------ the progress and its key

def test_a_right_first_answer_counts_and_lengthens_the_streaks_a_wrong_one_ends_them():
    progress = Progress().answered("pa0001", ("closing",), True).answered("pc0003", ("closing", "counting"), True)
    assert progress.solved == {"pa0001", "pc0003"}
    assert progress.streak(ALL) == (2, 2) and progress.streak("closing") == (2, 2) and progress.streak("counting") == (1, 1)
    progress = progress.answered("pe0005", ("closing",), False)
    assert progress.missed == {"pe0005"} and progress.streak("closing") == (0, 2) and progress.streak("counting") == (1, 1)
    assert progress.answered("pa0001", ("closing",), False) == progress  # solved before: counts no more
    again = progress.answered("pe0005", ("closing",), True)
    assert "pe0005" in again.solved and not again.missed and again.streak("closing") == (1, 2)


def test_the_progress_reads_back_as_written():
    progress = (Progress().answered("pa0001", ("closing",), True).answered("pb0002", ("trumping",), False)
                .with_theme("closing"))
    assert Progress.from_json(progress.to_json()) == progress
    assert puzzle_book.load(None) == Progress()


GOOD = Progress(frozenset({"pa0001"}), frozenset({"pb0002"}), (("all", (1, 1)),), "closing").to_json()


@pytest.mark.parametrize("raw, where", [
    ("{not json", None),
    ("[" * 100_000, None),
    (GOOD.replace('"app":"bummerl.puzzles"', '"app":"bummerl"'), "bummerl.puzzles.app"),
    (GOOD.replace('"version":1', '"version":2'), "bummerl.puzzles.version"),
    (GOOD.replace('"pa0001"', '"123456"'), "bummerl.puzzles.solved[0]"),
    (GOOD.replace('"pa0001"', '"PA0001"'), "bummerl.puzzles.solved[0]"),
    (GOOD.replace('"pb0002"', '"pa0001"'), "bummerl.puzzles.missed[0]"),  # listed twice
    (GOOD.replace('[1,1]', '[2,1]'), "bummerl.puzzles.streaks.all"),
    (GOOD.replace('[1,1]', '[1,true]'), "bummerl.puzzles.streaks.all[1]"),
    (GOOD.replace('[1,1]', '[1]'), "bummerl.puzzles.streaks.all"),
    (GOOD.replace('"theme":"closing"', '"theme":"<b>"'), "bummerl.puzzles.theme"),
    (GOOD.replace('"theme":"closing"', '"theme":"closing","extra":1'), "bummerl.puzzles"),
    (GOOD.replace('"solved":["pa0001"]', '"solved":' + json.dumps([f"a{i:05d}" for i in range(5001)])),
     "bummerl.puzzles.solved"),
])
def test_the_progress_reader_refuses_anything_else_naming_the_place(raw, where):
    with pytest.raises(NotationError) as caught:
        Progress.from_json(raw)
    if where:
        assert caught.value.where == where, str(caught.value)


def test_unreadable_progress_is_set_aside_said_and_counting_starts_afresh():
    table, backend = opened(items={puzzle_book.KEY: '{"app": "bummerl.puzzles", "version": 1'})
    assert backend.items[puzzle_book.KEY + ".aside.1"] == '{"app": "bummerl.puzzles", "version": 1'
    assert puzzle_book.KEY not in backend.items
    screen = table.screen()
    assert screen.text["notice"] == table.words("puzzles_set_aside") and not screen.hidden["notice"]
    answer(table, table.room.puzzle.answer)
    assert stored(backend)["solved"] == [table.room.puzzle.id]  # the key is written afresh
    assert KEY in backend.items  # the match is kept as it was


def test_progress_is_kept_in_memory_where_the_browser_refuses_storage():
    class Refusing(MemoryBackend):
        def getItem(self, key):  # noqa: N802
            raise RuntimeError("SecurityError")

        def setItem(self, key, value):  # noqa: N802
            raise RuntimeError("QuotaExceededError")

    keeper = Keeper(Refusing())
    keeper.answered(BY_ID["pa0001"], True)
    assert keeper.read().solved == {"pa0001"} and not keeper.set_aside


# ------------------------------------------------------------------ links

def test_a_puzzle_id_link_names_a_puzzle_of_the_collection_and_puzzle_1_keeps_its_meaning():
    link = links.parse_link("puzzle=k3f9qa&lang=de")
    assert link.puzzle_id == "k3f9qa" and not link.puzzle and link.notices == []
    assert links.make_link(puzzle_id="k3f9qa", lang="de") == "lang=de&puzzle=k3f9qa"
    record = links.make_link(record=BY_ID["pa0001"].record, at=3, puzzle=True)
    old = links.parse_link(record)
    assert old.puzzle and old.at == 3 and old.puzzle_id is None and old.notices == []


@pytest.mark.parametrize("query, notice", [
    ("puzzle=123456", "puzzle: '123456' is not 1, 0 or a puzzle's id (6 characters a-z 0-9); ignored"),
    ("puzzle=K3F9QA", "puzzle: 'K3F9QA' is not 1, 0 or a puzzle's id (6 characters a-z 0-9); ignored"),
    ("puzzle=k3f9qa7", "puzzle: 'k3f9qa7' is not 1, 0 or a puzzle's id (6 characters a-z 0-9); ignored"),
    ("puzzle=k3f9qa&puzzle=ab12cd", "puzzle: given twice; the first value ('k3f9qa') counts"),
])
def test_a_bad_puzzle_parameter_is_noticed(query, notice):
    link = links.parse_link(query)
    assert notice in link.notices


def test_a_puzzle_id_beside_a_record_is_ignored_with_a_notice():
    link = links.parse_link(links.make_link(record=BY_ID["pa0001"].record) + "&puzzle=k3f9qa")
    assert link.puzzle_id is None and link.record is not None
    assert any(n.startswith("puzzle: a puzzle of the collection") for n in link.notices)


# ------------------------------------------------------------------ the page's flow

def test_puzzles_fetches_the_collection_only_when_opened():
    table, _ = start()
    assert LoadPuzzles() not in table.boot() and table.puzzles is None
    assert table._puzzle_keeper is None  # the progress is read when Puzzles opens, not on the first paint
    table.update("puzzles")
    assert isinstance(table.room, LoadingRoom) and table.update("puzzles") == []  # one fetch at a time


def test_answers_right_and_wrong_change_the_count_and_streak_and_a_reload_keeps_them():
    table, backend = opened()
    first = table.room.puzzle
    assert first.id == "pb0002" and table.mode == "puzzle"
    effects = answer(table, first.answer)
    assert Focus('#board [data-action="puzzle-next"]') in effects
    said = next(e.text for e in effects if isinstance(e, Announce))
    assert said.startswith("Solved!") and said.endswith("All themes: 1 of 5 solved · streak 1 (best 1)")
    assert table.screen().body["state"]["puzzle"]["mark"] == "best"
    table.update("puzzle-next")
    second = table.room.puzzle
    assert second.id == "pd0004"
    effects = answer(table, wrong_action(second))
    said = next(e.text for e in effects if isinstance(e, Announce))
    assert said.startswith("Not this time.") and "All themes: 1 of 5 solved · streak 0 (best 1)" in said
    assert stored(backend)["solved"] == ["pb0002"] and stored(backend)["missed"] == ["pd0004"]
    # Try again: the right answer now is judged, but the first answer counted
    table.update("puzzle-again")
    answer(table, second.answer)
    assert stored(backend)["solved"] == ["pb0002"] and stored(backend)["streaks"]["all"] == [0, 1]
    # a reload: the page starts again with what is stored
    again, _ = opened(items=dict(backend.items))
    panel = again.screen().review
    assert "All themes: 1 of 5 solved · streak 0 (best 1)" in panel
    assert again.room.puzzle.id == "pa0001"  # the next never answered


def test_choosing_a_theme_shows_only_its_puzzles_and_is_kept():
    table, backend = opened()
    table.update("puzzle-theme", theme="closing")
    seen = []
    for _ in range(4):
        puzzle = table.room.puzzle
        seen.append(puzzle.id)
        assert "closing" in puzzle.themes
        answer(table, puzzle.answer)
        if table.next_puzzle(after=puzzle.id) is None:
            break
        table.update("puzzle-next")
    assert seen == ["pa0001", "pc0003", "pe0005"]
    screen = table.screen()
    assert "Closing: 3 of 3 solved · streak 3 (best 3)" in screen.review
    assert table.words("puzzle_all_solved") in screen.html["board"] and "puzzle-next" not in screen.html["board"]
    assert stored(backend)["theme"] == "closing"
    assert table.update("puzzle-theme", theme="no-such") == []  # a theme the collection has not: nothing


def test_a_puzzle_link_opens_that_puzzle_and_its_link_is_copied():
    table, _ = start("puzzle=pc0003&pace=0")
    assert isinstance(table.room, LoadingRoom) and LoadPuzzles() in table.boot()
    arrive(table, TEXT)
    assert table.room.puzzle.id == "pc0003"
    assert table.update("copy-link") == [Copy("lang=en&deck=fr&puzzle=pc0003")]
    assert table.update("puzzle-copy-link") == [Copy("lang=en&deck=fr&puzzle=pc0003")]


def test_an_unknown_puzzle_id_is_said_and_the_page_goes_on():
    table, _ = start("puzzle=zz9999&lang=de&pace=0")
    arrive(table, TEXT)
    screen = table.screen()
    assert table.mode == "puzzles" and screen.text["status"] == "Die Aufgabe zz9999 gibt es in der Sammlung nicht."
    table.update("puzzles")
    assert table.room.puzzle.id == "pb0002"


@pytest.mark.parametrize("lang, words", [
    ("en", "The puzzles could not be loaded (Failed to fetch). Are you offline?"),
    ("de", "Die Aufgaben konnten nicht geladen werden (Failed to fetch). Bist du offline?"),
])
def test_a_failed_fetch_is_said_in_both_languages_and_the_page_stays_usable(lang, words):
    table, _ = start(f"seed=3&pace=0&lang={lang}")
    table.update("puzzles")
    effects = table.update("puzzles-failed", error="Failed to fetch")
    assert any(isinstance(e, Announce) and e.text.startswith(words) for e in effects)
    screen = table.screen()
    assert screen.text["status"].startswith(words) and 'data-action="puzzles"' in screen.html["actions"]
    assert table.update("puzzles") == [Render(), LoadPuzzles(), Announce(table.words("puzzles_loading"))]  # again
    table.update("puzzles-failed", error="Failed to fetch")
    table.update("replay-leave")  # back to the match: it plays on
    assert table.mode == "play" and table.session.view.legal


def test_a_collection_that_does_not_read_is_said_with_where():
    table, _ = start()
    table.update("puzzles")
    arrive(table, TEXT.replace('"difficulty":"easy"', '"difficulty":"trivial"', 1))
    status = table.screen().text["status"]
    assert status.startswith("The puzzle collection could not be read (puzzles[") and ".difficulty" in status


def test_a_puzzle_of_the_other_seat_is_asked_from_the_bottom_of_the_table():
    puzzle = BY_ID["pb0002"]
    assert puzzle.seat == 1
    table, _ = start("puzzle=pb0002&pace=0")
    arrive(table, TEXT)
    hand = table.room.replay.hand
    assert hand.to_act == HUMAN and set(hand.legal()) == set(puzzle.values)
    assert set(hand.view(HUMAN).hand) == set(puzzle.position().view(1).hand)


def test_show_the_hand_replays_it_and_comes_back_to_the_puzzle():
    table, _ = opened()
    puzzle = table.room.puzzle
    answer(table, puzzle.answer)
    table.update("puzzle-show")
    assert table.mode == "replay" and table.replay.step == puzzle.step
    assert table.words("puzzle_back") in table.screen().html["actions"]
    effects = table.update("replay-leave")
    assert table.mode == "puzzle" and table.room.puzzle is puzzle and table.room.answer == puzzle.answer
    assert Focus('#board [data-action="puzzle-next"]') in effects


def test_an_embedded_puzzle_is_shown_alone_and_nothing_is_stored():
    table, backend = start("puzzle=pa0001&embed=1")
    arrive(table, TEXT)
    assert table.room.puzzle.id == "pa0001"
    answer(table, table.room.puzzle.answer)
    screen = table.screen()
    assert screen.review == "" and "puzzle-next" not in screen.html["board"]
    assert "puzzle-again" in screen.html["board"] and "puzzle-show" in screen.html["board"]
    assert puzzle_book.KEY not in backend.items


def test_the_verdict_words_the_reason_like_the_review_in_german():
    table, _ = opened(languages=("de",))
    puzzle = table.room.puzzle
    answer(table, wrong_action(puzzle))
    board = table.screen().html["board"]
    loss, mark = judge(puzzle.decision(), wrong_action(puzzle))
    assert "Diesmal nicht." in board and "kassier einen sicheren Stich" in board
    assert f'data-mark="{mark}"' in board and "Nächste Aufgabe" in board


def test_another_tabs_progress_is_shown():
    table, backend = opened()
    other = Progress().answered("pa0001", ("closing",), True).to_json()
    backend.items[puzzle_book.KEY] = other
    assert table.update("storage", key=puzzle_book.KEY, value=other) == [Render()]
    assert "All themes: 1 of 5 solved" in table.screen().review


def test_an_embedding_page_hears_of_the_puzzles_position():
    table, _ = start("puzzle=pb0002&embed=1")
    table.messages()  # the page's first render
    arrive(table, TEXT)
    [ready] = table.messages()
    position = table.room.replay.hand
    assert ready["type"] == "ready" and ready["mode"] == "puzzle"
    assert ready["hand"] == list(position.view(HUMAN).hand) and ready["to_act"] == "you"


# ------------------------------------------------------------------ reading in slices

def larger(n: int = 20) -> dict:
    """The fixture's puzzles again and again under new ids: a collection of ``n``."""
    doc = json.loads(TEXT)
    base = doc["puzzles"]
    doc["puzzles"] = [{**base[i % len(base)], "id": f"q{i:05d}"} for i in range(n)]
    return doc


def test_the_collection_is_read_a_chunk_at_a_time_and_in_order():
    reading = puzzle_book.Reading(json.dumps(larger(20)))
    steps = 0
    while not reading.step(0.0):  # no time at all: a chunk per step
        steps += 1
        assert 0 < len(reading.puzzles) < 20
    assert steps == 20 // puzzle_book.CHUNK
    assert [p.id for p in reading.puzzles] == [f"q{i:05d}" for i in range(20)]


@pytest.mark.parametrize("change, where", [
    (lambda d: d["puzzles"][13].update(difficulty="trivial"), "puzzles[13].difficulty"),
    (lambda d: d["puzzles"][17].update(answer="claim"), "puzzles[17].answer"),
    (lambda d: d["puzzles"][12].update(id="q00002"), "puzzles[12].id"),  # the same id as puzzles[2]
    (lambda d: d.update(format=2), "format"),
    (lambda d: d.update(puzzles=[]), "puzzles"),
    (lambda d: d.update(puzzles={}), "puzzles"),
    (lambda d: d.pop("margin"), "collection"),
])
def test_a_fault_anywhere_in_the_collection_is_named_in_the_whole_collection(change, where):
    doc = larger(20)
    change(doc)
    with pytest.raises(NotationError) as caught:
        reading = puzzle_book.Reading(json.dumps(doc))
        while not reading.step(0.0):
            pass
    assert caught.value.where == where, str(caught.value)
    assert str(caught.value).startswith(f"{where}: ")


def test_a_fault_found_while_reading_is_said_and_the_page_goes_on():
    doc = larger(20)
    doc["puzzles"][19]["step"] = 99
    table, _ = start()
    table.update("puzzles")
    arrive(table, json.dumps(doc))
    assert table.screen().text["status"].startswith("The puzzle collection could not be read (puzzles[19].step: ")
    assert table.puzzles is None and table.puzzles_slice(0.0) == []
