"""Browser glue for sharing: the Share menu (copy a deal link, copy a replay link,
download the hand's record, open a record file), the replay view, and the embedded
table's messages to its host page.

`App` (app.py) creates one `Extras`, asks it first whenever it renders (a replay
draws the table itself), and otherwise knows nothing of it.  The words, the HTML and
every position come from `replay` and `embed` (pure Python, tested in CPython).
"""
from __future__ import annotations

import json

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

from bummerl import IllegalAction, NotationError
from bummerl.record import MAX_RECORD_CHARS

from . import embed, render, replay
from .session import HUMAN

document = js.document


def paint_menu(s) -> None:
    """Word the header's menu buttons (table and replay alike) and enable them."""
    for action, (label, lang) in render.menu_labels(s.settings).items():
        button = document.querySelector(f'header [data-action="{action}"]')
        button.textContent = label
        button.disabled = False
        if lang:
            button.setAttribute("lang", lang)


def _by_id(name: str):
    return document.getElementById(name)


class Extras:
    def __init__(self, app, link):
        self.app = app
        self.embed = bool(link and link.embed)
        self.seed_fixed = bool(link and link.seed is not None)  # else `ready` keeps the seed secret
        self.replay: replay.Replay | None = None
        self.error: str | None = None
        self._menu_lang = None
        self._dealt = None  # (seed, hand number) last announced to an embedding page
        self._proxies = []
        session = app.session
        if link and link.hand:
            if link.seed is not None:
                replay.deal_hand(session, link.hand)
            else:
                session.link_notices.append("hand: a deal number needs a seed; ignored")
        if link and link.record is not None:
            self.start_replay(link.record)
        if self.embed:
            session.listeners = [self.on_action]

    # ------------------------------------------------------------ wiring
    def bind(self) -> None:
        click, change, keys = (create_proxy(f) for f in (self.on_click, self.on_change, self.on_key))
        self._proxies += [click, change, keys]
        _by_id("app").addEventListener("click", click)
        _by_id("app").addEventListener("change", change)
        document.addEventListener("keydown", keys)

    def on_click(self, event) -> None:
        target = event.target.closest("button")
        if not target or target.disabled:
            return
        action = target.getAttribute("data-action")
        if action == "copy-link":
            self.app.spawn(self.copy(replay.deal_query(self.app.session)))
        elif action == "copy-record":
            self.app.spawn(self.copy(replay.record_query(self.current_record(), self.app.session)))
        elif action == "download-record":
            self.download()
        elif action == "new-match" and self.replay is not None:
            self.leave()  # App dealt the new match; show it
        elif action and action.startswith("replay-") and self.replay is not None:
            self.on_replay(action)

    def on_change(self, event) -> None:
        if event.target.getAttribute("data-action") == "load-record":
            self.app.spawn(self.load_file(event.target))

    def on_key(self, event) -> None:
        if self.replay is None or event.altKey or event.ctrlKey or event.metaKey:
            return
        target = event.target
        if target.closest and target.closest("input, select, textarea, dialog, summary"):
            return
        step = replay.target_step(self.replay, event.key)
        if step is not None:
            event.preventDefault()
            self.step_to(step)

    # ------------------------------------------------------------ embedding
    def post(self, message: dict) -> None:
        if self.embed:
            js.window.parent.postMessage(js.JSON.parse(json.dumps(message)), "*")

    def on_action(self, turn) -> None:
        for message in embed.action_messages(self.app.session, turn):
            self.post(message)

    # ------------------------------------------------------------ share menu
    def current_record(self) -> dict:
        if self.replay is not None:
            return self.replay.record
        return self.app.session.hand.to_record()

    def _share_field(self, url: str):
        box = document.querySelector("#share .share-url")
        if box:
            box.hidden = False
            field = box.querySelector("input")
            field.value = url
            return field
        return None

    async def copy(self, query: str) -> None:
        url = str(js.location.origin) + str(js.location.pathname) + "?" + query
        lang = self.app.session.settings["lang"]
        field = self._share_field(url)
        try:
            await js.navigator.clipboard.writeText(url)
            self.app.announce(replay.text(lang, "copied"))
            self.app.toast(render.t(self.app.session.settings, "link_copied"))
        except Exception:  # noqa: BLE001 (no clipboard permission, insecure context, iframe)
            if field:
                field.focus()
                field.select()
            self.app.announce(replay.text(lang, "copy_failed"))

    def download(self) -> None:
        session = self.app.session
        hand = self.replay.final if self.replay is not None else session.hand
        name = "bummerl-replay.json" if self.replay is not None else replay.record_filename(session)
        blob = js.Blob.new(to_js([replay.record_json(hand)]),
                           to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries))
        url = js.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href, link.download = url, name
        document.body.appendChild(link)
        link.click()
        link.remove()
        js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 10_000)
        self.app.announce(replay.text(session.settings["lang"], "downloaded", name=name))

    async def load_file(self, field) -> None:
        files = field.files
        if not files or not files.length:
            return
        file = files.item(0)
        field.value = ""
        try:
            if file.size > 4 * MAX_RECORD_CHARS:  # checked before reading: UTF-8 takes 1-4 bytes a character
                raise NotationError(f"too large: {file.size:,} bytes")
            record = replay.read_record(str(await file.text()))
        except (NotationError, IllegalAction) as error:
            self.error = replay.text(self.app.session.settings["lang"], "bad_record", error=str(error))
            self.app.render()
            self.show_error()
            self.app.announce(self.error)
            return
        menu = _by_id("share")
        if menu:
            menu.open = False
        self.start_replay(record)
        self.app.render()
        first = document.querySelector('#actions [data-action="replay-forward"]')
        if first:
            first.focus()

    def show_error(self) -> None:
        if self.error:
            notice = _by_id("notice")
            notice.textContent = self.error
            notice.hidden = False

    def render_menu(self) -> None:
        lang = self.app.session.settings["lang"]
        menu = _by_id("share")
        if menu and self._menu_lang != lang:
            menu.innerHTML = replay.share_menu_html(lang)
            self._menu_lang = lang

    # ------------------------------------------------------------ replay
    def start_replay(self, record: dict) -> None:
        try:
            self.replay = replay.Replay(record)
            self.error = None
        except (NotationError, IllegalAction) as error:
            self.app.session.link_notices.append(f"record: {error}")

    def leave(self) -> None:
        self.replay = None
        self.app.generation += 1  # one bot sequence at a time
        self.app.busy = False
        self.app.after_deal()

    def on_replay(self, action: str) -> None:
        rep = self.replay
        if action == "replay-leave":
            self.leave()
        elif action == "replay-play-on":
            hand = rep.hand
            if hand.over:
                return
            self.app.generation += 1  # stop the saved game's bot, if it was thinking
            self.app.busy = False
            replay.play_on(self.app.session, hand)
            self.replay = None
            self.app.recent = []
            self.app.after_deal()
            first = document.querySelector('#hand button:not([aria-disabled="true"])')
            if first:
                first.focus()
        else:
            step = replay.target_step(rep, action)
            if step is not None:
                self.step_to(step)

    def step_to(self, n: int) -> None:
        if self.replay.go(n):
            self.app.render()
            self.app.announce(_by_id("status").textContent)

    def render(self) -> bool:
        """Draw the table if this is a replay (True), else leave it to App (False)."""
        app, s = self.app, self.app.session
        self.render_menu()
        match = s.match
        if self.embed and self._dealt != (match.seed, match.hands_dealt):
            self._dealt = (match.seed, match.hands_dealt)
            self.post(embed.ready_message(s, self.seed_fixed))
        if self.replay is None:
            return False
        focus = document.activeElement
        focus_action = focus.getAttribute("data-action") if focus and focus.closest("#actions") else None
        shown, settings = self.replay, replay.table_settings(s.settings)
        view = shown.hand.view(HUMAN)
        lang = s.settings["lang"]
        document.documentElement.lang = lang
        _by_id("opponent").innerHTML = replay.seat_html(shown, settings, 1)
        _by_id("hand").innerHTML = replay.cards_html(shown, settings, HUMAN)
        _by_id("actions").innerHTML = replay.controls_html(shown, settings)
        _by_id("talon").innerHTML = render.talon_html(view, settings)
        _by_id("trick").innerHTML = render.trick_html(view, settings)
        _by_id("board").innerHTML = replay.info_html(shown, settings)
        _by_id("mypile").innerHTML = render.my_pile_html(view, settings)
        _by_id("status").textContent = replay.status_text(shown, settings)
        _by_id("help").textContent = replay.text(lang, "replay_keys")
        _by_id("opponent").setAttribute("aria-label", replay.text(lang, "cards_of", who=render.t(settings, "bot")))
        _by_id("you").setAttribute("aria-label", render.t(settings, "your_hand"))
        _by_id("middle").setAttribute("aria-label", render.t(settings, "table"))
        paint_menu(s)
        notice = _by_id("notice")
        notice.textContent = render.notice_text(settings, s.notices, s.link_notices)
        notice.hidden = not s.link_notices
        body = document.body
        body.dataset.lang, body.dataset.deck = lang, s.settings["deck"]
        body.dataset.turn = "replay"
        body.dataset.state = json.dumps(self.replay.summary())
        if focus_action:
            target = (document.querySelector(f'#actions [data-action="{focus_action}"]:not([disabled])')
                      or document.querySelector("#actions button:not([disabled])"))
            if target:
                target.focus()
        app.ticks += 1
        body.dataset.tick = str(app.ticks)
        body.dataset.ready = "1"
        return True
