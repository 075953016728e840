"""Fit ``hard.LIES``: what the cards gone from each suit add to Hard's estimate beyond the suit pairs.

``python -m bummerl_lab.suit_lies --rules soft|sharp --positions N --seed S
[--player medium|heuristic|hard] [--ridge R] [--out FILE]``

``hard.PAIRS`` reads each suit as a pair, the root's ranks of the suit and the opponent's;
a card in neither hand may be gone (played) or still in the talon, and the pair cannot
tell which: a ten whose ace is gone takes every trick of its suit once the talon is out,
one whose ace is still in the talon may meet it. ``hard.LIES`` reads the suit as a triple,
the two hands' ranks and the gone ones, and adds what the triple is worth beyond the
estimate with the pairs: a correction fitted here to the residual of that estimate on the
results of play (``leaf_fit.positions``, as ``suit_pairs`` fits the pairs). A triple seen
from the other seat is worth its negative, so one value per entry of ``hard.LIE_KEYS`` (496
of them), one table for the trump suit and one for the side suits, fitted by ridge
regression (``RIDGE``: rare triples stay near the pairs' value) by coordinate descent on
the sparse rows (``SWEEPS`` sweeps; four values a position). Prints the residual before
and after on as many other positions (the next seed) and, with ``--out``, sets the
preset's tables in that Python file (``LIES = ...``, the other preset's kept): ``--out
src/bummerl/bots/lies.py`` for Hard's own.
"""

import random
import sys

from bummerl.bots import hard
from bummerl.bots.hard import LIE_INDEX, LIE_KEYS, gone_cards, lie_key
from bummerl.bots.solver import Position

from .leaf_fit import PLAYERS, positions
from .suit_pairs import command_line, fit_stages
from .variant import changed, no_lies

RIDGE = 20.0
SWEEPS = 60


def sparse_row(pos, root: int) -> dict:
    """{parameter index: value}: trump entries first (``len(LIE_KEYS)`` of them), then side."""
    row = {}
    mine, theirs, gone = pos.hands[root], pos.hands[1 - root], gone_cards(pos)
    for suit in range(4):
        shift = 5 * suit
        key, sign = lie_key(mine >> shift & 31, theirs >> shift & 31, gone >> shift & 31)
        if sign:
            i = LIE_INDEX[key] + (0 if suit == pos.trump else len(LIE_KEYS))
            row[i] = row.get(i, 0) + sign
    return row


def keeper():
    """What the fit keeps of a position (``leaf_fit.positions``' ``take``): (``sparse_row``,
    the estimate without ``LIES``), for the seat on lead."""
    without = {"_TABLES": hard.tables_for(lies=no_lies())}

    def kept(hand) -> tuple:
        pos = Position(hand)
        with changed(without):
            return sparse_row(pos, hand.leader), hard.estimate(pos, hand.leader, hand.leader)
    return kept


def samples(found: list) -> list:
    """[(sparse row, residual of the estimate without ``LIES``)] of ``positions`` taken by ``kept``."""
    return [(row, won - before) for (row, before), won in found]


def fit_stage(data: list, ridge: float, sweeps: int = SWEEPS) -> list:
    """The corrections (``sparse_row``'s indexes) that minimise the squared residuals plus
    ``ridge`` times each correction squared: each in turn set to its best given the others,
    ``sweeps`` times over."""
    k = 2 * len(LIE_KEYS)
    rows_of = [[] for _ in range(k)]  # per parameter: (sample, its coefficient)
    norm = [ridge] * k
    for n, (row, _) in enumerate(data):
        for i, a in row.items():
            rows_of[i].append((n, a))
            norm[i] += a * a
    w = [0.0] * k
    left = [r for _, r in data]  # each sample's residual less the fitted corrections
    used = [i for i in range(k) if rows_of[i]]
    for _ in range(sweeps):
        for i in used:
            old = w[i]
            new = (sum(a * (left[n] + a * old) for n, a in rows_of[i])) / norm[i]
            if new != old:
                step = new - old
                for n, a in rows_of[i]:
                    left[n] -= a * step
                w[i] = new
    return w


def fit(rules, count: int, seed: int, player: str, ridge: float, log) -> dict:
    """{stage: (trump, side)}: the corrections fitted on ``count`` positions per stage from
    the seed, judged on as many from the next seed."""
    kept = keeper()
    train = positions(rules, count, random.Random(seed), PLAYERS[player], kept)
    test = positions(rules, count, random.Random(seed + 1), PLAYERS[player], kept)
    return fit_stages(train, test, samples, fit_stage, ridge, len(LIE_KEYS), ("the estimate with the pairs", "the lies"), log)


HEADER = '''"""What the cards gone from each suit add to Hard's estimate beyond the suit pairs (``hard.estimate``).

claim -> stage -> (trump suit, side suits): one value per entry of ``hard.LIE_KEYS``,
fitted by ``python -m bummerl_lab.suit_lies`` with the command above each claim (which
wrote this file: change it by running that again, not by hand).
"""
'''


def main(argv=None) -> int:
    return command_line(argv, "suit_lies", __doc__, fit, "LIES", HEADER, "heuristic", RIDGE)


if __name__ == "__main__":
    sys.exit(main())
