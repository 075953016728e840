"""Statistics (bummerl_web.stats) in CPython: tallies per bot level and preset, streaks
of hands and of Bummerl, a strict JSON reader, and the panel's table."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from bummerl_web import stats
from bummerl_web.stats import Stats, StatsError, Tally, panel_html


def played(*results, level="hard", preset="soft"):
    """Stats after hands ("W"/"L") and Bummerl ("BW"/"BL") in order."""
    s = Stats()
    for r in results:
        if r.startswith("B"):
            s = s.record_bummerl(level, preset, r == "BW")
        else:
            s = s.record_hand(level, preset, r == "W")
    return s


def test_hands_and_bummerl_are_counted_won_and_lost():
    t = played("W", "L", "W", "BW", "L", "BL").tally("hard", "soft")
    assert (t.hands_won, t.hands_lost, t.bummerl_won, t.bummerl_lost) == (2, 2, 1, 1)


def test_a_lost_hand_ends_the_hand_streak_but_the_best_streak_stays():
    t = played("W", "W", "W", "L", "W").tally("hard", "soft")
    assert (t.hand_streak, t.best_hand_streak) == (1, 3)


def test_bummerl_streak_counts_bummerl_and_ignores_lost_hands():
    t = played("BW", "L", "L", "BW", "BL", "BW").tally("hard", "soft")
    assert (t.bummerl_streak, t.best_bummerl_streak) == (1, 2)


def test_each_bot_level_and_preset_has_its_own_tally():
    s = Stats().record_hand("hard", "soft", True).record_hand("easy", "sharp", False)
    assert s.tally("hard", "soft").hands_won == 1 and s.tally("hard", "soft").hands_lost == 0
    assert s.tally("easy", "sharp").hands_lost == 1
    assert s.tally("medium", "soft") == Tally()


def test_recording_returns_new_statistics_and_leaves_the_old_unchanged():
    before = Stats()
    after = before.record_hand("hard", "soft", True)
    assert before.tally("hard", "soft") == Tally() and after != before


def test_reset_forgets_everything():
    assert played("W", "BW").reset() == Stats()


def test_json_round_trip_keeps_every_tally():
    s = played("W", "W", "L", "BW").record_hand("easy", "sharp", True)
    assert Stats.from_json(s.to_json()) == s
    assert json.loads(s.to_json())["app"] == "bummerl.stats"


def test_load_of_nothing_stored_is_empty_statistics():
    assert stats.load(None) == Stats()
    assert stats.KEY == "bummerl.stats"


def _doc(**tally_changes):
    doc = json.loads(played("W", "W", "BW").to_json())
    doc["tallies"]["hard/soft"].update(tally_changes)
    return doc


@pytest.mark.parametrize("raw, message", [
    ("{not json", "not JSON"),
    ("[]", "expected an object"),
    (json.dumps({"app": "bummerl", "version": 1, "tallies": {}}), "app: expected"),
    (json.dumps({"app": "bummerl.stats", "version": 4, "tallies": {}, "practice": {}}), "version: expected 1 to 3"),
    (json.dumps({"app": "bummerl.stats", "version": True, "tallies": {}}), "version: expected 1 to 3"),
    (json.dumps({"app": "bummerl.stats", "version": 2, "tallies": {}}), "missing ['practice']"),
    (json.dumps({"app": "bummerl.stats", "version": 1, "tallies": {}, "practice": {}}), "unknown ['practice']"),
    (json.dumps({"app": "bummerl.stats", "version": 2, "tallies": {}, "practice": []}),
     "practice: expected an object"),
    (json.dumps({"app": "bummerl.stats", "version": 2, "tallies": {}, "practice": {"hard": {}}}),
     "practice: bad key 'hard'"),
    (json.dumps({"app": "bummerl.stats", "version": 1, "tallies": {}, "x": 1}), "unknown ['x']"),
    (json.dumps({"app": "bummerl.stats", "version": 1, "tallies": []}), "tallies: expected an object"),
    (json.dumps(_doc(hands_won=True)), "hands_won: expected a whole number"),
    (json.dumps(_doc(hands_lost=-1)), "hands_lost: expected a whole number"),
    (json.dumps(_doc(hands_lost=1.0)), "hands_lost: expected a whole number"),
    (json.dumps(_doc(hands_lost="3")), "hands_lost: expected a whole number"),
    (json.dumps(_doc(hands_lost=10 ** 12)), "hands_lost: expected a whole number"),
    (json.dumps(_doc(best_hand_streak=5)), "hand streaks exceed the hands won"),
    (json.dumps(_doc(bummerl_streak=2)), "Bummerl streaks exceed the Bummerl won"),
    (json.dumps(_doc(surprise=1)), "unknown ['surprise']"),
])
def test_corrupt_statistics_are_rejected_with_the_reason(raw, message):
    with pytest.raises(StatsError, match=message.replace("[", r"\[").replace("]", r"\]")):
        Stats.from_json(raw)


def test_missing_fields_are_named():
    doc = _doc()
    del doc["tallies"]["hard/soft"]["hand_streak"]
    with pytest.raises(StatsError, match=r"missing \['hand_streak'\]"):
        Stats.from_json(json.dumps(doc))


@pytest.mark.parametrize("key", ["hard", "Hard/soft", "hard/soft/x", "<b>/soft", "hard/" + "x" * 17, ""])
def test_tally_keys_must_be_level_slash_preset(key):
    doc = _doc()
    doc["tallies"] = {key: doc["tallies"]["hard/soft"]}
    with pytest.raises(StatsError, match="bad key"):
        Stats.from_json(json.dumps(doc))


def test_the_number_of_tallies_is_bounded():
    doc = _doc()
    doc["tallies"] = {f"l{i}/soft": doc["tallies"]["hard/soft"] for i in range(stats.MAX_TALLIES + 1)}
    with pytest.raises(StatsError, match="at most 64"):
        Stats.from_json(json.dumps(doc))
    with pytest.raises(StatsError, match="bad bot level"):
        Stats().record_hand("Hard!", "soft", True)


def test_a_stats_error_is_a_value_error_for_callers_that_set_data_aside():
    assert issubclass(StatsError, ValueError)


# ---------------------------------------------------------------- the panel

def _parse(html):
    return ET.fromstring(f"<div>{html}</div>")


def test_panel_is_a_table_with_caption_column_and_row_headers():
    s = played("W", "W", "L", "BW").record_hand("easy", "sharp", False)
    root = _parse(stats.panel_html(s, "en"))
    table = root.find("table")
    assert table.find("caption").text == "Your results against the bot, by opponent and rules"
    cols = [th.text for th in table.findall("thead/tr/th")]
    assert cols == ["Opponent · rules", "Hands won / lost", "Bummerl won / lost",
                    "Hands won in a row: now / best", "Bummerl won in a row: now / best"]
    assert all(th.get("scope") == "col" for th in table.findall("thead/tr/th"))
    rows = table.findall("tbody/tr")
    assert [r.find("th").text for r in rows] == ["Easy · Sharp", "Hard · Soft"]
    assert all(r.find("th").get("scope") == "row" for r in rows)
    assert [td.text for td in rows[1].findall("td")] == ["2 / 1", "1 / 0", "0 / 2", "1 / 1"]


def test_panel_in_german_and_a_reset_button():
    root = _parse(stats.panel_html(played("W"), "de"))
    assert root.find("h2").text == "Statistik"
    assert root.find("table/tbody/tr/th").text == "Stark · Weich"
    reset = root.find("button")
    assert reset.get("data-action") == "stats-reset" and reset.text == "Statistik zurücksetzen"
    assert reset.get("disabled") is None


def test_panel_without_games_says_so_and_disables_reset():
    root = _parse(stats.panel_html(Stats(), "en"))
    assert root.find("table") is None
    assert root.find("p").text == "No hand finished yet: your results will appear here."
    assert root.find("button").get("disabled") is not None


def test_panel_shows_unknown_levels_by_name():
    root = _parse(stats.panel_html(Stats().record_hand("expert", "custom", True), "en"))
    assert root.find("table/tbody/tr/th").text == "expert · Custom rules"


# ---------------------------------------------------------------- practice hands

def test_practice_hands_are_counted_apart_from_the_record_against_the_level():
    s = Stats().record_hand("hard", "soft", True).record_hand("hard", "soft", False, practice=True)
    s = s.record_bummerl("hard", "soft", True, practice=True)
    assert s.tally("hard", "soft") == Tally(hands_won=1, hand_streak=1, best_hand_streak=1)
    assert s.tally("hard", "soft", practice=True) == Tally(
        hands_lost=1, bummerl_won=1, bummerl_streak=1, best_bummerl_streak=1)
    assert Stats.from_json(s.to_json()) == s


def test_statistics_of_version_1_are_read_with_no_practice_hands():
    old = {"app": "bummerl.stats", "version": 1,
           "tallies": json.loads(played("W", "BW").to_json())["tallies"]}
    s = Stats.from_json(json.dumps(old))
    assert s.tallies == played("W", "BW").tallies and s.practice == ()
    assert json.loads(s.to_json())["version"] == stats.VERSION


def test_practice_tallies_are_bounded_and_checked_like_the_record():
    doc = json.loads(Stats().record_hand("hard", "soft", True, practice=True).to_json())
    tally = doc["practice"]["hard/soft"]
    doc["practice"] = {f"l{i}/soft": tally for i in range(stats.MAX_TALLIES + 1)}
    with pytest.raises(StatsError, match="practice: 65 entries, at most 64"):
        Stats.from_json(json.dumps(doc))
    doc["practice"] = {"hard/soft": {**tally, "hand_streak": 3}}
    with pytest.raises(StatsError, match="hand streaks exceed"):
        Stats.from_json(json.dumps(doc))


@pytest.mark.parametrize("lang, caption", [("en", "Practice hands"), ("de", "Übungsspiele")])
def test_the_panel_shows_practice_hands_in_a_table_of_their_own(lang, caption):
    html = panel_html(Stats().record_hand("easy", "sharp", True, practice=True), lang)
    assert html.count("<table") == 1 and 'class="stats practice"' in html and caption in html
    assert 'data-action="stats-reset"' in html and "disabled" not in html
    both = panel_html(Stats().record_hand("easy", "sharp", True).record_hand("easy", "sharp", False, practice=True), lang)
    assert both.count("<table") == 2 and both.index("stats practice") > both.index('class="stats"')


# ---------------------------------------------------------------- a practice hand taken back

def counted(before: Stats, won: bool, hand=(5, 2), bummerl: bool = False) -> Stats:
    """``before`` with a practice hand (deal ``hand``) counted, as `Keeper.record` counts it."""
    after = before.record_hand("hard", "soft", won, practice=True)
    if bummerl:
        after = after.record_bummerl("hard", "soft", won, practice=True)
    return after.counted_practice(before, hand, "hard", "soft")


@pytest.mark.parametrize("won, bummerl", [(True, False), (False, False), (True, True), (False, True)])
def test_a_practice_hand_taken_back_leaves_the_tallies_exactly_as_before_it(won, bummerl):
    # a lost hand ends a streak of three: only the remembered tally brings the streak back
    before = counted(Stats().record_hand("hard", "soft", True), True, (5, 1))
    for _ in range(2):
        before = counted(before, True, (5, 1))
    after = counted(before, won, (5, 2), bummerl)
    back = Stats.from_json(after.to_json()).uncounted((5, 2))
    assert (back.tallies, back.practice, back.last_practice) == (before.tallies, before.practice, None)
    assert back.uncounted((5, 2)) is None  # counted once, taken back once


def test_the_first_practice_hand_taken_back_leaves_no_practice_tally():
    back = counted(Stats(), True).uncounted((5, 2))
    assert back.practice == () and "hard/soft" not in json.loads(back.to_json())["practice"]


def test_only_the_last_practice_hand_counted_and_unchanged_since_is_taken_back():
    after = counted(Stats(), True, (5, 2))
    assert after.uncounted((5, 3)) is None and after.uncounted((6, 2)) is None
    assert after.record_hand("hard", "soft", True, practice=True).uncounted((5, 2)) is None  # counted again since
    assert after.reset().uncounted((5, 2)) is None


@pytest.mark.parametrize("last, message", [
    ({"hand": [5], "tally": "hard/soft", "before": None}, "missing ['after']"),
    ({"hand": [5, 0], "tally": "hard/soft", "before": None, "after": {}}, "last_practice.hand"),
    ({"hand": [5, True], "tally": "hard/soft", "before": None, "after": {}}, "last_practice.hand"),
    ({"hand": [2 ** 64, 1], "tally": "hard/soft", "before": None, "after": {}}, "last_practice.hand"),
    ({"hand": [5, 1], "tally": "hard", "before": None, "after": {}}, "last_practice.tally: bad key"),
    ({"hand": [5, 1], "tally": 3, "before": None, "after": {}}, "last_practice.tally: bad key"),
    ({"hand": [5, 1], "tally": "hard/soft", "before": 0, "after": {}}, "last_practice.before"),
    ({"hand": [5, 1], "tally": "hard/soft", "before": None, "after": {"hands_won": 1}}, "last_practice.after"),
])
def test_a_bad_last_practice_hand_is_rejected_with_the_reason(last, message):
    doc = json.loads(counted(Stats(), True).to_json())
    doc["last_practice"] = last
    with pytest.raises(StatsError, match=message.replace("[", r"\[").replace("]", r"\]")):
        Stats.from_json(json.dumps(doc))
    doc["version"] = 2  # version 2 had no last practice hand
    with pytest.raises(StatsError, match="unknown \\['last_practice'\\]"):
        Stats.from_json(json.dumps(doc))
