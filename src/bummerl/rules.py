"""The rule options of ``shared/rules.md``, the presets Soft and Sharp, and their JSON form.

>>> Rules.preset("sharp").claim
'manual'
>>> Rules.from_json({"preset": "sharp", "claim": "auto"}).to_json()
{'preset': 'sharp', 'claim': 'auto'}
>>> Rules.from_json({"trick_before_marriage": "yes"})
Traceback (most recent call last):
...
bummerl.errors.RulesError: option 'trick_before_marriage' takes true or false, not 'yes'
"""

from dataclasses import dataclass, fields, replace

from .errors import NotationError, RulesError
from .jsondoc import show

# The numbers of the game, named once (shared/rules.md).
GOAL = 66  # card points plus counted marriages that win a hand
MARRIAGE_POINTS = 20  # king and queen of a plain suit
TRUMP_MARRIAGE_POINTS = 40  # king and queen of trumps
SCHNEIDER = 33  # a loser below this many points ("Schneider") gives 2 game points
BOARD_START = 7  # game points each seat counts down from in a Bummerl


def marriage_points(suit: int, trump: int) -> int:
    """What declaring the marriage in ``suit`` is worth when ``trump`` is trumps."""
    return TRUMP_MARRIAGE_POINTS if suit == trump else MARRIAGE_POINTS

# option name -> the values it takes (the first is never special; defaults are Soft's).
OPTIONS: dict[str, tuple] = {
    "exchange_with_two_left": (True, False),
    "trick_before_exchange": (True, False),
    "close_with_two_left": (True, False),
    "trick_before_marriage": (True, False),
    "marriage_leads_king": (True, False),
    "claim": ("auto", "manual"),
    "false_claim": ("penalty", "mirror"),
    "closing_counts_later_tricks": (True, False),
    "schneider_bummerl": (True, False),
    # 0: an open tally of Bummerl; 2 or 3: the first to lose that many loses the match.
    "match_bummerls": (0, 2, 3),
}


@dataclass(frozen=True)
class Rules:
    """One setting of every rule option. Defaults are the Soft preset."""

    exchange_with_two_left: bool = True
    trick_before_exchange: bool = False
    close_with_two_left: bool = True
    trick_before_marriage: bool = False
    marriage_leads_king: bool = False
    claim: str = "auto"
    false_claim: str = "penalty"
    closing_counts_later_tricks: bool = False
    schneider_bummerl: bool = False
    match_bummerls: int = 0

    OPTIONS = OPTIONS

    def __post_init__(self):
        for f in fields(self):
            check_option(f.name, getattr(self, f.name))

    @property
    def auto_claim(self) -> bool:
        return self.claim == "auto"

    @staticmethod
    def preset(name: str) -> "Rules":
        try:
            return PRESETS[name]
        except (KeyError, TypeError):
            raise RulesError(f"unknown preset {show(name)} (one of {', '.join(PRESETS)})") from None

    def with_options(self, **options) -> "Rules":
        for name, value in options.items():
            check_option(name, value)
        return replace(self, **options)

    @staticmethod
    def from_json(obj) -> "Rules":
        """Read ``"soft"``, ``"sharp"`` or ``{"preset": ..., "<option>": value, ...}``, with
        exact types (``2.0`` is not ``2``, ``1`` is not ``true``); RulesError says what is
        wrong (``read_rules`` adds where)."""
        if isinstance(obj, str):
            return Rules.preset(obj)
        if not isinstance(obj, dict):
            raise RulesError(f"rules must be a preset name or an object, not {show(obj)}")
        options = dict(obj)
        base = Rules.preset(options.pop("preset", "soft"))
        for name, value in options.items():
            check_option(name, value)
        return replace(base, **options)

    def to_json(self):
        """The shortest JSON form: a preset name, or a preset plus the options that differ."""
        best = None
        for name, preset in PRESETS.items():
            diff = {
                f.name: getattr(self, f.name)
                for f in fields(self)
                if getattr(self, f.name) != getattr(preset, f.name)
            }
            if best is None or len(diff) < len(best[1]):
                best = (name, diff)
        name, diff = best
        return name if not diff else {"preset": name, **diff}

    def options(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @property
    def preset_name(self) -> str | None:
        """"soft" or "sharp" when these rules are exactly a preset, else None."""
        as_json = self.to_json()
        return as_json if isinstance(as_json, str) else None


def check_option(name: str, value) -> None:
    """The one check of a rule option's value (exact types: ``True`` is not ``1``)."""
    if not isinstance(name, str) or name not in OPTIONS:
        raise RulesError(f"unknown rule option {show(name)} (known: {', '.join(OPTIONS)})")
    allowed = OPTIONS[name]
    if not any(type(value) is type(a) and value == a for a in allowed):
        wanted = "true or false" if isinstance(allowed[0], bool) else "one of " + ", ".join(map(repr, allowed))
        raise RulesError(f"option {name!r} takes {wanted}, not {show(value)}")


def read_rules(value, where: str = "rules") -> Rules:
    """Rules in their JSON form from outside (a record, a saved match): NotationError
    naming ``where`` for anything ``Rules.from_json`` refuses."""
    try:
        return Rules.from_json(value)
    except RulesError as error:
        raise NotationError(str(error), where) from None


SOFT = Rules()
SHARP = Rules(
    exchange_with_two_left=False,
    trick_before_exchange=True,
    close_with_two_left=False,
    trick_before_marriage=True,
    marriage_leads_king=True,
    claim="manual",
)
PRESETS = {"soft": SOFT, "sharp": SHARP}

# Table (display-only) options of rules.md; they change what the table shows, never the play.
DISPLAY_PRESETS = {
    "soft": {"see_own_tricks": True, "first_tricks_face_up": False, "points_counter": True},
    "sharp": {"see_own_tricks": False, "first_tricks_face_up": False, "points_counter": False},
}
