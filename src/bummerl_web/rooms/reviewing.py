"""The review's room: a finished hand shown as a replay, with Hard's review of your
decisions (and the bot's, when asked) beside it, thought by `app` in slices. Each row of
the review shows its position; a finished review is kept for the next visit."""
from __future__ import annotations

from .. import review_view
from .. import reviews as kept_reviews
from ..effects import RENDER, Announce, Consumed, Focus, ThinkReview
from ..settings import HUMAN
from .replaying import ReplayRoom

# The exact solver's nodes per point of the review's graph in the page (about a second in
# Pyodide); earlier points, costlier, are left open.
REVIEW_EXACT_NODES = 300_000
STOP = '#review [data-action="review-stop"]'


def reviewer_of(record, board=None):
    """The page's review of your decisions in ``record``, played to ``board``."""
    from bummerl.review import Reviewer

    return Reviewer(record, HUMAN, exact_nodes=REVIEW_EXACT_NODES, board=board)


def start(table, shown, board=None, ahead=None) -> list:
    """Review your decisions in the finished hand ``shown`` (a `replay.Replay`), played to
    ``board`` when it is the match's; a review kept from an earlier visit is shown at once,
    what the review ``ahead`` (a `bummerl.review.Reviewer` of the hand while it was played,
    `PlayRoom.review_ahead`) did is not done again."""
    if not shown.final.over:  # the replay holds the whole hand
        return []
    reviewer = reviewer_of(shown.record, board) if ahead is None else ahead.continued(shown.record, board)
    room = ReviewRoom(table, shown, reviewer)
    table.enter(room)
    kept = table.reviews.find(room.review_id())
    if kept is not None:
        room.reviewer.restore(kept)
        room.with_bot = room.reviewer.with_other
    notices = table.session.notices
    if table.reviews.set_aside and "reviews_set_aside" not in notices:
        notices.append("reviews_set_aside")
    if room.reviewer.done:  # kept from an earlier visit: at once
        return [RENDER, room.summary(), Focus("#review button")]
    room.running = True
    return [RENDER, ThinkReview(), Focus(STOP)]


class ReviewRoom(ReplayRoom):
    MODE = "review"

    def __init__(self, table, shown, reviewer):
        super().__init__(table, shown)
        self.reviewer = reviewer
        self.stopped = False
        self.with_bot = False  # the review shows the bot's decisions too

    def review_id(self) -> str:
        return kept_reviews.review_id(self.replay.record, HUMAN, self.reviewer.board)

    def review_control(self) -> str:
        return ""  # the review is on show

    def review_parts(self) -> dict:
        reviewer = self.reviewer
        panel = review_view.panel_html(self.settings, reviewer.partial(), reviewer.progress,
                                       self.running, self.stopped, self.with_bot, reviewer.other_progress)
        return {"review": panel, "review_done": reviewer.done}

    def summary(self) -> Announce:
        return Announce(review_view.summary_text(self.settings, self.reviewer.partial()))

    def thought(self) -> list:
        self.table.reviews.keep(self.review_id(), self.reviewer.partial())
        return [RENDER, self.summary()]

    def thinking(self, before) -> list:
        return [RENDER] if self.reviewer.progress != before else [Consumed()]

    def toggle_bot(self) -> list:
        """Show (or hide) the bot's decisions in the review, reviewed from the bot's view
        once asked for."""
        self.with_bot = not self.with_bot
        effects = [RENDER, Focus('#review [data-action="review-bot"]')]
        if self.with_bot and self.reviewer.include_other() and not self.running:
            self.running, self.stopped = True, False
            effects.append(ThinkReview())
        return effects

    def stop(self) -> list:
        if not self.running:
            return []
        self.running, self.stopped = False, True
        return [RENDER]

    def resume(self) -> list:
        """Go on with a stopped review, from where it stopped."""
        if not self.stopped:
            return []
        self.running, self.stopped = True, False
        return [RENDER, ThinkReview(), Focus(STOP)]

    def go(self, step) -> list:
        """A row of the review: the replay shows the position of that decision."""
        if not str(step).isdigit():
            return []
        self.replay.go(int(step))
        return [RENDER] + self.said_position()

    ACTIONS = {
        **ReplayRoom.ACTIONS,
        "review-stop": stop,
        "review-resume": resume,
        "review-go": lambda room, step: room.go(step),
        "review-bot": toggle_bot,
    }
