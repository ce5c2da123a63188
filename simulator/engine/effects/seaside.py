"""Seaside's effects: what a Seaside card's text does beyond its "+" numbers
and the registry data the kernel interprets (``NextTurn``, mats, ``WhenGain``).

Each ruling is quoted at its effect from the Seaside second-edition rulebook
and the official FAQ.
"""
from __future__ import annotations

from simulator.engine.cards import Card
from simulator.engine.codes import DISC, EV_NOTHING, GS, GS_PLAYERS, HAND, NO_TYPE, PR
from simulator.engine.decide import _attacked
from simulator.engine.effects.base import effect_witch
from simulator.engine.jit import effect
from simulator.engine.zones import _traced, emit, move

# Durations whose next turn is "+" numbers, and Bazaar

# Sea Witch: "+2 Cards. Each other player gains a Curse." now, Witch's text
# and code (each player hit gains a Curse, in turn order from the left; none
# left: nothing); its next turn is registry data (NextTurn: +2 Cards, then
# discard 2).
effect_sea_witch = effect(Card.SEA_WITCH)(effect_witch.py_func)


# hooks on gains and on other players' Treasures


@effect(Card.CUTPURSE)
def effect_cutpurse(z, deck, rng, fst, prog, p):
    # "+$2. Each other player discards a Copper (or reveals a hand with no
    # Copper)."  An Attack: each other player, in turn order from the
    # player's left, unless a Moat revealed or a Lighthouse in play keeps it
    # out; the discard is required, no choice (every Copper is alike).  A
    # hand without one is revealed: the "nothing" event names the card
    # (NO_TYPE with a card: no such card in hand, as Bureaucrat's names a type).
    n = z[GS, GS_PLAYERS]
    for j in range(1, n):
        v = (p + j) % n
        if _attacked(z, v):
            if z[v * PR + HAND, Card.COPPER] > 0:
                move(z, v, HAND, DISC, Card.COPPER, _traced(z))
            else:
                emit(z, EV_NOTHING, v, Card.COPPER, 0, NO_TYPE, 0)
