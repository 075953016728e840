"""Events describe each action for the table's announcements."""

from bummerl.events import describe

from .builders import dealt, endgame, play

H0, H1 = "AH TH KH QH JC", "AS TS KS QS JS"
TALON = "TC KC QC AD TD KD QD JD JH"


def test_marriage_event_says_20_or_40_and_whether_pending():
    h = dealt("KC QC KH QH JD", H1, "AC", "TC AH JC AD TD KD QD TH JH")
    after = h.apply("marry C")
    assert describe(h, "marry C", after) == [
        {"event": "marriage", "seat": 0, "suit": "C", "points": 40, "trump": True, "pending": True}
    ]


def test_trick_event_names_the_winner_and_the_draw():
    h = play(dealt(H0, H1, "AC", TALON), "play AH")
    after = h.apply("play JS")
    events = describe(h, "play JS", after)
    assert events[1] == {"event": "trick", "winner": 0, "leader": 0, "cards": ["AH", "JS"],
                         "points": 13}
    assert events[2] == {"event": "draw", "talon_size": 8}


def test_exchange_close_and_hand_over_events():
    h = dealt(H0, H1, "AC", TALON)
    after = h.apply("exchange")
    assert describe(h, "exchange", after) == [
        {"event": "exchange", "seat": 0, "took": "AC", "gave": "JC"}]
    assert describe(after, "close", after.apply("close")) == [{"event": "close", "seat": 0}]
    end = endgame("AH", "KH", trump="C", points=(40, 50), tricks=(4, 5))
    last = end.apply("play AH")
    events = describe(last, "play KH", last.apply("play KH"))
    assert events[-1] == {"event": "hand_over", "winner": 0, "game_points": 1,
                          "termination": "last_trick", "reason": "won the last trick",
                          "scores": [55, 50]}
