"""The estimate's fit (``python -m bummerl_lab.fit``): a small fit writes the three tables in
the format Hard reads, each under the command that writes it again; the same seed writes the
same files; ``--check`` tells a table its command gives from one it does not; and the
fitting itself recovers corrections that explain the data."""

import importlib.util
import random
import re
import shlex
import shutil

import pytest

from bummerl import deal
from bummerl.bots import hard
from bummerl.bots.solver import Position
from bummerl.rules import SOFT, Rules
from bummerl_lab import fit

SMALL = 100  # positions a stage


def load(path):
    """The module at ``path``."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def small_fit(out) -> str:
    """Fit every table of both presets on ``SMALL`` positions a stage into ``out``; the command."""
    argv = ["--positions", str(SMALL), "--out", str(out)]
    assert fit.main(argv) == 0
    return " ".join([fit.COMMAND, *map(shlex.quote, argv)])


@pytest.fixture(scope="module")
def fitted(tmp_path_factory):
    """(the directory a small fit wrote, the command that wrote it)."""
    out = tmp_path_factory.mktemp("fit")
    return out, small_fit(out)


def test_a_small_fit_writes_the_three_tables_in_the_format_hard_reads(fitted):
    out, _ = fitted
    weights = load(out / "weights.py").WEIGHTS
    pairs = load(out / "pairs.py").PAIRS
    lies = load(out / "lies.py").LIES
    claims = sorted(Rules.preset(p).claim for p in fit.PRESETS)
    for table, size in ((weights, len(hard.FEATURE_NAMES)), (pairs, len(hard.PAIR_KEYS)), (lies, len(hard.LIE_KEYS))):
        assert sorted(table) == claims == sorted(hard.WEIGHTS)
        for stages in table.values():
            assert sorted(stages) == list(fit.STAGES) == sorted(hard.WEIGHTS["auto"])
            for values in stages.values():
                if table is weights:
                    assert len(values) == size and all(isinstance(x, float) for x in values)
                else:  # (trump suit, side suits)
                    assert [len(part) for part in values] == [size, size]
    tables = hard.tables_for(weights, pairs, lies)  # Hard builds its estimate from them
    hand = deal(SOFT, 0, random.Random(3))
    assert abs(hard.estimate(Position(hand), hand.leader, 0, tables)) <= hard.MAX_VALUE


def test_each_table_written_names_the_command_that_writes_it_again(fitted):
    out, command = fitted
    for kind, table in fit.TABLES.items():
        text = (out / table.file).read_text()
        assert f"Written by ``{command}``" in text  # at the top
        _, comments = fit.read_table(out / table.file, table.name)
        assert sorted(comments) == ["auto", "manual"]
        for preset in fit.PRESETS:
            comment = comments[Rules.preset(preset).claim]
            assert fit.command_of(comment) == command  # above each claim, with its recipe
            assert f"seed {fit.RECIPES[kind][preset].seed}, {SMALL} positions a stage" in comment
        args = fit.parser().parse_args(shlex.split(command)[3:])
        assert (args.positions, args.out, args.only, args.rules) == (SMALL, str(out), None, None)


def test_the_same_seed_writes_the_same_files(fitted, tmp_path):
    out, _ = fitted
    again = tmp_path / "again"
    again.mkdir()
    small_fit(again)
    for table in fit.TABLES.values():
        assert (again / table.file).read_text() == (out / table.file).read_text().replace(str(out), str(again))


def test_check_passes_on_what_the_command_wrote_and_fails_on_a_table_changed_by_hand(fitted, tmp_path, capsys):
    out, command = fitted
    copy = tmp_path / "copy"
    shutil.copytree(out, copy)
    # each table fitted again, on the tables before it in the directory, by its command
    assert fit.main(["--check", "--only", "lies", "--rules", "soft", "--out", str(copy)]) == 0
    assert f"lies soft: as {command} fits it" in capsys.readouterr().err
    lies = copy / "lies.py"
    text = lies.read_text()
    first = re.search(r"-?\d\.\d{3}", text[text.index("LIES = "):])
    changed = text[:text.index("LIES = ") + first.start()] + "9.999" + text[text.index("LIES = ") + first.end():]
    lies.write_text(changed)
    assert fit.main(["--check", "--only", "lies", "--rules", "soft", "--out", str(copy)]) == 1
    assert "lies soft: differs from what" in capsys.readouterr().err


def test_one_preset_fitted_again_keeps_the_other_and_its_command(fitted, tmp_path, capsys):
    out, command = fitted
    copy = tmp_path / "copy"
    shutil.copytree(out, copy)
    argv = ["--only", "weights", "--rules", "soft", "--positions", "50", "--out", str(copy)]
    assert fit.main(argv) == 0
    assert "the pairs and the lies there were fitted on the tables before" in capsys.readouterr().err
    before, _ = fit.read_table(out / "weights.py", "WEIGHTS")
    after, comments = fit.read_table(copy / "weights.py", "WEIGHTS")
    assert after["manual"] == before["manual"] and after["auto"] != before["auto"]
    assert fit.command_of(comments["manual"]) == command
    assert fit.command_of(comments["auto"]) == " ".join([fit.COMMAND, *argv])
    assert "Written preset by preset" in (copy / "weights.py").read_text()


def test_a_table_is_fitted_only_on_the_tables_before_it(tmp_path, capsys):
    with pytest.raises(SystemExit):
        fit.main(["--only", "lies", "--positions", "5", "--out", str(tmp_path)])
    assert "weights.py: no WEIGHTS for auto, manual: fit weights first" in capsys.readouterr().err
    assert fit.main(["--only", "weights", "--rules", "sharp", "--positions", "5", "--out", str(tmp_path)]) == 0
    assert "fit them again" not in capsys.readouterr().err  # no later table there
    assert sorted(fit.read_table(tmp_path / "weights.py", "WEIGHTS")[0]) == ["manual"]


def test_hards_own_tables_say_how_they_were_made():
    own = fit.HARDS_OWN
    assert sorted(fit.RECIPES) == sorted(fit.ORDER) == sorted(fit.TABLES)
    assert all(sorted(recipes) == sorted(fit.PRESETS) for recipes in fit.RECIPES.values())
    for kind, module in (("weights", hard.WEIGHTS), ("pairs", hard.PAIRS), ("lies", hard.LIES)):
        table = fit.TABLES[kind]
        values, comments = fit.read_table(own / table.file, table.name)
        assert values == module and sorted(comments) == sorted(module)
        for comment in comments.values():
            command = fit.command_of(comment)
            if command is None:  # not made by the command: the comment names the one that fits it anew
                assert kind == "weights"
                command = re.search(r"``(python -m bummerl_lab\.fit [^`]*)``", comment).group(1)
            args = fit.parser().parse_args(shlex.split(command)[3:])
            assert args.only in (None, kind) and args.positions is None and args.out is None  # the recipes, in place


def test_the_weights_fit_recovers_weights_that_explain_the_targets_exactly():
    rng = random.Random(4)
    truth = [0.5, -1.25, 2.0]
    rows = [[rng.uniform(-3, 3) for _ in truth] for _ in range(40)]
    targets = [sum(w * x for w, x in zip(truth, row)) for row in rows]
    assert fit.least_squares(rows, targets) == pytest.approx(truth, abs=0.01)  # the ridge shrinks a little


def test_positions_are_first_leads_of_each_stage_with_the_hands_final_result():
    found = fit.positions(SOFT, 3, random.Random(2), fit.PLAYERS["heuristic"])
    assert sorted(found) == list(fit.STAGES)
    for stage, samples in found.items():
        assert len(samples) == 3
        for hand, won in samples:
            assert hand.drawn == stage and hand.lead < 0 and hand.closed_by < 0  # on lead, talon open
            assert won in (-3, -2, -1, 1, 2, 3)  # the final result for the seat on lead


@pytest.mark.parametrize("kind", ["pairs", "lies"])
def test_the_suit_fits_recover_corrections_that_explain_the_residuals(kind):
    row_of, fit_stage = (fit.pair_row, fit.fit_pairs_stage) if kind == "pairs" else (fit.lie_row, fit.fit_lies_stage)
    rng = random.Random(5)
    data, truth = [], {}
    for seed in range(3000):
        hand = deal(SOFT, seed % 2, random.Random(seed))
        for _ in range(2 * rng.randrange(5)):  # 0 to 4 tricks played: gone cards in some suits
            if hand.outcome is None:
                hand.step(rng.choice([a for a in hand.legal_actions() if a < 20]))
        row = row_of(Position(hand), hand.leader)
        for i in row:
            truth.setdefault(i, rng.uniform(-1, 1))
        data.append((row, sum(truth[i] * a for i, a in row.items())))
    w = fit_stage(data, 1e-6) if kind == "pairs" else fit_stage(data, 1e-6, sweeps=300)
    assert fit.residual(data) > 0.5 and fit.residual(data, w) < 0.01  # every residual explained
    counts = {}
    for row, _ in data:
        for i in row:
            counts[i] = counts.get(i, 0) + 1
    often = [i for i, n in counts.items() if n >= 30]
    assert len(often) > 15
    for i in often:  # entries seen often are pinned down (rare ones may trade off)
        assert w[i] == pytest.approx(truth[i], abs=0.05)
