"""Stop 65: what the blind opponent costs in depth and time at Hard's node budget.

``PYTHONPATH=src python docs/arena/trials/stop65/depth.py --deals 40 --rules soft`` plays the
first ten actions of each deal by Hard and, at each of Hard's phase-1 leads that it searches,
runs the merged Hard and ``BlindReply`` from the same view and random state; it prints the
mean depth each reached (tricks; where the merged Hard's search did not reach the end of the
hand), the mean seconds a decision and how often they chose apart.
"""

import argparse
import random
import statistics
import time

from bummerl.bots import choose, hard
from bummerl.bots.solver import EXACT
from bummerl.match import Match
from bummerl.rules import PRESETS
from bummerl_lab.blind_reply import BlindReply


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--rules", default="soft", choices=sorted(PRESETS))
    args = parser.parse_args()
    depths, seconds, differ = {"plain": [], "blind": []}, {"plain": [], "blind": []}, 0
    for seed in range(args.deals):
        match = Match.new(PRESETS[args.rules], seed=seed)
        match.deal_next()
        for step in range(10):
            if match.hand.over:
                break
            view = match.view(match.hand.to_act)
            if view.trick is None and not view.phase2:
                searches, took = {}, {}
                for name, Search in (("plain", hard.Search), ("blind", BlindReply)):
                    start = time.perf_counter()
                    search = searches[name] = Search(view, random.Random(1))
                    search.step()
                    took[name] = time.perf_counter() - start
                if all(s.means for s in searches.values()) and searches["plain"].depth < EXACT:
                    for name, search in searches.items():
                        depths[name].append(search.depth)
                        seconds[name].append(took[name])
                    differ += searches["plain"].best() != searches["blind"].best()
            match.play(choose(view, "hard", random.Random(step)))
    searched = len(depths["plain"])
    for name in depths:
        print(f"{name}: depth {statistics.mean(depths[name]):.2f} tricks, "
              f"{statistics.mean(seconds[name]) * 1000:.0f} ms a decision")
    print(f"{searched} searched leads, {differ} chosen apart")


if __name__ == "__main__":
    main()
