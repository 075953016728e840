"""What a search saw, for the reasons a Hint or a review gives (``hints.explain``): the
worlds Hard's search searched and each world's value of every action it searched.

>>> import random
>>> from bummerl import SOFT, deal
>>> from bummerl.bots.hard import Search
>>> hand = deal(SOFT, 1, random.Random(4)).apply("exchange")
>>> search = Search(hand.view(hand.to_act), random.Random(1), nodes=4000)
>>> search.step()
True
>>> seen = Seen.of(search)
>>> len(seen.worlds) == len(seen.values) > 0
True
"""

from dataclasses import dataclass

from ..cards import CLAIM, MARRY, cards_of
from ..rules import marriage_points


@dataclass(frozen=True)
class Seen:
    """What a search saw: the worlds it searched (``Hand`` objects, each a deal the view
    allows), their weights, and each world's value in game points of every action it
    searched (``hard.Search.world_values``)."""
    worlds: tuple
    weights: tuple
    values: tuple  # per world, {action int: game points}

    @classmethod
    def of(cls, search, rows: list | None = None) -> "Seen | None":
        """What ``search`` (a ``hard.Search``; a ``Seen`` is taken as it is) saw, or None
        when it searched no world (a quick answer, or nothing finished yet); ``rows``: its
        ``world_values()`` when the caller has them already."""
        if search is None or isinstance(search, Seen):
            return search
        rows = search.world_values() if rows is None else rows
        if not rows:
            return None
        return cls(tuple(search.worlds[:len(rows)]), tuple(w for w, _ in rows), tuple(v for _, v in rows))

    def runner_up(self, code: int) -> int | None:
        """The action other than ``code`` whose weighted mean over the worlds is highest
        (the first searched among equals), or None when the search valued no other. (Of
        the actions valued in every world: a review stops searching the ones that cannot
        decide its verdict, ``hard.Search.narrow``.)"""
        others = [a for a in self.values[0] if a != code and all(a in v for v in self.values)]
        if not others:
            return None
        return max(others, key=lambda a: sum(w * v[a] for w, v in zip(self.weights, self.values)))

    def takes_trick(self, seat: int, card: int) -> tuple[int, int]:
        """(in how many of the worlds no legal reply takes the trick ``card`` leads, how
        many worlds): the engine plays the trick out in each."""
        won = 0
        for world in self.worlds:
            led = _after(world, card)
            won += all(_after(led, follow).last_trick[3] == seat for follow in cards_of(led.legal_plays()))
        return won, len(self.worlds)

    def declares_after(self, card: int) -> list[set]:
        """For each world, the points of every marriage the seat to act next may declare
        after ``card`` is played (none where the hand ends)."""
        return [declarable(_after(world, card)) for world in self.worlds]


def _after(world, card: int):
    """``world`` (a ``Hand``) after ``card`` is played (left unchanged)."""
    after = world.copy()
    after.step(card)
    return after


def declarable(hand) -> set:
    """The points of every marriage the seat to act in ``hand`` (a ``Hand``) may declare now."""
    return {marriage_points(a - MARRY, hand.trump) for a in hand.legal_actions() if MARRY <= a < CLAIM}
