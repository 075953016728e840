"""The thin browser layer of Bummerl: renders engine state and forwards clicks.

No game rules live here: every rule question goes to the engine (`bummerl`).
Modules that touch the browser (`js`, `pyscript`) are imported only by `app`;
the rest runs in CPython too, which is how the tests check it quickly.
"""
