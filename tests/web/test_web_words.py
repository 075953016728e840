"""The table's words (bummerl_web.i18n) in CPython: plural forms instead of "point(s)",
end-of-hand reasons from the player's seat, and the page shell's loading label in one
language at a time."""
from __future__ import annotations

import re
import string
from html import escape
from pathlib import Path

import pytest

from bummerl import Termination
from bummerl_web import i18n

ROOT = Path(__file__).resolve().parents[2]


def _templates(lang):
    for key, template in i18n.MESSAGES[lang].items():
        if isinstance(template, dict):
            for form, text in template.items():
                yield f"{key}[{form}]", text
        elif isinstance(template, str):
            yield key, template


def _fields(template):
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_no_message_hedges_a_plural_with_brackets(lang):
    for key, template in _templates(lang):
        assert not re.search(r"\w\((s|e|n|en)\)", template), f"{lang}.{key}: {template!r}"


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_plural_messages_have_a_one_and_an_other_form_in_both_languages(lang):
    for key, template in i18n.MESSAGES[lang].items():
        if isinstance(template, dict):
            assert set(template) == {"one", "other"}, key
            assert isinstance(i18n.MESSAGES["en" if lang == "de" else "de"][key], dict), key
            assert "n" in _fields(template["other"]), key


@pytest.mark.parametrize("n, english, german", [
    (1, "You win the hand: 1 game point (reached 66).", "Du gewinnst das Spiel: 1 Punkt (66 erreicht)."),
    (3, "You win the hand: 3 game points (reached 66).", "Du gewinnst das Spiel: 3 Punkte (66 erreicht)."),
])
def test_game_points_are_singular_for_one_and_plural_otherwise(n, english, german):
    assert i18n.text("en", "win_you", n=n, reason=i18n.reason("en", "reached_66")) == english
    assert i18n.text("de", "win_you", n=n, reason=i18n.reason("de", "reached_66")) == german


def test_counts_of_cards_and_tricks_agree_with_their_number():
    assert i18n.text("en", "opponent_cards", n=1) == "The bot holds 1 card."
    assert i18n.text("en", "opponent_cards", n=0) == "The bot holds 0 cards."
    assert i18n.text("de", "opponent_cards", n=1) == "Der Computer hat 1 Karte."
    assert i18n.text("de", "talon_cards", n=2) == "Talon: 2 Karten"
    assert i18n.text("en", "tricks_count", who="You", n=1) == "You: 1 trick"
    assert i18n.text("de", "tricks_count", who="Du", n=4) == "Du: 4 Stiche"
    assert i18n.text("de", "bummerl_end_bot", n=2) == "Verloren: du bekommst 2 Bummerl."
    assert i18n.text("en", "bummerl_end_you", n=1) == "You win the Bummerl! Bot gets a Bummerl."


@pytest.mark.parametrize("lang", i18n.LANGS)
@pytest.mark.parametrize("outcome_key", sorted(t.value for t in Termination))
@pytest.mark.parametrize("winner", ["you", "bot"])
def test_every_way_a_hand_ends_is_worded_from_the_players_seat(lang, outcome_key, winner):
    key = f"end_{outcome_key}_{winner}"
    assert key in i18n.MESSAGES[lang]
    assert _fields(i18n.MESSAGES[lang][key]) <= {"you", "bot"}
    sentence = i18n.end_reason(lang, outcome_key, winner, you=6, bot=70)
    assert sentence.endswith(".") and "{" not in sentence


@pytest.mark.parametrize("outcome_key, winner, expected", [
    ("reached_66", "bot", "Bot reached 66 first."),
    ("close_failed_last_trick", "bot", "Your close failed: Bot took the last trick."),
    ("false_claim", "bot", "False claim: you had only 6 points."),
    ("false_claim", "you", "False claim: Bot had only 70 points."),
    ("close_failed_short", "you", "Bot's close failed: it made only 70 points."),
])
def test_end_reasons_say_who_did_what(outcome_key, winner, expected):
    assert i18n.end_reason("en", outcome_key, winner, you=6, bot=70) == expected


def test_german_end_reasons_name_the_closer():
    assert (i18n.end_reason("de", "close_failed_last_trick", "bot", you=50, bot=40)
            == "Dein Zudrehen ging schief: der Computer hat den letzten Stich gemacht.")
    assert (i18n.end_reason("de", "false_claim", "bot", you=6, bot=40)
            == "Falsch gemeldet: du hattest nur 6 Punkte.")


def test_talon_closed_and_follow_prompt_use_a_players_words():
    assert i18n.text("en", "talon_closed_you") == "Talon closed by you"
    assert i18n.text("de", "talon_closed_bot") == "Vom Computer zugedreht"
    follow = i18n.text("de", "turn_follow", card="Herz-König")
    assert "spiel auf" not in follow and follow == "Du bist dran: Herz-König liegt, gib zu."


def test_new_keys_exist_in_both_languages():
    for key in ("rules_pending", "claim_warning", "link_copied", "confirm_new_title",
                "confirm_new_text", "confirm_new_yes", "confirm_new_no", "link_game",
                "back_to_match", "close_dialog",
                "new_match_started", "bummerl_final", "bummerl_schneider_you",
                "bummerl_schneider_bot", "new_bummerl", "summary_bot_cards", "hand_won_you"):
        assert key in i18n.MESSAGES["en"] and key in i18n.MESSAGES["de"], key
    assert (i18n.text("en", "confirm_new_text", you=6, bot=7)
            == "The match in progress ends: this hand and the board (6 to 7) are discarded.")


def test_the_shell_shows_its_loading_label_in_one_language_with_the_german_beside_it():
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    label = re.search(r'<span data-i18n="loading" data-de="([^"]+)">([^<]+)</span></p>', html)
    assert label, "the status line's loading label carries its German text"
    assert label.group(2) == i18n.text("en", "loading")
    assert label.group(1) == i18n.text("de", "loading")
    assert " · " not in html[html.index('id="status"'):html.index("</p>", html.index('id="status"'))]
    for summary in re.findall(r"<summary[^>]*>([^<]*)</summary>", html):
        assert "·" not in summary, f"one language per label: {summary!r}"


def test_the_shells_words_are_i18ns_and_a_changed_word_is_found_stale():
    """index.html's words before Python runs (English text, German in data-de) are
    written from i18n by tools/sync_site.py: one home for every word."""
    import sys

    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root / "tools"))
    import sync_site

    index = (root / "index.html").read_text()
    keys = re.findall(r'data-i18n="(\w+)" data-de="([^"]*)">([^<]*)<', index)
    assert {key for key, _, _ in keys} >= {"loading", "rules", "new_match", "share", "howto_title"}
    for key, german, english in keys:
        assert (english, german) == (escape(i18n.text("en", key)), escape(i18n.text("de", key)))
    assert sync_site.shell_words(index.replace(">Rules<", ">Regulations<")) == index
