"""The review of a hand (`bummerl.review`): Hard's values from the seat's own view, the
marks, the graph's exact line, and the command line."""
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bummerl import SOFT, deal
from bummerl.bots import choose, hard
from bummerl.bots.hints import explain
from bummerl.bots.solver import action_values
from bummerl.cards import action_str, parse_action, parse_card
from bummerl.record import from_record
from bummerl.review import (
    PLAN, QUICK_PLAN, Plan, Reviewer, _points, _search, deciding, evaluate, exact_value, format_review, mark, review, review_decision, review_seed,
    summary_line, verdict,
)
from bummerl_lab.verdicts import decisions

ROOT = Path(__file__).resolve().parents[2]
SMALL = dict(plan=QUICK_PLAN, exact_nodes=50_000)  # keep the suite fast; the figures' logic is the same


def played_record(seed: int = 11) -> dict:
    hand = deal(SOFT, 0, random.Random(seed))
    rng = random.Random(2)
    while not hand.over:
        hand = hand.apply(choose(hand.view(hand.to_act), "medium" if hand.to_act == 0 else "easy", rng))
    return hand.to_record()


RECORD = played_record()


@pytest.fixture(scope="module")
def reviewed():
    return review(RECORD, seat=0, **SMALL)


def test_marks_follow_the_loss_in_game_points():
    assert [mark(x) for x in (0, 0.09, 0.1, 0.24, 0.25, 0.49, 0.5, 0.99, 1.0, 3)] == [
        "best", "best", "good", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]


def test_every_decision_of_the_seat_is_reviewed_with_hards_values_for_its_view(reviewed):
    final = from_record(RECORD)
    hand = from_record({**RECORD, "actions": []})
    steps = []
    for step, action in enumerate(final.history):
        if hand.to_act == 0:
            steps.append(step)
        hand = hand.apply(action)
    assert [d.step for d in reviewed.decisions] == steps
    for d in reviewed.decisions[:3]:
        position = from_record({**RECORD, "actions": RECORD["actions"][:d.step]})
        view = position.view(0)
        assert d.values == evaluate(view, review_seed(d.step, d.played), QUICK_PLAN, played=d.played)
        assert set(d.values) == set(view.legal)  # every legal action has a value
        assert d.loss == pytest.approx(d.values[d.best] - d.values[d.played])
        assert d.low <= d.loss <= d.high and d.worlds >= QUICK_PLAN.batch


def test_the_graphs_exact_line_is_the_solvers_value_with_all_cards_known(reviewed):
    for point in reviewed.graph[:-1]:
        position = from_record({**RECORD, "actions": RECORD["actions"][:point.step]})
        assert point.exact == exact_value(position, 0, SMALL["exact_nodes"])
    last = reviewed.graph[-1]
    outcome = from_record(RECORD).outcome
    assert last.exact == last.value == (outcome.game_points if outcome.winner == 0 else -outcome.game_points)


def swapped_hidden_cards(record: dict, step: int, rng) -> dict:
    """``record`` with the cards seat 0 has not seen by ``step`` (the opponent's unshown
    cards, the face-down talon) dealt among themselves another way; the actions up to
    ``step`` (in phase 1) stay legal and seat 0 sees the same."""
    hand = from_record({**record, "actions": record["actions"][:step]})
    unseen = set(cards_of_mask(hand.view(0).unseen_mask))
    slots = [("hands", i) for i, c in enumerate(record["hands"][1]) if c in unseen]
    slots += [("talon", i) for i, c in enumerate(record["talon"]) if c in unseen]
    cards = [record["hands"][1][i] if kind == "hands" else record["talon"][i] for kind, i in slots]
    moved = cards[1:] + cards[:1]  # every hidden card to another place
    new = {**record, "hands": [list(record["hands"][0]), list(record["hands"][1])], "talon": list(record["talon"])}
    for (kind, i), card in zip(slots, moved):
        if kind == "hands":
            new["hands"][1][i] = card
        else:
            new["talon"][i] = card
    return {**new, "actions": record["actions"][:step]}


def cards_of_mask(mask: int) -> list:
    from bummerl.cards import CARD_CODES, cards_of

    return [CARD_CODES[c] for c in cards_of(mask)]


def test_a_decision_is_reviewed_from_what_the_seat_could_know():
    """The hidden cards dealt another way, the seat's view the same: the same figures."""
    final = from_record(RECORD)
    hand = from_record({**RECORD, "actions": []})
    for step, action in enumerate(final.history):
        if hand.to_act == 0 and step >= 2 and not hand.phase2:
            break
        hand = hand.apply(action)
    other = from_record(swapped_hidden_cards(RECORD, step, random.Random(1)))
    assert other.hands[1] != hand.hands[1] and other.view(0) == hand.view(0)
    played = final.history[step]
    assert review_decision(hand, step, played) == review_decision(other, step, played)


def phase_two_positions(seed: int):
    """Positions of random hands once the talon is used up, the seat to act with a choice."""
    rng = random.Random(seed)
    while True:
        hand = deal(SOFT, rng.randrange(2), rng)
        while not hand.over:
            if hand.drawn == 10 and len(hand.legal()) > 1:
                yield hand
            hand = hand.apply(rng.choice(hand.legal()))


def test_a_card_that_throws_the_hand_away_is_a_blunder_the_solver_confirms():
    for hand in phase_two_positions(3):
        exact = {action_str(a): v for a, v in action_values(hand, hand.to_act).items()}
        if max(exact.values()) - min(exact.values()) >= 2:
            break
    worst = min(exact, key=exact.get)
    decision = review_decision(hand, len(hand.history), worst)
    assert decision.values == exact  # all cards are known once the talon is used up: exact
    assert decision.mark == "blunder" and decision.loss == max(exact.values()) - exact[worst]
    assert exact[decision.best] == max(exact.values())
    assert decision.reason == explain(hand.view(hand.to_act), decision.best)[0].value  # the hint's reason


def test_where_another_card_is_worth_the_same_the_reason_says_so():
    for hand in phase_two_positions(5):
        exact = {action_str(a): v for a, v in action_values(hand, hand.to_act).items()}
        top = [a for a, v in exact.items() if v == max(exact.values()) and a.startswith("play")]
        if len(top) >= 2:
            break
    decision = review_decision(hand, len(hand.history), top[0])
    assert decision.mark == "best" and decision.reason == "equal"
    assert "play " + decision.reason_params["card"] in top[1:]
    assert reason_text(decision).endswith("is just as good here")


def test_a_position_where_every_action_is_worth_the_same_marks_nothing():
    for hand in phase_two_positions(4):
        exact = {action_str(a): v for a, v in action_values(hand, hand.to_act).items()}
        if len(set(exact.values())) == 1:
            break
    for played in exact:
        decision = review_decision(hand, len(hand.history), played)
        assert decision.mark == "best" and decision.loss == 0 and decision.best == played


def test_what_hard_answers_without_searching_is_valued_for_the_review():
    hand = deal(SOFT, 1, random.Random(5))
    for seed in range(200):  # a deal where the forehand may exchange the trump jack
        hand = deal(SOFT, 1, random.Random(seed))
        if "exchange" in hand.view(0).legal:
            break
    values = evaluate(hand.view(0), "x", QUICK_PLAN)
    assert "exchange" in values and set(values) == set(hand.view(0).legal)


def test_the_summary_counts_the_errors_and_the_points_lost(reviewed):
    summary = reviewed.summary()
    assert summary["decisions"] == len(reviewed.decisions) == sum(summary["marks"].values())
    errors = reviewed.errors()
    assert summary["lost"] == pytest.approx(sum(d.loss for d in errors), abs=1e-3)
    line = summary_line(reviewed)
    assert (line == "No inaccuracy, mistake or blunder.") == (not errors)


def test_the_command_line_prints_the_table_or_json_and_says_what_is_wrong(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(RECORD))
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))  # (the environment: a coverage run follows)
    run = subprocess.run([sys.executable, "-m", "bummerl", "review", str(path), "--json"],
                         capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout)
    assert answer["seat"] == 0 and answer["decisions"] and answer["graph"] and "marks" in answer["summary"]
    assert answer == json.loads(json.dumps(review(RECORD, 0).to_json()))  # the record fixes the sample
    run = subprocess.run([sys.executable, "-m", "bummerl", "review", str(path), "--seat", "1", "--seed", "7"],
                         capture_output=True, text=True, env=env)
    assert run.returncode == 0 and run.stdout.splitlines()[0].split()[:3] == ["step", "trick", "played"]
    assert run.stdout == format_review(review(RECORD, 1, seed="7")) + "\n"  # another sample, chosen
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**RECORD, "actions": ["play ZZ"]}))
    run = subprocess.run([sys.executable, "-m", "bummerl", "review", str(bad), "--json"],
                         capture_output=True, text=True, env=env)
    assert run.returncode == 1 and "ZZ" in json.loads(run.stdout)["error"]


def test_a_review_in_slices_gives_the_same_figures_as_one_in_one_go(reviewed):
    reviewer = Reviewer(RECORD, seat=0, **SMALL)
    slices = 0
    while not reviewer.step(0.01):
        slices += 1
        done, total = reviewer.progress
        assert reviewer.partial().decisions == reviewed.decisions[:done] and total == len(reviewed.decisions)
    assert slices > 3
    sliced = reviewer.partial()
    assert sliced.decisions == reviewed.decisions
    # an exact value is the solver's either way; near its budget, slices may leave it open
    for a, b in zip(sliced.graph, reviewed.graph, strict=True):
        assert (a.trick, a.step, a.value) == (b.trick, b.step, b.value)
        assert a.exact == b.exact or None in (a.exact, b.exact)


@pytest.fixture
def fake_clock(monkeypatch):
    """Call it to make the search's clock move 1 ms each time it is read (every 256 nodes):
    then slices cut worlds at the same nodes on any machine."""
    from bummerl.bots import solver

    def start():
        ticks = iter(range(10**9))
        clock = lambda: next(ticks) * 1e-3  # noqa: E731
        monkeypatch.setattr(solver, "perf_counter", clock)
        monkeypatch.setattr(hard.time, "perf_counter", clock)
    return start


def test_a_reviews_search_cut_by_slices_searches_nothing_twice(fake_clock):
    """The review's search has no node budget: a world cut by a slice goes on from what
    its table learnt, and the values are those of one search in one go."""
    from bummerl.review import PLAN, _search

    views = [hand.view(0) for hand in _positions(RECORD) if hand.to_act == 0 and not hand.phase2][:3]
    whole_nodes = sliced_nodes = cuts = 0
    for view in views:
        played = hard.parse_action(view.legal[0])
        whole = _search(view, "cut", PLAN, played)
        whole.step()
        whole_nodes += whole.budget.nodes
        fake_clock()
        sliced = _search(view, "cut", PLAN, played)
        while not sliced.step(0.004):  # about 1,000 nodes a slice
            cuts += 1
        sliced_nodes += sliced.budget.nodes  # every node visited, in cut searches too
        assert sliced.world_values() == whole.world_values()
    assert cuts > 20
    assert sliced_nodes < 1.25 * whole_nodes  # (searched again from the start: over twice as many)


def test_a_review_search_cut_by_its_slices_values_every_action_as_one_in_one_go(fake_clock):
    # A cut world must start again from the table it had, or the nodes its cut search
    # saved can let the budget finish a deeper iteration than in one go (records 10 and
    # 12 did, before).
    def review_searches():
        for seed in range(8, 13):
            record = played_record(seed)
            hand = from_record({**record, "actions": []})
            for action in from_record(record).history:
                if hand.to_act == 0 and len(hand.legal_actions()) > 1:
                    yield hand.view(0)
                hand = hand.apply(action)

    wholes = []
    for view in review_searches():
        whole = hard.Search(view, random.Random(3), nodes=3_000, every_action=True)
        whole.step()
        wholes.append(whole.means)  # None: the budget ends the first iteration (a review raises it)
    fake_clock()
    cut = 0
    for view, means in zip(review_searches(), wholes, strict=True):
        sliced = hard.Search(view, random.Random(3), nodes=3_000, every_action=True)
        while not sliced.step(0.004):
            cut += 1
        assert means is None or sliced.means == means
    assert cut > 20 and sum(means is not None for means in wholes) > 20


def test_a_review_search_ends_in_slices_shorter_than_its_worlds(fake_clock):
    # A world cut a second time keeps what its searches learnt, so it ends in the end.
    view = from_record({**RECORD, "actions": RECORD["actions"][:2]}).view(0)
    fake_clock()
    search = hard.Search(view, random.Random(3), nodes=10_000, every_action=True)
    slices = 0
    while not search.step(0.004):  # about 1,000 nodes a slice: deep worlds are cut again and again
        slices += 1
        assert slices < 500  # a cut world that always started afresh would never end
    assert search.means is not None and slices > 20


def test_the_other_seats_decisions_are_reviewed_from_its_own_view():
    both = review(RECORD, seat=0, with_other=True, **SMALL)
    mine = review(RECORD, seat=0, **SMALL)
    theirs = review(RECORD, seat=1, **SMALL)
    assert both.of(0) == mine.decisions and both.of(1) == theirs.decisions
    assert both.graph == mine.graph  # the graph stays the reviewed seat's
    assert both.summary() == mine.summary() and both.summary(1) == theirs.summary()


def test_a_review_read_back_from_json_is_the_same_review(reviewed):
    from bummerl.review import Review

    doc = json.loads(json.dumps(reviewed.to_json()))  # values rounded to 4 places
    again = Review.from_json(doc)
    assert again.to_json() == doc
    assert [d.values for d in again.decisions] == [
        {a: pytest.approx(v, abs=1e-4) for a, v in d.values.items()} for d in reviewed.decisions]


@pytest.mark.parametrize("path, value, error", [
    (("decisions", 0, "mark"), "brilliant", "review.decisions[0].mark: expected one of best"),
    (("decisions", 0, "loss"), -1, "review.decisions[0].loss: expected a number 0..7"),
    (("decisions", 0, "played"), "play XX", "review.decisions[0].played"),
    (("decisions", 0, "values"), {}, "review.decisions[0].values: no action valued"),
    (("decisions", 0, "seat"), True, "review.decisions[0].seat: expected 0 or 1, got True"),
    (("graph", 0, "exact"), float("nan"), "review.graph[0].exact: expected a number"),
    (("seat",), 2, "review.seat: expected 0 or 1"),
])
def test_a_stored_review_that_is_not_one_says_what_is_wrong_and_where(reviewed, path, value, error):
    from bummerl.errors import NotationError
    from bummerl.review import Review

    doc = json.loads(json.dumps(reviewed.to_json()))
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(NotationError, match=error.replace("[", r"\[").replace("]", r"\]").replace(".", r"\.")):
        Review.from_json(doc)


def test_a_puzzle_is_judged_by_the_reviews_values():
    from bummerl.review import judge

    record = RECORD
    final = from_record(record)
    step = next(n for n, hand in enumerate(_positions(record)) if hand.to_act == 0 and len(hand.legal()) > 1)
    reviewer = Reviewer(record, 0, QUICK_PLAN, steps={step})
    assert not reviewer.points and reviewer.result().graph == []
    [decision] = reviewer.decisions
    assert decision.step == step and decision.played == str(final.history[step])
    top = max(decision.values.values())
    for action, value in decision.values.items():
        loss, verdict = judge(decision, action)
        assert loss == pytest.approx(top - value) and verdict == mark(top - value)


def test_a_kept_review_is_restored_without_searching_again(reviewed):
    reviewer = Reviewer(RECORD, 0, **SMALL)
    reviewer.restore(reviewed)
    assert reviewer.done and reviewer.partial() == reviewed
    other = Reviewer(RECORD, 1, **SMALL)
    other.restore(reviewed)  # another seat's review: nothing of it is taken
    assert other.decisions == [] and not other.done


def _positions(record):
    hand = from_record({**record, "actions": []})
    for action in from_record(record).history:
        yield hand
        hand = hand.apply(action)


def test_one_search_values_the_actions_in_game_points_and_for_the_bummerl():
    hand = from_record({**RECORD, "actions": RECORD["actions"][:3]})
    from bummerl.review import _search

    seat, plan = hand.to_act, QUICK_PLAN
    board = (1, 5)  # one point from the Bummerl: a sure small win is worth more than a likely big one
    plain = evaluate(hand.view(seat), "s", plan)
    assert evaluate(hand.view(seat, board), "s", plan) == plain  # the same worlds, in game points
    search = _search(hand.view(seat, board), "s", plan)
    search.step()
    rows = search.world_values()
    assert plain == {action_str(a): pytest.approx(sum(v[a] for _, v in rows) / len(rows)) for a in rows[0][1]}
    for_bummerl = evaluate(hand.view(seat, board), "s", plan, for_bummerl=True)
    assert for_bummerl == {action_str(a): v for a, v in search.means.items()} != plain
    assert all(-2 <= v <= 2 for v in for_bummerl.values())  # Bummerl won minus lost, not game points


def test_a_row_says_when_playing_for_the_bummerl_changes_the_best_choice():
    from bummerl.review import Reviewer

    with_board = Reviewer(RECORD, 0, board=(1, 1), **SMALL).result()
    without = review(RECORD, 0, **SMALL)
    assert [d.values for d in with_board.decisions] == [d.values for d in without.decisions]
    for d in with_board.decisions:
        hand = from_record({**RECORD, "actions": RECORD["actions"][:d.step]})
        bummerl = evaluate(hand.view(0, (1, 1)), review_seed(d.step, d.played), QUICK_PLAN, for_bummerl=True,
                           played=d.played)
        top = max(bummerl.values())
        best_for_bummerl = d.played if bummerl[d.played] >= top - 1e-9 else max(bummerl, key=bummerl.get)
        assert d.board_changed == (best_for_bummerl != d.best)


def test_a_close_that_is_best_says_in_how_many_sampled_deals_it_wins():
    from bummerl.cards import mask_of
    from bummerl.hand import Hand

    def mask(codes):
        return mask_of(parse_card(c) for c in codes.split())

    # Trump ace, ten and marriage: the close wins whatever the opponent holds.
    hand = Hand(SOFT, 1, [mask("AH TH KH QH AS"), mask("AD TD KD QD JD")], parse_card("JH"),
                [parse_card(c) for c in "AC TC KC QC JC TS KS QS JS".split()])
    decision = review_decision(hand, 0, "close")
    assert decision.best == "close" and decision.reason == "close_odds"
    worlds = decision.worlds
    assert worlds >= 48 and decision.reason_params == {"won": worlds, "worlds": worlds}
    assert f"wins in {worlds} of {worlds} possible deals" in reason_text(decision)


def reason_text(decision) -> str:
    from bummerl.bots.hints import HintReason

    return HintReason(decision.reason).text(decision.reason_params)


def test_only_the_actions_a_verdict_hangs_on_are_searched_on():
    # Over these worlds the played action 0 is behind 1 by about 0.3 (its mark between
    # inaccuracy and mistake is not settled); 2 is far behind 0 and can decide nothing.
    rows = [(1, {0: 0.0, 1: 0.3 + (0.2 if i % 2 else -0.2), 2: -2.0 + (0.1 if i % 3 else 0.0)}) for i in range(48)]
    found = verdict(rows, 0, 2.0)
    assert not found.settled and 0.25 < found.loss < 0.5
    assert deciding(rows, 0, 2.0, found) == {0, 1}
    # An action left out keeps the worlds it has: valued by its difference from the played
    # action there, added to the played action's mean over every world.
    later = [(1, {0: 1.0, 1: 1.3}) for _ in range(48)]
    points = _points(rows + later, 0)
    gap = sum(v[2] for _, v in rows) / 48
    assert points[action_str(2)] == pytest.approx(0.5 + gap)
    assert points[action_str(1)] == pytest.approx(0.8) and points[action_str(0)] == pytest.approx(0.5)


def test_worlds_are_added_longest_where_an_error_mark_is_at_stake():
    from bummerl.review import Verdict

    plan = Plan(most_worlds=2048, most_worlds_good=192)
    # best or good (0.05 .. 0.15): no more than 192 worlds
    assert not plan.enough(Verdict(0.08, 0.05, 0.15, 168, False))
    assert plan.enough(Verdict(0.08, 0.05, 0.15, 192, False))
    # good or an inaccuracy (0.2 .. 0.3), or an inaccuracy or a mistake: up to 2,048
    assert not plan.enough(Verdict(0.26, 0.2, 0.3, 192, False))
    assert not plan.enough(Verdict(0.5, 0.45, 0.55, 2024, False))
    assert plan.enough(Verdict(0.26, 0.2, 0.3, 2048, False))
    # settled: no more, however few
    assert plan.enough(Verdict(0.3, 0.28, 0.32, 48, False))


def test_a_review_searches_on_only_the_actions_its_mark_hangs_on_with_the_same_verdict(monkeypatch):
    # Worlds added to settle a mark value only the played action and those whose
    # difference from it can still reach the loss: the same verdict as searching every
    # action in every world, for less work.
    for hand, step, played in decisions("medium", SOFT, 30, 1):
        search = _search(hand.view(hand.to_act), review_seed(step, played), PLAN, parse_action(played))
        search.step()
        if 48 < len(search.worlds) <= 400 and len(search.finished[-1]) < len(search.finished[0]):
            break
    else:
        pytest.fail("no decision of the sample needs more worlds")
    narrowed = review_decision(hand, step, played)
    monkeypatch.setattr(hard.Search, "narrow", lambda self, actions: None)
    every = review_decision(hand, step, played)
    assert (narrowed.mark, narrowed.best, narrowed.worlds) == (every.mark, every.best, every.worlds)
    assert narrowed.loss == pytest.approx(every.loss)
    assert narrowed.values.keys() == every.values.keys()
    assert max(narrowed.values.values()) == pytest.approx(narrowed.values[narrowed.best])


def _prefix(record: dict, count: int) -> dict:
    return {**record, "actions": record["actions"][:count]}


def test_a_review_continued_as_the_hand_is_played_is_the_review_of_the_whole_hand(monkeypatch):
    # The page reviews the hand in play while it waits for you: a few goes after each
    # action, each review taking over the last one's work. At the end it is the review
    # of the finished hand, and nothing was searched twice.
    import bummerl.review as review_module

    searched = []
    search = review_module._search
    monkeypatch.setattr(review_module, "_search", lambda view, seed, *rest: searched.append(seed) or search(view, seed, *rest))
    reviewer = Reviewer(_prefix(RECORD, 0), 0, **SMALL)
    carried = {"search": 0, "exact": 0}
    for count in range(1, len(RECORD["actions"]) + 1):
        before = reviewer
        reviewer = reviewer.continued(_prefix(RECORD, count))
        carried["search"] += before._search is not None and reviewer._search is before._search
        carried["exact"] += before._spent > 0 and reviewer._spent == before._spent
        for _ in range(count % 3):  # sometimes a search is cut by the next action
            reviewer.step(0.002)
        if count % 4 == 0:  # sometimes an exact value of the graph is
            while reviewer.progress[0] < reviewer.progress[1]:
                reviewer.step(0.001)
            reviewer.step(0.001)
    assert carried["search"] and carried["exact"]  # (the test does take over work under way)
    while not reviewer.step(60.0):
        pass
    searched_as_played = list(searched)
    whole = review(RECORD, seat=0, **SMALL)
    assert reviewer.partial() == whole
    assert sorted(searched_as_played) == sorted(set(searched_as_played)) == sorted(searched[len(searched_as_played):])


def test_a_review_continued_after_a_take_back_keeps_only_what_the_shared_actions_decide():
    reviewer = Reviewer(RECORD, 0, **SMALL)
    while not reviewer.step(60.0):
        pass
    actions = RECORD["actions"]
    hand = from_record(_prefix(RECORD, 8))
    other = next(a for a in hand.legal() if a != actions[8])  # played otherwise from action 8 on
    changed = {**RECORD, "actions": actions[:8] + [other]}
    continued = reviewer.continued(changed)
    assert [d.step for d in continued.decisions] == [d.step for d in reviewer.decisions if d.step < 8]
    assert continued.decisions and all(d.step < 8 for d in continued.decisions)
    assert [step for _, step, _ in continued.points[:len(continued.exact)]] == [
        step for _, step, _ in reviewer.points if step <= 8]
    while not continued.step(60.0):
        pass
    assert continued.partial() == review(changed, seat=0, **SMALL)
    # another deal, or the hand played to another board: nothing is taken over
    assert reviewer.continued(played_record(12)).progress[0] == 0
    assert reviewer.continued(RECORD, board=(3, 7)).progress[0] == 0


def test_a_decisions_values_and_reason_are_worked_out_in_a_go_of_their_own():
    # In the page a go is one task: the search's last slice and the reading of its
    # thousand worlds together would make one long task, so a go that finishes a search
    # ends there, and the next one starts by writing the decision down.
    reviewer = Reviewer(RECORD, 0, plan=QUICK_PLAN, exact_nodes=50_000)
    assert reviewer.step(60.0) is False
    assert reviewer.progress[0] == 0 and reviewer._search.done
    assert reviewer.step(60.0) is False
    assert reviewer.progress[0] == 1 and reviewer._search.done
    while not reviewer.step(60.0):
        pass
    assert reviewer.partial().decisions == review(RECORD, seat=0, **SMALL).decisions
