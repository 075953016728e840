"""Bots that choose an action from a seat's ``View`` only.

>>> import random
>>> from bummerl import deal, SOFT
>>> from bummerl.bots import choose
>>> hand = deal(SOFT, dealer=0, rng=random.Random(1))
>>> choose(hand.view(1), "hard", random.Random(1)) in hand.view(1).legal
True

Levels: ``random`` (a uniform legal action), ``easy``, ``medium`` (rules of thumb with
card counting, see ``heuristics``) and ``hard`` (sampling and search, see ``hard``).
One more bot is not a level: ``heuristic``, the arena's rule-based yardstick
(``yardstick``), written from the strategy literature and not tuned against any level.
Every bot is deterministic for a given ``rng`` (a ``random.Random``; no global
randomness) and sees nothing but the view, so equal views give equal decisions.

``LEVELS`` are the levels a player may choose at the table (``random`` and the yardstick
are for the arena). The interface (``BOTS``, ``Thinking``, ``choose``) lives in ``levels``
and is imported on first use: importing this package costs nothing, so that a page can import
the bots' modules one at a time, in ``MODULES`` order, each in a task of its own (a
module is compiled from source when first imported, which takes tens of milliseconds
in the browser).
"""

import importlib

__all__ = ["BOTS", "Thinking", "choose"]
LEVELS = ("easy", "medium", "hard")  # weakest first
# Every module of the bots, each after the modules it imports.
MODULES = ("solver", "world", "heuristics", "yardstick", "weights", "pairs", "lies", "hard", "seen", "levels", "hints")


def __getattr__(name: str):
    if name in __all__:
        return getattr(importlib.import_module(".levels", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted([*globals(), *__all__])
