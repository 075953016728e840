"""Deals where Hard (A) closed in one play and hard-v1 (B) in the other: whether both closed
the same hand (the same seat: a seat holds the same cards in both Bummerl of a pair), at how
many talon cards drawn, and what each close brought its closer.

Run from the repository root: ``python docs/arena/trials/stop54/both_closed.py TRACE ...``
(traces as ``python -m bummerl arena hard hard-v1 ... --trace FILE`` writes them).
"""

import json
import sys
from collections import defaultdict

sys.path.insert(0, "src")
from bummerl.rules import Rules  # noqa: E402
from bummerl_lab.traces import close_step, read, replay  # noqa: E402


def closes(paths) -> dict:
    """{(seed, pair, deal): {A's seat: (A's game points, the close or None)}}, the close as
    (closer's seat, whether A closed, talon cards drawn, the other seat's tricks)."""
    deals = defaultdict(dict)
    for (rules_text, seed, pair, a_seat), entries in read(paths).items():
        rules = Rules.from_json(json.loads(rules_text))
        for entry, steps in replay(rules, seed, pair, entries):
            before = close_step(steps)
            close = None
            if before is not None:
                hand = before.hand
                close = (hand.to_act, hand.to_act == a_seat, hand.drawn, hand.tricks[1 - hand.to_act])
            deals[(seed, pair, entry["deal"])][a_seat] = (entry["a_points"], close)
    return deals


def summary(name: str, found: list) -> None:
    """``found``: [(A's points in both plays, A's close, B's close)]."""
    if not found:
        print(name, 0)
        return
    n = len(found)
    print(f"{name}: {n} deals, Hard net per hand {sum(net for net, _, _ in found) / (2 * n):+.3f}")
    for who, index in (("Hard", 1), ("hard-v1", 2)):
        made = [deal[index] for deal in found]
        gains = [points for points, _ in made]  # the closer's game points
        by_drawn = defaultdict(list)
        for points, (_, _, drawn, _) in made:
            by_drawn[drawn].append(points)
        print(f"  {who} closes: mean closer points {sum(gains) / n:+.2f}, won {sum(g > 0 for g in gains) / n:.0%}, "
              f"vs no trick {sum(close[3] == 0 for _, close in made) / n:.0%}, by drawn: "
              + ", ".join(f"{k}: {len(v)} ({sum(v) / len(v):+.2f})" for k, v in sorted(by_drawn.items())))
    earlier = sum(a[1][2] < b[1][2] for _, a, b in found)
    later = sum(a[1][2] > b[1][2] for _, a, b in found)
    print(f"  Hard closed earlier in {earlier}, later in {later}, at the same stage in {n - earlier - later}")


def main(paths) -> None:
    same, other = [], []
    for plays in closes(paths).values():
        if len(plays) != 2 or plays[0][1] is None or plays[1][1] is None:
            continue
        (points0, close0), (points1, close1) = plays[0], plays[1]
        if close0[1] == close1[1]:
            continue  # the same bot closed in both plays
        a_play, b_play = ((points0, close0), (points1, close1)) if close0[1] else ((points1, close1), (points0, close0))
        # each close with its closer's game points: A's for A's, the negative for B's
        deal = (points0 + points1, (a_play[0], a_play[1]), (-b_play[0], b_play[1]))
        (same if a_play[1][0] == b_play[1][0] else other).append(deal)
    summary("same hand closed by both", same)
    summary("opposite hands", other)


if __name__ == "__main__":
    main(sys.argv[1:])
