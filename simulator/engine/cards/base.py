"""The base game's cards (both editions) and the two promotional cards that
play with it, with the base set's recommended kingdoms.

Rows are in card-id order: the 7 base cards, the second edition's kingdom
by cost (as in RULES.md), then the first edition's six and the promos,
appended so that no id ever changes (records stay bit-identical).  The
next set's module is appended after this one the same way.

``vs_bmu`` is the score of the card's single-card Big Money bot against
Big Money Ultimate (100,000 games, seed 0: docs/strategies.md, "Shipped
bots and how they do"; tests/test_registry.py keeps the two equal).
"""
from __future__ import annotations

from simulator.engine.cards.spec import (
    BLACK_MARKET_DECK,
    CardSpec,
    May,
    OwnList,
    VPRule,
)

A, AA, AR = ("Action",), ("Action", "Attack"), ("Action", "Reaction")
TREASURE, VICTORY, CURSE = ("Treasure",), ("Victory",), ("Curse",)

_ = CardSpec
CARDS: tuple[CardSpec, ...] = (
    # ---- base cards
    _("Copper", 0, TREASURE, "$1", "Koper", "Kupfer", "銅貨", coins=1),
    _("Silver", 3, TREASURE, "$2", "Zilver", "Silber", "銀貨", coins=2),
    _("Gold", 6, TREASURE, "$3", "Goud", "Gold", "金貨", coins=3),
    _("Estate", 2, VICTORY, "1 VP", "Landgoed", "Anwesen", "屋敷", vp=1),
    _("Duchy", 5, VICTORY, "3 VP", "Hertogdom", "Herzogtum", "公領", vp=3),
    _("Province", 8, VICTORY, "6 VP", "Provincie", "Provinz", "属州", vp=6),
    _("Curse", 0, CURSE, "-1 VP", "Vloek", "Fluch", "呪い", vp=-1),
    # ---- kingdom cards, by cost
    _("Cellar", 2, A, "+1 Action. Discard any number of cards, then draw that many.",
      "Kelder", "Keller", "地下貯蔵庫", actions=1, effect=True, roles=("sifter",),
      lists=("discard",), vs_bmu=0.4952, after_draw=True),
    _("Chapel", 2, A, "Trash up to 4 cards from your hand.",
      "Kapel", "Kapelle", "礼拝堂", x=4, effect=True,
      roles=("trasher",), lists=("trash", "buy"), nothing_now=True, vs_bmu=0.5290),
    _("Moat", 2, AR,
      "+2 Cards. When another player plays an Attack card, you may first reveal this "
      "from your hand, to be unaffected by it.",
      "Slotgracht", "Burggraben", "堀", cards=2, roles=("draw",), vs_bmu=0.5649,
      blocks="hand"),
    _("Harbinger", 3, A,
      "+1 Card, +1 Action. Look through your discard pile. You may put a card "
      "from it onto your deck.",
      "Voorbode", "Vorbotin", "前駆者", cards=1, actions=1, editions=(2,), effect=True,
      roles=("cantrip",), lists=("topdeck", "may"),
      may=May("put a card from the discard pile onto the deck at all (which card: "
              "`topdeck`)", "yes"), vs_bmu=0.4932),
    _("Merchant", 3, A,
      "+1 Card, +1 Action. The first time you play a Silver this turn, +$1.",
      "Koopman", "Händlerin", "商人", cards=1, actions=1, x=1, editions=(2,), effect=True,
      roles=("cantrip", "payload"), vs_bmu=0.4967),
    _("Vassal", 3, A,
      "+$2. Discard the top card of your deck. If it's an Action card, you may play it.",
      "Vazal", "Vasall", "家臣", coins=2, editions=(2,), effect=True,
      roles=("payload",), plays="deck", lists=("may",),
      may=May("play the Action card it discarded", "yes"), vs_bmu=0.4905),
    _("Village", 3, A, "+1 Card, +2 Actions.",
      "Dorp", "Dorf", "村", cards=1, actions=2, roles=("village",), vs_bmu=0.3218),
    _("Workshop", 3, A, "Gain a card costing up to $4.",
      "Werkplaats", "Werkstatt", "工房", x=4, effect=True, gains_any=True,
      roles=("gainer",), lists=("gain",), nothing_now=True, vs_bmu=0.3860),
    _("Bureaucrat", 4, AA,
      "Gain a Silver onto your deck. Each other player reveals a Victory card "
      "from their hand and puts it onto their deck (or reveals a hand with no "
      "Victory cards).",
      "Bureaucraat", "Bürokrat", "役人", effect=True, roles=("attack",), vs_bmu=0.5983),
    _("Gardens", 4, VICTORY,
      "Worth 1 VP per 10 cards you have (round down).",
      "Tuinen", "Gärten", "庭園", vp_rule=VPRule(10), vs_bmu=0.6411),
    _("Militia", 4, AA,
      "+$2. Each other player discards down to 3 cards in hand.",
      "Militie", "Miliz", "民兵", coins=2, x=3, effect=True,
      roles=("attack", "payload"), lists=("discard",), vs_bmu=0.7662),
    _("Moneylender", 4, A,
      "You may trash a Copper from your hand for +$3.",
      "Geldschieter", "Geldverleiher", "金貸し", x=3, effect=True,
      roles=("trasher", "payload"), lists=("may",),
      may=May("trash a Copper for +$3", "yes"), money=2, vs_bmu=0.5318),
    _("Poacher", 4, A,
      "+1 Card, +1 Action, +$1. Discard a card per empty Supply pile.",
      "Wilddief", "Wilddieb", "密猟者", cards=1, actions=1, coins=1, editions=(2,),
      effect=True, roles=("cantrip", "payload"), lists=("discard",), vs_bmu=0.5856),
    _("Remodel", 4, A,
      "Trash a card from your hand. Gain a card costing up to $2 more than it.",
      "Verbouwing", "Umbau", "改築", x=2, effect=True, gains_any=True,
      roles=("trasher",), lists=("remodel", "trash", "gain"), nothing_now=True,
      own_list=OwnList("remodel", "what Remodel trashes (it then gains by the gain "
                       "list, up to $2 more)",
                       ("Gold if supply.Province <= 6", "Curse",
                        "Estate if supply.Province > 2", "Silver if supply.Province <= 4",
                        "Copper if my.money > 6")),
      vs_bmu=0.5779),
    _("Smithy", 4, A, "+3 Cards.",
      "Smidse", "Schmiede", "鍛冶屋", cards=3, roles=("draw",), vs_bmu=0.7437),
    _("Throne Room", 4, A,
      "You may play an Action card from your hand twice.",
      "Troonzaal", "Thronsaal", "玉座の間", x=2, effect=True,
      roles=("village",), plays="hand", lists=("play", "may"),
      may=May("play an Action twice at all (which one: the `play` list)", "yes"),
      vs_bmu=0.1357),
    _("Bandit", 5, AA,
      "Gain a Gold. Each other player reveals the top 2 cards of their deck, "
      "trashes a revealed Treasure other than Copper, and discards the rest.",
      "Bandiet", "Banditin", "山賊", x=2, editions=(2,), effect=True,
      roles=("attack", "payload"), vs_bmu=0.7022),
    _("Council Room", 5, A,
      "+4 Cards, +1 Buy. Each other player draws a card.",
      "Raadszaal", "Ratsversammlung", "議事堂", cards=4, buys=1, x=1, effect=True,
      roles=("draw", "plus_buy"), others=True, vs_bmu=0.7295),
    _("Festival", 5, A, "+2 Actions, +1 Buy, +$2.",
      "Festival", "Jahrmarkt", "祝祭", actions=2, buys=1, coins=2,
      roles=("village", "payload", "plus_buy"), vs_bmu=0.5434),
    _("Laboratory", 5, A, "+2 Cards, +1 Action.",
      "Laboratorium", "Laboratorium", "研究所", cards=2, actions=1,
      roles=("draw", "cantrip"), vs_bmu=0.5970),
    _("Library", 5, A,
      "Draw until you have 7 cards in hand, skipping any Action cards you choose "
      "to; set those aside, discarding them afterwards.",
      "Bibliotheek", "Bibliothek", "書庫", x=7, effect=True,
      roles=("draw",), draws=3, lists=("skip", "may"),
      own_list=OwnList("skip", "which drawn Action cards Library sets aside"),
      may=May("set aside the Action card just drawn (asked per card; overrides `skip`)",
              "`skip` list if given, else only when no Action is left"),
      vs_bmu=0.6960),
    _("Market", 5, A, "+1 Card, +1 Action, +1 Buy, +$1.",
      "Markt", "Markt", "市場", cards=1, actions=1, buys=1, coins=1,
      roles=("cantrip", "payload", "plus_buy"), vs_bmu=0.6044),
    _("Mine", 5, A,
      "You may trash a Treasure from your hand. Gain a Treasure to your hand "
      "costing up to $3 more than it.",
      "Mijn", "Mine", "鉱山", x=3, effect=True, gains_any=True,
      roles=("payload",), lists=("trash", "gain", "may"),
      may=May("trash the Treasure it chose (which one: `trash`, or the default)", "yes"),
      vs_bmu=0.5785),
    _("Sentry", 5, A,
      "+1 Card, +1 Action. Look at the top 2 cards of your deck. Trash and/or "
      "discard any number of them. Put the rest back on top in any order.",
      "Cipier", "Torwächterin", "衛兵", cards=1, actions=1, x=2, editions=(2,), effect=True,
      roles=("trasher", "cantrip"), lists=("trash", "discard"), vs_bmu=0.6525),
    _("Witch", 5, AA,
      "+2 Cards. Each other player gains a Curse.",
      "Heks", "Hexe", "魔女", cards=2, effect=True,
      roles=("draw", "attack"), curses=True, vs_bmu=0.9530),
    _("Artisan", 6, A,
      "Gain a card to your hand costing up to $5. Put a card from your hand onto your deck.",
      "Ambachtsman", "Töpferei", "職人", x=5, editions=(2,), effect=True, gains_any=True,
      roles=("gainer",), lists=("gain", "topdeck", "buy"), vs_bmu=0.4881),
    # ---- first edition only, then promotional cards (RULES.md "Beyond the
    # second edition"); appended so that the ids above never change
    _("Woodcutter", 3, A, "+1 Buy, +$2.",
      "Houthakker", "Holzfäller", "木こり", buys=1, coins=2, editions=(1,),
      roles=("payload", "plus_buy"), vs_bmu=0.5293),
    _("Chancellor", 3, A,
      "+$2. You may immediately put your deck into your discard pile.",
      "Kanselier", "Kanzler", "宰相", coins=2, editions=(1,), effect=True,
      roles=("payload",), lists=("may", "buy"),
      may=May("put the deck into the discard pile", "when the draw pile gives fewer "
              "coins per card than the rest with this turn's buy (Chancellor below)"),
      vs_bmu=0.6284),
    _("Feast", 4, A, "Trash this card. Gain a card costing up to $5.",
      "Feest", "Festmahl", "祝宴", x=5, editions=(1,), unsure=("nl",), effect=True,
      gains_any=True, roles=("gainer",), lists=("gain",), nothing_now=True,
      trashes_self=True, vs_bmu=0.4901),
    _("Adventurer", 6, A,
      "Reveal cards from your deck until you reveal 2 Treasure cards. Put those "
      "Treasure cards into your hand and discard the other revealed cards.",
      "Avonturier", "Abenteurer", "冒険者", x=2, editions=(1,), effect=True,
      roles=("payload",), draws=2, vs_bmu=0.5172),
    _("Spy", 4, AA,
      "+1 Card, +1 Action. Each player (including you) reveals the top card of their "
      "deck and either discards it or puts it back, your choice.",
      "Spion", "Spion", "密偵", cards=1, actions=1, editions=(1,), effect=True,
      roles=("cantrip", "attack"), lists=("discard",), vs_bmu=0.4868),
    _("Thief", 4, AA,
      "Each other player reveals the top 2 cards of their deck. If they revealed any "
      "Treasure cards, they trash one of them that you choose. You may gain any or all "
      "of these trashed cards. They discard the other revealed cards.",
      "Dief", "Dieb", "泥棒", x=2, editions=(1,), effect=True,
      roles=("attack",), lists=("gain",), vs_bmu=0.6036),
    _("Envoy", 4, A,
      "Reveal the top 5 cards of your deck. The player to your left chooses one. "
      "Discard that one and put the rest into your hand.",
      "Gezant", "Gesandter", "使節", x=5, editions=(), set="promo", unsure=("de", "ja"),
      effect=True, roles=("draw",), draws=4, vs_bmu=0.7628),
    _("Black Market", 3, A,
      "+$2. Reveal the top 3 cards of the Black Market deck. Play any number of "
      "Treasures from your hand. You may buy one of the revealed cards. Put the rest "
      "on the bottom of the Black Market deck in any order.",
      "Zwarte Markt", "Schwarzmarkt", "闇市場", coins=2, x=3, editions=(), set="promo",
      unsure=("ja",), effect=True, roles=("payload",), lists=("buy",),
      setup=(BLACK_MARKET_DECK,), vs_bmu=0.4976),
)
del _

# The recommended sets of the official rules (seeds/000_...), by name.
RECOMMENDED: dict[str, tuple[str, ...]] = {
    "First Game": ("Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel",
                   "Smithy", "Village", "Workshop"),
    "Size Distortion": ("Artisan", "Bandit", "Bureaucrat", "Chapel", "Festival", "Gardens",
                        "Sentry", "Throne Room", "Witch", "Workshop"),
    "Deck Top": ("Artisan", "Bureaucrat", "Council Room", "Festival", "Harbinger",
                 "Laboratory", "Moneylender", "Sentry", "Vassal", "Village"),
    "Sleight of Hand": ("Cellar", "Council Room", "Festival", "Gardens", "Library",
                        "Harbinger", "Militia", "Poacher", "Smithy", "Throne Room"),
    "Improvements": ("Artisan", "Cellar", "Market", "Merchant", "Mine", "Moat",
                     "Moneylender", "Poacher", "Remodel", "Witch"),
    "Silver & Gold": ("Bandit", "Bureaucrat", "Chapel", "Harbinger", "Laboratory",
                      "Merchant", "Mine", "Moneylender", "Throne Room", "Vassal"),
}
# Other named sets from the seeds (not in the rulebook's list above).
NAMED_KINGDOMS: dict[str, tuple[str, ...]] = {
    # seeds/004_...: the first edition's set for a first game
    "First Game (1st edition)": ("Cellar", "Moat", "Village", "Workshop", "Woodcutter",
                                 "Smithy", "Remodel", "Militia", "Market", "Mine"),
}

# The default rules of the shared lists that name cards (docs/strategies.md,
# "Default lists"): Curses always, Estates up to turn 10, Coppers while more
# than $6 of money is left.  (The default discard list is derived: the cards
# that never help a hand.)
DEFAULT_RULES: dict[str, tuple[str, ...]] = {
    "trash": ("Curse", "Estate if my.turn <= 10", "Copper if my.money > 6"),
}
