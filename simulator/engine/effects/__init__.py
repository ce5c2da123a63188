"""Card effects, one module per set: what each card's text does beyond its
"+" numbers.  Importing this package registers every effect (``@effect``);
``load_effects`` compiles the ones a run needs.

The turn (``simulator.engine.kernel``) never imports this package: it calls
an effect by the address ``load_effects`` records, and reads from the card
registry which cards have one (``cards.EFFECT``).
"""
from __future__ import annotations

from numba.core.compiler_lock import global_compiler_lock

from simulator.engine.effects import base  # noqa: F401  (registers the base set's effects)
from simulator.engine.effects import intrigue  # noqa: F401  (Intrigue's)
from simulator.engine.effects import seaside  # noqa: F401  (Seaside's)
from simulator.engine import cards as C
from simulator.engine import kernel  # noqa: F401  (registers the mechanisms)
from simulator.engine.jit import (EFFECT_AT, EFFECTS, MECH_CHOOSE, MECH_FROM_PLAY,
                                  MECH_GAINED, MECH_KEEP, MECH_REACT, MECH_START, MECH_STAY,
                                  MECH_TREASURE, MECH_TREASURE_PLAY)


def _slots(cards: set[int]) -> set[int]:
    """The effects these cards have and the mechanisms they use."""
    slots = cards & EFFECTS.keys()
    if any(C.CHOOSE_PICK[c] for c in cards):
        slots.add(MECH_CHOOSE)
    if any(C.TABLE[c].on_attack for c in cards):
        slots.add(MECH_REACT)
    if any(C.TYPES[c] & C.DURATION for c in cards):
        slots |= {MECH_STAY, MECH_KEEP, MECH_START}
    if cards & C.GAIN_WATCHERS:
        slots.add(MECH_GAINED)
    if any(C.TABLE[c].on_treasure for c in cards):
        slots.add(MECH_TREASURE)
    if any(C.TABLE[c].from_play for c in cards):
        slots.add(MECH_FROM_PLAY)
    if any(kernel.TREASURE_MORE[c] for c in cards):
        slots.add(MECH_TREASURE_PLAY)
    return slots


def load_effects(cards) -> None:
    """Make the effects of these cards callable: compile each (or load it
    from the cache) and record its address, once per process.  Load those of
    every card a player of the game can own (``ownable_cards``); playing a
    card whose effect is not loaded stops the run.  Safe from several
    threads at once (the jobs of one run): one lock covers it all."""
    with global_compiler_lock:
        for c in sorted(_slots({int(c) for c in cards})):
            if not EFFECT_AT[c]:
                disp = EFFECTS[c]
                disp._declare()
                cres = disp.overloads[disp.declared.args]
                EFFECT_AT[c] = cres.library.get_pointer_to_function(
                    cres.fndesc.llvm_func_name)
