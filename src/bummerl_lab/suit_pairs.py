"""The suit pairs' fit and table files, now in ``bummerl_lab.fit``.

``python -m bummerl_lab.fit`` fits Hard's estimate (weights, pairs and lies, in that order);
these names stay here only for the lab modules and tests that still import them from
here: import them from ``bummerl_lab.fit``.
"""

from .fit import TABLES, Table, docstring, fit_pairs_stage as fit_stage, linear, pair_row as sparse_row, \
    read_table, residual, table_text

__all__ = ["HEADER", "fit_stage", "linear", "read", "residual", "sparse_row", "write"]

HEADER = docstring(TABLES["pairs"], "Written by ``python -m bummerl_lab.fit``.")


def read(path: str, name: str = "PAIRS") -> tuple[dict, dict]:
    """``fit.read_table``: (the table ``name``, claim -> the comment above it)."""
    return read_table(path, name)


def write(path: str, pairs: dict, commands: dict, name: str = "PAIRS", header: str = HEADER) -> None:
    """``pairs`` as a module like ``bummerl/bots/pairs.py`` (the table ``name`` under
    ``header``), each claim under its command (``fit.table_text``)."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(table_text(Table(name, "", 3, ""), pairs, commands, header))
