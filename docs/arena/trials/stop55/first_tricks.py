"""The first tricks of deals played twice (arena traces, Hard as A): holding the same cards
in the same seat, how often each bot is still without a trick after 1 to 4 tricks, and on
the first trick, when it follows, whether it could take the trick and whether it did.

Run from the repository root: ``python docs/arena/trials/stop55/first_tricks.py TRACE ...``.
"""

import sys
from collections import Counter

sys.path.insert(0, "src")
from bummerl.cards import BIT, trick_winner_follows  # noqa: E402
from bummerl_lab.traces import pairs_of_plays, read  # noqa: E402

NAMES = {True: "Hard", False: "hard-v1"}


def main(paths) -> None:
    trickless, holdings, follows = Counter(), Counter(), Counter()
    for _rules, _seed, _pair, _deal, both in pairs_of_plays(read(paths)):
        for a_seat, (_entry, steps) in both.items():
            tricks = steps[-1][0].view(0).trick_history
            for seat in (0, 1):
                first = next((i for i, trick in enumerate(tricks) if trick.winner == seat), None)
                for count in (1, 2, 3, 4):
                    holdings[seat == a_seat, count] += 1
                    trickless[seat == a_seat, count] += first is None or first >= count
            hand = next(match.hand for match, action in steps if match.hand.lead >= 0)
            follower = hand.to_act
            play = next(action.code for match, action in steps if match.hand is hand)
            could = any(trick_winner_follows(hand.lead, card, hand.trump)
                        for card in range(20) if hand.hands[follower] & BIT[card])
            took = trick_winner_follows(hand.lead, play, hand.trump)
            follows[follower == a_seat, could, took] += 1
    print("still without a trick, holding the same cards:")
    for count in (1, 2, 3, 4):
        shares = "  ".join(f"{NAMES[bot]} {trickless[bot, count] / holdings[bot, count]:.1%}" for bot in (True, False))
        print(f"  after {count} trick{'s' if count > 1 else ''}: {shares}  ({holdings[True, count]} holdings)")
    print("following on the first trick:")
    for bot in (True, False):
        print(f"  {NAMES[bot]}: could take it {follows[bot, True, True] + follows[bot, True, False]} "
              f"(took {follows[bot, True, True]}), could not {follows[bot, False, False]}")


if __name__ == "__main__":
    main(sys.argv[1:])
