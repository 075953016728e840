"""Stop 64: no tie-breaker from a stage of phase 1 on (``hard.TIE_UNTIL`` lower).

Near-ties go to the yardstick's choice while fewer than ``TIE_UNTIL`` (8) talon cards are
drawn. ``from-6`` and ``from-4`` play the search's best from 6 and from 4 drawn on; read
from the merged Hard's one search (``Search.choice`` with no margin), judged against it as
``bummerl_lab.choices`` judges a change:

    PYTHONPATH=src python docs/arena/trials/stop64/stage_margin.py --hands 500 --seed S --rules soft
"""

from one_search import screen


def searched_from(drawn: int):
    def pick(search, view):
        return search.choice(1e-9) if view.drawn >= drawn else search.best()
    return pick


VARIANTS = {"from-6": searched_from(6), "from-4": searched_from(4)}

if __name__ == "__main__":
    screen(VARIANTS)
