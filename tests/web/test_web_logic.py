"""The browser layer's Python, run in CPython (fast): storage schema, session, rendering."""
import json
import random

import pytest

from bummerl import Block, Rules, Termination
from bummerl_web import i18n, render, session, settings as page_settings, storage
from bummerl_web.session import Session
from bummerl_web.settings import HUMAN
from bummerl_web.storage import KEY, MemoryBackend, Storage


def fresh(items=None, seed=7):
    backend = MemoryBackend(items)
    return Session(Storage(backend), seed=seed), backend


def play_out(s, hands=1, policy=None):
    for _ in range(400):
        if s.hand.over:
            hands -= 1
            if not hands:
                return
            s.next_hand()
        elif s.bot_to_move:
            s.bot_step()
        else:
            legal = s.hand.view(HUMAN).legal
            s.act(policy(legal) if policy else legal[0])
    raise AssertionError("did not finish")


class Throwing:
    def __getattr__(self, name):
        def fail(*args):
            raise RuntimeError("SecurityError: storage blocked")
        return fail


def test_new_session_saves_a_versioned_document():
    s, backend = fresh()
    doc = json.loads(backend.items[KEY])
    assert doc["app"] == "bummerl" and doc["version"] == storage.VERSION
    assert doc["match"]["schema"] == "bummerl-match"
    assert s.notices == []


def test_reload_resumes_exactly():
    s, backend = fresh()
    play_out(s, hands=1)
    s.next_hand()
    if s.bot_to_move:
        s.bot_step()
    again = Session(Storage(backend), seed=7)
    assert again.hand.to_record() == s.hand.to_record()
    assert again.match.board == s.match.board
    assert again.summary() == s.summary()


@pytest.mark.parametrize("raw, notice", [
    ("{not json", "set_aside_corrupt"),
    ('{"some": "other app"}', "set_aside_foreign"),
    ('[1, 2, 3]', "set_aside_foreign"),
    ('{"app": "bummerl", "version": 99, "match": {}}', "set_aside_future"),
    ('{"app": "bummerl", "version": 1, "match": {"schema": "bummerl-match"}}', "set_aside_corrupt"),
])
def test_bad_data_is_set_aside_with_a_notice(raw, notice):
    s, backend = fresh({KEY: raw})
    assert notice in s.notices
    assert backend.items["bummerl.aside.1"] == raw
    assert json.loads(backend.items[KEY])["app"] == "bummerl"  # a fresh match was saved
    assert not s.hand.over


def test_blocked_storage_still_plays_and_says_so():
    s = Session(Storage(Throwing()), seed=3)
    assert "cannot_save" in s.notices
    play_out(s, hands=2)


def test_no_storage_at_all():
    s = Session(Storage(None), seed=3)
    assert "cannot_save" in s.notices


def test_other_tab_state_is_adopted():
    a, backend = fresh()
    b = Session(Storage(backend), seed=7)
    play_out(a, hands=1)
    assert b.adopt_raw(backend.items[KEY])
    assert b.match.results == a.match.results
    assert "other_tab" in b.notices
    assert not b.adopt_raw("{garbage")


def test_rules_apply_from_the_next_hand():
    s, _ = fresh()
    s.set_rules(Rules.preset("sharp"), {"points_counter": False})
    assert s.hand.rules == Rules.preset("soft")
    play_out(s, hands=1)
    s.next_hand()
    assert s.hand.rules == Rules.preset("sharp")
    assert s.settings["points_counter"] is False


def test_illegal_action_changes_nothing():
    s, _ = fresh()
    if s.bot_to_move:
        s.bot_step()
    before = s.hand.to_record()
    with pytest.raises(ValueError):
        s.act("claim")
    assert s.hand.to_record() == before


def test_narration_of_a_played_hand_renders_in_both_languages():
    s, _ = fresh()
    play_out(s, hands=3)
    for lang in i18n.LANGS:
        for deck in i18n.DECKS:
            s.settings.update(lang=lang, deck=deck)
            for key, params in s.log:
                text = render.message(s.settings, key, params)
                assert "{" not in text and text
            for html in (render.hand_html(s.view, s.settings, False), render.board_html(s.view, s.match, s.settings), render.talon_html(s.view, s.settings),
                         render.trick_html(s.view, s.settings), render.opponent_html(s.view, s.settings), render.actions_html(s.view, s.settings, False, s.match.over),
                         render.rules_panel_html(s.settings, s.match.rules, s.settings)):
                assert "{" not in html.replace("{}", "")


def test_every_message_exists_in_both_languages():
    assert set(i18n.MESSAGES["en"]) == set(i18n.MESSAGES["de"])
    assert set(i18n.OPTION_LABELS["en"]) == set(i18n.OPTION_LABELS["de"])
    for name, values in Rules.OPTIONS.items():
        assert name in i18n.OPTION_LABELS["en"]
        if not isinstance(values[0], bool):
            for v in values:
                assert f"{name}={v}" in i18n.OPTION_LABELS["en"]


def test_card_names():
    assert i18n.card_name("en", "fr", "AH") == "Ace of hearts"
    assert i18n.card_name("de", "fr", "AH") == "Herz-Ass"
    assert i18n.card_name("de", "de", "QC") == "Eichel-Ober"
    assert i18n.card_name("en", "de", "JS") == "Unter of leaves"


def test_language_pick():
    assert i18n.pick_language(["de-AT", "en"]) == "de"
    assert i18n.pick_language(["fr-FR", "en-GB"]) == "en"
    assert i18n.pick_language([]) == "en"


def test_hand_buttons_carry_codes_and_reasons():
    s, _ = fresh()
    html = render.hand_html(s.view, s.settings, False)
    for code in s.hand.view(HUMAN).hand:
        assert f'data-card="{code}"' in html
    assert html.count("<button") == 5


def test_bot_level_setting_is_kept_and_used():
    s, backend = fresh()
    s.set_rules(s.match.rules, {"bot": "easy"})
    assert Session(Storage(backend), seed=7).settings["bot"] == "easy"
    s.set_rules(s.match.rules, {"bot": "nonsense"})
    assert s.settings["bot"] == "easy"
    play_out(s, hands=1)


def test_link_seed_and_rules_start_a_match_on_those_rules():
    backend = MemoryBackend()
    s = Session(Storage(backend), seed=9, rules=Rules.preset("sharp"), overrides={"deck": "de"})
    assert s.hand.rules == Rules.preset("sharp") and s.settings["deck"] == "de"
    again = Session(Storage(backend), seed=9, rules=Rules.preset("soft"))
    assert again.hand.rules == Rules.preset("sharp")  # the hand in play keeps its rules
    assert again.match.rules == Rules.preset("soft")  # from the next hand on


def test_narration_comes_from_engine_events():
    s, _ = fresh()
    events = s.act(s.hand.view(HUMAN).legal[-1]) if s.human_to_move else s.bot_step()
    assert events and all(isinstance(k, str) and isinstance(p, dict) for k, p in events)


def test_hint_is_worded_in_both_languages():
    s, _ = fresh(seed=12)
    for _ in range(30):
        if s.hand.over:
            s.next_hand()
        if s.bot_to_move:
            s.bot_step()
            continue
        thinking = s.hint_thinking()
        while not thinking.step(0.01):  # in slices, as the page runs it
            pass
        best = thinking.best()  # with what the search saw, as the page asks it
        hint = s.hint(best, thinking.close_odds(), thinking.rival(best), seen=thinking.seen())
        assert hint.action in s.hand.view(HUMAN).legal
        for lang in i18n.LANGS:
            s.settings["lang"] = lang
            words = render.hint_text(s.settings, hint)
            assert "{" not in words and "hint_" not in words
        s.act(hint.action)


def test_hint_reasons_all_translated():
    from bummerl.bots.hints import _TEXT, HintReason

    for lang in i18n.LANGS:
        for reason in HintReason:
            assert f"hint_{reason.value}" in i18n.MESSAGES[lang]
    # the engine's English (for the command line) is the page's
    assert {f"hint_{r.value}": text for r, text in _TEXT.items()} == {
        k: v for k, v in i18n.MESSAGES["en"].items() if k.startswith("hint_") and k != "hint_text"}


def test_the_reasons_from_what_the_search_saw_are_worded_alike_in_both_languages():
    from bummerl.bots.hints import Hint, HintReason as R
    from bummerl.cards import Action

    said = {
        (R.TAKES_TRICK, "won", 18): ("wins the trick in 18 of 24 possible deals",
                                     "macht den Stich in 18 von 24 Verteilungen"),
        (R.KEEPS_MARRIAGE, "card", "QH"): ("keeps the Queen of hearts for the marriage",
                                           "behält Herz-Dame für die Ansage"),
        (R.KEEPS_LAST_TRUMP, None, None): ("keeps your last trump", "behält dein letztes Atout"),
        (R.GIVES_MARRIAGE, "card", "KD"): ("King of diamonds may let them declare 20",
                                           "Karo-König: der Gegner kann 20 ansagen"),
        (R.LEAD_TO_MARRY, None, None): ("takes the lead to declare 20", "holt das Ausspiel, um 20 anzusagen"),
        (R.TO_66, None, None): ("brings you to 71: claim next", "bringt dich auf 71: dann ausmelden"),
        (R.TO_66_WON, None, None): ("brings you to 71: the hand is won", "bringt dich auf 71: Spiel gewonnen"),
        (R.SCORE_TO, None, None): ("takes 20: brings you to 71 of 66", "holt 20: bringt dich auf 71 von 66"),
    }
    for (reason, key, value), words in said.items():
        params = {"won": 18, "worlds": 24, "points": 20, "score": 71}
        if key:
            params[key] = value
        hint = Hint(Action.parse("play AS"), reason, params)
        for lang, expected in zip(("en", "de"), words):
            settings = {**page_settings.default_settings(), "lang": lang, "deck": "fr"}
            assert f"({expected})" in render.hint_text(settings, hint)


# A reason fits one line of a phone's status line (360 CSS pixels): this many characters,
# with each figure at its widest and the longest card name of any deck.
REASON_CHARS = 44
WIDEST = {"score": "120", "hand_points": "45", "needed": "66", "won": "768", "worlds": "768",
          "points": "40", "card_points": "11", "safe": "99"}


def test_every_reason_fits_one_line_on_a_phone_in_both_languages():
    import string

    from bummerl.cards import CARD_CODES

    for lang in i18n.LANGS:
        card = max((i18n.card_name(lang, deck, c) for deck in i18n.DECKS for c in CARD_CODES), key=len)
        for key, words in i18n.MESSAGES[lang].items():
            if key.startswith("hint_") and key != "hint_text":
                fields = {f for _, f, _, _ in string.Formatter().parse(words) if f}
                filled = words.format(**{f: card if f == "card" else WIDEST[f] for f in fields})
                assert len(filled) <= REASON_CHARS, (lang, key, filled)


def test_engine_reasons_in_german():
    assert i18n.why("de", (Block.MUST_FOLLOW, {"cards": ["KD", "QD"]})) \
        == "Farbe bedienen: du hast Karo-König, Karo-Dame"
    assert i18n.why("de", (Block.MARRIAGE_LEAD, {"suit": "H", "king_only": True}), "de") \
        == "nach der Ansage den König in Herz ausspielen"
    assert "Ober" in i18n.why("de", (Block.MARRIAGE_LEAD, {"suit": "H", "king_only": False}), "de")
    assert i18n.why("en", (Block.MUST_TRUMP, {"cards": ["TS"]})) == "must play a trump: you hold Ten of spades"
    assert i18n.why("en", (Block.MUST_TRUMP, {"cards": ["TS"]}), "de") == "must play a trump: you hold Ten of leaves"
    assert i18n.reason("de", Termination.CLOSE_FAILED_LAST_TRICK.value) \
        == "Zudrehen misslungen: letzten Stich verloren"


def test_every_engine_reason_is_worded_in_both_languages():
    for lang in i18n.LANGS:
        for termination in Termination:
            assert f"reason_{termination.value}" in i18n.MESSAGES[lang]
        for block in Block:
            assert f"why_{block.value}" in i18n.MESSAGES[lang]


def test_hint_button_follows_the_table_option():
    s, _ = fresh(seed=13)
    if s.bot_to_move:
        s.bot_step()
    assert 'data-action="hint"' in render.actions_html(s.view, s.settings, False, s.match.over)
    s.set_rules(s.match.rules, {"hints": False})
    assert 'data-action="hint"' not in render.actions_html(s.view, s.settings, False, s.match.over)
    assert s.hint_thinking() is None
    assert page_settings.TABLE_PRESETS["sharp"]["hints"] is False


def test_match_to_two_bummerl_ends_and_next_starts_a_new_match():
    s, _ = fresh(seed=14)
    s.set_rules(Rules.preset("soft").with_options(match_bummerls=2), {})
    play_out(s, hands=1)
    s.next_hand()
    for _ in range(60):
        play_out(s, hands=1)
        if s.match.over:
            break
        s.next_hand()
    assert s.match.over
    assert 'data-action="next-hand"' in render.actions_html(s.view, s.settings, False, s.match.over)
    assert render.t(s.settings, "new_match") in render.actions_html(s.view, s.settings, False, s.match.over)
    old_seed = s.match.seed
    s.next_hand()
    assert s.match.bummerls == [0, 0] and s.match.seed != old_seed
    assert s.match.rules.match_bummerls == 2


def test_odd_saved_log_and_settings_never_break_rendering():
    s, backend = fresh(seed=15)
    play_out(s, hands=1)
    doc = json.loads(backend.items[KEY])
    doc["log"] = [["play", {"who": "nobody"}], ["no_such_key", {}], "junk", ["win", {"who": "you", "n": 1}]]
    doc["settings"] = {"lang": 5, "deck": "xx", "bot": None, "points_counter": "yes"}
    again = Session(Storage(MemoryBackend({KEY: json.dumps(doc)})), seed=15)
    assert again.settings["lang"] == "en" and again.settings["deck"] == "fr"
    assert render.status_text(again.view, again.settings, [], False, log=again.log)
    assert render.board_html(again.view, again.match, again.settings)


def test_trump_card_lies_crosswise_and_turns_down_when_closed():
    s, _ = fresh(seed=16)
    if s.bot_to_move:
        s.bot_step()
    trump = s.hand.view(HUMAN).trump_card
    assert f'class="card crosswise trump" data-card="{trump}"' in render.talon_html(s.view, s.settings)
    if "close" in s.hand.view(HUMAN).legal:
        s.act("close")
        html = render.talon_html(s.view, s.settings)
        assert 'card back crosswise trump' in html and f'data-card="{trump}"' not in html


def test_first_tricks_and_points_counter_options():
    s, _ = fresh(seed=17)
    s.set_rules(s.match.rules, {"first_tricks_face_up": True})
    while not any(s.hand.view(HUMAN).tricks):
        s.bot_step() if s.bot_to_move else s.act(s.hand.view(HUMAN).legal[0])
    winner = 0 if s.hand.view(HUMAN).tricks[0] else 1
    first = render.first_trick(s.view, winner)
    assert len(first) == 2 and set(first) <= set(s.hand.view(HUMAN).won[winner])
    html = render.my_pile_html(s.view, s.settings) + render.opponent_html(s.view, s.settings)
    assert all(f'data-card="{c}"' in html for c in first)
    assert "Punkte" in render.board_html(s.view, s.match, s.settings) or "points" in render.board_html(s.view, s.match, s.settings)
    s.set_rules(Rules.preset("sharp"), {"points_counter": True})  # manual claims: no counter (001)
    play_out(s, hands=1)
    s.next_hand()
    assert "points" not in render.board_html(s.view, s.match, s.settings)


@pytest.mark.parametrize("preset", ["soft", "sharp"])
def test_random_play_renders_every_state(preset):
    """Random legal actions under random rule options; every region renders in both
    languages and decks at every step, and what is offered is what the engine allows."""
    import random

    rng = random.Random(preset)
    s, backend = fresh(seed=18)
    for hand_no in range(6):
        options = {name: rng.choice(values) for name, values in Rules.OPTIONS.items()}
        options["match_bummerls"] = 0
        display = {name: rng.random() < 0.5 for name in page_settings.DISPLAY_OPTIONS}
        s.set_rules(Rules.preset(preset).with_options(**options), display)
        if s.hand.over:
            s.next_hand()
        while not s.hand.over:
            if s.bot_to_move:
                s.bot_step()
                continue
            legal = s.hand.view(HUMAN).legal
            for lang in i18n.LANGS:
                for deck in i18n.DECKS:
                    s.settings.update(lang=lang, deck=deck)
                    for html in (render.hand_html(s.view, s.settings, False), render.actions_html(s.view, s.settings, False, s.match.over),
                                 render.opponent_html(s.view, s.settings), render.talon_html(s.view, s.settings), render.trick_html(s.view, s.settings),
                                 render.board_html(s.view, s.match, s.settings), render.my_pile_html(s.view, s.settings),
                                 render.status_text(s.view, s.settings, s.log[-3:], False)):
                        assert "{" not in html.replace("{}", "")
            offered = render.actions_html(s.view, s.settings, False, s.match.over)
            for action in legal:
                word, _, arg = action.partition(" ")
                if word == "play":
                    assert f'data-card="{arg}"' in render.hand_html(s.view, s.settings, False)
                else:
                    assert f'data-action="{word}"' in offered
            s.act(rng.choice(legal))
    assert Session(Storage(backend), seed=18).summary() == s.summary()


def test_the_bots_move_is_the_same_thought_in_slices_or_at_once():
    from bummerl.bots import Thinking
    from bummerl_web.settings import BOT

    s, _ = fresh(seed=21)
    s.settings["bot"] = "hard"
    while not s.bot_to_move:
        s.act(s.view.legal[0])
    view = s.hand.view(BOT)
    whole = Thinking(view, "hard", random.Random(5))  # node budget: no clock involved
    whole.step()
    sliced = Thinking(view, "hard", random.Random(5))
    slices = 0
    while not sliced.step(0.002):
        slices += 1
    assert slices > 0 and sliced.best() == whole.best()
    before = len(s.hand.history)
    s.bot_step(sliced.best())
    assert s.hand.history[before] == sliced.best()


def test_the_bot_plays_for_the_bummerl_on_the_board():
    # It decides from the match's view, which carries the board (points still to go), as the hint does.
    s, _ = fresh(seed=23)
    s.settings["bot"] = "hard"
    from bummerl_web.settings import BOT

    s.match.board = [6, 6]
    s.match.board[BOT] = 2
    assert s.view.board == tuple(s.match.board)
    while not s.bot_to_move:
        s.act(s.view.legal[0])
    value = s.bot_thinking()._search.value  # what a result of the hand is worth to the bot
    assert value(3) == pytest.approx(value(2) + 1e-4)  # 2 to go: winning by 2 or 3 is the same
    assert value(1) < value(2)


def test_the_think_setting_takes_known_values_only():
    from bummerl_web.settings import THINK, THINK_SECONDS, clean_settings

    assert clean_settings({"think": "long"}, "en")["think"] == "long"
    assert clean_settings({"think": "forever"}, "en")["think"] == THINK
    assert THINK_SECONDS[THINK] == 0.8
