"""Stop 62: a leader at the horizon who goes out by a lead the follower cannot take.

``solver.LEAF_SEES_TRICK_OUT``: at the search's horizon (a phase-1 lead scored by the
estimate) a leader whose lead cannot be taken by any card the follower holds, and whose
points with that trick (the lead, the follower's cheapest card, a marriage the lead
declares) reach 66, is worth going out, not the estimate. ``trick-out`` turns it on;
judged against the merged Hard (off) as ``bummerl_lab.choices`` judges a change:

    PYTHONPATH=src python docs/arena/trials/stop62/trick_out.py --hands 500 --seed S --rules soft
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "stop61"))

from solver_changes import screen  # noqa: E402  (stop 61's: Hard with solver constants changed)

CHANGES = {"trick-out": ({}, {"LEAF_SEES_TRICK_OUT": True})}

if __name__ == "__main__":
    screen(CHANGES, "soft")
