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

from simulator.engine.cards.spec import CardSpec, Choice, Choose

A = ("Action",)

_ = CardSpec
CARDS: tuple[CardSpec, ...] = (
    # Steward: the FAQ (Intrigue 2E rulebook): "you choose one of the three
    # options and do it; ... If you choose to trash 2 cards and have only
    # one card in hand, you trash that card."  The trash is required
    # (decide.required_trash: the trash list, then the default order).
    # The default choice trashes 2 junk cards, or early (a deck of 14 cards
    # or fewer) an Estate or Curse with a Copper, else draws: bm-steward
    # scores 0.6533 [0.6504, 0.6563] against Big Money Ultimate with it,
    # 0.6020 with "trash 2 junk, else cards", 0.5411 with "cards" and 0.4899
    # with "coins" (100,000 games, seed 0; docs/strategies.md, "Defaults and
    # how they were chosen").
    _("Steward", 3, A,
      "Choose one: +2 Cards; or +$2; or trash 2 cards from your hand.",
      "Rentmeester", "Verwalter", "執事", unsure=("nl", "ja"), set="intrigue",
      roles=("draw", "trasher", "payload"), lists=("choose", "trash"), draws=2, money=2, vs_bmu=0.6533,
      choose=Choose((Choice("cards", "+cards", 2), Choice("coins", "+coins", 2),
                     Choice("trash", "trash", 2)),
                    default=("trash if hand.Curse + hand.Estate >= 2",
                             "trash if hand.Curse + hand.Estate >= 1 and hand.Copper >= 1 "
                             "and my.cards <= 14",
                             "cards"))),
    # Ironworks: Workshop's gain (the gain list, else gain_choice's fallback),
    # then a bonus for each type of the gained card (effects/intrigue.py,
    # the FAQ there).  Its gain list defaults to the buy list: bm-ironworks
    # without a gain list of its own scores 0.6159 [0.6128, 0.6189] against
    # Big Money Ultimate, 0.5591 gaining only Silvers; it ships gaining an
    # Estate once 4 or fewer Provinces are left, 0.6307 [0.6277, 0.6337]
    # (100,000 games, seed 0; docs/strategies.md).
    _("Ironworks", 4, A,
      "Gain a card costing up to $4. If the gained card is an… Action card, +1 Action; "
      "Treasure card, +$1; Victory card, +1 Card.",
      "IJzergieterij", "Eisenhütte", "鉄工所", unsure=("nl",), set="intrigue", x=4,
      effect=True, gains_any=True, roles=("gainer",), lists=("gain",), money=1,
      vs_bmu=0.6307),
)
