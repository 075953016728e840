"""Fit Hard's static estimate (``hard.WEIGHTS``) to the results of play or to exact values.

``python -m bummerl_lab.leaf_fit --rules soft|sharp --positions N --seed S
[--player medium|heuristic|hard] [--target play|exact]``

Positions are taken from hands the ``player`` plays in both seats, dealt from the seed: in
each hand, the first position on lead (before any action) at each stage of phase 1 (2, 4,
6 and 8 talon cards drawn). The target for the seat on lead is, with ``--target play``,
the game points it won or lost when the hand was played on (the estimate then stands for
what that player makes of the position, neither seat seeing the other's cards), or with
``--target exact`` the position solved exactly by the search Hard runs in a world (every
card and the talon order known, closing searched only as late as Hard's search below the
root searches it, ``hard.CLOSE_FROM``). The weights of each stage are the least-squares fit
of the targets to ``hard.features`` (a small ridge keeps features that never vary at 0). Prints
the weights as Python, for the ``WEIGHTS`` table, and the fit's residual per stage.
"""

import argparse
import random
import sys

from bummerl.bots.hard import CLOSE_FROM, FEATURE_NAMES, choose, estimate, features
from bummerl.bots.heuristics import medium
from bummerl.bots.yardstick import heuristic
from bummerl.bots.solver import EXACT, Position, outcome_value, search
from bummerl.hand import deal
from bummerl.rules import Rules

STAGES = (2, 4, 6, 8)
RIDGE = 1e-3
PLAYERS = {"medium": medium, "heuristic": lambda view, rng: heuristic(view), "hard": choose}


def played(rules, rng, player=medium, take=None):
    """Hands ``player`` plays in both seats, dealt from ``rng``, one after another: of each,
    {stage: (the first position on lead at that stage, before any action, or ``take`` of it;
    the game points the seat on lead won or lost in the end)}."""
    dealer = 0
    while True:
        hand = deal(rules, dealer, rng)
        dealer = 1 - dealer
        taken = {}
        while hand.outcome is None:
            stage = hand.drawn
            if (hand.lead < 0 and hand.married < 0 and hand.closed_by < 0
                    and stage in STAGES and stage not in taken):
                taken[stage] = (hand.leader, hand if take is None else take(hand))
            hand = hand.apply(player(hand.view(hand.to_act), rng))
        yield {stage: (position, outcome_value(hand.outcome, leader))
               for stage, (leader, position) in taken.items()}


def positions(rules, count: int, rng, player=medium, take=None) -> dict:
    """{stage: [(hand, game points the seat on lead won or lost in the end), ...]},
    ``count`` positions per stage, from hands ``player`` plays in both seats (``played``);
    with ``take``, ``take(hand)`` in place of each hand (what a fit keeps of it)."""
    found = {stage: [] for stage in STAGES}
    hands = played(rules, rng, player, take)
    while min(len(found[stage]) for stage in STAGES) < count:
        for stage, sample in next(hands).items():
            if len(found[stage]) < count:
                found[stage].append(sample)
    return found


def solve(a: list, b: list) -> list:
    """x with a x = b (a square, well conditioned), by Gaussian elimination."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] for i in range(n)]


def least_squares(rows: list, targets: list) -> list:
    k = len(rows[0])
    gram = [[sum(r[i] * r[j] for r in rows) for j in range(k)] for i in range(k)]
    for i in range(k):
        gram[i][i] += RIDGE * len(rows)
    moment = [sum(r[i] * t for r, t in zip(rows, targets)) for i in range(k)]
    return solve(gram, moment)


def fit(rules, count: int, seed: int, log=None, player="medium", target="exact") -> dict:
    """{stage: weights} fitted on ``count`` positions per stage."""
    rng = random.Random(seed)
    weights = {}
    for stage, found in positions(rules, count, rng, PLAYERS[player]).items():
        rows, targets, hands = [], [], []
        for hand, won in found:
            leader = hand.leader
            hands.append(hand)
            targets.append(won if target == "play" else search(hand, leader, EXACT, None, None, CLOSE_FROM))
            rows.append(features(Position(hand), leader, leader))
        w = least_squares(rows, targets)
        weights[stage] = w
        if log:
            fitted = [sum(a * b for a, b in zip(w, r)) for r in rows]
            rms = (sum((f - t) ** 2 for f, t in zip(fitted, targets)) / len(rows)) ** 0.5
            base = (sum(t * t for t in targets) / len(rows)) ** 0.5
            now = [estimate(Position(hand), hand.leader, hand.leader) for hand in hands]
            rms_now = (sum((f - t) ** 2 for f, t in zip(now, targets)) / len(rows)) ** 0.5
            log(f"stage {stage}: {len(rows)} positions, rms value {base:.3f}, rms residual "
                f"{rms:.3f} (the estimate in use: {rms_now:.3f})")
    return weights


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bummerl_lab.leaf_fit", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="soft", help="soft or sharp (default soft)")
    parser.add_argument("--positions", type=int, default=1000, help="positions per stage")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--player", choices=sorted(PLAYERS), default="medium",
                        help="who plays the hands the positions come from (and, with --target play, on)")
    parser.add_argument("--target", choices=("exact", "play"), default="exact")
    args = parser.parse_args(argv)
    rules = Rules.preset(args.rules)
    weights = fit(rules, args.positions, args.seed, lambda line: print(line, file=sys.stderr, flush=True),
                  args.player, args.target)
    print(weights_text(rules.claim, weights), end="")
    return 0


def weights_text(claim: str, weights: dict) -> str:
    """A claim's weights as a ``WEIGHTS`` entry under the features' names, as this module
    prints them and ``variant.read_leaf`` reads them."""
    lines = [f"# {', '.join(FEATURE_NAMES)}", f'"{claim}": {{']
    lines += [f"    {stage}: ({', '.join(f'{x:.4f}' for x in w)})," for stage, w in weights.items()]
    return "\n".join([*lines, "},"]) + "\n"


if __name__ == "__main__":
    sys.exit(main())
