"""Strict reading of JSON from outside: saved games, hand records from files and links.

``loads`` checks size and nesting with a linear scan *before* ``json.loads`` runs (a
100,000-deep ``[[[[`` never reaches its recursion), and rejects what JSON allows but
no Bummerl document holds: duplicate keys, NaN/Infinity, numbers with more digits than
any count here. The ``expect_*`` checks then read exact types (``True`` is not ``1``,
``1.0`` is not ``1``) and ranges; every error is a ``NotationError`` naming the path and
quoting at most a short prefix of the bad value:

>>> expect_int(1.0, "results[3].winner", 0, 1)
Traceback (most recent call last):
...
bummerl.errors.NotationError: results[3].winner: expected 0 or 1, got 1.0
>>> loads("[" * 100_000)
Traceback (most recent call last):
...
bummerl.errors.NotationError: nested deeper than 32 levels at char 32
>>> loads('{"a": 1, "a": 2}')
Traceback (most recent call last):
...
bummerl.errors.NotationError: duplicate key 'a'
"""

import json
import math
import re

from .errors import NotationError

MAX_CHARS = 1_000_000  # a match with thousands of results fits; a record is < 2,000
MAX_DEPTH = 32  # the deepest Bummerl document nests 6 levels
MAX_DIGITS = 20  # seeds fit in 64 bits
SHOWN = 40  # characters of a bad value quoted in an error

_STRUCTURE = re.compile(r'[\[\]{}"\\]')


def show(value) -> str:
    """A short ``repr`` of ``value`` for an error message (at most ``SHOWN`` characters)."""
    if isinstance(value, (dict, list)) and not _small(value):
        return f"a {'dict' if isinstance(value, dict) else 'list'} of {len(value):,} items"
    text = repr(value[:SHOWN + 1] if isinstance(value, str) else value)
    return text if len(text) <= SHOWN else text[:SHOWN] + "…"


def _small(value, budget: int = 64) -> bool:
    """True when ``value`` holds few enough items to print (never walks a big tree)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, (dict, list)):
            budget -= 1 + len(item)
            if budget < 0:
                return False
            stack.extend(item.values() if isinstance(item, dict) else item)
    return True


def check_shape(text: str, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> None:
    """Size and nesting of JSON text, checked without parsing it."""
    if not isinstance(text, str):
        raise NotationError(f"expected JSON text, got {type(text).__name__}")
    if len(text) > max_chars:
        raise NotationError(f"too large: {len(text):,} characters (at most {max_chars:,})")
    if text.count("[") + text.count("{") <= max_depth:
        return
    depth, in_string, skip = 0, False, -1
    for found in _STRUCTURE.finditer(text):
        i = found.start()
        if i < skip:
            continue
        char = text[i]
        if in_string:
            if char == "\\":
                skip = i + 2
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > max_depth:
                raise NotationError(f"nested deeper than {max_depth} levels at char {i}")
        elif char in "]}":
            depth -= 1


def _object(pairs):
    obj = {}
    for key, value in pairs:
        if key in obj:
            raise NotationError(f"duplicate key {show(key)}")
        obj[key] = value
    return obj


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise NotationError(f"number {show(text)} has more than {MAX_DIGITS} digits")
    return int(text)


def _constant(name: str):
    raise NotationError(f"{name} is not a JSON number")


def loads(text, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH):
    """Parse JSON text from outside; NotationError for anything unreadable or out of bounds."""
    check_shape(text, max_chars, max_depth)
    try:
        return json.loads(text, object_pairs_hook=_object, parse_int=_int, parse_constant=_constant)
    except json.JSONDecodeError as error:
        raise NotationError(f"not JSON: {error.msg} at char {error.pos}") from None


# ------------------------------------------------------------------ exact types

def _is_int(value) -> bool:
    return type(value) is int  # not bool, not float


def expect_int(value, where: str, low: int, high: int) -> int:
    if not _is_int(value) or not low <= value <= high:
        wanted = {low: f"{low}", low + 1: f"{low} or {high}"}.get(high, f"a whole number {low}..{high}")
        raise NotationError(f"expected {wanted}, got {show(value)}", where)
    return value


def is_number(value) -> bool:
    """A finite JSON number (not a bool)."""
    return type(value) in (int, float) and math.isfinite(value)


def expect_number(value, where: str, low: float, high: float) -> float:
    if not is_number(value) or not low <= value <= high:
        raise NotationError(f"expected a number {low:g}..{high:g}, got {show(value)}", where)
    return float(value)


def expect_bool(value, where: str) -> bool:
    if type(value) is not bool:
        raise NotationError(f"expected true or false, got {show(value)}", where)
    return value


def expect_str(value, where: str, max_len: int = 80) -> str:
    """A non-empty, printable string of at most ``max_len`` characters."""
    if not isinstance(value, str) or not 0 < len(value) <= max_len or not value.isprintable():
        raise NotationError(f"expected a short text (1..{max_len} printable characters), got {show(value)}",
                            where)
    return value


def expect_list(value, where: str, low: int = 0, high: int = 10**6) -> list:
    if not isinstance(value, list) or not low <= len(value) <= high:
        wanted = f"{low}" if low == high else f"{low}..{high}"
        raise NotationError(f"expected a list of {wanted} items, got {show(value)}", where)
    return value


def expect_object(value, where: str, required=(), optional=()) -> dict:
    """A JSON object with every ``required`` key and no key outside both lists (any keys
    when ``optional`` is None)."""
    if not isinstance(value, dict):
        raise NotationError(f"expected an object, got {show(value)}", where)
    missing = [key for key in required if key not in value]
    if missing:
        raise NotationError(f"missing {', '.join(missing)}", where)
    unknown = [] if optional is None else [k for k in value if k not in required and k not in optional]
    if unknown:
        raise NotationError(f"unknown key {show(unknown[0])}", where)
    return value
