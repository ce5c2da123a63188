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

from simulator.engine.cards import base
from simulator.engine.cards.spec import CardSpec, Choice, Choose, OwnList

A, AA = ("Action",), ("Action", "Attack")
# Remodel's own list default, which Replace's own list shares (the same trash
# and gain; Replace's gain is better still: onto the deck, or Curses for the others)
_REMODEL = next(c for c in base.CARDS if c.name == "Remodel").own_list.default

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
    # Trading Post: a required trash of 2 (decide.required_trash, as
    # Steward's), a Silver to the hand only if 2 were trashed (the FAQ at
    # its effect).  Which 2: the trash list's default, then that order;
    # bm-trading-post (bought at any time) scores 0.4811 [0.4780, 0.4842]
    # with it against Big Money Ultimate, 0.4836 keeping Estates once 4
    # Provinces are left, 0.4321 trashing Coppers before Estates (100,000
    # games, seed 0; docs/strategies.md).
    _("Trading Post", 5, A,
      "Trash 2 cards from your hand. If you did, gain a Silver to your hand.",
      "Handelspost", "Handelsposten", "交易場", unsure=("nl", "ja"), set="intrigue", x=2,
      effect=True, roles=("trasher",), lists=("trash",), vs_bmu=0.5235),
    # Upgrade: a required trash (the trash list, then the default order), a
    # gain costing exactly $1 more (effects/intrigue.py, gain_exactly; the
    # FAQ there).  Without a trash list of its own file it trashes in the
    # required order (Curse, Estate, Copper, the cheapest), not by the trash
    # list's default: bm-upgrade scores 0.5340 [0.5309, 0.5371] against Big
    # Money Ultimate so, 0.5057 by the trash list's default (which keeps
    # Estates for Coppers after turn 10), 0.5316 keeping Estates once 2
    # Provinces are left (100,000 games, seed 0; docs/strategies.md).
    _("Upgrade", 5, A,
      "+1 Card, +1 Action. Trash a card from your hand. Gain a card costing exactly $1 more "
      "than it.",
      "Verbetering", "Anbau", "改良", unsure=("nl", "ja"), set="intrigue", cards=1, actions=1,
      x=1, effect=True, gains_any=True, roles=("cantrip", "trasher"), lists=("trash", "gain"),
      vs_bmu=0.5340),
    # Replace: Remodel's choice (effects/base.py, remodel_choice) by its own
    # list, whose default is Remodel's; the gained Action or Treasure onto
    # the deck, a Victory card a Curse for each other player (the FAQ at
    # its effect).  bm-replace scores 0.6072 [0.6042, 0.6102] against Big
    # Money Ultimate with that default, 0.4052 with "Curse, Estate, Copper"
    # (100,000 games, seed 0; docs/strategies.md).
    _("Replace", 5, AA,
      "Trash a card from your hand. Gain a card costing up to $2 more than it. If the gained "
      "card is an Action or Treasure, put it onto your deck; if it's a Victory card, each other "
      "player gains a Curse.",
      "Vervanging", "Austausch", "交換", unsure=("nl", "de", "ja"), set="intrigue", editions=(2,),
      x=2, effect=True, gains_any=True, roles=("trasher", "attack"), curses=True,
      lists=("replace", "trash", "gain"), nothing_now=True,
      own_list=OwnList("replace", "what Replace trashes (it then gains by the gain list, up to "
                       "$2 more: an Action or Treasure onto the deck, a Victory card gives "
                       "each other player a Curse)", _REMODEL),
      vs_bmu=0.6072),
)
