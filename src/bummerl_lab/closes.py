"""Are Hard's values of closing right? Its expected gain of closing against what closing
brings in play.

``python -m bummerl_lab.closes --hands N --seed S [--rules soft|sharp] [--opponent NAME]
[--rollouts R] [--log FILE] [--progress]``

Hard plays the hands as merged (the deals and seats of ``bummerl_lab.choices.deals``). At each
of its decisions where it may close, after its search, both closing and the best other
action are played on from the true position to the end of the hand, ``R`` times each with
the same seeds (duplicate play-outs, Hard against the opponent). The report bins the
decisions by what the search expected closing to gain over the best other action (game
points: the close's value as Hard scores it, ``CLOSE_DOUBT`` included, less the best
other action's mean) and gives, per bin, the mean expected and the mean gained in play:
where the two agree the close is valued right, and a bias shows as a gap that grows
near zero, where the decision is made.
"""

import argparse
import json
import sys

from bummerl.bots import hard
from bummerl.cards import CLOSE, Action, action_str
from bummerl.rules import PRESETS

from .arena import _mean_se
from .choices import decisions_of, deals, play_arguments, play_out_seed, play_outs

# Bin edges of the expected gain of closing, game points.
EDGES = (-2.0, -1.0, -0.5, -0.25, 0.0, 0.25, 0.5, 1.0)


def close_gain(search) -> tuple[float, int] | None:
    """What a finished Hard search finds closing worth over its best other action, in game
    points (the close's value as Hard scores it, ``CLOSE_DOUBT`` included), and that
    action; None where closing is not an option or nothing was searched."""
    means = search.point_means
    if CLOSE not in search.legal or means is None:
        return None
    other = max((a for a in search.legal if a != CLOSE), key=search.means.__getitem__)
    return means[CLOSE] - means[other], other


def close_decisions(hands: int, seed: int, rules, opponent: str, rollouts: int, progress=None, log=None) -> list:
    """Every decision of Hard's where it may close, as {"drawn", "expected", "gained",
    "closed"}: what the search expected closing to gain over its best other action, what
    closing gained in the play-outs, and whether Hard closed."""
    found = []
    for played, match, seat, rngs in deals(hands, seed, rules):
        board = tuple(match.board)
        for step, view in enumerate(decisions_of(match, seat, opponent, rngs), 1):
            search = hard.Search(view, rngs[seat])
            search.step()
            choice = search.best()
            gain = close_gain(search)
            if gain is not None:
                expected, other = gain
                results = play_outs(match.hand, {CLOSE, other}, board, seat, opponent,
                                    play_out_seed(seed, played, step), rollouts)
                decision = {"drawn": view.drawn, "expected": expected,
                            "gained": (sum(results[CLOSE]) - sum(results[other])) / rollouts,
                            "closed": choice == CLOSE, "other": action_str(other)}
                found.append(decision)
                if log:
                    log.write(json.dumps(decision) + "\n")
                    log.flush()
            match.play(Action.of(choice))
        if progress:
            progress(played + 1, hands)
    return found


def calibration(decisions: list) -> list:
    """Rows (low edge, high edge, decisions, mean expected, mean gained, its standard
    error, share closed) of ``decisions`` binned by their expected gain (``EDGES``; the
    first and last bins open)."""
    edges = (float("-inf"), *EDGES, float("inf"))
    rows = []
    for low, high in zip(edges, edges[1:]):
        inside = [d for d in decisions if low <= d["expected"] < high]
        if not inside:
            continue
        gained, se = _mean_se([d["gained"] for d in inside])
        rows.append((low, high, len(inside), sum(d["expected"] for d in inside) / len(inside), gained, se,
                     sum(d["closed"] for d in inside) / len(inside)))
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bummerl_lab.closes", description=__doc__.split("\n\n")[0])
    play_arguments(parser, "heuristic")
    parser.add_argument("--log", metavar="FILE", help="each decision as a line of JSON")
    parser.add_argument("--progress", action="store_true")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)

    def progress(played, hands):
        if played % 10 == 0 or played == hands:
            print(f"[{played}/{hands}]", file=sys.stderr, flush=True)

    log = open(args.log, "w", encoding="utf-8") if args.log else None
    decisions = close_decisions(args.hands, args.seed, PRESETS[args.rules], args.opponent, args.rollouts,
                                progress if args.progress else None, log)
    print(f"{len(decisions)} decisions where Hard may close, {args.hands} hands; game points of closing "
          f"over the best other action")
    print(f"{'expected in':<16} {'count':>6} {'expected':>9} {'in play':>16} {'closed':>7}")
    for low, high, count, expected, gained, se, closed in calibration(decisions):
        print(f"[{low:+.2f}, {high:+.2f}) {count:>6} {expected:>+9.2f} {gained:>+9.2f} ± {se:.2f} {closed:>6.0%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
