"""Practice at the table, in CPython: the rules panel's open hand and take back (off by
default), the Take back button and what it restores, practice hands counted apart in the
statistics and said in the hand's summary, and the saved match after a take back."""
import json
import re

import pytest

from bummerl.hand import Hand
from bummerl_web import i18n, render, stats
from bummerl_web.stats import Tally
from bummerl_web.effects import Announce, CloseDialog, Focus, OpenDialog, Render
from bummerl_web.settings import BOT, HUMAN, default_settings
from bummerl_web.storage import KEY
from bummerl_web.table import FIRST_CARD, Table, read_address

from .test_web_presenter import carry_out, do, play_hand, start


def practice_table(seed: int = 5, **options):
    """A table (after its start, the bot's lead played) with the practice ``options`` on."""
    table, backend = start(f"seed={seed}&pace=0")
    carry_out(table, table.boot())
    form = {"claim": "auto", **{name: True for name in options}}
    do(table, "rules-apply", form=form)
    return table, backend


def position(hand) -> dict:
    """Every part of a hand, hidden cards included."""
    return {name: getattr(hand, name) for name in Hand.__slots__}


def rules_panel(table) -> str:
    (effect,) = table.update("rules")
    assert isinstance(effect, OpenDialog)
    return effect.html


# ------------------------------------------------------------------ the rules panel

@pytest.mark.parametrize("lang, legend, open_label", [
    ("en", "Practice", "Open hand: the bot plays with its cards face up"),
    ("de", "Üben", "Offen spielen: der Computer spielt mit offenen Karten"),
])
def test_the_rules_panel_offers_open_hand_and_take_back_off_by_default(lang, legend, open_label):
    table, _ = start("seed=5&pace=0", languages=(lang,))
    html = rules_panel(table)
    practice = html[html.index(f"<legend>{legend}</legend>"):]
    for name in ("open_hand", "take_back"):
        assert re.search(rf'<input type="checkbox" name="{name}">', practice), name  # not checked
    assert open_label in practice and i18n.text(lang, "practice_note") in practice
    assert default_settings()["open_hand"] is False and default_settings()["take_back"] is False


def test_applied_practice_options_are_kept_checked_and_a_preset_button_keeps_them():
    table, backend = practice_table(open_hand=True, take_back=True)
    assert table.settings["open_hand"] and table.settings["take_back"]
    assert json.loads(backend.items[KEY])["settings"]["take_back"] is True
    html = rules_panel(table)
    assert '<input type="checkbox" name="open_hand" checked>' in html
    (effect,) = table.update("preset", preset="sharp", form={"open_hand": True, "take_back": False})
    assert '<input type="checkbox" name="open_hand" checked>' in effect.html
    assert '<input type="checkbox" name="take_back">' in effect.html


# ------------------------------------------------------------------ open hand

def test_open_hand_shows_the_bots_five_cards_face_up_each_named():
    table, _ = start("seed=5&pace=0")
    assert table.screen().html["opponent"].count('class="card back') == 5
    table, _ = practice_table(open_hand=True)
    s = table.session
    html = table.screen().html["opponent"]
    bot_cards = s.hand.view(BOT).hand
    assert len(bot_cards) == 5 and "card back" not in html
    for card in bot_cards:
        assert f'aria-label="{i18n.card_name("en", "fr", card)}"' in html
    assert "Open hand: the bot&#x27;s cards face up" in html
    assert s.practice and json.loads(table.session.storage.last_written)["practice"] is True


# ------------------------------------------------------------------ take back

def test_take_back_restores_the_exact_position_before_your_move_and_saves_it():
    table, backend = practice_table(take_back=True)
    s = table.session
    assert 'data-action="take-back"' not in table.screen().html["actions"]  # no move of yours yet
    before = s.hand
    board, results, saved_before = list(s.match.board), list(s.match.results), s.match.to_json()
    do(table, "play", card=s.view.playable[0])
    assert len(s.hand.history) > len(before.history) and not s.hand.over
    assert 'data-action="take-back"' in table.screen().html["actions"]
    effects = table.update("take-back")
    assert effects == [Render(), Announce(i18n.text("en", "taken_back")), Focus(FIRST_CARD)]
    assert position(s.hand) == position(before)
    assert s.match.board == board and s.match.results == results and s.match.to_json() == saved_before
    assert s.human_to_move and s.practice
    again, _ = start("pace=0", backend.items)  # a reload: the same position, still practice
    assert position(again.session.hand) == position(before) and again.session.practice
    assert again.session.view == s.view and again.session.summary() == {**s.summary(), "saved": True}


def test_after_a_take_back_the_bot_answers_the_same_move_as_it_did():
    table, _ = practice_table(seed=8, take_back=True)
    s = table.session
    card = s.view.playable[-1]
    do(table, "play", card=card)
    first = list(s.hand.history)
    do(table, "take-back")
    do(table, "play", card=card)
    assert list(s.hand.history) == first


def test_take_back_stops_a_bot_still_answering_your_move():
    table, _ = practice_table(take_back=True)
    s = table.session
    before = position(s.hand)
    effects = table.update("play", card=s.view.playable[0])  # the page would now run the bot
    table.play.begin_bot()
    generation = table.play.generation
    assert 'data-action="take-back"' in table.screen().html["actions"]
    table.update("take-back")
    assert table.play.generation != generation and not table.play.busy  # the running sequence stops
    assert position(s.hand) == before and effects


def test_without_the_option_there_is_no_take_back_and_nothing_changes():
    table, _ = start("seed=5&pace=0")
    carry_out(table, table.boot())
    s = table.session
    do(table, "play", card=s.view.playable[0])
    assert 'data-action="take-back"' not in table.screen().html["actions"]
    saved = s.match.to_json()
    assert table.update("take-back") == [Announce(i18n.text("en", "take_back_none"))]
    assert s.match.to_json() == saved and not s.practice


def play_hand_noting(table) -> list:
    """Play the hand in play to its end (your first playable card each time); returns,
    before each of your moves, the saved match, the statistics and the board region."""
    s, noted = table.session, []
    while not s.hand.over:
        noted.append((s.match.to_json(), stats.load(s.storage.backend.items.get(stats.KEY)),
                      table.screen().html["board"]))
        do(table, "play", card=s.view.playable[0])
    return noted


def test_take_back_at_a_practice_hands_end_restores_the_match_and_statistics_before_your_move():
    table, backend = practice_table(take_back=True)
    s = table.session
    saved, counted_before, board_html = play_hand_noting(table)[-1]
    ended, result = s.match.to_json(), s.match.results[-1]
    level, preset = s.settings["bot"], s.hand.rules.preset_name or "custom"
    assert stats.load(backend.items[stats.KEY]).tally(level, preset, practice=True) != Tally()
    assert 'data-action="take-back"' in table.screen().html["actions"]  # beside Next hand
    effects = table.update("take-back")
    assert effects == [Render(), Announce(i18n.text("en", "taken_back_end")), Focus(FIRST_CARD)]
    assert s.match.to_json() == saved and s.human_to_move and s.practice
    assert table.screen().html["board"] == board_html  # the board before the hand's result
    kept = stats.load(backend.items[stats.KEY])
    assert (kept.tallies, kept.practice) == (counted_before.tallies, counted_before.practice)
    again, _ = start("pace=0", backend.items)  # a reload: the same position, still practice
    assert again.session.match.to_json() == saved and again.session.practice
    # played on the same way, the hand ends as before and is counted once
    do(table, "play", card=s.view.playable[0])
    assert s.match.to_json() == ended and s.match.results[-1] == result
    tally = stats.load(backend.items[stats.KEY]).tally(level, preset, practice=True)
    assert tally.hands_won + tally.hands_lost == 1


def test_take_back_at_the_end_of_a_hand_that_ended_the_bummerl_reopens_it():
    table, backend = practice_table(seed=3, take_back=True)
    s = table.session
    while True:
        noted = play_hand_noting(table)
        if s.match.results[-1].get("bummerl"):
            break
        do(table, "next-hand")
    saved, counted_before, _ = noted[-1]
    assert s.match.bummerls != [0, 0] and s.match.board == [7, 7]
    table.update("take-back")
    assert s.match.to_json() == saved and s.match.bummerls == [0, 0] and s.match.board != [7, 7]
    assert s.bummerl_end() is None and "data-action=\"next-hand\"" not in table.screen().html["actions"]
    kept = stats.load(backend.items[stats.KEY])
    assert (kept.tallies, kept.practice) == (counted_before.tallies, counted_before.practice)


def test_a_hand_that_was_no_practice_is_not_taken_back_at_its_end():
    table, backend = start("seed=5&pace=0")
    carry_out(table, table.boot())
    play_hand(table)
    do(table, "rules-apply", form={"claim": "auto", "take_back": True})  # turned on once it is over
    assert 'data-action="take-back"' not in table.screen().html["actions"]
    results, counted = list(table.session.match.results), backend.items[stats.KEY]
    assert table.update("take-back") == [Announce(i18n.text("en", "take_back_none"))]
    assert table.session.match.results == results and backend.items[stats.KEY] == counted


def test_no_take_back_into_the_last_hand_once_the_next_is_dealt():
    table, _ = practice_table(take_back=True)
    play_hand(table)
    do(table, "next-hand")
    s = table.session
    assert s.human_to_move and s.hand.before_last_action_of(HUMAN) is None  # nothing of yours in it yet
    saved = s.match.to_json()
    assert 'data-action="take-back"' not in table.screen().html["actions"]
    assert table.update("take-back") == [Announce(i18n.text("en", "take_back_none"))]
    assert s.match.to_json() == saved


# ------------------------------------------------------------------ practice hands

@pytest.mark.parametrize("option", ["open_hand", "take_back"])
def test_a_practice_hand_is_counted_apart_and_its_summary_says_so(option):
    table, backend = practice_table(**{option: True})
    play_hand(table)
    s = table.session
    kept = stats.load(backend.items[stats.KEY])
    level, preset = s.settings["bot"], s.hand.rules.preset_name or "custom"
    assert kept.tallies == ()  # not in the record against the level
    tally = kept.tally(level, preset, practice=True)
    assert tally.hands_won + tally.hands_lost == 1
    assert i18n.text("en", "practice_hand") in table.screen().html["trick"]
    table.update("review")  # the review of a practice hand works as any other
    assert table.mode == "review" and table.replay.hand.over


def test_a_hand_without_practice_counts_in_the_record_and_the_next_hand_is_no_practice():
    table, backend = start("seed=5&pace=0")
    carry_out(table, table.boot())
    play_hand(table)
    assert stats.load(backend.items[stats.KEY]).practice == ()
    assert i18n.text("en", "practice_hand") not in table.screen().html["trick"]
    table, _ = practice_table(open_hand=True)
    play_hand(table)
    do(table, "rules-apply", form={"claim": "auto", "open_hand": False, "take_back": False})
    do(table, "next-hand")
    assert not table.session.practice and json.loads(table.session.storage.last_written)["practice"] is False


def test_options_turned_off_during_a_hand_leave_it_practice():
    table, _ = practice_table(open_hand=True)
    do(table, "rules-apply", form={"claim": "auto", "open_hand": False, "take_back": False})
    assert table.session.practice and "card back" in table.screen().html["opponent"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_practice_words_exist_in_both_languages(lang):
    for key in ("practice", "practice_note", "take_back", "taken_back", "taken_back_end", "take_back_none",
                "practice_hand", "open_hand_shown", "stats_practice_caption"):
        assert key in i18n.MESSAGES[lang], key
    assert i18n.option_label(lang, "open_hand") != "open_hand"
    assert i18n.option_label(lang, "take_back") != "take_back"
    assert render.take_back_button({"lang": lang}).count('data-action="take-back"') == 1


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_a_saved_practice_mark_that_is_no_true_or_false_is_set_aside(value):
    table, backend = practice_table(take_back=True)
    doc = json.loads(backend.items[KEY])
    doc["practice"] = value
    raw = json.dumps(doc)
    again = Table.start(read_address("pace=0"), ["en"], type(backend)({KEY: raw}))
    assert "set_aside_corrupt" in again.session.notices
    assert again.session.storage.refused_because.startswith("practice: expected true or false")
