"""Seaside's cards (second edition, and the first edition's eight that left it).

Rows are appended in the order the cards are added, after Intrigue's, so
that no card id ever changes.  Like Intrigue's, these cards are played only
when a kingdom or a strategy names them (``kingdom.DRAWN_SETS``).

Seaside is the set of Durations (``NextTurn``: what a card does at the start
of its owner's next turn; the kernel keeps it in play until then), mats
(``spec.MATS``), an extra turn (Outpost) and hooks on other players' gains
(``WhenGain``) and Treasures (``OnTreasure``): each is registry data the
kernel interprets, tested on the cards of ``tests/cards_for_tests.py``.

``vs_bmu`` is the score of the card's single-card Big Money bot against Big
Money Ultimate (100,000 games, seed 0: docs/strategies.md, "Shipped bots and
how they do").
"""
from __future__ import annotations

from simulator.engine.cards.spec import CardSpec

CARDS: tuple[CardSpec, ...] = ()
# Durations whose next turn is "+" numbers, and Bazaar
CARDS += ()
# mats, set-aside cards and the extra turn
CARDS += ()
# hooks on gains and on other players' Treasures
CARDS += ()
# decisions on the hand and the deck's top
CARDS += ()
# the first edition's eight
CARDS += ()

# The recommended sets of the second-edition Seaside rulebook, by name: two
# with Seaside alone, two with the base set (its base cards first).  The
# lists are the (issue 31, from one source); a second source (a
# public randomizer's array of official kingdoms, found with the search
# tools) gives the same Reach for Tomorrow and Repetition; High Seas and
# Buried Treasure are UNCONFIRMED by a second source, and a third list of
# Repetition (with Cutpurse and Salvager for Remodel and Sea Chart) was
# found in a source that mixes editions.  A kingdom naming a card not in the
# registry yet waits in ``C.INCOMPLETE_KINGDOMS``.
RECOMMENDED: dict[str, tuple[str, ...]] = {
    "High Seas": ("Bazaar", "Blockade", "Caravan", "Corsair", "Haven", "Island", "Lookout",
                  "Pirate", "Warehouse", "Wharf"),
    "Buried Treasure": ("Astrolabe", "Cutpurse", "Fishing Village", "Lighthouse", "Monkey",
                        "Outpost", "Sailor", "Sea Chart", "Tactician", "Treasure Map"),
    "Reach for Tomorrow": ("Artisan", "Cellar", "Council Room", "Vassal", "Village",
                           "Cutpurse", "Lookout", "Monkey", "Sea Witch", "Treasure Map"),
    "Repetition": ("Festival", "Harbinger", "Militia", "Remodel", "Workshop", "Caravan",
                   "Outpost", "Pirate", "Sea Chart", "Treasury"),
}
