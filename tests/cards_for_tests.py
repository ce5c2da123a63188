"""Cards that exist only for the tests of a mechanism no real set uses yet.

Loaded with ``DOMSIM_EXTRA_SETS=tests.cards_for_tests`` (their ids come
after every real card; the numba cache keys on this file), in a subprocess
of tests/test_mechanisms.py.  Each is data only: no effect code.
"""
from simulator.engine.cards.intrigue import TORTURER_DEFAULT as VICTIM_DEFAULT
from simulator.engine.cards.spec import (CardSpec, Choice, Choose, FromPlay, May, NextTurn,
                                         OnAttack, OnTreasure, OwnList, WhenGain)

_ = CardSpec
# Test Torturer's default for its victims is Torturer's (measured: its row)
CARDS = (
    # Steward's shape: choose one of three, one of which trashes (required)
    _("Test Steward", 3, ("Action",),
      "Choose one: +2 Cards; or +$2; or trash 2 cards from your hand.",
      "Test Steward", "Test Steward", "Test Steward", set="test", editions=(2,),
      lists=("choose", "trash"),
      choose=Choose((Choice("cards", "+cards", 2), Choice("coins", "+coins", 2),
                     Choice("trash", "trash", 2)),
                    default=("trash if hand.Curse + hand.Estate >= 2", "cards"))),
    # Pawn's shape: choose two, different, of four "+" options
    _("Test Pawn", 2, ("Action",),
      "Choose two: +1 Card; +1 Action; +1 Buy; +$1. The choices must be different.",
      "Test Pawn", "Test Pawn", "Test Pawn", set="test", editions=(2,),
      lists=("choose",),
      choose=Choose((Choice("card", "+cards"), Choice("action", "+actions"),
                     Choice("buy", "+buys"), Choice("coin", "+coins")), pick=2)),
    # a gain option (Courtier's "gain a Gold")
    _("Test Patron", 5, ("Action",), "Choose one: gain a Gold; or +1 Buy.",
      "Test Patron", "Test Patron", "Test Patron", set="test", editions=(2,),
      lists=("choose",),
      choose=Choose((Choice("gold", "gain", card="Gold"), Choice("buy", "+buys")))),
    # Durations whose next-turn effect is "+" numbers (Caravan, Fishing Village)
    _("Test Caravan", 4, ("Action", "Duration"),
      "+1 Card, +1 Action. At the start of your next turn, +1 Card.",
      "Test Caravan", "Test Caravan", "Test Caravan", set="test", editions=(2,),
      cards=1, actions=1, next_turn=NextTurn(cards=1)),
    _("Test Fishing Village", 3, ("Action", "Duration"),
      "+2 Actions, +$1. At the start of your next turn: +1 Action, +$1.",
      "Test Fishing Village", "Test Fishing Village", "Test Fishing Village", set="test",
      editions=(2,), actions=2, coins=1, next_turn=NextTurn(actions=1, coins=1)),
    # a Duration that protects from Attacks while in play (Lighthouse)
    _("Test Lighthouse", 2, ("Action", "Duration"),
      "+1 Action, +$1. At the start of your next turn: +$1. Until then, when another "
      "player plays an Attack card, it doesn't affect you.",
      "Test Lighthouse", "Test Lighthouse", "Test Lighthouse", set="test", editions=(2,),
      actions=1, coins=1, next_turn=NextTurn(coins=1), blocks="in play"),
    # a choice each victim takes from its own strategy file (Torturer's text)
    _("Test Torturer", 5, ("Action", "Attack"),
      "+3 Cards. Each other player either discards 2 cards or gains a Curse to their hand, "
      "their choice. (They may pick an option they can't do.)",
      "Test Torturer", "Test Torturer", "Test Torturer", set="test", editions=(2,),
      cards=3, curses=True, lists=("choose", "discard"),
      choose=Choose((Choice("discard", "discard", 2),
                     Choice("curse", "gain to hand", card="Curse")), who="others",
                    default=VICTIM_DEFAULT)),
)
CARDS += (
    # an extra turn (Outpost, Seaside 2022 text): a Duration that stays in
    # play until the extra turn's clean-up, and only when it gave the turn
    _("Test Outpost", 5, ("Action", "Duration"),
      "If this is the first time you played an Outpost this turn, and the previous turn "
      "wasn't yours, then take an extra turn after this one, and you only draw 3 cards "
      "for your next hand.",
      "Test Outpost", "Test Outpost", "Test Outpost", set="test", editions=(2,),
      next_turn=NextTurn(), extra_turn=3),
)
CARDS += (
    # a Reaction with an effect of its own when another player plays an Attack
    # (Diplomat's; its on-play "+2 Actions if 5 or fewer cards" left out)
    _("Test Diplomat", 4, ("Action", "Reaction"),
      "+2 Cards. When another player plays an Attack card, you may first reveal this "
      "from a hand of 5 or more cards, to draw 2 cards then discard 3.",
      "Test Diplomat", "Test Diplomat", "Test Diplomat", set="test", editions=(2,),
      cards=2, lists=("may", "discard"), may=May("reveal it against an Attack", "yes"),
      on_attack=OnAttack(min_hand=5, cards=2, discard=3)),
)
CARDS += (
    # a face-down mat its owner may read: choose to build it or take it all (Native
    # Village); the default takes the mat once it holds 2 cards or more
    _("Test Native Village", 2, ("Action",),
      "+2 Actions. Choose one: Put the top card of your deck face down on your Native "
      "Village mat (you may look at those cards at any time); or put all the cards from "
      "your mat into your hand.",
      "Test Native Village", "Test Native Village", "Test Native Village", set="test",
      editions=(2,), actions=2, mat="native village", lists=("choose",),
      choose=Choose((Choice("mat", "deck to mat"), Choice("take", "mat to hand")),
                    default=("take if native_village_mat.size >= 2", "mat"))),
    # a face-up mat whose cards score at the end (Island): itself and a hand card
    _("Test Island", 4, ("Action", "Victory"),
      "Put this and a card from your hand onto your Island mat. Worth 2 VP.",
      "Test Island", "Test Island", "Test Island", set="test", editions=(2,), vp=2,
      mat="island", does=(Choice("mat", "this and hand to mat"),), lists=("test_island",),
      own_list=OwnList("test_island", "the card Test Island puts on the Island mat with "
                       "itself (then Curses and Victory cards, Copper, the cheapest)")),
)
CARDS += (
    # decisions other players' files take during my turn (Intrigue 2E texts):
    # each player passes a card by its own pass list (Masquerade) ...
    _("Test Masquerade", 3, ("Action",),
      "+2 Cards. Each player with any cards in hand passes one to the next such player to "
      "their left, at once. Then you may trash a card from your hand.",
      "Test Masquerade", "Test Masquerade", "Test Masquerade", set="test", editions=(2,),
      cards=2, others=True, lists=("test_pass", "trash", "may"),
      may=May("trash a card from the hand after the pass (which: the trash list)", "yes"),
      does=(Choice("pass", "pass"), Choice("trash", "may trash")),
      own_list=OwnList("test_pass", "the card a player passes left when a Test Masquerade is "
                       "played (then Curse, Estate, Copper, the cheapest card, Victory "
                       "cards worth more last)")),
    # ... and the attacker picks what each victim gains (Swindler)
    _("Test Swindler", 3, ("Action", "Attack"),
      "+$2. Each other player trashes the top card of their deck and gains a card with the "
      "same cost that you choose.",
      "Test Swindler", "Test Swindler", "Test Swindler", set="test", editions=(2,),
      coins=2, lists=("test_swindle",), does=(Choice("swindle", "swindle"),),
      own_list=OwnList("test_swindle", "the card each victim of Test Swindler gains, costing "
                       "what "
                       "it trashed (then Curse, Estate, Copper, the cheapest card, Victory "
                       "cards worth more last)", default=("Duchy if supply.Province >= 6",))),
    # a hook on another player's Treasure play while in play (Corsair, Seaside 2022)
    _("Test Corsair", 5, ("Action", "Duration", "Attack"),
      "+$2. At the start of your next turn, +1 Card. Until then, each other player trashes "
      "the first Silver or Gold they play each turn.",
      "Test Corsair", "Test Corsair", "Test Corsair", set="test", editions=(2,),
      coins=2, next_turn=NextTurn(cards=1), on_treasure=OnTreasure(("Silver", "Gold"))),
)
CARDS += (
    # a choice whose option makes the other players act (Minion, Intrigue 2E);
    # the default (not measured) takes the $2 when it makes $6 with the hand
    _("Test Minion", 5, ("Action", "Attack"),
      "+1 Action. Choose one: +$2; or discard your hand, +4 Cards, and each other player "
      "with at least 5 cards in hand discards their hand and draws 4 cards.",
      "Test Minion", "Test Minion", "Test Minion", set="test", editions=(2,), actions=1,
      lists=("choose",),
      choose=Choose((Choice("coins", "+coins", 2), Choice("reset", "reset", 4)),
                    default=("coins if hand.money + coins >= 6", "reset"))),
)
CARDS += (
    # decisions whose answer is a card, a place in the deck or an order (the
    # naming, position and order tables; simulator/engine/deck_answers.py)
    _("Test Wishing Well", 3, ("Action",),
      "+1 Card, +1 Action. Name a card, then reveal the top card of your deck. If you named "
      "it, put it into your hand.",
      "Test Wishing Well", "Test Wishing Well", "Test Wishing Well", set="test",
      editions=(2,), cards=1, actions=1, lists=("naming",),
      does=(Choice("wish", "name and reveal"),)),
    _("Test Secret Passage", 4, ("Action",),
      "+2 Cards, +1 Action. Take a card from your hand and put it anywhere in your deck.",
      "Test Secret Passage", "Test Secret Passage", "Test Secret Passage", set="test",
      editions=(2,), cards=2, actions=1, lists=("position", "topdeck"),
      does=(Choice("passage", "hand into deck"),)),
    _("Test Patrol", 5, ("Action",),
      "+3 Cards. Reveal the top 4 cards of your deck. Put the Victory cards and Curses into "
      "your hand. Put the rest back in any order.",
      "Test Patrol", "Test Patrol", "Test Patrol", set="test", editions=(2,), cards=3,
      lists=("order",), does=(Choice("patrol", "reveal, green to hand", 4),)),
    _("Test Lookout", 3, ("Action",),
      "+1 Action. Look at the top 3 cards of your deck. Trash one of them. Discard one of "
      "them. Put the other one back on top of your deck.",
      "Test Lookout", "Test Lookout", "Test Lookout", set="test", editions=(2,), actions=1,
      lists=("trash", "discard", "order"), does=(Choice("lookout", "look, trash, discard", 3),)),
    # Courtyard: Artisan's "put a card from your hand onto your deck" as data
    _("Test Courtyard", 2, ("Action",),
      "+3 Cards. Put a card from your hand onto your deck.",
      "Test Courtyard", "Test Courtyard", "Test Courtyard", set="test", editions=(2,), cards=3,
      lists=("topdeck",), does=(Choice("courtyard", "hand onto deck"),)),
    # gain hooks (Seaside 2022 texts; simulator/engine/gains.py cites the FAQ):
    # draw when the player to your right gains a card, until your next turn
    _("Test Monkey", 3, ("Action", "Duration"),
      "Until your next turn, when the player to your right gains a card, +1 Card. At the "
      "start of your next turn, +1 Card.",
      "Test Monkey", "Test Monkey", "Test Monkey", set="test", editions=(2,),
      next_turn=NextTurn(cards=1), when_gain=WhenGain("right", "+cards")),
    # gain what the player to your right gained on their last turn
    _("Test Smugglers", 3, ("Action",),
      "Gain a copy of a card costing up to $6 that the player to your right gained on "
      "their last turn.",
      "Test Smugglers", "Test Smugglers", "Test Smugglers", set="test", editions=(2,),
      nothing_now=True, lists=("gain",), does=(Choice("smuggle", "smuggle", 6),)),
    # a set-aside card that curses the other players who gain a copy on their turn
    _("Test Blockade", 4, ("Action", "Duration", "Attack"),
      "Gain a card costing up to $4, setting it aside. At the start of your next turn, put "
      "it into your hand. While it's set aside, when another player gains a copy of it on "
      "their turn, they gain a Curse.",
      "Test Blockade", "Test Blockade", "Test Blockade", set="test", editions=(2,),
      curses=True, mat="blockade", lists=("gain",), does=(Choice("gain", "gain to mat", 4),),
      next_turn=NextTurn(mat_to_hand=True),
      when_gain=WhenGain("others on their turn", "curse")),
    # play a Duration you gain this turn, in the Buy phase too
    _("Test Sailor", 4, ("Action", "Duration"),
      "+1 Action. Once this turn, when you gain a Duration card, you may play it. At the "
      "start of your next turn, +$2 and you may trash a card from your hand.",
      "Test Sailor", "Test Sailor", "Test Sailor", set="test", editions=(2,), actions=1,
      lists=("may", "trash"), may=May("play the Duration card it gains this turn", "yes"),
      next_turn=NextTurn(coins=2, trash=1),
      when_gain=WhenGain("self on own turn", "play", types=("Duration",))),
)
CARDS += (
    # a Reaction played from the hand when any player gains a Treasure, on any turn
    _("Test Pirate", 5, ("Action", "Duration", "Reaction"),
      "At the start of your next turn, gain a Treasure costing up to $6 to your hand. When "
      "any player gains a Treasure, you may play this from your hand.",
      "Test Pirate", "Test Pirate", "Test Pirate", set="test", editions=(2,),
      lists=("may", "gain"), may=May("play it from the hand when a player gains a Treasure",
                                     "yes"),
      next_turn=NextTurn(gain_treasure=6),
      when_gain=WhenGain("any", "play this", types=("Treasure",))),
)
CARDS += (
    # "you may put this onto your deck" from play, if a condition holds
    # (simulator/engine/from_play.py): when discarded from play at clean-up
    # (Treasury, Seaside 1E), at the end of the Buy phase (Treasury, Seaside
    # 2E) and at the start of Clean-up (Walled Village, Promo).  Mechanism
    # checks: the may's default "yes" is reasoned, not measured (a cantrip
    # on the deck is a card of the next hand that replaces itself and adds
    # its +$ or +Actions: never worse than the random card it displaces)
    _("Test Treasury", 5, ("Action",),
      "+1 Card, +1 Action, +$1. When you discard this from play, if you didn't buy a "
      "Victory card this turn, you may put this onto your deck.",
      "Test Treasury", "Test Treasury", "Test Treasury", set="test", editions=(1,),
      cards=1, actions=1, coins=1, lists=("may",),
      may=May("put it onto the deck as it is discarded from play", "yes"),
      from_play=FromPlay("discard from play", "no victory bought")),
    _("Test New Treasury", 5, ("Action",),
      "+1 Card, +1 Action, +$1. At the end of your Buy phase this turn, if you didn't gain "
      "a Victory card in it, you may put this onto your deck.",
      "Test New Treasury", "Test New Treasury", "Test New Treasury", set="test",
      editions=(2,), cards=1, actions=1, coins=1, lists=("may",),
      may=May("put it onto the deck at the end of the Buy phase", "yes"),
      from_play=FromPlay("end of buy phase", "no victory gained in buy phase")),
    _("Test Walled Village", 4, ("Action",),
      "+1 Card, +2 Actions. At the start of Clean-up, if you have this and no more than one "
      "other Action card in play, you may put this onto your deck.",
      "Test Walled Village", "Test Walled Village", "Test Walled Village", set="test",
      editions=(2,), cards=1, actions=2, lists=("may",),
      may=May("put it onto the deck at the start of Clean-up", "yes"),
      from_play=FromPlay("start of clean-up", "actions in play at most", 2)),
)
