"""Per-player mats: the "choose" options that move cards to and from a
card's mat (``spec.MAT_OPS``), as data the kernel interprets.

A mat is a count row of its player (``codes.MAT0 + m``) whose zone code in
the event log is that row offset, like the hand's.  Its cards stay owned
(OWN is not touched), so they count for ``my.*`` and score at the end;
clean-up and shuffles never read the mat rows.
"""

from __future__ import annotations

import numpy as np

from simulator.engine import cards as C
from simulator.engine.codes import (
    EV_MOVE,
    EV_NOTHING,
    HAND,
    MAT0,
    MAT_OF,
    NC,
    NO_CARDS,
    OPT_DECK_TO_MAT,
    OPT_HAND_TO_MAT,
    OPT_MAT_TO_HAND,
    PLAY_ROW,
    PR,
    PS_MAT_N0,
    Z_DECK,
)
from simulator.engine.decide import DISCARD_ORDER, first_in, pick_call
from simulator.engine.jit import _deck_fixed, _z_fixed, kernel_fn
from simulator.engine.program import LIST_KEYS
from simulator.engine.zones import _ps, _traced, emit, move_n, take_top

# MAT_LIST[c]: the decision list that picks the hand cards c puts on its mat
# (its own list, ``OwnList``), -1: none (then DISCARD_ORDER alone)
MAT_LIST = np.array([LIST_KEYS[s.own_list.key] if s.mat and s.own_list else -1
                     for s in C.TABLE], dtype=np.int64)


@kernel_fn('void')
def mat_option(z, deck, rng, fst, prog, p, c, op, n):
    """Do option ``op`` (a mat op of CHOICE_OPS) of card c for p, n times."""
    z = _z_fixed(z)
    deck = _deck_fixed(deck)
    m = MAT0 + MAT_OF[c]
    traced = _traced(z)
    if op == OPT_DECK_TO_MAT:
        # Native Village: "put the top card of your deck face down on your
        # mat" (shuffling first if the deck is empty; nothing if no cards)
        for _ in range(n):
            t = take_top(z, deck, rng, p)
            if t < 0:
                emit(z, EV_NOTHING, p, -1, 0, NO_CARDS, 0)
                return
            z[p * PR + m, t] += 1
            z[_ps(p), PS_MAT_N0 + MAT_OF[c]] += 1
            emit(z, EV_MOVE, p, t, 1, Z_DECK, m)
    elif op == OPT_MAT_TO_HAND:
        # "put all the cards from your mat into your hand"
        for t in range(NC):
            k = z[p * PR + m, t]
            if k > 0:
                move_n(z, p, m, HAND, t, k, traced)
    else:
        # Island: "Put this and a card from your hand onto your Island mat."
        # The Seaside rulebook's FAQ: "If you Throne Room an Island, set
        # aside the Island and a card from your hand, then set aside another
        # card from your hand" (2nd edition: "you set aside two cards with
        # it"): the second play cannot move Island, no longer in play; "If
        # you have no other cards in hand when you play Island, just set
        # Island aside by itself."  Feast's reasoning (effects/base.py)
        # tells this copy from another: a card put into play resolves before
        # any other is put into play and its first resolution moves it, so
        # an Island in play is this one exactly on its first resolution.
        # Haven (OPT_HAND_TO_MAT) sets aside only the hand card: it stays in
        # play, a Duration, until its next turn puts the card into the hand.
        if op != OPT_HAND_TO_MAT and z[p * PR + PLAY_ROW, c] > 0:
            move_n(z, p, PLAY_ROW, m, c, 1, traced)
        h = p * PR + HAND
        for _ in range(n):
            # the card's list, else dead cards (a Curse or Victory card
            # keeps its VP on the mat and leaves the deck), Copper, cheapest
            t = pick_call(z, fst, prog, p, MAT_LIST[c], h, 0, 0) if MAT_LIST[c] >= 0 else -1
            if t < 0:
                t = first_in(z, h, DISCARD_ORDER, 0)
            if t < 0:                        # an empty hand: Island goes alone, Haven
                # sets nothing aside
                return
            move_n(z, p, HAND, m, t, 1, traced)
