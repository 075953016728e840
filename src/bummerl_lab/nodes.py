"""Hard's search speed: nodes per second over a fixed set of decisions.

``measure`` runs Hard (its default node budget, no time limit) on the same positions every
time (seeded deals played on by Medium to every stage of a hand) and counts the nodes its
search visits and the seconds it takes. ``tools/bench_nodes.py`` runs it in CPython and in
the vendored Pyodide (under Node, the same V8 engine as Chromium) in one go, so that the
page's *Bot thinks* setting can be read as a node budget.

``python -m bummerl_lab.nodes [--decisions N] [--seed S] [--max-depth D] [--set NAME=VALUE ...]``
prints the figures of one run in this Python; with ``--max-depth`` every decision is searched
that many tricks deep without a budget, the same tree whatever order the search tries moves
in, so the node counts of two versions of the search compare their move orders; ``--set``
changes Hard's configuration (a field of ``hard.HardConfig``, as ``bummerl_lab.variant``).
"""

import argparse
import json
import random
import statistics
import sys
import time

from bummerl.bots import choose, hard
from bummerl.match import Match
from bummerl.rules import Rules


def positions(count: int, seed: int = 1) -> list:
    """``count`` views of the seat to act, with a choice to make, from seeded matches."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        match = Match.new(Rules.preset(rng.choice(["soft", "sharp"])), seed=rng.randrange(10**6))
        match.deal_next()
        while not match.hand.over and len(found) < count:
            view = match.view(match.hand.to_act)
            if len(view.legal) > 1 and rng.random() < 0.35:
                found.append(view)
            match.play(choose(view, "medium", rng))
    return found


def measure(count: int = 30, seed: int = 1, max_depth: int | None = None,
            config: hard.HardConfig = hard.HARD) -> dict:
    """Nodes, seconds and nodes per second of Hard's decisions (by ``config``) on
    ``positions``: at its node budget, or with ``max_depth`` every search to that many
    tricks and no budget (the same work whatever order the search tries moves in, so that
    the node counts compare move orders)."""
    views = positions(count, seed)
    nodes = seconds = 0.0
    times = []
    for i, view in enumerate(views):
        if max_depth is None:
            search = hard.Search(view, random.Random(i), config=config)
        else:
            search = hard.Search(view, random.Random(i), nodes=None, max_depth=max_depth, config=config)
        start = time.perf_counter()
        search.step()
        times.append(time.perf_counter() - start)
        seconds += times[-1]
        nodes += search.budget.nodes
    return {"decisions": len(views), "nodes": int(nodes), "seconds": round(seconds, 3),
            "nodes_per_s": round(nodes / seconds) if seconds else 0,
            "ms_per_decision": round(1000 * seconds / len(views), 1),
            "ms_median": round(1000 * statistics.median(times), 1)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bummerl_lab.nodes",
        description="Hard's search nodes and seconds on fixed decisions, in this Python.")
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-depth", type=int,
                        help="search every decision this many tricks deep, no budget")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a field of bummerl.bots.hard.HardConfig, e.g. worlds=48")
    args = parser.parse_args(argv)
    from .variant import config_of, read_settings
    try:
        config = config_of(read_settings(" ".join(args.set)))
    except (ValueError, TypeError) as error:
        parser.error(str(error))
    print(json.dumps(measure(args.decisions, args.seed, args.max_depth, config)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
