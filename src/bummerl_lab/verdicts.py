"""Do the review's verdicts hold? The same decisions reviewed under independent samples of
the hidden cards, and against a reference that looks much harder.

``python -m bummerl_lab.verdicts --level medium --rules soft --decisions 400 --seeds 4``
plays ``--level`` against Hard (seat 0 against seat 1, hands dealt from ``--seed``) and
reviews each of the level's decisions with a choice, as the review does
(``review.review_decision``), once per sample seed (``review_seed``: 0 .. seeds-1).
It prints:

- how often the mark differs between the samples of one decision;
- of the decisions some sample marks an error (inaccuracy or worse), how many every
  sample marks an error;
- the spread of the loss over the samples (90th percentile and largest);
- the worlds searched and the seconds spent per decision (mean, median, 90th percentile).

With ``--reference N`` the first N decisions are also valued by ``REFERENCE`` (a search a
trick deeper than the review's, over many more worlds: every world where there are no more
than it takes), and it prints how often the review's mark (under the first sample seed)
and its better move agree with the reference's: the better move agrees when the
reference values it within 0.1 game points of its own best.
``--set name=value`` reviews by another ``review.Plan`` (``most_worlds``, ``most_worlds_good``,
``least_worlds``, ``batch``, ``z``; ``tricks=3,3,2``: the tricks searched while 5, 4, 3 phase-1 tricks are
left). ``--jobs`` spreads the decisions over processes; the figures do not depend on it.
"""

import argparse
import json
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

from bummerl.bots.levels import choose
from bummerl.hand import deal
from bummerl.review import ERRORS, PLAN, Plan, mark, review_decision
from bummerl.rules import Rules

# The reference: three tricks deep while the talon has more than three tricks left, to the
# end of the hand from there on, over 768 worlds (every world where there are no more).
REFERENCE = Plan(tricks=((5, 3), (4, 3)), batch=96, most_worlds=768, z=float("inf"))
# a better move "agrees" with the reference when the reference values it this near its best
AGREE = 0.1


def decisions(level: str, rules: Rules, count: int, seed: int):
    """(hand, step, action) of ``count`` decisions of ``level`` (seat 0) against Hard, each
    with more than one legal action."""
    rng = random.Random(seed)
    found, number = [], 0
    while len(found) < count:
        hand = deal(rules, number % 2, random.Random(f"verdicts:{seed}:{number}"))
        number += 1
        while not hand.over:
            seat = hand.to_act
            view = hand.view(seat)
            action = choose(view, level if seat == 0 else "hard", rng)
            if seat == 0 and len(view.legal) > 1 and len(found) < count:
                found.append((hand, len(hand.history), str(action)))
            hand = hand.apply(action)
    return found


def plan_with(changes: list) -> Plan:
    """``PLAN`` with ``--set`` changes (["most_worlds=384", "tricks=3,3,2"])."""
    plan = PLAN
    for change in changes:
        name, _, value = change.partition("=")
        if name == "tricks":
            plan = replace(plan, tricks=tuple((5 - i, int(t)) for i, t in enumerate(value.split(","))))
        elif name == "z":
            plan = replace(plan, z=float(value))
        elif name in ("most_worlds", "most_worlds_good", "least_worlds", "batch"):
            plan = replace(plan, **{name: int(value)})
        else:
            raise SystemExit(f"--set {change}: not a plan value (tricks, batch, least_worlds, most_worlds, most_worlds_good, z)")
    return plan


def look(job) -> dict:
    """One decision under each sample seed (and the reference with ``reference``)."""
    hand, step, played, seeds, reference, plan = job
    samples = []
    for seed in range(seeds):
        start = time.process_time()
        d = review_decision(hand, step, played, plan=plan, seed=seed)
        samples.append({"mark": d.mark, "loss": d.loss, "low": d.low, "high": d.high, "best": d.best,
                        "worlds": d.worlds, "seconds": time.process_time() - start})
    row = {"step": step, "played": played, "samples": samples}
    if reference:
        r = review_decision(hand, step, played, plan=REFERENCE, seed="reference")
        row["reference"] = {"mark": r.mark, "loss": r.loss, "best": r.best, "values": r.values,
                            "worlds": r.worlds}
    return row


def figures(rows: list) -> dict:
    marks = [[s["mark"] for s in row["samples"]] for row in rows]
    differ = sum(len(set(m)) > 1 for m in marks)
    some = [m for m in marks if any(x in ERRORS for x in m)]
    every = sum(all(x in ERRORS for x in m) for m in some)
    spreads = sorted(max(s["loss"] for s in row["samples"]) - min(s["loss"] for s in row["samples"])
                     for row in rows)
    samples = [s for row in rows for s in row["samples"]]
    seconds = sorted(s["seconds"] for s in samples)
    worlds = [s["worlds"] for s in samples]
    out = {
        "decisions": len(rows), "samples": len(rows[0]["samples"]) if rows else 0,
        "mark_differs": differ / len(rows),
        "error_by_some": len(some), "error_by_every": every,
        "error_kept": every / len(some) if some else 1.0,
        "loss_spread_p90": spreads[int(0.9 * (len(spreads) - 1))], "loss_spread_max": spreads[-1],
        "worlds_mean": statistics.fmean(worlds),
        "seconds_mean": statistics.fmean(seconds), "seconds_median": statistics.median(seconds),
        "seconds_p90": seconds[int(0.9 * (len(seconds) - 1))],
    }
    checked = [row for row in rows if "reference" in row]
    if checked:
        out["reference_decisions"] = len(checked)
        out["reference_mark_agrees"] = sum(row["samples"][0]["mark"] == row["reference"]["mark"]
                                           for row in checked) / len(checked)
        out["reference_error_agrees"] = sum((row["samples"][0]["mark"] in ERRORS) == (row["reference"]["mark"] in ERRORS)
                                            for row in checked) / len(checked)
        out["reference_better_agrees"] = sum(
            max(row["reference"]["values"].values()) - row["reference"]["values"][row["samples"][0]["best"]] < AGREE
            for row in checked) / len(checked)
    return out


def report(f: dict) -> str:
    lines = [
        f"{f['decisions']} decisions, {f['samples']} samples each",
        f"the mark differs between samples: {100 * f['mark_differs']:.1f}%",
        f"marked an error by some sample: {f['error_by_some']}; by every sample: {f['error_by_every']}"
        f" ({100 * f['error_kept']:.0f}%)",
        f"spread of the loss over samples: 90th percentile {f['loss_spread_p90']:.2f}, largest"
        f" {f['loss_spread_max']:.2f} game points",
        f"worlds per decision: {f['worlds_mean']:.1f} on average; seconds per decision: mean"
        f" {f['seconds_mean']:.3f}, median {f['seconds_median']:.3f}, 90th percentile {f['seconds_p90']:.3f}",
    ]
    if "reference_decisions" in f:
        lines.append(f"against the reference ({f['reference_decisions']} decisions): the mark agrees"
                     f" {100 * f['reference_mark_agrees']:.0f}%, error or not"
                     f" {100 * f['reference_error_agrees']:.0f}%, the better move"
                     f" {100 * f['reference_better_agrees']:.0f}%")
    return "\n".join(lines)


def run(level: str, rules: Rules, count: int, seeds: int, seed: int, reference: int = 0, jobs: int = 1,
        plan: Plan = PLAN) -> dict:
    found = decisions(level, rules, count, seed)
    work = [(hand, step, played, seeds, i < reference, plan) for i, (hand, step, played) in enumerate(found)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            rows = list(pool.map(look, work, chunksize=4))
    else:
        rows = [look(job) for job in work]
    return {"level": level, "seed": seed, "rows": rows, "figures": figures(rows)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bummerl_lab.verdicts", description=__doc__.split("\n")[0])
    parser.add_argument("--level", choices=("easy", "medium"), default="medium")
    parser.add_argument("--rules", choices=("soft", "sharp"), default="soft")
    parser.add_argument("--decisions", type=int, default=400)
    parser.add_argument("--seeds", type=int, default=4, help="independent samples of each decision")
    parser.add_argument("--seed", type=int, default=1, help="the deals")
    parser.add_argument("--reference", type=int, default=0, help="decisions checked against the reference")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="another review plan")
    parser.add_argument("--json", metavar="FILE", help="write every decision's figures there too")
    args = parser.parse_args(argv)
    result = run(args.level, Rules.preset(args.rules), args.decisions, args.seeds, args.seed, args.reference, args.jobs,
                 plan_with(args.set))
    print(f"{args.level} against hard, {args.rules}, deals from seed {args.seed}")
    print(report(result["figures"]))
    if args.json:
        with open(args.json, "w") as out:
            json.dump(result, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
