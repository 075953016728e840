"""Stop 64: a leader at the horizon who can close and surely reach 66, scored with that close.

``solver.LEAF_SEES_SURE_CLOSE``: at the search's horizon a phase-1 leader may close, and
with every card in sight some closes cannot fail (``sure_close`` in ``solver.search``:
sure trumps drawing the follower's, then side cards nobody can head, the follower keeping
its guards and giving its cheapest cards); the estimate only guesses that. ``sure-close``
takes the better of the estimate and that close (for the leader); ``blind-close`` the same
where the close is sure against every card the leader cannot see (``SURE_CLOSE_BLIND``),
not only the world's. Each judged against Hard as it is (both off) as ``bummerl_lab.choices``
judges a change:

    PYTHONPATH=src python docs/arena/trials/stop64/sure_close.py --hands 500 --seed S --rules soft [--only NAME]
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "stop61"))

from solver_changes import screen  # noqa: E402  (stop 61's: Hard with solver constants changed)

CHANGES = {
    "sure-close": ({}, {"LEAF_SEES_SURE_CLOSE": True}),
    "blind-close": ({}, {"LEAF_SEES_SURE_CLOSE": True, "SURE_CLOSE_BLIND": True}),
}

if __name__ == "__main__":
    screen(CHANGES, "soft")
