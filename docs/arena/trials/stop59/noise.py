"""How far an opening search's action means lie from a many-world reference, per way of
drawing the worlds (stop 59).

``PYTHONPATH=src python docs/arena/trials/stop59/noise.py HANDS SEED DEPTH``

Hands are dealt from SEED and played by the yardstick; at each lead with more than two
actions while at most 2 talon cards are drawn, Hard's search is run with no node limit to
DEPTH tricks (``max_depth``; no spare worlds, no trim): once over 480 plain worlds (the
reference) and three times over 24 worlds per way of drawing them. Each action's mean is
centred on the mean over the actions (only differences decide), and the line printed after
each position is the root-mean-square distance of a way's means from the reference's, over
the positions so far. The reference has noise of its own, about 0.22 times the plain way's
distance (24 of 480 worlds). Needs ``hard.BALANCED`` and ``hard.CONTROL_WORLDS``.
"""

import random
import sys

from bummerl.bots import hard
from bummerl.bots.yardstick import heuristic
from bummerl.hand import deal
from bummerl.rules import Rules

MODES = {"plain": (False, 0), "balanced": (True, 0), "control 96": (False, 96),
         "both": (True, 96)}


def centred_means(view, seed: int, worlds: int, mode: str, depth: int):
    hard.BALANCED, hard.CONTROL_WORLDS = MODES[mode]
    search = hard.Search(view, random.Random(seed), worlds=worlds, nodes=None, max_depth=depth)
    search.step()
    if search.means is None:
        return None  # decided without a search (an exchange)
    means = {a: v for a, v in search.means.items() if a >= 0 and a != hard.CLOSE}
    centre = sum(means.values()) / len(means)
    return {a: v - centre for a, v in means.items()}


def opening_views(hands: int, seed: int):
    """Every view to act while at most 2 talon cards are drawn, in hands dealt from
    ``seed`` and played by the yardstick (``depths.py`` walks the same ones)."""
    rng = random.Random(seed)
    for h in range(hands):
        hand = deal(Rules(), h % 2, rng)
        while hand.outcome is None and hand.drawn <= 2:
            view = hand.view(hand.to_act)
            yield view
            hand = hand.apply(heuristic(view))


def main(hands: int, seed: int, depth: int) -> None:
    hard.TRIM, hard.SPARE_WORLDS = 0, False
    errors = {mode: [] for mode in MODES}
    n = 0
    for view in opening_views(hands, seed):
        if len(view.legal) <= 2 or view.trick is not None:
            continue
        ref = centred_means(view, 10 ** 6 + n, 480, "plain", depth)
        if ref is None:
            continue
        for mode, found in errors.items():
            for rep in range(3):
                m = centred_means(view, 1000 * n + rep, 24, mode, depth)
                found.append(sum((m[a] - ref[a]) ** 2 for a in ref) / len(ref))
        n += 1
        print(n, {mode: round((sum(e) / len(e)) ** 0.5, 4) for mode, e in errors.items()},
              flush=True)


if __name__ == "__main__":
    main(*map(int, sys.argv[1:4]))
