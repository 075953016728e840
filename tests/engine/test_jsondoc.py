"""The strict JSON reader: limits before parsing, exact types, short path-qualified errors."""
import re

import pytest

from bummerl import NotationError, jsondoc


@pytest.mark.parametrize("text, message", [
    ("[" * 100_000, "nested deeper than 32 levels"),
    ('{"a": ' * 40 + "1" + "}" * 40, "nested deeper than 32 levels"),
    ('{"a": 1, "a": 1}', "duplicate key 'a'"),
    ("[NaN]", "NaN is not a JSON number"),
    ("[-Infinity]", "-Infinity is not a JSON number"),
    ("[" + "1" * 5000 + "]", "has more than 20 digits"),
    ("{not json", "not JSON: Expecting property name enclosed in double quotes at char 1"),
    ("x" * 1_000_001, "too large: 1,000,001 characters (at most 1,000,000)"),
])
def test_unreadable_or_oversized_json_is_a_notation_error(text, message):
    with pytest.raises(NotationError, match=re.escape(message)):
        jsondoc.loads(text)


def test_brackets_inside_strings_do_not_count_as_nesting():
    text = '["' + "[" * 1000 + '\\"' + "{" * 1000 + '"]'
    assert jsondoc.loads(text) == ["[" * 1000 + '"' + "{" * 1000]


@pytest.mark.parametrize("value, ok", [(1, True), (True, False), (1.0, False), ("1", False), (2, False)])
def test_whole_numbers_are_exact(value, ok):
    if ok:
        assert jsondoc.expect_int(value, "x", 0, 1) == value
    else:
        with pytest.raises(NotationError, match="x: expected 0 or 1"):
            jsondoc.expect_int(value, "x", 0, 1)


def test_errors_quote_only_a_short_prefix_of_a_bad_value():
    for value in ("y" * 10**6, list(range(10**5)), {"k" * 10**5: 1}):
        with pytest.raises(NotationError) as error:
            jsondoc.expect_int(value, "a.b", 0, 1)
        assert len(str(error.value)) < 120
