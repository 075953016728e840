"""Arena runs pooled: the figures of several runs of the same match, as one.

``python -m bummerl_lab.pool RUN.json [RUN.json ...] [--json]``

Each file is what ``python -m bummerl arena A B ... --json`` printed: one run, one seed.
The runs must be of the same two bots under the same rules, each seed once (the same
deals counted twice would halve an error they do not halve). The pooled report is the
arena's (``arena.format_report``):

- shares and rates are the runs' own, weighted by their size: the share of Bummerl by
  Bummerl played, hands won and net game points per hand by hands played, each part of
  the split by who closed by its hands;
- the runs are independent, so each standard error is the root of the sum of the runs'
  squared errors, weighted the same way;
- the share of Bummerl the hands would give independently is computed afresh from
  every run's hand results together (``arena.independent_share``);
- the split of the deals (``arena``'s ``by_deal``) is pooled the same way, weighted by
  deals, when every run has it (runs kept before the arena split the deals have not);
- times cannot be pooled from medians: the report gives each bot's range of medians.

The pooled figures in README and docs/ are meant to be made this way from the runs' JSON.
"""

import argparse
import json
import math
import sys

from .arena import CLOSERS, DEAL_PARTS, deal_figures, format_lines, independent_share


class PoolError(ValueError):
    """A run that cannot be pooled: says which and why."""


# What a run must give to be pooled, beside its split by closer.
KEYS = ("a", "b", "rules", "seed", "bummerls", "hands", "a_bummerl_win", "a_bummerl_win_se",
        "a_hand_results", "a_hand_win", "a_hand_win_se", "a_net_points_per_hand",
        "a_net_points_per_hand_se", "by_closer", "ms_per_decision")


def _weighted(parts: list) -> tuple[float, float]:
    """(mean, standard error) of independent estimates, given as (weight, value, error)."""
    total = sum(w for w, _, _ in parts)
    if not total:
        return 0.0, 0.0
    mean = sum(w * v for w, v, _ in parts) / total
    return mean, math.sqrt(sum((w * e) ** 2 for w, _, e in parts)) / total


def _check(runs: list, names: list) -> None:
    for run, name in zip(runs, names):
        if not isinstance(run, dict):
            raise PoolError(f"{name}: not an arena run (a JSON object from `arena --json`)")
        missing = [key for key in KEYS if key not in run]
        if missing:
            raise PoolError(f"{name}: not an arena run of this version, missing {', '.join(missing)}")
    first, first_name = runs[0], names[0]
    seen = {}
    for run, name in zip(runs, names):
        for key in ("a", "b", "rules"):
            if run[key] != first[key]:
                raise PoolError(f"{name}: {key} is {json.dumps(run[key])}, "
                                f"but {json.dumps(first[key])} in {first_name}: only runs of one match pool")
        if run["seed"] in seen:
            raise PoolError(f"{name}: seed {run['seed']} is already in {seen[run['seed']]}")
        seen[run["seed"]] = name


def _closer_part(runs: list, who: str, all_hands: int) -> dict:
    parts = [run["by_closer"][who] for run in runs]
    hands = sum(part["hands"] for part in parts)
    pooled = {"hands": hands, "share": hands / all_hands if all_hands else 0.0}
    net = _weighted([(p["hands"], p["a_net_points_per_hand"], p["a_net_points_per_hand_se"]) for p in parts])
    pooled.update(a_net_points_per_hand=net[0], a_net_points_per_hand_se=net[1])
    if who != "nobody":
        won = _weighted([(p["hands"], p["closer_won"], p["closer_won_se"]) for p in parts])
        pooled.update(closer_won=won[0], closer_won_se=won[1])
        if hands and all("against_no_trick" in p for p in parts):  # runs kept since the arena counts them
            pooled["against_no_trick"] = sum(p["hands"] * p["against_no_trick"] for p in parts) / hands
    return pooled


def _deal_split(runs: list) -> dict | None:
    """The runs' splits of the deals pooled, or None unless every run has one."""
    if not all("by_deal" in run for run in runs):
        return None
    splits = [run["by_deal"] for run in runs]
    deals = sum(split["deals"] for split in splits)
    parts = {}
    for part in DEAL_PARTS:
        figures = [split["parts"][part] for split in splits]
        count = sum(f["deals"] for f in figures)
        net = _weighted([(f["deals"], f["a_net_points_per_hand"], f["a_net_points_per_hand_se"]) for f in figures])
        parts[part] = deal_figures(count, deals, *net)
    return {"deals": deals, "hands_played_once": sum(split["hands_played_once"] for split in splits),
            "parts": parts}


def pool(runs: list, names: list | None = None) -> dict:
    """The pooled figures of arena ``runs`` (the dicts ``arena.run`` returns), in the
    arena's form; ``names`` name the runs in errors (a ``PoolError``)."""
    names = names or [f"run {i + 1}" for i in range(len(runs))]
    if not runs:
        raise PoolError("no runs to pool")
    _check(runs, names)
    hands = sum(run["hands"] for run in runs)
    results = {}
    for run in runs:
        for points, count in run["a_hand_results"].items():
            results[int(points)] = results.get(int(points), 0) + count
    bummerl = _weighted([(r["bummerls"], r["a_bummerl_win"], r["a_bummerl_win_se"]) for r in runs])
    hand_win = _weighted([(r["hands"], r["a_hand_win"], r["a_hand_win_se"]) for r in runs])
    net = _weighted([(r["hands"], r["a_net_points_per_hand"], r["a_net_points_per_hand_se"]) for r in runs])
    medians = {seat: [r["ms_per_decision"][seat]["median"] for r in runs] for seat in ("a", "b")}
    pooled = {
        "a": runs[0]["a"],
        "b": runs[0]["b"],
        "rules": runs[0]["rules"],
        "seed": [r["seed"] for r in runs],
        "bummerls": sum(r["bummerls"] for r in runs),
        "hands": hands,
        "a_bummerl_win": bummerl[0],
        "a_bummerl_win_se": bummerl[1],
        "a_bummerl_win_independent": independent_share(results),
        "a_hand_results": {str(k): results[k] for k in sorted(results)},
        "a_hand_win": hand_win[0],
        "a_hand_win_se": hand_win[1],
        "a_net_points_per_hand": net[0],
        "a_net_points_per_hand_se": net[1],
        "by_closer": {who: _closer_part(runs, who, hands) for who in CLOSERS},
        "ms_median_range": {seat: [min(m), max(m)] for seat, m in medians.items()},
    }
    deal_split = _deal_split(runs)
    if deal_split is not None:
        pooled["by_deal"] = deal_split
    return pooled


def format_pooled(r: dict) -> str:
    ms = r["ms_median_range"]
    return "\n".join([
        *format_lines(r),
        f"  ms per decision, median of each run: {r['a']} {ms['a'][0]:.2f} to {ms['a'][1]:.2f}; "
        f"{r['b']} {ms['b'][0]:.2f} to {ms['b'][1]:.2f}",
    ])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bummerl_lab.pool", description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", nargs="+", metavar="RUN.json", help="what `python -m bummerl arena ... --json` printed")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    runs = []
    try:
        for name in args.runs:
            try:
                with open(name, encoding="utf-8") as file:
                    runs.append(json.load(file))
            except OSError as error:
                raise PoolError(f"{name}: cannot be read ({error.strerror})") from None
            except json.JSONDecodeError as error:
                raise PoolError(f"{name}: not JSON (line {error.lineno}, column {error.colno}: {error.msg})") from None
        pooled = pool(runs, args.runs)
    except ValueError as error:  # a PoolError, or hand results independent_share refuses
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(json.dumps(pooled) if args.json else format_pooled(pooled))
    return 0


if __name__ == "__main__":
    sys.exit(main())
