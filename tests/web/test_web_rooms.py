"""The presenter's rooms (`bummerl_web.rooms`) and its effects (`bummerl_web.effects`) in
CPython: the screen of every room is read from the state (drawing it twice changes
nothing), each room answers its own controls only, and the page carries out every
effect by its type."""
import dataclasses
import re
from pathlib import Path

import pytest

from bummerl.record import encode_record
from bummerl_web import i18n, replay
from bummerl_web.effects import EFFECTS, RENDER, Announce, Copy, Focus, Render, RunBot
from bummerl_web.rooms import Room
from bummerl_web.rooms.replaying import puzzle_problem
from bummerl_web.table import ACTIONS, ROOMS, Table

from .test_web_presenter import carry_out, finished_record, puzzle_table, reviewed_table, start, think
from .test_web_share import played_record

ROOT = Path(__file__).resolve().parents[2]


def state(table: Table):
    """What the presenter holds (containers copied: a change in place shows too)."""
    def held(part):
        return {k: (v.copy() if isinstance(v, (list, dict, set)) else v) for k, v in vars(part).items()}

    reviewer = table.reviewer
    return ([held(part) for part in (table, table.play, table.room)], table.session.summary(),
            list(table.session.notices), list(table.session.link_notices),
            table.replay and table.replay.step, reviewer and (reviewer.progress, reviewer.done))


def assert_screen_changes_nothing(table: Table):
    before = state(table)
    first = table.screen()
    assert state(table) == before
    assert table.screen() == first
    assert state(table) == before


def test_the_matchs_screen_changes_nothing_and_the_cards_just_drawn_are_noted_by_update():
    table, _ = start("seed=23&pace=0")
    assert table.mode == "play"
    assert_screen_changes_nothing(table)  # as dealt: every card has just arrived
    assert table.play.arrived == frozenset(table.session.view.hand)
    carry_out(table, table.boot())
    if table.session.bot_to_move:
        carry_out(table, [RunBot()])
    before = set(table.session.view.hand)
    effects = table.update("play", card=table.session.view.playable[0])  # not yet shown
    assert table.play.arrived == frozenset()
    assert_screen_changes_nothing(table)
    carry_out(table, effects)
    assert_screen_changes_nothing(table)
    drawn = set(table.session.view.hand) - before
    assert len(drawn) == 1 and table.play.arrived == drawn  # the card drawn after the trick
    assert f'class="card arrived" data-card="{drawn.pop()}"' in table.screen().html["hand"]


def test_a_replays_a_reviews_and_a_puzzles_screen_change_nothing():
    table, _ = start(f"record={encode_record(played_record())}&pace=0")
    assert table.mode == "replay"
    assert_screen_changes_nothing(table)
    table.update("replay-forward")
    assert_screen_changes_nothing(table)

    table, _ = start("seed=21&pace=0")
    carry_out(table, table.boot())
    while not table.session.hand.over:
        carry_out(table, table.update("play", card=table.session.view.playable[0]))
    table.update("review")
    assert table.mode == "review" and table.room.running
    table.reviewer.nodes = 3_000
    table.review_slice(table.reviewer, 0.01)
    assert_screen_changes_nothing(table)  # while it thinks
    think(table)
    assert_screen_changes_nothing(table)  # done

    record = finished_record()
    shown = replay.Replay(record)
    step = next(n for n in range(shown.length) if puzzle_problem(shown, n) is None)
    table = puzzle_table(record, step)
    assert table.mode == "puzzle"
    assert_screen_changes_nothing(table)
    think(table)
    table.update("play", card=shown.hands[step].view(0).playable[0])
    assert_screen_changes_nothing(table)


def test_each_room_answers_its_own_controls_and_no_other_rooms():
    assert all(not set(room.ACTIONS) & set(ACTIONS) for room in ROOMS)  # one handler per action
    table, _ = start("seed=24&pace=0")
    carry_out(table, table.boot())
    assert table.update("replay-forward") == [] and table.update("puzzle-again") == []
    assert table.update("review-stop") == [] and table.update("key", key="End") == []
    table, _ = start(f"record={encode_record(played_record())}&pace=0")
    assert table.update("next-hand") == [] and table.update("hint") == []
    assert table.update("why", why="must follow suit") == []
    assert table.update("review-go", step="1") == [] and table.replay.step == 0
    assert Room(table).boot() == [] and Room(table).review_slice(None, 0.01) == []
    with pytest.raises(NotImplementedError):
        Room(table).screen()


def test_leaving_a_puzzle_or_a_replay_comes_back_to_the_match_and_its_bot():
    record = finished_record()
    shown = replay.Replay(record)
    step = next(n for n in range(shown.length) if puzzle_problem(shown, n) is None)
    table = puzzle_table(record, step)
    [copy] = table.update("copy-puzzle", step=str(step))
    assert isinstance(copy, Copy) and "puzzle=1" in copy.query
    assert table.update("copy-puzzle", step="x") == []
    generation = table.play.generation
    effects = table.update("replay-leave")
    assert table.mode == "play" and table.play.generation > generation
    assert effects[0] == RENDER and isinstance(effects[1], Announce)


def test_effects_are_values_and_the_page_has_a_handler_for_each_type():
    assert Render() == RENDER and Copy("a") == Copy("a") != Copy("b")
    with pytest.raises(dataclasses.FrozenInstanceError):
        Copy("a").query = "b"
    source = (ROOT / "src" / "bummerl_web" / "app.py").read_text()
    handlers = source[source.index("def _handlers"):]
    handled = re.findall(r"^\s+(\w+): lambda e:", handlers[:handlers.index("\n    def ")], re.M)
    assert sorted(handled) == sorted(kind.__name__ for kind in EFFECTS)
    assert "elif kind ==" not in source  # by type, not by comparing strings


def test_controls_that_do_not_apply_where_they_are_change_nothing():
    table, _ = start("seed=25&pace=0")
    carry_out(table, table.boot())
    assert table.update("level", level="nobody") == []
    effects = table.update("level", level="easy")
    assert table.settings["bot"] == "easy" and effects[-1] == Focus('#trick [data-level="easy"]')

    table, _ = start(f"record={encode_record(played_record(moves=4))}&pace=0")
    assert table.update("review") == [] and table.mode == "replay"  # the hand goes on: nothing to review
    table.update("key", key="End")
    assert table.update("replay-play-on") != [] and table.mode == "play"

    table, _ = reviewed_table()
    assert table.update("review-stop") == [] and table.update("review-resume") == []
    assert table.update("review-go", step="x") == []

    record = finished_record()
    shown = replay.Replay(record)
    step = next(n for n in range(shown.length) if puzzle_problem(shown, n) is None)
    table = puzzle_table(record, step)
    assert table.update("puzzle-again") == []  # nothing answered yet
    assert table.update("marry", suit="Z") == [Announce(i18n.text("en", "illegal_action"))]
    table.update("play", card=shown.hands[step].view(0).playable[0])
    assert "Working out" in table.screen().text["status"]  # answered before it was thought
