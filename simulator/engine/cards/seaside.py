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

from simulator.engine.cards.spec import CardSpec, Choice, Choose

_ = CardSpec

CARDS: tuple[CardSpec, ...] = ()
# Durations whose next turn is "+" numbers, and Bazaar
CARDS += ()
# mats, set-aside cards and the extra turn
CARDS += (
    # Native Village: Test Native Village's registry data (its mechanism
    # tests: tests/mechanisms/mats.toml).  Seaside FAQ (2nd edition): you may
    # take the mat's cards when it is empty (nothing happens), and the mat's
    # cards are yours: they score at the end.  The default takes the mat once
    # it holds 4 cards, else builds it: bm-native-village (one, bought with
    # $2) 0.4741 [0.4710, 0.4772] against Big Money Ultimate; taking at 1
    # 0.4611, 2 0.4653, 3 0.4704, 5 0.4684, never building 0.4410; one bought
    # before Silver: at 4 0.3056, 3 0.2670, 5 0.2871, 8 0.2072, never taking
    # 0.2034, never building 0.1348 (100,000 games, seed 0).
    _("Native Village", 2, ("Action",),
      "+2 Actions. Choose one: Put the top card of your deck face down on your Native "
      "Village mat (you may look at those cards at any time); or put all the cards from "
      "your mat into your hand.",
      "Inboorlingendorp", "Eingeborenendorf", "原住民の村", unsure=("nl",), set="seaside",
      actions=2, roles=("village",), vs_bmu=0.4741, mat="native village", lists=("choose",),
      choose=Choose((Choice("mat", "deck to mat"), Choice("take", "mat to hand")),
                    default=("take if native_village_mat.size >= 4", "mat"))),
)
# hooks on gains and on other players' Treasures
CARDS += ()
# decisions on the hand and the deck's top
CARDS += ()
# the first edition's eight
CARDS += ()
