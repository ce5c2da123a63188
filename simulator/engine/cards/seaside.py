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

from simulator.engine.cards.spec import (CardSpec, Choice, Choose, FromPlay, May, NextTurn,
                                         OnTreasure, OwnList, WhenGain)

_, A, AD, AA = CardSpec, ("Action",), ("Action", "Duration"), ("Action", "Attack")

# Haven's card: a Treasure this turn's buy can spare (the hand's Treasures and
# +$ still make $8 without it: a Province now and the Treasure next turn),
# else the dead card, a Copper, the cheapest (the fallback).  Measured: its row.
HAVEN_DEFAULT = ("Gold if hand.money + coins >= 11", "Silver if hand.money + coins >= 10")

# Ambassador's card, returning 2 copies when it has them; never a Copper
# (returning Coppers too measured weaker).  Measured: its row.
AMBASSADOR_DEFAULT = ("Curse", "Estate")

# Pirate Ship's choice: the attack until its mat holds 2 Coin tokens more
# than the Pirate Ships its player owns, at most 5, then +$ (more ships gain
# tokens faster: a higher goal pays, up to a Gold and more).  Measured: its row.
PIRATE_SHIP_DEFAULT = ("coins if my.pirate_ship_tokens >= min(5, my.Pirate_Ship + 2)",
                       "attack")

CARDS: tuple[CardSpec, ...] = ()
# Durations whose next turn is "+" numbers, and Bazaar
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
    # Island: Test Island's registry data (tests/mechanisms/mats.toml).  The
    # Seaside FAQ: "If you Throne Room an Island, set aside the Island and a
    # card from your hand, then set aside another card from your hand"; with
    # no other card in hand Island goes alone; the mat's cards score at the
    # end.  Its list's default (empty: a Curse or Victory card, then Copper,
    # then the cheapest: DISCARD_ORDER): bm-island 0.6864 [0.6836, 0.6893]
    # with three Islands; a Copper first 0.2612, a Province or Duchy first
    # the same games (100,000 games, seed 0; the shipped bot: 0.7117).
    _("Island", 4, ("Action", "Victory"),
      "Put this and a card from your hand onto your Island mat. 2 VP",
      "Eiland", "Insel", "島", unsure=("nl",), set="seaside", vp=2, vs_bmu=0.7117,
      mat="island", does=(Choice("mat", "this and hand to mat"),), lists=("island",),
      own_list=OwnList("island", "the card Island puts on the Island mat with itself "
                       "(then Curses and Victory cards, Copper, the cheapest)")),
    # Outpost: Test Outpost's registry data (tests/mechanisms/extra_turn.toml;
    # the kernel's give_extra_turn).  The Seaside FAQ (2022) and the errata:
    # it gives a turn only the first time an Outpost is played in a turn and
    # only if the previous turn was not yours (no third turn in a row); the
    # extra turn's hand is 3 cards, drawn at this turn's clean-up; extra turns
    # do not count for the tie-break; Outpost stays in play until the extra
    # turn's clean-up (an Outpost that gives no turn is discarded at this
    # one); Throne Room on Outpost gives one extra turn and stays out with it.
    # Nothing to decide but when to play it (the play order); bm-outpost: one
    # bought with $5, 0.4452 [0.4421, 0.4483] (docs/strategies.md).
    _("Outpost", 5, ("Action", "Duration"),
      "If this is the first time you played an Outpost this turn, and the previous turn "
      "wasn't yours, then take an extra turn after this one, and you only draw 3 cards "
      "for your next hand.",
      "Buitenpost", "Außenposten", "前哨地", unsure=("nl",), set="seaside", vs_bmu=0.4452,
      next_turn=NextTurn(), extra_turn=3),
    # Blockade: Test Blockade's registry data (tests/mechanisms/gains.toml;
    # simulator/engine/gains.py cites the Seaside 2022 FAQ: the Curse only
    # for a copy gained on the gainer's own turn, by the players the Attack
    # hit - a Moat or a Lighthouse keeps a player out; the set-aside card
    # is its owner's: it counts for conservation and at the end).  Its gain
    # is the shared gain list's (default: the buy list): bm-blockade with
    # one, that default 0.8266 [0.8242, 0.8289], a Silver always 0.8327, a
    # second Blockade then Silver 0.8545; the shipped bot (two, Silvers)
    # 0.8789 [0.8769, 0.8809] (100,000 games against Big Money Ultimate).
    _("Blockade", 4, ("Action", "Duration", "Attack"),
      "Gain a card costing up to $4, setting it aside. At the start of your next turn, put "
      "it into your hand. While it's set aside, when another player gains a copy of it on "
      "their turn, they gain a Curse.",
      "Blokkade", "Blockade", "封鎖", unsure=("nl", "ja"), editions=(2,), set="seaside",
      curses=True, roles=("attack", "gainer"), vs_bmu=0.8789, mat="blockade", lists=("gain",),
      does=(Choice("gain", "gain to mat", 4),), next_turn=NextTurn(mat_to_hand=True),
      when_gain=WhenGain("others on their turn", "curse")),
    # Haven: a card of the hand set aside face down on its own mat (not a
    # printed one), into the hand at the start of the next turn (NextTurn's
    # mat_to_hand, as Blockade's).  The Seaside FAQ: the card is set aside
    # face down, is still its owner's (conservation and the end count it)
    # and comes back at the start of the next turn; Throne Room on Haven
    # sets two cards aside (both come back).  Its official FAQ (the Seaside
    # 2E card's): "You have to set aside a card if you can ... If you have
    # no card in your hand to set aside when you play Haven, you set aside
    # nothing, and clean up Haven at the end of that turn; it does not stay
    # out": a play that finds the hand empty after its +1 Card is not due
    # next turn (cards.IDLE_NO_HAND, derived from this row: its next turn
    # only returns what its "hand to mat" set aside; Tactician's rule); under
    # a Throne Room, Haven and the Throne Room stay if either play set a
    # card aside.  Its list's default
    # (HAVEN_DEFAULT): bm-haven (one, bought with $2) 0.4985 [0.4954, 0.5016]
    # against Big Money Ultimate, the dead card first 0.4969; one bought
    # before Silver: the default 0.3666 [0.3636, 0.3696], the dead card first
    # 0.3598, a Gold only at $11 0.3626 (100,000 games, seed 0).
    _("Haven", 2, ("Action", "Duration"),
      "+1 Card, +1 Action. Set aside a card from your hand face down (under this). At the "
      "start of your next turn, put it into your hand.",
      "Haven", "Hafen", "停泊所", unsure=("nl",), set="seaside", cards=1, actions=1,
      vs_bmu=0.4985,
      roles=("cantrip",), mat="haven", lists=("haven",),
      does=(Choice("haven", "hand to mat"),), next_turn=NextTurn(mat_to_hand=True),
      own_list=OwnList("haven", "the hand card Haven sets aside until the next turn (then "
                       "Curses and Victory cards, Copper, the cheapest)",
                       default=HAVEN_DEFAULT)),
)
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
      cards=3, actions=1, roles=("cantrip", "sifter"), lists=("discard",), vs_bmu=0.5301,
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
    # the FAQ), the 2nd edition's text.  Its may's default (yes):
    # bm-treasury 0.6314 [0.6284, 0.6344] against Big Money Ultimate; never
    # 0.5446 [0.5415, 0.5476]; "supply.Province > 1" 0.6246 [0.6216,
    # 0.6276] (100,000 games, seed 0).
    # Its first printing (first_edition, played by --edition 1), Test
    # Treasury's row: the 1st edition's text (the printed card; the wiki's
    # "Versions") moves it as it is discarded from play at clean-up, if no
    # Victory card was BOUGHT this turn (one gained otherwise, by Workshop
    # or Smugglers, does not stop it).  The Seaside 1E FAQ, in substance
    # (from_play.py): with several Treasuries you may put any or all of them
    # on your deck; one played twice by Throne Room is one card.  Its may's
    # default (yes), bm-treasury --edition 1: 0.6314 [0.6284, 0.6344]
    # against Big Money Ultimate; never 0.5446 [0.5415, 0.5476]; "supply.
    # Province > 1" 0.6246 [0.6216, 0.6276] (100,000 games, seed 0): the 2nd
    # edition's games bit for bit (Big Money gains only by buying in its Buy
    # phase, and nothing happens between its end and clean-up).
    # The other cards printed in both editions keep their meaning (a
    # reworded text needs no printing): Outpost's current text is an
    # errata that applies to the old copies too (the wiki's "Errata": the
    # old printings are played by the new rulings), so it has one printing;
    # Lighthouse's 1E "while this is in play" protects until its clean-up,
    # the 2E "until then" until the start of the next turn, which differ
    # only on its owner's own turn, when no other player plays an Attack in
    # these sets; Tactician, Haven, Smugglers, Caravan, Island and Native
    # Village were reworded only (the wiki's "Versions").
    _("Treasury", 5, A,
      "+1 Card, +1 Action, +$1. At the end of your Buy phase this turn, if you didn't gain "
      "a Victory card in it, you may put this onto your deck.",
      "Schatkamer", "Schatzkammer", "宝物庫", unsure=("nl", "ja"), set="seaside",
      editions=(2,), cards=1, actions=1, coins=1, roles=("cantrip", "payload"),
      lists=("may",), vs_bmu=0.6314,
      may=May("put it onto the deck at the end of the Buy phase", "yes"),
      from_play=FromPlay("end of buy phase", "no victory gained in buy phase"),
      first_edition=_(
          "Treasury", 5, A,
          "+1 Card, +1 Action, +$1. When you discard this from play, if you didn't buy a "
          "Victory card this turn, you may put this on top of your deck.",
          "Schatkamer", "Schatzkammer", "宝物庫", unsure=("nl", "ja"), set="seaside",
          editions=(1,), cards=1, actions=1, coins=1, roles=("cantrip", "payload"),
          lists=("may",), vs_bmu=0.6314,
          may=May("put it onto the deck as it is discarded from play", "yes"),
          from_play=FromPlay("discard from play", "no victory bought"))),
)
# the first edition's eight
CARDS += (
    # Pearl Diver (first edition): after its +1 Card, the bottom card of the
    # deck (shuffling first if the deck is empty: the Seaside FAQ) goes on
    # top when the topdeck list names it (given), else by default when it
    # is an Action or a Treasure other than Copper; a may condition
    # overrides both (effects/seaside.py).  Left, it stays at the bottom.
    # bm-pearl-diver (up to two, bought with $2) scores 0.4989 [0.4958,
    # 0.5020] against Big Money Ultimate with that default, 0.4914 [0.4883,
    # 0.4945] never putting it on top and 0.4903 [0.4872, 0.4934] always;
    # one Pearl Diver 0.4980 (100,000 games, seed 0; docs/strategies.md).
    _("Pearl Diver", 2, A,
      "+1 Card, +1 Action. Look at the bottom card of your deck. You may put it on top.",
      "Parelduiker", "Perlentaucher", "真珠採り", unsure=("nl", "ja"), editions=(1,),
      set="seaside", cards=1, actions=1, effect=True, roles=("cantrip",),
      lists=("may", "topdeck"), vs_bmu=0.4989,
      may=May("put the bottom card of the deck on top", "when the topdeck list names it "
              "(given), else when it is an Action or a Treasure other than Copper")),
    # Sea Hag (first edition): each other player it hits, in turn order,
    # discards its top card (shuffling first; none: nothing), then gains a
    # Curse onto its deck (effects/seaside.py; the FAQ there).  No decision.
    # bm-sea-hag (two, bought with $4 below Gold) scores 0.9749 [0.9739,
    # 0.9758] against Big Money Ultimate; one 0.9310, three 0.9547 (100,000
    # games, seed 0).
    _("Sea Hag", 4, AA,
      "Each other player discards the top card of their deck, then gains a Curse onto their "
      "deck.",
      "Zeeheks", "Seehexe", "海の妖婆", unsure=("nl", "ja"), editions=(1,), set="seaside",
      effect=True, curses=True, roles=("attack",), vs_bmu=0.9749),
    # Explorer (first edition): reveals a Province from the hand, if it has
    # one and its may says so, for a Gold to the hand, else gains a Silver to
    # the hand (effects/seaside.py; the FAQ there).  The may's default: yes
    # while a Gold is left (revealing with none gains nothing): bm-explorer
    # (two, bought with $5) scores 0.6770 [0.6741, 0.6799] against Big Money
    # Ultimate with it, 0.6475 [0.6446, 0.6505] never revealing; one
    # Explorer 0.6690, three 0.6642 (100,000 games, seed 0).
    _("Explorer", 5, A,
      "You may reveal a Province from your hand. If you do, gain a Gold to your hand. If you "
      "don't, gain a Silver to your hand.",
      "Ontdekkingsreiziger", "Entdecker", "探検家", unsure=("nl", "ja"), editions=(1,),
      set="seaside", effect=True, roles=("payload",), money=2, lists=("may",), vs_bmu=0.6770,
      may=May("reveal a Province from the hand for a Gold (else a Silver)",
              "when a Gold is left")),
    # Navigator (first edition): +$2, then the top 5 cards looked at are all
    # discarded when its may says so, else put back by its order table
    # (effects/seaside.py; the FAQ there).  The may's default: discard when
    # the five hold less money per card than the cards its player owns:
    # bm-navigator (one, bought with $4 below Gold) scores 0.5935 [0.5905,
    # 0.5966] against Big Money Ultimate with it, 0.4629 [0.4598, 0.4660]
    # never discarding, 0.5167 [0.5136, 0.5198] always; two Navigators
    # 0.5687 (100,000 games, seed 0).  The order table asked by the effect:
    # spec lets an effect ask an answer list no option asks.
    _("Navigator", 4, A,
      "+$2. Look at the top 5 cards of your deck. Either discard them all, or put them back "
      "in any order.",
      "Navigator", "Navigator", "航海士", unsure=("nl", "de", "ja"), editions=(1,),
      set="seaside", coins=2, x=5, effect=True, roles=("payload",), lists=("may", "order"),
      vs_bmu=0.5935,
      may=May("discard the 5 cards it looks at (else back by the order table)",
              "when they hold less money per card than the cards its player owns")),
)
# Ghost Ship and Ambassador
CARDS += (
    # Ghost Ship (first edition): +2 Cards; each other player it hits with 4
    # or more cards in hand puts cards from the hand onto its deck until 3
    # are left (effects/seaside.py; the FAQ there).  Each victim picks by
    # its own topdeck list, else its dearest Treasure (the money goes back
    # for one strong hand next turn), else the default discard order, each
    # onto the one before.  That default measured from the victim's side
    # (bm-ghost-ship, one from the opening and a second at 16 cards,
    # Provinces from $16, against Big Money Ultimate, 100,000 games, seed 0:
    # lower is better for the victim): 0.8216 [0.8192, 0.8240]; the dead
    # cards and Copper first (the discard order: its best 3 kept for this
    # turn) 0.8601 [0.8580, 0.8623].
    # bm-ghost-ship ships two from the opening, Provinces from $19: 0.8515.
    _("Ghost Ship", 5, AA,
      "+2 Cards. Each other player with 4 or more cards in hand puts cards from their hand "
      "onto their deck until they have 3 cards in hand.",
      "Spookschip", "Geisterschiff", "幽霊船", unsure=("nl", "de"), editions=(1,),
      set="seaside", cards=2, x=3, effect=True, roles=("draw", "attack"),
      lists=("topdeck",), vs_bmu=0.8515),
    # Ambassador (first edition): reveals a hand card (its ambassador list),
    # returns up to 2 copies of it to the Supply (each while a rule naming it
    # holds), then each other player it hits gains a copy, in turn order
    # while the pile lasts (effects/seaside.py; the FAQ there).  Its list's
    # default (AMBASSADOR_DEFAULT) measured with bm-ambassador (one, bought
    # over Silver) against Big Money Ultimate, 100,000 games, seed 0: Curse,
    # Estate 0.5461 [0.5430, 0.5492]; Curse, Estate, Copper 0.5361 [0.5330,
    # 0.5392]; a Copper once 4 Silvers and Golds are owned 0.5013; two copies
    # first 0.4249; two Ambassadors 0.3496.
    _("Ambassador", 3, AA,
      "Reveal a card from your hand. Return up to 2 copies of it from your hand to the "
      "Supply. Then each other player gains a copy of it.",
      "Ambassadeur", "Botschafter", "大使", unsure=("nl", "de"), editions=(1,),
      set="seaside", x=2, effect=True, roles=("trasher", "attack"), lists=("ambassador",),
      vs_bmu=0.5461,
      own_list=OwnList("ambassador", "the hand card Ambassador reveals; it returns up to 2 "
                       "copies, each while a rule naming it holds (no rule applies: the "
                       "cheapest card, returning none)", default=AMBASSADOR_DEFAULT)),
)

# Treasure Map and the named strategies
CARDS += (
    # Treasure Map: its effect (effects/seaside.py quotes the FAQ: trashing
    # only itself gains nothing; Throne Room on it trashes it once, so its
    # second play trashes a Map from the hand and gains nothing; the Golds go
    # onto the deck, as many as are left).  Both trashes are required: no
    # may.  Its use is the play list's: by default it is played only with a
    # second Treasure Map in hand (play_if): bm-treasure-map (two Maps over
    # Gold in the first 4 turns, up to six over Silver while it owns fewer
    # than 4 Golds) 0.5010 [0.4979, 0.5041] against Big Money Ultimate;
    # playing a lone Map too 0.2077 [0.2052, 0.2102]; with only the first
    # two Maps 0.4035 against 0.1723 (100,000 games, seed 0).
    _("Treasure Map", 4, A,
      "Trash this and a Treasure Map from your hand. If you trashed two Treasure Maps, gain "
      "4 Golds onto your deck.",
      "Schatkaart", "Schatzkarte", "宝の地図", unsure=("nl", "ja"), set="seaside", x=4,
      effect=True, trashes_self=True, nothing_now=True, play_if="hand.Treasure_Map >= 2",
      vs_bmu=0.5010),
)

# Embargo
CARDS += (
    # Embargo (first edition): +$2, trashes itself, and puts an Embargo token
    # on a Supply pile by its embargo list (else the default of its effect:
    # effects/seaside.py, which quotes the FAQ); a buy from a pile gives the
    # buyer a Curse per token there (the gain hooks: gains.when_gained).
    # The list's default measured with bm-embargo (100,000 games, seed 0):
    # against Big Money Ultimate 0.5093 [0.5062, 0.5124] (Province: the same
    # games), Gold 0.5004 [0.4973, 0.5035]; against bm-smithy 0.2907
    # [0.2879, 0.2935] (Smithy), Province 0.2784 [0.2756, 0.2812], Gold
    # 0.2624 [0.2596, 0.2651].  The text: the first printing's (the card
    # database holds the later wording: tests/registry_exceptions.toml).
    _("Embargo", 2, A,
      "+$2. Trash this card. Put an Embargo token on top of a Supply pile. When a player "
      "buys a card, he gains a Curse card per Embargo token on that pile.",
      "Embargo", "Embargo", "通商禁止", unsure=("nl", "de", "ja"), editions=(1,),
      set="seaside", coins=2, effect=True, trashes_self=True, pile_tokens=True,
      roles=("payload",), lists=("embargo",), vs_bmu=0.5093,
      own_list=OwnList("embargo", "the Supply pile Embargo puts its token on (any pile in "
                       "the Supply, an empty one too; then the kingdom pile the opponents "
                       "own the most copies of beyond the player's own, else Province)")),
)

# Pirate Ship
CARDS += (
    # Pirate Ship (first edition): its effect (effects/seaside.py; the FAQ
    # there).  Its "choose one" is the effect's (pick 0, options "by its
    # effect"); its Coin tokens a count per player (codes.PS_PIRATE_SHIP),
    # read by the word my.pirate_ship_tokens.  Both defaults measured
    # (100,000 games, seed 0, against Big Money Ultimate; docs/
    # strategies.md, "Defaults and how they were chosen"): the choice
    # (PIRATE_SHIP_DEFAULT), bm-pirate-ship (four, Provinces from $13)
    # 0.7364 [0.7336, 0.7391]; +$ from 2 tokens more than the ships (no
    # cap) 0.7188, 1 more 0.7204, 3 more 0.6527; from a fixed 4, 5, 6, 7
    # tokens 0.6582, 0.7370, 0.7143, 0.6470; always the attack 0.2613; with
    # Big Money Ultimate's Province rule the best fixed goal grows with the
    # ships (one: 3 tokens 0.4632, 2 0.3898, 4 0.4376; two: 4 0.5927, 3
    # 0.4941, 5 0.5706; three: 5 0.6513, 4 0.6057, 6 0.6150).  The
    # Treasure each victim trashes, the dearest revealed: a Copper first
    # (pirate_ship = ["Copper", "Silver"]) 0.5299 [0.5268, 0.5330].
    _("Pirate Ship", 4, AA,
      "Choose one: +$1 per Coin token on your Pirate Ship mat; or each other player reveals "
      "the top 2 cards of their deck, trashes one of those Treasures that you choose, and "
      "discards the rest, and then if anyone trashed a Treasure, you add a Coin token to "
      "your Pirate Ship mat.",
      "Piratenschip", "Piratenschiff", "海賊船", unsure=("nl", "ja"), editions=(1,),
      set="seaside", effect=True, roles=("attack", "payload"), money=2,
      lists=("choose", "pirate_ship"), vs_bmu=0.7364,
      choose=Choose((Choice("coins", "by its effect"), Choice("attack", "by its effect")),
                    pick=0, default=PIRATE_SHIP_DEFAULT),
      own_list=OwnList("pirate_ship", "the revealed Treasure each player Pirate Ship's "
                       "attack hits trashes (then the dearest)")),
)

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
