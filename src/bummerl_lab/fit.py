"""Fit Hard's static estimate: its weights, then its suit pairs, then its suit lies.

``python -m bummerl_lab.fit [--only weights|pairs|lies] [--rules soft|sharp] [--positions N]
[--out DIR] [--check]``

Hard's estimate (``hard.estimate``) reads three tables, each fitted to what the ones before
it leave of the results of play, so they are fitted in this order (``ORDER``), each preset's
from the seed, size, player and ridge ``RECIPES`` records for it:

- ``weights.py`` (``WEIGHTS``): per stage, one weight per feature of ``hard.FEATURE_NAMES``,
  the least-squares fit of the results to ``hard.features`` (a small ridge, ``ridge`` per
  position, keeps features that never vary at 0);
- ``pairs.py`` (``PAIRS``): per stage, a value per way a suit lies between the two hands
  (``hard.PAIR_KEYS``; one table for the trump suit, one for the side suits) added to the
  weights' estimate (``linear``), the ridge regression of what that estimate leaves
  (``ridge`` pseudo-positions at no correction per value, so that rare pairs stay near the
  linear estimate), solved exactly;
- ``lies.py`` (``LIES``): per stage, a value per way a suit lies counting its gone cards
  too (``hard.LIE_KEYS``), the ridge regression of what the weights and the pairs leave, by
  coordinate descent on the sparse rows (``SWEEPS`` sweeps).

The positions (``positions``) are the first position on lead at each stage of phase 1 (2,
4, 6 and 8 talon cards drawn) in hands the recipe's player plays in both seats, dealt from
its seed; a position's target is the game points the seat on lead won or lost in the end.
A pair or a lie seen from the other seat is worth its negative, so each is one value.

The command fits every table of both presets and writes each as a module in ``--out``
(Hard's own, ``src/bummerl/bots/``, unless given), each preset's table under the command
that wrote it. ``--only`` fits one table, on the tables before it as they are in that
directory; ``--rules`` one preset, the other's table kept as it is there; ``--positions``
takes that many positions a stage instead of the recipes' (a small run). ``--check``
writes nothing: it fits each table again by the command its file names, on the tables
before it as they are in the directory, and exits 1 if any differs (a preset's table
whose file names no command of this module, as ``weights.py``'s, is reported, not
fitted). Prints each stage's residual before and after its fit.
"""

import argparse
import ast
import random
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

from bummerl.bots import hard
from bummerl.bots.hard import LIE_INDEX, LIE_KEYS, PAIR_KEYS, gone_cards, lie_key, pair_key
from bummerl.bots.heuristics import medium
from bummerl.bots.solver import MAX_VALUE, Position, outcome_value
from bummerl.bots.yardstick import heuristic
from bummerl.hand import deal
from bummerl.rules import Rules

COMMAND = "python -m bummerl_lab.fit"
STAGES = (2, 4, 6, 8)  # talon cards drawn
PRESETS = ("soft", "sharp")
ORDER = ("weights", "pairs", "lies")  # each table is fitted to what the ones before it leave
PLAYERS = {"medium": medium, "heuristic": lambda view, rng: heuristic(view), "hard": hard.choose}
SWEEPS = 60  # coordinate-descent sweeps of the lies' fit
WEIGHTS_RIDGE = 1e-3  # per position: keeps a weight whose feature never varies at 0
HARDS_OWN = Path(hard.__file__).parent  # where Hard's tables live


@dataclass(frozen=True)
class Recipe:
    """How one preset's table is fitted: on ``positions`` a stage of hands ``player`` plays
    in both seats, dealt from ``seed``, with ``ridge`` (per position for the weights,
    pseudo-positions per value for the pairs and the lies)."""
    seed: int
    positions: int
    player: str
    ridge: float


# table -> preset -> its recipe. The pairs' and the lies' are those their tables were fitted
# by; the weights shipped were fitted by no recipe here (``weights.py`` says by what).
RECIPES = {
    "weights": {"soft": Recipe(1, 20_000, "medium", WEIGHTS_RIDGE),
                "sharp": Recipe(2, 20_000, "medium", WEIGHTS_RIDGE)},
    "pairs": {"soft": Recipe(15, 60_000, "heuristic", 20.0),
              "sharp": Recipe(14, 60_000, "heuristic", 20.0)},
    "lies": {"soft": Recipe(101, 100_000, "heuristic", 20.0),
             "sharp": Recipe(101, 100_000, "heuristic", 20.0)},
}


@dataclass(frozen=True)
class Table:
    """One of the estimate's tables as its module holds it: ``name`` in ``file``, numbers to
    ``digits`` decimals, under a docstring that starts with ``about``."""
    name: str
    file: str
    digits: int
    about: str


TABLES = {
    "weights": Table("WEIGHTS", "weights.py", 4, """\
The weights of Hard's static estimate (``hard.estimate``): claim -> stage -> one weight per
feature of ``hard.FEATURE_NAMES``, a linear guess of the game points a seat can expect in a
phase-1 position, fitted by least squares to the final results of play."""),
    "pairs": Table("PAIRS", "pairs.py", 3, """\
What the way each suit lies between the two hands adds to Hard's estimate (``hard.estimate``).

claim -> stage -> (trump suit, side suits): one value per entry of ``hard.PAIR_KEYS``,
fitted to what ``WEIGHTS`` leave of the final results of play."""),
    "lies": Table("LIES", "lies.py", 3, """\
What the cards gone from each suit add to Hard's estimate beyond the suit pairs (``hard.estimate``).

claim -> stage -> (trump suit, side suits): one value per entry of ``hard.LIE_KEYS``,
fitted to what ``WEIGHTS`` and ``PAIRS`` leave of the final results of play."""),
}


# Positions

def played(rules, rng, player=medium, take=None):
    """Hands ``player`` plays in both seats, dealt from ``rng``, one after another: of each,
    {stage: (the first position on lead at that stage, before any action, or ``take`` of it;
    the game points the seat on lead won or lost in the end)}."""
    dealer = 0
    while True:
        hand = deal(rules, dealer, rng)
        dealer = 1 - dealer
        taken = {}
        while hand.outcome is None:
            stage = hand.drawn
            if (hand.lead < 0 and hand.married < 0 and hand.closed_by < 0
                    and stage in STAGES and stage not in taken):
                taken[stage] = (hand.leader, hand if take is None else take(hand))
            hand = hand.apply(player(hand.view(hand.to_act), rng))
        yield {stage: (position, outcome_value(hand.outcome, leader))
               for stage, (leader, position) in taken.items()}


def positions(rules, count: int, rng, player=medium, take=None) -> dict:
    """{stage: [(hand, game points the seat on lead won or lost in the end), ...]},
    ``count`` positions per stage, from hands ``player`` plays in both seats (``played``);
    with ``take``, ``take(hand)`` in place of each hand (what a fit keeps of it)."""
    found = {stage: [] for stage in STAGES}
    hands = played(rules, rng, player, take)
    while min(len(found[stage]) for stage in STAGES) < count:
        for stage, sample in next(hands).items():
            if len(found[stage]) < count:
                found[stage].append(sample)
    return found


# Solving

def solve(a: list, b: list) -> list:
    """x with a x = b (a square, well conditioned), by Gaussian elimination."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] for i in range(n)]


def least_squares(rows: list, targets: list, ridge: float = WEIGHTS_RIDGE) -> list:
    """The weights that minimise the squared residuals of ``targets`` on the dense ``rows``,
    plus ``ridge`` per row times each weight squared."""
    k = len(rows[0])
    gram = [[sum(r[i] * r[j] for r in rows) for j in range(k)] for i in range(k)]
    for i in range(k):
        gram[i][i] += ridge * len(rows)
    moment = [sum(r[i] * t for r, t in zip(rows, targets)) for i in range(k)]
    return solve(gram, moment)


def fit_pairs_stage(data: list, ridge: float) -> list:
    """The corrections (``pair_row``'s indexes) that minimise the squared residuals of
    ``data`` ([(sparse row, residual)]) plus ``ridge`` times each correction squared."""
    k = 2 * len(PAIR_KEYS)
    gram = [[0.0] * k for _ in range(k)]
    moment = [0.0] * k
    for row, r in data:
        for i, a in row.items():
            moment[i] += a * r
            for j, b in row.items():
                gram[i][j] += a * b
    for i in range(k):
        gram[i][i] += ridge
    return solve(gram, moment)


def fit_lies_stage(data: list, ridge: float, sweeps: int = SWEEPS) -> list:
    """The corrections (``lie_row``'s indexes) that minimise the squared residuals of
    ``data`` plus ``ridge`` times each correction squared: each in turn set to its best
    given the others, ``sweeps`` times over."""
    k = 2 * len(LIE_KEYS)
    rows_of = [[] for _ in range(k)]  # per parameter: (sample, its coefficient)
    norm = [ridge] * k
    for n, (row, _) in enumerate(data):
        for i, a in row.items():
            rows_of[i].append((n, a))
            norm[i] += a * a
    w = [0.0] * k
    left = [r for _, r in data]  # each sample's residual less the fitted corrections
    used = [i for i in range(k) if rows_of[i]]
    for _ in range(sweeps):
        for i in used:
            old = w[i]
            new = (sum(a * (left[n] + a * old) for n, a in rows_of[i])) / norm[i]
            if new != old:
                step = new - old
                for n, a in rows_of[i]:
                    left[n] -= a * step
                w[i] = new
    return w


def residual(data: list, w=None) -> float:
    """The root-mean-square residual of ``data`` ([(sparse row, residual)]) less the
    corrections ``w`` (none: as is)."""
    total = 0.0
    for row, r in data:
        fitted = sum(w[i] * a for i, a in row.items()) if w else 0.0
        total += (r - fitted) ** 2
    return (total / len(data)) ** 0.5


# What each table reads of a position

def linear(pos, leader: int, root: int, weights=None) -> float:
    """The estimate without ``PAIRS`` and ``LIES``: ``weights`` (claim -> stage; by default
    Hard's own) times ``hard.features``, within the search's window."""
    weights = (hard.WEIGHTS if weights is None else weights)[pos.rules.claim][max(pos.drawn, 2)]
    value = sum(w * x for w, x in zip(weights, hard.features(pos, leader, root)))
    return max(-MAX_VALUE, min(MAX_VALUE, value))


PAIR_INDEX = {key: i for i, key in enumerate(PAIR_KEYS)}


def pair_row(pos, root: int) -> dict:
    """{``PAIRS`` parameter index: value}: trump entries first (``len(PAIR_KEYS)`` of them), then side."""
    row = {}
    mine, theirs = pos.hands[root], pos.hands[1 - root]
    for suit in range(4):
        key, sign = pair_key(mine >> 5 * suit & 31, theirs >> 5 * suit & 31)
        if sign:
            i = PAIR_INDEX[key] + (0 if suit == pos.trump else len(PAIR_KEYS))
            row[i] = row.get(i, 0) + sign
    return row


def lie_row(pos, root: int) -> dict:
    """{``LIES`` parameter index: value}: trump entries first (``len(LIE_KEYS)`` of them), then side."""
    row = {}
    mine, theirs, gone = pos.hands[root], pos.hands[1 - root], gone_cards(pos)
    for suit in range(4):
        shift = 5 * suit
        key, sign = lie_key(mine >> shift & 31, theirs >> shift & 31, gone >> shift & 31)
        if sign:
            i = LIE_INDEX[key] + (0 if suit == pos.trump else len(LIE_KEYS))
            row[i] = row.get(i, 0) + sign
    return row


def no_lies(claim: str) -> dict:
    """``LIES`` of one claim that add nothing."""
    zeros = (0.0,) * len(LIE_KEYS)
    return {claim: {stage: (zeros, zeros) for stage in STAGES}}


# The three fits

def fit_weights(rules, recipe: Recipe, count: int, log) -> dict:
    """{stage: weights}: the least-squares fit of the results to ``hard.features``."""
    found = positions(rules, count, random.Random(recipe.seed), PLAYERS[recipe.player])
    fitted = {}
    for stage in STAGES:
        rows, targets = [], []
        for hand, won in found[stage]:
            rows.append(hard.features(Position(hand), hand.leader, hand.leader))
            targets.append(won)
        w = least_squares(rows, targets, recipe.ridge)
        fitted[stage] = tuple(round(x, TABLES["weights"].digits) for x in w)
        after = (sum((sum(a * b for a, b in zip(fitted[stage], r)) - t) ** 2
                     for r, t in zip(rows, targets)) / len(rows)) ** 0.5
        before = (sum(t * t for t in targets) / len(rows)) ** 0.5
        log(f"weights {rules.preset_name} stage {stage}: {len(rows)} positions, rms result {before:.4f}, "
            f"less the weights' estimate {after:.4f}")
    return fitted


def fit_pairs(rules, recipe: Recipe, count: int, weights: dict, log) -> dict:
    """{stage: (trump, side)}: the pairs' corrections to ``linear`` by ``weights`` (claim -> stage)."""
    found = positions(rules, count, random.Random(recipe.seed), PLAYERS[recipe.player])

    def samples(found_stage):
        out = []
        for hand, won in found_stage:
            pos = Position(hand)
            out.append((pair_row(pos, hand.leader), won - linear(pos, hand.leader, hand.leader, weights)))
        return out
    return _fit_stages(rules, "pairs", found, samples, fit_pairs_stage, recipe.ridge, len(PAIR_KEYS), log)


def fit_lies(rules, recipe: Recipe, count: int, weights: dict, pairs: dict, log) -> dict:
    """{stage: (trump, side)}: the lies' corrections to the estimate by ``weights`` and
    ``pairs`` (claim -> stage), read from ``hard.estimate`` with those tables."""
    claim = rules.claim
    without = hard.tables_for({claim: weights[claim]}, {claim: pairs[claim]}, no_lies(claim))

    def kept(hand) -> tuple:
        pos = Position(hand)
        return lie_row(pos, hand.leader), hard.estimate(pos, hand.leader, hand.leader, without)
    found = positions(rules, count, random.Random(recipe.seed), PLAYERS[recipe.player], kept)

    def samples(found_stage):
        return [(row, won - before) for (row, before), won in found_stage]
    return _fit_stages(rules, "lies", found, samples, fit_lies_stage, recipe.ridge, len(LIE_KEYS), log)


def _fit_stages(rules, kind: str, found: dict, samples, fit_stage, ridge: float, n: int, log) -> dict:
    """{stage: (trump, side)}: ``fit_stage`` of each stage's ``samples``, ``n`` trump values
    then ``n`` side ones, rounded to the table's digits."""
    digits = TABLES[kind].digits
    fitted = {}
    for stage in STAGES:
        data = samples(found[stage])
        w = fit_stage(data, ridge)
        fitted[stage] = (tuple(round(x, digits) for x in w[:n]), tuple(round(x, digits) for x in w[n:]))
        log(f"{kind} {rules.preset_name} stage {stage}: {len(data)} positions, rms residual of the estimate "
            f"before {residual(data):.4f}, with the {kind} {residual(data, w):.4f}")
    return fitted


def fit_table(kind: str, preset: str, count: int | None, earlier: dict, log) -> dict:
    """{stage: values}: the table ``kind`` of ``preset`` fitted by its recipe (on ``count``
    positions a stage, if given), on the ``earlier`` tables (kind -> claim -> stage)."""
    rules, recipe = Rules.preset(preset), RECIPES[kind][preset]
    count = recipe.positions if count is None else count
    if kind == "weights":
        return fit_weights(rules, recipe, count, log)
    if kind == "pairs":
        return fit_pairs(rules, recipe, count, earlier["weights"], log)
    return fit_lies(rules, recipe, count, earlier["weights"], earlier["pairs"], log)


# The tables' modules

def numbers_text(values, digits: int, indent: int) -> str:
    """``values`` as a tuple, ten to a line, at ``indent``."""
    rows = (", ".join(f"{x:.{digits}f}" for x in values[i:i + 10]) for i in range(0, len(values), 10))
    pad = " " * indent
    return "(\n" + "".join(f"{pad}    {row},\n" for row in rows) + pad + ")"


def docstring(table: Table, made_by: str) -> str:
    """The docstring of ``table``'s module: ``table.about``, then ``made_by``."""
    return f'"""{table.about}\n\n{made_by}\n"""\n'


def table_text(table: Table, values: dict, comments: dict, doc: str) -> str:
    """The module of ``table``: ``doc`` (``docstring``), then the table, each claim under
    its comment."""
    lines = [doc.rstrip("\n"), "", f"{table.name} = {{"]
    for claim in sorted(values):
        lines += [f"    # {comments[claim]}", f'    "{claim}": {{']
        for stage, value in sorted(values[claim].items()):
            if table.name == "WEIGHTS":
                lines.append(f"        {stage}: ({', '.join(f'{x:.{table.digits}f}' for x in value)}),")
            else:
                trump, side = value
                lines += [f"        {stage}: (", f"            {numbers_text(trump, table.digits, 12)},",
                          f"            {numbers_text(side, table.digits, 12)},", "        ),"]
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines) + "\n"


def read_table(path, name: str) -> tuple[dict, dict]:
    """(the table ``name`` of a module ``table_text`` wrote, claim -> the comment above it);
    empty if there is no such file or table."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}, {}
    start = text.find(f"\n{name} = ")
    if start < 0:
        return {}, {}
    body = text[start + len(f"\n{name} = "):]
    comments = {claim: comment for comment, claim in re.findall(r'# (.*)\n\s*"(\w+)": \{', body)}
    return ast.literal_eval(body), comments


def command_of(comment: str) -> str | None:
    """The command a claim's comment names as the one that fitted it (``comment_for``), or
    None if it names none of this module."""
    command, _, _ = comment.partition(": ")
    return command if command.startswith(COMMAND + " ") or command == COMMAND else None


def comment_for(command: str, kind: str, preset: str, count: int | None) -> str:
    """A claim's comment: the command that fitted it and its recipe."""
    recipe = RECIPES[kind][preset]
    count = recipe.positions if count is None else count
    return (f"{command}: {preset}, seed {recipe.seed}, {count} positions a stage of {recipe.player} play, "
            f"ridge {recipe.ridge:g}")


def made_by(commands: set) -> str:
    """The sentence of a module's docstring naming what wrote it (``commands``: its claims' commands)."""
    if len(commands) == 1:
        return (f"Written by ``{commands.pop()}``\n(each preset's recipe, from ``bummerl_lab.fit.RECIPES``, "
                "in the comment above it):\nchange it by running that again, not by hand.")
    return ("Written preset by preset by the command in the comment above each (with its recipe, from\n"
            "``bummerl_lab.fit.RECIPES``): change it by running that again, not by hand.")


def write_table(out: Path, kind: str, fitted: dict, comments: dict) -> None:
    """Set the claims of ``fitted`` (claim -> stage -> values) in the module of ``kind`` in
    ``out``, under ``comments``; the other claims kept as the module has them."""
    table = TABLES[kind]
    path = out / table.file
    values, old = read_table(path, table.name)
    values, comments = {**values, **fitted}, {**old, **comments}
    commands = {command_of(c) for c in comments.values()}
    said = made_by(commands) if None not in commands else "Each preset as the comment above it says."
    path.write_text(table_text(table, values, comments, docstring(table, said)), encoding="utf-8")


# The command

def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=COMMAND, description=__doc__.split("\n\n")[0])
    p.add_argument("--only", choices=ORDER, help="fit this table alone, on the earlier ones in --out")
    p.add_argument("--rules", choices=PRESETS, help="fit this preset alone (default: both)")
    p.add_argument("--positions", type=int, metavar="N", help="positions a stage (default: each recipe's)")
    p.add_argument("--out", metavar="DIR", help="where the tables are read and written (default: Hard's own)")
    p.add_argument("--check", action="store_true",
                   help="write nothing; fit each table again by its command and exit 1 if any differs")
    return p


def command_line(args) -> str:
    """The command ``args`` stand for, as a table's comment names it."""
    words = [COMMAND]
    for option in ("only", "rules", "positions"):
        if getattr(args, option) is not None:
            words += [f"--{option}", str(getattr(args, option))]
    if args.out is not None and Path(args.out).resolve() != HARDS_OWN.resolve():
        words += ["--out", shlex.quote(args.out)]
    return " ".join(words)


def read_earlier(out: Path, kind: str, claims) -> dict:
    """The tables before ``kind`` (kind -> claim -> stage) as they are in ``out``."""
    earlier = {}
    for before in ORDER[:ORDER.index(kind)]:
        table = TABLES[before]
        values, _ = read_table(out / table.file, table.name)
        missing = [claim for claim in claims if claim not in values]
        if missing:
            raise ValueError(f"{out / table.file}: no {table.name} for {', '.join(missing)}: fit "
                             f"{before} first (--only {before})")
        earlier[before] = values
    return earlier


def run(args, log) -> int:
    """Fit (or with ``args.check``, check) the tables ``args`` name; the exit status."""
    out = HARDS_OWN if args.out is None else Path(args.out)
    kinds = ORDER if args.only is None else (args.only,)
    presets = PRESETS if args.rules is None else (args.rules,)
    claims = [Rules.preset(preset).claim for preset in presets]
    if args.check:
        return check(out, kinds, presets, log)
    command = command_line(args)
    tables = read_earlier(out, kinds[0], claims)  # kind -> claim -> stage, as fitted in turn
    for kind in kinds:
        tables[kind] = {Rules.preset(p).claim: fit_table(kind, p, args.positions, tables, log) for p in presets}
        write_table(out, kind, tables[kind],
                    {Rules.preset(p).claim: comment_for(command, kind, p, args.positions) for p in presets})
        log(f"wrote {out / TABLES[kind].file}")
    later = [kind for kind in ORDER[ORDER.index(kinds[-1]) + 1:] if (out / TABLES[kind].file).exists()]
    if later:
        log(f"the {' and the '.join(later)} there were fitted on the tables before: fit them again "
            f"({' then '.join(f'--only {kind}' for kind in later)})")
    return 0


def check(out: Path, kinds, presets, log) -> int:
    """1 if a table in ``out`` is not what the command its comment names fits on the tables
    before it there, else 0; a claim whose comment names no command of this module is
    reported, not fitted."""
    differ = False
    for kind in kinds:
        table = TABLES[kind]
        values, comments = read_table(out / table.file, table.name)
        for preset in presets:
            claim = Rules.preset(preset).claim
            command = command_of(comments.get(claim, ""))
            if command is None:
                log(f"{kind} {preset}: not checked, made by no command of this module: "
                    f"{comments.get(claim, 'no comment')}")
                continue
            recorded = parser().parse_args(shlex.split(command)[3:])
            again = fit_table(kind, preset, recorded.positions, read_earlier(out, kind, [claim]), log)
            if again == values[claim]:
                log(f"{kind} {preset}: as {command} fits it")
            else:
                differ = True
                log(f"{kind} {preset}: differs from what {command} fits: {difference(values[claim], again)}")
    return 1 if differ else 0


def difference(old: dict, new: dict) -> str:
    """Where two tables of one claim (stage -> values) differ, in words."""
    def flat(values):
        return [x for part in values for x in (part if isinstance(part, tuple) else (part,))]
    changed_stages = []
    for stage in sorted(set(old) | set(new)):
        a, b = flat(old.get(stage, ())), flat(new.get(stage, ()))
        if a != b:
            n = sum(x != y for x, y in zip(a, b)) + abs(len(a) - len(b))
            most = max((abs(x - y) for x, y in zip(a, b)), default=0.0)
            changed_stages.append(f"stage {stage}: {n} values, by up to {most:.4f}")
    return "; ".join(changed_stages)


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    if args.check and args.positions is not None:
        parser().error("--check fits each table by the command its file names: no --positions")
    try:
        return run(args, lambda line: print(line, file=sys.stderr, flush=True))
    except ValueError as error:
        parser().error(str(error))


if __name__ == "__main__":
    sys.exit(main())
