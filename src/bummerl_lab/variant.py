"""The arena with Hard changed for one run: how the screens in README were made.

``python -m bummerl_lab.variant [--set NAME=VALUE ...] [--max-depth N] [--model-weights]
[--leaf FILE] [--pairs FILE] [--lies FILE] [--tie-breaker medium] [--v1-nodes N] -- A B --bummerls N --seed S [--rules soft|sharp] [--json]``

Everything after ``--`` is the arena's (``python -m bummerl arena --help``); ``hard`` in
it plays changed, the frozen references do not (but for their budget, ``--v1-nodes``).
The changes, for this process only:

- ``--set NAME=VALUE``: a constant of ``bummerl.bots.hard`` (``WORLDS=48``,
  ``CLOSE_DOUBT=0.1``, ``TIE_MARGIN=1e-9``, ``CLOSE_FROM=(8, 4)``: a pair gives root's
  and its opponent's threshold, see ``solver.search``), or with ``solver.`` before the
  name one of ``bummerl.bots.solver`` (``solver.SOFT_PHASE1=(0,0.5)``; the frozen
  references keep their own solver);
- ``--max-depth N``: the search stops N tricks deep in phase 1 and scores with the estimate;
- ``--model-weights``: each uniform world weighs what the opponent model
  (``WorldBuilder.weight``) says (instead of resampling by it);
- ``--leaf FILE``: the estimate's weights as ``python -m bummerl_lab.leaf_fit`` prints them;
- ``--pairs FILE``: the estimate's suit pairs (``hard.PAIRS``) as ``python -m
  bummerl_lab.suit_pairs --out FILE`` writes them (``none``: without them, and without
  the suit lies, ``hard.LIES``, that correct them);
- ``--lies FILE``: the estimate's suit lies as ``python -m bummerl_lab.suit_lies --out FILE``
  writes them (``none``: without them);
- ``--tie-breaker medium``: near-ties (``TIE_MARGIN``) and the fallback go to Medium's
  choice instead of the yardstick's (as before issue 19's stop 23; its rows in docs/arena/history.md with
  Medium's margin were run with ``MEDIUM_MARGIN``, now ``TIE_MARGIN``);
- ``--v1-nodes N``: ``hard-v1`` searches N nodes a decision, not its own ``NODES``: with
  ``--set NODES=N`` the two Hards meet at another equal budget.
"""

import argparse
import ast
import sys
from contextlib import contextmanager

from bummerl.bots import hard, solver
from bummerl.bots.heuristics import medium
from bummerl.bots.world import WorldBuilder

from . import frozen
from .arena import main as arena_main


def read_setting(assignment: str, module=hard) -> dict:
    """``"WORLDS=48"`` -> ``{"WORLDS": 48}``, for a constant of ``module`` (by default
    ``bummerl.bots.hard``)."""
    name, _, text = assignment.partition("=")
    if not name.isupper() or not hasattr(module, name):
        raise ValueError(f"{assignment!r}: {name!r} is not a constant of {module.__name__}")
    try:
        return {name: ast.literal_eval(text)}
    except (ValueError, SyntaxError):
        raise ValueError(f"{assignment!r}: {text!r} is not a Python literal") from None


def read_target(assignment: str) -> tuple:
    """``"WORLDS=48"`` -> ``(hard, {"WORLDS": 48})``; ``"solver.SOFT_PHASE1=(0,0.5)"`` ->
    ``(solver, {"SOFT_PHASE1": (0, 0.5)})``: the module the constant is of, and the setting."""
    name, dot, rest = assignment.partition(".")
    if dot and name == "solver":
        return solver, read_setting(rest, solver)
    return hard, read_setting(assignment)


def read_settings(text: str, module=hard) -> dict:
    """``"WORLDS=48 NODES=300"`` -> ``{"WORLDS": 48, "NODES": 300}`` (``read_setting``
    of each, separated by spaces)."""
    return {k: v for assignment in text.split() for k, v in read_setting(assignment, module).items()}


def read_leaf(path: str) -> dict:
    """The estimate's weights in a file of ``WEIGHTS`` entries as ``leaf_fit`` prints them
    ("auto": {2: (...), ...},), as the settings of ``bummerl.bots.hard`` that hold them
    (``WEIGHTS`` and its tables; a claim rule the file leaves out keeps its weights)."""
    lines = [line for line in open(path, encoding="utf-8") if not line.startswith("#")]
    read = {claim: {stage: tuple(w) for stage, w in stages.items()}
            for claim, stages in ast.literal_eval("{" + "".join(lines) + "}").items()}
    weights = {**hard.WEIGHTS, **read}
    return {"WEIGHTS": weights, "_TABLES": hard.tables_for(weights)}


def read_pairs(path: str) -> dict:
    """The settings of ``bummerl.bots.hard`` for the ``PAIRS`` in a file as
    ``bummerl_lab.suit_pairs --out`` writes it (a claim rule the file leaves out keeps
    Hard's own), with ``WEIGHTS`` and ``LIES`` as they are; ``none``: no pairs and no lies
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


def read_lies(path: str) -> dict:
    """The settings of ``bummerl.bots.hard`` for the ``LIES`` in a file as ``bummerl_lab.suit_lies
    --out`` writes it (a claim rule the file leaves out keeps Hard's own), with ``WEIGHTS``
    and ``PAIRS`` as they are; ``none``: no lies (the estimate with the pairs alone)."""
    from .suit_pairs import read
    if path == "none":
        found = no_lies()
    else:
        found, _ = read(path, "LIES")
        if not found:
            raise ValueError(f"{path}: no LIES in it (write one with python -m bummerl_lab.suit_lies --out)")
    lies = {**hard.LIES, **found}
    return {"LIES": lies, "_TABLES": hard.tables_for(lies=lies)}


def read_estimate(leaf: str | None = None, pairs: str | None = None, lies: str | None = None) -> dict:
    """The settings of ``bummerl.bots.hard`` for an estimate read from files (``read_leaf``,
    ``read_pairs``, ``read_lies``; None: Hard's own), in that order, each file's tables
    built on what the files before it hold: the pairs of one file and the lies of another
    make one estimate."""
    settings = {}
    for path, reader in ((leaf, read_leaf), (pairs, read_pairs), (lies, read_lies)):
        if path:
            with changed(settings):
                settings.update(reader(path))
    return settings


def apply(settings: dict, module=hard) -> None:
    """Set ``module``'s constants (by default ``bummerl.bots.hard``'s) to ``settings``."""
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


def limit_depth(limit: int) -> None:
    """Every Search of this process searches at most ``limit`` tricks deep."""
    start = hard.Search.__init__

    def init(self, view, rng, time_limit=None, worlds=None, nodes=hard.DEFAULT_NODES, max_depth=hard.EXACT,
             every_action=False):
        start(self, view, rng, time_limit, worlds, nodes, min(max_depth, limit), every_action)

    hard.Search.__init__ = init


def model_weights() -> None:
    def sample_weighted(self, rng, count, candidates):
        worlds = [self.sample(rng) for _ in range(count)]
        return [(world, self.weight(world) if self.clues else 1.0) for world in worlds]

    WorldBuilder.sample_weighted = sample_weighted


def medium_ties() -> None:
    hard.tie_breaker = medium


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    ours, arena = (argv[:argv.index("--")], argv[argv.index("--") + 1:]) if "--" in argv else (argv, [])
    parser = argparse.ArgumentParser(prog="python -m bummerl_lab.variant", description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--max-depth", type=int)
    parser.add_argument("--model-weights", action="store_true")
    parser.add_argument("--leaf", metavar="FILE")
    parser.add_argument("--pairs", metavar="FILE")
    parser.add_argument("--lies", metavar="FILE")
    parser.add_argument("--tie-breaker", choices=["heuristic", "medium"], default="heuristic")
    parser.add_argument("--v1-nodes", type=int, metavar="N")
    args = parser.parse_args(ours)
    try:
        for assignment in args.set:
            module, settings = read_target(assignment)
            apply(settings, module)
        apply(read_estimate(args.leaf, args.pairs, args.lies))
    except (ValueError, OSError, SyntaxError) as error:
        parser.error(str(error))
    limit_depth(args.max_depth if args.max_depth is not None else hard.EXACT)
    if args.model_weights:
        model_weights()
    if args.tie_breaker == "medium":
        medium_ties()
    if args.v1_nodes is not None:
        frozen.V1_NODES = args.v1_nodes
    return arena_main(arena)


if __name__ == "__main__":
    sys.exit(main())
