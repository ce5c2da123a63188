"""Decisions: strategy conditions evaluated on the state, rule lists
picked from, and the defaults a list cannot express (what a required
discard drops, what a gain falls back to ...).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simulator.engine import cards as C
from simulator.engine.cards import Card
from simulator.engine.codes import (
    ASIDE,
    BLOCK_FROM_HAND,
    BLOCK_IN_PLAY,
    BOUGHT,
    CHOICE_N,
    COL_BITS,
    COL_MASK,
    DISC,
    DUR,
    EV_MOAT,
    EV_MOVE,
    FST_HITS,
    GAINED,
    GS,
    GS_ACTIONS,
    GS_COINS,
    GS_COPPER_UP,
    GS_EMPTY,
    GS_EMPTY_TO_END,
    GS_FROM_TRASH,
    GS_LEAVING,
    GS_PLAYERS,
    GS_TURN_LOG,
    GS_WANT,
    GS_WANT_COST,
    RAISES_COPPER,
    HAND,
    IN_GAME,
    NC,
    OWN,
    P_ACTIONS,
    P_COINS,
    PLAY_ROW,
    PR,
    PS_HAND_N,
    PS_MONEY,
    PS_OWN_N,
    PS_STRAT,
    PS_TURNS,
    PS_TYPE0,
    PS_VP,
    SUPPLY,
    T_ACTION,
    T_TREASURE,
    TREASURE_CARDS,
    TYPE_BIT_INDEX,
    TYPES,
    VP_RULE,
    VP_RULE_CARDS,
    VPS,
    Z_DECK,
    U,
)
from simulator.engine.jit import _z_fixed, kernel_fn
from simulator.engine.program import (
    BUY,
    CHOICE_BITS,
    CHOOSE,
    DISCARD,
    FLAG_WANT,
    GAIN,
    HEAD,
    MAY,
    NLISTS,
    OP_ABS,
    OP_ADD,
    OP_AND_JUMP,
    OP_BOUGHT,
    OP_BOUGHT_CARDS,
    OP_CARD_COST,
    OP_CELL,
    OP_CELL_Q,
    OP_CONST,
    OP_DECK_CARD,
    OP_DIV,
    OP_END,
    OP_ENDS_GAME,
    OP_FLOORDIV,
    OP_GAINED,
    OP_GAINED_CARDS,
    OP_GAINS_TO_END,
    OP_GCELL,
    OP_GCELL_Q,
    OP_HAND_MONEY,
    OP_HAND_TYPE,
    OP_ITEST,
    OP_LEAD,
    OP_LEAD_AFTER,
    OP_MAX,
    OP_MIN,
    OP_MOD,
    OP_MUL,
    OP_MY_TURN,
    OP_MY_TYPE,
    OP_MY_VP,
    OP_NEG,
    OP_NOT,
    OP_OPP_CARD,
    OP_OPP_CARDS,
    OP_OPP_MONEY,
    OP_OPP_TYPE,
    OP_OPP_VP,
    OP_OR_JUMP,
    OP_SUB,
    OP_TEST,
    P_FLAGS,
    PLAY,
    Q_CELL,
    Q_SHIFT,
    TEST_MASK,
    TOPDECK,
    TRASH,
    TYPE_IN_PLAY,
    is_upgrade,
)
from simulator.engine.zones import (
    _ps,
    _traced,
    cost,
    emit,
    move,
    put_top,
    trash_from,
    rule_vp,
    victory_points,
)

# UPGRADE[t, g]: gaining g for a trashed t improves the deck (program.is_upgrade)
UPGRADE = np.array([[is_upgrade(t, g) for g in range(NC)] for t in range(NC)],
                   dtype=np.bool_)


def _fallback_order(key) -> np.ndarray:
    return np.array(sorted(range(NC), key=key), dtype=np.int32)


def _dead(c):  # Curses and pure Victory cards: never worth keeping in hand
    return not (C.TYPES[c] & (C.ACTION | C.TREASURE))


# Kingdom Actions weaker than a Silver as measured: each one's Big Money bot
# (its single-card bot where there are two) loses to Big Money Ultimate,
# which buys the Silver instead (the registry's ``vs_bmu``, from
# docs/strategies.md, "Shipped bots and how they do").
WEAKER_THAN_SILVER = C.WEAKER_THAN_SILVER

# Order a required discard (Militia, Poacher) falls back to after the
# strategy's discard list: dead cards, Copper, then the cheapest card, an
# Action before a Treasure at equal cost, where a card weaker than a Silver
# counts as costing no more than one (a Spy goes before a Silver), and the
# Treasure giving less first (Harem's $2 before Gold's $3).
DISCARD_ORDER = _fallback_order(
    lambda c: (not _dead(c), c != Card.COPPER,
               min(int(C.COST[c]), int(C.COST[Card.SILVER])) if c in WEAKER_THAN_SILVER
               else int(C.COST[c]), -(C.TYPES[c] & C.ACTION),
               int(C.PLUS_COINS[c]) if C.TYPES[c] & C.TREASURE else 0, c))


# Order a required trash (Remodel) falls back to: Curse, Estate, Copper, cheapest.
TRASH_ORDER = _fallback_order(
    lambda c: (c != Card.CURSE, c != Card.ESTATE, c != Card.COPPER, int(C.COST[c]), c))


# ============================================================ strategy conditions
# A condition runs on a small float64 stack machine (true division needs
# fractions; every integer the game produces is exact in a float64).  The
# compiler's postfix code is rewritten at packing (``pack_program``) into a
# form that is cheaper to run: a word that reads one cell of z becomes
# OP_CELL (a cell of the player's own rows) or OP_GCELL (a game cell), so no
# chain of tests is needed to find it; a comparison of two such words is one
# OP_TEST; and ``and``/``or`` jump over their right side when the left side
# decides.  A rule whose whole condition is one OP_TEST is decided in the
# pick loop itself, without a call.

@njit(cache=True, inline="always", _nrt=False)
def _row_type_count(z, row, arg):
    """Cards in z's row with type bit(s) arg (no column keeps the count)."""
    n = 0
    for c in range(NC):
        if TYPES[c] & arg:
            n += z[row, c]
    return n


@kernel_fn('i8')
def _type_count(z, p, arg):
    """Cards p owns with type bit(s) arg."""
    i = TYPE_BIT_INDEX[arg] if 0 <= arg < TYPE_BIT_INDEX.shape[0] else -1
    if i >= 0:
        return np.int64(z[_ps(p), PS_TYPE0 + i])
    return np.int64(_row_type_count(z, p * PR + OWN, arg))


@kernel_fn('i8')
def _best_opponent(z, p, op, arg):
    """The largest of an owned-card count (OP_OPP_*) over p's opponents."""
    best = -(1 << 30)
    for q in range(z[GS, GS_PLAYERS]):
        if q == p:
            continue
        if op == OP_OPP_VP:
            v = victory_points(z, q)
        elif op == OP_OPP_CARD:
            v = np.int64(z[q * PR + OWN, arg])
        elif op == OP_OPP_TYPE:
            v = _type_count(z, q, arg)
        elif op == OP_OPP_CARDS:
            v = np.int64(z[_ps(q), PS_OWN_N])
        else:                                   # OP_OPP_MONEY
            v = np.int64(z[_ps(q), PS_MONEY])
        best = max(best, v)
    return np.int64(best)


@kernel_fn('i8')
def _vp_after_gain(z, p, c):
    """p's victory points if p gained one c now (a VP rule counts the card
    too: per cards owned, or per copy of the card it names), and lost the
    card the same choice trashes (GS_LEAVING)."""
    o = p * PR + OWN
    vp = np.int64(z[_ps(p), PS_VP]) + VPS[c]
    n = z[_ps(p), PS_OWN_N] + 1                 # cards owned after
    leaving = z[GS, GS_LEAVING] - 1
    if leaving >= 0:
        vp -= VPS[leaving]
        n -= 1
    for i in range(VP_RULE_CARDS.shape[0]):
        r = VP_RULE_CARDS[i]
        k = z[o, r] + (c == r) - (leaving == r)
        if k:
            d = max(VP_RULE[r, 0], 0)           # the card it counts (unused: -1)
            vp += k * rule_vp(r, n, z[o, d] + (c == d) - (leaving == d))
    return np.int64(vp)


@kernel_fn('b1')
def _ends_game_if_gained(z, c):
    """Whether the game would end after this turn if c were gained now (a
    gain from the trash takes nothing from the supply)."""
    taken = z[GS, GS_FROM_TRASH] == 0 and z[SUPPLY, c] > 0
    prov = z[SUPPLY, Card.PROVINCE] - (1 if c == Card.PROVINCE and taken else 0)
    empty = z[GS, GS_EMPTY] + (1 if taken and z[SUPPLY, c] == 1 else 0)
    return prov <= 0 or empty >= z[GS, GS_EMPTY_TO_END]


@kernel_fn('i8')
def _gains_to_end(z):
    """Fewest gains that end the game: Provinces left, or the sum of the
    smallest piles (3, or 4 at 5-6 players; an empty pile counts 0)."""
    big = 1 << 30
    a0 = a1 = a2 = a3 = big                     # the 4 smallest counts, in order
    for c in range(NC):
        if z[IN_GAME, c] == 0:
            continue
        v = z[SUPPLY, c]
        if v < a3:
            a3 = v
            if a3 < a2:
                a2, a3 = a3, a2
            if a2 < a1:
                a1, a2 = a2, a1
            if a1 < a0:
                a0, a1 = a1, a0
    total = a0 + a1 + a2 + (a3 if z[GS, GS_EMPTY_TO_END] >= 4 else 0)
    return np.int64(min(total, z[SUPPLY, Card.PROVINCE]))


@kernel_fn('f8')
def _value(z, p, op, arg):
    """The number an operand opcode stands for, seen by player p: the words
    that are not a single cell (``_leaf`` reads OP_CELL/OP_GCELL/OP_CONST
    inline and calls this only for the others)."""
    if op == OP_MY_TURN:
        return float(z[_ps(p), PS_TURNS] + 1)
    if op == OP_CARD_COST:
        return float(cost(z, arg))
    if op == OP_MY_VP:
        return float(victory_points(z, p))
    if op == OP_OPP_VP or OP_OPP_CARD <= op <= OP_OPP_MONEY:
        return float(_best_opponent(z, p, op, arg))
    if op == OP_MY_TYPE:
        return float(_type_count(z, p, arg))
    if op == OP_HAND_MONEY:
        h = p * PR + HAND
        m = 0
        for i in range(TREASURE_CARDS.shape[0]):
            c = TREASURE_CARDS[i]
            m += z[h, c] * P_COINS[c]
        return float(m)
    if op == OP_DECK_CARD:       # owned and in none of the counted zones
        return float(z[p * PR + OWN, arg] - z[p * PR + HAND, arg] - z[p * PR + PLAY_ROW, arg]
                     - z[p * PR + DISC, arg] - z[p * PR + ASIDE, arg])
    if op == OP_GAINED or op == OP_BOUGHT or op == OP_GAINED_CARDS or op == OP_BOUGHT_CARDS:
        if z[GS, GS_TURN_LOG] != p + 1:
            return 0.0                          # not p's turn: nothing this turn
        row = GAINED if op == OP_GAINED or op == OP_GAINED_CARDS else BOUGHT
        if op == OP_GAINED or op == OP_BOUGHT:
            return float(z[row, arg])
        n = 0
        for c in range(NC):
            n += z[row, c]
        return float(n)
    if op == OP_GAINS_TO_END:
        return float(_gains_to_end(z))
    if op == OP_ENDS_GAME:
        return 1.0 if _ends_game_if_gained(z, arg) else 0.0
    if op == OP_LEAD:
        return float(victory_points(z, p) - _best_opponent(z, p, OP_OPP_VP, 0))
    if op == OP_LEAD_AFTER:
        return float(_vp_after_gain(z, p, arg) - _best_opponent(z, p, OP_OPP_VP, 0))
    if op == OP_HAND_TYPE:       # hand.<Type>: no column keeps it, so count the hand
        if arg & TYPE_IN_PLAY:   # play.<Type>: the play area, and the Durations in
            # play since an earlier turn (DUR: on another player's turn, and
            # at the start of the own turn until their effects are done)
            return float(_row_type_count(z, p * PR + PLAY_ROW, arg)
                         + _row_type_count(z, p * PR + DUR, arg))
        return float(_row_type_count(z, p * PR + HAND, arg))
    return 0.0                                  # packing leaves no other word


@njit(cache=True, inline="always", _nrt=False)
def _cell(z, p, mine, arg):
    """The cell a word's arg (row << COL_BITS | column) names: a row of p's
    own (``mine``, OP_CELL) or of the game's (OP_GCELL)."""
    row = arg >> COL_BITS
    if mine:
        row += p * PR
    return z[U(row), U(arg & COL_MASK)]


@njit(cache=True, inline="always", _nrt=False)
def _leaf(z, p, op, arg):
    """A word's value: one cell or a constant inline, anything else by a call."""
    if op == OP_CELL or op == OP_GCELL:
        return float(_cell(z, p, op == OP_CELL, arg))
    if op == OP_CONST:
        return float(arg)
    if op == OP_CELL_Q or op == OP_GCELL_Q:
        return float(_cell(z, p, op == OP_CELL_Q, arg & Q_CELL)) / float(arg >> Q_SHIFT)
    return _value(z, p, op, arg)


@njit(cache=True, inline="always", _nrt=False)
def _ileaf(z, p, op, arg):
    """``_leaf`` of an INT_WORDS word, as the whole number it is."""
    if op == OP_CONST:
        return np.int64(arg)
    return np.int64(_cell(z, p, op == OP_CELL, arg))


@njit(cache=True, inline="always", _nrt=False)
def _itest(mask, a, b):
    """``_test`` of two whole numbers (never unordered)."""
    return (mask >> (np.int64(a == b) + 2 * np.int64(a > b))) & 1 != 0


@njit(cache=True, inline="always", _nrt=False)
def _test(mask, a, b):
    """A comparison as a bit of ``mask``: bit 0 a < b, 1 a == b, 2 a > b,
    3 unordered (a NaN); e.g. <= is 0b0011 and != is 0b1101."""
    s = np.int64(a == b) + 2 * np.int64(a > b) + 3 * np.int64(not (a <= b or a > b))
    return (mask >> s) & 1 != 0


@kernel_fn('b1')
def condition(z, fst, prog, p, pc):
    """Run the condition at prog offset pc for player p; True if it holds."""
    z = _z_fixed(z)
    code0 = prog[2]
    sp = 0
    while True:
        op = prog[pc]
        arg = prog[pc + 1]
        pc += 2
        if op == OP_TEST:
            a = _leaf(z, p, prog[pc], prog[pc + 1])
            b = _leaf(z, p, prog[pc + 2], prog[pc + 3])
            pc += 4
            fst[sp] = 1.0 if _test(arg, a, b) else 0.0
            sp += 1
        elif op == OP_END:
            return fst[sp - 1] != 0.0
        elif op == OP_AND_JUMP:                 # the left side decides if false
            if fst[sp - 1] == 0.0:
                pc = code0 + arg
            else:
                sp -= 1
        elif op == OP_OR_JUMP:                  # ... if true
            if fst[sp - 1] != 0.0:
                pc = code0 + arg
            else:
                sp -= 1
        elif op < OP_ADD or op >= OP_CELL:
            fst[sp] = _leaf(z, p, op, arg)
            sp += 1
        elif op == OP_NEG:
            fst[sp - 1] = -fst[sp - 1]
        elif op == OP_NOT:
            fst[sp - 1] = 1.0 if fst[sp - 1] == 0.0 else 0.0
        elif op == OP_ABS:
            fst[sp - 1] = abs(fst[sp - 1])
        else:
            sp -= 1
            b = fst[sp]
            a = fst[sp - 1]
            if op == OP_ADD:
                r = a + b
            elif op == OP_SUB:
                r = a - b
            elif op == OP_MUL:
                r = a * b
            elif op == OP_DIV:
                r = a / b if b != 0.0 else (np.inf if a > 0 else (-np.inf if a < 0 else 0.0))
            elif op == OP_FLOORDIV:
                r = np.floor(a / b) if b != 0.0 else 0.0
            elif op == OP_MOD:
                r = a - b * np.floor(a / b) if b != 0.0 else 0.0
            elif op == OP_MIN:
                r = min(a, b)
            elif op == OP_MAX:
                r = max(a, b)
            else:                               # a comparison or and/or: OP_TEST
                r = 1.0 if _test(TEST_MASK[op], a, b) else 0.0
            fst[sp - 1] = r


@kernel_fn('b1', inline=True)
def _holds(z, fst, prog, p, off):
    """Whether a rule's condition (code offset off, -1: none) holds for p;
    one comparison is decided here, anything else by ``condition``."""
    if off < 0:
        return True
    pc = U(prog[2] + off)
    op = prog[pc]
    if op == OP_ITEST:
        return _itest(prog[pc + U(1)], _ileaf(z, p, prog[pc + U(2)], prog[pc + U(3)]),
                      _ileaf(z, p, prog[pc + U(4)], prog[pc + U(5)]))
    if op == OP_TEST and prog[pc + U(6)] == OP_END:
        return _test(prog[pc + U(1)], _leaf(z, p, prog[pc + U(2)], prog[pc + U(3)]),
                     _leaf(z, p, prog[pc + U(4)], prog[pc + U(5)]))
    return condition(z, fst, prog, p, np.int64(pc))


@njit(cache=True, inline="always", _nrt=False)
def _list(prog, z, p, k):
    """(first rule offset, end offset, explicit) of list k of p's strategy."""
    at = U(HEAD + (z[_ps(p), PS_STRAT] * NLISTS + k) * 3)
    ro = prog[1]
    return ro + prog[at] * 3, ro + prog[at + U(1)] * 3, prog[at + U(2)]


@njit(cache=True, inline="always", _nrt=False)
def _fired(fst, prog, r):
    """Count a fire of the rule at prog offset r on the counter it names
    (when fst has the counters)."""
    if fst.shape[0] > FST_HITS:
        fst[U(FST_HITS) + U(prog[r + U(2)])] += 1.0   # unsigned: no sign fix-up


@njit(cache=True, inline="always", _nrt=False)
def _pick_supply(z, fst, prog, p, k, limit, typemask, count):
    """First card of list k whose pile is not empty, that costs at most
    ``limit``, has one of the ``typemask`` bits (0: any) and whose rule
    holds; -1 if none.  (A pile not in the game is empty: 0 cards.)"""
    start, end, _ = _list(prog, z, p, k)
    supply = z[SUPPLY]
    for r in range(U(start), U(end), U(3)):
        c = U(prog[r])
        if (supply[c] <= 0) | (cost(z, c) > limit) | (typemask != 0 and not TYPES[c] & typemask):
            continue
        if _holds(z, fst, prog, p, prog[r + U(1)]):
            if count:
                _fired(fst, prog, r)
            return np.int64(c)
    return np.int64(-1)


@njit(cache=True, inline="always", _nrt=False)
def _pick_held(z, fst, prog, p, k, row, typemask, count):
    """First card of list k with a copy in z[row] (a hand, the TMP scratch),
    one of the ``typemask`` bits (0: any) and a rule that holds; -1 if none."""
    start, end, _ = _list(prog, z, p, k)
    held = z[row]
    for r in range(U(start), U(end), U(3)):
        c = U(prog[r])
        if (held[c] <= 0) | (typemask != 0 and not TYPES[c] & typemask):
            continue
        if _holds(z, fst, prog, p, prog[r + U(1)]):
            if count:
                _fired(fst, prog, r)
            return np.int64(c)
    return np.int64(-1)


@kernel_fn('i8')
def _pick_out_of_loop(z, fst, prog, p, k, row, limit, typemask, count):
    # the one compiled copy of the picks outside the hot loop (compile time)
    if row >= 0:
        return _pick_held(z, fst, prog, p, k, row, typemask, count != 0)
    return _pick_supply(z, fst, prog, p, k, limit, typemask, count != 0)


@kernel_fn('i8')
def pick_call(z, fst, prog, p, k, row, limit, typemask):
    """First card of list k whose rule holds and that qualifies, or -1; the
    rule's fire is counted.

    row >= 0: the card must have a copy in z[row] (a hand, the TMP scratch).
    row <  0: a supply pick: the pile is not empty and costs at most
    ``limit``.  typemask != 0 further requires one of those type bits.
    """
    return _pick_out_of_loop(z, fst, prog, p, k, row, limit, typemask, 1)


@kernel_fn('i8')
def would_pick(z, fst, prog, p, k, row, limit, typemask):
    """What ``pick_call`` would choose, without counting a fire (a default
    weighing a choice asks what the buy list would take)."""
    return _pick_out_of_loop(z, fst, prog, p, k, row, limit, typemask, 0)


@kernel_fn('b1')
def rule_holds(z, fst, prog, p, r):
    """Whether the condition of the rule at prog offset r holds for p."""
    return _holds(z, fst, prog, p, prog[r + 1])


@kernel_fn('b1')
def chooses(z, fst, prog, p, card, default):
    """A "you may" choice of ``card`` for p: the strategy's ``may`` condition
    for the card if it gives one, else ``default`` (the documented default)."""
    start, end, _ = _list(prog, z, p, MAY)
    for r in range(start, end, 3):
        if prog[r] == card:
            if rule_holds(z, fst, prog, p, r):
                _fired(fst, prog, r)
                return True
            return False
    return default


@kernel_fn('b1')
def names(z, fst, prog, p, k, card):
    """Whether a rule of list k names ``card`` and holds (the first such
    rule's fire is counted): a choice about one card, such as Thief's gain."""
    start, end, _ = _list(prog, z, p, k)
    for r in range(start, end, 3):
        if prog[r] == card and rule_holds(z, fst, prog, p, r):
            _fired(fst, prog, r)
            return True
    return False


@kernel_fn('i8')
def first_in(z, row, order, typemask):
    """First card of a fixed order with a copy in z[row], or -1."""
    for i in range(order.shape[0]):
        c = order[i]
        if z[row, c] > 0 and (typemask == 0 or TYPES[c] & typemask):
            return np.int64(c)
    return np.int64(-1)


@kernel_fn('i8')
def cheapest_in(z, row, typemask, exclude):
    """Cheapest card of a type in z[row] (lowest id on equal cost), or -1."""
    best = -1
    for c in range(NC):
        if c != exclude and z[row, c] > 0 and TYPES[c] & typemask:
            if best < 0 or cost(z, c) < cost(z, best):
                best = c
    return np.int64(best)


@kernel_fn('i8')
def dearest_in(z, row, typemask):
    """Most expensive card of a type in z[row] (highest id on equal cost), or -1."""
    best = -1
    for c in range(NC):
        if z[row, c] > 0 and TYPES[c] & typemask:
            if best < 0 or cost(z, c) >= cost(z, best):
                best = c
    return np.int64(best)


@kernel_fn('b1')
def _plays(z, fst, prog, p, c):
    """Whether a rule of p's play list naming c holds now."""
    start, end, _ = _list(prog, z, p, PLAY)
    for r in range(start, end, 3):
        if prog[r] == c and rule_holds(z, fst, prog, p, r):
            return True
    return False


@kernel_fn('i8')
def copies_needed(z, fst, prog, p, c):
    """How many copies of c p's hand must keep for its play list to play c:
    0 when no rule naming c holds now; else the fewest copies (at least 1,
    at most those in hand) with which one still holds.  A play condition
    on the hand's own copies makes it more than 1: Treasure Map's default
    rule (the registry's ``play_if``, "hand.Treasure_Map >= 2") needs the
    pair, whose play takes one Action and trashes both.  Only the count of
    c changes while its rules are asked (not the hand's size)."""
    if not _plays(z, fst, prog, p, c):
        return np.int64(0)
    h = p * PR + HAND
    n = z[h, c]
    m = n
    while m > 1:
        z[h, c] = m - 1
        if not _plays(z, fst, prog, p, c):
            break
        m -= 1
    z[h, c] = n
    return np.int64(max(m, 1))


@kernel_fn('i8')
def excess_terminal(z, fst, prog, p):
    """A terminal Action in p's hand that p's next turn cannot play, or -1.

    A hand plays 1 terminal, plus one per extra Action its villages give
    (Throne Room is not counted: it plays another card).  The one kept is
    the terminal p's play list would play first, with the copies its play
    rule needs (``copies_needed``: a pair of Treasure Maps, played with one
    Action, counts as one terminal and is kept whole); of the others the
    cheapest goes (lowest card number on equal cost).
    """
    h = p * PR + HAND
    terminals = 0
    room = 1
    for c in range(NC):
        if z[h, c] > 0 and TYPES[c] & T_ACTION and c != Card.THRONE_ROOM:
            if P_ACTIONS[c] == 0:
                terminals += z[h, c]
            else:
                room += z[h, c] * (P_ACTIONS[c] - 1)
    if terminals <= room:
        return np.int64(-1)
    keep = -1
    start, end, _ = _list(prog, z, p, PLAY)
    for r in range(start, end, 3):
        c = prog[r]
        if z[h, c] > 0 and TYPES[c] & T_ACTION and P_ACTIONS[c] == 0 \
                and c != Card.THRONE_ROOM and rule_holds(z, fst, prog, p, r):
            keep = c
            break
    kept = 1
    if keep >= 0 and z[h, keep] > 1:
        kept = max(copies_needed(z, fst, prog, p, keep), 1)
        if terminals - (kept - 1) <= room:
            return np.int64(-1)
    best = -1
    for c in range(NC):
        if z[h, c] > (kept if c == keep else 0) and TYPES[c] & T_ACTION \
                and P_ACTIONS[c] == 0 and c != Card.THRONE_ROOM \
                and (best < 0 or cost(z, c) < cost(z, best)):
            best = c
    return np.int64(best)


@njit(cache=True, inline="always", _nrt=False)
def _all_needed(z, fst, prog, p, c):
    """Whether p's hand holds several copies of Action c and its play rule
    needs every one (the two Treasure Maps of a pair)."""
    n = z[p * PR + HAND, c]
    return bool(TYPES[c] & T_ACTION) and n > 1 and copies_needed(z, fst, prog, p, c) >= n


@kernel_fn('i8')
def default_discard(z, fst, prog, p):
    """The card a required discard takes when p's discard list names none:
    the dead cards of DISCARD_ORDER, then a terminal its next turn cannot
    play (``excess_terminal``), then the rest of DISCARD_ORDER (Copper, the
    cheapest card), passing over a copy of an Action that its play rule
    needs (``copies_needed``: the second Treasure Map of a pair), which
    goes only when nothing else is left; -1 from an empty hand."""
    h = p * PR + HAND
    c = first_in(z, h, DISCARD_ORDER, 0)
    if c >= 0 and TYPES[c] & (T_ACTION | T_TREASURE):
        t = excess_terminal(z, fst, prog, p)
        if t >= 0:
            return t
        if _all_needed(z, fst, prog, p, c):
            for i in range(DISCARD_ORDER.shape[0]):
                d = DISCARD_ORDER[i]
                if z[h, d] > 0 and not _all_needed(z, fst, prog, p, d):
                    return np.int64(d)
    return c


@kernel_fn('void')
def required_discard(z, fst, prog, p, n):
    """p discards n cards from hand: its discard list first, then
    ``default_discard`` (the dead cards, terminals its next turn cannot
    play, Copper, the cheapest card; a pair of Treasure Maps kept)."""
    h = p * PR + HAND
    for _ in range(n):
        c = pick_call(z, fst, prog, p, DISCARD, h, 0, 0)
        if c < 0:
            c = default_discard(z, fst, prog, p)
        if c < 0:
            return
        move(z, p, HAND, DISC, c, _traced(z))


@njit(cache=True, inline="always", _nrt=False)
def _gainable(z, c, limit, typemask):
    return (z[SUPPLY, c] > 0 and z[IN_GAME, c] != 0 and cost(z, c) <= limit
            and (typemask == 0 or TYPES[c] & typemask))


@kernel_fn('i8')
def gain_choice(z, fst, prog, p, limit, typemask, row):
    """What a required gain ("gain a card costing up to $limit") takes, or -1
    only when no card can be gained.  row >= 0: only among the cards with a
    copy in z[row] (Smugglers' TMP: the legal ones the player to the right
    gained).

    The gain list first; when it names no legal card, the dearest legal
    Treasure (never a dead card: at worst a Copper replaces a trashed
    Copper or Curse), then the dearest legal card that is not a Curse (the
    lower card number on equal cost: base cards before kingdom cards), a
    Curse only when nothing else can be gained.  Measured against reading
    the buy list without its conditions, which gains Estates (bm-remodel vs
    Big Money Ultimate, 100,000 games: 0.506 against 0.483; docs/strategies.md).
    """
    g = pick_call(z, fst, prog, p, GAIN, row, limit, typemask)
    if g >= 0:
        return g
    for treasure_first in (True, False):
        best = -1
        for c in range(NC):
            if c != Card.CURSE and _gainable(z, c, limit, typemask) \
                    and (row < 0 or z[row, c] > 0) \
                    and (not treasure_first or TYPES[c] & T_TREASURE) \
                    and (best < 0 or cost(z, c) > cost(z, best)):
                best = c
        if best >= 0:
            return np.int64(best)
    if _gainable(z, Card.CURSE, limit, typemask) and (row < 0 or z[row, Card.CURSE] > 0):
        return np.int64(Card.CURSE)
    return np.int64(-1)


@kernel_fn('i8')
def hand_coins(z, p):
    """Coins p would have in the Buy phase now: +$ so far and hand Treasures."""
    h = p * PR + HAND
    m = z[GS, GS_COINS]
    for i in range(TREASURE_CARDS.shape[0]):
        c = TREASURE_CARDS[i]
        m += z[h, c] * P_COINS[c]
    if RAISES_COPPER:                        # Coppersmith's bonus
        m += z[h, Card.COPPER] * z[GS, GS_COPPER_UP]
    return np.int64(m)


@kernel_fn('b1')
def buys_the_same(z, fst, prog, p, less):
    """Whether p's buy list takes the same card with ``less`` coins fewer
    than this hand makes (a default giving up a Treasure asks this)."""
    m = hand_coins(z, p)
    return would_pick(z, fst, prog, p, BUY, -1, m, 0) == \
        would_pick(z, fst, prog, p, BUY, -1, m - less, 0)


CHAPEL_KEEPS = 5          # Chapel's default keeps what a buy of $5 or more needs


@kernel_fn('b1')
def _buy_needs(z, fst, prog, p, c):
    """Whether trashing Treasure c from hand would cost this turn a buy of
    CHAPEL_KEEPS or more (a Silver may go for the trashing, a Gold may not;
    measured in docs/strategies.md)."""
    g = would_pick(z, fst, prog, p, BUY, -1, hand_coins(z, p), 0)
    return g >= 0 and cost(z, g) >= CHAPEL_KEEPS and not buys_the_same(z, fst, prog, p,
                                                                    P_COINS[c])


@kernel_fn('b1')
def _attacked(z, v):
    """Whether victim v is hit.  A card that blocks from the hand (Moat) is
    always revealed, as a bot would; a Duration that protects while in play
    from an earlier turn (Lighthouse) protects.  The first such card found
    (card order) is logged as the reason."""
    for i in range(len(BLOCK_FROM_HAND)):
        c = BLOCK_FROM_HAND[i]
        if z[v * PR + HAND, c] > 0:
            emit(z, EV_MOAT, v, c, 1, HAND, HAND)
            return False
    for i in range(len(BLOCK_IN_PLAY)):
        c = BLOCK_IN_PLAY[i]
        if z[v * PR + DUR, c] > 0:
            emit(z, EV_MOAT, v, c, 1, DUR, DUR)
            return False
    return True


@kernel_fn('void')
def work_out_want(z, fst, prog, p):
    """The words want.<Card> and want.cost for p: the first card of p's buy
    list whose pile is not empty and whose rule holds now, whatever it costs
    (GS_WANT: 1 + the card, GS_WANT_COST: its cost now; both 0 when no rule
    holds).  The buy rules cannot read these words (the compiler refuses
    them there), so none of them reads a stale value."""
    z[GS, GS_WANT] = 0
    z[GS, GS_WANT_COST] = 0
    start, end, _ = _list(prog, z, p, BUY)
    for r in range(start, end, 3):
        c = prog[r]
        if z[SUPPLY, c] > 0 and rule_holds(z, fst, prog, p, r):
            z[GS, GS_WANT] = c + 1
            z[GS, GS_WANT_COST] = cost(z, c)
            return


@kernel_fn('i8')
def choose_option(z, fst, prog, p, card, taken):
    """The option of ``card``'s "choose" decision p takes, none of those in
    the bit mask ``taken`` ("the choices must be different"): the first rule
    of its choose list (the strategy's, else the card's default rules) for
    an option not taken whose condition holds, else the first option not
    taken in the card's order; -1 when all are taken.  A program whose
    rules read want.* (FLAG_WANT) first works out p's want."""
    if prog[P_FLAGS] & FLAG_WANT:
        work_out_want(z, fst, prog, p)
    start, end, _ = _list(prog, z, p, CHOOSE)
    for r in range(start, end, 3):
        code = prog[r]
        if code >> CHOICE_BITS == card:
            o = code & ((1 << CHOICE_BITS) - 1)
            if not (taken >> o) & 1 and rule_holds(z, fst, prog, p, r):
                _fired(fst, prog, r)
                return np.int64(o)
    for o in range(CHOICE_N[card]):
        if not (taken >> o) & 1:
            return np.int64(o)
    return np.int64(-1)


@kernel_fn('void')
def required_trash(z, fst, prog, p, n):
    """p trashes n cards from its hand, as many as it has ("trash 2 cards
    from your hand"): its trash list first, then TRASH_ORDER (Curse, Estate,
    Copper, the cheapest card)."""
    h = p * PR + HAND
    for _ in range(n):
        c = pick_call(z, fst, prog, p, TRASH, h, 0, 0)
        if c < 0:
            c = first_in(z, h, TRASH_ORDER, 0)
        if c < 0:
            return
        trash_from(z, p, HAND, c)


@kernel_fn('i8')
def default_topdeck(z, fst, prog, p):
    """The hand card worth least now and most next turn: an Action that
    cannot be played this turn; else the dearest Treasure the buy does not
    need (the buy list takes the same card without it); else a dead card;
    else the cheapest Treasure; else the first card in DISCARD_ORDER."""
    h = p * PR + HAND
    if z[GS, GS_ACTIONS] == 0:
        c = dearest_in(z, h, T_ACTION)       # cannot be played this turn
        if c >= 0:
            return c
    for i in range(TREASURE_CARDS.shape[0] - 1, -1, -1):   # dearest first
        c = TREASURE_CARDS[i]
        if z[h, c] > 0 and buys_the_same(z, fst, prog, p, P_COINS[c]):
            return c
    c = first_in(z, h, DISCARD_ORDER, 0)
    if c >= 0 and not TYPES[c] & (T_ACTION | T_TREASURE):
        return c
    c = cheapest_in(z, h, T_TREASURE, -1)
    if c >= 0:
        return c
    return first_in(z, h, DISCARD_ORDER, 0)


@kernel_fn('void')
def topdeck_from_hand(z, deck, fst, prog, p):
    """Put a card from p's hand onto its deck (Artisan, Courtyard): the first
    card of the topdeck list, else ``default_topdeck``; nothing from an
    empty hand."""
    h = p * PR + HAND
    if z[_ps(p), PS_HAND_N] == 0:
        return
    c = pick_call(z, fst, prog, p, TOPDECK, h, 0, 0)
    if c < 0:
        c = default_topdeck(z, fst, prog, p)
    z[h, c] -= 1
    z[_ps(p), PS_HAND_N] -= 1
    put_top(z, deck, p, c)
    emit(z, EV_MOVE, p, c, 1, HAND, Z_DECK)
