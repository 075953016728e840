"""What the presenter asks the page to do: one small frozen value per kind of effect.

`table.Table.update` (and the bot's and the review's steps) answer a list of these;
`app`, the only module that touches the DOM, carries each out by its type (one table
from effect type to handler). Tests compare them as values: ``Focus(FIRST_CARD)``.
"""
from __future__ import annotations

from dataclasses import make_dataclass

# What has the focus when a dialog opens (the choice that changes nothing, where there is one).
DIALOG_FOCUS = {
    "confirm": '[data-action="confirm-no"]',
    "stats-panel": '[data-action="dialog-close"]',
    "rules-panel": '[aria-pressed="true"], button',
}
FIRST_CARD = '#hand button:not([aria-disabled="true"])'


def _effect(name: str, doc: str, *fields: tuple):
    """A frozen value type ``name`` with ``fields`` ((name, type) pairs): compared and
    hashed by value."""
    return make_dataclass(name, fields, frozen=True, namespace={"__doc__": doc, "__module__": __name__})


Render = _effect("Render", "Draw the table's `Screen` again.")
Announce = _effect("Announce", "Say ``text`` in the live region.", ("text", str))
RunBot = _effect("RunBot", "Run the bot's paced moves (`rooms.playing.PlayRoom`: begin_bot, bot_moved, end_bot).")
BotDue = _effect("BotDue", """After ``seconds``: ``update("bot-due", generation=generation)``.""",
                 ("seconds", float), ("generation", int))
ThinkHint = _effect("ThinkHint", "Think the Hint in slices (`PlayRoom.hint_thinking`), then `PlayRoom.hint_found`.")
ShowHint = _effect("ShowHint", "Show the Hint's ``text`` beside the turn prompt; mark the control ``selector`` names.",
                   ("text", str), ("selector", str))
Status = _effect("Status", "The turn prompt's ``text``, until the next render.", ("text", str))
OpenDialog = _effect("OpenDialog", "Open the modal ``dialog`` (its id) with ``html``; the focus per `DIALOG_FOCUS`.",
                     ("dialog", str), ("html", str))
CloseDialog = _effect("CloseDialog", "Close the modal ``dialog`` (its id).", ("dialog", str))
OpenDetails = _effect("OpenDetails", "Open (``open`` True) or close the <details> with id ``element``.",
                      ("element", str), ("open", bool))
Focus = _effect("Focus", "Move the focus to the first element ``selector`` matches (if any).", ("selector", str))
Copy = _effect("Copy", """Copy the page's address with ``query`` to the clipboard, then ``update("copied")``
    or ``update("copy-failed")``.""", ("query", str))
CopyText = _effect("CopyText", """Copy ``text`` to the clipboard, then ``update("setup-copied")`` or
    ``update("setup-copy-failed", field=field)`` (``field``: the form field that shows it).""",
                   ("text", str), ("field", str))
Download = _effect("Download", "Save ``text`` as the file ``name``.", ("text", str), ("name", str))
Toast = _effect("Toast", "A short visible confirmation (``text``) that goes away by itself.", ("text", str))
Warn = _effect("Warn", "A line (``text``) for developers in the console.", ("text", str))
WarmBots = _effect("WarmBots", "Import the bots (and the review), a module per task.")
ThinkReview = _effect("ThinkReview", "Think about the review (or a puzzle) in slices: `Table.review_slice`.")
LoadPuzzles = _effect("LoadPuzzles", """Fetch the puzzle collection (assets/puzzles.json), then
    ``update("puzzles-loaded", text=...)`` or ``update("puzzles-failed", error=...)``.""")
ReadPuzzles = _effect("ReadPuzzles", "Read the fetched collection in slices (`Table.puzzles_slice`), a task each.")
Consumed = _effect("Consumed", """Nothing to do, but the key or click was the table's: the browser does
    nothing with it either.""")


Effect = (Render | Announce | RunBot | BotDue | ThinkHint | ShowHint | Status | OpenDialog | CloseDialog
          | OpenDetails | Focus | Copy | CopyText | Download | Toast | Warn | WarmBots | ThinkReview | LoadPuzzles
          | ReadPuzzles | Consumed)
EFFECTS = Effect.__args__  # every effect type (app has a handler for each)
RENDER = Render()
