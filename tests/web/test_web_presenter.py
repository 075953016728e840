"""The table's presenter (`bummerl_web.table`) in CPython: the start-up policy, what each
region shows, and every data-action of the page, the replay's and the dialogs' included,
with the effects the page then carries out."""
import json
import re
from pathlib import Path

import pytest

from bummerl import Action, Match, Rules
from bummerl.record import encode_record
from bummerl_web import i18n, render, replay, stats
from bummerl_web.settings import BOT, default_settings
from bummerl_web.storage import KEY, MemoryBackend
from bummerl_web.effects import (Announce, BotDue, CloseDialog, Consumed, Copy, Download, Focus, OpenDetails,
                                 OpenDialog, Render, RunBot, ShowHint, Status, ThinkHint, ThinkReview, Toast, Warn)
from bummerl_web.rooms.replaying import puzzle_problem
from bummerl_web.table import FIRST_CARD, HANDLED, Table, read_address

from .test_web_share import played_record

ROOT = Path(__file__).resolve().parents[2]


def start(query: str = "seed=3&pace=0", items: dict | None = None, languages=("en",)):
    backend = MemoryBackend(items)
    return Table.start(read_address(query), list(languages), backend), backend


def kinds(effects) -> list[type]:
    return [type(effect) for effect in effects]


def carry_out(table: Table, effects) -> list:
    """Do what the page does with `effects`, the bot's moves at once (no pacing)."""
    done, queue = [], list(effects)
    while queue:
        effect = queue.pop(0)
        done.append(effect)
        if isinstance(effect, Render):
            table.screen()
        elif isinstance(effect, RunBot):
            play = table.play
            generation = play.begin_bot()
            while play.bot_to_move and generation == play.generation:
                thinking = table.session.bot_thinking()
                thinking.step()
                queue += play.bot_moved(thinking.best())
            queue += play.end_bot(generation)
    return done


def do(table: Table, action: str, **data) -> list:
    return carry_out(table, table.update(action, **data))


def play_hand(table: Table) -> None:
    for _ in range(40):
        if table.session.hand.over:
            return
        do(table, "play", card=table.session.view.playable[0])
    raise AssertionError("the hand did not end")


def saved_match(seed: int, board, **settings) -> str:
    match = Match.new(Rules.preset("soft"), seed=seed, first_dealer=BOT)
    match.deal_next()
    match.board = list(board)
    return json.dumps({"app": "bummerl", "version": 1, "rev": 1,
                       "settings": {**default_settings(), **settings}, "match": match.to_json(), "log": []})


# ------------------------------------------------------------------ every data-action

def emitted_actions() -> set[str]:
    """Every data-action the page's HTML (index.html and every renderer's source) holds."""
    sources = [ROOT / "index.html", *sorted((ROOT / "src" / "bummerl_web").rglob("*.py"))]
    found = set()
    for path in sources:
        found |= set(re.findall(r'data-action="([a-z-]+)"', path.read_text()))
    return found


def test_every_data_action_on_the_page_has_a_handler():
    rescue_only = {"start-fresh", "download-saved"}  # the rescue binds its own (the table is dead)
    found = emitted_actions() - rescue_only
    assert found - HANDLED == set()
    assert {"play", "marry", "replay-forward", "stats-reset-yes", "load-record"} <= found | {"play"}


def test_an_unknown_action_does_nothing():
    table, _ = start()
    before = table.session.summary()
    assert table.update("no-such-action") == []
    assert table.session.summary() == before


# ------------------------------------------------------------------ start-up

def test_a_link_is_read_once_and_the_address_keeps_only_pace_and_embed():
    address = read_address("?seed=4&rules=sharp&pace=0&embed=0")
    assert address.link.seed == 4 and address.pace == 0
    assert address.keep == "pace=0&embed=0"
    assert read_address("seed=4").keep == ""  # a reload resumes the saved game
    embedded = read_address("seed=4&embed=1")
    assert embedded.keep is None and embedded.link.embed  # an embedded table keeps its link
    assert read_address("pace=0") == read_address("pace=0")
    assert read_address("pace=0").link is None and read_address("pace=0").keep is None
    assert read_address("", reduced_motion=True).pace == 450
    assert read_address("pace=%C2%B2").pace == 900  # a bad pace is the default


def test_a_first_visit_opens_how_to_play_and_plays_at_once():
    table, backend = start("pace=0")
    effects = table.boot()
    assert OpenDetails("howto", True) in effects and Render in kinds(effects)
    assert json.loads(backend.items[KEY])["app"] == "bummerl"
    table, _ = start("pace=0", backend.items)
    assert OpenDetails("howto", True) not in table.boot()


def test_a_deal_link_beside_a_saved_match_plays_in_memory_and_leads_back():
    saved = saved_match(7, [7, 7])
    table, backend = start("seed=99&pace=0", {KEY: saved})
    assert table.link_game and table.session.match.seed == 99
    assert not table.screen().hidden["link-game"]
    do(table, "play", card=table.session.view.playable[0])
    assert backend.items[KEY] == saved  # the saved match is untouched
    effects = do(table, "back-to-match")
    assert table.session.match.seed == 7 and not table.link_game
    assert Focus('#hand button:not([aria-disabled="true"])') in effects


def test_unreadable_statistics_are_set_aside_with_their_own_notice():
    table, backend = start(items={stats.KEY: "[" * 100_000})
    assert "stats_set_aside" in table.session.notices
    assert backend.items[f"{stats.KEY}.aside.1"] == "[" * 100_000
    assert "statistics could not be read" in table.screen().text["notice"]


def test_a_save_too_large_to_set_aside_is_downloaded_at_boot():
    class Full(MemoryBackend):
        def setItem(self, key, value):  # noqa: N802
            if ".aside." in key:
                raise RuntimeError("quota")
            super().setItem(key, value)

    backend = Full({KEY: "{broken"})
    table = Table.start(read_address("pace=0"), ["en"], backend)
    effects = table.boot()
    assert Download("{broken", "bummerl-saved-game.json") in effects
    assert any(isinstance(effect, Warn) for effect in effects)


# ------------------------------------------------------------------ playing

def test_playing_a_card_runs_the_bot_and_frees_the_table():
    table, _ = start("seed=5&pace=0")
    if table.session.bot_to_move:
        carry_out(table, [RunBot()])
    card = table.session.view.playable[0]
    effects = table.update("play", card=card)
    assert isinstance(effects[0], Announce) and "Bot" in effects[0].text or "You" in effects[0].text
    assert kinds(effects)[-1] in (RunBot, Render)
    carry_out(table, effects)
    screen = table.screen()
    assert screen.body["ready"] == "1" and not table.play.busy
    assert screen.body["turn"] in ("you", "over")
    assert f'data-card="{card}"' not in screen.html["hand"]


def test_a_card_you_may_not_play_says_why_and_changes_nothing():
    table, _ = start("seed=6&pace=0")
    carry_out(table, table.boot())
    do(table, "play", card=table.session.view.playable[0])  # lead; now the bot has answered
    view = table.session.view
    blocked = [c for c in view.hand if c not in view.playable]
    if not blocked:  # no card waits in this position: the bot's turn does it
        table.play.busy = True
        blocked = list(view.hand)
    before = table.session.summary()
    effects = table.update("play", card=blocked[0])
    assert kinds(effects) == [Announce] and "not playable" in effects[0].text
    assert table.session.summary() == before


def test_an_illegal_action_is_said_in_the_tables_language_and_changes_nothing():
    table, _ = start("seed=8&pace=0&lang=de")
    carry_out(table, table.boot())
    before = table.session.summary()
    effects = table.update("claim")  # nothing to claim at the start
    if table.session.human_to_move:
        assert effects == [Announce(i18n.text("de", "illegal_action"))]
    assert table.session.summary() == before


def test_a_hint_is_thought_for_your_position_and_dropped_if_it_moved_on():
    table, _ = start("seed=9&pace=0")
    carry_out(table, table.boot())
    assert table.update("hint") == [ThinkHint()]
    thinking, position = table.play.hint_thinking()
    thinking.step()
    found = table.play.hint_found(position, thinking.best())
    assert kinds(found) == [ShowHint, Announce] and found[0].text.startswith("Hint:")
    assert "close" in table.session.view.legal  # the search's count speaks for a close, as in the review
    odds = table.play.hint_found(position, Action.parse("close"), (5, 6))
    assert "close: it wins in 5 of 6 possible deals" in odds[0].text
    do(table, "play", card=table.session.view.playable[0])
    assert table.play.hint_found(position, thinking.best()) == []
    do(table, "rules-apply", form={**{k: v for k, v in default_settings().items()}, "hints": False})
    assert table.update("hint") == []


def test_focus_on_a_waiting_card_puts_why_beside_the_prompt():
    table, _ = start("seed=10&pace=0")
    carry_out(table, table.boot())
    effects = table.update("why", why="must follow suit")
    assert kinds(effects) == [Status] and effects[0].text.endswith(" — must follow suit")
    table.play.busy = True
    assert table.update("why", why="must follow suit") == []


def test_the_end_of_a_bummerl_shows_the_board_it_was_played_to_until_new_bummerl():
    table, _ = start("pace=0", {KEY: saved_match(12, [1, 1])})
    play_hand(table)
    bummerl = table.session.bummerl_end()
    screen = table.screen()
    shown = [int(n) for n in re.findall(r"<b>(\d+)</b>", screen.html["board"])]
    assert shown == bummerl["final"] and table.session.match.board == [7, 7]
    assert 'data-action="next-hand"' in screen.html["actions"]
    assert "Bummerl" in screen.text["status"] and "you get 1." not in screen.text["status"]
    effects = do(table, "next-hand")
    assert Announce in kinds(effects)
    assert [int(n) for n in re.findall(r"<b>(\d+)</b>", table.screen().html["board"])] == [7, 7]


# ------------------------------------------------------------------ the match, the header, dialogs

def test_new_match_asks_first_when_a_hand_is_under_way():
    table, _ = start("seed=11&pace=0")
    carry_out(table, table.boot())
    do(table, "play", card=table.session.view.playable[0])
    effects = table.update("new-match")
    assert kinds(effects) == [OpenDialog] and effects[0].dialog == "confirm"
    assert 'data-action="confirm-no"' in effects[0].html
    assert table.update("confirm-no") == [CloseDialog("confirm")]
    seed = table.session.match.seed
    effects = do(table, "confirm-yes")
    assert effects[0] == CloseDialog("confirm")
    assert table.session.match.seed != seed and not table.session.hand.history or table.session.bot_to_move is False
    announced = [e.text for e in effects if isinstance(e, Announce)]
    assert announced[0].startswith("A new match has started")


def test_language_and_deck_switch_and_are_saved():
    table, backend = start("seed=12&pace=0")
    do(table, "lang")
    screen = table.screen()
    assert screen.lang == "de" and screen.menu["lang"] == ("English", "en")
    do(table, "deck")
    assert table.screen().body["deck"] == "de"
    assert json.loads(backend.items[KEY])["settings"]["lang"] == "de"
    do(table, "lang")
    assert table.screen().lang == "en"


def test_the_rules_panel_shows_presets_and_applies_from_the_next_hand():
    table, _ = start("seed=13&pace=0")
    carry_out(table, table.boot())
    effects = table.update("rules")
    assert isinstance(effects[0], OpenDialog) and effects[0].dialog == "rules-panel"
    effects = table.update("preset", preset="sharp", form={"bot": "hard", "think": "long", "four_colours": True})
    panel = effects[0].html
    assert 'data-preset="sharp" aria-pressed="true"' in panel and '<option value="hard" selected>' in panel
    do(table, "play", card=table.session.view.playable[0])
    form = dict(Rules.preset("sharp").options())
    form = {k: (str(v) if not isinstance(v, bool) else v) for k, v in form.items()}
    effects = do(table, "rules-apply", form={**form, "bot": "easy", "think": "quick", "hints": False})
    assert effects[:2] == [CloseDialog("rules-panel"), Render()]
    assert table.session.match.rules == Rules.preset("sharp") and table.settings["bot"] == "easy"
    assert "apply from the next hand" in table.screen().text["notice"]
    assert table.update("rules-cancel") == [CloseDialog("rules-panel")]
    assert table.update("dialog-close", dialog="stats-panel") == [CloseDialog("stats-panel")]


def test_statistics_open_reset_after_asking_and_follow_another_tab():
    table, backend = start("seed=14&pace=0")
    carry_out(table, table.boot())
    play_hand(table)
    effects = table.update("stats")
    assert isinstance(effects[0], OpenDialog) and "<table" in effects[0].html
    assert table.update("stats-reset")[0].dialog == "confirm"
    effects = table.update("stats-reset-yes")
    assert effects[0] == CloseDialog("confirm") and "stats-empty" in effects[1].html
    other = stats.Stats().record_hand("hard", "soft", True).to_json()
    backend.items[stats.KEY] = other  # what the other tab wrote
    effects = table.update("storage", key=stats.KEY, value=other, stats_open=True)
    assert isinstance(effects[0], OpenDialog) and "<table" in effects[0].html


def test_another_tabs_save_is_adopted_and_its_bot_move_left_to_it():
    table, backend = start("seed=15&pace=0")
    carry_out(table, table.boot())
    twin, _ = start("pace=0", dict(backend.items))
    do(twin, "play", card=twin.session.view.playable[0])
    effects = table.update("storage", key=KEY, value=twin.session.storage.last_written)
    assert effects[0] == Render()
    assert table.session.summary()["history"] == twin.session.summary()["history"]
    assert "another tab" in table.screen().text["notice"]
    assert table.update("storage", key=KEY, value="{junk") == []


def test_a_bot_move_another_tab_left_undone_is_played_here_after_its_time():
    table, backend = start("seed=16&pace=0")
    carry_out(table, table.boot())
    other = Match.from_json(json.loads(backend.items[KEY])["match"])
    while other.hand.to_act != BOT and not other.hand.over:
        other.play(other.hand.legal()[0])
    doc = {**json.loads(backend.items[KEY]), "match": other.to_json(), "rev": 99}
    effects = table.update("storage", key=KEY, value=json.dumps(doc))
    if other.hand.over:
        return
    due = effects[-1]
    assert isinstance(due, BotDue) and due.seconds >= 2.0 and due.generation == table.play.generation
    assert table.update("bot-due", generation=due.generation - 1) == []  # something happened meanwhile
    assert table.update("bot-due", generation=due.generation) == [RunBot()]


# ------------------------------------------------------------------ sharing and the replay

def test_share_copies_links_and_downloads_the_hand():
    table, _ = start("seed=17&pace=0")
    [copy] = table.update("copy-link")
    assert isinstance(copy, Copy) and copy.query.startswith("seed=17")
    [copy] = table.update("copy-record")
    assert isinstance(copy, Copy) and "record=" in copy.query
    assert kinds(table.update("copied")) == [Announce, Toast]
    assert kinds(table.update("copy-failed")) == [Focus, Announce]
    download, said = table.update("download-record")
    assert download.name == "bummerl-17-1.json" and json.loads(download.text) == table.session.hand.to_record()
    assert said == Announce("Record saved as bummerl-17-1.json.")


def test_a_record_link_opens_the_replay_and_every_replay_control_works():
    record = played_record()
    table, backend = start(f"record={encode_record(record)}&pace=0")
    assert RunBot not in kinds(table.boot())  # the saved game waits behind the replay
    screen = table.screen()
    assert screen.body["turn"] == "replay" and screen.body["state"]["replay"]["step"] == 0
    assert kinds(table.update("replay-forward")) == [Render, Announce]
    assert table.replay.step == 1
    do(table, "replay-next-trick")
    assert table.replay.step == 2
    do(table, "replay-previous-trick")
    assert table.replay.step == 0
    assert table.update("key", key="End")[0] == Render() and table.replay.step == len(record["actions"])
    assert table.update("key", key="End") == [Consumed()]  # already there
    assert table.update("key", key="x") == []
    do(table, "replay-back")
    assert table.replay.step == len(record["actions"]) - 1
    download, _ = table.update("download-record")  # the replayed hand, whole
    assert json.loads(download.text) == replay.Replay(record).final.to_record()
    assert table.update("play", card=table.session.view.hand[0]) == []  # no play under a replay
    effects = do(table, "replay-leave")
    assert table.replay is None and Render in kinds(effects)


def test_play_on_from_a_replayed_position_becomes_the_saved_game():
    record = played_record(moves=4)
    table, backend = start(f"record={encode_record(record)}&pace=0")
    do(table, "key", key="End")
    effects = do(table, "replay-play-on")
    assert table.replay is None and list(table.session.hand.history[:4]) == record["actions"]
    assert json.loads(backend.items[KEY])["match"]["hand"]["actions"][:4] == record["actions"]
    assert Focus(FIRST_CARD) in effects


def test_new_match_from_a_replay_leaves_it():
    table, _ = start(f"record={encode_record(played_record())}&pace=0")
    effects = do(table, "new-match")
    assert table.replay is None and effects[0] == Render()


def test_a_record_file_replays_or_is_refused_with_the_reason_until_the_next_action():
    table, _ = start("seed=18&pace=0")
    record = played_record()
    effects = table.update("load-record", text=json.dumps({**record, "actions": record["actions"] + ["play ZZ"]}))
    assert kinds(effects) == [Render, Announce] and "ZZ" in table.screen().text["notice"]
    assert table.update("load-record", text=None, size=10**9)[1].text.endswith("too large: 1,000,000,000 bytes")
    effects = table.update("load-record", text=json.dumps(record))
    assert effects[0] == OpenDetails("share", False) and table.replay is not None
    assert not table.screen().text["notice"]
    assert Table.accepts_record_file(1000) and not Table.accepts_record_file(10**9)


def test_an_embedded_table_posts_ready_and_every_move_to_its_host():
    table, backend = start("seed=19&embed=1&pace=0")
    carry_out(table, table.boot())
    messages = table.messages()
    assert messages[0]["type"] == "ready" and messages[0]["seed"] == 19
    play_hand(table)
    messages = table.messages()
    assert {m["type"] for m in messages} == {"action", "hand_over"}
    assert KEY not in backend.items  # an embedded table saves nothing


def test_the_screens_html_shows_every_region_in_both_languages():
    for lang in i18n.LANGS:
        table, _ = start(f"seed=20&pace=0&lang={lang}")
        screen = table.screen()
        assert set(screen.html) == {"hand", "actions", "opponent", "talon", "trick", "board", "mypile"}
        assert screen.labels["you"] == render.t(table.settings, "your_hand")
        assert screen.lang == lang


def test_a_finished_hand_is_reviewed_in_slices_and_each_row_shows_its_position():
    table, _ = start("seed=21&pace=0")
    carry_out(table, table.boot())
    assert table.update("review") == []  # nothing to review while the hand goes on
    play_hand(table)
    assert 'data-action="review"' in table.screen().html["actions"]
    effects = table.update("review")
    assert kinds(effects) == [Render, ThinkReview, Focus]
    assert table.replay is not None and table.replay.step == table.replay.length  # the hand, shown as a replay
    screen = table.screen()
    assert 'data-action="review-stop"' in screen.review and not screen.review_done
    reviewer = table.reviewer
    reviewer.nodes = 3_000  # keep the test fast: the same work with a smaller budget
    slices = 0
    while table.room.running:
        effects = table.review_slice(reviewer, 0.02)
        slices += 1
    assert slices > 1 and kinds(effects) == [Render, Announce]
    screen = table.screen()
    assert screen.review_done and "<svg" in screen.review and 'data-action="review-stop"' not in screen.review
    steps = re.findall(r'data-review-step="(\d+)"', screen.review)
    assert len(steps) == len(reviewer.decisions) == len(reviewer.todo) > 0
    do(table, "review-go", step=steps[0])
    assert table.replay.step == int(steps[0])
    assert table.review_slice(reviewer, 0.02) == []  # done: nothing more to think
    do(table, "replay-leave")
    assert table.reviewer is None and table.screen().review == ""


def test_your_decisions_are_reviewed_while_the_page_waits_for_you_and_the_review_takes_that_over():
    from bummerl.review import Reviewer
    from bummerl_web.rooms.reviewing import REVIEW_EXACT_NODES

    table, _ = start("seed=21&pace=0")
    carry_out(table, table.boot())
    play = table.play
    assert play.review_ahead(0.01) is False and play.ahead_progress() == ""  # nothing decided yet
    while not table.session.hand.over:
        do(table, "play", card=table.session.view.playable[0])
        for _ in range(len(table.session.hand.history) % 3):  # a few goes on your turn
            play.review_ahead(0.01)
    while play.review_ahead(0.05):  # the hand over: on until every decision is reviewed
        pass
    assert play.ahead_progress() == "done"
    record, board = table.session.hand.to_record(), table.session.match.board_before_last()
    effects = table.update("review")
    assert table.reviewer.done and kinds(effects) == [Render, Announce, Focus]  # at once
    assert table.reviewer.partial() == Reviewer(record, 0, exact_nodes=REVIEW_EXACT_NODES, board=board).result()
    assert play.review_ahead(0.01) is False  # the review room on show


def test_the_page_reviews_ahead_only_while_nothing_else_thinks():
    table, _ = start("seed=21&pace=0")
    carry_out(table, table.boot())
    play = table.play
    do(table, "play", card=table.session.view.playable[0])
    assert play.review_ahead(0.001) is True  # your turn: it starts
    play.busy = True  # the bot moving
    assert play.review_ahead(1.0) is False and play.ahead_progress() == "0/1"
    assert not play.may_review_ahead()  # (the page does not even start its slices)
    play.busy = False
    play.hinting = True  # the Hint is being thought
    assert play.review_ahead(1.0) is False and not play.may_review_ahead()
    play.hinting = False
    assert play.may_review_ahead()
    embedded, _ = start("seed=21&pace=0&embed=1")
    carry_out(embedded, embedded.boot())
    do(embedded, "play", card=embedded.session.view.playable[0])
    assert embedded.play.review_ahead(1.0) is False and embedded.play.ahead is None


def test_a_review_can_be_stopped_and_shows_what_it_has():
    table, _ = start("seed=22&pace=0")
    carry_out(table, table.boot())
    play_hand(table)
    table.update("review")
    table.review_slice(table.reviewer, 0.01)
    assert table.update("review-stop") == [Render()]
    assert table.review_slice(table.reviewer, 0.01) == []  # the page stops thinking
    assert "Review stopped after" in table.screen().review
    done = table.reviewer.progress[0]
    effects = table.update("review-resume")
    assert kinds(effects) == [Render, ThinkReview, Focus] and table.room.running
    think(table)
    assert table.reviewer.done and table.reviewer.progress[0] >= done


# ------------------------------------------------------------------ review links, puzzles, kept reviews

def finished_record(seed: int = 21) -> dict:
    table, _ = start(f"seed={seed}&pace=0")
    carry_out(table, table.boot())
    play_hand(table)
    return table.session.hand.to_record()


def think(table: Table, nodes: int = 3_000) -> list:
    """Run the review's (or puzzle's) slices as the page does, with a small budget."""
    table.reviewer.nodes = nodes
    effects = []
    while table.room.running:
        effects = table.review_slice(table.reviewer, 0.05)
    return effects


def reviewed_table(seed: int = 21):
    """A table whose hand was played and reviewed to the end, and its storage."""
    table, backend = start(f"seed={seed}&pace=0")
    carry_out(table, table.boot())
    play_hand(table)
    table.update("review")
    think(table)
    return table, backend


def test_a_record_link_opens_at_its_position_and_into_its_review():
    from bummerl_web.links import make_link

    record = finished_record()
    table, _ = start(make_link(record=record, at=3) + "&pace=0")
    assert table.replay.step == 3 and table.reviewer is None
    table, _ = start(make_link(record=record, review=True) + "&pace=0")
    effects = table.boot()
    assert ThinkReview in kinds(effects) and table.room.running
    think(table)
    assert table.screen().review_done and table.reviewer.decisions
    table, _ = start(make_link(record=record, at=60) + "&pace=0")
    assert table.replay.step == 0 and any("at: the record has" in n for n in table.session.link_notices)


def puzzle_table(record, step):
    from bummerl_web.links import make_link

    table, _ = start(make_link(record=record, at=step, puzzle=True) + "&pace=0")
    effects = table.boot()
    assert kinds(effects)[-2:] == [ThinkReview, Focus]  # it thinks while you do
    return table


def answer(table: Table, action: str) -> list:
    if action.startswith("play "):
        return table.update("play", card=action.split()[1])
    kind, _, suit = action.partition(" ")
    return table.update(kind, **({"suit": suit} if suit else {}))


def test_a_puzzle_link_asks_the_position_from_your_seat_and_judges_a_right_and_a_wrong_answer():
    record = finished_record()
    shown = replay.Replay(record)
    step = next(n for n in range(1, shown.length) if puzzle_problem(shown, n) is None)
    table = puzzle_table(record, step)
    screen = table.screen()
    assert screen.body["turn"] == "puzzle" and screen.text["status"] == i18n.text("en", "puzzle_question")
    hidden = set(shown.hands[step].view(BOT).hand) - set(shown.hands[step].view(0).opponent_known)
    assert hidden and not any(f'data-card="{c}"' in screen.html["opponent"] for c in hidden)  # face down
    assert 'class="level"' not in screen.html["opponent"]  # the record's opponent is not your level
    assert screen.html["hand"].count("<button") == len(shown.hands[step].view(0).hand)
    think(table)
    decision = table.room.decision
    worst = min(decision.values, key=decision.values.get)
    effects = answer(table, worst)
    assert kinds(effects) == [Render, Announce, Focus]
    from bummerl.review import judge

    loss, verdict = judge(decision, worst)
    assert verdict != "best" and table.screen().body["state"]["puzzle"]["mark"] == verdict
    assert f"{loss:.2f} game points less than" in effects[1].text
    assert answer(table, worst) == []  # one answer until you try again
    do(table, "puzzle-again")
    effects = answer(table, decision.best)
    assert "Best: nothing plays better here." in effects[1].text
    assert table.replay.step == step  # the puzzle's position stays
    do(table, "puzzle-show")
    assert table.mode != "puzzle" and table.screen().body["turn"] == "replay" and table.replay.step == step


def test_an_answer_given_before_the_evaluation_is_judged_when_it_is_done():
    record = finished_record()
    shown = replay.Replay(record)
    step = next(n for n in range(shown.length) if puzzle_problem(shown, n) is None)
    table = puzzle_table(record, step)
    choice = str(shown.hands[step].legal()[0])
    effects = answer(table, choice)
    assert kinds(effects) == [Render, Announce] and "Working out" in effects[1].text
    effects = think(table)
    assert kinds(effects) == [Render, Announce, Focus] and "Your answer" in effects[1].text
    assert answer(table, "play XX") == []  # answered: nothing more


def test_an_illegal_puzzle_answer_is_said_and_changes_nothing():
    def restricted(shown):  # a position of yours where a card of your hand may not be played
        return next((n for n in range(shown.length) if puzzle_problem(shown, n) is None
                     and len(shown.hands[n].view(0).playable) < len(shown.hands[n].view(0).hand)), None)

    record, shown, step = next((r, s, restricted(s)) for r, s in (
        (r, replay.Replay(r)) for r in map(finished_record, range(21, 60))) if restricted(s) is not None)
    table = puzzle_table(record, step)
    view = shown.hands[step].view(0)
    blocked = next(c for c in view.hand if c not in view.playable)
    effects = answer(table, f"play {blocked}")
    assert kinds(effects) == [Announce] and table.room.answer is None


def test_a_puzzle_link_to_a_position_that_is_not_your_decision_opens_the_replay_and_says_why():
    record = finished_record()
    shown = replay.Replay(record)
    bots = next(n for n in range(shown.length) if shown.hands[n].to_act == BOT)
    from bummerl_web.links import make_link

    table, _ = start(make_link(record=record, at=bots, puzzle=True) + "&pace=0")
    assert table.mode != "puzzle" and table.replay.step == bots
    assert any("the bot's decision" in n for n in table.session.link_notices)
    table, _ = start(make_link(record=record, at=shown.length, puzzle=True) + "&pace=0")
    assert table.mode != "puzzle" and any("end of the record" in n for n in table.session.link_notices)


def test_a_review_row_copies_its_position_as_a_puzzle_link():
    from bummerl_web.links import parse_link

    table, _ = reviewed_table()
    steps = re.findall(r'data-action="copy-puzzle" data-puzzle-step="(\d+)"', table.screen().review)
    assert steps
    [copy] = table.update("copy-puzzle", step=steps[0])
    link = parse_link(copy.query)
    assert (link.at, link.puzzle, link.record) == (int(steps[0]), True, table.replay.record)


def test_the_bots_decisions_are_reviewed_when_asked_and_shown_beside_yours():
    table, _ = reviewed_table()
    mine = len(table.reviewer.decisions)
    assert 'data-seat="bot"' not in table.screen().review
    effects = table.update("review-bot")
    assert ThinkReview in kinds(effects) and table.room.running
    think(table)
    screen = table.screen()
    bots = screen.review.count('data-seat="bot"')
    assert bots == len(table.reviewer.others) > 0 and len(table.reviewer.decisions) == mine + bots
    assert 'aria-pressed="true"' in screen.review and "Bot: " in screen.review
    assert ThinkReview not in kinds(table.update("review-bot"))  # hidden again, nothing to think
    assert 'data-seat="bot"' not in table.screen().review


def test_a_finished_review_is_kept_and_reopens_at_once():
    from bummerl_web import reviews

    table, backend = reviewed_table()
    first = table.reviewer.partial()
    assert reviews.KEY in backend.items
    again = Table.start(read_address("pace=0"), ["en"], backend)  # the next visit: the same hand, over
    carry_out(again, again.boot())
    effects = again.update("review")
    assert ThinkReview not in kinds(effects) and again.reviewer.done
    assert again.reviewer.partial().to_json() == first.to_json()  # as kept: values to 4 places


def test_a_review_kept_by_another_version_of_the_reviews_values_is_searched_again(monkeypatch):
    from bummerl_web import reviews

    table, backend = reviewed_table()
    monkeypatch.setattr(reviews, "VERSION", reviews.VERSION + 1)  # e.g. the search changed
    again = Table.start(read_address("pace=0"), ["en"], backend)
    carry_out(again, again.boot())
    effects = again.update("review")
    assert ThinkReview in kinds(effects) and not again.reviewer.done


def test_kept_reviews_are_bounded_and_unreadable_ones_set_aside():
    from bummerl.review import Review
    from bummerl_web import reviews

    backend = MemoryBackend()
    kept = reviews.Reviews(backend)
    for n in range(reviews.KEPT + 2):
        kept.keep(f"id{n}", Review(0, [], []))
    stored = reviews.load(backend.items[reviews.KEY])
    assert [key for key, _ in stored] == [f"id{n}" for n in range(reviews.KEPT + 1, 1, -1)]
    backend.items[reviews.KEY] = '{"app": "bummerl", "version": 1, "reviews": [{"id": "x", "review": 3}]}'
    kept = reviews.Reviews(backend)
    assert kept.find("x") is None and kept.set_aside
    assert reviews.KEY + ".aside.1" in backend.items and reviews.KEY not in backend.items


def test_unreadable_kept_reviews_are_said_when_a_review_opens():
    from bummerl_web import reviews

    table, backend = start("seed=21&pace=0", {reviews.KEY: "[" * 10_000})
    carry_out(table, table.boot())
    play_hand(table)
    table.update("review")
    assert "reviews_set_aside" in table.session.notices
    assert reviews.KEY + ".aside.1" in backend.items
