"""`?embed=1`: the messages an embedded table posts to the page around it.

Every message is a plain JSON object with ``"source": "bummerl"`` and a ``type``:

* ``ready``: the table is up (``hand_no``, ``rules``, ``lang``, ``deck``, ``to_act``,
  ``hand``: your cards, and ``seed`` only when the host page fixed it in the link: a
  random seed would predict the bot's cards and the talon), and again after each new deal;
* ``action``: someone acted (``who``: "you"/"bot", ``seat``: 0 = you, 1 = bot,
  ``action`` in record notation, ``events``: the engine's `bummerl.events.describe`);
* ``hand_over``: the hand's result (``winner``, ``game_points``, ``termination`` (a
  stable key), ``reason`` (in English), ``scores``,
  ``board``, ``bummerls``, and ``record``: the whole hand as the engine's JSON record).

Pure Python (builds the messages; the presenter, `table.Table.messages`, hands them to
`app`, which posts them with
``window.parent.postMessage(message, "*")``: they hold nothing a host page may not see).
"""
from __future__ import annotations

from .settings import HUMAN, SEATS

SOURCE = "bummerl"


def message(kind: str, **fields) -> dict:
    return {"source": SOURCE, "type": kind, **fields}


def ready_message(session, seed_fixed: bool) -> dict:
    hand, match = session.hand, session.match
    seed = {"seed": match.seed} if seed_fixed else {}
    return message("ready", **seed, hand_no=match.hands_dealt, rules=hand.rules.to_json(),
                   lang=session.settings["lang"], deck=session.settings["deck"],
                   to_act=None if hand.over else SEATS[hand.to_act],
                   hand=list(hand.view(HUMAN).hand))


def action_messages(session, turn) -> list[dict]:
    """The messages for one ``bummerl.Turn`` of the match (an `action`, then `hand_over`
    if it ended the hand)."""
    seat = turn.seat
    out = [message("action", who=SEATS[seat], seat=seat, action=str(turn.action),
                   events=turn.events)]
    over = next((e for e in turn.events if e["event"] == "hand_over"), None)
    if over:
        match = session.match
        out.append(message("hand_over", winner=SEATS[over["winner"]], game_points=over["game_points"],
                           termination=over["termination"], reason=over["reason"],
                           scores=list(over["scores"]), board=list(match.board),
                           bummerls=list(match.bummerls), record=turn.after.to_record()))
    return out
