"""Stop 64: near-ties broken by the yardstick's ranking of the card plays, not only its choice.

Hard plays the yardstick's choice where its mean is within ``hard.TIE_MARGIN`` of the best,
else the best (``Search.choice``). Where the yardstick's choice falls outside the margin
and several other actions are within it, ``ranked`` plays the one among them the
yardstick values most (its own value of each phase-1 card play: ``_lead_value`` on a
lead, ``_follow_value`` on a follow; a marriage above any card); ``ranked-half`` does the
same among those within half the margin. Both read the merged Hard's one search, judged
against it as ``bummerl_lab.choices`` judges a change:

    PYTHONPATH=src python docs/arena/trials/stop64/ranked_tie.py --hands 500 --seed S --rules soft
"""

from bummerl.bots import yardstick
from bummerl.cards import CLOSE, MARRY
from one_search import screen


def preference(view):
    """The yardstick's value of each phase-1 action of ``view`` (higher: preferred)."""
    pos = yardstick.Position(view)
    value = yardstick._follow_value if pos.lead >= 0 else yardstick._lead_value

    def of(action):
        if MARRY <= action < MARRY + 4:
            return 1e6
        if action < 20:
            return value(pos, action)
        return -1e6  # anything else (a close is never overridden; see ``choice``)
    return of


def ranked_choice(search, view, share: float) -> int:
    means = search.current_means()
    chosen = search.best()
    if means is None or chosen == search.fallback or search.margin < 1e-6:
        return chosen  # the tie-breaker's own choice, or no tie-breaking here
    top = max(search.legal, key=means.__getitem__)
    if top == CLOSE:
        return chosen
    near = [a for a in search.legal if means[top] - means[a] <= share * search.margin]
    if len(near) < 2:
        return chosen
    return max(near, key=preference(view))


VARIANTS = {
    "ranked": lambda search, view: ranked_choice(search, view, 1.0),
    "ranked-half": lambda search, view: ranked_choice(search, view, 0.5),
}

if __name__ == "__main__":
    screen(VARIANTS)
