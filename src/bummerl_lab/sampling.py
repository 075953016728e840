"""How much Hard's choice late in a hand owes to which worlds it happened to sample.

``python -m bummerl_lab.sampling [--positions N] [--seed S] [--repeats R] [--most M]``

Positions come from seeded hands Medium plays in both seats (closing now and then), taken
late in phase 1 (6 or 8 talon cards drawn) or after a close, where the view allows at
most ``M`` distinct worlds (``WorldBuilder.count``) and nothing is known for sure. Each is
searched without a node limit over every distinct world: the reference, the means Hard
would get from a perfect sample. Then Hard chooses ``R`` times from other random draws of
its worlds, in each of these ways, without a node limit:

- ``uniform 24``: 24 uniform guesses (Hard before stop 37);
- ``uniform 192``: 24, then more 24 at a time up to 192 (what spare nodes buy);
- ``without repeats 24``: 24 of the distinct worlds, none twice (all where there are fewer).

A choice's regret is how much less its action is worth than the best by the reference's
means (game points, the search's own values: not what the hand brings, only how far the
sample moved the choice). The report gives the mean regret per decision and how many
choices were not a best one, overall and by stage.
"""

import argparse
import json
import random
import statistics
import sys
from collections import defaultdict

from bummerl.bots import hard
from bummerl.bots.heuristics import medium
from bummerl.bots.world import WorldBuilder
from bummerl.cards import CLOSE
from bummerl.hand import deal
from bummerl.rules import SHARP, SOFT

# name -> (worlds at a time, spare worlds, without repeats)
WAYS = {
    "uniform 24": (24, False, False),
    "uniform 192": (24, True, False),
    "without repeats 24": (24, False, True),
}


def positions(count: int, seed: int, most: int) -> list:
    """``count`` views of the seat to act (Soft and Sharp in turn) with a choice to make,
    late in phase 1 or after a close, allowing at most ``most`` distinct worlds."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        hand = deal(SOFT if len(found) % 2 else SHARP, rng.randrange(2), rng)
        while hand.outcome is None:
            view = hand.view(hand.to_act)
            builder = WorldBuilder(view)
            late = hand.drawn >= 6 or hand.closed_by >= 0
            if (late and len(view.legal) > 1 and "exchange" not in view.legal
                    and not builder.exact() and builder.count() <= most and rng.random() < 0.5):
                found.append(view)
                break
            if CLOSE in hand.legal_actions() and rng.random() < 0.1:
                hand.step(CLOSE)
            else:
                hand = hand.apply(medium(view, rng))
    return found


def means(view, seed: int, worlds: int, spare: bool, without_repeats: bool) -> dict | None:
    """Hard's {action: mean game points} for ``view``, its worlds drawn as asked, searched
    to the end without a node limit; None where Hard answers without searching."""
    saved = hard.SPARE_WORLDS, hard.ENUMERATE
    hard.SPARE_WORLDS, hard.ENUMERATE = spare, (10**9 if without_repeats else 0)
    try:
        search = hard.Search(view, random.Random(seed), worlds=worlds, nodes=None)
        search.step()
    finally:
        hard.SPARE_WORLDS, hard.ENUMERATE = saved
    return search.point_means


def stage(view) -> str:
    return "after a close" if view.closed_by is not None else f"{view.drawn} drawn"


def measure(count: int, seed: int, repeats: int, most: int = 400) -> dict:
    """{way: {"all" or a stage: [regret of each choice]}} (see the module)."""
    regrets = {way: defaultdict(list) for way in WAYS}
    for i, view in enumerate(positions(count, seed, most)):
        reference = means(view, 0, WorldBuilder(view).count(), False, True)
        if reference is None:
            continue
        top = max(reference.values())
        for way, settings in WAYS.items():
            for r in range(repeats):
                got = means(view, 1 + repeats * i + r, *settings)
                regret = top - reference[max(got, key=got.get)]
                regrets[way]["all"].append(regret)
                regrets[way][stage(view)].append(regret)
    return regrets


def summary(regrets: dict) -> dict:
    """{way: {part: (mean regret, its standard error, choices not a best one, choices)}}."""
    out = {}
    for way, parts in regrets.items():
        out[way] = {}
        for part, values in sorted(parts.items()):
            se = statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
            wrong = sum(v > 1e-9 for v in values)
            out[way][part] = (statistics.mean(values), se, wrong, len(values))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bummerl_lab.sampling", description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--most", type=int, default=400, help="most distinct worlds a position allows")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    table = summary(measure(args.positions, args.seed, args.repeats, args.most))
    if args.json:
        print(json.dumps(table))
        return 0
    for way, parts in table.items():
        for part, (mean, se, wrong, n) in parts.items():
            print(f"{way:<20} {part:<14} regret {mean:.4f} ± {se:.4f}   not a best choice {wrong} of {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
