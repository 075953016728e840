"""The table's rooms: one small presenter per mode of the page.

`table.Table` holds what every mode shares (the session, statistics, storage, the
link) and the room on show; `Table.update` hands a room's own controls to it (its
``ACTIONS``) and `Table.screen` is the room's `screen`. The rooms:

- `playing.PlayRoom`: the match (your moves, the bot's, the Hint); always there, behind
  the others;
- `replaying.ReplayRoom`: a recorded hand, stepped through;
- `reviewing.ReviewRoom`: a replay with the review of its decisions beside it;
- `puzzle.PuzzleRoom`: a position asked as a puzzle (of a record, or of the collection);
- `puzzle.LoadingRoom`: *Puzzles* while the collection is fetched, or why it cannot be;
- `editing.SetupRoom`: the deal editor (*Share → Set up a deal*).

A room changes state only in its actions (and the bot's or the review's steps); its
`screen` reads.
"""
from __future__ import annotations

from .. import i18n, screens


class Room:
    """What every room answers; the match's room and the record rooms fill it in."""
    MODE = ""  # "play", "replay", "review", "puzzle", "puzzles" or "setup"
    ACTIONS: dict = {}  # data-action -> handler(room, **data)
    replay = None  # the record on show (replay.Replay), in a record room
    reviewer = None  # the review being thought (bummerl.review.Reviewer), if any

    def __init__(self, table):
        self.table = table

    @property
    def settings(self) -> dict:
        return self.table.session.settings

    def words(self, key: str, **params) -> str:
        return i18n.text(self.settings["lang"], key, **params)

    def screen(self) -> screens.Screen:
        raise NotImplementedError

    def boot(self) -> list:
        """What the page does first in this room (after the table's own start-up)."""
        return []

    def record_hand(self):
        """The hand that Share copies and downloads."""
        return self.table.session.hand

    def review_slice(self, reviewer, seconds: float) -> list:
        return []

    def share_query(self) -> str | None:
        """The query Share's *Copy link* copies in this room (None: the hand in play's)."""
        return None

    def _screen(self, **parts) -> screens.Screen:
        table = self.table
        return screens.compose(self.settings, link_game=table.link_game, caption=table.caption or "",
                               question=table.question or "", **parts)


def moves(act, play) -> dict:
    """Your moves' controls, for a room that answers them with ``act(action)`` and
    ``play(card)``."""
    return {
        "play": lambda room, card: play(room, card),
        "exchange": lambda room: act(room, "exchange"),
        "close": lambda room: act(room, "close"),
        "claim": lambda room: act(room, "claim"),
        "marry": lambda room, suit: act(room, f"marry {suit}"),
    }
