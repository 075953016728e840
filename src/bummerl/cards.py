"""Cards, suits and the action vocabulary, as small integers with precomputed tables.

A card is an int ``suit * 5 + rank``: suits H D C S are 0..3, ranks A T K Q J are 0..4
(a lower rank index is a stronger card). A set of cards is an int bitmask with bit
``1 << card`` set. Codes are rank letter + suit letter:

>>> card_code(parse_card("TH")), POINTS[parse_card("AS")]
('TH', 11)
>>> codes(mask_of([parse_card("JC"), parse_card("AH")]))
['AH', 'JC']
>>> parse_card("ZZ")
Traceback (most recent call last):
...
bummerl.errors.NotationError: unknown card code 'ZZ' (rank A T K Q J + suit H D C S)

Actions are ints as well: ``0..19`` play that card, then exchange, close, the four
marriages and claim. Their text form is the record notation:

>>> [action_str(a) for a in (parse_card("KD"), EXCHANGE, CLOSE, MARRY + 2, CLAIM)]
['play KD', 'exchange', 'close', 'marry C', 'claim']
>>> parse_action("marry S") == MARRY + 3
True

Every other layer uses ``Action``, the record notation as a value (a ``str``, so it
compares, sorts and serialises as its text) with its parts read off:

>>> a = Action.parse("play QH")
>>> a.kind, a.card, a.suit, a.code, str(a)
('play', 'QH', None, 3, 'play QH')
>>> Action.parse("marry D").suit, Action.of(CLOSE)
('D', Action('close'))
"""

from .errors import NotationError

SUITS = "HDCS"
RANKS = "ATKQJ"
RANK_POINTS = (11, 10, 4, 3, 2)
ACE, TEN, KING, QUEEN, JACK = range(5)

CARD_CODES = tuple(r + s for s in SUITS for r in RANKS)
CARD_INDEX = {code: i for i, code in enumerate(CARD_CODES)}
POINTS = tuple(RANK_POINTS[c % 5] for c in range(20))
SUIT_OF = tuple(c // 5 for c in range(20))
RANK_OF = tuple(c % 5 for c in range(20))
BIT = tuple(1 << c for c in range(20))
SUIT_MASK = tuple(0b11111 << (5 * s) for s in range(4))
ALL_CARDS = (1 << 20) - 1
# Cards of the same suit that beat this card.
HIGHER = tuple(((1 << (c % 5)) - 1) << (5 * (c // 5)) for c in range(20))
# King + queen of each suit.
PAIR = tuple(BIT[5 * s + KING] | BIT[5 * s + QUEEN] for s in range(4))

# Actions: 0..19 play a card.
EXCHANGE = 20
CLOSE = 21
MARRY = 22  # MARRY + suit
CLAIM = 26


def cards_by_bits(cards) -> tuple[tuple, ...]:
    """For every 10-bit mask, the items its bits stand for (bit i: ``cards[i]``), in bit
    order: each bit doubles the table, so every entry is one tuple concatenation (fast at
    import)."""
    table = [()]
    for c in cards:
        table += [entry + (c,) for entry in table]
    return tuple(table)


# The cards of a mask's low and high 10 bits, in card order: ``cards_of`` is two lookups.
CARDS_LOW = cards_by_bits(range(10))
CARDS_HIGH = cards_by_bits(range(10, 20))


def cards_of(mask: int) -> tuple[int, ...]:
    """The cards in a mask, strongest first within each suit, suits in H D C S order."""
    return CARDS_LOW[mask & 1023] + CARDS_HIGH[mask >> 10]


def mask_of(cards) -> int:
    m = 0
    for c in cards:
        m |= BIT[c]
    return m


def card_code(card: int) -> str:
    return CARD_CODES[card]


def codes(mask: int) -> list[str]:
    return [CARD_CODES[c] for c in cards_of(mask)]


def parse_card(code, where: str | None = None) -> int:
    try:
        return CARD_INDEX[code]
    except (KeyError, TypeError):
        raise NotationError(
            f"unknown card code {code!r} (rank A T K Q J + suit H D C S)", where
        ) from None


def parse_suit(letter, where: str | None = None) -> int:
    if isinstance(letter, str) and len(letter) == 1 and letter in SUITS:
        return SUITS.index(letter)
    raise NotationError(f"unknown suit {letter!r} (one of H D C S)", where)


def trick_winner_follows(lead: int, follow: int, trump: int) -> bool:
    """True when the follower's card takes the trick."""
    if SUIT_OF[follow] == SUIT_OF[lead]:
        return RANK_OF[follow] < RANK_OF[lead]
    return SUIT_OF[follow] == trump


# FOLLOWER_WINS[trump][lead * 20 + follow]
FOLLOWER_WINS = tuple(
    tuple(trick_winner_follows(l, f, t) for l in range(20) for f in range(20))
    for t in range(4)
)


def action_str(action: int) -> str:
    if action < 20:
        return "play " + CARD_CODES[action]
    if action == EXCHANGE:
        return "exchange"
    if action == CLOSE:
        return "close"
    if MARRY <= action < MARRY + 4:
        return "marry " + SUITS[action - MARRY]
    if action == CLAIM:
        return "claim"
    raise ValueError(f"not an action: {action!r}")


def parse_action(text, where: str | None = None) -> int:
    if not isinstance(text, str):
        raise NotationError(f"an action must be a string, not {text!r}", where)
    word, _, arg = text.strip().partition(" ")
    arg = arg.strip()
    if word == "play" and arg:
        return parse_card(arg, where)
    if word == "marry" and arg:
        return MARRY + parse_suit(arg, where)
    if word in ("exchange", "close", "claim") and not arg:
        return {"exchange": EXCHANGE, "close": CLOSE, "claim": CLAIM}[word]
    raise NotationError(
        f"unknown action {text!r} (play XX, exchange, close, marry S, claim)", where
    )


class Action(str):
    """One action in record notation: ``play XX``, ``exchange``, ``close``, ``marry S``,
    ``claim``. Make one with ``Action.parse(text)`` or ``Action.of(code)``; a malformed
    text raises ``NotationError``. Equal to (and hashed like) its text."""

    __slots__ = ()

    def __new__(cls, text):
        return Action.parse(text)

    @staticmethod
    def parse(text, where: str | None = None) -> "Action":
        if isinstance(text, Action):
            return text
        return _ACTIONS[parse_action(text, where)]

    @staticmethod
    def of(code: int) -> "Action":
        """The action with this int code (see the module docstring)."""
        try:
            return _ACTIONS[code]
        except (IndexError, TypeError):
            raise ValueError(f"not an action code: {code!r}") from None

    @property
    def code(self) -> int:
        return _CODES[self]

    @property
    def kind(self) -> str:
        """``play``, ``exchange``, ``close``, ``marry`` or ``claim``."""
        return self.partition(" ")[0]

    @property
    def card(self) -> str | None:
        """The card code of a ``play``, else None."""
        return self[5:] if self.code < 20 else None

    @property
    def suit(self) -> str | None:
        """The suit letter of a ``marry``, else None."""
        return self[6:] if MARRY <= self.code < MARRY + 4 else None

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


_ACTIONS = tuple(str.__new__(Action, action_str(code)) for code in range(CLAIM + 1))
_CODES = {str(action): code for code, action in enumerate(_ACTIONS)}
