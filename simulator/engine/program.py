"""The compiled form of strategies: what the kernel reads.

A set of strategies compiles to three int32 arrays (``Program``)::

    code   [n_code]            instructions, 2 ints each: (opcode, argument)
    rules  [n_rules, 3]        (card id, code offset or -1 = always, flags)
    lists  [n_strat, NLISTS, 3] (first rule, end rule, explicit?) per decision list
    flags                      FLAG_* bits: bookkeeping some words need

A rule list is tried top to bottom; the kernel takes the first rule whose
card qualifies (affordable, in hand, ...) and whose condition is true.
Conditions run on a small float64 stack machine (true division needs
fractions; every integer the game produces is exact in a float64).
``explicit`` is 1 when the strategy file gave the list itself, 0 when the
compiler filled in the documented default.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

from simulator.engine import cards as C
from simulator.engine.codes import (
    COL_BITS,
    DISC,
    EMBARGO,
    GS,
    GS_ACTIONS,
    GS_BUYS,
    GS_COINS,
    GS_EMPTY,
    GS_PLAYERS,
    GS_WANT,
    GS_WANT_COST,
    HAND,
    MAT0,
    NMATS,
    OWN,
    PLAY_ROW,
    PR,
    PS,
    PS_DECK_N,
    PS_DISC_N,
    PS_HAND_N,
    PS_MAT_N0,
    PS_MONEY,
    PS_OWN_N,
    PS_PIRATE_SHIP,
    PS_TURNS,
    PS_TYPE0,
    SUPPLY,
    TYPE_BIT_INDEX,
)

# ---- decision lists (second axis of ``lists``): the card registry's, the
# shared lists first, then each card's own list (Remodel's, Library's)
LIST_KEYS = {key: i for i, key in enumerate(C.LIST_NAMES)}
BUY, PLAY, GAIN, TRASH, DISCARD, TOPDECK = (
    LIST_KEYS[k] for k in ("buy", "play", "gain", "trash", "discard", "topdeck"))
REMODEL, SKIP = LIST_KEYS["remodel"], LIST_KEYS["skip"]
# ``may``, the one list no list key names: one rule per card with a "you may"
# choice, whose condition says yes.
MAY = len(LIST_KEYS)
# ``choose``: the rules of every card's "choose" decision; a rule's card
# column is card << CHOICE_BITS | option (the option a rule names)
CHOOSE = MAY + 1
CHOICE_BITS = 3                  # options per card: up to 1 << CHOICE_BITS
# The answer lists (``cards.ANSWERS``), each the rules of every card that asks
# it: ``naming`` and ``order`` rules name a card, card column card <<
# COL_BITS | the card named; ``position`` rules a card and a place, card <<
# 2 * COL_BITS | place << COL_BITS | the card (place 1: on top, N: the N-th
# from the top, PLACE_BOTTOM: at the bottom)
NAMING, POSITION, ORDER = CHOOSE + 1, CHOOSE + 2, CHOOSE + 3
ANSWER_LISTS = {"naming": NAMING, "position": POSITION, "order": ORDER}
NLISTS = ORDER + 1
PLACE_BOTTOM = 0
MAX_PLACE = (1 << COL_BITS) - 1

# ---- rule flags (third column of ``rules``)
RULE_OPTIONAL = 1                # "Card?": skipped silently when not in the kingdom

# ---- program flags (``Program.flags``): bookkeeping only some words need
FLAG_TURN_LOG = 1                # gained.* / bought.*: count this turn's gains and buys
FLAG_WANT = 2                    # want.*: work out the buy list's want as a choice is asked

# ---- opcodes.  Operands are pushed; binary ops pop b then a and push a OP b.
(OP_END, OP_CONST,
 OP_MY_CARD, OP_MY_TYPE, OP_MY_CARDS, OP_MY_MONEY, OP_MY_VP, OP_MY_TURN,
 OP_OPP_VP, OP_SUPPLY, OP_EMPTY_PILES, OP_COINS, OP_BUYS, OP_ACTIONS,
 OP_HAND, OP_HAND_SIZE, OP_PLAYERS,
 OP_OPP_CARD, OP_OPP_TYPE, OP_OPP_CARDS, OP_OPP_MONEY, OP_HAND_MONEY,
 OP_DECK_CARD, OP_DECK_SIZE, OP_DISC_CARD, OP_DISC_SIZE,
 OP_GAINED, OP_BOUGHT, OP_GAINED_CARDS, OP_BOUGHT_CARDS, OP_GAINS_TO_END,
 OP_ENDS_GAME, OP_LEAD, OP_LEAD_AFTER, OP_CARD_COST, OP_HAND_TYPE,
 OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_FLOORDIV, OP_MOD, OP_NEG,
 OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE,
 OP_AND, OP_OR, OP_NOT, OP_MIN, OP_MAX, OP_ABS) = range(55)
# Every operand opcode (a leaf: pushes one value) is below OP_ADD.
# Arguments: OP_CONST the integer; OP_MY_CARD, OP_OPP_CARD, OP_SUPPLY,
# OP_HAND, OP_DECK_CARD, OP_DISC_CARD, OP_GAINED, OP_BOUGHT a card id;
# OP_ENDS_GAME and OP_LEAD_AFTER the card the rule would take; OP_MY_TYPE,
# OP_OPP_TYPE and OP_HAND_TYPE a type bit from the card registry (OP_HAND_TYPE
# with TYPE_IN_PLAY added: ``play.<Type>``, the play area's cards of that
# type); every other opcode ignores it (0).
TYPE_IN_PLAY = 1 << 16          # above every type bit
UNARY_OPS = (OP_NEG, OP_NOT, OP_ABS)
# Words that read one cell of z and nothing else, above the compiler's other
# opcodes: packing turns each into OP_CELL / OP_GCELL (``_cell_word``), so the
# kernel reads them with no code of its own.  OP_PLAY_CARD arg: a card id
# (copies of it in the player's play area); OP_SEAT_TURNS arg: a seat
# (the turns that seat has completed).
OP_PLAY_CARD, OP_SEAT_TURNS = 55, 56
# The mats' words (``<mat>_mat.<Card>``, ``<mat>_mat.size``; a player reads
# only its own mats): OP_MAT_CARD + m arg a card id (copies on the player's
# mat m), OP_MAT_SIZE + m (the cards on it).
OP_MAT_CARD = 57
OP_MAT_SIZE = OP_MAT_CARD + NMATS
# ``my.pirate_ship_tokens``: the Coin tokens on the player's Pirate Ship mat
OP_PIRATE_SHIP = OP_MAT_SIZE + NMATS
# ``embargo.<Card>``: OP_EMBARGO arg a card id (the Embargo tokens on its
# Supply pile).
OP_EMBARGO = 71
# ``want.cost`` and ``want.<Card>`` (``choose`` rules only): OP_WANT_COST
# the cost of the first card the player's buy list wants now, whatever the
# coins (GS_WANT_COST); OP_WANT_CARD 1 + that card (GS_WANT), which
# ``want.<Card>`` compares with 1 + the card named.  The last opcodes below
# the kernel's.
OP_WANT_COST, OP_WANT_CARD = 72, 73
WANT_OPS = (OP_WANT_COST, OP_WANT_CARD)
CELL_OPS = (OP_PLAY_CARD, OP_SEAT_TURNS, *range(OP_MAT_CARD, OP_MAT_SIZE + NMATS),
            OP_PIRATE_SHIP, OP_EMBARGO, *WANT_OPS)
if OP_PIRATE_SHIP >= OP_EMBARGO:         # room for 6 mats (Haven's is the fourth)
    raise ValueError("the mats' words need opcodes below OP_EMBARGO")


def is_operand(op: int) -> bool:
    """Whether an opcode of the compiler's code pushes one value (a word)."""
    return op < OP_ADD or op in CELL_OPS

TURN_LOG_OPS = (OP_GAINED, OP_BOUGHT, OP_GAINED_CARDS, OP_BOUGHT_CARDS)

STACK_DEPTH = 32                 # deepest stack a condition may need


def is_upgrade(trashed: int, gained: int) -> bool:
    """Whether gaining ``gained`` for ``trashed`` improves the deck (Remodel):
    another card that costs more or scores more (Estate into Silver, Gold
    into Province or Duchy, Curse into Copper); never the same card, nor a
    cheaper one that scores no more (Gold into Silver).  The compiler's
    default play rule for Remodel and the kernel (``UPGRADE``) both use it."""
    return gained != trashed and (int(C.COST[gained]) > int(C.COST[trashed])
                                  or int(C.VP[gained]) > int(C.VP[trashed]))


class Program(NamedTuple):
    code: np.ndarray             # int32 [n_code]
    rules: np.ndarray            # int32 [n_rules, 3]
    lists: np.ndarray            # int32 [n_strat, NLISTS, 3]
    flags: int = 0               # FLAG_* bits
    sources: tuple = ()          # per rule row: RuleSource (strategy.py), for rule_stats



# ============================================================ program packing
# prog = [n_strat, rules_off, code_off, flags, counted, lists..., rules..., code...]
# lists at HEAD + (s*NLISTS + k)*3 -> (first rule, end rule, explicit)
# rules at rules_off + r*3           -> (card, code offset or -1, counter)
# The first ``counted`` rule rows are the program's; a play list that names
# cards no player of the game can own is replaced by a copy of its other
# rows, appended, whose fires count on the rows they copy (``counter``).
HEAD = 5
P_FLAGS = 3
P_COUNTED = 4


# Kernel-only opcodes, above the compiler's (program.py), made by packing.
OP_CELL, OP_GCELL, OP_TEST, OP_AND_JUMP, OP_OR_JUMP, OP_CELL_Q, OP_GCELL_Q, OP_ITEST = \
    range(74, 82)
# OP_CELL arg = row offset in the player's rows << COL_BITS | column; OP_GCELL
# arg = row << COL_BITS | column; OP_TEST arg = comparison mask (see
# ``_test``), then the two words compared; OP_AND/OR_JUMP arg = code offset to
# jump to.  OP_CELL_Q/OP_GCELL_Q: a cell divided by a whole number
# (``my.Treasure / 11``), arg = divisor << Q_SHIFT | the cell's arg, so that
# such a ratio is one word too.
# OP_ITEST: an OP_TEST that is a whole condition and compares two words of
# whole numbers (OP_CELL, OP_GCELL, OP_CONST): decided without floats.
INT_WORDS = (OP_CELL, OP_GCELL, OP_CONST)
Q_SHIFT, Q_MAX = 20, (1 << 11) - 1     # a cell word below bit 20, its divisor above
Q_CELL = (1 << Q_SHIFT) - 1
_MASKS = {OP_LT: 0b0001, OP_EQ: 0b0010, OP_LE: 0b0011, OP_GT: 0b0100, OP_GE: 0b0110,
          OP_NE: 0b1101}
TEST_MASK = np.zeros(max(_MASKS) + 1, dtype=np.int64)     # comparison opcode -> mask
for _op, _mask in _MASKS.items():
    TEST_MASK[_op] = _mask


def _cell_word(op: int, arg: int) -> tuple[int, int]:
    """The OP_CELL/OP_GCELL form of a word that reads one cell of z, else itself."""
    mine = {OP_MY_CARD: (OWN, arg), OP_HAND: (HAND, arg), OP_DISC_CARD: (DISC, arg),
            OP_MY_CARDS: (PS, PS_OWN_N), OP_MY_MONEY: (PS, PS_MONEY),
            OP_HAND_SIZE: (PS, PS_HAND_N), OP_DECK_SIZE: (PS, PS_DECK_N),
            OP_DISC_SIZE: (PS, PS_DISC_N)}
    game = {OP_SUPPLY: (SUPPLY, arg), OP_COINS: (GS, GS_COINS), OP_BUYS: (GS, GS_BUYS),
            OP_ACTIONS: (GS, GS_ACTIONS), OP_EMPTY_PILES: (GS, GS_EMPTY),
            OP_PLAYERS: (GS, GS_PLAYERS), OP_WANT_COST: (GS, GS_WANT_COST),
            OP_WANT_CARD: (GS, GS_WANT)}
    if op == OP_PLAY_CARD:
        return OP_CELL, PLAY_ROW << COL_BITS | arg
    if op == OP_SEAT_TURNS:
        return OP_GCELL, (arg * PR + PS) << COL_BITS | PS_TURNS
    if op == OP_EMBARGO:
        return OP_GCELL, EMBARGO << COL_BITS | arg
    if OP_MAT_CARD <= op < OP_MAT_SIZE:
        return OP_CELL, (MAT0 + op - OP_MAT_CARD) << COL_BITS | arg
    if OP_MAT_SIZE <= op < OP_MAT_SIZE + NMATS:
        return OP_CELL, PS << COL_BITS | PS_MAT_N0 + op - OP_MAT_SIZE
    if op == OP_PIRATE_SHIP:
        return OP_CELL, PS << COL_BITS | PS_PIRATE_SHIP
    if op == OP_MY_TYPE and 0 <= arg < len(TYPE_BIT_INDEX) and TYPE_BIT_INDEX[arg] >= 0:
        return OP_CELL, PS << COL_BITS | PS_TYPE0 + int(TYPE_BIT_INDEX[arg])
    if op in mine:
        row, col = mine[op]
        return OP_CELL, row << COL_BITS | col
    if op in game:
        row, col = game[op]
        return OP_GCELL, row << COL_BITS | col
    return op, arg


def _tree(code: np.ndarray, pc: int):
    """The expression tree of the postfix condition starting at code[pc]."""
    stack = []
    while True:
        op, arg = int(code[pc]), int(code[pc + 1])
        pc += 2
        if op == OP_END:
            return stack[-1]
        if is_operand(op):
            stack.append(("word",) + _cell_word(op, arg))
        elif op in (OP_NEG, OP_NOT, OP_ABS):
            stack.append(("unary", op, stack.pop()))
        else:
            b = stack.pop()
            stack.append(_quotient_word(op, stack.pop(), b))


def _quotient_word(op: int, a, b):
    """The node of ``a op b``: one OP_CELL_Q/OP_GCELL_Q word when it divides a
    cell by a whole number from 1 to Q_MAX (the same float division)."""
    if (op == OP_DIV and a[0] == "word" and a[1] in (OP_CELL, OP_GCELL)
            and b[0] == "word" and b[1] == OP_CONST and 1 <= b[2] <= Q_MAX):
        return ("word", OP_CELL_Q if a[1] == OP_CELL else OP_GCELL_Q,
                b[2] << Q_SHIFT | a[2])
    return ("binary", op, a, b)


def _emit(node, out: list) -> None:
    """Append the packed code of an expression tree to out."""
    if node[0] == "word":
        out += node[1:]
    elif node[0] == "unary":
        _emit(node[2], out)
        out += [node[1], 0]
    else:
        op, a, b = node[1:]
        if op in _MASKS and a[0] == "word" and b[0] == "word":
            out += [OP_TEST, _MASKS[op], *a[1:], *b[1:]]
        elif op in (OP_AND, OP_OR):
            _emit(a, out)
            at = len(out)
            out += [OP_AND_JUMP if op == OP_AND else OP_OR_JUMP, 0]
            _emit(b, out)
            out[at + 1] = len(out)
        else:
            _emit(a, out)
            _emit(b, out)
            out += [op, 0]


def pack_program(program, kingdom: np.ndarray | None = None) -> np.ndarray:
    """One int32 array the kernel reads: header, lists, rules, and each
    condition rewritten into the kernel's form (see "strategy conditions").

    Given the game's kingdom mask, each play list keeps only the cards a
    player can own (``ownable_cards``): the Action phase walks its list
    every time, and a default list names every Action of the kingdom."""
    rules = np.array(program.rules, dtype=np.int32).reshape(-1, 3)
    rules[:, 2] = np.arange(len(rules))                 # each row counts its own fires
    code: list[int] = []
    moved: dict[int, int] = {}
    for off in sorted({int(o) for o in rules[:, 1] if o >= 0}):
        at = moved[off] = len(code)
        _emit(_tree(program.code, off), code)
        if (len(code) - at == 6 and code[at] == OP_TEST
                and code[at + 2] in INT_WORDS and code[at + 4] in INT_WORDS):
            code[at] = OP_ITEST
        code += [OP_END, 0]
    for r in range(len(rules)):
        if rules[r, 1] >= 0:
            rules[r, 1] = moved[int(rules[r, 1])]
    lists = np.array(program.lists, dtype=np.int32)
    counted = len(rules)
    if kingdom is not None:
        ownable = _ownable(lists, rules, kingdom)
        copies = [rules]
        n = counted
        for s in range(lists.shape[0]):
            first, end, _ = lists[s, PLAY]
            keep = [r for r in range(first, end) if rules[r, 0] in ownable]
            if len(keep) < end - first:
                lists[s, PLAY, :2] = n, n + len(keep)
                copies.append(rules[keep])
                n += len(keep)
        rules = np.concatenate(copies)
    lists = lists.ravel()
    head = np.array([program.lists.shape[0], HEAD + lists.size,
                     HEAD + lists.size + rules.size, program.flags, counted],
                    dtype=np.int32)
    return np.concatenate([head, lists, rules.ravel(),
                           np.array(code, dtype=np.int32)]).astype(np.int32)


def n_rules(prog: np.ndarray) -> int:
    """The program's rule rows (the length of its fire counters)."""
    return int(prog[P_COUNTED])




def ownable_cards(prog: np.ndarray, kingdom: np.ndarray) -> set[int]:
    """The cards of a game a player can come to own, and so play: the base
    cards, those the buy and gain lists name (every other gain is a named
    base card: Bureaucrat's Silver, Witch's Curse ...), and all the game's
    cards once one that gains by fallback can be owned."""
    return _ownable(prog[HEAD:prog[1]].reshape(prog[0], NLISTS, 3),
                    prog[prog[1]:prog[2]].reshape(-1, 3), kingdom)


def _ownable(lists: np.ndarray, rules: np.ndarray, kingdom: np.ndarray) -> set[int]:
    """``ownable_cards`` of a program's lists [strategy, list, 3] and rules [row, 3]."""
    in_game = {int(c) for c in np.flatnonzero(kingdom)} | set(C.BASE_CARDS)
    owned = set(C.BASE_CARDS)
    for first, end, _ in lists[:, [BUY, GAIN]].reshape(-1, 3):
        owned.update(int(c) for c in rules[first:end, 0])
    owned &= in_game
    return in_game if owned & C.GAINS_ANY else owned
