"""Replays, deal links and record export: the pure-Python half (runs in CPython too).

A `Replay` steps through a recorded hand (the engine's JSON record, see
`bummerl.record`) one action at a time; every position is the engine's own
`from_record` of the first n actions, and what happened at each step is the engine's
`bummerl.events.describe`, so nothing here knows a rule.  The table's renderers
(`render`) draw a position from its view; `controls_html` and friends draw what only
a replay has: both hands face up and the step controls.  The presenter (`table`) shows
them.
"""
from __future__ import annotations

import json
from html import escape

from bummerl import from_record
from bummerl.events import describe
from bummerl.record import loads_record

from . import i18n, render
from .session import narrate
from .settings import BOT, HUMAN, SEATS

# ------------------------------------------------------------------ records

def read_record(raw: str) -> dict:
    """A record from a file's text; NotationError/IllegalAction (with the engine's
    message) if it is not one or does not replay."""
    record = loads_record(raw)  # the strict reader: size and nesting limits first
    if isinstance(record, dict) and isinstance(record.get("match"), dict) and "hand" in record["match"]:
        record = record["match"]["hand"]  # a saved game (localStorage export) holds one
    from_record(record)  # validates every action
    return record


def record_json(hand) -> str:
    return json.dumps(hand.to_record(), indent=1) + "\n"


def record_filename(session) -> str:
    return f"bummerl-{session.match.seed}-{session.match.hands_dealt}.json"


def deal_query(session) -> str:
    """The link (query string) to the hand in play: its match seed, deal number and rules,
    with the language and deck; `?seed=S&hand=N` deals exactly this hand again."""
    from .links import make_link

    match = session.match
    return make_link(seed=match.seed, hand=match.hands_dealt if match.hands_dealt > 1 else None,
                     rules=session.hand.rules, lang=session.settings["lang"],
                     deck=session.settings["deck"])


def record_query(record: dict, session) -> str:
    from .links import make_link

    return make_link(record=record, lang=session.settings["lang"], deck=session.settings["deck"])


# ------------------------------------------------------------------ replay

class Replay:
    """A recorded hand and a position in it (0 = as dealt, len = every action done)."""

    def __init__(self, record: dict):
        self.record = {**record, "actions": list(record.get("actions", []))}
        final = from_record(self.record)  # raises NotationError / IllegalAction
        hands = [from_record({**self.record, "actions": []})]
        for action in final.history:
            hands.append(hands[-1].apply(action))
        self.hands = hands  # the position after each number of actions
        self.step = 0
        # The steps at which a trick is complete (its follow card played).
        self.trick_ends = [n for n in range(1, len(hands))
                           if len(hands[n].trick_history) > len(hands[n - 1].trick_history)]

    @property
    def length(self) -> int:
        return len(self.record["actions"])

    @property
    def hand(self):
        return self.hands[self.step]

    @property
    def final(self):
        """The hand as recorded, every action done (what *Download* saves)."""
        return self.hands[-1]

    def go(self, n: int) -> bool:
        """Move to step n (clamped); True if the position changed."""
        n = max(0, min(self.length, n))
        changed = n != self.step
        self.step = n
        return changed

    def events(self) -> list:
        """What the last action did, as the session's message keys (see session.narrate)."""
        if not self.step:
            return []
        before = self.hands[self.step - 1]
        action = self.record["actions"][self.step - 1]
        return narrate(describe(before, action, self.hand), before.to_act)

    def next_trick(self) -> int:
        """The step at which the next trick is complete (else the end of the record)."""
        return next((end for end in self.trick_ends if end > self.step), self.length)

    def previous_trick(self) -> int:
        """The step at which the trick before this position was complete (else the start)."""
        return max((end for end in self.trick_ends if end < self.step), default=0)

    def summary(self) -> dict:
        hand = self.hand
        return {
            "replay": {"step": self.step, "length": self.length},
            "to_act": None if hand.over else SEATS[hand.to_act],
            "hands": [list(hand.view(HUMAN).hand), list(hand.view(BOT).hand)],
            "scores": list(hand.scores),
            "history": list(hand.history),
            "outcome": None if not hand.over else {
                "winner": SEATS[hand.outcome.winner], "game_points": hand.outcome.game_points,
                "reason": hand.outcome.reason, "termination": hand.outcome.termination.value},
            "record": self.record,
        }


def table_settings(settings: dict) -> dict:
    """The settings a replay draws with: your trick pile is not opened in a replay."""
    return {**settings, "see_own_tricks": False}


def _t(settings, key, **params) -> str:
    return i18n.text(settings["lang"], key, **params)


def cards_html(replay: Replay, settings: dict, seat: int) -> str:
    """A seat's cards, face up (a replay shows both hands; they are pictures, not controls)."""
    return "".join(render.card_div(c, settings) for c in replay.hand.view(seat).hand)


def seat_html(replay: Replay, settings: dict, seat: int) -> str:
    """The opponent's seat in a replay: its cards face up, with its trick pile."""
    label = escape(_t(settings, "cards_of", who=i18n.text(settings["lang"], SEATS[seat])))
    pile = render.pile_html(replay.hand.view(HUMAN), settings, seat)
    return (f'<h2 class="sr-only">{label}</h2>'
            f'<div class="cards fan open">{cards_html(replay, settings, seat)}</div>{pile}')


def info_html(replay: Replay, settings: dict) -> str:
    """Both scores and where we are in the record (replaces the Bummerl board)."""
    return (f'<p class="caption">{escape(_t(settings, "replay_of", n=replay.step, total=replay.length))}</p>'
            + render.score_rows(settings, replay.hand.scores))


def controls_html(replay: Replay, settings: dict, leave: str = "leave") -> str:
    """The replay's controls; ``leave`` words the way back (to the match, or to a puzzle)."""
    at_start, at_end = replay.step == 0, replay.step == replay.length

    def button(action, key, disabled, extra=""):
        off = " disabled" if disabled else ""
        return (f'<button type="button" class="act{extra}" data-action="{action}"'
                f' aria-keyshortcuts="{SHORTCUTS.get(action, "")}"{off}>{escape(_t(settings, key))}</button>')

    nav = (button("replay-previous-trick", "previous_trick", at_start) + button("replay-back", "back", at_start)
           + button("replay-forward", "forward", at_end, " primary")
           + button("replay-next-trick", "next_trick", at_end))
    more = (button("replay-play-on", "play_on", replay.hand.over)
            + button("replay-leave", leave, False))
    return (f'<div class="replay-nav" role="group" aria-label="{render.attr(_t(settings, "replay"))}">{nav}</div>'
            f'<div class="replay-more">{more}</div>')


SHORTCUTS = {"replay-previous-trick": "PageUp", "replay-back": "ArrowLeft",
             "replay-forward": "ArrowRight", "replay-next-trick": "PageDown"}
SHORTCUT_KEYS = (*SHORTCUTS.values(), "Home", "End")  # the keys a replay answers anywhere


def target_step(replay: Replay, command: str) -> int | None:
    """Where a replay control or key goes (None: not a replay command)."""
    return {
        "replay-back": replay.step - 1, "ArrowLeft": replay.step - 1,
        "replay-forward": replay.step + 1, "ArrowRight": replay.step + 1,
        "replay-previous-trick": replay.previous_trick(), "PageUp": replay.previous_trick(),
        "replay-next-trick": replay.next_trick(), "PageDown": replay.next_trick(),
        "Home": 0, "End": replay.length,
    }.get(command)


def status_text(replay: Replay, settings: dict) -> str:
    parts = [render.message(settings, key, params) for key, params in replay.events()]
    if replay.step == 0:
        parts.append(_t(settings, "replay_start"))
    elif replay.step == replay.length:
        if replay.hand.over:
            parts.append(i18n.text(settings["lang"], "hand_over"))
        parts.append(_t(settings, "replay_end"))
    return " ".join(p for p in parts if p)


def share_menu_html(lang: str) -> str:
    """The header's Share menu (a disclosure: works without a pointer)."""
    def t(key):
        return escape(i18n.text(lang, key))

    return (f'<summary>{t("share")}</summary><div class="share-items">'
            f'<button type="button" class="tool" data-action="copy-link">{t("copy_link")}</button>'
            f'<button type="button" class="tool" data-action="copy-record">{t("copy_record")}</button>'
            f'<button type="button" class="tool" data-action="download-record">{t("download")}</button>'
            f'<button type="button" class="tool" data-action="setup">{t("setup")}</button>'
            f'<label class="tool file">{t("open_record")}'
            f'<input type="file" accept=".json,application/json" data-action="load-record"></label>'
            f'<label class="share-url" hidden>{t("link_label")} <input type="text" readonly></label>'
            f'</div>')

