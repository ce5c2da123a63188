"""The card registry says what the engine does: every fact the kernel reads
from it (which cards have an effect, which may gain a card no list names)
agrees with the effects as written."""
from __future__ import annotations

import inspect
import re

from simulator.engine import cards as C
from simulator.engine import effects  # noqa: F401  (registers every effect)
from simulator.engine import kernel as K
from simulator.engine.cards import Card
from simulator.engine.jit import EFFECTS


def test_the_cards_with_an_effect_are_those_with_code():
    # Merchant's bonus is written in the turn itself (kernel.resolve)
    assert set(map(int, C.EFFECT.nonzero()[0])) == set(EFFECTS) | {Card.MERCHANT}
    assert "Card.MERCHANT" in inspect.getsource(K.resolve.py_func)


def test_plain_actions_are_the_actions_without_an_effect():
    plain = {C.NAMES[c] for c in range(C.NCARDS) if K.PLAIN[c]}
    assert plain == {"Moat", "Village", "Smithy", "Festival", "Laboratory", "Market",
                     "Woodcutter"}


def test_cards_that_gain_by_fallback_are_marked():
    # an effect that asks gain_choice / gain_up_to may gain any card of the game
    falls_back = {c for c, disp in EFFECTS.items()
                  if re.search(r"\bgain_(choice|up_to)\(", inspect.getsource(disp.py_func))}
    assert falls_back == set(C.GAINS_ANY)


def test_a_card_counts_as_each_of_its_types_however_many():
    from simulator.engine.codes import PS_TYPE0, type_columns
    n, cols = type_columns([C.ACTION, C.ACTION | C.ATTACK | C.REACTION, C.TREASURE | C.VICTORY])
    assert n.tolist() == [1, 3, 2]
    bit = {C.ACTION: 0, C.ATTACK: 4, C.REACTION: 5, C.TREASURE: 1, C.VICTORY: 2}
    assert cols[1].tolist() == [PS_TYPE0 + bit[C.ACTION], PS_TYPE0 + bit[C.ATTACK],
                                PS_TYPE0 + bit[C.REACTION]]
    assert cols[2].tolist() == [PS_TYPE0 + bit[C.TREASURE], PS_TYPE0 + bit[C.VICTORY], -1]


def test_owning_a_card_of_two_types_counts_it_in_both():
    from simulator.engine import codes as S
    from simulator.engine.zones import recount
    import numpy as np
    z = np.zeros((S.NROWS, S.NC), np.int32)
    z[S.OWN, Card.MOAT] = 2                   # Action - Reaction
    z[S.OWN, Card.MILITIA] = 1                # Action - Attack
    recount(z, 0)
    ps = z[S.PS]
    assert ps[S.PS_TYPE0 + 0] == 3            # Actions
    assert ps[S.PS_TYPE0 + 5] == 2            # Reactions
    assert ps[S.PS_TYPE0 + 4] == 1            # Attacks
    assert ps[S.PS_OWN_N] == 3


def test_condition_words_address_a_thousand_card_columns():
    from simulator.engine import codes as S
    from simulator.engine import program as PG
    assert S.COL_BITS >= 10 and np_iinfo_max(S.DECK_DTYPE) >= (1 << S.COL_BITS) - 1
    op, arg = PG._cell_word(PG.OP_SUPPLY, 1000)
    assert op == PG.OP_GCELL and (arg >> S.COL_BITS, arg & S.COL_MASK) == (S.SUPPLY, 1000)
    # a ratio word keeps the whole cell word below its divisor
    node = PG._quotient_word(PG.OP_DIV, ("word", op, arg), ("word", PG.OP_CONST, 11))
    assert node[2] >> PG.Q_SHIFT == 11 and node[2] & PG.Q_CELL == arg


def np_iinfo_max(dtype) -> int:
    import numpy as np
    return int(np.iinfo(dtype).max)
