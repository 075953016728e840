"""The game as the page plays it: one match between you (seat 0) and the bot (seat 1).

Pure Python (runs in CPython for the tests): it asks the engine every rule question,
narrates what happened as message keys (see i18n), and saves through `storage`.
"""
from __future__ import annotations

import random

from bummerl import IllegalAction, Match, Rules

from . import storage as store
from .settings import BOT, HINT_SECONDS, HUMAN, SEATS, THINK_SECONDS, clean_settings, default_settings, updated

LOG_SIZE = 8


def narrate(engine_events: list, seat: int) -> list:
    """What just happened, as [kind, params] pairs (params hold codes and seats, not words:
    ``render.message`` chooses the words), from the engine's own account of an action
    (``bummerl.events.describe``). ``who`` is "you" or "bot"."""
    events = []
    for event in engine_events:
        kind = event["event"]
        who = SEATS[event.get("seat", seat)]
        if kind == "play":
            events.append(["play", {"who": who, "card": event["card"]}])
        elif kind == "trick":
            events.append(["take", {"who": SEATS[event["winner"]], "points": event["points"]}])
        elif kind == "exchange":
            events.append(["exchange", {"who": who, "card": event["took"]}])
        elif kind in ("close", "claim"):
            events.append([kind, {"who": who}])
        elif kind == "marriage":
            events.append(["marry", {"who": who, "points": event["points"], "suit": event["suit"]}])
            if event.get("pending"):
                events.append(["marriage_pending", {}])
        elif kind == "talon_exhausted":
            events.append(["talon_exhausted", {}])
        # "draw": shown by the table itself; "hand_over": see scored().
    return events


def scored(result: dict | None) -> list:
    """The narration of a hand's result (``Turn.result``) and of a Bummerl it ended."""
    if not result:
        return []
    events = [["win", {"who": SEATS[result["winner"]], "n": result["game_points"],
                       "reason": result["termination"]}]]
    given = result.get("bummerl")
    if given:
        events.append(["bummerl_end", {"who": SEATS[1 - given["loser"]], "n": given["given"]}])
    return events


class Session:
    def __init__(self, storage: store.Storage, *, lang: str = "en", seed: int | None = None,
                 rules: Rules | None = None, overrides: dict | None = None,
                 link_notices: list | None = None):
        """`seed`, `rules` and `overrides` (lang, deck) come from a link (`links`):
        a seed other than the saved match's starts a new match with it, on `rules`."""
        self.listeners: list = []  # callables (Turn), after each action (e.g. embed.py)
        self.storage = storage
        self.notices: list[str] = []
        self.link_notices = list(link_notices or [])
        self.log: list = []
        self.settings = default_settings(lang)
        self.match: Match | None = None
        self.rev = 0
        # The hand in play (or the one just over) is practice: played with open hand or
        # take back (`mark_practice`); saved with the match, counted apart in the statistics.
        self.practice = False
        self.open_cards = False  # a link asked for both hands face up (as open hand)
        saved, problem = storage.load()  # the strict reader: anything off is set aside
        self.first_visit = saved is None and problem is None and storage.available
        if problem:
            self.notices.append("set_aside_exported" if storage.exported is not None else f"set_aside_{problem}")
        if saved is not None:
            self._adopt(saved, lang)
        if rules is not None and self.match is not None:
            self.match.rules = rules  # from the next hand on
        if self.match is None or seed is not None and seed != self.match.seed:
            self.new_match(seed, rules)
        for name, value in (overrides or {}).items():
            if value is not None:
                self.settings[name] = value
        if not storage.available:
            self.notices.append("cannot_save")

    # ------------------------------------------------------------- persistence
    def _adopt(self, saved: store.Saved, lang: str) -> None:
        self.match = saved.match
        self.settings = clean_settings(saved.settings, lang)
        self.log = saved.log[-LOG_SIZE:]
        self.rev = saved.rev
        self.practice = saved.practice

    def adopt_raw(self, raw: str | None) -> bool:
        """Take over what another tab saved (the storage event). False if unusable."""
        saved, _ = store.read(raw)
        if saved is None:
            return False
        self._adopt(saved, self.settings["lang"])
        self.storage.last_written = raw
        self.notices.append("other_tab")
        return True

    def save(self) -> None:
        self.mark_practice()
        self.rev += 1
        saved = self.storage.save({
            "rev": self.rev,
            "settings": self.settings,
            "match": self.match.to_json(),
            "log": self.log[-LOG_SIZE:],
            "practice": self.practice,
        })
        if not saved and "cannot_save" not in self.notices:
            self.notices.append("cannot_save")

    # ------------------------------------------------------------- the match
    @property
    def hand(self):
        return self.match.hand

    @property
    def view(self):
        """The engine's view of your seat: all the table may show."""
        return self.match.view(HUMAN)

    # ------------------------------------------------------------- practice
    @property
    def open_hand(self) -> bool:
        """The bot plays with its cards face up (the option, or a link's open cards)."""
        return bool(self.settings.get("open_hand")) or self.open_cards

    def mark_practice(self) -> None:
        """A hand in play while open hand or take back is on is a practice hand (to its
        end, whatever the options are then)."""
        if self.match is not None and self.hand is not None and not self.hand.over and (
                self.open_hand or self.settings.get("take_back")):
            self.practice = True

    @property
    def can_take_back(self) -> bool:
        """Take back is on and you have a move to take back: in the hand in play, or in
        the practice hand just over (a hand counted in your record stays as it ended)."""
        return (bool(self.settings.get("take_back")) and (self.practice or not self.hand.over)
                and self.match.can_take_back(HUMAN))

    def take_back(self) -> list:
        """Undo your last move and the bot's reply to it: the position before your move
        in every part (the engine's ``Match.take_back``; at a practice hand's end its
        result is removed from the match too), saved as it stands; the bot then decides
        from there as it would have (its randomness depends on the position only:
        ``_rng``). Returns the actions taken back; raises IllegalAction (nothing
        changes) when take back is off or there is nothing to take back."""
        if not self.settings.get("take_back"):
            raise IllegalAction("take back", "take back is off")
        if self.hand.over and not self.practice:
            raise IllegalAction("take back", "the hand was no practice: it counts in your record")
        undone = self.match.take_back(HUMAN)
        self.practice = True
        self.save()
        return undone

    def _dealt(self) -> None:
        """A new hand is in play: it is practice only if played so (`mark_practice`)."""
        self.practice = False

    def new_match(self, seed: int | None = None, rules: Rules | None = None) -> None:
        if rules is None:
            rules = self.match.rules if self.match is not None else Rules.preset("soft")
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        self.match = Match.new(rules, seed=seed, first_dealer=BOT)
        self.match.deal_next()
        self.log = []
        self._dealt()
        self.save()

    def deal_hand(self, n: int) -> None:
        """Make deal ``n`` of the match's seed the hand in play (a ``hand=`` link), unless
        it already is (then the saved game resumes)."""
        if self.match.hands_dealt == n:
            return
        self.match = Match.at_deal(self.match.rules, self.match.seed, n, first_dealer=BOT)  # as new_match
        self.log = []
        self._dealt()
        self.save()

    def play_on(self, hand) -> None:
        """Continue ``hand`` (a replayed position) as a new match against the bot: you take
        seat 0; the match's later deals come from a fresh seed."""
        self.match = Match.from_hand(hand, seed=random.SystemRandom().randrange(2**31))
        self.log = []
        self._dealt()
        self.save()

    def next_hand(self) -> None:
        if not self.hand.over:
            return
        if self.match.over:
            self.new_match()
            return
        self.match.deal_next()
        self._dealt()
        self.save()

    def set_rules(self, rules: Rules, display: dict) -> None:
        """New rules for the match: they apply from the next deal (the engine keeps the
        hand in play on the rules it was dealt with)."""
        self.match.rules = rules
        self.settings = updated(self.settings, {k: v for k, v in display.items() if k not in ("lang", "deck")})
        self.save()

    def set_setting(self, name: str, value) -> None:
        self.settings[name] = value
        self.save()

    @property
    def played_to(self) -> tuple | None:
        """The match board the hand in play (or just over) is played to; None where the
        results do not lead to today's board (`Match.board_before_last`)."""
        match = self.match
        return match.board_before_last() if self.hand.over else tuple(match.board)

    @property
    def bot_to_move(self) -> bool:
        return not self.hand.over and self.hand.to_act == BOT

    @property
    def human_to_move(self) -> bool:
        return not self.hand.over and self.hand.to_act == HUMAN

    def act(self, action: str) -> list:
        """Your action; returns the events, or raises IllegalAction (nothing changes)."""
        if not self.human_to_move:
            raise IllegalAction(action, "it is not your turn")
        return self._apply(action, HUMAN)

    def _rng(self, purpose: str) -> random.Random:
        """The randomness of a decision: fixed by the match seed, the deal and the move."""
        return random.Random(f"{purpose}{self.match.seed}:{self.match.hands_dealt}:{len(self.hand.history)}")

    def hint_thinking(self):
        """Hard's search for your move (``bummerl.bots.Thinking``; run it in slices), or
        None when no hint is to be given."""
        if not self.human_to_move or not self.settings.get("hints"):
            return None
        from bummerl.bots import Thinking

        return Thinking(self.view, "hard", self._rng("hint:"), HINT_SECONDS)

    def hint(self, action, close_odds: tuple | None = None, rival: tuple | None = None, *, seen=None):
        """The hint for your move ``action`` (what ``hint_thinking`` found, with its
        ``close_odds``, ``rival`` and what it ``seen``): the action and the reason that
        speaks for it (``bummerl.bots.hints.Hint``)."""
        from bummerl.bots.hints import explain_hint

        return explain_hint(self.view, action, close_odds, rival, seen=seen)

    def bot_thinking(self):
        """The bot's decision as a search to run in slices (``bummerl.bots.Thinking``):
        Hard thinks for the ``think`` setting; the other levels are done at once."""
        from bummerl.bots import Thinking

        return Thinking(self.match.view(BOT), self.settings["bot"], self._rng(""),
                        THINK_SECONDS[self.settings["think"]])

    def bot_step(self, action=None) -> list:
        """The bot's move: ``action`` (what ``bot_thinking`` decided), else decided now."""
        if not self.bot_to_move:
            return []
        if action is None:
            thinking = self.bot_thinking()
            thinking.step()
            action = thinking.best()
        return self._apply(action, BOT)

    def _apply(self, action: str, seat: int) -> list:
        self.mark_practice()
        turn = self.match.play(action)
        events = narrate(turn.events, seat) + scored(turn.result)
        self.log = (self.log + events)[-LOG_SIZE:]
        self.save()
        for listener in self.listeners:  # e.g. the embedded table's messages (embed.py)
            listener(turn)
        return events

    def bot_cards(self) -> tuple:
        """The bot's cards once the hand is over (the end-of-hand summary shows them)."""
        return self.hand.view(BOT).hand if self.hand.over else ()

    def bummerl_end(self) -> dict | None:
        """When the hand just over ended a Bummerl: ``loser``, ``given`` (Bummerl), the
        ``final`` board (points still to go per seat, at least 0, before the board was reset to 7)
        and ``schneider`` (the loser won no game point in it)."""
        results = self.match.results
        if not (self.hand.over and results and results[-1].get("bummerl")):
            return None
        bummerl = results[-1]["bummerl"]
        return {**bummerl, "final": bummerl["board"]}

    def summary(self) -> dict:
        """A small JSON summary for tests and tools (body[data-state])."""
        hand, match = self.hand, self.match
        view = hand.view(HUMAN)
        return {
            "hand_no": match.hands_dealt,
            "to_act": None if hand.over else SEATS[hand.to_act],
            "scores": list(view.scores),
            "tricks": list(view.tricks),
            "talon": view.talon_size,
            "trump": view.trump,
            "closed": view.closed_by is not None,
            "board": list(match.board),
            "bummerls": list(match.bummerls),
            "outcome": None if not hand.over else {
                "winner": SEATS[hand.outcome.winner],
                "game_points": hand.outcome.game_points,
                "reason": hand.outcome.reason,
                "termination": hand.outcome.termination.value,
            },
            "rules": match.rules.to_json(),
            "hand_rules": hand.rules.to_json(),
            "history": list(hand.history),
            "seed": match.seed,
            "bot": self.settings["bot"],
            "practice": self.practice,
            "saved": self.storage.available,
        }
