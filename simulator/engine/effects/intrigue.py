"""The effects of Intrigue's cards: what each text does beyond the card
table's "+" numbers and the options its row gives as data (``choose``,
``does``).

Registered like the base set's (``effects/base.py``), compiled only when a
player of the game may own the card.  The official FAQ ruling each follows
is quoted at the effect (Intrigue second edition rulebook).
"""

from __future__ import annotations

import numpy as np

from simulator.engine.cards import Card
from simulator.engine.codes import (
    DISC,
    EV_NOTHING,
    EV_PLUS_ACTIONS,
    EV_PLUS_COINS,
    GS,
    GS_ACTIONS,
    GS_COINS,
    GS_PLAYERS,
    HAND,
    NC,
    NO_COST,
    PILE_EMPTY,
    PR,
    PS_HAND_N,
    T_ACTION,
    T_TREASURE,
    T_VICTORY,
    TYPES,
    XS,
)
from simulator.engine.decide import (
    TRASH_ORDER,
    _attacked,
    _fired,
    _gainable,
    _list,
    first_in,
    gain_choice,
    pick_call,
    required_trash,
    rule_holds,
)
from simulator.engine.effects.base import remodel_choice
from simulator.engine.jit import effect, kernel_fn
from simulator.engine.program import GAIN, LIST_KEYS, TRASH
from simulator.engine.zones import _ps, cost, draw, emit, gain, trash_from

# ------------------------------------------------ the trashers and gainers


@effect(Card.IRONWORKS)
def effect_ironworks(z, deck, rng, fst, prog, p):
    # "Gain a card costing up to $4. If the gained card is an... Action
    # card, +1 Action; Treasure card, +$1; Victory card, +1 Card."  The gain
    # is Workshop's (the gain list, then ``gain_choice``'s fallback).  The
    # FAQ (Intrigue 2E), in substance (not checked word for word): a gained
    # card of several types gives each bonus (a Mill: +1 Action and +1
    # Card); nothing gained (no card costs up to $4), no bonus.
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


@effect(Card.TRADING_POST)
def effect_trading_post(z, deck, rng, fst, prog, p):
    # "Trash 2 cards from your hand. If you did, gain a Silver to your
    # hand."  The trash is required, as Steward's (``required_trash``: the
    # trash list, then Curse, Estate, Copper, the cheapest).  The FAQ
    # (Intrigue 2E), in substance (not checked word for word): with one card
    # left in hand, it is trashed and no Silver is gained; no card, nothing.
    did = z[_ps(p), PS_HAND_N] >= XS[Card.TRADING_POST]
    required_trash(z, fst, prog, p, XS[Card.TRADING_POST])
    if did and not gain(z, deck, p, Card.SILVER, HAND):
        emit(z, EV_NOTHING, p, Card.SILVER, 0, PILE_EMPTY, 0)


@kernel_fn('i8')
def gain_exactly(z, fst, prog, p, price):
    """What a required gain of a card costing exactly $price takes (Upgrade):
    the gain list's first card of that cost, else as ``gain_choice`` falls
    back: a Treasure of that cost, else the first card of that cost that is
    not a Curse (base cards first), a Curse only when nothing else; -1: no
    supply card costs that."""
    start, end, _ = _list(prog, z, p, GAIN)
    for r in range(start, end, 3):
        c = prog[r]
        if _gainable(z, c, price, 0) and cost(z, c) == price and rule_holds(z, fst, prog, p, r):
            _fired(fst, prog, r)
            return np.int64(c)
    best = -1
    for c in range(NC):
        if _gainable(z, c, price, 0) and cost(z, c) == price and (
                best < 0 or best == Card.CURSE
                or TYPES[c] & T_TREASURE and not TYPES[best] & T_TREASURE):
            best = c
    return np.int64(best)


@effect(Card.UPGRADE)
def effect_upgrade(z, deck, rng, fst, prog, p):
    # +1 Card, +1 Action are the table's.  "Trash a card from your hand.
    # Gain a card costing exactly $1 more than it."  The trash is required:
    # an explicit trash list, then Curse, Estate, Copper, the cheapest
    # (TRASH_ORDER; measured against the trash list's default, which keeps
    # Estates for Coppers after turn 10: docs/strategies.md).  The gain is
    # ``gain_exactly``'s.  The FAQ (Intrigue 2E), in substance (not
    # checked word for word): the trash is mandatory; with no card costing
    # exactly $1 more, the card is just trashed (a Copper or a Curse in the
    # base game); costs are the costs now (``cost``: a Bridge lowers both).
    h = p * PR + HAND
    _, _, explicit = _list(prog, z, p, TRASH)
    t = pick_call(z, fst, prog, p, TRASH, h, 0, 0) if explicit else -1
    if t < 0:
        t = first_in(z, h, TRASH_ORDER, 0)
    if t < 0:
        return                                # nothing to trash, nothing gained
    trash_from(z, p, HAND, t)
    k = cost(z, t) + XS[Card.UPGRADE]
    g = gain_exactly(z, fst, prog, p, k)
    if g >= 0:
        gain(z, deck, p, g, DISC)
    else:
        emit(z, EV_NOTHING, p, -1, k, NO_COST, 0)


REPLACE = LIST_KEYS["replace"]         # Replace's own list: what it trashes


@effect(Card.REPLACE)
def effect_replace(z, deck, rng, fst, prog, p):
    # "Trash a card from your hand. Gain a card costing up to $2 more than
    # it. If the gained card is an Action or Treasure, put it onto your
    # deck; if it's a Victory card, each other player gains a Curse."  The
    # trash and the gain are chosen as Remodel's (``remodel_choice``, by the
    # replace list).  The FAQ (Intrigue 2E), in substance (not checked word
    # for word): a gained card of two types gets both (a Mill or Nobles goes
    # onto the deck and each other player gains a Curse); the Curses are the
    # Attack, in turn order, and a Moat keeps its player out (asked only
    # when a Victory card was gained).
    pick = remodel_choice(z, fst, prog, p, REPLACE)
    if pick < 0:
        return                                # nothing to trash, nothing gained
    trash_from(z, p, HAND, pick // (NC + 1))
    g = pick % (NC + 1) - 1
    if g < 0:
        return
    gain(z, deck, p, g, -1 if TYPES[g] & (T_ACTION | T_TREASURE) else DISC)
    if TYPES[g] & T_VICTORY:
        n = z[GS, GS_PLAYERS]
        for j in range(1, n):
            v = (p + j) % n
            if _attacked(z, v) and not gain(z, deck, v, Card.CURSE, DISC):
                emit(z, EV_NOTHING, v, Card.CURSE, 0, PILE_EMPTY, 0)
