"""numba plumbing: how the kernel's functions are declared, compiled,
cached and called.

Every function below the entry points is compiled with ``_nrt=False``: none
allocates, and without it each call passing arrays paid two atomic
reference counts per array, most of the time under perf.  Each
gets one signature read off its parameter names (``kernel_fn``), compiled
on first use; helpers inlined at several sites are compiled once and
inlined by LLVM (``inline=True``), which costs a cold start far less than
numba's own inlining.  A card's effect is compiled on its own and called by
address (``EFFECT_AT``), so a run compiles only the effects of the cards its
players can own.  docs/performance.md has the measurements behind each
choice here and in the kernel.
"""

from __future__ import annotations

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
from simulator.engine.codes import DECK_CAP, NC

# ============================================================ compiled signatures
# Each called function gets one signature, read off its parameter names, so
# numba compiles it once: left to infer, a helper called with an int32 here
# and a literal there was compiled up to 67 times, minutes of start-up.
ARG_TYPES = {
    "z": nb.int32[:, ::1], "deck": nb.uint16[:, ::1], "rng": nb.uint64[::1],
    "fst": nb.float64[::1], "prog": nb.int32[::1], "kingdom": nb.int32[::1],
    "strat": nb.int32[::1], "vp": nb.int32[::1], "outcome": nb.int32[::1],
    "per_turn": nb.int64[:, :, ::1],
    "order": nb.types.Array(nb.int32, 1, "C", readonly=True),
    "default": nb.boolean, "traced": nb.boolean, "bought": nb.boolean,
}
RETURN_TYPES = {"void": nb.void, "i8": nb.int64, "b1": nb.boolean, "f8": nb.float64}


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

    That refresh imports and registers all of numba's implementations, a
    fifth of a warm start, and loaded machine code uses none of them: it needs
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
# linked into ``resolve`` and again into each of its callers, which tripled
# a cold start (docs/performance.md, "Start-up").
EFFECTS: dict[int, CPUDispatcher] = {}       # card id (or mechanism slot) -> its code
# The same holds for the mechanisms only some cards use ("choose one", the
# Reactions with an effect of their own): each is compiled when a card of
# the game needs it (``MECHANISM_CARDS``), its address kept after the cards'.
# The Duration cards' three steps are such mechanisms too: a play that stays
# out, clean-up keeping it in play, the start of the next turn; the hooks
# on gains (Monkey, Smugglers' record, Blockade, Sailor, Pirate), on other
# players' Treasures (Corsair) and on cards leaving play (Treasury), which
# the turn calls only once a game has loaded them (``call_if_loaded``); and a
# Treasure's play that does more than its $ (Astrolabe: +1 Buy, a Duration).
(MECH_CHOOSE, MECH_REACT, MECH_STAY, MECH_KEEP, MECH_START, MECH_GAINED, MECH_TREASURE,
 MECH_FROM_PLAY, MECH_TREASURE_PLAY) = range(NC, NC + 9)      # slots in EFFECT_AT
NSLOTS = NC + 9
EFFECT_AT = np.zeros(NSLOTS, dtype=np.int64)  # slot -> its code's address, 0: not loaded
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


def mechanism(slot: int):
    """Register the code of a mechanism (``MECH_*``): called by address like
    an effect, with the card that asks for it as a last argument."""
    def wrap(fn):
        EFFECTS[slot] = disp = kernel_fn('void')(fn)
        return disp
    return wrap


@intrinsic
def _effect_at(typingctx, slot):
    """EFFECT_AT[slot], read through its symbol."""
    def codegen(context, builder, signature, args):
        table = builder.module.globals.get(_EFFECT_AT_SYMBOL)
        if table is None:
            table = llvm_ir.GlobalVariable(builder.module,
                                           llvm_ir.ArrayType(llvm_ir.IntType(64), NSLOTS),
                                           name=_EFFECT_AT_SYMBOL)
        zero = llvm_ir.Constant(llvm_ir.IntType(64), 0)
        return builder.load(builder.gep(table, [zero, args[0]]))
    return nb.int64(slot), codegen


def _call_at(context, builder, signature, args):
    """Call the void function at address args[0] with the other arguments
    (numba's own calling convention; an exception it raises passes on)."""
    argtys = signature.args[1:]
    fnty = context.call_conv.get_function_type(nb.void, argtys)
    fn = builder.inttoptr(args[0], fnty.as_pointer())
    status, _ = context.call_conv.call_function(builder, fn, nb.void, argtys, args[1:])
    # return_status_propagate returns from the caller whatever the status:
    # only on an error (an effect followed by more of the card's text, a
    # Duration's stay, went unrun when it was called unconditionally)
    with builder.if_then(status.is_error, likely=False):
        context.call_conv.return_status_propagate(builder, status)
    return context.get_dummy_value()


@intrinsic
def _call_effect(typingctx, address, z, deck, rng, fst, prog, p):
    """Call the effect at ``address``."""
    return nb.void(address, z, deck, rng, fst, prog, p), _call_at


@intrinsic
def _call_mechanism(typingctx, address, z, deck, rng, fst, prog, p, c):
    """Call the mechanism at ``address`` for card c."""
    return nb.void(address, z, deck, rng, fst, prog, p, c), _call_at


@njit(cache=True, inline="always", _nrt=False)
def call_if_loaded(slot, z, deck, rng, fst, prog, p, c):
    """Call mechanism ``slot`` for card c if this process loaded it: a hook
    the turn calls at every gain or turn start costs the base game one load
    and a branch, and compiles nothing of the hook into it.  Loaded once,
    it runs in every later game of the process too, where it finds no card
    of its own and does nothing."""
    at = _effect_at(slot)
    if at:
        _call_mechanism(at, z, deck, rng, fst, prog, p, c)


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
