"""Stop 58's two splits of closing (a session's analysis, kept to reproduce the figures in docs/arena/history.md).

    python docs/arena/trials/stop58/close_splits.py tricks hard,ext-mcts TRACE.jsonl[.gz] ...
        each bot's closes by the tricks played before them (the traces replayed,
        ``bummerl_lab.traces``): how many, how many failed (the closer lost the hand), the
        closer's net game points per close

    python docs/arena/trials/stop58/close_splits.py switched LOG:CHANGE[:-] ...
        the decisions where a ``bummerl_lab.choices`` change chose otherwise than Hard as
        merged, one of the two being the close: game points per decision the change
        gained (``:-`` for a log whose merged Hard is the change and CHANGE the old one),
        split by what was played instead of closing (a card, or a marriage declared)

docs/arena/history.md, stop 58, gives the figures.
"""
import gzip
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[4] / "src"))  # the repository's
from bummerl_lab.traces import closes, read  # noqa: E402


def lines(path):
    with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
        yield from (json.loads(line) for line in f if line.strip())


def tricks(names, paths):
    by_bot = {name: defaultdict(list) for name in names.split(",")}  # tricks: nets per close
    for _, _, a_seat, entry, match in closes(read(paths)):
        closer = match.hand.to_act
        net = entry["a_points"] if closer == a_seat else -entry["a_points"]
        by_bot[names.split(",")[closer != a_seat]][match.hand.drawn // 2].append(net)
    for name, by_tricks in by_bot.items():
        print(f"closes by {name}")
        for played, nets in sorted(by_tricks.items()):
            failed = sum(net < 0 for net in nets) / len(nets)
            print(f"  after {played} tricks: {len(nets):4d} closes, {failed:4.0%} failed,"
                  f" net {statistics.mean(nets):+.2f} a close")


def switched(specs):
    gains = defaultdict(list)
    for spec in specs:
        path, change, *flip = spec.split(":")
        sign = -1 if flip == ["-"] else 1
        for decision in lines(path):
            merged, changed = decision["choices"]["merged"], decision["choices"][change]
            if merged == changed or "close" not in (merged, changed):
                continue
            results = decision["results"]
            gain = sign * (statistics.mean(results[changed]) - statistics.mean(results[merged]))
            instead = changed if merged == "close" else merged
            gains["all"].append(gain)
            gains["a marriage instead" if instead.startswith("marry") else "a card instead"].append(gain)
    for kind, values in gains.items():
        error = statistics.pstdev(values) / len(values) ** 0.5
        print(f"{kind:20s} {len(values):4d} decisions, {statistics.mean(values):+.3f} ± {error:.3f} each")


if __name__ == "__main__":
    if sys.argv[1:2] == ["tricks"] and len(sys.argv) > 3:
        tricks(sys.argv[2], sys.argv[3:])
    elif sys.argv[1:2] == ["switched"] and len(sys.argv) > 2:
        switched(sys.argv[2:])
    else:
        sys.exit(__doc__)
