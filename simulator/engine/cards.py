"""The card table: the one place where a card's numbers are written.

Every other module (kernel, strategy compiler, reports) reads cards from
here.  Card ids are the row numbers of ``TABLE``; the kernel sees the same
numbers as frozen numpy arrays (``COST``, ``TYPES`` ...).

Columns: ``cards``/``actions``/``buys``/``coins`` are the card's unconditional
"+N" bonuses (a Treasure's value is its ``coins``), ``vp`` its fixed victory
points, and ``x`` the one other number its text uses (Chapel trashes up to
``x``, Workshop gains up to $``x``, Remodel adds $``x`` ...).  ``editions``
says which editions of the base game have the card ("12": both, "" for a
promotional card); ``unsure`` lists the languages whose name here is not
confirmed by a published card (``domsim cards`` says so).  ``effect``: the
card's text needs code beyond its "+" numbers (an ``@effect`` in
``simulator/engine/effects/``; Merchant's bonus is in the turn itself);
``gains_any``: its effect may gain a card no strategy list names (it falls
back to the dearest legal card), so every card of the game can be owned.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

import numpy as np

# Type bits.  A card of two types has both bits set.
ACTION, TREASURE, VICTORY, CURSE, ATTACK, REACTION = 1, 2, 4, 8, 16, 32
TYPE_NAMES = {ACTION: "Action", TREASURE: "Treasure", VICTORY: "Victory",
              CURSE: "Curse", ATTACK: "Attack", REACTION: "Reaction"}


@dataclass(frozen=True)
class CardSpec:
    name: str
    cost: int
    types: int
    text: str
    nl: str
    de: str
    ja: str
    cards: int = 0
    actions: int = 0
    buys: int = 0
    coins: int = 0
    vp: int = 0
    x: int = 0
    editions: str = "12"
    unsure: str = ""
    effect: bool = False       # its text needs code beyond the "+" numbers
    gains_any: bool = False    # it may gain a card no strategy list names

    @property
    def type_names(self) -> list[str]:
        return [n for bit, n in TYPE_NAMES.items() if self.types & bit]


_ = CardSpec
TABLE: tuple[CardSpec, ...] = (
    # ---- base cards
    _("Copper", 0, TREASURE, "$1", "Koper", "Kupfer", "銅貨", coins=1),
    _("Silver", 3, TREASURE, "$2", "Zilver", "Silber", "銀貨", coins=2),
    _("Gold", 6, TREASURE, "$3", "Goud", "Gold", "金貨", coins=3),
    _("Estate", 2, VICTORY, "1 VP", "Landgoed", "Anwesen", "屋敷", vp=1),
    _("Duchy", 5, VICTORY, "3 VP", "Hertogdom", "Herzogtum", "公領", vp=3),
    _("Province", 8, VICTORY, "6 VP", "Provincie", "Provinz", "属州", vp=6),
    _("Curse", 0, CURSE, "-1 VP", "Vloek", "Fluch", "呪い", vp=-1),
    # ---- kingdom cards, by cost
    _("Cellar", 2, ACTION, "+1 Action. Discard any number of cards, then draw that many.",
      "Kelder", "Keller", "地下貯蔵庫", actions=1, effect=True),
    _("Chapel", 2, ACTION, "Trash up to 4 cards from your hand.",
      "Kapel", "Kapelle", "礼拝堂", x=4, effect=True),
    _("Moat", 2, ACTION | REACTION,
      "+2 Cards. When another player plays an Attack, you may first reveal this "
      "from your hand, to be unaffected by it.",
      "Slotgracht", "Burggraben", "堀", cards=2),
    _("Harbinger", 3, ACTION,
      "+1 Card, +1 Action. Look through your discard pile. You may put a card "
      "from it onto your deck.",
      "Voorbode", "Vorbotin", "前駆者", cards=1, actions=1, editions="2", effect=True),
    _("Merchant", 3, ACTION,
      "+1 Card, +1 Action. The first time you play a Silver this turn, +$1.",
      "Koopman", "Händlerin", "商人", cards=1, actions=1, x=1, editions="2", effect=True),
    _("Vassal", 3, ACTION,
      "+$2. Discard the top card of your deck. If it's an Action card, you may play it.",
      "Vazal", "Vasall", "家臣", coins=2, editions="2", effect=True),
    _("Village", 3, ACTION, "+1 Card, +2 Actions.",
      "Dorp", "Dorf", "村", cards=1, actions=2),
    _("Workshop", 3, ACTION, "Gain a card costing up to $4.",
      "Werkplaats", "Werkstatt", "工房", x=4, effect=True, gains_any=True),
    _("Bureaucrat", 4, ACTION | ATTACK,
      "Gain a Silver onto your deck. Each other player reveals a Victory card "
      "from their hand and puts it onto their deck (or reveals a hand with no "
      "Victory cards).",
      "Bureaucraat", "Bürokrat", "役人", effect=True),
    _("Gardens", 4, VICTORY,
      "Worth 1 VP per 10 cards you have (round down).",
      "Tuinen", "Gärten", "庭園", x=10),
    _("Militia", 4, ACTION | ATTACK,
      "+$2. Each other player discards down to 3 cards in hand.",
      "Militie", "Miliz", "民兵", coins=2, x=3, effect=True),
    _("Moneylender", 4, ACTION,
      "You may trash a Copper from your hand for +$3.",
      "Geldschieter", "Geldverleiher", "金貸し", x=3, effect=True),
    _("Poacher", 4, ACTION,
      "+1 Card, +1 Action, +$1. Discard a card per empty Supply pile.",
      "Wilddief", "Wilddieb", "密猟者", cards=1, actions=1, coins=1, editions="2", effect=True),
    _("Remodel", 4, ACTION,
      "Trash a card from your hand. Gain a card costing up to $2 more than it.",
      "Verbouwing", "Umbau", "改築", x=2, effect=True, gains_any=True),
    _("Smithy", 4, ACTION, "+3 Cards.",
      "Smidse", "Schmiede", "鍛冶屋", cards=3),
    _("Throne Room", 4, ACTION,
      "You may play an Action card from your hand twice.",
      "Troonzaal", "Thronsaal", "玉座の間", x=2, effect=True),
    _("Bandit", 5, ACTION | ATTACK,
      "Gain a Gold. Each other player reveals the top 2 cards of their deck, "
      "trashes a revealed Treasure other than Copper, and discards the rest.",
      "Bandiet", "Banditin", "山賊", x=2, editions="2", effect=True),
    _("Council Room", 5, ACTION,
      "+4 Cards, +1 Buy. Each other player draws a card.",
      "Raadszaal", "Ratsversammlung", "議事堂", cards=4, buys=1, x=1, effect=True),
    _("Festival", 5, ACTION, "+2 Actions, +1 Buy, +$2.",
      "Festival", "Jahrmarkt", "祝祭", actions=2, buys=1, coins=2),
    _("Laboratory", 5, ACTION, "+2 Cards, +1 Action.",
      "Laboratorium", "Laboratorium", "研究所", cards=2, actions=1),
    _("Library", 5, ACTION,
      "Draw until you have 7 cards in hand, skipping any Action cards you choose "
      "to; set those aside, discarding them afterwards.",
      "Bibliotheek", "Bibliothek", "書庫", x=7, effect=True),
    _("Market", 5, ACTION, "+1 Card, +1 Action, +1 Buy, +$1.",
      "Markt", "Markt", "市場", cards=1, actions=1, buys=1, coins=1),
    _("Mine", 5, ACTION,
      "You may trash a Treasure from your hand. Gain a Treasure to your hand "
      "costing up to $3 more than it.",
      "Mijn", "Mine", "鉱山", x=3, effect=True, gains_any=True),
    _("Sentry", 5, ACTION,
      "+1 Card, +1 Action. Look at the top 2 cards of your deck. Trash and/or "
      "discard any number of them. Put the rest back on top in any order.",
      "Cipier", "Torwächterin", "衛兵", cards=1, actions=1, x=2, editions="2", effect=True),
    _("Witch", 5, ACTION | ATTACK,
      "+2 Cards. Each other player gains a Curse.",
      "Heks", "Hexe", "魔女", cards=2, effect=True),
    _("Artisan", 6, ACTION,
      "Gain a card to your hand costing up to $5. Put a card from your hand onto your deck.",
      "Ambachtsman", "Töpferei", "職人", x=5, editions="2", effect=True, gains_any=True),
    # ---- first edition only, then promotional cards (RULES.md "Beyond the
    # second edition"); appended so that the ids above never change
    _("Woodcutter", 3, ACTION, "+1 Buy, +$2.",
      "Houthakker", "Holzfäller", "木こり", buys=1, coins=2, editions="1"),
    _("Chancellor", 3, ACTION,
      "+$2. You may immediately put your deck into your discard pile.",
      "Kanselier", "Kanzler", "宰相", coins=2, editions="1", effect=True),
    _("Feast", 4, ACTION, "Trash this card. Gain a card costing up to $5.",
      "Feest", "Festmahl", "祝宴", x=5, editions="1", unsure="nl", effect=True, gains_any=True),
    _("Adventurer", 6, ACTION,
      "Reveal cards from your deck until you reveal 2 Treasure cards. Put those into "
      "your hand and discard the other revealed cards.",
      "Avonturier", "Abenteurer", "冒険者", x=2, editions="1", effect=True),
    _("Spy", 4, ACTION | ATTACK,
      "+1 Card, +1 Action. Each player (including you) reveals the top card of their "
      "deck and either discards it or puts it back, your choice.",
      "Spion", "Spion", "密偵", cards=1, actions=1, editions="1", effect=True),
    _("Thief", 4, ACTION | ATTACK,
      "Each other player reveals the top 2 cards of their deck. If they revealed any "
      "Treasure cards, they trash one of them that you choose. You may gain any or all "
      "of these trashed cards. They discard the other revealed cards.",
      "Dief", "Dieb", "泥棒", x=2, editions="1", effect=True),
    _("Envoy", 4, ACTION,
      "Reveal the top 5 cards of your deck. The player to your left chooses one for you "
      "to discard. Put the rest into your hand.",
      "Gezant", "Gesandter", "使節", x=5, editions="", unsure="de ja", effect=True),
    _("Black Market", 3, ACTION,
      "+$2. Reveal the top 3 cards of the Black Market deck. You may buy one of them "
      "immediately. Put the unbought cards on the bottom of the Black Market deck in "
      "any order.",
      "Zwarte Markt", "Schwarzmarkt", "闇市場", coins=2, x=3, editions="", unsure="ja", effect=True),
)
del _

NCARDS = len(TABLE)
NAMES = tuple(c.name for c in TABLE)


def _ident(name: str) -> str:
    return name.upper().replace(" ", "_")


# Card ids as an IntEnum: usable as constants inside numba code (Card.SMITHY).
Card = enum.IntEnum("Card", [(_ident(c.name), i) for i, c in enumerate(TABLE)])

BASE_CARDS = tuple(range(7))
KINGDOM_CARDS = tuple(range(7, NCARDS))
EDITIONS = (1, 2)


def card_pool(edition: int | None = None) -> tuple[int, ...]:
    """The kingdom cards a game may use: all of them, or one edition's."""
    if edition is None:
        return KINGDOM_CARDS
    if edition not in EDITIONS:
        raise ValueError(f"--edition must be 1 or 2 (the base game's first or second "
                         f"edition), not {edition}; leave it out to use all "
                         f"{len(KINGDOM_CARDS)} kingdom cards")
    return tuple(c for c in KINGDOM_CARDS if str(edition) in TABLE[c].editions)

# Frozen column arrays for the kernel (numba treats global arrays as constants).
COST = np.array([c.cost for c in TABLE], dtype=np.int32)
TYPES = np.array([c.types for c in TABLE], dtype=np.int32)
PLUS_CARDS = np.array([c.cards for c in TABLE], dtype=np.int32)
PLUS_ACTIONS = np.array([c.actions for c in TABLE], dtype=np.int32)
PLUS_BUYS = np.array([c.buys for c in TABLE], dtype=np.int32)
PLUS_COINS = np.array([c.coins for c in TABLE], dtype=np.int32)
VP = np.array([c.vp for c in TABLE], dtype=np.int32)
X = np.array([c.x for c in TABLE], dtype=np.int32)
EFFECT = np.array([c.effect for c in TABLE], dtype=np.bool_)
GAINS_ANY = frozenset(i for i, c in enumerate(TABLE) if c.gains_any)
LANGUAGES = ("en", "nl", "de", "ja")          # the languages of card names and logs



def _normal(name: str) -> str:
    """Case-insensitive key with spaces, '_' and '-' removed."""
    return "".join(ch for ch in name.casefold() if ch not in " _-")


# Every accepted spelling (English and the seed languages) -> card id.
_BY_NAME: dict[str, int] = {}
for _i, _c in enumerate(TABLE):
    for _n in (_c.name, _c.nl, _c.de, _c.ja):
        _BY_NAME.setdefault(_normal(_n), _i)


class UnknownCardError(ValueError):
    """A card name that is not in the table; the message suggests the nearest."""


def suggest(word: str, choices) -> str:
    """' (did you mean X?)' for the nearest of choices, or ''."""
    import difflib
    near = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {near[0]!r}?)" if near else ""


def card_id(name: str) -> int:
    """Resolve a card name in English, Dutch, German or Japanese, any case."""
    key = _normal(name)
    if key in _BY_NAME:
        return _BY_NAME[key]
    near = suggest(key, _BY_NAME)
    if near:
        guess = NAMES[_BY_NAME[near.split("'")[1]]]
        near = f" (did you mean {guess!r}?)"
    raise UnknownCardError(f"unknown card {name!r}{near}")


def localized(card: int, lang: str = "en") -> str:
    spec = TABLE[card]
    return spec.name if lang == "en" else getattr(spec, lang)


def unsure_names(lang: str | None = None) -> list[tuple[int, str]]:
    """(card, language) of every translated name not confirmed by a published
    card, for one language or all."""
    return [(c, lg) for c, spec in enumerate(TABLE) for lg in spec.unsure.split()
            if lang in (None, lg)]


def pile_size(card: int, players: int) -> int:
    """Supply pile size at the start of a game (RULES.md "Setup")."""
    two_sets = players >= 5
    if card == Card.COPPER:
        return (120 if two_sets else 60) - 7 * players
    if card == Card.SILVER:
        return 80 if two_sets else 40
    if card == Card.GOLD:
        return 60 if two_sets else 30
    if card == Card.CURSE:
        return {2: 10, 3: 20, 4: 30, 5: 40, 6: 50}[players]
    if card == Card.PROVINCE:
        return {2: 8, 3: 12, 4: 12, 5: 15, 6: 18}[players]
    if TABLE[card].types & VICTORY:          # Estate, Duchy, Gardens
        return 8 if players == 2 else 12
    return 10


MIN_PLAYERS, MAX_PLAYERS = 2, 6


def empty_piles_to_end(players: int) -> int:
    return 4 if players >= 5 else 3
