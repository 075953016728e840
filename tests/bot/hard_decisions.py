"""Hard's decisions as a fixture: the actions it chose and the values behind them.

``python tests/bot/hard_decisions.py`` plays yardstick-vs-yardstick hands from fixed
seeds, picks decisions of every kind Hard meets (Soft and Sharp; early and late in
phase 1; with the talon exhausted; after its own close and facing one; with and without
the match board; the review's every-action search) and writes, for each, the position
(deal seed and the actions before it), Hard's action and its values to
``hard_decisions.json`` beside this file. ``test_hard_decisions.py`` asserts that Hard
still gives exactly those: a refactor of the search must not change its play.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))

from bummerl import Rules, action_str, deal  # noqa: E402
from bummerl.bots import hard  # noqa: E402
from bummerl.bots.yardstick import heuristic  # noqa: E402
from bummerl.cards import CLOSE  # noqa: E402

FIXTURE = Path(__file__).with_name("hard_decisions.json")
PER_KIND = 24  # decisions per kind and preset
REVIEW_PER_KIND = 8  # every-action (review) searches per kind and preset
KINDS = ("early phase 1", "late phase 1", "talon exhausted", "after own close", "facing a close")
BOARDS = ((7, 7), (1, 5), (6, 1), (2, 2), (3, 6))  # game points still to go per seat


def kind_of(hand, seat: int) -> str | None:
    """The kind of decision ``seat`` (to act) faces in ``hand``, or None when Hard would
    answer without a search (a single legal action)."""
    if len(hand.legal_actions()) < 2:
        return None
    if hand.closed_by >= 0:
        return "after own close" if hand.closed_by == seat else "facing a close"
    if hand.phase2:
        return "talon exhausted"
    return "early phase 1" if hand.drawn < 4 else "late phase 1"


def positions(rules_name: str, seed: int):
    """(deal seed, dealer, actions before, seat, kind) of every decision of yardstick
    hands dealt from ``seed`` on, in play order."""
    rules = Rules.preset(rules_name)
    number = seed
    while True:
        dealer = number % 2
        hand = deal(rules, dealer, random.Random(number))
        actions = []
        while not hand.over:
            seat = hand.to_act
            kind = kind_of(hand, seat)
            if kind:
                yield number, dealer, list(actions), seat, kind
            action = heuristic(hand.view(seat))
            actions.append(action_str(action))
            hand.step(action)
        number += 1


def replayed(rules_name: str, number: int, dealer: int, actions: list):
    hand = deal(Rules.preset(rules_name), dealer, random.Random(number))
    for action in actions:
        hand = hand.apply(action)
    return hand


def decide(entry: dict) -> dict:
    """Hard's choice and values for a fixture entry's position, as the fixture keeps them."""
    hand = replayed(entry["rules"], entry["deal"], entry["dealer"], entry["actions"])
    board = tuple(entry["board"]) if entry["board"] else None
    view = hand.view(entry["seat"], board)
    rng = random.Random(f"fixture:{entry['deal']}:{len(entry['actions'])}")
    search = hard.Search(view, rng, every_action=entry["every_action"])
    search.step()
    means = search.means or {}
    points = search.point_means or {}
    return {
        "best": action_str(search.best()),
        "means": {action_str(a): v for a, v in sorted(means.items())},
        "point_means": {action_str(a): v for a, v in sorted(points.items())},
        "close_odds": list(search.close_odds()) if entry["every_action"] and CLOSE in search.legal else None,
    }


def collect() -> list[dict]:
    entries = []
    for rules_name, seed in (("soft", 9100), ("sharp", 9200)):
        counts: dict = {}
        pick = random.Random(seed)
        for number, dealer, actions, seat, kind in positions(rules_name, seed):
            for every_action in (False, True):
                quota = REVIEW_PER_KIND if every_action else PER_KIND
                key = (kind, every_action)
                if counts.get(key, 0) >= quota or pick.random() < 0.6:
                    continue
                counts[key] = counts.get(key, 0) + 1
                board = list(BOARDS[pick.randrange(len(BOARDS))]) if pick.random() < 0.5 else None
                entries.append({"rules": rules_name, "deal": number, "dealer": dealer,
                                "actions": actions, "seat": seat, "kind": kind,
                                "board": board, "every_action": every_action})
            if all(counts.get((k, e), 0) >= (REVIEW_PER_KIND if e else PER_KIND)
                   for k in KINDS for e in (False, True)):
                break
    return entries


def main() -> None:
    entries = collect()
    for entry in entries:
        entry.update(decide(entry))
    FIXTURE.write_text(json.dumps(entries, indent=None, separators=(",", ":")).replace("},{", "},\n{")
                       + "\n")
    print(f"wrote {len(entries)} decisions to {FIXTURE}")


if __name__ == "__main__":
    main()
