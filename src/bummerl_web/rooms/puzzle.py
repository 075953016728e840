"""The puzzle's room: a position of a record asked as a puzzle ("What would you play?").
The decision is valued by the review's own evaluation, thought in slices from the moment
the puzzle opens; your answer is judged once both are there."""
from __future__ import annotations

from bummerl import Action, IllegalAction, NotationError
from bummerl.review import judge

from .. import render, replay, review_view
from ..effects import FIRST_CARD, RENDER, Announce, Focus, ThinkReview
from ..settings import BOT, HUMAN
from . import moves
from .replaying import RecordRoom, ReplayRoom


class PuzzleRoom(RecordRoom):
    MODE = "puzzle"

    def __init__(self, table, shown: replay.Replay, step: int):
        from bummerl.review import Reviewer

        super().__init__(table, shown)
        shown.go(step)
        self.step = step
        self.reviewer = Reviewer(shown.record, HUMAN, steps={step})
        self.running = True
        self.answer = None  # the action chosen (None: not yet)

    @property
    def played(self) -> bool:
        """A move of the game follows the position (not so at the end of a set-up deal)."""
        return self.step < self.replay.length

    @property
    def decision(self):
        """The review of the position (every legal action valued), once thought."""
        decisions = self.reviewer.decisions if self.reviewer.done else ()
        return decisions[0] if decisions else None

    def boot(self) -> list:
        return [ThinkReview(), Focus(FIRST_CARD)]  # it thinks while you do

    def screen(self):
        """The puzzle's position from your seat: the opponent's cards face down, yours to
        choose from until you answer, then the verdict."""
        settings = self.drawn_with
        view = self.replay.hand.view(HUMAN)
        answer, decision = self.answer, self.decision
        answered = answer is not None
        if not answered:
            status = self.words("puzzle_question")
        elif decision is None:
            status = self.words("puzzle_thinking", answer=review_view.action_words(settings, answer))
        else:
            status = review_view.puzzle_verdict(settings, answer, decision, self.played)
        cards = ("".join(render.card_div(c, settings) for c in view.hand) if answered
                 else render.hand_html(view, settings, False))
        state = {**self.replay.summary(), "hands": [list(view.hand), []],
                 "puzzle": {"step": self.step, "answer": answer,
                            "mark": None if decision is None or not answered else judge(decision, answer)[1]}}
        return self._screen(
            regions={
                "opponent": render.opponent_html(view, settings, level=False, open_cards=self.replay.hand.view(BOT).hand
                                                 if self.table.open_cards else None),
                "hand": cards,
                "actions": "" if answered else render.actions_html(view, {**settings, "hints": False}, False),
                "talon": render.talon_html(view, settings),
                "trick": render.trick_html(view, settings),
                "board": review_view.puzzle_html(settings, view.scores, answer, decision, self.played),
                "mypile": render.my_pile_html(view, settings),
            },
            status=status, notice_shown=False, turn="puzzle", state=state)

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
        """The verdict, once there is an answer and the position is valued."""
        if self.answer is None or self.decision is None:
            return [RENDER]
        verdict = review_view.puzzle_verdict(self.settings, self.answer, self.decision, self.played)
        return [RENDER, Announce(verdict), Focus('#board [data-action="puzzle-again"]')]

    def again(self) -> list:
        if self.answer is None:
            return []
        self.answer = None
        return [RENDER, Announce(self.words("puzzle_question")), Focus(FIRST_CARD)]

    def show(self) -> list:
        """Leave the puzzle for the replay of its hand, at the puzzle's position."""
        self.table.enter(ReplayRoom(self.table, self.replay))
        return [RENDER] + self.said_position() + [Focus('#actions [data-action="replay-forward"]')]

    ACTIONS = {
        **RecordRoom.ACTIONS,
        **moves(give, lambda room, card: room.give(f"play {card}")),
        "puzzle-again": again,
        "puzzle-show": show,
    }
