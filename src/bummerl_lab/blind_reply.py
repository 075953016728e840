"""Hard whose opponent answers its lead without seeing Hard's cards.

Plain Hard values a lead in each sampled world by a search in which both seats see every
card: the opponent's answer is the best in that world, as if it knew Hard's hand (the
opponent's side of "strategy fusion"). A real opponent, Hard itself and hard-v1 among them,
answers a lead knowing only its own cards and what was shown. ``BlindReply`` takes that one
ply of knowledge away. For a lead of Hard's, where something is hidden, each world is
looked at from the opponent's seat: ``RESAMPLES`` more worlds are drawn from the opponent's
view of it (its own cards kept, Hard's cards and the talon guessed again, by
``WorldBuilder`` as Hard draws its own worlds), and every answer is valued in the world and
in each of them by the same search as before, to the iteration's horizon. The opponent plays
the answer with the best mean for it over those worlds, the world itself one of them (what a
result is worth to the search, ``Search.value``, from Hard's side); the lead is worth, in the
world, what that answer gives there. Below that answer the search is the plain one.

A marriage at the root is worth its best lead, each lead valued so. Follows, closing at the
root (already one lead for every world, ``Search._close_value``) and an exact view keep the
plain value. The extra worlds' searches come out of the same node budget.

The variants, each built on the one before:

- ``BlindLead``: the opponent's lead after Hard's follow, chosen the same way.
- ``BlindAll``: the answers to the leads after Hard's close at the root.
- ``BlindAtClose``: ``BlindAll`` only at decisions where Hard may close.

``python -m bummerl_lab.choices ... --search blind-reply`` (or ``blind-lead``, ``blind-all``,
``blind-at-close``) judges one against the merged Hard decision by decision.
"""

import random

from bummerl.bots import hard
from bummerl.bots.solver import EXACT, outcome_value, search, value_after
from bummerl.bots.world import WorldBuilder
from bummerl.cards import CLOSE

RESAMPLES = 3  # worlds drawn from the opponent's view of each world, beside the world itself


class BlindReply(hard.Search):
    """``hard.Search`` whose opponent answers Hard's leads blind (see the module)."""

    closes = False  # the leads after Hard's close at the root answered blind too

    def __init__(self, *args, **kwargs):
        self._resampled = {}  # (world's table id, lead path) -> [(world, table)] from the opponent's view
        super().__init__(*args, **kwargs)

    def _value_after(self, world, action: int, depth: int, leaf, table) -> float:
        if self.exact or world.lead >= 0 or world.to_act != self.seat:
            return super()._value_after(world, action, depth, leaf, table)
        return self._lead_value(world, (), action, depth, leaf, table)

    def _close_values(self, world, table) -> dict:
        if not self.closes:
            return super()._close_values(world, table)
        child = world.copy()
        child.step(CLOSE)
        return {action: self._lead_value(world, (CLOSE,), action, EXACT, None, table)
                for action in child.legal_actions()}

    def _lead_value(self, world, before: tuple, action: int, depth: int, leaf, table) -> float:
        """The value in ``world``, after the actions ``before``, of Hard's lead ``action``
        answered blind (``_blind``); of a marriage, its best lead's; of any other action
        (a claim), the plain search's."""
        path = before + (action,)
        if action < 20:
            return self._blind(world, path, depth, leaf, table)
        hand = world.copy()
        for step in path:
            hand.step(step)
        if hand.outcome is not None:
            return outcome_value(hand.outcome, self.seat)
        leads = hand.legal_actions()
        if hand.to_act != self.seat or hand.lead >= 0 or any(a >= 20 for a in leads):
            return search(hand, self.seat, depth, leaf, self.budget, hard.CLOSE_FROM, table)
        return max(self._blind(world, path + (lead,), depth, leaf, table) for lead in leads)

    def _blind(self, world, path: tuple, depth: int, leaf, table) -> float:
        """The value in ``world`` of Hard's ``path`` (a lead, or a marriage and its lead),
        the opponent answering with its best mean over the world and the worlds drawn from
        its view of it."""
        hand = world.copy()
        for action in path:
            hand.step(action)
        if hand.outcome is not None:
            return outcome_value(hand.outcome, self.seat)
        answers = hand.legal_actions()
        if len(answers) == 1:
            return search(hand, self.seat, depth, leaf, self.budget, hard.CLOSE_FROM, table)
        after = depth - 1 if depth < EXACT else EXACT  # the answer finishes the trick in play
        seat, budget, worth = self.seat, self.budget, self.value
        own = {a: value_after(hand, a, seat, after, leaf, budget, hard.CLOSE_FROM, table)
               for a in answers}
        sums = {a: worth(v) for a, v in own.items()}
        for other, other_table in self._others(hand, path, table):
            for a in answers:
                sums[a] += worth(value_after(other, a, seat, after, leaf, budget,
                                             hard.CLOSE_FROM, other_table))
        return own[min(answers, key=sums.__getitem__)]

    def _others(self, hand, path: tuple, table) -> list:
        """The worlds drawn from the opponent's view of ``hand`` (Hard's lead on the
        table, or the opponent to lead), each with its own search table, kept across
        depths; drawn by a random source seeded from the world and the path, so that a
        decision repeats."""
        key = (id(table), path)
        others = self._resampled.get(key)
        if others is None:
            view = hand.view(1 - self.seat)
            builder = WorldBuilder(view)
            rng = random.Random(hash((tuple(hand.hands), hand.talon, path)))
            others = self._resampled[key] = [(builder.sample(rng), {}) for _ in range(RESAMPLES)]
        return others


class BlindLead(BlindReply):
    """``BlindReply`` whose opponent also leads blind after Hard's follow: where the
    opponent takes the trick Hard follows to and leads the next one, its lead (closing
    among the choices where the search lets it close, ``hard.CLOSE_FROM``) is the one with
    the best mean for it over the world and the worlds drawn from its view. A lead where it
    may exchange, declare or claim keeps the plain value, as does the first iteration of
    a follow (the position after the trick scored at once)."""

    def _value_after(self, world, action: int, depth: int, leaf, table) -> float:
        if self.exact or world.lead < 0 or world.to_act != self.seat or not depth:
            return super()._value_after(world, action, depth, leaf, table)
        hand = world.copy()
        hand.step(action)
        if hand.outcome is not None:
            return outcome_value(hand.outcome, self.seat)
        seat = self.seat
        leads = hand.legal_actions()
        if hand.to_act == seat or any(a >= 20 and a != CLOSE for a in leads):
            return search(hand, seat, depth, leaf, self.budget, hard.CLOSE_FROM, table)
        if CLOSE in leads and hand.drawn < hard.CLOSE_FROM[1]:
            leads.remove(CLOSE)
        if len(leads) == 1:
            return search(hand, seat, depth, leaf, self.budget, hard.CLOSE_FROM, table)
        budget, worth = self.budget, self.value
        own = {a: value_after(hand, a, seat, depth, leaf, budget, hard.CLOSE_FROM, table)
               for a in leads}
        sums = {a: worth(v) for a, v in own.items()}
        for other, other_table in self._others(hand, (action,), table):
            for a in leads:
                sums[a] += worth(value_after(other, a, seat, depth, leaf, budget,
                                             hard.CLOSE_FROM, other_table))
        return own[min(leads, key=sums.__getitem__)]


class BlindAll(BlindLead):
    """``BlindLead`` whose close at the root is answered blind too: each lead after it."""

    closes = True


class BlindAtClose(BlindAll):
    """``BlindAll`` only where Hard may close at the root: there playing on and closing are
    both valued against a blind opponent; every other decision is the plain search's."""

    def _value_after(self, world, action: int, depth: int, leaf, table) -> float:
        if CLOSE not in self.legal:  # the plain search's (``hard.Search`` may be this class in a lab run)
            return super(BlindReply, self)._value_after(world, action, depth, leaf, table)
        return super()._value_after(world, action, depth, leaf, table)
