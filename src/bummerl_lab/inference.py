"""How much inference about the opponent's cards could bring: worlds weighed by a model
policy over the opponent's every action, replayed from the deal.

``python -m bummerl_lab.inference --hands N --seed S [--rules soft|sharp] [--opponent NAME]
[--model NAME] [--miss P] [--candidates K] [--where close|all] [--log FILE] [--progress]``
judges, decision by decision as ``bummerl_lab.choices`` does (duplicate play-outs from the
true position), Hard whose worlds are drawn by that weight (``inferred``) against Hard as
merged; ``--forecast`` instead scores, at each decision where Hard may close, how well
uniform and weighed worlds forecast whether closing wins (Brier score against the true
hand, every lead searched exactly after the close in each world, 150 worlds each).

The weight of a world is what policy inference (Rebstock et al. 2019) gives it: how
likely the opponent's every action of the hand so far was, had the world been the deal,
under a model of its play (``--model``, a bot of the arena; each action the model would
not have taken costs a factor ``--miss``). To replay the hand in a world, the opponent's
hand at each of its past decisions is needed: the world gives its cards now, and which of
them it drew after each trick is guessed backwards, uniformly among the cards it then
held (a guess that breaks the hand's history, a card exchanged or declared before it was
drawn, weighs 0). Every guess has the same chance (the opponent always held five cards to
draw among), so the weights are unbiased for the deal's likelihood. Hard's own cards come
from the real deal: Hard knows what it was dealt and drew, though its ``View`` does not
keep it, which is why this is a lab tool over the real ``Hand`` and not a change to Hard.

With the arena's yardstick as the opponent and as the model, the model is exact: the
weights are the best that any inference from the opponent's actions could do against it.
"""

import argparse
import random
import sys

from bummerl.bots import hard
from bummerl.bots.solver import action_values
from bummerl.bots.world import WorldBuilder, resample
from bummerl.cards import ALL_CARDS, BIT, CLOSE, EXCHANGE, JACK, Action, cards_of
from bummerl.hand import Hand
from bummerl.match import Match
from bummerl.rules import PRESETS

from .arena import PLAYERS
from .choices import MERGED, choices_under, play_arguments, print_progress, print_report, run, trajectory

MODEL_RNG = random.Random(0)  # a model bot's random source (the rule-based ones use none)


def guess_deal(states, hand, seat: int, opponent_now: int, talon_rest, rng) -> Hand | None:
    """A deal of the real hand ``hand`` (``states``: its ``trajectory``) in which the
    opponent of ``seat`` holds ``opponent_now`` now and the undrawn talon is ``talon_rest``
    (a world's): ``seat``'s cards and draws as they were, the opponent's draws guessed
    backwards, each uniformly among the cards it held after the draw. None when the guess
    breaks the history (the deal would not give back these cards)."""
    opponent = 1 - seat
    (h0, h1), trump_card, talon = hand.initial
    talon = list(talon)
    held = opponent_now
    for index in range(len(hand.history) - 1, -1, -1):
        before, after = states[index], states[index + 1]
        if after.drawn > before.drawn:  # the trick ended in phase 1: both seats drew
            drawn = before.drawn
            if drawn == 8 and after.last_trick[3] != opponent:
                card = before.trump_card  # it drew the face-up card, which both saw
                if not held & BIT[card]:
                    return None
            else:
                card = rng.choice(cards_of(held))
                talon[drawn if after.last_trick[3] == opponent else drawn + 1] = card
            held &= ~BIT[card]
        if before.to_act == opponent:
            action = hand.history[index].code
            if action < 20:
                held |= BIT[action]
            elif action == EXCHANGE:  # it took the face-up card for the trump jack
                if not held & BIT[before.trump_card]:
                    return None
                held = held & ~BIT[before.trump_card] | BIT[5 * before.trump + JACK]
    talon[hand.drawn:] = talon_rest
    hands = [h0, h1]
    hands[opponent] = held
    dealt = hands[0] | hands[1] | BIT[trump_card]
    for card in talon:
        dealt |= BIT[card]
    if dealt != ALL_CARDS or bin(held).count("1") != 5 or len(talon) != 9:
        return None
    return Hand(hand.rules, hand.dealer, hands, trump_card, talon)


def likelihood(deal: Hand, history, seat: int, board, model: str, miss: float) -> float:
    """How likely the opponent of ``seat`` took its actions of ``history`` in ``deal``:
    ``miss`` for each one ``model`` would not have taken; 0 when the history is not
    legal there."""
    opponent = 1 - seat
    state, weight = deal, 1.0
    for action in history:
        code = action.code
        if state.to_act == opponent and Action.parse(PLAYERS[model](state.view(opponent, board), MODEL_RNG, None)).code != code:
            weight *= miss
        if state.why_illegal(code) is not None:
            return 0.0
        state = state.copy()
        state.step(code)
    return weight


def inferring(hand, model: str, miss: float, where: str):
    """A ``WorldBuilder`` whose ``sample_weighted`` draws worlds by their ``likelihood``
    (systematic resampling of ``candidates`` uniform guesses per world), at the decisions
    of ``where`` ("close": where closing is legal, "all": wherever the talon is open)."""
    states = trajectory(hand)

    class Inferring(WorldBuilder):
        def weigh(self, world, talon_rest, rng) -> float:
            deal = guess_deal(states, hand, self.seat, world.hands[1 - self.seat], talon_rest, rng)
            return 0.0 if deal is None else likelihood(deal, hand.history, self.seat, self.view.board, model, miss)

        def sample_weighted(self, rng, count, candidates):
            view = self.view
            if view.drawn >= 10 or view.closed_by is not None or (where == "close" and "close" not in view.legal):
                return [(self.sample(rng), 1) for _ in range(count)]
            pool, weights = [], []
            for _ in range(count * candidates):
                hidden, talon_rest = self.sample_hidden(rng)
                world = self.world(hidden, talon_rest)
                pool.append(world)
                weights.append(self.weigh(world, talon_rest, rng))
            return resample(pool, weights, count, rng)

    return Inferring


def by_inference(model: str, miss: float, candidates: int, where: str):
    """The merged Hard's choice and that of Hard whose worlds are inferred, from the same
    random state (a chooser for ``choices.run``)."""
    def choose(view, rng, hand):
        inferred = {"WorldBuilder": inferring(hand, model, miss, where), "CANDIDATES": candidates}
        return choices_under(view, rng, {"inferred": inferred}), {}
    return choose


def close_wins(world: Hand, seat: int) -> bool:
    """Whether closing now wins the hand for ``seat`` in ``world``, played with every
    card in sight."""
    closed = world.copy()
    closed.step(CLOSE)
    return max(action_values(closed, seat).values()) > 0


def forecast(hands: int, seed: int, rules, opponent: str, model: str, miss: float, worlds: int = 150) -> dict:
    """At each of Hard's decisions where it may close (Hard in seat 0 against
    ``opponent``; Hard's own choices played), the chance that closing wins by uniform
    worlds and by weighed ones, scored against the truth: {"decisions", "uniform",
    "inferred" (Brier scores), "effective" (mean effective sample size of the weights),
    "worlds"}."""
    rng = random.Random(seed)
    scores = {"uniform": 0.0, "inferred": 0.0}
    effective = decisions = 0
    for game in range(hands):
        match = Match.new(rules, seed=seed * 1_000_003 + game)
        match.deal_next()
        while not match.hand.over:
            seat = match.hand.to_act
            view = match.view(seat)
            if seat == 1:
                match.play(PLAYERS[opponent](view, rng, None))
                continue
            if "close" in view.legal and view.drawn:
                builder = inferring(match.hand, model, miss, "all")(view)
                wins, weights = [], []
                for _ in range(worlds):
                    hidden, talon_rest = builder.sample_hidden(rng)
                    world = builder.world(hidden, talon_rest)
                    wins.append(close_wins(world, 0))
                    weights.append(builder.weigh(world, talon_rest, rng))
                truth = close_wins(match.hand, 0)
                uniform = sum(wins) / worlds
                total = sum(weights)
                inferred = sum(w for w, won in zip(weights, wins) if won) / total if total else uniform
                scores["uniform"] += (truth - uniform) ** 2
                scores["inferred"] += (truth - inferred) ** 2
                effective += total ** 2 / sum(w * w for w in weights) if total else 0
                decisions += 1
            match.play(Action.of(hard.choose(view, rng)))
    return {"decisions": decisions, **{k: v / max(decisions, 1) for k, v in scores.items()},
            "effective": effective / max(decisions, 1), "worlds": worlds}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bummerl_lab.inference", description=__doc__.split("\n\n")[0])
    play_arguments(parser, "heuristic")
    parser.add_argument("--model", default="heuristic", choices=["heuristic", "medium", "easy", "heuristic-v1"],
                        help="the model of the opponent's play (a rule-based bot)")
    parser.add_argument("--miss", type=float, default=0.02,
                        help="the weight factor of an action the model would not have taken")
    parser.add_argument("--candidates", type=int, default=16, help="uniform guesses per world drawn")
    parser.add_argument("--where", choices=["close", "all"], default="close")
    parser.add_argument("--forecast", action="store_true", help="score the forecast of a close instead")
    parser.add_argument("--log", metavar="FILE")
    parser.add_argument("--progress", action="store_true")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if not 0 <= args.miss <= 1:
        parser.error(f"--miss {args.miss}: a weight factor from 0 to 1")
    if args.candidates < 1:
        parser.error(f"--candidates {args.candidates}: at least 1")
    rules = PRESETS[args.rules]
    if args.forecast:
        r = forecast(args.hands, args.seed, rules, args.opponent, args.model, args.miss)
        print(f"{r['decisions']} decisions where Hard may close; Brier score of 'closing wins': "
              f"uniform worlds {r['uniform']:.4f}, inferred {r['inferred']:.4f} "
              f"(mean effective sample {r['effective']:.1f} of {r['worlds']})")
        return 0

    log = open(args.log, "w", encoding="utf-8") if args.log else None
    report = run(args.hands, args.seed, rules, args.opponent, args.rollouts,
                 by_inference(args.model, args.miss, args.candidates, args.where), [MERGED, "inferred"],
                 print_progress if args.progress else None, log)
    print_report(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
