"""Hard: placeholder until the search lands."""
from .heuristics import medium


def choose(view, rng, time_limit=None) -> int:
    return medium(view, rng)
