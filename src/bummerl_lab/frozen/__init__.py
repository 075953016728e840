"""Frozen reference bots: the bots as they were at a named commit, kept unchanged so that
an arena figure against them can be reproduced after the live bots have moved on.

``v1`` is commit 7f662a5 (before issue 19): ``hard-v1`` (Hard with the match board and the
close discount) and ``heuristic-v1`` (the yardstick). Each module is a copy of
``bummerl/bots/`` at that commit with its relative engine imports made absolute; never
edit them to play better (a new reference gets a new folder).

The arena accepts their names beside ``bummerl.bots.BOTS``.
"""

# hard-v1's search nodes a decision when a lab run sets them (``bummerl_lab.variant
# --v1-nodes``: both Hards at another budget than their own); None: its own ``NODES``.
V1_NODES = None


def _hard_v1(view, rng, time_limit=None) -> str:
    from bummerl.cards import action_str
    from .v1 import hard
    if V1_NODES is None:
        return action_str(hard.choose(view, rng, time_limit))
    search = hard.Search(view, rng, time_limit, nodes=V1_NODES)
    search.step()
    return action_str(search.best())


def _heuristic_v1(view, rng, time_limit=None) -> str:
    from bummerl.cards import action_str
    from .v1 import yardstick
    return action_str(yardstick.heuristic(view))


# name -> bot(view, rng, time_limit=None) -> action string, as in bummerl.bots.BOTS
FROZEN = {
    "hard-v1": _hard_v1,
    "heuristic-v1": _heuristic_v1,
}
