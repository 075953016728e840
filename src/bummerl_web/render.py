"""HTML for each region of the table, from the engine's view of your seat and the settings.

Pure functions returning strings; `app` puts them into the page.  Card markup follows
assets/cards/cards.css.  No rules: what is playable, why not, and every number come
from the engine's view of your seat.
"""
from __future__ import annotations

from html import escape

from bummerl import Rules

from . import i18n
from .settings import BOT, CHOICES, DISPLAY_OPTIONS, HUMAN, PRACTICE_OPTIONS, SEATS

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


def card_div(code: str, settings: dict, extra: str = "", label: str | None = None) -> str:
    lang, deck = settings["lang"], settings["deck"]
    name = label or i18n.card_name(lang, deck, code)
    return (f'<div class="card {extra}" data-card="{code}" data-deck="{deck}" role="img" '
            f'aria-label="{attr(name)}">{card_face(code, deck)}</div>')


def back(extra: str = "") -> str:
    return (f'<div class="card back {extra}" aria-hidden="true">'
            f'{_use("back", "back-art")}</div>')


def t(settings: dict, key, **params) -> str:
    return i18n.text(settings["lang"], key, **params)


def message(settings: dict, kind: str, params: dict) -> str:
    """One narrated event (``session.narrate``) in the current language and deck ("" if
    it cannot be worded: a saved log is data from outside and must never break the page)."""
    try:
        return _message(settings, kind, params)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return ""


def _message(settings: dict, kind: str, params: dict) -> str:
    lang, deck = settings["lang"], settings["deck"]
    words = dict(params)
    who = words.pop("who", None)
    if who is not None and who not in SEATS:
        raise ValueError(f"no seat {who!r}")
    if words.get("card"):
        words["card"] = i18n.card_name(lang, deck, words["card"])
    if "suit" in words:
        words["suit"] = i18n.suit_name(lang, deck, words["suit"])
    if "reason" in words:
        words["reason"] = i18n.reason(lang, words["reason"])
    if kind == "play":
        words["who"] = i18n.text(lang, f"subject_{who}")
        words["verb"] = i18n.text(lang, f"verb_play_{who}")
        return i18n.text(lang, "play", **words)
    key = f"{kind}_{who}" if who else kind
    if deck == "de" and kind == "exchange":
        key += "_de"
    if key not in i18n.MESSAGES["en"]:
        raise KeyError(key)
    return i18n.text(lang, key, **words)


def _waiting(view) -> bool:
    """True while the hand goes on and it is not this seat's turn."""
    return view.outcome is None and view.to_act != view.seat


# ------------------------------------------------------------------ regions
# Each takes the engine's view of your seat and the settings (language, deck, table
# options); what is legal, why not, and every number come from the view.

def why_not(view, settings: dict, busy: bool, code: str) -> str | None:
    """Why a card of your hand may not be played now (None: it may)."""
    if code in view.playable and not busy:
        return None
    blocked = view.blocked.get(code) if not busy else None
    if blocked:
        return i18n.why(settings["lang"], blocked, settings["deck"])
    return t(settings, "hand_over" if view.outcome else "turn_bot")


def card_label(view, settings: dict, busy: bool, code: str) -> str:
    """A card of your hand as a screen reader says it: its name, and why it waits."""
    name = i18n.card_name(settings["lang"], settings["deck"], code)
    why = why_not(view, settings, busy, code)
    return name if why is None else f"{name}, {t(settings, 'not_playable', why=why)}"


def hand_html(view, settings: dict, busy: bool, arrived=()) -> str:
    """Your cards as buttons; the cards in ``arrived`` (just dealt or drawn) slide in."""
    deck = settings["deck"]
    out = []
    for code in view.hand:
        why = why_not(view, settings, busy, code)
        label = card_label(view, settings, busy, code)
        extra = "" if why is None else f' aria-disabled="true" data-why="{attr(why)}" title="{attr(why)}"'
        cls = "card arrived" if code in arrived else "card"
        out.append(f'<button type="button" class="{cls}" data-card="{code}" data-deck="{deck}" '
                   f'aria-label="{attr(label)}"{extra}>{card_face(code, deck)}</button>')
    return "".join(out)


def actions_html(view, settings: dict, busy: bool, match_over: bool = False,
                 bummerl_over: bool = False) -> str:
    """The buttons above your hand: Hint, the lead options in the order of a lead, and
    Next hand (New Bummerl after a Bummerl, New match once the match is over) when the
    hand is over.  "Enough!" is described by its consequence (a false claim loses)."""
    lang, deck = settings["lang"], settings["deck"]
    buttons = []
    if view.legal and not busy and settings.get("hints"):
        buttons.append(f'<button type="button" class="act hint" data-action="hint">{t(settings, "hint")}</button>')
    if view.outcome:
        label = t(settings, "new_match" if match_over else "new_bummerl" if bummerl_over else "next_hand")
        buttons.append(f'<button type="button" class="act primary" data-action="next-hand">{label}</button>')
        return "".join(buttons)
    for action in () if busy else view.lead_options:
        if action.kind == "marry":
            suit = i18n.suit_name(lang, deck, action.suit)
            key = "marry_trump" if action.suit == view.trump else "marry"
            buttons.append(f'<button type="button" class="act" data-action="marry" data-suit="{action.suit}">'
                           f'{_use(f"{deck}-{action.suit}", "suit-icon")}{escape(t(settings, key, suit=suit))}</button>')
        else:
            key = "exchange_de" if action.kind == "exchange" and deck == "de" else action.kind
            extra = ""
            if action.kind == "claim":
                warning = attr(t(settings, "claim_warning"))
                extra = f' claim" aria-describedby="claim-warning" title="{warning}'
                buttons.append(f'<span id="claim-warning" hidden>{warning}</span>')
            buttons.append(f'<button type="button" class="act{extra}" data-action="{action.kind}">'
                           f'{t(settings, key)}</button>')
    return "".join(buttons)


def opponent_html(view, settings: dict, level: bool = True, open_cards=None) -> str:
    """The opponent's cards (face down but those it has shown; all of them face up, each
    named, under open hand or when a link asked for open cards: ``open_cards``, the
    opponent's hand), its level (``level``: not for a position from a record) and its
    trick pile."""
    known = list(view.opponent_known if open_cards is None else open_cards)
    cards = [card_div(c, settings, "known") for c in known]
    cards += [back() for _ in range(view.opponent_hand_size - len(known))]
    count = t(settings, "opponent_cards", n=view.opponent_hand_size)
    if open_cards is not None:
        count += " " + t(settings, "open_hand_shown") + "."
    shown = (f'<p class="level" data-level="{settings["bot"]}">'
             f'{escape(t(settings, "opponent_level", level=level_name(settings)))}</p>') if level else ""
    return (f'<h2 class="sr-only">{t(settings, "opponent")}</h2><p class="sr-only">{escape(count)}</p>'
            f'<div class="cards fan">{"".join(cards)}</div>{shown}{pile_html(view, settings, 1 - view.seat)}')


def first_trick(view, seat: int) -> list:
    """The cards of the first trick `seat` won ([] if none yet)."""
    return next(([trick.lead, trick.follow] for trick in view.trick_history
                 if trick.winner == seat), [])


def pile_html(view, settings: dict, seat: int) -> str:
    """A trick pile: face down with its count; the cards of your own on request (see own
    tricks); each side's first trick face up (first tricks face up)."""
    n = view.tricks[seat]
    who = t(settings, SEATS[seat])
    label = t(settings, "tricks_count", who=who, n=n)
    stack = back("pile") if n else ""
    first = ""
    if settings.get("first_tricks_face_up") and n:
        cards = "".join(card_div(c, settings, "mini") for c in first_trick(view, seat))
        first = f'<span class="first-trick" title="{attr(t(settings, "first_trick"))}">{cards}</span>'
    count = f'<b class="n" aria-hidden="true">{n}</b>'
    if settings.get("see_own_tricks") and seat == view.seat and n:
        cards = "".join(card_div(c, settings, "mini") for c in view.won[seat])
        return (f'<details class="pile" data-key="pile-{seat}"><summary>{stack}{count}'
                f'<span>{escape(t(settings, "see_tricks", n=n))}</span></summary>'
                f'<div class="cards won">{cards}</div></details>{first}')
    return f'<div class="pile">{stack}{count}<span>{escape(label)}</span>{first}</div>'


def _kinds(recent) -> set:
    """The kinds of the narrated events in ``recent`` ("close", "exchange", "take", ...)."""
    return {kind for kind, _ in recent}


def talon_html(view, settings: dict, recent=()) -> str:
    """The talon with the trump card under it; a close just made turns it over, an
    exchange just made slides the new trump card in (``recent``: the events shown)."""
    lang, deck = settings["lang"], settings["deck"]
    kinds = _kinds(recent)
    suit = i18n.suit_name(lang, deck, view.trump)
    parts = []
    if view.talon_size:
        trump = ""
        if view.trump_face_up:
            trump = card_div(view.trump_card, settings,
                             "crosswise trump swapped" if "exchange" in kinds else "crosswise trump",
                             t(settings, "trump_card", card=i18n.card_name(lang, deck, view.trump_card)))
        elif view.trump_card:
            trump = back("crosswise trump")
        face_down = view.talon_size - (1 if view.trump_card else 0)
        turned = " turned" if "close" in kinds else ""
        parts.append(f'<div class="stack{turned}">{trump}{back("top") if face_down else ""}</div>')
        parts.append(f'<p>{escape(t(settings, "talon_cards", n=view.talon_size))}</p>')
    else:
        parts.append(f'<p>{escape(t(settings, "talon_empty"))}</p>')
    if view.closed_by is not None:
        parts.append(f'<p class="closed">{escape(t(settings, "talon_closed_" + SEATS[view.closed_by]))}</p>')
    parts.append(f'<p class="trump-suit">{_use(f"{deck}-{view.trump}", "suit-icon")}'
                 f'{escape(t(settings, "trump", suit=suit))}</p>')
    return "".join(parts)


def meld_html(settings: dict, recent) -> str:
    """A marriage just declared (``recent``): its king and queen together, with 20/40."""
    for kind, params in recent:
        if kind == "marry":
            cards = "".join(card_div(rank + params["suit"], settings, "mini") for rank in "KQ")
            who = escape(t(settings, params["who"]))
            return (f'<div class="meld" aria-hidden="true">{cards}<b>{params["points"]}</b>'
                    f'<span>{who}</span></div>')
    return ""


def trick_html(view, settings: dict, recent=()) -> str:
    """A marriage just declared (``recent``), then the trick in play, else the last
    trick: just taken, its cards move towards the winner's pile."""
    return meld_html(settings, recent) + _trick_cards(view, settings, recent)


def _trick_cards(view, settings: dict, recent) -> str:
    if view.trick:
        leader, card = view.trick
        return (f'<h2 class="sr-only">{t(settings, "trick")}</h2>'
                f'<div class="played by-{SEATS[leader]}">{card_div(card, settings, "fresh")}'
                f'<span>{escape(t(settings, SEATS[leader]))}</span></div>')
    if view.last_trick:
        leader, lead, follow, winner = view.last_trick
        cells = []
        taken = f" taken-{SEATS[winner]}" if "take" in _kinds(recent) else ""
        for seat, card in ((leader, lead), (1 - leader, follow)):
            mark = (" won" if seat == winner else "") + taken
            fresh = "fresh" if card == follow else ""
            cells.append(f'<div class="played by-{SEATS[seat]}{mark}">{card_div(card, settings, fresh)}'
                         f'<span>{escape(t(settings, SEATS[seat]))}</span></div>')
        return (f'<h2 class="caption">{t(settings, "last_trick")}</h2>' + "".join(cells))
    return ""


def board_html(view, match, settings: dict, board=None) -> str:
    """The scores (when the engine counts them for you and the points counter is on),
    the Bummerl board (``board``, else the match's: at a Bummerl's end the board it was
    played to, until the next one starts), the results of the hands so far and the tally."""
    board = match.board if board is None else board
    rows = []
    if settings.get("points_counter") and view.points_counted:
        for seat in (HUMAN, BOT):
            pending = view.pending[seat]
            extra = f' <small>{escape(t(settings, "pending", points=pending))}</small>' if pending else ""
            rows.append(f'<p class="score">{escape(t(settings, "score", who=t(settings, SEATS[seat]), points=view.scores[seat]))}{extra}</p>')
    board = "".join(
        f'<li><span>{escape(t(settings, SEATS[seat]))}</span> <b>{board[seat]}</b>'
        f'<span class="pips" aria-hidden="true">{"●" * max(board[seat], 0)}</span></li>'
        for seat in (HUMAN, BOT))
    rows.append(f'<div class="tafel-row"><h2 class="caption">{escape(t(settings, "board"))}</h2>'
                f'<ul class="tafel">{board}</ul></div>')
    # The list is there from the first hand on (empty), so that the table does not move
    # down when the first result comes in.
    lang = settings["lang"]
    items = []
    for n, entry in enumerate(match.results, 1):
        line = t(settings, "result_line", n=n, who=t(settings, SEATS[entry["winner"]]),
                 points=entry["game_points"], reason=i18n.reason(lang, entry["termination"]))
        if entry.get("bummerl"):
            line += " · " + t(settings, "result_bummerl", who=t(settings, SEATS[entry["bummerl"]["loser"]]),
                              n=entry["bummerl"]["given"])
        items.append(f"<li>{escape(line)}</li>")
    rows.append(f'<details class="results" data-key="results"><summary>{escape(t(settings, "results", n=len(match.results)))}'
                f'</summary><ul>{"".join(reversed(items))}</ul></details>')
    dealer = t(settings, "dealer", who=t(settings, SEATS[view.dealer]))
    rows.append(f'<p class="tally">{escape(t(settings, "tally", you=match.bummerls[HUMAN], bot=match.bummerls[BOT]))}'
                f' · {escape(t(settings, "hand_no", n=match.hands_dealt))} · {escape(dealer)}</p>')
    return "".join(rows)


def score_rows(settings: dict, scores) -> str:
    """Both seats' points ("You: 34 points"), where the Bummerl board is not shown."""
    return "".join(f'<p class="score">{escape(t(settings, "points", who=t(settings, SEATS[seat]), points=scores[seat]))}</p>'
                   for seat in (HUMAN, BOT))


def my_pile_html(view, settings: dict) -> str:
    return pile_html(view, settings, view.seat)


def status_text(view, settings: dict, recent: list, busy: bool, *, log=(),
                match_over: bool = False) -> str:
    """Short: the last thing that happened (of ``recent``, else of ``log`` once the hand
    is over) and whose turn it is.  The live region narrates every event; the table
    shows them."""
    worded = [m for m in (message(settings, kind, params) for kind, params in recent or
                          (log if view.outcome else ())) if m]
    parts = worded[-1:]
    if view.outcome:
        parts.append(t(settings, "match_over" if match_over else "hand_over"))
    elif busy or _waiting(view):
        parts.append(t(settings, "turn_bot"))
    elif view.married:
        parts.append(t(settings, "turn_married"))
    elif view.trick:
        card = i18n.card_name(settings["lang"], settings["deck"], view.trick[1])
        parts.append(t(settings, "turn_follow", card=card))
    else:
        parts.append(t(settings, "turn_lead"))
    return " ".join(parts)


def summary_html(view, settings: dict, bot_cards=(), bummerl: dict | None = None,
                 practice: bool = False) -> str:
    """The end of a hand on the table ("" while it goes on): who won how many game
    points and why, from your seat; that it was a ``practice`` hand (counted apart);
    both sides' points and tricks (in Sharp too); the bot's remaining cards face up; and
    when it ended a Bummerl (``Session.bummerl_end``) who won it, Schneider, the final
    board."""
    outcome = view.outcome
    if outcome is None:
        return ""
    lang = settings["lang"]
    winner = SEATS[outcome.winner]
    you, bot = view.scores[HUMAN], view.scores[BOT]
    rows = [f'<h2 class="headline" id="summary-title">{escape(t(settings, "hand_won_" + winner, n=outcome.game_points))}</h2>',
            f'<p class="why">{escape(i18n.end_reason(lang, outcome.termination.value, winner, you, bot))}</p>']
    sides = "".join(
        f'<li>{escape(t(settings, "summary_side", who=t(settings, SEATS[seat]), points=view.scores[seat], n=view.tricks[seat]))}</li>'
        for seat in (HUMAN, BOT))
    if practice:
        rows.append(f'<p class="practice">{escape(t(settings, "practice_hand"))}</p>')
    rows.append(f'<ul class="sides">{sides}</ul>')
    rows.append(f'<p class="level">{escape(t(settings, "opponent_level", level=level_name(settings)))}</p>')
    if bot_cards:
        cards = "".join(card_div(c, settings, "mini") for c in bot_cards)
        rows.append(f'<p class="caption">{escape(t(settings, "summary_bot_cards"))}</p>'
                    f'<div class="cards bot-cards">{cards}</div>')
    else:
        rows.append(f'<p class="caption">{escape(t(settings, "summary_no_bot_cards"))}</p>')
    if bummerl:
        won = SEATS[1 - bummerl["loser"]]
        rows.append(f'<div class="bummerl-end won-{won}">'
                    f'<p class="headline">{escape(t(settings, "bummerl_end_" + won, n=bummerl["given"]))}</p>')
        if bummerl["schneider"]:
            rows.append(f'<p>{escape(t(settings, "bummerl_schneider_" + won))}</p>')
        final = bummerl["final"]
        rows.append(f'<p>{escape(t(settings, "bummerl_final", you=final[HUMAN], bot=final[BOT]))}</p></div>')
    return f'<section class="summary" aria-labelledby="summary-title">{"".join(rows)}</section>'


def take_back_button(settings: dict) -> str:
    """Take back your last move (and the bot's reply), under the take back option."""
    return f'<button type="button" class="act" data-action="take-back">{escape(t(settings, "take_back"))}</button>'


def confirm_html(settings: dict, board) -> str:
    """The dialog asking before a new match discards the one in play."""
    return (f'<h2 id="confirm-title">{escape(t(settings, "confirm_new_title"))}</h2>'
            f'<p id="confirm-text">{escape(t(settings, "confirm_new_text", you=board[HUMAN], bot=board[BOT]))}</p>'
            f'<div class="buttons"><button type="button" class="act" data-action="confirm-no">'
            f'{escape(t(settings, "confirm_new_no"))}</button>'
            f'<button type="button" class="act primary" data-action="confirm-yes">'
            f'{escape(t(settings, "confirm_new_yes"))}</button></div>')


def stats_dialog_html(settings: dict, stats, set_aside: bool = False) -> str:
    """The statistics dialog: `stats.panel_html` (with its reset button), a note when
    unreadable statistics were set aside, and Close."""
    from .stats import panel_html

    note = f'<p class="notice">{escape(t(settings, "stats_set_aside"))}</p>' if set_aside else ""
    return (f'<div class="dialog-body">{note}{panel_html(stats, settings["lang"])}'
            f'<div class="buttons"><button type="button" class="act primary" data-action="dialog-close">'
            f'{escape(t(settings, "close_dialog"))}</button></div></div>')


def stats_reset_html(settings: dict) -> str:
    """The question before the statistics are reset."""
    return (f'<h2 id="confirm-title">{escape(t(settings, "stats_reset"))}</h2>'
            f'<p id="confirm-text">{escape(t(settings, "stats_reset_confirm"))}</p>'
            f'<div class="buttons"><button type="button" class="act" data-action="confirm-no">'
            f'{escape(t(settings, "cancel"))}</button>'
            f'<button type="button" class="act primary" data-action="stats-reset-yes">'
            f'{escape(t(settings, "stats_reset"))}</button></div>')


def link_game_html(settings: dict) -> str:
    """The note over a linked deal played beside the saved match, with the way back."""
    return (f'<span>{escape(t(settings, "link_game"))}</span> '
            f'<button type="button" class="act" data-action="back-to-match">{escape(t(settings, "back_to_match"))}</button>')


def deal_text(view, match, settings: dict) -> str:
    """The deal in one sentence: hand number, dealer, trump."""
    suit = i18n.suit_name(settings["lang"], settings["deck"], view.trump)
    return " · ".join((t(settings, "hand_no", n=match.hands_dealt),
                       t(settings, "dealer", who=t(settings, SEATS[view.dealer])),
                       t(settings, "trump", suit=suit))) + "."


def menu_labels(settings: dict) -> dict:
    """Text of the header buttons: data-action -> (label, lang attribute or None)."""
    other = "de" if settings["lang"] == "en" else "en"
    deck_key = "deck_switch" if settings["deck"] == "fr" else "deck_switch_fr"
    return {
        "lang": (t(settings, "lang_switch"), other),
        "deck": (t(settings, deck_key), None),
        "rules": (t(settings, "rules"), None),
        "new-match": (t(settings, "new_match"), None),
        "puzzles": (t(settings, "puzzles"), None),
        "stats": (t(settings, "stats_title"), None),
    }


def hint_text(settings: dict, hint) -> str:
    """The hint in words (a ``bummerl.bots.hints.Hint``): what to do and why, in the
    current language."""
    lang, deck = settings["lang"], settings["deck"]
    action = hint.action
    if action.kind == "play":
        what = t(settings, "act_play", card=i18n.card_name(lang, deck, action.card))
    elif action.kind == "marry":
        what = t(settings, "act_marry", suit=i18n.suit_name(lang, deck, action.suit))
    elif action.kind == "exchange" and deck == "de":  # German cards: the Unter, as on its button
        what = t(settings, "act_exchange_de")
    else:
        what = t(settings, f"act_{action.kind}")
    params = dict(hint.params)
    if params.get("card"):
        params["card"] = i18n.card_name(lang, deck, params["card"])
    why = t(settings, f"hint_{hint.reason.value}", **params)
    return t(settings, "hint_text", action=what, why=why)


def rules_panel_html(settings: dict, rules: Rules, display: dict) -> str:
    """The rules dialog: presets, every rule option, the display options."""
    lang = settings["lang"]
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
    for name in ("bot", "think"):
        values = CHOICES[name]
        chosen = display.get(name, settings.get(name))
        choices = "".join(
            f'<option value="{v}"{" selected" if v == chosen else ""}>{escape(choice_label(settings, name, v))}</option>'
            for v in values)
        shown.append(f'<label class="opt">{escape(i18n.option_label(lang, name))} '
                     f'<select name="{name}">{choices}</select></label>')
    colours = " checked" if display.get("four_colours", settings.get("four_colours")) else ""
    shown.append(f'<label class="opt check"><input type="checkbox" name="four_colours"{colours}>'
                 f'<span>{escape(i18n.option_label(lang, "four_colours"))}</span></label>')
    practice = "".join(
        f'<label class="opt check"><input type="checkbox" name="{name}"{" checked" if display.get(name) else ""}>'
        f'<span>{escape(i18n.option_label(lang, name))}</span></label>' for name in PRACTICE_OPTIONS)
    current = rules.preset_name
    presets = "".join(
        f'<button type="button" class="act" data-preset="{p}" aria-pressed="{"true" if current == p else "false"}">'
        f'{t(settings, p)}</button>' for p in ("soft", "sharp"))
    return (f'<form method="dialog" class="rules-form">'
            f'<h2 id="rules-title">{t(settings, "rules_title")}</h2>'
            f'<p>{t(settings, "rules_note")}</p>'
            f'<fieldset><legend>{t(settings, "preset")}</legend><div class="presets">{presets}</div></fieldset>'
            f'<fieldset><legend>{t(settings, "rules")}</legend>{"".join(rows)}</fieldset>'
            f'<fieldset><legend>{t(settings, "display")}</legend>{"".join(shown)}</fieldset>'
            f'<fieldset><legend>{t(settings, "practice")}</legend>'
            f'<p class="note">{escape(t(settings, "practice_note"))}</p>{practice}</fieldset>'
            f'<div class="buttons"><button type="button" class="act" data-action="rules-cancel">{t(settings, "cancel")}</button>'
            f'<button type="button" class="act primary" data-action="rules-apply">{t(settings, "apply")}</button></div>'
            f'</form>')


def choice_label(settings: dict, name: str, value: str) -> str:
    """A setting's value as the rules panel names it (a bot level by its name)."""
    if name == "bot":
        return t(settings, "level_" + value)
    return i18n.option_label(settings["lang"], f"{name}={value}")


def level_name(settings: dict) -> str:
    return t(settings, "level_" + settings["bot"])


def level_choice_html(settings: dict) -> str:
    """A first visit's choice of opponent, in one step: a button per level (the chosen
    one pressed, each described for screen readers) and a line on what the chosen one does."""
    chosen = settings["bot"]
    buttons = "".join(
        f'<button type="button" class="act" data-action="level" data-level="{level}" '
        f'aria-pressed="{"true" if level == chosen else "false"}" aria-describedby="level-about-{level}">'
        f'{escape(t(settings, "level_" + level))}</button>' for level in CHOICES["bot"])
    about = "".join(f'<span id="level-about-{level}" hidden>{escape(t(settings, f"level_{level}_about"))}</span>'
                    for level in CHOICES["bot"])
    return (f'<section class="level-choice" aria-labelledby="level-title">'
            f'<h2 class="caption" id="level-title">{escape(t(settings, "level_choose"))}</h2>'
            f'<div class="levels" role="group" aria-labelledby="level-title">{buttons}</div>'
            f'<p class="about">{escape(t(settings, f"level_{chosen}_about"))}</p>{about}</section>')


def howto_html(settings: dict) -> str:
    items = "".join(f"<li>{escape(line)}</li>" for line in i18n.MESSAGES[settings["lang"]]["howto"])
    return f'<summary>{escape(t(settings, "howto_title"))}</summary><ul>{items}</ul>'


def notice_text(settings: dict, notices: list, link_notices: list) -> str:
    parts = [t(settings, key) for key in dict.fromkeys(notices)]
    if link_notices:
        parts.append(t(settings, "link_notices", details="; ".join(link_notices)))
    return " ".join(parts)
