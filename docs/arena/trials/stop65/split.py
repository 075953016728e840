"""Stop 65: a ``bummerl_lab.choices`` log split by kind of decision.

``python docs/arena/trials/stop65/split.py NAME LOG...`` prints, per log, the decisions where
the change NAME chose otherwise than the merged Hard, by kind (a decision to close or not,
a follow, another lead) and by stage (talon cards drawn: 0-3, 4-7, 8-9), each with the sum of
the change's gain in game points over its play-outs (the log's own figures); with several
logs, then the totals over all of them by kind.
"""

import collections
import gzip
import json
import statistics
import sys


def kind(row: dict, name: str) -> str:
    choices = row["choices"]
    if "close" in (choices["merged"], choices[name]):
        what = "close or not"
    else:
        what = "follow" if row["following"] else "lead"
    return f"{what}, drawn {row['drawn'] // 4 * 4}+"


def main(name: str, paths: list) -> None:
    totals = collections.defaultdict(list)
    for path in paths:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8") as lines:
            rows = [json.loads(line) for line in lines]
        gains = collections.defaultdict(list)
        for row in rows:
            results, choices = row["results"], row["choices"]
            if choices[name] == choices["merged"]:
                continue  # a log of several changes: another one differed here
            gain = statistics.mean(results[choices[name]]) - statistics.mean(results[choices["merged"]])
            key = kind(row, name)
            gains[key].append(gain)
            totals[key.split(",")[0]].append(gain)  # by kind alone
        print(path)
        report(gains)
    if len(paths) > 1:
        print(f"all {len(paths)} logs")
        report(totals)


def report(gains: dict) -> None:
    for key, values in sorted(gains.items()):
        print(f"  {key:24s} {len(values):4d} decisions, gain {sum(values):+6.1f} game points")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
