"""Words of the table in English and German (Austrian terms), for both decks.

Pure data plus a few formatting helpers; no game rules.  `text(lang, key, **params)`
formats one message; card and suit names depend on the deck ("fr" or "de").
"""
from __future__ import annotations

from bummerl.hand import OUTCOME_KEYS

LANGS = ("en", "de")
DECKS = ("fr", "de")

SUIT_SYMBOL = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}

RANK_NAMES = {
    ("en", "fr"): {"A": "Ace", "T": "Ten", "K": "King", "Q": "Queen", "J": "Jack"},
    ("en", "de"): {"A": "Ace", "T": "Ten", "K": "King", "Q": "Ober", "J": "Unter"},
    ("de", "fr"): {"A": "Ass", "T": "Zehner", "K": "König", "Q": "Dame", "J": "Bube"},
    ("de", "de"): {"A": "Daus", "T": "Zehner", "K": "König", "Q": "Ober", "J": "Unter"},
}
RANK_LETTERS = {
    "fr": {"A": "A", "T": "10", "K": "K", "Q": "Q", "J": "J"},
    "de": {"A": "A", "T": "10", "K": "K", "Q": "O", "J": "U"},
}
SUIT_NAMES = {
    ("en", "fr"): {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"},
    ("en", "de"): {"H": "hearts", "D": "bells", "C": "acorns", "S": "leaves"},
    ("de", "fr"): {"H": "Herz", "D": "Karo", "C": "Kreuz", "S": "Pik"},
    ("de", "de"): {"H": "Herz", "D": "Schellen", "C": "Eichel", "S": "Laub"},
}

MESSAGES = {
    "en": {
        "title": "Bummerl",
        "lang_switch": "Deutsch",
        "lang_switch_label": "Auf Deutsch spielen",
        "deck_switch": "German cards",
        "deck_switch_fr": "French cards",
        "rules": "Rules",
        "new_match": "New match",
        "menu": "Menu",
        "you": "You",
        "bot": "Bot",
        "opponent": "Opponent (Bot)",
        "your_hand": "Your hand",
        "opponent_cards": "The bot holds {n} cards.",
        "table": "Table",
        "trick": "Trick",
        "last_trick": "Last trick",
        "talon": "Talon",
        "talon_cards": "Talon: {n} cards",
        "talon_empty": "Talon used up",
        "talon_closed": "Talon closed by {who}",
        "trump": "Trump (Atout): {suit}",
        "trump_card": "Trump card: {card}",
        "score": "{who}: {points} points",
        "pending": "(+{points} once a trick is won)",
        "tricks_count": "{who}: {n} tricks",
        "tricks_count_one": "{who}: 1 trick",
        "see_tricks": "Your tricks ({n})",
        "first_trick": "First trick",
        "board": "Bummerl (7 down to 0):",
        "board_line": "{who}: {n}",
        "tally": "Bummerl given: You {you} · Bot {bot}",
        "hand_no": "Hand {n}",
        "results": "Hands played ({n})",
        "result_line": "Hand {n}: {who} +{points} ({reason})",
        "result_bummerl": "{who} got {n} Bummerl",
        "dealer": "{who} dealt",
        "exchange": "Exchange trump jack",
        "exchange_de": "Exchange trump Unter",
        "close": "Close talon",
        "marry": "Marriage {suit}",
        "marry_trump": "Marriage {suit} (trump)",
        "claim": "Enough! (claim 66)",
        "next_hand": "Next hand",
        "turn_lead": "Your turn: lead a card.",
        "turn_follow": "Your turn: answer {card}.",
        "turn_married": "Lead a card of your marriage.",
        "turn_bot": "The bot is thinking…",
        "hand_over": "Hand over.",
        "match_over": "The match is over.",
        "play": "{who} {verb} {card}.",
        "verb_play_you": "play",
        "subject_you": "You",
        "subject_bot": "Bot",
        "verb_play_bot": "plays",
        "take_you": "You take the trick (+{points}).",
        "take_bot": "Bot takes the trick (+{points}).",
        "exchange_you": "You exchange the trump jack for {card}.",
        "exchange_bot": "Bot exchanges the trump jack for {card}.",
        "exchange_you_de": "You exchange the trump Unter for {card}.",
        "exchange_bot_de": "Bot exchanges the trump Unter for {card}.",
        "close_you": "You close the talon: from now on, follow suit and head the trick.",
        "close_bot": "Bot closes the talon: from now on, follow suit and head the trick.",
        "marry_you": "You declare {points} in {suit}.",
        "marry_bot": "Bot declares {points} in {suit}.",
        "claim_you": "You claim: Enough!",
        "marriage_pending": "(It counts once a trick is won.)",
        "talon_exhausted": "The talon is used up: from now on, follow suit and head the trick.",
        "claim_bot": "Bot claims: Enough!",
        "win_you": "You win the hand: {n} game point(s) ({reason}).",
        "win_bot": "Bot wins the hand: {n} game point(s) ({reason}).",
        "bummerl_you": "You win the Bummerl! The bot gets {n}.",
        "bummerl_bot": "Bot wins the Bummerl: you get {n}.",
        "not_playable": "not playable: {why}",
        "cannot_save": "Your browser does not let this page store data: the game plays, but cannot be saved.",
        "set_aside_corrupt": "The saved game could not be read; it was set aside and a new match started.",
        "set_aside_foreign": "Stored data that is not a Bummerl game was found; it was set aside and a new match started.",
        "set_aside_future": "The saved game comes from a newer version of this page; it was set aside and a new match started.",
        "set_aside_exported": "The saved game could not be read and was too large to keep aside: it was downloaded as bummerl-saved-game.json and removed from this browser; a new match started.",
        "other_tab": "This match was continued in another tab; showing the latest state.",
        "link_notices": "Parts of the link were ignored: {details}.",
        "howto_title": "How to play",
        "howto": [
            "Goal: be first to 66 points in a hand. Card points: Ace 11, Ten 10, King 4, Queen 3, Jack 2.",
            "The trump suit (Atout) beats every other suit; otherwise the higher card of the suit led wins.",
            "While the talon is open you may play any card; both players draw after each trick.",
            "King and queen of one suit in your hand, when you lead: declare 20 (40 in trumps).",
            "On lead you may exchange the trump jack for the trump card, or close the talon: from then on you must follow suit and head the trick.",
            "A hand is worth 1 to 3 game points; the first to win 7 game points wins the Bummerl. Stuck? Press Hint.",
        ],
        "hint": "Hint",
        "hint_text": "Hint: {action} ({why}).",
        "act_play": "play {card}",
        "act_exchange": "exchange the trump jack",
        "act_close": "close the talon",
        "act_marry": "declare the marriage in {suit}",
        "act_claim": "claim \"Enough!\"",
        "hint_claim": "you have {score} points: claim the hand",
        "hint_close": "{score} points so far, {hand_points} in hand and {top_trumps} of the top trumps",
        "hint_exchange": "take the {card} for the trump jack",
        "hint_marriage": "declare {points}",
        "hint_marriage_lead": "lead the {card} to show your marriage",
        "hint_exact": "all cards are known: the best play by exact calculation",
        "hint_win_trick": "take the trick: {points} points",
        "hint_trump_trick": "trump it: {points} points on the table",
        "hint_cheap_loss": "let this trick go and give away only {card_points}",
        "hint_lead_low": "lead a low card and keep your strength",
        "hint_lead_trump": "draw the opponent's trumps",
        "hint_lead_high": "cash a sure winner",
        "hint_lead": "lead this card",
        "rules_title": "Rules",
        "rules_note": "Changes apply from the next hand.",
        "preset": "Preset",
        "soft": "Soft (default)",
        "sharp": "Sharp",
        "display": "Table",
        "apply": "Apply",
        "cancel": "Cancel",
        "yes": "yes",
        "no": "no",
        "loading": "Shuffling the cards…",
        "reason_reached_66": "reached 66",
        "reason_reached_66_marriage": "reached 66 with a marriage",
        "reason_claimed_66": "claimed 66",
        "reason_last_trick": "won the last trick",
        "reason_last_trick_66": "won the last trick with 66",
        "reason_false_claim": "false claim",
        "reason_close_failed_short": "close failed: the closer did not reach 66",
        "reason_close_failed_last_trick": "close failed: the closer lost the last trick",
        "reason_close_failed_opponent_out": "close failed: the opponent went out",
        "reason_close_failed_false_claim": "close failed: the closer claimed falsely",
        "why_not_held": "not in your hand",
        "why_marriage_lead": "after the marriage, lead the king or the queen of {suit}",
        "why_marriage_lead_king": "after the marriage, lead the king of {suit}",
        "why_must_head": "must follow suit and take the trick: you hold {cards}",
        "why_must_follow": "must follow suit: you hold {cards}",
        "why_must_trump": "must play a trump: you hold {cards}",
        "help": "Click or tap a card to play it. Buttons above your hand exchange, close, declare a marriage or claim.",
    },
    "de": {
        "title": "Bummerl",
        "lang_switch": "English",
        "lang_switch_label": "Play in English",
        "deck_switch": "Doppeldeutsche Karten",
        "deck_switch_fr": "Französische Karten",
        "rules": "Regeln",
        "new_match": "Neue Partie",
        "menu": "Menü",
        "you": "Du",
        "bot": "Computer",
        "opponent": "Gegner (Computer)",
        "your_hand": "Deine Karten",
        "opponent_cards": "Der Computer hat {n} Karten.",
        "table": "Tisch",
        "trick": "Stich",
        "last_trick": "Letzter Stich",
        "talon": "Talon",
        "talon_cards": "Talon: {n} Karten",
        "talon_empty": "Talon aufgebraucht",
        "talon_closed": "Zugedreht von {who}",
        "trump": "Atout: {suit}",
        "trump_card": "Atoutkarte: {card}",
        "score": "{who}: {points} Punkte",
        "pending": "(+{points} nach dem ersten Stich)",
        "tricks_count": "{who}: {n} Stiche",
        "tricks_count_one": "{who}: 1 Stich",
        "see_tricks": "Deine Stiche ({n})",
        "first_trick": "Erster Stich",
        "board": "Bummerl (von 7 auf 0):",
        "board_line": "{who}: {n}",
        "tally": "Bummerl: Du {you} · Computer {bot}",
        "hand_no": "Spiel {n}",
        "results": "Gespielte Spiele ({n})",
        "result_line": "Spiel {n}: {who} +{points} ({reason})",
        "result_bummerl": "{who}: {n} Bummerl",
        "dealer": "{who} hat gegeben",
        "exchange": "Atout-Buben tauschen",
        "exchange_de": "Atout-Unter tauschen",
        "close": "Zudrehen",
        "marry": "{suit} ansagen",
        "marry_trump": "{suit} ansagen (Atout)",
        "claim": "Genug! (66 melden)",
        "next_hand": "Nächstes Spiel",
        "turn_lead": "Du bist dran: spiel aus.",
        "turn_follow": "Du bist dran: spiel auf {card} zu.",
        "turn_married": "Spiel eine Karte deiner Ansage aus.",
        "turn_bot": "Der Computer überlegt…",
        "hand_over": "Spiel vorbei.",
        "match_over": "Die Partie ist vorbei.",
        "play": "{who} {verb} {card}.",
        "verb_play_you": "spielst",
        "subject_you": "Du",
        "subject_bot": "Der Computer",
        "verb_play_bot": "spielt",
        "take_you": "Du machst den Stich (+{points}).",
        "take_bot": "Der Computer macht den Stich (+{points}).",
        "exchange_you": "Du tauschst den Atout-Buben gegen {card}.",
        "exchange_bot": "Der Computer tauscht den Atout-Buben gegen {card}.",
        "exchange_you_de": "Du tauschst den Atout-Unter gegen {card}.",
        "exchange_bot_de": "Der Computer tauscht den Atout-Unter gegen {card}.",
        "close_you": "Du drehst zu: ab jetzt gilt Farb- und Stichzwang.",
        "close_bot": "Der Computer dreht zu: ab jetzt gilt Farb- und Stichzwang.",
        "marry_you": "Du sagst {points} in {suit} an.",
        "marry_bot": "Der Computer sagt {points} in {suit} an.",
        "claim_you": "Du meldest: Genug!",
        "marriage_pending": "(Zählt erst nach einem Stich.)",
        "talon_exhausted": "Der Talon ist aufgebraucht: ab jetzt gilt Farb- und Stichzwang.",
        "claim_bot": "Der Computer meldet: Genug!",
        "win_you": "Du gewinnst das Spiel: {n} Punkt(e) ({reason}).",
        "win_bot": "Der Computer gewinnt das Spiel: {n} Punkt(e) ({reason}).",
        "bummerl_you": "Du gewinnst! Der Computer bekommt {n} Bummerl.",
        "bummerl_bot": "Der Computer gewinnt: du bekommst {n} Bummerl.",
        "not_playable": "nicht spielbar: {why}",
        "cannot_save": "Dein Browser lässt diese Seite nichts speichern: Du kannst spielen, aber nichts wird gespeichert.",
        "set_aside_corrupt": "Der gespeicherte Stand war unlesbar; er wurde beiseitegelegt, eine neue Partie beginnt.",
        "set_aside_foreign": "Fremde Daten gefunden; sie wurden beiseitegelegt, eine neue Partie beginnt.",
        "set_aside_future": "Der gespeicherte Stand stammt von einer neueren Version; er wurde beiseitegelegt, eine neue Partie beginnt.",
        "set_aside_exported": "Der gespeicherte Stand war unlesbar und zu groß zum Beiseitelegen: er wurde als bummerl-saved-game.json heruntergeladen und aus diesem Browser entfernt; eine neue Partie beginnt.",
        "other_tab": "Diese Partie wurde in einem anderen Tab weitergespielt; der neueste Stand wird gezeigt.",
        "link_notices": "Teile des Links wurden ignoriert: {details}.",
        "howto_title": "So wird gespielt",
        "howto": [
            "Ziel: als Erster 66 Punkte in einem Spiel. Kartenwerte: Ass 11, Zehner 10, König 4, Dame/Ober 3, Bube/Unter 2.",
            "Atout sticht jede andere Farbe; sonst gewinnt die höhere Karte der ausgespielten Farbe.",
            "Solange der Talon offen ist, darfst du jede Karte spielen; nach jedem Stich heben beide ab.",
            "König und Dame/Ober einer Farbe in der Hand, wenn du ausspielst: 20 ansagen (40 in Atout).",
            "Beim Ausspielen darfst du den Atout-Buben gegen die Atoutkarte tauschen oder zudrehen: dann gilt Farb- und Stichzwang.",
            "Ein Spiel bringt 1 bis 3 Punkte; wer zuerst 7 Punkte gewinnt, gewinnt das Bummerl. Ratlos? Tipp drücken.",
        ],
        "hint": "Tipp",
        "hint_text": "Tipp: {action} ({why}).",
        "act_play": "{card} spielen",
        "act_exchange": "Atout-Buben tauschen",
        "act_close": "zudrehen",
        "act_marry": "{suit} ansagen",
        "act_claim": "\"Genug!\" melden",
        "hint_claim": "du hast {score} Punkte: melde aus",
        "hint_close": "{score} Punkte bisher, {hand_points} in der Hand und {top_trumps} der hohen Atouts",
        "hint_exchange": "nimm {card} für den Atout-Buben",
        "hint_marriage": "{points} ansagen",
        "hint_marriage_lead": "spiel {card} aus, um die Ansage zu zeigen",
        "hint_exact": "alle Karten sind bekannt: der beste Zug, genau berechnet",
        "hint_win_trick": "nimm den Stich: {points} Punkte",
        "hint_trump_trick": "stich mit Atout: {points} Punkte am Tisch",
        "hint_cheap_loss": "lass den Stich und gib nur {card_points} Punkte her",
        "hint_lead_low": "spiel eine niedrige Karte aus und schone deine starken",
        "hint_lead_trump": "zieh dem Gegner die Atouts",
        "hint_lead_high": "kassier einen sicheren Stich",
        "hint_lead": "spiel diese Karte aus",
        "rules_title": "Regeln",
        "rules_note": "Änderungen gelten ab dem nächsten Spiel.",
        "preset": "Voreinstellung",
        "soft": "Weich (Standard)",
        "sharp": "Scharf",
        "display": "Tisch",
        "apply": "Übernehmen",
        "cancel": "Abbrechen",
        "yes": "ja",
        "no": "nein",
        "loading": "Karten werden gemischt…",
        "reason_reached_66": "66 erreicht",
        "reason_reached_66_marriage": "66 mit einer Ansage erreicht",
        "reason_claimed_66": "Genug gemeldet",
        "reason_last_trick": "letzter Stich",
        "reason_last_trick_66": "letzter Stich mit 66",
        "reason_false_claim": "falsch gemeldet",
        "reason_close_failed_short": "Zudrehen misslungen: keine 66 erreicht",
        "reason_close_failed_last_trick": "Zudrehen misslungen: letzten Stich verloren",
        "reason_close_failed_opponent_out": "Zudrehen misslungen: der Gegner hat zuerst 66",
        "reason_close_failed_false_claim": "Zudrehen misslungen: falsch gemeldet",
        "why_not_held": "nicht in deiner Hand",
        "why_marriage_lead": "nach der Ansage König oder {queen} in {suit} ausspielen",
        "why_marriage_lead_king": "nach der Ansage den König in {suit} ausspielen",
        "why_must_head": "Farbe bedienen und stechen: du hast {cards}",
        "why_must_follow": "Farbe bedienen: du hast {cards}",
        "why_must_trump": "Atout geben: du hast {cards}",
        "help": "Klicke oder tippe eine Karte, um sie zu spielen. Die Knöpfe über deinen Karten: tauschen, zudrehen, ansagen, Genug melden.",
    },
}

# Rule options (names as in rules.md / Rules.OPTIONS) and display options.
OPTION_LABELS = {
    "en": {
        "exchange_with_two_left": "Exchange allowed with two talon cards left",
        "trick_before_exchange": "Exchange only after winning a trick",
        "close_with_two_left": "Closing allowed with two talon cards left",
        "trick_before_marriage": "Marriage only after winning a trick",
        "marriage_leads_king": "After a marriage, lead the king",
        "claim": "Reaching 66",
        "claim=auto": "counted automatically",
        "claim=manual": "claim \"Enough!\" yourself",
        "false_claim": "False claim",
        "false_claim=penalty": "opponent wins 2 (3 if no trick)",
        "false_claim=mirror": "opponent wins what the claim would have",
        "closing_counts_later_tricks": "Closing: grade by tricks at the end of the hand",
        "schneider_bummerl": "Schneider-Bummerl (two Bummerl to a loser without a game point)",
        "match_bummerls": "Match",
        "match_bummerls=0": "open tally",
        "match_bummerls=2": "first to 2 Bummerl loses",
        "match_bummerls=3": "first to 3 Bummerl loses",
        "see_own_tricks": "See your own tricks",
        "first_tricks_face_up": "First tricks face up",
        "points_counter": "Points counter (only when 66 is counted automatically)",
        "hints": "Hint button",
        "four_colours": "Four-colour French cards (diamonds blue, clubs green)",
        "bot": "Opponent",
        "bot=easy": "easy",
        "bot=medium": "medium",
        "bot=hard": "hard (thinks longer)",
    },
    "de": {
        "exchange_with_two_left": "Tauschen auch bei zwei Talonkarten",
        "trick_before_exchange": "Tauschen erst nach einem Stich",
        "close_with_two_left": "Zudrehen auch bei zwei Talonkarten",
        "trick_before_marriage": "Stich vor 20/40",
        "marriage_leads_king": "20/40 + König (nach der Ansage König ausspielen)",
        "claim": "66 erreichen",
        "claim=auto": "wird automatisch gezählt",
        "claim=manual": "selbst ausmelden (\"Genug!\")",
        "false_claim": "Falsch gemeldet",
        "false_claim=penalty": "Gegner bekommt 2 (3 ohne Stich)",
        "false_claim=mirror": "Gegner bekommt, was die Meldung gebracht hätte",
        "closing_counts_later_tricks": "Zudrehen: Stiche bis Spielende zählen",
        "schneider_bummerl": "Schneider-Bummerl (zwei Bummerl ohne Punkt)",
        "match_bummerls": "Partie",
        "match_bummerls=0": "offene Zählung",
        "match_bummerls=2": "wer 2 Bummerl hat, verliert",
        "match_bummerls=3": "wer 3 Bummerl hat, verliert",
        "see_own_tricks": "Eigene Stiche ansehen",
        "first_tricks_face_up": "Erste Stiche offen",
        "points_counter": "Punktezähler (nur wenn 66 automatisch gezählt wird)",
        "hints": "Tipp-Knopf",
        "four_colours": "Vierfarbige französische Karten (Karo blau, Kreuz grün)",
        "bot": "Gegner",
        "bot=easy": "leicht",
        "bot=medium": "mittel",
        "bot=hard": "stark (denkt länger)",
    },
}


def text(lang: str, key: str, **params) -> str:
    return lookup(MESSAGES, lang, key, params)


def lookup(messages: dict, lang: str, key: str, params: dict) -> str:
    """A message of ``messages`` (language -> key -> template) in ``lang``, else in
    English, else the key itself; filled with ``params``."""
    table = messages.get(lang, messages["en"])
    template = table.get(key) or messages["en"].get(key) or key
    return template.format(**params) if params else template


def card_name(lang: str, deck: str, code: str) -> str:
    rank = RANK_NAMES[(lang, deck)][code[0]]
    suit = SUIT_NAMES[(lang, deck)][code[1]]
    if lang == "de":
        return f"{suit}-{rank}"
    return f"{rank} of {suit}"


def suit_name(lang: str, deck: str, suit: str) -> str:
    return SUIT_NAMES[(lang, deck)][suit]


def reason(lang: str, engine_reason: str) -> str:
    """Word an Outcome.reason of the engine (its English text, as stored in results)
    through the engine's stable key for it."""
    key = "reason_" + OUTCOME_KEYS.get(engine_reason, "")
    table = MESSAGES.get(lang, MESSAGES["en"])
    return table.get(key, engine_reason)


def why(lang: str, why_key, deck: str = "fr") -> str:
    """Word the engine's reason a card is not playable (``View.blocked_keys`` value:
    a key and its parameters), naming cards and suits in the deck's words."""
    key, params = why_key
    words = {}
    if "cards" in params:
        words["cards"] = ", ".join(card_name(lang, deck, c) for c in params["cards"])
    if key == "marriage_lead":
        words["suit"] = suit_name(lang, deck, params["suit"])
        words["queen"] = "Ober" if deck == "de" else "Dame"
        if params["king_only"]:
            key = "marriage_lead_king"
    return text(lang, "why_" + key, **words)


def option_label(lang: str, name: str) -> str:
    return OPTION_LABELS.get(lang, OPTION_LABELS["en"]).get(name, name)


def pick_language(navigator_languages) -> str:
    """The first of the browser's languages that we speak, else English."""
    for tag in navigator_languages or ():
        base = str(tag).lower().split("-")[0]
        if base in LANGS:
            return base
    return "en"
