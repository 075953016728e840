"""The deal editor's room (*Share → Set up a deal*): a form that places each card, chooses
the dealer and the rules, plays moves forward for both seats, and gives the position as a
link and as an embed snippet (with a preview in a frame). The model is
`deal_setup.Setup`; every control is a native one (selects, checkboxes, buttons), so the
editor works by keyboard and with a screen reader, and says at once what is wrong with the
deal (in the notice list, and in the live region after each change)."""
from __future__ import annotations

from html import escape

from bummerl import CARD_CODES, Rules
from bummerl.cards import SUITS

from .. import i18n, render, review_view
from ..deal_setup import MODES, PLACE_CHARS, Setup, new_seed, place_name, problem_text
from ..effects import RENDER, Announce, CopyText, Focus, Toast
from ..links import CAPTION_MAX, QUESTION_MAX, make_link, plain_text
from ..settings import BOT, HUMAN
from . import Room

HEIGHTS = (480, 600, 720)
FIELDS = ("card", "rest_random", "dealer", "rules", "mode", "seat", "open", "caption", "question", "height")
LINK_FIELD = "#setup-link"
EMBED_FIELD = "#setup-embed"


def setup_of_record(record: dict, step: int) -> Setup:
    """A record's deal, every card placed, with its first ``step`` moves."""
    placed = {code: "y" for code in record["hands"][0]} | {code: "o" for code in record["hands"][1]}
    placed[record["trump"]] = "t"
    placed |= {code: str(i + 1) for i, code in enumerate(record["talon"])}
    rules = Rules.from_json(record.get("rules", "soft"))
    return Setup(placed, rest_random=False, dealer=record["dealer"], rules=rules,
                 actions=list(record.get("actions", []))[:step])


class SetupRoom(Room):
    MODE = "setup"

    def __init__(self, table, setup: Setup | None = None, back=None):
        super().__init__(table)
        self.setup = setup or Setup(seed=new_seed())
        self.back = back  # the room to go back to (None: the match)
        self.mode = "play"
        self.seat = HUMAN
        self.open_cards = False
        self.caption = ""
        self.question = ""
        self.height = 600
        self.preview = False
        self.said = ""  # the last change's words (also announced)

    # ---------------------------------------------------------------- what it gives
    def problem(self) -> str | None:
        """What keeps the deal from being shared as chosen, in words (None: nothing)."""
        settings = self.settings
        found = self.setup.problems()
        if found:
            return problem_text(settings["lang"], settings["deck"], *found[0])
        why = self.setup.mode_problem(self.mode, self.seat)
        return None if why is None else problem_text(settings["lang"], settings["deck"], *why)

    def query(self, embed: bool = False) -> str | None:
        """The link's query for the position and the options (None while a problem stands)."""
        if self.problem() is not None:
            return None
        return make_link(setup=self.setup.encode(self.seat), lang=self.settings["lang"],
                         deck=self.settings["deck"], embed=embed, play=self.mode == "play",
                         review=self.mode == "review", puzzle=self.mode == "puzzle",
                         open_cards=self.open_cards, caption=self.caption or None,
                         question=self.question or None)

    def link(self) -> str | None:
        query = self.query()
        return None if query is None else f"{self.table.base_url}?{query}"

    def embed_url(self) -> str | None:
        query = self.query(embed=True)
        return None if query is None else f"{self.table.base_url}?{query}"

    def snippet(self) -> str | None:
        """The embed code: an iframe of the chosen height, titled by the caption."""
        url = self.embed_url()
        if url is None:
            return None
        title = self.caption[:80] or self.words("setup_frame_title")
        return (f'<iframe title="{render.attr(title)}" src="{render.attr(url)}" '
                f'style="width: 100%; height: {self.height}px; border: 0" loading="lazy"></iframe>')

    # ---------------------------------------------------------------- what is shown
    def screen(self):
        setup = self.setup
        position = setup.position()
        state = {"setup": {"packed": setup.encode(self.seat), "problems": [k for k, _ in setup.problems()],
                           "actions": list(setup.actions), "link": self.link(),
                           "hands": None if position is None else [list(position.view(s).hand) for s in (0, 1)],
                           "to_act": None if position is None or position.over else position.to_act}}
        return self._screen(regions={"setup": self.html()}, status=self.status(), turn="setup",
                            state=state, notice=self.table.notice(), editor=True,
                            preview=self.preview_html(), fields=self.fields())

    def fields(self) -> dict:
        """The value of every control (element id -> text, or True/False for a checkbox):
        set as properties, not written into the HTML, so that a change redraws nothing
        around the control in use (it keeps the focus, and a screen reader its place)."""
        setup = self.setup
        out = {"setup-rest": setup.rest_random, "setup-dealer": str(setup.dealer),
               "setup-rules": setup.rules.preset_name or "custom",
               **{f"setup-card-{code}": setup.placed.get(code, "-") for code in CARD_CODES},
               "setup-mode": self.mode, "setup-seat": str(self.seat), "setup-open": self.open_cards,
               "setup-caption": self.caption, "setup-question": self.question, "setup-height": str(self.height)}
        link = self.link()
        if link is not None:
            out |= {"setup-link": link, "setup-embed": self.snippet()}
        return out

    def preview_html(self) -> str:
        """The preview frame, while asked for and the deal can be shared."""
        url = self.embed_url() if self.preview else None
        if url is None:
            return ""
        return (f'<iframe id="setup-preview" title="{render.attr(self.words("setup_preview_title"))}" '
                f'src="{render.attr(url)}" class="h{self.height}"></iframe>')  # no inline style: the CSP

    def status(self) -> str:
        found = self.setup.problems()
        settings = self.settings
        if found:
            return " ".join(problem_text(settings["lang"], settings["deck"], *p) for p in found)
        return self.words("setup_ok_random" if self.setup.rest_random else "setup_ok")

    def html(self) -> str:
        """The form in parts (``data-part``): the page redraws only the parts that changed.
        No control's value is in the HTML (see `fields`)."""
        t = self.words
        parts = {
            "head": (f'<h2 id="setup-title" tabindex="-1">{escape(t("setup_title"))}</h2>'
                     f'<p class="setup-intro">{escape(t("setup_intro"))}</p>'),
            "deal": self.deal_html(), "cards": self.cards_html(), "problems": self.problems_html(),
            "position": self.position_html(), "options": self.options_html(), "out": self.out_html(),
            "end": (f'<p class="setup-end"><button type="button" class="act" id="setup-leave" data-action="setup-leave">'
                    f'{escape(t("setup_leave"))}</button></p>'),
        }
        return "".join(f'<div data-part="{name}">{html}</div>' for name, html in parts.items())

    def deal_html(self) -> str:
        t, setup = self.words, self.setup
        dealers = "".join(_option(str(d), t(f"setup_dealer_{d}")) for d in (1, 0))
        rules = "".join(_option(p, t(p)) for p in ("soft", "sharp"))
        if setup.rules.preset_name is None:
            rules += _option("custom", t("setup_rules_custom"))
        reseed = (f'<button type="button" class="act" id="setup-reseed" data-action="setup-reseed">'
                  f'{escape(t("setup_reseed"))}</button>') if setup.rest_random else ""
        return (f'<fieldset class="setup-deal"><legend>{escape(t("setup_deal"))}</legend>'
                f'<label class="opt check"><input type="checkbox" id="setup-rest" data-setup="rest_random">'
                f'<span>{escape(t("setup_rest_random"))}</span></label>'
                f'<label class="opt">{escape(t("setup_dealer"))} <select id="setup-dealer" data-setup="dealer">{dealers}</select></label>'
                f'<label class="opt">{escape(t("setup_rules"))} <select id="setup-rules" data-setup="rules">{rules}</select></label>'
                f'{reseed}</fieldset>')

    def cards_html(self) -> str:
        """A select per card, the cards grouped by suit."""
        lang, deck = self.settings["lang"], self.settings["deck"]
        names = {char: escape(place_name(lang, char)) for char in PLACE_CHARS}
        groups = []
        for suit in SUITS:
            rows = []
            for code in (c for c in CARD_CODES if c[1] == suit):
                options = "".join(f'<option value="{c}">{names[c]}</option>' for c in PLACE_CHARS)
                rows.append(f'<label class="setup-card"><span aria-hidden="true">{render.card_div(code, self.settings, "mini")}</span>'
                            f'<span>{escape(i18n.card_name(lang, deck, code))}</span>'
                            f'<select id="setup-card-{code}" data-setup="card" data-card="{code}">{options}</select></label>')
            name = escape(i18n.suit_name(lang, deck, suit))
            groups.append(f'<div class="setup-suit" role="group" aria-label="{name}">{"".join(rows)}</div>')
        return (f'<fieldset class="setup-cards"><legend>{escape(self.words("setup_cards"))}</legend>'
                f'{"".join(groups)}</fieldset>')

    def problems_html(self) -> str:
        settings = self.settings
        found = self.setup.problems()
        if not found:
            return f'<p class="setup-ok" id="setup-problems">{escape(self.status())}</p>'
        items = "".join(f"<li>{escape(problem_text(settings['lang'], settings['deck'], *p))}</li>" for p in found)
        return f'<ul class="setup-problems notice" id="setup-problems">{items}</ul>'

    def position_html(self) -> str:
        """The position (both hands open, the talon, the trick) and the moves for the seat
        to act, as buttons."""
        position = self.setup.position()
        if position is None:
            return ""
        settings, t = self.settings, self.words
        who = (t("setup_you"), t("setup_opponent"))
        rows = [f'<h3 id="setup-position-title">{escape(t("setup_position"))}</h3>']
        for seat in (BOT, HUMAN):
            cards = "".join(render.card_div(c, settings, "mini") for c in position.view(seat).hand)
            rows.append(f'<p class="setup-seat"><span>{escape(who[seat])}:</span> {cards}</p>')
        view = position.view(HUMAN)
        rows.append(f'<div class="setup-middle">{render.talon_html(view, settings)}{render.trick_html(view, settings)}</div>')
        rows.append(render.score_rows(settings, position.scores))
        actions = self.setup.actions
        if actions:
            said = "; ".join(review_view.action_words(settings, a) for a in actions)
            rows.append(f'<p>{escape(t("setup_moves", n=len(actions), moves=said))}</p>')
        else:
            rows.append(f'<p>{escape(t("setup_dealt"))}</p>')
        if position.over:
            rows.append(f'<p>{escape(render.t(settings, "hand_over"))}</p>')
        else:
            mover = who[position.to_act]
            rows.append(f'<p>{escape(t("setup_to_act", who=mover))}</p>')
            buttons = "".join(
                f'<button type="button" class="act" id="setup-move-{i}" data-action="setup-act" data-move="{render.attr(a)}">'
                f'{escape(_capital(review_view.action_words(settings, a)))}</button>' for i, a in enumerate(position.legal()))
            rows.append(f'<div class="setup-moves" role="group" aria-label="{render.attr(t("setup_moves_for", who=mover))}">'
                        f'{buttons}</div>')
        if actions:
            rows.append(f'<button type="button" class="act" id="setup-undo" data-action="setup-undo">'
                        f'{escape(t("setup_undo"))}</button>')
        return f'<section class="setup-position" aria-labelledby="setup-position-title">{"".join(rows)}</section>'

    def options_html(self) -> str:
        """What the link opens, and how."""
        t = self.words
        modes = "".join(_option(m, t(f"setup_mode_{m}")) for m in MODES)
        seats = "".join(_option(str(s), t(f"setup_seat_{s}")) for s in (HUMAN, BOT))
        heights = "".join(_option(str(h), str(h)) for h in HEIGHTS)
        rows = [f'<label class="opt">{escape(t("setup_mode"))} <select id="setup-mode" data-setup="mode">{modes}</select></label>',
                f'<label class="opt">{escape(t("setup_seat"))} <select id="setup-seat" data-setup="seat">{seats}</select></label>',
                f'<label class="opt check"><input type="checkbox" id="setup-open" data-setup="open">'
                f'<span>{escape(t("setup_open"))}</span></label>',
                f'<label class="opt text">{escape(t("setup_caption"))} <input type="text" id="setup-caption" data-setup="caption" '
                f'maxlength="{CAPTION_MAX}"></label>',
                f'<label class="opt text">{escape(t("setup_question"))} <input type="text" id="setup-question" data-setup="question" '
                f'maxlength="{QUESTION_MAX}"></label>',
                f'<label class="opt">{escape(t("setup_height"))} <select id="setup-height" data-setup="height">{heights}</select></label>']
        return f'<fieldset class="setup-share"><legend>{escape(t("setup_share"))}</legend>{"".join(rows)}</fieldset>'

    def out_html(self) -> str:
        """The link and the embed code with their copy buttons and the preview's switch, or
        what keeps the position from being shared so."""
        t = self.words
        problem = self.problem()
        if problem is not None:
            return f'<p class="notice" id="setup-cant">{escape(t("setup_cant_share", why=problem))}</p>'
        preview = t("setup_preview_hide" if self.preview else "setup_preview")
        return (f'<div class="setup-out">'
                f'<label class="opt text">{escape(t("setup_link"))} <input type="text" id="setup-link" readonly></label>'
                f'<button type="button" class="act" id="setup-copy-link" data-action="setup-copy-link">{escape(t("setup_copy_link"))}</button>'
                f'<label class="opt text">{escape(t("setup_embed"))} <textarea id="setup-embed" readonly rows="4"></textarea></label>'
                f'<button type="button" class="act" id="setup-copy-embed" data-action="setup-copy-embed">{escape(t("setup_copy_embed"))}</button>'
                f'<button type="button" class="act" id="setup-preview-button" data-action="setup-preview" '
                f'aria-expanded="{"true" if self.preview else "false"}" aria-controls="setup-preview-box">{escape(preview)}</button>'
                f'</div>')

    # ---------------------------------------------------------------- changes
    def changed(self, dropped: int = 0, focus: str | None = None) -> list:
        """Render, and say at once what the change leaves: the deal's problems or that it
        is complete (and moves taken back, if any)."""
        said = self.status()
        if dropped:
            said = f'{self.words("setup_dropped", n=dropped)} {said}'
        effects = [RENDER, Announce(said)]
        return effects + ([Focus(focus)] if focus else [])

    def set(self, field: str, value: str = "", card: str = "") -> list:
        """A control of the form changed (``field``, its ``value``; ``card`` for a card's place)."""
        value = str(value)
        setup = self.setup
        if field == "card":
            if card not in CARD_CODES or value not in PLACE_CHARS:
                return []
            return self.changed(setup.place(card, value))
        if field == "rest_random":
            return self.changed(setup.set(rest_random=value in ("1", "true")))
        if field == "dealer" and value in ("0", "1"):
            return self.changed(setup.set(dealer=int(value)))
        if field == "rules" and value in ("soft", "sharp"):
            return self.changed(setup.set(rules=Rules.preset(value)))
        if field == "mode" and value in MODES:
            self.mode = value
        elif field == "seat" and value in ("0", "1"):
            self.seat = int(value)
        elif field == "open":
            self.open_cards = value in ("1", "true")
        elif field in ("caption", "question"):
            notices: list = []
            limit = CAPTION_MAX if field == "caption" else QUESTION_MAX
            setattr(self, field, plain_text(field, value, limit, notices) or "")
        elif field == "height" and value.isascii() and value.isdigit() and int(value) in HEIGHTS:
            self.height = int(value)
        else:
            return []
        problem = self.problem()
        return [RENDER] + ([Announce(problem)] if problem else [])

    def act(self, move: str) -> list:
        """Play ``move`` for the seat to act."""
        position = self.setup.position()
        if position is None or self.setup.act(move) is not None:
            return []
        who = self.words("setup_you" if position.to_act == HUMAN else "setup_opponent")
        said = self.words("setup_played", who=who, action=review_view.action_words(self.settings, move))
        return [RENDER, Announce(said), Focus("#setup-move-0")]

    def undo(self) -> list:
        if not self.setup.undo():
            return []
        return [RENDER, Announce(self.words("setup_dealt") if not self.setup.actions else self.words(
            "setup_moves", n=len(self.setup.actions),
            moves="; ".join(review_view.action_words(self.settings, a) for a in self.setup.actions)))]

    def reseed(self) -> list:
        if not self.setup.rest_random:
            return []
        return self.changed(self.setup.set(seed=new_seed()))

    def copy(self, what: str) -> list:
        text = self.link() if what == "link" else self.snippet()
        if text is None:
            return [Announce(self.problem() or "")]
        return [CopyText(text, LINK_FIELD if what == "link" else EMBED_FIELD)]

    def copied(self) -> list:
        return [Announce(self.words("setup_copied")), Toast(self.words("setup_copied"))]

    def copy_failed(self, field: str) -> list:
        return [Focus(field if field in (LINK_FIELD, EMBED_FIELD) else LINK_FIELD),
                Announce(self.words("setup_copy_failed"))]

    def toggle_preview(self) -> list:
        self.preview = not self.preview
        return [RENDER]

    def leave(self) -> list:
        """Back to the room the editor was opened from (the match, or a record)."""
        table = self.table
        if self.back is None or self.back is table.play:
            table.enter(table.play)
            return table.play.after_deal()
        table.enter(self.back)
        return [RENDER]

    ACTIONS = {
        "setup-set": lambda room, field, value="", card="": room.set(field, value, card),
        "setup-act": lambda room, move: room.act(move),
        "setup-undo": undo,
        "setup-reseed": reseed,
        "setup-copy-link": lambda room: room.copy("link"),
        "setup-copy-embed": lambda room: room.copy("embed"),
        "setup-copied": copied,
        "setup-copy-failed": lambda room, field="": room.copy_failed(field),
        "setup-preview": toggle_preview,
        "setup-leave": leave,
    }


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


def _option(value: str, label: str) -> str:
    return f'<option value="{render.attr(value)}">{escape(label)}</option>'
