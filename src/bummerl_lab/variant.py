"""The arena with Hard changed for one run, through its configuration (``hard.HardConfig``).

``python -m bummerl_lab.variant [--set NAME=VALUE ...] [--leaf FILE] [--pairs FILE]
[--lies FILE] [--v1-nodes N] -- A B --bummerls N --seed S [--rules soft|sharp] [--json]``

Everything after ``--`` is the arena's (``python -m bummerl arena --help``); ``hard`` in
it plays with the changed configuration, the frozen references as they are (but for
their budget, ``--v1-nodes``). Example::

    python -m bummerl_lab.variant --set close_doubt=0.45 -- hard hard-v1 --bummerls 200 --seed 7

- ``--set NAME=VALUE``: a field of ``HardConfig`` (``worlds=48``, ``close_doubt=0.1``,
  ``tie_margin=1e-9``, ``close_from=(8, 4)``: a pair gives root's and its opponent's
  threshold, see ``solver.search``; ``max_depth=2``; ``tie_breaker=medium``: near-ties
  and the fallback go to Medium's choice, ``TIE_BREAKERS``);
- ``--leaf FILE``, ``--pairs FILE``, ``--lies FILE``: the estimate's weights, suit pairs
  and suit lies (``hard.WEIGHTS``, ``hard.PAIRS``, ``hard.LIES``) read from a table module
  as ``python -m bummerl_lab.fit --out DIR`` writes them (its ``weights.py``, ``pairs.py``,
  ``lies.py``; a preset the file leaves out keeps Hard's own), Hard playing with the
  estimate's tables of them all (``HardConfig.tables``); ``--pairs none``: without the
  pairs and without the lies that correct them (the linear estimate), ``--lies none``:
  without the lies;
- ``--v1-nodes N``: ``hard-v1`` searches N nodes a decision, not its own ``NODES``: with
  ``--set nodes=N`` the two Hards meet at another equal budget.
"""

import argparse
import ast
import dataclasses
import sys
from pathlib import Path

from bummerl.bots import hard
from bummerl.bots.heuristics import medium
from bummerl.cards import action_str

from . import frozen
from .arena import PLAYERS, main as arena_main
from .fit import TABLES, read_table

# --set tie_breaker=NAME: the players a near-tie may go to, (view, rng) -> action int
TIE_BREAKERS = {"yardstick": hard.tie_breaker, "medium": medium}
FIELDS = tuple(field.name for field in dataclasses.fields(hard.HardConfig))


def read_setting(assignment: str) -> dict:
    """``"close_doubt=0.45"`` -> ``{"close_doubt": 0.45}``, for a field of ``HardConfig``
    (its value a Python literal; ``tie_breaker`` a name of ``TIE_BREAKERS``)."""
    name, _, text = assignment.partition("=")
    if name not in FIELDS or name == "tables":
        raise ValueError(f"{assignment!r}: {name!r} is not a field of HardConfig "
                         f"(one of {', '.join(f for f in FIELDS if f != 'tables')})")
    if name == "tie_breaker":
        if text not in TIE_BREAKERS:
            raise ValueError(f"{assignment!r}: the tie-breaker is one of {', '.join(TIE_BREAKERS)}")
        return {name: TIE_BREAKERS[text]}
    try:
        return {name: ast.literal_eval(text)}
    except (ValueError, SyntaxError):
        raise ValueError(f"{assignment!r}: {text!r} is not a Python literal") from None


def read_settings(text: str) -> dict:
    """``"worlds=48 nodes=300"`` -> ``{"worlds": 48, "nodes": 300}`` (``read_setting`` of
    each, separated by spaces)."""
    return {k: v for assignment in text.split() for k, v in read_setting(assignment).items()}


def config_of(settings: dict, base: hard.HardConfig = hard.HARD) -> hard.HardConfig:
    """``base`` (Hard as it plays) with ``settings`` (``read_setting``'s) changed:

    >>> config_of({"close_doubt": 0.45}).close_doubt
    0.45
    """
    return dataclasses.replace(base, **settings)


def hard_player(config: hard.HardConfig):
    """An arena bot (view, rng, time_limit=None) -> action text: Hard by ``config``."""
    def play(view, rng, time_limit=None) -> str:
        return action_str(hard.choose(view, rng, time_limit, config))
    return play


def players(config: hard.HardConfig, v1_nodes: int | None = None) -> dict:
    """The arena's players (``arena.PLAYERS``) with ``hard`` playing by ``config`` and,
    with ``v1_nodes``, ``hard-v1`` searching that many nodes a decision."""
    seated = {**PLAYERS, "hard": hard_player(config)}
    if v1_nodes is not None:
        seated["hard-v1"] = frozen.hard_v1_at(v1_nodes)
    return seated


def read_file(path: str, kind: str) -> dict:
    """The table ``kind`` (``weights``, ``pairs`` or ``lies``) of a module as ``python -m
    bummerl_lab.fit --out DIR`` writes it (``fit.read_table``): claim -> stage."""
    table = TABLES[kind]
    if not Path(path).is_file():
        raise ValueError(f"{path}: no such file")
    found, _ = read_table(path, table.name)
    if not found:
        raise ValueError(f"{path}: no {table.name} in it (write one with python -m bummerl_lab.fit --out DIR)")
    return found


def adds_nothing(kind: str) -> dict:
    """A ``pairs`` or ``lies`` table that adds nothing to the estimate, for every claim."""
    zeros = (0.0,) * len(hard.PAIR_KEYS if kind == "pairs" else hard.LIE_KEYS)
    return {claim: {stage: (zeros, zeros) for stage in stages} for claim, stages in hard.WEIGHTS.items()}


def read_estimate(leaf: str | None = None, pairs: str | None = None, lies: str | None = None) -> dict:
    """An estimate read from the files named (``read_file``; None: Hard's own table, and a
    claim a file leaves out keeps Hard's own), as ``hard.tables_for``'s arguments:
    {"weights", "pairs", "lies": claim -> stage}, so that the pairs of one file and the
    lies of another make one estimate. ``pairs`` "none": no pairs and no lies (the linear
    estimate; a lies file adds its claims to that); ``lies`` "none": no lies. Empty when
    no file is named."""
    if not (leaf or pairs or lies):
        return {}
    found = {"weights": hard.WEIGHTS, "pairs": hard.PAIRS, "lies": hard.LIES}
    if leaf:
        found["weights"] = {**hard.WEIGHTS, **read_file(leaf, "weights")}
    if pairs == "none":
        found["pairs"], found["lies"] = adds_nothing("pairs"), adds_nothing("lies")
    elif pairs:
        found["pairs"] = {**hard.PAIRS, **read_file(pairs, "pairs")}
    if lies == "none":
        found["lies"] = adds_nothing("lies")
    elif lies:
        found["lies"] = {**found["lies"], **read_file(lies, "lies")}
    return found


def estimate_tables(leaf: str | None = None, pairs: str | None = None, lies: str | None = None) -> dict | None:
    """The estimate's tables (``hard.tables_for``, for ``HardConfig.tables``) of the files
    named (``read_estimate``); None when no file is named (Hard's own)."""
    found = read_estimate(leaf, pairs, lies)
    return hard.tables_for(**found) if found else None


def estimate_arguments(parser) -> None:
    """The arguments of a lab run that reads the estimate's tables from files
    (``estimate_tables``' arguments): --leaf, --pairs, --lies."""
    parser.add_argument("--leaf", metavar="FILE",
                        help="the estimate's weights, a weights.py as python -m bummerl_lab.fit --out writes it")
    parser.add_argument("--pairs", metavar="FILE",
                        help="its suit pairs, a pairs.py as bummerl_lab.fit writes it (none: without)")
    parser.add_argument("--lies", metavar="FILE",
                        help="its suit lies, a lies.py as bummerl_lab.fit writes it (none: without)")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    ours, arena = (argv[:argv.index("--")], argv[argv.index("--") + 1:]) if "--" in argv else (argv, [])
    parser = argparse.ArgumentParser(prog="python -m bummerl_lab.variant", description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a field of bummerl.bots.hard.HardConfig, e.g. close_doubt=0.45")
    estimate_arguments(parser)
    parser.add_argument("--v1-nodes", type=int, metavar="N")
    args = parser.parse_args(ours)
    try:
        settings = {k: v for assignment in args.set for k, v in read_setting(assignment).items()}
        tables = estimate_tables(args.leaf, args.pairs, args.lies)
        if tables is not None:
            settings["tables"] = tables
        config = config_of(settings)
    except (ValueError, OSError, SyntaxError, TypeError) as error:
        parser.error(str(error))
    return arena_main(arena, players(config, args.v1_nodes))


if __name__ == "__main__":
    sys.exit(main())
