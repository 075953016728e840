"""Browser glue: builds the session, renders it into the page, and forwards clicks.

Everything here is about the DOM, timers and storage events; every game question
goes through `session` to the engine.  One click listener on #app (event
delegation: the regions are re-rendered as HTML strings), one keydown listener for
arrow keys in the hand, one `storage` listener for other tabs.
"""
from __future__ import annotations

import asyncio
import importlib
import json
import time

import js
from pyodide.ffi import create_once_callable, create_proxy

from bummerl import IllegalAction, Rules, RulesError, bots

from . import i18n, render, rescue, share_ui
from . import stats as tally
from . import storage as store
from .session import (
    DISPLAY_OPTIONS, TABLE_PRESETS, THINK_SECONDS, THINK_SLICE, Session, clean_settings,
)

document = js.document
DEFAULT_PACE = 900  # ms: the least time a bot move takes (half that with reduced motion)
# Seconds beyond a move's pace and thinking that a tab waits before it plays the bot's
# move in a match another tab saved (``take_over_bot``).
TAKE_OVER_MARGIN = 2.0
TRANSIENT = ("other_tab", "set_aside_corrupt", "set_aside_foreign", "set_aside_future",
             "set_aside_exported", "stats_set_aside")


def _local_storage():
    """window.localStorage, or None when the browser refuses it."""
    try:
        backend = js.window.localStorage
        backend.getItem(store.KEY)
        return backend
    except Exception:  # noqa: BLE001 (SecurityError in sandboxed frames, disabled storage)
        return None


def _query_int(params, name: str):
    value = params.get(name)  # a str, or jsnull when absent
    try:
        return int(value) if isinstance(value, str) else None
    except ValueError:
        return None


def _by_id(name: str):
    return document.getElementById(name)


def _saved_game(backend) -> store.Saved | None:
    """The game saved in `backend`, read by the strict reader (None: nothing usable)."""
    saved, _ = store.read(store.Storage(backend).read_raw())
    return saved


def _other_deal(link, saved: store.Saved | None) -> bool:
    """True when `link` deals another game than the saved match (another seed, or
    another deal number of it): then it is played beside the match, never over it."""
    if saved is None or link is None or link.embed or link.seed is None:
        return False
    match = saved.match
    return match.seed != link.seed or bool(link.hand) and match.hands_dealt != link.hand


class App:
    def __init__(self):
        params = js.URLSearchParams.new(js.location.search)
        reduced = js.window.matchMedia("(prefers-reduced-motion: reduce)").matches
        pace = _query_int(params, "pace")  # the page's own parameter (tests, demos)
        self.pace = pace if pace is not None and pace >= 0 else (450 if reduced else DEFAULT_PACE)
        params.delete("pace")
        query = str(params.toString())
        link = None
        if query:  # only then: links has its own small query parser (urllib.parse costs ~0.1 s)
            from .links import parse_link

            link = parse_link(query)  # seed, hand, rules, lang, deck, embed, record
            if link.embed:
                document.body.classList.add("embed")
        if query and not (link and link.embed):  # an embedded table keeps its link: nothing is saved
            # A link is read once: drop its parameters from the address bar, so that a
            # reload resumes the saved game instead of dealing the link's game again.
            kept = js.URLSearchParams.new()
            if pace is not None:
                kept.set("pace", str(pace))
            if params.has("embed"):
                kept.set("embed", params.get("embed"))
            rest = str(kept.toString())
            js.history.replaceState(None, "", js.location.pathname + ("?" + rest if rest else "") + js.location.hash)
        lang = i18n.pick_language(list(js.navigator.languages or [js.navigator.language]))
        # Embedded (someone's rules page): the game lives in memory only, so that it never
        # takes over, nor is taken over by, the game saved by the site itself.  So does a
        # deal link opened while another match is saved (with a way back to that match).
        local = _local_storage()
        saved = _saved_game(local)
        self.link_game = _other_deal(link, saved)
        backend = store.MemoryBackend() if link and link.embed or self.link_game else local
        overrides = {"lang": link.lang, "deck": link.deck} if link else None
        if self.link_game:  # your deck, level and table options; the link's language and deck
            overrides = {**clean_settings(saved.settings, lang),
                         **{k: v for k, v in overrides.items() if v is not None}}
        self.session = Session(
            store.Storage(backend), lang=lang,
            seed=link.seed if link else None, rules=link.rules if link else None,
            overrides=overrides, link_notices=link.notices if link else None)
        if link and link.rules is not None:  # a preset's table options, as the rules panel
            self.session.set_rules(link.rules, TABLE_PRESETS.get(link.rules.preset_name, {}))
        self.stats = tally.Keeper(None if link and link.embed else local)
        if self.stats.set_aside:
            self.session.notices.append("stats_set_aside")
        self.shown_hand: set = set()  # the cards in your hand at the last render
        self.arrived: set = set()  # of those, the ones dealt or drawn since your last action
        self.busy = False
        self.recent: list = []
        self.generation = 0  # bumped to cancel a running bot sequence
        self._proxies = []
        self.ticks = 0  # renders so far (body[data-tick]): lets tests wait for a change
        self.extras = share_ui.Extras(self, link)  # hand= links, replays, Share menu, embed
        self.session.listeners.append(self.on_turn)

    # ------------------------------------------------------------ rendering
    def render(self) -> None:
        if rescue.shown:
            return
        try:
            self.draw()
        except Exception as error:  # noqa: BLE001 (the last line of defence: tests/browser/test_rescue.py)
            self.generation += 1  # the bot stops: nothing more is played or saved
            rescue.show(error)

    def draw(self) -> None:
        if self.extras.render():  # a replay draws the table itself
            return
        s, busy = self.session, self.busy
        view, settings, over = s.view, s.settings, s.match.over
        focus_key = self._focus_key()
        # <details> the player opened (results, trick piles) stay open across renders
        opened = [d.getAttribute("data-key") for d in document.querySelectorAll("details[data-key][open]")]
        document.documentElement.lang = s.settings["lang"]
        document.documentElement.setAttribute("data-colours", "4" if s.settings["four_colours"] else "2")
        self.arrived = (self.arrived | set(view.hand) - self.shown_hand) & set(view.hand)
        self.shown_hand = set(view.hand)
        bummerl = s.bummerl_end()
        _by_id("hand").innerHTML = render.hand_html(view, settings, busy, self.arrived)
        _by_id("actions").innerHTML = render.actions_html(view, settings, busy, over, bummerl is not None)
        _by_id("opponent").innerHTML = render.opponent_html(view, settings)
        _by_id("talon").innerHTML = render.talon_html(view, settings, self.recent)
        _by_id("trick").innerHTML = (render.summary_html(view, settings, s.bot_cards(), bummerl)
                                     or render.trick_html(view, settings, self.recent))
        _by_id("hint").hidden = True
        banner = _by_id("link-game")
        banner.hidden = not self.link_game
        if self.link_game and banner.getAttribute("data-lang") != settings["lang"]:
            banner.innerHTML = render.link_game_html(settings)
            banner.setAttribute("data-lang", settings["lang"])
        _by_id("board").innerHTML = render.board_html(view, s.match, settings,
                                                      bummerl["final"] if bummerl else None)
        _by_id("mypile").innerHTML = render.my_pile_html(view, settings)
        _by_id("status").textContent = self.status()
        _by_id("help").textContent = render.t(settings, "help")
        howto = _by_id("howto")
        if howto.getAttribute("data-lang") != settings["lang"]:  # keeps open/closed state
            howto.innerHTML = render.howto_html(settings)
            howto.setAttribute("data-lang", settings["lang"])
        for section, key in (("opponent", "opponent"), ("you", "your_hand"), ("middle", "table")):
            _by_id(section).setAttribute("aria-label", render.t(settings, key))
        share_ui.paint_menu(s)
        notice = _by_id("notice")
        notice.textContent = render.notice_text(settings, s.notices, s.link_notices)
        notice.hidden = not (s.notices or s.link_notices)
        body = document.body
        body.dataset.lang = s.settings["lang"]
        body.dataset.deck = s.settings["deck"]
        body.dataset.turn = "over" if s.hand.over else ("you" if s.human_to_move else "bot")
        body.dataset.state = json.dumps(s.summary())
        for key in opened:
            again = document.querySelector(f'details[data-key="{key}"]')
            if again:
                again.open = True
        self._restore_focus(focus_key)
        self.ticks += 1
        body.dataset.tick = str(self.ticks)
        body.dataset.ready = "0" if busy or s.bot_to_move else "1"

    def status(self) -> str:
        s = self.session
        return render.status_text(s.view, s.settings, self.recent, self.busy, log=s.log,
                                  match_over=s.match.over)

    def _focus_key(self):
        active = document.activeElement
        if not active or not active.closest("#hand, #actions"):
            return None
        return (active.getAttribute("data-card"), active.getAttribute("data-action"),
                active.getAttribute("data-suit"))

    def _restore_focus(self, key) -> None:
        if key is None:
            return
        card, action, suit = key
        target = None
        if card:
            target = document.querySelector(f'#hand [data-card="{card}"]')
        elif action:
            extra = f'[data-suit="{suit}"]' if suit else ""
            target = document.querySelector(f'#actions [data-action="{action}"]{extra}')
        if not target:
            target = (document.querySelector('#hand button:not([aria-disabled="true"])')
                      or document.querySelector("#actions button")
                      or document.querySelector("#hand button"))
        if target:
            target.focus()

    def announce(self, text: str) -> None:
        live = _by_id("live")
        live.textContent = ""
        live.textContent = text

    def announce_events(self, events: list) -> None:
        if events:
            self.announce(" ".join(render.message(self.session.settings, k, p) for k, p in events))

    # ------------------------------------------------------------ events
    def bind(self) -> None:
        click = create_proxy(self.on_click)
        keys = create_proxy(self.on_key)
        other_tab = create_proxy(self.on_storage)
        hint = create_proxy(self.on_hint)
        self._proxies += [click, keys, other_tab, hint]
        app = _by_id("app")
        app.addEventListener("click", click)
        _by_id("hand").addEventListener("keydown", keys)
        _by_id("hand").addEventListener("focusin", hint)
        js.window.addEventListener("storage", other_tab)
        self.extras.bind()

    def on_click(self, event) -> None:
        target = event.target.closest("button")
        if not target or target.disabled:
            return
        card = target.getAttribute("data-card")
        if card and target.closest("#hand"):
            if target.getAttribute("aria-disabled") == "true":
                self.announce(f'{target.getAttribute("aria-label")}')
                return
            self.spawn(self.act(f"play {card}"))
            return
        preset = target.getAttribute("data-preset")
        if preset:
            panel = _by_id("rules-panel")
            level = panel.querySelector('[name="bot"]')
            think = panel.querySelector('[name="think"]')
            colours = panel.querySelector('[name="four_colours"]')
            display = dict(TABLE_PRESETS[preset], bot=level.value if level else None,
                           think=think.value if think else None,
                           four_colours=bool(colours.checked) if colours else None)
            self.open_rules(Rules.preset(preset), display)
            return
        action = target.getAttribute("data-action")
        if action in ("exchange", "close", "claim"):
            self.spawn(self.act(action))
        elif action == "marry":
            self.spawn(self.act(f"marry {target.getAttribute('data-suit')}"))
        elif action == "hint":
            self.spawn(self.show_hint())
        elif action == "next-hand":
            self.next_hand()
        elif action == "new-match":
            self.ask_new_match()
        elif action == "confirm-yes":
            _by_id("confirm").close()
            self.new_match(render.t(self.session.settings, "new_match_started"))
        elif action == "confirm-no":
            _by_id("confirm").close()
        elif action == "back-to-match":
            self.back_to_match()
        elif action == "stats":
            self.open_stats()
        elif action == "stats-reset":
            self.open_confirm(render.stats_reset_html(self.session.settings))
        elif action == "stats-reset-yes":
            _by_id("confirm").close()
            self.stats.reset()
            self.open_stats()
        elif action == "dialog-close":
            target.closest("dialog").close()
        elif action == "lang":
            self.session.set_setting("lang", "de" if self.session.settings["lang"] == "en" else "en")
            self.render()
        elif action == "deck":
            self.session.set_setting("deck", "de" if self.session.settings["deck"] == "fr" else "fr")
            self.render()
        elif action == "rules":
            s = self.session
            self.open_rules(s.match.rules,
                            {k: s.settings[k] for k in (*DISPLAY_OPTIONS, "bot", "think", "four_colours")})
        elif action == "rules-apply":
            self.apply_rules()
        elif action == "rules-cancel":
            _by_id("rules-panel").close()

    def on_key(self, event) -> None:
        if event.key not in ("ArrowLeft", "ArrowRight", "Home", "End"):
            return
        cards = list(document.querySelectorAll("#hand button"))
        if not cards:
            return
        try:
            index = cards.index(document.activeElement)
        except ValueError:
            index = 0
        step = {"ArrowLeft": -1, "ArrowRight": 1}.get(event.key)
        if step is None:
            index = 0 if event.key == "Home" else len(cards) - 1
        else:
            index = (index + step) % len(cards)
        cards[index].focus()
        event.preventDefault()

    def on_hint(self, event) -> None:
        why = event.target.getAttribute("data-why") if event.target.getAttribute else None
        if why and not self.busy and self.session.human_to_move:
            _by_id("status").textContent = render.status_text(
                self.session.view, self.session.settings, [], self.busy) + " — " + why

    def on_storage(self, event) -> None:
        if event.key == tally.KEY and not self.extras.embed:
            self.stats.adopt(event.newValue)  # a hand finished in another tab
            if _by_id("stats-panel").open:
                self.open_stats()
            return
        if (event.key != store.KEY or not isinstance(event.newValue, str) or self.extras.embed
                or self.link_game):
            return
        if event.newValue == self.session.storage.last_written:
            return
        if self.session.adopt_raw(event.newValue):
            self.generation += 1
            self.busy = False
            self.recent = []
            self.render()
            if self.session.bot_to_move:
                self.spawn(self.take_over_bot())

    async def take_over_bot(self) -> None:
        """The bot is to move in a match another tab just saved: that tab plays the move
        (and counts the hand); this one plays it only if nothing has come after the time
        a move takes there (that tab was closed). Two tabs playing the same move could
        both count the hand it ends."""
        generation = self.generation
        wait = max(self.pace, DEFAULT_PACE) / 1000 + THINK_SECONDS[self.session.settings["think"]]
        await asyncio.sleep(wait + TAKE_OVER_MARGIN)
        if generation == self.generation and self.session.bot_to_move and not self.busy:
            await self.run_bot()

    @staticmethod
    def spawn(coroutine) -> None:
        asyncio.ensure_future(coroutine)

    # ------------------------------------------------------------ play
    async def act(self, action: str) -> None:
        s = self.session
        if self.busy or not s.human_to_move:
            return
        s.notices = [n for n in s.notices if n not in TRANSIENT]
        s.link_notices = []
        self.arrived = set()
        try:
            events = s.act(action)
        except IllegalAction as error:
            self.announce(str(error))
            return
        self.recent = events
        self.announce_events(events)
        if s.bot_to_move:
            await self.run_bot()
        else:
            self.render()

    async def run_bot(self) -> None:
        s = self.session
        generation = self.generation
        self.busy = True
        self.render()
        while s.bot_to_move and generation == self.generation:
            started = time.perf_counter()
            await asyncio.sleep(0)  # the browser paints what was rendered before thinking starts
            if generation != self.generation:
                return
            thinking = s.bot_thinking()  # Hard searches in slices: the page stays responsive
            while not await self.think(thinking):
                if generation != self.generation:
                    return
            # The pace is the least time a move takes; thinking counts towards it.
            await asyncio.sleep(max(self.pace / 1000 - (time.perf_counter() - started), 0))
            if generation != self.generation:
                return
            events = s.bot_step(thinking.best())
            self.recent = self.recent + events
            self.announce_events(events)
            self.busy = s.bot_to_move  # one render per move: the last one frees the table
            self.render()
        if generation == self.generation and self.busy:
            self.busy = False
            self.render()

    def on_turn(self, turn) -> None:
        """After each action of this tab's game: count a hand (and Bummerl) it ended."""
        self.stats.record(turn, self.session.settings["bot"])

    @staticmethod
    async def think(thinking) -> bool:
        """The browser's turn (clicks, paints), then one slice of a search
        (``THINK_SLICE`` seconds) in a task of its own; True once the search is done."""
        await asyncio.sleep(0)
        return thinking.step(THINK_SLICE)

    async def show_hint(self) -> None:
        s = self.session
        thinking = s.hint_thinking()
        if thinking is None:
            return
        position = (self.generation, s.match.seed, s.match.hands_dealt, len(s.hand.history))
        while not await self.think(thinking):
            pass
        if position != (self.generation, s.match.seed, s.match.hands_dealt, len(s.hand.history)):
            return  # the position moved on while Hard thought
        hint = s.hint(thinking.best())
        text = render.hint_text(self.session.settings, hint)
        box = _by_id("hint")  # beside the turn prompt, which stays
        box.textContent = text
        box.hidden = False
        self.announce(text)
        action = hint.action
        for el in document.querySelectorAll("#hand .hinted, #actions .hinted"):
            el.classList.remove("hinted")
        if action.card:
            target = document.querySelector(f'#hand [data-card="{action.card}"]')
        else:
            extra = f'[data-suit="{action.suit}"]' if action.suit else ""
            target = document.querySelector(f'#actions [data-action="{action.kind}"]{extra}')
        if target:
            target.classList.add("hinted")

    def next_hand(self) -> None:
        self.session.notices = [n for n in self.session.notices if n not in (*TRANSIENT, "rules_pending")]
        self.session.next_hand()
        self.recent = []
        self.after_deal()

    def ask_new_match(self) -> None:
        """A new match at once when nothing would be lost, else after asking."""
        s = self.session
        if s.match.results or s.hand.history and not s.hand.over:
            self.open_confirm(render.confirm_html(s.settings, s.match.board))
        else:
            self.new_match()

    def open_confirm(self, html: str) -> None:
        """The question dialog (modal; Escape or the first button keeps things as they are)."""
        dialog = _by_id("confirm")
        dialog.innerHTML = html
        dialog.showModal()
        dialog.querySelector('[data-action="confirm-no"]').focus()

    def open_stats(self) -> None:
        panel = _by_id("stats-panel")
        panel.innerHTML = render.stats_dialog_html(self.session.settings, self.stats.read(),
                                                   self.stats.set_aside)
        if not panel.open:
            panel.showModal()
        panel.querySelector('[data-action="dialog-close"]').focus()

    def toast(self, text: str) -> None:
        """A short visible confirmation (e.g. "Link copied") that goes away by itself."""
        box = _by_id("toast")
        box.textContent = text
        box.hidden = False

        def hide():
            if box.textContent == text:  # not a newer confirmation
                box.hidden = True

        js.setTimeout(create_once_callable(hide), 2500)

    def back_to_match(self) -> None:
        """Leave a linked deal for the match saved on this device."""
        self.generation += 1
        self.busy = False
        self.recent = []
        self.link_game = False
        self.session = Session(store.Storage(_local_storage()), lang=self.session.settings["lang"])
        self.session.listeners.append(self.on_turn)
        self.after_deal()
        first = document.querySelector('#hand button:not([aria-disabled="true"])')
        if first:
            first.focus()

    def new_match(self, note: str = "") -> None:
        self.generation += 1
        self.busy = False
        self.session.notices = [n for n in self.session.notices if n != "rules_pending"]
        self.session.new_match()
        self.recent = []
        self.after_deal(note)

    def after_deal(self, note: str = "") -> None:
        """Show the hand now in play, say the deal (after `note`), let the bot lead."""
        self.render()
        s = self.session
        self.announce(" ".join(filter(None, (note, render.deal_text(s.view, s.match, s.settings)))))
        if self.session.bot_to_move:
            self.spawn(self.run_bot())

    # ------------------------------------------------------------ rules panel
    def open_rules(self, rules: Rules, display: dict) -> None:
        panel = _by_id("rules-panel")
        panel.innerHTML = render.rules_panel_html(self.session.settings, rules, display)
        if not panel.open:
            panel.showModal()
        focus = panel.querySelector('[aria-pressed="true"]') or panel.querySelector("button")
        focus.focus()

    def apply_rules(self) -> None:
        panel = _by_id("rules-panel")
        options, display = {}, {}
        for name, allowed in Rules.OPTIONS.items():
            field = panel.querySelector(f'[name="{name}"]')
            if isinstance(allowed[0], bool):
                options[name] = bool(field.checked)
            else:
                value = field.value
                options[name] = next((v for v in allowed if str(v) == value), allowed[0])
        for name in DISPLAY_OPTIONS:
            display[name] = bool(panel.querySelector(f'[name="{name}"]').checked)
        display["bot"] = panel.querySelector('[name="bot"]').value
        display["think"] = panel.querySelector('[name="think"]').value
        display["four_colours"] = bool(panel.querySelector('[name="four_colours"]').checked)
        try:
            rules = Rules.preset("soft").with_options(**options)
        except RulesError as error:
            self.announce(str(error))
            return
        s = self.session
        s.set_rules(rules, display)
        if not s.hand.over and rules != s.hand.rules and "rules_pending" not in s.notices:
            s.notices.append("rules_pending")  # seen until the next deal
        panel.close()
        self.render()


async def warm_bots() -> None:
    """Import the bots once the table is shown, a module per task (each is compiled from
    source when first imported, tens of milliseconds here), so that the bot's first move
    starts thinking at once and no task is long."""
    for name in bots.MODULES:
        await asyncio.sleep(0)
        importlib.import_module(f"{bots.__name__}.{name}")


async def start() -> None:
    try:
        app = App()
        app.bind()
    except Exception as error:  # noqa: BLE001 (never a page stuck on "shuffling": tests/browser/test_rescue.py)
        rescue.show(error)
        return
    storage = app.session.storage
    if storage.refused_because:  # for developers: why the saved data was set aside
        js.console.warn(f"Bummerl: the saved data was set aside: {storage.refused_because}")
    if storage.exported is not None:  # bad data too large to set aside
        rescue.download(storage.exported)
    table = _by_id("table")
    table.setAttribute("aria-busy", "false")
    document.body.classList.add("live")
    app.render()
    app.spawn(warm_bots())
    if app.session.first_visit:
        _by_id("howto").open = True  # a newcomer sees the rules in brief
    if app.session.bot_to_move:
        await app.run_bot()
