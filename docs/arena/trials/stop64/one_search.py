"""Stop 64: ways of choosing from the merged Hard's one search, judged against it decision
by decision (as ``bummerl_lab.choices`` judges a change): ``screen(VARIANTS)`` is the
command line of a trial script whose ``VARIANTS`` map a name to ``pick(search, view)``,
the action that way of choosing takes from ``search`` (a finished ``hard.Search``)."""

import argparse

from bummerl.bots import hard
from bummerl.rules import PRESETS
from bummerl_lab.choices import MERGED, print_report, run


def screen(variants: dict) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--rules", default="soft", choices=sorted(PRESETS))
    parser.add_argument("--log")
    args = parser.parse_args()

    def choose(view, rng, hand=None):
        search = hard.Search(view, rng)
        search.step()
        choices = {MERGED: search.best()}
        for name, pick in variants.items():
            choices[name] = pick(search, view)
        return choices, {}

    log = open(args.log, "w", encoding="utf-8") if args.log else None
    print_report(run(args.hands, args.seed, PRESETS[args.rules], "hard-v1", 2, choose,
                     [MERGED, *variants], None, log))
