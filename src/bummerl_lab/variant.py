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
- ``--leaf FILE``: the estimate's weights as ``python -m bummerl_lab.leaf_fit`` prints them;
- ``--pairs FILE``: the estimate's suit pairs (``hard.PAIRS``) as ``python -m
  bummerl_lab.suit_pairs --out FILE`` writes them (``none``: without them, and without
  the suit lies, ``hard.LIES``, that correct them);
- ``--lies FILE``: the estimate's suit lies as ``python -m bummerl_lab.suit_lies --out FILE``
  writes them (``none``: without them);
- ``--v1-nodes N``: ``hard-v1`` searches N nodes a decision, not its own ``NODES``: with
  ``--set nodes=N`` the two Hards meet at another equal budget.
"""

import argparse
import ast
import dataclasses
import sys
from contextlib import contextmanager

from bummerl.bots import hard
from bummerl.bots.heuristics import medium
from bummerl.cards import action_str

from . import frozen
from .arena import PLAYERS, main as arena_main

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


def read_leaf(path: str) -> dict:
    """The estimate's weights in a file of ``WEIGHTS`` entries as ``leaf_fit`` prints them
    ("auto": {2: (...), ...},): {"WEIGHTS": the weights, "_TABLES": the estimate's tables
    with Hard's own pairs and lies} (a claim rule the file leaves out keeps its weights)."""
    lines = [line for line in open(path, encoding="utf-8") if not line.startswith("#")]
    read = {claim: {stage: tuple(w) for stage, w in stages.items()}
            for claim, stages in ast.literal_eval("{" + "".join(lines) + "}").items()}
    weights = {**hard.WEIGHTS, **read}
    return {"WEIGHTS": weights, "_TABLES": hard.tables_for(weights)}


def read_pairs(path: str) -> dict:
    """The ``PAIRS`` in a file as ``bummerl_lab.suit_pairs --out`` writes it (a claim rule
    the file leaves out keeps Hard's own), with the ``LIES`` that go with them and the
    estimate's tables (``_TABLES``, Hard's own weights); ``none``: no pairs and no lies
    (the linear estimate)."""
    from .suit_pairs import read
    lies = hard.LIES
    if path == "none":
        zeros = (0.0,) * len(hard.PAIR_KEYS)
        found = {claim: {stage: (zeros, zeros) for stage in stages} for claim, stages in hard.PAIRS.items()}
        lies = no_lies()
    else:
        found, _ = read(path)
        if not found:
            raise ValueError(f"{path}: no PAIRS in it (write one with python -m bummerl_lab.suit_pairs --out)")
    pairs = {**hard.PAIRS, **found}
    return {"PAIRS": pairs, "LIES": lies, "_TABLES": hard.tables_for(pairs=pairs, lies=lies)}


def no_lies() -> dict:
    """``LIES`` that add nothing: the estimate with the pairs alone."""
    zeros = (0.0,) * len(hard.LIE_KEYS)
    return {claim: {stage: (zeros, zeros) for stage in stages} for claim, stages in hard.WEIGHTS.items()}


def read_lies(path: str, base: dict | None = None) -> dict:
    """The ``LIES`` in a file as ``bummerl_lab.suit_lies --out`` writes it (a claim rule the
    file leaves out keeps ``base``'s, by default Hard's own) and the estimate's tables (``_TABLES``, Hard's own
    weights and pairs); ``none``: no lies (the estimate with the pairs alone)."""
    from .suit_pairs import read
    if path == "none":
        found = no_lies()
    else:
        found, _ = read(path, "LIES")
        if not found:
            raise ValueError(f"{path}: no LIES in it (write one with python -m bummerl_lab.suit_lies --out)")
    lies = {**(hard.LIES if base is None else base), **found}
    return {"LIES": lies, "_TABLES": hard.tables_for(lies=lies)}


def read_estimate(leaf: str | None = None, pairs: str | None = None, lies: str | None = None) -> dict:
    """An estimate read from files (``read_leaf``, ``read_pairs``, ``read_lies``; None:
    Hard's own), as {"WEIGHTS", "PAIRS", "LIES": what the files hold, "_TABLES": the
    estimate's tables of all of them together}: the pairs of one file and the lies of
    another make one estimate. Empty when no file is named."""
    found = {}
    if leaf:
        found.update(read_leaf(leaf))
    if pairs:
        found.update(read_pairs(pairs))
    if lies:
        found.update(read_lies(lies, found.get("LIES")))
    if not found:
        return {}
    return {**found, "_TABLES": hard.tables_for(found.get("WEIGHTS"), found.get("PAIRS"), found.get("LIES"))}


# The estimate fits (``leaf_fit``, ``suit_pairs``, ``suit_lies``, ``refit``) and their tests
# still score with ``hard.estimate`` under other module tables; these two serve them until
# they take the tables as an argument (``hard.estimate``'s ``tables``). Nothing else uses them.
def apply(settings: dict, module=hard) -> None:
    """Set ``module``'s globals (by default ``bummerl.bots.hard``'s) to ``settings``."""
    for name, value in settings.items():
        setattr(module, name, value)


@contextmanager
def changed(settings: dict, module=hard):
    """``module`` (by default ``bummerl.bots.hard``) with ``settings`` (module globals)
    for the block."""
    saved = {name: getattr(module, name) for name in settings}
    apply(settings, module)
    try:
        yield
    finally:
        apply(saved, module)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    ours, arena = (argv[:argv.index("--")], argv[argv.index("--") + 1:]) if "--" in argv else (argv, [])
    parser = argparse.ArgumentParser(prog="python -m bummerl_lab.variant", description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a field of bummerl.bots.hard.HardConfig, e.g. close_doubt=0.45")
    parser.add_argument("--leaf", metavar="FILE")
    parser.add_argument("--pairs", metavar="FILE")
    parser.add_argument("--lies", metavar="FILE")
    parser.add_argument("--v1-nodes", type=int, metavar="N")
    args = parser.parse_args(ours)
    try:
        settings = {k: v for assignment in args.set for k, v in read_setting(assignment).items()}
        estimate = read_estimate(args.leaf, args.pairs, args.lies)
        if estimate:
            settings["tables"] = estimate["_TABLES"]
        config = config_of(settings)
    except (ValueError, OSError, SyntaxError, TypeError) as error:
        parser.error(str(error))
    return arena_main(arena, players(config, args.v1_nodes))


if __name__ == "__main__":
    sys.exit(main())
