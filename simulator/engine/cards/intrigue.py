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

from simulator.engine.cards.spec import CardSpec, Choice, Choose, May, OnAttack

A = ("Action",)
AV = ("Action", "Victory")
AR = ("Action", "Reaction")

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
    # i30b: Shanty Town, Conspirator, Mining Village, Mill, Baron, Bridge,
    # Diplomat (effects/intrigue.py; each row's comment gives its default's
    # measurement, docs/strategies.md "Defaults and how they were chosen")
    _("Shanty Town", 3, A,
      "+2 Actions. Reveal your hand. If you have no Action cards in hand, +2 Cards.",
      "Sloppenwijk", "Armenviertel", "貧民街", unsure=("nl", "ja"), set="intrigue",
      actions=2, x=2, effect=True, roles=("village",), vs_bmu=0.5434),
    _("Conspirator", 4, A,
      "+$2. If you've played 3 or more Actions this turn (counting this), +1 Card and "
      "+1 Action.",
      "Samenzweerder", "Verschwörer", "共謀者", unsure=("nl", "ja"), set="intrigue",
      coins=2, x=3, effect=True, counts_plays=True, roles=("payload",), vs_bmu=0.4870),
    # Mining Village's may (trash it for +$2): by default when the +$2 changes
    # what the buy list takes with the hand's money; bm-mining-village scores
    # 0.4804 [0.4773, 0.4835] with it, 0.3775 [0.3745, 0.3805] trashing it
    # always and 0.3105 [0.3077, 0.3134] never (100,000 games, seed 0).
    _("Mining Village", 4, A,
      "+1 Card, +2 Actions. You may trash this for +$2.",
      "Mijndorp", "Bergwerk", "鉱山の村", unsure=("nl", "ja"), set="intrigue",
      cards=1, actions=2, x=2, effect=True, trashes_self=True, roles=("village", "payload"),
      lists=("may",), may=May("trash it for +$2", "when the +$2 changes this turn's buy"),
      vs_bmu=0.4804),
    # Mill's may (discard 2 for +$2): by default with 2 Victory cards or
    # Curses in hand, or one and a Copper (it gains money); bm-mill scores
    # 0.7188 [0.7160, 0.7215] with it, 0.6581 [0.6552, 0.6611] discarding
    # whenever it may and 0.3271 [0.3242, 0.3300] never (100,000 games, seed 0).
    _("Mill", 4, AV,
      "+1 Card, +1 Action. You may discard 2 cards. If you do, +$2. 1 VP.",
      "Molen", "Mühle", "風車", unsure=("nl", "ja"), set="intrigue", editions=(2,),
      cards=1, actions=1, vp=1, x=2, effect=True, roles=("cantrip", "payload"),
      lists=("may", "discard"),
      may=May("discard 2 cards for +$2", "with 2 Victory cards or Curses in hand, or one and "
              "a Copper"), vs_bmu=0.7188),
    # Baron's may (discard an Estate for +$4): yes whenever it has one;
    # bm-baron scores 0.6256 [0.6226, 0.6286] with it and 0.0443 [0.0430,
    # 0.0456] never discarding (gaining an Estate each play; 100,000 games).
    _("Baron", 4, A,
      "+1 Buy. You may discard an Estate for +$4. If you don't, gain an Estate.",
      "Baron", "Baron", "男爵", unsure=("nl", "ja"), set="intrigue",
      buys=1, x=4, effect=True, roles=("payload", "plus_buy"), lists=("may",),
      may=May("discard an Estate for +$4", "yes"), money=2, vs_bmu=0.6256),
    _("Bridge", 4, A,
      "+1 Buy, +$1. This turn, cards (everywhere) cost $1 less.",
      "Brug", "Brücke", "橋", unsure=("nl", "ja"), set="intrigue",
      buys=1, coins=1, x=1, effect=True, roles=("payload", "plus_buy"), money=2,
      vs_bmu=0.628),
    # Diplomat's may (reveal it against an Attack): yes; bm-diplomat scores
    # 0.3788 [0.3758, 0.3818] against bm-militia revealing it, 0.3077
    # [0.3048, 0.3106] never (100,000 games, seed 0).
    _("Diplomat", 4, AR,
      "+2 Cards. If you have 5 or fewer cards in hand (after drawing), +2 Actions. When "
      "another player plays an Attack card, you may first reveal this from a hand of 5 or "
      "more cards, to draw 2 cards then discard 3.",
      "Diplomaat", "Diplomatin", "外交官", unsure=("nl", "ja"), set="intrigue", editions=(2,),
      cards=2, x=5, effect=True, roles=("draw",), lists=("may", "discard"),
      may=May("reveal it against an Attack", "yes"),
      on_attack=OnAttack(min_hand=5, cards=2, discard=3), vs_bmu=0.5185),
)
