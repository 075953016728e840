"""What the page shows (`Screen`), and the one builder of the parts every room's screen
shares: the header's menus, the rules in brief, the region labels, the body's attributes."""
from __future__ import annotations

from dataclasses import dataclass

from . import render, replay


@dataclass
class Screen:
    """What the page shows: each region's HTML or text, keyed by element id."""
    html: dict  # opponent, hand, actions, talon, trick, board, mypile
    text: dict  # status, help, notice
    hidden: dict  # notice, link-game, hint: True to hide
    labels: dict  # aria-label of the sections opponent, you, middle
    body: dict  # data- attributes of <body>: lang, deck, turn, state, ready
    lang: str
    colours: str  # "2" or "4" (four-colour French cards)
    menu: dict  # header data-action -> (label, lang attribute or None)
    share_menu: str  # the Share menu's HTML (its words follow the language)
    howto: str  # "How to play"
    link_game: str  # the note over a linked deal ("" when there is none)
    review: str = ""  # the review panel ("" when there is none)
    review_done: bool = False  # the review has valued every decision
    preview: str = ""  # the deal editor's preview frame (HTML; "" for none)
    fields: dict | None = None  # form controls' values (element id -> text, or a checkbox's bool)


def compose(settings: dict, *, regions: dict, status: str, turn: str, state: dict, help: str = "",  # noqa: A002
            notice: str = "", notice_shown: bool | None = None, opponent: str = "", ready: bool = True,
            link_game: bool = False, review: str = "", review_done: bool = False, editor: bool = False,
            preview: str = "", caption: str = "", question: str = "", fields: dict | None = None) -> Screen:
    """A room's screen: its ``regions`` (element id -> HTML), turn prompt (``status``),
    key ``help`` (the table's by default), ``notice`` (shown when there is one, or as
    ``notice_shown`` says), the opponent's section label (the table's by default) and the
    body's ``turn``, ``state`` and ``ready``; the rest is the same in every room. The deal
    editor (``editor``) shows its form (region ``setup``) and its ``preview`` instead of the
    table; a link's ``caption`` and ``question`` are shown over the table as plain text."""
    lang = settings["lang"]
    return Screen(
        html=regions,
        text={"status": status, "help": help or render.t(settings, "help"), "notice": notice,
              "caption": "" if editor else caption, "question": "" if editor else question},
        hidden={"notice": not (bool(notice) if notice_shown is None else notice_shown),
                "link-game": not link_game, "hint": True, "table": editor, "setup": not editor,
                "help": editor, "caption": editor or not caption, "question": editor or not question},
        labels={"opponent": opponent or render.t(settings, "opponent"),
                "you": render.t(settings, "your_hand"), "middle": render.t(settings, "table")},
        body={"lang": lang, "deck": settings["deck"], "turn": turn, "state": state,
              "ready": "1" if ready else "0"},
        lang=lang, colours="4" if settings["four_colours"] else "2",
        menu=render.menu_labels(settings), share_menu=replay.share_menu_html(lang),
        howto=render.howto_html(settings),
        link_game=render.link_game_html(settings) if link_game else "",
        review=review, review_done=review_done, preview=preview, fields=fields or {})
