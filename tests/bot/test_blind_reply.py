"""Hard's opponent answering its leads blind where Hard may close (``hard.BLIND_WORLDS``), and
the lab's searches that ask the same elsewhere (``bummerl_lab.blind_reply``)."""

import random

import pytest

from bummerl import deal
from bummerl.bots import hard
from bummerl.bots.solver import Budget, value_after
from bummerl.bots.world import WorldBuilder, popcount
from bummerl.rules import OPTIONS, SHARP, SOFT, Rules
from bummerl_lab import blind_reply
from bummerl.cards import CLOSE, parse_action
from bummerl_lab.blind_reply import BlindAll, BlindLead, BlindReply
from bummerl_lab.choices import MERGED, SEARCHES, by_settings, changed, run


def phase_one_views(rules, rng, hands, leading=True):
    """Hard's phase-1 views with a choice, on lead (or following), Hard playing both seats."""
    for game in range(hands):
        hand = deal(rules, game % 2, rng)
        while hand.outcome is None:
            view = hand.view(hand.to_act)
            if not view.phase2 and (view.trick is None) == leading and len(view.legal) > 1:
                yield view
            with changed({"NODES": 2_000}):
                hand.step(hard.choose(view, rng))


def random_rules(rng) -> Rules:
    return Rules(**{name: rng.choice(values) for name, values in OPTIONS.items()})


def plain_value(world, action, seat, depth) -> float:
    return value_after(world, action, seat, depth, hard.estimate, Budget(), hard.CLOSE_FROM, {})


@pytest.mark.parametrize("Search, leading", [(BlindReply, True), (BlindLead, False)])
def test_with_no_other_world_the_opponent_answers_as_the_search_does(monkeypatch, Search, leading):
    # The world alone in the opponent's mean: its answer (or its lead after Hard's follow)
    # is the world's best for it, so every action of Hard's is valued as the plain search
    # values it, at every depth.
    monkeypatch.setattr(blind_reply, "RESAMPLES", 0)
    rng = random.Random(3)
    compared = 0
    for game in range(6):
        rules = random_rules(rng)
        for view in phase_one_views(rules, rng, 1, leading):
            search = Search(view, rng, nodes=None)  # not stepped: its valuation alone is used
            world = WorldBuilder(view).sample(rng)
            for depth in (0, 1, 2, 3) if not leading else (1, 2, 3):
                for action in world.legal_actions():
                    value = search._value_after(world, action, depth, hard.estimate, {})
                    assert value == plain_value(world, action, view.seat, depth), (rules, view, depth, action)
                    compared += 1
    assert compared > 150


@pytest.mark.parametrize("Search, leading", [(BlindReply, True), (BlindLead, False)])
def test_a_blind_opponent_never_values_an_action_below_the_search_and_somewhere_above(Search, leading):
    # The opponent's blind answer (or lead) is one of its choices in the world: never
    # better for it than the world's best, and somewhere worse (it had to guess Hard's cards).
    rng = random.Random(7)
    compared = higher = 0
    for rules in (SOFT, SHARP, random_rules(rng)):
        for view in phase_one_views(rules, rng, 3, leading):
            search = Search(view, rng, nodes=None)
            world = WorldBuilder(view).sample(rng)
            table = {}
            for action in world.legal_actions():
                value = search._value_after(world, action, 2, hard.estimate, table)
                plain = plain_value(world, action, view.seat, 2)
                assert value >= plain - 1e-12, (view, action)
                compared += 1
                higher += value > plain + 1e-9
    assert compared > 100 and higher > 5


@pytest.mark.parametrize("resamples", [0, 3])
def test_after_a_blind_close_each_lead_is_worth_at_least_the_searchs_and_alone_as_much(monkeypatch, resamples):
    # BlindAll's leads after Hard's close, answered by the world alone, are the plain
    # search's values; answered over more worlds, never less for Hard (more only rarely:
    # to the end of the hand an answer that is good in most worlds is seldom a mistake).
    monkeypatch.setattr(blind_reply, "RESAMPLES", resamples)
    rng = random.Random(17)
    compared = 0
    for rules in (SOFT, SHARP, random_rules(rng)):
        for view in phase_one_views(rules, rng, 12):
            if CLOSE not in world_actions(view):
                continue
            blind, plain = BlindAll(view, rng, nodes=None), hard.Search(view, rng, nodes=None)
            world = WorldBuilder(view).sample(rng)
            values, plain_values = blind._close_values(world, {}), plain._close_values(world, {})
            assert values.keys() == plain_values.keys()
            for action, value in values.items():
                if resamples:
                    assert value >= plain_values[action] - 1e-12, (view, action)
                else:
                    assert value == plain_values[action], (view, action)
                compared += 1
    assert compared > 40


def test_hard_answers_blind_only_where_it_may_close_and_there_as_the_lab_does(monkeypatch):
    # Hard's own blind opponent (hard.BLIND_WORLDS) is the lab's BlindAll where Hard may
    # close (both playing on and closing answered blind) and the plain search elsewhere.
    monkeypatch.setattr(hard, "BLIND_WORLDS", blind_reply.RESAMPLES)
    rng = random.Random(19)
    plain_seen = blind_seen = 0
    for rules in (SOFT, SHARP):
        for view in phase_one_views(rules, rng, 10):
            merged, blind = hard.Search(view, rng, nodes=None), BlindAll(view, rng, nodes=None)
            if merged.done:
                continue  # answered without a search (the exchange)
            world = WorldBuilder(view).sample(rng)
            may_close = CLOSE in world_actions(view)
            assert merged.blind_leads == merged.blind_closes == may_close
            for action in world.legal_actions():
                value = merged._value_after(world, action, 2, hard.estimate, {})
                if may_close:
                    assert value == blind._value_after(world, action, 2, hard.estimate, {})
                    blind_seen += 1
                else:
                    assert value == plain_value(world, action, view.seat, 2)
                    plain_seen += 1
            if may_close:
                assert merged._close_values(world, {}) == blind._close_values(world, {})
    assert plain_seen > 30 and blind_seen > 200


def test_with_blind_worlds_off_hard_answers_as_the_world_does_where_it_may_close(monkeypatch):
    monkeypatch.setattr(hard, "BLIND_WORLDS", 0)
    rng = random.Random(23)
    seen = 0
    for view in phase_one_views(SOFT, rng, 6):
        if CLOSE not in world_actions(view):
            continue
        merged = hard.Search(view, rng, nodes=None)
        if merged.done:
            continue  # answered without a search (the exchange)
        assert not merged.blind_leads and not merged.blind_closes
        world = WorldBuilder(view).sample(rng)
        for action in world.legal_actions():
            if action != CLOSE:
                assert merged._value_after(world, action, 2, hard.estimate, {}) == plain_value(world, action, view.seat, 2)
                seen += 1
    assert seen > 20


def world_actions(view) -> set:
    """The view's legal actions as ints."""
    return {parse_action(a) for a in view.legal}


def test_the_opponents_worlds_keep_its_cards_and_guess_only_what_it_cannot_see():
    rng = random.Random(13)
    checked = 0
    for rules in (SOFT, SHARP):
        for view in phase_one_views(rules, rng, 4):
            search = BlindReply(view, rng, nodes=None)
            world = WorldBuilder(view).sample(rng)
            seat, opp = view.seat, 1 - view.seat
            for lead in (a for a in world.legal_actions() if a < 20):
                hand = world.copy()
                hand.step(lead)
                others = search._others(hand, (lead,), {})
                assert len(others) == blind_reply.RESAMPLES
                hidden = hand.hands[seat] | sum(1 << c for c in hand.talon[hand.drawn:])
                for other, table in others:
                    assert other.hands[opp] == hand.hands[opp]  # its own cards, as it holds them
                    assert other.lead == lead and other.to_act == opp  # the lead on the table
                    assert other.trump_card == hand.trump_card and other.drawn == hand.drawn
                    guessed = other.hands[seat] | sum(1 << c for c in other.talon[other.drawn:])
                    assert guessed == hidden  # Hard's cards and the talon, redrawn among themselves
                    assert popcount(other.hands[seat]) == popcount(hand.hands[seat])
                    # what Hard showed (a marriage's other card) stays in Hard's hand
                    assert other.hands[seat] & hand.revealed[seat] == hand.revealed[seat]
                    assert table == {}
                # drawn once per world (its table) and lead, kept across depths ...
                kept = {}
                assert search._others(hand, (lead,), kept) is search._others(hand, (lead,), kept)
                # ... from a source seeded by them: another search draws the same
                again = BlindReply(view, rng, nodes=None)._others(hand, (lead,), {})
                assert [o.hands for o, _ in again] == [o.hands for o, _ in others]
                checked += 1
    assert checked > 50


def test_choices_judges_the_blind_reply_against_the_merged_hard():
    changes = {"blind-reply": {"Search": SEARCHES["blind-reply"], "NODES": 1_500},
               "seeing": {"BLIND_WORLDS": 0, "NODES": 1_500}}
    with changed({"NODES": 1_500}):  # (the lab run puts each Search in place of hard.Search)
        report = run(3, 3, SOFT, "heuristic", 1, by_settings(changes), [MERGED, *changes])
    assert report["hands"] == 3 and list(report["rules"]) == [MERGED, "blind-reply", "seeing"]
    assert SEARCHES["blind-reply"] is BlindReply  # what --search blind-reply changes
    assert SEARCHES["blind-lead"] is BlindLead and SEARCHES["blind-all"] is BlindAll
