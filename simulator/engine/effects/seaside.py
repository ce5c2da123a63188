"""Seaside's effects: what a Seaside card's text does beyond its "+" numbers
and the registry data the kernel interprets (``NextTurn``, mats, ``WhenGain``).

Each ruling is quoted at its effect from the Seaside second-edition rulebook
and the official FAQ.
"""
from __future__ import annotations

from simulator.engine.cards import Card
from simulator.engine.codes import (EV_MOVE, EV_NOTHING, EV_PLUS_COINS, GS, GS_ACTIONS, GS_COINS,
                                    HAND, NC, NO_CARDS, P_COINS, PLAY_ROW, PR, PS_HAND_N, T_ACTION,
                                    T_TREASURE, TYPES, Z_DECK, Z_REVEAL)
from simulator.engine.decide import TRASH_ORDER, _list, first_in, hand_coins, pick_call, would_pick
from simulator.engine.jit import effect, kernel_fn
from simulator.engine.program import BUY, TRASH
from simulator.engine.zones import _ps, cost, emit, put_top, take_top, trash_from

# ============================================================ decisions on the hand and the deck's top


@kernel_fn('i8')
def _salvage_best(z, fst, prog, p):
    """The hand card whose trash for +$ its cost leaves p's buy list taking
    the dearest card, the cheapest such card, among the Treasures and the
    Actions no Action is left to play (a Gold into a Province; a Silver, not
    a Copper, when the Copper's $1 is what the buy needs; a second Salvager
    for its $4); -1 with none of them in hand."""
    h = p * PR + HAND
    m = hand_coins(z, p)
    dead_actions = z[GS, GS_ACTIONS] == 0
    best, best_cost = -1, -2
    for t in range(NC):
        if z[h, t] == 0:
            continue
        if TYPES[t] & T_TREASURE:
            now = P_COINS[t]
        elif TYPES[t] & T_ACTION and dead_actions:
            now = 0
        else:
            continue
        g = would_pick(z, fst, prog, p, BUY, -1, m - now + cost(z, t), 0)
        k = cost(z, g) if g >= 0 else -1
        if k > best_cost or k == best_cost and cost(z, t) < cost(z, best):
            best, best_cost = t, k
    return best


@effect(Card.SALVAGER)
def effect_salvager(z, deck, rng, fst, prog, p):
    # "+1 Buy. Trash a card from your hand. +$ equal to its cost."  The
    # trash is required: an explicit trash list, then a Curse or an Estate,
    # then the Treasure (or Action it cannot play) whose trash leaves this
    # turn's buy the dearest (_salvage_best), then TRASH_ORDER (the
    # cheapest card: a hand of Victory cards).  The Seaside FAQ, in
    # substance (not checked word for word): with no card in hand, nothing
    # is trashed and there is no +$ (the +1 Buy still comes); the +$ is the
    # card's cost now (a Bridge played before lowers it: ``cost``).
    # Measured: the row's comment (simulator/engine/cards/seaside.py).
    h = p * PR + HAND
    _, _, explicit = _list(prog, z, p, TRASH)
    t = pick_call(z, fst, prog, p, TRASH, h, 0, 0) if explicit else -1
    if t < 0:
        t = first_in(z, h, TRASH_ORDER, 0)
        if t >= 0 and t != Card.CURSE and t != Card.ESTATE:
            best = _salvage_best(z, fst, prog, p)
            if best >= 0:
                t = best
    if t < 0:
        return                                    # no card in hand
    k = cost(z, t)
    trash_from(z, p, HAND, t)
    if k:
        z[GS, GS_COINS] += k
        emit(z, EV_PLUS_COINS, p, Card.SALVAGER, k, 0, 0)


@effect(Card.SEA_CHART)
def effect_sea_chart(z, deck, rng, fst, prog, p):
    # "+1 Card, +1 Action. Reveal the top card of your deck. If you have a
    # copy of it in play, put it into your hand."  Nothing to decide.  The
    # Seaside FAQ (2E), in substance (not checked word for word): the Sea
    # Chart played counts (another Sea Chart revealed goes into the hand),
    # as do Durations still in play from the last turn; a card not put into
    # the hand stays on top; an empty deck is shuffled to reveal.
    t = take_top(z, deck, rng, p)
    if t < 0:
        emit(z, EV_NOTHING, p, -1, 0, NO_CARDS, 0)
        return
    emit(z, EV_MOVE, p, t, 1, Z_DECK, Z_REVEAL)
    if z[p * PR + PLAY_ROW, t] > 0:
        z[p * PR + HAND, t] += 1
        z[_ps(p), PS_HAND_N] += 1
        emit(z, EV_MOVE, p, t, 1, Z_REVEAL, HAND)
    else:
        put_top(z, deck, p, t)
        emit(z, EV_MOVE, p, t, 1, Z_REVEAL, Z_DECK)
