"""The page's last line of defence.

If Python raises while the page starts or renders (`app.start`, `App.render`), `show`
replaces the spinner with a message in the page's language, a button that starts a fresh
game, and a link to download the saved data; it logs the traceback to the console once.
The page is never left "shuffling" forever. A fresh start sets aside the saved game and
every other key of the page that its strict reader refuses (`storage.Storage.set_aside`):
whatever made the page fail is kept, out of its way.
"""
from __future__ import annotations

import traceback

import js
from pyodide.ffi import create_proxy

from . import i18n, stats, storage as store
from .dom import download, file_url, local_storage

shown = False  # once shown, the page stays as it is until the player chooses
_proxies = []


def unreadable_keys(storage: store.Storage) -> list[str]:
    """The page's keys, besides the saved game, whose strict reader refuses what is stored."""
    try:
        stats.load(storage.read_raw(stats.KEY))
    except stats.StatsError:
        return [stats.KEY]
    return []


def _language() -> str:
    lang = js.document.body.getAttribute("data-lang")  # set by every render; null before the first
    if isinstance(lang, str) and lang in i18n.LANGS:
        return lang
    return i18n.pick_language(list(js.navigator.languages or [js.navigator.language]))


def _start_fresh(_event=None) -> None:
    if not js.document.body.classList.contains("embed"):  # an embedded table saves nothing
        storage = store.Storage(local_storage())
        for key in (store.KEY, *unreadable_keys(storage)):
            storage.set_aside(storage.read_raw(key), key)
            if storage.exported is not None:
                download(storage.exported, store.SAVED_NAME)
                storage.exported = None
    js.location.reload()


def show(error: BaseException) -> None:
    """Say that the game failed, offer a fresh game and the saved data; log once."""
    global shown
    if shown:
        return
    shown = True
    js.console.error("".join(traceback.format_exception(error)))
    lang = _language()
    document = js.document
    table = document.getElementById("table")
    table.setAttribute("aria-busy", "false")
    table.inert = True
    failed = i18n.text(lang, "rescue_failed")
    document.getElementById("status").textContent = failed
    notice = document.getElementById("notice")
    notice.textContent = failed + " "
    button = document.createElement("button")
    button.type = "button"
    button.setAttribute("data-action", "start-fresh")
    button.textContent = i18n.text(lang, "rescue_fresh")
    handler = create_proxy(_start_fresh)
    _proxies.append(handler)
    button.addEventListener("click", handler)
    notice.appendChild(button)
    raw = None if document.body.classList.contains("embed") else store.Storage(local_storage()).read_raw()
    if raw is not None:
        link = document.createElement("a")
        link.href, link.download = file_url(raw), store.SAVED_NAME
        link.setAttribute("data-action", "download-saved")
        link.textContent = i18n.text(lang, "rescue_download")
        notice.append(" ", link)
    notice.hidden = False
    document.documentElement.lang = lang
    document.body.dataset.rescue = "1"
    button.focus()
