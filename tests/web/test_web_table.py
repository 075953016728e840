"""The table's end-of-hand data and event pictures in CPython (render, session, stats)."""
from bummerl import Match, Rules
from bummerl_web import render, stats
from bummerl_web.session import Session
from bummerl_web.settings import BOT, HUMAN, default_settings
from bummerl_web.storage import MemoryBackend, Storage

EN = default_settings("en")


def finished_session(board, seed=3) -> Session:
    session = Session(Storage(MemoryBackend()), seed=seed)
    session.match.board = list(board)
    while not session.hand.over:
        session._apply(session.view.legal[0] if session.human_to_move
                       else session.hand.view(BOT).legal[0], session.hand.to_act)
    return session


def test_bummerl_end_gives_the_final_board_before_the_reset_and_schneider():
    session = finished_session([1, 7])
    end = session.bummerl_end()
    winner = session.match.results[-1]["winner"]
    if winner == HUMAN:
        assert end == {"loser": BOT, "given": 2, "final": [0, 7], "schneider": True}
    else:
        assert end is None  # the bot's game points did not end the Bummerl
    assert session.bot_cards() == session.hand.view(BOT).hand


def test_summary_words_the_end_from_your_seat_with_both_sides():
    session = finished_session([7, 7])
    html = render.summary_html(session.view, EN, session.bot_cards(), None)
    outcome = session.hand.outcome
    assert ("You win the hand" if outcome.winner == HUMAN else "Bot wins the hand") in html
    assert "You: " in html and "Bot: " in html and "bummerl-end" not in html
    assert render.summary_html(Session(Storage(MemoryBackend()), seed=3).view, EN) == ""


def test_a_declared_marriage_is_shown_with_its_points_and_a_close_turns_the_talon():
    session = Session(Storage(MemoryBackend()), seed=3)
    view = session.view
    meld = render.trick_html(view, EN, [["marry", {"who": "bot", "points": 40, "suit": "H"}]])
    assert 'class="meld"' in meld and "<b>40</b>" in meld and 'data-card="KH"' in meld and 'data-card="QH"' in meld
    assert "turned" in render.talon_html(view, EN, [["close", {"who": "you"}]])
    assert "turned" not in render.talon_html(view, EN)


def test_status_line_holds_the_last_event_and_the_prompt_only():
    session = Session(Storage(MemoryBackend()), seed=3)
    recent = [["play", {"who": "bot", "card": "AH"}], ["take", {"who": "bot", "points": 21}],
              ["play", {"who": "bot", "card": "KS"}]]
    text = render.status_text(session.view, EN, recent, False)
    assert "takes" not in text and text.count(".") <= 3


def test_stats_keeper_counts_over_what_another_tab_stored_and_sets_bad_data_aside():
    backend = MemoryBackend({stats.KEY: "[1, 2]"})
    keeper = stats.Keeper(backend)
    assert keeper.set_aside and backend.getItem(f"{stats.KEY}.aside.1") == "[1, 2]"
    match = Match.new(Rules.preset("soft"), seed=4, first_dealer=BOT)
    match.deal_next()
    turn = None
    while not match.hand.over:
        turn = match.play(match.hand.view(match.hand.to_act).legal[0])
    other = stats.Stats().record_hand("medium", "soft", True)
    backend.setItem(stats.KEY, other.to_json())  # another tab counted a hand meanwhile
    keeper.record(turn, "medium")
    tally = stats.load(backend.getItem(stats.KEY)).tally("medium", "soft")
    assert tally.hands_won + tally.hands_lost == 2


def test_the_deal_is_said_in_one_sentence():
    session = Session(Storage(MemoryBackend()), seed=3)
    text = render.deal_text(session.view, session.match, EN)
    assert text.startswith("Hand 1 · Bot dealt · Trump (Atout): ") and text.endswith(".")
