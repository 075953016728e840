"""The puzzle's room: a position asked as a puzzle ("What would you play?").

Two kinds: a position of a record (a ``puzzle=1`` link, a review's row), valued by the
review's own evaluation thought in slices from the moment the puzzle opens, and a puzzle
of the collection (*Puzzles*, ``puzzle=ID``: `bummerl.puzzles.Puzzle`), whose values are
stored: its verdict comes at once. Your answer is judged by the review's judge. A
collection puzzle's first answer counts in your progress (`puzzle_book`); *Next* asks the
next unsolved puzzle of the theme chosen.

`LoadingRoom` waits for the collection (fetched only when Puzzles opens) and says when
it cannot be had.
"""
from __future__ import annotations

from bummerl import Action, IllegalAction, NotationError
from bummerl.review import judge

from .. import render, replay, review_view
from ..effects import FIRST_CARD, RENDER, Announce, Copy, Focus, LoadPuzzles, ThinkReview
from ..settings import BOT, HUMAN
from . import Room, moves
from .replaying import RecordRoom, ReplayRoom

NEXT = '#board [data-action="puzzle-next"]'


def seat_first(puzzle) -> dict:
    """The puzzle's record with the seat to move at seat 0 (the table's "you"): for seat
    1 the hands and the dealer are swapped, which plays the same game."""
    record = {**puzzle.record, "actions": list(puzzle.record["actions"])}
    if puzzle.seat != HUMAN:
        record["hands"] = record["hands"][::-1]
        record["dealer"] = 1 - record["dealer"]
    return record


class PuzzleRoom(RecordRoom):
    MODE = "puzzle"

    def __init__(self, table, shown: replay.Replay, step: int, puzzle=None):
        super().__init__(table, shown)
        shown.go(step)
        self.step = step
        self.puzzle = puzzle  # a puzzle of the collection (its values stored), else None
        self.stored = None if puzzle is None else puzzle.decision()
        if puzzle is None:
            from bummerl.review import Reviewer

            self.reviewer = Reviewer(shown.record, HUMAN, steps={step})
            self.running = True
        self.answer = None  # the action chosen (None: not yet)
        self.counted = False  # the first answer of this opening is in the progress

    @classmethod
    def of(cls, table, puzzle) -> "PuzzleRoom":
        """The room of a puzzle of the collection."""
        return cls(table, replay.Replay(seat_first(puzzle)), puzzle.step, puzzle)

    @property
    def played(self) -> bool:
        """A move of the game follows the position to compare with (not so at the end of a
        set-up deal, nor in a collection's puzzle: its answer is what it asks)."""
        return self.puzzle is None and self.step < self.replay.length

    @property
    def decision(self):
        """The valued position (every legal action), once thought or as stored."""
        if self.stored is not None:
            return self.stored
        decisions = self.reviewer.decisions if self.reviewer.done else ()
        return decisions[0] if decisions else None

    @property
    def embedded_alone(self) -> bool:
        """An embedded page shows its puzzle alone: no themes, no progress, no Next."""
        return self.table.embed

    def boot(self) -> list:
        if self.reviewer is not None:
            return [ThinkReview(), Focus(FIRST_CARD)]  # it thinks while you do
        return [Focus(FIRST_CARD)]

    def opened(self) -> list:
        """What the page does as the puzzle opens."""
        return [RENDER, Announce(self.question_words()), Focus(FIRST_CARD)]

    def returned(self) -> list:
        """Back from the replay of its hand: the question, or the ways on after the verdict."""
        if self.answer is None:
            return [RENDER, Announce(self.status()), Focus(FIRST_CARD)]
        return [RENDER, Announce(self.status()), Focus(self.way_on())]

    def way_on(self) -> str:
        """What has the focus after the verdict: *Next* where there is a next puzzle, else
        *Try again*."""
        if self.puzzle is not None and not self.embedded_alone and self.table.next_puzzle(after=self.puzzle.id):
            return NEXT
        return '#board [data-action="puzzle-again"]'

    def question_words(self) -> str:
        question = self.words("puzzle_question")
        if self.puzzle is None:
            return question
        about = self.words("puzzle_about", difficulty=self.words("difficulty_" + self.puzzle.difficulty),
                           id=self.puzzle.id)
        return f"{about}. {question}"

    def status(self) -> str:
        answer, decision, settings = self.answer, self.decision, self.drawn_with
        if answer is None:
            return self.words("puzzle_question")
        if decision is None:
            return self.words("puzzle_thinking", answer=review_view.action_words(settings, answer))
        if self.puzzle is None:
            return self.verdict()
        # a collection's puzzle: the verdict is in the board; the turn prompt says it short
        said = self.words("puzzle_right" if judge(decision, answer)[1] == "best" else "puzzle_wrong")
        return said if self.embedded_alone else f"{said} {self.table.progress_words()}"

    def verdict(self) -> str:
        """The verdict: solved or not (a collection's puzzle), the answer's worth and why."""
        settings = self.drawn_with
        words = review_view.puzzle_verdict(settings, self.answer, self.decision, self.played)
        if self.puzzle is None:
            return words
        right = judge(self.decision, self.answer)[1] == "best"
        return f'{self.words("puzzle_right" if right else "puzzle_wrong")} {words}'

    def screen(self):
        """The puzzle's position from your seat: the opponent's cards face down, yours to
        choose from until you answer, then the verdict."""
        settings = self.drawn_with
        view = self.replay.hand.view(HUMAN)
        answer, decision = self.answer, self.decision
        answered = answer is not None
        cards = ("".join(render.card_div(c, settings) for c in view.hand) if answered
                 else render.hand_html(view, settings, False))
        mark = None if decision is None or not answered else judge(decision, answer)[1]
        state = {**self.replay.summary(), "hands": [list(view.hand), []],
                 "puzzle": {"step": self.step, "answer": answer, "mark": mark}}
        board = review_view.puzzle_html(settings, view.scores, answer, decision, self.played)
        panel, notice = "", ""
        if self.puzzle is not None:
            puzzle = self.puzzle
            state["puzzle"].update(id=puzzle.id, themes=list(puzzle.themes), difficulty=puzzle.difficulty,
                                   theme=self.table.puzzle_theme)
            about = review_view.puzzle_about(settings, puzzle, answered)
            after = None if self.embedded_alone else self.table.next_puzzle(after=puzzle.id)
            verdict = self.verdict() if answered and decision is not None else None
            board = review_view.collection_puzzle_html(settings, view.scores, about, answer, verdict, mark,
                                                       self.embedded_alone, next_ready=after is not None)
            if not self.embedded_alone:
                panel = self.table.puzzles_panel()
            notice = self.words("puzzles_set_aside") if self.table.puzzle_keeper.set_aside else ""
        return self._screen(
            regions={
                "opponent": render.opponent_html(view, settings, level=False, open_cards=self.replay.hand.view(BOT).hand
                                                 if self.table.open_cards else None),
                "hand": cards,
                "actions": "" if answered else render.actions_html(view, {**settings, "hints": False}, False),
                "talon": render.talon_html(view, settings),
                "trick": render.trick_html(view, settings),
                "board": board,
                "mypile": render.my_pile_html(view, settings),
            },
            status=self.status(), notice=notice, notice_shown=bool(notice), turn="puzzle", state=state,
            review=panel)

    def give(self, action: str) -> list:
        """Your answer (an action of the position), judged once the position is valued."""
        if self.answer is not None:
            return []
        hand = self.replay.hand
        try:
            answer = str(Action.parse(action))
            hand.apply(answer)  # only to check it: the puzzle's position stays
        except (IllegalAction, NotationError):
            view = hand.view(HUMAN)
            card = action.removeprefix("play ")
            if card in view.hand:  # a hatched card says why it waits
                return [Announce(render.card_label(view, self.settings, False, card))]
            return [Announce(self.words("illegal_action"))]
        self.answer = answer
        if self.decision is not None:
            return self.thought()
        return [RENDER, Announce(self.words("puzzle_thinking", answer=review_view.action_words(
            self.settings, answer)))]

    def thought(self) -> list:
        """The verdict, once there is an answer and the position is valued; a collection's
        puzzle counts its first answer of this opening in the progress."""
        if self.answer is None or self.decision is None:
            return [RENDER]
        said = self.verdict()
        if self.puzzle is not None:
            if not self.counted:
                self.counted = True
                self.table.puzzle_keeper.answered(self.puzzle, judge(self.decision, self.answer)[1] == "best")
            if not self.embedded_alone:
                said += " " + self.table.progress_words()
        return [RENDER, Announce(said), Focus(self.way_on())]

    def again(self) -> list:
        if self.answer is None:
            return []
        self.answer = None
        return [RENDER, Announce(self.words("puzzle_question")), Focus(FIRST_CARD)]

    def show(self) -> list:
        """Leave the puzzle for the replay of its hand, at the puzzle's position (a
        collection's puzzle: with the way back to it)."""
        self.table.enter(ReplayRoom(self.table, self.replay, back=self if self.puzzle is not None else None))
        return [RENDER] + self.said_position() + [Focus('#actions [data-action="replay-forward"]')]

    def share_query(self) -> str | None:
        """Share's *Copy link*: a collection's puzzle is linked by its id."""
        if self.puzzle is None:
            return None
        from ..links import make_link

        return make_link(puzzle_id=self.puzzle.id, lang=self.settings["lang"], deck=self.settings["deck"])

    ACTIONS = {
        **RecordRoom.ACTIONS,
        **moves(give, lambda room, card: room.give(f"play {card}")),
        "puzzle-again": again,
        "puzzle-show": show,
        "puzzle-copy-link": lambda room: room.table.copy_link(),
        "puzzle-next": lambda room: room.table.open_next_puzzle(),
        "puzzle-theme": lambda room, theme: room.table.choose_puzzle_theme(theme),
    }


class LoadingRoom(Room):
    """Puzzles while the collection is fetched (only when Puzzles opens), or the reason it
    could not be had (``error``), with *Try again* and the way back to the match."""
    MODE = "puzzles"

    def __init__(self, table):
        super().__init__(table)
        self.error: str | None = None

    def boot(self) -> list:
        return [LoadPuzzles()]

    def screen(self):
        settings = self.settings
        text = self.error or self.words("puzzles_loading")
        busy = "" if self.error else ' aria-busy="true"'
        again = "puzzle_try_again" if self.table.puzzles is None else "puzzles"  # else: a link's puzzle not found
        buttons = "" if not self.error else (
            f'<button type="button" class="act primary" data-action="puzzles">'
            f'{render.attr(self.words(again))}</button>'
            f'<button type="button" class="act" data-action="replay-leave">{render.attr(self.words("leave"))}</button>')
        board = (f'<h2 class="caption" id="puzzle-title">{render.attr(self.words("puzzles"))}</h2>'
                 f'<p class="puzzle-text"{busy}>{render.attr(text)}</p>')
        return self._screen(
            regions={"opponent": "", "hand": "", "actions": buttons, "talon": "", "trick": "", "board": board,
                     "mypile": ""},
            status=text, notice_shown=False, turn="puzzles", state={"puzzles": "failed" if self.error else "loading"},
            ready=True)

    def failed(self, error: str) -> list:
        self.error = error
        return [RENDER, Announce(error), Focus('#actions [data-action="puzzles"]')]

    def leave(self) -> list:
        play = self.table.play
        self.table.enter(play)
        return play.after_deal()

    def retry(self) -> list:
        if self.table.puzzles is not None:  # there: the next unsolved one
            return self.table.open_puzzles()
        if self.error is None:  # already fetching
            return []
        self.error = None
        return [RENDER, LoadPuzzles(), Announce(self.words("puzzles_loading"))]

    ACTIONS = {
        "replay-leave": leave,
    }

