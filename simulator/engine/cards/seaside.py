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

from simulator.engine.cards.spec import CardSpec, May

A, AA = ("Action",), ("Action", "Attack")
_ = CardSpec

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
