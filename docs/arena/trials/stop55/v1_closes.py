"""Closes against a seat with no trick yet, asked of Hard: at each such close in a trace of
Hard (A) against hard-v1 (B), by either bot, Hard's search from the closer's view; one line of
JSON per close with the closer ("bot"), the talon cards drawn, the close's mean and spread over
the worlds and the best other action's mean (game points), whether Hard's search closes, and
what the close brought the closer.

Run from the repository root: ``python docs/arena/trials/stop55/v1_closes.py TRACE ...``
(docs/arena/history.md, stop 55, sums the lines by closer and stage).
"""

import json
import random
import sys

sys.path.insert(0, "src")
from bummerl.bots import hard  # noqa: E402
from bummerl.cards import CLOSE  # noqa: E402
from bummerl_lab.traces import closes, read  # noqa: E402


def close_parts(search) -> tuple[float, float, float]:
    """(the close's mean, its spread, the best other action's mean), game points: the close
    played on with the lead Hard's rule picks (``Search._close_lead``: best mean less
    ``CLOSE_DOUBT`` times spread), its mean and spread given undiscounted, over the worlds
    searched to the end."""
    count = search._finished_count()
    weights = search.weights[:count]
    total = sum(weights)
    lead = search._close_lead(total, count, hard._game_points)[1]
    values = [hard._game_points(by_lead[lead]) for by_lead in search.close_values[:count]]
    mean = sum(w * v for w, v in zip(weights, values)) / total
    spread = (sum(w * (v - mean) ** 2 for w, v in zip(weights, values)) / total) ** 0.5
    other = max(v for a, v in search.point_means.items() if a != CLOSE)
    return mean, spread, other


def main(paths) -> None:
    for seed, pair, a_seat, entry, match in closes(read(paths)):
        hand = match.hand
        seat = hand.to_act
        if hand.tricks[1 - seat]:
            continue
        view = match.view(seat)
        search = hard.Search(view, random.Random(f"{seed}/{pair}/{entry['deal']}"))
        search.step()
        mean, spread, other = close_parts(search)
        result = entry["a_points"] * (1 if seat == a_seat else -1)
        print(json.dumps({"bot": "hard" if seat == a_seat else "hard-v1", "drawn": hand.drawn,
                          "mean": round(mean, 3), "spread": round(spread, 3), "other": round(other, 3),
                          "closes": search.best() == CLOSE, "result": result}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
