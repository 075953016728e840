"""The match's room: your moves, the bot's paced moves and the Hint (both run by `app`,
which waits and thinks in slices; what they change and show is decided here), the next
hand. It stays behind the record rooms: leaving one comes back here.

While the page waits for you (your turn, or the hand over), it reviews your decisions in
the hand in play (`review_ahead`, in slices run by `app`): *Review this hand* then takes
over what is done, and on a slow phone the review is there soon after the hand."""
from __future__ import annotations

from bummerl import IllegalAction

from .. import render, review_view
from ..effects import FIRST_CARD, RENDER, Announce, Focus, RunBot, ShowHint, Status, ThinkHint
from ..settings import BOT
from . import Room, moves

# Notices that say what just happened: gone with your next action.
TRANSIENT = ("other_tab", "set_aside_corrupt", "set_aside_foreign", "set_aside_future",
             "set_aside_exported", "stats_set_aside", "reviews_set_aside")


def _position(session) -> tuple:
    match = session.match
    return match.seed, match.hands_dealt, len(session.hand.history)


class PlayRoom(Room):
    MODE = "play"

    def __init__(self, table, offer_levels: bool = False):
        super().__init__(table)
        self.busy = False  # the bot is moving: your controls wait
        self.generation = 0  # bumped to cancel a running bot sequence
        self.recent = []  # the events on show (since your last action)
        self.held = frozenset()  # your cards when last noted
        self.arrived = frozenset()  # of those, the ones dealt or drawn since your last action
        self.offer_levels = offer_levels  # a first visit chooses its opponent (until its first move)
        self.hinting = False  # the Hint is being thought
        self.ahead = None  # the review of your decisions in the hand in play (`review_ahead`)
        self.ahead_actions = None  # the hand and the actions it was made for

    @property
    def session(self):
        return self.table.session

    # ---------------------------------------------------------------- what is shown
    def screen(self):
        s, settings, busy = self.session, self.settings, self.busy
        view = s.view
        bummerl = s.bummerl_end()
        return self._screen(
            regions={
                "hand": render.hand_html(view, settings, busy, self.arrived),
                "actions": (render.actions_html(view, settings, busy, s.match.over, bummerl is not None)
                            + (render.take_back_button(settings) if self.can_take_back else "")
                            + (review_view.review_button(settings) if view.outcome else "")),
                "opponent": render.opponent_html(view, settings, open_cards=s.hand.view(BOT).hand
                                                 if s.open_hand else None),
                "talon": render.talon_html(view, settings, self.recent),
                "trick": (render.summary_html(view, settings, s.bot_cards(), bummerl, s.practice)
                          or (render.level_choice_html(settings) if self.offer_levels and not view.trick else "")
                          or render.trick_html(view, settings, self.recent)),
                "board": render.board_html(view, s.match, settings, bummerl["final"] if bummerl else None),
                "mypile": render.my_pile_html(view, settings),
            },
            status=self.status(), notice=self.table.notice(),
            turn="over" if s.hand.over else ("you" if s.human_to_move else "bot"),
            state=s.summary(), ready=not (busy or s.bot_to_move))

    def status(self, recent=None) -> str:
        s = self.session
        return render.status_text(s.view, s.settings, self.recent if recent is None else recent,
                                  self.busy, log=s.log, match_over=s.match.over)

    def note_hand(self) -> None:
        """Note which of your cards just arrived (dealt or drawn since your last action),
        after every change, so that the screen only reads it."""
        if self.table.room is not self:
            return
        hand = frozenset(self.session.view.hand)
        self.arrived = (self.arrived | (hand - self.held)) & hand
        self.held = hand

    def boot(self) -> list:
        return [RunBot()] if self.bot_to_move else []

    # ---------------------------------------------------------------- your moves
    def act(self, action: str) -> list:
        s = self.session
        if self.busy or not s.human_to_move:
            return []
        s.notices = [n for n in s.notices if n not in TRANSIENT]
        s.link_notices = []
        self.arrived = frozenset()
        self.offer_levels = False
        try:
            events = s.act(action)
        except IllegalAction:
            return [Announce(self.words("illegal_action"))]
        self.recent = events
        return self.announce_events(events) + [RunBot() if s.bot_to_move else RENDER]

    def play(self, card: str) -> list:
        view = self.session.view
        if card not in view.hand:
            return []
        if card not in view.playable or self.busy:  # a hatched card says why it waits
            return [Announce(render.card_label(view, self.settings, self.busy, card))]
        return self.act(f"play {card}")

    def why(self, why: str) -> list:
        """A card you may not play has the focus: the turn prompt says why."""
        if not why or self.busy or not self.session.human_to_move:
            return []
        return [Status(self.status([]) + " — " + why)]

    def announce_events(self, events: list) -> list:
        words = " ".join(filter(None, (render.message(self.settings, kind, params) for kind, params in events)))
        return [Announce(words)] if words else []

    # ---------------------------------------------------------------- take back
    @property
    def can_take_back(self) -> bool:
        """The Take back button is there: the option is on, you have a move in the hand
        in play (the bot may be answering it) or in the practice hand just over, and the
        table is no embedded one (its host follows the moves)."""
        return not self.table.embed and self.table.room is self and self.session.can_take_back

    def take_back(self) -> list:
        """Undo your last move and the bot's reply (a bot still thinking stops): the
        position before your move, your turn again. At a practice hand's end its result
        goes from the match and its count from the statistics (`stats.Keeper.uncount`):
        played on, it is counted once."""
        if not self.can_take_back:
            return [Announce(self.words("take_back_none"))]
        self.cancel_bot()
        s = self.session
        over, hand = s.hand.over, (s.match.seed, s.match.hands_dealt)
        s.take_back()
        if over:
            self.table.stats.uncount(hand)
        self.recent = []
        self.arrived = frozenset()
        return [RENDER, Announce(self.words("taken_back_end" if over else "taken_back")), Focus(FIRST_CARD)]

    # ---------------------------------------------------------------- the bot (run by app)
    @property
    def bot_to_move(self) -> bool:
        return self.session.bot_to_move and self.table.room is self

    def cancel_bot(self) -> None:
        self.generation += 1  # a running bot sequence stops
        self.busy = False

    def begin_bot(self) -> int:
        """The bot starts moving: your controls wait. Returns the sequence's generation
        (it goes on while ``generation`` is unchanged)."""
        self.busy = True
        return self.generation

    def bot_moved(self, action) -> list:
        events = self.session.bot_step(action)
        self.recent = self.recent + events
        self.busy = self.session.bot_to_move  # one render per move: the last one frees the table
        self.note_hand()
        return self.announce_events(events) + [RENDER]

    def end_bot(self, generation: int) -> list:
        if generation == self.generation and self.busy:
            self.busy = False
            return [RENDER]
        return []

    def bot_due(self, generation: int) -> list:
        """The time another tab had to play the bot's move has passed: that tab was closed,
        so this one plays it (unless anything happened meanwhile)."""
        if generation == self.generation and self.bot_to_move and not self.busy:
            return [RunBot()]
        return []

    # ---------------------------------------------------------------- the Hint (thought by app)
    def hint(self) -> list:
        s = self.session
        if self.busy or not s.human_to_move or not s.settings["hints"] or self.table.room is not self:
            return []
        return [ThinkHint()]

    def hint_thinking(self):
        """Hard's search for your move and the position it is for, or None."""
        thinking = self.session.hint_thinking() if self.hint() else None
        self.hinting = thinking is not None
        return None if thinking is None else (thinking, (self.generation, *_position(self.session)))

    def hint_found(self, position: tuple, action, close_odds: tuple | None = None, rival: tuple | None = None,
                   *, seen=None) -> list:
        """Show the Hint for ``action`` (with the search's ``close_odds`` and ``rival``,
        ``Thinking.rival``, and what it saw, ``Thinking.seen``), unless the position moved
        on while Hard thought."""
        self.hinting = False
        if position != (self.generation, *_position(self.session)):
            return []
        text = render.hint_text(self.settings, self.session.hint(action, close_odds, rival, seen=seen))
        if action.card:
            target = f'#hand [data-card="{action.card}"]'
        else:
            extra = f'[data-suit="{action.suit}"]' if action.suit else ""
            target = f'#actions [data-action="{action.kind}"]{extra}'
        return [ShowHint(text, target), Announce(text)]

    # ---------------------------------------------------------------- hands
    def next_hand(self) -> list:
        s = self.session
        if not s.hand.over:
            return []
        s.notices = [n for n in s.notices if n not in (*TRANSIENT, "rules_pending")]
        s.next_hand()
        self.recent = []
        return self.after_deal()

    def after_deal(self, note: str = "") -> list:
        """Show the hand now in play, say the deal (after ``note``), let the bot lead."""
        s = self.session
        said = " ".join(filter(None, (note, render.deal_text(s.view, s.match, s.settings))))
        return [RENDER, Announce(said)] + ([RunBot()] if s.bot_to_move else [])

    def review(self) -> list:
        """Review your decisions in the hand just finished: the hand is shown as a replay
        at its end, so that each reviewed decision can be looked at. What was reviewed
        while you played is taken over (`review_ahead`)."""
        s = self.session
        if not s.hand.over or not self.table.open_replay(s.hand.to_record()):
            return []
        shown = self.table.replay
        shown.go(shown.length)
        ahead, self.ahead, self.ahead_actions = self.ahead, None, None  # the review's own from here
        return self.table.review(shown, board=s.played_to, ahead=ahead)

    # ---------------------------------------------------------------- the review ahead (run by app)
    def review_ahead(self, seconds: float) -> bool:
        """Review your decisions in the hand in play for about ``seconds``, while the page
        waits for you: your turn (nothing thinking) or the hand over, this room on show.
        The review follows the hand as it is played (and taken back): each action
        continues it (`bummerl.review.Reviewer.continued`), with the settings and board
        *Review this hand* uses, so it comes out as that review would. False when there
        is nothing to do now: the bot or the Hint thinking, another room on show, an
        embedded table (its host page's tables need not review), or every decision so
        far reviewed."""
        from .reviewing import reviewer_of

        if not self.may_review_ahead():
            return False
        s = self.session
        actions = [str(action) for action in s.hand.history]
        key = (s.match.seed, s.match.hands_dealt, actions)
        if key != self.ahead_actions:
            record, board = s.hand.to_record(), s.played_to
            self.ahead = reviewer_of(record, board) if self.ahead is None else self.ahead.continued(record, board)
            self.ahead_actions = key
        if self.ahead.done:
            return False
        return not self.ahead.step(seconds)

    def may_review_ahead(self) -> bool:
        """Whether the page waits for you with a hand to review ahead (`review_ahead`)."""
        s, table = self.session, self.table
        return not (table.embed or table.room is not self or self.busy or self.hinting or s.bot_to_move
                    or not s.hand.history)

    def ahead_progress(self) -> str:
        """How far the review ahead is: "done", or "reviewed/decisions" so far ("" with none)."""
        ahead = self.ahead
        if ahead is None:
            return ""
        return "done" if ahead.done else "{}/{}".format(*ahead.progress)

    ACTIONS = {
        **moves(act, play),
        "why": lambda room, why: room.why(why),
        "hint": hint,
        "next-hand": next_hand,
        "review": review,
        "take-back": take_back,
    }

