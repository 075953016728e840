"""Hard: sample the hidden cards, search each sampled world, and take the best on average.

- Once the talon is exhausted nothing is hidden (the opponent holds exactly the unseen
  cards): the exact solver picks the move.
- Otherwise worlds consistent with the view are sampled (``world``) and every legal
  action is scored in each by alpha-beta on game points (``solver``): to the end of the
  hand from late in phase 1 or after closing, else a few tricks deep and then a static
  estimate (``estimate``). Worlds are searched until a node budget is spent, so the
  choice depends only on the view and the rng; ``time_limit`` is a safety cap on top.
- Plain sampling lets each world's search see the opponent's cards ("strategy fusion").
  Closing, the decision that matters most, is therefore scored without fusion: after
  closing, one first lead has to serve every world, and the close is worth that lead's
  average (not the average of each world's best lead).
- A claim is made exactly when the seat's score is 66 or more; the trump jack is always
  exchanged (never worse with the same cards out); ties go to Medium's choice.
"""

import time

from ..cards import (
    CLAIM, CLOSE, EXCHANGE, MARRY, PAIR, POINTS, SUIT_MASK, SUITS, cards_of, parse_action,
)
from .heuristics import medium
from .solver import Budget, OutOfTime, action_values, outcome_value, search
from .world import WorldBuilder

NODE_BUDGET = 40_000  # about 70 ms of search in CPython on the reference machine
MAX_WORLDS = 64
DEFAULT_TIME_LIMIT = 0.2  # seconds; a cap, the node budget normally ends the search first

# Static estimate of a card in hand while the talon is open: its points plus a bonus
# for power (trumps win tricks; aces and tens are points the holder will likely keep).
TRUMP_BONUS = (9, 8, 5, 4, 4)
SIDE_BONUS = (2, -1, -1, -1, 0)


def estimate(H, P, M, T, S, leader, root, hand) -> float:
    """A quick guess of the game points ``root`` can expect from a phase-1 position."""
    trump = hand.trump
    total = [0.0, 0.0]
    for seat in (0, 1):
        h = H[seat]
        value = P[seat] + (M[seat] if T[seat] else 0.75 * M[seat])
        for card in cards_of(h):
            rank = card % 5
            if card // 5 == trump:
                value += POINTS[card] * 0.5 + TRUMP_BONUS[rank]
            else:
                value += POINTS[card] * 0.35 + SIDE_BONUS[rank]
        for suit in range(4):
            if h & PAIR[suit] == PAIR[suit]:
                value += 28 if suit == trump else 14
        total[seat] = value
    total[leader] += 3
    diff = total[root] - total[1 - root]
    # map the point margin to expected game points (roughly tanh)
    x = diff / 28.0
    if x > 3:
        return 1.9
    if x < -3:
        return -1.9
    e = 2.718281828459045 ** (2 * x)
    return 1.9 * (e - 1) / (e + 1)


def _depth_for(view) -> int:
    if view.closed_by is not None or view.drawn >= 6:
        return 99
    if view.drawn >= 4:
        return 2
    return 1


def choose(view, rng, time_limit=None) -> int:
    legal = [parse_action(a) for a in view.legal]
    seat = view.seat
    if len(legal) == 1:
        return legal[0]
    if CLAIM in legal:
        if view.scores[seat] >= 66:
            return CLAIM
        legal.remove(CLAIM)
    if EXCHANGE in legal:
        return EXCHANGE
    if len(legal) == 1:
        return legal[0]
    deadline = time.perf_counter() + (time_limit if time_limit is not None else DEFAULT_TIME_LIMIT)
    builder = WorldBuilder(view)
    fallback = medium(view, rng)
    budget = Budget(deadline=deadline)
    try:
        if builder.exact():
            values = action_values(builder.sample(rng), seat, budget=budget)
            return _best(values, legal, fallback)
    except OutOfTime:
        return fallback

    depth = _depth_for(view)
    leaf = estimate if depth < 99 else None
    sums = {a: 0.0 for a in legal}
    close_sums = {}
    worlds = 0
    while worlds < MAX_WORLDS and budget.nodes < NODE_BUDGET:
        world = builder.sample(rng)
        world_sums = {}
        world_close = {}
        try:
            for action in legal:
                child = world.copy()
                child.step(action)
                if child.outcome is not None:
                    world_sums[action] = outcome_value(child.outcome, seat)
                elif action == CLOSE:
                    world_close = action_values(child, seat, depth, leaf, budget)
                else:
                    world_sums[action] = search(child, seat, depth, leaf, budget)
        except OutOfTime:
            break
        for action, v in world_sums.items():
            sums[action] += v
        for lead, v in world_close.items():
            close_sums[lead] = close_sums.get(lead, 0.0) + v
        worlds += 1
    if not worlds:
        return fallback
    if CLOSE in legal:
        sums[CLOSE] = max(close_sums.values()) if close_sums else -3.0 * worlds
    means = {a: s / worlds for a, s in sums.items()}
    return _best(means, legal, fallback)


def _best(values: dict, legal, fallback: int, tolerance: float = 1e-9) -> int:
    top = max(values[a] for a in legal)
    if values.get(fallback, -99) >= top - tolerance:
        return fallback
    for a in legal:
        if values[a] >= top - tolerance:
            return a
    return legal[0]
