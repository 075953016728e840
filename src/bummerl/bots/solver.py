"""Perfect-information search of one world: every card, the talon order included, known.

``action_values(hand, root)`` scores each legal action of the seat to act by alpha-beta on
game points, signed for ``root`` (+3 .. -3; no hand is drawn, so never 0). Once the talon
is exhausted or closed the search runs to the end of the hand and is exact: that is the
endgame solver. While the talon is open the search may stop after ``depth`` more tricks
and score the position with ``leaf``, a static estimate (see ``hard.estimate``).

The search keeps its own compact state (``Position``: masks and counters, changed and
undone in place) rather than copying ``Hand`` objects, and so its own fast copy of the
scoring rules (``Position.win_points``, ``Position.last_trick_value``: the engine's are
``Hand._win_points`` and ``Hand._last_trick_played``). ``tests/bot`` checks the search,
scoring included, against brute force over ``Hand.step`` under every rule option.

Inside the search a few choices are made without branching because they never hurt with
every card in sight: the trump jack is always exchanged, a king or queen of a held pair is
always led with its marriage declared (except the queen when the king must be led), and
under manual claiming a seat on lead with 66 claims at once (waiting can only let the
opponent gain tricks and points).

A ``table`` (a dict, one per world and root seat) keeps what earlier searches learnt about
positions at the start of a trick: a bound on their value at a given depth and the best
lead found. Searches of several root actions and of growing depths (iterative deepening)
share it: a transposition is not searched twice, and the best lead of the last iteration
is tried first. Then the likeliest best moves: a king that declares its marriage, aces and
tens, jacks last on a lead; the cards that take the trick first on a follow. The order
changes no value, only how soon alpha-beta cuts (about 40% fewer nodes than suit by suit).
"""

from time import perf_counter

from ..cards import (
    BIT, CARDS_HIGH, CARDS_LOW, CLOSE, FOLLOWER_WINS, HIGHER, JACK, KING, PAIR, POINTS, QUEEN, RANK_OF,
    SUIT_MASK, SUIT_OF, cards_by_bits, cards_of,
)
from ..rules import GOAL, SCHNEIDER, marriage_points

INF = 9
# Every value lies within -MAX_VALUE .. +MAX_VALUE: game points, and a ``leaf`` estimate
# clipped to them (``hard.estimate``). That is a search's first window: a line worth the
# most there is ends the search of its node (a tenth fewer nodes, the same values).
MAX_VALUE = 3
# TAKERS[trump][lead]: the cards that take a trick ``lead`` opened (a mask).
TAKERS = tuple(
    tuple(sum(BIT[c] for c in range(20) if FOLLOWER_WINS[trump][lead * 20 + c])
          for lead in range(20))
    for trump in range(4))
EXACT = 99  # the depth that means "to the end of the hand"
# Kinds of bound a table entry holds.
LOWER, UPPER, TRUE_VALUE = 0, 1, 2


class OutOfBudget(Exception):
    """Raised inside a search when the budget's node limit or deadline has passed."""


class Budget:
    """Nodes visited by searches, with an optional node ``limit`` and ``deadline`` (a
    ``time.perf_counter()`` value): past either, a search raises ``OutOfBudget``. Both
    are checked every 256 nodes, so a node limit stops a search at the same node on
    every machine."""

    __slots__ = ("nodes", "limit", "deadline")

    def __init__(self, limit: int | None = None, deadline: float | None = None):
        self.nodes = 0
        self.limit = limit
        self.deadline = deadline

    def check(self) -> None:
        """Raise ``OutOfBudget`` once the node limit or the deadline has passed."""
        if self.limit is not None and self.nodes >= self.limit:
            raise OutOfBudget
        if self.deadline is not None and perf_counter() > self.deadline:
            raise OutOfBudget


def outcome_value(outcome, root: int) -> int:
    """The game points a finished hand's ``outcome`` gives ``root`` (negative when lost)."""
    return outcome.game_points if outcome.winner == root else -outcome.game_points


def action_values(hand, root: int, depth: int = EXACT, leaf=None, budget=None,
                  close_from: int = 0, table=None) -> dict:
    """{action int: value for ``root``} for every legal action of the seat to act."""
    return {action: value_after(hand, action, root, depth, leaf, budget, close_from, table)
            for action in hand.legal_actions()}


def value_after(hand, action: int, root: int, depth: int, leaf, budget: Budget,
                close_from: int = 0, table=None) -> float:
    """The value for ``root`` of ``hand`` (left unchanged) after ``action``: the outcome's
    if it ends the hand, else the search's."""
    child = hand.copy()
    child.step(action)
    if child.outcome is not None:
        return outcome_value(child.outcome, root)
    return search(child, root, depth, leaf, budget, close_from, table)


class Position:
    """The searched state of a hand, changed and undone in place by the search.

    Per seat: ``hands`` (masks), ``points`` (card points in tricks), ``declared``
    (marriage points declared; they count once the seat has a trick), ``tricks`` (tricks
    won). Shared: ``drawn`` (talon cards drawn, 10 when exhausted), ``trump_card`` (the
    face-up card, -1 once drawn), ``closer`` (the seat that closed, -1) and, when closed,
    ``closer_opp_tricks`` / ``closer_opp_score`` (the opponent's at the close). ``talon``,
    ``talon_left`` (by cards drawn, the talon cards not yet drawn as a mask, the face-up
    trump card apart), ``trump`` and ``rules`` never change.
    """

    __slots__ = (
        "rules", "talon", "talon_left", "trump", "hands", "points", "declared", "tricks", "drawn",
        "trump_card", "closer", "closer_opp_tricks", "closer_opp_score",
    )

    def __init__(self, hand):
        self.rules = hand.rules
        self.talon = hand.talon
        left = [0] * 11
        for drawn in range(len(hand.talon) - 1, -1, -1):
            left[drawn] = left[drawn + 1] | BIT[hand.talon[drawn]]
        self.talon_left = tuple(left)
        self.trump = hand.trump
        self.hands = hand.hands[:]
        self.points = hand.points[:]
        self.declared = hand.marriage_points[:]
        self.tricks = hand.tricks[:]
        self.drawn = hand.drawn
        self.trump_card = hand.trump_card
        self.closer = hand.closed_by
        self.closer_opp_tricks, self.closer_opp_score = hand.at_close or (0, 0)

    def score(self, seat: int) -> int:
        """The seat's points as they count for 66: none before its first trick."""
        return self.points[seat] + self.declared[seat] if self.tricks[seat] else 0

    def win_points(self, seat: int) -> int:
        """Game points ``seat`` wins by going out now (engine: ``Hand._win_points``)."""
        closer = self.closer
        if closer >= 0 and closer != seat:
            return 2 if self.closer_opp_tricks else 3
        if closer == seat and not self.rules.closing_counts_later_tricks:
            tricks, score = self.closer_opp_tricks, self.closer_opp_score
        else:  # (the opponent's score counts only once it has a trick, as ``score`` says)
            other = 1 - seat
            tricks, score = self.tricks[other], self.points[other] + self.declared[other]
        return 3 if not tricks else 2 if score < SCHNEIDER else 1

    def goes_out(self, seat: int, root: int) -> int:
        """The value for ``root`` when ``seat`` reaches 66 (engine: ``Hand._goes_out``;
        the closer's opponent going out fails the close, which ``win_points`` grades)."""
        points = self.win_points(seat)
        return points if seat == root else -points

    def last_trick_value(self, winner: int, root: int) -> int:
        """The value for ``root`` when ``winner`` took the last trick without going out
        before (engine: ``Hand._last_trick_played``)."""
        closer = self.closer
        if closer < 0:
            return 1 if winner == root else -1
        if winner == closer and self.score(closer) >= GOAL:
            return self.goes_out(closer, root)
        points = 2 if self.closer_opp_tricks else 3  # a failed close
        return points if closer != root else -points


# The orders the search tries moves in, read from tables of 10-bit masks (a few lookups
# per node instead of a sort). A card's place among the leads is by rank (aces first,
# jacks last), then by suit; the answers come in card order or in reverse card order.
_PLACE = tuple(RANK_OF[c] * 4 + SUIT_OF[c] for c in range(20))
_AT_PLACE = sorted(range(20), key=_PLACE.__getitem__)
_PLACES_LOW, _PLACES_HIGH = (tuple(sum(1 << _PLACE[c] for c in cards) for cards in table)
                             for table in (CARDS_LOW, CARDS_HIGH))
_BY_PLACE_LOW, _BY_PLACE_HIGH = cards_by_bits(_AT_PLACE[:10]), cards_by_bits(_AT_PLACE[10:])
_REVERSED_LOW, _REVERSED_HIGH = (tuple(cards[::-1] for cards in table) for table in (CARDS_LOW, CARDS_HIGH))


def _married(cards: tuple, suits: tuple) -> tuple:
    """The kings of the pairs among ``cards`` (of ``suits``), the later suit first, and their mask."""
    kings = tuple(5 * s + KING for s in reversed(suits) if 5 * s + KING in cards and 5 * s + QUEEN in cards)
    return kings, sum(BIT[king] for king in kings)


# ``_married`` of the cards of each 10-bit half of a hand (suits H D, or C S).
_MARRIED_LOW = tuple(_married(cards, (0, 1)) for cards in CARDS_LOW)
_MARRIED_HIGH = tuple(_married(cards, (2, 3)) for cards in CARDS_HIGH)


def lead_order(held: int, may_marry: bool, may_close: bool, first: int) -> list:
    """The leads from ``held`` (a mask) in the order the search tries them: the likeliest
    best first, so that alpha-beta cuts sooner. ``first`` (the best lead an earlier search
    of the position found, -1: none) leads the way; then a king that declares its marriage
    (with ``may_marry``; the later suit's first), aces and tens, jacks last (suits H D C S
    within a rank); the close (``CLOSE``, with ``may_close``) after every card. With the
    takers first on follows (``search``) this visits about 40% fewer nodes than suit by
    suit for the same values (``python -m bummerl_lab.nodes --max-depth 3`` counts them).

    >>> from bummerl.cards import action_str, parse_card
    >>> held = sum(1 << parse_card(c) for c in ("JH", "KS", "QS", "AD"))
    >>> [action_str(a) for a in lead_order(held, True, True, -1)]
    ['play KS', 'play AD', 'play QS', 'play JH', 'close']
    """
    kings = ()
    if may_marry:
        high, low = _MARRIED_HIGH[held >> 10], _MARRIED_LOW[held & 1023]
        if high[1] | low[1]:
            kings = high[0] + low[0]
            held &= ~(high[1] | low[1])
    places = _PLACES_LOW[held & 1023] | _PLACES_HIGH[held >> 10]
    moves = [*kings, *_BY_PLACE_LOW[places & 1023], *_BY_PLACE_HIGH[places >> 10]]
    if may_close:
        moves.append(CLOSE)
    if first >= 0 and first in moves and moves[0] != first:
        moves.remove(first)
        moves.insert(0, first)
    return moves


def search(hand, root: int, depth: int = EXACT, leaf=None, budget=None,
           close_from: int = 0, table=None, alpha: int = -MAX_VALUE, beta: int = MAX_VALUE):
    """The value for ``root`` of a hand in play (not over), by alpha-beta.

    ``depth`` counts tricks to search before ``leaf(position, leader, root)`` scores a
    phase-1 position (``EXACT``: to the end). Closing is searched only at positions with
    at least ``close_from`` talon cards drawn (10: never): a search that sees every card
    makes closing look better than it is, so a caller may keep it out of the early game.
    A pair gives the threshold for ``root`` and for its opponent.

    The search is three closures over one ``Position`` changed and undone in place (closures
    and local names because this is the hot path: attribute lookups cost speed):
    ``lead_node`` (a seat on lead: the table, the exchange made without branching, each
    lead in ``lead_order``, a marriage declared with its king or queen), ``follow_node``
    (the answer that ends a trick: points, the talon's cards drawn, going out or the last
    trick) and ``horizon`` (a phase-1 position past ``depth``: going out by a marriage, or
    the estimate ``leaf``). The root may be a lead, a follow, or the lead after a marriage
    was declared.
    """
    pos = Position(hand)
    root_close_from, other_close_from = close_from if isinstance(close_from, tuple) else (close_from, close_from)
    rules = pos.rules
    auto = rules.claim == "auto"
    leads_king = rules.marriage_leads_king
    trick_first_marriage = rules.trick_before_marriage
    trick_first_exchange = rules.trick_before_exchange
    exchange_two = rules.exchange_with_two_left
    close_two = rules.close_with_two_left
    trump = pos.trump
    trump_mask = SUIT_MASK[trump]
    trump_jack = 5 * trump + JACK
    takers = TAKERS[trump]
    talon = pos.talon
    hands, points, declared, tricks = pos.hands, pos.points, pos.declared, pos.tricks
    most_declared = marriage_points(trump, trump)
    jack_bit = BIT[trump_jack]
    # per card: the pair a lead of it declares (a king, or a queen where the king need not
    # lead; 0: none), and what the marriage of each suit is worth
    marries = tuple(PAIR[card // 5] if card % 5 == KING or card % 5 == QUEEN and not leads_king else 0
                    for card in range(20))
    married_points = tuple(marriage_points(suit, trump) for suit in range(4))
    if budget is None:
        budget = Budget()
    if table is None:
        table = {}

    def horizon(leader):
        """The value of a phase-1 position at the search's horizon, ``leader`` on lead:
        going out where the leader can at once by declaring a marriage (the estimate only
        guesses it; going out now scores the most, as the opponent's tricks and points
        only grow), else the estimate ``leaf``."""
        if tricks[leader]:
            need = GOAL - points[leader] - declared[leader]
            if need <= most_declared:
                held = hands[leader]
                for suit in range(4):
                    if held & PAIR[suit] == PAIR[suit] and marriage_points(suit, trump) >= need:
                        return pos.goes_out(leader, root)
        return leaf(pos, leader, root)

    def lead_node(leader, depth, alpha, beta, may_close):
        """The value for ``root`` with ``leader`` on lead, ``depth`` tricks left before the
        horizon, within (``alpha``, ``beta``); ``may_close``: False right after a close.
        Probes and fills the table; the exchange is made without branching."""
        budget.nodes += 1
        if not budget.nodes & 255:
            budget.check()
        if not auto and tricks[leader] and points[leader] + declared[leader] >= GOAL:
            return pos.goes_out(leader, root)
        drawn, trump_card = pos.drawn, pos.trump_card
        phase1 = pos.closer < 0 and drawn < 10
        exchanges = (phase1 and hands[leader] & jack_bit and (drawn != 8 or exchange_two)
                     and (tricks[leader] or not trick_first_exchange))
        if not phase1:
            depth = EXACT  # no leaf below: the value is exact whatever depth was asked
        elif depth <= 0 and leaf is not None:
            if not exchanges:
                return horizon(leader)
            swap = jack_bit | BIT[trump_card]  # the exchange, as below
            hands[leader] ^= swap
            pos.trump_card = trump_jack
            try:
                return horizon(leader)
            finally:
                hands[leader] ^= swap
                pos.trump_card = trump_card
        # The table's key: everything that decides the value of a position at the start
        # of a trick, for one world (its talon order fixed): both hands, the leader, the
        # talon drawn, the trump card, a close and its grading, points and marriages
        # (whether a seat has a trick too: it has points then, every card has some). A
        # flat tuple: in Pyodide packing them in one int took four times as long.
        closer = pos.closer
        if closer < 0:
            key = (hands[0], hands[1], leader, drawn, trump_card, closer, points[0], points[1],
                   declared[0], declared[1])
        else:
            key = (hands[0], hands[1], leader, drawn, trump_card, closer, points[0], points[1],
                   declared[0], declared[1], pos.closer_opp_tricks > 0, pos.closer_opp_score < SCHNEIDER)
        entry = table.get(key)
        first = -1
        if entry is not None:
            entry_depth, kind, value, first = entry
            if entry_depth >= depth:
                if kind == TRUE_VALUE:
                    return value
                if kind == LOWER and value >= beta:
                    return value
                if kind == UPPER and value <= alpha:
                    return value
        alpha0, beta0 = alpha, beta
        maximize = leader == root
        best = -INF if maximize else INF
        best_move = -1
        swap = 0  # an exchange made: the jack's and the trump card's bits
        if exchanges:
            swap = jack_bit | BIT[trump_card]
            hands[leader] ^= swap
            pos.trump_card = trump_jack
        held = hands[leader]
        may_marry = tricks[leader] or not trick_first_marriage
        closes = (phase1 and may_close and drawn >= (root_close_from if leader == root else other_close_from)
                  and (drawn != 8 or close_two))
        moves = lead_order(held, may_marry, closes, first)
        try:
            for move in moves:
                if move == CLOSE:
                    other = 1 - leader
                    pos.closer = leader
                    pos.closer_opp_tricks = tricks[other]
                    pos.closer_opp_score = pos.score(other)
                    v = lead_node(leader, depth, alpha, beta, False)
                    pos.closer, pos.closer_opp_tricks, pos.closer_opp_score = -1, 0, 0
                else:
                    pair = marries[move]
                    if may_marry and pair and held & pair == pair:
                        married = married_points[move // 5]
                        declared[leader] += married
                        if tricks[leader] and points[leader] + declared[leader] >= GOAL:
                            v = pos.goes_out(leader, root)  # the marriage itself reaches 66
                        else:
                            hands[leader] = held ^ BIT[move]
                            v = follow_node(leader, move, depth, alpha, beta)
                            hands[leader] = held
                        declared[leader] -= married
                    else:
                        hands[leader] = held ^ BIT[move]
                        v = follow_node(leader, move, depth, alpha, beta)
                        hands[leader] = held
                if maximize:
                    if v > best:
                        best, best_move = v, move
                        if v > alpha:
                            alpha = v
                elif v < best:
                    best, best_move = v, move
                    if v < beta:
                        beta = v
                if alpha >= beta:
                    break
        finally:
            if swap:
                hands[leader] ^= swap
                pos.trump_card = trump_card
        if best <= alpha0:
            kind = UPPER
        elif best >= beta0:
            kind = LOWER
        else:
            kind = TRUE_VALUE
        table[key] = (depth, kind, best, best_move)
        return best

    def follow_node(leader, lead, depth, alpha, beta):
        """The value for ``root`` once the follower answers ``lead`` (``leader`` led it):
        each legal answer ends the trick, the winner's points and the talon's cards are
        taken, and the winner leads on (or the hand ends)."""
        budget.nodes += 1
        if not budget.nodes & 255:  # here too: leads and follows alternate, and a count
            budget.check()  # that met every 256th node only at leads could miss it for long
        follower = 1 - leader
        held = hands[follower]
        drawn, trump_card = pos.drawn, pos.trump_card
        phase1 = pos.closer < 0 and drawn < 10
        if phase1:
            plays = held
        else:
            same = held & SUIT_MASK[lead // 5]
            if same:
                plays = (same & HIGHER[lead]) or same
            else:
                plays = (held & trump_mask) or held
        maximize = follower == root
        best = -INF if maximize else INF
        base = POINTS[lead]
        # The cards that take the trick first, strongest first in each suit; then the
        # others, weakest first: the likeliest best replies first, as for leads.
        beats = takers[lead]
        taking = plays & beats
        others = plays ^ taking
        answers = (CARDS_LOW[taking & 1023] + CARDS_HIGH[taking >> 10]
                   + _REVERSED_HIGH[others >> 10] + _REVERSED_LOW[others & 1023])
        # Each answer ends the trick (a loop for each phase: the hot path). In phase 1 the
        # trick's winner and loser draw from the talon, so the winner has cards to lead.
        # (A card is taken out of a hand that holds it, or put in one that does not, by
        # ``^``: one operation where ``& ~`` is two, and every operation on a mask counts.)
        if phase1:
            winner_draws = BIT[talon[drawn]]
            loser_draws = BIT[talon[drawn + 1]] if drawn < 8 else BIT[trump_card]
            pos.drawn = drawn + 2
            if drawn == 8:
                pos.trump_card = -1
            for card in answers:
                bit = BIT[card]
                hands[follower] = held ^ bit
                if beats & bit:
                    winner, loser = follower, leader
                else:
                    winner, loser = leader, follower
                gained = base + POINTS[card]
                points[winner] += gained
                tricks[winner] += 1
                hands[winner] |= winner_draws
                hands[loser] |= loser_draws
                if auto and points[winner] + declared[winner] >= GOAL:
                    v = pos.goes_out(winner, root)
                else:
                    v = lead_node(winner, depth - 1, alpha, beta, True)
                hands[winner] ^= winner_draws
                hands[loser] ^= loser_draws
                tricks[winner] -= 1
                points[winner] -= gained
                if maximize:
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                elif v < best:
                    best = v
                    if v < beta:
                        beta = v
                if alpha >= beta:
                    break
            pos.drawn = drawn
            pos.trump_card = trump_card
        else:
            for card in answers:
                bit = BIT[card]
                hands[follower] = held ^ bit
                winner = follower if beats & bit else leader
                gained = base + POINTS[card]
                points[winner] += gained
                tricks[winner] += 1
                if auto and points[winner] + declared[winner] >= GOAL:
                    v = pos.goes_out(winner, root)
                elif not hands[winner]:
                    v = pos.last_trick_value(winner, root)
                else:
                    v = lead_node(winner, depth - 1, alpha, beta, True)
                tricks[winner] -= 1
                points[winner] -= gained
                if maximize:
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                elif v < best:
                    best = v
                    if v < beta:
                        beta = v
                if alpha >= beta:
                    break
        hands[follower] = held
        return best

    if hand.lead >= 0:
        return follow_node(hand.leader, hand.lead, depth, alpha, beta)
    leader = hand.leader
    if hand.married >= 0:
        # A marriage was declared on this lead: lead its king (or queen); points counted.
        if tricks[leader] and points[leader] + declared[leader] >= GOAL:
            return pos.goes_out(leader, root)  # it reached 66: out (by a claim, where claimed)
        maximize = leader == root
        best = -INF if maximize else INF
        pair = PAIR[hand.married]
        if leads_king:
            pair &= ~BIT[5 * hand.married + QUEEN]
        held = hands[leader]
        for card in cards_of(pair):
            hands[leader] = held & ~BIT[card]
            v = follow_node(leader, card, depth, alpha, beta)
            hands[leader] = held
            if maximize:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best
    return lead_node(leader, depth, alpha, beta, hand.closed_by < 0)
