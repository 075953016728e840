"""The positions and the least squares the estimate's fits share, now in ``bummerl_lab.fit``.

``python -m bummerl_lab.fit`` fits Hard's estimate (weights, pairs and lies, in that order);
these names stay here only for the lab modules and tests that still import them from
here: import them from ``bummerl_lab.fit``.
"""

from .fit import PLAYERS, STAGES, least_squares, played, positions, solve

__all__ = ["PLAYERS", "STAGES", "least_squares", "played", "positions", "solve"]
