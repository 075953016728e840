"""The examples in the engine's docstrings (the notation helpers above all) run as tests."""

import doctest

import pytest

import bummerl
from bummerl import cards, deals, events, hand, jsondoc, match, puzzles, record, rules
from bummerl.bots import hints, seen


@pytest.mark.parametrize("module", [bummerl, cards, rules, hand, match, record, jsondoc, events, hints, seen, deals,
                                    puzzles], ids=lambda m: m.__name__)
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
