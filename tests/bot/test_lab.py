"""The lab (`bummerl_lab`): the frozen reference bots still play, legally, under
every rule option, and the arena seats them by name; the node benchmark counts."""

import gzip
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bummerl import deal
from bummerl.hand import Hand
from bummerl.rules import OPTIONS, SOFT
from bummerl_lab.arena import independent_share, run
from bummerl_lab.frozen import FROZEN

ROOT = Path(__file__).resolve().parents[2]


def every_single_option():
    """The Soft preset changed in one option at a time, for every value of every option."""
    for name, values in OPTIONS.items():
        for value in values:
            if value != getattr(SOFT, name):
                yield SOFT.with_options(**{name: value})


@pytest.mark.parametrize("name", sorted(FROZEN))
def test_frozen_references_play_every_rule_option_legally(name):
    bot = FROZEN[name]
    rng = random.Random(name)
    for game, rules in enumerate([SOFT, *every_single_option()]):
        hand = deal(rules, game % 2, rng)
        while hand.outcome is None:
            view = hand.view(hand.to_act)
            action = bot(view, rng, 0.02 if name.startswith("hard") else None)
            assert action in view.legal, (rules, action)
            hand = hand.apply(action)


def test_the_arena_seats_a_frozen_reference_against_a_live_bot():
    result = run("heuristic-v1", "random", 2, 4, SOFT)
    assert result["a"] == "heuristic-v1" and result["bummerls"] == 2
    assert result["a_net_points_per_hand"] > 0  # the yardstick beats random


def test_the_node_benchmark_counts_hards_search_on_fixed_decisions():
    from bummerl_lab.nodes import measure, positions

    assert [v.legal for v in positions(3)] == [v.legal for v in positions(3)]  # the same decisions each time
    figures = measure(2)
    assert figures["decisions"] == 2 and figures["nodes"] > 0 and figures["nodes_per_s"] > 0
    # a fixed depth and no budget: the same search, node for node, on every run
    assert measure(3, max_depth=1)["nodes"] == measure(3, max_depth=1)["nodes"] > 0


def test_the_variant_runner_changes_hard_for_its_run_only(tmp_path):
    from bummerl_lab.fit import write_table

    weights = (0.05,) + (0.0,) * 11
    write_table(tmp_path, "weights", {"auto": dict.fromkeys((2, 4, 6, 8), weights)}, {"auto": "made by a test"})
    leaf = tmp_path / "weights.py"  # as python -m bummerl_lab.fit --out writes it
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    command = [sys.executable, "-m", "bummerl_lab.variant", "--set", "worlds=2", "--set", "max_depth=1",
               "--set", "tie_breaker=medium", "--leaf", str(leaf), "--", "hard", "easy", "--bummerls", "2", "--seed", "3",
               "--json"]
    out = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True, env=env).stdout
    assert json.loads(out)["bummerls"] == 2
    bad = subprocess.run([sys.executable, "-m", "bummerl_lab.variant", "--set", "NOPE=1", "--", "hard", "easy"],
                         capture_output=True, text=True, timeout=60, env=env)
    assert bad.returncode != 0 and "'NOPE' is not a field of HardConfig" in bad.stderr


def test_a_variants_settings_are_fields_of_hards_configuration():
    from bummerl.bots import hard
    from bummerl.bots.heuristics import medium
    from bummerl_lab.variant import config_of, read_setting, read_settings

    assert read_setting("close_doubt=0.45") == {"close_doubt": 0.45}
    assert read_setting("close_from=(8, 4)") == {"close_from": (8, 4)}
    assert read_setting("tie_breaker=medium") == {"tie_breaker": medium}
    config = config_of(read_settings("worlds=48 nodes=300"))
    assert (config.worlds, config.nodes, config.close_doubt) == (48, 300, hard.CLOSE_DOUBT)
    assert hard.HARD == hard.HardConfig() and hard.HARD.worlds == hard.WORLDS  # Hard's own untouched
    for bad, message in (("WORLDS=48", "'WORLDS' is not a field of HardConfig"),
                         ("worlds=many", "'many' is not a Python literal"),
                         ("tie_breaker=random", "the tie-breaker is one of")):
        with pytest.raises(ValueError, match=message):
            read_setting(bad)


def test_a_configuration_field_changes_hards_decision_and_nothing_else():
    from bummerl.bots import hard
    from bummerl.bots.yardstick import heuristic

    wide = hard.HardConfig(tie_margin=9.0, nodes=5_000)  # every near-tie to the yardstick
    none = hard.HardConfig(tie_margin=0.0, nodes=5_000)  # the search's best, always
    differ = 0
    for seed in range(4):
        view = deal(SOFT, dealer=0, rng=random.Random(seed)).view(1)
        assert hard.choose(view, random.Random(1), config=wide) == heuristic(view)
        differ += hard.choose(view, random.Random(1), config=none) != heuristic(view)
    assert differ  # the field decides something on these deals
    view = deal(SOFT, dealer=0, rng=random.Random(5)).view(1)
    assert hard.choose(view, random.Random(1)) == hard.choose(view, random.Random(1), config=hard.HardConfig())


def test_hard_breaks_near_ties_with_the_yardstick_and_a_variant_with_medium():
    from bummerl import SOFT, deal
    from bummerl.bots import hard
    from bummerl.bots.heuristics import medium
    from bummerl.bots.yardstick import heuristic
    from bummerl_lab.variant import config_of, read_setting

    views = [deal(SOFT, dealer=0, rng=random.Random(seed)).view(1) for seed in range(20)]

    def searched(config=hard.HARD):
        searches = [(view, hard.Search(view, random.Random(1), worlds=2, nodes=200, config=config)) for view in views]
        return [(view, search) for view, search in searches if not search.done]

    assert searched() and all(search.fallback == heuristic(view) for view, search in searched())
    medium_ties = config_of(read_setting("tie_breaker=medium"))
    assert all(search.fallback == medium(view, random.Random(1)) for view, search in searched(medium_ties))
    assert any(heuristic(view) != medium(view, random.Random(1)) for view in views)  # they differ


def test_changes_to_hard_are_judged_by_duplicate_play_outs_where_they_choose_differently(tmp_path):
    from bummerl.bots import hard
    from bummerl.bots.yardstick import heuristic
    from bummerl_lab.choices import MERGED, by_rules, by_settings, run

    rules = {MERGED: None, "search": 1e-9, "yardstick": 99.0}
    log = (tmp_path / "ties.jsonl").open("w", encoding="utf-8")
    report = run(2, 3, SOFT, "heuristic", 1, by_rules(rules), list(rules), log=log)
    log.close()
    lines = [json.loads(line) for line in (tmp_path / "ties.jsonl").read_text().splitlines()]
    figures = report["rules"]
    assert figures[MERGED]["differs"] == 0 and figures[MERGED]["game_points_per_hand"] == 0
    assert lines and figures["search"]["differs"] + figures["yardstick"]["differs"] >= len(lines)
    for line in lines:  # every distinct choice was played out, and its result is a hand's
        assert set(line["results"]) == set(line["choices"].values())
        assert all(r in (-3, -2, -1, 1, 2, 3) for results in line["results"].values() for r in results)
        # the view is logged too, so that the decisions can be split by kind afterwards
        played = [a.split()[1] for a in line["choices"].values() if a.startswith("play ")]
        assert set(played) <= set(line["cards"]) and line["trump"] in ("H", "D", "C", "S")
        assert (line["led"] is not None) == line["following"] and line["led"] not in line["cards"]
    gains = sum(r[line["choices"]["search"]][0] - r[line["choices"][MERGED]][0]
                for line in lines for r in [line["results"]])
    assert figures["search"]["game_points_per_hand"] == pytest.approx(gains / report["hands"])
    # a changed Hard is searched with its own configuration
    view = deal(SOFT, dealer=0, rng=random.Random(5)).view(1)
    changes = {"wide": hard.HardConfig(tie_margin=9.0), "none": hard.HardConfig(tie_margin=0.0)}
    choices, _ = by_settings(changes)(view, random.Random(1))
    assert set(choices) == {MERGED, "wide", "none"}
    assert choices["wide"] == heuristic(view)  # the margin takes every near-tie to the yardstick


def test_a_choices_run_names_its_changes_by_fields_of_hards_configuration(capsys):
    from bummerl_lab.choices import main

    with pytest.raises(SystemExit):
        main(["--hands", "1", "--set", "WORLDS=4"])
    assert "'WORLDS' is not a field of HardConfig" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--hands", "1", "--change", "few", "worlds=2 close_dout=0.1"])
    assert "'close_dout' is not a field of HardConfig" in capsys.readouterr().err


def test_the_tie_table_groups_logged_decisions_by_lead_and_stage():
    from bummerl.bots import hard
    from bummerl_lab.choices import tie_table

    def line(lead, drawn, top_result, fallback_result, closed=None):
        return {"top": "play AH", "fallback": "play JH", "lead": lead, "drawn": drawn, "phase2": closed is not None,
                "closed": closed, "results": {"play AH": [top_result], "play JH": [fallback_result]}}

    lines = [line(0.01, 0, 1, -1), line(0.01, 2, -1, 1), line(0.07, hard.TIE_UNTIL, 2, -1),
             line(0.08, 4, 1, 1, closed=0), line(0.3, 0, 3, -2), {"choices": {}, "results": {}}]
    rows = {name: (count, mean) for name, count, mean, _ in tie_table(lines)}
    assert rows["lead <= 0.02"] == (2, 0.0) and rows["lead <= 0.1"] == (2, 1.5) and rows["lead <= 0.4"] == (1, 5.0)
    assert rows["within the margin, early"] == (2, 0.0)
    assert rows["within the margin, late"] == (2, 1.5)  # the last phase-1 trick, and after a close


def test_the_kind_table_splits_each_changes_gain_by_the_kind_of_decision():
    from bummerl_lab.choices import KINDS, MERGED, kind_table

    def line(merged, changed, results, drawn=0, following=False, phase2=False, closed=None):
        return {"drawn": drawn, "following": following, "phase2": phase2, "closed": closed,
                "choices": {MERGED: merged, "new": changed, "same": merged},
                "results": {merged: results[0], changed: results[1]}}

    lines = [line("play AH", "close", ([1, 1], [3, 3]), drawn=4),  # closing: +2
             line("play AH", "play JH", ([1, -1], [2, 2])),  # a lead early: +2
             line("play AH", "play JH", ([1, 1], [-1, -1]), drawn=2),  # -2
             line("play AH", "play JH", ([2, 2], [1, 1]), following=True, drawn=6),  # -1
             line("play AH", "play QH", ([1, 1], [2, 2]), phase2=True, closed=1),  # +1
             line("play AH", "play QH", ([-2, -2], [-1, -1]), phase2=True)]  # +1
    rows = {(name, kind): (count, mean) for name, kind, count, mean, _ in kind_table(lines)}
    assert rows == {("new", KINDS[0]): (1, 2.0), ("new", "phase-1 lead, 0-2 drawn"): (2, 0.0),
                    ("new", "phase-1 follow, 4-8 drawn"): (1, -1.0), ("new", "after a close"): (1, 1.0),
                    ("new", "phase 2"): (1, 1.0), ("new", "all"): (6, 0.5)}  # "same" never differs


def test_reading_a_changes_log_prints_its_gain_by_kind_of_decision(tmp_path, capsys):
    from bummerl_lab.choices import MERGED, main

    log = tmp_path / "changes.jsonl"
    log.write_text(json.dumps({"drawn": 0, "following": True, "phase2": False, "closed": None,
                               "choices": {MERGED: "play AH", "new": "play JH"},
                               "results": {"play AH": [1, -1], "play JH": [-3, -1]}}) + "\n")
    assert main(["--read", str(log)]) == 0
    out = capsys.readouterr().out
    assert "new        phase-1 follow, 0-2 drawn         1  -2.000" in out
    assert "tie-breaker" not in out  # a log of changes, not of rules: no tie table


def budget_views():
    """Four first decisions of a Soft hand, where a node budget of 300 plays differently."""
    return [deal(SOFT, dealer=0, rng=random.Random(seed)).view(1) for seed in range(4)]


def searched(hard_module, views, nodes):
    """The action ints ``hard_module.Search`` picks at ``nodes`` a decision (rng seed 1)."""
    choices = []
    for view in views:
        search = hard_module.Search(view, random.Random(1), nodes=nodes)
        search.step()
        choices.append(search.best())
    return choices


def test_a_lab_run_that_changes_hards_node_budget_plays_with_it():
    """``--change n "nodes=300"`` (choices) and ``--set nodes=300`` (variant) give Hard a
    configuration with that budget: it plays as a search given those nodes."""
    from bummerl.bots import hard
    from bummerl_lab.variant import config_of, hard_player, read_setting

    views = budget_views()
    small, default = searched(hard, views, 300), searched(hard, views, hard.NODES)
    assert small != default  # the budget decides something on these deals
    config = config_of(read_setting("nodes=300"))
    assert [hard.choose(view, random.Random(1), config=config) for view in views] == small
    assert [hard.choose(view, random.Random(1)) for view in views] == default
    from bummerl.cards import action_str
    assert [hard_player(config)(view, random.Random(1)) for view in views] == [action_str(a) for a in small]


def test_hard_v1_plays_at_the_node_budget_a_lab_run_gives_it():
    """``variant --v1-nodes N`` seats ``frozen.hard_v1_at(N)``: hard-v1 searching N nodes a
    decision (as its own ``Search`` given them); ``FROZEN``'s keeps its own budget."""
    from bummerl.bots import hard
    from bummerl.cards import action_str
    from bummerl_lab import frozen
    from bummerl_lab.frozen.v1 import hard as hard_v1
    from bummerl_lab.variant import players

    views = budget_views()
    small = [action_str(a) for a in searched(hard_v1, views, 300)]
    default = [action_str(a) for a in searched(hard_v1, views, hard_v1.NODES)]
    assert small != default  # the budget decides something on these deals
    seated = players(hard.HARD, v1_nodes=300)["hard-v1"]
    assert [seated(view, random.Random(1)) for view in views] == small
    assert [frozen.FROZEN["hard-v1"](view, random.Random(1)) for view in views] == default


def test_another_players_choice_in_hards_seat_is_asked_from_the_same_view():
    from bummerl.bots import hard
    from bummerl.cards import parse_action
    from bummerl_lab.arena import PLAYERS
    from bummerl_lab.choices import MERGED, by_players, main

    hand = deal(SOFT, dealer=0, rng=random.Random(0))
    view = hand.view(hand.to_act)  # seat 1 on lead, holding the hearts marriage
    choices, _ = by_players(["heuristic", "random"])(view, random.Random(1))
    assert choices == {MERGED: hard.choose(view, random.Random(1)),
                       "heuristic": parse_action(PLAYERS["heuristic"](view, random.Random(1), None)),
                       "random": parse_action(PLAYERS["random"](view, random.Random(1), None))}
    assert choices["random"] != choices[MERGED]  # they differ here, so the check has teeth
    declared = hand.apply("marry H").view(hand.to_act)  # the lead after Hard's own declaration
    choices, _ = by_players(["random"])(declared, random.Random(1))
    assert choices["random"] == choices[MERGED] == hard.choose(declared, random.Random(1))
    with pytest.raises(SystemExit):
        main(["--hands", "1", "--player", "heuristic", "--set", "worlds=4"])


def test_the_other_projects_players_are_seated_only_under_the_rules_their_engine_plays():
    from bummerl.rules import SHARP
    from bummerl_lab.external import ExternalError, check_rules

    check_rules(SOFT)
    with pytest.raises(ExternalError, match="claim"):
        check_rules(SHARP)
    with pytest.raises(ExternalError, match="trick_before_marriage"):
        check_rules(SOFT.with_options(trick_before_marriage=True))


def test_a_folder_without_the_other_projects_player_is_named_in_the_error(tmp_path, capsys):
    from bummerl_lab.external import main

    with pytest.raises(SystemExit):
        main(["check", str(tmp_path)])
    assert f"{tmp_path}: no ai/cython_mcts_player here" in capsys.readouterr().err


def test_pooled_arena_runs_weigh_each_run_by_its_size_and_add_their_errors_in_quadrature():
    from bummerl_lab.pool import format_pooled, pool
    runs = [run("medium", "easy", 2, seed, SOFT) for seed in (1, 2)]
    pooled = pool(runs)
    hands = [r["hands"] for r in runs]
    assert pooled["hands"] == sum(hands) and pooled["bummerls"] == 4 and pooled["seed"] == [1, 2]
    # the pooled net per hand is every hand's net over every hand
    results = {int(k): n for k, n in pooled["a_hand_results"].items()}
    assert sum(results.values()) == sum(hands)
    assert pooled["a_net_points_per_hand"] == pytest.approx(sum(k * n for k, n in results.items()) / sum(hands))
    se = [r["a_net_points_per_hand_se"] for r in runs]
    assert pooled["a_net_points_per_hand_se"] == pytest.approx(
        ((hands[0] * se[0]) ** 2 + (hands[1] * se[1]) ** 2) ** 0.5 / sum(hands))
    assert pooled["a_bummerl_win"] == pytest.approx((runs[0]["a_bummerl_win"] + runs[1]["a_bummerl_win"]) / 2)
    assert pooled["a_bummerl_win_independent"] == pytest.approx(independent_share(results))
    assert sum(part["hands"] for part in pooled["by_closer"].values()) == sum(hands)
    assert pool(runs[:1])["a_net_points_per_hand"] == pytest.approx(runs[0]["a_net_points_per_hand"])
    # the closes against a seat with no trick: a share of the part's hands, over every run
    closes = [r["by_closer"]["a"] for r in runs]
    assert pooled["by_closer"]["a"]["against_no_trick"] == pytest.approx(
        sum(c["hands"] * c["against_no_trick"] for c in closes) / sum(c["hands"] for c in closes))
    del runs[0]["by_closer"]["a"]["against_no_trick"]  # a run kept before the arena counted them
    assert "against_no_trick" not in pool(runs)["by_closer"]["a"]
    report = format_pooled(pooled)
    assert "4 Bummerl" in report and "seeds 1, 2" in report and "median of each run" in report


def test_pooled_runs_split_their_deals_weighted_by_deals_when_every_run_has_the_split():
    from bummerl_lab.pool import format_pooled, pool
    runs = [run("medium", "heuristic", 4, seed, SOFT) for seed in (3, 4)]
    pooled = pool(runs)["by_deal"]
    splits = [r["by_deal"] for r in runs]
    assert pooled["deals"] == sum(s["deals"] for s in splits)
    assert pooled["hands_played_once"] == sum(s["hands_played_once"] for s in splits)
    for part, figures in pooled["parts"].items():
        counts = [s["parts"][part]["deals"] for s in splits]
        assert figures["deals"] == sum(counts)
        if sum(counts):  # the net per hand is every deal's, over both runs
            nets = [s["parts"][part]["a_net_points_per_hand"] for s in splits]
            assert figures["a_net_points_per_hand"] == pytest.approx(
                sum(c * n for c, n in zip(counts, nets)) / sum(counts))
    assert sum(f["share"] for f in pooled["parts"].values()) == pytest.approx(1)
    assert "deals played in both Bummerl of a pair" in format_pooled(pool(runs))
    del runs[0]["by_deal"]  # a run kept before the arena split the deals
    assert "by_deal" not in pool(runs)
    assert "deals played in both" not in format_pooled(pool(runs))


def test_runs_of_different_matches_or_the_same_seed_twice_do_not_pool(tmp_path, capsys):
    from bummerl_lab.pool import PoolError, main as pool_main, pool
    one = run("medium", "easy", 2, 1, SOFT)
    other_bot = run("medium", "random", 2, 2, SOFT)
    with pytest.raises(PoolError, match=r"second: b is \"random\", but \"easy\" in first"):
        pool([one, other_bot], ["first", "second"])
    with pytest.raises(PoolError, match="seed 1 is already in first"):
        pool([one, dict(one)], ["first", "again"])
    with pytest.raises(PoolError, match="old: not an arena run of this version, missing a_hand_results"):
        pool([{k: v for k, v in one.items() if k != "a_hand_results"}], ["old"])
    good = tmp_path / "good.json"
    good.write_text(json.dumps(one))
    broken = tmp_path / "broken.json"
    broken.write_text('{"a": "medium",')
    assert pool_main([str(good), str(broken)]) == 2
    assert f"{broken}: not JSON" in capsys.readouterr().err
    assert pool_main([str(good), str(tmp_path / "missing.json")]) == 2
    assert "missing.json: cannot be read" in capsys.readouterr().err
    assert pool_main([str(good)]) == 0
    assert "medium vs easy: 2 Bummerl" in capsys.readouterr().out


def traced_run(tmp_path, bummerls=12, seed=5):
    """A short arena run of two quick bots with its trace written to a file."""
    from bummerl_lab import arena
    entries = []
    result = arena.run("medium", "heuristic", bummerls, seed, SOFT, trace=entries.append)
    path = tmp_path / "trace.jsonl"
    path.write_text("".join(json.dumps(entry) + "\n" for entry in entries), encoding="utf-8")
    return result, entries, path


def test_a_trace_replays_every_hand_of_the_arena_to_its_result(tmp_path):
    from bummerl_lab import traces
    result, entries, path = traced_run(tmp_path)
    plays = traces.read([path])
    replayed = [entry for (rules, seed, pair, a_seat), bummerl in plays.items()
                for entry, steps in traces.replay(SOFT, seed, pair, bummerl)]
    assert len(replayed) == len(entries) == result["hands"]
    assert sum(entry["a_points"] for entry in replayed) == round(result["a_net_points_per_hand"] * result["hands"])
    packed = tmp_path / "trace.jsonl.gz"
    packed.write_bytes(gzip.compress(path.read_bytes()))
    assert traces.read([packed]) == plays


def test_closes_against_play_outs_add_up_to_the_arenas_deal_classes(tmp_path):
    # A's net per hand in "a+nobody" is the mean of (A's close, minus B's play-out of the
    # same cards) over two hands; in "b+nobody" of (A's play-out, minus B's close).
    from bummerl_lab import traces
    result, entries, path = traced_run(tmp_path)
    found = traces.close_vs_play_out(traces.read([path]))
    parts = result["by_deal"]["parts"]
    for closer, sign in (("a", 1), ("b", -1)):
        stories = found[closer]
        assert len(stories) == parts[f"{closer}+nobody"]["deals"] > 0
        net = sum(sign * (s["close_result"] - s["play_out_result"]) for s in stories) / (2 * len(stories))
        assert net == pytest.approx(parts[f"{closer}+nobody"]["a_net_points_per_hand"])
        assert all(s["drawn"] < 10 and s["closer_points"] >= 0 for s in stories)


def test_the_closes_of_a_trace_are_its_hands_with_a_closer_replayed_to_the_close(tmp_path):
    from bummerl.cards import CLOSE
    from bummerl_lab import traces
    _, entries, path = traced_run(tmp_path)
    found = list(traces.closes(traces.read([path])))
    assert len(found) == sum(entry["closer"] != "nobody" for entry in entries) > 0
    for _, _, a_seat, entry, match in found:
        closer = match.hand.to_act
        assert entry["closer"] == ("a" if closer == a_seat else "b")
        assert CLOSE in match.hand.legal_actions() and match.hand.closed_by < 0


def test_a_trace_that_does_not_replay_is_named_by_its_hand(tmp_path):
    from bummerl_lab import traces
    _, entries, path = traced_run(tmp_path, bummerls=2)
    broken = [dict(entry) for entry in entries]
    broken[1]["actions"] = broken[1]["actions"][:-1]  # the hand's last action lost
    path.write_text("".join(json.dumps(entry) + "\n" for entry in broken), encoding="utf-8")
    ((_, seed, pair, _), bummerl), *_ = traces.read([path]).items()
    with pytest.raises(ValueError, match=f"deal {broken[1]['deal']}: its actions do not finish the hand"):
        list(traces.replay(SOFT, seed, pair, bummerl))
    path.write_text("{not json\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 1: not a trace entry"):
        traces.read([path])


def test_the_lead_at_each_trick_is_one_seats_in_each_play_of_a_traced_deal(tmp_path):
    # lead_stages gives per deal the seat-0 row, then the seat-1 row: A's play with seat 0
    # is B's play with seat 1, and in one play exactly one seat leads, ahead by what the
    # other is behind.
    from bummerl_lab import traces
    _, _, path = traced_run(tmp_path)
    found = traces.lead_stages(traces.read([path]))
    assert found[2] and set(found) == set(traces.STAGES)
    for rows in found.values():
        assert len(rows) % 2 == 0
        for seat0, seat1 in zip(rows[::2], rows[1::2]):
            assert seat0[0] + seat1[1] == 1 and seat0[1] + seat1[0] == 1
            assert seat0[2] == -seat1[3] and seat0[3] == -seat1[2]


def test_early_leads_are_counted_by_kind_and_a_trump_ace_led_is_never_taken(tmp_path):
    from bummerl_lab import traces
    _, _, path = traced_run(tmp_path)
    found = traces.early_leads(traces.read([path]))
    for bot in ("a", "b"):
        leads, taken = found[bot]["leads"], found[bot]["taken"]
        assert sum(leads.values()) > 20
        for kind, count in leads.items():
            assert kind.removeprefix("trump ") in list("ATKQJ")
            assert taken[kind][1] == count and 0 <= taken[kind][0] <= count
        assert taken["trump A"][0] == 0  # nothing beats the trump ace


def searched_estimate(config):
    """The estimate a Hard by ``config`` searches with (``Search.leaf``), as (pos, leader,
    root) -> game points: the tables reach the search through its configuration."""
    from bummerl.bots import hard

    hand = deal(SOFT, 0, random.Random(1))
    return hard.Search(hand.view(hand.to_act), random.Random(1), config=config).leaf


def test_a_suit_pair_correction_is_worth_its_negative_from_the_other_seat():
    from bummerl.bots import hard
    from bummerl.bots.solver import Position
    from bummerl_lab.fit import linear, no_lies

    rng = random.Random(8)
    n = len(hard.PAIR_KEYS)  # at most 0.25 a suit: no clip at 3 from within 2
    pairs = {SOFT.claim: {stage: (tuple(rng.uniform(-0.25, 0.25) for _ in range(n)),
                                  tuple(rng.uniform(-0.25, 0.25) for _ in range(n))) for stage in (2, 4, 6, 8)}}
    leaf = searched_estimate(hard.HardConfig(
        tables=hard.tables_for({SOFT.claim: hard.WEIGHTS[SOFT.claim]}, pairs, no_lies(SOFT.claim))))
    checked = 0
    for seed in range(30):
        hand = deal(SOFT, seed % 2, random.Random(seed))
        pos = Position(hand)
        if abs(linear(pos, hand.leader, 0)) < 2:
            corrections = [leaf(pos, hand.leader, root) - linear(pos, hand.leader, root) for root in (0, 1)]
            assert corrections[0] == pytest.approx(-corrections[1])
            assert corrections[0] != 0
            checked += 1
    assert checked > 20


def test_a_suit_lie_correction_is_worth_its_negative_from_the_other_seat():
    from bummerl.bots import hard
    from bummerl.bots.solver import Position
    from bummerl_lab.variant import adds_nothing

    rng = random.Random(9)
    n = len(hard.LIE_KEYS)  # at most 0.25 a suit: no clip at 3 from within 2
    lies = {**adds_nothing("lies"), SOFT.claim: {stage: (tuple(rng.uniform(-0.25, 0.25) for _ in range(n)),
                                                         tuple(rng.uniform(-0.25, 0.25) for _ in range(n)))
                                                 for stage in (2, 4, 6, 8)}}
    without = searched_estimate(hard.HardConfig(tables=hard.tables_for(lies=adds_nothing("lies"))))
    with_lies = searched_estimate(hard.HardConfig(tables=hard.tables_for(lies=lies)))
    checked = 0
    for seed in range(40):
        hand = deal(SOFT, seed % 2, random.Random(seed))
        while hand.drawn < 4:  # two tricks gone: cards in neither hand nor the talon
            hand.step(min(a for a in hand.legal_actions() if a < 20))
        pos = Position(hand)
        before = [without(pos, hand.leader, root) for root in (0, 1)]
        if abs(before[0]) >= 2:
            continue
        corrections = [with_lies(pos, hand.leader, root) - before[root] for root in (0, 1)]
        assert corrections[0] == pytest.approx(-corrections[1])
        assert corrections[0] != 0
        checked += 1
    assert checked > 20


def test_an_estimate_read_from_a_pairs_file_and_a_lies_file_holds_both(tmp_path):
    # Each file's tables are built on what the files before it hold: the lies' tables,
    # read last, must keep the pairs of the other file.
    from bummerl.bots import hard
    from bummerl_lab.fit import write_table
    from bummerl_lab.variant import estimate_tables, read_estimate

    rng = random.Random(11)

    def table(n):
        return {claim: {stage: (tuple(round(rng.uniform(-0.2, 0.2), 3) for _ in range(n)),
                                tuple(round(rng.uniform(-0.2, 0.2), 3) for _ in range(n)))
                        for stage in stages}
                for claim, stages in hard.WEIGHTS.items()}
    pairs, lies = table(len(hard.PAIR_KEYS)), table(len(hard.LIE_KEYS))
    commands = {claim: "made by a test" for claim in pairs}
    write_table(tmp_path, "pairs", pairs, commands)  # tmp_path/pairs.py, as python -m bummerl_lab.fit --out writes it
    write_table(tmp_path, "lies", lies, commands)
    found = read_estimate(pairs=str(tmp_path / "pairs.py"), lies=str(tmp_path / "lies.py"))
    assert found["pairs"] == pairs and found["lies"] == lies and found["weights"] == hard.WEIGHTS
    tables = estimate_tables(pairs=str(tmp_path / "pairs.py"), lies=str(tmp_path / "lies.py"))
    assert tables == hard.tables_for(pairs=pairs, lies=lies)
    assert tables != hard.tables_for(lies=lies)
    assert hard.PAIRS != pairs and hard._TABLES == hard.tables_for()  # Hard's own untouched
    assert read_estimate() == {} and estimate_tables() is None


def test_an_estimate_read_from_a_weights_file_keeps_the_claims_it_leaves_out(tmp_path):
    from bummerl.bots import hard
    from bummerl_lab.fit import write_table
    from bummerl_lab.variant import read_estimate

    weights = {"auto": {stage: tuple(round(w + 0.125, 4) for w in ws) for stage, ws in hard.WEIGHTS["auto"].items()}}
    write_table(tmp_path, "weights", weights, {"auto": "made by a test"})
    found = read_estimate(leaf=str(tmp_path / "weights.py"))
    assert found["weights"] == {**hard.WEIGHTS, **weights} and found["weights"]["auto"] != hard.WEIGHTS["auto"]
    assert found["pairs"] == hard.PAIRS and found["lies"] == hard.LIES
    with pytest.raises(ValueError, match="no WEIGHTS"):
        read_estimate(leaf=str(ROOT / "README.md"))
    with pytest.raises(ValueError, match="no such file"):
        read_estimate(leaf=str(tmp_path / "nowhere.py"))


def test_a_lab_run_without_the_suit_pairs_scores_with_the_linear_estimate():
    from bummerl.bots import hard
    from bummerl.bots.solver import Position
    from bummerl_lab.fit import linear
    from bummerl_lab.variant import config_of, estimate_tables

    hand = deal(SOFT, 0, random.Random(3))
    pos = Position(hand)
    leaf = searched_estimate(config_of({"tables": estimate_tables(pairs="none")}))
    assert leaf(pos, hand.leader, 0) == pytest.approx(linear(pos, hand.leader, 0))
    assert hard.estimate(pos, hand.leader, 0) != pytest.approx(linear(pos, hand.leader, 0))
    with pytest.raises(ValueError, match="no PAIRS"):
        estimate_tables(pairs=str(ROOT / "README.md"))


def test_an_estimate_named_in_a_choices_run_is_read_from_the_files_it_names():
    from bummerl.bots.solver import Position
    from bummerl_lab.choices import read_files
    from bummerl_lab.fit import linear
    from bummerl_lab.variant import config_of, estimate_tables

    assert read_files("leaf=a.leaf pairs=b.py") == {"leaf": "a.leaf", "pairs": "b.py"}
    hand = deal(SOFT, 0, random.Random(3))
    pos = Position(hand)
    leaf = searched_estimate(config_of({"tables": estimate_tables(**read_files("pairs=none"))}))
    assert leaf(pos, hand.leader, 0) == pytest.approx(linear(pos, hand.leader, 0))
    with pytest.raises(ValueError, match="'weights=x': an estimate's files are leaf=FILE"):
        read_files("weights=x")
    with pytest.raises(ValueError, match="an estimate names its files"):
        read_files("  ")  # not a silent copy of the merged Hard
