"""Another project's Schnapsen players in our arena: Hard measured from outside.

The open Schnapsen project cpatrasciuc/schnapsen-card-game (BSD licence) has a Monte-Carlo
tree search player written in Cython (``CythonMctsPlayer``, its app's default opponent)
and a rule-based player after a published strategy guide (``HeuristicPlayer``). The
lab measures Hard against both. Their code is not part of this repository and nothing of the
game or its tests needs it: fetch the files ``THEIR_FILES`` names at the commits given (the
set README's figures were measured with), build their Cython player, and give this module
the folder that holds their ``ai`` and ``model`` packages:

    python -m bummerl_lab.external files          # the files, their commits and URLs
    python -m bummerl_lab.external build SRC      # compile their Cython player in SRC
    python -m bummerl_lab.external check SRC [--positions N] [--seed S]
    python -m bummerl_lab.external arena SRC A B --bummerls N --seed S [--progress]
    python -m bummerl_lab.external choices SRC --hands N --seed S --opponent ext-mcts ...
    python -m bummerl_lab.external variant SRC --set NAME=VALUE -- hard ext-mcts --bummerls N ...

``arena`` is ``python -m bummerl arena``, ``choices`` is ``python -m bummerl_lab.choices``
(changes to Hard screened decision by decision) and ``variant`` is ``python -m
bummerl_lab.variant`` (the arena with Hard changed), each with two more bots: ``ext-mcts`` (their
``CythonMctsPlayer`` with the app's budget, ``APP_MCTS``) and ``ext-heuristic``. Only the
Soft preset: their engine plays one set of rules, Soft's (``check_rules``). ``build``
needs ``Cython==0.29.37`` and ``setuptools==69.2.0`` (their pins) and a C++ compiler.
``check`` compares, on random positions of our engine, the legal actions and the unseen
cards their engine derives from the converted view with ours, and has their validator
check each converted view completed with the true hidden cards.

A view becomes their ``GameState`` as that seat would see it in their engine: the
opponent's unknown cards and the face-down talon are ``None``; a card the opponent led
stays in its hand until the trick is over (their engine's way); after a close, the unseen
cards the opponent has shown it lacks lie known in the talon (our view's
``opponent_lacks``: both players get the same facts). Their "announce the marriage and
lead the king or queen" is one action, ours two (``marry S``, then the card): the bot
answers ``marry S`` and plays the remembered card at its next decision. Their engine offers
only the marriage when the seat on lead holds the pair and leads the king or queen; ours
also lets it lead either card without declaring: that only narrows their choice.

Their code draws from Python's ``random`` and C's ``rand()``; both are seeded from the
arena's rng of the seat before every decision, so a run is reproducible from its seed.
Errors their Cython code raises inside ``nogil`` sections do not propagate (Cython reports
them as unraisable and goes on): a decision during which any was reported fails, as does
an action our engine does not allow.
"""

import argparse
import contextlib
import ctypes
import importlib
import io
import os
import random
import sys
import types

from bummerl.cards import CARD_CODES, codes
from bummerl.hand import deal
from bummerl.rules import BOARD_START, SOFT, Rules

REPO = "cpatrasciuc/schnapsen-card-game"
# The files measured, each at its commit, under their repository's ``src/``. The set is
# anchored on commit 1862e4c (the MCTS player that values the Bummerl score); the others are
# the versions that fit it. Their ``ai/mcts_algorithm.py`` (the pure-Python search, which
# the Cython player never calls) is not among them: ``load`` puts a stand-in in its place.
THEIR_FILES = (
    ("LICENSE", "20b9d6340259d1274e0c98d3333a636bbe1e23d3"),
    ("src/ai/cython_mcts_player/player.pyx", "1862e4c7c8ab1431f84c27c1bce3cbc0a6ee020d"),
    ("src/ai/cython_mcts_player/mcts.pyx", "1862e4c7c8ab1431f84c27c1bce3cbc0a6ee020d"),
    ("src/ai/cython_mcts_player/mcts.pxd", "1862e4c7c8ab1431f84c27c1bce3cbc0a6ee020d"),
    ("src/ai/cython_mcts_player/player.pxd", "2562acbebb6e4dd5b9dee00a1ddce196ae0c80f5"),
    ("src/ai/cython_mcts_player/game_state.pyx", "95d25758622318dfb32a7f1934795642158a8e49"),
    ("src/ai/cython_mcts_player/game_state.pxd", "95d25758622318dfb32a7f1934795642158a8e49"),
    ("src/ai/cython_mcts_player/player_action.pyx", "95d25758622318dfb32a7f1934795642158a8e49"),
    ("src/ai/cython_mcts_player/player_action.pxd", "95d25758622318dfb32a7f1934795642158a8e49"),
    ("src/ai/cython_mcts_player/card.pxd", "95d25758622318dfb32a7f1934795642158a8e49"),
    ("src/ai/cython_mcts_player/card.pyx", "d49e9d9d62a13ed4104f92ae9c99bea52e862e5b"),
    ("src/ai/mcts_player.py", "1862e4c7c8ab1431f84c27c1bce3cbc0a6ee020d"),
    ("src/ai/mcts_player_options.py", "1862e4c7c8ab1431f84c27c1bce3cbc0a6ee020d"),
    ("src/ai/player.py", "1862e4c7c8ab1431f84c27c1bce3cbc0a6ee020d"),
    ("src/ai/heuristic_player.py", "1862e4c7c8ab1431f84c27c1bce3cbc0a6ee020d"),
    ("src/ai/merge_scoring_infos_func.py", "3ad0300f64198e552c09053832612cdb86965f85"),
    ("src/ai/permutations.py", "2c852221ae6ab78ac65604f31916e84326e792b9"),
    ("src/ai/utils.py", "20e27aed4ccea7a1917f7409b8a35690cc02f52d"),
    ("src/model/game_state.py", "01cfeeb27fc70d33f816858b2b4fb858e79a3324"),
    ("src/model/player_action.py", "01cfeeb27fc70d33f816858b2b4fb858e79a3324"),
    ("src/model/game_state_validation.py", "01cfeeb27fc70d33f816858b2b4fb858e79a3324"),
    ("src/model/card.py", "05cbebdf36fc4195c5a48cd444a47be83b080e02"),
    ("src/model/suit.py", "6c80a8ae04c1b5cf78ac5ecd2d6523735aaa4d81"),
    ("src/model/card_value.py", "369c4d1527c555b68dd4f0a834e36e4edb30edbc"),
    ("src/model/player_id.py", "d2f4591113810a35426ed856c930f032a3436951"),
    ("src/model/player_pair.py", "5a18abaea0094e0dff58ac0a28b94ac0c6859729"),
)
# Packages without an ``__init__.py`` in that set: ``build`` adds empty ones, so that
# Cython finds the ``.pxd`` files.
PACKAGES = ("ai", "model", "ai/cython_mcts_player")
CYTHON_MODULES = ("card", "game_state", "player_action", "mcts", "player")
# Their setup's compiler directives. ``-Dmemcpy=memmove``: their player_action.pyx shifts a
# hand and the talon in place with memcpy over overlapping memory, which GCC 12 at -O3
# miscompiles (a hand loses a card, the search divides by zero); memmove is what the code
# means.
DIRECTIVES = {"embedsignature": True, "language_level": 3, "always_allow_keywords": False,
              "cdivision": True, "nonecheck": False, "boundscheck": False, "wraparound": False}
COMPILE_ARGS = ("-O3", "-Dmemcpy=memmove")
# The app's opponent before its version 1.0 (``MctsPlayerOptions(max_iterations=667,
# max_permutations=150, num_processes=1)``; their evaluations use the same budget), the
# other options at the defaults of the files above: about 100,000 iterations a decision.
APP_MCTS = {"max_iterations": 667, "max_permutations": 150, "num_processes": 1}
# Their engine's rules, as our options: Soft's.
THEIR_RULES = {"exchange_with_two_left": True, "trick_before_exchange": False,
               "close_with_two_left": True, "trick_before_marriage": False,
               "marriage_leads_king": False, "claim": "auto",
               "closing_counts_later_tricks": False}


class ExternalError(Exception):
    """Their player did something our arena cannot take, or their engine failed."""


def check_rules(rules: Rules) -> None:
    """Raise unless ``rules`` are the rules their engine plays."""
    differ = {name: getattr(rules, name) for name, value in THEIR_RULES.items()
              if getattr(rules, name) != value}
    if differ:
        raise ExternalError(f"their engine plays Soft's rules only; these options differ: {differ}")


def _stand_in_search() -> types.ModuleType:
    """``ai.mcts_algorithm`` for their ``mcts_player`` to import: only their pure-Python
    player calls it, and then it raises."""
    module = types.ModuleType("ai.mcts_algorithm")

    def missing(*args, **kwargs):
        raise ExternalError("their pure-Python MCTS (ai/mcts_algorithm.py) is not in the "
                            "measured set; use the Cython player")

    module.Mcts = module.ucb_for_player = missing
    return module


class Theirs:
    """Their modules, loaded from ``src``, and the conversions between the two engines."""

    def __init__(self, src: str):
        if not os.path.isdir(os.path.join(src, "ai", "cython_mcts_player")):
            raise ExternalError(f"{src}: no ai/cython_mcts_player here (give their src folder)")
        if src not in sys.path:
            sys.path.insert(0, src)
        if not os.path.exists(os.path.join(src, "ai", "mcts_algorithm.py")):
            sys.modules.setdefault("ai.mcts_algorithm", _stand_in_search())
        try:
            player = importlib.import_module("ai.cython_mcts_player.player")
        except ImportError as error:
            raise ExternalError(f"their Cython player is not built in {src} ({error}): run "
                                f"python -m bummerl_lab.external build {src}") from None
        self.CythonMctsPlayer = player.CythonMctsPlayer
        self.HeuristicPlayer = importlib.import_module("ai.heuristic_player").HeuristicPlayer
        self.MctsPlayerOptions = importlib.import_module("ai.mcts_player_options").MctsPlayerOptions
        self.unseen_cards = importlib.import_module("ai.utils").get_unseen_cards
        self.validate = importlib.import_module("model.game_state_validation").validate
        model = {name: importlib.import_module(f"model.{name}") for name in (
            "card", "card_value", "game_state", "player_action", "player_id", "player_pair", "suit")}
        self.Card = model["card"].Card
        self.GameState = model["game_state"].GameState
        self.Pair = model["player_pair"].PlayerPair
        actions = model["player_action"]
        self.available_actions = actions.get_available_actions
        self.PlayCard, self.Marriage = actions.PlayCardAction, actions.AnnounceMarriageAction
        self.Exchange, self.Close = actions.ExchangeTrumpCardAction, actions.CloseTheTalonAction
        ids = model["player_id"].PlayerId
        self.ids = (ids.ONE, ids.TWO)  # our seat -> their player
        suit, value = model["suit"].Suit, model["card_value"].CardValue
        self.suits = {"H": suit.HEARTS, "D": suit.DIAMONDS, "C": suit.CLUBS, "S": suit.SPADES}
        self.ranks = {"A": value.ACE, "T": value.TEN, "K": value.KING, "Q": value.QUEEN,
                      "J": value.JACK}
        self._suit_letter = {v: k for k, v in self.suits.items()}
        self._rank_letter = {v: k for k, v in self.ranks.items()}
        self._libc = ctypes.CDLL(None)
        self._libc.srand.argtypes = [ctypes.c_uint]

    def card(self, code: str, public: bool = False):
        """Their card for our card code (``"KH"``)."""
        card = self.Card(self.suits[code[1]], self.ranks[code[0]])
        card.public = public
        return card

    def code(self, card) -> str:
        return self._rank_letter[card.card_value] + self._suit_letter[card.suit]

    def game_state(self, view):
        """Their ``GameState`` as the seat of ``view`` sees it (see the module)."""
        if view.married is not None:
            raise ExternalError("a view right after the seat's own marriage has no "
                                "counterpart in their engine (declare and lead are one action)")
        me, opponent = view.seat, 1 - view.seat
        mine = {suit for seat, suit in view.marriages if seat == me}
        hands = [None, None]
        hands[me] = [self.card(c, public=c[0] in "KQ" and c[1] in mine) for c in view.hand]
        shown = [self.card(c, public=True) for c in view.opponent_known]
        held = view.opponent_hand_size
        if view.trick is not None and view.trick[0] == opponent:
            shown.append(self.card(view.trick[1], public=True))  # still in its hand there
            held += 1
        hands[opponent] = shown + [None] * (held - len(shown))
        face_down = max(view.talon_size - 1, 0)
        talon = [None] * face_down
        if view.closed_by is not None:
            lacked = view.opponent_lacks
            if len(lacked) > face_down:
                raise ExternalError(f"the opponent lacks {lacked}, more than the talon's {face_down} cards")
            talon[:len(lacked)] = [self.card(c) for c in lacked]
        won = self.Pair([], [])
        for trick in view.trick_history:
            cards = [None, None]
            cards[trick.leader] = self.card(trick.lead, public=True)
            cards[1 - trick.leader] = self.card(trick.follow, public=True)
            won[self.ids[trick.winner]].append(self.Pair(*cards))
        current = self.Pair(None, None)
        if view.trick is not None:
            current[self.ids[view.trick[0]]] = self.card(view.trick[1], public=True)
        state = self.GameState(
            cards_in_hand=self.Pair(*hands), trump=self.suits[view.trump],
            trump_card=self.card(view.trump_card, public=True) if view.talon_size else None,
            talon=talon, next_player=self.ids[view.to_act], won_tricks=won,
            trick_points=self.Pair(*view.scores), current_trick=current)
        # Set after construction: their __post_init__ reads the marriages' cards from both
        # hands, where the opponent's unknown cards are None (the cards are marked above).
        marriages = self.Pair([], [])
        for seat, suit in view.marriages:
            marriages[self.ids[seat]].append(self.suits[suit])
        state.marriage_suits = marriages
        if view.closed_by is not None:
            state.player_that_closed_the_talon = self.ids[view.closed_by]
            state.opponent_points_when_talon_was_closed = view.at_close.score
        return state

    def action(self, action) -> str:
        """Our action for theirs (a marriage: ``marry S``, the card led next)."""
        if isinstance(action, self.PlayCard):
            return "play " + self.code(action.card)
        if isinstance(action, self.Marriage):
            return "marry " + self._suit_letter[action.card.suit]
        if isinstance(action, self.Exchange):
            return "exchange"
        if isinstance(action, self.Close):
            return "close"
        raise ExternalError(f"an action our engine does not know: {action!r}")

    def legal(self, view) -> set:
        """Their engine's legal actions in the converted view, as ours."""
        return {self.action(a) for a in self.available_actions(self.game_state(view))}

    def seed(self, rng: random.Random) -> None:
        """Seed the random streams their code draws from (Python's and C's)."""
        random.seed(rng.getrandbits(64))
        self._libc.srand(rng.getrandbits(32))

    def board(self, view):
        """Their Bummerl score (game points won so far, per player), or None."""
        if view.board is None:
            return None
        return self.Pair(BOARD_START - view.board[0], BOARD_START - view.board[1])


class Bot:
    """One of their players as an arena bot: ``bot(view, rng, time_limit) -> action``
    (the time limit is ignored: their budget counts iterations)."""

    def __init__(self, theirs: Theirs, name: str, make_player, passes_board: bool):
        self.theirs, self.name = theirs, name
        self.make_player, self.passes_board = make_player, passes_board
        self.leads = {}  # (seat, suit, hand, tricks played) -> the card to lead after a marriage

    def __call__(self, view, rng, time_limit=None) -> str:
        check_rules(view.rules)
        if view.married is not None:
            return self._marriage_lead(view)
        theirs = self.theirs
        state = theirs.game_state(view)
        player = self.make_player(theirs.ids[view.seat])
        theirs.seed(rng)
        reported = []
        previous = sys.unraisablehook
        sys.unraisablehook = reported.append
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # their debug prints
                args = (state, theirs.board(view)) if self.passes_board else (state,)
                chosen = player.request_next_action(*args)
        finally:
            sys.unraisablehook = previous
        if reported:
            first = reported[0]
            raise ExternalError(f"{self.name}: their engine reported {len(reported)} error(s), the "
                                f"first {first.exc_type.__name__}: {first.exc_value}")
        action = theirs.action(chosen)
        if action not in view.legal:
            raise ExternalError(f"{self.name} chose {action!r}, not legal here (legal: "
                                f"{', '.join(view.legal)}; hand {' '.join(view.hand)})")
        if isinstance(chosen, theirs.Marriage):
            self.leads[self._key(view, action[-1])] = theirs.code(chosen.card)
        return action

    @staticmethod
    def _key(view, suit: str) -> tuple:
        return view.seat, suit, view.hand_mask, len(view.trick_history)

    def _marriage_lead(self, view) -> str:
        card = self.leads.pop(self._key(view, view.married), None)
        if card is None:
            raise ExternalError(f"{self.name}: seat {view.seat} declared {view.married} "
                                "without a card to lead")
        action = "play " + card
        if action not in view.legal:
            raise ExternalError(f"{self.name}: the marriage lead {action!r} is not legal here")
        return action


def bots(theirs: Theirs, **mcts) -> dict:
    """{name: arena bot}: ``ext-mcts`` (``APP_MCTS`` updated by ``mcts``) and ``ext-heuristic``."""
    options = {**APP_MCTS, **mcts}
    return {
        "ext-mcts": Bot(theirs, "ext-mcts", lambda player: theirs.CythonMctsPlayer(
            player, False, theirs.MctsPlayerOptions(**options)), passes_board=True),
        "ext-heuristic": Bot(theirs, "ext-heuristic", theirs.HeuristicPlayer, passes_board=False),
    }


def random_position(rng: random.Random, rules: Rules):
    """A hand dealt and played at random for 0 to 25 actions."""
    hand = deal(rules, dealer=rng.randrange(2), rng=rng)
    for _ in range(rng.randrange(26)):
        if hand.over:
            break
        hand = hand.apply(rng.choice(hand.legal()))
    return hand


def completed(theirs: Theirs, hand, view):
    """The converted view with the true hidden cards put in (for their validator)."""
    state = theirs.game_state(view)
    opponent = state.cards_in_hand[theirs.ids[1 - view.seat]]
    shown = {theirs.code(c) for c in opponent if c is not None}
    rest = iter(sorted(set(codes(hand.hands[1 - view.seat])) - shown))
    opponent[:] = [c if c is not None else theirs.card(next(rest)) for c in opponent]
    placed = {theirs.code(c) for c in state.talon if c is not None}
    talon = iter(CARD_CODES[c] for c in hand.talon[hand.drawn:9] if CARD_CODES[c] not in placed)
    state.talon[:] = [c if c is not None else theirs.card(next(talon)) for c in state.talon]
    return state


def check(theirs: Theirs, positions: int, seed: int) -> dict:
    """On ``positions`` random Soft positions (the seat to act, not right after its own
    marriage): where the legal actions, the unseen cards or their validator disagree."""
    rng = random.Random(seed)
    found = {"positions": 0, "legal differ": [], "unseen differ": [], "invalid": [],
             "plain king or queen lead (ours only)": 0}
    while found["positions"] < positions:
        hand = random_position(rng, SOFT)
        if hand.over:
            continue
        view = hand.view(hand.to_act)
        if view.married is not None:
            continue
        found["positions"] += 1
        ours = set(view.legal)
        pairs = {a[-1] for a in ours if a.startswith("marry")}
        plain = {a for a in ours if a.startswith("play") and a[-2] in "KQ" and a[-1] in pairs}
        found["plain king or queen lead (ours only)"] += bool(plain)
        theirs_legal = theirs.legal(view)
        if ours - plain != theirs_legal:
            found["legal differ"].append((view.hand, sorted(ours - plain), sorted(theirs_legal)))
        lacked = set(view.opponent_lacks) if view.closed_by is not None else set()
        unseen = {theirs.code(c) for c in theirs.unseen_cards(theirs.game_state(view))}
        if unseen != set(codes(view.unseen_mask)) - lacked:
            found["unseen differ"].append((view.hand, sorted(unseen)))
        try:
            theirs.validate(completed(theirs, hand, view))
        except Exception as error:  # their validator raises its own assertion types
            found["invalid"].append((view.hand, f"{type(error).__name__}: {error}"))
    return found


def build(src: str) -> None:
    """Compile their Cython player in ``src`` (C++, their directives, ``COMPILE_ARGS``)."""
    from Cython.Build import cythonize
    from setuptools import Extension, setup

    for package in PACKAGES:
        init = os.path.join(src, package, "__init__.py")
        if not os.path.exists(init):
            open(init, "w", encoding="utf-8").close()
    here = os.getcwd()
    os.chdir(src)
    try:
        modules = [Extension(f"ai.cython_mcts_player.{name}",
                             [os.path.join("ai", "cython_mcts_player", f"{name}.pyx")],
                             language="c++", extra_compile_args=list(COMPILE_ARGS))
                   for name in CYTHON_MODULES]
        setup(name="their_mcts_player", script_args=["build_ext", "--inplace"],
              ext_modules=cythonize(modules, include_path=["."], compiler_directives=DIRECTIVES))
    finally:
        os.chdir(here)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bummerl_lab.external",
                                     description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("files", help="the files measured, their commits and URLs")
    commands.add_parser("build", help="compile their Cython player").add_argument("src")
    checking = commands.add_parser("check", help="compare the engines on random positions")
    checking.add_argument("src")
    checking.add_argument("--positions", type=int, default=500)
    checking.add_argument("--seed", type=int, default=1)
    # the commands that pass the rest of their arguments on, with their bots seated
    passing = {"arena": "python -m bummerl arena", "choices": "python -m bummerl_lab.choices",
               "variant": "python -m bummerl_lab.variant"}
    for name, command in passing.items():
        commands.add_parser(name, help=f"{command}, their bots seated").add_argument("src")
    args, rest = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    if rest and args.command not in passing:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "files":
        for path, commit in THEIR_FILES:
            print(f"{path} {commit} https://raw.githubusercontent.com/{REPO}/{commit}/{path}")
        return 0
    if args.command == "build":
        build(args.src)
        return 0
    try:
        theirs = Theirs(args.src)
    except ExternalError as error:
        parser.error(str(error))
    if args.command == "check":
        found = check(theirs, args.positions, args.seed)
        for name, value in found.items():
            print(f"{name}: {value if isinstance(value, int) else len(value)}")
            for item in ([] if isinstance(value, int) else value[:10]):
                print("   ", item)
        return 1 if any(found[k] for k in ("legal differ", "unseen differ", "invalid")) else 0
    from . import arena, choices, variant

    arena.PLAYERS.update(bots(theirs))  # choices and variant seat the arena's players
    return {"arena": arena.main, "choices": choices.main, "variant": variant.main}[args.command](rest)


if __name__ == "__main__":
    sys.exit(main())
