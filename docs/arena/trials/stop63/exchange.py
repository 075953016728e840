"""Stop 63: a leader at the horizon who may exchange the trump jack, scored with the exchange.

``solver.LEAF_SEES_EXCHANGE``: above the horizon the search always exchanges the trump
jack for the trump card at a lead (it never hurts with every card in sight); at the
horizon the estimate read the jack instead, and the trump card as still in the talon.
``exchange`` scores the horizon's leader with the exchange made; judged against the merged
Hard as it was before (off: the run turns it off for the reference, now that it is on by
default) as ``bummerl_lab.choices`` judges a change:

    PYTHONPATH=src python docs/arena/trials/stop63/exchange.py --hands 500 --seed S --rules soft
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "stop61"))

from solver_changes import screen  # noqa: E402  (stop 61's: Hard with solver constants changed)

CHANGES = {"exchange": ({}, {"LEAF_SEES_EXCHANGE": True})}

if __name__ == "__main__":
    screen(CHANGES, "soft", {"LEAF_SEES_EXCHANGE": False})  # the reference: Hard before stop 63
