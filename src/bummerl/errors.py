"""Error types of the engine.

Malformed input and illegal actions are different mistakes and get different types:
``NotationError`` for text that cannot be read at all (an unknown card code, a
duplicate card, an unknown action word), ``RulesError`` for an unknown rule option or
a bad value, ``IllegalAction`` for a well-formed action the rules forbid right now.
All are ``ValueError`` subclasses.
"""


class NotationError(ValueError):
    """Input that cannot be read: unknown card code, wrong hand size, unknown action word.

    ``where`` names the position of the fault ("hands[1][3]", "actions[7]") when known.
    """

    def __init__(self, message: str, where: str | None = None):
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where


class RulesError(ValueError):
    """An unknown rule option, or a value the option does not take."""


class IllegalAction(ValueError):
    """A well-formed action that the rules forbid in the current position.

    The message names the action and why, e.g. ``play QH: must follow suit: you hold KD``.
    The hand the action was tried on is left unchanged.
    """

    def __init__(self, action: str, reason: str):
        super().__init__(f"{action}: {reason}")
        self.action = action
        self.reason = reason
