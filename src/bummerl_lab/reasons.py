"""Are the reasons true? Each reason the Hint and the review give, checked against every deal
the player could be facing.

``python -m bummerl_lab.reasons --hands 80 --rules soft --seed 1`` plays Hard against Medium
and, at each of Hard's decisions, asks the Hint (``hints.hint``) why Hard's move is good, then checks
what that reason claims against every hand the opponent may hold (the engine's own
``Hand`` plays the trick out in each), independently of how ``explain`` decided; a count
over the search's own worlds is counted again over them, each checked to be a deal the
view allows. It prints, per reason, how often it was said and how often its claim was
false there, and how many reasons come from what the search saw, how many are exact
statements counted from the view, and how many are rules of thumb.

``false_claim`` is the check; the property test in tests/bot/test_reasons.py uses it too.
"""

import argparse
import random
import sys
from dataclasses import replace
from itertools import combinations

from bummerl.bots.hints import (
    FROM_SEARCH as HINT_FROM_SEARCH, RULES_OF_THUMB as HINT_RULES_OF_THUMB, HintReason, hint, percent,
)
from bummerl.bots.seen import declarable
from bummerl.bots.solver import EXACT, value_after
from bummerl.bots.levels import choose
from bummerl.bots.world import WorldBuilder
from bummerl.cards import (
    CARD_CODES, CLAIM, CLOSE, EXCHANGE, MARRY, PAIR, POINTS, SUIT_OF, SUITS, Action, cards_of,
)
from bummerl.hand import deal
from bummerl.rules import GOAL, Rules, marriage_points

HARD_SEAT = 0
# Reasons read off what the search saw (its worlds, or its values singling the move out
# against the action it ranks next), and rules of thumb (``hints.FROM_SEARCH``,
# ``hints.RULES_OF_THUMB``); the rest are exact statements counted from the view.
FROM_SEARCH = tuple(sorted(r.value for r in HINT_FROM_SEARCH))
RULES_OF_THUMB = tuple(sorted(r.value for r in HINT_RULES_OF_THUMB))


def worlds(view):
    """One ``Hand`` for every hand the opponent of ``view``'s seat may hold (the talon's
    order is of no matter to a trick)."""
    builder = WorldBuilder(view)
    talon_only = list(cards_of(builder.talon_only))
    for chosen in combinations(builder.allowed_cards, builder.need):
        rest = [c for c in builder.allowed_cards if c not in chosen] + talon_only
        yield builder.world(sum(1 << c for c in chosen), rest)


def trick_takers(view, card: int):
    """Every (index of a world of ``worlds``, follow) in which the opponent takes the
    trick ``card`` leads."""
    for index, world in enumerate(worlds(view)):
        world.step(card)
        for follow in cards_of(world.legal_plays()):
            after = world.copy()
            after.step(follow)
            if after.last_trick[3] != view.seat:
                yield index, follow


def replies(view, code: int):
    """Every (world, the hand after the trick ``code`` plays, with each legal reply when
    it leads) over ``worlds``: the engine plays the trick out."""
    for world in worlds(view):
        played = world.copy()
        played.step(code)
        if view.trick is not None:
            yield world, played
            continue
        for follow in cards_of(played.legal_plays()):
            after = played.copy()
            after.step(follow)
            yield world, after


def allowed_world(view, world) -> bool:
    """Whether ``world`` (a ``Hand``) is a deal ``view``'s seat could be facing: it shows
    that seat exactly ``view`` (the board and the past tricks' order apart: a world is
    built from the cards they leave, ``WorldBuilder``)."""
    return replace(world.view(view.seat), trick_history=()) == replace(view, board=None, trick_history=())


def search_claim(view, code: int, reason: HintReason, params: dict, seen) -> str | None:
    """What is false in a reason read off the search's worlds (``seen``, a ``hints.Seen``):
    every world must be one the view allows, and the count must be theirs."""
    if reason == HintReason.TAKES_TRICK:
        if seen is None:
            return "counts the search's worlds, but none are given"
        if not all(allowed_world(view, world) for world in seen.worlds):
            return "counts a world the view does not allow"
        won = 0
        for world in seen.worlds:
            led = world.copy()
            led.step(code)
            outcomes = []
            for follow in cards_of(led.legal_plays()):
                after = led.copy()
                after.step(follow)
                outcomes.append(after.last_trick[3] == view.seat)
            won += all(outcomes)
        if view.trick is not None or (params["won"], params["worlds"]) != (won, len(seen.worlds)):
            return f"wins in {params['won']} of {params['worlds']}, counted {won} of {len(seen.worlds)}"
        if 2 * won <= len(seen.worlds):
            return f"speaks for the lead, but it wins in only {won} of {len(seen.worlds)}"
    return None


def false_claim(view, action, reason: HintReason, params: dict, seen=None) -> str | None:
    """What is false in the reason ``reason`` (with ``params``) given for ``action`` in the
    position of ``view``: None when everything it claims holds in every deal consistent
    with the view; a count over the search's worlds (``TAKES_TRICK``) is counted again over
    ``seen`` (a ``hints.Seen``), each of them checked to be a deal the view allows.
    Reasons that make no claim (advice such as "lead this card"), or whose figures come
    from the search's own values (``CLOSE_ODDS``; which action the search ranks next), are
    not checked here, but what they say of the position is."""
    code = Action.parse(action).code
    seat = view.seat
    trump = SUITS.index(view.trump)
    if reason == HintReason.TAKES_TRICK:
        return search_claim(view, code, reason, params, seen)
    if reason in (HintReason.TO_66, HintReason.TO_66_WON):
        if code >= EXCHANGE and not MARRY <= code < CLAIM:
            return "brings the seat to 66 with no card or marriage"
        for _, after in (replies(view, code) if code < EXCHANGE else [(None, _stepped(view, code))]):
            if code < EXCHANGE and after.last_trick[3] != seat:
                return "brings the seat to 66, but the opponent may take the trick"
            score = after.score(seat)
            if score != params["score"] or score < GOAL:
                return f"brings the seat to {params['score']}, counted {score}"
            if reason == HintReason.TO_66_WON and (after.outcome is None or after.outcome.winner != seat):
                return "says the hand is won, but it goes on"
            if reason == HintReason.TO_66 and CLAIM not in after.legal_actions():
                return "says to claim next, but no claim is legal then"
        return None
    if reason == HintReason.SCORE_TO:
        if view.trick is None or code >= EXCHANGE:
            return "speaks of the trick, but the seat leads"
        after = _stepped(view, code)
        won = after.last_trick[3] == seat
        points = POINTS[CARD_CODES.index(view.trick[1])] + POINTS[code]
        if not won or (params["points"], params["score"]) != (points, after.score(seat)) or params["score"] >= GOAL:
            return f"takes {params['points']} to {params['score']}, counted {points} to {after.score(seat)} (won: {won})"
        return None
    if reason == HintReason.KEEPS_MARRIAGE:
        kept = CARD_CODES.index(params["card"])
        pair = PAIR[SUIT_OF[kept]]
        if not pair >> kept & 1 or view.hand_mask & pair != pair or pair >> code & 1 or code >= EXCHANGE:
            return f"keeps {params['card']} for the marriage, but the hand does not hold it so after the move"
        return None
    if reason == HintReason.KEEPS_LAST_TRUMP:
        trumps = [c for c in cards_of(view.hand_mask) if SUIT_OF[c] == trump]
        if len(trumps) != 1 or code == trumps[0] or code >= EXCHANGE:
            return f"keeps the last trump, but the hand holds {len(trumps)} and plays {action}"
        return None
    if reason == HintReason.LEAD_TO_MARRY:
        if code >= EXCHANGE:
            return "takes the lead with no card"
        for _, after in replies(view, code):
            if after.last_trick[3] != seat or after.outcome is not None:
                return "takes the lead, but the opponent may take the trick or the hand may end"
            if params["points"] not in declarable(after):
                return f"declares {params['points']} next, but the seat may not"
        return None
    if reason == HintReason.GIVES_MARRIAGE:
        other = CARD_CODES.index(params["card"])
        if view.trick is None or code >= EXCHANGE or other == code:
            return "speaks of the trick, but the seat leads"
        if seen is not None and not all(allowed_world(view, world) for world in seen.worlds):
            return "looks at a world the view does not allow"
        may = False
        for world in (seen.worlds if seen is not None else worlds(view)):
            mine, theirs = world.copy(), world.copy()
            mine.step(code)
            theirs.step(other)
            if mine.last_trick[3] != seat or theirs.last_trick[3] == seat:
                return f"the move takes the trick and {params['card']} loses it, but not in every deal"
            may = may or params["points"] in declarable(theirs)
        if not may:
            return f"{params['card']} may let the opponent declare {params['points']}, but in no deal it does"
        return None
    if reason in (HintReason.CLAIM, HintReason.CLAIM_SHORT):
        enough = reason == HintReason.CLAIM
        if code != CLAIM or params["score"] != view.scores[seat] or (view.scores[seat] >= GOAL) != enough:
            return f"says {params['score']} points {'are' if enough else 'are not'} enough, counted {view.scores[seat]}"
    elif reason == HintReason.CLOSE:
        held = cards_of(view.hand_mask)
        truth = {"score": view.scores[seat], "hand_points": sum(POINTS[c] for c in held),
                 "top_trumps": sum(1 for c in held if SUIT_OF[c] == trump and c % 5 < 2),
                 "needed": max(GOAL - view.scores[seat] - view.pending[seat], 0)}
        if code != CLOSE or params != truth:
            return f"says {params}, the position has {truth}"
    elif reason == HintReason.EXCHANGE:
        if code != EXCHANGE or params["card"] != view.trump_card:
            return f"exchange for {params['card']}, the trump card is {view.trump_card}"
    elif reason == HintReason.MARRIAGE:
        if code < MARRY or params["points"] != marriage_points(code - MARRY, trump):
            return f"declares {params['points']}"
    elif reason == HintReason.EXACT:
        if sum(1 for _ in worlds(view)) != 1:
            return "says every card is known, but the opponent's hand is not"
    elif reason in (HintReason.WIN_TRICK, HintReason.TRUMP_TRICK, HintReason.CHEAP_LOSS):
        if view.trick is None:
            return "speaks of the trick, but the seat leads"
        lead = CARD_CODES.index(view.trick[1])
        world = next(worlds(view))
        world.step(code)
        won = world.last_trick[3] == seat
        if won != (reason != HintReason.CHEAP_LOSS):
            return "says the trick is " + ("lost" if won else "won")
        if reason == HintReason.CHEAP_LOSS:
            if params["card_points"] != POINTS[code]:
                return f"gives away {params['card_points']}, the card is worth {POINTS[code]}"
        elif params["points"] != POINTS[lead] + POINTS[code]:
            return f"{params['points']} points, the trick holds {POINTS[lead] + POINTS[code]}"
        if reason == HintReason.TRUMP_TRICK and not (SUIT_OF[code] == trump != SUIT_OF[lead]):
            return "says it trumps, but it does not"
    elif reason == HintReason.LEAD_HIGH:
        taken = next(trick_takers(view, code), None)
        if taken:
            return f"a sure winner, but {CARD_CODES[taken[1]]} takes it in a deal it may face"
    elif reason == HintReason.LEAD_TOP:
        for _, follow in trick_takers(view, code):
            if SUIT_OF[follow] != trump:
                return f"only a trump takes it, but {CARD_CODES[follow]} does in a deal it may face"
    elif reason == HintReason.LEAD_TRUMP:
        if not any(SUIT_OF[c] == trump for world in worlds(view) for c in cards_of(world.hands[1 - seat])):
            return "draws the opponent's trumps, but the opponent can hold none"
    if reason in (HintReason.LEAD_TOP, HintReason.LEAD):
        taken = {index for index, _ in trick_takers(view, code)}
        whole = sum(1 for _ in worlds(view))
        share = percent(whole - len(taken), whole)
        if params.get("safe") != share:
            return f"safe in {params.get('safe')}% of deals, counted {share}%"
    if reason == HintReason.LEAD_LOW:
        if POINTS[code] > 3:
            return f"a low card, but {CARD_CODES[code]} is worth {POINTS[code]}"
    if reason == HintReason.EQUAL:
        other = CARD_CODES.index(params["card"])
        for world in worlds(view):
            mine, theirs = (value_after(world, card, seat, EXACT, None, None) for card in (code, other))
            if mine != theirs:
                return f"{params['card']} just as good, but worth {theirs} against {mine} in a deal it may face"
    return None


def _stepped(view, code: int):
    """The world of ``view`` (any one: a marriage and its score are public) after ``code``."""
    world = next(worlds(view))
    world.step(code)
    return world


def measure(rules: Rules, hands: int, seed: int, nodes: int | None = None) -> dict:
    """Hard (seat 0) against Medium for ``hands`` hands: per reason of Hard's moves,
    [said, false], and the examples of false claims."""
    said, wrong = {}, []
    for n in range(hands):
        rng = random.Random(seed * 100_003 + n)
        hand = deal(rules, n % 2, rng)
        while not hand.over:
            view = hand.view(hand.to_act)
            if hand.to_act != HARD_SEAT:
                action = choose(view, "medium", rng)
            else:  # the Hint: Hard's move, and the reason from its search
                found = hint(view, rng)
                action, reason, params = found.action, found.reason, found.params
            if hand.to_act == HARD_SEAT and len(view.legal) > 1:
                problem = false_claim(view, action, reason, params, found.seen)
                counts = said.setdefault(reason.value, [0, 0])
                counts[0] += 1
                if problem:
                    counts[1] += 1
                    wrong.append(f"hand {n}, {action}: {reason.value}: {problem}")
            hand = hand.apply(action)
    return {"reasons": said, "false": wrong}


def share(part: int, whole: int) -> str:
    """``part`` of ``whole`` in whole percent."""
    return f"{100 * part / max(whole, 1):.0f}%"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=80)
    parser.add_argument("--rules", default="soft", help="soft or sharp (default soft)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    result = measure(Rules.preset(args.rules), args.hands, args.seed)
    total = sum(s for s, _ in result["reasons"].values())
    false = sum(f for _, f in result["reasons"].values())
    print(f"Hard's reasons over {args.hands} {args.rules} hands against Medium (seed {args.seed}): "
          f"{total} said, {false} false")
    searched = sum(result["reasons"].get(name, (0, 0))[0] for name in FROM_SEARCH)
    thumb = sum(result["reasons"].get(name, (0, 0))[0] for name in RULES_OF_THUMB)
    exact = total - searched - thumb
    print(f"  from what the search saw: {searched} ({share(searched, total)}); exact from the view: "
          f"{exact} ({share(exact, total)}); rules of thumb: {thumb} ({share(thumb, total)})")
    for name, (count, bad) in sorted(result["reasons"].items(), key=lambda kv: -kv[1][0]):
        kind = "search" if name in FROM_SEARCH else "rule of thumb" if name in RULES_OF_THUMB else "exact"
        print(f"  {name:16} {count:5} said ({share(count, total):>4}), {bad:4} false  [{kind}]")
    for line in result["false"][:20]:
        print("  false:", line)
    return 1 if false else 0


if __name__ == "__main__":
    sys.exit(main())
