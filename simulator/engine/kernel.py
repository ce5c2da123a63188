"""The rules kernel: one Dominion game as integer arrays, compiled by numba.

State of one game (all int32 unless noted)::

    z[row, card]   counts per card; scalars in the PS and GS rows
      player p, rows p*PR + ...
        HAND    cards in hand          PLAY   cards in play
        DISC    discard pile           ASIDE  set aside (Library)
        OWN     every card p owns      PS     player scalars (HAND_N ...)
        KINDS   the card ids p has owned, ascending (PS_KINDS of them):
                a shuffle walks these few instead of every card
      game rows, from G
        SUPPLY  pile counts            IN_GAME 1 where the pile is in the supply
        TRASH   trash counts           GS      game scalars (ACTIONS ...)
        TMP     scratch counts         STACK   cards waiting to be resolved
        GAINED  cards gained this turn by the player whose turn it is, and
        BOUGHT  cards bought; kept only for programs with FLAG_TURN_LOG
        MARKET  the Black Market deck, top first (GS_MARKET_N cards)
    deck[p, i]     uint8 draw pile of p, deck[p, n-1] on top.  The top
                   PS_KNOWN cards are in known order; below them the cards
                   are unordered and a draw picks one uniformly at random,
                   which is the same as shuffling when the discard is shuffled
                   in, and costs nothing until a card is needed.
    rng[2]         uint64 xoroshiro128+ state of this game
    fst[]          float64 scratch: the stack for strategy conditions, then
                   (past FST_HITS, when it is that long) how often each rule
                   fired, one counter per rule row
    prog[]         int32 packed strategy program (see ``pack_program``)

Decisions come from the strategy's rule lists (simulator/program.py); the
defaults a list cannot express (which Victory card a Bureaucrat victim
reveals ...) are written here, each at its card's effect.

Speed: every function below the entry points is compiled with ``_nrt=False``.
None of them allocates, and without it each call passing arrays paid two
atomic reference-count operations per array, which took 85% of the time
(measured with perf).  Only the entry points that allocate keep NRT.  The
decision path (``pick``, conditions, the phases) is inlined into the turn,
and so is the play of a plain Action (Smithy, Village: only "+" numbers);
everything else called is compiled once, on first use, with the signature
``kernel_fn`` reads off its parameter names.  The larger helpers inlined at
several sites (drawing, shuffling, gaining, a rule's condition) are such
functions marked ``inline=True``: numba compiles each once and LLVM inlines
it, where numba's own inlining redid its work at every site (a cold start
took 29 s instead of 22 s).  A card's effect (``@effect``)
is compiled on its own and called by address (``EFFECT_AT``), so a run
compiles only the effects of cards its players can own.  The turn's helpers take
``traced``: ``play_game`` passes the constant False, so its inlined turns
carry no event-log code at all (the checks in them cost untraced games 6%).
The hot functions first rebind z and deck with their widths as constants
(``_fixed_columns``), so a cell's address folds to a constant offset.
"""
from __future__ import annotations

import inspect
import os
import re

import numba as nb
import numpy as np
from llvmlite import binding as ll
from llvmlite import ir as llvm_ir
from numba import njit
from numba.core import typeinfer
from numba.core.caching import FunctionCache
from numba.core.compiler_lock import global_compiler_lock
from numba.core.registry import CPUDispatcher
from numba.core.runtime import rtsys
from numba.extending import intrinsic

from simulator.engine import cards as C
from simulator.engine.cards import Card
from simulator.engine.rng import below, scale, seed_game, step
from simulator.engine.program import (
    BUY, DISCARD, FLAG_TURN_LOG, GAIN, MAY, NLISTS, PLAY, REMODEL, SKIP, TOPDECK,
    TRASH, is_upgrade,
    OP_ABS, OP_ACTIONS, OP_ADD, OP_AND, OP_BOUGHT, OP_BOUGHT_CARDS, OP_BUYS, OP_COINS,
    OP_CONST, OP_DECK_CARD, OP_DECK_SIZE, OP_DISC_CARD, OP_DISC_SIZE, OP_DIV,
    OP_EMPTY_PILES, OP_END, OP_ENDS_GAME, OP_EQ, OP_FLOORDIV, OP_GAINED,
    OP_GAINED_CARDS, OP_GAINS_TO_END, OP_GE, OP_GT, OP_HAND, OP_HAND_MONEY,
    OP_HAND_SIZE, OP_LE, OP_LEAD, OP_LEAD_AFTER, OP_LT, OP_MIN, OP_MOD,
    OP_MUL, OP_MY_CARD, OP_MY_CARDS, OP_MY_MONEY, OP_MY_TURN, OP_MY_TYPE, OP_MY_VP,
    OP_NE, OP_NEG, OP_NOT, OP_OPP_CARD, OP_OPP_CARDS, OP_OPP_MONEY, OP_OPP_TYPE,
    OP_MAX, OP_OPP_VP, OP_OR, OP_PLAYERS, OP_SUB, OP_SUPPLY,
)

# DOMSIM_TRACE=0 compiles the event log out everywhere, for benchmarks/trace.py
# only: it measures what the log's remaining checks (outside play_game's
# turns) cost untraced games.  The package keys its numba cache folder on
# this too, so no other run loads that code.
TRACE = os.environ.get("DOMSIM_TRACE", "1") != "0"

NC = C.NCARDS
MAXP = C.MAX_PLAYERS
DECK_CAP = 512            # more than all the cards of a 6-player game

# ---- rows of z
HAND, PLAY_ROW, DISC, ASIDE, OWN, PS, KINDS = 0, 1, 2, 3, 4, 5, 6
PR = 7                                       # rows per player
G = MAXP * PR
SUPPLY, IN_GAME, TRASH_ROW, GS, TMP, STACK = G, G + 1, G + 2, G + 3, G + 4, G + 5
GAINED, BOUGHT, MARKET = G + 6, G + 7, G + 8
NROWS = G + 9

# ---- player scalars (columns of row p*PR + PS)
PS_HAND_N, PS_DISC_N, PS_DECK_N, PS_KNOWN, PS_TURNS, PS_OWN_N, PS_MONEY, \
    PS_STRAT, PS_ASIDE_N, PS_TURN_COINS = range(10)
PS_TYPE0 = 10     # PS_TYPE0 + i: cards owned with type bit 1 << i (6 columns)
PS_VP = 16        # VP of the cards owned, Gardens not counted (kept on gain/trash)
PS_KINDS = 17     # length of the KINDS row's list
# the size scalar of each count zone (HAND, PLAY_ROW, DISC, ASIDE), -1: none kept
ZONE_SIZE = np.array([PS_HAND_N, -1, PS_DISC_N, PS_ASIDE_N], dtype=np.int64)

# ---- game scalars (columns of row GS)
GS_ACTIONS, GS_BUYS, GS_COINS, GS_MERCHANT, GS_PLAYERS, GS_EMPTY, GS_EMPTY_TO_END, \
    GS_STACK_N, GS_TURN_NO, GS_TRACE_N, GS_TRACE_LOST, GS_TURN_LOG, GS_MARKET_N, \
    GS_FROM_TRASH, GS_LEAVING = range(15)
# GS_TURN_LOG: 1 + the player whose gains and buys GAINED/BOUGHT count, 0: none
# While a gain is being chosen (the words ``ends_game``, ``lead_after``):
# GS_FROM_TRASH 1 when it comes from the trash (Thief: no pile empties),
# GS_LEAVING 1 + the card the same choice trashes (Remodel), else 0.
# a setup's kingdom mask: IN_SUPPLY for a supply pile, IN_MARKET for a card of
# the Black Market deck
IN_SUPPLY, IN_MARKET = 1, 2
NOT_ENDED = -1
ENDED_PROVINCES, ENDED_PILES, ENDED_TURN_CAP = 0, 1, 2

# ---- the trace: a traced game's z has extra rows, one event each:
#   [turn, player, code, card, count, from zone, to zone]
# (turn 0 is the setup).  ``play_traced_game`` plays them; the games of
# ``play_game`` pay one shape test per event site outside their turns' inlined
# code (in the card effects, a shuffle, the setup).
EV_TURN, EV_MOVE, EV_SHUFFLE, EV_RESOLVE, EV_BUY, EV_COINS, EV_PLUS_ACTIONS, \
    EV_PLUS_BUYS, EV_PLUS_COINS, EV_MOAT, EV_END = range(11)
# What the log needs besides moves, so that it renders events and never
# re-derives a rule (simulator/gamelog.py documents every field):
#   EV_START          setup: p starts with `count` `card` in zone `to`
#   EV_NOTHING        p is unaffected or does nothing; `from` says why (NO_*),
#                     `card`/`count` name the pile or the number it is about
#   EV_PLAYS          the resolving card plays `card` `count` times (Throne
#                     Room, Vassal): the next resolutions of `card` are its
#   EV_DECK_TO_DISCARD p puts its whole deck (`count` cards) into its discard
#   EV_BUY_PHASE      the Buy phase starts with `count` coins from the Actions
#   EV_CLEANUP        Clean-up starts
#   EV_VP             after the end: p scores `from` VP with `count` `card`
EV_START, EV_NOTHING, EV_PLAYS, EV_DECK_TO_DISCARD, EV_BUY_PHASE, EV_CLEANUP, \
    EV_VP = range(11, 18)
NO_CARDS, PILE_EMPTY, HAND_SIZE, NO_TYPE, NO_PLAY, NO_BUY = range(6)
TR_TURN, TR_PLAYER, TR_CODE, TR_CARD, TR_COUNT, TR_FROM, TR_TO = range(7)
# zones of a move: HAND, PLAY_ROW, DISC, ASIDE are their own row offsets
Z_DECK, Z_SUPPLY, Z_TRASH, Z_REVEAL, Z_LOOK, Z_BLACK_MARKET = 10, 11, 12, 13, 14, 15

# ---- card table columns, frozen for numba
COST, TYPES, VPS, XS = C.COST, C.TYPES, C.VP, C.X
P_CARDS, P_ACTIONS, P_BUYS, P_COINS = C.PLUS_CARDS, C.PLUS_ACTIONS, C.PLUS_BUYS, C.PLUS_COINS
T_ACTION, T_TREASURE, T_VICTORY, T_CURSE = C.ACTION, C.TREASURE, C.VICTORY, C.CURSE
NTYPES = len(C.TYPE_NAMES)
# short lists the hot loops walk instead of all NC cards
TREASURE_CARDS = np.flatnonzero(C.TYPES & C.TREASURE).astype(np.int64)
VP_CARDS = np.flatnonzero(C.VP).astype(np.int64)
# TYPE_BIT_INDEX[bit] = i for a single type bit 1 << i, else -1
TYPE_BIT_INDEX = np.full(1 << NTYPES, -1, dtype=np.int64)
TYPE_BIT_INDEX[[1 << i for i in range(NTYPES)]] = np.arange(NTYPES)
ACTION_BIT = int(TYPE_BIT_INDEX[C.ACTION])
# TYPE_COL[c] = (the PS column counting c's first type, its second's or -1):
# a gain or a trash updates one or two type counts, not all six
TYPE_COL = np.full((NC, 2), -1, dtype=np.int64)
for _c in range(NC):
    _cols = [PS_TYPE0 + i for i in range(NTYPES) if C.TYPES[_c] >> i & 1]
    if not 1 <= len(_cols) <= 2:
        raise ValueError(f"{C.NAMES[_c]} has {len(_cols)} types; TYPE_COL holds 1 or 2")
    TYPE_COL[_c, :len(_cols)] = _cols
# MONEY[c]: coins card c adds to my.money (a Treasure's value, else 0)
MONEY = np.where(C.TYPES & C.TREASURE, C.PLUS_COINS, 0).astype(np.int32)
# COINS_OF[c]: the coins c gives when played (a Treasure's value, an Action's +$)
COINS_OF = C.PLUS_COINS.astype(np.int32)
# UPGRADE[t, g]: gaining g for a trashed t improves the deck (program.is_upgrade)
UPGRADE = np.array([[is_upgrade(t, g) for g in range(NC)] for t in range(NC)],
                   dtype=np.bool_)
U = np.uint64          # hot indices are cast to it: no negative-index fix-up


def _fallback_order(key) -> np.ndarray:
    return np.array(sorted(range(NC), key=key), dtype=np.int32)


def _dead(c):  # Curses and pure Victory cards: never worth keeping in hand
    return not (C.TYPES[c] & (C.ACTION | C.TREASURE))


# Kingdom Actions weaker than a Silver as measured: each one's Big Money bot
# (its single-card bot where there are two) loses to Big Money Ultimate,
# which buys the Silver instead (docs/strategies.md, "Shipped bots and how
# they do"; tests/test_bots.py checks the set against that table).
WEAKER_THAN_SILVER = frozenset(C.card_id(n) for n in (
    "Throne Room", "Village", "Workshop", "Spy", "Artisan", "Feast", "Vassal",
    "Harbinger", "Cellar", "Merchant", "Black Market"))

# Order a required discard (Militia, Poacher) falls back to after the
# strategy's discard list: dead cards, Copper, then the cheapest card, an
# Action before a Treasure at equal cost, where a card weaker than a Silver
# counts as costing no more than one (a Spy goes before a Silver).
DISCARD_ORDER = _fallback_order(
    lambda c: (not _dead(c), c != Card.COPPER,
               min(int(C.COST[c]), int(C.COST[Card.SILVER])) if c in WEAKER_THAN_SILVER
               else int(C.COST[c]), -(C.TYPES[c] & C.ACTION), c))


# Order a required trash (Remodel) falls back to: Curse, Estate, Copper, cheapest.
TRASH_ORDER = _fallback_order(
    lambda c: (c != Card.CURSE, c != Card.ESTATE, c != Card.COPPER, int(C.COST[c]), c))


# ============================================================ compiled signatures
# Each called function gets one signature, read off its parameter names, so
# numba compiles it once: left to infer, a helper called with an int32 here
# and a literal there was compiled up to 67 times, minutes of start-up.
ARG_TYPES = {
    "z": nb.int32[:, ::1], "deck": nb.uint8[:, ::1], "rng": nb.uint64[::1],
    "fst": nb.float64[::1], "prog": nb.int32[::1], "kingdom": nb.int32[::1],
    "strat": nb.int32[::1], "vp": nb.int32[::1], "outcome": nb.int32[::1],
    "per_turn": nb.int64[:, :, ::1],
    "order": nb.types.Array(nb.int32, 1, "C", readonly=True),
    "default": nb.boolean, "traced": nb.boolean, "bought": nb.boolean,
}
RETURN_TYPES = {"void": nb.void, "i8": nb.int64, "b1": nb.boolean, "f8": nb.float64}
FST_HITS = 64             # fst[FST_HITS + rule row]: times the rule fired


class _Declared(CPUDispatcher):
    """A dispatcher with one declared signature, compiled on first use.

    ``njit(sig)`` compiles at import, so every run paid for loading (or, with
    an empty cache, compiling) all of the kernel's functions; this one
    compiles when a caller is first typed or called, and only then, like
    ``njit(sig)``, stops compiling: other argument types convert to the
    declared ones.  A warm start loads only the few entry points it runs.
    """

    def _declare(self):
        # Check, compile and stop compiling as one step under numba's own
        # (re-entrant) compiler lock: two threads typing the same function
        # at once otherwise both pass the check, and the second finds
        # compiling disabled by the first ("compilation disabled").
        with global_compiler_lock:
            if self._can_compile:
                with typeinfer.register_dispatcher(self):
                    self.compile(self.declared)
                self.disable_compile()

    def get_call_template(self, args, kws):        # typing a jitted caller
        self._declare()
        return super().get_call_template(args, kws)

    def _compile_for_args(self, *args, **kws):     # a first call from Python
        self._declare()
        return self            # numba calls what this returns: now it converts


class _QuickLoad(FunctionCache):
    """numba's on-disk cache, loading without first refreshing numba's
    typing and lowering registries.

    That refresh imports and registers all of numba's implementations, 0.3 s
    of a warm start, and loaded machine code uses none of them: it needs
    only the runtime (NRT) started, which this does.  A compile, should one
    follow, refreshes the registries itself.
    """

    def load_overload(self, sig, target_context):
        rtsys.initialize(target_context)
        with self._guard_against_spurious_io_errors():
            return self._load_overload(sig, target_context)


def _quick_load(disp: CPUDispatcher) -> CPUDispatcher:
    """Cache ``disp`` on disk, loaded by ``_QuickLoad``."""
    disp._cache = _QuickLoad(disp.py_func)
    return disp


def kernel_fn(ret: str, inline: bool = False):
    """A cached function without reference counting (see the module
    docstring), compiled on first use with the signature its parameter
    names imply (others: int64).  ``inline``: compiled once, then inlined
    by LLVM into each caller (``forceinline``), which costs a cold start
    far less than numba's inlining of the same code at every call site."""
    def wrap(fn):
        names = fn.__code__.co_varnames[:fn.__code__.co_argcount]
        disp = _Declared(py_func=fn, locals={},
                         targetoptions={"nopython": True, "_nrt": False,
                                        "forceinline": inline})
        disp.declared = RETURN_TYPES[ret](*(ARG_TYPES.get(a, nb.int64) for a in names))
        return _quick_load(disp)
    return wrap


# ============================================================ card effects, by address
# A card's effect is compiled on its own and called through its machine-code
# address, which ``resolve`` reads from EFFECT_AT[card]: the kernel's code
# reaches that array through a linker symbol, so neither compiled code nor
# the cache holds an address, and no signature carries the table.  Called
# directly, every effect was compiled whatever the kingdom, and its code
# linked into ``resolve`` and again into each of its callers: a cold start
# took 76-80 s, against 24-30 s now for Big Money against Smithy.
EFFECTS: dict[int, CPUDispatcher] = {}       # card id -> its effect
EFFECT_AT = np.zeros(NC, dtype=np.int64)     # card id -> its effect's address, 0: not loaded
_EFFECT_AT_SYMBOL = "domsim_kernel_effect_at"
ll.add_symbol(_EFFECT_AT_SYMBOL, EFFECT_AT.ctypes.data)


def effect(card: int):
    """Register an Action's effect: what its text does beyond the card
    table's "+" numbers, run after them with one signature for all cards."""
    def wrap(fn):
        if card in EFFECTS:
            raise ValueError(f"{C.NAMES[card]} has two effects")
        EFFECTS[card] = disp = kernel_fn('void')(fn)
        return disp
    return wrap


@intrinsic
def _effect_at(typingctx, c):
    """EFFECT_AT[c], read through its symbol."""
    def codegen(context, builder, signature, args):
        table = builder.module.globals.get(_EFFECT_AT_SYMBOL)
        if table is None:
            table = llvm_ir.GlobalVariable(builder.module,
                                           llvm_ir.ArrayType(llvm_ir.IntType(64), NC),
                                           name=_EFFECT_AT_SYMBOL)
        zero = llvm_ir.Constant(llvm_ir.IntType(64), 0)
        return builder.load(builder.gep(table, [zero, args[0]]))
    return nb.int64(c), codegen


@intrinsic
def _call_effect(typingctx, address, z, deck, rng, fst, prog, p):
    """Call the effect at ``address`` (numba's own calling convention; an
    exception it raises passes on to the caller)."""
    def codegen(context, builder, signature, args):
        argtys = signature.args[1:]
        fnty = context.call_conv.get_function_type(nb.void, argtys)
        fn = builder.inttoptr(args[0], fnty.as_pointer())
        status, _ = context.call_conv.call_function(builder, fn, nb.void, argtys, args[1:])
        context.call_conv.return_status_propagate(builder, status)
        return context.get_dummy_value()
    return nb.void(address, z, deck, rng, fst, prog, p), codegen


def _fixed_columns(ncols: int):
    """An intrinsic returning its 2-D C-contiguous argument as the same array
    with ``ncols`` columns written into the code as a constant: the address
    of a cell z[row, col] then folds to one constant offset from the row's
    start, and from the array's start when the row is a constant too."""
    @intrinsic
    def fixed(typingctx, a):
        def codegen(context, builder, signature, args):
            aryty = signature.args[0]
            src = context.make_array(aryty)(context, builder, value=args[0])
            out = context.make_array(aryty)(context, builder)
            intp = context.get_value_type(nb.intp)
            item = aryty.dtype.bitwidth // 8
            rows = builder.extract_value(src.shape, 0)
            context.populate_array(
                out, data=src.data, shape=[rows, intp(ncols)],
                strides=[intp(ncols * item), intp(item)], itemsize=src.itemsize,
                meminfo=src.meminfo, parent=src.parent)
            if context.enable_nrt:           # a view holds a reference
                context.nrt.incref(builder, aryty, args[0])
            return out._getvalue()
        return a(a), codegen
    return fixed


_z_fixed = _fixed_columns(NC)
_deck_fixed = _fixed_columns(DECK_CAP)


@njit(cache=True, inline="always", _nrt=False)
def _check_shapes(z, deck):
    """The kernel's functions read z and deck with their column counts built
    in (``_fixed_columns``): refuse arrays of another width from a caller."""
    if z.shape[1] != NC or deck.shape[1] != DECK_CAP:
        raise ValueError("z must have NC columns and deck DECK_CAP columns")


def load_effects(cards) -> None:
    """Make the effects of these cards callable: compile each (or load it
    from the cache) and record its address, once per process.  Load those of
    every card a player of the game can own (``ownable_cards``); playing a
    card whose effect is not loaded stops the run.  Safe from several
    threads at once (the jobs of one run): one lock covers it all."""
    with global_compiler_lock:
        for c in sorted(set(int(c) for c in cards) & EFFECTS.keys()):
            if not EFFECT_AT[c]:
                disp = EFFECTS[c]
                disp._declare()
                cres = disp.overloads[disp.declared.args]
                EFFECT_AT[c] = cres.library.get_pointer_to_function(
                    cres.fndesc.llvm_func_name)


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
    range(64, 72)
# OP_CELL arg = row offset in the player's rows * 256 + column; OP_GCELL arg =
# row * 256 + column; OP_TEST arg = comparison mask (see ``_test``), then the
# two words compared; OP_AND/OR_JUMP arg = code offset to jump to.
# OP_CELL_Q/OP_GCELL_Q: a cell divided by a whole number (``my.Treasure / 11``),
# arg = divisor << 16 | the cell's arg, so that such a ratio is one word too.
# OP_ITEST: an OP_TEST that is a whole condition and compares two words of
# whole numbers (OP_CELL, OP_GCELL, OP_CONST): decided without floats.
INT_WORDS = (OP_CELL, OP_GCELL, OP_CONST)
Q_SHIFT, Q_MAX = 16, (1 << 15) - 1
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
            OP_PLAYERS: (GS, GS_PLAYERS)}
    if op == OP_MY_TYPE and 0 <= arg < len(TYPE_BIT_INDEX) and TYPE_BIT_INDEX[arg] >= 0:
        return OP_CELL, PS * 256 + PS_TYPE0 + int(TYPE_BIT_INDEX[arg])
    if op in mine:
        row, col = mine[op]
        return OP_CELL, row * 256 + col
    if op in game:
        row, col = game[op]
        return OP_GCELL, row * 256 + col
    return op, arg


def _tree(code: np.ndarray, pc: int):
    """The expression tree of the postfix condition starting at code[pc]."""
    stack = []
    while True:
        op, arg = int(code[pc]), int(code[pc + 1])
        pc += 2
        if op == OP_END:
            return stack[-1]
        if op < OP_ADD:
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


# ============================================================ piles and zones

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
    z[ps, TYPE_COL[c, 0]] += k
    if TYPE_COL[c, 1] >= 0:
        z[ps, TYPE_COL[c, 1]] += k


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
    """p gains c to its DISC, HAND, or deck top (dst = -1): the one way a
    card comes to a player, so that every count a strategy word reads stays
    true (owned cards, money, types and VP by ``_own``; ``gained.*`` and,
    for a buy, ``bought.*``; the supply and its empty piles).

    src: Z_SUPPLY or Z_TRASH (taken from there; False if it has none), or
    the zone a caller already took it from (Black Market's revealed card),
    which is only logged."""
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
    return True


@kernel_fn('b1')
def gain(z, deck, p, c, dst):
    """``_gain`` from the supply as a call, for the card effects (the Buy
    phase inlines it)."""
    z = _z_fixed(z)
    deck = _deck_fixed(deck)
    return _gain(z, deck, p, c, Z_SUPPLY, dst, False, _traced(z))


@kernel_fn('b1')
def gain_from(z, deck, p, c, src, dst, bought):
    """``_gain`` from another zone (Thief's trash, Black Market's revealed
    card) as a call."""
    z = _z_fixed(z)
    deck = _deck_fixed(deck)
    return _gain(z, deck, p, c, src, dst, bought, _traced(z))


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
def victory_points(z, p):
    ps = _ps(p)
    vp = np.int64(z[ps, PS_VP])
    gardens = z[p * PR + OWN, Card.GARDENS]
    if gardens:                              # rare: no division otherwise
        vp += gardens * (z[ps, PS_OWN_N] // XS[Card.GARDENS])
    return vp


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

@kernel_fn('i8')
def _type_count(z, p, arg):
    """Cards p owns with type bit(s) arg."""
    i = TYPE_BIT_INDEX[arg] if 0 <= arg < TYPE_BIT_INDEX.shape[0] else -1
    if i >= 0:
        return np.int64(z[_ps(p), PS_TYPE0 + i])
    n = 0
    o = p * PR + OWN
    for c in range(NC):
        if TYPES[c] & arg:
            n += z[o, c]
    return np.int64(n)


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
    """p's victory points if p gained one c now (Gardens count the card
    too), and lost the card the same choice trashes (GS_LEAVING)."""
    n = z[_ps(p), PS_OWN_N]
    gardens = z[p * PR + OWN, Card.GARDENS]
    per = XS[Card.GARDENS]
    vp = np.int64(z[_ps(p), PS_VP]) + VPS[c]
    k = n + 1                                   # cards owned after
    leaving = z[GS, GS_LEAVING] - 1
    if leaving >= 0:
        vp -= VPS[leaving]
        k -= 1
        if leaving == Card.GARDENS:
            gardens -= 1
    if c == Card.GARDENS:
        gardens += 1
    return np.int64(vp + gardens * (k // per))


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
    return 0.0                                  # packing leaves no other word


@njit(cache=True, inline="always", _nrt=False)
def _cell(z, p, mine, arg):
    """The cell a word's arg (row * 256 + column) names: a row of p's own
    (``mine``, OP_CELL) or of the game's (OP_GCELL)."""
    row = arg >> 8
    if mine:
        row += p * PR
    return z[U(row), U(arg & 255)]


@njit(cache=True, inline="always", _nrt=False)
def _leaf(z, p, op, arg):
    """A word's value: one cell or a constant inline, anything else by a call."""
    if op == OP_CELL or op == OP_GCELL:
        return float(_cell(z, p, op == OP_CELL, arg))
    if op == OP_CONST:
        return float(arg)
    if op == OP_CELL_Q or op == OP_GCELL_Q:
        return float(_cell(z, p, op == OP_CELL_Q, arg & 0xFFFF)) / float(arg >> Q_SHIFT)
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
        if (supply[c] <= 0) | (COST[c] > limit) | (typemask != 0 and not TYPES[c] & typemask):
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
            if best < 0 or COST[c] < COST[best]:
                best = c
    return np.int64(best)


@kernel_fn('i8')
def dearest_in(z, row, typemask):
    """Most expensive card of a type in z[row] (highest id on equal cost), or -1."""
    best = -1
    for c in range(NC):
        if z[row, c] > 0 and TYPES[c] & typemask:
            if best < 0 or COST[c] >= COST[best]:
                best = c
    return np.int64(best)


@kernel_fn('i8')
def excess_terminal(z, fst, prog, p):
    """A terminal Action in p's hand that p's next turn cannot play, or -1.

    A hand plays 1 terminal, plus one per extra Action its villages give
    (Throne Room is not counted: it plays another card).  The one kept is
    the terminal p's play list would play first; of the others the cheapest
    goes (lowest card number on equal cost).
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
    best = -1
    for c in range(NC):
        if z[h, c] > (1 if c == keep else 0) and TYPES[c] & T_ACTION \
                and P_ACTIONS[c] == 0 and c != Card.THRONE_ROOM \
                and (best < 0 or COST[c] < COST[best]):
            best = c
    return np.int64(best)


@kernel_fn('void')
def required_discard(z, fst, prog, p, n):
    """p discards n cards from hand: its discard list first, then the dead
    cards of DISCARD_ORDER, then terminals its next turn cannot play, then
    the rest of DISCARD_ORDER (Copper, the cheapest card)."""
    h = p * PR + HAND
    for _ in range(n):
        c = pick_call(z, fst, prog, p, DISCARD, h, 0, 0)
        if c < 0:
            c = first_in(z, h, DISCARD_ORDER, 0)
            if c >= 0 and TYPES[c] & (T_ACTION | T_TREASURE):
                t = excess_terminal(z, fst, prog, p)
                if t >= 0:
                    c = t
        if c < 0:
            return
        move(z, p, HAND, DISC, c, _traced(z))


@njit(cache=True, inline="always", _nrt=False)
def _gainable(z, c, limit, typemask):
    return (z[SUPPLY, c] > 0 and z[IN_GAME, c] != 0 and COST[c] <= limit
            and (typemask == 0 or TYPES[c] & typemask))


@kernel_fn('i8')
def gain_choice(z, fst, prog, p, limit, typemask):
    """What a required gain ("gain a card costing up to $limit") takes, or -1
    only when no card can be gained.

    The gain list first; when it names no legal card, the dearest legal
    Treasure (never a dead card: at worst a Copper replaces a trashed
    Copper or Curse), then the dearest legal card that is not a Curse (the
    lower card number on equal cost: base cards before kingdom cards), a
    Curse only when nothing else can be gained.  Measured against reading
    the buy list without its conditions, which gains Estates (bm-remodel vs
    Big Money Ultimate, 100,000 games: 0.506 against 0.483; docs/strategies.md).
    """
    g = pick_call(z, fst, prog, p, GAIN, -1, limit, typemask)
    if g >= 0:
        return g
    for treasure_first in (True, False):
        best = -1
        for c in range(NC):
            if c != Card.CURSE and _gainable(z, c, limit, typemask) \
                    and (not treasure_first or TYPES[c] & T_TREASURE) \
                    and (best < 0 or COST[c] > COST[best]):
                best = c
        if best >= 0:
            return np.int64(best)
    if _gainable(z, Card.CURSE, limit, typemask):
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
    return g >= 0 and COST[g] >= CHAPEL_KEEPS and not buys_the_same(z, fst, prog, p,
                                                                    P_COINS[c])


# ============================================================ card effects

@njit(cache=True, inline="always", _nrt=False)
def _push(z, c):
    z[STACK, z[GS, GS_STACK_N]] = c
    z[GS, GS_STACK_N] += 1


# Each runs after the card's table bonuses (+Cards, +Actions, +Buys, +$).

@kernel_fn('b1')
def _attacked(z, v):
    """Whether victim v is hit: a bot always reveals Moat, which blocks it."""
    if z[v * PR + HAND, Card.MOAT] == 0:
        return True
    emit(z, EV_MOAT, v, Card.MOAT, 1, HAND, HAND)
    return False


@effect(Card.CELLAR)
def effect_cellar(z, deck, rng, fst, prog, p):
    h = p * PR + HAND
    n = 0
    while True:
        c = pick_call(z, fst, prog, p, DISCARD, h, 0, 0)
        if c < 0:
            break
        move(z, p, HAND, DISC, c, _traced(z))
        n += 1
    draw(z, deck, rng, p, n)


@effect(Card.CHAPEL)
def effect_chapel(z, deck, rng, fst, prog, p):
    h = p * PR + HAND
    _, _, explicit = _list(prog, z, p, TRASH)
    for _ in range(XS[Card.CHAPEL]):
        c = pick_call(z, fst, prog, p, TRASH, h, 0, 0)
        if c < 0:
            return
        if not explicit and TYPES[c] & T_TREASURE and _buy_needs(z, fst, prog, p, c):
            return
        trash_from(z, p, HAND, c)


@effect(Card.HARBINGER)
def effect_harbinger(z, deck, rng, fst, prog, p):
    d = p * PR + DISC
    if z[_ps(p), PS_DISC_N] == 0 or not chooses(z, fst, prog, p, Card.HARBINGER, True):
        return
    _, _, explicit = _list(prog, z, p, TOPDECK)
    if explicit:             # the strategy says what to put back (or nothing)
        c = pick_call(z, fst, prog, p, TOPDECK, d, 0, 0)
    else:                    # default: the dearest Action or Treasure
        c = dearest_in(z, d, T_ACTION | T_TREASURE)
    if c >= 0:
        z[d, c] -= 1
        z[_ps(p), PS_DISC_N] -= 1
        put_top(z, deck, p, c)
        emit(z, EV_MOVE, p, c, 1, DISC, Z_DECK)


@effect(Card.VASSAL)
def effect_vassal(z, deck, rng, fst, prog, p):
    c = take_top(z, deck, rng, p)
    if c < 0:
        return
    z[p * PR + DISC, c] += 1
    z[_ps(p), PS_DISC_N] += 1
    emit(z, EV_MOVE, p, c, 1, Z_DECK, DISC)
    if TYPES[c] & T_ACTION and chooses(z, fst, prog, p, Card.VASSAL, True):   # default: play it
        move(z, p, DISC, PLAY_ROW, c, _traced(z))
        emit(z, EV_PLAYS, p, c, 1, 0, 0)
        _push(z, c)


@kernel_fn('void')
def gain_up_to(z, deck, fst, prog, p, limit, dst):
    """The required gain of a card costing up to ``limit`` (Workshop, Feast):
    the gain list's first legal card, else the documented fallback."""
    c = gain_choice(z, fst, prog, p, limit, 0)
    if c >= 0:
        gain(z, deck, p, c, dst)


@effect(Card.WORKSHOP)
def effect_workshop(z, deck, rng, fst, prog, p):
    gain_up_to(z, deck, fst, prog, p, XS[Card.WORKSHOP], DISC)


@effect(Card.BUREAUCRAT)
def effect_bureaucrat(z, deck, rng, fst, prog, p):
    n = z[GS, GS_PLAYERS]
    if not gain(z, deck, p, Card.SILVER, -1):
        emit(z, EV_NOTHING, p, Card.SILVER, 0, PILE_EMPTY, 0)
    for j in range(1, n):
        v = (p + j) % n
        if _attacked(z, v):
            c = cheapest_in(z, v * PR + HAND, T_VICTORY, -1)   # default: cheapest
            if c >= 0:
                z[v * PR + HAND, c] -= 1
                z[_ps(v), PS_HAND_N] -= 1
                put_top(z, deck, v, c)
                emit(z, EV_MOVE, v, c, 1, HAND, Z_DECK)
            else:
                emit(z, EV_NOTHING, v, -1, T_VICTORY, NO_TYPE, 0)


@effect(Card.MILITIA)
def effect_militia(z, deck, rng, fst, prog, p):
    n = z[GS, GS_PLAYERS]
    for j in range(1, n):
        v = (p + j) % n
        if _attacked(z, v):
            extra = z[_ps(v), PS_HAND_N] - XS[Card.MILITIA]
            if extra > 0:
                required_discard(z, fst, prog, v, extra)
            else:
                emit(z, EV_NOTHING, v, -1, z[_ps(v), PS_HAND_N], HAND_SIZE, 0)


@effect(Card.MONEYLENDER)
def effect_moneylender(z, deck, rng, fst, prog, p):
    if z[p * PR + HAND, Card.COPPER] > 0 and chooses(z, fst, prog, p, Card.MONEYLENDER, True):
        trash_from(z, p, HAND, Card.COPPER)
        z[GS, GS_COINS] += XS[Card.MONEYLENDER]
        emit(z, EV_PLUS_COINS, p, Card.MONEYLENDER, XS[Card.MONEYLENDER], 0, 0)


@effect(Card.POACHER)
def effect_poacher(z, deck, rng, fst, prog, p):
    n = min(z[GS, GS_EMPTY], z[_ps(p), PS_HAND_N])
    if n > 0:
        required_discard(z, fst, prog, p, n)


@kernel_fn('i8')
def _upgrade_gain(z, fst, prog, p, t, count):
    """What Remodel gains for a trashed t when it can improve on t
    (``UPGRADE``): the first card of the gain list that is an upgrade it
    may gain (the rule holds), else the dearest Treasure it may gain if that
    is one (Curse into Copper, Estate into Silver); -1: none.  Asked before
    the trash, as one decision with it: the words read the deck still
    holding t, except ``lead_after``, which counts t as gone (GS_LEAVING).
    ``count``: count the gain rule's fire."""
    limit = COST[t] + XS[Card.REMODEL]
    z[GS, GS_LEAVING] = t + 1
    g = -1
    start, end, _ = _list(prog, z, p, GAIN)
    for r in range(start, end, 3):
        c = prog[r]
        if UPGRADE[t, c] and _gainable(z, c, limit, 0) and rule_holds(z, fst, prog, p, r):
            if count:
                _fired(fst, prog, r)
            g = c
            break
    if g < 0:
        for i in range(TREASURE_CARDS.shape[0]):
            c = TREASURE_CARDS[i]
            if _gainable(z, c, limit, 0) and (g < 0 or COST[c] > COST[g]):
                g = c
        if g >= 0 and not UPGRADE[t, g]:
            g = -1
    z[GS, GS_LEAVING] = 0
    return np.int64(g)


@effect(Card.REMODEL)
def effect_remodel(z, deck, rng, fst, prog, p):
    # "Trash a card from your hand. Gain a card costing up to $2 more than
    # it."  Which card: the remodel list if given, else an explicit trash
    # list, else remodel's default; its first rule naming a hand card that
    # can be improved on (``_upgrade_gain``), else its first rule naming a
    # hand card, else TRASH_ORDER: the trash is not optional.  The gain is
    # chosen with the trash, before it: the upgrade, else the required gain
    # (``gain_choice``).  The default play rule plays Remodel only when
    # some hand card has an upgrade (strategy.py, ``_remodel_when_useful``).
    h = p * PR + HAND
    _, _, own = _list(prog, z, p, REMODEL)
    _, _, trash = _list(prog, z, p, TRASH)
    start, end, _ = _list(prog, z, p, TRASH if trash and not own else REMODEL)
    c = -1
    first = -1                                # the first rule naming a hand card
    for r in range(start, end, 3):
        t = prog[r]
        if z[h, t] > 0 and rule_holds(z, fst, prog, p, r):
            if _upgrade_gain(z, fst, prog, p, t, 0) >= 0:
                c = t
                _fired(fst, prog, r)
                break
            if first < 0:
                first = r
    if c < 0 and first >= 0:
        c = prog[first]
        _fired(fst, prog, first)
    if c < 0:
        c = first_in(z, h, TRASH_ORDER, 0)
    if c < 0:
        return                                # nothing to trash, nothing gained
    g = _upgrade_gain(z, fst, prog, p, c, 1)
    if g < 0:
        z[GS, GS_LEAVING] = c + 1
        g = gain_choice(z, fst, prog, p, COST[c] + XS[Card.REMODEL], 0)
        z[GS, GS_LEAVING] = 0
    trash_from(z, p, HAND, c)
    if g >= 0:
        gain(z, deck, p, g, DISC)


@effect(Card.THRONE_ROOM)
def effect_throne_room(z, deck, rng, fst, prog, p):
    if not chooses(z, fst, prog, p, Card.THRONE_ROOM, True):
        return
    t = pick_call(z, fst, prog, p, PLAY, p * PR + HAND, 0, T_ACTION)
    if t >= 0:
        move(z, p, HAND, PLAY_ROW, t, _traced(z))
        emit(z, EV_PLAYS, p, t, XS[Card.THRONE_ROOM], 0, 0)
        for _ in range(XS[Card.THRONE_ROOM]):
            _push(z, t)
    else:
        emit(z, EV_NOTHING, p, -1, 0, NO_PLAY, 0)


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


@kernel_fn('void')
def _tmp_to_discard(z, p):
    for c in range(NC):
        for _ in range(z[TMP, c]):
            _discard_revealed(z, p, c, Z_REVEAL)


@effect(Card.BANDIT)
def effect_bandit(z, deck, rng, fst, prog, p):
    n = z[GS, GS_PLAYERS]
    if not gain(z, deck, p, Card.GOLD, DISC):
        emit(z, EV_NOTHING, p, Card.GOLD, 0, PILE_EMPTY, 0)
    for j in range(1, n):
        v = (p + j) % n
        if not _attacked(z, v):
            continue
        if _reveal(z, deck, rng, v, Z_REVEAL) < 0:       # reveal into TMP
            emit(z, EV_NOTHING, v, -1, 0, NO_CARDS, 0)
            continue
        for _ in range(XS[Card.BANDIT] - 1):
            _reveal(z, deck, rng, v, Z_REVEAL)
        c = cheapest_in(z, TMP, T_TREASURE, Card.COPPER)   # default: cheapest
        if c >= 0:
            _trash_revealed(z, v, c, Z_REVEAL)
        _tmp_to_discard(z, v)


@effect(Card.COUNCIL_ROOM)
def effect_council_room(z, deck, rng, fst, prog, p):
    n = z[GS, GS_PLAYERS]
    for j in range(1, n):
        draw(z, deck, rng, (p + j) % n, XS[Card.COUNCIL_ROOM])


@kernel_fn('b1')
def _library_skips(z, fst, prog, p, c):
    """Whether Library sets the drawn Action c aside: the skip list if given,
    else only when no Action is left to play it; a ``may`` condition for
    Library overrides both."""
    _, _, explicit = _list(prog, z, p, SKIP)
    if not explicit:
        return chooses(z, fst, prog, p, Card.LIBRARY, z[GS, GS_ACTIONS] == 0)
    z[TMP, c] += 1
    skip = pick_call(z, fst, prog, p, SKIP, TMP, 0, 0) >= 0
    skip = chooses(z, fst, prog, p, Card.LIBRARY, skip)
    z[TMP, c] -= 1
    return skip


@effect(Card.LIBRARY)
def effect_library(z, deck, rng, fst, prog, p):
    ps = _ps(p)
    while z[ps, PS_HAND_N] < XS[Card.LIBRARY]:
        c = take_top(z, deck, rng, p)
        if c < 0:
            break
        if TYPES[c] & T_ACTION and _library_skips(z, fst, prog, p, c):
            z[p * PR + ASIDE, c] += 1
            z[ps, PS_ASIDE_N] += 1
            emit(z, EV_MOVE, p, c, 1, Z_DECK, ASIDE)
        else:
            z[p * PR + HAND, c] += 1
            z[ps, PS_HAND_N] += 1
            emit(z, EV_MOVE, p, c, 1, Z_DECK, HAND)
    discard_all(z, p, ASIDE)


@kernel_fn('b1')
def _upgrade_exists(z, c, plus):
    for t in range(NC):
        if TYPES[t] & T_TREASURE and z[IN_GAME, t] and z[SUPPLY, t] > 0 \
                and COST[c] < COST[t] <= COST[c] + plus:
            return True
    return False


@effect(Card.MINE)
def effect_mine(z, deck, rng, fst, prog, p):
    h = p * PR + HAND
    plus = XS[Card.MINE]
    _, _, explicit = _list(prog, z, p, TRASH)
    if explicit:
        c = pick_call(z, fst, prog, p, TRASH, h, 0, T_TREASURE)
    else:                  # default: the cheapest Treasure that can improve
        c = -1
        for t in range(NC):
            if z[h, t] > 0 and TYPES[t] & T_TREASURE and _upgrade_exists(z, t, plus):
                if c < 0 or COST[t] < COST[c]:
                    c = t
    if c < 0 or not chooses(z, fst, prog, p, Card.MINE, True):
        return
    trash_from(z, p, HAND, c)
    limit = COST[c] + plus
    _, _, explicit = _list(prog, z, p, GAIN)
    g = -1
    if explicit:
        g = gain_choice(z, fst, prog, p, limit, T_TREASURE)
    else:                  # default: the dearest Treasure allowed
        for t in range(NC):
            if TYPES[t] & T_TREASURE and z[IN_GAME, t] and z[SUPPLY, t] > 0 \
                    and COST[t] <= limit and (g < 0 or COST[t] >= COST[g]):
                g = t
    if g >= 0:
        gain(z, deck, p, g, HAND)


@effect(Card.SENTRY)
def effect_sentry(z, deck, rng, fst, prog, p):
    # look at the top cards (into TMP), trash, discard, put the rest back
    for _ in range(XS[Card.SENTRY]):
        _reveal(z, deck, rng, p, Z_LOOK)
    while True:
        c = pick_call(z, fst, prog, p, TRASH, TMP, 0, 0)
        if c < 0:
            break
        _trash_revealed(z, p, c, Z_LOOK)
    while True:
        c = pick_call(z, fst, prog, p, DISCARD, TMP, 0, 0)
        if c < 0:
            break
        _discard_revealed(z, p, c, Z_LOOK)
    _, _, explicit = _list(prog, z, p, DISCARD)
    while not explicit and z[TMP, Card.COPPER] > 0:   # default: no Copper goes back
        _discard_revealed(z, p, Card.COPPER, Z_LOOK)
    # default order back: cheapest first, so the dearest ends on top
    while True:
        c = cheapest_in(z, TMP, 0xFF, -1)
        if c < 0:
            break
        z[TMP, c] -= 1
        put_top(z, deck, p, c)
        emit(z, EV_MOVE, p, c, 1, Z_LOOK, Z_DECK)


@effect(Card.WITCH)
def effect_witch(z, deck, rng, fst, prog, p):
    n = z[GS, GS_PLAYERS]
    for j in range(1, n):
        v = (p + j) % n
        if _attacked(z, v) and not gain(z, deck, v, Card.CURSE, DISC):
            emit(z, EV_NOTHING, v, Card.CURSE, 0, PILE_EMPTY, 0)


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


@effect(Card.ARTISAN)
def effect_artisan(z, deck, rng, fst, prog, p):
    h = p * PR + HAND
    g = gain_choice(z, fst, prog, p, XS[Card.ARTISAN], 0)
    if g >= 0:
        gain(z, deck, p, g, HAND)
    if z[_ps(p), PS_HAND_N] == 0:
        return
    c = pick_call(z, fst, prog, p, TOPDECK, h, 0, 0)
    if c < 0:
        c = default_topdeck(z, fst, prog, p)
    z[h, c] -= 1
    z[_ps(p), PS_HAND_N] -= 1
    put_top(z, deck, p, c)
    emit(z, EV_MOVE, p, c, 1, HAND, Z_DECK)


@kernel_fn('b1')
def _deck_is_poorer(z, deck, fst, prog, p):
    """Chancellor's default: whether p's draw pile holds fewer coins per card
    (``COINS_OF``: a Treasure's value, an Action's +$) than the rest of p's
    cards with the card this turn's buy would take (the buy list with the
    hand's money): putting the deck into the discard pile then deals the
    next hands from all of them, sooner (measured in docs/strategies.md)."""
    ps = _ps(p)
    n = z[ps, PS_DECK_N]
    dm = 0
    for i in range(n):
        dm += COINS_OF[deck[p, i]]
    total = 0
    kinds = z[p * PR + KINDS]
    for i in range(z[ps, PS_KINDS]):
        total += z[p * PR + OWN, kinds[i]] * COINS_OF[kinds[i]]
    g = would_pick(z, fst, prog, p, BUY, -1, hand_coins(z, p), 0)
    om = total - dm + (COINS_OF[g] if g >= 0 else 0)
    oc = z[ps, PS_OWN_N] - n + (1 if g >= 0 else 0)
    return dm * oc < om * n


@effect(Card.CHANCELLOR)
def effect_chancellor(z, deck, rng, fst, prog, p):
    # +$2 is the table's.  "You may immediately put your deck into your
    # discard pile": the whole pile at once, unseen (it is not discarding).
    # Default (``_deck_is_poorer``): when the draw pile is poorer in money
    # than the rest with this turn's buy.  An empty deck leaves nothing to do.
    ps = _ps(p)
    n = z[ps, PS_DECK_N]
    if n == 0 or not chooses(z, fst, prog, p, Card.CHANCELLOR,
                             _deck_is_poorer(z, deck, fst, prog, p)):
        return
    d = p * PR + DISC
    for i in range(n):
        z[d, deck[p, i]] += 1
    z[ps, PS_DISC_N] += n
    z[ps, PS_DECK_N] = 0
    z[ps, PS_KNOWN] = 0
    emit(z, EV_DECK_TO_DISCARD, p, -1, n, Z_DECK, DISC)


@effect(Card.FEAST)
def effect_feast(z, deck, rng, fst, prog, p):
    # "Trash this card. Gain a card costing up to $5."  The gain is required
    # and goes through Workshop's path.  Throne Room on Feast: trashed once,
    # gains twice.  Counts cannot tell copies apart, but none is needed: a
    # card put into play resolves before any other card is put into play,
    # and the first resolution trashes it, so a Feast in play is this one
    # exactly when this is its first resolution.
    if z[p * PR + PLAY_ROW, Card.FEAST] > 0:
        trash_from(z, p, PLAY_ROW, Card.FEAST)
    gain_up_to(z, deck, fst, prog, p, XS[Card.FEAST], DISC)


@kernel_fn('void')
def _tmp_to_hand(z, p, typemask):
    """Put p's revealed cards with one of the type bits into its hand."""
    h = p * PR + HAND
    for c in range(NC):
        k = z[TMP, c]
        if k and TYPES[c] & typemask:
            z[TMP, c] = 0
            z[h, c] += k
            z[_ps(p), PS_HAND_N] += k
            emit(z, EV_MOVE, p, c, k, Z_REVEAL, HAND)


@effect(Card.ADVENTURER)
def effect_adventurer(z, deck, rng, fst, prog, p):
    # "Reveal cards from your deck until you reveal 2 Treasure cards. Put
    # those into your hand and discard the other revealed cards."  An empty
    # deck is refilled by shuffling the discard pile, as for a draw; the
    # revealed cards wait in TMP, so they are not shuffled in.  With deck
    # and discard both empty revealing stops, with fewer Treasures.
    found = 0
    revealed = 0
    while found < XS[Card.ADVENTURER]:
        c = _reveal(z, deck, rng, p, Z_REVEAL)
        if c < 0:
            break
        revealed += 1
        if TYPES[c] & T_TREASURE:
            found += 1
    if revealed == 0:
        emit(z, EV_NOTHING, p, -1, 0, NO_CARDS, 0)
    _tmp_to_hand(z, p, T_TREASURE)       # the Treasures into the hand
    _tmp_to_discard(z, p)                # then the others onto the discard pile


@effect(Card.SPY)
def effect_spy(z, deck, rng, fst, prog, p):
    n = z[GS, GS_PLAYERS]
    # +1 Card, +1 Action are the table's.  "Each player (including you)
    # reveals the top card of their deck and either discards it or puts it
    # back, your choice": you first, then the others in turn order from your
    # left, for whom it is an Attack (Moat blocks it).  Your choice: your own
    # card is discarded when a rule of your discard list names it (default:
    # green cards and Curses, and a Copper, as Sentry: a Copper on the deck is
    # a poor next card); another player's when it would help them, an
    # Action or a Treasure other than Copper.  Revealing from an empty deck
    # shuffles first; with no cards at all there is nothing to reveal.
    for j in range(n):
        v = (p + j) % n
        if j > 0 and not _attacked(z, v):
            continue
        c = _reveal(z, deck, rng, v, Z_REVEAL)
        if c < 0:
            emit(z, EV_NOTHING, v, -1, 0, NO_CARDS, 0)
            continue
        if j == 0:
            discard = pick_call(z, fst, prog, p, DISCARD, TMP, 0, 0) >= 0
            if not discard and c == Card.COPPER:      # default: a Copper too,
                _, _, explicit = _list(prog, z, p, DISCARD)  # as Sentry
                discard = not explicit
        else:
            discard = TYPES[c] & T_ACTION or (TYPES[c] & T_TREASURE and c != Card.COPPER)
        if discard:
            _discard_revealed(z, v, c, Z_REVEAL)
        else:
            z[TMP, c] -= 1
            put_top(z, deck, v, c)
            emit(z, EV_MOVE, v, c, 1, Z_REVEAL, Z_DECK)


@effect(Card.THIEF)
def effect_thief(z, deck, rng, fst, prog, p):
    n = z[GS, GS_PLAYERS]
    # "Each other player reveals the top 2 cards of their deck. If they
    # revealed any Treasure cards, they trash one of them that you choose.
    # You may gain any or all of these trashed cards. They discard the other
    # revealed cards."  Victims in turn order from your left; Moat blocks.
    # You choose each victim's dearest revealed Treasure (the first revealed
    # on a tie); you gain it from the trash when a rule of your gain list
    # names it, whatever it costs; then the victim discards the rest.  A
    # gain from the trash empties no pile (``ends_game`` knows: GS_FROM_TRASH).
    for j in range(1, n):
        v = (p + j) % n
        if not _attacked(z, v):
            continue
        best = -1
        revealed = 0
        for _ in range(XS[Card.THIEF]):
            c = _reveal(z, deck, rng, v, Z_REVEAL)
            if c < 0:
                break
            revealed += 1
            if TYPES[c] & T_TREASURE and (best < 0 or COST[c] > COST[best]):
                best = c
        if revealed == 0:
            emit(z, EV_NOTHING, v, -1, 0, NO_CARDS, 0)
            continue
        if best >= 0:
            _trash_revealed(z, v, best, Z_REVEAL)
            z[GS, GS_FROM_TRASH] = 1
            take = names(z, fst, prog, p, GAIN, best)
            z[GS, GS_FROM_TRASH] = 0
            if take:
                gain_from(z, deck, p, best, Z_TRASH, DISC, False)
        _tmp_to_discard(z, v)


@effect(Card.ENVOY)
def effect_envoy(z, deck, rng, fst, prog, p):
    # "Reveal the top 5 cards of your deck. The player to your left chooses
    # one for you to discard. Put the rest into your hand."  Fewer than 5
    # even after shuffling: reveal what there is; one is still discarded.
    # The left neighbour's pick hurts most: the dearest revealed Action or
    # Treasure, else the dearest card, the first revealed on a tie.
    pick = -1                      # dearest Action or Treasure so far
    dearest = -1                   # dearest card so far
    revealed = 0
    for _ in range(XS[Card.ENVOY]):
        c = _reveal(z, deck, rng, p, Z_REVEAL)
        if c < 0:
            break
        revealed += 1
        if TYPES[c] & (T_ACTION | T_TREASURE) and (pick < 0 or COST[c] > COST[pick]):
            pick = c
        if dearest < 0 or COST[c] > COST[dearest]:
            dearest = c
    if revealed == 0:
        emit(z, EV_NOTHING, p, -1, 0, NO_CARDS, 0)
        return
    _discard_revealed(z, p, pick if pick >= 0 else dearest, Z_REVEAL)
    _tmp_to_hand(z, p, 0xFF)


@kernel_fn('i8')
def _hand_money(z, p):
    """The coins p's Treasures in hand would make if played now."""
    h = p * PR + HAND
    money = 0
    for i in range(TREASURE_CARDS.shape[0]):
        c = TREASURE_CARDS[i]
        money += z[h, c] * P_COINS[c]
    if z[h, Card.SILVER] and z[p * PR + PLAY_ROW, Card.SILVER] == 0:
        money += z[GS, GS_MERCHANT]          # the first Silver's Merchant bonus
    return money


@kernel_fn('void')
def _play_treasures(z, p):
    """Play every Treasure in p's hand now (their coins stay for the turn)."""
    h = p * PR + HAND
    first_silver = z[p * PR + PLAY_ROW, Card.SILVER] == 0 and z[h, Card.SILVER] > 0
    for i in range(TREASURE_CARDS.shape[0]):
        c = TREASURE_CARDS[i]
        k = z[h, c]
        if k:
            move_n(z, p, HAND, PLAY_ROW, c, k, _traced(z))
            z[GS, GS_COINS] += k * P_COINS[c]
    if first_silver and z[GS, GS_MERCHANT]:
        z[GS, GS_COINS] += z[GS, GS_MERCHANT]
        emit(z, EV_PLUS_COINS, p, Card.MERCHANT, z[GS, GS_MERCHANT], 0, 0)
        z[GS, GS_MERCHANT] = 0


@kernel_fn('i8')
def _market_pick(z, fst, prog, p, money):
    """What Black Market buys of the revealed cards in TMP (those ``money``
    affords), by the buy list's priorities: the first rule whose card it
    could take now, revealed or from the supply with this money.  A revealed
    card when that comes first; when a supply card does, the first revealed
    card the list takes, but only if the Buy phase still takes that supply
    card with the money left after it (the buy uses no Buy): Witch over a
    Province never, Witch and then the Province with $13.  -1: none."""
    start, end, _ = _list(prog, z, p, BUY)
    for r in range(start, end, 3):
        c = prog[r]
        if COST[c] > money or (z[TMP, c] <= 0 and z[SUPPLY, c] <= 0) \
                or not rule_holds(z, fst, prog, p, r):
            continue
        if z[TMP, c] > 0:
            _fired(fst, prog, r)
            return np.int64(c)
        b = would_pick(z, fst, prog, p, BUY, TMP, 0, 0)
        if b < 0:
            return np.int64(-1)
        z[GS, GS_COINS] = money - COST[b]
        still = would_pick(z, fst, prog, p, BUY, -1, money - COST[b], 0) == c
        z[GS, GS_COINS] = money
        return pick_call(z, fst, prog, p, BUY, TMP, 0, 0) if still else np.int64(-1)
    return np.int64(-1)


@effect(Card.BLACK_MARKET)
def effect_black_market(z, deck, rng, fst, prog, p):
    # +$2 is the table's.  "Reveal the top 3 cards of the Black Market deck.
    # You may buy one of them immediately. Put the unbought cards on the
    # bottom of the Black Market deck in any order."  Fewer than 3 left: what
    # there is.  The deck is not a supply pile.  Buying uses no Buy and is
    # not the Buy phase: it pays with the coins so far, and Treasures may be
    # played from hand for it now (their coins stay for the Buy phase).
    # Choice (``_market_pick``): by the buy list, with the coins plus the
    # Treasures in hand, which is also what the word ``coins`` reads while
    # it chooses (the Buy phase would have them); it plays all those
    # Treasures only when its coins are short.  The rest go under in the
    # order revealed.
    n = z[GS, GS_MARKET_N]
    k = min(XS[Card.BLACK_MARKET], n)
    r0 = z[MARKET, 0] if k > 0 else -1
    r1 = z[MARKET, 1] if k > 1 else -1
    r2 = z[MARKET, 2] if k > 2 else -1
    for i in range(n - k):
        z[MARKET, i] = z[MARKET, i + k]
    n -= k
    coins = z[GS, GS_COINS]
    money = coins + _hand_money(z, p)
    for r in (r0, r1, r2):                # revealed; TMP holds the affordable
        if r >= 0:
            emit(z, EV_MOVE, p, r, 1, Z_BLACK_MARKET, Z_REVEAL)
            if COST[r] <= money:
                z[TMP, r] += 1
    z[GS, GS_COINS] = money
    c = _market_pick(z, fst, prog, p, money)
    z[GS, GS_COINS] = coins
    for r in (r0, r1, r2):
        if r >= 0 and COST[r] <= money:
            z[TMP, r] -= 1
    if c >= 0:
        if coins < COST[c]:
            _play_treasures(z, p)
        emit(z, EV_BUY, p, c, COST[c], Z_BLACK_MARKET, 0)
        z[GS, GS_COINS] -= COST[c]
        gain_from(z, deck, p, c, Z_REVEAL, DISC, True)
    else:
        emit(z, EV_NOTHING, p, -1, 0, NO_BUY, 0)
    for r in (r0, r1, r2):                # the others under, in revealed order
        if r >= 0 and r != c:
            z[MARKET, n] = r
            n += 1
            emit(z, EV_MOVE, p, r, 1, Z_REVEAL, Z_BLACK_MARKET)
    z[GS, GS_MARKET_N] = n


# ============================================================ playing cards

@njit(cache=True, inline="always", _nrt=False)
def _plus(z, p, c, traced):
    """The card table's "+ Actions", "+ Buys" and "+ $" of Action c (its
    "+ Cards" are drawn first, by the caller)."""
    if P_ACTIONS[c]:
        z[GS, GS_ACTIONS] += P_ACTIONS[c]
        if traced:
            _record(z, EV_PLUS_ACTIONS, p, c, P_ACTIONS[c], 0, 0)
    if P_BUYS[c]:
        z[GS, GS_BUYS] += P_BUYS[c]
        if traced:
            _record(z, EV_PLUS_BUYS, p, c, P_BUYS[c], 0, 0)
    if P_COINS[c]:
        z[GS, GS_COINS] += P_COINS[c]
        if traced:
            _record(z, EV_PLUS_COINS, p, c, P_COINS[c], 0, 0)


HAS_EFFECT = np.array([c in EFFECTS for c in range(NC)], dtype=np.bool_)


@kernel_fn('void')
def resolve(z, deck, rng, fst, prog, p, c):
    """Do the text of Action c once (c is already in play)."""
    z = _z_fixed(z)
    deck = _deck_fixed(deck)
    emit(z, EV_RESOLVE, p, c, 1, PLAY_ROW, PLAY_ROW)
    if P_CARDS[c]:
        draw(z, deck, rng, p, P_CARDS[c])
    _plus(z, p, c, _traced(z))
    at = _effect_at(c)
    if at:
        _call_effect(at, z, deck, rng, fst, prog, p)
    elif c == Card.MERCHANT:          # too short for a call
        if z[p * PR + PLAY_ROW, Card.SILVER] == 0:    # else its Silver came already
            z[GS, GS_MERCHANT] += XS[Card.MERCHANT]
    elif HAS_EFFECT[c]:
        raise RuntimeError("a card's effect is not loaded: call "
                           "load_effects(ownable_cards(...)) before the games")


def _plain_actions() -> np.ndarray:
    """PLAIN[c]: c is an Action whose text is only its "+" numbers: one with
    no effect and no branch in ``resolve`` (read off its source, so that a
    card given a text there can never be played without it)."""
    source = inspect.getsource(resolve.py_func)
    special = {getattr(Card, m) for m in re.findall(r"c == Card\.(\w+)", source)}
    return np.array([(C.TYPES[c] & C.ACTION) != 0 and c not in special | EFFECTS.keys()
                     for c in range(NC)], dtype=np.bool_)


PLAIN = _plain_actions()


def _gains_unnamed() -> frozenset[int]:
    """Cards whose effect may gain a card no rule names: a required gain
    falls back to the dearest legal card (``gain_choice``).  Read off the
    effects' sources, so a new card that gains so can never be missed."""
    return frozenset(c for c, disp in EFFECTS.items()
                     if re.search(r"\bgain_(choice|up_to)\(", inspect.getsource(disp.py_func)))


GAINS_UNNAMED = _gains_unnamed()


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
    return in_game if owned & GAINS_UNNAMED else owned


@kernel_fn('void')
def play_action(z, deck, rng, fst, prog, p, c):
    """Play Action c from p's hand and resolve it and all it plays, in order."""
    z = _z_fixed(z)
    deck = _deck_fixed(deck)
    move(z, p, HAND, PLAY_ROW, c, _traced(z))
    _push(z, c)
    while z[GS, GS_STACK_N] > 0:              # Throne Room and Vassal push plays
        z[GS, GS_STACK_N] -= 1
        resolve(z, deck, rng, fst, prog, p, z[STACK, z[GS, GS_STACK_N]])


@njit(cache=True, inline="always", _nrt=False)
def action_phase(z, deck, rng, fst, prog, p, traced):
    h = p * PR + HAND
    while z[GS, GS_ACTIONS] > 0:
        c = _pick_held(z, fst, prog, p, PLAY, h, T_ACTION, True)
        if c < 0:
            return
        z[GS, GS_ACTIONS] -= 1
        if PLAIN[c] and not traced:          # no call: Smithy, Village ...
            move(z, p, HAND, PLAY_ROW, c, False)
            if P_CARDS[c]:
                _draw(z, deck, rng, p, P_CARDS[c], False)
            _plus(z, p, c, False)
        else:
            play_action(z, deck, rng, fst, prog, p, c)


@kernel_fn('void')
def _log_treasures(z, p):
    """Log the Buy phase's start and the Treasures about to be played."""
    hand = z[p * PR + HAND]
    _record(z, EV_BUY_PHASE, p, -1, z[GS, GS_COINS], 0, 0)
    for i in range(TREASURE_CARDS.shape[0]):
        c = TREASURE_CARDS[i]
        if hand[c]:
            _record(z, EV_MOVE, p, c, hand[c], HAND, PLAY_ROW)


@njit(cache=True, inline="always", _nrt=False)
def buy_phase(z, deck, fst, prog, p, traced):
    """Play every Treasure, then buy by the buy list, one rule per Buy."""
    hand, play = z[p * PR + HAND], z[p * PR + PLAY_ROW]
    if traced:
        _log_treasures(z, p)
    coins = 0
    played = 0
    for i in range(TREASURE_CARDS.shape[0]):
        c = TREASURE_CARDS[i]
        k = hand[c]
        coins += k * P_COINS[c]
        play[c] += k
        hand[c] = 0
        played += k
    z[_ps(p), PS_HAND_N] -= played
    # Merchant's +$1 for the first Silver, as a product: whether a Silver was
    # drawn is a coin toss, so a branch would be mispredicted half the time
    # (min, not > 0: LLVM turns a product with a comparison back into one)
    merchant = z[GS, GS_MERCHANT] * min(play[Card.SILVER], 1)
    z[GS, GS_COINS] += coins + merchant
    z[_ps(p), PS_TURN_COINS] = z[GS, GS_COINS]
    if traced:
        if merchant:
            _record(z, EV_PLUS_COINS, p, Card.MERCHANT, merchant, 0, 0)
        _record(z, EV_COINS, p, -1, z[GS, GS_COINS], 0, 0)
    while z[GS, GS_BUYS] > 0:
        c = _pick_supply(z, fst, prog, p, BUY, z[GS, GS_COINS], 0, True)
        if c < 0:
            return
        if traced:
            _record(z, EV_BUY, p, c, COST[c], 0, 0)
        _gain(z, deck, p, c, Z_SUPPLY, DISC, True, traced)
        z[GS, GS_COINS] -= COST[c]
        z[GS, GS_BUYS] -= 1


@njit(cache=True, inline="always", _nrt=False)
def cleanup(z, deck, rng, p, traced):
    if traced:                               # log each card moved
        _record(z, EV_CLEANUP, p, -1, 0, 0, 0)
        discard_all(z, p, PLAY_ROW)
        discard_all(z, p, HAND)
    else:                                    # the kinds p owns: all it can hold
        play, hand, disc = z[p * PR + PLAY_ROW], z[p * PR + HAND], z[p * PR + DISC]
        kinds = z[p * PR + KINDS]
        n = 0
        for i in range(U(z[_ps(p), PS_KINDS])):
            c = U(kinds[i])
            k = play[c] + hand[c]
            disc[c] += k
            play[c] = 0
            hand[c] = 0
            n += k
        z[_ps(p), PS_DISC_N] += n
        z[_ps(p), PS_HAND_N] = 0
    z[GS, GS_ACTIONS] = 0
    z[GS, GS_BUYS] = 0
    z[GS, GS_COINS] = 0
    z[GS, GS_MERCHANT] = 0
    _draw(z, deck, rng, p, 5, traced)


@kernel_fn('void')
def start_turn_log(z, p):
    """Count p's gains and buys from now on (for gained.* and bought.*)."""
    z[GS, GS_TURN_LOG] = p + 1
    for c in range(NC):
        z[GAINED, c] = 0
        z[BOUGHT, c] = 0


@njit(cache=True, inline="always", _nrt=False)
def begin_turn(z, prog, p):
    z[GS, GS_TURN_NO] = z[_ps(p), PS_TURNS] + 1
    if prog[P_FLAGS] & FLAG_TURN_LOG:
        start_turn_log(z, p)
    z[GS, GS_ACTIONS] = 1
    z[GS, GS_BUYS] = 1
    z[GS, GS_COINS] = 0
    z[GS, GS_MERCHANT] = 0


# A turn is written out twice, here and in ``play_game``, where it is
# untraced: an inlined helper holding the three phases would be copied
# whole, with all they inline, into its caller, and that copy took 7-12 s
# of a 76-90 s cold compile (numba's inliner; back-to-back compiles).  The
# trace = simulate tests (tests/test_gamelog.py) play the same games both ways.
@kernel_fn('void')
def take_turn(z, deck, rng, fst, prog, p):
    """One whole turn of p, logged if the game is traced: the turn of traced
    games and of conformance steps."""
    traced = _traced(z)
    begin_turn(z, prog, p)
    if traced:
        _record(z, EV_TURN, p, -1, z[GS, GS_TURN_NO], 0, 0)
    if z[_ps(p), PS_TYPE0 + ACTION_BIT] > 0:      # owns an Action card
        action_phase(z, deck, rng, fst, prog, p, traced)
    buy_phase(z, deck, fst, prog, p, traced)
    cleanup(z, deck, rng, p, traced)
    z[_ps(p), PS_TURNS] += 1


@njit(cache=True, inline="always", _nrt=False)
def game_over(z, p, turn_cap):
    """After p's turn: ENDED_* or NOT_ENDED."""
    if z[SUPPLY, Card.PROVINCE] == 0:
        return ENDED_PROVINCES
    if z[GS, GS_EMPTY] >= z[GS, GS_EMPTY_TO_END]:
        return ENDED_PILES
    if p == z[GS, GS_PLAYERS] - 1 and z[_ps(p), PS_TURNS] >= turn_cap:
        return ENDED_TURN_CAP
    return NOT_ENDED


@kernel_fn('void')
def score(z, vp, outcome):
    """Fill vp[p] and outcome[p] (0 loss, 1 sole win, 2 shared win)."""
    n = z[GS, GS_PLAYERS]
    best = -(1 << 30)
    for p in range(n):
        vp[p] = victory_points(z, p)
        best = max(best, vp[p])
    fewest = 1 << 30
    for p in range(n):
        if vp[p] == best:
            fewest = min(fewest, z[_ps(p), PS_TURNS])
    winners = 0
    for p in range(n):
        outcome[p] = 1 if vp[p] == best and z[_ps(p), PS_TURNS] == fewest else 0
        winners += outcome[p]
    if winners > 1:
        for p in range(n):
            outcome[p] *= 2


# ============================================================ whole games

def _pile_table() -> np.ndarray:
    t = np.zeros((MAXP + 1, NC), dtype=np.int32)
    for n in range(C.MIN_PLAYERS, MAXP + 1):
        for c in range(NC):
            t[n, c] = C.pile_size(c, n)
    return t


PILE = _pile_table()

@kernel_fn('void')
def setup_black_market(z, rng, kingdom):
    """The Black Market deck: one copy of each card marked IN_MARKET (the
    pool's kingdom cards not in the supply), shuffled from the game's seed."""
    n = 0
    for c in range(NC):
        if kingdom[c] == IN_MARKET:
            i = below(rng, n + 1)            # insert at a random place: a shuffle
            z[MARKET, n] = z[MARKET, i]
            z[MARKET, i] = c
            n += 1
    z[GS, GS_MARKET_N] = n
    for i in range(n):
        emit(z, EV_START, 0, z[MARKET, i], 1, 0, Z_BLACK_MARKET)


@kernel_fn('void')
def setup_game(z, deck, rng, kingdom, n, strat):
    """A fresh game from any z: supply for n players, 7 Copper + 3 Estate
    each, draw 5."""
    if _traced(z):                           # the event rows too
        z[:, :] = 0
    else:                                    # only the rows n players use
        z[:n * PR, :] = 0
        z[G:, :] = 0
    _deal(z, deck, rng, kingdom, n, strat)


@njit(cache=True, inline="always", _nrt=False)
def _clear_played(z):
    """Zero what an untraced game wrote, leaving z as zeroed for ``_deal``.

    Zeroing the rows took 100 of a game's 3,100 ns.  A card is counted in a
    zone, the trash, TMP, GAINED or BOUGHT only if some player owned it, so
    those rows are cleared at the columns of the KINDS lists.  SUPPLY and
    IN_GAME are written whole by ``_deal``; STACK and MARKET are read only
    below their lengths (GS row).  Only the last game's players have rows
    to clear: the rows of others are as zero as before it."""
    for p in range(z[GS, GS_PLAYERS]):
        kinds = z[p * PR + KINDS]
        for i in range(U(z[_ps(p), PS_KINDS])):
            c = U(kinds[i])
            for row in (HAND, PLAY_ROW, DISC, ASIDE, OWN):
                z[U(p * PR + row), c] = 0
            for row in (TRASH_ROW, TMP, GAINED, BOUGHT):
                z[row, c] = 0
            kinds[i] = 0
        for col in range(NC):
            z[_ps(p), col] = 0
    for col in range(NC):
        z[GS, col] = 0


@kernel_fn('void')
def _deal(z, deck, rng, kingdom, n, strat):
    """``setup_game`` on a zeroed z (SUPPLY and IN_GAME may hold anything)."""
    z = _z_fixed(z)
    for c in range(NC):
        in_supply = kingdom[c] == IN_SUPPLY
        z[IN_GAME, c] = in_supply
        z[SUPPLY, c] = PILE[n, c] if in_supply else 0
    z[GS, GS_PLAYERS] = n
    z[GS, GS_EMPTY_TO_END] = 4 if n >= 5 else 3
    for p in range(n):
        ps = _ps(p)
        z[ps, PS_STRAT] = strat[p]
        for i in range(10):
            deck[p, i] = Card.COPPER if i < 7 else Card.ESTATE
        z[ps, PS_DECK_N] = 10
        _own(z, p, Card.COPPER, 7)
        _own(z, p, Card.ESTATE, 3)
        emit(z, EV_START, p, Card.COPPER, 7, 0, Z_DECK)
        emit(z, EV_START, p, Card.ESTATE, 3, 0, Z_DECK)
        draw(z, deck, rng, p, 5)
    if kingdom[Card.BLACK_MARKET] == IN_SUPPLY:
        setup_black_market(z, rng, kingdom)


@njit(cache=True, inline="always", _nrt=False)
def seat_strategies(strat, entries, n, g):
    """Seats of game g: the entries rotated by g, so each sits everywhere."""
    for k in range(n):
        strat[k] = entries[(k + g % n) % n]


@kernel_fn('i8')
def play_game(z, deck, rng, fst, prog, kingdom, n, strat, turn_cap, per_turn):
    """Play one game that is not traced; return how it ended.

    Its turns are ``take_turn``'s, inlined, with the event log compiled out
    (a traced game is played by ``play_traced_game``, each turn a call).
    per_turn[s, t] accumulates, for strategy s's t-th turn (from 0), the VP
    after it, the coins it had to spend, and how many such turns there were;
    a per_turn with no turn axis (shape (s, 0, 3)) collects nothing.
    z must be zeros or as the last ``play_game`` left it (``_clear_played``).
    """
    z = _z_fixed(z)
    deck = _deck_fixed(deck)
    _clear_played(z)
    _deal(z, deck, rng, kingdom, n, strat)
    p = 0
    while True:
        begin_turn(z, prog, p)                   # take_turn, untraced
        if z[_ps(p), PS_TYPE0 + ACTION_BIT] > 0:
            action_phase(z, deck, rng, fst, prog, p, False)
        buy_phase(z, deck, fst, prog, p, False)
        cleanup(z, deck, rng, p, False)
        t = z[_ps(p), PS_TURNS]                  # this turn of p's, from 0
        z[_ps(p), PS_TURNS] = t + 1
        if t < per_turn.shape[1]:
            sums = per_turn[U(strat[p]), U(t)]
            sums[0] += victory_points(z, p)
            sums[1] += z[_ps(p), PS_TURN_COINS]
            sums[2] += 1
        ended = game_over(z, p, turn_cap)
        if ended != NOT_ENDED:
            return ended
        p = p + 1 if p + 1 < n else 0


@kernel_fn('i8')
def play_traced_game(z, deck, rng, fst, prog, kingdom, n, strat, turn_cap):
    """``play_game`` for a traced z, logging every event (no per-turn sums)."""
    setup_game(z, deck, rng, kingdom, n, strat)
    p = 0
    while True:
        take_turn(z, deck, rng, fst, prog, p)
        ended = game_over(z, p, turn_cap)
        if ended != NOT_ENDED:
            emit(z, EV_END, p, -1, ended, 0, 0)
            return ended
        p = p + 1 if p + 1 < n else 0


@_quick_load
@njit(cache=True, nogil=True)
def run_games(prog, kingdom, entries, n, seed, first, count, turn_cap, per_turn, hits,
              out_vp, out_turns, out_outcome, out_cards, out_curses, out_prov, out_end):
    """Play games first .. first+count-1; game g seats entries rotated by g % n.

    Results of game first+i go to row i of the out_* arrays; the per-turn
    sums (see ``play_game``) and the rule fire counts ``hits[rule row]`` are
    added to.  It holds no lock (``nogil``): the runner plays parts of a run
    on as many threads at once, each part with its own sums, which add up
    to the same totals whatever the parts.
    """
    z = np.zeros((NROWS, NC), dtype=np.int32)
    deck = np.zeros((MAXP, DECK_CAP), dtype=np.uint8)
    rng = np.zeros(2, dtype=np.uint64)
    fst = np.zeros(FST_HITS + hits.shape[0], dtype=np.float64)
    strat = np.zeros(MAXP, dtype=np.int32)
    vp = np.zeros(MAXP, dtype=np.int32)
    outcome = np.zeros(MAXP, dtype=np.int32)
    for i in range(count):
        g = first + i
        seat_strategies(strat, entries, n, g)
        seed_game(rng, seed, g)
        out_end[i] = play_game(z, deck, rng, fst, prog, kingdom, n, strat, turn_cap, per_turn)
        score(z, vp, outcome)
        for k in range(n):
            out_vp[i, k] = vp[k]
            out_turns[i, k] = z[_ps(k), PS_TURNS]
            out_outcome[i, k] = outcome[k]
            out_cards[i, k] = z[_ps(k), PS_OWN_N]
            out_curses[i, k] = z[k * PR + OWN, Card.CURSE]
            out_prov[i, k] = z[k * PR + OWN, Card.PROVINCE]
    for r in range(hits.shape[0]):
        hits[r] += np.int64(fst[FST_HITS + r])


@kernel_fn('void')
def emit_score(z):
    """Log each player's VP per Victory card and Curse (after the end event)."""
    for p in range(z[GS, GS_PLAYERS]):
        o = p * PR + OWN
        for i in range(VP_CARDS.shape[0]):
            c = VP_CARDS[i]
            if z[o, c]:
                emit(z, EV_VP, p, c, z[o, c], z[o, c] * VPS[c], 0)
        g = z[o, Card.GARDENS]
        if g:
            emit(z, EV_VP, p, Card.GARDENS, g, g * (z[_ps(p), PS_OWN_N] // XS[Card.GARDENS]), 0)


@_quick_load
@njit(cache=True)
def trace_game(prog, kingdom, entries, n, seed, g, turn_cap, z, vp, outcome):
    """Play game g of a run exactly as ``run_games`` does, logging its events
    into the rows of z past NROWS; returns how it ended."""
    deck = np.zeros((MAXP, DECK_CAP), dtype=np.uint8)
    rng = np.zeros(2, dtype=np.uint64)
    fst = np.zeros(64, dtype=np.float64)
    strat = np.zeros(MAXP, dtype=np.int32)
    _check_shapes(z, deck)
    seat_strategies(strat, entries, n, g)
    seed_game(rng, seed, g)
    ended = play_traced_game(z, deck, rng, fst, prog, kingdom, n, strat, turn_cap)
    score(z, vp, outcome)
    emit_score(z)
    return ended


@kernel_fn('i8')
def run_step(z, deck, rng, fst, prog, kind, card, turn_cap, vp, outcome):
    """One conformance step for player 0 on a position built by the caller.

    kind 0: play ``card`` from hand as the turn's Action; 1: a whole turn;
    2: only the end-of-game check.  Returns ENDED_* or NOT_ENDED, and fills
    vp/outcome whatever the result.
    """
    _check_shapes(z, deck)
    ended = NOT_ENDED
    if kind == 0:
        if prog[P_FLAGS] & FLAG_TURN_LOG:
            z[GS, GS_TURN_LOG] = 1             # the position is p0's turn so far
        z[GS, GS_ACTIONS] -= 1
        play_action(z, deck, rng, fst, prog, 0, card)
    elif kind == 1:
        take_turn(z, deck, rng, fst, prog, 0)
        ended = game_over(z, 0, turn_cap)
    else:
        ended = game_over(z, 0, turn_cap)
    score(z, vp, outcome)
    return ended

