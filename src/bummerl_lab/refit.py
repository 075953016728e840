"""Correct Hard's whole estimate to the results of Hard's own play.

``python -m bummerl_lab.refit FILE ... [--only weights|pairs] [--ridge R] [--pairs-out FILE] [--leaf-out FILE]``

``hard.WEIGHTS`` were fitted to Medium's play, ``hard.PAIRS`` and ``hard.LIES`` to what
those leave of the yardstick's: the estimate stands for what a rule-based player makes of
a position. At the search's horizon the hand goes on as Hard plays it. This fits, per
stage, a correction to the whole estimate (``hard.estimate``, as it is) on positions of
Hard's own play (the files ``bummerl_lab.selfplay`` writes, pooled; one preset): by ridge
regression of the estimate's residual on the features of ``WEIGHTS`` (``hard.features``,
a small ridge, ``fit.WEIGHTS_RIDGE`` per position) and on the suit pairs of ``PAIRS``
(``fit.pair_row``, ``--ridge`` pseudo-positions at no correction per value). The
estimate is linear in both, so the correction is added to them: ``--leaf-out`` writes
the corrected weights as ``variant.read_leaf`` reads them, ``--pairs-out`` the corrected pairs as
``bummerl_lab.fit`` writes them (the other preset's kept where the file has it: a preset left
out is Hard's own where the file is read), for ``choices`` and
``variant`` (``--leaf``, ``--pairs``) or for Hard itself (``--pairs-out
src/bummerl/bots/pairs.py``). With ``--only`` the other part is left as it is.
Prints, per stage, the residual before and after on every fifth position of the stage
(``HOLD_OUT``), fitted without them, and the weights' correction; the tables written are
fitted on every position. The residual is the clipped estimate's (``hard.estimate`` keeps
within the search's window), the correction added before the clipping: the same where
neither clips (all but about one position in 200). The weights and the pairs overlap (a
suit's pair values can stand for its trumps, aces, tens and marriages), so how a joint
correction splits between them is set by the two ridges; only what the pairs cannot say
(the scores, pending marriages, no trick yet, the lead) is the data's alone.
"""

import argparse
import sys

from bummerl.bots import hard
from bummerl.bots.solver import Position
from bummerl.rules import Rules

from .fit import TABLES, WEIGHTS_RIDGE as WEIGHT_RIDGE, pair_row as sparse_row, read_table, residual as rms, \
    solve, table_text
from .selfplay import read as read_selfplay

RIDGE = 20.0  # pseudo-positions per suit-pair value
HEADER = '''"""Hard's suit pairs (``hard.PAIRS``) corrected to the results of Hard's own play.

claim -> stage -> (trump suit, side suits): one value per entry of ``hard.PAIR_KEYS``,
Hard's own plus the correction ``python -m bummerl_lab.refit`` fitted with the command
above each claim (a claim left out is Hard's own where the file is read).
"""
'''
HOLD_OUT = 5  # every HOLD_OUT-th position of a stage is held out for the printed residual
DENSE = len(hard.FEATURE_NAMES)
PARTS = ("weights", "pairs")  # what a correction may change


def sample(hand, won: float) -> tuple[dict, float]:
    """({parameter index: value}, the estimate's residual) of a position for the seat on
    lead: the features of ``WEIGHTS`` first (``DENSE`` of them), then the suit pairs
    (``fit.pair_row``, the trump suit's then the side suits')."""
    pos, leader = Position(hand), hand.leader
    row = {i: x for i, x in enumerate(hard.features(pos, leader, leader)) if x}
    for i, x in sparse_row(pos, leader).items():
        row[DENSE + i] = x
    return row, won - hard.estimate(pos, leader, leader)


def fit_correction(data: list, parts=PARTS, ridge: float = RIDGE) -> list:
    """The correction (``sample``'s indexes; 0 for a part not in ``parts``) that minimises
    the squared residuals plus a ridge: ``fit.WEIGHTS_RIDGE`` per position on each weight,
    ``ridge`` on each pair value."""
    size = DENSE + 2 * len(hard.PAIR_KEYS)
    free = [i for i in range(size) if PARTS[i >= DENSE] in parts]
    index = {i: n for n, i in enumerate(free)}
    k = len(free)
    gram = [[0.0] * k for _ in range(k)]
    moment = [0.0] * k
    for row, r in data:
        items = [(index[i], a) for i, a in row.items() if i in index]
        for i, a in items:
            moment[i] += a * r
            line = gram[i]
            for j, b in items:
                line[j] += a * b
    for n, i in enumerate(free):
        gram[n][n] += WEIGHT_RIDGE * len(data) if i < DENSE else ridge
    w = [0.0] * size
    for i, x in zip(free, solve(gram, moment)):
        w[i] = x
    return w


def corrected(claim: str, corrections: dict) -> tuple[dict, dict]:
    """(weights, pairs) of ``claim``, stage by stage: Hard's own plus the corrections."""
    n = len(hard.PAIR_KEYS)
    weights, pairs = {}, {}
    for stage, w in corrections.items():
        weights[stage] = tuple(round(a + b, 4) for a, b in zip(hard.WEIGHTS[claim][stage], w[:DENSE]))
        trump, side = hard.PAIRS[claim][stage]
        pairs[stage] = (tuple(round(a + b, 3) for a, b in zip(trump, w[DENSE:DENSE + n])),
                        tuple(round(a + b, 3) for a, b in zip(side, w[DENSE + n:])))
    return weights, pairs


def refit(paths: list, parts=PARTS, ridge: float = RIDGE, log=None) -> tuple[str, dict]:
    """(the preset, {stage: correction}) fitted on every position of the self-play files,
    logging each stage's residual on held-out positions before and after."""
    presets, found = set(), {}
    for path in paths:
        header, positions = read_selfplay(path)
        presets.add(header["rules"])
        for stage, samples in positions.items():
            found.setdefault(stage, []).extend(samples)
    if len(presets) != 1:
        raise ValueError(f"the files hold positions of more than one preset: {sorted(presets)}")
    empty = [stage for stage, samples in sorted(found.items()) if not samples]
    if empty:
        raise ValueError(f"the files hold no position at stage {empty[0]}: play more hands")
    corrections = {}
    for stage, samples in sorted(found.items()):
        data = [sample(hand, won) for hand, won in samples]
        held = data[HOLD_OUT - 1::HOLD_OUT]
        kept = [d for i, d in enumerate(data) if i % HOLD_OUT != HOLD_OUT - 1]
        w = fit_correction(kept, parts, ridge)
        if log:
            judged = (f"rms residual of the estimate on held-out positions {rms(held):.4f}, corrected "
                      f"{rms(held, w):.4f}" if held else f"fewer than {HOLD_OUT}, none held out")
            log(f"stage {stage}: {len(data)} positions; {judged}; in the fit {rms(kept):.4f} -> {rms(kept, w):.4f}")
        corrections[stage] = fit_correction(data, parts, ridge)
        if log and "weights" in parts:
            log("  weights' correction: " + ", ".join(
                f"{name} {x:+.4f}" for name, x in zip(hard.FEATURE_NAMES, corrections[stage][:DENSE])))
    return presets.pop(), corrections


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bummerl_lab.refit", description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", metavar="FILE", help="positions written by bummerl_lab.selfplay")
    parser.add_argument("--only", choices=PARTS, help="correct the weights alone, or the suit pairs alone")
    parser.add_argument("--ridge", type=float, default=RIDGE)
    parser.add_argument("--pairs-out", metavar="FILE")
    parser.add_argument("--leaf-out", metavar="FILE")
    args = parser.parse_args(argv)
    parts = (args.only,) if args.only else PARTS
    try:
        preset, corrections = refit(args.files, parts, args.ridge,
                                    lambda line: print(line, file=sys.stderr, flush=True))
    except (ValueError, OSError) as error:
        parser.error(str(error))
    claim = Rules.preset(preset).claim
    weights, pairs = corrected(claim, corrections)
    command = " ".join(["python -m bummerl_lab.refit", *args.files, *([f"--only {args.only}"] if args.only else []),
                        f"--ridge {args.ridge:g}"])
    if args.pairs_out:
        tables, commands = read_table(args.pairs_out, "PAIRS")  # a claim left out of the file is Hard's own
        with open(args.pairs_out, "w", encoding="utf-8") as out:
            out.write(table_text(TABLES["pairs"], {**tables, claim: pairs}, {**commands, claim: command}, HEADER))
    if args.leaf_out:
        with open(args.leaf_out, "w", encoding="utf-8") as out:
            out.write(f"# {command}\n{weights_text(claim, weights)}")
    return 0


def weights_text(claim: str, weights: dict) -> str:
    """A claim's weights as a ``WEIGHTS`` entry under the features' names, as
    ``variant.read_leaf`` reads them."""
    lines = [f"# {', '.join(hard.FEATURE_NAMES)}", f'"{claim}": {{']
    lines += [f"    {stage}: ({', '.join(f'{x:.4f}' for x in w)})," for stage, w in weights.items()]
    return "\n".join([*lines, "},"]) + "\n"


if __name__ == "__main__":
    sys.exit(main())
