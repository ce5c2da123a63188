"""Seaside's effects: what a Seaside card's text does beyond its "+" numbers
and the registry data the kernel interprets (``NextTurn``, mats, ``WhenGain``).

Each ruling is quoted at its effect from the Seaside second-edition rulebook
and the official FAQ.
"""
from __future__ import annotations

from simulator.engine.cards import Card
from simulator.engine.effects.base import effect_witch
from simulator.engine.jit import effect

# Durations whose next turn is "+" numbers, and Bazaar

# Sea Witch: "+2 Cards. Each other player gains a Curse." now, Witch's text
# and code (each player hit gains a Curse, in turn order from the left; none
# left: nothing); its next turn is registry data (NextTurn: +2 Cards, then
# discard 2).
effect_sea_witch = effect(Card.SEA_WITCH)(effect_witch.py_func)
