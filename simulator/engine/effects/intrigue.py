"""The effects of Intrigue's cards: what each text does beyond the card
table's "+" numbers and the options its row gives as data (``choose``,
``does``).

Registered like the base set's (``effects/base.py``), compiled only when a
player of the game may own the card.  The official FAQ ruling each follows
is quoted at the effect (Intrigue second edition rulebook).
"""

from __future__ import annotations

from simulator.engine.cards import Card
from simulator.engine.codes import (
    DISC,
    EV_PLUS_ACTIONS,
    EV_PLUS_COINS,
    GS,
    GS_ACTIONS,
    GS_COINS,
    T_ACTION,
    T_TREASURE,
    T_VICTORY,
    TYPES,
    XS,
)
from simulator.engine.decide import gain_choice
from simulator.engine.jit import effect
from simulator.engine.zones import draw, emit, gain

# ------------------------------------------------ the trashers and gainers


@effect(Card.IRONWORKS)
def effect_ironworks(z, deck, rng, fst, prog, p):
    # "Gain a card costing up to $4. If the gained card is an... Action
    # card, +1 Action; Treasure card, +$1; Victory card, +1 Card."  The gain
    # is Workshop's (the gain list, then ``gain_choice``'s fallback).  The
    # FAQ (Intrigue 2E): "If you gain a card with multiple types, you get
    # each applicable bonus" (a Mill: +1 Action and +1 Card); nothing gained
    # (no card costs up to $4), no bonus.
    g = gain_choice(z, fst, prog, p, XS[Card.IRONWORKS], 0)
    if g < 0 or not gain(z, deck, p, g, DISC):
        return
    if TYPES[g] & T_ACTION:
        z[GS, GS_ACTIONS] += 1
        emit(z, EV_PLUS_ACTIONS, p, Card.IRONWORKS, 1, 0, 0)
    if TYPES[g] & T_TREASURE:
        z[GS, GS_COINS] += 1
        emit(z, EV_PLUS_COINS, p, Card.IRONWORKS, 1, 0, 0)
    if TYPES[g] & T_VICTORY:
        draw(z, deck, rng, p, 1)
