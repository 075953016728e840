"""Fit ``hard.PAIRS``: what the way each suit lies between the two hands adds to Hard's estimate.

``python -m bummerl_lab.suit_pairs --rules soft|sharp --positions N --seed S
[--player medium|heuristic|hard] [--ridge R] [--out FILE]``

``hard.WEIGHTS`` values each hand suit by suit, the two hands apart: a side ten counts
the same whether the opponent holds that suit's ace or the ace is gone. ``hard.PAIRS``
reads each suit as a pair, the root's ranks of the suit and the opponent's, and adds
what the pair is worth beyond the two hands' linear values: a correction fitted here to
the residual of the linear estimate (``hard.features`` times ``hard.WEIGHTS``) on the
results of play (``leaf_fit.positions``: the first position on lead at each stage of
phase 1, in hands the player plays in both seats). A pair seen from the other seat is
worth its negative, so one value per unordered pair (``hard.PAIR_KEYS``), one table for
the trump suit and one for the side suits, fitted by ridge regression (``RIDGE``
pseudo-positions at no correction per value, so that rare pairs stay near the linear
estimate). Prints the residual before and after on as many other positions (the next
seed) and, with ``--out``, sets the preset's tables in that Python file (``PAIRS = ...``,
the other preset's kept): ``--out src/bummerl/bots/pairs.py`` for Hard's own.
"""

import argparse
import ast
import random
import re
import sys

from bummerl.bots import hard
from bummerl.bots.hard import PAIR_KEYS, pair_key
from bummerl.bots.solver import MAX_VALUE, Position
from bummerl.rules import Rules

from .leaf_fit import PLAYERS, STAGES, positions, solve

RIDGE = 20.0
INDEX = {key: i for i, key in enumerate(PAIR_KEYS)}


def sparse_row(pos, root: int) -> dict:
    """{parameter index: value}: trump entries first (``len(PAIR_KEYS)`` of them), then side."""
    row = {}
    mine, theirs = pos.hands[root], pos.hands[1 - root]
    for suit in range(4):
        key, sign = pair_key(mine >> 5 * suit & 31, theirs >> 5 * suit & 31)
        if sign:
            i = INDEX[key] + (0 if suit == pos.trump else len(PAIR_KEYS))
            row[i] = row.get(i, 0) + sign
    return row


def linear(pos, leader: int, root: int) -> float:
    """The estimate without ``PAIRS``: ``WEIGHTS`` times ``features``, within the search's window."""
    weights = hard.WEIGHTS[pos.rules.claim][max(pos.drawn, 2)]
    value = sum(w * x for w, x in zip(weights, hard.features(pos, leader, root)))
    return max(-MAX_VALUE, min(MAX_VALUE, value))


def samples(found: list) -> list:
    """[(sparse row, residual of the linear estimate)] of (hand, result) pairs, for the seat on lead."""
    out = []
    for hand, won in found:
        pos = Position(hand)
        out.append((sparse_row(pos, hand.leader), won - linear(pos, hand.leader, hand.leader)))
    return out


def fit_stage(data: list, ridge: float) -> list:
    """The corrections (``sparse_row``'s indexes) that minimise the squared residuals plus
    ``ridge`` times each correction squared."""
    k = 2 * len(PAIR_KEYS)
    gram = [[0.0] * k for _ in range(k)]
    moment = [0.0] * k
    for row, r in data:
        for i, a in row.items():
            moment[i] += a * r
            for j, b in row.items():
                gram[i][j] += a * b
    for i in range(k):
        gram[i][i] += ridge
    return solve(gram, moment)


def residual(data: list, w=None) -> float:
    """The root-mean-square residual of ``samples`` less the corrections ``w`` (none: as is)."""
    total = 0.0
    for row, r in data:
        fitted = sum(w[i] * a for i, a in row.items()) if w else 0.0
        total += (r - fitted) ** 2
    return (total / len(data)) ** 0.5


def fit(rules, count: int, seed: int, player: str, ridge: float, log) -> dict:
    """{stage: (trump, side)}: the corrections fitted on ``count`` positions per stage from
    the seed, judged on as many from the next seed."""
    train = positions(rules, count, random.Random(seed), PLAYERS[player])
    test = positions(rules, count, random.Random(seed + 1), PLAYERS[player])
    return fit_stages(train, test, samples, fit_stage, ridge, len(PAIR_KEYS), ("the linear estimate", "the pairs"), log)


def fit_stages(train: dict, test: dict, samples, fit_stage, ridge: float, n: int, names: tuple, log) -> dict:
    """{stage: (trump, side)}: ``fit_stage`` of each stage's ``samples`` of ``train``, ``n``
    trump values then ``n`` side ones, rounded; logs the residual before and after, on
    ``test`` and in the fit (``names``: the estimate before, what the fit adds)."""
    fitted = {}
    for stage in STAGES:
        data, held_out = samples(train[stage]), samples(test[stage])
        w = fit_stage(data, ridge)
        fitted[stage] = (tuple(round(x, 3) for x in w[:n]), tuple(round(x, 3) for x in w[n:]))
        log(f"stage {stage}: rms residual of {names[0]} {residual(held_out):.4f}, "
            f"with {names[1]} {residual(held_out, w):.4f} (other positions); in the fit "
            f"{residual(data):.4f} -> {residual(data, w):.4f}")
    return fitted


HEADER = '''"""What the way each suit lies between the two hands adds to Hard's estimate (``hard.estimate``).

claim -> stage -> (trump suit, side suits): one value per entry of ``hard.PAIR_KEYS``,
fitted by ``python -m bummerl_lab.suit_pairs`` with the command above each claim (which
wrote this file: change it by running that again, not by hand).
"""
'''


def read(path: str, name: str = "PAIRS") -> tuple[dict, dict]:
    """(``PAIRS``, claim -> the command that fitted it) of a file ``write`` wrote (or the
    table ``name``, e.g. ``LIES``); empty if there is no such file or it has no such table."""
    try:
        text = open(path, encoding="utf-8").read()
    except FileNotFoundError:
        return {}, {}
    start = text.find(f"\n{name} = ")
    if start < 0:
        return {}, {}
    body = text[start + len(f"\n{name} = "):]
    commands = dict((claim, command) for command, claim in re.findall(r'# (.*)\n\s*"(\w+)": \{', body))
    return ast.literal_eval(body), commands


def write(path: str, pairs: dict, commands: dict, name: str = "PAIRS", header: str = HEADER) -> None:
    """``pairs`` as a module like ``bummerl/bots/pairs.py`` (the table ``name`` under
    ``header``), each claim under its command."""
    def numbers(xs):
        rows = (", ".join(f"{x:.3f}" for x in xs[i:i + 10]) for i in range(0, len(xs), 10))
        return "(\n" + "".join(f"{' ' * 16}{row},\n" for row in rows) + " " * 12 + ")"
    lines = [header, f"{name} = {{"]
    for claim in sorted(pairs):
        lines += [f"    # {commands[claim]}", f'    "{claim}": {{']
        for stage, (trump, side) in sorted(pairs[claim].items()):
            lines += [f"        {stage}: (", f"            {numbers(trump)},", f"            {numbers(side)},",
                      "        ),"]
        lines.append("    },")
    lines.append("}")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def command_line(argv, module: str, doc: str, fit, name: str, header: str, player: str, ridge: float) -> int:
    """A fit's command (``python -m bummerl_lab.<module>``, described by ``doc``): ``fit``
    the tables of one preset and print the residuals; with ``--out``, set them as the
    preset's in that file (the table ``name`` under ``header``), under the command."""
    parser = argparse.ArgumentParser(prog=f"python -m bummerl_lab.{module}", description=doc.split("\n\n")[0])
    parser.add_argument("--rules", default="soft")
    parser.add_argument("--positions", type=int, default=20000, help="positions per stage")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--player", choices=sorted(PLAYERS), default=player)
    parser.add_argument("--ridge", type=float, default=ridge)
    parser.add_argument("--out", metavar="FILE")
    args = parser.parse_args(argv)
    rules = Rules.preset(args.rules)
    fitted = fit(rules, args.positions, args.seed, args.player, args.ridge,
                 lambda line: print(line, file=sys.stderr, flush=True))
    if args.out:
        tables, commands = read(args.out, name)
        command = " ".join([f"python -m bummerl_lab.{module}", f"--rules {args.rules}", f"--positions {args.positions}",
                            f"--seed {args.seed}", f"--player {args.player}", f"--ridge {args.ridge:g}"])
        write(args.out, {**tables, rules.claim: fitted}, {**commands, rules.claim: command}, name, header)
    return 0


def main(argv=None) -> int:
    return command_line(argv, "suit_pairs", __doc__, fit, "PAIRS", HEADER, "medium", RIDGE)


if __name__ == "__main__":
    sys.exit(main())
