"""The suit lies' fit, now in ``bummerl_lab.fit``.

``python -m bummerl_lab.fit`` fits Hard's estimate (weights, pairs and lies, in that order);
these names stay here only for the tests that still import them from here: import them
from ``bummerl_lab.fit``.
"""

from .fit import TABLES, docstring, fit_lies_stage as fit_stage, lie_row as sparse_row

__all__ = ["HEADER", "fit_stage", "sparse_row"]

HEADER = docstring(TABLES["lies"], "Written by ``python -m bummerl_lab.fit``.")
