"""Stop 75: what is one more known card worth where Hard may close? A bound on play that
gathers information before the close.

Stop 71 measured that a Hard seeing the opponent's whole hand at the decisions where it
may close gains +0.29 a hand (Soft) and +0.42 (Sharp) against the yardstick, and that
inference from the opponent's actions has reached a tenth of that. The one source of
information left to an honest player is play that makes the opponent show cards before
the close (a probing lead, waiting a trick). Such play shows at most a card or two, and
the card the opponent plays in answer leaves its hand, so it tells less than knowing a
card it still holds. This arena seats ``hard-knows-K-at-close``: Hard that, at decisions
where it may close, knows K of the opponent's hidden cards (drawn at random among them,
the same K in every world of the decision), its other cards and the talon guessed as
ever; honest at every other decision. What it gains over honest Hard on the same deals
bounds what gathering K cards before a close could bring.

    PYTHONPATH=src python docs/arena/trials/stop75/known_cards.py \\
        hard-knows-1-at-close heuristic --bummerls 200 --seed 527 --rules soft --json

A lab measure only: the player reads the real hand of the match being played (as stop 71's
``oracle_arena.py``), which no bot of the product can do.
"""

import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "stop71"))

import oracle_arena  # noqa: E402  (keeps the match the arena is playing)
from bummerl.bots import hard  # noqa: E402
from bummerl.bots.world import WorldBuilder, popcount  # noqa: E402
from bummerl.cards import CLOSE, Action, action_str, cards_of, mask_of  # noqa: E402
from bummerl_lab import arena  # noqa: E402
from bummerl_lab.variant import changed  # noqa: E402


def knowing(hand, count: int):
    """A ``WorldBuilder`` that knows ``count`` more of the opponent's hidden cards in the
    real position ``hand``, drawn by a random source seeded from the position (the same
    cards in every world of a decision, and on every run)."""
    class Knowing(WorldBuilder):
        def __init__(self, view):
            super().__init__(view)
            hidden = hand.hands[1 - self.seat] & ~self.known
            cards = sorted(cards_of(hidden))
            rng = random.Random(f"{hand.hands} {hand.talon} {hand.drawn} {count}")
            picked = mask_of(rng.sample(cards, min(count, len(cards))))
            self.known |= picked
            self.need -= popcount(picked)
            self.allowed &= ~picked
            self.allowed_cards = cards_of(self.allowed)
    return Knowing


def knows_at_close(count: int):
    honest = arena.PLAYERS["hard"]

    def bot(view, rng, time_limit=None) -> str:
        if Action.of(CLOSE) not in view.legal:
            return honest(view, rng, time_limit)
        with changed({"WorldBuilder": knowing(oracle_arena._playing[0].hand, count)}):
            return action_str(hard.choose(view, rng, time_limit))
    return bot


for _count in (1, 2, 3):
    arena.PLAYERS[f"hard-knows-{_count}-at-close"] = knows_at_close(_count)

if __name__ == "__main__":
    sys.exit(arena.main())
