"""Soft deals where Hard closed in one play and hard-v1 in the other: same hand or not, when, what it brought."""
import sys
from collections import defaultdict
sys.path.insert(0, "src")  # run from the repository root: python docs/arena/trials/stop54/both_closed.py TRACE...
from bummerl.rules import Rules
from bummerl_lab.traces import read, replay, close_step
plays = read(sys.argv[1:])
deals = defaultdict(dict)  # (seed, pair, deal) -> a_seat -> info
for (rules_text, seed, pair, a_seat), entries in plays.items():
    import json
    rules = Rules.from_json(json.loads(rules_text))
    for entry, steps in replay(rules, seed, pair, entries):
        m = close_step(steps)
        info = {"a_points": entry["a_points"]}
        if m is not None:
            h = m.hand
            info.update(closer_seat=h.to_act, drawn=h.drawn, closer_is_a=(h.to_act == a_seat),
                        scores=(h.points[h.to_act] + h.marriage_points[h.to_act], h.points[1 - h.to_act] + h.marriage_points[1 - h.to_act]),
                        opp_tricks=h.tricks[1 - h.to_act])
        deals[(seed, pair, entry["deal"])][a_seat] = info
same, other = [], []
for key, d in deals.items():
    if len(d) != 2: continue
    i0, i1 = d[0], d[1]
    if "closer_seat" not in i0 or "closer_seat" not in i1: continue
    if i0["closer_is_a"] == i1["closer_is_a"]: continue
    hard_play, v1_play = (i0, i1) if i0["closer_is_a"] else (i1, i0)
    net = i0["a_points"] + i1["a_points"]
    rec = (hard_play, v1_play, net)
    (same if hard_play["closer_seat"] == v1_play["closer_seat"] else other).append(rec)
def summary(name, recs):
    n = len(recs)
    if not n: print(name, 0); return
    net = sum(r[2] for r in recs) / (2 * n)
    print(f"{name}: {n} deals, Hard net per hand {net:+.3f}")
    for who, idx in (("Hard", 0), ("hard-v1", 1)):
        sign = 1 if idx == 0 else -1
        won = [r[idx] for r in recs]
        pts = [sign * r[idx]["a_points"] for r in recs]  # the closer's game points
        dr = defaultdict(list)
        for r, p in zip(won, pts): dr[r["drawn"]].append(p)
        print(f"  {who} closes: mean closer points {sum(pts)/n:+.2f}, won {sum(p > 0 for p in pts)/n:.0%}, vs no trick {sum(r['opp_tricks'] == 0 for r in won)/n:.0%}, by drawn: " +
              ", ".join(f"{k}: {len(v)} ({sum(v)/len(v):+.2f})" for k, v in sorted(dr.items())))
    earlier = sum(r[0]["drawn"] < r[1]["drawn"] for r in recs); later = sum(r[0]["drawn"] > r[1]["drawn"] for r in recs)
    print(f"  Hard closed earlier in {earlier}, later in {later}, at the same stage in {n - earlier - later}")
summary("same hand closed by both", same)
summary("opposite hands", other)
