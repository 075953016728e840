"""Stop 68: phase-1 nodes below the root valued softly (quantal response), not by minimax.

``solver.SOFT_PHASE1``: in each sampled world both seats see every card, so the search
credits each with the best line there is; a seat that cannot see the other's hand finds it
less often. While the talon is open a node below the root is then worth its children's
values weighed by exp(value / temperature) for the seat to move. ``soft-both`` softens
both seats (0.5 game points), ``soft-other`` only Hard's opponent (``soft-other-1`` at 1.0,
added after the first runs, seeds 437 and 428). Each judged against Hard as it is (minimax)
as ``bummerl_lab.choices`` judges a change:

    PYTHONPATH=src python docs/arena/trials/stop68/soft_phase1.py --hands 300 --seed S --rules soft [--only NAME] [--log LOG]
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "stop61"))

from solver_changes import screen  # noqa: E402  (stop 61's: Hard with solver constants changed)

CHANGES = {
    "soft-both": ({}, {"SOFT_PHASE1": (0.5, 0.5)}),
    "soft-other": ({}, {"SOFT_PHASE1": (0, 0.5)}),
    "soft-other-1": ({}, {"SOFT_PHASE1": (0, 1.0)}),
}

if __name__ == "__main__":
    screen(CHANGES, "soft")
