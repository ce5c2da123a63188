"""Piles and zones: the event log, shuffling, drawing, moving, gaining,
trashing and scoring.  Every gain goes through ``_gain``, which keeps every
count the strategy words read.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simulator.engine.codes import (
    ASIDE,
    BOUGHT,
    COL_BITS,
    COL_MASK,
    COST,
    DECK_CAP,
    DISC,
    DUR,
    EV_MOVE,
    EV_NOTHING,
    EV_SHUFFLE,
    GAINED,
    GS,
    GS_COST_DOWN,
    GS_EMPTY,
    GS_STACK_N,
    GS_TRACE_LOST,
    GS_TRACE_N,
    GS_TURN_LOG,
    GS_TURN_NO,
    GS_TURN_P,
    GS_VICTORY_BOUGHT,
    GS_VICTORY_GAINED,
    HAND,
    HAS_FROM_PLAY,
    HAS_MATS,
    KINDS,
    MAT0,
    MONEY,
    NC,
    NO_CARDS,
    NROWS,
    NTYPES,
    OWN,
    PLAY_ROW,
    PR,
    PS,
    PS_ASIDE_N,
    PS_DECK_N,
    PS_DISC_N,
    PS_HAND_N,
    PS_KINDS,
    PS_KNOWN,
    PS_MAT_N0,
    PS_MONEY,
    PS_NEXT_N,
    PS_OWN_N,
    PS_TYPE0,
    PS_VP,
    STACK,
    STAY,
    SUPPLY,
    TMP,
    TR_CARD,
    TR_CODE,
    TR_COUNT,
    TR_FROM,
    TR_PLAYER,
    TR_TO,
    TR_TURN,
    TRACE,
    TRASH_ROW,
    T_VICTORY,
    TYPES,
    TYPE_COL,
    TYPE_N,
    VP_RULE,
    VP_RULE_CARDS,
    VPS,
    Z_DECK,
    Z_REVEAL,
    Z_SUPPLY,
    Z_TRASH,
    ZONE_SIZE,
    U,
)
from simulator.engine.jit import _deck_fixed, _z_fixed, kernel_fn
from simulator.engine.rng import below, scale, step

# ============================================================ piles and zones

@njit(cache=True, inline="always", _nrt=False)
def cost(z, c):
    """What c costs now: its printed cost less this turn's reductions, never
    below $0.  Every cost a rule or a card reads goes through here (buying,
    "gain a card costing up to", "costing exactly", ``card.cost``)."""
    return max(np.int64(COST[c]) - z[GS, GS_COST_DOWN], np.int64(0))


@njit(cache=True, inline="always", _nrt=False)
def _ps(p):
    return p * PR + PS


@kernel_fn('void')
def _record(z, code, p, card, count, src, dst):
    i = z[GS, GS_TRACE_N]
    row = NROWS + i
    if row >= z.shape[0]:
        z[GS, GS_TRACE_LOST] += 1
        return
    z[row, TR_TURN] = z[GS, GS_TURN_NO]
    z[row, TR_PLAYER] = p
    z[row, TR_CODE] = code
    z[row, TR_CARD] = card
    z[row, TR_COUNT] = count
    z[row, TR_FROM] = src
    z[row, TR_TO] = dst
    z[GS, GS_TRACE_N] = i + 1


@njit(cache=True, inline="always", _nrt=False)
def _traced(z):
    """Whether this game logs its events: its z has rows past NROWS (and the
    kernel was built with the log, see TRACE)."""
    return TRACE and z.shape[0] > NROWS


@njit(cache=True, inline="always", _nrt=False)
def emit(z, code, p, card, count, src, dst):
    """Log an event if this game is traced."""
    if _traced(z):
        _record(z, code, p, card, count, src, dst)


@kernel_fn('void', inline=True)
def _shuffle(z, deck, p, traced):
    """Turn the discard pile into an unordered draw pile (the deck is empty)."""
    disc = z[p * PR + DISC]
    kinds = z[p * PR + KINDS]
    pile = deck[p]
    ps = _ps(p)
    n = 0
    for i in range(z[ps, PS_KINDS]):  # ascending card ids: the order is not used
        c = U(kinds[i])
        k = disc[c]
        # 8 copies at once: one store and no loop branch to mispredict; the
        # ones past k are overwritten by the next kind or lie above the top
        if k <= 8 and n + 8 <= DECK_CAP:
            for j in range(8):
                pile[U(n + j)] = c
        else:
            for j in range(k):
                pile[U(n + j)] = c
        n += k
        disc[c] = 0
    z[ps, PS_DISC_N] = 0
    z[ps, PS_DECK_N] = n
    z[ps, PS_KNOWN] = 0
    if traced:
        _record(z, EV_SHUFFLE, p, -1, n, DISC, Z_DECK)


@kernel_fn('void')
def shuffle_discard(z, deck, p):
    """``_shuffle`` as a call, for the card effects (an untraced draw inlines it:
    a call passes z and deck as 18 words, most of them on the stack)."""
    z = _z_fixed(z)
    deck = _deck_fixed(deck)
    _shuffle(z, deck, p, _traced(z))


@njit(cache=True, inline="always", _nrt=False)
def take_top(z, deck, rng, p):
    """Remove and return the top card of p's deck (-1 if none), shuffling if needed."""
    ps = _ps(p)
    n = z[ps, PS_DECK_N]
    if n == 0:
        if z[ps, PS_DISC_N] == 0:
            return -1
        shuffle_discard(z, deck, p)
        n = z[ps, PS_DECK_N]
    known = z[ps, PS_KNOWN]
    if known > 0:
        z[ps, PS_KNOWN] = known - 1
    else:
        i = below(rng, n)
        c = deck[p, i]
        deck[p, i] = deck[p, n - 1]
        deck[p, n - 1] = c
    z[ps, PS_DECK_N] = n - 1
    return np.int64(deck[p, n - 1])


@njit(cache=True, inline="always", _nrt=False)
def discard_top(z, deck, rng, p):
    """Move the top card of p's deck (shuffling if needed) onto its discard
    pile and return it (-1 if none): Vassal's and Sea Hag's first step."""
    c = take_top(z, deck, rng, p)
    if c >= 0:
        z[p * PR + DISC, c] += 1
        z[_ps(p), PS_DISC_N] += 1
        emit(z, EV_MOVE, p, c, 1, Z_DECK, DISC)
    return c


@njit(cache=True, inline="always", _nrt=False)
def reveal_top(z, deck, rng, p):
    """Reveal the top card of p's deck (shuffling if needed) and return it,
    or -1 when p has no cards to reveal: Wishing Well's and Sea Chart's
    first step; ``revealed_to_hand`` is their second."""
    t = take_top(z, deck, rng, p)
    if t < 0:
        emit(z, EV_NOTHING, p, -1, 0, NO_CARDS, 0)
    else:
        emit(z, EV_MOVE, p, t, 1, Z_DECK, Z_REVEAL)
    return t


@njit(cache=True, inline="always", _nrt=False)
def revealed_to_hand(z, deck, p, t, into_hand):
    """The revealed card t into p's hand, or else back on top of its deck."""
    if into_hand:
        z[p * PR + HAND, t] += 1
        z[_ps(p), PS_HAND_N] += 1
        emit(z, EV_MOVE, p, t, 1, Z_REVEAL, HAND)
    else:
        put_top(z, deck, p, t)
        emit(z, EV_MOVE, p, t, 1, Z_REVEAL, Z_DECK)


@njit(cache=True, inline="always", _nrt=False)
def put_top(z, deck, p, c):
    ps = _ps(p)
    n = z[ps, PS_DECK_N]
    deck[p, n] = c
    z[ps, PS_DECK_N] = n + 1
    z[ps, PS_KNOWN] += 1


@kernel_fn('void')
def _draw_traced(z, deck, rng, p, k):
    """``_draw`` in a traced game: one event per card (a call, so that the
    inlined draws of untraced games stay small)."""
    h = p * PR + HAND
    ps = _ps(p)
    for _ in range(k):
        c = take_top(z, deck, rng, p)
        if c < 0:
            return
        z[h, c] += 1
        z[ps, PS_HAND_N] += 1
        _record(z, EV_MOVE, p, c, 1, Z_DECK, HAND)


@kernel_fn('void', inline=True)
def _draw(z, deck, rng, p, k, traced):
    """Draw up to k cards into p's hand, shuffling the discard pile if needed."""
    h = p * PR + HAND
    ps = _ps(p)
    if traced:
        _draw_traced(z, deck, rng, p, k)
        return
    # untraced: take_top's steps with the pile's size in locals
    hand = z[h]
    pile = deck[p]
    n = z[ps, PS_DECK_N]
    known = z[ps, PS_KNOWN]
    left = k
    while left > 0:
        if n == 0:
            if z[ps, PS_DISC_N] == 0:
                break
            _shuffle(z, deck, p, False)
            n = z[ps, PS_DECK_N]
            known = 0
        while known > 0 and left > 0:        # the known top cards, in order
            n -= 1
            known -= 1
            left -= 1
            hand[pile[U(n)]] += 1
        m = min(left, n)
        left -= m
        s0, s1 = rng[0], rng[1]
        for _ in range(m):                   # the unordered rest: a uniform pick
            out, s0, s1 = step(s0, s1)
            j = scale(out, n)
            n -= 1
            c = pile[j]
            pile[j] = pile[U(n)]
            hand[c] += 1
        rng[0], rng[1] = s0, s1
    z[ps, PS_DECK_N] = n
    z[ps, PS_KNOWN] = known
    z[ps, PS_HAND_N] += k - left


@kernel_fn('void')
def draw(z, deck, rng, p, k):
    """``_draw`` as a call, for ``resolve``, the card effects and the setup
    (the clean-up and the Action phase's plain cards inline it)."""
    z = _z_fixed(z)
    deck = _deck_fixed(deck)
    _draw(z, deck, rng, p, k, _traced(z))


@njit(cache=True, inline="always", _nrt=False)
def move_n(z, p, src, dst, c, k, traced):
    """Move k copies of c between two of p's count zones, keeping the sizes."""
    z[p * PR + src, c] -= k
    z[p * PR + dst, c] += k
    ps = _ps(p)
    if ZONE_SIZE[src] >= 0:
        z[ps, ZONE_SIZE[src]] -= k
    if ZONE_SIZE[dst] >= 0:
        z[ps, ZONE_SIZE[dst]] += k
    if traced:
        _record(z, EV_MOVE, p, c, k, src, dst)


@njit(cache=True, inline="always", _nrt=False)
def move(z, p, src, dst, c, traced):
    move_n(z, p, src, dst, c, 1, traced)


@kernel_fn('void', inline=True)
def _add_kind(z, p, c):
    """Insert c into p's ascending KINDS list unless it is there already."""
    z = _z_fixed(z)
    kinds = z[p * PR + KINDS]
    ps = _ps(p)
    n = z[ps, PS_KINDS]
    i = n
    while i > 0 and kinds[i - 1] >= c:
        if kinds[i - 1] == c:
            return
        i -= 1
    for j in range(n, i, -1):
        kinds[j] = kinds[j - 1]
    kinds[i] = c
    z[ps, PS_KINDS] = n + 1


@kernel_fn('void', inline=True)
def _own(z, p, c, k):
    """p now owns k more (or, k < 0, fewer) copies of c: counts, money, types, VP."""
    ps = _ps(p)
    o = p * PR + OWN
    if z[o, c] == 0 and k > 0:
        _add_kind(z, p, c)
    z[o, c] += k
    z[ps, PS_OWN_N] += k
    z[ps, PS_MONEY] += k * MONEY[c]
    z[ps, PS_VP] += k * VPS[c]
    for t in range(TYPE_N[c]):
        z[ps, TYPE_COL[c, t]] += k


@kernel_fn('void')
def recount(z, p):
    """Rebuild p's owned-card scalars from its OWN row (for built positions)."""
    ps = _ps(p)
    for col in (PS_OWN_N, PS_MONEY, PS_VP, PS_KINDS):
        z[ps, col] = 0
    for i in range(NTYPES):
        z[ps, PS_TYPE0 + i] = 0
    for c in range(NC):
        k = z[p * PR + OWN, c]
        z[p * PR + OWN, c] = 0
        _own(z, p, c, k)


@kernel_fn('b1', inline=True)
def _gain(z, deck, p, c, src, dst, bought, traced):
    """p gains c to its DISC, HAND, a mat, or deck top (dst = -1): the one way a
    card comes to a player, so that every count a strategy word reads stays
    true (owned cards, money, types and VP by ``_own``; ``gained.*`` and,
    for a buy, ``bought.*``; the supply and its empty piles).

    src: Z_SUPPLY or Z_TRASH (taken from there; False if it has none), or
    the zone a caller already took it from (Black Market's revealed card),
    which is only logged.  What the gain triggers (``gains.when_gained``)
    is the caller's: ``gains.gain`` and ``gain_from``, the Buy phase."""
    if src == Z_SUPPLY:
        if z[SUPPLY, c] <= 0:
            return False
        z[SUPPLY, c] -= 1
        if z[SUPPLY, c] == 0:
            z[GS, GS_EMPTY] += 1
    elif src == Z_TRASH:
        if z[TRASH_ROW, c] <= 0:
            return False
        z[TRASH_ROW, c] -= 1
    if z[GS, GS_TURN_LOG] == p + 1:
        z[GAINED, c] += 1
        if bought:
            z[BOUGHT, c] += 1
    if HAS_FROM_PLAY and TYPES[c] & T_VICTORY and z[GS, GS_TURN_P] == p + 1:
        z[GS, GS_VICTORY_GAINED] += 1        # Treasury's conditions (from_play.py)
        z[GS, GS_VICTORY_BOUGHT] += bought
    _own(z, p, c, 1)
    if traced:
        _record(z, EV_MOVE, p, c, 1, src, Z_DECK if dst < 0 else dst)
    if dst < 0:
        put_top(z, deck, p, c)
    else:
        z[p * PR + dst, c] += 1
        if dst == HAND:
            z[_ps(p), PS_HAND_N] += 1
        elif dst == DISC:
            z[_ps(p), PS_DISC_N] += 1
        elif HAS_MATS and dst >= MAT0:      # set aside on a mat (Blockade)
            z[_ps(p), PS_MAT_N0 + dst - MAT0] += 1
    return True


@kernel_fn('void')
def trash_from(z, p, src, c):
    """Trash one c from p's zone src (a count zone)."""
    z[p * PR + src, c] -= 1
    if src == HAND:
        z[_ps(p), PS_HAND_N] -= 1
    elif src == DISC:
        z[_ps(p), PS_DISC_N] -= 1
    z[TRASH_ROW, c] += 1
    _own(z, p, c, -1)
    emit(z, EV_MOVE, p, c, 1, src, Z_TRASH)


# Revealed and looked-at cards wait in TMP; ``zone`` (Z_REVEAL or Z_LOOK)
# only says which of the two the log shows.

@kernel_fn('void')
def _discard_revealed(z, p, c, zone):
    z[TMP, c] -= 1
    z[p * PR + DISC, c] += 1
    z[_ps(p), PS_DISC_N] += 1
    emit(z, EV_MOVE, p, c, 1, zone, DISC)


@kernel_fn('void')
def _trash_revealed(z, p, c, zone):
    z[TMP, c] -= 1
    z[TRASH_ROW, c] += 1
    _own(z, p, c, -1)
    emit(z, EV_MOVE, p, c, 1, zone, Z_TRASH)


@kernel_fn('i8')
def _reveal(z, deck, rng, p, zone):
    """Take p's top card into TMP (revealed or looked at); the card, -1 if none."""
    c = take_top(z, deck, rng, p)
    if c < 0:
        return np.int64(-1)
    z[TMP, c] += 1
    emit(z, EV_MOVE, p, c, 1, Z_DECK, zone)
    return c


@njit(cache=True, inline="always", _nrt=False)
def stay(z, p, c):
    """One more copy of c in p's play stays out at this clean-up (a Duration
    with an effect still to come, or the card that played it)."""
    z[p * PR + STAY, c] += 1
    z[_ps(p), PS_NEXT_N] += 1


@njit(cache=True, inline="always", _nrt=False)
def push_stay_check(z, p, by, c):
    """Before ``by`` (Throne Room) pushes its plays of Duration c: a negative
    STACK entry under them, popped once they have resolved, that keeps
    ``by`` in play with c if any of them stays ("a Throne Room stays out as
    long as the Duration card it played"; a Duration may not stay: Outpost
    that gives no extra turn).  It holds by, c and c's STAY count now."""
    _push(z, -1 - (by | c << COL_BITS | z[p * PR + STAY, c] << 2 * COL_BITS))


@njit(cache=True, inline="always", _nrt=False)
def stay_check(z, p, e):
    """Do a ``push_stay_check`` entry e: ``by`` stays if c's STAY count grew."""
    m = -1 - e
    c = (m >> COL_BITS) & COL_MASK
    if z[p * PR + STAY, c] > m >> 2 * COL_BITS:
        stay(z, p, m & COL_MASK)


@kernel_fn('void')
def keep_durations(z, p):
    """At clean-up, before play is discarded: the copies that stay (STAY, at
    most those in play) go to DUR, in play until p's next turn."""
    for c in range(NC):
        k = min(z[p * PR + STAY, c], z[p * PR + PLAY_ROW, c])
        z[p * PR + STAY, c] = 0
        if k > 0:
            z[p * PR + PLAY_ROW, c] -= k
            z[p * PR + DUR, c] += k
            emit(z, EV_MOVE, p, c, k, PLAY_ROW, DUR)


@kernel_fn('void')
def discard_all(z, p, src):
    """Move a whole count zone of p onto its discard pile."""
    s = p * PR + src
    d = p * PR + DISC
    if _traced(z):                           # log each card moved
        for c in range(NC):
            if z[s, c]:
                emit(z, EV_MOVE, p, c, z[s, c], src, DISC)
    n = 0
    for c in range(NC):                      # branch-free: vectorises
        k = z[s, c]
        z[d, c] += k
        z[s, c] = 0
        n += k
    z[_ps(p), PS_DISC_N] += n
    if src == HAND:
        z[_ps(p), PS_HAND_N] = 0
    elif src == ASIDE:
        z[_ps(p), PS_ASIDE_N] = 0


# ============================================================ scoring

@njit(cache=True, inline="always", _nrt=False)
def rule_vp(r, owned, counted):
    """What one copy of r, a card with a VP rule (VP_RULE), is worth to a
    player who owns ``owned`` cards and ``counted`` of the card it counts."""
    n = owned if VP_RULE[r, 0] < 0 else counted
    return np.int64(n // VP_RULE[r, 1] * VP_RULE[r, 2])


@njit(cache=True, inline="always", _nrt=False)
def victory_points(z, p):
    """p's VP now: the cards' fixed VP (kept on gain and trash) and those
    of the VP rules (per cards owned, or per copy of a card), read from the
    registry's columns (VP_RULE)."""
    ps = _ps(p)
    o = p * PR + OWN
    vp = np.int64(z[ps, PS_VP])
    for i in range(VP_RULE_CARDS.shape[0]):
        r = VP_RULE_CARDS[i]
        k = z[o, r]
        if k:                                # rare: no division otherwise
            vp += k * rule_vp(r, z[ps, PS_OWN_N], z[o, max(VP_RULE[r, 0], 0)])
    return vp



@njit(cache=True, inline="always", _nrt=False)
def _push(z, c):
    z[STACK, z[GS, GS_STACK_N]] = c
    z[GS, GS_STACK_N] += 1


# Each runs after the card's table bonuses (+Cards, +Actions, +Buys, +$).
