"""The record rooms' common part (`RecordRoom`: a recorded hand on show, left for the
match, its positions copied as puzzles, its review thought in slices) and the replay
(`ReplayRoom`): a recorded hand stepped through with its controls and keys."""
from __future__ import annotations

from .. import render, replay, review_view
from ..effects import FIRST_CARD, RENDER, Announce, Consumed, Copy, Focus
from ..settings import BOT, HUMAN
from . import Room



def puzzle_problem(shown: replay.Replay, at: int) -> str | None:
    """Why position ``at`` of ``shown`` cannot be a puzzle (None: it can): it must be a
    decision of yours with a choice (the end of an unfinished record, a position set up
    with the deal editor, is one too: no move of the game is there to compare)."""
    if at > shown.length or at == shown.length and shown.final.over:
        return f"puzzle: position {at} is the end of the record ({shown.length} actions); shown as a replay"
    hand = shown.hands[at]
    if hand.to_act != HUMAN:
        return f"puzzle: position {at} is the bot's decision, not yours; shown as a replay"
    if len(hand.legal()) < 2:
        return f"puzzle: position {at} leaves no choice; shown as a replay"
    return None


class RecordRoom(Room):
    """A room that shows a record (``replay``, a `replay.Replay`)."""
    running = False  # the reviewer is thinking (app runs the slices)

    def __init__(self, table, shown: replay.Replay):
        super().__init__(table)
        self.replay = shown

    @property
    def drawn_with(self) -> dict:
        """The settings a record is drawn with."""
        return replay.table_settings(self.settings)

    def record_hand(self):
        return self.replay.final

    def said_position(self) -> list:
        return [Announce(replay.status_text(self.replay, self.drawn_with))]

    def leave(self) -> list:
        """Back to the match."""
        play = self.table.play
        self.table.enter(play)
        return play.after_deal()

    def copy_puzzle(self, step) -> list:
        """A row of the review as a link that asks its position as a puzzle."""

        if not str(step).isdigit() or puzzle_problem(self.replay, int(step)):
            return []
        from ..links import make_link

        return [Copy(make_link(record=self.replay.record, at=int(step), puzzle=True,
                               lang=self.settings["lang"], deck=self.settings["deck"]))]

    def review_slice(self, reviewer, seconds: float) -> list:
        """Think about the review for about ``seconds``; `thought` once it is done (a
        room that thinks says what then), else `thinking` (what ``progress`` it had before)."""
        if reviewer is not self.reviewer or not self.running:
            return []
        before = reviewer.progress
        if reviewer.step(seconds):
            self.running = False
            return self.thought()
        return self.thinking(before)

    def thinking(self, before) -> list:
        return [Consumed()]

    ACTIONS = {
        "replay-leave": leave,
        "copy-puzzle": lambda room, step: room.copy_puzzle(step),
    }


class ReplayRoom(RecordRoom):
    MODE = "replay"

    def __init__(self, table, shown: replay.Replay, review_asked: bool = False, back=None):
        super().__init__(table, shown)
        self.review_asked = review_asked  # a link asked for the record's review
        self.back = back  # the room its way back returns to (a puzzle of the collection), else the match

    def leave(self) -> list:
        """Back to the room it was opened from (a puzzle), else to the match."""
        if self.back is None:
            return super().leave()
        self.table.enter(self.back)
        return self.back.returned()

    def boot(self) -> list:
        return self.start_review() if self.review_asked else []

    def screen(self):
        shown, settings = self.replay, self.drawn_with
        view = shown.hand.view(HUMAN)
        table = self.table
        return self._screen(
            regions={
                "opponent": replay.seat_html(shown, settings, BOT),
                "hand": replay.cards_html(shown, settings, HUMAN),
                "actions": replay.controls_html(shown, settings, "leave" if self.back is None else "puzzle_back")
                + self.review_control(),
                "talon": render.talon_html(view, settings),
                "trick": render.trick_html(view, settings),
                "board": replay.info_html(shown, settings),
                "mypile": render.my_pile_html(view, settings),
            },
            status=replay.status_text(shown, settings), help=self.words("replay_keys"),
            notice=table.notice(), notice_shown=bool(table.replay_error or table.session.link_notices),
            opponent=self.words("cards_of", who=render.t(settings, "bot")),
            turn="replay", state=shown.summary(), **self.review_parts())

    def review_control(self) -> str:
        """The Review button under a finished hand."""
        return review_view.review_button(self.drawn_with) if self.replay.final.over else ""

    def review_parts(self) -> dict:
        return {}

    def go_to(self, command: str) -> list:
        """A replay control or key: go there and say what happened there."""
        step = replay.target_step(self.replay, command)
        if step is None:
            return []
        if not self.replay.go(step):
            return [Consumed()]  # a replay key all the same: the browser's default is kept off
        return [RENDER] + self.said_position()

    def key(self, key: str) -> list:
        return self.go_to(key) if key in replay.SHORTCUT_KEYS else []

    def play_on(self) -> list:
        """Play the match on from the position shown (it becomes the saved game)."""
        if self.replay.hand.over:
            return []
        play = self.table.play
        self.table.session.play_on(self.replay.hand)
        self.table.enter(play)
        play.recent = []
        return play.after_deal() + [Focus(FIRST_CARD)]

    def start_review(self) -> list:
        """Review your decisions in the recorded hand (once it is over)."""
        return self.table.review(self.replay)

    ACTIONS = {
        **RecordRoom.ACTIONS,
        "replay-leave": leave,
        **{command: lambda room, command=command: room.go_to(command)
           for command in ("replay-back", "replay-forward", "replay-previous-trick", "replay-next-trick")},
        "key": lambda room, key: room.key(key),
        "replay-play-on": play_on,
        "review": start_review,
    }
