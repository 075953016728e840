"""The table's presenter: everything the page decides, in plain Python (tested in CPython).

In the manner of the Elm architecture, `Table` holds what the page's modes share (the
match's `Session`, the statistics, the storage, a linked deal played beside the saved
match) and the room on show (`rooms`: the match, a replay, a review, a puzzle). Two
methods answer everything the page asks:

- `Table.screen()`: what every region of the page shows (a `screens.Screen`), read from
  the state: it changes nothing;
- `Table.update(action, **data)`: what a control (its ``data-action``), a key, a focus
  or an event of the page does. The state changes here; the answer is a list of effects
  (`effects`: render, announce, run the bot, open a dialog, copy, download, ...) that
  `app`, the only module that touches the DOM, carries out. The room on show answers its
  own controls (its ``ACTIONS``); `ACTIONS` here are those of every room (the match, the
  header and its dialogs, sharing, events of the page).

Start-up is plain functions too: `read_address` (the link, the pace, what stays in the
address bar) and `Table.start` (which storage, which save, which notices), then
`Table.boot` (what the page does first). The bot's paced moves and the Hint are run by
`app` (they wait and think in slices) through the match's room (`Table.play`); the
review's slices through `Table.review_slice`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from bummerl import IllegalAction, NotationError, Rules, RulesError
from bummerl.record import MAX_RECORD_CHARS

from . import embed, i18n, puzzle_book, render, replay, review_view
from . import reviews as kept_reviews, stats as statistics, storage as store
from .effects import (FIRST_CARD, RENDER, Announce, BotDue, CloseDialog, Consumed, Copy, Download, Focus,
                      LoadPuzzles, OpenDetails, OpenDialog, ReadPuzzles, Toast, WarmBots, Warn)
from .rooms import Room, reviewing
from .rooms.editing import SetupRoom, setup_of_record
from .rooms.playing import PlayRoom
from .rooms.puzzle import LoadingRoom, PuzzleRoom
from .rooms.replaying import ReplayRoom, puzzle_problem
from .rooms.reviewing import ReviewRoom
from .session import Session
from .settings import CHOICES, HUMAN, PRACTICE_OPTIONS, SEATS, TABLE_PRESETS, THINK_SECONDS, clean_settings

DEFAULT_PACE = 900  # ms: the least time a bot move takes
REDUCED_PACE = 450  # ... under prefers-reduced-motion
# Seconds beyond a move's pace and thinking that a tab waits before it plays the bot's
# move in a match another tab saved (see "bot-due").
TAKE_OVER_MARGIN = 2.0
ROOMS = (PlayRoom, ReplayRoom, ReviewRoom, PuzzleRoom, LoadingRoom, SetupRoom)
# The rules panel's choices that a preset button leaves as chosen so far.
KEPT_BY_PRESETS = ("bot", "think", "four_colours", *PRACTICE_OPTIONS)


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
    another deal number of it, or a recorded position to play on): then it is played
    beside the match, never over it."""
    if saved is None or link is None or link.embed:
        return False
    if link.play and link.record is not None:
        return True
    if link.seed is None:
        return False
    match = saved.match
    return match.seed != link.seed or bool(link.hand) and match.hands_dealt != link.hand


# ------------------------------------------------------------------ the presenter

@dataclass(eq=False)
class Table:
    session: Session
    stats: statistics.Keeper
    local: object = None  # the browser's storage (None: refused); a linked deal's way back
    pace: int = DEFAULT_PACE
    embed: bool = False  # an embedded table: in memory only, posts its moves to the host
    seed_fixed: bool = False  # the link fixed the seed (else `ready` keeps it secret)
    link_game: bool = False  # a linked deal played beside the saved match
    replay_error: str | None = None  # a record file that could not be read
    reviews: object = None  # the finished reviews kept (reviews.Reviews)
    dealt_posted: tuple | None = None  # (seed, deal) last announced to an embedding page
    outbox: list = field(default_factory=list)  # messages for the host page
    base_url: str = "./"  # the page's address without its query (the editor's links)
    caption: str | None = None  # a link's caption and question: plain text over the table
    question: str | None = None
    open_cards: bool = False  # a link asked for both hands face up
    puzzles: list | None = None  # the puzzle collection, once fetched (only when Puzzles opens)
    puzzle_themes: list = field(default_factory=list)  # the themes it has puzzles of
    puzzle_wanted: str | None = None  # a link's puzzle, until the collection is there
    reading: object = None  # the collection being read (`puzzle_book.Reading`)
    _puzzle_keeper: object = None  # the puzzles' progress (`puzzle_book.Keeper`), read when Puzzles opens
    play: PlayRoom = field(init=False)  # the match's room, always there behind the others
    room: Room = field(init=False)  # the room on show

    def __post_init__(self):
        self.session.listeners.append(self.on_turn)
        if self.reviews is None:
            self.reviews = kept_reviews.Reviews(None if self.embed else self.local)
        self.play = self.room = PlayRoom(self)

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
                    seed_fixed=bool(link and link.seed is not None), link_game=link_game)
        table.play.offer_levels = session.first_visit and not embedded and not link_game
        if link:
            table.caption, table.question, table.open_cards = link.caption, link.question, link.open
            session.open_cards = bool(link.open)  # the bot's cards face up: as open hand
        if link and link.hand:
            if link.seed is not None:
                session.deal_hand(link.hand)
            else:
                session.link_notices.append("hand: a deal number needs a seed; ignored")
        if link and link.record is not None and table.open_replay(link.record):
            table._open_at(link)
        if link and link.puzzle_id is not None:  # a puzzle of the collection: fetched at boot
            table.puzzle_wanted = link.puzzle_id
            table.enter(LoadingRoom(table))
        table.play.note_hand()
        return table

    def _open_at(self, link) -> None:
        """A record link's position (``at``), its puzzle, its review, or the match played
        on from it."""
        shown = self.replay
        if link.at is not None:
            if link.at > shown.length:
                self.session.link_notices.append(
                    f"at: the record has {shown.length} actions, not {link.at}; shown from the start")
                return
            shown.go(link.at)
        if link.play:
            if shown.hand.over:
                self.session.link_notices.append(
                    f"play: the hand is over at position {shown.step}; shown as a replay")
                return
            self.session.play_on(shown.hand)
            self.enter(self.play)
            return
        if link.puzzle:
            problem = puzzle_problem(shown, link.at)
            if problem is None:
                self.enter(PuzzleRoom(self, shown, link.at))
                return
            self.session.link_notices.append(problem)
        self.room.review_asked = link.review

    def boot(self) -> list:
        """What the page does once the table is up."""
        storage, effects = self.session.storage, []
        if storage.refused_because:  # for developers: why the saved data was set aside
            effects.append(Warn(f"Bummerl: the saved data was set aside: {storage.refused_because}"))
        if storage.exported is not None:  # bad data too large to set aside
            effects.append(Download(storage.exported, store.SAVED_NAME))
        effects += [RENDER, WarmBots()]
        if self.session.first_visit:
            effects.append(OpenDetails("howto", True))  # a newcomer sees the rules in brief
        return effects + self.room.boot()

    # -------------------------------------------------------------- what is shown
    @property
    def settings(self) -> dict:
        return self.session.settings

    def words(self, key: str, **params) -> str:
        return i18n.text(self.settings["lang"], key, **params)

    @property
    def mode(self) -> str:
        """The room on show: "play", "replay", "review", "puzzle", "puzzles" (the collection
        on its way) or "setup"."""
        return self.room.MODE

    @property
    def replay(self):
        """The record on show (a `replay.Replay`), None while the match is."""
        return self.room.replay

    @property
    def reviewer(self):
        """The review (or puzzle) being thought about, if any."""
        return self.room.reviewer

    def screen(self):
        """What the page shows now: the room's screen (it changes nothing)."""
        return self.room.screen()

    def notice(self) -> str:
        """What the notice line says: a record file refused, else the session's notices."""
        s = self.session
        return self.replay_error or render.notice_text(s.settings, s.notices, s.link_notices)

    def messages(self) -> list[dict]:
        """The messages for the host page since the last call (an embedded table only):
        a ``ready`` after each new deal, the moves made."""
        if not self.embed:
            return []
        match = self.session.match
        if self.dealt_posted != (match.seed, match.hands_dealt):
            self.dealt_posted = (match.seed, match.hands_dealt)
            ready = {**embed.ready_message(self.session, self.seed_fixed), "mode": self.mode}
            shown = self.replay
            if shown is not None:  # a record on show: its position, not the match's
                hand = shown.hand
                ready.update(rules=hand.rules.to_json(), hand=list(hand.view(HUMAN).hand),
                             to_act=None if hand.over else SEATS[hand.to_act])
            self.outbox.append(ready)
        out, self.outbox = self.outbox, []
        return out

    def on_turn(self, turn) -> None:
        """After each action of this table's game: count a hand (and Bummerl) it ended;
        an embedded table tells its host page."""
        match = self.session.match
        self.stats.record(turn, self.settings["bot"], self.session.practice, (match.seed, match.hands_dealt))
        if self.embed:
            self.outbox += embed.action_messages(self.session, turn)

    # -------------------------------------------------------------- the one entry for actions
    def update(self, action: str, **data) -> list:
        """What ``action`` does: the room on show answers its own (its ``ACTIONS``), the
        table those of every room (`ACTIONS`); an action no room has does nothing, nor
        does another room's. A record file that could not be read is said until the next
        action."""
        if action not in HANDLED:
            return []
        self.replay_error = None
        room = self.room
        if action in room.ACTIONS:
            effects = room.ACTIONS[action](room, **data)
        else:
            effects = ACTIONS[action](self, **data) if action in ACTIONS else []
        self.play.note_hand()
        return effects

    def enter(self, room: Room) -> None:
        """Show ``room``; the bot, if it was moving, waits."""
        self.play.cancel_bot()
        self.room = room

    def open_replay(self, record: dict) -> bool:
        """Show ``record`` as a replay (False, and a notice, when it does not replay)."""
        try:
            shown = replay.Replay(record)
        except (NotationError, IllegalAction) as error:
            self.session.link_notices.append(f"record: {error}")
            return False
        self.enter(ReplayRoom(self, shown))
        return True

    def review(self, shown, board=None, ahead=None) -> list:
        """Review your decisions in the finished hand ``shown`` (see `rooms.reviewing`),
        taking over what the review ``ahead`` did while it was played."""
        return reviewing.start(self, shown, board, ahead)

    def review_slice(self, reviewer, seconds: float) -> list:
        """Think about the review (or puzzle) on show for about ``seconds`` (run by app)."""
        return self.room.review_slice(reviewer, seconds)

    # the match
    def ask_new_match(self) -> list:
        """A new match at once when nothing would be lost, else after asking."""
        effects = []
        if self.room is not self.play:
            self.enter(self.play)
            effects.append(RENDER)
        s = self.session
        if s.match.results or s.hand.history and not s.hand.over:
            return effects + [OpenDialog("confirm", render.confirm_html(s.settings, s.match.board))]
        return self.new_match()

    def new_match(self, note: str = "") -> list:
        self.play.cancel_bot()
        self.session.notices = [n for n in self.session.notices if n != "rules_pending"]
        self.session.new_match()
        self.play.recent = []
        return self.play.after_deal(note)

    def confirmed_new_match(self) -> list:
        return [CloseDialog("confirm")] + self.new_match(self.words("new_match_started"))

    def back_to_match(self) -> list:
        """Leave a linked deal for the match saved on this device."""
        self.play.cancel_bot()
        self.play.recent = []
        self.link_game = False
        self.session = Session(store.Storage(self.local), lang=self.settings["lang"])
        self.session.listeners.append(self.on_turn)
        return self.play.after_deal() + [Focus(FIRST_CARD)]

    def bot_due(self, generation: int) -> list:
        return self.play.bot_due(generation)

    # settings
    def choose_level(self, level: str) -> list:
        """The first visit's choice of opponent: it plays from its next move on."""
        if level not in CHOICES["bot"]:
            return []
        self.session.set_setting("bot", level)
        said = self.words("level_chosen", level=render.level_name(self.settings))
        return [RENDER, Announce(said), Focus(f'#trick [data-level="{level}"]')]

    def switch(self, name: str) -> list:
        """The header's language and deck buttons: the other one of the two."""
        choices = {"lang": i18n.LANGS, "deck": i18n.DECKS}[name]
        current = self.settings[name]
        self.session.set_setting(name, choices[1 - choices.index(current)])
        return [RENDER]

    def open_rules(self, preset: str | None = None, form: dict | None = None) -> list:
        """The rules panel: the match's rules, or a preset's rules and table options (the
        level, thinking time and colours as chosen in the ``form`` so far)."""
        s = self.session
        if preset is None:
            rules = s.match.rules
            display = {k: s.settings[k] for k in (*TABLE_PRESETS["soft"], *KEPT_BY_PRESETS)}
        else:
            rules = Rules.preset(preset)
            form = form or {}
            display = {**TABLE_PRESETS[preset], **{k: form.get(k) for k in KEPT_BY_PRESETS}}
        return [OpenDialog("rules-panel", render.rules_panel_html(s.settings, rules, display))]

    def apply_rules(self, form: dict) -> list:
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
            return [Announce(str(error))]
        s = self.session
        s.set_rules(rules, form)
        if not s.hand.over and rules != s.hand.rules and "rules_pending" not in s.notices:
            s.notices.append("rules_pending")  # seen until the next deal
        return [CloseDialog("rules-panel"), RENDER]

    # statistics
    def open_stats(self) -> list:
        html = render.stats_dialog_html(self.settings, self.stats.read(), self.stats.set_aside)
        return [OpenDialog("stats-panel", html)]

    def ask_stats_reset(self) -> list:
        return [OpenDialog("confirm", render.stats_reset_html(self.settings))]

    def reset_stats(self) -> list:
        self.stats.reset()
        return [CloseDialog("confirm")] + self.open_stats()

    # another tab
    def storage_changed(self, key: str, value, stats_open: bool = False) -> list:
        """Another tab wrote ``key`` (the storage event; ``value`` None when removed)."""
        if self.embed:
            return []
        if key == statistics.KEY:
            self.stats.adopt(value)  # a hand finished in another tab
            return self.open_stats() if stats_open else []
        if key == puzzle_book.KEY:  # puzzles solved in another tab
            if self._puzzle_keeper is None:
                return []
            self._puzzle_keeper.read()
            return [RENDER] if isinstance(self.room, PuzzleRoom) and self.room.puzzle is not None else []
        if key != store.KEY or not isinstance(value, str) or self.link_game:
            return []
        if value == self.session.storage.last_written or not self.session.adopt_raw(value):
            return []
        play = self.play
        play.cancel_bot()
        play.recent = []
        effects = [RENDER]
        if play.bot_to_move:
            # That tab plays the move (and counts the hand it may end); this one plays it
            # only if nothing came after the time a move takes there (that tab was closed).
            think = THINK_SECONDS[self.settings["think"]]
            wait = max(self.pace, DEFAULT_PACE) / 1000 + think + TAKE_OVER_MARGIN
            effects.append(BotDue(wait, play.generation))
        return effects

    # the puzzles
    @property
    def puzzle_keeper(self) -> puzzle_book.Keeper:
        """The puzzles' progress, read from storage when first needed (an embedded table's
        in memory only)."""
        if self._puzzle_keeper is None:
            self._puzzle_keeper = puzzle_book.Keeper(None if self.embed else self.local)
        return self._puzzle_keeper

    @property
    def puzzle_theme(self) -> str:
        """The theme chosen ("all" when the chosen one has no puzzle in the collection)."""
        theme = self.puzzle_keeper.progress.theme
        return theme if theme in self.puzzle_themes else puzzle_book.ALL

    def next_puzzle(self, after: str | None = None):
        """The next unsolved puzzle of the theme chosen (None: all are solved)."""
        return puzzle_book.next_unsolved(self.puzzles or [], self.puzzle_keeper.progress, self.puzzle_theme, after)

    def progress_words(self) -> str:
        """"Closing: 3 of 12 solved · streak 2 (best 4)"."""
        theme, progress = self.puzzle_theme, self.puzzle_keeper.progress
        solved, total = puzzle_book.solved_count(self.puzzles or [], progress, theme)
        now, best = progress.streak(theme)
        return self.words("puzzle_progress", theme=review_view.theme_name(self.settings, theme), solved=solved,
                          total=total, now=now, best=best)

    def puzzles_panel(self) -> str:
        return review_view.puzzles_panel_html(self.settings, self.puzzle_themes, self.puzzle_theme,
                                              self.progress_words())

    def open_puzzles(self) -> list:
        """The header's *Puzzles*: the collection is fetched the first time, then the next
        unsolved puzzle of the theme chosen opens (the first of the theme when all are)."""
        if self.puzzles is None:
            if isinstance(self.room, LoadingRoom):
                return self.room.retry()
            self.enter(LoadingRoom(self))
            return [RENDER, LoadPuzzles(), Announce(self.words("puzzles_loading"))]
        room = self.room
        if isinstance(room, PuzzleRoom) and room.puzzle is not None:  # already there
            return [Focus(FIRST_CARD if room.answer is None else room.way_on())]
        self.puzzle_keeper.read()  # another tab may have solved some
        return self.open_puzzle(self.next_puzzle() or puzzle_book.in_theme(self.puzzles, self.puzzle_theme)[0])

    def open_puzzle(self, puzzle) -> list:
        room = PuzzleRoom.of(self, puzzle)
        self.enter(room)
        self.dealt_posted = None  # an embedding page hears of the puzzle's position (``ready``)
        return room.opened()

    def open_next_puzzle(self) -> list:
        """*Next*: the next unsolved puzzle of the theme after the one on show."""
        room = self.room
        puzzle = self.next_puzzle(after=room.puzzle.id if isinstance(room, PuzzleRoom) and room.puzzle else None)
        if puzzle is None:
            return [Announce(self.words("puzzle_all_solved"))]
        return self.open_puzzle(puzzle)

    def choose_puzzle_theme(self, theme: str) -> list:
        """A theme chosen (kept with the progress): its next unsolved puzzle opens; the
        focus stays on the choice."""
        if self.puzzles is None or theme != puzzle_book.ALL and theme not in self.puzzle_themes:
            return []
        self.puzzle_keeper.choose_theme(theme)
        puzzle = self.next_puzzle() or puzzle_book.in_theme(self.puzzles, theme)[0]
        room = PuzzleRoom.of(self, puzzle)
        self.enter(room)
        return [RENDER, Announce(f"{self.progress_words()}. {room.question_words()}")]

    def puzzles_loaded(self, text: str) -> list:
        """The collection's text fetched: read strictly, a slice at a time (`puzzles_slice`,
        run by the page)."""
        try:
            self.reading = puzzle_book.Reading(text)
        except NotationError as error:
            return self.puzzles_failed(self.words("puzzles_bad", error=str(error)), worded=True)
        return [ReadPuzzles()]

    def puzzles_slice(self, seconds: float) -> list:
        """Read the collection for about ``seconds``: nothing more to do ([]), more to read
        ([Consumed()]), or, once read, the puzzle a link asked for or the next unsolved one
        (unless the player went elsewhere meanwhile)."""
        reading = self.reading
        if reading is None:
            return []
        try:
            if not reading.step(seconds):
                return [Consumed()]
        except NotationError as error:
            self.reading = None
            return self.puzzles_failed(self.words("puzzles_bad", error=str(error)), worded=True)
        self.reading = None
        puzzles = reading.puzzles
        self.puzzles, self.puzzle_themes = puzzles, puzzle_book.themes_present(puzzles)
        if not isinstance(self.room, LoadingRoom):
            return []
        wanted, self.puzzle_wanted = self.puzzle_wanted, None
        if wanted is not None:
            found = next((p for p in puzzles if p.id == wanted), None)
            if found is None:
                return self.room.failed(self.words("puzzle_unknown", id=wanted))
            return self.open_puzzle(found)
        return self.open_puzzles()

    def puzzles_failed(self, error: str, worded: bool = False) -> list:
        """The collection could not be fetched (offline and never fetched) or read: said,
        and the page goes on (the way back to the match, *Try again*)."""
        said = error if worded else self.words("puzzles_failed", error=error)
        if isinstance(self.room, LoadingRoom):
            return self.room.failed(said)
        return [Announce(said)]

    # sharing
    def open_setup(self) -> list:
        """The deal editor, from the record's position on show (if any), else empty."""
        if isinstance(self.room, SetupRoom):
            return [OpenDetails("share", False), Focus("#setup-title")]
        shown = self.replay
        setup = setup_of_record(shown.record, shown.step) if shown is not None else None
        self.enter(SetupRoom(self, setup, back=self.room))
        return [OpenDetails("share", False), RENDER, Focus("#setup-title")]

    def copy_link(self) -> list:
        return [Copy(self.room.share_query() or replay.deal_query(self.session))]

    def copy_record(self) -> list:
        return [Copy(replay.record_query(self.room.record_hand().to_record(), self.session))]

    def copied(self) -> list:
        return [Announce(self.words("copied")), Toast(self.words("link_copied"))]

    def copy_failed(self) -> list:
        return [Focus("#share .share-url input"), Announce(self.words("copy_failed"))]

    def download_record(self) -> list:
        name = "bummerl-replay.json" if self.replay is not None else replay.record_filename(self.session)
        return [Download(replay.record_json(self.room.record_hand()), name),
                Announce(self.words("downloaded", name=name))]

    @staticmethod
    def accepts_record_file(size: int) -> bool:
        """Whether a file of ``size`` bytes may hold a record (UTF-8 takes 1-4 bytes a
        character): a larger one is refused before it is read."""
        return size <= 4 * MAX_RECORD_CHARS

    def record_file(self, text: str | None, size: int = 0) -> list:
        """A record file was chosen (``text`` None: too large to read)."""
        try:
            if text is None:
                raise NotationError(f"too large: {size:,} bytes")
            record = replay.read_record(text)
        except (NotationError, IllegalAction) as error:
            self.replay_error = self.words("bad_record", error=str(error))
            return [RENDER, Announce(self.replay_error)]
        self.replay_error = None
        self.open_replay(record)
        return [OpenDetails("share", False), RENDER, Focus('#actions [data-action="replay-forward"]')]


# data-action (or event) -> what it does in every room, with the data the page passes along.
ACTIONS = {
    # the match
    "new-match": Table.ask_new_match,
    "confirm-yes": Table.confirmed_new_match,
    "confirm-no": lambda t: [CloseDialog("confirm")],
    "back-to-match": Table.back_to_match,
    "level": lambda t, level: t.choose_level(level),
    # the header and its dialogs
    "lang": lambda t: t.switch("lang"),
    "deck": lambda t: t.switch("deck"),
    "rules": lambda t: t.open_rules(),
    "preset": lambda t, preset, form=None: t.open_rules(preset, form),
    "rules-apply": lambda t, form: t.apply_rules(form),
    "rules-cancel": lambda t: [CloseDialog("rules-panel")],
    "stats": Table.open_stats,
    "puzzles": Table.open_puzzles,
    "puzzles-loaded": lambda t, text: t.puzzles_loaded(text),
    "puzzles-failed": lambda t, error: t.puzzles_failed(error),
    "stats-reset": Table.ask_stats_reset,
    "stats-reset-yes": Table.reset_stats,
    "dialog-close": lambda t, dialog="": [CloseDialog(dialog)] if dialog else [],
    # sharing
    "setup": Table.open_setup,
    "copy-link": Table.copy_link,
    "copy-record": Table.copy_record,
    "copied": Table.copied,
    "copy-failed": Table.copy_failed,
    "download-record": Table.download_record,
    "load-record": lambda t, text, size=0: t.record_file(text, size),
    # events of the page
    "storage": lambda t, key, value, stats_open=False: t.storage_changed(key, value, stats_open),
    "bot-due": lambda t, generation: t.bot_due(generation),
}
# Every action some room answers (the room on show answers its own: see `Table.update`).
HANDLED = frozenset(ACTIONS).union(*(room.ACTIONS for room in ROOMS))
