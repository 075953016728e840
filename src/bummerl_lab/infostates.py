"""How much of Hard's sample one information state of its next decision holds.

Extended PIMC (Arjonilla, Saffidine and Cazenave, 2024) takes strategy fusion out of the
first decisions of a search: the searching seat takes one action at each of its
information states, the same in every world that reaches it, and each world is solved
alone only below them. After Hard's phase-1 lead Hard next sees the opponent's reply,
the card it draws and who won the trick: worlds that agree on those share its next
decision. ``survey`` counts, on the decisions of yardstick-vs-yardstick hands, how many
of Hard's sampled worlds fall in each such state. Where most states hold one world,
pooling over the sample changes nothing, and a search that pools must sample worlds for
every state anew.

    python -m bummerl_lab.infostates --hands 60 --seed 5 --rules soft [--worlds 24]
"""

import argparse
import random
from collections import Counter

from bummerl.bots.world import WorldBuilder
from bummerl.bots.yardstick import heuristic
from bummerl.cards import EXCHANGE
from bummerl.hand import deal
from bummerl.rules import Rules


def next_states(worlds: list, seat: int) -> Counter:
    """{(lead, reply, card drawn, Hard leads next): worlds} over ``worlds``
    (full hands with ``seat`` on lead in phase 1), for every plain card lead (not a
    marriage's: the declaration is an action of its own)."""
    states = Counter()
    for lead in worlds[0].legal_actions():
        if lead >= EXCHANGE:
            continue
        for world in worlds:
            after_lead = world.copy()
            after_lead.step(lead)
            if after_lead.over:
                continue
            for reply in after_lead.legal_actions():
                trick = after_lead.copy()
                trick.step(reply)
                drawn = trick.hands[seat] & ~after_lead.hands[seat]
                states[(lead, reply, drawn, trick.leader == seat)] += 1
    return states


def survey(hands: int, seed: int, rules: Rules, worlds: int = 24) -> dict:
    """{cards drawn: {"decisions", "states" (per decision), "worlds" (per state),
    "single" (share of states with one world)}} over the phase-1 leads before the last
    trick of ``hands`` yardstick-vs-yardstick hands, ``worlds`` uniform worlds each."""
    rng = random.Random(seed)
    by_drawn = {}  # cards drawn -> per decision, the worlds in each state
    for number in range(hands):
        hand = deal(rules, number % 2, rng)
        while not hand.over and hand.drawn < 8 and hand.closed_by < 0:
            seat = hand.to_act
            view = hand.view(seat)
            if hand.lead < 0 and hand.married < 0:
                builder = WorldBuilder(view)
                sizes = list(next_states([builder.sample(rng) for _ in range(worlds)], seat).values())
                if sizes:
                    by_drawn.setdefault(hand.drawn, []).append(sizes)
            hand.step(heuristic(view))
    rows = {}
    for drawn, decisions in sorted(by_drawn.items()):
        states = [size for sizes in decisions for size in sizes]
        rows[drawn] = {"decisions": len(decisions), "states": len(states) / len(decisions),
                       "worlds": sum(states) / len(states), "single": states.count(1) / len(states)}
    return rows


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bummerl_lab.infostates", description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--rules", choices=("soft", "sharp"), default="soft")
    parser.add_argument("--worlds", type=int, default=24)
    args = parser.parse_args(argv)
    for drawn, row in survey(args.hands, args.seed, Rules.preset(args.rules), args.worlds).items():
        print(f"{drawn} cards drawn: {row['decisions']} decisions, {row['states']:.0f} states of Hard's"
              f" next decision each, {row['worlds']:.2f} worlds a state,"
              f" {row['single']:.0%} of states with one world")


if __name__ == "__main__":
    main()
