"""Seaside's effects: what a Seaside card's text does beyond its "+" numbers
and the registry data the kernel interprets (``NextTurn``, mats, ``WhenGain``).

Each ruling is quoted at its effect from the Seaside second-edition rulebook
and the official FAQ.
"""
from __future__ import annotations

# ============================================================ the first edition's eight
# (the imports of this block with it: each block of the module stands alone)
import numpy as np
from simulator.engine.cards import Card
from simulator.engine.codes import (PS_DECK_N, PS_DISC_N, PS_KNOWN, T_ACTION, T_TREASURE, TMP,
                                    TYPES, Z_DECK)
from simulator.engine.decide import _list, chooses, pick_call
from simulator.engine.deck_answers import put_at
from simulator.engine.jit import effect, kernel_fn
from simulator.engine.program import TOPDECK
from simulator.engine.rng import below
from simulator.engine.zones import _ps, shuffle_discard


@kernel_fn('b1')
def _pearl_diver_tops(z, fst, prog, p, c):
    """Whether Pearl Diver puts the bottom card c on top: the topdeck list
    if given (it names c), else an Action or a Treasure other than Copper
    (measured: the row's comment); a ``may`` condition overrides both."""
    _, _, explicit = _list(prog, z, p, TOPDECK)
    if explicit:
        z[TMP, c] += 1
        tops = pick_call(z, fst, prog, p, TOPDECK, TMP, 0, 0) >= 0
        z[TMP, c] -= 1
    else:
        tops = TYPES[c] & (T_ACTION | T_TREASURE) != 0 and c != Card.COPPER
    return chooses(z, fst, prog, p, Card.PEARL_DIVER, tops)


@effect(Card.PEARL_DIVER)
def effect_pearl_diver(z, deck, rng, fst, prog, p):
    # "+1 Card, +1 Action. Look at the bottom card of your deck. You may put
    # it on top."  Seaside FAQ (Dominion Strategy wiki, "Official FAQ"): the
    # card is drawn first; with no card left to look at, shuffle first; a
    # deck of one card: its bottom is its top.  The pile keeps only its top
    # PS_KNOWN cards in order, so its bottom is a uniform pick of the rest
    # (all known: the lowest); taken out, it goes back by ``put_at`` on top
    # or at the bottom (which orders the cards above it at random, as the
    # shuffle did, so a card left there is drawn last).
    ps = _ps(p)
    if z[ps, PS_DECK_N] == 0:
        if z[ps, PS_DISC_N] == 0:
            return
        shuffle_discard(z, deck, p)
    n = z[ps, PS_DECK_N]
    known = z[ps, PS_KNOWN]
    if known < n:                            # the bottom of the unordered part
        i = below(rng, n - known)
        t = deck[p, i]
        deck[p, i] = deck[p, 0]
        deck[p, 0] = t
    c = np.int64(deck[p, 0])
    for j in range(n - 1):                   # take it out; the known top stays in order
        deck[p, j] = deck[p, j + 1]
    z[ps, PS_DECK_N] = n - 1
    if known == n:
        z[ps, PS_KNOWN] = known - 1
    put_at(z, deck, rng, p, c, 1 if _pearl_diver_tops(z, fst, prog, p, c) else n, Z_DECK)

