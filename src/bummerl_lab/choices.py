"""Changes to Hard compared decision by decision, with duplicate play-outs.

``python -m bummerl_lab.choices --hands N --seed S [--rules soft|sharp] [--opponent NAME]
[--rollouts R] [--rule NAME=MARGIN ...] [--set NAME=VALUE ...] [--leaf FILE]
[--pairs FILE] [--lies FILE] [--change NAME "NAME=VALUE ..."] [--estimate NAME "leaf=F pairs=G lies=H"]
[--player NAME ...] [--log FILE] [--progress]``, for example
``python -m bummerl_lab.choices --hands 500 --seed 61 --set close_doubt=0.45``, and
``python -m bummerl_lab.choices --read LOG ...``: each change's gain in a run's log by the kind
of decision (``kind_table``), and for a run of rules the tie table (``tie_table``)

A whole arena run plays every decision changed, so a change that alters one decision in
twenty is measured through the noise of every deal. Here Hard plays the hands as merged,
and at each of its decisions the changed Hards choose too, from the same view and the
same random state. Where they disagree, each distinct choice is played on from the real
position, the true cards, to the end of the hand, ``R`` times, Hard as merged against the
opponent with the same seeds for every choice (duplicate play-outs). A change's gain at a
decision is its choice's mean result less the merged choice's; summed over a hand it is a
first-order measure of what the change is worth (each change judged one decision at a
time, the rest of the hand played as merged). The deals are a Bummerl's hands in order
(the match board in the view, as in the arena), Hard in seat 0 in even Bummerl and seat 1
in odd ones.

The changes: with ``--rule`` (or, with no other change, a built-in set of rules) ways of
choosing from the one search (``Search.choice``: the tie-breaker's action within
``MARGIN`` of the best, wherever something is hidden);
with ``--set`` (a field of ``hard.HardConfig``, ``bummerl_lab.variant.read_setting``) and
``--leaf``, ``--pairs`` and ``--lies`` (the estimate's weights, suit pairs and suit lies,
each a ``weights.py``, ``pairs.py`` or ``lies.py`` as ``python -m bummerl_lab.fit --out
DIR`` writes it; ``none`` for the pairs or the lies: without them;
``bummerl_lab.variant.estimate_tables``) one changed Hard, searched on its own,
and with each ``--change`` one more (its settings separated by spaces), and with each
``--estimate`` one more whose estimate is read from the files named (as ``--leaf``,
``--pairs`` and ``--lies`` read them), so that one run judges several fits. Each changed
Hard is ``hard.choose`` with its own ``HardConfig`` (an estimate read from files: its
``tables``).
``--player`` asks where another player (an arena bot: the other project's tree search, a
frozen Hard) would decide better than Hard in Hard's seat: its choice from the same view
is played out like a change's. ``--log`` writes
each decision where they differ as a line of JSON (the view's stage, trump suit, Hard's
cards, the scores and the card led, each choice and its play-outs' results; with rules
also the best action, the tie-breaker's and the lead of the one over the other in the
search's units), so that a log can be split by any kind of decision afterwards.

The report gives, per change, the decisions where it differs from the merged Hard and its
gain per hand, in game points and in Bummerl (what the result is worth for the Bummerl
from the board, ``hard.BummerlValue``), each with a standard error over the hands.
"""

import argparse
import json
import random
import sys

from bummerl.bots import hard
from bummerl.bots.solver import outcome_value
from bummerl.cards import Action, action_str, parse_action
from bummerl.hand import Hand
from bummerl.match import Match
from bummerl.rules import PRESETS

from .arena import PLAYERS, _mean_se
from .variant import config_of, estimate_arguments, estimate_tables, read_setting, read_settings

MERGED = "merged"
# name -> margin: the merged Hard first (the reference), then the rules compared with it.
RULES = {
    MERGED: None,  # Hard as merged: ``Search.best``
    "search": 1e-9,  # the best mean, always
    "yardstick": 99.0,  # the tie-breaker's choice, always (where something is hidden)
    "m0.05": 0.05,
    "m0.1": 0.1,
    "m0.2": 0.2,
}


def parse_rule(text: str) -> tuple[str, float]:
    """``"wide=0.2"`` -> ``("wide", 0.2)``."""
    name, _, number = text.partition("=")
    try:
        return name, float(number)
    except ValueError:
        raise ValueError(f"--rule {text!r}: write NAME=MARGIN, e.g. wide=0.2") from None


def by_rules(rules: dict):
    """Choices of every rule (name -> margin, None: ``best``) from one search of the view,
    and what the rules read: {"top": the best mean's action, "fallback": the
    tie-breaker's, "lead": the best mean less the tie-breaker's} (empty where the two
    are the same or nothing is hidden)."""
    def choose(view, rng, hand=None):
        search = hard.Search(view, rng)
        search.step()
        choices = {name: search.best() if search.exact or margin is None else search.choice(margin)
                   for name, margin in rules.items()}
        return choices, tie_facts(search)
    return choose


def forked(state) -> random.Random:
    """A random source in ``state`` (``Random.getstate()``): each chooser of a decision
    draws what the merged Hard drew."""
    same = random.Random()
    same.setstate(state)
    return same


def tie_facts(search) -> dict:
    """What a rule reads of a decision where the best mean and the tie-breaker's differ."""
    means, fallback = search.current_means(), search.fallback
    if means is None or search.exact or fallback not in means:
        return {}
    top = max(search.legal, key=means.__getitem__)
    if top == fallback:
        return {}
    return {"top": action_str(top), "fallback": action_str(fallback), "lead": means[top] - means[fallback]}


def choices_under(view, rng, changes: dict) -> dict:
    """{name: action}: the merged Hard's choice (``MERGED``) and Hard's by each of
    ``changes`` (name -> ``HardConfig``), each from its own search with the same random
    state."""
    state = rng.getstate()
    choices = {MERGED: hard.choose(view, rng)}
    for name, config in changes.items():
        choices[name] = hard.choose(view, forked(state), config=config)
    return choices


def by_settings(changes: dict):
    """The merged Hard's choice and each changed one's (name -> ``HardConfig``), each from
    its own search with the same random state."""
    def choose(view, rng, hand=None):
        return choices_under(view, rng, changes), {}
    return choose


def by_players(players: list):
    """The merged Hard's choice and each arena player's (``PLAYERS``) from the same view,
    each with the random state the merged Hard started from. The lead after a marriage
    the merged Hard declared is part of that declaration (a player that declares and
    leads in one action, as the other project's do, is not asked it): every player plays
    the merged Hard's. A player's own declaration is played out as the declaration, the
    merged Hard then choosing the lead."""
    def choose(view, rng, hand=None):
        state = rng.getstate()
        merged = hard.choose(view, rng)
        if view.married is not None:
            return {MERGED: merged, **dict.fromkeys(players, merged)}, {}
        # an arena player answers an action's text
        return {MERGED: merged, **{name: parse_action(PLAYERS[name](view, forked(state), None))
                                   for name in players}}, {}
    return choose


def play_out(hand, action: int, board, seat: int, opponent: str, seed: int) -> int:
    """``seat`` plays ``action`` in ``hand`` and the hand is played to its end, Hard in
    ``seat`` and ``opponent`` in the other, with random sources seeded from ``seed``."""
    rngs = {seat: random.Random(seed), 1 - seat: random.Random(seed + 1)}
    hand = hand.apply(action)
    while not hand.over:
        to_act = hand.to_act
        view = hand.view(to_act, board)
        if to_act == seat:
            hand = hand.apply(hard.choose(view, rngs[to_act]))
        else:
            hand = hand.apply(PLAYERS[opponent](view, rngs[to_act], None))
    return outcome_value(hand.outcome, seat)


def play_outs(hand, actions, board, seat: int, opponent: str, seed: int, rollouts: int) -> dict:
    """{action: [game points for ``seat`` of each play-out after it]}, the same ``rollouts``
    seeds for every action (duplicate play-outs)."""
    return {action: [play_out(hand, action, board, seat, opponent, seed + r) for r in range(rollouts)]
            for action in actions}


def deals(hands: int, seed: int, rules):
    """The lab's deals: (index, match with the hand dealt, Hard's seat, {seat: random
    source}) for ``hands`` hands, a Bummerl's hands in order (the match board in the
    view, as in the arena), Hard in seat 0 in even Bummerl and seat 1 in odd ones. The
    caller plays each hand to its end before asking for the next. A new match starts
    when Hard's action ended a Bummerl; one that the opponent's action ended goes on in
    the same match, on a fresh board, Hard in the same seat (as the lab has always dealt,
    so that the figures in docs/arena/history.md stay reproducible)."""
    played = bummerl = 0
    while played < hands:
        match = Match.new(rules, seed=seed * 1_000_003 + bummerl)
        seat = bummerl % 2
        bummerl += 1
        while played < hands:
            match.deal_next()
            yield played, match, seat, {seat: random.Random(seed * 7 + played),
                                        1 - seat: random.Random(seed * 11 + played)}
            played += 1
            if "bummerl" in match.results[-1] and last_actor(match.hand) == seat:
                break


def last_actor(hand) -> int:
    """The seat that took the last action of ``hand``."""
    return trajectory(hand)[-2].to_act


def trajectory(hand) -> list:
    """The hand's states replayed from its deal, before each action of ``hand.history``
    and after the last."""
    (h0, h1), trump_card, talon = hand.initial
    state = Hand(hand.rules, hand.dealer, [h0, h1], trump_card, talon)
    states = [state]
    for action in hand.history:
        state = state.copy()
        state.step(action.code)
        states.append(state)
    return states


def decisions_of(match, seat: int, opponent: str, rngs: dict):
    """Hard's views in the hand in play, the opponent's actions played in between; the
    caller plays Hard's action for each view before asking for the next."""
    while not match.hand.over:
        to_act = match.hand.to_act
        view = match.view(to_act)
        if to_act == seat:
            yield view
        else:
            match.play(PLAYERS[opponent](view, rngs[to_act], None))


def play_out_seed(seed: int, played: int, step: int) -> int:
    """The play-outs' seed at Hard's ``step``-th decision of hand ``played``."""
    return (seed * 1_000_003 + played) * 1_009 + step * 31


def run(hands: int, seed: int, rules, opponent: str, rollouts: int, chooser, names: list,
        progress=None, log=None) -> dict:
    """``chooser(view, rng, hand)`` (``hand``: the real position, for an oracle) gives
    ({name: action} for ``names``, the merged Hard's first;
    facts about the decision); each decision where they differ is written to ``log`` (a
    text file) as a line of JSON, with its play-outs' results."""
    gains = {name: [] for name in names}  # per hand: game points gained over the reference
    worth_gains = {name: [] for name in names}  # the same in Bummerl
    differ = {name: 0 for name in names}
    decisions = 0
    for played, match, seat, rngs in deals(hands, seed, rules):
        board = tuple(match.board)
        worth = hard.BummerlValue(board, seat, rules).value
        hand_gain = {name: 0.0 for name in names}
        hand_worth = {name: 0.0 for name in names}
        for step, view in enumerate(decisions_of(match, seat, opponent, rngs), 1):
            decisions += 1
            choices, facts = chooser(view, rngs[seat], match.hand)
            reference = choices[names[0]]
            if len(set(choices.values())) > 1:
                results = play_outs(match.hand, set(choices.values()), board, seat, opponent,
                                    play_out_seed(seed, played, step), rollouts)
                outcomes = {action: (sum(r) / rollouts, sum(worth(x) for x in r) / rollouts)
                            for action, r in results.items()}
                if log:
                    log.write(json.dumps({
                        "hand": played, "step": step, "drawn": view.drawn, "phase2": view.phase2,
                        "following": view.trick is not None, "closed": view.closed_by,
                        "seat": seat, "board": board, "legal": len(view.legal), **facts,
                        "trump": view.trump, "cards": list(view.hand), "scores": list(view.scores),
                        "led": view.trick[1] if view.trick else None,
                        "choices": {name: action_str(a) for name, a in choices.items()},
                        "results": {action_str(a): r for a, r in results.items()},
                        "worth": {action_str(a): o[1] for a, o in outcomes.items()},
                    }) + "\n")
                    log.flush()
                for name, action in choices.items():
                    if action != reference:
                        differ[name] += 1
                        hand_gain[name] += outcomes[action][0] - outcomes[reference][0]
                        hand_worth[name] += outcomes[action][1] - outcomes[reference][1]
            match.play(Action.of(reference))
        for name in names:
            gains[name].append(hand_gain[name])
            worth_gains[name].append(hand_worth[name])
        if progress:
            progress(played + 1, hands, gains)
    report = {"hands": hands, "decisions": decisions, "rules": {}}
    for name in names:
        gain, gain_se = _mean_se(gains[name])
        value, value_se = _mean_se(worth_gains[name])
        report["rules"][name] = {
            "differs": differ[name],
            "game_points_per_hand": gain, "game_points_se": gain_se,
            "bummerl_per_hand": value, "bummerl_se": value_se,
        }
    return report


def print_report(report: dict) -> None:
    print(f"{report['hands']} hands, {report['decisions']} decisions of Hard; gain per hand over "
          f"{next(iter(report['rules']))} (+- standard error over hands)")
    print(f"{'change':<10} {'differs':>8} {'game points':>16} {'Bummerl':>16}")
    for name, r in report["rules"].items():
        print(f"{name:<10} {r['differs']:>8} "
              f"{r['game_points_per_hand']:>+9.3f} ± {r['game_points_se']:.3f} "
              f"{r['bummerl_per_hand']:>+9.4f} ± {r['bummerl_se']:.4f}")


# The bins of ``tie_table``: the best mean's lead over the tie-breaker's, in the search's units.
LEAD_BINS = (0.02, 0.05, 0.1, 0.2, 0.4)


def played_gain(results: dict, action: str, reference: str) -> float:
    """From a logged decision's play-outs ({action: [game points, ...]}), the mean result
    of ``action`` less that of ``reference``."""
    mean = {a: sum(results[a]) / len(results[a]) for a in (action, reference)}
    return mean[action] - mean[reference]


def tie_table(lines: list) -> list:
    """From logged decisions (``--log`` with rules), where the best mean and the
    tie-breaker's choice differ and both were played out: rows of (group, decisions, mean
    game points of the best's play-out less the tie-breaker's, its standard error), by the
    best's lead, then within ``hard.TIE_MARGIN`` where Hard asks the tie-breaker
    (``hard.asks_tie_breaker``: "early") and where it does not ("late")."""
    groups = {}
    for line in lines:
        results = line.get("results", {})
        if "top" not in line or line["top"] not in results or line["fallback"] not in results:
            continue
        gain = played_gain(results, line["top"], line["fallback"])
        lead = line["lead"]
        above = next((f"lead <= {bound}" for bound in LEAD_BINS if lead <= bound), f"lead > {LEAD_BINS[-1]}")
        groups.setdefault(above, []).append(gain)
        if lead <= hard.TIE_MARGIN:
            closed = line["closed"] is not None
            exact = line["phase2"] and not closed  # the talon exhausted
            early = hard.asks_tie_breaker(exact, closed, line["drawn"])
            groups.setdefault("within the margin, early" if early else "within the margin, late", []).append(gain)
    order = [f"lead <= {bound}" for bound in LEAD_BINS] + [f"lead > {LEAD_BINS[-1]}",
             "within the margin, early", "within the margin, late"]
    return [(name, len(groups[name]), *_mean_se(groups[name])) for name in order if name in groups]


# The kinds of decision ``kind_table`` splits a log by, in the order it reports them.
KINDS = ("closing or not", "phase-1 lead, 0-2 drawn", "phase-1 follow, 0-2 drawn",
         "phase-1 lead, 4-8 drawn", "phase-1 follow, 4-8 drawn", "after a close", "phase 2")


def decision_kind(line: dict) -> str:
    """The kind of a logged decision (one of ``KINDS``): where one of the choices is to
    close, whether to close; else by the state of the talon, and in phase 1 by stage and
    whether Hard leads or follows."""
    if "close" in line["choices"].values():
        return KINDS[0]
    if line["closed"] is not None:
        return KINDS[5]
    if line["phase2"]:
        return KINDS[6]
    early = line["drawn"] <= 2
    if line["following"]:
        return KINDS[2] if early else KINDS[4]
    return KINDS[1] if early else KINDS[3]


def kind_table(lines: list) -> list:
    """From logged decisions (``--log``), each change's gain where it differs from the
    merged Hard, split by ``decision_kind``: rows of (change, kind, decisions, mean game
    points of its choice's play-outs less the merged choice's, standard error), the kinds
    in the order of ``KINDS``, then every kind together ("all")."""
    gains = {}
    for line in lines:
        choices, results = line["choices"], line["results"]
        merged = choices[MERGED]
        kind = decision_kind(line)
        for name, action in choices.items():
            if action != merged:
                gain = played_gain(results, action, merged)
                gains.setdefault(name, {}).setdefault(kind, []).append(gain)
                gains[name].setdefault("all", []).append(gain)
    return [(name, kind, len(by_kind[kind]), *_mean_se(by_kind[kind]))
            for name, by_kind in gains.items() for kind in (*KINDS, "all") if kind in by_kind]


def read_files(text: str) -> dict:
    """``"leaf=F pairs=G"`` -> ``{"leaf": "F", "pairs": "G"}``: the files of an estimate
    (``variant.estimate_tables``'s arguments: leaf, pairs, lies)."""
    files = {}
    for part in text.split():
        kind, _, path = part.partition("=")
        if kind not in ("leaf", "pairs", "lies") or not path:
            raise ValueError(f"{part!r}: an estimate's files are leaf=FILE, pairs=FILE and lies=FILE")
        files[kind] = path
    if not files:
        raise ValueError("an estimate names its files: leaf=FILE, pairs=FILE or lies=FILE")
    return files


def print_progress(played: int, hands: int, gains: dict) -> None:
    """Every tenth hand, each change's gain per hand so far (``run``'s progress)."""
    if played % 10 == 0 or played == hands:
        shown = " ".join(f"{name} {sum(g) / played:+.3f}" for name, g in gains.items())
        print(f"[{played}/{hands}] {shown}", file=sys.stderr, flush=True)


def play_arguments(parser, opponent: str) -> None:
    """The arguments of a lab run that plays Hard's hands: --hands, --seed, --rules,
    --opponent (default ``opponent``), --rollouts."""
    parser.add_argument("--hands", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", choices=sorted(PRESETS), default="soft")
    parser.add_argument("--opponent", default=opponent, choices=sorted(PLAYERS))
    parser.add_argument("--rollouts", type=int, default=2)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--read"]:  # python -m bummerl_lab.choices --read LOG ...: the tables of a log
        lines = [json.loads(line) for path in argv[1:] for line in open(path, encoding="utf-8")]
        print(f"{'change':<10} {'decisions where it differs':<28} {'count':>6}  game points each")
        for name, kind, count, mean, se in kind_table(lines):
            print(f"{name:<10} {kind:<28} {count:>6}  {mean:+.3f} ± {se:.3f}")
        ties = tie_table(lines)
        if ties:  # a log of rules
            print(f"\n{'decisions where the best and the tie-breaker differ':<52} {'count':>6}  best less tie-breaker")
            for name, count, mean, se in ties:
                print(f"{name:<52} {count:>6}  {mean:+.3f} ± {se:.3f}")
        return 0
    parser = argparse.ArgumentParser(prog="python -m bummerl_lab.choices", description=__doc__.split("\n\n")[0])
    play_arguments(parser, "hard-v1")
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=MARGIN",
                        help="rules to compare, the first the reference (default: the merged one and a set of others)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a field of bummerl.bots.hard.HardConfig, for the changed Hard: --set close_doubt=0.45")
    parser.add_argument("--change", nargs=2, action="append", default=[], metavar=("NAME", "SETTINGS"),
                        help='one more changed Hard: --change late "tie_until=10 tie_margin=0.05"')
    estimate_arguments(parser)  # the changed Hard's estimate
    parser.add_argument("--estimate", nargs=2, action="append", default=[], metavar=("NAME", "FILES"),
                        help='one more changed Hard with an estimate read from files: --estimate j "leaf=F pairs=G"')
    parser.add_argument("--player", action="append", default=[], choices=sorted(PLAYERS),
                        help="another player's choice in Hard's seat, against the merged Hard")
    parser.add_argument("--progress", action="store_true")
    parser.add_argument("--log", metavar="FILE", help="each decision where the changes differ, as JSON lines")
    args = parser.parse_args(argv)
    try:
        changes = {}
        settings = {}
        for assignment in args.set:
            settings.update(read_setting(assignment))
        tables = estimate_tables(args.leaf, args.pairs, args.lies)
        if tables is not None:
            settings["tables"] = tables
        if settings:
            changes["changed"] = config_of(settings)
        for name, text in args.change:
            changes[name] = config_of(read_settings(text))
        for name, text in args.estimate:
            changes[name] = config_of({"tables": estimate_tables(**read_files(text))})
        rules = {MERGED: None, **dict(parse_rule(text) for text in args.rule)}
    except (ValueError, OSError, SyntaxError, TypeError) as error:
        parser.error(str(error))
    if args.player and (changes or args.rule):
        parser.error("--player compares other players with the merged Hard: leave out the other changes")
    if args.player:
        chooser, names = by_players(args.player), [MERGED, *args.player]
    elif changes:
        chooser, names = by_settings(changes), [MERGED, *changes]
    else:
        rules = rules if args.rule else RULES
        chooser, names = by_rules(rules), list(rules)

    log = open(args.log, "w", encoding="utf-8") if args.log else None
    report = run(args.hands, args.seed, PRESETS[args.rules], args.opponent, args.rollouts,
                 chooser, names, print_progress if args.progress else None, log)
    print_report(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
