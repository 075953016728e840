"""Replay, deal links, record export and embed messages, in CPython (no browser)."""
import json
import random
from urllib.parse import parse_qs

import pytest

from bummerl import NotationError, Rules, deal, from_record
from bummerl_web.links import parse_link
from bummerl_web import embed, render, replay
from bummerl_web import storage as store
from bummerl_web.session import Session


def played_record(seed=5, moves=9, preset="soft"):
    hand = deal(Rules.preset(preset), 1, random.Random(seed))
    rng = random.Random(seed)
    for _ in range(moves):
        if hand.over:
            break
        hand = hand.apply(rng.choice([a for a in hand.legal() if a.startswith("play")]))
    return hand.to_record()


def session(**kwargs):
    return Session(store.Storage(store.MemoryBackend()), **kwargs)


def test_replay_steps_are_the_engine_positions():
    record = played_record()
    rep = replay.Replay(record)
    assert rep.step == 0 and rep.length == len(record["actions"])
    assert list(rep.hand.history) == []
    rep.go(4)
    assert list(rep.hand.history) == record["actions"][:4]
    assert rep.hand.to_record() == from_record({**record, "actions": record["actions"][:4]}).to_record()
    assert rep.events()  # what the 4th action did, as message keys
    assert not rep.go(99) or rep.step == rep.length
    assert rep.go(-3) and rep.step == 0


def test_replay_jumps_trick_by_trick():
    record = played_record(moves=9)
    rep = replay.Replay(record)
    ends = []
    while rep.step < rep.length:
        rep.go(rep.next_trick())
        ends.append(rep.step)
        assert len(rep.hand.trick_history) == len(ends) or rep.step == rep.length
    assert ends[:4] == [2, 4, 6, 8] and ends[-1] == rep.length  # plays only: two per trick
    rep.go(5)
    assert rep.previous_trick() == 4 and rep.next_trick() == 6
    assert replay.target_step(rep, "PageUp") == 4 and replay.target_step(rep, "ArrowRight") == 6
    assert replay.target_step(rep, "Home") == 0 and replay.target_step(rep, "x") is None


def test_replay_rejects_bad_records_with_the_engine_message():
    with pytest.raises(NotationError):
        replay.read_record("{not json")
    record = played_record()
    record["actions"].append("play XX")
    with pytest.raises(NotationError, match="XX"):
        replay.read_record(json.dumps(record))


def test_replay_renders_both_hands_and_controls():
    s = session()
    rep = replay.Replay(played_record())
    rep.go(3)
    settings = replay.table_settings(s.settings)
    html = replay.seat_html(rep, settings, 1) + replay.seat_html(rep, settings, 0)
    for code in rep.hand.view(0).hand + rep.hand.view(1).hand:
        assert f'data-card="{code}"' in html
    controls = replay.controls_html(rep, settings)
    assert 'data-action="replay-back"' in controls and 'data-action="replay-play-on"' in controls
    view = rep.hand.view(0)
    assert render.talon_html(view, settings) and render.trick_html(view, settings) is not None
    assert replay.status_text(rep, settings)


def test_play_on_continues_the_position_as_a_new_match():
    s = session(seed=3)
    rep = replay.Replay(played_record(moves=5))
    rep.go(5)
    s.play_on(rep.hand)
    assert list(s.hand.history) == rep.record["actions"][:5]
    assert s.match.hands_dealt == 1 and s.match.results == []
    saved = json.loads(s.storage.read_raw())
    assert saved["match"]["hand"]["actions"] == rep.record["actions"][:5]


def test_deal_link_names_seed_hand_and_rules():
    s = session(seed=11, rules=Rules.preset("sharp"))
    first = s.hand.to_record()
    query = parse_qs(replay.deal_query(s))
    assert query["seed"] == ["11"] and "hand" not in query and query["rules"] == ["sharp"]
    while not s.hand.over:
        s.act(s.hand.legal()[0]) if s.human_to_move else s.bot_step()
    s.next_hand()
    second = s.hand.to_record()
    link = parse_link(replay.deal_query(s))
    assert link.hand == 2
    other = session(seed=link.seed, rules=link.rules)
    assert other.hand.to_record() == first
    other.deal_hand(link.hand)
    assert other.hand.to_record() == second  # the same deal, dealer and rules


def test_record_link_round_trip():
    s = session(seed=12)
    s.act(s.hand.legal()[-1])
    record = s.hand.to_record()
    assert parse_link(replay.record_query(record, s)).record == record
    assert json.loads(replay.record_json(s.hand)) == record


def test_embed_messages_carry_events_and_the_result():
    s = session(seed=13)
    sent = []
    s.listeners = [lambda turn: sent.extend(embed.action_messages(s, turn))]
    ready = embed.ready_message(s, seed_fixed=True)
    assert ready["source"] == "bummerl" and ready["type"] == "ready" and len(ready["hand"]) == 5
    assert ready["seed"] == 13
    while not s.hand.over:
        s.act(s.hand.legal()[0]) if s.human_to_move else s.bot_step()
    json.dumps(sent)  # all plain JSON
    kinds = [m["type"] for m in sent]
    assert kinds[-1] == "hand_over" and kinds.count("hand_over") == 1
    assert [m["action"] for m in sent if m["type"] == "action"] == list(s.hand.history)
    assert sent[0]["events"][0]["event"] in ("play", "exchange", "close", "marriage")
    over = sent[-1]
    assert over["record"] == s.hand.to_record() and over["winner"] in ("you", "bot")
    assert over["board"] == list(s.match.board)


def test_ready_message_keeps_a_random_seed_secret():
    s = session()
    assert "seed" not in embed.ready_message(s, seed_fixed=False)


@pytest.mark.parametrize("text, message", [
    ("[" * 100_000, "nested deeper than 32 levels"),
    (json.dumps({**played_record(), "dealer": 1.0}), "dealer: expected 0 or 1, got 1.0"),
    (json.dumps({"app": "bummerl", "match": {"hand": {**played_record(), "dealer": 1.0}}}), "dealer: expected 0 or 1"),
    (" " * 100_001, "too large"),
])
def test_a_record_file_that_is_deep_huge_or_almost_right_is_refused_with_the_reason(text, message):
    with pytest.raises(NotationError, match=message):
        replay.read_record(text)
