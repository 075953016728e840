"""The deal editor in CPython: its model (`deal_setup.Setup`: placing, moving, validating,
the packed form both ways), its room driven as the page drives it (`Table.update`), the
links it makes opening the same position, and captions that stay plain text."""
import random
from urllib.parse import urlsplit

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bummerl import CARD_CODES, NotationError, Rules
from bummerl_web import i18n, links
from bummerl_web.deal_setup import PLACE_CHARS, PROBLEM_KEYS, Setup, problem_text
from bummerl_web.effects import Announce, CopyText, Focus
from bummerl_web.links import parse_link
from bummerl_web.rooms.editing import SetupRoom
from bummerl_web.rooms.playing import PlayRoom
from bummerl_web.rooms.puzzle import PuzzleRoom
from bummerl_web.rooms.reviewing import ReviewRoom
from bummerl_web.storage import KEY, MemoryBackend
from bummerl_web.table import Table, read_address

BASE = "https://example.org/bummerl/"


def hearts_setup(**changes) -> Setup:
    """Ace, ten, king of hearts in your hand, the hearts jack the trump card; the rest at
    random; you lead."""
    setup = Setup(seed=11, **changes)
    for code, char in (("AH", "y"), ("TH", "y"), ("KH", "y"), ("JH", "t")):
        setup.place(code, char)
    return setup


def random_setup(seed: int) -> Setup:
    """Some cards placed (a valid placement), the rest at random, a few moves played."""
    rng = random.Random(seed)
    cards = list(CARD_CODES)
    rng.shuffle(cards)
    setup = Setup(seed=rng.randrange(1, 36**8), dealer=rng.randrange(2),
                  rules=Rules(**{name: rng.choice(values) for name, values in Rules.OPTIONS.items()}))
    places = ["y"] * rng.randrange(6) + ["o"] * rng.randrange(6) + ["t"] * rng.randrange(2)
    places += rng.sample("123456789", rng.randrange(10))
    for code, char in zip(cards, places):
        setup.place(code, char)
    if rng.random() < 0.2:  # every card placed
        setup = setup_of_hand(setup)
    for _ in range(rng.randrange(12)):
        hand = setup.position()
        if hand.over:
            break
        assert setup.act(rng.choice(hand.legal())) is None
    return setup


def setup_of_hand(setup: Setup) -> Setup:
    from bummerl_web.rooms.editing import setup_of_record

    return setup_of_record(setup.record(), 0)


def table_for(query: str, stored: dict | None = None) -> Table:
    table = Table.start(read_address(query), ["en"], MemoryBackend(stored or {}))
    table.boot()
    return table


# ------------------------------------------------------------------ the model

def test_placed_cards_and_the_rest_at_random_make_a_deal_the_forehand_leads():
    setup = hearts_setup()
    assert setup.problems() == []
    hand = setup.dealt()
    assert {"AH", "TH", "KH"} <= set(hand.view(0).hand) and hand.view(0).trump_card == "JH"
    assert hand.to_act == 0  # the opponent deals: you lead
    setup.set(dealer=0)
    assert setup.dealt().to_act == 1


def test_a_hand_of_four_and_a_talon_of_the_wrong_size_are_said_in_both_languages_when_every_card_must_be_placed():
    setup = hearts_setup()
    setup.set(rest_random=False)
    keys = [key for key, _ in setup.problems()]
    assert keys == ["too_few", "too_few", "talon_short"]
    assert problem_text("en", "fr", *setup.problems()[0]) == (
        "Your hand has 3 cards; it needs 5 (or deal the rest at random).")
    assert problem_text("de", "de", *setup.problems()[2]) == (
        "Der Talon hat 0 Karten; er braucht 9 (es fehlt Talonkarte 1, 2, 3, 4, 5, 6, 7, 8, 9).")
    assert setup.dealt() is None and setup.positions() == [] and setup.act("play AH") == "the deal is not complete"


def test_two_trump_cards_and_two_cards_at_one_talon_place_are_problems_naming_the_cards():
    setup = hearts_setup()
    setup.place("QS", "t")
    setup.place("AD", "3")
    setup.place("TD", "3")
    assert [problem_text("en", "fr", *p) for p in setup.problems()] == [
        "Only one card can be the trump card, not Jack of hearts, Queen of spades.",
        "Talon card 3 is given more than one card: Ace of diamonds, Ten of diamonds.",
    ]
    assert problem_text("de", "de", *setup.problems()[0]) == (
        "Nur eine Karte kann die Atoutkarte sein, nicht Herz-Unter, Laub-Ober.")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_problem_of_the_editor_is_worded_in_both_languages(lang):
    params = {"place": 1, "n": 6, "needs": 5, "cards": ["AH", "TH"], "slot": 2, "slots": [1, 4], "value": "'x'"}
    for key in PROBLEM_KEYS:
        text = problem_text(lang, "fr", key, params)
        assert text and "{" not in text, key
        assert f"setup_{key}" in i18n.MESSAGES["en"] and f"setup_{key}" in i18n.MESSAGES["de"]
    setup_keys = [k for k in i18n.MESSAGES["en"] if k.startswith("setup")]
    assert all(k in i18n.MESSAGES["de"] for k in setup_keys) and len(setup_keys) > 60


def test_moves_are_played_for_whichever_seat_is_to_act_and_taken_back():
    setup = hearts_setup()
    assert setup.act("play AH") is None
    opponent = setup.position()
    assert opponent.to_act == 1
    follow = opponent.legal()[0]
    assert setup.act(follow) is None and setup.actions == ["play AH", follow]
    assert setup.position().to_act == 0  # the trump ace took the trick
    assert setup.act("play AH") == "play AH: you do not hold AH"
    assert setup.undo() and setup.actions == ["play AH"]


def test_a_changed_deal_keeps_the_moves_it_still_allows_and_drops_the_rest():
    setup = setup_of_hand(hearts_setup())  # every card placed
    setup.act("play AH")
    setup.act(setup.position().legal()[0])
    eighth, ninth = (next(c for c, p in setup.placed.items() if p == slot) for slot in "89")
    assert setup.place(eighth, "9") == 0 and setup.problems()  # half-way: the moves wait
    assert setup.act("close") == "the deal is not complete" and len(setup.actions) == 2
    assert setup.place(ninth, "8") == 0 and len(setup.actions) == 2  # swapped: both still legal
    setup.place("AH", "8")
    assert setup.place(ninth, "y") == 2 and setup.actions == []  # you no longer hold the ace


@pytest.mark.parametrize("seed", range(40))
def test_the_packed_form_round_trips_to_the_same_position_for_either_seat(seed):
    setup = random_setup(seed)
    for seat in (0, 1):
        text = setup.encode(seat)
        back, read_seat = Setup.decode(text)
        assert back == setup and read_seat == seat
        assert all(c.isalnum() or c in ".-" for c in text) and len(text) < 110
        assert back.record(seat) == setup.record(seat)


def test_the_readers_seat_swaps_the_hands_and_the_dealer_and_keeps_the_moves():
    setup = hearts_setup()
    setup.act("play AH")
    mine, theirs = setup.record(0), setup.record(1)
    assert theirs["hands"] == mine["hands"][::-1] and theirs["dealer"] == 1 - mine["dealer"]
    assert theirs["actions"] == mine["actions"] == ["play AH"]


def test_the_rest_at_random_is_dealt_the_same_way_on_every_open_of_a_link():
    query = links.make_link(setup=hearts_setup().encode(0), play=True)
    first, second = table_for(query), table_for(query)
    assert first.session.hand.to_record() == second.session.hand.to_record()
    assert parse_link(query).record == parse_link(query).record


@pytest.mark.parametrize("text, message", [
    ("20119a.yyy---------------t-.b.", "char 0: set-up deal version '2'; this reads 1"),
    ("12119a.yyy---------------t-.b.", "char 1: the reader's seat must be 0 or 1, not '2'"),
    ("10x19a.yyy---------------t-.b.", "char 2: the dealer must be 0 or 1, not 'x'"),
    ("1011Ga.yyy---------------t-.b.", "char 3: rules must be 3 hex digits, not '1Ga'"),
    ("10119a.yyy---------------t.b.", "char 7: the deal needs 20 places, not 19"),
    ("10119a.yyy---------------tX.b.", "char 26: 'X' is not a place (- y o t 1-9)"),
    ("10119a.yyy---------------t-..", "char 28: the seed must be 1 to 8 base-36 digits, not ''"),
    ("10119a.yyyyyyy-----------t-.b.", "char 7: Your hand has 7 cards; it holds 5."),
    ("10119a.yyyyyooooott1234567-.b.", "char 7: Only one card can be the trump card, not"),
    ("10119a.yyyyyooooot123456789.b.", "char 28: a seed, but no card is at random"),
    ("10119a.yyy---------------t-.b.ax", "char 31: move 2: "),
    ("10119a.yyy---------------t-.b.a!", "char 31: '!' is not a move"),
    ("10119a.yyy.b", "a set-up deal has the form VSDRRR.PLACES.SEED.MOVES"),
    ("1" * 200, "a set-up deal has at most"),
])
def test_a_damaged_packed_deal_is_refused_naming_the_character(text, message):
    with pytest.raises(NotationError) as error:
        Setup.decode(text)
    assert str(error.value).startswith(message) and len(str(error.value)) < 200


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_fuzzed_set_up_links_open_a_playable_table_or_say_why(data):
    text = random_setup(data.draw(st.integers(0, 10**6))).encode(data.draw(st.integers(0, 1)))
    for _ in range(data.draw(st.integers(0, 3))):
        at = data.draw(st.integers(0, len(text)))
        text = text[:at] + data.draw(st.text(alphabet="-.0123456789abcdefghijklmnopqrstuvwxyz!%", max_size=3)) + \
            text[at + data.draw(st.integers(0, 3)):]
    mode = data.draw(st.sampled_from(["", "&play=1", "&review=1", "&puzzle=1", "&at=1&puzzle=1", "&at=99"]))
    query = f"setup={text}{mode}"
    link = parse_link(query)
    assert all(len(n) < 300 for n in link.notices)
    table = table_for(query)
    screen = table.screen()
    assert screen.text["status"] and all(len(n) < 300 for n in table.session.link_notices)
    if link.setup is not None:
        assert table.room.replay is not None or table.mode == "play"


# ------------------------------------------------------------------ the room, as the page drives it

@pytest.fixture
def editor() -> Table:
    table = table_for("seed=5")
    table.base_url = BASE
    effects = table.update("setup")
    assert table.mode == "setup" and Focus("#setup-title") in effects
    room = table.room
    room.setup.seed = 11
    for code, char in (("AH", "y"), ("TH", "y"), ("KH", "y"), ("JH", "t")):
        table.update("setup-set", field="card", card=code, value=char)
    return table


def test_each_change_is_said_at_once_and_the_form_shows_it_without_redrawing_its_values(editor):
    effects = editor.update("setup-set", field="card", card="AD", value="y")
    effects += editor.update("setup-set", field="card", card="TD", value="y")
    effects += editor.update("setup-set", field="card", card="KD", value="y")
    assert effects[-1] == Announce("Your hand has 6 cards; it holds 5.")
    screen = editor.screen()
    assert screen.fields["setup-card-KD"] == "y" and "selected" not in screen.html["setup"]
    assert "Your hand has 6 cards" in screen.html["setup"] and 'id="setup-link"' not in screen.html["setup"]
    assert screen.hidden["table"] and not screen.hidden["setup"]
    editor.update("lang")
    assert "Deine Hand hat 6 Karten; sie fasst 5." in editor.screen().html["setup"]


def test_nonsense_from_the_form_changes_nothing(editor):
    before = editor.room.setup.encode()
    for field, value, card in (("card", "y", "ZZ"), ("card", "q", "AH"), ("dealer", "2", ""), ("rules", "hard", ""),
                               ("mode", "edit", ""), ("height", "²", ""), ("height", "9999", ""), ("nope", "1", "")):
        assert editor.update("setup-set", field=field, value=value, card=card) == []
    assert editor.room.setup.encode() == before


def test_moves_played_in_the_editor_and_its_copied_link_open_the_same_position_to_play(editor):
    editor.update("setup-act", move="play AH")
    follow = editor.room.setup.position().legal()[0]
    effects = editor.update("setup-act", move=follow)
    assert Focus("#setup-move-0") in effects
    (copy,) = editor.update("setup-copy-link")
    assert isinstance(copy, CopyText) and copy.text.startswith(BASE + "?") and copy.field == "#setup-link"
    assert editor.update("setup-copied")[0] == Announce("Copied to the clipboard.")
    opened = table_for(urlsplit(copy.text).query)
    assert isinstance(opened.room, PlayRoom) and opened.session.hand.history == ["play AH", follow]
    assert opened.session.hand.view(0).hand == editor.room.setup.position().view(0).hand
    assert opened.session.link_notices == []


def test_a_play_link_opened_beside_a_saved_match_never_overwrites_it(editor):
    stored = MemoryBackend()
    table = Table.start(read_address("seed=9"), ["en"], stored)
    table.update("play", card=table.session.view.playable[0])
    saved = stored.items[KEY]
    (copy,) = editor.update("setup-copy-link")
    opened = table_for(urlsplit(copy.text).query, stored.items)
    assert opened.link_game and opened.mode == "play"
    opened.update("play", card=opened.session.view.playable[0])
    assert stored.items[KEY] == saved


def test_a_puzzle_needs_the_readers_decision_and_a_review_the_whole_hand(editor):
    editor.update("setup-set", field="mode", value="review")
    assert "A review needs the whole hand" in editor.screen().html["setup"]
    assert editor.room.link() is None and editor.update("setup-copy-link")[0].text.startswith("A review needs")
    editor.update("setup-set", field="mode", value="puzzle")
    editor.update("setup-set", field="seat", value="1")
    assert "opponent is to act: a puzzle asks" in editor.screen().html["setup"]
    editor.update("setup-set", field="seat", value="0")
    editor.update("setup-set", field="question", value="Lead the ace?")
    (copy,) = editor.update("setup-copy-link")
    opened = table_for(urlsplit(copy.text).query)
    assert isinstance(opened.room, PuzzleRoom) and opened.screen().text["question"] == "Lead the ace?"


def test_a_hand_played_to_its_end_in_the_editor_opens_with_its_review(editor):
    setup = editor.room.setup
    while not setup.position().over:
        editor.update("setup-act", move=setup.position().legal()[-1])
    editor.update("setup-set", field="mode", value="review")
    opened = table_for(urlsplit(editor.room.link()).query)
    opened.boot()
    assert isinstance(opened.room, ReviewRoom) and opened.replay.step == len(setup.actions)


def test_open_cards_show_the_opponents_hand_face_up(editor):
    editor.update("setup-set", field="open", value="1")
    opened = table_for(urlsplit(editor.room.link()).query)
    opponent = opened.screen().html["opponent"]
    bot_cards = opened.session.hand.view(1).hand
    assert all(f'data-card="{code}"' in opponent for code in bot_cards) and "card back" not in opponent


def test_the_embed_snippet_is_an_iframe_with_its_size_and_the_caption_as_an_escaped_title(editor):
    editor.update("setup-set", field="caption", value='Trumps "hearts" <b>&</b>')
    editor.update("setup-set", field="height", value="480")
    snippet = editor.room.snippet()
    assert snippet.startswith('<iframe title="Trumps &quot;hearts&quot; &lt;b&gt;&amp;&lt;/b&gt;" src="https://example.org/bummerl/?')
    assert "embed=1" in snippet and "height: 480px" in snippet and snippet.endswith("></iframe>")
    assert editor.screen().fields["setup-embed"] == snippet
    assert "Trumps" not in editor.screen().html["setup"]  # values are properties, not markup
    opened = table_for(urlsplit(editor.room.embed_url()).query)
    assert opened.embed and opened.screen().text["caption"] == 'Trumps "hearts" <b>&</b>'
    (ready,) = opened.messages()
    assert ready["mode"] == "play" and ready["hand"] == list(opened.session.hand.view(0).hand)


def test_the_editor_opens_on_the_record_shown_and_goes_back_to_it():
    table = table_for("record=111a5.abcdopqrstklmnfghije.at&at=1")
    table.update("setup")
    setup = table.room.setup
    assert not setup.rest_random and setup.actions == ["play AH"] and setup.placed["AC"] == "t"
    assert table.update("setup-leave") and table.mode == "replay"


def test_leaving_the_editor_returns_to_the_match(editor):
    editor.update("setup-leave")
    assert isinstance(editor.room, PlayRoom) and not editor.screen().hidden["table"]


# ------------------------------------------------------------------ captions are text

HOSTILE = ['<script>alert(1)</script>', '<img src=x onerror="alert(1)">', '&lt;b&gt; &amp; &#x3C;',
           'a\u202eb\u2066c\u200fd', "x" * 10_000]


@pytest.mark.parametrize("caption", HOSTILE)
def test_a_hostile_caption_is_shown_as_bounded_plain_text_never_as_markup(caption):
    query = f"seed=3&caption={links.quote(caption)}&question={links.quote(caption)}"
    table = table_for(query)
    screen = table.screen()
    shown = screen.text["caption"]
    assert len(shown) <= links.CAPTION_MAX and not any(ch in shown for ch in "\u202e\u2066\u200f")
    assert len(screen.text["question"]) <= links.QUESTION_MAX
    assert all(caption[:20] not in html for html in screen.html.values())
    if len(caption) > 300:
        assert shown.endswith("…") and "caption: cut to 300 characters" in table.notice()
    elif caption.startswith("a"):
        assert shown == "abcd" and "caption: control or direction characters removed" in table.notice()
    else:
        assert shown == caption and table.notice() == ""


def test_caption_characters_round_trip_through_a_link():
    caption = "Schließen? 41 Punkte & ♥-Atout: <ja>/nein +100%"
    assert parse_link(links.make_link(seed=1, caption=caption)).caption == caption


@pytest.mark.parametrize("char", PLACE_CHARS)
def test_every_place_has_a_name_in_both_languages(char):
    from bummerl_web.deal_setup import place_name

    assert place_name("en", char) and place_name("de", char)


def test_a_set_up_puzzle_is_judged_by_the_review_without_a_move_of_the_game_to_compare(editor):
    editor.update("setup-set", field="mode", value="puzzle")
    opened = table_for(urlsplit(editor.room.link()).query)
    room = opened.room
    assert isinstance(room, PuzzleRoom) and not room.played
    opened.update("play", card="AH")
    for _ in range(4000):
        if room.decision is not None:
            break
        opened.review_slice(room.reviewer, 0.05)
    status = opened.screen().text["status"]
    assert status.startswith("Your answer: play Ace of hearts") and "In the game" not in status


# ------------------------------------------------------------------ the example rules page

def example_links() -> dict:
    """The example rules page's frames: id -> the link each opens."""
    import re
    from html import unescape
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "examples" / "rules-page.html").read_text()
    return {m[0]: parse_link(urlsplit(unescape(m[1])).query)
            for m in re.findall(r'<iframe id="(\w+)" title="[^"]*" src="([^"]+)"', page)}


def test_the_example_rules_pages_embeds_show_what_its_text_says():
    found = example_links()
    assert sorted(found) == ["closing", "marriage", "puzzle"]
    assert all(link.embed and link.setup is not None and not link.notices for link in found.values())
    closing = Table.start(read_address(urlsplit("?" + links.make_link(
        setup=found["closing"].setup.encode(), play=True)).query), ["en"], MemoryBackend())
    hand = closing.session.hand
    assert {"AH", "TH", "KH", "AC"} <= set(hand.view(0).hand) and hand.view(0).trump == "S"
    assert hand.scores == [25, 0] and hand.to_act == 0 and "close" in hand.legal()
    marriage = found["marriage"].setup.position()
    assert marriage.over and marriage.history[0] == "marry H" and marriage.view(0).trump == "H"
    assert "close" in marriage.history and found["marriage"].review
    puzzle = found["puzzle"]
    assert puzzle.puzzle and found["puzzle"].setup.mode_problem("puzzle", 0) is None
    start = puzzle.setup.position()
    assert {"KS", "QS"} <= set(start.view(0).hand) and start.view(0).trump == "S" and start.to_act == 0
    assert puzzle.question == "What do you lead?"
