"""Decisions other players' strategies take during my turn, as data the
kernel interprets: the options of ``spec.PASS_OPS`` (Masquerade's pass,
Swindler's gain the attacker picks for each victim, the trash a player may
make after passing, Minion's new hands) and the hook on another player's Treasure play
(Corsair, ``spec.OnTreasure``).

Each decision is answered by the strategy of the player it belongs to: a
passer picks from its own list of the card (every player's file may give
it), the attacker picks each victim's gain from its own.  The kernel calls
these only when some card has them (``codes.HAS_PASS_OPS``,
``codes.HAS_ON_TREASURE``): otherwise they are compiled out.
"""

from __future__ import annotations

import numpy as np

from simulator.engine import cards as C
from simulator.engine.cards import Card
from simulator.engine.codes import (
    COL_BITS,
    COL_MASK,
    DISC,
    DUR,
    EV_HOOK,
    EV_MOVE,
    EV_NOTHING,
    EV_PASS,
    GS,
    GS_HOOK_DONE,
    GS_PLAYERS,
    HAND,
    HAND_SIZE,
    IN_GAME,
    NO_CARDS,
    NO_COST,
    ON_TREASURE,
    ON_TREASURE_HITS,
    OPT_MAY_TRASH,
    OPT_PASS,
    OPT_SWINDLE,
    PLAY_ROW,
    PR,
    PS_HAND_N,
    PS_HOOK_HITS,
    SUPPLY,
    T_TREASURE,
    T_ATTACK,
    TRASH_ROW,
    TYPES,
    Z_DECK,
    Z_TRASH,
)
from simulator.engine.decide import (
    WEAKER_THAN_SILVER,
    _attacked,
    _buy_needs,
    _fired,
    _list,
    chooses,
    first_in,
    pick_call,
    rule_holds,
)
from simulator.engine.jit import MECH_TREASURE, _deck_fixed, _z_fixed, kernel_fn, mechanism
from simulator.engine.program import LIST_KEYS, TRASH
from simulator.engine.gains import gain
from simulator.engine.zones import (_own, _ps, cost, discard_all, draw, emit, take_top,
                                    trash_from)

# OWN_LIST[c]: the decision list of card c's own (``OwnList``), -1: none
OWN_LIST = np.array([LIST_KEYS[s.own_list.key] if s.own_list else -1 for s in C.TABLE],
                    dtype=np.int64)


def _worst(c: int):
    """The card a player would least like to own first: Curse, a Victory
    card worth at most 1 VP (Estate), Copper, then the cheapest card (one
    weaker than a Silver counted as a Silver, an Action before a Treasure),
    and the Victory cards worth more (Duchy, Province, Gardens) last: passed
    or given, those carry their VP to the other player."""
    dead = not C.TYPES[c] & (C.ACTION | C.TREASURE)
    cheap_vp = dead and C.VP[c] <= 1 and C.TABLE[c].vp_rule is None
    price = int(C.COST[c])
    if c in WEAKER_THAN_SILVER:
        price = min(price, int(C.COST[Card.SILVER]))
    return (c != Card.CURSE, not cheap_vp, c != Card.COPPER, dead, price,
            -(C.TYPES[c] & C.ACTION), c)


WORST_ORDER = np.array(sorted(range(C.NCARDS), key=_worst), dtype=np.int32)


@kernel_fn('void')
def pass_option(z, deck, rng, fst, prog, p, c, op, n):
    """Do option ``op`` (a PASS_OPS code) of card c played by p: pass n
    times, may trash n, swindle once, reset to hands of n."""
    z = _z_fixed(z)
    deck = _deck_fixed(deck)
    if op == OPT_PASS:
        for _ in range(n):
            pass_left(z, fst, prog, p, c)
    elif op == OPT_MAY_TRASH:
        may_trash(z, fst, prog, p, c, n)
    elif op == OPT_SWINDLE:
        swindle(z, deck, rng, fst, prog, p, c)
    else:
        reset_hands(z, deck, rng, p, c, n)


@kernel_fn('void')
def reset_hands(z, deck, rng, p, c, n):
    """Minion: "discard your hand, +4 Cards, and each other player with at
    least 5 cards in hand discards their hand and draws 4 cards" (n = 4).
    Its official FAQ (Intrigue): "A player who Moats this neither discards
    nor draws"; and (the wiki's rules clarifications) "You still draw 4
    cards if you choose the discard option with no cards left in hand".
    Each other player in turn order, by the size of its hand then."""
    discard_all(z, p, HAND)
    draw(z, deck, rng, p, n)
    m = z[GS, GS_PLAYERS]
    for j in range(1, m):
        v = (p + j) % m
        if TYPES[c] & T_ATTACK and not _attacked(z, v):
            continue
        if z[_ps(v), PS_HAND_N] < 5:
            emit(z, EV_NOTHING, v, -1, z[_ps(v), PS_HAND_N], HAND_SIZE, 0)
            continue
        discard_all(z, v, HAND)
        draw(z, deck, rng, v, n)


@kernel_fn('void')
def pass_left(z, fst, prog, p, c):
    """Masquerade: "Each player with any cards in hand passes one to the next
    such player to their left, at once."  Every such player picks first
    (from p, in turn order), by its own strategy's list of the card, else
    WORST_ORDER; then each card goes to the next such player to the left (to
    the passer itself when it is the only one).  Masquerade's official FAQ
    (Intrigue): "all players at the same time choose a card to pass left ...
    Players with no cards in hand are skipped over - they neither pass a card
    nor receive one ... This is not an Attack and so cannot be stopped with
    Moat ... Passed cards are not 'gained'": no gained.* counts, no gain
    hook; the card changes owner (the pass rules: "When you pass a card to
    another player, that card stops being yours"), so OWN and the VP go with
    it."""
    n = z[GS, GS_PLAYERS]
    lst = OWN_LIST[c]
    holders = 0                                # bit v: v has cards in hand
    picks = np.int64(0)                        # v's pick at bits COL_BITS * v
    for j in range(n):
        v = (p + j) % n
        if z[_ps(v), PS_HAND_N] <= 0:
            continue
        t = pick_call(z, fst, prog, v, lst, v * PR + HAND, 0, 0)
        if t < 0:
            t = first_in(z, v * PR + HAND, WORST_ORDER, 0)
        holders |= 1 << v
        picks |= np.int64(t) << (COL_BITS * v)
    for j in range(n):
        v = (p + j) % n
        if not (holders >> v) & 1:
            continue
        t = (picks >> (COL_BITS * v)) & COL_MASK
        r = v
        for i in range(1, n):
            if (holders >> ((v + i) % n)) & 1:
                r = (v + i) % n
                break
        z[v * PR + HAND, t] -= 1
        z[_ps(v), PS_HAND_N] -= 1
        _own(z, v, t, -1)
        z[r * PR + HAND, t] += 1
        z[_ps(r), PS_HAND_N] += 1
        _own(z, r, t, 1)
        emit(z, EV_PASS, v, t, r, HAND, HAND)


@kernel_fn('void')
def may_trash(z, fst, prog, p, c, n):
    """"Then you may trash a card from your hand" (n cards): when c's ``may``
    says so (default yes), the trash list's first card in hand; without a
    trash list in p's file, a Treasure only when this turn's buy does not
    need it (Chapel's default)."""
    h = p * PR + HAND
    _, _, explicit = _list(prog, z, p, TRASH)
    for _ in range(n):
        if z[_ps(p), PS_HAND_N] <= 0 or not chooses(z, fst, prog, p, c, True):
            return
        t = pick_call(z, fst, prog, p, TRASH, h, 0, 0)
        if t < 0 or (not explicit and TYPES[t] & T_TREASURE and _buy_needs(z, fst, prog, p, t)):
            return
        trash_from(z, p, HAND, t)


@kernel_fn('i8')
def swindle_pick(z, fst, prog, p, c, k):
    """The card costing exactly $k that p gives a victim of c: the first rule
    of p's list of the card naming such a card with a copy in the supply
    (its condition read as p's), else the first of WORST_ORDER; -1: none."""
    start, end, _ = _list(prog, z, p, OWN_LIST[c])
    for r in range(start, end, 3):
        x = prog[r]
        if z[SUPPLY, x] > 0 and z[IN_GAME, x] and cost(z, x) == k \
                and rule_holds(z, fst, prog, p, r):
            _fired(fst, prog, r)
            return np.int64(x)
    for i in range(WORST_ORDER.shape[0]):
        x = WORST_ORDER[i]
        if z[SUPPLY, x] > 0 and z[IN_GAME, x] and cost(z, x) == k:
            return np.int64(x)
    return np.int64(-1)


@kernel_fn('void')
def swindle(z, deck, rng, fst, prog, p, c):
    """Swindler: "Each other player trashes the top card of their deck and
    gains a card with the same cost that you choose."  Its official FAQ
    (Intrigue): "go in turn order, starting with the player to your left ...
    The card they gain comes from the Supply and goes to their discard pile
    ... You can give a player back another copy of what they lost ... If the
    Supply has no cards with the same cost as the trashed card, the player
    fails to gain a card."  An empty deck is shuffled first (take_top); a
    Moat or a Lighthouse keeps a player out (``_attacked``)."""
    n = z[GS, GS_PLAYERS]
    for j in range(1, n):
        v = (p + j) % n
        if not _attacked(z, v):
            continue
        t = take_top(z, deck, rng, v)
        if t < 0:
            emit(z, EV_NOTHING, v, -1, 0, NO_CARDS, 0)
            continue
        z[TRASH_ROW, t] += 1
        _own(z, v, t, -1)
        emit(z, EV_MOVE, v, t, 1, Z_DECK, Z_TRASH)
        k = cost(z, t)
        g = swindle_pick(z, fst, prog, p, c, k)
        if g < 0:
            emit(z, EV_NOTHING, v, -1, k, NO_COST, 0)
        else:
            gain(z, deck, rng, fst, prog, v, g, DISC)


@kernel_fn('void')
def hook_victims(z, p, c):
    """As c (``OnTreasure``: Corsair) is played: each other player it hits
    (no Moat revealed, no Lighthouse in play) is subject to its lasting
    effect until p's next turn (PS_HOOK_HITS, cleared as that turn starts)."""
    n = z[GS, GS_PLAYERS]
    for j in range(1, n):
        v = (p + j) % n
        if _attacked(z, v):
            z[_ps(p), PS_HOOK_HITS] |= 1 << v
            emit(z, EV_HOOK, v, c, p, 0, 0)


@kernel_fn('void')
def treasure_hook(z, p):
    """After p plays Treasures: Corsair's "Until then, each other player
    trashes the first Silver or Gold they play each turn", for a card
    (ON_TREASURE) another player q has in play whose play hit p.  Once a
    turn, however many such cards are in play (each names the same first
    Treasure).  The Treasure was played, so its $ counts: trashing it takes
    back nothing ("trashes the first Silver or Gold they play": playing
    comes first).  The Buy phase plays its Treasures together, cheapest
    first as a player who loses one would order them, so the cheapest hit
    Treasure in play is the first."""
    if z[GS, GS_HOOK_DONE]:
        return
    n = z[GS, GS_PLAYERS]
    for j in range(1, n):
        q = (p + j) % n
        if not (z[_ps(q), PS_HOOK_HITS] >> p) & 1:
            continue
        for i in range(len(ON_TREASURE)):
            h = ON_TREASURE[i]
            if z[q * PR + DUR, h] + z[q * PR + PLAY_ROW, h] <= 0:
                continue
            best = -1
            for k in range(ON_TREASURE_HITS.shape[1]):
                t = ON_TREASURE_HITS[h, k]
                if t >= 0 and z[p * PR + PLAY_ROW, t] > 0 \
                        and (best < 0 or cost(z, t) < cost(z, best)):
                    best = t
            if best < 0:
                continue
            z[GS, GS_HOOK_DONE] = 1
            emit(z, EV_HOOK, p, h, q, 1, 0)
            trash_from(z, p, PLAY_ROW, best)
            return


@mechanism(MECH_TREASURE)
def treasure_hooks(z, deck, rng, fst, prog, p, c):
    """By address, loaded only for a game with such a card: c >= 0, p
    played c (``hook_victims``); -1, p played its Treasures
    (``treasure_hook``)."""
    if c < 0:
        treasure_hook(z, p)
    else:
        hook_victims(z, p, c)
