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

from simulator.engine.cards.spec import CardSpec, Choice, May, NextTurn, OnTreasure, WhenGain

_ = CardSpec

CARDS: tuple[CardSpec, ...] = ()
# Durations whose next turn is "+" numbers, and Bazaar
CARDS += ()
# mats, set-aside cards and the extra turn
CARDS += ()
# hooks on gains and on other players' Treasures
CARDS += (
    # Monkey: its gain hook and next turn are registry data (simulator/engine/
    # gains.py quotes its FAQ: the player to your right's gains on any turn,
    # a Curse from your own Witch too; each play its own "until your next
    # turn"; in a 2-player game the other player is to your right).  No
    # decision; bm-monkey (one) 0.4614 [0.4583, 0.4645] against Big Money
    # Ultimate, two 0.3875 (100,000 games, seed 0).
    _("Monkey", 3, ("Action", "Duration"),
      "Until your next turn, when the player to your right gains a card, +1 Card. At the "
      "start of your next turn, +1 Card.",
      "Aap", "Affe", "サル", unsure=("nl", "ja"), editions=(2,), set="seaside",
      draws=1, vs_bmu=0.4614,
      next_turn=NextTurn(cards=1), when_gain=WhenGain("right", "+cards")),
    # Smugglers: its option "smuggle" (simulator/engine/gains.py quotes its
    # FAQ: the player to your right's most recent turn; "if they gained no
    # such cards, you do not gain anything"; "This is not an Attack").  The
    # rulings (Seaside 2E rulebook): it can't gain a card that isn't in the
    # Supply (a card bought from the Black Market deck) nor one costing more
    # than $6 (its cost when Smugglers is played: Bridge lowers it).  Which
    # card: the gain list among those (default: the buy list), else the
    # default pick of a gain.  bm-smugglers (one) 0.5470 [0.5439, 0.5501]
    # against Big Money Ultimate with the default, with gain lists "Gold,
    # Silver" and "Duchy, Gold, Silver" the same games (that bot gains one
    # card a turn: no choice arises; against bm-market too); two 0.4745
    # (100,000 games, seed 0).
    _("Smugglers", 3, ("Action",),
      "Gain a copy of a card costing up to $6 that the player to your right gained on "
      "their last turn.",
      "Smokkelaar", "Schmuggler", "密輸人", unsure=("nl", "ja"), set="seaside",
      roles=("gainer",), nothing_now=True, lists=("gain",), vs_bmu=0.5470,
      does=(Choice("smuggle", "smuggle", 6),)),
    # Sailor: its gain hook and next turn are registry data (simulator/engine/
    # gains.py quotes its FAQ: two Sailors play up to two gained Durations,
    # never the same one twice; a Duration gained in the Buy phase can be
    # played; one gained another way, Workshop's, too).  The next turn's
    # "you may trash a card from your hand": the trash list (Chapel's
    # default).  Both defaults measured (100,000 games, seed 0, against Big
    # Money Ultimate; docs/strategies.md, "Defaults and how they were
    # chosen"): the play, with two Sailors (the second is a Duration gained
    # while one is in play), yes 0.5795 [0.5765, 0.5826], never 0.5617; the
    # trash, one Sailor, Chapel's default 0.5924 [0.5893, 0.5954], never
    # 0.4304, Estates always and Coppers while money > $6 0.5494.
    _("Sailor", 4, ("Action", "Duration"),
      "+1 Action. Once this turn, when you gain a Duration card, you may play it. At the "
      "start of your next turn, +$2 and you may trash a card from your hand.",
      "Matroos", "Seefahrerin", "船乗り", unsure=("nl", "ja"), editions=(2,), set="seaside",
      actions=1, money=2, roles=("trasher", "payload"), lists=("may", "trash"), vs_bmu=0.5924,
      may=May("play the Duration card it gains this turn", "yes"),
      next_turn=NextTurn(coins=2, trash=1),
      when_gain=WhenGain("self on own turn", "play", types=("Duration",))),
    # Pirate: a Reaction played from the hand when any player gains a
    # Treasure (simulator/engine/gains.py, play_from_hands, quotes its FAQ:
    # "including you"; played on another player's turn it stays in play
    # until its owner's next turn).  Next turn it gains a Treasure costing up
    # to $6 to the hand: the first an explicit gain list names, else the
    # dearest (a Gold).  Both defaults measured (100,000 games, seed 0,
    # against Big Money Ultimate): the reaction, two Pirates, yes 0.8224
    # [0.8200, 0.8247], never 0.7688; the Treasure, one Pirate, the dearest
    # 0.7930 [0.7905, 0.7955], a Silver 0.6106.
    _("Pirate", 5, ("Action", "Duration", "Reaction"),
      "At the start of your next turn, gain a Treasure costing up to $6 to your hand. When "
      "any player gains a Treasure, you may play this from your hand.",
      "Piraat", "Piratin", "海賊", unsure=("nl", "ja"), editions=(2,), set="seaside",
      roles=("payload",), money=3, lists=("may", "gain"), vs_bmu=0.8224,
      may=May("play it from the hand when a player gains a Treasure", "yes"),
      next_turn=NextTurn(gain_treasure=6),
      when_gain=WhenGain("any", "play this", types=("Treasure",))),
    # Corsair: a Duration Attack with a hook on the other players' Treasures
    # (OnTreasure; the kernel's Buy phase and passes.py quote its FAQ: the
    # first Silver or Gold each other player plays each turn until the
    # owner's next turn, after its $ counted; a Moat revealed or a
    # Lighthouse in play when it is played keeps a player out).  No
    # decision; bm-corsair (three) 0.8408 [0.8385, 0.8430] against Big Money
    # Ultimate, one 0.7390, two 0.8246, four 0.8433 (100,000 games, seed 0).
    _("Corsair", 5, ("Action", "Duration", "Attack"),
      "+$2. At the start of your next turn, +1 Card. Until then, each other player trashes "
      "the first Silver or Gold they play each turn.",
      "Zeerover", "Korsarenschiff", "コルセア", unsure=("nl", "ja"), editions=(2,),
      set="seaside", coins=2, roles=("attack", "payload"), vs_bmu=0.8408,
      next_turn=NextTurn(cards=1), on_treasure=OnTreasure(("Silver", "Gold"))),
    # Cutpurse: its effect (effects/seaside.py).  No decision: a victim's
    # Copper is any Copper.  bm-cutpurse (two) 0.6977 [0.6949, 0.7006]
    # against Big Money Ultimate, one 0.6718, three 0.6583 (100,000 games,
    # seed 0).
    _("Cutpurse", 4, ("Action", "Attack"),
      "+$2. Each other player discards a Copper (or reveals a hand with no Copper).",
      "Beurzensnijder", "Beutelschneider", "巾着切り", unsure=("nl",), set="seaside",
      coins=2, effect=True, roles=("attack", "payload"), vs_bmu=0.6977),
)
# decisions on the hand and the deck's top
CARDS += ()
# the first edition's eight
CARDS += ()
