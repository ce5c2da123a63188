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

from simulator.engine.cards.spec import CardSpec, Choice, Choose, NextTurn, OwnList, WhenGain

_ = CardSpec

# Haven's card: a Treasure this turn's buy can spare (the hand's Treasures and
# +$ still make $8 without it: a Province now and the Treasure next turn),
# else the dead card, a Copper, the cheapest (the fallback).  Measured: its row.
HAVEN_DEFAULT = ("Gold if hand.money + coins >= 11", "Silver if hand.money + coins >= 10")

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
    # sets two cards aside (both come back).  Its list's default
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
CARDS += ()
# decisions on the hand and the deck's top
CARDS += ()
# the first edition's eight
CARDS += ()
