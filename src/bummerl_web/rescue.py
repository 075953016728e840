"""The page's last line of defence, and downloads of saved data.

If Python raises while the page starts or renders (`app.start`, `App.render`), `show`
replaces the spinner with a message in the page's language, a button that starts a fresh
game with the saved one set aside (`storage.Storage.set_aside`), and a link to download
the saved data; it logs the traceback to the console once. The page is never left
"shuffling" forever.
"""
from __future__ import annotations

import traceback

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

from . import i18n
from . import storage as store

SAVED_NAME = "bummerl-saved-game.json"  # the name of downloaded saved data
TEXTS = {
    "en": {
        "failed": "Sorry, something went wrong and this game cannot go on.",
        "fresh": "Start a fresh game (your saved game is kept aside)",
        "download": "Download the saved data",
    },
    "de": {
        "failed": "Entschuldigung, etwas ist schiefgegangen; dieses Spiel kann nicht weitergehen.",
        "fresh": "Neues Spiel beginnen (der gespeicherte Stand wird beiseitegelegt)",
        "download": "Gespeicherte Daten herunterladen",
    },
}
shown = False  # once shown, the page stays as it is until the player chooses
_proxies = []


def download_url(text: str) -> str:
    blob = js.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries))
    return js.URL.createObjectURL(blob)


def download(text: str, name: str = SAVED_NAME) -> None:
    """Hand `text` to the browser as a file download named `name`."""
    url = download_url(text)
    link = js.document.createElement("a")
    link.href, link.download = url, name
    js.document.body.appendChild(link)
    link.click()
    link.remove()
    js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 60_000)


def _storage() -> store.Storage:
    from .app import _local_storage  # loaded by now: `show` is called from app

    return store.Storage(_local_storage())


def _language() -> str:
    lang = js.document.body.getAttribute("data-lang")  # set by every render; null before the first
    if isinstance(lang, str) and lang in TEXTS:
        return lang
    return i18n.pick_language(list(js.navigator.languages or [js.navigator.language]))


def _start_fresh(_event=None) -> None:
    if not js.document.body.classList.contains("embed"):  # an embedded table saves nothing
        storage = _storage()
        storage.set_aside(storage.read_raw())
        if storage.exported is not None:
            download(storage.exported)
    js.location.reload()


def show(error: BaseException) -> None:
    """Say that the game failed, offer a fresh game and the saved data; log once."""
    global shown
    if shown:
        return
    shown = True
    js.console.error("".join(traceback.format_exception(error)))
    lang = _language()
    words = TEXTS[lang]
    document = js.document
    table = document.getElementById("table")
    table.setAttribute("aria-busy", "false")
    table.inert = True
    document.getElementById("status").textContent = words["failed"]
    notice = document.getElementById("notice")
    notice.textContent = words["failed"] + " "
    button = document.createElement("button")
    button.type = "button"
    button.setAttribute("data-action", "start-fresh")
    button.textContent = words["fresh"]
    handler = create_proxy(_start_fresh)
    _proxies.append(handler)
    button.addEventListener("click", handler)
    notice.appendChild(button)
    raw = None if document.body.classList.contains("embed") else _storage().read_raw()
    if raw is not None:
        link = document.createElement("a")
        link.href, link.download = download_url(raw), SAVED_NAME
        link.setAttribute("data-action", "download-saved")
        link.textContent = words["download"]
        notice.append(" ", link)
    notice.hidden = False
    document.documentElement.lang = lang
    document.body.dataset.rescue = "1"
    button.focus()
