"""Hard with its own next decision shared by the worlds that look the same to it.

Plain Hard values a root action in each sampled world by a search that sees every card:
below the root Hard plays each world's best, as if it knew which world it is in
("strategy fusion"). ``SharedNext`` takes one ply of that away. For each root action every
world is played on to Hard's next decision, the opponent's actions on the way chosen in
the world by the search as before (it sees every card, and expects Hard to). There each
of Hard's legal actions is valued by the search, as deep as the iteration's horizon. The
worlds where Hard would see the same thing then (its own cards, and every action since
the root) must take the same action there: the one with the best weighed mean over them,
in what a result is worth to the search (``Search.value``). The root action is worth, in
each world, what that shared action gives there. It is one pass: the opponent's choice
does not look at Hard's shared action.

A world that reaches the horizon, or the end of the hand, before Hard decides again
keeps the plain value. So does closing at the root (already one lead for every world,
``Search._close_value``), and an exact view (one world).

``python -m bummerl_lab.choices ... --search shared-next`` judges it against the merged
Hard decision by decision.
"""

from bummerl.bots import hard
from bummerl.bots.solver import MAX_VALUE, outcome_value, search
from bummerl.cards import CLAIM, CLOSE, EXCHANGE, KING, MARRY, QUEEN
from bummerl.rules import GOAL


class Shared(float):
    """A world's value of a root action that waits on the other worlds: as a float the
    plain value (each world's best next action, what ``Search`` checks a world by); ``key``
    what Hard sees at its next decision, ``after`` {next action: value in this world}."""

    __slots__ = ("key", "after")

    def __new__(cls, key, after: dict):
        value = super().__new__(cls, max(after.values()))
        value.key, value.after = key, after
        return value


def _tricks(hand) -> int:
    return hand.tricks[0] + hand.tricks[1]


class SharedNext(hard.Search):
    """``hard.Search`` whose worlds share Hard's next decision (see the module)."""

    def _value_after(self, world, action: int, depth: int, leaf, table) -> float:
        if self.exact:
            return super()._value_after(world, action, depth, leaf, table)
        hand = world.copy()
        hand.step(action)
        start = _tricks(world)
        # tricks to finish from the root before the estimate scores (``value_after``
        # searches ``depth`` tricks after the action, the one in play counted)
        horizon = depth + _tricks(hand) - start
        path = [action]

        def after(move, beta=MAX_VALUE):  # the value once the seat to act plays ``move``
            child = hand.copy()
            child.step(move)
            if child.outcome is not None:
                return outcome_value(child.outcome, self.seat)
            return self._search(child, horizon - (_tricks(child) - start), leaf, table, beta)

        while True:
            if hand.outcome is not None:
                return outcome_value(hand.outcome, self.seat)
            done = _tricks(hand) - start
            if done >= horizon and hand.lead < 0 and hand.married < 0:
                return self._search(hand, horizon - done, leaf, table)
            legal = self._candidates(hand)
            if len(legal) == 1:  # a forced or settled action: nothing to choose
                hand.step(legal[0])
                path.append(legal[0])
                continue
            if hand.to_act == self.seat:
                return Shared((tuple(path), hand.hands[self.seat]), {move: after(move) for move in legal})
            best = best_move = None
            for move in legal:  # the opponent's best in this world: only a better one is exact
                v = after(move, MAX_VALUE if best is None else best)
                if best is None or v < best:
                    best, best_move = v, move
            hand.step(best_move)
            path.append(best_move)

    def _candidates(self, hand) -> list:
        """The actions the search would weigh for the seat to act: the exchange and a due
        claim at once (as ``solver.search`` plays them), closing only where the search
        lets that seat close (``CLOSE_FROM``), never a claim short of 66, a king or queen
        of a pair it may declare only declared."""
        legal = hand.legal_actions()
        seat = hand.to_act
        if EXCHANGE in legal:
            return [EXCHANGE]
        if CLAIM in legal:
            if hand.score(seat) >= GOAL:
                return [CLAIM]
            legal.remove(CLAIM)
        if CLOSE in legal:
            root_from, other_from = hard.CLOSE_FROM
            if hand.drawn < (root_from if seat == self.seat else other_from):
                legal.remove(CLOSE)
        for suit in range(4):  # a king or queen of a pair the seat may declare is led declared
            if MARRY + suit in legal:
                legal = [a for a in legal if a not in (5 * suit + KING, 5 * suit + QUEEN)]
        return legal

    def _search(self, hand, depth: int, leaf, table, beta: float = MAX_VALUE) -> float:
        return search(hand, self.seat, depth, leaf, self.budget, hard.CLOSE_FROM, table,
                      -MAX_VALUE, beta)

    def _world_values(self, count: int, worth) -> list:
        """Each world's values with Hard's next action shared: per root action and what
        Hard sees then, the next action with the best weighed mean (by ``worth``) over the
        worlds that see it; each world's value what that action gives there."""
        finished, weights = self.finished[:count], self.weights[:count]
        totals = {}
        for weight, values in zip(weights, finished):
            for action, value in values.items():
                if type(value) is Shared:
                    sums = totals.setdefault((action, value.key), dict.fromkeys(value.after, 0.0))
                    for move, v in value.after.items():
                        sums[move] += weight * worth(v)
        shared = {key: max(sums, key=sums.__getitem__) for key, sums in totals.items()}
        return [{action: value.after[shared[action, value.key]] if type(value) is Shared else value
                 for action, value in values.items()}
                for values in finished]
