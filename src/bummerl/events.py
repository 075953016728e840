"""What an action did, as plain events for announcements ("Bot declares 40", "You take
the trick"), so that the table never works a rule out for itself.

>>> import random
>>> from bummerl import Rules, deal
>>> hand = deal(Rules(), 1, random.Random(4))
>>> after = hand.apply("play TC")
>>> describe(hand, "play TC", after)
[{'event': 'play', 'seat': 0, 'card': 'TC'}]
"""

from .cards import CARD_CODES, CLAIM, CLOSE, EXCHANGE, MARRY, POINTS, SUITS, Action
from .hand import Hand
from .rules import GOAL


def describe(before: Hand, action, after: Hand) -> list[dict]:
    """The events of one applied action, in the order they happened."""
    code = Action.parse(action).code if isinstance(action, str) else action
    seat = before.to_act
    events: list[dict] = []
    if code < 20:
        events.append({"event": "play", "seat": seat, "card": CARD_CODES[code]})
        if before.lead >= 0:
            leader, lead, follow, winner = after.last_trick
            events.append({
                "event": "trick", "winner": winner, "leader": leader,
                "cards": [CARD_CODES[lead], CARD_CODES[follow]],
                "points": POINTS[lead] + POINTS[follow],
            })
            if after.drawn > before.drawn:
                events.append({"event": "draw", "talon_size": after.talon_size})
                if after.drawn == 10:
                    events.append({"event": "talon_exhausted", "trump_card_to": 1 - winner})
    elif code == EXCHANGE:
        events.append({"event": "exchange", "seat": seat, "took": CARD_CODES[before.trump_card],
                       "gave": CARD_CODES[after.trump_card]})
    elif code == CLOSE:
        events.append({"event": "close", "seat": seat})
    elif code == CLAIM:
        events.append({"event": "claim", "seat": seat, "score": before.score(seat),
                       "correct": before.score(seat) >= GOAL})
    else:
        suit = code - MARRY
        points = after.marriage_points[seat] - before.marriage_points[seat]
        events.append({"event": "marriage", "seat": seat, "suit": SUITS[suit], "points": points,
                       "trump": suit == before.trump, "pending": not before.tricks[seat]})
    if after.outcome is not None and before.outcome is None:
        o = after.outcome
        events.append({"event": "hand_over", "winner": o.winner, "game_points": o.game_points,
                       "termination": o.termination.value, "reason": o.reason,
                       "scores": after.scores})
    return events
