"""Perfect-information search of one world: every card, the talon order included, known.

``action_values(hand, root)`` scores each legal action of the seat to act by alpha-beta on
game points, signed for ``root`` (+3 .. -3; no hand is drawn, so never 0). Once the talon
is exhausted or closed the search runs to the end of the hand and is exact: that is the
endgame solver. While the talon is open the search may stop after ``depth`` more tricks
and score the position with ``leaf`` (see ``rollout_leaf``).

The search keeps its own compact state (masks and counters with undo) rather than
copying ``Hand`` objects; ``tests/bot`` checks it against brute force over ``Hand.step``.
Inside the search a few choices are made without branching because they never hurt with
every card in sight: the trump jack is always exchanged, a king or queen of a held pair is
always led with its marriage declared (except the queen when the king must be led), and
under manual claiming a seat on lead with 66 claims at once (waiting can only let the
opponent gain tricks and points).
"""

from time import perf_counter

from ..cards import (
    BIT, FOLLOWER_WINS, HIGHER, JACK, KING, PAIR, POINTS, QUEEN, SUIT_MASK, cards_of,
)

INF = 9


class OutOfTime(Exception):
    """Raised inside a search when the budget's deadline has passed."""


class Budget:
    """A node counter shared by searches; ``spent`` once ``limit`` nodes were visited.

    Past ``limit`` a search with a ``leaf`` scores further phase-1 positions statically.
    With a ``deadline`` (a ``time.perf_counter()`` value) a search raises ``OutOfTime``
    once it has passed (checked every 512 nodes).
    """

    __slots__ = ("nodes", "limit", "deadline")

    def __init__(self, limit: int = 1 << 60, deadline: float | None = None):
        self.nodes = 0
        self.limit = limit
        self.deadline = deadline

    @property
    def spent(self) -> bool:
        return self.nodes >= self.limit


def outcome_value(outcome, root: int) -> int:
    return outcome.game_points if outcome.winner == root else -outcome.game_points


def action_values(hand, root: int, depth: int = 99, leaf=None, budget=None,
                  close_from: int = 0) -> dict:
    """{action int: value for ``root``} for every legal action of the seat to act."""
    values = {}
    for action in hand.legal_actions():
        child = hand.copy()
        child.step(action)
        if child.outcome is not None:
            values[action] = outcome_value(child.outcome, root)
        else:
            values[action] = search(child, root, depth, leaf, budget, close_from=close_from)
    return values


def search(hand, root: int, depth: int = 99, leaf=None, budget=None,
           alpha: int = -INF, beta: int = INF, close_from: int = 0) -> int:
    """The value for ``root`` of a hand in play (not over), by alpha-beta.

    Closing is searched only at positions with at least ``close_from`` talon cards
    drawn (10: never): a search that sees every card makes closing look better than
    it is, so a caller may keep it out of the early game."""
    rules = hand.rules
    auto = rules.claim == "auto"
    leads_king = rules.marriage_leads_king
    trick_first_marriage = rules.trick_before_marriage
    trick_first_exchange = rules.trick_before_exchange
    exchange_two = rules.exchange_with_two_left
    close_two = rules.close_with_two_left
    counts_later = rules.closing_counts_later_tricks
    trump = hand.trump
    trump_mask = SUIT_MASK[trump]
    trump_jack = 5 * trump + JACK
    wins = FOLLOWER_WINS[trump]
    talon = hand.talon

    H = hand.hands[:]
    P = hand.points[:]
    M = hand.marriage_points[:]
    T = hand.tricks[:]
    # mutable scalars live in a list: [drawn, trump_card, closer, at_close_tricks, at_close_score]
    S = [hand.drawn, hand.trump_card, hand.closed_by,
         hand.at_close[0] if hand.at_close else 0, hand.at_close[1] if hand.at_close else 0]
    if budget is None:
        budget = Budget()

    def win_points(seat):
        """Game points ``seat`` wins by going out now (engine: Hand._win_points)."""
        other = 1 - seat
        closer = S[2]
        if closer == seat and not counts_later:
            tricks, score = S[3], S[4]
        elif closer >= 0 and closer != seat:
            return 2 if S[3] else 3
        else:
            tricks = T[other]
            score = P[other] + M[other] if tricks else 0
        return 3 if not tricks else 2 if score < 33 else 1

    def out(seat):
        g = win_points(seat)
        return g if seat == root else -g

    def last_trick(winner):
        closer = S[2]
        if closer < 0:
            return 1 if winner == root else -1
        if winner == closer and P[closer] + M[closer] >= 66:
            return out(closer)
        g = 2 if S[3] else 3
        return g if closer != root else -g

    deadline = budget.deadline

    def lead_node(L, depth, alpha, beta, may_close):
        budget.nodes += 1
        if deadline is not None and not budget.nodes & 511 and perf_counter() > deadline:
            raise OutOfTime
        if not auto and T[L] and P[L] + M[L] >= 66:
            return out(L)
        drawn, trump_card, closer = S[0], S[1], S[2]
        phase1 = closer < 0 and drawn < 10
        if phase1 and depth <= 0 and leaf is not None:
            return leaf(H, P, M, T, S, L, root, hand)
        maximize = L == root
        best = -INF if maximize else INF
        exchanged = False
        if (phase1 and H[L] & BIT[trump_jack] and (drawn != 8 or exchange_two)
                and (T[L] or not trick_first_exchange)):
            H[L] = H[L] & ~BIT[trump_jack] | BIT[trump_card]
            S[1] = trump_jack
            exchanged = True
        h = H[L]
        may_marry = T[L] or not trick_first_marriage
        try:
            for card in cards_of(h):
                rank = card % 5
                married = 0
                if (may_marry and (rank == KING or (rank == QUEEN and not leads_king))
                        and h & PAIR[card // 5] == PAIR[card // 5]):
                    married = 40 if card // 5 == trump else 20
                    M[L] += married
                if married and T[L] and P[L] + M[L] >= 66:
                    v = out(L)  # the marriage itself reaches 66: the hand ends here
                else:
                    H[L] = h & ~BIT[card]
                    v = follow_node(L, card, depth, alpha, beta)
                    H[L] = h
                if married:
                    M[L] -= married
                if maximize:
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                else:
                    if v < best:
                        best = v
                        if v < beta:
                            beta = v
                if alpha >= beta:
                    return best
            if phase1 and may_close and drawn >= close_from and (drawn != 8 or close_two):
                other = 1 - L
                S[2] = L
                S[3] = T[other]
                S[4] = P[other] + M[other] if T[other] else 0
                v = lead_node(L, depth, alpha, beta, False)
                S[2], S[3], S[4] = -1, 0, 0
                if maximize:
                    if v > best:
                        best = v
                else:
                    if v < best:
                        best = v
            return best
        finally:
            if exchanged:
                H[L] = H[L] & ~BIT[trump_card] | BIT[trump_jack]
                S[1] = trump_card

    def follow_node(L, lead, depth, alpha, beta):
        budget.nodes += 1
        F = 1 - L
        h = H[F]
        drawn, trump_card, closer = S[0], S[1], S[2]
        phase1 = closer < 0 and drawn < 10
        if phase1:
            plays = h
        else:
            same = h & SUIT_MASK[lead // 5]
            if same:
                plays = (same & HIGHER[lead]) or same
            else:
                plays = (h & trump_mask) or h
        maximize = F == root
        best = -INF if maximize else INF
        base = POINTS[lead]
        row = lead * 20
        for card in reversed(cards_of(plays)):
            H[F] = h & ~BIT[card]
            w = F if wins[row + card] else L
            loser = 1 - w
            gained = base + POINTS[card]
            P[w] += gained
            T[w] += 1
            if phase1:
                H[w] |= BIT[talon[drawn]]
                H[loser] |= BIT[talon[drawn + 1]] if drawn < 8 else BIT[trump_card]
                S[0] = drawn + 2
            if auto and P[w] + M[w] >= 66:
                v = out(w)
            elif not H[w]:
                v = last_trick(w)
            elif leaf is not None and budget.nodes >= budget.limit and S[0] < 10 and S[2] < 0:
                v = leaf(H, P, M, T, S, w, root, hand)
            else:
                v = lead_node(w, depth - 1, alpha, beta, True)
            if phase1:
                S[0] = drawn
                H[w] &= ~BIT[talon[drawn]]
                H[loser] &= ~(BIT[talon[drawn + 1]] if drawn < 8 else BIT[trump_card])
            T[w] -= 1
            P[w] -= gained
            H[F] = h
            if maximize:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        return best

    if hand.lead >= 0:
        return follow_node(hand.leader, hand.lead, depth, alpha, beta)
    L = hand.leader
    if hand.married >= 0:
        # A marriage was declared on this lead: lead its king (or queen); points counted.
        maximize = L == root
        best = -INF if maximize else INF
        pair = PAIR[hand.married]
        if leads_king:
            pair &= ~BIT[5 * hand.married + QUEEN]
        h = H[L]
        for card in cards_of(pair):
            H[L] = h & ~BIT[card]
            v = follow_node(L, card, depth, alpha, beta)
            H[L] = h
            if maximize:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best
    return lead_node(L, depth, alpha, beta, hand.closed_by < 0)
