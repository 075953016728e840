"""Stop 54's probes of what Hard's static estimate still leaves (numpy; not part of the project).

Run from the repository root with numpy installed:

    python docs/arena/trials/stop54/leaf_probes.py positions soft 60000 15   # pos-soft-15.pkl
    python docs/arena/trials/stop54/leaf_probes.py positions soft 60000 16
    python docs/arena/trials/stop54/leaf_probes.py bias soft 15 16            # the lead's mean residual
    python docs/arena/trials/stop54/leaf_probes.py states soft 15 16          # gone vs in the talon
    python docs/arena/trials/stop54/leaf_probes.py features soft 15 16        # other feature groups
    python docs/arena/trials/stop54/leaf_probes.py trump-buckets soft 15 16   # side pairs by trump counts

Positions are ``bummerl_lab.leaf_fit.positions`` of yardstick-vs-yardstick play (as
``bummerl_lab.suit_pairs`` fits ``hard.PAIRS`` to); each probe fits its candidate to the
residual on the first set and prints the root-mean-square residual on the second.
"""

import pickle
import random
import sys

import numpy as np

sys.path.insert(0, "src")
from bummerl.bots import hard  # noqa: E402
from bummerl.bots.hard import PAIR_KEYS  # noqa: E402
from bummerl.bots.solver import Position  # noqa: E402
from bummerl.cards import ACE, BIT, JACK, KING, QUEEN, TEN  # noqa: E402
from bummerl.rules import Rules  # noqa: E402
from bummerl_lab.leaf_fit import PLAYERS, STAGES, positions  # noqa: E402
from bummerl_lab.suit_pairs import linear  # noqa: E402

POINTS = {ACE: 11, TEN: 10, KING: 4, QUEEN: 3, JACK: 2}
PAIR_INDEX = {k: i for i, k in enumerate(PAIR_KEYS)}
STATES = sorted((m, t, g) for m in range(32) for t in range(32) for g in range(32)
                if not (m & t or m & g or t & g) and m > t)
STATE_INDEX = {k: i for i, k in enumerate(STATES)}


def load(rules: str, seed: str) -> dict:
    with open(f"pos-{rules}-{seed}.pkl", "rb") as f:
        return pickle.load(f)


def ones(x: int) -> int:
    return bin(x).count("1")


def talon_left(pos) -> int:
    """The cards still in the talon, the face-up trump card included."""
    mask = BIT[pos.trump_card] if pos.trump_card >= 0 else 0
    for card in pos.talon[pos.drawn:]:
        mask |= BIT[card]
    return mask


def suits(pos, root: int):
    """(suit, the root's ranks, the opponent's, those played) of each suit."""
    gone = ((1 << 20) - 1) & ~(pos.hands[0] | pos.hands[1] | talon_left(pos))
    for suit in range(4):
        yield (suit, pos.hands[root] >> 5 * suit & 31, pos.hands[1 - root] >> 5 * suit & 31,
               gone >> 5 * suit & 31)


def fit_and_judge(train: list, test: list, row, size: int, residual, ridge: float) -> float:
    """The held-out rms residual after a ridge fit of sparse rows (``row(pos, root)``)."""
    def matrix(found):
        a, y = np.zeros((len(found), size)), np.zeros(len(found))
        for r, (hand, won) in enumerate(found):
            pos = Position(hand)
            for i, v in row(pos, hand.leader).items():
                a[r, i] += v
            y[r] = won - residual(pos, hand.leader)
        return a, y
    a, y = matrix(train)
    at, yt = matrix(test)
    w = np.linalg.solve(a.T @ a + ridge * np.eye(size), a.T @ y)
    return float(np.sqrt(np.mean((yt - at @ w) ** 2)))


def pair_row(pos, root: int) -> dict:
    row = {}
    for suit, m, t, _ in suits(pos, root):
        if m != t:
            sign, key = (1, m << 5 | t) if m > t else (-1, t << 5 | m)
            i = PAIR_INDEX[key] + (0 if suit == pos.trump else len(PAIR_KEYS))
            row[i] = row.get(i, 0) + sign
    return row


def state_row(pos, root: int) -> dict:
    row = {}
    for suit, m, t, g in suits(pos, root):
        if m != t:
            sign, key = (1, (m, t, g)) if m > t else (-1, (t, m, g))
            i = STATE_INDEX[key] + (0 if suit == pos.trump else len(STATES))
            row[i] = row.get(i, 0) + sign
    return row


def bucket_row(pos, root: int) -> dict:
    """Side pairs by the trump counts of the seat holding the larger set and of the other."""
    trumps = [ones(pos.hands[s] >> 5 * pos.trump & 31) for s in (root, 1 - root)]
    row = {}
    for suit, m, t, _ in suits(pos, root):
        if suit != pos.trump and m != t:
            sign, key, hi, lo = (1, m << 5 | t, *trumps) if m > t else (-1, t << 5 | m, trumps[1], trumps[0])
            i = PAIR_INDEX[key] * 9 + min(hi, 2) * 3 + min(lo, 2)
            row[i] = row.get(i, 0) + sign
    return row


def feature_groups(pos, root: int) -> dict:
    opp = 1 - root
    mine, theirs = pos.hands[root], pos.hands[opp]
    left = talon_left(pos)
    trump_ranks = [ones(h >> 5 * pos.trump & 31) for h in (mine, theirs)]
    groups = {}
    card = [0.0] * 4  # the face-up trump card by rank, signed by who holds the trump jack
    if pos.trump_card >= 0 and pos.trump_card % 5 < 4:
        jack = BIT[pos.trump * 5 + JACK]
        card[pos.trump_card % 5] = 1 if mine & jack else -1 if theirs & jack else 0
    groups["trump card"] = card
    top = pos.talon[pos.drawn] if pos.drawn < 9 else None
    groups["next talon card"] = [0.0, 0.0] if top is None else [
        float(top // 5 == pos.trump), POINTS[top % 5] / 10]
    voids = [sum(1 for s in range(4) if s != pos.trump and not h >> 5 * s & 31) for h in (mine, theirs)]
    groups["voids"] = [voids[0] - voids[1], voids[0] * trump_ranks[0] - voids[1] * trump_ranks[1]]
    share = ones(left >> 5 * pos.trump & 31) / max(ones(left), 1)
    groups["trumps in the talon"] = [share, (trump_ranks[0] - trump_ranks[1]) * share]
    scores = [pos.score(root), pos.score(opp)]
    value = hard.estimate(pos, root, root)
    groups["scores"] = [value * sum(scores) / 66, value * (scores[0] - scores[1]) / 66,
                        (max(0, scores[0] - 45) ** 2 - max(0, scores[1] - 45) ** 2) / 100]
    held = [sum(POINTS[c % 5] for c in range(20) if h & BIT[c]) for h in (mine, theirs)]
    groups["card points in hand"] = [(held[0] - held[1]) / 10,
                                     float((scores[0] + held[0] >= 66) - (scores[1] + held[1] >= 66))]
    partners = [0.0, 0.0]  # a lone king or queen whose partner is still in the talon
    for seat, sign in ((mine, 1), (theirs, -1)):
        for s in range(4):
            k, q = seat >> 5 * s + KING & 1, seat >> 5 * s + QUEEN & 1
            if k != q and left & BIT[5 * s + (QUEEN if k else KING)]:
                partners[0 if s == pos.trump else 1] += sign
    groups["marriage partners"] = partners
    return groups


def main(argv: list) -> None:
    command, rules = argv[0], argv[1]
    if command == "positions":
        count, seed = int(argv[2]), int(argv[3])
        found = positions(Rules.preset(rules), count, random.Random(seed), PLAYERS["heuristic"])
        with open(f"pos-{rules}-{seed}.pkl", "wb") as f:
            pickle.dump(found, f)
        return
    if command == "bias":
        for seed in argv[2:]:
            found = load(rules, seed)
            for stage in STAGES:
                r = np.array([won - hard.estimate(Position(h), h.leader, h.leader) for h, won in found[stage]])
                print(f"seed {seed}, stage {stage}: mean residual for the seat on lead {r.mean():+.4f} "
                      f"± {r.std() / len(r) ** .5:.4f}")
        return
    train, test = load(rules, argv[2]), load(rules, argv[3])
    for stage in STAGES:
        a, b = train[stage], test[stage]
        if command == "states":  # against the pairs, both on the linear estimate's residual
            pairs = fit_and_judge(a, b, pair_row, 2 * len(PAIR_KEYS), lambda p, r: linear(p, r, r), 20)
            states = fit_and_judge(a, b, state_row, 2 * len(STATES), lambda p, r: linear(p, r, r), 20)
            print(f"stage {stage}: pairs {pairs:.4f}, with where the rest lies {states:.4f}")
        elif command == "trump-buckets":  # on Hard's estimate's residual
            before = fit_and_judge(a, b, lambda p, r: {}, 1, lambda p, r: hard.estimate(p, r, r), 20)
            after = fit_and_judge(a, b, bucket_row, 9 * len(PAIR_KEYS), lambda p, r: hard.estimate(p, r, r), 20)
            print(f"stage {stage}: estimate {before:.4f}, with side pairs by trump counts {after:.4f}")
        elif command == "features":  # on Hard's estimate's residual, each with an intercept
            sizes = {name: len(x) for name, x in feature_groups(Position(a[0][0]), a[0][0].leader).items()}
            names = list(sizes)

            def row_for(chosen):
                def row(pos, root):
                    values, out = feature_groups(pos, root), {0: 1.0}
                    for name in chosen:
                        for x in values[name]:
                            out[len(out)] = x
                    return out
                return row
            line = []
            for chosen in [[]] + [[n] for n in names] + [names]:
                size = 1 + sum(sizes[n] for n in chosen)
                rms = fit_and_judge(a, b, row_for(chosen), size, lambda p, r: hard.estimate(p, r, r), 1e-3 * len(a))
                line.append(f"{' + '.join(chosen) if len(chosen) < 2 else 'all'}: {rms:.4f}" if chosen else f"intercept only: {rms:.4f}")
            print(f"stage {stage}: " + "; ".join(line))


if __name__ == "__main__":
    main(sys.argv[1:])
