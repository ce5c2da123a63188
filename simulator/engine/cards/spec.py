"""What a row of the card registry holds (``CardSpec``) and the words its
fields may use.  The set modules (``base.py`` ...) write rows; the package
(``__init__.py``) derives the arrays and lookups everyone else reads.

A row is checked when it is made (an unknown type, role, list, set or
set-up need is an error naming the card), so a new card's mistakes show at
import, not in a game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

# Type names and their bits in the kernel's ``TYPES`` bitmask (``type_mask``).
TYPE_BITS = {"Action": 1, "Treasure": 2, "Victory": 4, "Curse": 8, "Attack": 16,
             "Reaction": 32, "Duration": 64}

# Roles for the optimiser's templates (simulator/search/optspace.py), as a
# strong player names a card's job in a deck:
ROLES = {
    "village": "lets a turn play more than one terminal: +2 Actions (Throne Room: "
               "one terminal twice)",
    "draw": "draws cards: a turn's hand grows by 2 or more (terminal draw, Laboratory)",
    "trasher": "thins the deck: trashes Coppers, Estates and Curses from the hand",
    "gainer": "gains a card it chooses each play (a pile of Gardens, a gain per turn)",
    "attack": "hurts the other players (the attack-led money template)",
    "plus_buy": "+1 Buy: two cards a turn (Gardens, late Duchies)",
    "cantrip": "+1 Card +1 Action at least: replaces itself and costs no Action",
    "payload": "money for the turn it is played: +$ or a Treasure now",
    "sifter": "discards cards from the hand for as many new ones (Cellar): an engine's "
              "Coppers and green cards go for the Actions it still needs",
}

# The decision lists a strategy file shares among cards (simulator/engine/program.py
# numbers them in this order; a card's own list, ``OwnList``, comes after).
SHARED_LISTS = ("buy", "play", "gain", "trash", "discard", "topdeck")
# decisions that are not lists of cards to pick (the last three: ``ANSWERS``)
DECISIONS = ("may", "choose", "naming", "position", "order")
# How a card keeps its owner unaffected by another player's Attack ("" : not).
BLOCKS = {"": "", "hand": "revealed from the hand when another player plays an Attack",
          "in play": "while in play from an earlier turn (a Duration)"}

# What a card needs when the game is set up.
BLACK_MARKET_DECK = "black market deck"      # one copy of each other kingdom card of the pool
SETUPS = {BLACK_MARKET_DECK: "a deck of one copy of each kingdom card of the game's pool "
                             "that is not in the supply, shuffled"}

# Per-player mats: where a card puts cards out of the deck for good or for
# later.  Cards on a mat stay their owner's (they count for the end's VP and
# for "cards I own"); shuffles and clean-up never touch them.  ``face_up``:
# every player may look at them; face down, only the owner may (a strategy
# reads only its own mats, so both are readable by their owner's words).
class Mat(NamedTuple):
    face_up: bool
    text: str


MATS = {"island": Mat(True, "face up; its cards are the owner's and score at the end "
                            "(Island: itself and a card from the hand)"),
        "native village": Mat(False, "face down; the owner may look at it any time; "
                                     "its cards score at the end if still there"),
        # not a printed mat: where Blockade's card is set aside, face up, until
        # the start of its owner's next turn
        "blockade": Mat(True, "the cards Blockade set aside, face up, until the start of "
                              "their owner's next turn (no printed mat)"),
        # Haven's card, set aside face down under it until the start of its
        # owner's next turn
        "haven": Mat(False, "the cards Haven set aside, face down, until the start of "
                            "their owner's next turn (no printed mat)")}

SETS = {"base": "Dominion (the base game, first and second edition)",
        "promo": "promotional cards",
        "intrigue": "Dominion: Intrigue (second edition, and the first edition's six)",
        "seaside": "Dominion: Seaside (second edition, and the first edition's eight)",
        "test": "cards made for the tests of a mechanism (DOMSIM_EXTRA_SETS only)"}
LANGUAGES = ("en", "nl", "de", "ja")          # the languages of card names and logs


class VPRule(NamedTuple):
    """Victory points that depend on the deck at the end: ``vp`` per ``per``
    of what ``counts`` names ("cards": every card the player has; else a
    card's name: Duke, 1 VP per Duchy).  Cards owned count wherever they
    are (a mat too); the kernel reads the rule as data (``cards.VP_RULE``)."""
    per: int
    counts: str = "cards"
    vp: int = 1

    def describe(self) -> str:
        if self.counts == "cards":
            return f"{self.vp} VP per {self.per} cards"
        return f"{self.vp} VP per {'' if self.per == 1 else f'{self.per} '}{self.counts}"


class May(NamedTuple):
    """A "you may" choice: what the ``may`` table's condition decides, and the
    documented default when a file gives none (docs/strategies.md, "may")."""
    choice: str
    default: str


# What an option of a "choose" card does, as data the kernel interprets (no
# code per card): its code in the kernel's CHOICE_OP table, and what the
# amount means.
CHOICE_OPS = {
    "+cards": (1, "draw that many cards"),
    "+actions": (2, "+that many Actions"),
    "+buys": (3, "+that many Buys"),
    "+coins": (4, "+$ that many"),
    "trash": (5, "trash that many cards from the hand (required: as many as it can)"),
    "gain": (6, "gain a copy of the card named (if its pile has one)"),
    # the card's mat (``mat``): Native Village's two options, Island's text
    "deck to mat": (7, "put the top card of your deck face down on your mat, that "
                       "many times (shuffling if needed)"),
    "mat to hand": (8, "put all the cards from your mat into your hand"),
    "this and hand to mat": (9, "put this (if still in play) and that many cards from "
                                "your hand onto your mat: the card's own list picks, "
                                "else Curses and Victory cards, Copper, the cheapest"),
    # the options another player picks (Torturer's victims: ``Choose.who``)
    "discard": (10, "discard that many cards from the hand (required: as many as it has; "
                    "the chooser's discard list, then the default discard order)"),
    "gain to hand": (11, "gain a copy of the card named to the hand (if its pile has one)"),
    # what other players do, or the player may do, during the player's turn
    # (simulator/engine/passes.py); each reads the card's own list
    "pass": (12, "each player with any cards in hand passes that many cards to the next "
                 "such player to their left, at once, each picking by its own list of the "
                 "card, else Curse, Estate, Copper, the cheapest card, Victory cards worth "
                 "more last; not a gain nor a trash: the card changes owner"),
    "may trash": (13, "you may (the card's may) trash that many cards from your hand: the "
                      "trash list's; without a trash list of its own file a Treasure only "
                      "when this turn's buy does not need it"),
    "swindle": (14, "each other player it hits trashes the top card of their deck (shuffling "
                    "if needed) and gains a card with the same cost that you choose: your "
                    "list of the card, else the worst for them (Curse, Estate, Copper, the "
                    "cheapest, Victory cards worth more last); none of that cost: nothing"),
    "reset": (15, "discard your hand, +that many Cards, and each other player it hits with "
                  "at least 5 cards in hand discards their hand and draws that many"),
    # the deck's decisions whose answer is a card, a place or an order
    # (``ANSWERS``; simulator/engine/deck_answers.py)
    "name and reveal": (16, "name a card (the naming table), then reveal the top card of "
                            "your deck: into the hand if named, else back on top"),
    "hand into deck": (17, "put that many cards from your hand anywhere in your deck (the "
                           "position table: a card and a place)"),
    "hand onto deck": (18, "put that many cards from your hand onto your deck (the topdeck "
                           "list, then Artisan's default)"),
    "reveal, green to hand": (19, "reveal that many cards from the top of your deck; the "
                                  "Victory cards and Curses into the hand, the rest back in "
                                  "any order (the order table)"),
    "look, trash, discard": (20, "look at that many cards from the top of your deck; trash "
                                 "one (the trash list), discard one (the discard list), the "
                                 "rest back in any order (the order table)"),
    # Blockade's: an Attack that gains now and acts later (``WhenGain`` "curse")
    "gain to mat": (21, "gain a card costing up to that much, setting it aside on your "
                        "mat (the gain list, else the default pick of a gain); each other "
                        "player the Attack hits is marked until your next turn"),
    # Smugglers'
    "smuggle": (22, "gain a copy of a card costing up to that much that the player to "
                    "your right gained on their last turn (the gain list among those "
                    "cards, else the default pick of a gain)"),
    # Scout's (first edition): Patrol's reveal without the Curses
    "reveal, Victory to hand": (23, "reveal that many cards from the top of your deck; the "
                                    "Victory cards into the hand, the rest back in any order "
                                    "(the order table)"),
    # Haven's: Island's pick without moving this (a Duration stays in play)
    "hand to mat": (24, "put that many cards from your hand onto your mat (required: as "
                        "many as it has): the card's own list picks, else Curses and "
                        "Victory cards, Copper, the cheapest"),
    # an option the card's effect does itself (``Choose.pick`` 0: Pirate Ship's)
    "by its effect": (25, "what the card's text says for this option, done by its effect"),
}
CARD_OPS = ("gain", "gain to hand")    # the options that name their card
TURN_OPS = ("+actions", "+buys", "+coins")   # the options only the turn's player can use
MAT_OPS = ("deck to mat", "mat to hand", "this and hand to mat", "gain to mat", "hand to mat")
GAIN_OPS = ("gain to mat", "smuggle")   # the options gains.py does (HAS_GAIN_HOOKS)
PASS_OPS = ("pass", "may trash", "swindle", "reset")  # done by simulator/engine/passes.py
OTHERS_OPS = ("pass", "swindle", "reset")  # options other players act in (an Attack, or others)
MAX_CHOICES = 8                       # options a card may offer
# Decisions whose answer is a card, a place in the deck or an order, each its
# own list kind: a table of card = rules in a strategy file, like ``choose``
# (docs/strategies.md).  What each kind answers, and the ops that ask it.
ANSWERS = {"naming": "the card named (Wishing Well): rules \"<Card> [if <condition>]\"",
           "position": "a hand card and where in the deck it goes (Secret Passage): rules "
                       "\"<Card> to <top | bottom | N> [if <condition>]\" (N: the N-th card "
                       "from the top)",
           "order": "the order cards go back on the deck (Patrol, Lookout): rules "
                    "\"<Card> [if <condition>]\", the first card back on top first"}
ASKS = {"name and reveal": "naming", "hand into deck": "position",
        "reveal, green to hand": "order", "look, trash, discard": "order",
        "reveal, Victory to hand": "order"}
DECK_OPS = ("name and reveal", "hand into deck", "hand onto deck", "reveal, green to hand",
            "look, trash, discard", "reveal, Victory to hand")
# Who takes a "choose" decision (``Choose.who``).
CHOOSERS = {"player": "the player who plays the card",
            "others": "each other player, in turn order from the player's left, each "
                      "by its own strategy file (an Attack: each player it hits)"}


class Choice(NamedTuple):
    """One option of a "choose" card: the word a ``choose`` rule names it
    by, what it does (``CHOICE_OPS``) and how much; ``card`` for "gain"."""
    name: str
    op: str
    amount: int = 1
    card: str = ""


class Choose(NamedTuple):
    """A "choose one" (``pick`` 1) or "choose two, different" (``pick`` 2)
    decision: its options and the default rules a strategy file's
    ``choose`` table replaces (each "<option>" or "<option> if <condition>";
    when none applies, the options in their order).  ``who`` takes it
    (``CHOOSERS``): "others" is each other player (Torturer's victims), each
    answering from its own file, its conditions read as that player's.
    ``pick`` 0: the card's effect says how many (Courtier: one per type of
    the card it reveals) and calls the kernel's ``choose_and_do`` itself,
    or takes the choice (``choose_option``) and does the options "by its
    effect" (Pirate Ship: what they do is the effect's code)."""
    options: tuple[Choice, ...]
    pick: int = 1
    default: tuple[str, ...] = ()
    who: str = "player"


class NextTurn(NamedTuple):
    """What a Duration card does at the start of its owner's next turn, as
    "+" numbers the kernel adds (Caravan: +1 Card; Fishing Village: +1
    Action, +$1), then "you may trash" up to ``trash`` cards from the hand
    (Sailor), ``mat_to_hand``: the card's mat into the hand (Blockade's
    set-aside card), and ``gain_treasure``: gain a Treasure costing up to
    that much to the hand (Pirate), and ``discard``: discard that many
    cards from the hand, after the draws (Tide Pools, Sea Witch: the
    discard list, then its default order); the card stays in play until
    that turn's clean-up."""
    cards: int = 0
    actions: int = 0
    buys: int = 0
    coins: int = 0
    trash: int = 0
    mat_to_hand: bool = False
    gain_treasure: int = 0
    discard: int = 0


# What a card's gain hook does (``WhenGain.does``) and whose gains it watches
# (``WhenGain.who``), with the kernel's codes (``cards.GAIN_HOOK``).
WHEN_GAIN_DOES = {"+cards": (1, "its owner draws that many cards, per play since its "
                                "owner's last turn"),
                  "curse": (2, "the gainer gains a Curse, per copy of the gained card on "
                               "the owner's mat, if the owner's Attack hit the gainer"),
                  "play": (3, "its owner may play the gained card (a Duration), once per "
                              "play of this card this turn, by its may"),
                  "play this": (4, "its owner may play this card from the hand, each copy, "
                                   "by its may: in play until the owner's next turn")}
WHEN_GAIN_WHO = {"right": (1, "the player to the owner's right (in a 2-player game, the "
                              "other player), on any turn"),
                 "others on their turn": (2, "each other player, on their own turn"),
                 "self on own turn": (3, "the owner, on its own turn"),
                 "any": (4, "any player, on any turn, the owner too")}


class WhenGain(NamedTuple):
    """What a card does when a card is gained while it watches (Monkey,
    Blockade, Sailor): whose gains (``WHEN_GAIN_WHO``), of which type
    (``types``: any of them; empty: any card) and what it does
    (``WHEN_GAIN_DOES``), ``amount`` times.  It watches while its next-turn
    effect is due ("until your next turn": each play counts, Throne Room's
    too), "curse" while a copy of the gained card lies on its mat, "play
    this" while it is in its owner's hand (Pirate)."""
    who: str
    does: str
    amount: int = 1
    types: tuple[str, ...] = ()


# When a card in play may go onto its owner's deck (``FromPlay.when``) and the
# condition it needs (``FromPlay.cond``), with the kernel's codes
# (``cards.FROM_PLAY``).  All three happen before clean-up draws the next
# hand (2E rules: discarding from play comes before drawing).
FROM_PLAY_WHEN = {"end of buy phase": (1, "at the end of the Buy phase (Treasury, 2E)"),
                  "start of clean-up": (2, "at the start of Clean-up, before anything is "
                                           "discarded (Walled Village)"),
                  "discard from play": (3, "when discarded from play at clean-up, before the "
                                           "next hand is drawn (Treasury, 1E)")}
FROM_PLAY_IF = {"": (0, "always"),
                "no victory bought": (1, "you didn't buy a Victory card this turn"),
                "no victory gained in buy phase": (2, "you didn't gain a Victory card in "
                                                      "this turn's Buy phase"),
                "actions in play at most": (3, "you have `amount` or fewer Action cards in "
                                               "play, this one included")}


class FromPlay(NamedTuple):
    """"You may put this onto your deck" from play at a moment of the turn
    (``FROM_PLAY_WHEN``), if a condition holds (``FROM_PLAY_IF``, with its
    ``amount``): Treasury, Walled Village.  Its ``may`` decides, per copy
    in play (a Throne Room's card is one copy: it moves once)."""
    when: str
    cond: str = ""
    amount: int = 0


class OnAttack(NamedTuple):
    """A Reaction revealed from the hand when another player plays an Attack,
    before it does anything (Diplomat): from a hand of at least ``min_hand``
    cards, draw ``cards``, then discard ``discard`` and put ``topdeck`` cards
    from the hand onto the deck (Secret Chamber; the topdeck list); its
    ``may`` decides.  ``again``: revealed again while the hand is still big
    enough (Diplomat, whose reveal shrinks the hand); else once per Attack
    (Secret Chamber, whose reveal leaves the hand as it was: the loop ends)."""
    min_hand: int = 5
    cards: int = 2
    discard: int = 3
    topdeck: int = 0
    again: bool = True


class OnTreasure(NamedTuple):
    """A hook on another player's Treasure play (Corsair): while this is in
    play, each other player it hit when played (a Moat or a Lighthouse then
    keeps a player out) trashes the first of ``cards`` it plays each turn,
    after the card gave its $."""
    cards: tuple[str, ...] = ("Silver", "Gold")


class OwnList(NamedTuple):
    """A decision list of one card (Remodel's ``remodel``, Library's ``skip``):
    its key in a strategy file, what it decides and its default rules."""
    key: str
    decides: str
    default: tuple[str, ...] = ()


@dataclass(frozen=True)
class CardSpec:
    """One card: every fact about it that code, docs and tools read.

    ``cards``/``actions``/``buys``/``coins`` are its unconditional "+N" (a
    Treasure's value is its ``coins``), ``vp`` its fixed VP and ``vp_rule``
    VP that depend on the deck; ``x`` the one other number its text uses
    (Chapel trashes up to ``x``; a VP rule's ``per`` when not given).
    ``effect``: its text needs code beyond the "+" numbers (an ``@effect``
    in ``simulator/engine/effects/<set>.py``); ``gains_any``: its effect may
    gain a card no strategy list names (it falls back to the dearest legal
    card).  ``draws``: cards its text adds to the hand when that is not its
    +Cards (Library from 4 to 7: 3), for the default play order.
    ``lists``: the decision lists it consults (``SHARED_LISTS``, its own
    list, "may").  ``setup``: what the game needs at set-up (``SETUPS``).
    ``vs_bmu``: the measured score of its single-card Big Money bot against
    Big Money Ultimate (docs/strategies.md, "Shipped bots"); below 0.5 the
    card is weaker than the Silver that bot would buy instead.
    ``nothing_now``: a terminal whose text gives the turn nothing (it gains
    to the discard pile or only trashes): played last by default.
    ``plays``: it plays another card ("hand": an Action from the hand ``x``
    times; "deck": the card it discarded from the deck).  ``others``: its
    text makes other players act without being an Attack (Council Room).
    ``curses``: its attack gives Curses.  ``money``: the +$ a copy adds to
    a turn as the optimiser counts a deck's money (default: ``coins``).
    ``blocks``: it keeps its owner unaffected by another player's Attack
    (``BLOCKS``): "hand", revealed from the hand (Moat); "in play", while it
    is in play from an earlier turn (Lighthouse).
    ``extra_turn``: the size of the next hand when it gives its player an
    extra turn after this one (Outpost: 3), which it does only if no card
    gave one this turn and the previous turn was not this player's; a
    Duration, it stays in play until the extra turn's clean-up, and only
    when it gave the turn.
    ``on_attack``: a Reaction revealed, if its ``may`` says so, when another
    player plays an Attack (``OnAttack``: Diplomat).
    ``mat``: the player's mat its options use (``MATS``).  ``does``: what
    its text does after its "+" numbers, as options of ``CHOICE_OPS`` done
    every play, in order, with nothing to choose (Island); an option that
    asks a decision whose answer is a card, a place or an order (``ASKS``:
    Wishing Well's naming, Secret Passage's position, Patrol's order) has
    that kind in its ``lists``.
    ``on_treasure``: a Duration Attack whose lasting effect trashes a
    Treasure another player plays (``OnTreasure``: Corsair).
    ``when_gain``: what it does when a card is gained while it watches
    (``WhenGain``: Monkey, Blockade, Sailor, Pirate).
    ``counts_plays``: its text reads how many Actions were played this turn
    (Conspirator): the turn counts them only when some card does.
    ``from_play``: it may go from play onto its owner's deck at the end of
    the Buy phase or at clean-up, if a condition holds (``FromPlay``:
    Treasury, Walled Village); its ``may`` decides.
    ``raises_copper``: its play makes each Copper played later this turn
    produce ``x`` more (Coppersmith): the Treasure plays read the turn's
    bonus only when some card does.
    ``discards_hand``: a Duration whose play, "if you have at least one card
    in hand", discards the hand and is due next turn; with an empty hand it
    does nothing and leaves play at this clean-up (Tactician).
    ``play_if``: the condition of its rule in the default play list, where
    a strong player would not play it otherwise (Treasure Map: only with a
    second one in hand; a strategy's explicit play rule replaces it).
    ``after_draw``: a card that chooses from the hand it is played into
    (Cellar's discard): a strong player draws first and then chooses, so
    its default play rule waits, while 2 or more Actions are left, for the
    terminals in hand that draw (``cards.DRAW_TERMINALS``; the rule's
    condition is ``cards.default_play_if``): Village, Smithy, Cellar plays
    Smithy before Cellar, one Action plays Cellar first (Smithy would leave
    none for it).
    ``pile_tokens``: its effect puts an Embargo token on a Supply pile, and
    a buy from a pile gives the buyer a Curse per token there
    (``gains.when_gained``): a game with it loads the gain hooks.
    ``first_edition``: the first edition's printing of this card when its
    meaning changed (Treasury), a row of its own (``editions`` (1,)), which
    ``--edition 1`` games play under this name; this row is then edition
    2's.  A reworded text of the same meaning needs none.
    """
    name: str
    cost: int
    types: tuple[str, ...]
    text: str
    nl: str
    de: str
    ja: str
    cards: int = 0
    actions: int = 0
    buys: int = 0
    coins: int = 0
    vp: int = 0
    vp_rule: VPRule | None = None
    x: int = 0
    editions: tuple[int, ...] = (1, 2)
    set: str = "base"
    unsure: tuple[str, ...] = ()
    effect: bool = False
    gains_any: bool = False
    roles: tuple[str, ...] = ()
    draws: int | None = None
    may: May | None = None
    lists: tuple[str, ...] = ()
    own_list: OwnList | None = None
    setup: tuple[str, ...] = ()
    vs_bmu: float | None = None
    nothing_now: bool = False
    plays: str = ""
    others: bool = False
    trashes_self: bool = False
    curses: bool = False
    money: int | None = None
    choose: Choose | None = None
    next_turn: NextTurn | None = None
    blocks: str = ""
    extra_turn: int = 0
    on_attack: OnAttack | None = None
    mat: str = ""
    does: tuple[Choice, ...] = ()
    on_treasure: OnTreasure | None = None
    when_gain: WhenGain | None = None
    counts_plays: bool = False
    from_play: FromPlay | None = None
    raises_copper: bool = False
    discards_hand: bool = False
    play_if: str = ""
    after_draw: bool = False
    pile_tokens: bool = False
    first_edition: CardSpec | None = None

    def __post_init__(self):
        def bad(what):
            raise ValueError(f"card registry: {self.name}: {what}")
        if not self.types or any(t not in TYPE_BITS for t in self.types):
            bad(f"types {self.types} (known: {', '.join(TYPE_BITS)})")
        for role in self.roles:
            if role not in ROLES:
                bad(f"role {role!r} (known: {', '.join(ROLES)})")
        own = (self.own_list.key,) if self.own_list else ()
        for key in self.lists:
            if key not in (*SHARED_LISTS, *DECISIONS, *own):
                bad(f"list {key!r} (shared: {', '.join(SHARED_LISTS)}; or its own_list)")
        if ("may" in self.lists) != (self.may is not None):
            bad("'may' is in its lists exactly when it has a may choice")
        if self.own_list and self.own_list.key not in self.lists:
            bad(f"its own list {self.own_list.key!r} is not in its lists")
        for need in self.setup:
            if need not in SETUPS:
                bad(f"set-up need {need!r} (known: {', '.join(SETUPS)})")
        if self.set not in SETS:
            bad(f"set {self.set!r} (known: {', '.join(SETS)})")
        if any(e not in (1, 2) for e in self.editions):
            bad(f"editions {self.editions}")
        if self.after_draw and (self.actions < 1 or self.play_if):
            bad("after_draw is for a card that gives +Action and has no play_if")
        if any(lang not in LANGUAGES[1:] for lang in self.unsure):
            bad(f"unsure languages {self.unsure}")
        if self.plays not in ("", "hand", "deck"):
            bad(f"plays {self.plays!r} (\"hand\" or \"deck\")")
        if ("Duration" in self.types) != (self.next_turn is not None):
            bad("a Duration card says what it does next turn (next_turn), and only it")
        if self.blocks not in BLOCKS:
            bad(f"blocks {self.blocks!r} (known: {', '.join(repr(b) for b in BLOCKS)})")
        if self.blocks == "hand" and "Reaction" not in self.types:
            bad("a card revealed from the hand against an Attack is a Reaction")
        if self.blocks == "in play" and self.next_turn is None:
            bad("a card that protects while in play from an earlier turn is a Duration")
        if self.on_attack is not None and ("Reaction" not in self.types
                                           or "may" not in self.lists):
            bad("a card revealed against an Attack (on_attack) is a Reaction with a may")
        if self.extra_turn and "Duration" not in self.types:
            bad("a card that gives an extra turn stays in play until it (a Duration)")
        if ("choose" in self.lists) != (self.choose is not None):
            bad("'choose' is in its lists exactly when it has a choose decision")
        if self.choose is not None:
            opts = self.choose.options
            names = [o.name for o in opts]
            if not 1 <= len(opts) <= MAX_CHOICES or len(set(names)) != len(names):
                bad(f"choose options {names}: 1 to {MAX_CHOICES}, each named once")
            if not int(not self.effect) <= self.choose.pick <= len(opts):   # 0: the effect's
                bad(f"choose pick {self.choose.pick} of {len(opts)} options")
            for o in opts:
                if o.op not in CHOICE_OPS or (o.op in CARD_OPS) != bool(o.card):
                    bad(f"choose option {o.name!r}: op {o.op!r} (known: "
                        f"{', '.join(CHOICE_OPS)}; {' and '.join(CARD_OPS)} name their card)")
            if self.choose.pick and any(o.op == "by its effect" for o in opts):
                bad("options done 'by its effect' are the effect's choice (choose pick 0)")
            if self.choose.who not in CHOOSERS:
                bad(f"choose who {self.choose.who!r} (known: {', '.join(CHOOSERS)})")
            if self.choose.who == "others" and any(o.op in TURN_OPS for o in opts):
                bad("an option other players choose cannot be +Actions, +Buys or +$ "
                    "(those are the turn's)")
            if self.choose.who == "others" and "Attack" not in self.types and not self.others:
                bad("a choice other players take affects them: an Attack, or others=True")
        if self.mat and self.mat not in MATS:
            bad(f"mat {self.mat!r} (known: {', '.join(MATS)})")
        if self.does and self.choose is not None:
            bad("a card does its options (does) or chooses among them (choose), not both")
        ops = [o.op for o in (*self.does, *(self.choose.options if self.choose else ()))]
        if len(self.does) > MAX_CHOICES or any(
                o.op not in CHOICE_OPS or (o.op in CARD_OPS) != bool(o.card) for o in self.does):
            bad(f"does {[o.op for o in self.does]}: up to {MAX_CHOICES} of "
                f"{', '.join(CHOICE_OPS)} ({' and '.join(CARD_OPS)} name their card)")
        asked = {ASKS[op] for op in ops if op in ASKS}
        listed = {k for k in self.lists if k in ANSWERS}
        if not asked <= listed or listed - asked and not self.effect:
            bad(f"the answer lists in its lists ({', '.join(sorted(asked)) or 'none'}) are "
                "those its options ask (ASKS), and only those (or its effect asks them)")
        if bool(self.mat) != any(op in MAT_OPS for op in ops):
            bad(f"a card with a mat has an option that uses it ({', '.join(MAT_OPS)}), "
                "and only it")
        if any(op in OTHERS_OPS for op in ops) and "Attack" not in self.types \
                and not self.others:
            bad("an option other players act in affects them: an Attack, or others=True")
        if "swindle" in ops and "Attack" not in self.types:
            bad("a card that makes other players trash and gain (swindle) is an Attack")
        if any(op in ("pass", "swindle") for op in ops) and self.own_list is None:
            bad("a card whose option passes or swindles picks by its own list (own_list)")
        if "may trash" in ops and self.may is None:
            bad("a card that may trash (may trash) has a may choice that decides it")
        if self.on_treasure is not None and not {"Attack", "Duration"} <= set(self.types):
            bad("a hook on other players' Treasures lasts while in play: a Duration Attack")
        if self.next_turn is not None and self.next_turn.mat_to_hand and not self.mat:
            bad("a next turn that puts its mat into the hand needs a mat")
        w = self.when_gain
        if w is not None:
            if w.who not in WHEN_GAIN_WHO or w.does not in WHEN_GAIN_DOES \
                    or any(t not in TYPE_BITS for t in w.types) or w.amount < 1:
                bad(f"when_gain {w} (who: {', '.join(WHEN_GAIN_WHO)}; does: "
                    f"{', '.join(WHEN_GAIN_DOES)})")
            if self.next_turn is None:
                bad("a card that watches gains until its next turn is a Duration")
            if w.does == "curse" and ("Attack" not in self.types or "gain to mat" not in ops):
                bad("a card whose set-aside cards curse their gainers is an Attack that "
                    "gains to its mat")
            if w.does in ("play", "play this") and "may" not in self.lists:
                bad("a card that may play a card when one is gained has a may")
            if (w.does == "play this") != (w.who == "any"):
                bad("a card played from the hand when a card is gained (Pirate) watches "
                    "any player's gains, and only it")
            if w.does == "play this" and ("Reaction" not in self.types or self.effect or ops
                                         or self.cards or self.actions or self.buys
                                         or self.coins):
                bad("a card played from the hand when a card is gained is a Reaction whose "
                    "text is its next turn")
        f = self.from_play
        if f is not None:
            if f.when not in FROM_PLAY_WHEN or f.cond not in FROM_PLAY_IF:
                bad(f"from_play {f} (when: {', '.join(FROM_PLAY_WHEN)}; cond: "
                    f"{', '.join(repr(k) for k in FROM_PLAY_IF)})")
            if "may" not in self.lists:
                bad("a card that may go from play onto the deck (from_play) has a may")
            if self.next_turn is not None:
                bad("a card that leaves play for the deck is not a Duration (it stays in play)")
        if self.discards_hand and self.next_turn is None:
            bad("a card that discards the hand for its next turn (discards_hand) is a Duration")
        if self.pile_tokens and not self.effect:
            bad("a card that puts tokens on a pile (pile_tokens) does it in its effect")
        p = self.first_edition
        if p is not None and (p.name != self.name or p.set != self.set or p.editions != (1,)
                              or self.editions != (2,) or p.first_edition is not None):
            bad("a first printing (first_edition) has the card's name and set, edition 1, "
                "and no printing of its own; the card is then edition 2's")
        if self.vp_rule is not None and not self.x:
            object.__setattr__(self, "x", self.vp_rule.per)

    @property
    def mask(self) -> int:
        """Its types as the kernel's bitmask."""
        return type_mask(self.types)

    @property
    def drawn(self) -> int:
        """Cards it adds to the hand when played: ``draws``, else its +Cards."""
        return self.cards if self.draws is None else self.draws

    @property
    def weaker_than_silver(self) -> bool:
        """Measured: its Big Money bot loses to Big Money Ultimate, which buys
        a Silver instead (``vs_bmu`` below 0.5)."""
        return self.vs_bmu is not None and self.vs_bmu < 0.5

    @property
    def money_per_copy(self) -> int:
        """The +$ a copy adds to a turn as the optimiser counts money."""
        return self.coins if self.money is None else self.money


def type_mask(types) -> int:
    """The kernel's ``TYPES`` bitmask of a card's type names (one bit a type)."""
    mask = 0
    for t in types:
        mask |= TYPE_BITS[t]
    return mask
