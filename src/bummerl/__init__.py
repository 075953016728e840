"""Schnapsen, the Austrian two-player card game: rules engine, records, match scoring.

Pure Python, standard library only; runs unchanged under CPython 3.11+ and Pyodide.

>>> import random
>>> hand = deal(Rules.preset("soft"), dealer=0, rng=random.Random(3))
>>> while not hand.over:
...     hand = hand.apply(hand.legal()[-1])
>>> hand.outcome.game_points in (1, 2, 3)
True
"""

from .cards import CARD_CODES, Action, action_str, parse_action, parse_card
from .errors import IllegalAction, NotationError, RulesError
from .hand import Block, Hand, Outcome, Termination, Trick, View, deal
from .match import Match, Turn
from .record import from_record, replay, to_record
from .rules import DISPLAY_PRESETS, PRESETS, SHARP, SOFT, Rules

__all__ = [
    "Action", "Block", "CARD_CODES", "DISPLAY_PRESETS", "Hand", "IllegalAction", "Match",
    "NotationError", "Outcome", "PRESETS", "Rules", "RulesError", "SHARP", "SOFT",
    "Termination", "Trick", "Turn", "View", "action_str", "deal", "from_record",
    "parse_action", "parse_card", "replay", "to_record",
]
