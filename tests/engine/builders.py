"""Build any position from card literals, as a deal is an input to the engine."""

from bummerl.cards import BIT, parse_card, parse_suit
from bummerl.hand import Hand
from bummerl.rules import Rules


def cards(text: str) -> list[int]:
    """``cards("AH TH KH")`` -> card ints."""
    return [parse_card(c) for c in text.split()]


def mask(text: str) -> int:
    return sum(BIT[c] for c in cards(text))


def dealt(hand0: str, hand1: str, trump: str, talon: str, rules="soft", dealer: int = 1) -> Hand:
    """A fresh deal. With the default dealer 1, seat 0 is forehand and leads first."""
    rules = Rules.from_json(rules) if not isinstance(rules, Rules) else rules
    return Hand(rules, dealer, [mask(hand0), mask(hand1)], parse_card(trump), cards(talon))


def endgame(
    hand0: str,
    hand1: str,
    trump: str,
    leader: int = 0,
    points=(0, 0),
    tricks=(1, 1),
    rules="soft",
    closed_by: int | None = None,
    talon: str = "",
    trump_card: str = "",
    at_close=None,
) -> Hand:
    """A phase-2 position: talon exhausted (or closed by ``closed_by``, with the cards of
    ``talon`` still lying in it), the given hands, points and trick counts so far."""
    rules = Rules.from_json(rules) if not isinstance(rules, Rules) else rules
    h = Hand(rules, 1, [mask(hand0), mask(hand1)], parse_card("AH"), [0] * 9)
    h.trump = parse_suit(trump)
    h.leader = leader
    h.points = list(points)
    h.tricks = list(tricks)
    h.last_trick = (1 - leader, 0, 0, leader) if sum(tricks) else None
    if closed_by is None:
        h.drawn = 10
        h.trump_card = -1
        h.talon = ()
    else:
        left = cards(talon)
        h.talon = tuple([0] * (9 - len(left)) + left)
        h.drawn = 9 - len(left)  # the face-down cards left, and the trump card under them
        h.trump_card = parse_card(trump_card)
        h.closed_by = closed_by
        other = 1 - closed_by
        h.at_close = at_close if at_close is not None else (h.tricks[other], h.score(other))
    h.initial = None
    return h


def random_position(rules: Rules, dealer: int, rng, moves: int) -> Hand | None:
    """A deal played on ``moves`` random legal actions (drawn from ``rng``); None when the
    hand ends before."""
    from bummerl.hand import deal

    hand = deal(rules, dealer, rng)
    for _ in range(moves):
        if hand.over:
            return None
        hand = hand.apply(rng.choice(hand.legal()))
    return None if hand.over else hand


def play(hand: Hand, *actions: str) -> Hand:
    """Apply actions given as record text ("play AH", "close", ...), checked."""
    for action in actions:
        hand = hand.apply(action)
    return hand


def plays(hand: Hand, text: str) -> Hand:
    """Play cards in turn: ``plays(h, "AH JH  TS KS")``."""
    return play(hand, *("play " + c for c in text.split()))
