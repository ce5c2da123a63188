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

# ---- decision lists (second axis of ``lists``)
BUY, PLAY, GAIN, TRASH, DISCARD, TOPDECK, REMODEL, SKIP = range(8)
LIST_KEYS = {"buy": BUY, "play": PLAY, "gain": GAIN, "trash": TRASH,
             "discard": DISCARD, "topdeck": TOPDECK, "remodel": REMODEL, "skip": SKIP}
# ``may``, the one list no list key names: one rule per card with a "you may"
# choice, whose condition says yes.
MAY = 8
NLISTS = 9

# ---- rule flags (third column of ``rules``)
RULE_OPTIONAL = 1                # "Card?": skipped silently when not in the kingdom

# ---- program flags (``Program.flags``): bookkeeping only some words need
FLAG_TURN_LOG = 1                # gained.* / bought.*: count this turn's gains and buys

# ---- opcodes.  Operands are pushed; binary ops pop b then a and push a OP b.
(OP_END, OP_CONST,
 OP_MY_CARD, OP_MY_TYPE, OP_MY_CARDS, OP_MY_MONEY, OP_MY_VP, OP_MY_TURN,
 OP_OPP_VP, OP_SUPPLY, OP_EMPTY_PILES, OP_COINS, OP_BUYS, OP_ACTIONS,
 OP_HAND, OP_HAND_SIZE, OP_PLAYERS,
 OP_OPP_CARD, OP_OPP_TYPE, OP_OPP_CARDS, OP_OPP_MONEY, OP_HAND_MONEY,
 OP_DECK_CARD, OP_DECK_SIZE, OP_DISC_CARD, OP_DISC_SIZE,
 OP_GAINED, OP_BOUGHT, OP_GAINED_CARDS, OP_BOUGHT_CARDS, OP_GAINS_TO_END,
 OP_ENDS_GAME, OP_LEAD, OP_LEAD_AFTER,
 OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_FLOORDIV, OP_MOD, OP_NEG,
 OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE,
 OP_AND, OP_OR, OP_NOT, OP_MIN, OP_MAX, OP_ABS) = range(53)
# Every operand opcode (a leaf: pushes one value) is below OP_ADD.
# Arguments: OP_CONST the integer; OP_MY_CARD, OP_OPP_CARD, OP_SUPPLY,
# OP_HAND, OP_DECK_CARD, OP_DISC_CARD, OP_GAINED, OP_BOUGHT a card id;
# OP_ENDS_GAME and OP_LEAD_AFTER the card the rule would take; OP_MY_TYPE and
# OP_OPP_TYPE a type bit from cards.py; every other opcode ignores it (0).
UNARY_OPS = (OP_NEG, OP_NOT, OP_ABS)
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
