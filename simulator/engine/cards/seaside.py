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

from simulator.engine.cards.spec import CardSpec, Choice, FromPlay, May

A = ("Action",)
_ = CardSpec

CARDS: tuple[CardSpec, ...] = ()
# Durations whose next turn is "+" numbers, and Bazaar
CARDS += ()
# mats, set-aside cards and the extra turn
CARDS += ()
# hooks on gains and on other players' Treasures
CARDS += ()
# decisions on the hand and the deck's top
CARDS += (
    # Warehouse: its discard is the kernel's required discard (Torturer's,
    # Diplomat's: the discard list, then the default discard order).  The
    # Seaside FAQ: "If you do not have 3 cards in hand after drawing, you
    # discard what you have"; the drawn cards may be among those discarded.
    # The default (the discard list's: dead cards, then Copper, the
    # cheapest): bm-warehouse 0.5301 [0.5270, 0.5331] against Big Money
    # Ultimate; Copper before the dead cards 0.2701 [0.2674, 0.2729], Silver
    # before Copper 0.3147 [0.3118, 0.3176] (100,000 games, seed 0).
    _("Warehouse", 3, A, "+3 Cards, +1 Action. Discard 3 cards.",
      "Pakhuis", "Lagerhaus", "倉庫", unsure=("nl", "ja"), set="seaside",
      cards=3, actions=1, roles=("cantrip",), lists=("discard",), vs_bmu=0.5301,
      does=(Choice("warehouse", "discard", 3),)),
    # Salvager: its effect (effects/seaside.py).  Without an explicit trash
    # list it trashes a Curse or an Estate, else the Treasure (or an Action
    # no Action is left to play) whose +$ leaves the buy list taking the
    # dearest card, the cheapest such card (a Gold only when it makes a
    # better buy than a cheaper card does), else the cheapest card:
    # bm-salvager 0.5132 [0.5101, 0.5163] against Big Money Ultimate;
    # Curse, Estate, Copper, the cheapest (Upgrade's order) 0.4365 [0.4334,
    # 0.4395]; the trash list's default (Chapel's), then this 0.4127
    # [0.4096, 0.4157]; a Treasure only when it lifts the buy, else a Copper
    # (with Big Money Ultimate's Province rule) 0.4724 [0.4693, 0.4755]
    # against 0.5067 for the default (100,000 games, seed 0).
    _("Salvager", 4, A, "+1 Buy. Trash a card from your hand. +$ equal to its cost.",
      "Berger", "Müllverwerter", "引揚水夫", unsure=("nl", "de", "ja"), set="seaside",
      buys=1, effect=True, roles=("trasher", "plus_buy", "payload"), lists=("trash",),
      vs_bmu=0.5132),
    # Lookout: Test Lookout's text as data (the op "look, trash, discard":
    # simulator/engine/deck_answers.py quotes the Seaside FAQ: trash, then
    # discard, then put back; with 2 cards trash one and discard the other,
    # with 1 trash it).  The default lists (trash: the trash list's, then
    # Curse, Estate, Copper, the cheapest; discard: the discard list's, then
    # DISCARD_ORDER; one card back, no order to choose): bm-lookout 0.4446
    # [0.4415, 0.4477] against Big Money Ultimate; trash = ["Curse",
    # "Estate", "Copper"] 0.4406 [0.4376, 0.4437]; bought in the opening
    # 0.3907 [0.3876, 0.3937] with the default, 0.3900 with that list
    # (100,000 games, seed 0).
    _("Lookout", 3, A,
      "+1 Action. Look at the top 3 cards of your deck. Trash one of them. Discard one of "
      "them. Put the other one back on top of your deck.",
      "Uitkijk", "Ausguck", "見張り", unsure=("nl", "ja"), set="seaside", actions=1,
      roles=("trasher",), lists=("trash", "discard", "order"), vs_bmu=0.4446,
      does=(Choice("lookout", "look, trash, discard", 3),)),
    # Sea Chart: its effect (effects/seaside.py); nothing to decide.
    # bm-sea-chart (one, once 6 or fewer Provinces are left) 0.4659 [0.4628,
    # 0.4690] against Big Money Ultimate; from the opening 0.3140, from 16
    # cards 0.4236 (100,000 games, seed 0).
    _("Sea Chart", 3, A,
      "+1 Card, +1 Action. Reveal the top card of your deck. If you have a copy of it in "
      "play, put it into your hand.",
      "Zeekaart", "Seekarte", "海図", unsure=("nl", "de", "ja"), set="seaside", editions=(2,),
      cards=1, actions=1, effect=True, roles=("cantrip",), draws=1, vs_bmu=0.4659),
    # Treasury: Test New Treasury's row with its real name (FromPlay "end
    # of buy phase", "no victory gained in buy phase": from_play.py cites
    # the FAQ), the 2nd edition's text.  The registry holds one printing a
    # name, so the 1st edition's ("When you discard this from play, if you
    # didn't buy a Victory card this turn": Test Treasury's FromPlay) is not
    # played by --edition 1.  Its may's default (yes): bm-treasury 0.6314
    # [0.6284, 0.6344] against Big Money Ultimate; never 0.5446 [0.5415,
    # 0.5476]; "supply.Province > 1" 0.6246 [0.6216, 0.6276] (100,000
    # games, seed 0).
    _("Treasury", 5, A,
      "+1 Card, +1 Action, +$1. At the end of your Buy phase this turn, if you didn't gain "
      "a Victory card in it, you may put this onto your deck.",
      "Schatkamer", "Schatzkammer", "宝物庫", unsure=("nl", "ja"), set="seaside",
      cards=1, actions=1, coins=1, roles=("cantrip", "payload"), lists=("may",),
      may=May("put it onto the deck at the end of the Buy phase", "yes"), vs_bmu=0.6314,
      from_play=FromPlay("end of buy phase", "no victory gained in buy phase")),
)
# the first edition's eight
CARDS += ()
