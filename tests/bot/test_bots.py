"""The bots: the endgame solver against brute force, the world sampler, claiming,
honesty (a bot sees only its view), and an arena smoke test."""

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from bummerl import SHARP, SOFT, deal
from bummerl_lab.arena import format_report, independent_share, main as arena_main, run
from bummerl.bots import LEVELS, choose, hard
from bummerl.bots.solver import Position, action_values, lead_order, outcome_value, search
from bummerl.bots.world import WorldBuilder, popcount
from bummerl.bots.yardstick import heuristic
from bummerl.cards import ALL_CARDS, BIT, CLAIM, CLOSE, EXCHANGE, JACK, KING, PAIR, cards_of, parse_action, parse_card
from bummerl.hand import Hand
from bummerl.rules import OPTIONS, Rules


def mask(text: str) -> int:
    return sum(BIT[parse_card(c)] for c in text.split())


def endgame(hand0, hand1, trump, leader=0, points=(0, 0), tricks=(1, 1), rules=SOFT,
            closed_by=None, at_close=None):
    """A phase-2 position with the talon exhausted (or closed, nothing left in it)."""
    h = Hand(rules, 1, [mask(hand0), mask(hand1)], parse_card("J" + trump), [0] * 9)
    h.leader = leader
    h.points = list(points)
    h.tricks = list(tricks)
    h.last_trick = (1 - leader, 0, 0, leader)
    h.drawn = 10
    h.trump_card = -1
    if closed_by is not None:
        h.closed_by = closed_by
        h.at_close = at_close
    return h


def brute(h, root):
    """Plain minimax over every legal action through the engine (no false claims)."""
    if h.outcome is not None:
        return outcome_value(h.outcome, root)
    values = []
    for a in h.legal_actions():
        if a == CLAIM and h.score(h.leader) < 66:
            continue
        child = h.copy()
        child.step(a)
        values.append(brute(child, root))
    return max(values) if h.to_act == root else min(values)


def random_position(rules, rng, want):
    """Play random card actions (and sometimes close/marry) until ``want`` holds."""
    while True:
        h = deal(rules, rng.randrange(2), rng)
        while h.outcome is None:
            acts = h.legal_actions()
            if CLOSE in acts and rng.random() < 0.15:
                h.step(CLOSE)
            else:
                choices = [a for a in acts if a < 20 or (22 <= a < 26 and rng.random() < 0.5)]
                h.step(rng.choice(choices))
            if h.outcome is None and want(h) and rng.random() < 0.5:
                return h


# --- the solver ---------------------------------------------------------------------

def test_known_endgame_lead_the_trump_ace():
    # Hearts trump. Leading AH forces TH: 71 points, out with 1. Leading TS loses to AS.
    h = endgame("AH TS", "TH AS", "H", points=(50, 50), tricks=(4, 4))
    values = action_values(h, 0)
    assert values == {parse_card("AH"): 1, parse_card("TS"): -1}


def test_known_endgame_schneider_and_schwarz():
    h = endgame("AH TS", "TH AS", "H", points=(60, 20), tricks=(4, 4))
    assert action_values(h, 0)[parse_card("AH")] == 2
    # the opponent has no trick: Schwarz
    h = endgame("AH TS", "TH AS", "H", points=(60, 0), tricks=(8, 0))
    assert action_values(h, 0)[parse_card("AH")] == 3


def test_known_endgame_failed_close_costs_two_or_three():
    # Seat 0 closed but cannot reach 66: whatever it leads, it loses 2 (3 if seat 1
    # had no trick when the talon was closed).
    h = endgame("JH JS", "AH AS", "H", points=(30, 10), tricks=(2, 1), closed_by=0,
                at_close=(1, 10))
    assert set(action_values(h, 0).values()) == {-2}
    h = endgame("JH JS", "AH AS", "H", points=(30, 10), tricks=(2, 1), closed_by=0,
                at_close=(0, 0))
    assert set(action_values(h, 0).values()) == {-3}


def test_known_endgame_manual_last_trick_scores_one():
    # Sharp: the winner of the last trick gets exactly 1, whatever the scores.
    h = endgame("AH", "JS", "H", points=(60, 0), tricks=(4, 0), rules=SHARP)
    assert action_values(h, 0) == {parse_card("AH"): 1, CLAIM: -3}  # 60 < 66: false claim
    h = endgame("AH", "JS", "H", points=(60, 0), tricks=(4, 0))
    assert action_values(h, 0) == {parse_card("AH"): 3}  # Soft: 66 reached, Schwarz


@pytest.mark.parametrize("rules", [SOFT, SHARP], ids=["soft", "sharp"])
def test_solver_agrees_with_brute_force_in_phase_two(rules):
    rng = random.Random(4)
    for _ in range(60):
        h = random_position(rules, rng, lambda h: h.phase2)
        root = rng.randrange(2)
        assert search(h, root) == brute(h, root), h


@pytest.mark.parametrize("rules", [SOFT, SHARP], ids=["soft", "sharp"])
def test_solver_agrees_with_brute_force_in_late_phase_one(rules):
    # One trick before the talon runs out: exchange, close and marriages in play.
    rng = random.Random(9)
    for _ in range(3):
        h = random_position(rules, rng, lambda h: h.drawn == 8 and h.closed_by < 0 and h.lead < 0)
        assert search(h, h.to_act) == brute(h, h.to_act), h


def test_a_marriage_declared_to_66_goes_out_under_manual_claiming():
    # Sharp: 50 points and a trick, the heart marriage makes 70. Declared, the seat claims
    # before it leads: out with 2 (the opponent has 30). The search of the hand just after
    # the declaration saw only the lead that follows (then 1 or less).
    h = endgame("KH QH AS", "AH TS JS", "S", points=(50, 30), tricks=(3, 3), rules=SHARP)
    assert action_values(h, 0)[parse_action("marry H")] == 2
    married = h.copy()
    married.step(parse_action("marry H"))
    assert search(married, 0) == search(married, 1) * -1 == 2


def early(hand0, hand1, trump_card, points, tricks, leader=0, rules=SOFT):
    """A phase-1 position, nothing drawn yet, with the scores and tricks given (the cards
    of those tricks left out: what the horizon's estimate reads is enough)."""
    cards = mask(hand0) | mask(hand1) | mask(trump_card)
    talon = [c for c in range(20) if not cards & BIT[c]]
    h = Hand(rules, 1 - leader, [mask(hand0), mask(hand1)], parse_card(trump_card), talon)
    h.points, h.tricks = list(points), list(tricks)
    return h


def never(pos, leader, root):
    """An estimate that must not be asked: the search's horizon knows the value."""
    raise AssertionError("the estimate was asked")


def zero(pos, leader, root):
    """An estimate of 0 everywhere: a value other than 0 came from the search itself."""
    return 0.0


def test_at_the_horizon_a_leader_who_can_marry_to_66_goes_out_not_the_estimate():
    # 48 and a trick, the heart marriage makes 68: out with 2 (the opponent has 20)
    h = early("KH QH AS TS JC", "AH TH KS QS JS", "AD", points=(48, 20), tricks=(2, 1))
    assert search(h, 0, 0, never) == 2 and search(h, 1, 0, never) == -2
    # 20 short of 66 needs the trump marriage (40) when the side one gives 20
    h = early("KH QH AS TS JC", "AH TH KS QS JS", "AD", points=(30, 20), tricks=(2, 1))
    assert search(h, 0, 0, zero) == 0.0
    h = early("KD QD AS TS JC", "AH TH KS QS JS", "AD", points=(30, 40), tricks=(2, 1))
    assert search(h, 0, 0, never) == 1  # diamonds trump: 70, the opponent has 40
    # without a trick the marriage's points do not count yet
    h = early("KH QH AS TS JC", "AH TH KS QS JS", "AD", points=(0, 20), tricks=(0, 1))
    h.marriage_points = [60, 0]
    assert search(h, 0, 0, zero) == 0.0


def seen_at_horizon(h, root=None):
    """The leader's cards and the trump card the horizon's estimate reads, searching ``h``
    (a phase-1 lead) with no trick below the root."""
    seen = []

    def recording(pos, leader, root):
        seen.append((pos.hands[leader], pos.trump_card))
        return 0.0

    search(h, h.to_act if root is None else root, 0, recording)
    return seen


def test_at_the_horizon_a_leader_who_may_exchange_is_scored_with_the_exchange_made():
    h = early("JH KS AS TS JC", "TH KD QS JS QC", "AH", points=(10, 10), tricks=(1, 1))  # the ace face up
    assert seen_at_horizon(h) == seen_at_horizon(h, 1) == [(mask("AH KS AS TS JC"), parse_card("JH"))]
    # the exchange completes the trump marriage: 26 + 40 is 66, out with 2
    h = early("KH JH AS TS JC", "TH KD QS JS QC", "QH", points=(26, 20), tricks=(1, 1))
    assert search(h, 0, 0, never) == 2


def marries_out(h) -> bool:
    """Whether the seat to act in ``h`` could reach 66 by declaring a marriage, the trump
    jack exchanged first (so its search's horizon needs no estimate)."""
    seat = h.to_act
    if not h.tricks[seat]:
        return False
    held = h.hands[seat] | BIT[h.trump_card] if h.trump_card >= 0 else h.hands[seat]
    need = 66 - h.points[seat] - h.marriage_points[seat]
    return any(held & PAIR[suit] == PAIR[suit] and (40 if suit == h.trump else 20) >= need for suit in range(4))


def test_the_horizon_exchanges_the_trump_jack_only_where_the_rules_allow_it():
    # Under random rule options (a trick first or not, with two cards left or not), what
    # the estimate reads at the horizon is the position after the engine's exchange where
    # the engine offers one, and the position itself where it does not (positions where
    # the leader goes out by a marriage, which the horizon scores without the estimate,
    # left out).
    rng = random.Random(43)
    exchanged = 0
    for _ in range(200):
        rules = random_rules(rng)
        h = random_position(rules, rng, lambda h: h.closed_by < 0 and h.lead < 0 and h.drawn < 10
                            and h.married < 0 and h.score(h.to_act) < 66
                            and h.hands[h.to_act] & BIT[5 * h.trump + JACK] and not marries_out(h))
        after = h.copy()
        if EXCHANGE in h.legal_actions():
            after.step(EXCHANGE)
            exchanged += 1
        assert seen_at_horizon(h) == [(after.hands[h.to_act], after.trump_card)], h
    assert exchanged >= 100 and 200 - exchanged >= 5  # both kinds of position were met


@pytest.mark.parametrize("rules", [SOFT, SHARP], ids=["soft", "sharp"])
def test_solver_agrees_with_brute_force_just_after_a_marriage(rules):
    # The lead after a declaration, the marriage counted, reaching 66 or not.
    rng = random.Random(21)
    reached = 0
    for _ in range(40):
        h = random_position(rules, rng, lambda h: h.phase2 and h.married >= 0)
        reached += h.score(h.leader) >= 66
        root = rng.randrange(2)
        assert search(h, root) == brute(h, root), h
    assert reached or rules is SOFT  # under Soft 66 ends the hand at the declaration


def random_rules(rng):
    return Rules(**{name: rng.choice(values) for name, values in OPTIONS.items()})


def test_solver_scoring_agrees_with_the_engine_under_every_rule_option():
    # The solver keeps its own copy of the scoring rules; brute force plays the engine's.
    rng = random.Random(17)
    for _ in range(40):
        rules = random_rules(rng)
        h = random_position(rules, rng, lambda h: h.phase2)
        root = rng.randrange(2)
        assert search(h, root) == brute(h, root), (rules, h)


def test_a_shared_table_changes_no_value():
    # One table serves every action of a world (and every depth): values stay exact.
    rng = random.Random(23)
    for _ in range(30):
        rules = random_rules(rng)
        h = random_position(rules, rng, lambda h: h.drawn >= 6 and h.lead < 0)
        root = h.to_act
        table = {}
        shared = action_values(h, root, close_from=10, table=table)
        assert shared == action_values(h, root, close_from=10), h
        assert table  # the table was used


def test_leads_are_tried_by_a_marriage_first_then_by_rank_then_by_suit_and_the_close_last():
    # The search reads this order from tables of masks; here it is spelt out. A lead the
    # table found best before goes first.
    rng = random.Random(29)
    married = 0
    for _ in range(3000):
        held = sum(BIT[c] for c in rng.sample(range(20), rng.randint(1, 6)))
        may_marry, may_close = rng.random() < 0.7, rng.random() < 0.5
        kings = [5 * suit + KING for suit in (3, 2, 1, 0) if may_marry and held & PAIR[suit] == PAIR[suit]]
        rest = sorted((c for c in cards_of(held) if c not in kings), key=lambda c: (c % 5, c // 5))
        expected = kings + rest + [CLOSE] * may_close
        first = rng.choice(expected + [-1])
        if first >= 0:
            expected = [first] + [move for move in expected if move != first]
        assert lead_order(held, may_marry, may_close, first) == expected, (cards_of(held), may_marry, may_close, first)
        married += len(kings) > 1
    assert married  # hands with two marriages were among them


# --- the world sampler --------------------------------------------------------------

def positions(rules, count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        h = random_position(rules, rng, lambda h: True)
        out.append(h)
    return out


@pytest.mark.parametrize("rules", [SOFT, SHARP], ids=["soft", "sharp"])
def test_every_sampled_world_gives_back_the_same_view(rules):
    rng = random.Random(3)
    for h in positions(rules, 40, 21):
        for seat in (0, 1):
            view = h.view(seat)
            builder = WorldBuilder(view)
            for _ in range(5):
                world = builder.sample(rng)
                assert world.view(seat) == view
                opp = world.hands[1 - seat]
                assert popcount(opp) == popcount(h.hands[1 - seat])
                # cards are conserved: hands, talon still to draw, tricks, trick in play
                talon = set(world.talon[world.drawn:9]) if world.drawn < 10 else set()
                everything = world.hands[0] | world.hands[1] | world.won[0] | world.won[1]
                everything |= sum(BIT[c] for c in talon)
                if world.trump_card >= 0:
                    everything |= BIT[world.trump_card]
                if world.lead >= 0:
                    everything |= BIT[world.lead]
                assert everything == ALL_CARDS


def test_the_distinct_worlds_a_view_allows_are_counted_and_listed_once_each():
    # The opponent's possible hands times the orders of a talon still to be drawn from; a
    # closed talon's order does not count (its cards are out of play).
    rng = random.Random(5)
    late = lambda h: h.drawn >= 8 or h.closed_by >= 0  # noqa: E731
    checked = 0
    for h in [random_position(rules, rng, late) for rules in (SOFT, SHARP) for _ in range(40)]:
        view = h.view(h.to_act)
        builder = WorldBuilder(view)
        count = builder.count()
        if builder.exact() or count > 60:
            continue
        every = builder.every_hidden(random.Random(1))
        assert len(every) == len(set(every)) == count
        open_talon = view.closed_by is None and builder.talon_left > 1

        def as_world(guess):
            opp, talon = guess
            return (opp, talon if open_talon else tuple(sorted(talon)))

        drawn = {as_world(builder.sample_hidden(rng)) for _ in range(30 * count)}
        assert drawn == {as_world(guess) for guess in every}
        checked += 1
    assert checked >= 20


def test_where_few_worlds_are_possible_hard_searches_each_of_them_once():
    # The last phase-1 trick: the opponent holds 5 of the 6 unseen cards, the sixth lies
    # under the trump card. Six worlds, each searched once, their plain mean (24 uniform
    # guesses would repeat some and miss others).
    rng = random.Random(9)
    h = random_position(SOFT, rng, lambda h: h.drawn == 8 and h.closed_by < 0 and h.lead < 0
                        and not h.revealed[1 - h.to_act] and EXCHANGE not in h.legal_actions())
    view = h.view(h.to_act)
    assert WorldBuilder(view).count() == 6
    search_ = hard.Search(view, random.Random(2), nodes=None)
    search_.step()
    hidden = [world.hands[1 - view.seat] for world in search_.worlds]
    assert len(hidden) == len(set(hidden)) == 6
    action = next(iter(search_.finished[0]))
    assert search_.point_means[action] == pytest.approx(
        sum(values[action] for values in search_.finished) / 6)


def test_sampled_worlds_never_give_the_opponent_a_card_we_have_seen():
    rng = random.Random(31)
    for h in positions(SOFT, 30, 41) + positions(SHARP, 30, 42):
        seat = h.to_act
        view = h.view(seat)
        seen = view.hand_mask | mask(" ".join(view.won[0] + view.won[1]))
        if view.trump_card is not None:
            seen |= BIT[parse_card(view.trump_card)]
        if view.trick is not None:
            seen |= BIT[parse_card(view.trick[1])]
        builder = WorldBuilder(view)
        for _ in range(5):
            opponent = builder.sample(rng).hands[1 - seat]
            # it may hold what it showed us (a marriage partner, the exchanged trump card)
            assert not opponent & seen & ~view.opponent_known_mask
            assert opponent & view.opponent_known_mask == view.opponent_known_mask


def test_sampled_worlds_never_give_the_opponent_a_suit_it_lacks():
    rng = random.Random(8)
    checked = 0
    for h in positions(SOFT, 400, 5):
        for seat in (0, 1):
            view = h.view(seat)
            lacks = view.opponent_lacks_mask
            if not lacks:
                continue
            builder = WorldBuilder(view)
            for _ in range(10):
                assert not builder.sample(rng).hands[1 - seat] & lacks
            checked += 1
    assert checked > 5


def test_unseen_cards_are_uniformly_distributed_over_samples():
    h = deal(SOFT, 0, random.Random(12))
    view = h.view(1)
    builder = WorldBuilder(view)
    rng = random.Random(1)
    n = 4000
    in_opp, first_draw = Counter(), Counter()
    for _ in range(n):
        world = builder.sample(rng)
        for c in cards_of(world.hands[0]):
            in_opp[c] += 1
        first_draw[world.talon[0]] += 1
    unseen = cards_of(view.unseen_mask)
    assert len(unseen) == 14  # 5 in the opponent's hand, 9 face down
    for c in unseen:
        # each unseen card: in the opponent's hand 5/14 of the time, drawn first 1/14
        assert abs(in_opp[c] / n - 5 / 14) < 0.04, (c, in_opp[c])
        assert abs(first_draw[c] / n - 1 / 14) < 0.025, (c, first_draw[c])
    assert set(in_opp) == set(unseen)


# --- claiming -------------------------------------------------------------------------

def test_bots_claim_exactly_at_66_and_never_falsely():
    rng = random.Random(2)
    claims_due = 0
    for game in range(24):
        h = deal(SHARP, game % 2, rng)
        levels = (LEVELS[game % 3], LEVELS[(game + 1) % 3])
        bot_rng = random.Random(game)
        while h.outcome is None:
            seat = h.to_act
            view = h.view(seat)
            action = choose(view, levels[seat], bot_rng)
            if "claim" in view.legal:
                due = view.scores[seat] >= 66
                claims_due += due
                assert (action == "claim") == due, (levels[seat], view.scores, action)
            h = h.apply(action)
        assert "false" not in h.outcome.reason and "claimed falsely" not in h.outcome.reason
    assert claims_due > 5


# --- honesty ----------------------------------------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
def test_equal_views_give_equal_decisions(level):
    rng = random.Random(6)
    compared = differ = 0
    for h in positions(SOFT, 12, 33) + positions(SHARP, 12, 34):
        seat = h.to_act
        view = h.view(seat)
        # another full hand with other hidden cards but the same view for this seat
        other = WorldBuilder(view).sample(rng)
        differ += other.hands[1 - seat] != h.hands[1 - seat]
        assert other.view(seat) == view
        a = choose(view, level, random.Random(99))
        b = choose(other.view(seat), level, random.Random(99))
        assert a == b and a in view.legal
        compared += 1
    assert compared == 24 and differ > 12


def test_bot_actions_are_always_legal():
    rng = random.Random(5)
    for game in range(6):
        rules = SOFT if game % 2 else SHARP
        h = deal(rules, game % 2, rng)
        while h.outcome is None:
            view = h.view(h.to_act)
            action = choose(view, LEVELS[game % 3], rng)
            assert action in view.legal
            h = h.apply(action)


# --- the arena ----------------------------------------------------------------------------

def test_arena_smoke(capsys):
    result = run("medium", "random", 4, 7, SOFT)
    assert result["bummerls"] == 4
    assert 0 <= result["a_bummerl_win"] <= 1 and result["hands"] >= 8
    assert result["a_net_points_per_hand"] > 0  # medium beats random even in 4 Bummerl
    assert arena_main(["easy", "random", "--bummerls", "2", "--seed", "3", "--json",
                       "--rules", "sharp"]) == 0
    printed = json.loads(capsys.readouterr().out)
    for key in ("bummerls", "a_bummerl_win", "a_hand_win", "a_net_points_per_hand",
                "a_bummerl_win_se", "a_hand_win_se", "a_net_points_per_hand_se"):
        assert key in printed
    assert set(printed["ms_per_decision"]) == {"a", "b"}
    assert set(printed["ms_per_decision"]["a"]) == {"median", "mean", "p99"}


def test_arena_counts_the_closes_made_against_a_seat_with_no_trick(monkeypatch):
    # Two closers that differ in one thing: whether the opponent has taken a trick yet.
    from bummerl_lab import arena

    def closer(against_no_trick: bool):
        def bot(view, rng, time_limit=None):
            if "close" in view.legal and (view.tricks[1 - view.seat] == 0) == against_no_trick:
                return "close"
            return arena.PLAYERS["easy"](view, rng)
        return bot

    monkeypatch.setitem(arena.PLAYERS, "early", closer(True))
    monkeypatch.setitem(arena.PLAYERS, "late", closer(False))
    split = run("early", "late", 4, 2, SOFT)["by_closer"]
    assert split["a"]["hands"] > 0 and split["a"]["against_no_trick"] == 1.0
    assert split["b"]["hands"] > 0 and split["b"]["against_no_trick"] == 0.0
    assert "against_no_trick" not in split["nobody"]
    split = run("easy", "early", 2, 2, SOFT)["by_closer"]  # easy never closes
    assert split["a"]["hands"] == 0 and split["a"]["against_no_trick"] == 0.0


def test_arena_splits_the_hands_by_who_closed_the_talon(capsys):
    # Easy never closes: every hand it plays is closed by Medium or by nobody.
    result = run("easy", "medium", 6, 4, SOFT)
    split = result["by_closer"]
    assert split["a"]["hands"] == 0 and split["a"]["share"] == 0
    assert split["b"]["hands"] > 0 and split["nobody"]["hands"] > 0
    assert sum(part["hands"] for part in split.values()) == result["hands"]
    assert sum(part["share"] for part in split.values()) == pytest.approx(1)
    # the parts' net points add up to the whole
    total = sum(part["a_net_points_per_hand"] * part["hands"] for part in split.values())
    assert total == pytest.approx(result["a_net_points_per_hand"] * result["hands"])
    assert 0 <= split["b"]["closer_won"] <= 1 and "closer_won" not in split["nobody"]
    assert arena_main(["easy", "medium", "--bummerls", "2", "--seed", "4"]) == 0
    printed = capsys.readouterr().out
    assert "medium closed:" in printed and "nobody closed:" in printed and "closer won" in printed
    assert arena_main(["easy", "medium", "--bummerls", "2", "--seed", "4", "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)["by_closer"]) == {"a", "b", "nobody"}


def test_arena_classes_each_deal_by_who_closed_it_in_each_bummerl_of_its_pair(monkeypatch):
    # A literal pair: deal 0 closed by A in one Bummerl and played out in the other, deal 1
    # played out in both, deal 2 played only in the longer Bummerl (closed by B).
    from bummerl_lab import arena
    hands = {  # A's seat -> per deal: (winner seat, game points, closer seat or -1, no trick)
        0: [(0, 2, 0, False), (1, 1, -1, False), (1, 3, 1, False)],
        1: [(0, 1, -1, False), (1, 2, -1, False)],
    }

    def scripted(rules, match_seed, bots, rngs, times, time_limits=(None, None), histories=None, players=None):
        a_seat = 0 if bots[0] == "medium" else 1
        return 1 - a_seat, hands[a_seat]  # A wins both Bummerl

    monkeypatch.setattr(arena, "play_bummerl", scripted)
    result = run("medium", "easy", 2, 1, SOFT)
    split = result["by_deal"]
    assert split["deals"] == 2 and split["hands_played_once"] == 1
    assert 2 * split["deals"] + split["hands_played_once"] == result["hands"] == 5
    parts = split["parts"]
    assert set(parts) == set(arena.DEAL_PARTS) and len(parts) == 6
    # deal 0: A's close won 2, B playing on with A's cards won 1 -> +1 over two hands
    assert parts["a+nobody"]["deals"] == 1 and parts["a+nobody"]["a_net_points_per_hand"] == 0.5
    # deal 1: B won 1 with one hand, A won 2 with the other
    assert parts["nobody+nobody"]["deals"] == 1 and parts["nobody+nobody"]["a_net_points_per_hand"] == 0.5
    assert parts["nobody+nobody"]["share"] == 0.5
    assert all(parts[p]["deals"] == 0 for p in ("a+a", "a+b", "b+b", "b+nobody"))
    # the single hands' split still counts every hand, the lone deal 2 too
    assert result["by_closer"]["b"]["hands"] == 1 and result["by_closer"]["nobody"]["hands"] == 3
    report = format_report(result)
    assert "deals played in both Bummerl of a pair (2; 1 hands of deals played once left out)" in report
    assert "medium / nobody:" in report and "easy / easy:" in report


def test_a_deal_is_classed_by_its_two_closers_in_either_order():
    from bummerl_lab.arena import DEAL_PARTS, deal_part
    assert deal_part("nobody", "a") == deal_part("a", "nobody") == "a+nobody"
    assert deal_part("b", "a") == "a+b" and deal_part("b", "b") == "b+b"
    assert {deal_part(x, y) for x in ("a", "b", "nobody") for y in ("a", "b", "nobody")} == set(DEAL_PARTS)


def test_the_independent_bummerl_share_is_the_race_to_the_board_of_independent_hands():
    # symmetric results: even; only wins or only losses: certain
    assert independent_share({1: 4, 2: 3, 3: 3, -1: 4, -2: 3, -3: 3}) == pytest.approx(0.5)
    assert independent_share({1: 5}) == 1.0 and independent_share({-3: 2}) == 0.0
    # by hand, 2 points to go each: A needs two +1 before one -2, 1/2 * 1/2
    assert independent_share({1: 1, -2: 1}, to_go=2) == pytest.approx(0.25)
    assert independent_share({2: 1, -1: 1}, to_go=2) == pytest.approx(0.75)
    # a stronger player wins more Bummerl than hands: the race amplifies the edge
    assert independent_share({1: 55, -1: 45}) > 0.6
    with pytest.raises(ValueError, match="at least one hand"):
        independent_share({})
    with pytest.raises(ValueError, match="0 game points"):
        independent_share({0: 1, 1: 1})


def test_the_arena_reports_the_bummerl_share_its_hands_would_give_independently():
    result = run("medium", "easy", 6, 8, SOFT)
    counts = {int(k): n for k, n in result["a_hand_results"].items()}
    assert sum(counts.values()) == result["hands"]
    assert sum(k * n for k, n in counts.items()) / result["hands"] == pytest.approx(
        result["a_net_points_per_hand"])
    assert result["a_bummerl_win_independent"] == pytest.approx(independent_share(counts))
    assert "had they come independently" in format_report(result)


def test_arena_is_deterministic_for_a_seed():
    # (Hard's own determinism is checked by the honesty test above.)
    first = run("medium", "heuristic", 6, 5, SHARP)
    second = run("medium", "heuristic", 6, 5, SHARP)
    keys = ("a_bummerl_win", "a_hand_win", "a_net_points_per_hand", "hands")
    assert [first[k] for k in keys] == [second[k] for k in keys]


# --- hard's static estimate -------------------------------------------------------------

@pytest.mark.parametrize("rules", [SOFT, SHARP])
def test_the_static_estimate_is_the_weighted_sum_of_its_features_plus_each_suits_pair_and_lie(rules):
    # The lab fits WEIGHTS to ``features``, PAIRS to what is left and LIES to what the pairs
    # leave; the search reads ``estimate``: the same sum. A suit's gone cards are those in
    # the two seats' tricks.
    rng = random.Random(21)
    lied = 0
    for _ in range(60):
        h = random_position(rules, rng, lambda h: (h.lead < 0 and h.married < 0
                                                   and not h.phase2 and h.drawn >= 2))
        pos = Position(h)
        weights = hard.WEIGHTS[rules.claim][h.drawn]
        trump_pairs, side_pairs = hard.PAIRS[rules.claim][h.drawn]
        trump_lies, side_lies = hard.LIES[rules.claim][h.drawn]
        gone = h.won[0] | h.won[1]
        for root in (0, 1):
            total = sum(w * f for w, f in zip(weights, hard.features(pos, h.leader, root)))
            for suit in range(4):
                mine, theirs = pos.hands[root] >> 5 * suit & 31, pos.hands[1 - root] >> 5 * suit & 31
                key, sign = hard.pair_key(mine, theirs)
                if sign:
                    pairs = trump_pairs if suit == pos.trump else side_pairs
                    total += sign * pairs[hard.PAIR_KEYS.index(key)]
                    lies = trump_lies if suit == pos.trump else side_lies
                    lie = lies[hard.LIE_KEYS.index(key << 5 | gone >> 5 * suit & 31)]
                    total += sign * lie
                    lied += lie != 0
            assert hard.estimate(pos, h.leader, root) == pytest.approx(max(-3, min(3, total)))
    assert lied > 100


@pytest.mark.parametrize("rules", [SOFT, SHARP])
def test_the_cards_gone_are_those_in_the_tricks_whatever_was_drawn_or_exchanged(rules):
    rng = random.Random(22)
    stages = set()
    for _ in range(80):
        h = random_position(rules, rng, lambda h: h.lead < 0 and h.married < 0)
        assert hard.gone_cards(Position(h)) == h.won[0] | h.won[1]
        stages.add(h.drawn)
    assert stages >= {0, 2, 4, 6, 8, 10}


# --- hard's incremental search ---------------------------------------------------------

def test_sliced_search_decides_as_one_search():
    # Worlds and depth fixed, no node budget: slicing changes nothing but the slices.
    rng = random.Random(13)
    compared = 0
    for h in positions(SOFT, 10, 51) + positions(SHARP, 10, 52):
        view = h.view(h.to_act)
        whole = hard.Search(view, random.Random(5), time_limit=60, worlds=4, max_depth=2)
        assert whole.step()
        sliced = hard.Search(view, random.Random(5), time_limit=60, worlds=4, max_depth=2)
        slices = 0
        while not sliced.step(0.0005):
            slices += 1
        assert sliced.best() == whole.best() and sliced.means == whole.means
        compared += slices > 2
    assert compared > 5


def test_search_answers_before_it_has_finished():
    h = deal(SOFT, 0, random.Random(3))
    view = h.view(1)
    search_ = hard.Search(view, random.Random(1), time_limit=5)
    search_.step(0.0)
    assert not search_.done and search_.best() in [parse_action(a) for a in view.legal]


# --- hard in known positions ----------------------------------------------------------------

def test_hard_solves_a_known_endgame_from_its_view():
    h = endgame("AH TS", "TH AS", "H", points=(50, 50), tricks=(4, 4))
    assert choose(h.view(0), "hard", random.Random(1)) == "play AH"
    # and as the follower: seat 1 must head AH with TH either way; after TS it must take
    h = endgame("AH TS", "TH AS KS", "H", points=(50, 40), tricks=(4, 4))
    h.step(parse_card("TS"))
    assert choose(h.view(1), "hard", random.Random(1)) == "play AS"


@pytest.mark.parametrize("rules", [SOFT, SHARP], ids=["soft", "sharp"])
def test_hard_closes_with_every_trump_but_the_face_up_jack(rules):
    # Pagat's example: forehand holds A T K Q of trumps (the J is the trump card) and an
    # ace. Closing before the first trick wins 3 game points for sure.
    h = Hand(rules, 1, [mask("AH TH KH QH AS"), mask("AD TD KD QD JD")], parse_card("JH"),
             [parse_card(c) for c in "AC TC KC QC JC TS KS QS JS".split()])
    assert choose(h.view(0), "hard", random.Random(1)) == "close"


def test_docstring_examples():
    import doctest

    import bummerl.bots
    import bummerl.bots.hard
    import bummerl.bots.levels
    import bummerl_lab.variant

    for module in (bummerl.bots, bummerl.bots.levels, bummerl.bots.hard, bummerl_lab.variant):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


def test_importing_the_bots_package_imports_no_bot_until_one_is_asked_for():
    # The page imports the bots a module per task (bots.MODULES): the package itself is free.
    import subprocess
    import sys

    code = ("import sys, bummerl.bots as b; assert 'bummerl.bots.hard' not in sys.modules; "
            "b.choose; assert 'bummerl.bots.hard' in sys.modules; "
            "import importlib; [importlib.import_module('bummerl.bots.' + m) for m in b.MODULES]; "
            "import pkgutil, bummerl.bots as p; "
            "assert sorted(b.MODULES) == sorted(m.name for m in pkgutil.iter_modules(p.__path__)), b.MODULES")
    env = {"PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}
    subprocess.run([sys.executable, "-c", code], check=True, env=env)


def test_hard_with_time_or_nodes_to_spare_searches_more_worlds_as_deep_as_the_first():
    # A phase-1 position that 4 worlds search (one trick deep) in far less than the time or
    # the nodes given: what is left goes to more worlds, 4 at a time, up to BATCHES times 4.
    view = deal(SOFT, 0, random.Random(3)).view(1)
    quick = hard.Search(view, random.Random(2), time_limit=30, worlds=4, max_depth=1)
    assert quick.step() and len(quick.worlds) == hard.BATCHES * 4
    assert quick.means is not None and quick.depth == 1
    budgeted = hard.Search(view, random.Random(2), worlds=4, max_depth=1)  # node budget
    assert budgeted.step() and len(budgeted.worlds) == hard.BATCHES * 4
    assert [w.hands for w in budgeted.worlds] == [w.hands for w in quick.worlds]
    # a review values the first worlds only (how many more a budget finishes would move
    # with its slicing)
    review = hard.Search(view, random.Random(2), worlds=4, max_depth=1, every_action=True)
    assert review.step() and len(review.worlds) == 4
    # the first 4 worlds are the same draws: the larger sample extends the smaller one
    assert [w.hands for w in quick.worlds[:4]] == [w.hands for w in review.worlds]


# --- playing for the Bummerl --------------------------------------------------------------

def test_bummerl_worth_counts_the_bummerl_at_stake():
    worth = hard.bummerl_worth
    assert worth(0, 3, False) == 1 and worth(3, -1, False) == -1  # reached: won, lost
    assert worth(7, 7, False) == pytest.approx(0)  # an even start
    assert worth(-1, 7, True) == 2 and worth(7, 0, True) == -2  # a Schneider Bummerl counts twice
    for to_go in range(1, 8):
        for theirs in range(1, 8):
            assert worth(to_go, theirs, False) == pytest.approx(-worth(theirs, to_go, False))
            if to_go > 1:  # fewer points to go is better
                assert worth(to_go - 1, theirs, False) > worth(to_go, theirs, False)


def test_needing_one_point_every_win_is_worth_the_same():
    value = hard.BummerlValue((1, 7), 0, SOFT).value
    wins = [value(x) for x in (1, 2, 3)]
    assert max(wins) - min(wins) < 3 * hard.TIE_BREAK and wins == sorted(wins)
    assert value(-3) < value(-2) < value(-1) < value(1)  # losses still differ: 7 to go stays
    # the opponent one point away: every loss loses the Bummerl
    value = hard.BummerlValue((7, 1), 0, SOFT).value
    losses = [value(x) for x in (-3, -2, -1)]
    assert max(losses) - min(losses) < 3 * hard.TIE_BREAK and value(1) > value(-1)
    # seat 1 reads the board from its side
    assert hard.BummerlValue((7, 1), 1, SOFT).worth == hard.BummerlValue((1, 7), 0, SOFT).worth
    # an expected result in between is valued on the line between its neighbours
    value = hard.BummerlValue((7, 7), 0, SOFT).value
    assert value(1.5) == pytest.approx((value(1) + value(2)) / 2)
    assert value(0) == pytest.approx(0) and value(-9) == pytest.approx(value(-3) - 6 * hard.TIE_BREAK)


def test_a_match_view_shows_the_board_and_a_lone_hand_none():
    from bummerl.match import Match

    match = Match.new(SOFT, seed=3)
    match.deal_next()
    match.board = [2, 5]
    view = match.view(0)
    assert view.board == (2, 5) and match.view(1).board == (2, 5)
    assert match.hand.view(0).board is None
    assert view.legal == match.hand.view(0).legal and view.hand == match.hand.view(0).hand


def test_hard_plays_for_the_bummerl_when_it_knows_the_board():
    # Both seats one point from the Bummerl: only winning the hand counts, so in each world
    # a result beyond +1 or -1 is worth no more than +1 or -1. The same worlds (same rng)
    # searched without a board maximise the mean of the game points instead.
    from dataclasses import replace

    from bummerl.bots.solver import value_after

    def world_values(search_, action):
        values = []
        for world in search_.worlds:
            v = value_after(world, action, search_.seat, 1, hard.estimate, None, hard.CLOSE_FROM, {})
            values.append(v)
        return values

    def mean(values, weights):
        return sum(w * v for v, w in zip(values, weights)) / sum(weights)

    differed = 0
    for h in positions(SOFT, 40, 61):
        view = h.view(h.to_act)
        if view.phase2 or len(view.legal) < 2 or "close" in view.legal:
            continue
        plain = hard.Search(view, random.Random(5), time_limit=60, worlds=6, max_depth=1)
        plain.more_worlds = False
        aware = hard.Search(replace(view, board=(1, 1)), random.Random(5), time_limit=60,
                            worlds=6, max_depth=1)
        aware.more_worlds = False
        assert plain.step() and aware.step()
        # each search's best mean, without the tie-breaker (which may take a near-tie)
        if plain.means is None or plain.choice(0.0) == aware.choice(0.0):
            continue
        differed += 1
        weights = aware.weights
        chosen, other = world_values(aware, aware.choice(0.0)), world_values(aware, plain.choice(0.0))

        def capped(values):
            return [max(-1.0, min(1.0, v)) for v in values]

        # more of the hand won (capped at one point) for fewer game points on average
        assert mean(capped(chosen), weights) >= mean(capped(other), weights) - 1e-9
        assert mean(chosen, weights) <= mean(other, weights) + 1e-9
    assert differed >= 1


def test_a_close_that_wins_in_some_worlds_only_is_valued_below_its_mean():
    # After a close each world is played as if both seats saw every card: a close whose
    # result depends on the world is worth less than its mean, a sure one its full value.
    h = Hand(SOFT, 1, [mask("AH TH KH QH AS"), mask("AD TD KD QD JD")], parse_card("JH"),
             [parse_card(c) for c in "AC TC KC QC JC TS KS QS JS".split()])
    search_ = hard.Search(h.view(0), random.Random(1), worlds=4)
    search_.weights = [1.0, 1.0, 1.0, 1.0]
    lead = parse_card("AH")
    search_.close_values = [{lead: 3}, {lead: 3}, {lead: 3}, {lead: 3}]
    assert search_._close_value(4) == pytest.approx(3)
    search_.close_values = [{lead: 3}, {lead: 3}, {lead: -2}, {lead: 3}]
    mean, spread = 1.75, (3 * 1.25 ** 2 / 4 + 3.75 ** 2 / 4) ** 0.5
    assert search_._close_value(4) == pytest.approx(mean - hard.CLOSE_DOUBT * spread)
    # and the best lead is the one with the best discounted value, not the best mean
    other = parse_card("AS")
    search_.close_values = [{lead: 3, other: 2}, {lead: 3, other: 2}, {lead: -2, other: 1},
                            {lead: 3, other: 2}]
    steady = (3 * 0.25 ** 2 / 4 + 0.75 ** 2 / 4) ** 0.5  # the same mean, less spread
    assert search_._close_value(4) == pytest.approx(1.75 - hard.CLOSE_DOUBT * steady)


def test_facing_a_close_the_worlds_where_it_fails_weigh_less_by_the_models_ratio():
    # Seat 1 closes at once and leads; seat 0 cannot tell its five cards from the talon's.
    h = Hand(SOFT, 0, [mask("KD JD AC QC KS"), mask("AH TD QD TC QS")], parse_card("TH"),
             [parse_card(c) for c in "QH KC JH KH AD JC TS JS AS".split()])
    h = h.apply("close").apply("play AH")
    view = h.view(0)
    search_ = hard.Search(view, random.Random(2), worlds=12)
    drawn = list(search_.weights)
    search_.step()
    assert search_.done and len(search_.worlds) > 1
    fails = 0
    for sample, times, weight in zip(search_.worlds, drawn, search_.weights):
        beaten = max(action_values(sample, 0).values()) > 0  # the close fails, played open
        fails += beaten
        assert weight == pytest.approx(times * (hard.CLOSE_FAILS if beaten else 1))
    assert 0 < fails < len(search_.worlds)  # both kinds came up


def test_a_follow_is_searched_from_the_end_of_its_trick():
    # Following at the third trick (6 talon cards drawn): the first iteration scores the
    # position right after the trick in play, the next one is exact.
    rng = random.Random(8)
    for _ in range(200):
        h = random_position(SOFT, rng, lambda h: h.lead >= 0 and h.drawn == 6 and not h.phase2)
        view = h.view(h.to_act)
        if len(view.legal) > 1:
            break
    search_ = hard.Search(view, random.Random(1))
    assert (search_.depth, search_.last_depth) == (0, 1)
    search_.step()
    assert search_.means is not None and search_.depth == 1


def test_before_any_iteration_finishes_the_worlds_finished_decide():
    h = deal(SOFT, 0, random.Random(1))
    search_ = hard.Search(h.view(1), random.Random(1), nodes=3000)
    search_.step()
    assert search_.done and search_.means is None and 0 < search_.next_world < len(search_.worlds)
    count = search_.next_world
    assert search_.finished[count - 1] is not None and search_.finished[count] is None
    finished = sum(search_.weights[:count])
    means = {a: sum(w * values[a] for w, values in zip(search_.weights, search_.finished[:count])) / finished
             for a in search_.finished[0]}
    means[CLOSE] = search_._close_value(count)
    top = max(means.values())
    assert means[search_.best()] == pytest.approx(top)


def test_a_deeper_iteration_cut_by_the_budget_counts_for_the_worlds_it_finished():
    # Each world is valued at its deepest finished search: the worlds the cut iteration
    # finished at its depth, the rest at the depth before; the choice and the means a
    # review reads are those.
    from bummerl.bots.solver import value_after

    view = deal(SOFT, 0, random.Random(7)).view(1)  # a lead to search (no exchange)
    for nodes in range(4000, 60_000, 2000):
        search_ = hard.Search(view, random.Random(2), nodes=nodes, worlds=6)
        search_.step()
        if search_.means is not None and search_.depth >= 2 and 0 < search_.next_world < len(search_.worlds):
            break
    else:
        pytest.fail("no budget cut a deeper iteration")
    cut = search_.next_world
    sums = Counter()
    for index, world in enumerate(search_.worlds):
        depth = search_.depth if index < cut else search_.depth - 1
        for action, value in search_.finished[index].items():
            assert value == pytest.approx(value_after(world.copy(), action, view.seat, depth, hard.estimate,
                                                      None, hard.CLOSE_FROM, {}))
            sums[action] += search_.weights[index] * value
    means = {a: s / sum(search_.weights) for a, s in sums.items()}
    assert {a: search_.means[a] for a in means} == pytest.approx(means)
    assert search_.current_means() == search_.means
    best = max(search_.legal, key=search_.means.__getitem__)
    assert search_.choice(-1.0) == best
    # A review reads whole iterations only (how far a budget gets moves with its slicing):
    # every world at the depth before.
    review = hard.Search(view, random.Random(2), nodes=nodes, worlds=6, every_action=True)
    review.step()
    assert review.depth == search_.depth and review.next_world == cut
    whole = Counter()
    for index, world in enumerate(review.worlds):
        for action in review.finished[index]:
            whole[action] += review.weights[index] * value_after(
                world.copy(), action, view.seat, review.depth - 1, hard.estimate, None, hard.CLOSE_FROM, {})
    assert {a: review.means[a] for a in whole} == pytest.approx({a: v / sum(review.weights) for a, v in whole.items()})
    assert review.current_means() == review.means


def test_closing_allowed_to_one_seat_only_helps_that_seat():
    # More options never hurt the seat that has them: the opponent's closes can only lower
    # root's value, root's own can only raise it; a pair of equal thresholds is the number.
    rng = random.Random(8)
    checked = 0
    while checked < 12:
        hand = deal(SOFT, rng.randrange(2), rng)
        for _ in range(rng.randrange(6, 10)):  # three tricks or more: cheap exact searches
            hand = hand.apply(rng.choice([a for a in hand.legal() if a.startswith("play")]))
        if hand.over or hand.drawn >= 10 or hand.closed_by >= 0:
            continue
        root = hand.to_act
        value = {pair: search(hand.copy(), root, close_from=pair) for pair in ((10, 0), (10, 10), (0, 10), (4, 4))}
        assert value[(10, 0)] <= value[(10, 10)] <= value[(0, 10)]
        assert value[(4, 4)] == search(hand.copy(), root, close_from=4)
        checked += 1


def test_hard_searches_the_opponents_close_from_6_drawn_and_its_own_from_8():
    # Below the root Hard's search lets the opponent close two leads earlier than Hard
    # itself (hard.CLOSE_FROM): each world's values are the search's with that pair, and on
    # some early leads the threat of the opponent's close lowers them (with the opponent's
    # close from 8 only, it would not be searched before the last phase-1 lead).
    from bummerl.bots.solver import value_after

    assert hard.CLOSE_FROM == (8, 6)
    config = hard.HardConfig(spare_worlds=False)  # the one world searched, no more
    rng = random.Random(4)
    threatened = checked = 0
    while checked < 12:
        hand = deal(SOFT, rng.randrange(2), rng)
        for _ in range(4):  # two tricks: four talon cards drawn, the next lead at 4
            hand = hand.apply(rng.choice([a for a in hand.legal() if a.startswith("play")]))
        if hand.over or hand.drawn != 4 or hand.lead >= 0:
            continue
        view = hand.view(hand.to_act)
        search_ = hard.Search(view, random.Random(1), worlds=1, nodes=None, max_depth=2, config=config)
        if search_.done:  # answered without a search (the exchange)
            continue
        assert search_.step() and search_.depth == 2
        world = search_.worlds[0]
        for action in search_.legal:
            if action == CLOSE:
                continue
            seen = value_after(world.copy(), action, view.seat, 2, hard.estimate, None, (8, 6), {})
            assert search_.means[action] == pytest.approx(seen)
            unseen = value_after(world.copy(), action, view.seat, 2, hard.estimate, None, (8, 8), {})
            assert seen <= unseen + 1e-9  # the opponent's option can only cost root
            threatened += seen < unseen - 1e-9
        checked += 1
    assert threatened, checked


def test_with_nothing_hidden_a_near_tie_is_not_given_to_the_tie_breaker():
    """Once the talon is exhausted the values are exact, not noise: the best is played even
    when the tie-breaker's choice is within the margin; with hidden cards it is not."""
    played_out = random_position(SOFT, random.Random(3), lambda h: len(h.legal_actions()) > 2 and
                                 WorldBuilder(h.view(h.to_act)).exact())
    exact = hard.Search(played_out.view(played_out.to_act), random.Random(1))
    hidden = hard.Search(deal(SOFT, dealer=1, rng=random.Random(5)).view(0), random.Random(1), nodes=500)
    assert exact.exact and not hidden.exact
    plays = {}
    for search_ in (exact, hidden):
        best, near = plays[search_] = [a for a in search_.legal if a != CLOSE][:2]  # a close has its own rule
        search_.fallback = near
        search_.means = {a: 0.0 for a in search_.legal} | {best: 1.0, near: 1.0 - hard.TIE_MARGIN / 2}
    assert exact.best() == plays[exact][0]
    assert hidden.best() == plays[hidden][1]


def searched(rows, fallback, weights=None):
    """A Search whose finished iteration gave these per-world values ({action: value})."""
    search = object.__new__(hard.Search)
    search.legal = list(rows[0])
    search.fallback = fallback
    search.weights = weights or [1.0] * len(rows)
    search.value = hard._game_points
    search.next_world = 0
    search.done = True
    total = sum(search.weights)
    search.means = {a: sum(w * row[a] for w, row in zip(search.weights, rows)) / total for a in search.legal}
    return search


def test_the_tie_breakers_choice_is_played_when_its_mean_is_within_the_margin_of_the_best():
    search = searched([{1: 0.50, 2: 0.47, 3: 0.30}], fallback=2)
    assert search.choice(margin=0.05) == 2  # 0.03 short: the tie-breaker's
    search.fallback = 3
    assert search.choice(margin=0.05) == 1  # 0.20 short: the best
    assert searched([{1: 0.4, 2: 0.4, 3: 0.1}], fallback=3).choice(1e-9) == 1  # the first of equal bests
    assert hard.TIE_MARGIN > 0


def test_a_close_with_the_best_mean_is_played_even_when_the_tie_breakers_choice_is_near():
    play = 2
    closing_best = searched([{CLOSE: 0.50, play: 0.47, 3: 0.30}], fallback=play)
    assert closing_best.choice(margin=0.05) == CLOSE
    # a close short of the best is no tie-breaker: the near-tie still goes to the yardstick
    closing_near = searched([{1: 0.50, CLOSE: 0.49, play: 0.47}], fallback=play)
    assert closing_near.choice(margin=0.05) == play
    assert searched([{1: 0.50, CLOSE: 0.49, 3: 0.30}], fallback=3).choice(margin=0.05) == 1


def test_near_ties_go_to_the_tie_breaker_only_early_in_phase_1_with_the_talon_open():
    margins = {}
    for seed in range(40):
        hand = deal(SOFT, dealer=seed % 2, rng=random.Random(seed))
        while not hand.over:
            view = hand.view(hand.to_act)
            search = hard.Search(view, random.Random(1), nodes=1)
            if not search.done:  # Hard answers some decisions at once, without a margin
                stage = "closed" if view.closed_by is not None else "exhausted" if view.phase2 else view.drawn
                margins.setdefault(stage, set()).add(search.margin)
            hand = hand.apply(heuristic(view))
    early = [stage for stage in margins if isinstance(stage, int) and stage < hard.TIE_UNTIL]
    assert early and all(margins[stage] == {hard.TIE_MARGIN} for stage in early)
    late = [stage for stage in margins if stage not in early]
    assert {"closed", "exhausted", 8} <= set(late)
    assert all(margins[stage] == {1e-9} for stage in late)


def test_an_action_is_valued_by_the_trimmed_mean_of_its_worlds():
    # One world where a line happens to win big does not make it the best: with 24 worlds
    # of equal weight the two highest and the two lowest values of each action are dropped.
    h = Hand(SOFT, 1, [mask("AH TH KH QH AS"), mask("AD TD KD QD JD")], parse_card("JH"),
             [parse_card(c) for c in "AC TC KC QC JC TS KS QS JS".split()])
    search_ = hard.Search(h.view(0), random.Random(1), worlds=24)
    lucky, steady = parse_card("AS"), parse_card("AH")
    search_.weights = [1.0] * 24
    search_.finished = [{lucky: 3.0 if i < 2 else 0.0, steady: 0.1} for i in range(24)]
    search_.close_values = [{steady: -1.0}] * 24  # closing is valued by its own rule
    assert hard.TRIM * 24 == pytest.approx(2)
    means = search_._means(24, points=True)
    assert means[lucky] == 0.0  # its plain mean would be 0.25
    assert means[steady] == pytest.approx(0.1)
    # facing a close the worlds weigh differently: the plain weighted mean
    search_.weights = [0.4] * 12 + [1.0] * 12
    means = search_._means(24, points=True)
    assert means[lucky] == pytest.approx(2 * 0.4 * 3.0 / (12 * 0.4 + 12))


def test_a_trimmed_mean_drops_the_highest_and_the_lowest_values():
    assert hard.trimmed_mean([5, -4, 1, 2, 3, 0], 1) == pytest.approx(1.5)
    assert hard.trimmed_mean([1.0, 2.0], 0) == pytest.approx(1.5)


def test_a_world_searched_at_the_last_depth_lets_its_table_go():
    # Its table is what a deeper search of the same world would start from; after the
    # last depth there is none, and a review's thousand tables would only burden memory.
    h = deal(SOFT, 0, random.Random(5))
    search_ = hard.Search(h.view(1), random.Random(1), nodes=None, max_depth=1, every_action=True)
    search_.step()
    assert search_.done and search_.means is not None
    assert all(table is None for table in search_.tables)
    assert all(values is not None for values in search_.finished)
