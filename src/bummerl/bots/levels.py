"""The bots' one interface: ``BOTS``, ``Thinking``, ``choose``.

>>> import random
>>> from bummerl import deal, SOFT
>>> hand = deal(SOFT, dealer=0, rng=random.Random(1))
>>> choose(hand.view(1), "medium", random.Random(1)) in hand.view(1).legal
True
"""

from ..cards import Action, action_str
from . import hard as _hard
from .heuristics import easy as _easy, medium as _medium
from .seen import Seen
from .yardstick import heuristic as _heuristic


def _random(view, rng, time_limit=None) -> str:
    """A uniform legal action (the arena's floor)."""
    return view.legal[int(rng.random() * len(view.legal))]


def _easy_bot(view, rng, time_limit=None) -> str:
    """Easy's action, as text."""
    return action_str(_easy(view, rng))


def _medium_bot(view, rng, time_limit=None) -> str:
    """Medium's action, as text."""
    return action_str(_medium(view, rng))


def _hard_bot(view, rng, time_limit=None) -> str:
    """Hard's action, as text (``hard.choose``)."""
    return action_str(_hard.choose(view, rng, time_limit))


def _heuristic_bot(view, rng, time_limit=None) -> str:
    """The yardstick's action, as text."""
    return action_str(_heuristic(view))


# name -> bot(view, rng, time_limit=None) -> action string
BOTS = {
    "random": _random,
    "easy": _easy_bot,
    "medium": _medium_bot,
    "hard": _hard_bot,
    "heuristic": _heuristic_bot,
}


class Thinking:
    """One decision of the bot ``level`` for the seat of ``view`` (which must be the
    seat to act), run in slices so that a page stays responsive: call
    ``step(max_seconds)`` until it returns True, then ``best()``, an ``Action``. ``hard``
    searches (``hard.Search``; ``time_limit`` seconds of thinking in all, else its node
    budget); the other levels answer at once and are done on the first step."""

    def __init__(self, view, level: str, rng, time_limit: float | None = None):
        if not view.legal:
            raise ValueError(f"seat {view.seat} has nothing to do: it is not its turn")
        if level not in BOTS:
            raise ValueError(f"unknown bot level {level!r} (one of {', '.join(BOTS)})")
        self._search = _hard.Search(view, rng, time_limit) if level == "hard" else None
        self._answer = None if self._search else Action.parse(BOTS[level](view, rng, time_limit))

    def step(self, max_seconds: float = float("inf")) -> bool:
        """Think for at most about ``max_seconds``; True once the decision is made."""
        return self._search.step(max_seconds) if self._search else True

    def close_odds(self) -> tuple[int, int] | None:
        """In how many of Hard's sampled worlds closing wins the hand (``hard.Search.close_odds``):
        (won, worlds), or None (no close to play, or not Hard)."""
        return self._search.close_odds() if self._search else None

    def rival(self, action) -> tuple[Action, bool] | None:
        """(an action Hard's worlds cannot tell from ``action``, whether the two are worth
        the same in every world the view allows) (``hard.Search.rival``), or None (none,
        or not Hard, or nothing searched)."""
        found = self._search.rival(Action.parse(action).code) if self._search else None
        return found and (Action.of(found[0]), found[1])

    def seen(self) -> Seen | None:
        """What Hard's search saw, for the reasons (``seen.Seen``: its worlds and their
        values), or None (not Hard, a quick answer, or nothing searched yet)."""
        return Seen.of(self._search) if self._search else None

    def best(self) -> Action:
        """The decision (the best found so far, while not done)."""
        return Action.of(self._search.best()) if self._search else self._answer


def choose(view, level: str, rng, time_limit: float | None = None) -> Action:
    """The action (record notation, e.g. ``"play AH"``) the bot ``level`` picks for the
    seat of ``view``, which must be the seat to act: ``Thinking`` run in one go.
    ``time_limit`` in seconds caps the thinking time of ``hard`` (the others answer in
    well under a millisecond)."""
    thinking = Thinking(view, level, rng, time_limit)
    thinking.step()
    return thinking.best()
