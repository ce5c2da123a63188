"""Intrigue's cards (second edition, and the first edition's six that left it).

Rows are appended in the order the cards are added, after the base game's
(``base.py``), so that no card id ever changes.  Like the promos, these cards
are played only when a kingdom or a strategy names them: random kingdoms,
the filler and the Black Market deck come from ``kingdom.DRAWN_SETS``.

``vs_bmu`` is the score of the card's single-card Big Money bot against Big
Money Ultimate (100,000 games, seed 0: docs/strategies.md, "Shipped bots and
how they do").
"""
from __future__ import annotations

from simulator.engine.cards.spec import CardSpec

CARDS: tuple[CardSpec, ...] = ()
