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

from simulator.engine.cards.spec import CardSpec, NextTurn

CARDS: tuple[CardSpec, ...] = ()
# Durations whose next turn is "+" numbers, and Bazaar
_, A, AD = CardSpec, ("Action",), ("Action", "Duration")
CARDS += (
    # Bazaar: "+" numbers only.
    _("Bazaar", 5, A, "+1 Card, +2 Actions, +$1.",
      "Bazaar", "Bazar", "バザー", unsure=("ja",), set="seaside", cards=1, actions=2,
      coins=1, roles=("village", "cantrip", "payload"), vs_bmu=0.5477),
    # Caravan, Fishing Village, Merchant Ship, Wharf and Lighthouse: their
    # next turn is "+" numbers (NextTurn), the kernel's Duration steps keep
    # them in play until that turn's clean-up (kernel.duration_played); the
    # rules of the Seaside 2E rulebook, "Duration cards": "Duration cards
    # stay in front of you until the Clean-up of the last turn on which they
    # do something"; Throne Room on one stays out with it.
    _("Caravan", 4, AD, "+1 Card, +1 Action. At the start of your next turn, +1 Card.",
      "Karavaan", "Karawane", "隊商", unsure=("ja",), set="seaside", cards=1, actions=1,
      roles=("cantrip",), next_turn=NextTurn(cards=1), vs_bmu=0.5138),
    _("Fishing Village", 3, AD,
      "+2 Actions, +$1. At the start of your next turn: +1 Action and +$1.",
      "Vissersdorp", "Fischerdorf", "漁村", unsure=("ja",), set="seaside", actions=2,
      coins=1, roles=("village", "payload"), money=2, next_turn=NextTurn(actions=1, coins=1),
      vs_bmu=0.4456),
    _("Merchant Ship", 5, AD, "Now and at the start of your next turn: +$2.",
      "Handelsschip", "Handelsschiff", "商船", unsure=("ja",), set="seaside", coins=2,
      roles=("payload",), money=4, next_turn=NextTurn(coins=2), vs_bmu=0.7351),
    _("Wharf", 5, AD, "Now and at the start of your next turn: +2 Cards and +1 Buy.",
      "Scheepswerf", "Werft", "船着場", unsure=("ja",), set="seaside", cards=2, buys=1,
      roles=("draw", "plus_buy"), next_turn=NextTurn(cards=2, buys=1), vs_bmu=0.8644),
    # Lighthouse: the Seaside 2E FAQ: "[it] protects you ... until the start
    # of your next turn"; in the hand it does nothing (blocks "in play").
    _("Lighthouse", 2, AD,
      "+1 Action, +$1. At the start of your next turn: +$1. Until then, when another "
      "player plays an Attack card, it doesn't affect you.",
      "Vuurtoren", "Leuchtturm", "灯台", unsure=("ja",), set="seaside", actions=1, coins=1,
      roles=("payload",), money=2, next_turn=NextTurn(coins=1), blocks="in play",
      vs_bmu=0.5169),
    # Tide Pools and Sea Witch: "at the start of your next turn ... discard 2
    # cards" (NextTurn discard, after the draws; required: the discard list,
    # then its default order: Curses and Victory cards, Copper, the cheapest).
    # The default measured (100,000 games, seed 0, against Big Money
    # Ultimate): bm-tide-pools 0.5208 [0.5177, 0.5239], discarding Coppers
    # first 0.4229 [0.4199, 0.4260]; bm-sea-witch 0.9795 [0.9786, 0.9804],
    # Coppers first 0.9563 [0.9550, 0.9576], Golds and Silvers first 0.8292
    # [0.8268, 0.8315] (docs/strategies.md, "Defaults and how they were chosen").
    _("Tide Pools", 4, AD,
      "+3 Cards, +1 Action. At the start of your next turn, discard 2 cards.",
      "Getijdenpoelen", "Gezeitenbecken", "潮溜まり", unsure=("ja",), set="seaside",
      editions=(2,), cards=3, actions=1, roles=("draw", "cantrip"), lists=("discard",),
      next_turn=NextTurn(discard=2), vs_bmu=0.5208),
    # Sea Witch: its Curse is its attack, Witch's (a Moat or a Lighthouse keeps
    # a player out); "+2 Cards, then discard 2 cards" next turn.
    _("Sea Witch", 5, ("Action", "Duration", "Attack"),
      "+2 Cards. Each other player gains a Curse. At the start of your next turn, +2 Cards, "
      "then discard 2 cards.",
      "Zeekol", "Meerhexe", "海の魔女", unsure=("ja",), set="seaside", editions=(2,),
      cards=2, effect=True, curses=True, roles=("draw", "attack"), lists=("discard",),
      next_turn=NextTurn(cards=2, discard=2), vs_bmu=0.9795),
    # Astrolabe: a Treasure-Duration, played in the Buy phase with the other
    # Treasures: its $1 and +1 Buy now (kernel.treasure_more), the same at
    # the start of the next turn (NextTurn), in play until then (Seaside 2E
    # rulebook: Duration cards stay in play until the clean-up of the last
    # turn on which they do something; a Throne Room cannot play it).
    _("Astrolabe", 3, ("Treasure", "Duration"),
      "Now and at the start of your next turn: $1, +1 Buy.",
      "Sextant", "Astrolabium", "アストロラーベ", unsure=("ja",), set="seaside",
      editions=(2,), coins=1, buys=1, roles=("plus_buy", "payload"), money=2,
      next_turn=NextTurn(coins=1, buys=1), vs_bmu=0.4927),
    # Tactician: its play discards the hand and is due next turn, if the hand
    # has a card (discards_hand; kernel.duration_played).  The Seaside 2E
    # FAQ: with no cards in hand it does nothing and is discarded that turn;
    # Throne Room on it: the second play finds an empty hand and does nothing
    # (the Throne Room stays with the first).  Its text gives the turn
    # nothing now: played last by default (nothing_now); no decision.
    _("Tactician", 5, AD,
      "If you have at least one card in hand: Discard your hand, and at the start of your "
      "next turn, +5 Cards, +1 Action, and +1 Buy.",
      "Strateeg", "Taktiker", "策士", unsure=("ja",), set="seaside", roles=("draw",),
      nothing_now=True, discards_hand=True, next_turn=NextTurn(cards=5, actions=1, buys=1),
      vs_bmu=0.5987),
)
# mats, set-aside cards and the extra turn
CARDS += ()
# hooks on gains and on other players' Treasures
CARDS += ()
# decisions on the hand and the deck's top
CARDS += ()
# the first edition's eight
CARDS += ()
