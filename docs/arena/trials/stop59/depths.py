"""How well an action's value one trick deep predicts its value DEPTH tricks deep, world by
world, in openings (stop 59): what ``hard.CONTROL_WORLDS`` rests on.

``PYTHONPATH=src python docs/arena/trials/stop59/depths.py HANDS SEED DEPTH``

Hands are dealt from SEED and played by the yardstick; at each lead with more than two
card plays while at most 2 talon cards are drawn, 60 worlds are sampled and every card
play is searched in each to depth 1 and to DEPTH, each world's values centred on their mean
over the actions. Printed per position and pooled so far: the correlation of the two depths'
values over the worlds (per action, pooled over the actions), the regression slope of the
deep value on the shallow one (``CONTROL_BETA``), and the share of the deep values'
variance over the worlds that the shallow ones leave unexplained.
"""

import random
import sys

from bummerl.bots import hard
from bummerl.bots.solver import Budget, value_after
from bummerl.bots.world import WorldBuilder
from bummerl.cards import CLOSE, parse_action

from noise import opening_views


def centred_values(world, seat: int, actions: list, depth: int) -> dict:
    table = {}
    values = {a: value_after(world, a, seat, depth, hard.estimate, Budget(), hard.CLOSE_FROM, table)
              for a in actions}
    centre = sum(values.values()) / len(values)
    return {a: v - centre for a, v in values.items()}


def main(hands: int, seed: int, depth: int) -> None:
    pooled = [0.0, 0.0, 0.0]  # co-moment, shallow moment, deep moment
    n = 0
    for view in opening_views(hands, seed):
        actions = [a for a in map(parse_action, view.legal) if a >= 0 and a != CLOSE]
        builder = WorldBuilder(view)
        if len(actions) <= 2 or view.trick is not None or builder.exact():
            continue
        worlds_rng = random.Random(n)
        shallow, deep = [], []
        for _ in range(60):
            world = builder.sample(worlds_rng)
            shallow.append(centred_values(world, view.seat, actions, 1))
            deep.append(centred_values(world, view.seat, actions, depth))
        here = [0.0, 0.0, 0.0]
        for a in actions:
            ms = sum(x[a] for x in shallow) / len(shallow)
            md = sum(y[a] for y in deep) / len(deep)
            here[0] += sum((x[a] - ms) * (y[a] - md) for x, y in zip(shallow, deep))
            here[1] += sum((x[a] - ms) ** 2 for x in shallow)
            here[2] += sum((y[a] - md) ** 2 for y in deep)
        pooled = [p + x for p, x in zip(pooled, here)]
        n += 1
        c, s, d = pooled
        if here[1] and here[2]:
            print(n, view.drawn, "corr %.3f slope %.3f | pooled corr %.3f slope %.3f unexplained %.3f" % (
                here[0] / (here[1] * here[2]) ** 0.5, here[0] / here[1],
                c / (s * d) ** 0.5, c / s, 1 - c * c / (s * d)), flush=True)


if __name__ == "__main__":
    main(*map(int, sys.argv[1:4]))
