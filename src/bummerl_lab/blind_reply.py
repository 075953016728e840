"""Hard whose opponent answers its leads blind at every decision, not only where Hard may close.

Plain search values a lead in each sampled world by a search in which both seats see every
card: the opponent's answer is the best in that world, as if it knew Hard's hand (the
opponent's side of "strategy fusion"). A real opponent, Hard itself and hard-v1 among them,
answers a lead knowing only its own cards and what was shown. Hard takes that one ply of
knowledge away where it may close (``hard.BLIND_WORLDS``, ``hard.Search._blind``): for a
lead of Hard's, each world is looked at from the opponent's seat, ``RESAMPLES`` more worlds
are drawn from the opponent's view of it, and the opponent plays the answer with the best
mean for it over those worlds and the world itself; the lead is worth, in the world, what
that answer gives there. A marriage is worth its best lead, each lead valued so. The extra
worlds' searches come out of the same node budget.

These variants ask the same at other decisions, each built on the one before:

- ``BlindReply``: Hard's leads answered blind at every phase-1 lead (its close at the root
  keeps the plain value: one lead for every world already, ``Search._close_value``).
- ``BlindLead``: the opponent's lead after Hard's follow, chosen the same way.
- ``BlindAll``: the answers to the leads after Hard's close at the root too.

``python -m bummerl_lab.choices ... --search blind-reply`` (or ``blind-lead``, ``blind-all``)
judges one against the merged Hard decision by decision. Hard as it was before (stop 65),
whose opponent saw every card everywhere: ``--set BLIND_WORLDS=0``.
"""

from bummerl.bots import hard
from bummerl.bots.solver import outcome_value, search
from bummerl.cards import CLOSE

RESAMPLES = 3  # worlds drawn from the opponent's view of each world, beside the world itself


class BlindReply(hard.Search):
    """``hard.Search`` whose opponent answers Hard's leads blind wherever something is hidden."""

    closes = False  # the leads after Hard's close at the root answered blind too

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.blind_worlds = RESAMPLES  # read now, as Hard reads its own
        self.blind_leads = not self.exact
        self.blind_closes = self.blind_leads and self.closes


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
        return self._blind_pick(hand, (action,), leads, depth, leaf, table)


class BlindAll(BlindLead):
    """``BlindLead`` whose close at the root is answered blind too: each lead after it."""

    closes = True
