"""The thin browser layer of Bummerl: renders engine state and forwards clicks.

No game rules live here: every rule question goes to the engine (`bummerl`).
The decisions are the presenter's (`table`, with a room per mode in `rooms`: what each
region shows, what each control does, how the page starts; `effects`: what it asks the
page to do), in plain Python with the session, renderers, words, storage and links it
uses. Only the glue touches the browser (`js`, `pyodide`): `app` binds the
events and carries out the presenter's effects, `dom` reaches elements, storage and
downloads, `rescue` is the last line of defence; the rest runs in CPython too, which is
how the tests check it quickly.
"""
