"""HTML for each region of the table, from the session (engine state + settings).

Pure functions returning strings; `app` puts them into the page.  Card markup follows
assets/cards/cards.css.  No rules: what is playable, why not, and every number come
from the engine's view of your seat.
"""
from __future__ import annotations

from html import escape

from bummerl import Rules

from . import i18n
from .session import BOT, BOT_LEVELS, DISPLAY_OPTIONS, HUMAN, SEATS

SPRITE = "./assets/cards/suits.svg"


def attr(value) -> str:
    return escape(str(value), quote=True)


def _use(symbol: str, cls: str) -> str:
    return (f'<svg class="{cls}" aria-hidden="true" focusable="false">'
            f'<use href="{SPRITE}#{symbol}"/></svg>')


def card_face(code: str, deck: str) -> str:
    """The inside of a face-up card (corners, emblem, pip)."""
    letter = i18n.RANK_LETTERS[deck][code[0]]
    symbol = f"{deck}-{code[1]}"
    corner = (f'<span class="corner" aria-hidden="true"><span class="rank">{letter}</span>'
              f'{_use(symbol, "suit")}</span>')
    court = _use(f"court-{code[0]}", "court") if code[0] in "KQJ" else ""
    return (corner + court + _use(symbol, "pip")
            + corner.replace('class="corner"', 'class="corner corner-b"'))


def card_div(code: str, s, extra: str = "", label: str | None = None) -> str:
    lang, deck = s.settings["lang"], s.settings["deck"]
    name = label or i18n.card_name(lang, deck, code)
    return (f'<div class="card {extra}" data-card="{code}" data-deck="{deck}" role="img" '
            f'aria-label="{attr(name)}">{card_face(code, deck)}</div>')


def back(extra: str = "") -> str:
    return (f'<div class="card back {extra}" aria-hidden="true">'
            f'{_use("back", "back-art")}</div>')


def t(s, key, **params) -> str:
    return i18n.text(s.settings["lang"], key, **params)


def message(s, key: str, params: dict) -> str:
    """One narrated event in the current language and deck ("" if it cannot be worded:
    a saved log is data from outside and must never break the page)."""
    try:
        return _message(s, key, params)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return ""


def _message(s, key: str, params: dict) -> str:
    lang, deck = s.settings["lang"], s.settings["deck"]
    words = dict(params)
    if "card" in words and words["card"]:
        words["card"] = i18n.card_name(lang, deck, words["card"])
    if "suit" in words:
        words["suit"] = i18n.suit_name(lang, deck, words["suit"])
    if "reason" in words:
        words["reason"] = i18n.reason(lang, words["reason"])
    if deck == "de" and key.startswith("exchange_"):
        key += "_de"
    if key == "play":
        seat = words["who"]
        words["who"] = i18n.text(lang, f"subject_{seat}")
        words["verb"] = i18n.text(lang, f"verb_play_{seat}")
    return i18n.text(lang, key, **words)


# ------------------------------------------------------------------ regions

def hand_html(s, busy: bool) -> str:
    view = s.hand.view(HUMAN)
    lang, deck = s.settings["lang"], s.settings["deck"]
    my_turn = bool(view.legal) and not busy
    playable = {a.split()[1] for a in view.legal if a.startswith("play ")} if my_turn else set()
    out = []
    for code in view.hand:
        name = i18n.card_name(lang, deck, code)
        if code in playable:
            extra, label = "", name
        else:
            reason = view.blocked_keys.get(code) if my_turn else None
            why = i18n.why(lang, reason, deck) if reason else t(s, "turn_bot" if not s.hand.over else "hand_over")
            label = f"{name}, {t(s, 'not_playable', why=why)}"
            extra = f' aria-disabled="true" data-why="{attr(why)}" title="{attr(why)}"'
        out.append(f'<button type="button" class="card" data-card="{code}" data-deck="{deck}" '
                   f'aria-label="{attr(label)}"{extra}>{card_face(code, deck)}</button>')
    return "".join(out)


def actions_html(s, busy: bool) -> str:
    view = s.hand.view(HUMAN)
    lang, deck = s.settings["lang"], s.settings["deck"]
    buttons = []
    if not s.hand.over and not busy and view.legal and s.settings.get("hints"):
        buttons.append(f'<button type="button" class="act hint" data-action="hint">{t(s, "hint")}</button>')
    if s.hand.over:
        label = t(s, "new_match") if s.match.over else t(s, "next_hand")
        buttons.append(f'<button type="button" class="act primary" data-action="next-hand">{label}</button>')
    elif not busy:
        order = {"exchange": 0, "marry": 1, "close": 2, "claim": 3}  # the order of a lead
        for action in sorted((a for a in view.legal if not a.startswith("play")),
                             key=lambda a: (order.get(a.split()[0], 9), a)):
            word, _, arg = action.partition(" ")
            if word == "exchange":
                key = "exchange_de" if deck == "de" else "exchange"
                buttons.append(f'<button type="button" class="act" data-action="exchange">{t(s, key)}</button>')
            elif word == "close":
                buttons.append(f'<button type="button" class="act" data-action="close">{t(s, "close")}</button>')
            elif word == "marry":
                suit = i18n.suit_name(lang, deck, arg)
                key = "marry_trump" if arg == view.trump else "marry"
                buttons.append(f'<button type="button" class="act" data-action="marry" data-suit="{arg}">'
                               f'{_use(f"{deck}-{arg}", "suit-icon")}{escape(t(s, key, suit=suit))}</button>')
            elif word == "claim":
                buttons.append(f'<button type="button" class="act claim" data-action="claim">{t(s, "claim")}</button>')
    return "".join(buttons)


def opponent_html(s) -> str:
    view = s.hand.view(HUMAN)
    known = list(view.opponent_known)
    cards = [card_div(c, s, "known") for c in known]
    cards += [back() for _ in range(view.opponent_hand_size - len(known))]
    pile = _pile(s, BOT, view)
    count = t(s, "opponent_cards", n=view.opponent_hand_size)
    return (f'<h2 class="sr-only">{t(s, "opponent")}</h2><p class="sr-only">{escape(count)}</p>'
            f'<div class="cards fan">{"".join(cards)}</div>{pile}')


def _pile(s, seat: int, view) -> str:
    """A trick pile: face down with its count; your own cards on request (see own
    tricks); each side's first trick face up (first tricks face up)."""
    n = view.tricks[seat]
    who = t(s, SEATS[seat])
    label = t(s, "tricks_count_one" if n == 1 else "tricks_count", who=who, n=n)
    stack = back("pile") if n else ""
    first = ""
    if s.settings.get("first_tricks_face_up") and n:
        cards = "".join(card_div(c, s, "mini") for c in s.first_trick(seat))
        first = f'<span class="first-trick" title="{attr(t(s, "first_trick"))}">{cards}</span>'
    count = f'<b class="n" aria-hidden="true">{n}</b>'
    if s.settings.get("see_own_tricks") and seat == HUMAN and n:
        cards = "".join(card_div(c, s, "mini") for c in view.won[seat])
        return (f'<details class="pile" data-key="pile-{seat}"><summary>{stack}{count}'
                f'<span>{escape(t(s, "see_tricks", n=n))}</span></summary>'
                f'<div class="cards won">{cards}</div></details>{first}')
    return f'<div class="pile">{stack}{count}<span>{escape(label)}</span>{first}</div>'


def talon_html(s) -> str:
    view = s.hand.view(HUMAN)
    lang, deck = s.settings["lang"], s.settings["deck"]
    suit = i18n.suit_name(lang, deck, view.trump)
    parts = []
    if view.talon_size:
        trump = ""
        if view.trump_card and view.closed_by is None:
            trump = card_div(view.trump_card, s, "crosswise trump",
                             t(s, "trump_card", card=i18n.card_name(lang, deck, view.trump_card)))
        elif view.trump_card:
            trump = back("crosswise trump")
        face_down = view.talon_size - (1 if view.trump_card else 0)
        parts.append(f'<div class="stack">{trump}{back("top") if face_down else ""}</div>')
        parts.append(f'<p>{escape(t(s, "talon_cards", n=view.talon_size))}</p>')
    else:
        parts.append(f'<p>{escape(t(s, "talon_empty"))}</p>')
    if view.closed_by is not None:
        parts.append(f'<p class="closed">{escape(t(s, "talon_closed", who=t(s, SEATS[view.closed_by])))}</p>')
    parts.append(f'<p class="trump-suit">{_use(f"{deck}-{view.trump}", "suit-icon")}'
                 f'{escape(t(s, "trump", suit=suit))}</p>')
    return "".join(parts)


def trick_html(s) -> str:
    view = s.hand.view(HUMAN)
    if view.trick:
        leader, card = view.trick
        return (f'<h2 class="sr-only">{t(s, "trick")}</h2>'
                f'<div class="played by-{SEATS[leader]}">{card_div(card, s, "fresh")}'
                f'<span>{escape(t(s, SEATS[leader]))}</span></div>')
    if view.last_trick:
        leader, lead, follow, winner = view.last_trick
        cells = []
        for seat, card in ((leader, lead), (1 - leader, follow)):
            mark = " won" if seat == winner else ""
            fresh = "fresh" if card == follow else ""
            cells.append(f'<div class="played by-{SEATS[seat]}{mark}">{card_div(card, s, fresh)}'
                         f'<span>{escape(t(s, SEATS[seat]))}</span></div>')
        return (f'<h2 class="caption">{t(s, "last_trick")}</h2>' + "".join(cells))
    return ""


def board_html(s) -> str:
    view = s.hand.view(HUMAN)
    match = s.match
    rows = []
    if s.settings.get("points_counter") and s.hand.rules.auto_claim:  # off with manual claims
        for seat in (HUMAN, BOT):
            pending = view.pending[seat]
            extra = f' <small>{escape(t(s, "pending", points=pending))}</small>' if pending else ""
            rows.append(f'<p class="score">{escape(t(s, "score", who=t(s, SEATS[seat]), points=view.scores[seat]))}{extra}</p>')
    board = "".join(
        f'<li><span>{escape(t(s, SEATS[seat]))}</span> <b>{match.board[seat]}</b>'
        f'<span class="pips" aria-hidden="true">{"●" * max(match.board[seat], 0)}</span></li>'
        for seat in (HUMAN, BOT))
    rows.append(f'<div class="tafel-row"><h2 class="caption">{escape(t(s, "board"))}</h2>'
                f'<ul class="tafel">{board}</ul></div>')
    if match.results:
        lang = s.settings["lang"]
        items = []
        for n, entry in enumerate(match.results, 1):
            line = t(s, "result_line", n=n, who=t(s, SEATS[entry["winner"]]),
                     points=entry["game_points"], reason=i18n.reason(lang, entry["reason"]))
            if entry.get("bummerl"):
                line += " · " + t(s, "result_bummerl", who=t(s, SEATS[entry["bummerl"]["loser"]]),
                                  n=entry["bummerl"]["given"])
            items.append(f"<li>{escape(line)}</li>")
        rows.append(f'<details class="results" data-key="results"><summary>{escape(t(s, "results", n=len(match.results)))}'
                    f'</summary><ul>{"".join(reversed(items))}</ul></details>')
    dealer = t(s, "dealer", who=t(s, SEATS[s.hand.dealer]))
    rows.append(f'<p class="tally">{escape(t(s, "tally", you=match.bummerls[HUMAN], bot=match.bummerls[BOT]))}'
                f' · {escape(t(s, "hand_no", n=match.hands_dealt))} · {escape(dealer)}</p>')
    return "".join(rows)


def my_pile_html(s) -> str:
    return _pile(s, HUMAN, s.hand.view(HUMAN))


def status_text(s, recent: list, busy: bool) -> str:
    parts = [m for m in (message(s, key, params) for key, params in recent) if m]
    view = s.hand.view(HUMAN)
    if s.hand.over:
        if not recent:
            parts += [m for m in (message(s, k, p) for k, p in s.log[-2:]) if m]
        parts.append(t(s, "match_over") if s.match.over else t(s, "hand_over"))
    elif busy or s.bot_to_move:
        parts.append(t(s, "turn_bot"))
    elif view.married:
        parts.append(t(s, "turn_married"))
    elif view.trick:
        lang, deck = s.settings["lang"], s.settings["deck"]
        parts.append(t(s, "turn_follow", card=i18n.card_name(lang, deck, view.trick[1])))
    else:
        parts.append(t(s, "turn_lead"))
    return " ".join(parts)


def menu_labels(s) -> dict:
    """Text of the header buttons: data-action -> (label, lang attribute or None)."""
    lang = s.settings["lang"]
    other = "de" if lang == "en" else "en"
    deck_key = "deck_switch" if s.settings["deck"] == "fr" else "deck_switch_fr"
    return {
        "lang": (t(s, "lang_switch"), other),
        "deck": (t(s, deck_key), None),
        "rules": (t(s, "rules"), None),
        "new-match": (t(s, "new_match"), None),
    }


def hint_text(s, hint: dict) -> str:
    """The hint in words: what to do and the engine's reason, in the current language."""
    lang, deck = s.settings["lang"], s.settings["deck"]
    word, _, arg = hint["action"].partition(" ")
    if word == "play":
        action = t(s, "act_play", card=i18n.card_name(lang, deck, arg))
    elif word == "marry":
        action = t(s, "act_marry", suit=i18n.suit_name(lang, deck, arg))
    else:
        action = t(s, f"act_{word}")
    params = dict(hint.get("params") or {})
    if params.get("card"):
        params["card"] = i18n.card_name(lang, deck, params["card"])
    try:
        why = t(s, f"hint_{hint['reason']}", **params)
    except (KeyError, IndexError, ValueError):
        why = hint.get("text", "")
    return t(s, "hint_text", action=action, why=why)


def rules_panel_html(s, rules: Rules, display: dict) -> str:
    """The rules dialog: presets, every rule option, the display options."""
    lang = s.settings["lang"]
    rows = []
    for name, allowed in Rules.OPTIONS.items():
        value = getattr(rules, name)
        label = escape(i18n.option_label(lang, name))
        if isinstance(allowed[0], bool):
            checked = " checked" if value else ""
            rows.append(f'<label class="opt check"><input type="checkbox" name="{name}"{checked}><span>{label}</span></label>')
        else:
            options = "".join(
                f'<option value="{attr(v)}"{" selected" if v == value else ""}>'
                f'{escape(i18n.option_label(lang, f"{name}={v}"))}</option>' for v in allowed)
            rows.append(f'<label class="opt">{label} <select name="{name}">{options}</select></label>')
    shown = []
    for name in DISPLAY_OPTIONS:
        checked = " checked" if display.get(name) else ""
        shown.append(f'<label class="opt check"><input type="checkbox" name="{name}" data-display="1"{checked}>'
                     f'<span>{escape(i18n.option_label(lang, name))}</span></label>')
    level = display.get("bot", s.settings.get("bot"))
    levels = "".join(
        f'<option value="{v}"{" selected" if v == level else ""}>{escape(i18n.option_label(lang, f"bot={v}"))}</option>'
        for v in BOT_LEVELS)
    shown.append(f'<label class="opt">{escape(i18n.option_label(lang, "bot"))} '
                 f'<select name="bot">{levels}</select></label>')
    colours = " checked" if display.get("four_colours", s.settings.get("four_colours")) else ""
    shown.append(f'<label class="opt check"><input type="checkbox" name="four_colours"{colours}>'
                 f'<span>{escape(i18n.option_label(lang, "four_colours"))}</span></label>')
    current = rules.preset_name
    presets = "".join(
        f'<button type="button" class="act" data-preset="{p}" aria-pressed="{"true" if current == p else "false"}">'
        f'{t(s, p)}</button>' for p in ("soft", "sharp"))
    return (f'<form method="dialog" class="rules-form">'
            f'<h2 id="rules-title">{t(s, "rules_title")}</h2>'
            f'<p>{t(s, "rules_note")}</p>'
            f'<fieldset><legend>{t(s, "preset")}</legend><div class="presets">{presets}</div></fieldset>'
            f'<fieldset><legend>{t(s, "rules")}</legend>{"".join(rows)}</fieldset>'
            f'<fieldset><legend>{t(s, "display")}</legend>{"".join(shown)}</fieldset>'
            f'<div class="buttons"><button type="button" class="act" data-action="rules-cancel">{t(s, "cancel")}</button>'
            f'<button type="button" class="act primary" data-action="rules-apply">{t(s, "apply")}</button></div>'
            f'</form>')


def howto_html(s) -> str:
    items = "".join(f"<li>{escape(line)}</li>" for line in i18n.MESSAGES[s.settings["lang"]]["howto"])
    return f'<summary>{escape(t(s, "howto_title"))}</summary><ul>{items}</ul>'


def notice_text(s) -> str:
    parts = [t(s, key) for key in dict.fromkeys(s.notices)]
    if s.link_notices:
        parts.append(t(s, "link_notices", details="; ".join(s.link_notices)))
    return " ".join(parts)
