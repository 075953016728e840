"""The table's presenter: everything the page decides, in plain Python (tested in CPython).

In the manner of the Elm architecture, `Table` holds the page's state around the match
(the `Session`): the replay on show, whether the bot is moving, the events just shown,
the cards that just arrived, a linked deal played beside the saved match. Two methods
answer everything the page asks:

- `Table.screen()`: what every region of the page shows (a `Screen`);
- `Table.update(action, **data)`: what a control (its ``data-action``), a key, a focus
  or an event of the page does. The state changes here; the answer is a list of
  `Effect`s (render, announce, run the bot, open a dialog, copy, download, post to the
  host page, ...) that `app`, the only module that touches the DOM, carries out.
  `ACTIONS` is the one table from an action to its handler.

Start-up is plain functions too: `read_address` (the link, the pace, what stays in the
address bar) and `Table.start` (which storage, which save, which notices), then
`Table.boot` (what the page does first). The bot's paced moves and the Hint are run by
`app` (they wait and think in slices); what they change and show is decided here
(`begin_bot`, `bot_moved`, `end_bot`, `hint_found`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from bummerl import Action, IllegalAction, NotationError, Rules, RulesError
from bummerl.record import MAX_RECORD_CHARS
from bummerl.review import judge

from . import embed, i18n, render, replay, review_view
from . import reviews as kept_reviews, stats as statistics, storage as store
from .session import Session
from .settings import BOT, CHOICES, HUMAN, TABLE_PRESETS, THINK_SECONDS, clean_settings

DEFAULT_PACE = 900  # ms: the least time a bot move takes
REDUCED_PACE = 450  # ... under prefers-reduced-motion
# Seconds beyond a move's pace and thinking that a tab waits before it plays the bot's
# move in a match another tab saved (see "bot-due").
TAKE_OVER_MARGIN = 2.0
# Notices that say what just happened: gone with your next action.
TRANSIENT = ("other_tab", "set_aside_corrupt", "set_aside_foreign", "set_aside_future",
             "set_aside_exported", "stats_set_aside", "reviews_set_aside")
# What has the focus when a dialog opens (the choice that changes nothing, where there is one).
DIALOG_FOCUS = {
    "confirm": '[data-action="confirm-no"]',
    "stats-panel": '[data-action="dialog-close"]',
    "rules-panel": '[aria-pressed="true"], button',
}
FIRST_CARD = '#hand button:not([aria-disabled="true"])'
# The exact solver's nodes per point of the review's graph in the page (about a second in
# Pyodide); earlier points, costlier, are left open.
REVIEW_EXACT_NODES = 300_000


class Effect(NamedTuple):
    """One thing for the page to do. ``kind`` and what its fields hold:

    render; announce (text); bot (run the bot's moves); bot_due (seconds, generation:
    then ``update("bot-due", generation=...)``); hint (think the Hint, then
    ``hint_found``); show_hint (text, selector of the control it names); status (text);
    dialog (dialog id, HTML; focus per ``DIALOG_FOCUS``); close_dialog (dialog id);
    open (element id of a <details>, True or False); focus (selector); copy (query
    string, then ``update("copied")`` or ``update("copy-failed")``); download (text,
    file name); toast (text); warn (text for the console); post (message for the host
    page); warm (import the bots); review (think about the review, in slices:
    ``review_slice``); consumed (nothing to do, but the key or click was
    the table's: the browser does nothing with it either)."""
    kind: str
    value: object = None
    more: object = None


RENDER = Effect("render")


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


# ------------------------------------------------------------------ start-up

@dataclass(frozen=True)
class Address:
    """What the address bar asks for: ``link`` (None without parameters), the bot's
    ``pace`` in ms, and ``keep``: the query the address bar keeps once the link is read
    (None: leave the address alone)."""
    link: object = None
    pace: int = DEFAULT_PACE
    keep: str | None = None


def read_address(query: str, reduced_motion: bool = False) -> Address:
    """The link in ``query`` (``location.search``), read once. The page's own ``pace``
    (ms per bot move: tests, demos) is taken out; a link is then dropped from the address
    (``keep``), so that a reload resumes the saved game, except when embedded: an
    embedded table keeps its link (its game lives in memory, a reload deals it again)."""
    default = REDUCED_PACE if reduced_motion else DEFAULT_PACE
    parts = [part for part in query.lstrip("?").split("&") if part]
    if not parts:
        return Address(pace=default)
    from .links import parse_link, parse_query, whole_number  # only with a query: see README

    pace_values = [value for key, value in parse_query(query) if key == "pace"]
    pace = whole_number(pace_values[0], 0, 10**6) if pace_values else None
    rest = [part for part in parts if part.partition("=")[0] != "pace"]
    if not rest:
        return Address(pace=default if pace is None else pace)
    link = parse_link("&".join(rest))
    keep = None
    if not link.embed:
        kept = [f"pace={pace}"] if pace is not None else []
        kept += [part for part in rest if part.partition("=")[0] == "embed"][:1]  # embed=0
        keep = "&".join(kept)
    return Address(link, default if pace is None else pace, keep)


def other_deal(link, saved: store.Saved | None) -> bool:
    """True when ``link`` deals another game than the saved match (another seed, or
    another deal number of it): then it is played beside the match, never over it."""
    if saved is None or link is None or link.embed or link.seed is None:
        return False
    match = saved.match
    return match.seed != link.seed or bool(link.hand) and match.hands_dealt != link.hand


def _position(session) -> tuple:
    match = session.match
    return match.seed, match.hands_dealt, len(session.hand.history)


@dataclass
class Puzzle:
    """A position of a record asked as a puzzle: "What would you play?" The decision is
    valued by the review's own evaluation (``reviewer``, thought in slices from the
    moment the puzzle opens); ``answer`` is the action chosen (None: not yet)."""
    step: int
    reviewer: object
    answer: str | None = None

    @property
    def decision(self):
        """The review of the position (every legal action valued), once thought."""
        decisions = self.reviewer.decisions if self.reviewer.done else ()
        return decisions[0] if decisions else None


def puzzle_problem(shown: replay.Replay, at: int) -> str | None:
    """Why position ``at`` of ``shown`` cannot be a puzzle (None: it can): it must be a
    decision of yours with a choice."""
    if at >= shown.length:
        return f"puzzle: position {at} is the end of the record ({shown.length} actions); shown as a replay"
    hand = shown.hands[at]
    if hand.to_act != HUMAN:
        return f"puzzle: position {at} is the bot's decision, not yours; shown as a replay"
    if len(hand.legal()) < 2:
        return f"puzzle: position {at} leaves no choice; shown as a replay"
    return None


# ------------------------------------------------------------------ the presenter

@dataclass
class Table:
    session: Session
    stats: statistics.Keeper
    local: object = None  # the browser's storage (None: refused); a linked deal's way back
    pace: int = DEFAULT_PACE
    embed: bool = False  # an embedded table: in memory only, posts its moves to the host
    seed_fixed: bool = False  # the link fixed the seed (else `ready` keeps it secret)
    link_game: bool = False  # a linked deal played beside the saved match
    replay: replay.Replay | None = None
    replay_error: str | None = None  # a record file that could not be read
    busy: bool = False  # the bot is moving: your controls wait
    recent: list = field(default_factory=list)  # the events on show (since your last action)
    generation: int = 0  # bumped to cancel a running bot sequence
    shown_hand: frozenset = frozenset()  # your cards at the last screen
    arrived: frozenset = frozenset()  # of those, the ones dealt or drawn since your last action
    offer_levels: bool = False  # a first visit chooses its opponent (until its first move)
    reviewer: object = None  # the review on show (bummerl.review.Reviewer), while a replay shows its hand
    review_running: bool = False  # Hard is thinking about it (app runs the slices)
    review_stopped: bool = False
    review_bot: bool = False  # the review shows the bot's decisions too
    review_on_boot: bool = False  # a link asked for the record's review
    puzzle: Puzzle | None = None  # a record's position asked as a puzzle (the replay shows it)
    reviews: object = None  # the finished reviews kept (reviews.Reviews)
    dealt_posted: tuple | None = None  # (seed, deal) last announced to an embedding page
    outbox: list = field(default_factory=list)  # messages for the host page

    def __post_init__(self):
        self.session.listeners.append(self.on_turn)
        if self.reviews is None:
            self.reviews = kept_reviews.Reviews(None if self.embed else self.local)

    @classmethod
    def start(cls, address: Address, languages, local) -> "Table":
        """The table for this address, with the browser's ``languages`` and its storage
        ``local`` (an object with getItem/setItem/removeItem, None when refused). An
        embedded table, and a deal link opened while another match is saved, play in
        memory: they never take over, nor are taken over by, the saved match."""
        link = address.link
        lang = i18n.pick_language(languages)
        saved, _ = store.read(store.Storage(local).read_raw())
        embedded = bool(link and link.embed)
        link_game = other_deal(link, saved)
        overrides = {"lang": link.lang, "deck": link.deck} if link else None
        if link_game:  # your deck, level and table options; the link's language and deck
            overrides = {**clean_settings(saved.settings, lang),
                         **{k: v for k, v in overrides.items() if v is not None}}
        session = Session(
            store.Storage(store.MemoryBackend() if embedded or link_game else local), lang=lang,
            seed=link.seed if link else None, rules=link.rules if link else None,
            overrides=overrides, link_notices=link.notices if link else None)
        if link and link.rules is not None:  # a preset's table options, as the rules panel
            session.set_rules(link.rules, TABLE_PRESETS.get(link.rules.preset_name, {}))
        keeper = statistics.Keeper(None if embedded else local)
        if keeper.set_aside:
            session.notices.append("stats_set_aside")
        table = cls(session, keeper, local, pace=address.pace, embed=embedded,
                    seed_fixed=bool(link and link.seed is not None), link_game=link_game,
                    offer_levels=session.first_visit and not embedded and not link_game)
        if link and link.hand:
            if link.seed is not None:
                session.deal_hand(link.hand)
            else:
                session.link_notices.append("hand: a deal number needs a seed; ignored")
        if link and link.record is not None:
            table.open_replay(link.record)
            if table.replay is not None:
                table._open_at(link)
        return table

    def _open_at(self, link) -> None:
        """A record link's position (``at``), its puzzle or its review."""
        shown = self.replay
        if link.at is not None:
            if link.at > shown.length:
                self.session.link_notices.append(
                    f"at: the record has {shown.length} actions, not {link.at}; shown from the start")
                return
            shown.go(link.at)
        if link.puzzle:
            problem = puzzle_problem(shown, link.at)
            if problem is None:
                self.start_puzzle(link.at)
                return
            self.session.link_notices.append(problem)
        self.review_on_boot = link.review

    def boot(self) -> list[Effect]:
        """What the page does once the table is up."""
        storage, effects = self.session.storage, []
        if storage.refused_because:  # for developers: why the saved data was set aside
            effects.append(Effect("warn", f"Bummerl: the saved data was set aside: {storage.refused_because}"))
        if storage.exported is not None:  # bad data too large to set aside
            effects.append(Effect("download", storage.exported, store.SAVED_NAME))
        effects += [RENDER, Effect("warm")]
        if self.session.first_visit:
            effects.append(Effect("open", "howto", True))  # a newcomer sees the rules in brief
        if self.session.bot_to_move and self.replay is None:
            effects.append(Effect("bot"))
        if self.puzzle is not None:
            effects += [Effect("review"), Effect("focus", FIRST_CARD)]
        elif self.review_on_boot:
            effects += self.start_review()
        return effects

    # -------------------------------------------------------------- what is shown
    @property
    def settings(self) -> dict:
        return self.session.settings

    def words(self, key: str, **params) -> str:
        return i18n.text(self.settings["lang"], key, **params)

    def screen(self) -> Screen:
        """What the page shows now (a replay, else the match)."""
        s, settings = self.session, self.session.settings
        lang = settings["lang"]
        common = dict(
            lang=lang, colours="4" if settings["four_colours"] else "2",
            menu=render.menu_labels(settings), share_menu=replay.share_menu_html(lang),
            howto=render.howto_html(settings),
            link_game=render.link_game_html(settings) if self.link_game else "",
            review=self.review_html(),
            review_done=bool(self.reviewer and self.reviewer.done and self.puzzle is None))
        if self.puzzle is not None:
            return self._puzzle_screen(common)
        if self.replay is not None:
            return self._replay_screen(common)
        view = s.view
        hand = frozenset(view.hand)
        self.arrived = (self.arrived | (hand - self.shown_hand)) & hand
        self.shown_hand = hand
        bummerl = s.bummerl_end()
        busy = self.busy
        notice = self.replay_error or render.notice_text(settings, s.notices, s.link_notices)
        return Screen(
            html={
                "hand": render.hand_html(view, settings, busy, self.arrived),
                "actions": (render.actions_html(view, settings, busy, s.match.over, bummerl is not None)
                            + (review_view.review_button(settings) if view.outcome else "")),
                "opponent": render.opponent_html(view, settings),
                "talon": render.talon_html(view, settings, self.recent),
                "trick": (render.summary_html(view, settings, s.bot_cards(), bummerl)
                          or (render.level_choice_html(settings) if self.offer_levels and not view.trick else "")
                          or render.trick_html(view, settings, self.recent)),
                "board": render.board_html(view, s.match, settings, bummerl["final"] if bummerl else None),
                "mypile": render.my_pile_html(view, settings),
            },
            text={"status": self.status(), "help": render.t(settings, "help"), "notice": notice},
            hidden={"notice": not notice, "link-game": not self.link_game, "hint": True},
            labels={"opponent": render.t(settings, "opponent"), "you": render.t(settings, "your_hand"),
                    "middle": render.t(settings, "table")},
            body={"lang": lang, "deck": settings["deck"],
                  "turn": "over" if s.hand.over else ("you" if s.human_to_move else "bot"),
                  "state": s.summary(), "ready": "0" if busy or s.bot_to_move else "1"},
            **common)

    def _replay_screen(self, common: dict) -> Screen:
        shown, settings = self.replay, replay.table_settings(self.settings)
        view = shown.hand.view(HUMAN)
        notice = self.replay_error or render.notice_text(settings, self.session.notices,
                                                         self.session.link_notices)
        return Screen(
            html={
                "opponent": replay.seat_html(shown, settings, BOT),
                "hand": replay.cards_html(shown, settings, HUMAN),
                "actions": (replay.controls_html(shown, settings)
                            + (review_view.review_button(settings) if shown.final.over and self.reviewer is None else "")),
                "talon": render.talon_html(view, settings),
                "trick": render.trick_html(view, settings),
                "board": replay.info_html(shown, settings),
                "mypile": render.my_pile_html(view, settings),
            },
            text={"status": replay.status_text(shown, settings), "help": self.words("replay_keys"),
                  "notice": notice},
            hidden={"notice": not (self.replay_error or self.session.link_notices),
                    "link-game": not self.link_game, "hint": True},
            labels={"opponent": self.words("cards_of", who=render.t(settings, "bot")),
                    "you": render.t(settings, "your_hand"), "middle": render.t(settings, "table")},
            body={"lang": settings["lang"], "deck": settings["deck"], "turn": "replay",
                  "state": shown.summary(), "ready": "1"},
            **common)

    def _puzzle_screen(self, common: dict) -> Screen:
        """The puzzle's position from your seat: the opponent's cards face down, yours to
        choose from until you answer, then the verdict."""
        puzzle, settings = self.puzzle, replay.table_settings(self.settings)
        view = self.replay.hand.view(HUMAN)
        answered = puzzle.answer is not None
        decision = puzzle.decision
        panel = review_view.puzzle_html(settings, view.scores, puzzle.answer, decision)
        if not answered:
            status = self.words("puzzle_question")
        elif decision is None:
            status = self.words("puzzle_thinking", answer=review_view.action_words(settings, puzzle.answer))
        else:
            status = review_view.puzzle_verdict(settings, puzzle.answer, decision)
        cards = ("".join(render.card_div(c, settings) for c in view.hand) if answered
                 else render.hand_html(view, settings, False))
        state = {**self.replay.summary(), "hands": [list(view.hand), []],
                 "puzzle": {"step": puzzle.step, "answer": puzzle.answer,
                            "mark": None if decision is None or not answered
                            else judge(decision, puzzle.answer)[1]}}
        return Screen(
            html={
                "opponent": render.opponent_html(view, settings, level=False),
                "hand": cards,
                "actions": "" if answered else render.actions_html(view, {**settings, "hints": False}, False),
                "talon": render.talon_html(view, settings),
                "trick": render.trick_html(view, settings),
                "board": panel,
                "mypile": render.my_pile_html(view, settings),
            },
            text={"status": status, "help": render.t(settings, "help"), "notice": ""},
            hidden={"notice": True, "link-game": not self.link_game, "hint": True},
            labels={"opponent": render.t(settings, "opponent"), "you": render.t(settings, "your_hand"),
                    "middle": render.t(settings, "table")},
            body={"lang": settings["lang"], "deck": settings["deck"], "turn": "puzzle",
                  "state": state, "ready": "1"},
            **common)

    def status(self, recent=None) -> str:
        s = self.session
        return render.status_text(s.view, s.settings, self.recent if recent is None else recent,
                                  self.busy, log=s.log, match_over=s.match.over)

    def messages(self) -> list[dict]:
        """The messages for the host page since the last call (an embedded table only):
        a ``ready`` after each new deal, the moves made."""
        if not self.embed:
            return []
        match = self.session.match
        if self.dealt_posted != (match.seed, match.hands_dealt):
            self.dealt_posted = (match.seed, match.hands_dealt)
            self.outbox.append(embed.ready_message(self.session, self.seed_fixed))
        out, self.outbox = self.outbox, []
        return out

    def on_turn(self, turn) -> None:
        """After each action of this table's game: count a hand (and Bummerl) it ended;
        an embedded table tells its host page."""
        self.stats.record(turn, self.settings["bot"])
        if self.embed:
            self.outbox += embed.action_messages(self.session, turn)

    # -------------------------------------------------------------- the one table of actions
    def update(self, action: str, **data) -> list[Effect]:
        """What ``action`` does (see ``ACTIONS``); an unknown action does nothing. A record
        file that could not be read is said until the next action."""
        handler = ACTIONS.get(action)
        if handler is None:
            return []
        self.replay_error = None
        return handler(self, **data)

    def _announce_events(self, events: list) -> list[Effect]:
        words = " ".join(filter(None, (render.message(self.settings, kind, params) for kind, params in events)))
        return [Effect("announce", words)] if words else []

    def _cancel_bot(self) -> None:
        self.generation += 1  # a running bot sequence stops
        self.busy = False

    # your moves
    def act(self, action: str) -> list[Effect]:
        if self.puzzle is not None:
            return self.answer_puzzle(action)
        s = self.session
        if self.busy or not s.human_to_move or self.replay is not None:
            return []
        s.notices = [n for n in s.notices if n not in TRANSIENT]
        s.link_notices = []
        self.arrived = frozenset()
        self.offer_levels = False
        try:
            events = s.act(action)
        except IllegalAction:
            return [Effect("announce", self.words("illegal_action"))]
        self.recent = events
        return self._announce_events(events) + [Effect("bot") if s.bot_to_move else RENDER]

    def play(self, card: str) -> list[Effect]:
        if self.puzzle is not None:
            return self.answer_puzzle(f"play {card}")
        view = self.session.view
        if card not in view.hand:
            return []
        if card not in view.playable or self.busy:  # a hatched card says why it waits
            return [Effect("announce", render.card_label(view, self.settings, self.busy, card))]
        return self.act(f"play {card}")

    def why(self, why: str) -> list[Effect]:
        """A card you may not play has the focus: the turn prompt says why."""
        if not why or self.busy or not self.session.human_to_move or self.replay is not None:
            return []
        return [Effect("status", self.status([]) + " — " + why)]

    # the bot (its paced sequence is run by app)
    @property
    def bot_to_move(self) -> bool:
        return self.session.bot_to_move and self.replay is None

    def begin_bot(self) -> int:
        """The bot starts moving: your controls wait. Returns the sequence's generation
        (it goes on while ``generation`` is unchanged)."""
        self.busy = True
        return self.generation

    def bot_moved(self, action) -> list[Effect]:
        events = self.session.bot_step(action)
        self.recent = self.recent + events
        self.busy = self.session.bot_to_move  # one render per move: the last one frees the table
        return self._announce_events(events) + [RENDER]

    def end_bot(self, generation: int) -> list[Effect]:
        if generation == self.generation and self.busy:
            self.busy = False
            return [RENDER]
        return []

    def bot_due(self, generation: int) -> list[Effect]:
        """The time another tab had to play the bot's move has passed: that tab was closed,
        so this one plays it (unless anything happened meanwhile)."""
        if generation == self.generation and self.bot_to_move and not self.busy:
            return [Effect("bot")]
        return []

    @property
    def think_seconds(self) -> float:
        return THINK_SECONDS[self.settings["think"]]

    # the Hint (thought by app, in slices)
    def hint(self) -> list[Effect]:
        s = self.session
        if self.busy or self.replay is not None or not s.human_to_move or not s.settings["hints"]:
            return []
        return [Effect("hint")]

    def hint_thinking(self):
        """Hard's search for your move and the position it is for, or None."""
        thinking = self.session.hint_thinking() if self.hint() else None
        return None if thinking is None else (thinking, (self.generation, *_position(self.session)))

    def hint_found(self, position: tuple, action) -> list[Effect]:
        if position != (self.generation, *_position(self.session)):
            return []  # the position moved on while Hard thought
        text = render.hint_text(self.settings, self.session.hint(action))
        if action.card:
            target = f'#hand [data-card="{action.card}"]'
        else:
            extra = f'[data-suit="{action.suit}"]' if action.suit else ""
            target = f'#actions [data-action="{action.kind}"]{extra}'
        return [Effect("show_hint", text, target), Effect("announce", text)]

    # hands and matches
    def next_hand(self) -> list[Effect]:
        s = self.session
        if not s.hand.over or self.replay is not None:
            return []
        s.notices = [n for n in s.notices if n not in (*TRANSIENT, "rules_pending")]
        s.next_hand()
        self.recent = []
        return self._after_deal()

    def _after_deal(self, note: str = "") -> list[Effect]:
        """Show the hand now in play, say the deal (after ``note``), let the bot lead."""
        s = self.session
        said = " ".join(filter(None, (note, render.deal_text(s.view, s.match, s.settings))))
        return [RENDER, Effect("announce", said)] + ([Effect("bot")] if s.bot_to_move else [])

    def ask_new_match(self) -> list[Effect]:
        """A new match at once when nothing would be lost, else after asking."""
        effects = []
        if self.replay is not None:
            self.replay = self.reviewer = self.puzzle = None
            self._cancel_bot()
            effects.append(RENDER)
        s = self.session
        if s.match.results or s.hand.history and not s.hand.over:
            return effects + [Effect("dialog", "confirm", render.confirm_html(s.settings, s.match.board))]
        return self.new_match()

    def new_match(self, note: str = "") -> list[Effect]:
        self._cancel_bot()
        self.session.notices = [n for n in self.session.notices if n != "rules_pending"]
        self.session.new_match()
        self.recent = []
        return self._after_deal(note)

    def confirmed_new_match(self) -> list[Effect]:
        return [Effect("close_dialog", "confirm")] + self.new_match(self.words("new_match_started"))

    def back_to_match(self) -> list[Effect]:
        """Leave a linked deal for the match saved on this device."""
        self._cancel_bot()
        self.recent = []
        self.link_game = False
        self.session = Session(store.Storage(self.local), lang=self.settings["lang"])
        self.session.listeners.append(self.on_turn)
        return self._after_deal() + [Effect("focus", FIRST_CARD)]

    # settings
    def choose_level(self, level: str) -> list[Effect]:
        """The first visit's choice of opponent: it plays from its next move on."""
        if level not in CHOICES["bot"]:
            return []
        self.session.set_setting("bot", level)
        said = self.words("level_chosen", level=render.level_name(self.settings))
        return [RENDER, Effect("announce", said), Effect("focus", f'#trick [data-level="{level}"]')]

    def switch(self, name: str) -> list[Effect]:
        """The header's language and deck buttons: the other one of the two."""
        choices = {"lang": i18n.LANGS, "deck": i18n.DECKS}[name]
        current = self.settings[name]
        self.session.set_setting(name, choices[1 - choices.index(current)])
        return [RENDER]

    def open_rules(self, preset: str | None = None, form: dict | None = None) -> list[Effect]:
        """The rules panel: the match's rules, or a preset's rules and table options (the
        level, thinking time and colours as chosen in the ``form`` so far)."""
        s = self.session
        if preset is None:
            rules = s.match.rules
            display = {k: s.settings[k] for k in (*TABLE_PRESETS["soft"], "bot", "think", "four_colours")}
        else:
            rules = Rules.preset(preset)
            form = form or {}
            display = {**TABLE_PRESETS[preset], **{k: form.get(k) for k in ("bot", "think", "four_colours")}}
        return [Effect("dialog", "rules-panel", render.rules_panel_html(s.settings, rules, display))]

    def apply_rules(self, form: dict) -> list[Effect]:
        """The rules panel's form (field name -> value: True/False for a checkbox, the
        text of a select): new rules from the next deal, table options at once."""
        options = {}
        for name, allowed in Rules.OPTIONS.items():
            value = form.get(name)
            if isinstance(allowed[0], bool):
                options[name] = bool(value)
            else:
                options[name] = next((v for v in allowed if str(v) == value), allowed[0])
        try:
            rules = Rules.preset("soft").with_options(**options)
        except RulesError as error:
            return [Effect("announce", str(error))]
        s = self.session
        s.set_rules(rules, form)
        if not s.hand.over and rules != s.hand.rules and "rules_pending" not in s.notices:
            s.notices.append("rules_pending")  # seen until the next deal
        return [Effect("close_dialog", "rules-panel"), RENDER]

    # statistics
    def open_stats(self) -> list[Effect]:
        html = render.stats_dialog_html(self.settings, self.stats.read(), self.stats.set_aside)
        return [Effect("dialog", "stats-panel", html)]

    def ask_stats_reset(self) -> list[Effect]:
        return [Effect("dialog", "confirm", render.stats_reset_html(self.settings))]

    def reset_stats(self) -> list[Effect]:
        self.stats.reset()
        return [Effect("close_dialog", "confirm")] + self.open_stats()

    # another tab
    def storage_changed(self, key: str, value, stats_open: bool = False) -> list[Effect]:
        """Another tab wrote ``key`` (the storage event; ``value`` None when removed)."""
        if self.embed:
            return []
        if key == statistics.KEY:
            self.stats.adopt(value)  # a hand finished in another tab
            return self.open_stats() if stats_open else []
        if key != store.KEY or not isinstance(value, str) or self.link_game:
            return []
        if value == self.session.storage.last_written or not self.session.adopt_raw(value):
            return []
        self._cancel_bot()
        self.recent = []
        effects = [RENDER]
        if self.bot_to_move:
            # That tab plays the move (and counts the hand it may end); this one plays it
            # only if nothing came after the time a move takes there (that tab was closed).
            wait = max(self.pace, DEFAULT_PACE) / 1000 + self.think_seconds + TAKE_OVER_MARGIN
            effects.append(Effect("bot_due", wait, self.generation))
        return effects

    # sharing
    def copy_link(self) -> list[Effect]:
        return [Effect("copy", replay.deal_query(self.session))]

    def copy_record(self) -> list[Effect]:
        return [Effect("copy", replay.record_query(self._record_hand().to_record(), self.session))]

    def copied(self) -> list[Effect]:
        return [Effect("announce", self.words("copied")), Effect("toast", self.words("link_copied"))]

    def copy_failed(self) -> list[Effect]:
        return [Effect("focus", "#share .share-url input"), Effect("announce", self.words("copy_failed"))]

    def _record_hand(self):
        return self.replay.final if self.replay is not None else self.session.hand

    def download_record(self) -> list[Effect]:
        name = "bummerl-replay.json" if self.replay is not None else replay.record_filename(self.session)
        return [Effect("download", replay.record_json(self._record_hand()), name),
                Effect("announce", self.words("downloaded", name=name))]

    @staticmethod
    def accepts_record_file(size: int) -> bool:
        """Whether a file of ``size`` bytes may hold a record (UTF-8 takes 1-4 bytes a
        character): a larger one is refused before it is read."""
        return size <= 4 * MAX_RECORD_CHARS

    def record_file(self, text: str | None, size: int = 0) -> list[Effect]:
        """A record file was chosen (``text`` None: too large to read)."""
        try:
            if text is None:
                raise NotationError(f"too large: {size:,} bytes")
            record = replay.read_record(text)
        except (NotationError, IllegalAction) as error:
            self.replay_error = self.words("bad_record", error=str(error))
            return [RENDER, Effect("announce", self.replay_error)]
        self.replay_error = None
        self.open_replay(record)
        return [Effect("open", "share", False), RENDER, Effect("focus", '#actions [data-action="replay-forward"]')]

    # the review of a hand (thought by app, in slices)
    def review_html(self) -> str:
        if self.reviewer is None or self.puzzle is not None:
            return ""
        reviewer = self.reviewer
        return review_view.panel_html(self.settings, reviewer.partial(), reviewer.progress,
                                      self.review_running, self.review_stopped, self.review_bot,
                                      reviewer.other_progress)

    def start_review(self) -> list[Effect]:
        """Review your decisions in the hand just finished (or the replay's, if it ended):
        the hand is shown as a replay, so that each reviewed decision can be looked at."""
        from bummerl.review import Reviewer

        board = None  # the match board the hand was played to, when it is the match's
        if self.replay is None and self.session.hand.over:
            self.open_replay(self.session.hand.to_record())
            self.replay.go(self.replay.length)
            board = self.session.match.board_before_last()
        if self.replay is None or not self.replay.final.over:  # the replay holds the whole hand
            return []
        self.reviewer = Reviewer(self.replay.record, HUMAN, exact_nodes=REVIEW_EXACT_NODES, board=board)
        kept = self.reviews.find(self._review_id())
        if kept is not None:
            self.reviewer.restore(kept)
            self.review_bot = self.reviewer.with_other
        if self.reviews.set_aside and "reviews_set_aside" not in self.session.notices:
            self.session.notices.append("reviews_set_aside")
        self.review_stopped = False
        if self.reviewer.done:  # kept from an earlier visit: at once
            self.review_running = False
            return [RENDER, Effect("announce", review_view.summary_text(self.settings, self.reviewer.partial())),
                    Effect("focus", "#review button")]
        self.review_running = True
        return [RENDER, Effect("review"), Effect("focus", '#review [data-action="review-stop"]')]

    def _review_id(self) -> str:
        return kept_reviews.review_id(self.replay.record, HUMAN, self.reviewer.board)

    def review_slice(self, reviewer, seconds: float) -> list[Effect]:
        """Think about the review for about ``seconds``; a render when a decision is
        done, and once the whole review is."""
        if reviewer is not self.reviewer or not self.review_running:
            return []
        before = reviewer.progress
        if reviewer.step(seconds):
            self.review_running = False
            if self.puzzle is not None:
                return self._judged()
            self.reviews.keep(self._review_id(), reviewer.partial())
            return [RENDER, Effect("announce", review_view.summary_text(self.settings, reviewer.partial()))]
        return [RENDER] if reviewer.progress != before and self.puzzle is None else [Effect("consumed")]

    def review_bot_toggle(self) -> list[Effect]:
        """Show (or hide) the bot's decisions in the review, reviewed from the bot's view
        once asked for."""
        if self.reviewer is None or self.puzzle is not None:
            return []
        self.review_bot = not self.review_bot
        effects = [RENDER, Effect("focus", '#review [data-action="review-bot"]')]
        if self.review_bot and self.reviewer.include_other() and not self.review_running:
            self.review_running, self.review_stopped = True, False
            effects.append(Effect("review"))
        return effects

    def copy_puzzle(self, step) -> list[Effect]:
        """A row of the review as a link that asks its position as a puzzle."""
        if self.replay is None or not str(step).isdigit() or puzzle_problem(self.replay, int(step)):
            return []
        from .links import make_link

        return [Effect("copy", make_link(record=self.replay.record, at=int(step), puzzle=True,
                                         lang=self.settings["lang"], deck=self.settings["deck"]))]

    # a puzzle (a position of a record: what would you play?)
    def start_puzzle(self, step: int) -> None:
        from bummerl.review import Reviewer

        self.replay.go(step)
        self.reviewer = Reviewer(self.replay.record, HUMAN, steps={step})
        self.review_running, self.review_stopped = True, False
        self.puzzle = Puzzle(step, self.reviewer)

    def answer_puzzle(self, action: str) -> list[Effect]:
        puzzle = self.puzzle
        if puzzle.answer is not None:
            return []
        hand = self.replay.hand
        try:
            answer = str(Action.parse(action))
            hand.apply(answer)  # only to check it: the puzzle's position stays
        except (IllegalAction, NotationError):
            view = hand.view(HUMAN)
            card = action.removeprefix("play ")
            if card in view.hand:  # a hatched card says why it waits
                return [Effect("announce", render.card_label(view, self.settings, False, card))]
            return [Effect("announce", self.words("illegal_action"))]
        puzzle.answer = answer
        if puzzle.decision is not None:
            return self._judged()
        return [RENDER, Effect("announce", self.words("puzzle_thinking", answer=review_view.action_words(
            self.settings, answer)))]

    def _judged(self) -> list[Effect]:
        puzzle = self.puzzle
        if puzzle.answer is None or puzzle.decision is None:
            return [RENDER]
        verdict = review_view.puzzle_verdict(self.settings, puzzle.answer, puzzle.decision)
        return [RENDER, Effect("announce", verdict), Effect("focus", '#board [data-action="puzzle-again"]')]

    def puzzle_again(self) -> list[Effect]:
        if self.puzzle is None or self.puzzle.answer is None:
            return []
        self.puzzle.answer = None
        return [RENDER, Effect("announce", self.words("puzzle_question")), Effect("focus", FIRST_CARD)]

    def puzzle_show(self) -> list[Effect]:
        """Leave the puzzle for the replay of its hand, at the puzzle's position."""
        if self.puzzle is None:
            return []
        self.puzzle = self.reviewer = None
        self.review_running = False
        return [RENDER, Effect("announce", replay.status_text(self.replay, replay.table_settings(self.settings))),
                Effect("focus", '#actions [data-action="replay-forward"]')]

    def stop_review(self) -> list[Effect]:
        if not self.review_running:
            return []
        self.review_running, self.review_stopped = False, True
        return [RENDER]

    def resume_review(self) -> list[Effect]:
        """Go on with a stopped review, from where it stopped."""
        if not self.review_stopped or self.reviewer is None:
            return []
        self.review_running, self.review_stopped = True, False
        return [RENDER, Effect("review"), Effect("focus", '#review [data-action="review-stop"]')]

    def review_go(self, step) -> list[Effect]:
        """A row of the review: the replay shows the position of that decision."""
        if self.replay is None or self.puzzle is not None or not str(step).isdigit():
            return []
        self.replay.go(int(step))
        return [RENDER, Effect("announce", replay.status_text(self.replay, replay.table_settings(self.settings)))]

    # the replay
    def open_replay(self, record: dict) -> None:
        try:
            self.replay = replay.Replay(record)
        except (NotationError, IllegalAction) as error:
            self.session.link_notices.append(f"record: {error}")
            return
        self.reviewer = self.puzzle = None  # a review or puzzle was of the record shown before
        self.review_running = False
        self._cancel_bot()  # the saved game's bot, if it was thinking, waits

    def replay_to(self, command: str) -> list[Effect]:
        """A replay control or key: go there and say what happened there."""
        if self.replay is None or self.puzzle is not None:
            return []
        step = replay.target_step(self.replay, command)
        if step is None:
            return []
        if not self.replay.go(step):
            return [Effect("consumed")]  # a replay key all the same: the browser's default is kept off
        return [RENDER, Effect("announce", replay.status_text(self.replay, replay.table_settings(self.settings)))]

    def leave_replay(self) -> list[Effect]:
        if self.replay is None:
            return []
        self.replay = self.reviewer = self.puzzle = None
        self._cancel_bot()
        return self._after_deal()

    def play_on(self) -> list[Effect]:
        if self.replay is None or self.puzzle is not None or self.replay.hand.over:
            return []
        self.session.play_on(self.replay.hand)
        self.replay = self.reviewer = self.puzzle = None
        self._cancel_bot()
        self.recent = []
        return self._after_deal() + [Effect("focus", FIRST_CARD)]


def _close_dialog(table: Table, dialog: str = "") -> list[Effect]:
    return [Effect("close_dialog", dialog)] if dialog else []


def _replay_key(table: Table, key: str) -> list[Effect]:
    return table.replay_to(key) if key in replay.SHORTCUT_KEYS else []


# data-action (or event) -> what it does, with the data the page passes along.
ACTIONS = {
    # your moves
    "play": lambda t, card: t.play(card),
    "exchange": lambda t: t.act("exchange"),
    "close": lambda t: t.act("close"),
    "claim": lambda t: t.act("claim"),
    "marry": lambda t, suit: t.act(f"marry {suit}"),
    "why": lambda t, why: t.why(why),
    "hint": Table.hint,
    "next-hand": Table.next_hand,
    # the match
    "new-match": Table.ask_new_match,
    "confirm-yes": Table.confirmed_new_match,
    "confirm-no": lambda t: [Effect("close_dialog", "confirm")],
    "back-to-match": Table.back_to_match,
    "level": lambda t, level: t.choose_level(level),
    # the header and its dialogs
    "lang": lambda t: t.switch("lang"),
    "deck": lambda t: t.switch("deck"),
    "rules": lambda t: t.open_rules(),
    "preset": lambda t, preset, form=None: t.open_rules(preset, form),
    "rules-apply": lambda t, form: t.apply_rules(form),
    "rules-cancel": lambda t: [Effect("close_dialog", "rules-panel")],
    "stats": Table.open_stats,
    "stats-reset": Table.ask_stats_reset,
    "stats-reset-yes": Table.reset_stats,
    "dialog-close": _close_dialog,
    # sharing
    "copy-link": Table.copy_link,
    "copy-record": Table.copy_record,
    "copied": Table.copied,
    "copy-failed": Table.copy_failed,
    "download-record": Table.download_record,
    "load-record": lambda t, text, size=0: t.record_file(text, size),
    # the replay
    "replay-back": lambda t: t.replay_to("replay-back"),
    "replay-forward": lambda t: t.replay_to("replay-forward"),
    "replay-previous-trick": lambda t: t.replay_to("replay-previous-trick"),
    "replay-next-trick": lambda t: t.replay_to("replay-next-trick"),
    "replay-play-on": Table.play_on,
    "replay-leave": Table.leave_replay,
    # the review
    "review": Table.start_review,
    "review-stop": Table.stop_review,
    "review-resume": Table.resume_review,
    "review-go": lambda t, step: t.review_go(step),
    "review-bot": Table.review_bot_toggle,
    "copy-puzzle": lambda t, step: t.copy_puzzle(step),
    "puzzle-again": Table.puzzle_again,
    "puzzle-show": Table.puzzle_show,
    "key": _replay_key,
    # events of the page
    "storage": lambda t, key, value, stats_open=False: t.storage_changed(key, value, stats_open),
    "bot-due": lambda t, generation: t.bot_due(generation),
}
