"""Stop 69: Hard's near-ties broken by action values learnt from its own play.

Early in phase 1 Hard plays the yardstick's choice wherever it is within ``hard.TIE_MARGIN``
of the best mean over the worlds (``Search.choice``): 24 sampled worlds rank near-equal
actions by noise, and the yardstick's rules of thumb broke those ties better than the
search (stop 23) and better than the search with play-outs as the judge (stop 42). But the
yardstick is one fixed set of rules, and it only ever picks its own card. Here the
near-ties are judged by what such actions brought in Hard's own play:

- ``play``: Hard plays both seats (``--nodes`` a decision), and wherever the tie-breaker
  would be asked and two or more actions are within the margin of the best mean (a close
  that is the best is played), it plays one of them at random (the exploration), and logs
  every near-tie action's features (``features``: its kind of card, at which stage, what it
  does to the trick and the hand, the search's mean and whether it is the yardstick's
  choice) with the game points the seat made in the end. One JSON line per hand.
- ``fit``: since the choice among the near-ties is random, the game points regressed on the
  chosen action's features less the near-ties' mean features (ridge least squares) estimate
  what each feature is worth, whatever the position (the position's own worth is the same
  for every near-tie and drops out). Prints the weights with their standard errors (over
  hands) and, on held-out hands, the importance-sampling estimate of the learnt rule's gain
  per decision over the rule in use (the yardstick's choice within the margin, else the best
  mean), then writes the weights.
- ``screen``: the learnt rule judged against Hard as it is, decision by decision, as
  ``bummerl_lab.choices`` judges a change (one search; the learnt rule's choice among the
  same near-ties).

    PYTHONPATH=src python docs/arena/trials/stop69/tie_learn.py play --rules soft --hands N --seed S --nodes K --out FILE
    PYTHONPATH=src python docs/arena/trials/stop69/tie_learn.py fit FILE ... [--coarse] --out WEIGHTS
    PYTHONPATH=src python docs/arena/trials/stop69/tie_learn.py screen WEIGHTS --hands N --seed S --rules soft [--log LOG]
"""

import argparse
import gzip
import json
import random
import sys
import time

from bummerl.bots import hard
from bummerl.bots.solver import outcome_value
from bummerl.cards import (
    BIT, CARD_INDEX, CLOSE, HIGHER, KING, MARRY, POINTS, QUEEN, RANK_OF, RANKS, SUIT_MASK,
    SUIT_OF, SUITS, trick_winner_follows,
)
from bummerl.hand import deal
from bummerl.rules import PRESETS
from bummerl_lab.choices import MERGED, print_report, run
from bummerl_lab.leaf_fit import solve

RIDGE = 5.0  # pseudo-decisions at no effect per weight, so that rare features stay near 0


def _names() -> list:
    names = ["mean", "yard", "marry_trump", "marry_side"]
    for kind in "LF":
        for stage in range(3):
            for rank in RANKS:
                for trump in "ts":
                    names.append(f"{kind}{stage}_{rank}{trump}")
        names += [f"{kind}_pair_break", f"{kind}_hope", f"{kind}_master"]
    names += ["L_length", "F_win", "F_ruff", "F_points"]
    return names


NAMES = _names()
INDEX = {name: i for i, name in enumerate(NAMES)}


def features(view, action: int, mean: float, yard: int) -> dict:
    """{feature name: value} of one near-tie ``action`` in ``view`` (``mean``: its mean over
    the worlds in game points; ``yard``: the yardstick's choice)."""
    out = {"mean": mean, "yard": float(action == yard)}
    trump = SUITS.index(view.trump)
    if MARRY <= action < MARRY + 4:
        out["marry_trump" if action - MARRY == trump else "marry_side"] = 1.0
        return out
    if action >= 20:
        return out
    card, mine = action, view.hand_mask
    rank, suit = RANK_OF[card], SUIT_OF[card]
    kind = "L" if view.trick is None else "F"
    stage = 0 if view.drawn == 0 else 1 if view.drawn <= 4 else 2
    out[f"{kind}{stage}_{RANKS[rank]}{'t' if suit == trump else 's'}"] = 1.0
    if rank in (KING, QUEEN):
        partner = BIT[5 * suit + (QUEEN if rank == KING else KING)]
        if mine & partner:
            out[f"{kind}_pair_break"] = 1.0
        elif view.unseen_mask & partner:
            out[f"{kind}_hope"] = 1.0
    theirs = view.unseen_mask | view.opponent_known_mask
    if not HIGHER[card] & theirs:
        out[f"{kind}_master"] = 1.0
    if kind == "L":
        out["L_length"] = bin(mine & SUIT_MASK[suit]).count("1") / 5
    else:
        lead = CARD_INDEX[view.trick[1]]
        wins = trick_winner_follows(lead, card, trump)
        out["F_win"] = float(wins)
        out["F_ruff"] = float(wins and suit == trump and SUIT_OF[lead] != trump)
        out["F_points"] = (POINTS[lead] + POINTS[card]) / 10 * (1 if wins else -1)
    return out


def near_ties(search) -> list | None:
    """The actions within the search's margin of the best mean, where the tie-breaker is
    asked and the best is not a close; None elsewhere (Hard plays as it is)."""
    means = search.current_means()
    if means is None or search.exact or search.margin <= 1e-9:
        return None
    top = max(search.legal, key=means.__getitem__)
    if top == CLOSE:
        return None
    ties = [a for a in search.legal if a != CLOSE and means[top] - means[a] <= search.margin]
    return ties if len(ties) > 1 else None


def point_means(search) -> dict:
    return search.point_means if search.point_means is not None else search.current_means()


def in_use(search, ties: list) -> int:
    """The rule in use among ``ties``: the yardstick's choice if it is one, else the best mean."""
    means = search.current_means()
    return search.fallback if search.fallback in ties else max(search.legal, key=means.__getitem__)


def play(rules, hands: int, seed: int, nodes: int, out, log=None) -> None:
    rng, explore = random.Random(seed), random.Random(seed + 7_777)
    start = time.perf_counter()
    for number in range(hands):
        hand = deal(rules, number % 2, rng)
        rows = []
        while hand.outcome is None:
            view = hand.view(hand.to_act)
            search = hard.Search(view, rng, nodes=nodes)
            search.step()
            ties = near_ties(search)
            if ties is None:
                action = search.best()
            else:
                means = point_means(search)
                pick = explore.randrange(len(ties))
                action = ties[pick]
                rows.append({"seat": view.seat, "drawn": view.drawn, "lead": view.trick is None,
                             "chosen": pick, "in_use": ties.index(in_use(search, ties)),
                             "ties": [features(view, a, means[a], search.fallback) for a in ties]})
            hand = hand.apply(action)
        for row in rows:
            row["points"] = outcome_value(hand.outcome, row.pop("seat"))
        out.write(json.dumps({"hand": number, "rows": rows}) + "\n")
        out.flush()
        if log and (number + 1) % 50 == 0:
            log(f"{number + 1} hands, {(time.perf_counter() - start) / (number + 1):.2f} s a hand")


COARSE = False  # fit with the stages merged (``fit --coarse``): L0_As, L1_As, L2_As as L1_As


def coarse(name: str) -> str:
    """``name`` with its stage merged into the middle one (``fit --coarse``)."""
    return name[0] + "1" + name[2:] if COARSE and name[:1] in "LF" and name[1:2] in "012" else name


def vector(feats: dict) -> list:
    v = [0.0] * len(NAMES)
    for name, x in feats.items():
        v[INDEX[coarse(name)]] += x
    return v


def contrast(row: dict, index: int) -> list:
    """The features of near-tie ``index`` less the near-ties' mean."""
    vs = [vector(f) for f in row["ties"]]
    n = len(vs)
    mean = [sum(col) / n for col in zip(*vs)]
    return [x - m for x, m in zip(vs[index], mean)]


def read(paths: list) -> list:
    """The hands ``play`` wrote to ``paths`` (gzipped where the name ends in .gz)."""
    hands = []
    for path in paths:
        with (gzip.open if path.endswith(".gz") else open)(path, "rt", encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    hands.append(json.loads(line))
    return hands


def fit(hands: list, ridge: float = RIDGE) -> tuple[list, list]:
    """(weights, standard errors over hands) of the game points on the chosen near-tie's
    contrast, by ridge least squares."""
    k = len(NAMES)
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    rows = [(contrast(row, row["chosen"]), row["points"], h) for h, hand in enumerate(hands)
            for row in hand["rows"]]
    for x, y, _ in rows:
        for i, xi in enumerate(x):
            if xi:
                b[i] += xi * y
                ai = a[i]
                for j, xj in enumerate(x):
                    if xj:
                        ai[j] += xi * xj
    for i in range(k):
        a[i][i] += ridge
    w = solve(a, b)
    # standard errors clustered by hand: (A^-1) B (A^-1), B the sum over hands of s s^T
    inverse = [solve(a, [float(i == j) for i in range(k)]) for j in range(k)]
    scores = {}
    for x, y, h in rows:
        r = y - sum(wi * xi for wi, xi in zip(w, x))
        s = scores.setdefault(h, [0.0] * k)
        for i, xi in enumerate(x):
            s[i] += xi * r
    meat = [[0.0] * k for _ in range(k)]
    for s in scores.values():
        for i, si in enumerate(s):
            if si:
                for j, sj in enumerate(s):
                    meat[i][j] += si * sj
    se = []
    for i in range(k):
        ai = inverse[i]
        se.append(max(0.0, sum(ai[p] * meat[p][q] * ai[q] for p in range(k) for q in range(k))) ** 0.5)
    return w, se


def learnt_pick(weights: list, row_ties: list) -> int:
    scores = [sum(weights[INDEX[coarse(n)]] * x for n, x in f.items()) for f in row_ties]
    return max(range(len(scores)), key=scores.__getitem__)


def off_policy(hands: list, pick, against=None) -> tuple[float, float, int]:
    """Importance-sampling estimate, on ``hands``, of what the rule ``pick`` (a logged
    decision -> the index of its near-tie) gains per decision over the rule ``against``
    (None: a near-tie at random, as ``play`` chose): (mean, standard error over hands,
    decisions). A decision's result counts, times the number of near-ties, for each rule
    that would have chosen what was played."""
    per_hand, count = [], 0
    for hand in hands:
        total = 0.0
        for row in hand["rows"]:
            n, chosen = len(row["ties"]), row["chosen"]
            base = 1 if against is None else n * (chosen == against(row))
            total += row["points"] * (n * (chosen == pick(row)) - base)
            count += 1
        per_hand.append(total)
    m = sum(per_hand) / len(per_hand)
    var = sum((x - m) ** 2 for x in per_hand) / (len(per_hand) - 1)
    return m * len(per_hand) / count, (var / len(per_hand)) ** 0.5 * len(per_hand) / count, count


def rule_in_use(row: dict) -> int:
    return row["in_use"]


def best_mean(row: dict) -> int:
    return max(range(len(row["ties"])), key=lambda i: row["ties"][i]["mean"])


class Learnt:
    """A ``choices`` chooser: Hard as merged and, from the same search, the learnt rule."""

    def __init__(self, weights: list):
        self.weights = weights

    def __call__(self, view, rng, hand=None):
        search = hard.Search(view, rng)
        search.step()
        choices = {MERGED: search.best()}
        ties = near_ties(search)
        if ties is None:
            choices["learnt"] = choices[MERGED]
        else:
            means = point_means(search)
            feats = [features(view, a, means[a], search.fallback) for a in ties]
            choices["learnt"] = ties[learnt_pick(self.weights, feats)]
        return choices, {}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play")
    p.add_argument("--rules", default="soft", choices=sorted(PRESETS))
    p.add_argument("--hands", type=int, required=True)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--nodes", type=int, default=hard.NODES)
    p.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+")
    f.add_argument("--ridge", type=float, default=RIDGE)
    f.add_argument("--coarse", action="store_true", help="the stages merged")
    f.add_argument("--out")
    s = sub.add_parser("screen")
    s.add_argument("weights")
    s.add_argument("--hands", type=int, required=True)
    s.add_argument("--seed", type=int, required=True)
    s.add_argument("--rules", default="soft", choices=sorted(PRESETS))
    s.add_argument("--opponent", default="hard-v1")
    s.add_argument("--log")
    args = parser.parse_args(argv)
    global COARSE
    if args.command == "play":
        with open(args.out, "w", encoding="utf-8") as out:
            play(PRESETS[args.rules], args.hands, args.seed, args.nodes, out,
                 lambda text: print(text, file=sys.stderr, flush=True))
    elif args.command == "fit":
        COARSE = args.coarse
        hands = read(args.files)
        train = [h for i, h in enumerate(hands) if i % 5]
        held = [h for i, h in enumerate(hands) if not i % 5]
        w, se = fit(train, args.ridge)
        print(f"{sum(len(h['rows']) for h in train)} decisions in {len(train)} hands (fit), "
              f"{sum(len(h['rows']) for h in held)} in {len(held)} held out")
        for name, wi, si in zip(NAMES, w, se):
            print(f"  {name:16} {wi:+.3f} +- {si:.3f}")
        learnt = lambda row: learnt_pick(w, row["ties"])  # noqa: E731
        m, e, n = off_policy(held, learnt, rule_in_use)
        print(f"held out: the learnt rule over the rule in use {m:+.3f} +- {e:.3f} game points a decision ({n})")
        m, e, n = off_policy(train, learnt, rule_in_use)
        print(f"(in the fit: {m:+.3f} +- {e:.3f})")
        for name, rule in (("the rule in use", rule_in_use), ("the best mean", best_mean)):
            m, e, n = off_policy(hands, rule)
            print(f"every hand: {name} over a random near-tie {m:+.3f} +- {e:.3f} game points a decision ({n})")
        w_all, _ = fit(hands, args.ridge)
        if args.out:
            with open(args.out, "w", encoding="utf-8") as out:
                json.dump({"coarse": COARSE, "weights": dict(zip(NAMES, w_all))}, out, indent=1)
    else:
        with open(args.weights, encoding="utf-8") as f:
            saved = json.load(f)
        COARSE, named = saved["coarse"], saved["weights"]
        weights = [named.get(name, 0.0) for name in NAMES]
        log = open(args.log, "w", encoding="utf-8") if args.log else None
        print_report(run(args.hands, args.seed, PRESETS[args.rules], args.opponent, 2,
                         Learnt(weights), [MERGED, "learnt"], None, log))
    return 0


if __name__ == "__main__":
    sys.exit(main())
