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
