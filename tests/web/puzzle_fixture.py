"""A small puzzle collection in the format of assets/puzzles.json, made from real hands
(the engine deals and plays them), for the Puzzles page's tests: the positions and their
legal actions are the engine's; each answer is worth 1.0 game point and every other
action 0.5 less or more (the collection's margin), so that the verdicts are known."""
from __future__ import annotations

import json
import random

from bummerl import Rules, deal
from bummerl.record import encode_record, from_record

# (id, preset, seed, themes, difficulty, the seat to be asked)
SPECS = (
    ("pa0001", "soft", 11, ["closing"], "medium", 0),
    ("pb0002", "sharp", 12, ["trumping"], "easy", 1),
    ("pc0003", "soft", 13, ["closing", "counting"], "hard", 0),
    ("pd0004", "soft", 14, ["trumping", "last-tricks"], "easy", 0),
    ("pe0005", "sharp", 15, ["closing"], "expert", 1),
)


def played(preset: str, seed: int) -> dict:
    """A whole hand, both seats playing a random legal card (never closing or claiming)."""
    rng = random.Random(seed)
    hand = deal(Rules.preset(preset), seed % 2, rng)
    while not hand.over:
        legal = hand.legal()
        plays = [a for a in legal if a.startswith("play") or a.startswith("marry")] or legal
        hand = hand.apply(rng.choice(plays))
    return hand.to_record()


def question(record: dict, seat: int) -> int:
    """The first step where ``seat`` is to move with three or more actions."""
    hand = from_record({**record, "actions": []})
    for step, action in enumerate(record["actions"]):
        if hand.to_act == seat and len(hand.legal()) >= 3:
            return step
        hand = hand.apply(action)
    raise AssertionError("no question in this hand")


def entry(id_: str, preset: str, seed: int, themes: list, difficulty: str, seat: int) -> dict:
    record = played(preset, seed)
    step = question(record, seat)
    legal = from_record({**record, "actions": record["actions"][:step]}).legal()
    answer = legal[-1]
    values = {a: (1.0 if a == answer else 0.5 - 0.25 * (i % 2)) for i, a in enumerate(legal)}
    return {"id": id_, "record": encode_record(record), "step": step, "values": values, "answer": answer,
            "exact": False, "worlds": 768, "themes": themes, "difficulty": difficulty, "reason": "lead_high",
            "reason_params": {}}


def collection_doc() -> dict:
    return {"format": 1, "made_by": "tests/web/puzzle_fixture.py", "margin": 0.5,
            "puzzles": [entry(*spec) for spec in SPECS]}


def collection_text() -> str:
    return json.dumps(collection_doc(), sort_keys=True, separators=(",", ":"))


TEXT = collection_text()


def arrive(table, text: str = TEXT) -> list:
    """The collection's ``text`` fetched, then read slice after slice as the page does;
    the effects of the last slice (or of the fetch, when it did not read)."""
    from bummerl_web.effects import Consumed, ReadPuzzles

    effects = table.update("puzzles-loaded", text=text)
    if effects != [ReadPuzzles()]:
        return effects
    while (effects := table.puzzles_slice(0.0)) == [Consumed()]:
        pass
    return effects
