"""Hard: sample the hidden cards, search each sampled world, and take the best on average.

- Once the talon is exhausted nothing is hidden (the opponent holds exactly the unseen
  cards): the exact solver picks the move.
- Otherwise ``WORLDS`` worlds consistent with the view are sampled uniformly (``world``)
  and every legal action is scored in each by alpha-beta on game points (``solver``),
  deeper and deeper (iterative deepening): the search runs ``depth`` tricks and then
  scores phase-1 positions with a static estimate (``estimate``); after a close or once
  the talon is exhausted it runs to the end of the hand. A depth counts tricks from the
  one in play: a follow finishes it, so its first iteration scores the position right
  after it. Each world keeps a transposition table across actions and depths. The action
  with the best mean over the worlds is chosen (a trimmed mean, ``TRIM``), each world's
  values those of its deepest finished search: the worlds a deeper iteration finished
  before the budget ran out count at that depth, the others at the depth before (before
  the first iteration has finished, the mean is over the worlds finished so far). Where
  the view allows few distinct worlds they are drawn without repeats (``ENUMERATE``);
  facing a close, those where the close fails played open weigh less (``CLOSE_FAILS``).
- The search stops at a node budget (``NODES``, so the choice depends only on the view
  and the rng) or, when a ``time_limit`` is given, when that much thinking time is spent.
  Nodes or time left once every world is searched to the end go to more worlds
  (``SPARE_WORLDS``; ``WORLDS`` at a time, up to ``BATCHES`` times as many), each searched
  as deep as the first ones: thinking longer means a better sample.
  ``Search`` does the same work in slices (``step``), so that the page can think for a
  second and still answer clicks between slices; ``choose`` runs it in one go.
- Plain sampling lets each world's search see the opponent's cards ("strategy fusion").
  Closing, the decision that matters most, is therefore scored without fusion: after
  closing, one first lead has to serve every world, and the close is worth that lead's
  average (not the average of each world's best lead), less ``CLOSE_DOUBT`` times how much
  that lead's value varies over the worlds: after the lead each world is still played
  as if both seats saw every card, which flatters the closer where the right play
  depends on the world; a close that wins the same in every world is taken at its value.
  Below the root Hard's own close is searched only on the last phase-1 lead and the
  opponent's from two leads before it (``CLOSE_FROM``): an omniscient opponent that may
  close anywhere makes every early position look lost, one that may never close lets
  Hard walk into the closes real opponents make.
- With the match board in the view (``Match.view``) Hard plays for the Bummerl, not for
  the hand alone: each world's value (game points, +3 .. -3) is turned into what that
  result is worth for the Bummerl (``BummerlValue``) before the worlds are averaged.
  Needing one point, a sure win by 1 beats a likely win by 3; with the opponent one
  point from the Bummerl, only winning the hand counts. In one world the search's choice
  is the same either way (the value is monotone in game points): what changes is how
  risk across the worlds is weighed.
- A claim is made exactly when the seat's score is 66 or more; the trump jack is always
  exchanged (never worse with the same cards out); early in phase 1 (``TIE_UNTIL``)
  near-ties (``TIE_MARGIN``) go to the yardstick's choice (``tie_breaker``), unless the
  best is a close.

Every tuned value below is a default of ``HardConfig``, the configuration ``Search`` and
``choose`` take; the measurements behind each are in docs/tuning.md.
"""

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from ..cards import (
    ACE, ALL_CARDS, BIT, CLAIM, CLOSE, EXCHANGE, KING, QUEEN, TEN, parse_action,
)
from ..rules import BOARD_START, GOAL
from .solver import EXACT, MAX_VALUE, Budget, OutOfBudget, action_values, value_after
from .lies import LIES
from .pairs import PAIRS
from .weights import WEIGHTS
from .world import WorldBuilder
from .yardstick import heuristic

WORLDS = 24  # worlds sampled per decision
BATCHES = 8  # spare time or nodes sample more worlds: up to this many times WORLDS
# Nodes left once every world is searched to the end (from about 4 talon cards drawn on,
# and after a close) go to more worlds, as time left does with a time limit: a larger
# sample for free. Not in a review (``every_action``), whose figures must not depend on
# how it is sliced.
SPARE_WORLDS = True
# Where the view allows at most this many distinct worlds (``WorldBuilder.count``: 6 on the
# last phase-1 trick, 56 after a close with 6 cards drawn), they are drawn without repeats,
# every one of them where there are no more than the search takes, and their mean is then
# not trimmed: 24 uniform guesses of 6 worlds would give some of them several times the
# weight of others.
ENUMERATE = 1000
NODES = 60_000  # search nodes per decision when no time limit is given
FIRST_DEPTH = 1  # tricks searched by the first iteration
# Closing is searched below the root only this late (talon cards drawn): Hard's own close
# from 8, the opponent's from 6 (``solver.search``'s pair). Searched everywhere, a close
# seen with every card in sight looks better than it is; searched nowhere, Hard walks into
# the closes real opponents make.
CLOSE_FROM = (8, 6)
# Closing at the root is valued at the best lead's mean over the worlds less CLOSE_DOUBT
# times its standard deviation over them: after the lead each world is played as if both
# seats saw every card, so a close whose result depends on the world brings in less than
# its mean, by about this much per unit of spread (a least-squares fit of the gap to the
# spread). With the board in the view, mean and spread are of the Bummerl values.
CLOSE_DOUBT = 0.3
# The tie-breaker's choice is played when its mean over the worlds is within this much of
# the best one (in the search's units: game points, or Bummerl with the board): 24 sampled
# worlds rank near-equal actions by noise, and rules of thumb (keep marriage halves, spend
# trumps on points, count cards) break those ties better. Not where nothing is hidden
# (the talon exhausted): there the values are exact.
TIE_MARGIN = 0.1
# An action's value over the worlds is a trimmed mean: their mean without this share of
# them at each end, the highest and the lowest (2 of 24 worlds each), so that a world or
# two where a line happens to win or lose big do not decide the choice. Not for closing
# (valued by its own rule) and only where every world weighs the same (not facing a
# close). Its gain is small; it is kept because it costs nothing.
TRIM = 1 / 12
# Near-ties go to the tie-breaker only while the talon is open and fewer than TIE_UNTIL
# cards are drawn: on the last phase-1 trick and after a close every world is searched to
# the end of the hand, and there the search's best beats the rules of thumb.
TIE_UNTIL = 8


def asks_tie_breaker(exact: bool, closed: bool, drawn: int, tie_until: int = TIE_UNTIL) -> bool:
    """Whether near-ties go to the tie-breaker in a position: something is hidden
    (``exact`` false), the talon is open and fewer than ``tie_until`` cards are drawn."""
    return not exact and not closed and drawn < tie_until


def tie_breaker(view, rng) -> int:
    """The action near-ties go to, and the fallback before any world is searched: the
    yardstick's (``yardstick.heuristic``, rules from the public strategy literature, which
    break near-ties better than Medium's)."""
    return heuristic(view)


# Facing a close, a world where the closer fails even with every card in sight weighs this
# much: the likelihood ratio of the close (an opponent closes because it expects to win,
# so worlds where its close cannot win are less likely than uniform guesses make them).
CLOSE_FAILS = 0.4


@dataclass(frozen=True)
class HardConfig:
    """What Hard's search is tuned by: the defaults are the product (the constants above,
    each with what it does and why). A lab run tries another value by passing a changed
    copy to ``Search`` or ``choose``, never by rewriting this module:

    >>> HardConfig().close_doubt == CLOSE_DOUBT
    True
    >>> HardConfig(close_doubt=0.45).worlds
    24
    """

    worlds: int = WORLDS
    batches: int = BATCHES
    spare_worlds: bool = SPARE_WORLDS
    enumerate: int = ENUMERATE
    nodes: int | None = NODES
    first_depth: int = FIRST_DEPTH
    close_from: tuple[int, int] = CLOSE_FROM
    close_doubt: float = CLOSE_DOUBT
    tie_margin: float = TIE_MARGIN
    trim: float = TRIM
    tie_until: int = TIE_UNTIL
    close_fails: float = CLOSE_FAILS
    max_depth: int = EXACT  # tricks searched at most in phase 1 (``EXACT``: as deep as the budget goes)
    # the action near-ties go to, and the fallback: (view, rng) -> action int
    tie_breaker: Callable = tie_breaker
    # the estimate's tables (``tables_for``); None: Hard's own
    tables: dict | None = None


HARD = HardConfig()  # Hard as it plays

# A suit's cards as rank bits (bit r: the card of rank r, ``cards.ACE`` .. ``cards.JACK``).
ACE_AND_TEN = 1 << ACE | 1 << TEN
KING_AND_QUEEN = 1 << KING | 1 << QUEEN


def _suit_values(weights) -> tuple[tuple, tuple]:
    """The hand features of ``WEIGHTS`` summed per suit, for every 5-bit set of a suit's
    cards: (as the trump suit, as a side suit)."""
    as_trump, as_side = [], []
    for ranks in range(32):
        pair = (ranks & KING_AND_QUEEN) == KING_AND_QUEEN
        as_trump.append(weights[TRUMPS] * bin(ranks).count("1")
                        + weights[TRUMP_ACES_TENS] * bin(ranks & ACE_AND_TEN).count("1")
                        + weights[TRUMP_MARRIAGE] * pair)
        as_side.append(weights[SIDE_ACES] * (ranks >> ACE & 1)
                       + weights[SIDE_TENS] * (ranks >> TEN & 1)
                       + weights[SIDE_MARRIAGES] * pair)
    return tuple(as_trump), tuple(as_side)


# Indexes into a WEIGHTS vector.
(SCORE, PENDING, TRUMPS, TRUMP_ACES_TENS, SIDE_ACES, SIDE_TENS, SIDE_MARRIAGES,
 TRUMP_MARRIAGE, NO_TRICK, ABOVE_33, ON_LEAD, TOP_TRUMP) = range(12)
FEATURE_NAMES = (
    "score", "pending", "trumps", "trump aces and tens", "side aces", "side tens",
    "side marriages", "trump marriage", "no trick yet", "score above 33", "on lead",
    "top trump")

# What the way each suit lies between the two hands adds (``PAIRS``, in ``pairs.py``). The
# features value each hand on its own: a side ten counts the same whether the opponent
# holds that suit's ace or the ace is gone. ``PAIRS`` has, per stage, a value for every
# pair of the root's and the opponent's ranks of a suit (the trump suit and side suits
# apart), fitted to what the linear estimate leaves of the results of yardstick-vs-
# yardstick play (``python -m bummerl_lab.fit``, which fits the weights, the pairs and the
# lies in that order, each on what the ones before leave; each preset's command and
# recipe are in the file).
# ``LIES`` (in ``lies.py``) reads each suit as a triple: the root's ranks of the suit, the
# opponent's, and those gone (played; the rest are in the talon, the face-up trump card
# among them). A ten whose ace is gone takes every trick of its suit in phase 2; one whose
# ace is still in the talon may not. It has, per stage, a value for every triple, fitted
# to what the estimate with the pairs leaves of the results of yardstick-vs-yardstick play
# (``python -m bummerl_lab.fit``, after the pairs). Both predict the results better and
# play better (docs/tuning.md).


def _top_trump(mine: int, theirs: int) -> int:
    """1 if the root's trumps (a 5-bit set of ranks) hold the highest trump in either hand,
    -1 if the opponent's do, 0 if neither holds a trump (ranks A T K Q J are bits 0..4: the
    lowest bit set is the highest card)."""
    if mine and (not theirs or (mine & -mine) < (theirs & -theirs)):
        return 1
    return -1 if theirs else 0


def pair_key(mine: int, theirs: int) -> tuple[int, int]:
    """How a suit lies between the two hands (each a 5-bit set of its ranks), as an entry of
    ``PAIRS``: (key, sign), the key the larger set << 5 | the smaller, the sign -1 when the
    opponent holds the larger; (-1, 0) when neither holds the suit."""
    if mine == theirs:
        return -1, 0
    return (mine << 5 | theirs, 1) if mine > theirs else (theirs << 5 | mine, -1)


# The keys of a PAIRS table, in order: every two disjoint rank sets, the larger first.
PAIR_KEYS = tuple(m << 5 | t for m in range(32) for t in range(32) if not m & t and m > t)


def _pair_tables(weights, corrections) -> tuple[tuple, tuple]:
    """Each suit's part of the estimate for ``mine << 5 | theirs`` (the root's and the
    opponent's ranks of the suit): the two hands' values by ``weights`` (``_suit_values``;
    as trump with the top trump), plus the correction of ``PAIRS`` for the pair (trump, side)."""
    as_trump, as_side = _suit_values(weights)
    trump_pairs, side_pairs = [0.0] * 1024, [0.0] * 1024
    for mine in range(32):
        for theirs in range(32):
            if mine & theirs:
                continue  # no card in both hands
            key = mine << 5 | theirs
            top = weights[TOP_TRUMP] * _top_trump(mine, theirs)
            trump_pairs[key] = as_trump[mine] - as_trump[theirs] + top
            side_pairs[key] = as_side[mine] - as_side[theirs]
    for i, key in enumerate(PAIR_KEYS):
        flipped = (key & 31) << 5 | key >> 5
        for table, values in ((trump_pairs, corrections[0]), (side_pairs, corrections[1])):
            table[key] += values[i]
            table[flipped] -= values[i]
    return tuple(trump_pairs), tuple(side_pairs)


def lie_key(mine: int, theirs: int, gone: int) -> tuple[int, int]:
    """How a suit lies (the root's, the opponent's and the gone ranks of it, 5-bit sets), as
    an entry of ``LIES``: (key, sign), the key ``pair_key``'s << 5 | ``gone``, the sign -1
    when the opponent holds the larger set; (-1, 0) when neither holds the suit."""
    pair, sign = pair_key(mine, theirs)
    return (pair << 5 | gone if sign else -1), sign


def _suit_lies() -> tuple:
    """Every way a suit can lie: (mine, theirs, gone), each of its five cards in one of
    the hands, gone or in the talon (4 ** 5 ways)."""
    lies = []
    for way in range(4 ** 5):
        sets = [0, 0, 0, 0]  # talon, mine, theirs, gone
        for rank in range(5):
            sets[way >> 2 * rank & 3] |= 1 << rank
        lies.append(tuple(sets[1:]))
    return tuple(lies)


SUIT_LIES = _suit_lies()
_LIE_KEYED = tuple(lie_key(*lie) for lie in SUIT_LIES)  # (key, sign) per way, in SUIT_LIES order
# The keys of a LIES table, in order: every lie where a hand holds the suit, the larger set first.
LIE_KEYS = tuple(sorted(key for key, sign in _LIE_KEYED if sign == 1))
LIE_INDEX = {key: i for i, key in enumerate(LIE_KEYS)}
# Per way a suit can lie: (mine << 5 | theirs, mine << 10 | theirs << 5 | gone, the index of
# its LIES entry, the sign of that entry: 0 where neither hand holds the suit).
_LIE_SLOTS = tuple((mine << 5 | theirs, mine << 10 | theirs << 5 | gone, LIE_INDEX.get(key, 0), sign)
                   for (mine, theirs, gone), (key, sign) in zip(SUIT_LIES, _LIE_KEYED))


def _lie_tables(weights, pairs, lies) -> tuple[dict, dict]:
    """Each suit's part of the estimate for ``mine << 10 | theirs << 5 | gone``: its value
    by ``_pair_tables`` plus the correction of ``LIES`` for the triple (trump, side)."""
    trump_pairs, side_pairs = _pair_tables(weights, pairs)
    trump_values, side_values = lies
    trump_lies = {key: trump_pairs[pair] + sign * trump_values[i] for pair, key, i, sign in _LIE_SLOTS}
    side_lies = {key: side_pairs[pair] + sign * side_values[i] for pair, key, i, sign in _LIE_SLOTS}
    return trump_lies, side_lies


def tables_for(weights: dict | None = None, pairs: dict | None = None, lies: dict | None = None) -> dict:
    """claim -> stage -> (weights, each suit's value as trump, as a side suit: ``_lie_tables``);
    what is not given is Hard's own as it is now (``WEIGHTS``, ``PAIRS``, ``LIES``)."""
    weights = WEIGHTS if weights is None else weights
    pairs = PAIRS if pairs is None else pairs
    lies = LIES if lies is None else lies
    return {claim: {drawn: (w, *_lie_tables(w, pairs[claim][drawn], lies[claim][drawn]))
                    for drawn, w in stages.items()}
            for claim, stages in weights.items()}


_TABLES = tables_for()


def features(pos, leader: int, root: int) -> list:
    """The features of ``WEIGHTS`` for ``root`` in a phase-1 position (a
    ``solver.Position`` with ``leader`` on lead), each as the difference between root and
    its opponent (see ``FEATURE_NAMES``): ``estimate`` is their weighted sum, computed faster."""
    trump = pos.trump
    values = [0.0] * len(FEATURE_NAMES)
    values[ON_LEAD] = 1.0 if leader == root else -1.0
    tops = []
    for seat, sign in ((root, 1), (1 - root, -1)):
        held = pos.hands[seat]
        row = [0.0] * len(FEATURE_NAMES)
        if pos.tricks[seat]:
            score = pos.points[seat] + pos.declared[seat]
            row[SCORE] = score
            row[ABOVE_33] = max(0, score - 33)
        else:
            row[PENDING] = pos.declared[seat]
            row[NO_TRICK] = 1
        for suit in range(4):
            ranks = held >> 5 * suit & 31
            pair = (ranks & KING_AND_QUEEN) == KING_AND_QUEEN
            if suit == trump:
                row[TRUMPS] = bin(ranks).count("1")
                row[TRUMP_ACES_TENS] = bin(ranks & ACE_AND_TEN).count("1")
                row[TRUMP_MARRIAGE] = pair
            else:
                row[SIDE_ACES] += ranks >> ACE & 1
                row[SIDE_TENS] += ranks >> TEN & 1
                row[SIDE_MARRIAGES] += pair
        tops.append(held >> 5 * trump & 31)
        for i, x in enumerate(row):
            values[i] += sign * x
    # the top trump in either hand
    values[TOP_TRUMP] = float(_top_trump(*tops))
    return values


def gone_cards(pos) -> int:
    """The cards of a ``solver.Position`` played in tricks: in neither hand nor the talon."""
    unseen = pos.talon_left[pos.drawn]
    if pos.trump_card >= 0:
        unseen |= BIT[pos.trump_card]
    return ALL_CARDS & ~(pos.hands[0] | pos.hands[1] | unseen)


def estimate(pos, leader: int, root: int, tables: dict | None = None) -> float:
    """The expected game points for ``root`` of a phase-1 position (a ``solver.Position``
    with ``leader`` on lead): ``WEIGHTS`` times ``features``, plus for each suit what the
    way it lies between the two hands adds (``PAIRS``) and what its gone cards add to that
    (``LIES``), the suits read from ``tables`` (``tables_for``; None: Hard's own)."""
    drawn = pos.drawn
    weights, trump_lies, side_lies = (tables or _TABLES)[pos.rules.claim][drawn if drawn > 2 else 2]
    tricks, points, declared = pos.tricks, pos.points, pos.declared
    value = weights[ON_LEAD] if leader == root else -weights[ON_LEAD]
    for seat in (root, 1 - root):
        if tricks[seat]:
            score = points[seat] + declared[seat]
            seat_value = weights[SCORE] * score
            if score > 33:
                seat_value += weights[ABOVE_33] * (score - 33)
        else:
            seat_value = weights[PENDING] * declared[seat] + weights[NO_TRICK]
        if seat == root:
            value += seat_value
        else:
            value -= seat_value
    mine, theirs, gone = pos.hands[root], pos.hands[1 - root], gone_cards(pos)
    trump_shift = 5 * pos.trump  # (the four suits written out: the search's hot path)
    value += (trump_lies if trump_shift == 0 else side_lies)[(mine & 31) << 10 | (theirs & 31) << 5 | gone & 31]
    value += (trump_lies if trump_shift == 5 else side_lies)[
        (mine >> 5 & 31) << 10 | (theirs >> 5 & 31) << 5 | gone >> 5 & 31]
    value += (trump_lies if trump_shift == 10 else side_lies)[
        (mine >> 10 & 31) << 10 | (theirs >> 10 & 31) << 5 | gone >> 10 & 31]
    value += (trump_lies if trump_shift == 15 else side_lies)[mine >> 15 << 10 | theirs >> 15 << 5 | gone >> 15]
    # within the search's window (``solver.MAX_VALUE``: the most game points a hand gives)
    return MAX_VALUE if value > MAX_VALUE else -MAX_VALUE if value < -MAX_VALUE else value


# How often a hand is won by 1, 2 and 3 game points: the model of the hands still to come
# when a result is valued for the Bummerl (``BummerlValue``), as in Hard's hands against
# the yardstick (either seat winning; docs/tuning.md).
HAND_POINTS = (0.40, 0.30, 0.30)
# The game-point results of a hand, in order, at which BummerlValue is known exactly.
RESULTS = (-3, -2, -1, 1, 2, 3)
# Among results worth the same for the Bummerl, the one with more game points is preferred.
TIE_BREAK = 1e-4


@lru_cache(maxsize=None)
def bummerl_worth(to_go: int, opponent_to_go: int, schneider: bool) -> float:
    """The Bummerl a seat can expect to net (won minus lost; one is worth 2 under
    ``schneider_bummerl`` when the loser has no game point) with ``to_go`` game points
    still to get and the opponent ``opponent_to_go``, before a hand, if either seat wins
    each hand to come with the same chances, by 1, 2 or 3 points as in ``HAND_POINTS``."""
    if to_go <= 0:
        return 2.0 if schneider and opponent_to_go == BOARD_START else 1.0
    if opponent_to_go <= 0:
        return -2.0 if schneider and to_go == BOARD_START else -1.0
    return sum(share / 2 * (bummerl_worth(to_go - points, opponent_to_go, schneider)
                            + bummerl_worth(to_go, opponent_to_go - points, schneider))
               for points, share in zip((1, 2, 3), HAND_POINTS))


class BummerlValue:
    """What a result of the hand in play is worth to ``seat`` for the Bummerl, from the
    ``board`` (points still to go per seat): ``value(x)`` for ``x`` game points (+ won,
    - lost; +3 .. -3). The exact results are valued by ``bummerl_worth`` of the board
    after them; values in between (the search's static estimate is an expected result)
    on the straight line between their neighbours, 0 halfway between -1 and +1."""

    def __init__(self, board, seat: int, rules):
        mine, theirs = board[seat], board[1 - seat]
        schneider = rules.schneider_bummerl
        self.worth = tuple(
            bummerl_worth(mine - x, theirs, schneider) if x > 0
            else bummerl_worth(mine, theirs + x, schneider)
            for x in RESULTS)

    def value(self, x: float) -> float:
        """What ``x`` game points of this hand (+3 .. -3, or an estimate between) are worth for the Bummerl."""
        worth = self.worth
        if x <= -3:
            return worth[0] + TIE_BREAK * x
        for i in range(5):
            high = RESULTS[i + 1]
            if x <= high:
                low = RESULTS[i]
                share = (x - low) / (high - low)
                return worth[i] + (worth[i + 1] - worth[i]) * share + TIE_BREAK * x
        return worth[5] + TIE_BREAK * x


def trimmed_mean(values: list, trim: int) -> float:
    """The mean of ``values`` without the ``trim`` highest and the ``trim`` lowest."""
    kept = sorted(values)[trim:len(values) - trim]
    return sum(kept) / len(kept)


def _game_points(x: float) -> float:
    """A result in game points, as it is: the value without the board."""
    return x


def _tricks_to_exhaust(view) -> int:
    """Phase-1 tricks left before the talon runs out (0 once closed or exhausted)."""
    if view.phase2:
        return 0
    return (10 - view.drawn) // 2


# ``Search``'s node budget when none is given: its configuration's (``HardConfig.nodes``).
_CONFIGURED = object()


def paired_gap(rows: list, better, worse) -> tuple[float, float]:
    """(the mean over the worlds of ``better``'s value less ``worse``'s, its standard error)
    from ``rows``, each world's (weight, {action: value}) (``Search.world_values``): the
    same worlds value both, so the error is of the per-world differences (over the worlds
    that value both: a review stops searching an action that cannot decide its verdict,
    ``Search.narrow``)."""
    rows = [(w, values) for w, values in rows if better in values and worse in values]
    total = sum(w for w, _ in rows)
    n = total * total / sum(w * w for w, _ in rows)  # the worlds' effective number
    diffs = [(w, values[better] - values[worse]) for w, values in rows]
    mean = sum(w * d for w, d in diffs) / total
    if n < 2:
        return mean, 0.0
    var = sum(w * (d - mean) ** 2 for w, d in diffs) / total * n / (n - 1)
    return mean, (var / n) ** 0.5 if var > 1e-12 else 0.0


def rival(rows: list, action, z: float = 2.0, first=None) -> tuple[int, bool] | None:
    """(the other action whose mean comes nearest ``action``'s from below while the gap
    between them is within ``z`` standard errors (``paired_gap``), whether the two are
    worth the same in every world), or None: the action the worlds searched cannot tell
    from ``action``. ``first`` (an action) is that one whenever its gap is within them."""
    near = []
    for other in rows[0][1]:
        if other != action:
            gap, error = paired_gap(rows, action, other)
            if gap <= z * error + 1e-9:
                near.append((other != first, gap, other, abs(gap) <= 1e-9 and not error))
    if not near:
        return None
    _, _, other, tied = min(near)
    return other, tied


class Search:
    """One Hard decision, searched in slices: ``while not search.step(0.05): ...``, then
    ``search.best()`` (an action int). ``choose`` is ``step`` until done.

    ``config`` (``HardConfig``) holds the tuned values; the keyword arguments override
    some of them for one search. Without ``time_limit`` the search stops after ``nodes``
    search nodes (``config.nodes`` unless given; None: no limit; checked every 256
    nodes), so the decision depends only on the view and the rng, however loaded the
    machine. With ``time_limit`` it stops when that much thinking time (summed over the
    slices) is spent. ``worlds`` and ``max_depth`` (tricks) bound the work too; with
    ``every_action`` (a review) every legal action is searched and valued in ``means``,
    even where Hard answers at once (the exchange, a claim, a single action). A world
    cut by a slice's end is searched again from its start in the next slice, helped by
    what its table learnt: slicing changes no value, but may save nodes for more worlds.
    A review (``every_action``) must give the figures of one in one go, however sliced
    (exactly so where slices are longer than any one world's search). So it reads whole
    iterations only (how many of a deeper iteration's worlds a budget finishes moves with
    the slicing), and a world cut by a slice for the first time starts again from the
    table it had before (or the nodes the cut search saved could let the budget finish a
    deeper iteration); cut again, it keeps what it learnt, so that a world longer than a
    slice still ends. To waste less, a review's slice ends early rather than start a world
    that the last one's time says will not fit.
    """

    def __init__(self, view, rng, time_limit: float | None = None, worlds: int | None = None,
                 nodes=_CONFIGURED, max_depth: int = EXACT, every_action: bool = False,
                 config: HardConfig = HARD, more=None):
        self.config = config
        # a review's rule for more worlds (instead of spare nodes or time): ``more(search)``
        # is asked each time every world is searched at the last depth; True adds a batch
        self.more = more
        self.searching = None  # the actions searched in worlds added from now on (None: all; ``narrow``)
        tables = config.tables
        self.leaf = estimate if tables is None else (lambda pos, leader, root: estimate(pos, leader, root, tables))
        self.seat = view.seat
        self.legal = [parse_action(a) for a in view.legal]
        self.fallback = self.legal[0]
        self.exact = False  # nothing hidden (set once the view is read)
        # how near the best mean the tie-breaker's choice must be to be played (just an exact
        # tie where the tie-breaker is not asked: nothing hidden, late, after a close)
        self.margin = 1e-9
        self.means = None  # {action: mean value} once every world is searched (``_means``)
        self.finished = []  # per world, its deepest finished search's {action: game points}
        self.point_means = None  # the same in game points (with a board, beside its values)
        self.next_world = 0  # worlds searched in the iteration under way
        self.cut_world = None  # a review's world last cut by a slice (see the class)
        self.world_seconds = 0.0  # a review's last world searched to the end took this long
        self.done = False
        self.thinking = 0.0
        self.time_limit = time_limit if time_limit is not None else float("inf")
        if nodes is _CONFIGURED:
            nodes = config.nodes
        self.budget = Budget(limit=nodes if time_limit is None else None)
        # what a world's result is worth: for the Bummerl when the view has the board
        board = view.board
        self.value = BummerlValue(board, self.seat, view.rules).value if board else _game_points
        self.for_bummerl = bool(board)  # then the means in game points too (point_means)
        self.whole_iterations = every_action  # a review: see the class
        # every_action (a review): value even what Hard decides without searching
        quick = None if every_action else self._quick(view)
        if quick is not None:
            self.fallback = quick
            self.done = True
            return
        self.fallback = config.tie_breaker(view, rng)
        self.facing_close = view.closed_by == 1 - self.seat
        builder = WorldBuilder(view)
        exact = self.exact = builder.exact()
        if asks_tie_breaker(exact, view.closed_by is not None, view.drawn, config.tie_until):
            self.margin = config.tie_margin
        self.worlds, self.weights, self.tables, self.close_values = [], [], [], []
        worlds = worlds or config.worlds
        self._builder, self._rng, self._batch = builder, rng, worlds
        spare = time_limit is not None or (config.spare_worlds and not every_action)
        self.more_worlds = spare and not exact
        # every distinct world in a shuffled order, where there are few (``ENUMERATE``)
        self._guesses = (builder.every_hidden(rng)
                         if config.enumerate and not exact
                         and builder.count() <= config.enumerate else None)
        self._add_worlds(1 if exact else worlds)
        tricks_left = _tricks_to_exhaust(view)
        self.to_the_end = True  # the last iteration searches every world to the end of the hand
        if exact or not tricks_left:
            self.depth = self.last_depth = EXACT  # no estimate is ever needed
        else:
            # A depth counts the tricks searched from the one in play, which a follow
            # finishes: after it the search goes on a trick less deep. Searching
            # ``tricks_left`` tricks reaches phase 2: that iteration is exact.
            following = view.trick is not None
            self.last_depth = min(tricks_left - following, max_depth, config.max_depth)
            self.depth = min(config.first_depth - following, self.last_depth)
            self.to_the_end = self.last_depth == tricks_left - following
        self.next_world = 0

    def _quick(self, view):
        """The action when no search is needed: the only one, a due claim, the exchange."""
        legal = self.legal
        if len(legal) == 1:
            return legal[0]
        if CLAIM in legal:
            if view.scores[self.seat] >= GOAL:
                return CLAIM
            legal.remove(CLAIM)
        if EXCHANGE in legal:
            return EXCHANGE
        return legal[0] if len(legal) == 1 else None

    def _add_worlds(self, count: int) -> int:
        """Sample ``count`` more worlds (fewer when every distinct world is in); how many."""
        if self._guesses is not None:
            start = len(self.worlds)
            guesses = self._guesses[start:start + count]
            drawn = [(self._builder.world(*guess), 1) for guess in guesses]
        else:
            drawn = [(self._builder.sample(self._rng), 1) for _ in range(count)]
        for world, times in drawn:
            self.worlds.append(world)
            self.weights.append(times)
            self.tables.append({})
            self.close_values.append(None)  # after closing: {lead: value}
            self.finished.append(None)  # its deepest finished search's {action: game points}
        return len(drawn)

    def step(self, max_seconds: float = float("inf")) -> bool:
        """Search for about ``max_seconds`` more (a search looks at the clock every 256
        nodes); True once the decision is made. A world cut by the end of a slice is
        searched again in the next one (see the class)."""
        if self.done:
            return True
        start = time.perf_counter()
        slice_end = start + max_seconds
        budget = self.budget
        budgeted = budget.limit is not None  # a node budget (else: a review's plan, or a time limit)
        searched = False
        try:
            while not self.done:
                now = time.perf_counter()
                left = self.time_limit - self.thinking - (now - start)
                if left <= 0:
                    self.done = True
                    break
                if now >= slice_end or (searched and budgeted and now + self.world_seconds > slice_end):
                    break  # (a review: a world unlikely to end in the slice starts in the next)
                end_of_thinking = now + left
                budget.deadline = min(slice_end, end_of_thinking)
                nodes_before = budget.nodes
                index = self.next_world
                # (with no node budget the values cannot depend on the nodes a cut saved)
                first_try = self.whole_iterations and index != self.cut_world and budgeted
                kept = dict(self.tables[index]) if first_try else None  # a review: see the class
                try:
                    self._search_world(index)
                except OutOfBudget:
                    over = time.perf_counter() >= end_of_thinking or (budgeted and budget.nodes >= budget.limit)
                    if budgeted:  # a budget counts the worlds searched to the end
                        budget.nodes = nodes_before
                    if first_try:
                        self.tables[index], self.cut_world = kept, index
                    self.done = over
                    break
                self.next_world += 1
                self.cut_world = None
                if self.whole_iterations:
                    searched, self.world_seconds = True, time.perf_counter() - now
                if self.next_world == len(self.worlds):
                    self._finish_iteration()
        finally:
            self.thinking += time.perf_counter() - start
        if self.done and self.means is not None and self.next_world and not self.whole_iterations:
            # stopped in a deeper iteration: the worlds it finished count at their depth
            self._set_means(self._finished_count())
        return self.done

    def _search_world(self, index: int) -> None:
        """Search world ``index`` at the iteration's depth: every legal action's value, the
        close's leads apart (``_close_values``); a world counts once its search has finished."""
        world = self.worlds[index]
        table, depth = self.tables[index], self.depth
        leaf = self.leaf if depth < EXACT else None
        values = {}
        close_values = self.close_values[index]
        searching = self.searching
        for action in self.legal:
            if searching is not None and action not in searching:
                continue
            if action == CLOSE:
                if close_values is None:
                    close_values = self._close_values(world, table)
                continue
            values[action] = value_after(world, action, self.seat, depth, leaf, self.budget,
                                         self.config.close_from, table)
        # Only a finished world counts.
        self.close_values[index] = close_values
        if self.facing_close and values and max(values.values()) > 0:
            # The opponent closed: worlds where its close fails whatever it does are
            # less likely (it closed because it expected to win). Searched once, exactly
            # (over the actions searched: a review's narrowed worlds, ``narrow``, keep the
            # ones that can beat the played one).
            self.weights[index] *= self.config.close_fails
        self.finished[index] = values
        if depth >= self.last_depth:
            # never searched again: its table goes (a review's thousand worlds would keep
            # millions of entries alive, and the garbage collector would walk them all)
            self.tables[index] = None

    def _close_values(self, world, table) -> dict:
        """{action after closing: its value in ``world``}, searched to the end of the hand."""
        child = world.copy()
        child.step(CLOSE)
        return action_values(child, self.seat, EXACT, None, self.budget, table=table)

    def _finished_count(self) -> int:
        """How many worlds, from the first, have a finished search (they are searched in
        order, the first iteration and each added batch of worlds)."""
        return next((i for i, v in enumerate(self.finished) if v is None), len(self.finished))

    def _means(self, count: int, points: bool = False) -> dict:
        """{action: weighted mean value} over the first ``count`` worlds, each world's at
        its deepest finished search (in game points with ``points``, else in the search's
        own values): a deeper iteration cut by the budget still counts for the worlds it
        finished. Within a world every action is valued at the same depth. Where every
        world weighs the same the mean is trimmed (``TRIM``)."""
        worth = _game_points if points else self.value
        weights, finished = self.weights[:count], self.finished[:count]
        every_world = self._guesses is not None and count == len(self._guesses)
        even = len(set(weights)) == 1 and not every_world
        means = {}
        for a in finished[0]:  # (an action a review stopped searching: over the worlds that value it)
            pairs = [(w, worth(values[a])) for w, values in zip(weights, finished) if a in values]
            trim = int(self.config.trim * len(pairs) + 1e-9) if even else 0
            means[a] = (trimmed_mean([v for _, v in pairs], trim) if trim
                        else sum(w * v for w, v in pairs) / sum(w for w, _ in pairs))
        if CLOSE in self.legal:
            means[CLOSE] = self._close_value(count, worth)
        return means

    def _set_means(self, count: int) -> None:
        """The means over the first ``count`` worlds, in the search's units and in game points."""
        self.means = self._means(count)
        # the same worlds' values in game points: what a review also shows
        self.point_means = self._means(count, True) if self.for_bummerl else self.means

    def _finish_iteration(self) -> None:
        """Every world searched at this depth: set the means, then go one trick deeper, or
        add worlds with what the budget has left (``SPARE_WORLDS``), or stop."""
        self._set_means(len(self.worlds))
        if self.depth >= self.last_depth:
            if self.more is not None:
                wanted = not self.exact and self.more(self)
            else:
                wanted = self.more_worlds and len(self.worlds) < self.config.batches * self._batch
            if wanted and self._add_worlds(self._batch):
                return  # the next means cover every world so far
            self.done = True
            return
        self.depth = self.depth + 1 if self.depth + 1 < self.last_depth else self.last_depth
        self.next_world = 0

    def _close_value(self, count: int, worth=None) -> float:
        """The value of closing over the first ``count`` worlds (``_close_lead``)."""
        return self._close_lead(count, worth)[0]

    def _closing(self, count: int) -> list[tuple[float, dict]]:
        """(weight, {lead after the close: value}) of the first ``count`` worlds that
        searched the close (every one, unless a review stopped searching it)."""
        return [(w, by_lead) for w, by_lead in zip(self.weights[:count], self.close_values[:count])
                if by_lead is not None]

    def _close_lead(self, count: int, worth=None) -> tuple[float, int]:
        """(the value of closing, the lead after the close that gives it): one lead after
        the close must serve every world (of the first ``count``), each lead valued (by
        ``worth``, else the search's own values) at its weighted mean over the worlds less
        CLOSE_DOUBT times its weighted standard deviation; the best lead's."""
        worth = worth or self.value
        closing = self._closing(count)
        weights, close_values = [w for w, _ in closing], [by_lead for _, by_lead in closing]
        total = sum(weights)
        best = best_lead = None
        for lead in close_values[0]:
            values = [worth(by_lead[lead]) for by_lead in close_values]
            mean = sum(w * v for w, v in zip(weights, values)) / total
            spread = (sum(w * (v - mean) ** 2 for w, v in zip(weights, values)) / total) ** 0.5
            value = mean - self.config.close_doubt * spread
            if best is None or value > best:
                best, best_lead = value, lead
        return best, best_lead

    @property
    def every_world(self) -> bool:
        """Whether every distinct world the view allows is searched."""
        return self._guesses is not None and self._finished_count() == len(self._guesses)

    @property
    def exact_means(self) -> bool:
        """Whether the means are exact: every world the view allows searched to the end of
        the hand (nothing hidden, or every world enumerated), the last iteration done."""
        return self.done and self.to_the_end and (self.exact or self.every_world)

    def narrow(self, actions) -> None:
        """Search only ``actions`` in the worlds added from now on: a review's, once the
        others cannot decide its verdict. An action left out keeps the worlds it has; its
        differences to the others are read over those (``paired_gap``)."""
        self.searching = frozenset(actions)

    def rival(self, action: int, first=None, z: float = 2.0) -> tuple[int, bool] | None:
        """``rival`` over the worlds searched: an action they cannot tell from ``action``,
        and whether the two are worth the same in every world the view allows (only where
        the means are exact, ``exact_means``); None when there is none or nothing is searched."""
        rows = self.world_values()
        found = rival(rows, action, z, first) if rows else None
        return found and (found[0], found[1] and self.exact_means)

    def world_values(self) -> list[tuple[float, dict]]:
        """(weight, {action: game points}) of each world searched, from the first (as
        ``_finished_count``), each at its deepest finished search: the values the means
        are taken over. Closing is, in each world, its best lead's value (the lead that
        serves every world best) less the same doubt its mean is charged
        (``CLOSE_DOUBT`` times the spread), so that a world's difference between two
        actions averages to the difference of their untrimmed means."""
        count = self._finished_count()
        if not count:
            return []  # (nothing searched: a quick answer, or no world finished yet)
        weights, finished = self.weights[:count], self.finished[:count]
        rows = [(w, dict(values)) for w, values in zip(weights, finished)]
        if CLOSE in self.legal and self.close_values[0] is not None:
            value, lead = self._close_lead(count, _game_points)
            closing = self._closing(count)
            mean = sum(w * by_lead[lead] for w, by_lead in closing) / sum(w for w, _ in closing)
            for (_, values), by_lead in zip(rows, self.close_values[:count]):
                if by_lead is not None:  # value - mean: the doubt, the same in every world
                    values[CLOSE] = by_lead[lead] + value - mean
        return rows

    def close_odds(self) -> tuple[int, int] | None:
        """In how many of the sampled worlds the close wins the hand, played on with the
        lead that serves every world best: (worlds won, worlds searched); None when
        closing is not an option or no world is searched yet."""
        count = self._finished_count()  # spare worlds may be drawn and not yet searched
        if CLOSE not in self.legal or not count or self.close_values[0] is None:
            return None
        lead = self._close_lead(count, _game_points)[1]
        closing = self._closing(count)
        return sum(by_lead[lead] > 0 for _, by_lead in closing), len(closing)

    def best(self) -> int:
        """The chosen action so far: the best of ``current_means``; before the first
        iteration has finished, that is the mean over the worlds it has searched (late in
        phase 1 the first iteration already searches to the end of the hand, and the node
        budget may end it early); the tie-breaker's choice while no world is searched."""
        return self.choice(self.margin)

    def choice(self, margin: float) -> int:
        """The action with the best mean, but the tie-breaker's (``fallback``) when its
        mean is within ``margin`` of the best (``best``: within ``self.margin``) and the
        best is not a close (a close's value already discounts its doubt, ``CLOSE_DOUBT``);
        ``fallback`` before any world is searched."""
        means = self.current_means()
        if means is None:
            return self.fallback
        tie = self.fallback
        top = max(self.legal, key=means.__getitem__)  # the first in legal order among equal bests
        if top == CLOSE:
            return top
        return tie if means[top] - means.get(tie, -99.0) <= margin else top

    def current_means(self) -> dict | None:
        """The means ``best`` reads: over the worlds searched so far (every world once the
        first iteration has finished), each at its deepest finished search; None before
        the first world is searched."""
        if self.means is not None and (self.done or not self.next_world or self.whole_iterations):
            return self.means  # set when an iteration or the search ended
        count = self._finished_count()
        return self._means(count) if count else None


def choose(view, rng, time_limit=None, config: HardConfig = HARD) -> int:
    """Hard's action for ``view`` (``Search`` run in one go), by ``config``."""
    search_ = Search(view, rng, time_limit, config=config)
    search_.step()
    return search_.best()
