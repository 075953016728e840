"""Hard: sample the hidden cards, search each sampled world, and take the best on average.

- Once the talon is exhausted nothing is hidden (the opponent holds exactly the unseen
  cards): the exact solver picks the move.
- Otherwise worlds consistent with the view are sampled (``world``) and every legal
  action is scored in each by alpha-beta on game points (``solver``): to the end of the
  hand from the last phase-1 lead or after closing, else ``DEPTHS`` tricks deep and then
  a static estimate fitted to played hands (``estimate``). Worlds are searched until a
  node budget is spent, so the choice depends only on the view and the rng;
  ``time_limit`` is a safety cap on top (past it the worlds searched so far decide).
- Plain sampling lets each world's search see the opponent's cards ("strategy fusion").
  Closing, the decision that matters most, is therefore scored without fusion: after
  closing, one first lead has to serve every world, and the close is worth that lead's
  average (not the average of each world's best lead). Below the root closing is
  searched only on the last phase-1 lead (``CLOSE_FROM``): an omniscient opponent that
  may close anywhere makes every early position look lost.
- A claim is made exactly when the seat's score is 66 or more; the trump jack is always
  exchanged (never worse with the same cards out); ties go to Medium's choice.
"""

import time

from ..cards import CLAIM, CLOSE, EXCHANGE, PAIR, SUIT_MASK, parse_action
from .heuristics import medium
from .solver import Budget, OutOfTime, action_values, outcome_value, search
from .world import WorldBuilder

NODE_BUDGET = 32_000  # about 55 ms of search in CPython on an idle core of the reference machine
MAX_WORLDS = 64
TRACE = None  # a list to collect (view, action means, worlds) for analysis, or None
DEFAULT_TIME_LIMIT = 0.14  # seconds; a cap, the node budget normally ends the search first

# The static estimate: a linear guess of the game points a seat can expect, fitted by
# least squares to the final results of 20,000 Medium-vs-Medium hands per preset, one
# weight vector per stage (talon cards drawn). Features, as the difference between the
# seat and its opponent: counted score, pending marriage points, trumps in hand, trump
# aces and tens, side aces, side tens, side marriages in hand, trump marriage in hand,
# "no trick yet", score above 33; and +1/-1 for being on lead.
WEIGHTS = {
    "auto": {
        2: (0.0435, 0.0151, 0.4862, 0.1816, 0.2424, 0.0655, 0.2340, 0.4748, -0.0144, -0.0354, 0.0144),
        4: (0.0393, 0.0147, 0.4382, 0.2221, 0.2292, 0.0378, 0.2587, 0.3872, 0.1527, -0.0165, 0.1585),
        6: (0.0366, 0.0113, 0.3908, 0.2500, 0.2126, -0.0012, 0.2938, 0.4002, 0.1134, -0.0098, 0.1397),
        8: (0.0303, 0.0120, 0.2950, 0.3559, 0.2217, -0.0274, 0.3194, 0.5506, -0.0571, 0.0054, 0.1660),
    },
    "manual": {
        2: (0.0571, 0.0, 0.5066, 0.0946, 0.2299, 0.0604, 0.2727, 0.3776, -0.0208, 0.0, 0.0208),
        4: (0.0433, 0.0, 0.4137, 0.1670, 0.2100, 0.0302, 0.2565, 0.4011, 0.1682, -0.0203, 0.1905),
        6: (0.0370, 0.0, 0.3416, 0.2098, 0.1684, -0.0147, 0.2901, 0.5047, 0.0067, -0.0040, 0.1418),
        8: (0.0276, 0.0, 0.2082, 0.3084, 0.1853, -0.0322, 0.3735, 0.7476, -0.1764, 0.0140, 0.0261),
    },
}


def _seat_features(h, P, M, T, seat, trump):
    score = P[seat] + M[seat] if T[seat] else 0
    pending = 0 if T[seat] else M[seat]
    trumps = h & SUIT_MASK[trump]
    trump_high = (trumps >> (5 * trump)) & 3
    side_aces = side_tens = side_pairs = 0
    for suit in range(4):
        if suit == trump:
            continue
        bits = (h >> (5 * suit)) & 31
        side_aces += bits & 1
        side_tens += (bits >> 1) & 1
        side_pairs += (bits & 12) == 12
    return (
        score, pending, bin(trumps).count("1"), (trump_high & 1) + (trump_high >> 1),
        side_aces, side_tens, side_pairs, h & PAIR[trump] == PAIR[trump],
        0 if T[seat] else 1, score - 33 if score > 33 else 0,
    )


def estimate(H, P, M, T, S, leader, root, hand) -> float:
    """The expected game points for ``root`` of a phase-1 position, by ``WEIGHTS``."""
    trump = hand.trump
    drawn = S[0]
    w = WEIGHTS[hand.rules.claim][drawn if drawn >= 2 else 2]
    mine = _seat_features(H[root], P, M, T, root, trump)
    theirs = _seat_features(H[1 - root], P, M, T, 1 - root, trump)
    value = w[10] if leader == root else -w[10]
    for i in range(10):
        value += w[i] * (mine[i] - theirs[i])
    return 3.0 if value > 3 else -3.0 if value < -3 else value


# Tricks searched before the static estimate, by talon cards drawn (0, 2, 4, 6, 8).
DEPTHS = {0: 2, 2: 2, 4: 2, 6: 1, 8: 99}
CLOSE_FROM = 8  # closing searched below the root only this late (talon cards drawn)
CLOSE_MARGIN = 0.0  # closing must beat playing on by this much (game points)


def _depth_for(view) -> int:
    if view.closed_by is not None or view.drawn >= 10:
        return 99
    return DEPTHS[view.drawn]


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
    close_wins = {}
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
                    world_close = action_values(child, seat, depth, leaf, budget, CLOSE_FROM)
                else:
                    world_sums[action] = search(child, seat, depth, leaf, budget,
                                                close_from=CLOSE_FROM)
        except OutOfTime:
            break
        for action, v in world_sums.items():
            sums[action] += v
        for lead, v in world_close.items():
            close_sums[lead] = close_sums.get(lead, 0.0) + v
            if v > 0:
                close_wins[lead] = close_wins.get(lead, 0) + 1
        worlds += 1
    if not worlds:
        return fallback
    if CLOSE in legal:
        if close_sums:
            lead = max(close_sums, key=close_sums.get)
            sums[CLOSE] = close_sums[lead] - CLOSE_MARGIN * worlds
            close_share = close_wins.get(lead, 0) / worlds
        else:
            sums[CLOSE] = -3.0 * worlds
            close_share = 0.0
    means = {a: s / worlds for a, s in sums.items()}
    if TRACE is not None:
        TRACE.append((view, means, worlds, close_share if CLOSE in legal else None))
    return _best(means, legal, fallback)


def _best(values: dict, legal, fallback: int, tolerance: float = 1e-9) -> int:
    top = max(values[a] for a in legal)
    if values.get(fallback, -99) >= top - tolerance:
        return fallback
    for a in legal:
        if values[a] >= top - tolerance:
            return a
    return legal[0]
