"""Random playouts to measure engine speed: ``python -m bummerl bench``.

Two figures, both in the Soft preset from a seeded rng: hands per second when every
move is drawn uniformly from the legal ``play`` actions only (the inner loop of a
search), and when drawn uniformly from all legal actions (exchange, close, marriages
and claims included). Each hand is dealt fresh and played to its end with the engine's
own ``legal_plays``/``legal_actions`` and ``step``.
"""

import json
import random
import time

from bummerl.cards import cards_of
from bummerl.hand import deal
from bummerl.rules import SOFT


def play_only(hand, rng) -> None:
    rand = rng.random
    while hand.outcome is None:
        plays = cards_of(hand.legal_plays())
        hand.step(plays[int(rand() * len(plays))])


def all_actions(hand, rng) -> None:
    rand = rng.random
    while hand.outcome is None:
        actions = hand.legal_actions()
        hand.step(actions[int(rand() * len(actions))])


def hands_per_second(playout, seconds: float, seed: int = 1) -> float:
    rng = random.Random(seed)
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(200):
            playout(deal(SOFT, count & 1, rng), rng)
            count += 1
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def main(seconds: float = 3.0, as_json: bool = False) -> dict:
    figures = {
        "play_only_hands_per_s": round(hands_per_second(play_only, seconds)),
        "all_actions_hands_per_s": round(hands_per_second(all_actions, seconds)),
    }
    if as_json:
        print(json.dumps(figures))
    else:
        print(f"play-only playouts:   {figures['play_only_hands_per_s']:>9,} hands/s")
        print(f"all-actions playouts: {figures['all_actions_hands_per_s']:>9,} hands/s")
    return figures
