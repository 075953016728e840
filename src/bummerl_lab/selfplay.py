"""Positions from Hard's own play, kept in a file for fitting Hard's estimate to them.

``python -m bummerl_lab.selfplay --rules soft|sharp --hands N --seed S [--nodes K] --out FILE``

Hard, at ``--nodes`` search nodes a decision (its own ``HardConfig.nodes`` unless given), plays
hands in both seats, dealt from the seed, and of each hand the positions ``leaf_fit``
fits to are kept (``leaf_fit.played``: the first position on lead at each stage of phase
1, with the game points the seat on lead made in the end). They are written as they come,
``BATCH`` hands at a time, each batch pickled after the one before, so that a long run can
be stopped and every batch written is kept; ``read`` reads a file back, a batch cut short
by a stop left out. Hard at the default budget takes about 0.8 s a hand here, at 12,000
nodes about 0.2 s: the fits want tens of thousands of hands, so the budget is lowered
for them, and the file's header keeps the preset, the seed and the budget. The same
command and seed play the same hands.
"""

import argparse
import pickle
import random
import sys
import time

from bummerl.bots import hard
from bummerl.rules import Rules

from .leaf_fit import STAGES, played

BATCH = 100  # hands per pickled batch


def write(path: str, rules, hands: int, seed: int, nodes: int, log=None) -> int:
    """Play ``hands`` hands of Hard at ``nodes`` a decision (for these hands only) and
    write their positions to ``path`` (a header, then batches of ``BATCH`` hands); how
    many hands were written."""
    rng = random.Random(seed)
    config = hard.HardConfig(nodes=nodes)
    source = played(rules, rng, lambda view, rng: hard.choose(view, rng, config=config))
    start = time.perf_counter()
    with open(path, "wb") as out:
        pickle.dump({"rules": rules.preset_name, "seed": seed, "nodes": nodes}, out)
        done = 0
        while done < hands:
            batch = [next(source) for _ in range(min(BATCH, hands - done))]
            pickle.dump(batch, out)
            out.flush()
            done += len(batch)
            if log:
                log(f"{done} hands, {(time.perf_counter() - start) / done:.3f} s a hand at {nodes} nodes a decision")
    return done


def read(path: str) -> tuple[dict, dict]:
    """(the run's header, {stage: [(hand, game points the seat on lead made), ...]}) of a
    file ``write`` wrote, every whole batch in it."""
    found = {stage: [] for stage in STAGES}
    with open(path, "rb") as f:
        try:
            header = pickle.load(f)
        except (EOFError, pickle.UnpicklingError) as error:
            raise ValueError(f"{path}: no header of python -m bummerl_lab.selfplay ({error})") from None
        if not isinstance(header, dict) or "rules" not in header:
            raise ValueError(f"{path}: no header of python -m bummerl_lab.selfplay")
        while True:
            try:
                batch = pickle.load(f)
            except (EOFError, pickle.UnpicklingError):
                break  # the end, or a batch cut short by a stop
            for hand in batch:
                for stage, sample in hand.items():
                    found[stage].append(sample)
    return header, found


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bummerl_lab.selfplay", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="soft")
    parser.add_argument("--hands", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--nodes", type=int, default=hard.HARD.nodes, help="Hard's search nodes a decision")
    parser.add_argument("--out", required=True, metavar="FILE")
    args = parser.parse_args(argv)
    write(args.out, Rules.preset(args.rules), args.hands, args.seed, args.nodes,
          lambda line: print(line, file=sys.stderr, flush=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
