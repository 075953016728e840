"""Frozen reference bots: the bots as they were at a named commit, kept unchanged so that
an arena figure against them can be reproduced after the live bots have moved on.

``v1`` is commit 7f662a5: ``hard-v1`` (Hard with the match board and the
close discount) and ``heuristic-v1`` (the yardstick). Each module is a copy of
``bummerl/bots/`` at that commit with its relative engine imports made absolute; never
edit them to play better (a new reference gets a new folder).

The arena accepts their names beside ``bummerl.bots.BOTS``.
"""

def _hard_v1(view, rng, time_limit=None) -> str:
    from bummerl.cards import action_str
    from .v1 import hard
    return action_str(hard.choose(view, rng, time_limit))


def hard_v1_at(nodes: int):
    """``hard-v1`` searching ``nodes`` nodes a decision instead of its own ``NODES``
    (``bummerl_lab.variant --v1-nodes``: both Hards at another budget than their own)."""
    def play(view, rng, time_limit=None) -> str:
        from bummerl.cards import action_str
        from .v1 import hard
        search = hard.Search(view, rng, time_limit, nodes=nodes)
        search.step()
        return action_str(search.best())
    return play


def _heuristic_v1(view, rng, time_limit=None) -> str:
    from bummerl.cards import action_str
    from .v1 import yardstick
    return action_str(yardstick.heuristic(view))


# name -> bot(view, rng, time_limit=None) -> action string, as in bummerl.bots.BOTS
FROZEN = {
    "hard-v1": _hard_v1,
    "heuristic-v1": _heuristic_v1,
}
