"""Stop 63: a leader at the horizon who may exchange the trump jack, scored with the exchange.

``solver.LEAF_SEES_EXCHANGE``: above the horizon the search always exchanges the trump
jack for the trump card at a lead (it never hurts with every card in sight); at the
horizon the estimate read the jack instead, and the trump card as still in the talon.
``exchange`` scores the horizon's leader with the exchange made; judged against the merged
Hard as it was before (off: the run turns it off for the reference, now that it is on by
default) as ``bummerl_lab.choices`` judges a change:

    PYTHONPATH=src python docs/arena/trials/stop63/exchange.py --hands 500 --seed S --rules soft
"""

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "stop61"))

from solver_changes import by_changes  # noqa: E402  (stop 61's: Hard with solver constants changed)

from bummerl.bots import solver  # noqa: E402
from bummerl.rules import PRESETS  # noqa: E402
from bummerl_lab.choices import MERGED, changed, print_report, run  # noqa: E402

CHANGES = {"exchange": ({}, {"LEAF_SEES_EXCHANGE": True})}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--rules", default="soft", choices=sorted(PRESETS))
    parser.add_argument("--log")
    args = parser.parse_args()
    log = open(args.log, "w", encoding="utf-8") if args.log else None
    with changed({"LEAF_SEES_EXCHANGE": False}, solver):  # the reference: Hard before stop 63
        print_report(run(args.hands, args.seed, PRESETS[args.rules], "hard-v1", 2,
                         by_changes(CHANGES), [MERGED, *CHANGES], None, log))


if __name__ == "__main__":
    main()
