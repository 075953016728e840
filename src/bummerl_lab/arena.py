"""The arena: two bots play Bummerl after Bummerl on duplicate deals.

``python -m bummerl arena A B --bummerls N --seed S [--rules soft|sharp] [--json]``

A bot is a name from ``bots.BOTS`` (``random easy medium hard heuristic``) or a frozen
reference (``bummerl_lab.frozen``: ``hard-v1 heuristic-v1``), optionally
with its own time limit in seconds: ``hard@1.0`` against ``hard@0.1``.

Bummerl come in pairs: the same sequence of deals is played twice, A in seat 0 and then
in seat 1, so luck of the cards cancels out. The report gives, for A against B, the
share of Bummerl won, the share of hands won and the net game points per hand, each
with a standard error taken over the pairs (the two Bummerl of a pair are not
independent), and the mean and 99th-percentile time per decision of each bot. The hands
are also split by who closed the talon (A, B or nobody): each part's share of the hands,
A's net game points per hand in it, and how often the closer won the hand. Beside the
share of Bummerl won, the share A would win if the same hand results came independently
(``independent_share``): the difference is what the bots' play for the Bummerl (and the
noise) adds to the hands' strength.

The split by closer is of single hands, and who closes picks the hands: a bot that closes
its good hands leaves its poor ones among those played out. So the deals are split too
(``by_deal``): deal n of a pair is dealt in both Bummerl of the pair (``Match`` deals from
the seed and the hand's number), A holding each of its two hands once; each deal played in
both is classed by who closed in each of its two plays (``DEAL_PARTS``: "nobody+nobody",
both bots played it out holding either hand; "a+nobody", A closed holding one hand where B
holding it did not close, ...), and A's net game points per hand over both plays are given
per class. Deals past the end of the shorter Bummerl were played once and are left out.
Everything is determined by the seed: the deals come from ``Match`` and each bot draws
from its own ``random.Random`` seeded from the seed, the pair and the seat.
"""

import argparse
import contextlib
import json
import math
import random
import statistics
import sys
import time

from bummerl.bots import BOTS
from bummerl.match import Match
from bummerl.rules import BOARD_START, Rules

from .frozen import FROZEN

# Every bot the arena can seat: the live ones and the frozen references.
PLAYERS = {**BOTS, **FROZEN}
# The parts of the split by who closed the talon: bot A, bot B, nobody (played out).
CLOSERS = ("a", "b", "nobody")
# The classes of a deal played in both Bummerl of a pair: who closed in each play.
DEAL_PARTS = tuple(f"{first}+{second}" for i, first in enumerate(CLOSERS) for second in CLOSERS[i:])


def deal_part(first: str, second: str) -> str:
    """The class (``DEAL_PARTS``) of a deal closed by ``first`` in one play and ``second``
    in the other (each one of ``CLOSERS``), in either order."""
    ordered = sorted((first, second), key=CLOSERS.index)
    return f"{ordered[0]}+{ordered[1]}"


def parse_bot(spec: str, players: dict | None = None) -> tuple[str, float | None]:
    """``"hard@0.5"`` -> ``("hard", 0.5)``; ``"medium"`` -> ``("medium", None)``; the name
    one of ``players`` (by default ``PLAYERS``)."""
    name, at, limit = spec.partition("@")
    players = PLAYERS if players is None else players
    if name not in players:
        raise ValueError(f"unknown bot {name!r} (one of {', '.join(players)})")
    if not at:
        return name, None
    try:
        seconds = float(limit)
    except ValueError:
        seconds = -1.0
    if not seconds > 0:
        raise ValueError(f"bad time limit in {spec!r}: write seconds, e.g. hard@0.5")
    return name, seconds


def play_bummerl(rules, match_seed: int, bots, rngs, times, time_limits=(None, None), histories=None,
                 players: dict | None = None):
    """One Bummerl; ``bots[seat]`` names the bot in that seat (one of ``players``, by
    default ``PLAYERS``), ``time_limits[seat]`` its
    seconds per decision (None: the bot's default). Returns (loser seat,
    [(hand winner, game points, closer seat or -1, whether the closer's opponent had no
    trick at the close), ...]); ``times[seat]`` collects seconds per decision and
    ``histories``, when given, each hand's actions in order."""
    match = Match.new(rules, seed=match_seed)
    players = PLAYERS if players is None else players
    hands = []
    while True:
        match.deal_next()
        turn = None
        while not match.hand.over:
            seat = match.hand.to_act
            view = match.view(seat)
            start = time.perf_counter()
            action = players[bots[seat]](view, rngs[seat], time_limits[seat])
            times[seat].append(time.perf_counter() - start)
            turn = match.play(action)
        hand = match.hand
        if histories is not None:
            histories.append(list(hand.history))
        hands.append((turn.result["winner"], turn.result["game_points"], hand.closed_by,
                      hand.closed_by >= 0 and not hand.at_close[0]))
        if turn.bummerl:
            return turn.bummerl["loser"], hands


def independent_share(results: dict, to_go: int = BOARD_START) -> float:
    """The share of Bummerl A wins, both seats counting down from ``to_go``, if each hand's
    result were drawn independently from ``results`` ({A's signed game points: how many
    hands}, e.g. {2: 10, -1: 7}): the chance that A reaches 0 first."""
    total = sum(results.values())
    if not total:
        raise ValueError("independent_share needs at least one hand result")
    shares = [(points, n / total) for points, n in results.items() if n]
    if any(points == 0 for points, _ in shares):
        raise ValueError("a hand result of 0 game points is not possible")
    # win[a, b]: A's chance with a and b points still to go; filled in order of a + b
    win = {}
    for total_to_go in range(2, 2 * to_go + 1):
        for a in range(max(1, total_to_go - to_go), min(to_go, total_to_go - 1) + 1):
            b = total_to_go - a
            win[a, b] = sum(share * (1.0 if a - points <= 0 else win[a - points, b]) if points > 0
                            else share * (0.0 if b + points <= 0 else win[a, b + points])
                            for points, share in shares)
    return win[to_go, to_go]


def _mean_se(values):
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def _ratio_se(nums, dens):
    """Ratio of sums over clusters and its standard error (cluster-robust)."""
    k = len(nums)
    ratio = sum(nums) / sum(dens)
    if k < 2:
        return ratio, 0.0
    mean_den = sum(dens) / k
    resid = sum((y - ratio * d) ** 2 for y, d in zip(nums, dens))
    return ratio, math.sqrt(resid / (k * (k - 1))) / mean_den


def _p99(samples):
    if not samples:
        return 0.0
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(math.ceil(0.99 * len(ordered))) - 1)]


def run(a: str, b: str, bummerls: int, seed: int, rules: Rules, time_limit=None,
        progress=None, trace=None, players: dict | None = None) -> dict:
    """Play ``bummerls`` Bummerl (rounded up to whole pairs) and return the figures.

    ``a`` and ``b`` are bot specs (``"hard"``, ``"hard@1.0"``); a spec's own time limit
    wins over ``time_limit``, which applies to both bots. ``trace``, when given, is called
    with each hand as a dict (``trace_entry``): what ``bummerl_lab.traces`` replays.
    ``players`` seats the bots by name (by default ``PLAYERS``; ``bummerl_lab.variant``
    seats a changed Hard)."""
    (a_name, a_limit), (b_name, b_limit) = parse_bot(a, players), parse_bot(b, players)
    a_limit = a_limit if a_limit is not None else time_limit
    b_limit = b_limit if b_limit is not None else time_limit
    pairs = max(1, (bummerls + 1) // 2)
    times = {"a": [], "b": []}
    pair_bummerl, pair_hand_wins, pair_hands, pair_net = [], [], [], []
    # who closed -> per pair: [hands, A's net game points, hands the closer won, hands
    # closed against a seat with no trick]
    by_closer = {who: [] for who in CLOSERS}
    hand_results = {}  # A's signed game points of a hand -> how many hands
    # deal class -> per pair: [deals, A's net game points over both plays]
    by_deal = {part: [] for part in DEAL_PARTS}
    once = 0  # hands of deals played in one Bummerl of their pair only
    for pair in range(pairs):
        deals_seed = pair_seed(seed, pair)
        won = hand_wins = hands = net = 0
        closes = {who: [0, 0, 0, 0] for who in CLOSERS}
        plays = ([], [])  # per A's seat, per deal: (who closed, A's signed game points)
        for a_seat in (0, 1):
            bots = [a_name, b_name] if a_seat == 0 else [b_name, a_name]
            limits = (a_limit, b_limit) if a_seat == 0 else (b_limit, a_limit)
            rngs = [random.Random(f"{seed}/{pair}/{a_seat}/{seat}") for seat in (0, 1)]
            seat_times, histories = ([], []), []
            loser, results = play_bummerl(rules, deals_seed, bots, rngs, seat_times, limits, histories, players)
            times["a"] += seat_times[a_seat]
            times["b"] += seat_times[1 - a_seat]
            won += loser != a_seat
            for deal, (winner, points, closer, against_no_trick) in enumerate(results, 1):
                hands += 1
                signed = points if winner == a_seat else -points
                hand_wins += winner == a_seat
                net += signed
                hand_results[signed] = hand_results.get(signed, 0) + 1
                who = "nobody" if closer < 0 else "a" if closer == a_seat else "b"
                plays[a_seat].append((who, signed))
                if trace:
                    trace(trace_entry(rules, seed, pair, a_seat, deal, who, signed, histories[deal - 1]))
                part = closes[who]
                part[0] += 1
                part[1] += signed
                part[2] += winner == closer
                part[3] += against_no_trick
        pair_bummerl.append(won / 2)
        pair_hand_wins.append(hand_wins)
        pair_hands.append(hands)
        pair_net.append(net)
        for who in CLOSERS:
            by_closer[who].append(closes[who])
        deals = {part: [0, 0] for part in DEAL_PARTS}
        for (first, net_first), (second, net_second) in zip(*plays):
            counts = deals[deal_part(first, second)]
            counts[0] += 1
            counts[1] += net_first + net_second
        for part in DEAL_PARTS:
            by_deal[part].append(deals[part])
        once += abs(len(plays[0]) - len(plays[1]))
        if progress:
            progress(pair + 1, pairs, sum(pair_bummerl) / (pair + 1))
    bummerl_win, bummerl_se = _mean_se(pair_bummerl)
    hand_win, hand_se = _ratio_se(pair_hand_wins, pair_hands)
    net, net_se = _ratio_se(pair_net, pair_hands)

    def ms(samples):
        mean = 1000 * sum(samples) / len(samples) if samples else 0.0
        median = 1000 * statistics.median(samples) if samples else 0.0
        return {"mean": round(mean, 3), "median": round(median, 3),
                "p99": round(1000 * _p99(samples), 3)}

    return {
        "a": a,
        "b": b,
        "rules": rules.to_json(),
        "seed": seed,
        "bummerls": 2 * pairs,
        "hands": sum(pair_hands),
        "a_bummerl_win": bummerl_win,
        "a_bummerl_win_se": bummerl_se,
        "a_bummerl_win_independent": independent_share(hand_results),
        "a_hand_results": {str(k): hand_results[k] for k in sorted(hand_results)},
        "a_hand_win": hand_win,
        "a_hand_win_se": hand_se,
        "a_net_points_per_hand": net,
        "a_net_points_per_hand_se": net_se,
        "by_closer": {who: _closer_part(by_closer[who], who, sum(pair_hands)) for who in CLOSERS},
        "by_deal": _deal_split(by_deal, once),
        "ms_per_decision": {"a": ms(times["a"]), "b": ms(times["b"])},
        "decisions": {"a": len(times["a"]), "b": len(times["b"])},
    }


def trace_entry(rules: Rules, seed: int, pair: int, a_seat: int, deal: int, closer: str, a_points: int,
                actions) -> dict:
    """One hand of a run as its trace holds it: enough to replay it (the rules, the run's
    seed, the pair, A's seat and the deal's number in its Bummerl, the actions in order),
    with who closed (one of ``CLOSERS``) and A's signed game points."""
    return {"rules": rules.to_json(), "seed": seed, "pair": pair, "a_seat": a_seat, "deal": deal, "closer": closer,
            "a_points": a_points, "actions": list(actions)}


def pair_seed(seed: int, pair: int) -> int:
    """The seed of the deals of a pair's two Bummerl."""
    return seed * 1_000_003 + pair


def _closer_part(pairs, who: str, all_hands: int) -> dict:
    """One part of the split by closer: ``pairs`` holds per pair [hands, A's net game
    points, hands won by the closer, hands closed against a seat with no trick]. Shares
    and rates are ratios over the pairs; ``against_no_trick`` is the share of the part's
    closes made while the other seat had no trick (they win or lose 3 game points)."""
    hands = sum(p[0] for p in pairs)
    part = {"hands": hands, "share": hands / all_hands if all_hands else 0.0}
    if not hands:
        part.update(a_net_points_per_hand=0.0, a_net_points_per_hand_se=0.0)
        if who != "nobody":
            part.update(closer_won=0.0, closer_won_se=0.0, against_no_trick=0.0)
        return part
    counted = [p for p in pairs if p[0]]
    net, net_se = _ratio_se([p[1] for p in counted], [p[0] for p in counted])
    part.update(a_net_points_per_hand=net, a_net_points_per_hand_se=net_se)
    if who != "nobody":
        won, won_se = _ratio_se([p[2] for p in counted], [p[0] for p in counted])
        part.update(closer_won=won, closer_won_se=won_se,
                    against_no_trick=sum(p[3] for p in counted) / hands)
    return part


def _deal_split(by_deal: dict, once: int) -> dict:
    """The split of the deals played in both Bummerl of a pair (``by_deal``: per class,
    per pair [deals, A's net game points over both plays]): per class its deals, their
    share and A's net game points per hand (two hands a deal; error over the pairs), and
    how many hands were of deals played once only."""
    all_deals = sum(p[0] for pairs in by_deal.values() for p in pairs)
    parts = {}
    for part, pairs in by_deal.items():
        deals = sum(p[0] for p in pairs)
        counted = [p for p in pairs if p[0]]
        net, net_se = _ratio_se([p[1] for p in counted], [2 * p[0] for p in counted]) if counted else (0.0, 0.0)
        parts[part] = deal_figures(deals, all_deals, net, net_se)
    return {"deals": all_deals, "hands_played_once": once, "parts": parts}


def deal_figures(deals: int, all_deals: int, net: float, net_se: float) -> dict:
    """One class of the split of the deals, as a run and pooled runs report it."""
    return {"deals": deals, "share": deals / all_deals if all_deals else 0.0,
            "a_net_points_per_hand": net, "a_net_points_per_hand_se": net_se}


def _deal_lines(r: dict) -> list:
    split = r.get("by_deal")
    if split is None:  # runs kept before the arena split the deals
        return []
    names = {"a": r["a"], "b": r["b"], "nobody": "nobody"}
    lines = [f"  deals played in both Bummerl of a pair ({split['deals']}; "
             f"{split['hands_played_once']} hands of deals played once left out), by who closed in each play:"]
    for part in DEAL_PARTS:
        figures = split["parts"][part]
        name = " / ".join(names[who] for who in part.split("+")) + ":"
        lines.append(f"    {name:<26} {100 * figures['share']:5.1f}% of deals ({figures['deals']}), "
                     f"{r['a']} net {figures['a_net_points_per_hand']:+.3f} ± "
                     f"{figures['a_net_points_per_hand_se']:.3f} per hand")
    return lines


def _closer_line(r: dict, who: str) -> str:
    part = r["by_closer"][who]
    name = {"a": f"{r['a']} closed", "b": f"{r['b']} closed", "nobody": "nobody closed"}[who]
    line = (f"    {name + ':':<22} {100 * part['share']:5.1f}% of hands ({part['hands']}), "
            f"{r['a']} net {part['a_net_points_per_hand']:+.3f} ± {part['a_net_points_per_hand_se']:.3f} per hand")
    if who != "nobody":
        line += f", closer won {100 * part['closer_won']:.1f}% ± {100 * part['closer_won_se']:.1f}"
        if "against_no_trick" in part:  # not in runs kept before the arena counted them
            line += f", {100 * part['against_no_trick']:.1f}% of them against no trick"
    return line


def _ms(bot: str, ms: dict) -> str:
    return f"{bot} median {ms['median']:.2f} mean {ms['mean']:.2f} p99 {ms['p99']:.2f}"


def format_lines(r: dict) -> list:
    """The report's lines but the times: what pooled runs report too (``bummerl_lab.pool``)."""
    seed = r["seed"]
    if isinstance(seed, list):  # pooled runs (``bummerl_lab.pool``)
        seeds = f"seed{'s' if len(seed) > 1 else ''} {', '.join(map(str, seed))}"
    else:
        seeds = f"seed {seed}"
    return [
        f"{r['a']} vs {r['b']}: {r['bummerls']} Bummerl, {r['hands']} hands, "
        f"rules {json.dumps(r['rules'])}, {seeds} (duplicate deals)",
        f"  Bummerl won by {r['a']}:  {100 * r['a_bummerl_win']:6.2f}% ± {100 * r['a_bummerl_win_se']:.2f} "
        f"(these hands, had they come independently: {100 * r['a_bummerl_win_independent']:.2f}%)",
        f"  hands won by {r['a']}:    {100 * r['a_hand_win']:6.2f}% ± {100 * r['a_hand_win_se']:.2f}",
        f"  net game points per hand: {r['a_net_points_per_hand']:+.3f} ± {r['a_net_points_per_hand_se']:.3f}",
        "  by who closed the talon:",
        *(_closer_line(r, who) for who in CLOSERS),
        *_deal_lines(r),
    ]


def format_report(r: dict) -> str:
    ms = r["ms_per_decision"]
    return "\n".join([*format_lines(r), f"  ms per decision: {_ms(r['a'], ms['a'])}; {_ms(r['b'], ms['b'])}"])


def main(argv=None, players: dict | None = None) -> int:
    """The arena's command line; ``players`` as for ``run``."""
    parser = argparse.ArgumentParser(
        prog="python -m bummerl arena",
        description="Play Bummerl between two bots on duplicate deals and report A against B.",
    )
    names = ", ".join(PLAYERS)
    parser.add_argument("a", help=f"bot A: one of {names}, optionally @seconds (hard@1.0)")
    parser.add_argument("b", help="bot B, the same way")
    parser.add_argument("--bummerls", type=int, default=100, help="Bummerl to play (even; default 100)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="soft", help="soft or sharp (default soft)")
    parser.add_argument("--time-limit", type=float, default=None,
                        help="seconds per decision passed to the bots (hard has its own default)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--progress", action="store_true", help="report progress on stderr")
    parser.add_argument("--trace", metavar="FILE",
                        help="write each hand as a line of JSON, to replay (bummerl_lab.traces)")
    args = parser.parse_args(argv)
    if args.bummerls < 1:
        parser.error("--bummerls must be at least 1")
    try:
        rules = Rules.preset(args.rules)
        parse_bot(args.a, players), parse_bot(args.b, players)
    except ValueError as error:
        parser.error(str(error))

    def progress(done, total, share):
        if args.progress and (done % 10 == 0 or done == total):
            print(f"{done}/{total} pairs, A wins {100 * share:.1f}%", file=sys.stderr, flush=True)

    with open(args.trace, "w", encoding="utf-8") if args.trace else contextlib.nullcontext() as out:

        def trace(entry):
            out.write(json.dumps(entry) + "\n")
            out.flush()

        result = run(args.a, args.b, args.bummerls, args.seed, rules, args.time_limit, progress,
                     trace if args.trace else None, players)
    print(json.dumps(result) if args.json else format_report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
