"""The puzzle collection, made from the bots' own hands: ``assets/puzzles.json``.

``python -m bummerl_lab.puzzles --seed 1 --out assets/puzzles.json [--count N] [--hands N] [--jobs 2] [--cache DIR]``

Hands are dealt from the seed and played by the project's bots: Hard against Hard and
Medium against Hard, Soft and Sharp in turn (hand n: ``deal_of``). Every decision of
either seat with a real choice (two or more legal actions besides a false claim) is a
candidate, looked at from the seat's own view:

- **Exact** in the last phase: the talon gone (every card known), or closed (the closed
  talon's cards are out of play; the opponent's hand is one of the splits of the unseen
  cards the view allows, every split is solved with all cards known, and the values are
  their plain mean: ``exact_values``).
- Otherwise by **the review's search** (``review._search``) with a high budget
  (``REFERENCE``: the review's depth, 256 worlds; every world where the view allows no
  more) under ``SEEDS`` independent samples of the hidden cards (512 worlds in all). A
  cheaper search (``SCREEN``) picks the candidates first.

A position is kept when its best action beats every other by at least ``MARGIN`` game
points (with every sample giving the same best action), and when it has a theme
(``themes``). Its difficulty is the first of Easy, Medium and a quick Hard (Hard at its
node budget) that plays the answer, each with a fixed seed; ``expert`` when none does.
The reason is the Hint's for the answer (``bots.hints.explain``, with the search's close
odds; ``reason_of``).

A false claim that loses less than playing on (under the ``penalty`` rule a false claim
costs 2 where the hand would cost 3) is best by the values but is no puzzle: its reason
says that the claim loses, and it is left out.

The collection is chosen from the candidates (``select``): at most ``PER_HAND`` from one
hand, the least-filled theme served first, no theme in more than ``MOST_SHARE`` of the
puzzles. Hands are looked at in chunks of ``CHUNK`` until the collection is full and
every theme has ``THEME_TARGET`` candidates, or ``--hands`` hands are played. Everything
follows from the seed: the same seed gives the same bytes, whatever ``--jobs``.
"""

import argparse
import hashlib
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from bummerl.bots.hints import explain
from bummerl.bots.levels import choose
from bummerl.bots.solver import EXACT, Budget, action_values
from bummerl.bots.world import WorldBuilder
from bummerl.cards import FOLLOWER_WINS, POINTS, SUIT_OF, SUITS, Action, action_str, parse_card
from bummerl.hand import deal
from bummerl.puzzles import DIFFICULTIES, FORMAT, THEMES
from bummerl.record import encode_record
from bummerl.review import Plan, _search, _values
from bummerl.rules import GOAL, PRESETS, marriage_points

MARGIN = 0.5  # game points the answer beats every other action by
SEEDS = 2  # independent samples of the hidden cards that must agree (sampled positions)
# The reference: the review's depth (two tricks while the talon has three or more phase-1
# tricks left, to the end of the hand from there on) over 256 worlds per sample, ten times
# Hard's 24 (every world where the view allows no more): two samples, 512 worlds in all,
# must agree.
REFERENCE = Plan(batch=64, most_worlds=256, least_worlds=256, z=float("inf"))
# The screen: the same depth over 32 worlds; a candidate goes on to the reference when its
# best action leads by SCREEN_MARGIN there.
SCREEN = Plan(batch=32, most_worlds=32, least_worlds=32, z=float("inf"))
SCREEN_MARGIN = 0.4
# ``--quick`` (tests, smoke runs): small searches, the same logic.
QUICK_REFERENCE = Plan(tricks=((5, 1), (4, 1), (3, 1), (2, 1)), batch=12, most_worlds=24, least_worlds=24,
                       z=float("inf"))
QUICK_SCREEN = Plan(tricks=((5, 1), (4, 1), (3, 1), (2, 1)), batch=6, most_worlds=6, least_worlds=6, z=float("inf"))
EXACT_DEALS = 3003  # most splits of the unseen cards an exact value averages (C(14, 5) = 2002)
COUNT = 320  # puzzles in the collection
HANDS = 336  # hands played at most
CHUNK = 8  # hands looked at between two looks at whether the collection is full
PER_HAND = 3  # puzzles from one hand at most
MOST_SHARE = 0.4  # the most common theme's share of the collection at most
THEME_TARGET = 15  # candidates of each theme wanted before the hands stop
COUNTING_FROM = 50  # a legal false claim from this score on makes a counting question
LEVELS = ("easy", "medium", "hard")  # asked in this order for the difficulty


def deal_of(seed: int, number: int) -> tuple:
    """(rules preset, the seat-0 bot, the hand as dealt) of hand ``number``: Soft and Sharp
    in turn, seat 0 Hard or Medium in turn, seat 1 Hard, the dealer alternating."""
    preset = ("soft", "sharp")[number % 2]
    bot = ("hard", "medium")[number // 2 % 2]
    dealer = number // 4 % 2
    return preset, bot, deal(PRESETS[preset], dealer, random.Random(f"puzzles:{seed}:deal:{number}"))


def play(seed: int, number: int):
    """Hand ``number`` played to its end: (the final hand, each position before an action)."""
    _, bot, hand = deal_of(seed, number)
    bots = (bot, "hard")
    rngs = [random.Random(f"puzzles:{seed}:play:{number}:{seat}") for seat in (0, 1)]
    positions = []
    while not hand.over:
        seat = hand.to_act
        positions.append(hand)
        hand = hand.apply(choose(hand.view(seat), bots[seat], rngs[seat]))
    return hand, positions


def choices(view) -> list:
    """The legal actions that make a question: a claim short of 66 is no choice."""
    return [a for a in view.legal if not (a == "claim" and view.scores[view.seat] < GOAL)]


def exact_values(view) -> tuple[dict, int] | None:
    """({action: game points}, how many deals) for a view in the last phase (the talon gone
    or closed): every split of the unseen cards the view allows, solved with all cards
    known, the plain mean over the splits; None outside the last phase or when there are
    more than ``EXACT_DEALS`` splits."""
    if not view.phase2:
        return None
    builder = WorldBuilder(view)
    if builder.count() > EXACT_DEALS:
        return None
    guesses = builder.every_hidden(random.Random(0))  # the order does not change a sum's terms
    totals = {}
    for opp, rest in guesses:
        world = builder.world(opp, rest)
        for action, value in action_values(world, view.seat, EXACT, None, Budget()).items():
            totals[action] = totals.get(action, 0) + value
    return {action_str(a): v / len(guesses) for a, v in sorted(totals.items())}, len(guesses)


def ranked(values: dict) -> list:
    """The actions, best first (ties in notation order)."""
    return sorted(values, key=lambda a: (-values[a], a))


def lead_of(values: dict) -> tuple[str, float]:
    """(the best action, by how much it beats the next best)."""
    order = ranked(values)
    return order[0], values[order[0]] - values[order[1]]


def _is_trump_play(view, action: str) -> bool:
    return action.startswith("play ") and SUIT_OF[parse_card(action[5:])] == SUITS.index(view.trump)


def themes(view, values: dict, answer: str, picks=None) -> tuple:
    """The themes of the question at ``view`` with ``answer`` best (``bummerl.puzzles.THEMES``);
    ``picks()`` gives the bots' choices there (``bot_picks``), asked only where they matter."""
    seat, found = view.seat, set()
    runner = ranked(values)[1]
    if answer == "close":
        found.add("closing")
    elif "close" in values and (runner == "close" or (picks is not None and "close" in picks().values())):
        found.add("not-closing")  # the close is the nearest rival, or a bot would close
    if answer.startswith("marry") or view.married is not None or any(a.startswith("marry") for a in values):
        found.add("marriage")
    if "exchange" in values:
        found.add("exchange")
    score = view.scores[seat]
    if answer == "claim" or ("claim" in values and score >= COUNTING_FROM) or _goes_out(view, answer):
        found.add("counting")
    if view.closed_by is not None:
        found.add("after-close")
    if view.trick is not None and SUIT_OF[parse_card(view.trick[1])] != SUITS.index(view.trump):
        plays = [a for a in values if a.startswith("play ")]
        trumps = [a for a in plays if _is_trump_play(view, a)]
        if trumps and len(trumps) < len(plays) and (_is_trump_play(view, answer) or _is_trump_play(view, runner)):
            found.add("trumping")
    if view.talon_size == 0 and view.closed_by is None:
        found.add("last-tricks")
    return tuple(t for t in THEMES if t in found)


def _goes_out(view, answer: str) -> bool:
    """Whether ``answer`` takes the seat to 66 by what the view shows: a follow that wins
    the trick, or a marriage, reaching it (where claiming is automatic)."""
    seat = view.seat
    if not view.points_counted:
        return False
    own = view.points[seat] + view.marriage_points[seat]
    action = Action.parse(answer)
    if action.kind == "marry":
        return bool(view.tricks[seat]) and own + marriage_points(SUITS.index(action.suit), SUITS.index(view.trump)) >= GOAL
    if view.trick is None or action.kind != "play":
        return False
    lead, card = parse_card(view.trick[1]), action.code
    return FOLLOWER_WINS[SUITS.index(view.trump)][lead * 20 + card] and own + POINTS[lead] + POINTS[card] >= GOAL


def bot_picks(view) -> dict:
    """{level: its action} of Easy, Medium and a quick Hard (its node budget), each with a
    fixed seed."""
    return {level: str(choose(view, level, random.Random(f"puzzles:{level}"))) for level in LEVELS}


def difficulty(picks: dict, answer: str) -> str:
    """The first level of ``picks`` (``bot_picks``) that plays ``answer``; ``expert`` when none does."""
    return next((level for level in LEVELS if picks[level] == answer), DIFFICULTIES[-1])


def sampled(view, key: str, quick: bool, picks) -> tuple | None:
    """(values, answer, worlds, close_odds) by the reference under ``SEEDS`` samples
    (the first sample's figures), or None when the screen or any sample does not give one
    answer ahead by ``MARGIN``, or the position has no theme."""
    screen, reference = (QUICK_SCREEN, QUICK_REFERENCE) if quick else (SCREEN, REFERENCE)
    search = _search(view, f"puzzles:screen:{key}", screen)
    search.step()
    values = _values(search, None, screen)[0]
    best, lead = lead_of(values)
    if lead < SCREEN_MARGIN or not themes(view, values, best, picks):
        return None
    first = None
    for sample in range(SEEDS):
        search = _search(view, f"puzzles:{key}:{sample}", reference)
        search.step()
        values, _, odds, *_ = _values(search, None, reference)
        answer, lead = lead_of(values)
        if lead < MARGIN or (first is not None and answer != first[1]):
            return None
        if first is None:
            first = (values, answer, len(search.world_values()), odds)
    return first


def _lazy(function, *args):
    """``function(*args)``, called on the first call of the answer and kept."""
    kept = []

    def value():
        if not kept:
            kept.append(function(*args))
        return kept[0]
    return value


def rounded(values: dict) -> dict:
    return {a: round(v, 4) for a, v in sorted(values.items())}


def hand_puzzles(job: tuple) -> list[dict]:
    """Every puzzle hand ``number`` gives (``job``: seed, number, quick), as dicts in step order."""
    seed, number, quick = job
    final, positions = play(seed, number)
    record = final.to_record()
    packed = encode_record(record)
    found = []
    for step, hand in enumerate(positions):
        view = hand.view(hand.to_act)
        if len(choices(view)) < 2:
            continue
        picks = _lazy(bot_picks, view)
        exact = exact_values(view)
        if exact is not None:
            values = rounded(exact[0])
            best, lead = lead_of(values)
            if lead < MARGIN:
                continue
            answer, worlds, odds, deals = best, 0, None, exact[1]
        else:
            result = sampled(view, f"{seed}:{number}:{step}", quick, picks)
            if result is None:
                continue
            values, answer, worlds, odds = result
            values, deals = rounded(values), 0
            best, lead = lead_of(values)
            if best != answer or lead < MARGIN:
                continue
        tags = themes(view, values, answer, picks)
        if not tags:
            continue
        reason, params = explain(view, answer, odds)
        found.append({"hand": number, "record": packed, "step": step, "values": values, "answer": str(answer),
                      "exact": exact is not None, "worlds": worlds, "deals": deals, "themes": list(tags),
                      "difficulty": difficulty(picks(), answer), "reason": reason.value,
                      "reason_params": dict(params), "preset": record["rules"]})
    return found


def puzzle_id(packed: str, step: int, taken: set) -> str:
    """6 characters a-z 0-9, at least one a letter, from a hash of the record and the step
    (the next hash on a clash with ``taken``)."""
    alphabet = "0123456789abcdefghijklmnopqrstuvwxyz"
    for attempt in range(1000):
        number = int.from_bytes(hashlib.sha256(f"{packed}:{step}:{attempt}".encode()).digest()[:8], "big")
        text = ""
        for _ in range(6):
            number, digit = divmod(number, 36)
            text += alphabet[digit]
        if not text.isdigit() and text not in taken:
            return text
    raise RuntimeError("no free id")  # pragma: no cover (1000 clashes of 36^6 ids)


def select(candidates: list, count: int) -> list:
    """At most ``count`` of the candidates: the least-filled theme first (ties in THEMES
    order), within a theme in the order of their hash, at most ``PER_HAND`` from a hand and
    no theme beyond ``MOST_SHARE`` of ``count``."""
    order = sorted(candidates, key=lambda c: hashlib.sha256(f"{c['record']}:{c['step']}".encode()).hexdigest())
    most = max(int(MOST_SHARE * count), 1)
    chosen, per_hand, per_theme = [], {}, dict.fromkeys(THEMES, 0)
    left = list(order)
    while len(chosen) < count:
        fits = [c for c in left if per_hand.get(c["hand"], 0) < PER_HAND
                and all(per_theme[t] < most for t in c["themes"])]
        if not fits:
            break
        offered = {t for c in fits for t in c["themes"]}
        theme = min(offered, key=lambda t: (per_theme[t], THEMES.index(t)))
        pick = next(c for c in fits if theme in c["themes"])
        chosen.append(pick)
        left.remove(pick)
        per_hand[pick["hand"]] = per_hand.get(pick["hand"], 0) + 1
        for t in pick["themes"]:
            per_theme[t] += 1
    return chosen


def theme_counts(puzzles: list) -> dict:
    return {t: sum(t in p["themes"] for p in puzzles) for t in THEMES}


def full(candidates: list, count: int) -> bool:
    """Whether the hands so far are enough: a full collection, ``THEME_TARGET`` candidates
    of each theme."""
    return len(select(candidates, count)) >= count and min(theme_counts(candidates).values()) >= THEME_TARGET


def reason_of(view, answer: str, reason: str, params: dict) -> tuple[str, dict]:
    """The explanation of ``answer`` at ``view``: the Hint's reason (``hints.explain``), with
    the close odds of the search (from the candidate's ``reason`` and ``params``) for a
    close. Never "another card is about as good": the answer beats every other action by
    the margin, though a handful of worlds cannot show it to the Hint's rule."""
    odds = (params["won"], params["worlds"]) if reason == "close_odds" else None
    found, found_params = explain(view, answer, odds)
    return found.value, dict(found_params)


def collection(candidates: list, count: int, made_by: str) -> dict:
    """The collection document of the selected candidates, in the order of their ids."""
    from bummerl.record import decode_record, from_record

    taken, puzzles = set(), []
    for c in sorted(select(candidates, count), key=lambda c: (c["record"], c["step"])):
        id_ = puzzle_id(c["record"], c["step"], taken)
        taken.add(id_)
        record = decode_record(c["record"])
        hand = from_record({**record, "actions": record["actions"][:c["step"]]})
        reason, params = reason_of(hand.view(hand.to_act), c["answer"], c["reason"], c["reason_params"])
        puzzles.append({"id": id_, "record": c["record"], "step": c["step"], "values": c["values"],
                        "answer": c["answer"], "exact": c["exact"], "worlds": c["worlds"], "themes": c["themes"],
                        "difficulty": c["difficulty"], "reason": reason, "reason_params": params})
    puzzles.sort(key=lambda p: p["id"])
    return {"format": FORMAT, "made_by": made_by, "margin": MARGIN, "puzzles": puzzles}


def dumps(doc: dict) -> str:
    """The collection's JSON text: keys sorted, compact separators, UTF-8, a final newline."""
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n"


# Raised whenever what a hand gives changes (its play, the evaluation, the themes): a
# cached hand is used only by the same version and settings.
CACHE_VERSION = 1


def _settings() -> str:
    """A digest of the settings a hand's candidates depend on besides the seed."""
    settings = (CACHE_VERSION, MARGIN, SEEDS, REFERENCE, SCREEN, SCREEN_MARGIN, QUICK_REFERENCE, QUICK_SCREEN,
                EXACT_DEALS, COUNTING_FROM, LEVELS)
    return hashlib.sha256(repr(settings).encode()).hexdigest()[:12]


def _cache_path(cache: str, job: tuple) -> str:
    import os

    seed, number, quick = job
    return os.path.join(cache, f"{_settings()}-{seed}-{number}{'-quick' if quick else ''}.json")


def _cached(cache: str, job: tuple):
    try:
        with open(_cache_path(cache, job), encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def _store(cache: str, job: tuple, found: list) -> None:
    import os

    os.makedirs(cache, exist_ok=True)
    path = _cache_path(cache, job)
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        json.dump(found, f, sort_keys=True)
    os.replace(path + ".tmp", path)


def generate(seed: int, count: int = COUNT, hands: int = HANDS, jobs: int = 1, quick: bool = False,
             made_by: str = "", log=None, cache: str | None = None) -> tuple[dict, dict]:
    """(the collection document, figures of the run): hands looked at in chunks until
    ``full`` or ``hands`` are played; ``jobs`` processes share each chunk. With ``cache``
    (a folder) each hand's candidates are kept there and read back by a later run with the
    same settings: a run cut short goes on where it stopped, the file the same."""
    start = time.perf_counter()
    candidates, number = [], 0
    pool = ProcessPoolExecutor(jobs) if jobs > 1 else None
    try:
        while number < hands and not full(candidates, count):
            chunk = [(seed, n, quick) for n in range(number, min(number + CHUNK, hands))]
            kept = {job: _cached(cache, job) for job in chunk} if cache else {}
            todo = [job for job in chunk if kept.get(job) is None]
            results = pool.map(hand_puzzles, todo) if pool else map(hand_puzzles, todo)
            for job, found in zip(todo, results):
                kept[job] = found
                if cache:
                    _store(cache, job, found)
            for job in chunk:
                candidates.extend(c for c in kept[job] if c["reason"] != "claim_short")
            number += len(chunk)
            if log:
                log(f"{number} hands, {len(candidates)} candidates, {time.perf_counter() - start:.0f} s: "
                    + " ".join(f"{t} {n}" for t, n in theme_counts(candidates).items()))
    finally:
        if pool:
            pool.shutdown()
    doc = collection(candidates, count, made_by)
    chosen = {(p["record"], p["step"]) for p in doc["puzzles"]}
    kept = [c for c in candidates if (c["record"], c["step"]) in chosen]
    figures = {"hands": number, "candidates": len(candidates), "puzzles": len(kept),
               "seconds": round(time.perf_counter() - start, 1),
               "themes": theme_counts(kept), "candidate_themes": theme_counts(candidates),
               "difficulty": {d: sum(c["difficulty"] == d for c in kept) for d in DIFFICULTIES},
               "preset": {p: sum(c["preset"] == p for c in kept) for p in PRESETS},
               "exact": sum(c["exact"] for c in kept), "sampled": sum(not c["exact"] for c in kept),
               "exact_over_several_deals": sum(c["deals"] > 1 for c in kept)}
    return doc, figures


def verify(doc: dict) -> None:
    """``doc`` read back as the page reads it: strictly, every puzzle ``check``ed."""
    from bummerl.puzzles import read_collection

    read_collection(json.loads(dumps(doc)))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bummerl_lab.puzzles", description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1, help="the hands (default 1)")
    parser.add_argument("--out", required=True, help="the collection's file (assets/puzzles.json)")
    parser.add_argument("--count", type=int, default=COUNT, help=f"puzzles (default {COUNT})")
    parser.add_argument("--hands", type=int, default=HANDS, help=f"hands played at most (default {HANDS})")
    parser.add_argument("--jobs", type=int, default=1, help="processes (the file does not depend on it)")
    parser.add_argument("--quick", action="store_true", help="small searches: a smoke run, not the collection")
    parser.add_argument("--figures", metavar="FILE", help="write the run's figures there as JSON")
    parser.add_argument("--cache", metavar="DIR", help="keep each hand's candidates there (a rerun reuses them)")
    args = parser.parse_args(argv)
    made_by = f"python -m bummerl_lab.puzzles --seed {args.seed}"
    if args.count != COUNT:
        made_by += f" --count {args.count}"
    if args.hands != HANDS:
        made_by += f" --hands {args.hands}"
    if args.quick:
        made_by += " --quick"
    doc, figures = generate(args.seed, args.count, args.hands, args.jobs, args.quick, made_by,
                            log=lambda line: print(line, file=sys.stderr, flush=True), cache=args.cache)
    verify(doc)
    text = dumps(doc)
    with open(args.out, "w", encoding="utf-8", newline="\n") as out:
        out.write(text)
    figures["bytes"] = len(text.encode("utf-8"))
    print(json.dumps(figures, indent=1))
    if args.figures:
        with open(args.figures, "w", encoding="utf-8") as out:
            json.dump(figures, out, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
