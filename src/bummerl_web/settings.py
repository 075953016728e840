"""The page's settings: who sits where, the table options, the bot's level and how long it
thinks; their defaults and the one reader of settings from outside (`clean_settings`,
`updated`). Pure data, no state: every module of the page reads these names from here.
"""
from __future__ import annotations

from bummerl import DISPLAY_PRESETS
from bummerl.bots import LEVELS

from .i18n import DECKS, LANGS

HUMAN, BOT = 0, 1
SEATS = ("you", "bot")
# Table options: the engine's display presets plus the page's Hint button (off in Sharp).
TABLE_PRESETS = {name: {**options, "hints": name == "soft"} for name, options in DISPLAY_PRESETS.items()}
DISPLAY_OPTIONS = tuple(TABLE_PRESETS["soft"])
BOT_LEVEL = "medium"
# How long Hard thinks per move in the page (a setting); the page runs the search in
# slices of THINK_SLICE seconds and handles clicks and paints between them.
THINK_SECONDS = {"quick": 0.3, "normal": 0.8, "long": 1.5}
THINK = "normal"
THINK_SLICE = 0.04
HINT_SECONDS = 0.3  # the Hint asks Hard too, in the same slices
# Seconds of the review's thinking per task: a search overshoots its slice by up to some
# tens of ms (it looks at the clock every 256 nodes), and the panel is drawn after it.
REVIEW_SLICE = 0.025

# Every setting: the values a choice takes, or bool for an on/off option.
CHOICES = {"lang": LANGS, "deck": DECKS, "bot": LEVELS, "think": tuple(THINK_SECONDS)}
# Practice at the table (the rules panel, off by default): the bot plays with its cards
# face up; your last move may be taken back. A hand played with either is practice.
PRACTICE_OPTIONS = ("open_hand", "take_back")
FLAGS = (*DISPLAY_OPTIONS, "four_colours", *PRACTICE_OPTIONS)


def default_settings(lang: str = "en") -> dict:
    return {"lang": lang, "deck": "fr", "bot": BOT_LEVEL, "think": THINK, "four_colours": False,
            **TABLE_PRESETS["soft"], **dict.fromkeys(PRACTICE_OPTIONS, False)}


def updated(settings: dict, changes) -> dict:
    """``settings`` with every known setting of ``changes`` that has a valid value (the
    rest is ignored: saved settings and forms are data from outside)."""
    result = dict(settings)
    if isinstance(changes, dict):
        for name, allowed in CHOICES.items():
            if changes.get(name) in allowed:
                result[name] = changes[name]
        for name in FLAGS:
            if isinstance(changes.get(name), bool):
                result[name] = changes[name]
    return result


def clean_settings(raw, lang: str) -> dict:
    """Known settings with valid values; anything else falls back to the default."""
    return updated(default_settings(lang), raw)
