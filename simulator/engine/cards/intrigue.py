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
from simulator.engine.cards.spec import (CardSpec, Choice, Choose, May, OnAttack,
                                         OwnList, VPRule)

A, AA, AV = ("Action",), ("Action", "Attack"), ("Action", "Victory")
AR = ("Action", "Reaction")

# Torturer's victims (each answers from its own file): the Curse when none is
# left (nothing happens) or when discarding 2 would take a hand of $8 or more
# below $8 (the discard takes the dead cards, then Coppers, then - counted as
# a Silver - the cheapest card); else discard.  Measured against "discard if 2
# junk cards, else the Curse" and "always discard" (docs/strategies.md,
# "Choices other players take"); Test Torturer (tests) shares it.
_DEAD = "(hand.Curse + hand.Estate + hand.Duchy + hand.Province + hand.Gardens)"
TORTURER_DEFAULT = ("curse if supply.Curse == 0",
                    f"curse if hand.money >= 8 and hand.money - min(hand.Copper, "
                    f"max(0, 2 - {_DEAD})) - 2 * max(0, 2 - {_DEAD} - hand.Copper) < 8",
                    "discard")
# Courtier's choices: +$3 when it lifts the hand's money to a Province or
# once 4 or fewer Provinces are left, else a Gold; a second choice (a card of
# two types revealed) the Gold, else +1 Action when none is left and an
# Action is in hand, else the +$3, else +1 Buy.
COURTIER_DEFAULT = ("coins if hand.money + coins < 8 and hand.money + coins + 3 >= 8",
                    "coins if supply.Province <= 4", "gold",
                    "action if actions == 0 and hand.Action > 0", "coins", "buy")
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

    # Pawn: "Choose two ... The choices must be different" (pick 2, done in
    # the card's order).  The default (+1 Card, then +1 Action while an
    # Action is left in hand, else +$1): bm-pawn 0.5397 [0.5366, 0.5428]
    # against Big Money Ultimate; "+1 Card, +$1" 0.5388, "+1 Card, +1 Action"
    # (the card's order) 0.4890; in Village-Smithy-Pawn, played before the
    # Smithies (the default play order), 0.5754 [0.5723, 0.5785] where "+1
    # Action while another Pawn is in hand" scores 0.5452 (100,000 games,
    # seed 0; docs/strategies.md, "Defaults and how they were chosen").
    _("Pawn", 2, A,
      "Choose two: +1 Card; +1 Action; +1 Buy; +$1. The choices must be different.",
      "Pion", "Handlanger", "手先", unsure=("nl", "ja"), set="intrigue",
      roles=("payload",), lists=("choose",), draws=1, money=1, vs_bmu=0.5397,
      choose=Choose((Choice("card", "+cards"), Choice("action", "+actions"),
                     Choice("buy", "+buys"), Choice("coin", "+coins")), pick=2,
                    default=("card", "action if hand.Action > 0", "coin"))),
    # Torturer: each victim answers from its own file (Choose.who "others");
    # the FAQ (Intrigue 2E rulebook): "A player can choose to gain a Curse
    # even with no Curses left (and thus not gain one), or to discard 2 cards
    # even with one or zero cards in hand"; the Curse goes to the hand and is
    # a gain.  The victims' default was measured on Test Torturer (the
    # same text and bots: docs/strategies.md, "Choices other players take").
    _("Torturer", 5, AA,
      "+3 Cards. Each other player either discards 2 cards or gains a Curse to their hand, "
      "their choice. (They may pick an option they can't do.)",
      "Beul", "Kerkermeister", "拷問人", unsure=("nl", "ja"), set="intrigue", cards=3,
      curses=True, roles=("draw", "attack"), lists=("choose", "discard"), vs_bmu=0.8105,
      choose=Choose((Choice("discard", "discard", 2),
                     Choice("curse", "gain to hand", card="Curse")), who="others",
                    default=TORTURER_DEFAULT)),
    # Masquerade: the FAQ (Intrigue 2E rulebook): the cards are passed at
    # once, a player with no cards in hand neither passes nor receives, and
    # passing is not gaining; then the player may trash.  The may trash's
    # default yes: bm-masquerade 0.7856 [0.7831, 0.7882], never 0.6153
    # (100,000 games, seed 0).
    _("Masquerade", 3, A,
      "+2 Cards. Each player with any cards in hand passes one to the next such player to "
      "their left, at once. Then you may trash a card from your hand.",
      "Maskerade", "Maskerade", "仮面舞踏会", unsure=("nl", "ja"), set="intrigue", cards=2,
      others=True, roles=("draw", "trasher"), lists=("pass", "trash", "may"), vs_bmu=0.7856,
      may=May("trash a card from the hand after the pass (which: the trash list)", "yes"),
      does=(Choice("pass", "pass"), Choice("trash", "may trash")),
      own_list=OwnList("pass", "the card a player passes left when a Masquerade is played "
                       "(then Curse, Estate, Copper, the cheapest card, Victory cards worth "
                       "more last)")),
    # Swindler: the FAQ (Intrigue 2E rulebook): with no card of that cost in
    # the supply the victim gains nothing; an empty deck is shuffled first.
    # The default's Duchy rule changes no game of bm-swindler against Big
    # Money Ultimate (0.8521 either way: that bot owns no $5 card but Duchy).
    _("Swindler", 3, AA,
      "+$2. Each other player trashes the top card of their deck and gains a card with the "
      "same cost that you choose.",
      "Oplichter", "Trickser", "詐欺師", unsure=("nl", "ja"), set="intrigue", coins=2,
      roles=("attack", "payload"), lists=("swindle",), vs_bmu=0.8521,
      does=(Choice("swindle", "swindle"),),
      own_list=OwnList("swindle", "the card each victim of Swindler gains, costing what it "
                       "trashed (then Curse, Estate, Copper, the cheapest card, Victory "
                       "cards worth more last)", default=("Duchy if supply.Province >= 6",))),
    # Minion: the FAQ (Intrigue 2E rulebook): other players with 4 or fewer
    # cards in hand are unaffected.  The default follows Geronimoo's
    # MinionCard: +$2 when another Minion is in hand (new hands would discard
    # it), and when 3 cards or fewer are left to draw while the discard pile
    # holds more than 3 junk cards (new hands would reshuffle them); else the
    # new hands when +$2 cannot reach what the first card the buy rules want
    # costs (want.cost), when that card is a Minion with 2 or more Minions in
    # play and $2 made (MinionCard: exactly 2), or when the coins already made
    # reach it (the attack costs nothing); else +$2.  bm-minion (one Minion)
    # 0.5279 [0.5248, 0.5310] (100,000 games, seed 0; the previous default,
    # +$2 at $6 or $4 for a player owning 2 Minions or fewer: 0.4853), with
    # two Minions 0.5425 (0.4451 before); Geronimoo's Minion and
    # Minions/Chapel bots against Big Money Ultimate (50,000 games, seed 7,
    # turn cap 61; docs/geronimoo.md) 0.6916 and 0.7165 (before 0.5634 and
    # 0.5549; Java 0.697, 0.731; MinionCard's exact rules 0.6789, 0.6939);
    # docs/strategies.md, "Defaults and how they were chosen".
    _("Minion", 5, AA,
      "+1 Action. Choose one: +$2; or discard your hand, +4 Cards, and each other player "
      "with at least 5 cards in hand discards their hand and draws 4 cards.",
      "Lakei", "Lakai", "寵臣", unsure=("nl", "ja"), set="intrigue", actions=1,
      roles=("attack", "payload"), lists=("choose",), money=2, vs_bmu=0.5279,
      choose=Choose((Choice("coins", "+coins", 2), Choice("reset", "reset", 4)),
                    default=("coins if hand.Minion > 0",
                             "coins if deck.size < 4 and discard.Copper + discard.Curse "
                             "+ discard.Estate + discard.Duchy + discard.Province > 3",
                             "reset if hand.money + coins + 2 < want.cost",
                             "reset if want.Minion > 0 and coins >= 2 and play.Minion >= 2",
                             "reset if coins >= want.cost",
                             "coins"))),
    # Wishing Well: names the card most likely on top (the naming default,
    # docs/strategies.md); the FAQ (Intrigue 2E rulebook): an empty deck is
    # shuffled first, a card not named goes back on top.  bm-wishing-well
    # 0.4307 [0.4276, 0.4338]; naming Copper 0.4114.
    _("Wishing Well", 3, A,
      "+1 Card, +1 Action. Name a card, then reveal the top card of your deck. If you named "
      "it, put it into your hand.",
      "Wensput", "Wunschbrunnen", "願いの井戸", unsure=("nl", "ja"), set="intrigue", cards=1,
      actions=1, roles=("cantrip",), lists=("naming",), vs_bmu=0.4307,
      does=(Choice("wish", "name and reveal"),)),
    # Courtyard: Artisan's topdeck (the topdeck list, then its default):
    # bm-courtyard 0.8055 [0.8031, 0.8080]; dead cards first 0.5710, money
    # (Gold, Silver, Copper) first 0.4416.
    _("Courtyard", 2, A, "+3 Cards. Put a card from your hand onto your deck.",
      "Binnenplaats", "Burghof", "中庭", unsure=("nl", "ja"), set="intrigue", cards=3,
      roles=("draw",), lists=("topdeck",), vs_bmu=0.8055,
      does=(Choice("courtyard", "hand onto deck"),)),
    # Secret Passage: the position table, then a dead card to the bottom,
    # else Artisan's card on top.  bm-secret-passage 0.4919 [0.4888, 0.4950];
    # dead cards and Coppers to the bottom 0.4586.
    _("Secret Passage", 4, A,
      "+2 Cards, +1 Action. Take a card from your hand and put it anywhere in your deck.",
      "Geheime Gang", "Geheimgang", "秘密の抜け道", unsure=("nl", "de", "ja"),
      editions=(2,), set="intrigue", cards=2, actions=1, roles=("cantrip",),
      lists=("position", "topdeck"), vs_bmu=0.4919,
      does=(Choice("passage", "hand into deck"),)),
    # Patrol: the order table, then the dearest on top.  Patrol is terminal:
    # its order changes no game of a Patrol bot (docs/strategies.md).
    _("Patrol", 5, A,
      "+3 Cards. Reveal the top 4 cards of your deck. Put the Victory cards and Curses into "
      "your hand. Put the rest back in any order.",
      "Patrouille", "Patrouille", "巡回", unsure=("nl", "de", "ja"), editions=(2,),
      set="intrigue", cards=3, roles=("draw",), lists=("order",), vs_bmu=0.8120,
      does=(Choice("patrol", "reveal, green to hand", 4),)),
    # Nobles: an Action and a Victory card (2 VP at the end).  The default
    # takes +2 Actions when none is left and an Action is left in hand, else
    # +3 Cards: bm-nobles with three Nobles 0.6724 [0.6695, 0.6753], always
    # +3 Cards 0.6440 (bm-nobles's two Nobles: the same games either way); in
    # Village-Council Room-Nobles, played before the Council Room (the
    # default play order), 0.4261 [0.4231, 0.4292], where "another Nobles in
    # hand" scores 0.3915 and "2 Actions in hand" 0.3649 (100,000 games,
    # seed 0; docs/strategies.md, "Defaults and how they were chosen").
    _("Nobles", 6, AV, "Choose one: +3 Cards; or +2 Actions. 2 VP",
      "Edelen", "Adelige", "貴族", unsure=("nl", "ja"), set="intrigue", vp=2,
      roles=("draw", "village"), lists=("choose",), draws=3, vs_bmu=0.6715,
      choose=Choose((Choice("cards", "+cards", 3), Choice("actions", "+actions", 2)),
                    default=("actions if actions == 0 and hand.Action > 0", "cards"))),
    # Great Hall (first edition): an Action and a Victory card.
    _("Great Hall", 3, AV, "+1 Card, +1 Action. 1 VP",
      "Grote Zaal", "Große Halle", "大広間", unsure=("nl", "ja"), editions=(1,),
      set="intrigue", cards=1, actions=1, vp=1, roles=("cantrip",), vs_bmu=0.5392),
    # Harem: a Treasure and a Victory card ($2, 2 VP).
    _("Harem", 6, ("Treasure", "Victory"), "$2. 2 VP",
      "Harem", "Harem", "ハーレム", unsure=("nl", "ja"), set="intrigue", coins=2, vp=2,
      vs_bmu=0.5985),
    # Ironworks: Workshop's gain (the gain list, else gain_choice's fallback),
    # then a bonus for each type of the gained card (effects/intrigue.py,
    # the FAQ there).  Its gain list defaults to the buy list: bm-ironworks
    # without a gain list of its own scores 0.6159 [0.6128, 0.6189] against
    # Big Money Ultimate, 0.5591 gaining only Silvers; it ships gaining an
    # Estate once 4 or fewer Provinces are left, 0.6307 [0.6277, 0.6337]
    # (100,000 games, seed 0; docs/strategies.md).
    # With an Action left in hand and no Action to play it, the gain list's
    # first Action comes first (Geronimoo's IronworksCard; docs/geronimoo.md):
    # his Ironworks/Gardens Paper and Rock bots against Big Money Ultimate
    # 0.4140 [0.4097, 0.4183] and 0.9983 (0.200 and 0.961 without; Java
    # 0.410, 0.999; 50,000 games, seed 7, turn cap 61); bm-ironworks plays
    # the same games.
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
    # i30d: Duke, Lurker, Courtier
    # Duke: a VP rule the kernel reads as data (VPRule: 1 VP per Duchy, as
    # Gardens' 1 VP per 10 cards).  The FAQ (Intrigue 2E rulebook): Duke
    # counts the Duchies you have at the end of the game: not those trashed
    # or passed away; those on a mat are still yours.
    _("Duke", 5, ("Victory",), "Worth 1 VP per Duchy you have.",
      "Hertog", "Herzog", "公爵", unsure=("nl", "ja"), set="intrigue",
      vp_rule=VPRule(1, "Duchy"), vs_bmu=0.6403),
    # Lurker: its may picks the mode (yes: gain from the trash); by default
    # it gains when the gain list names an Action card in the trash, else
    # trashes the dearest Action of the Supply (effects/intrigue.py; the FAQ
    # there).  bm-lurker scores 0.4410 [0.4380, 0.4441] against Big Money
    # Ultimate with it, 0.4189 [0.4159, 0.4220] gaining whenever the trash
    # holds an Action (a Bureaucrat it trashed; 100,000 games, seed 0).
    _("Lurker", 2, A,
      "+1 Action. Choose one: Trash an Action card from the Supply; or gain an Action card "
      "from the trash.",
      "Sluiper", "Herumtreiberin", "潜伏者", unsure=("nl", "ja"), set="intrigue", editions=(2,),
      actions=1, effect=True, roles=("gainer",), lists=("may", "lurker", "gain"),
      may=May("gain an Action card from the trash (no: trash an Action card from the Supply)",
              "when the gain list names an Action card in the trash"),
      own_list=OwnList("lurker", "the Action card Lurker trashes from the Supply (then the "
                       "dearest)"), vs_bmu=0.4410),
    # Scout (first edition): Patrol's reveal without the Curses (the op
    # "reveal, Victory to hand"), the rest back by the order table, else the
    # dearest on top.  The 1E FAQ, in substance (not checked word for word):
    # with fewer than 4 cards in the deck, reveal them, shuffle the discard
    # pile and reveal the rest; a card of two types, one Victory, is a
    # Victory card, a Curse is not; every Victory card revealed goes to the
    # hand.  Its order changes no game of bm-scout (no other Action: the
    # clean-up draws every card put back): 0.4790 [0.4759, 0.4821] against
    # Big Money Ultimate with the default, the same games cheapest on top
    # (100,000 games, seed 0).
    _("Scout", 4, A,
      "+1 Action. Reveal the top 4 cards of your deck. Put the revealed Victory cards into "
      "your hand. Put the other cards on top of your deck in any order.",
      "Verkenner", "Kundschafter", "偵察員", unsure=("nl", "ja"), editions=(1,),
      set="intrigue", actions=1, lists=("order",), vs_bmu=0.4790,
      does=(Choice("scout", "reveal, Victory to hand", 4),)),
    # Coppersmith (first edition): each play makes every Copper played later
    # this turn produce $1 more (effects/intrigue.py; the FAQ there).  No
    # decision to default.  bm-coppersmith (one, from the opening) scores
    # 0.4844 [0.4813, 0.4875] against Big Money Ultimate; Provinces from $19
    # 0.4836, two Coppersmiths 0.3842 (100,000 games, seed 0).
    _("Coppersmith", 4, A, "Copper produces an extra $1 this turn.",
      "Kopersmid", "Kupferschmied", "銅細工師", unsure=("nl", "ja"), editions=(1,),
      set="intrigue", x=1, effect=True, raises_copper=True, roles=("payload",), money=2,
      vs_bmu=0.4844),
    # Tribute (first edition): the left neighbour's top 2 cards, revealed and
    # discarded, give a bonus per type of each differently named card
    # (effects/intrigue.py; the FAQ there).  Not an Attack: others=True.  No
    # decision to default.  bm-tribute (one) scores 0.6748 [0.6719, 0.6777]
    # against Big Money Ultimate; two 0.6713, Provinces from $19 0.6535
    # (100,000 games, seed 0).
    _("Tribute", 5, A,
      "The player to your left reveals then discards the top 2 cards of their deck. For each "
      "differently named card revealed, if it is an... Action Card, +2 Actions; Treasure "
      "Card, +$2; Victory Card, +2 Cards.",
      "Tribuut", "Tribut", "貢物", unsure=("nl", "ja"), editions=(1,), set="intrigue", x=2,
      effect=True, others=True, roles=("payload",), money=2, vs_bmu=0.6748),
    # Saboteur (first edition): each victim's own strategy picks its gain
    # (effects/intrigue.py; the FAQ there): the saboteur list, else what its
    # buy list would take with that much, else nothing.  bm-saboteur (one,
    # bought with $5 below Gold) scores 0.5115 [0.5084, 0.5146] against Big
    # Money Ultimate with that default for the victim; 0.5807 when the victim
    # also takes a Copper (for a Silver), so the default is its stronger
    # reply; bought before Gold 0.4646, two 0.4022 (100,000 games, seed 0).
    _("Saboteur", 5, AA,
      "Each other player reveals cards from the top of their deck until revealing one "
      "costing $3 or more. They trash that card and may gain a card costing at most $2 less "
      "than it. They discard the other revealed cards.",
      "Saboteur", "Saboteur", "破壊工作員", unsure=("nl", "de", "ja"), editions=(1,),
      set="intrigue", x=3, effect=True, roles=("attack",), lists=("saboteur",),
      own_list=OwnList("saboteur", "the card a victim of Saboteur gains, costing at most $2 "
                       "less than the card it trashed (then what the buy list takes with "
                       "that much; else nothing)"),
      vs_bmu=0.5115),
    # Secret Chamber (first edition): the discard list's cards for +$1 each
    # (effects/intrigue.py); against an Attack (its may: yes) +2 Cards, then
    # 2 cards onto the deck by the topdeck list, once per Attack (the FAQ at
    # tests/scenarios/intrigue_secret_chamber.toml).  bm-secret-chamber (one,
    # bought with $2) scores 0.4795 [0.4764, 0.4826] against Big Money
    # Ultimate, discarding Copper too the same games; against bm-militia
    # 0.2183 revealing it with Artisan's topdeck, 0.2133 never, 0.2125
    # putting dead cards then Copper back (100,000 games, seed 0).
    _("Secret Chamber", 2, AR,
      "Discard any number of cards. +$1 per card discarded. When another player plays an "
      "Attack card, you may reveal this from your hand. If you do, +2 Cards, then put 2 "
      "cards from your hand on top of your deck.",
      "Geheime Kamer", "Geheimkammer", "秘密の部屋", unsure=("nl", "ja"), editions=(1,),
      set="intrigue", effect=True, roles=("payload",), lists=("discard", "may", "topdeck"),
      may=May("reveal it against an Attack", "yes"),
      on_attack=OnAttack(min_hand=1, cards=2, discard=0, topdeck=2, again=False),
      vs_bmu=0.4795),
    # i30h: Courtier
    # Courtier: the revealed card is the courtier list's, else the hand card
    # with the most types; one choice per type (choose pick 0: the effect
    # says how many, effects/intrigue.py; the FAQ there).  bm-courtier (one,
    # which reveals only cards of one type) scores 0.7028 [0.7000, 0.7056]
    # against Big Money Ultimate with the default, 0.6780 without its late
    # +$3 (+$3 only for a Province, else a Gold), 0.6891 with it from 6
    # Provinces left, 0.6991 with +$3 late only to reach $6, 0.6052 always
    # +$3, 0.5476 always a Gold; the bot ships two Courtiers, 0.7081 (100,000
    # games, seed 0; docs/strategies.md).
    _("Courtier", 5, A,
      "Reveal a card from your hand. For each type it has (Action, Attack, etc.), choose one: "
      "+1 Action; or +1 Buy; or +$3; or gain a Gold. The choices must be different.",
      "Hoveling", "Höfling", "廷臣", unsure=("nl", "de", "ja"), set="intrigue", editions=(2,),
      effect=True, roles=("payload",), lists=("choose", "courtier"), money=3,
      vs_bmu=0.7081,
      choose=Choose((Choice("action", "+actions"), Choice("buy", "+buys"),
                     Choice("coins", "+coins", 3), Choice("gold", "gain", card="Gold")),
                    pick=0, default=COURTIER_DEFAULT),
      own_list=OwnList("courtier", "the hand card Courtier reveals (then the one with the "
                       "most types)")),
)

# The recommended sets of the second-edition Intrigue rulebook, by name: three
# with Intrigue alone, three with the base set (their base cards first, as
# the rulebook lists them).  The card lists are the (issue 30, from
# the 2E rulebook); the sources found with the search tools (the 2E rulebook's
# text at docslib.org and 64-ounce-games.com, the Dominion Strategy wiki's
# Intrigue page) confirmed the set's 26 cards and the name "Best Wishes" but
# not the lists themselves: every list below is UNCONFIRMED by a second
# source (docs/cards.md says so too).  A kingdom naming a card that is not
# in the registry yet is kept out of ``C.RECOMMENDED`` until the card is
# added (none now: Courtier was the last); ``--kingdom NAME`` meanwhile says
# which card is missing (``C.INCOMPLETE_KINGDOMS``).
RECOMMENDED: dict[str, tuple[str, ...]] = {
    "Victory Dance": ("Baron", "Courtier", "Duke", "Harem", "Ironworks", "Masquerade", "Mill",
                      "Nobles", "Patrol", "Replace"),
    "The Plot Thickens": ("Conspirator", "Ironworks", "Lurker", "Mining Village", "Pawn",
                          "Secret Passage", "Steward", "Swindler", "Torturer",
                          "Trading Post"),
    "Best Wishes": ("Baron", "Conspirator", "Courtyard", "Diplomat", "Duke",
                    "Secret Passage", "Shanty Town", "Torturer", "Upgrade", "Wishing Well"),
    "Underlings": ("Cellar", "Festival", "Library", "Sentry", "Vassal", "Courtier",
                   "Diplomat", "Minion", "Nobles", "Pawn"),
    "Grand Scheme": ("Artisan", "Council Room", "Market", "Militia", "Workshop", "Bridge",
                     "Mill", "Mining Village", "Patrol", "Shanty Town"),
    "Deconstruction": ("Bandit", "Mine", "Remodel", "Throne Room", "Village", "Diplomat",
                       "Harem", "Lurker", "Replace", "Swindler"),
}
