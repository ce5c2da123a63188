"""The card registry: every fact about a card, in one place.

Each set is one module of rows (``base.py``: the base game's cards, both
editions, and two promos; the next sets are appended after it, so that no
card id ever changes).  A row (``spec.CardSpec``) holds the card's cost,
types, text, names in four languages, editions, set, "+" numbers, VP (fixed
or a ``VPRule``), whether it has an effect, its roles for the optimiser,
the cards it draws, its "you may" choice with its default, the lists it
consults, its own list, what it needs at set-up and its measured strength.

Everything else reads the registry: the kernel its frozen numpy columns
(``COST``, ``TYPES`` ...; card ids are the row numbers of ``TABLE`` and
``Card`` names them), the strategy language its ``may`` choices, lists and
play order, the optimiser its roles, set-up its needs, ``domsim cards
--json`` every row (``as_json``).  Adding a card is its row here, its
effect in ``simulator/engine/effects/<set>.py`` and its tests, bot and docs
row; nothing else names it.
"""
from __future__ import annotations

import contextlib
import contextvars
import enum
import importlib
import os

import numpy as np

from simulator.engine.cards import base, intrigue, seaside

# the row and its vocabulary, re-exported: C.CardSpec, C.ROLES, C.LANGUAGES ...
from simulator.engine.cards.spec import (
    ANSWERS,
    ASKS,
    BLACK_MARKET_DECK,
    CARD_OPS,
    CHOICE_OPS,
    CHOOSERS,
    DECISIONS,
    GAIN_OPS,
    DECK_OPS,
    FROM_PLAY_IF,
    FROM_PLAY_WHEN,
    LANGUAGES,
    MAT_OPS,
    MATS,
    MAX_CHOICES,
    OTHERS_OPS,
    PASS_OPS,
    ROLES,
    SETS,
    SETUPS,
    SHARED_LISTS,
    TYPE_BITS,
    CardSpec,
    Choice,
    Mat,
    Choose,
    FromPlay,
    May,
    NextTurn,
    OnAttack,
    OnTreasure,
    OwnList,
    VPRule,
    WHEN_GAIN_DOES,
    WHEN_GAIN_WHO,
    WhenGain,
    type_mask,
)

# Type bits.  A card of two types has both bits set.
ACTION, TREASURE, VICTORY, CURSE, ATTACK, REACTION, DURATION = (
    TYPE_BITS[t] for t in ("Action", "Treasure", "Victory", "Curse", "Attack", "Reaction",
                           "Duration"))
TYPE_NAMES = {bit: name for name, bit in TYPE_BITS.items()}

# The set modules, in id order: a new set's module is appended, so that no
# card id ever changes (Intrigue, then Seaside).
SET_MODULES = (base, intrigue, seaside)
_SET_ROWS = tuple(card for m in SET_MODULES for card in m.CARDS)
# The first printings of the cards whose meaning changed in their second
# edition (``CardSpec.first_edition``: Treasury), each a row of its own
# after every set's rows, named as the card: ``card_id`` finds one only in
# a game of the first edition (``edition_names(1)``).
_PRINTING_ROWS = tuple(c.first_edition for c in _SET_ROWS if c.first_edition)
# Modules of extra rows (``CARDS``), appended after every set: the tests'
# cards for a mechanism no set uses yet (``tests/cards_for_tests.py``).
# The numba cache folder keys on them (``simulator.engine.engine_sources``).
EXTRA_SETS = "DOMSIM_EXTRA_SETS"
_EXTRA_MODULES = tuple(importlib.import_module(name.strip())
                       for name in os.environ.get(EXTRA_SETS, "").split(",") if name.strip())
SET_MODULES += _EXTRA_MODULES
# Every card of every set, the first printings, then the extra rows, in id order.
TABLE: tuple[CardSpec, ...] = (*_SET_ROWS, *_PRINTING_ROWS,
                               *(card for m in _EXTRA_MODULES for card in m.CARDS))

NCARDS = len(TABLE)
NAMES = tuple(c.name for c in TABLE)
# FIRST_PRINTING[c]: the id of card c's first printing (c is then its
# second edition's); PRINTINGS: those ids
FIRST_PRINTING = dict(zip((i for i, c in enumerate(_SET_ROWS) if c.first_edition),
                          range(len(_SET_ROWS), len(_SET_ROWS) + len(_PRINTING_ROWS))))
PRINTINGS = frozenset(FIRST_PRINTING.values())


def _ident(name: str) -> str:
    return name.upper().replace(" ", "_")


# Card ids as an IntEnum: usable as constants inside numba code (Card.SMITHY);
# a first printing is the card's name with _1E (Card.TREASURY_1E).
Card = enum.IntEnum("Card", [(_ident(c.name) + "_1E" * (i in PRINTINGS), i)
                             for i, c in enumerate(TABLE)])

BASE_CARDS = tuple(range(7))
KINGDOM_CARDS = tuple(range(7, NCARDS))
EDITIONS = (1, 2)


def card_pool(edition: int | None = None) -> tuple[int, ...]:
    """The kingdom cards a game may use: all of them (a card printed twice
    as its second edition), or one edition's."""
    if edition is None:
        return tuple(c for c in KINGDOM_CARDS if c not in PRINTINGS)
    if edition not in EDITIONS:
        raise ValueError(f"--edition must be 1 or 2 (the base game's first or second "
                         f"edition), not {edition}; leave it out to use all "
                         f"{len(KINGDOM_CARDS)} kingdom cards")
    return tuple(c for c in KINGDOM_CARDS if edition in TABLE[c].editions)


# Frozen column arrays for the kernel (numba treats global arrays as constants).
COST = np.array([c.cost for c in TABLE], dtype=np.int32)
TYPES = np.array([type_mask(c.types) for c in TABLE], dtype=np.int32)
PLUS_CARDS = np.array([c.cards for c in TABLE], dtype=np.int32)
PLUS_ACTIONS = np.array([c.actions for c in TABLE], dtype=np.int32)
PLUS_BUYS = np.array([c.buys for c in TABLE], dtype=np.int32)
PLUS_COINS = np.array([c.coins for c in TABLE], dtype=np.int32)
VP = np.array([c.vp for c in TABLE], dtype=np.int32)
X = np.array([c.x for c in TABLE], dtype=np.int32)
EFFECT = np.array([c.effect for c in TABLE], dtype=np.bool_)
# "choose" decisions, as data the kernel interprets: CHOOSE_PICK[c] options
# to take (0: none), CHOICE_N[c] offered, CHOICE_OP/CHOICE_ARG[c, o] what
# option o does (``spec.CHOICE_OPS``) and its amount (a card id for "gain")
# Durations: NEXT_TURN[c] = its next-turn (+Cards, +Actions, +Buys, +$, may
# trash up to, its mat to the hand, gain a Treasure up to, discard); DURATION_CARDS the ids of
# the Duration cards (the start of a turn walks them)
NEXT_TURN = np.array([tuple(int(x) for x in c.next_turn) if c.next_turn
                      else (0,) * len(NextTurn._fields)
                      for c in TABLE], dtype=np.int32)
DURATION_CARDS = np.array([i for i, c in enumerate(TABLE) if c.next_turn], dtype=np.int64)
# DISCARDS_HAND[c]: a Duration due next turn only if its play discarded a hand
# (Tactician; ``CardSpec.discards_hand``)
DISCARDS_HAND = np.array([c.discards_hand for c in TABLE], dtype=np.bool_)
# AFTER_DRAW[c]: a card that chooses from the hand it is played into and
# waits for the draw (Cellar; spec ``after_draw``): Throne Room passes it over
# while another Action in hand matches the play list.
AFTER_DRAW = np.array([c.after_draw for c in TABLE], dtype=np.bool_)
# IDLE_NO_HAND[c]: a Duration that has nothing to do next turn, and leaves
# play at this clean-up, when its play finds the hand empty (after its "+"
# numbers): Tactician ("if you have at least one card in hand"), and one
# whose next turn only returns the hand card its play put on its mat
# (Haven: with nothing to set aside, nothing to return)
IDLE_NO_HAND = np.array([
    c.discards_hand or (c.next_turn is not None
                        and c.next_turn == NextTurn(mat_to_hand=True)
                        and any(d.op == "hand to mat" for d in c.does))
    for c in TABLE], dtype=np.bool_)
# cards that keep their owner unaffected by an Attack: revealed from the hand
# (Moat), and while in play from an earlier turn (Lighthouse), in card order
BLOCK_FROM_HAND = np.array([i for i, c in enumerate(TABLE) if c.blocks == "hand"],
                           dtype=np.int64)
BLOCK_IN_PLAY = np.array([i for i, c in enumerate(TABLE) if c.blocks == "in play"],
                         dtype=np.int64)
# Reactions revealed when another player plays an Attack (Diplomat), in card
# order, and what each does: ON_ATTACK_DO[c] = (min hand, +Cards, discard,
# onto the deck, again: OnAttack's fields)
ON_ATTACK = np.array([i for i, c in enumerate(TABLE) if c.on_attack], dtype=np.int64)
ON_ATTACK_DO = np.array([tuple(c.on_attack) if c.on_attack else (0, 0, 0, 0, 0)
                         for c in TABLE], dtype=np.int64)
# EXTRA_TURN[c]: the next hand's size when c gives an extra turn (0: it gives none)
EXTRA_TURN = np.array([c.extra_turn for c in TABLE], dtype=np.int64)
# a card that ``does`` its options is a choose of all of them (CHOOSE_ALL:
# taken without asking)
CHOOSE_PICK = np.array([c.choose.pick if c.choose else len(c.does) for c in TABLE],
                       dtype=np.int64)
CHOICE_N = np.array([len(c.choose.options) if c.choose else len(c.does) for c in TABLE],
                    dtype=np.int64)
CHOOSE_ALL = np.array([bool(c.does) for c in TABLE], dtype=np.bool_)
# mats: MAT_NAMES in the layout's order (``spec.MATS``); MAT_OF[c] the mat
# card c uses, -1 none; HAS_MATS: some card uses one (else the kernel's mat
# code is compiled out)
MAT_NAMES = tuple(MATS)
MAT_OF = np.array([MAT_NAMES.index(c.mat) if c.mat else -1 for c in TABLE], dtype=np.int64)
HAS_MATS = bool((MAT_OF >= 0).any())
# CHOOSE_OTHERS[c]: each other player takes c's decision (``Choose.who``)
CHOOSE_OTHERS = np.array([bool(c.choose) and c.choose.who == "others" for c in TABLE],
                         dtype=np.bool_)
# the options other players act in or the player may trash by (PASS_OPS:
# simulator/engine/passes.py); HAS_PASS_OPS: some card has one (else that
# code is compiled out)
HAS_PASS_OPS = any(o.op in PASS_OPS for c in TABLE
                   for o in (*c.does, *(c.choose.options if c.choose else ())))
# hooks on another player's Treasure play (Corsair), in card order:
# ON_TREASURE_HITS[c, :] the Treasures c makes them trash (-1 padded);
# HAS_ON_TREASURE: some card has one (else the Buy phase's check is compiled out)
ON_TREASURE = np.array([i for i, c in enumerate(TABLE) if c.on_treasure], dtype=np.int64)
ON_TREASURE_HITS = np.full((len(TABLE), max([len(c.on_treasure.cards) for c in TABLE
                                              if c.on_treasure] or [1])), -1, dtype=np.int64)
HAS_ON_TREASURE = len(ON_TREASURE) > 0
# HAS_DECK_OPS: some card names a card, places one in the deck or puts cards
# back in an order (``spec.DECK_OPS``), else the kernel's code for them is
# compiled out; ANSWER_CARDS[kind]: the cards that ask that decision
HAS_DECK_OPS = any(o.op in DECK_OPS for c in TABLE
                   for o in (*c.does, *(c.choose.options if c.choose else ())))
ANSWER_CARDS = {kind: tuple(i for i, c in enumerate(TABLE) if kind in c.lists)
                for kind in ANSWERS}
# gain hooks (``WhenGain``): GAIN_HOOK_CARDS the cards with one, in card
# order; GAIN_HOOK[c] = (who, does, amount, type mask) as WHEN_GAIN_WHO and
# WHEN_GAIN_DOES codes; GAIN_WATCHERS: the cards with one or a GAIN_OPS
# option (Smugglers reads the record of each player's last turn's gains the
# hooks keep), or Embargo tokens (``pile_tokens``: the hooks give a buy's
# Curses): a game with one loads the gain hooks (``effects._slots``);
# HAS_GAIN_HOOKS: some card is one (else the options are compiled out)
GAIN_HOOK_CARDS = np.array([i for i, c in enumerate(TABLE) if c.when_gain], dtype=np.int64)
GAIN_HOOK = np.array([(WHEN_GAIN_WHO[c.when_gain.who][0], WHEN_GAIN_DOES[c.when_gain.does][0],
                       c.when_gain.amount, type_mask(c.when_gain.types))
                      if c.when_gain else (0, 0, 0, 0) for c in TABLE], dtype=np.int64)
GAIN_WATCHERS = frozenset(
    i for i, c in enumerate(TABLE)
    if c.when_gain or c.pile_tokens or any(o.op in GAIN_OPS
                          for o in (*c.does, *(c.choose.options if c.choose else ()))))
HAS_GAIN_HOOKS = bool(GAIN_WATCHERS)
# "you may put this onto your deck" from play (``FromPlay``): FROM_PLAY_CARDS
# the cards with one, in card order; FROM_PLAY[c] = (when, cond, amount) as
# FROM_PLAY_WHEN and FROM_PLAY_IF codes; HAS_BUY_END_HOOKS / HAS_CLEANUP_HOOKS:
# some card has one at the end of the Buy phase / at clean-up (else those
# calls, and the turn's record of Victory cards bought and gained, are
# compiled out of the turn: clean-up is the hottest loop)
FROM_PLAY_CARDS = np.array([i for i, c in enumerate(TABLE) if c.from_play], dtype=np.int64)
FROM_PLAY = np.array([(FROM_PLAY_WHEN[c.from_play.when][0], FROM_PLAY_IF[c.from_play.cond][0],
                       c.from_play.amount) if c.from_play else (0, 0, 0) for c in TABLE],
                     dtype=np.int64)
HAS_BUY_END_HOOKS = bool((FROM_PLAY[:, 0] == FROM_PLAY_WHEN["end of buy phase"][0]).any())
HAS_CLEANUP_HOOKS = bool((FROM_PLAY[:, 0] > FROM_PLAY_WHEN["end of buy phase"][0]).any())
HAS_FROM_PLAY = HAS_BUY_END_HOOKS or HAS_CLEANUP_HOOKS
# VP that depend on the deck (``VPRule``): VP_RULE_CARDS the cards with a
# rule, in card order; VP_RULE[c] = (the card it counts, -1: every card
# owned; per; VP): c's VP = copies x (count // per) x VP (Gardens: every
# card, 10; Duke: Duchy, 1), filled by _choice_tables
VP_RULE_CARDS = np.array([i for i, c in enumerate(TABLE) if c.vp_rule], dtype=np.int64)
VP_RULE = np.zeros((len(TABLE), 3), dtype=np.int64)
CHOICE_OP = np.zeros((len(TABLE), MAX_CHOICES), dtype=np.int64)
CHOICE_ARG = np.zeros((len(TABLE), MAX_CHOICES), dtype=np.int64)
GAINS_ANY = frozenset(i for i, c in enumerate(TABLE) if c.gains_any)
# COUNTS_PLAYS: some card reads how many Actions were played this turn
# (Conspirator), else the turn does not count them
COUNTS_PLAYS = any(c.counts_plays for c in TABLE)
# RAISES_COPPER: some card makes Copper produce more this turn (Coppersmith),
# else the Treasure plays do not read the turn's Copper bonus
RAISES_COPPER = any(c.raises_copper for c in TABLE)


# ---- what the other layers read, by fact rather than by name

def with_role(role: str) -> tuple[int, ...]:
    """The kingdom cards that have this optimiser role, in card order."""
    if role not in ROLES:
        raise ValueError(f"unknown role {role!r}; roles: {', '.join(ROLES)}")
    return tuple(c for c in card_pool() if role in TABLE[c].roles)


def needing(setup: str) -> frozenset[int]:
    """The cards that need this at set-up (``spec.SETUPS``)."""
    return frozenset(c for c in range(NCARDS) if setup in TABLE[c].setup)


# Cards with a "you may" choice the ``may`` table decides, in card order.
MAY_CARDS = tuple(c for c in range(NCARDS) if TABLE[c].may is not None)
# The terminal Actions that draw cards (Smithy, Library, Moat, Witch ...),
# which a card marked ``after_draw`` (Cellar) waits for in the default play
# order while 2 or more Actions are left.
DRAW_TERMINALS = tuple(c for c in KINGDOM_CARDS if TYPES[c] & ACTION
                       and TABLE[c].actions == 0 and TABLE[c].drawn > 0)


def default_play_if(c: int, among=None) -> str:
    """The condition of card c's rule in the default play list ("" for none):
    the row's ``play_if`` (Treasure Map: a second Map in hand), or for an
    ``after_draw`` card (Cellar) "not while 2 or more Actions are left and a
    terminal that draws is in hand": with Village, Smithy and Cellar in
    hand, Smithy draws before Cellar chooses its discards, and Cellar (+1
    Action) still follows it. ``among`` (card ids) keeps the terminals named
    to those (a kingdom's: the optimiser's shorter rule)."""
    s = TABLE[c]
    if not s.after_draw:
        return s.play_if
    keep = None if among is None else set(among)
    draws = [d for d in DRAW_TERMINALS if keep is None or d in keep]
    if not draws:
        return ""
    names = dict.fromkeys(TABLE[d].name.replace(" ", "_") for d in draws)
    held = " + ".join(f"hand.{n}" for n in names)
    return f"actions < 2 or {held} == 0"


# Cards whose measured Big Money bot loses to Big Money Ultimate (``vs_bmu``).
WEAKER_THAN_SILVER = frozenset(c for c in range(NCARDS) if TABLE[c].weaker_than_silver)
# Cards that make a Black Market deck at set-up.
MARKET_CARDS = needing(BLACK_MARKET_DECK)
# Cards that never help a hand (Curses and Victory cards of no other type).
DEAD_CARDS = tuple(c for c in range(NCARDS)
                   if not TYPES[c] & (ACTION | TREASURE))

# The strategy lists: the shared ones, then each card's own list, in card
# order (simulator/engine/program.py numbers them so; "may" comes last).
OWN_LISTS: dict[str, int] = {}          # own list key -> the card it belongs to
for _c, _spec in enumerate(TABLE):
    if _spec.own_list is not None:
        if _spec.own_list.key in (*SHARED_LISTS, *DECISIONS, *OWN_LISTS):
            raise ValueError(f"card registry: {_spec.name}: list {_spec.own_list.key!r} "
                             "is taken")
        OWN_LISTS[_spec.own_list.key] = _c
LIST_NAMES = (*SHARED_LISTS, *OWN_LISTS)
# Default rules of the shared lists that name cards (the base set's).
DEFAULT_RULES = dict(base.DEFAULT_RULES)
# Recommended kingdoms by name, every set's (RULES.md "Setup"): those whose
# cards are all in the registry; the others, with the cards they still lack,
# in INCOMPLETE_KINGDOMS (a set's kingdom waits for its last cards).
ALL_RECOMMENDED = {k: v for m in SET_MODULES for k, v in getattr(m, "RECOMMENDED", {}).items()}
INCOMPLETE_KINGDOMS = {k: tuple(c for c in v if c not in NAMES)
                       for k, v in ALL_RECOMMENDED.items() if not set(v) <= set(NAMES)}
RECOMMENDED = {k: v for k, v in ALL_RECOMMENDED.items() if k not in INCOMPLETE_KINGDOMS}
NAMED_KINGDOMS = {k: v for m in SET_MODULES for k, v in getattr(m, "NAMED_KINGDOMS",
                                                                  {}).items()}


def as_json() -> list[dict]:
    """The whole registry as plain data (``domsim cards --json``): one object
    a card, in id order, every field of its row plus what is derived."""
    out = []
    for i, s in enumerate(TABLE):
        out.append({
            "id": i, "name": s.name, "cost": s.cost, "types": list(s.types),
            "set": s.set, "editions": list(s.editions), "kingdom": i in KINGDOM_CARDS,
            "text": s.text,
            "names": {"en": s.name, "nl": s.nl, "de": s.de, "ja": s.ja},
            "unsure": list(s.unsure),
            "plus": {"cards": s.cards, "actions": s.actions, "buys": s.buys,
                     "coins": s.coins},
            "vp": s.vp,
            "vp_rule": None if s.vp_rule is None else {
                "per": s.vp_rule.per, "counts": s.vp_rule.counts, "vp": s.vp_rule.vp,
                "text": s.vp_rule.describe()},
            "x": s.x, "effect": s.effect, "gains_any": s.gains_any,
            "roles": list(s.roles), "draws": s.drawn,
            "may": None if s.may is None else {"choice": s.may.choice,
                                               "default": s.may.default},
            "choose": None if s.choose is None else {
                "pick": s.choose.pick, "who": s.choose.who,
                "default": list(s.choose.default),
                "options": [{"name": o.name, "op": o.op, "amount": o.amount,
                             "card": o.card or None} for o in s.choose.options]},
            "next_turn": None if s.next_turn is None else s.next_turn._asdict(),
            "blocks": s.blocks or None,
            "extra_turn": s.extra_turn or None,
            "on_attack": None if s.on_attack is None else s.on_attack._asdict(),
            "mat": s.mat or None,
            "on_treasure": None if s.on_treasure is None else {
                "cards": list(s.on_treasure.cards)},
            "when_gain": None if s.when_gain is None else {
                "who": s.when_gain.who, "does": s.when_gain.does,
                "amount": s.when_gain.amount, "types": list(s.when_gain.types)},
            "from_play": None if s.from_play is None else s.from_play._asdict(),
            "does": [{"name": o.name, "op": o.op, "amount": o.amount, "card": o.card or None}
                     for o in s.does],
            "lists": list(s.lists),
            "answers": {k: ANSWERS[k] for k in s.lists if k in ANSWERS},
            "own_list": None if s.own_list is None else {
                "key": s.own_list.key, "decides": s.own_list.decides,
                "default": list(s.own_list.default)},
            "setup": list(s.setup),
            "vs_bmu": s.vs_bmu, "weaker_than_silver": s.weaker_than_silver,
            "nothing_now": s.nothing_now, "plays": s.plays or None, "others": s.others,
            "trashes_self": s.trashes_self, "curses": s.curses,
            "counts_plays": s.counts_plays, "raises_copper": s.raises_copper,
            "discards_hand": s.discards_hand, "play_if": default_play_if(i) or None,
            "after_draw": s.after_draw,
            "pile_tokens": s.pile_tokens,
            "money": s.money_per_copy,
        })
    return out


def _normal(name: str) -> str:
    """Case-insensitive key with spaces, '_' and '-' removed."""
    return "".join(ch for ch in name.casefold() if ch not in " _-")


# Every accepted spelling (English and the seed languages) -> card id; a
# card printed twice: its second edition's (``card_id`` maps it).
_BY_NAME: dict[str, int] = {}
for _i, _c in enumerate(TABLE):
    for _n in (_c.name, _c.nl, _c.de, _c.ja):
        if _i not in PRINTINGS:
            _BY_NAME.setdefault(_normal(_n), _i)

# The edition whose printings card names mean (``edition_names``): None or 2,
# the second edition's; 1, a card's first printing where it has one.
_EDITION: contextvars.ContextVar[int | None] = contextvars.ContextVar("domsim_edition",
                                                                     default=None)


@contextlib.contextmanager
def edition_names(edition: int | None):
    """While it lasts, ``card_id`` resolves a name to its printing in that
    edition (1: Treasury's first printing): a game of ``--edition 1`` reads
    its kingdom, strategies and default lists so, every other game a name's
    second edition.  A context, not a parameter: the strategy language
    resolves names deep in its parser."""
    token = _EDITION.set(edition)
    try:
        yield
    finally:
        _EDITION.reset(token)


def names_edition() -> int | None:
    """The edition names resolve to now (``edition_names``)."""
    return _EDITION.get()


class UnknownCardError(ValueError):
    """A card name that is not in the table; the message suggests the nearest.

    The suggestion is looked for when the message is shown, not when the
    error is raised: the strategy compiler tries a word as a card before
    other meanings (``my.Treasure``), and a fuzzy match over every name in
    four languages at each such try was a third of its time."""

    def __init__(self, name: str):
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        near = suggest(_normal(self.name), _BY_NAME)
        if near:
            guess = NAMES[_BY_NAME[near.split("'")[1]]]
            near = f" (did you mean {guess!r}?)"
        return f"unknown card {self.name!r}{near}"


def suggest(word: str, choices) -> str:
    """' (did you mean X?)' for the nearest of choices, or ''."""
    import difflib
    near = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {near[0]!r}?)" if near else ""


def card_id(name: str) -> int:
    """Resolve a card name in English, Dutch, German or Japanese, any case
    (a card printed twice: its printing in ``names_edition()``)."""
    key = _normal(name)
    if key in _BY_NAME:
        card = _BY_NAME[key]
        return FIRST_PRINTING.get(card, card) if _EDITION.get() == 1 else card
    raise UnknownCardError(name)


def localized(card: int, lang: str = "en") -> str:
    """A card's name in a language of ``LANGUAGES``."""
    spec = TABLE[card]
    return spec.name if lang == "en" else getattr(spec, lang)


def unsure_names(lang: str | None = None) -> list[tuple[int, str]]:
    """(card, language) of every translated name not confirmed by a published
    card, for one language or all."""
    return [(c, lg) for c, spec in enumerate(TABLE) for lg in spec.unsure
            if lang in (None, lg) and c not in PRINTINGS]     # a printing: its card's names


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
    if TYPES[card] & VICTORY:                # Estate, Duchy, Gardens
        return 8 if players == 2 else 12
    return 10


MIN_PLAYERS, MAX_PLAYERS = 2, 6


def empty_piles_to_end(players: int) -> int:
    return 4 if players >= 5 else 3


def _choice_tables() -> None:
    """Fill CHOICE_OP and CHOICE_ARG (a "gain" option's card by name), and
    VP_RULE (the card a VP rule counts, by name)."""
    for c, spec in enumerate(TABLE):
        if spec.vp_rule:
            rule = spec.vp_rule
            VP_RULE[c] = (-1 if rule.counts == "cards" else card_id(rule.counts), rule.per,
                          rule.vp)
        for o, choice in enumerate(spec.choose.options if spec.choose else spec.does):
            CHOICE_OP[c, o] = CHOICE_OPS[choice.op][0]
            CHOICE_ARG[c, o] = card_id(choice.card) if choice.op in CARD_OPS else choice.amount
        for k, hit in enumerate(spec.on_treasure.cards if spec.on_treasure else ()):
            ON_TREASURE_HITS[c, k] = card_id(hit)
            if not TYPES[ON_TREASURE_HITS[c, k]] & TREASURE:
                raise ValueError(f"card registry: {spec.name}: on_treasure names {hit}, "
                                 "not a Treasure")


_choice_tables()
