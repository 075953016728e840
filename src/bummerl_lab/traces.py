"""Replayed arena traces: where one bot closed with a hand the other, holding it, played out.

``python -m bummerl arena A B ... --trace FILE`` writes every hand it plays (the actions in
order, ``arena.trace_entry``); ``python -m bummerl_lab.traces FILE ... [--values]`` replays
them and reads the deals classed "a+nobody" and "b+nobody" (``arena.DEAL_PARTS``): one bot
closed holding a hand (the *close*), and in the other Bummerl of the pair the other bot,
holding the same cards in the same seat, played the hand out (the *play-out*). For each
direction it reports what the holder of the play-out had at the stage of the close (the same
number of talon cards drawn, before that trick's lead): whether it was on lead there (a
close needs the lead), its points (cards taken and marriages declared) against the
closer's, and whether, there or before, it was on lead where it could close with as many
points as the closer; and the game points the close and the play-out brought the hand's
holder.

Over every deal played twice it also gives, each bot holding the same cards against the
other, how often it is on lead at the start of phase-1 tricks 2 to 5 and how far ahead in
points (``lead_stages``), and what each bot leads in the first three tricks and how often
the other takes those leads (``early_leads``).

With ``--values`` bot A is Hard and its search is asked again (``hard.Search`` from the
seat's view, a fixed rng per position): what closing is worth over the best other action
where the other bot closed and, where the play-out's holder was on lead at that stage,
there (so the report tells a close Hard would not make from a close it never had the
chance of); and at Hard's early leads (up to ``--leads``), how often it played the action
of the best mean and how often the tie-breaker's (``hard.TIE_MARGIN``), by kind of card.
"""

import argparse
import dataclasses
import gzip
import json
import random
import sys
from collections import Counter, defaultdict

from bummerl.bots import hard
from bummerl.cards import CLOSE, RANK_OF, RANKS, SUIT_OF, Action, trick_winner_follows
from bummerl.match import Match
from bummerl.rules import Rules

from .arena import _mean_se, deal_part, pair_seed


def close_gain(search) -> tuple[float, int] | None:
    """What a finished Hard search finds closing worth over its best other action, in game
    points (the close's value as Hard scores it, its doubt discounted), and that action;
    None where closing is not an option or nothing was searched."""
    means = search.point_means
    if CLOSE not in search.legal or means is None:
        return None
    other = max((a for a in search.legal if a != CLOSE), key=search.means.__getitem__)
    return means[CLOSE] - means[other], other


def read(paths) -> dict:
    """{(rules as JSON text, seed, pair, A's seat): [trace entries in deal order]}, from
    trace files (gzipped where the name ends in ``.gz``)."""
    plays = defaultdict(list)
    for path in paths:
        opener = gzip.open if str(path).endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8") as lines:
            for number, line in enumerate(lines, 1):
                try:
                    entry = json.loads(line)
                    key = (json.dumps(entry["rules"], sort_keys=True), entry["seed"], entry["pair"],
                           entry["a_seat"])
                except (ValueError, KeyError, TypeError) as error:
                    raise ValueError(f"{path}, line {number}: not a trace entry ({error})") from None
                plays[key].append(entry)
    for entries in plays.values():
        entries.sort(key=lambda entry: entry["deal"])
    return plays


def replay(rules: Rules, seed: int, pair: int, entries: list):
    """Each hand of one Bummerl replayed from its trace, in order: (entry, [(match before
    the action, the ``Action``), ...]); the match's board is the one the bots saw. A trace that
    does not replay (an illegal action, a hand its actions do not finish, another result)
    raises ValueError naming the hand."""
    match = Match.new(rules, seed=pair_seed(seed, pair))
    for entry in entries:
        where = f"seed {seed}, pair {pair}, A in seat {entry['a_seat']}, deal {entry['deal']}"
        match.deal_next()
        if entry["deal"] != match.hands_dealt:
            raise ValueError(f"{where}: the trace lacks deal {match.hands_dealt} of this Bummerl")
        steps = []
        for number, text in enumerate(entry["actions"], 1):
            before = _snapshot(match)
            try:
                turn = match.play(text)
            except ValueError as error:
                raise ValueError(f"{where}: action {number} ({text!r}) does not replay: {error}") from None
            steps.append((before, turn.action))
        if not match.hand.over:
            raise ValueError(f"{where}: its actions do not finish the hand")
        result = turn.result
        a_points = result["game_points"] if result["winner"] == entry["a_seat"] else -result["game_points"]
        if a_points != entry["a_points"]:
            raise ValueError(f"{where}: replays to {a_points:+d} game points for A, not {entry['a_points']:+d}")
        yield entry, steps


def _snapshot(match: Match) -> Match:
    """A copy of the match that playing on does not change (a hand is replaced, not
    changed, by ``Match.play``)."""
    return dataclasses.replace(match, board=list(match.board), bummerls=list(match.bummerls),
                               results=list(match.results))


def standing(hand, seat: int) -> int:
    """A seat's points: cards taken and marriages declared (counted or not yet)."""
    return hand.points[seat] + hand.marriage_points[seat]


def leads(steps) -> dict:
    """{talon cards drawn: the match before that phase-1 trick's first action (its
    leader's exchange, marriage, close or lead)}, up to the close."""
    found = {}
    for match, action in steps:
        hand = match.hand
        if hand.phase2 or hand.lead >= 0:
            continue
        found.setdefault(hand.drawn, match)
    return found


def close_step(steps):
    """The match just before the close, or None where nobody closed."""
    return next((match for match, action in steps if action.code == CLOSE), None)


def closes(plays: dict):
    """Each hand of the traces where a seat closed, replayed: (seed, pair, A's seat, the
    hand's trace entry, the match just before the close; its hand's ``to_act`` closed)."""
    for (rules_text, seed, pair, a_seat), entries in plays.items():
        rules = Rules.from_json(json.loads(rules_text))
        for entry, steps in replay(rules, seed, pair, entries):
            match = close_step(steps)
            if match is not None:
                yield seed, pair, a_seat, entry, match


def first_difference(steps, other_steps):
    """Where two plays of one deal part: (the match before the first action they differ in,
    that action in ``steps``, in ``other_steps``), or None where one play's actions begin
    the other's. Up to there both plays are the same position but for the board."""
    for (match, action), (_, other) in zip(steps, other_steps):
        if action != other:
            return match, action, other
    return None


def close_margin(match: Match, seat: int, rng_seed: str) -> float | None:
    """What Hard's search (from ``seat``'s view, node budget as in play) finds closing worth
    over its best other action, in game points; None where ``seat`` may not close."""
    view = match.view(seat)
    if Action.of(CLOSE) not in view.legal:
        return None
    search = hard.Search(view, random.Random(rng_seed))
    search.step()
    gain = close_gain(search)
    return None if gain is None else gain[0]


def pairs_of_plays(plays: dict):
    """Each deal played in both Bummerl of its pair: (rules, seed, pair, deal, {A's seat:
    (entry, steps)})."""
    grouped = defaultdict(dict)
    for (rules_text, seed, pair, a_seat), entries in plays.items():
        grouped[rules_text, seed, pair][a_seat] = entries
    for (rules_text, seed, pair), by_seat in sorted(grouped.items()):
        if set(by_seat) != {0, 1}:
            continue
        rules = Rules.from_json(json.loads(rules_text))
        replayed = {a_seat: list(replay(rules, seed, pair, by_seat[a_seat])) for a_seat in (0, 1)}
        for deal, both in enumerate(zip(replayed[0], replayed[1]), 1):
            yield rules, seed, pair, deal, {0: both[0], 1: both[1]}


def close_vs_play_out(plays: dict, values: bool = False) -> dict:
    """{closing bot ("a" or "b"): [one dict per deal where it closed and the other bot,
    holding the same cards, played the hand out]} (see the module)."""
    found = {"a": [], "b": []}
    for rules, seed, pair, deal, both in pairs_of_plays(plays):
        closers = {a_seat: both[a_seat][0]["closer"] for a_seat in (0, 1)}
        part = deal_part(closers[0], closers[1])
        if part not in ("a+nobody", "b+nobody"):
            continue
        closer_bot = part[0]
        closed_in = next(a_seat for a_seat in (0, 1) if closers[a_seat] == closer_bot)
        (closed_entry, closed_steps), (out_entry, out_steps) = both[closed_in], both[1 - closed_in]
        at_close = close_step(closed_steps)
        hand = at_close.hand
        seat = hand.to_act  # the closer's seat: the holder's in the play-out too
        drawn = hand.drawn
        signed = 1 if seat == closed_in else -1  # A's game points -> the seat's (A sat there)
        story = {
            "seed": seed, "pair": pair, "deal": deal, "drawn": drawn,
            "closer_points": standing(hand, seat), "closer_opponent_points": standing(hand, 1 - seat),
            "close_result": signed * closed_entry["a_points"],
            # in the play-out the other bot holds the seat: A's sign flips
            "play_out_result": -signed * out_entry["a_points"],
        }
        stages = leads(out_steps)
        there = stages.get(drawn)
        story["holder_on_lead"] = there is not None and there.hand.leader == seat
        if there is not None:
            story["holder_points"] = standing(there.hand, seat)
            story["holder_opponent_points"] = standing(there.hand, 1 - seat)
        # the holder's most points on lead where it could have closed, there or before
        chances = [standing(m.hand, seat) for d, m in stages.items()
                   if d <= drawn and m.hand.leader == seat and Action.of(CLOSE) in m.view(seat).legal]
        story["holder_best_chance"] = max(chances) if chances else None
        if values:
            story["hard_at_close"] = close_margin(at_close, seat, f"{seed}/{pair}/{deal}/close")
            if story["holder_on_lead"]:
                story["hard_at_play_out"] = close_margin(there, seat, f"{seed}/{pair}/{deal}/out")
        split = first_difference(closed_steps, out_steps)
        if split is not None:
            match, closer_action, holder_action = split
            story["differs_at"] = {"drawn": match.hand.drawn, "holders_seat": match.hand.to_act == seat,
                                   "lead": match.hand.lead < 0, "close": closer_action, "play_out": holder_action}
        found[closer_bot].append(story)
    return found


STAGES = (2, 4, 6, 8)  # talon cards drawn at the start of phase-1 tricks 2 to 5


def lead_stages(plays: dict) -> dict:
    """{cards drawn: [(A on lead, B on lead, A's points less its opponent's, B's the same),
    one per seat of a deal played twice whose two plays both reached that trick]}: each
    bot holding the same cards against the other, at the start of the same trick (a play
    closed before it, or over, does not reach it)."""
    found = {drawn: [] for drawn in STAGES}
    for rules, seed, pair, deal, both in pairs_of_plays(plays):
        stages = {a_seat: leads(both[a_seat][1]) for a_seat in (0, 1)}
        for seat in (0, 1):
            # A holds the seat's cards in the Bummerl where A sits there
            mine, theirs = stages[seat], stages[1 - seat]
            for drawn in STAGES:
                if drawn in mine and drawn in theirs:
                    a_hand, b_hand = mine[drawn].hand, theirs[drawn].hand
                    found[drawn].append((a_hand.leader == seat, b_hand.leader == seat,
                                         standing(a_hand, seat) - standing(a_hand, 1 - seat),
                                         standing(b_hand, seat) - standing(b_hand, 1 - seat)))
    return found


def format_stages(a: str, b: str, found: dict) -> list:
    lines = ["holding the same cards, at the start of a trick both plays reached: on lead, and "
             "points ahead of the other seat"]
    for drawn, rows in found.items():
        if not rows:
            continue
        n = len(rows)
        lead = _mean_se([float(x[0]) - float(x[1]) for x in rows])
        points = _mean_se([x[2] - x[3] for x in rows])
        lines.append(f"  {drawn} cards drawn ({n}): {a} on lead {100 * sum(x[0] for x in rows) / n:.0f}%, "
                     f"{b} {100 * sum(x[1] for x in rows) / n:.0f}% (difference {100 * lead[0]:+.0f} ± "
                     f"{100 * lead[1]:.0f} points of percentage); ahead by {sum(x[2] for x in rows) / n:+.1f} "
                     f"and {sum(x[3] for x in rows) / n:+.1f} ({points[0]:+.1f} ± {points[1]:.1f})")
    return lines


EARLY = 4  # the early leads: phase-1 tricks with at most this many talon cards drawn (tricks 1 to 3)


def _early(hand) -> bool:
    """Whether a hand stands at an early phase-1 trick (``EARLY``)."""
    return not hand.phase2 and hand.drawn <= EARLY


def lead_kind(trump: int, card: int) -> str:
    """A led card's kind: its rank letter, "trump " before it for a trump."""
    return ("trump " if SUIT_OF[card] == trump else "") + RANKS[RANK_OF[card]]


def early_leads(plays: dict) -> dict:
    """What each bot leads early in phase 1 (``EARLY``) and how the other answers:
    {"a"/"b": {"leads": Counter of ``lead_kind``, "taken": {kind: [tricks the other bot
    took, leads]}}}, over the deals played twice."""
    found = {bot: {"leads": Counter(), "taken": defaultdict(lambda: [0, 0])} for bot in ("a", "b")}
    for rules, seed, pair, deal, both in pairs_of_plays(plays):
        for a_seat in (0, 1):
            for match, action in both[a_seat][1]:
                hand = match.hand
                if not _early(hand) or hand.lead < 0:
                    continue  # a follow to an early phase-1 lead: the trick's two cards
                led, follow = hand.lead, action.code
                bot = "a" if hand.leader == a_seat else "b"
                kind = lead_kind(hand.trump, led)
                found[bot]["leads"][kind] += 1
                taken = found[bot]["taken"][kind]
                taken[0] += trick_winner_follows(led, follow, hand.trump)
                taken[1] += 1
    return found


def tie_breaker_leads(plays: dict, limit: int) -> tuple[int, int, Counter, Counter]:
    """A (Hard) leading early in phase 1 (``EARLY``), its search asked again from the same
    view (a fixed rng per position), up to ``limit`` leads: (how many leads, how many of
    them it plays the action of the best mean, Counter of the kinds of the action played,
    Counter of the kinds of the best mean's). Where the two differ the tie-breaker's choice
    was within ``TIE_MARGIN`` of the best."""
    played, best, count, same = Counter(), Counter(), 0, 0
    for rules, seed, pair, deal, both in pairs_of_plays(plays):
        for a_seat in (0, 1):
            for number, (match, action) in enumerate(both[a_seat][1]):
                hand = match.hand
                if not _early(hand) or hand.lead >= 0 or hand.to_act != a_seat or action.kind != "play":
                    continue
                search = hard.Search(match.view(a_seat), random.Random(f"{seed}/{pair}/{deal}/{number}"))
                search.step()
                means = search.current_means()
                top, chosen = max(search.legal, key=means.__getitem__), search.best()
                played[_kind_of(hand, chosen)] += 1
                best[_kind_of(hand, top)] += 1
                count += 1
                same += chosen == top
                if count >= limit:
                    return count, same, played, best
    return count, same, played, best


def _kind_of(hand, code: int) -> str:
    """A lead's kind (``lead_kind``), or the action's kind (close, marry, ...)."""
    kind = Action.of(code).kind
    return lead_kind(hand.trump, code) if kind == "play" else kind


def format_early(a: str, b: str, found: dict) -> list:
    lines = [f"early leads (phase-1 tricks with at most {EARLY} cards drawn) and how often the other bot "
             f"took them"]
    for bot, name in (("a", a), ("b", b)):
        leads = found[bot]["leads"]
        total = sum(leads.values())
        if not total:
            continue
        kinds = ", ".join(f"{kind} {100 * n / total:.0f}% ({100 * found[bot]['taken'][kind][0] / n:.0f}% taken)"
                          for kind, n in leads.most_common())
        lines.append(f"  {name} ({total}): {kinds}")
    return lines


def format_counter(counter: Counter) -> str:
    total = sum(counter.values())
    return ", ".join(f"{kind} {100 * n / total:.0f}%" for kind, n in counter.most_common())


def summary(stories: list) -> dict:
    """The figures of one direction's deals (``close_vs_play_out``)."""
    count = len(stories)
    out = {"deals": count}
    if not count:
        return out
    out["close_result"] = _mean_se([s["close_result"] for s in stories])
    out["play_out_result"] = _mean_se([s["play_out_result"] for s in stories])
    out["drawn"] = sum(s["drawn"] for s in stories) / count
    out["closer_points"] = sum(s["closer_points"] for s in stories) / count
    out["holder_on_lead"] = sum(s["holder_on_lead"] for s in stories) / count
    out["holder_as_many"] = sum(s["holder_best_chance"] is not None
                                and s["holder_best_chance"] >= s["closer_points"] for s in stories) / count
    on_lead = [s for s in stories if s["holder_on_lead"]]
    if on_lead:
        out["holder_points_on_lead"] = _mean_se([s["holder_points"] - s["closer_points"] for s in on_lead])
    with_points = [s for s in stories if "holder_points" in s]
    if with_points:
        out["holder_points"] = _mean_se([s["holder_points"] - s["closer_points"] for s in with_points])
    differing = [s["differs_at"] for s in stories if "differs_at" in s]
    if differing:
        at_holder = [d for d in differing if d["holders_seat"]]
        out["differs"] = (len(differing), len(at_holder) / len(differing),
                          sum(d["drawn"] for d in differing) / len(differing),
                          sum(d["lead"] for d in differing) / len(differing))
    for key in ("hard_at_close", "hard_at_play_out"):
        margins = [s[key] for s in stories if s.get(key) is not None]
        if margins:
            out[key] = (len(margins), sum(m > 0 for m in margins) / len(margins),
                        sum(margins) / len(margins))
    return out


def format_summary(closer: str, holder: str, figures: dict) -> list:
    lines = [f"{closer} closed, {holder} holding the same cards played the hand out: {figures['deals']} deals"]
    if not figures["deals"]:
        return lines

    def pm(pair):
        return f"{pair[0]:+.2f} ± {pair[1]:.2f}"

    lines += [
        f"  game points to the hand's holder: {closer}'s close {pm(figures['close_result'])}, "
        f"{holder}'s play-out {pm(figures['play_out_result'])}",
        f"  the close: {figures['drawn']:.1f} talon cards drawn on average, the closer at "
        f"{figures['closer_points']:.1f} points",
        f"  {holder} at that stage: on lead in {100 * figures['holder_on_lead']:.0f}%; on lead where it "
        f"could close, there or before, with as many points as the closer in "
        f"{100 * figures['holder_as_many']:.0f}%",
    ]
    if "holder_points" in figures:
        lines.append(f"  {holder}'s points there less the closer's: {pm(figures['holder_points'])} "
                     f"(on lead: {pm(figures.get('holder_points_on_lead', (0.0, 0.0)))})")
    if "differs" in figures:
        n, at_holder, drawn, lead = figures["differs"]
        lines.append(f"  the two plays first differ (of {n}) at the hand's holder's decision in "
                     f"{100 * at_holder:.0f}%, after {drawn:.1f} cards drawn on average, "
                     f"on a lead in {100 * lead:.0f}%")
    for key, where in (("hard_at_close", f"at {closer}'s close"),
                       ("hard_at_play_out", f"where {holder} was on lead")):
        if key in figures:
            n, positive, mean = figures[key]
            lines.append(f"  Hard's search {where}: closing beats its best other action in "
                         f"{100 * positive:.0f}% of {n}, by {mean:+.2f} game points on average")
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bummerl_lab.traces", description=__doc__.split("\n\n")[0])
    parser.add_argument("traces", nargs="+", metavar="FILE", help="traces written by arena --trace")
    parser.add_argument("--values", action="store_true", help="ask Hard's search about the closes")
    parser.add_argument("--leads", type=int, default=400, help="with --values, early leads of Hard's to ask about")
    parser.add_argument("--a", default="A", help="bot A's name in the report")
    parser.add_argument("--b", default="B", help="bot B's name in the report")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    try:
        plays = read(args.traces)
    except (OSError, ValueError) as error:
        parser.error(str(error))
    found = close_vs_play_out(plays, args.values)
    names = {"a": args.a, "b": args.b}
    for closer, holder in (("a", "b"), ("b", "a")):
        print("\n".join(format_summary(names[closer], names[holder], summary(found[closer]))))
    print("\n".join(format_stages(args.a, args.b, lead_stages(plays))))
    print("\n".join(format_early(args.a, args.b, early_leads(plays))))
    if args.values:
        count, same, played, best = tie_breaker_leads(plays, args.leads)
        print(f"{args.a} (Hard) leading early, its search asked again: the best mean played at "
              f"{same} of {count} leads, the tie-breaker's choice within TIE_MARGIN at the others")
        print(f"  played: {format_counter(played)}")
        print(f"  the best mean: {format_counter(best)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
