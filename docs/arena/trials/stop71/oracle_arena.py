"""Stop 71: how far is the goal of +0.50 a hand against the yardstick from a Hard that
cheats? The arena with more players: Hard whose sampled worlds hold the opponent's
true hand (``hard-sees-hand``) or every hidden card, the talon order too
(``hard-sees-all``), the worlds built by ``bummerl_lab.choices.seeing``; and Hard that sees
the opponent's hand only where it may close (``hard-sees-hand-at-close``), honest at every
other decision. Everything else is the arena's: duplicate deals, the same seeds, the same
report.

    PYTHONPATH=src python docs/arena/trials/stop71/oracle_arena.py \\
        hard-sees-hand heuristic --bummerls 200 --seed 527 --rules soft --json

A lab measure only: the cheating player reads the real hand of the match being played
(the arena's ``Match``, kept by a subclass as it is made), which no bot of the product
can do.
"""

import sys

from bummerl.bots import hard
from bummerl.cards import CLOSE, Action, action_str
from bummerl_lab import arena
from bummerl_lab.choices import seeing
from bummerl_lab.variant import changed

_playing = []  # the match the arena is playing now (one at a time)


class _KeptMatch(arena.Match):
    @classmethod
    def new(cls, *args, **kwargs):
        match = super().new(*args, **kwargs)
        _playing[:] = [match]
        return match


def _oracle(talon: bool, at_close_only: bool = False):
    honest = arena.PLAYERS["hard"]

    def bot(view, rng, time_limit=None) -> str:
        if at_close_only and Action.of(CLOSE) not in view.legal:
            return honest(view, rng, time_limit)
        builder = seeing(_playing[0].hand, talon)

        class Always(builder):
            def count(self):  # never enumerate: every world is the true one
                return 1 << 62

        with changed({"WorldBuilder": Always}):
            return action_str(hard.choose(view, rng, time_limit))
    return bot


arena.Match = _KeptMatch
arena.PLAYERS["hard-sees-hand"] = _oracle(False)
arena.PLAYERS["hard-sees-all"] = _oracle(True)
arena.PLAYERS["hard-sees-hand-at-close"] = _oracle(False, at_close_only=True)

if __name__ == "__main__":
    sys.exit(arena.main())
