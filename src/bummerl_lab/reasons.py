"""Are the reasons true? Each reason the Hint and the review give, checked against every deal
the player could be facing.

``python -m bummerl_lab.reasons --hands 80 --rules soft --seed 1`` plays Hard against Medium
and, at each of Hard's decisions, asks the Hint (``hints.hint``) why Hard's move is good, then checks
what that reason claims against every hand the opponent may hold (the engine's own
``Hand`` plays the trick out in each), independently of how ``explain`` decided. It prints,
per reason, how often it was said and how often its claim was false there, and how many
reasons count the deals the player could be facing rather than speak from a rule of thumb.

``false_claim`` is the check; the property test in tests/bot/test_reasons.py uses it too.
"""

import argparse
import random
import sys
from itertools import combinations

from bummerl.bots.hints import HintReason, hint, percent
from bummerl.bots.solver import EXACT, value_after
from bummerl.bots.levels import choose
from bummerl.bots.world import WorldBuilder
from bummerl.cards import (
    CARD_CODES, CLAIM, CLOSE, EXCHANGE, MARRY, POINTS, SUIT_OF, SUITS, Action, cards_of,
)
from bummerl.hand import deal
from bummerl.rules import GOAL, Rules, marriage_points

HARD_SEAT = 0
# Reasons that come from the deals the player could be facing rather than a rule of thumb:
# counted exactly from the view (the share of deals in which a lead is safe), or read off the
# search's worlds (in how many a close wins; another card worth the same, or within noise).
COUNTED = ("lead_top", "lead", "close_odds", "equal", "about_equal")


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


def false_claim(view, action, reason: HintReason, params: dict) -> str | None:
    """What is false in the reason ``reason`` (with ``params``) given for ``action`` in the
    position of ``view``: None when everything it claims holds in every deal consistent
    with the view. Reasons that make no claim (advice such as "lead this card"), or whose
    figures come from the search's own worlds (``CLOSE_ODDS``), are not checked here."""
    code = Action.parse(action).code
    seat = view.seat
    trump = SUITS.index(view.trump)
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
                problem = false_claim(view, action, reason, params)
                counts = said.setdefault(reason.value, [0, 0])
                counts[0] += 1
                if problem:
                    counts[1] += 1
                    wrong.append(f"hand {n}, {action}: {reason.value}: {problem}")
            hand = hand.apply(action)
    return {"reasons": said, "false": wrong}


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
    counted = sum(result["reasons"].get(name, (0, 0))[0] for name in COUNTED)
    print(f"  {counted} of them ({100 * counted / max(total, 1):.0f}%) count the deals the player could be facing")
    for name, (count, bad) in sorted(result["reasons"].items(), key=lambda kv: -kv[1][0]):
        print(f"  {name:14} {count:5} said, {bad:4} false")
    for line in result["false"][:20]:
        print("  false:", line)
    return 1 if false else 0


if __name__ == "__main__":
    sys.exit(main())
