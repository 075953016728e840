"""Browser glue: binds the page's events to the presenter (`table.Table`) and carries out
what it answers.

Nothing here decides anything: every click, key, focus and storage event becomes
``table.update(action, **data)``, and the effects that come back (`effects`) are done
here, each by its type (`carry_out`, one table from effect type to handler): draw the
`Screen`, speak in the live region, open dialogs, run the bot's paced moves and the Hint
(they wait and think in slices), copy, download; after each render, post to a host page.
One click listener on #app (event delegation: the regions are re-rendered as HTML
strings), one keydown listener for the hand's arrow keys and one for a replay's keys, one
`storage` listener for other tabs.
"""
from __future__ import annotations

import asyncio
import importlib
import json
import time

import js
from pyodide.ffi import create_once_callable, create_proxy

from bummerl import bots

from . import rescue
from .dom import by_id, document, download, local_storage
from .effects import (DIALOG_FOCUS, Announce, BotDue, CloseDialog, Consumed, Copy, CopyText, Download, Focus,
                      LoadPuzzles, OpenDetails, OpenDialog, ReadPuzzles, Render, RunBot, ShowHint, Status, ThinkHint,
                      ThinkReview, Toast, WarmBots, Warn)
from .settings import REVIEW_SLICE, THINK_SLICE
from .table import Table, read_address

FORM_FIELDS = "input[name], select[name]"
PUZZLES_URL = "./assets/puzzles.json"  # fetched only when Puzzles opens (sw.js caches it then)


class App:
    def __init__(self):
        reduced = js.window.matchMedia("(prefers-reduced-motion: reduce)").matches
        address = read_address(str(js.location.search), bool(reduced))
        if address.link is not None and address.link.embed:
            document.body.classList.add("embed")
        if address.keep is not None:  # the link is read: the address keeps what it says
            query = "?" + address.keep if address.keep else ""
            js.history.replaceState(None, "", js.location.pathname + query + js.location.hash)
        languages = list(js.navigator.languages or [js.navigator.language])
        self.table = Table.start(address, languages, local_storage())
        self.table.base_url = str(js.location.origin) + str(js.location.pathname)
        self.preview = ""  # the deal editor's preview frame on show (its HTML)
        self.ticks = 0  # renders so far (body[data-tick]): lets tests wait for a change
        self._proxies = []
        self.handlers = self._handlers()
        self.reviewing_ahead = False  # the review ahead's slices are running (`run_review_ahead`)

    # ------------------------------------------------------------ effects
    def do(self, action: str, **data) -> list:
        effects = self.table.update(action, **data)
        self.carry_out(effects)
        return effects

    def carry_out(self, effects) -> None:
        for effect in effects:
            self.handlers[type(effect)](effect)
        # Whatever happened may let the page review ahead again. Only then is a task started:
        # one started while the bot thought, even one that ended at once, had Chromium draw
        # only every 120 ms or so until the bot's move (a click waited for its frame).
        if not self.reviewing_ahead and self.table.play.may_review_ahead():
            self.reviewing_ahead = True
            self.spawn(self.run_review_ahead())

    def _handlers(self) -> dict:
        """Effect type -> how it is done."""
        return {
            Render: lambda e: self.render(),
            Announce: lambda e: self.announce(e.text),
            RunBot: lambda e: self.spawn(self.run_bot()),
            BotDue: lambda e: self.spawn(self.bot_due(e.seconds, e.generation)),
            ThinkHint: lambda e: self.spawn(self.show_hint()),
            ShowHint: lambda e: self.mark_hint(e.text, e.selector),
            Status: lambda e: setattr(by_id("status"), "textContent", e.text),
            OpenDialog: lambda e: self.open_dialog(e.dialog, e.html),
            CloseDialog: lambda e: by_id(e.dialog).close(),
            OpenDetails: lambda e: setattr(by_id(e.element), "open", e.open),
            Focus: lambda e: self.focus(e.selector),
            Copy: lambda e: self.spawn(self.copy(e.query)),
            CopyText: lambda e: self.spawn(self.copy_text(e.text, e.field)),
            Download: lambda e: download(e.text, e.name),
            Toast: lambda e: self.toast(e.text),
            Warn: lambda e: js.console.warn(e.text),
            WarmBots: lambda e: self.spawn(warm_bots()),
            ThinkReview: lambda e: self.spawn(self.run_review()),
            LoadPuzzles: lambda e: self.spawn(self.load_puzzles()),
            ReadPuzzles: lambda e: self.spawn(self.read_puzzles()),
            Consumed: lambda e: None,
        }

    def render(self) -> None:
        if rescue.shown:
            return
        try:
            self.draw()
        except Exception as error:  # noqa: BLE001 (the last line of defence: tests/browser/test_rescue.py)
            self.table.play.generation += 1  # the bot stops: nothing more is played or saved
            rescue.show(error)
            return
        for message in self.table.messages():  # an embedded table tells its host page
            js.window.parent.postMessage(js.JSON.parse(json.dumps(message)), "*")

    def draw(self) -> None:
        screen = self.table.screen()
        focus_key = self._focus_key()
        # <details> the player opened (results, trick piles) stay open across renders
        opened = [d.getAttribute("data-key") for d in document.querySelectorAll("details[data-key][open]")]
        document.documentElement.lang = screen.lang
        document.documentElement.setAttribute("data-colours", screen.colours)
        for name, html in screen.html.items():
            fill(by_id(name), html)
        for name, value in screen.fields.items():  # the values of form controls, as properties
            element = by_id(name)
            if element is None:
                continue
            if isinstance(value, bool):
                element.checked = value
            elif str(element.value) != value:
                element.value = value
        for name, text in screen.text.items():
            by_id(name).textContent = text
        for name, hidden in screen.hidden.items():
            by_id(name).hidden = hidden
        for name, label in screen.labels.items():
            by_id(name).setAttribute("aria-label", label)
        # Parts that keep their own state (open or closed) are redrawn only in a new language.
        review = by_id("review")
        review.innerHTML = screen.review
        review.hidden = not screen.review
        review.setAttribute("data-done", "1" if screen.review_done else "0")
        if screen.preview != self.preview:  # the frame loads anew only when its address changes
            self.preview = screen.preview
            box = by_id("setup-preview-box")
            box.innerHTML = screen.preview
            box.hidden = not screen.preview
        for name, html in (("howto", screen.howto), ("share", screen.share_menu),
                           ("link-game", screen.link_game)):
            element = by_id(name)
            if element.getAttribute("data-lang") != screen.lang and html:
                element.innerHTML = html
                element.setAttribute("data-lang", screen.lang)
        for action, (label, lang) in screen.menu.items():
            button = document.querySelector(f'header [data-action="{action}"]')
            button.textContent = label
            button.disabled = False
            if lang:
                button.setAttribute("lang", lang)
        body = document.body
        for name, value in screen.body.items():
            if name != "ready":
                body.setAttribute(f"data-{name}", value if isinstance(value, str) else json.dumps(value))
        for key in opened:
            again = document.querySelector(f'details[data-key="{key}"]')
            if again:
                again.open = True
        self._restore_focus(focus_key)
        self.ticks += 1
        body.dataset.tick = str(self.ticks)
        body.dataset.ready = screen.body["ready"]

    def _focus_key(self):
        active = document.activeElement
        if active and active.closest("#setup") and active.id:
            return ("setup", None, active.id)
        if not active or not active.closest("#hand, #actions, #review"):
            return None
        if active.closest("#review"):
            return ("review", active.getAttribute("data-action"), active.getAttribute("data-review-step"))
        return (active.getAttribute("data-card"), active.getAttribute("data-action"),
                active.getAttribute("data-suit"))

    def _restore_focus(self, key) -> None:
        if key is None:
            return
        card, action, suit = key
        target = None
        if card == "setup":  # the editor's control of that id, else its first move
            target = by_id(suit) or document.querySelector("#setup-move-0, #setup-title")
        elif card == "review":  # a row of the review, or its Stop button (then the first row)
            step = f'[data-review-step="{suit}"]' if suit else ""
            target = (document.querySelector(f'#review [data-action="{action}"]{step}')
                      or document.querySelector("#review button"))
        elif card:
            target = document.querySelector(f'#hand [data-card="{card}"]')
        elif action:
            extra = f'[data-suit="{suit}"]' if suit else ""
            target = document.querySelector(f'#actions [data-action="{action}"]{extra}:not([disabled])')
        if not target:
            target = (document.querySelector('#hand button:not([aria-disabled="true"])')
                      or document.querySelector("#actions button:not([disabled])")
                      or document.querySelector("#hand button"))
        if target:
            target.focus()

    def announce(self, text: str) -> None:
        live = by_id("live")
        live.textContent = ""
        live.textContent = text

    def focus(self, selector: str) -> None:
        target = document.querySelector(selector)
        if target:
            target.focus()
            if target.tagName in ("INPUT", "TEXTAREA"):
                target.select()

    def open_dialog(self, name: str, html: str) -> None:
        """A modal dialog (Escape or its first button keeps things as they are)."""
        dialog = by_id(name)
        dialog.innerHTML = html
        if not dialog.open:
            dialog.showModal()
        target = dialog.querySelector(DIALOG_FOCUS[name])
        if target:
            target.focus()

    def mark_hint(self, text: str, selector: str) -> None:
        box = by_id("hint")  # beside the turn prompt, which stays
        box.textContent = text
        box.hidden = False
        for element in document.querySelectorAll("#hand .hinted, #actions .hinted"):
            element.classList.remove("hinted")
        target = document.querySelector(selector)
        if target:
            target.classList.add("hinted")

    def toast(self, text: str) -> None:
        """A short visible confirmation (e.g. "Link copied") that goes away by itself."""
        box = by_id("toast")
        box.textContent = text
        box.hidden = False

        def hide():
            if box.textContent == text:  # not a newer confirmation
                box.hidden = True

        js.setTimeout(create_once_callable(hide), 2500)

    # ------------------------------------------------------------ events
    def bind(self) -> None:
        handlers = {"click": self.on_click, "change": self.on_change, "keydown": self.on_hand_key,
                    "focusin": self.on_focus, "storage": self.on_storage, "replay-keys": self.on_key,
                    "visible": lambda event: self.carry_out([])}
        proxies = {name: create_proxy(handler) for name, handler in handlers.items()}
        self._proxies += list(proxies.values())
        by_id("app").addEventListener("click", proxies["click"])
        by_id("app").addEventListener("change", proxies["change"])
        by_id("hand").addEventListener("keydown", proxies["keydown"])
        by_id("hand").addEventListener("focusin", proxies["focusin"])
        document.addEventListener("keydown", proxies["replay-keys"])
        js.window.addEventListener("storage", proxies["storage"])
        document.addEventListener("visibilitychange", proxies["visible"])  # the review ahead goes on

    def on_click(self, event) -> None:
        target = event.target.closest("button")
        if not target or target.disabled:
            return
        card = target.getAttribute("data-card")
        if card and target.closest("#hand"):
            self.do("play", card=card)
            return
        preset = target.getAttribute("data-preset")
        if preset:
            self.do("preset", preset=preset, form=self.form("rules-panel"))
            return
        action = target.getAttribute("data-action")
        if action == "marry":
            self.do("marry", suit=target.getAttribute("data-suit"))
        elif action == "level":
            self.do("level", level=target.getAttribute("data-level"))
        elif action == "rules-apply":
            self.do("rules-apply", form=self.form("rules-panel"))
        elif action == "review-go":
            self.do(action, step=target.getAttribute("data-review-step"))
        elif action == "setup-act":
            self.do(action, move=target.getAttribute("data-move"))
        elif action == "copy-puzzle":
            self.do(action, step=target.getAttribute("data-puzzle-step"))
        elif action == "dialog-close":
            self.do("dialog-close", dialog=target.closest("dialog").id)
        elif action:
            self.do(action)

    @staticmethod
    def form(name: str) -> dict:
        """A form's fields: name -> True/False for a checkbox, else the value."""
        fields = {}
        for field in by_id(name).querySelectorAll(FORM_FIELDS):
            fields[field.name] = bool(field.checked) if field.type == "checkbox" else str(field.value)
        return fields

    def on_change(self, event) -> None:
        target = event.target
        if target.getAttribute("data-action") == "load-record":
            self.spawn(self.load_file(target))
        elif target.getAttribute("data-action") == "puzzle-theme":
            self.do("puzzle-theme", theme=str(target.value))
        elif target.getAttribute("data-setup"):  # a control of the deal editor
            value = ("1" if target.checked else "0") if target.type == "checkbox" else str(target.value)
            self.do("setup-set", field=target.getAttribute("data-setup"), value=value,
                    card=target.getAttribute("data-card") or "")

    def on_hand_key(self, event) -> None:
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

    def on_key(self, event) -> None:
        """A replay's keys work anywhere on the page but in form fields and dialogs."""
        if event.altKey or event.ctrlKey or event.metaKey:
            return
        target = event.target
        if target.closest and target.closest("input, select, textarea, dialog, summary"):
            return
        if self.do("key", key=event.key):
            event.preventDefault()

    def on_focus(self, event) -> None:
        why = event.target.getAttribute("data-why") if event.target.getAttribute else None
        if isinstance(why, str):
            self.do("why", why=why)

    def on_storage(self, event) -> None:
        value = event.newValue
        self.do("storage", key=str(event.key), value=value if isinstance(value, str) else None,
                stats_open=bool(by_id("stats-panel").open))

    @staticmethod
    def spawn(coroutine) -> None:
        asyncio.ensure_future(coroutine)

    # ------------------------------------------------------------ what takes time
    async def run_bot(self) -> None:
        table, play = self.table, self.table.play
        generation = play.begin_bot()
        self.render()
        while play.bot_to_move and generation == play.generation:
            started = time.perf_counter()
            await asyncio.sleep(0)  # the browser paints what was rendered before thinking starts
            if generation != play.generation:
                return
            thinking = table.session.bot_thinking()  # Hard searches in slices: the page stays responsive
            while not await self.think(thinking):
                if generation != play.generation:
                    return
            # The pace is the least time a move takes; thinking counts towards it.
            await asyncio.sleep(max(table.pace / 1000 - (time.perf_counter() - started), 0))
            if generation != play.generation:
                return
            self.carry_out(play.bot_moved(thinking.best()))
        self.carry_out(play.end_bot(generation))

    async def run_review(self) -> None:
        """Hard reviews the hand in slices (``REVIEW_SLICE`` seconds each, a task of its
        own), the page answering clicks between them, until done or stopped. Marked
        ``bummerl:review`` where it starts (tools/bench_review.py)."""
        table = self.table
        reviewer = table.reviewer
        js.performance.mark("bummerl:review")

        def review() -> bool:
            effects = table.review_slice(reviewer, REVIEW_SLICE)
            if effects:
                self.carry_out(effects)
            return bool(effects)

        await in_turns(review)

    async def run_review_ahead(self) -> None:
        """Review the hand in play in slices (``REVIEW_SLICE`` seconds each, a task of its
        own) while the page waits for you and is on screen (`PlayRoom.review_ahead`); it
        stops when there is nothing to do now and starts again after the next thing that
        happens (`carry_out`). <body data-review-ahead> says how far it is."""
        body = document.body
        try:
            while True:
                await asyncio.sleep(0)
                if document.hidden or not self.table.play.review_ahead(REVIEW_SLICE):
                    break
                if body.getAttribute("data-review-ahead") != (progress := self.table.play.ahead_progress()):
                    body.setAttribute("data-review-ahead", progress)
        finally:
            self.reviewing_ahead = False
            body.setAttribute("data-review-ahead", self.table.play.ahead_progress())

    async def bot_due(self, seconds: float, generation: int) -> None:
        await asyncio.sleep(seconds)
        self.do("bot-due", generation=generation)

    @staticmethod
    async def think(thinking) -> bool:
        """The browser's turn (clicks, paints), then one slice of a search
        (``THINK_SLICE`` seconds) in a task of its own; True once the search is done."""
        await asyncio.sleep(0)
        return thinking.step(THINK_SLICE)

    async def show_hint(self) -> None:
        found = self.table.play.hint_thinking()
        if found is None:
            return
        thinking, position = found
        while not await self.think(thinking):
            pass
        best = thinking.best()
        self.carry_out(self.table.play.hint_found(position, best, thinking.close_odds(), thinking.rival(best),
                                                  seen=thinking.seen()))

    async def copy(self, query: str) -> None:
        url = str(js.location.origin) + str(js.location.pathname) + "?" + query
        box = document.querySelector("#share .share-url")
        if box:  # shown in any case: where the clipboard is refused, it is copied from here
            box.hidden = False
            box.querySelector("input").value = url
        try:
            await js.navigator.clipboard.writeText(url)
        except Exception:  # noqa: BLE001 (no clipboard permission, insecure context, iframe)
            self.do("copy-failed")
            return
        self.do("copied")

    async def copy_text(self, text: str, field: str) -> None:
        try:
            await js.navigator.clipboard.writeText(text)
        except Exception:  # noqa: BLE001 (no clipboard permission, insecure context, iframe)
            self.do("setup-copy-failed", field=field)
            return
        self.do("setup-copied")

    async def load_puzzles(self) -> None:
        """Fetch the puzzle collection (the service worker answers from its cache once it
        has been fetched), then hand its text to the table; a failure (offline and never
        fetched, a server error) is said and the page goes on. The performance marks time
        the fetch and the reading (tools and tests read them)."""
        js.performance.mark("bummerl:puzzles-fetch")
        try:
            response = await js.fetch(PUZZLES_URL)
            if not response.ok:
                raise OSError(f"HTTP {response.status}")
            text = str(await response.text())
        except Exception as error:  # noqa: BLE001 (TypeError "Failed to fetch" offline, HTTP errors)
            self.do("puzzles-failed", error=str(getattr(error, "message", error))[:120])
            return
        js.performance.mark("bummerl:puzzles-fetched")
        self.do("puzzles-loaded", text=text)

    async def read_puzzles(self) -> None:
        """Read the fetched collection in slices (``REVIEW_SLICE`` seconds each, a task of
        its own), then show its puzzle."""
        while True:
            await asyncio.sleep(0)
            effects = self.table.puzzles_slice(REVIEW_SLICE)
            if effects != [Consumed()]:
                js.performance.mark("bummerl:puzzles-read")
                self.carry_out(effects)
                js.performance.mark("bummerl:puzzles-shown")
                return

    async def load_file(self, field) -> None:
        files = field.files
        if not files or not files.length:
            return
        file = files.item(0)
        field.value = ""
        size = int(file.size)
        text = str(await file.text()) if Table.accepts_record_file(size) else None
        self.do("load-record", text=text, size=size)


def fill(element, html: str) -> None:
    """Put ``html`` into ``element``; when both are made of the same parts (children with
    ``data-part``, as the deal editor's form), only the parts that changed are replaced:
    the control in use keeps its focus."""
    if element.getAttribute("data-parts") is None or not html.startswith("<div data-part="):
        element.innerHTML = html
        return
    template = document.createElement("template")
    template.innerHTML = html
    new = list(template.content.children)
    old = list(element.children)
    if [p.getAttribute("data-part") for p in old] != [p.getAttribute("data-part") for p in new]:
        element.innerHTML = html
        return
    for before, after in zip(old, new):
        if before.innerHTML != after.innerHTML:
            before.replaceWith(after)


async def in_turns(step) -> None:
    """Call ``step()`` again and again, each call a task of its own, until it answers
    False (the browser handles clicks and paints between the tasks). Each task is started
    by a message on a channel of its own, straight into ``step``: a turn of asyncio's loop
    (``await asyncio.sleep(0)``) after a 25 ms slice costs about twice as much, 0.4 ms
    against 0.2 ms, and 2 ms against 0.8 ms at 4x CPU throttling, where a review takes
    about 500 turns. An error in ``step`` is raised here.

    The review from a click runs this way. The bot's search and the review ahead keep
    asyncio's turns: started this way, the review ahead stopped at each of Medium's
    quick moves instead of going on through them, and got through less of a hand while
    it was played (a 10-decision hand's review after play took 6 to 8 s at 4x instead
    of 0.2 to 0.5 s)."""
    done = asyncio.get_running_loop().create_future()
    channel = js.MessageChannel.new()

    def turn(event) -> None:
        if done.done():
            return
        try:
            more = step()
        except BaseException as error:  # noqa: BLE001 (raised where the turns are awaited)
            done.set_exception(error)
            return
        if more:
            channel.port2.postMessage(0)
        else:
            done.set_result(None)

    handler = create_proxy(turn)
    channel.port1.onmessage = handler
    channel.port2.postMessage(0)
    try:
        await done
    finally:
        channel.port1.onmessage = None
        channel.port1.close()
        handler.destroy()


async def warm_bots() -> None:
    """Import the bots (and the review) once the table is shown, a module per task (each
    is compiled from source when first imported, tens of milliseconds here), so that the
    bot's first move starts thinking at once and no task is long."""
    for name in (*(f"{bots.__name__}.{module}" for module in bots.MODULES), "bummerl.review"):
        await asyncio.sleep(0)
        importlib.import_module(name)


async def start() -> None:
    try:
        app = App()
        app.bind()
    except Exception as error:  # noqa: BLE001 (never a page stuck on "shuffling": tests/browser/test_rescue.py)
        rescue.show(error)
        return
    by_id("table").setAttribute("aria-busy", "false")
    document.body.classList.add("live")
    app.carry_out(app.table.boot())
