"""Stop 61: what two changes to the solver are worth, decision by decision against hard-v1.

- ``unfixed``: before the fix, ``solver.search`` of a hand just after a marriage was
  declared (the lead still to come) did not see that the marriage had reached 66: under
  manual claiming (Sharp) a root action "marry" that takes Hard to 66 was valued as the
  lead after it, not as going out. ``unfixed`` values that action as before.
- ``leaf-blind``: ``solver.LEAF_SEES_MARRIAGE_OUT`` off: at the horizon the estimate scores
  a leader who could go out at once by declaring a marriage.

Each is judged against the merged Hard (both changes in) as ``bummerl_lab.choices`` judges
a change:

    PYTHONPATH=src python docs/arena/trials/stop61/solver_changes.py --hands 500 --seed S --rules sharp [--only NAME]
"""

import argparse

from bummerl.bots import hard, solver
from bummerl.bots.solver import value_after
from bummerl.cards import CLAIM
from bummerl.rules import GOAL, PRESETS
from bummerl_lab.choices import MERGED, changed, forked, print_report, run


def unfixed(hand, action, root, depth, leaf, budget, close_from=0, table=None):
    """``solver.value_after`` as it was: a marriage that reaches 66 valued as its lead."""
    child = hand.copy()
    child.step(action)
    leader = child.leader
    if (child.outcome is None and child.married >= 0 and child.lead < 0
            and child.tricks[leader] and child.score(leader) >= GOAL):
        values = [value_after(child, card, root, depth, leaf, budget, close_from, table)
                  for card in child.legal_actions() if card != CLAIM]
        return max(values) if leader == root else min(values)
    return value_after(hand, action, root, depth, leaf, budget, close_from, table)


# name -> (constants of bummerl.bots.hard, of bummerl.bots.solver)
CHANGES = {
    "unfixed": ({"value_after": unfixed}, {}),
    "leaf-blind": ({}, {"LEAF_SEES_MARRIAGE_OUT": False}),
}


def by_changes(changes: dict):
    def choose(view, rng, hand=None):
        state = rng.getstate()
        choices = {MERGED: hard.choose(view, rng)}
        for name, (in_hard, in_solver) in changes.items():
            with changed(in_hard), changed(in_solver, solver):
                choices[name] = hard.choose(view, forked(state))
        return choices, {}
    return choose


def screen(changes: dict, rules: str, reference: dict | None = None) -> None:
    """The command line of a screen of ``changes`` (as ``CHANGES``), ``rules`` the preset
    by default: each judged against the merged Hard, with the solver constants
    ``reference`` set for every player (Hard as it was when the screen was run)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--rules", default=rules, choices=sorted(PRESETS))
    parser.add_argument("--only", choices=sorted(changes))
    parser.add_argument("--log")
    args = parser.parse_args()
    changes = {args.only: changes[args.only]} if args.only else changes
    log = open(args.log, "w", encoding="utf-8") if args.log else None
    with changed(reference or {}, solver):
        print_report(run(args.hands, args.seed, PRESETS[args.rules], "hard-v1", 2,
                         by_changes(changes), [MERGED, *changes], None, log))


if __name__ == "__main__":
    screen(CHANGES, "sharp")
