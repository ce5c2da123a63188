"""Strategy files: read, check and compile decision lists into program arrays.

A strategy is a TOML file (or ``Strategy.from_rules``) of ordered decision
lists; each rule is ``"<Card>[?] [if <condition>]"`` and the first rule that
fits wins.  Conditions are parsed with ``ast`` (never evaluated in Python),
type-checked, and compiled to the postfix code of ``simulator/program.py``.
Every mistake is reported with the file, list, rule number (1-based), rule
text, column (1-based, into the rule text) and the offending word, with the
nearest valid word suggested, because strategy authors are not programmers
reading tracebacks.

Condition vocabulary (names are case-insensitive; in card names ``_``,
``-`` and spaces are ignored, so ``my.council_room`` = ``my.CouncilRoom``)::

    my.<Card>  my.<Type>  my.cards  my.money  my.vp  my.turn
    opp.<Card>  opp.<Type>  opp.cards  opp.money  opp.vp   (best opponent)
    supply.<Card>  hand.<Card>  hand.<Type>  hand.size  hand.money
    play.<Card>  play.<Type>   (play.Duration: the Duration cards in play)
    embargo.<Card>   (the Embargo tokens on that Supply pile)
    deck.<Card>  deck.size  discard.<Card>  discard.size
    gained.<Card>  gained.cards  bought.<Card>  bought.cards   (this turn)
    empty_piles  gains_to_end  smallest_pile  coins  buys  actions  players
    lead  turns_played  true  false
    card.cost  ends_game  lead_after         (the card a buy/gain rule takes)
    want.cost  want.<Card>      (choose rules: the first card the buy rules want now)
    min(a, b, ...)  max(a, b, ...)  abs(a)   and names from the [let] table
    + - * / // %  (unary -)  < <= > >= == !=  and or not  ( )  1 0.5 1e3

``my.<Type>`` (and ``opp.<Type>``, ``hand.<Type>``) is Action, Treasure,
Victory, Attack or Reaction; ``my.Curse`` is the card Curse (card names win
over type names, so a type word never shadows a card).  ``/`` is true division.

Besides the lists a file may give ``let`` (named expressions), ``may``
(conditions for "you may" choices), ``extends`` (inherit another
strategy's lists, lets and may) and ``penultimate_province`` (never take a
card that ends the game unless it leaves the bot ahead).

Defaults, used when a file leaves a list out (``explicit`` = 0):

- ``gain``: the buy list, rule for rule (Workshop, Remodel and Artisan
  gain what the bot would buy).
- ``play``: every kingdom Action, in an order derived from the card registry
  (see ``_play_order``).  An explicit play list is followed by the Actions
  it does not name, in that order ("Witch if false" never plays Witch).
  Remodel is played only when its trash list matches a card in hand.
- ``trash``: Curses, Estates up to turn 10, Coppers while money stays > 6.
- ``discard``: Curse, Estate, Duchy, Province, Gardens (cards that never help a hand).
- ``topdeck``: empty; the kernel then uses its own default.
"""
from __future__ import annotations

import ast
import difflib
import os
import re
import stat
import threading
import tomllib
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import numpy as np

from simulator.engine import cards as C
from simulator.engine.cards import TABLE, Card, UnknownCardError, card_id, suggest
from simulator.engine.program import (
    ANSWER_LISTS, CHOICE_BITS, CHOOSE, COL_BITS, FLAG_TURN_LOG, FLAG_WANT, MAX_PLACE, PLACE_BOTTOM, LIST_KEYS, MAY, NLISTS, OP_ABS, OP_ACTIONS, OP_ADD, OP_AND,
    OP_BOUGHT, OP_BOUGHT_CARDS, OP_BUYS, OP_CARD_COST, OP_COINS, OP_CONST, OP_DECK_CARD,
    OP_DECK_SIZE, OP_DISC_CARD, OP_DISC_SIZE, OP_DIV, OP_EMPTY_PILES, OP_END,
    OP_ENDS_GAME, OP_EQ, OP_FLOORDIV, OP_GAINED, OP_GAINED_CARDS, OP_GAINS_TO_END,
    OP_GE, OP_GT, OP_HAND, OP_HAND_MONEY, OP_HAND_SIZE, OP_HAND_TYPE, OP_LE, OP_LEAD,
    OP_LEAD_AFTER, OP_LT, OP_MAX, OP_MIN, OP_MOD, OP_MUL, OP_MY_CARD, OP_MY_CARDS,
    OP_MY_MONEY, OP_MY_TURN, OP_MY_TYPE, OP_MY_VP, OP_NE, OP_NEG, OP_NOT,
    OP_OPP_CARD, OP_OPP_CARDS, OP_OPP_MONEY, OP_OPP_TYPE, OP_OPP_VP, OP_OR, OP_EMBARGO,
    OP_MAT_CARD, OP_MAT_SIZE, OP_PIRATE_SHIP, OP_PLAY_CARD, OP_PLAYERS, OP_SEAT_TURNS, OP_SUB,
    OP_SUPPLY,
    RULE_OPTIONAL, STACK_DEPTH, TYPE_IN_PLAY,
    OP_WANT_CARD, OP_WANT_COST, TURN_LOG_OPS, UNARY_OPS, WANT_OPS, Program, is_operand,
    is_upgrade)

PYTHON_SOURCE = "<python>"
# the answer tables (``C.ANSWERS``: naming, position, order) after choose
OPTION_KEYS = ("extends", "let", "may", "choose", *C.ANSWERS, "penultimate_province",
               "kingdom")
TOP_KEYS = ("name", "description", *OPTION_KEYS, *LIST_KEYS)
SPLICE = "..."                      # in an extending file's list: the parent's list
KINGDOM = frozenset(C.KINGDOM_CARDS)
_INT32 = (-(1 << 31), (1 << 31) - 1)
# Cards with a "you may" choice the ``may`` table decides (the registry's ``may``).
MAY_CARDS = C.MAY_CARDS
# Cards with a "choose" decision the ``choose`` table decides (the registry's).
CHOOSE_CARDS = tuple(c for c, spec in enumerate(TABLE) if spec.choose is not None)
# Words about the card a buy or gain rule would take.
CARD_WORDS = ("ends_game", "lead_after")
GUARD = "not (ends_game and lead_after <= 0)"     # penultimate_province


class StrategyError(ValueError):
    """A strategy that cannot be used; the message says where and why.

    ``where`` ("file: buy[3]"), ``column`` and ``word`` are also kept as
    attributes so tools can point at the mistake.  A mistake in a file's
    keys, rules or conditions ends with the one line of the language's
    reference that applies and the section of docs/strategies.md that
    holds the rest (``topic``, a key of ``REFERENCE``; by default worked
    out from ``where``, ``column`` and ``word``; "" for none).
    """

    def __init__(self, message: str, *, where: str = "", column: int = 0,
                 word: str = "", topic: str | None = None):
        self.topic = _topic(where, column, word) if topic is None else topic
        if self.topic:
            anchor, line = REFERENCE[self.topic]
            if line.split(": ")[0] in message:        # the message already says it
                message = f"{message} (see {DOCS}#{anchor})"
            else:
                message = f"{message}; {line} (see {DOCS}#{anchor})"
        super().__init__(message)
        self.where, self.column, self.word = where, column, word


DOCS = "docs/strategies.md"
# topic -> (the section of DOCS, the one line of it an error shows)
REFERENCE = {
    "keys": ("keys", f"allowed keys: {', '.join(TOP_KEYS)} (name and buy are required)"),
    "rules": ("rules", 'a list holds rules "<Card>" or "<Card> if <condition>"; the first '
                       "rule that applies wins"),
    "condition": ("conditions", "a condition is a true/false test of words (my.Gold, coins, "
                                "lead, ...) and numbers with + - * / // %, comparisons, and, "
                                "or, not, min, max, abs"),
    "my": ("conditions", "my.<Card>, my.<Type>, my.cards, my.money, my.vp, my.turn, "
                         "my.pirate_ship_tokens: what I own"),
    "opp": ("conditions", "opp.<Card>, opp.<Type>, opp.cards, opp.money, opp.vp: the largest "
                          "over the opponents"),
    "supply": ("conditions", "supply.<Card>: the cards left in that pile"),
    "embargo": ("conditions", "embargo.<Card>: the Embargo tokens on that Supply pile"),
    "hand": ("conditions", "hand.<Card>, hand.<Type>, hand.size, hand.money: my hand now"),
    "deck": ("conditions", "deck.<Card>, deck.size: my draw pile"),
    "discard": ("conditions", "discard.<Card>, discard.size: my discard pile"),
    "gained": ("conditions", "gained.<Card>, gained.cards: what I gained this turn so far"),
    "bought": ("conditions", "bought.<Card>, bought.cards: what I bought this turn so far"),
    "play": ("conditions", "play.<Card>, play.<Type>: my cards in play now (play.Duration: "
                           "the Duration cards, those since my last turn too)"),
    **{mat.replace(" ", "") + "mat": ("conditions", f"{mat.replace(' ', '_')}_mat.<Card>, "
                                      f"{mat.replace(' ', '_')}_mat.size: the cards on my "
                                      f"{mat.title()} mat") for mat in C.MAT_NAMES},
    "card": ("conditions", "card.cost, ends_game, lead_after: about the card a buy or gain "
                           "rule would take"),
    "want": ("conditions", "want.cost, want.<Card>: the first card the buy rules want now, "
                           "whatever it costs (choose rules only)"),
    "let": ("named-expressions-let", '[let] name = "expression": a name of letters, digits '
                                     "and _ (any case), using only the lets before it"),
    "extends": ("reuse-extends", 'extends = "<shipped stem or name>" or a path to a .toml '
                                 "file, relative to this file's folder"),
    "may": ("you-may-choices-may", 'may = { <Card> = "<condition>" } for a card with a '
                                   '"you may" choice'),
    "penultimate": ("never-end-the-game-behind-penultimate_province",
                    "penultimate_province = true: never take a card that ends the game "
                    "unless it leaves the bot ahead"),
    "choose": ("choose-one-choose",
               'choose = { <Card> = ["<option> if <condition>", "<option>"] } for a card '
               'with a "choose" decision'),
    "naming": ("a-card-a-place-an-order-naming-position-order",
               'naming = { <Card> = ["<Card named> if <condition>", ...] } for a card that '
               "names a card"),
    "position": ("a-card-a-place-an-order-naming-position-order",
                 'position = { <Card> = ["<hand card> to <top | bottom | N> if <condition>", '
                 '...] } for a card that puts a hand card anywhere in the deck'),
    "order": ("a-card-a-place-an-order-naming-position-order",
              'order = { <Card> = ["<card first back on top> if <condition>", ...] } for a '
              "card that puts cards back in any order"),
    "kingdom": ("the-kingdom-a-strategy-is-for-kingdom",
                'kingdom = "<recommended set>" or a list of card names: played when no '
                "--kingdom is given"),
    "optional": ("optional-rules-card", '"<Card>?" skips the rule in a game without the card'),
}


def _topic(where: str, column: int, word: str) -> str:
    """The REFERENCE topic of a mistake, from where it is ("" for none: a
    file that cannot be read, an unknown strategy)."""
    if not where:
        return ""
    if column > 0:                                  # inside a condition
        root = _key(str(word).split(".")[0])
        return root if root in REFERENCE and root in _FIELDS else "condition"
    tail = where.rsplit(": ", 1)[-1] if ": " in where else ""
    for prefix, topic in (("let", "let"), ("may", "may"), ("extends", "extends"),
                          ("penultimate_province", "penultimate"), ("kingdom", "kingdom"),
                          ("choose", "choose"), *((k, k) for k in C.ANSWERS)):
        if tail == prefix or tail.startswith(prefix + "."):
            return topic
    return "rules" if tail.split("[")[0] in LIST_KEYS else "keys"


def _shown(value, most: int = 60) -> str:
    """repr(value) for a message, cut to ``most`` characters: an error
    quotes a mistake, not a whole pasted document."""
    text = repr(value)
    return text if len(text) <= most else text[:most - 1] + "…"


def _excerpt(text: str, column: int, most: int = 100) -> str:
    """A rule's text for a message: whole when short, else the part around
    ``column`` (1-based; the message still counts columns in the whole text),
    with line breaks and other control characters escaped, so the message stays
    one line."""
    if len(text) > most:
        start = max(0, min(column - 1 - most // 2, len(text) - most))
        text = (("…" if start else "") + text[start:start + most]
                + ("…" if start + most < len(text) else ""))
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode()
                   for ch in text)


@dataclass(frozen=True)
class Rule:
    card: int
    text: str
    condition: tuple[tuple[int, int], ...] | None   # ends with (OP_END, 0)
    optional: bool
    where: str
    default: bool = False        # from a default list, or an Action an explicit
                                 # play list leaves out


class RuleSource(NamedTuple):
    """Where a compiled rule row comes from (``Program.sources``)."""
    strategy: int                # index into the strategies compiled
    list: str                    # list key or "may"
    number: int                  # 1-based position in that list
    text: str
    default: bool


# ============================================================ defaults

def _play_order() -> list[int]:
    """Kingdom Actions in default play order, from the card registry.

    Cards that give Actions go first so that the turn can go on; among them
    more cards drawn first (``drawn``: Library's draw to 7 counts as 3),
    then one that may trash itself after the others (Mining Village: it then
    knows more of the turn's money), then the dearer card.  Then a terminal
    whose ``choose`` offers +Actions (Pawn, Nobles: their defaults take the
    Actions when an Action is left in hand), more cards first, so that the
    terminals after it can still be played: measured on Village-Smithy-Pawn
    0.5588 -> 0.5754 and on Village-Council Room-Nobles 0.3754 -> 0.4261
    against Big Money Ultimate (docs/strategies.md); not Courtier, whose
    +1 Action is at most a second choice (pick 0: a card of two types
    revealed).  A card that plays an
    Action from the hand twice (Throne Room) comes next, so it finds the
    terminals still in hand.  Then
    the terminals: the attack that draws (Witch), draw of 3 or more cards,
    the other attacks (Militia before Bureaucrat: its +$2), small draw
    (Moat), the rest (dearer first), and last those whose text gives the
    turn nothing now (``nothing_now``: they gain to the discard pile or only
    trash), after the +$ cards: a +$ card first measured better (Feast with
    Woodcutter 0.284 -> 0.328 against Big Money Ultimate, docs/strategies.md).
    """
    def key(c: int):
        s = TABLE[c]
        attack = bool(C.TYPES[c] & C.ATTACK)
        draw = s.drawn
        if s.actions >= 2:                   # one that may trash itself last (Mining Village)
            return (0, -draw, s.trashes_self, -s.cost, c)
        if s.actions == 1:
            return (1, -draw, -s.cost, -(s.coins + s.buys), -s.x, c)
        if s.choose and s.choose.pick and any(o.op == "+actions" for o in s.choose.options):
            return (2, -draw, -s.cost, c)
        if s.plays == "hand":
            return (3,)
        return (4, s.nothing_now, -(attack and draw > 0), -(draw >= 3), -attack, -draw,
                -s.cost, -s.coins, -s.x, c)
    actions = [c for c in C.KINGDOM_CARDS if C.TYPES[c] & C.ACTION]
    return sorted(actions, key=key)


# Rule text of the default lists ("gain" is the strategy's own buy list).
# Every one comes from the card registry: the play order (a card's rule
# with its ``default_play_if`` condition: Treasure Map only in pairs, Cellar
# after the terminals that draw while 2 or more Actions are left), the registry's
# default rules (trash), the cards that never help a hand (discard: Curse
# first), and each card's own list with its default (remodel, skip).
DEFAULT_LISTS: dict[str, tuple[str, ...]] = {
    "play": tuple(dict.fromkeys(      # a name once (a first printing shares it)
        TABLE[c].name + (f" if {cond}" if (cond := C.default_play_if(c)) else "")
        for c in _play_order())),
    "trash": C.DEFAULT_RULES["trash"],
    "discard": tuple(TABLE[c].name for c in sorted(C.DEAD_CARDS,
                                                   key=lambda c: (c != Card.CURSE, c))),
    "topdeck": (),
    **{key: TABLE[card].own_list.default for key, card in C.OWN_LISTS.items()},
}


# ============================================================ condition compiler

NUM, BOOL = "number", "true/false"

_ARITH = {ast.Add: (OP_ADD, "+"), ast.Sub: (OP_SUB, "-"), ast.Mult: (OP_MUL, "*"),
          ast.Div: (OP_DIV, "/"), ast.FloorDiv: (OP_FLOORDIV, "//"),
          ast.Mod: (OP_MOD, "%")}
_CMP = {ast.Lt: (OP_LT, "<"), ast.LtE: (OP_LE, "<="), ast.Gt: (OP_GT, ">"),
        ast.GtE: (OP_GE, ">="), ast.Eq: (OP_EQ, "=="), ast.NotEq: (OP_NE, "!=")}
_OTHER_OPS = {ast.Pow: "**", ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^",
              ast.LShift: "<<", ast.RShift: ">>", ast.MatMult: "@",
              ast.Invert: "~", ast.In: "in", ast.NotIn: "not in", ast.Is: "is",
              ast.IsNot: "is not"}
_INSTEAD = {"&": "and", "|": "or", "~": "not", "**": "*", "is": "==",
            "is not": "!="}
_FUNCTIONS = {"min": OP_MIN, "max": OP_MAX, "abs": OP_ABS}

# Words, keyed by lower case with '_' removed.
_BARE = {"emptypiles": OP_EMPTY_PILES, "coins": OP_COINS, "buys": OP_BUYS,
         "actions": OP_ACTIONS, "players": OP_PLAYERS, "gainstoend": OP_GAINS_TO_END,
         "lead": OP_LEAD}
_BARE_CARD = {"endsgame": (OP_ENDS_GAME, BOOL), "leadafter": (OP_LEAD_AFTER, NUM)}


def _turns_played() -> list[tuple[int, int]]:
    """``turns_played``: the turns every seat has completed, added up (a
    seat not in the game has completed none)."""
    code = [(OP_SEAT_TURNS, 0)]
    for seat in range(1, C.MAX_PLAYERS):
        code += [(OP_SEAT_TURNS, seat), (OP_ADD, 0)]
    return code


_NO_PILE = 1000          # more than any pile holds


def _smallest_pile() -> list[tuple[int, int]]:
    """``smallest_pile``: the fewest cards in a supply pile that is not
    empty, 0 when none is.  Each pile counts as itself, or as _NO_PILE when
    empty (a card not in the game has an empty pile); the smallest of them
    modulo _NO_PILE is 0 exactly when every pile was empty."""
    code: list[tuple[int, int]] = []
    for c in range(C.NCARDS):
        code += [(OP_SUPPLY, c), (OP_CONST, _NO_PILE), (OP_CONST, _NO_PILE),
                 (OP_SUPPLY, c), (OP_CONST, 1), (OP_MIN, 0), (OP_MUL, 0), (OP_SUB, 0),
                 (OP_MAX, 0)] + ([(OP_MIN, 0)] if c else [])
    return code + [(OP_CONST, _NO_PILE), (OP_MOD, 0)]


# Words written with the other words: their code is worked out once.
_SUGAR = {"turnsplayed": _turns_played(), "smallestpile": _smallest_pile()}
_BOOLS = {"true": 1, "false": 0}
_FIELDS = {
    "my": {"cards": OP_MY_CARDS, "money": OP_MY_MONEY, "vp": OP_MY_VP,
           "turn": OP_MY_TURN, "pirateshiptokens": OP_PIRATE_SHIP},
    "opp": {"vp": OP_OPP_VP, "cards": OP_OPP_CARDS, "money": OP_OPP_MONEY},
    "supply": {},
    "hand": {"size": OP_HAND_SIZE, "money": OP_HAND_MONEY},
    "deck": {"size": OP_DECK_SIZE},
    "discard": {"size": OP_DISC_SIZE},
    "gained": {"cards": OP_GAINED_CARDS},
    "bought": {"cards": OP_BOUGHT_CARDS},
    "card": {"cost": -1},                      # compiled to the rule card's cost
    "want": {"cost": OP_WANT_COST},            # choose rules only (``want_word``)
    "play": {},
    "embargo": {},
}
# my mats: island_mat.<Card>, island_mat.size, native_village_mat.<Card> ...
_MAT_ROOTS = {C.MAT_NAMES[m].replace(" ", "") + "mat": m for m in range(len(C.MAT_NAMES))}
_ROOT_SPELLING = {root: mat.replace(" ", "_") + "_mat" for root, mat in zip(_MAT_ROOTS,
                                                                            C.MAT_NAMES)}
_FIELDS.update({root: {"size": OP_MAT_SIZE + m} for root, m in _MAT_ROOTS.items()})
_CARD_OP = {"my": OP_MY_CARD, "opp": OP_OPP_CARD, "supply": OP_SUPPLY, "hand": OP_HAND,
            "deck": OP_DECK_CARD, "discard": OP_DISC_CARD, "gained": OP_GAINED,
            "bought": OP_BOUGHT, "play": OP_PLAY_CARD, "embargo": OP_EMBARGO,
            "want": OP_WANT_CARD,
            **{root: OP_MAT_CARD + m for root, m in _MAT_ROOTS.items()}}
_TYPE_OP = {"my": OP_MY_TYPE, "opp": OP_OPP_TYPE, "hand": OP_HAND_TYPE, "play": OP_HAND_TYPE}
_TYPE_ZONE = {"play": TYPE_IN_PLAY}             # OP_HAND_TYPE's flag: the play area
_TYPES = {name.lower(): bit for bit, name in C.TYPE_NAMES.items()}
_BARE_SPELLING = ["empty_piles", "gains_to_end", "coins", "buys", "actions", "players",
                  "lead", "turns_played", "smallest_pile", "ends_game", "lead_after", "true",
                  "false"]
_CARD_SPELLINGS = {"".join(ch for ch in n.casefold() if ch not in " _-")
                   for s in TABLE for n in (s.name, s.nl, s.de, s.ja)}

def _key(word: str) -> str:
    return word.casefold().replace("_", "")


_RESERVED = ({_key(w) for w in _BARE_SPELLING} | set(_FIELDS) | set(_FUNCTIONS))


def _ratio(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, a, b).ratio()


def _nearest(word: str, choices: dict[str, str], cutoff: float = 0.6):
    """(display, ratio) of the choice whose key is nearest to word, or (None, 0)."""
    word = _key(word)
    best = max(choices, key=lambda k: _ratio(word, k), default=None)
    if best is None or _ratio(word, best) < cutoff:
        return None, 0.0
    return choices[best], _ratio(word, best)


def _mean(display: str | None) -> str:
    return f" (did you mean {display!r}?)" if display else ""


def _card_hint(name: str) -> str:
    """The suggestion cards.card_id gives for an unknown name, or ''."""
    try:
        card_id(name)
    except UnknownCardError as e:
        msg = str(e)
        i = msg.find(" (did you mean")
        return msg[i:] if i >= 0 else ""
    return ""


def _card_ratio(name: str) -> float:
    key = "".join(ch for ch in name.casefold() if ch not in " _-")
    return max(_ratio(key, k) for k in _CARD_SPELLINGS)


def _depth(code) -> int:
    """Deepest stack the postfix code needs."""
    depth = need = 0
    for op, _ in code:
        if is_operand(op):
            depth += 1
        elif op not in UNARY_OPS and op != OP_END:
            depth -= 1
        need = max(need, depth)
    return need


@dataclass(frozen=True)
class Let:
    """A named expression of the ``let`` table."""
    name: str                    # as written
    src: str
    tree: ast.expr
    kind: str                    # NUM or BOOL
    where: str                   # "file: let.name"
    card_words: tuple[str, ...]  # ends_game / lead_after / card.cost it uses


@dataclass(frozen=True)
class _Context:
    """What a condition is about: the rule's card and list, and the lets in scope."""
    card: int | None             # None: no card (``may``)
    key: str                     # list key, "may" or "let"
    lets: dict                   # _key(name) -> Let

    def takes_card(self) -> bool:
        return self.key in ("buy", "gain", "let")


MAX_NESTING = 100        # deeper conditions are refused before any recursion
# CPython 3.11's AST constructor keeps one recursion counter for all threads:
# two threads parsing at once can fail with "SystemError: AST
# constructor recursion depth mismatch" (python/cpython#106905), as the
# optimiser's threads building strategies did.  One parse at a time.
_PARSE_LOCK = threading.Lock()


def _nesting(node) -> int:
    """Depth of an expression tree, measured without recursion."""
    deepest, todo = 0, [(node, 1)]
    while todo:
        node, depth = todo.pop()
        deepest = max(deepest, depth)
        todo += [(c, depth + 1) for c in ast.iter_child_nodes(node)
                 if isinstance(c, ast.expr)]
    return deepest


class _Condition:
    """Compiles one condition; ``fail`` raises with the rule's location."""

    def __init__(self, src: str, base: int, fail, ctx: _Context):
        self.src, self.base, self.fail, self.ctx = src, base, fail, ctx
        self.lines = src.split("\n")
        self.card_words: list[str] = []

    # ---- positions: ast gives UTF-8 byte columns; users count characters
    def col(self, lineno: int, byte_col: int) -> int:
        before = sum(len(line) + 1 for line in self.lines[:lineno - 1])
        line = self.lines[lineno - 1] if lineno - 1 < len(self.lines) else ""
        chars = len(line.encode()[:byte_col].decode(errors="ignore"))
        return self.base + before + chars + 1

    def node_col(self, node) -> int:
        return self.col(node.lineno, node.col_offset)

    def text(self, node) -> str:
        return ast.get_source_segment(self.src, node) or ast.unparse(node)

    def bad(self, node, problem: str, word: str | None = None, hint: str = "",
            col: int | None = None):
        word = self.text(node) if word is None else word
        self.fail(problem, col if col is not None else self.node_col(node), word,
                  hint)

    # ---- entry points
    def parse(self) -> ast.expr:
        try:
            with _PARSE_LOCK:
                return ast.parse(self.src, mode="eval").body
        except SyntaxError as e:
            self.syntax_error(e)
        except (RecursionError, MemoryError):
            self.too_deep()

    def too_deep(self):
        self.fail(f"condition nested too deeply (at most {MAX_NESTING} levels of "
                  "nested operators)", self.base + 1, self.src[:20])

    def compile(self, want: str = BOOL) -> tuple[tuple[int, int], ...]:
        tree = self.parse()
        if _nesting(tree) > MAX_NESTING:
            self.too_deep()
        code, kind = self.expr(tree)
        if kind != want:
            word = self.text(tree)
            self.bad(tree, f"bad type: the condition {word!r} is a number, "
                     "not a true/false test", word,
                     f" (compare it, e.g. '{word} > 0')")
        code.append((OP_END, 0))
        need = _depth(code)
        if need > STACK_DEPTH:
            self.bad(tree, f"condition too complex (needs a stack of {need}, "
                     f"the kernel has {STACK_DEPTH})", "")
        return tuple(code)

    def syntax_error(self, e: SyntaxError):
        lineno = e.lineno or 1
        before = sum(len(line) + 1 for line in self.lines[:lineno - 1])
        offset = e.offset if e.offset and e.offset > 0 else len(
            self.lines[min(lineno, len(self.lines)) - 1]) + 1
        pos = before + offset - 1                       # 0-based into src
        if 0 < pos < len(self.src) and self.src[pos] in "&|" \
                and self.src[pos - 1] == self.src[pos]:
            pos -= 1                                    # point at '&&', not its 2nd '&'
        word = "end of condition"
        m = re.match(r"[\w.]+|&&|\|\||<=|>=|==|!=|//|\*\*|\S", self.src[pos:])
        if m:
            word = m.group()
        hint = ""
        if word == "=":
            hint = " (use '==' to compare)"
        elif word in ("&&", "&"):
            hint = " (use 'and')"
        elif word in ("||", "|"):
            hint = " (use 'or')"
        elif word == "!":
            hint = " (use 'not')"
        msg = (e.msg or "invalid syntax").split(". Maybe")[0]
        self.fail(f"syntax error ({msg}) at {word!r}", self.base + pos + 1, word,
                  hint)

    # ---- expressions: each returns (code, NUM or BOOL)
    def expr(self, node):
        if isinstance(node, ast.Constant):
            return self.constant(node)
        if isinstance(node, ast.Name):
            return self.name(node)
        if isinstance(node, ast.Attribute):
            return self.attribute(node)
        if isinstance(node, ast.BinOp):
            return self.binop(node)
        if isinstance(node, ast.UnaryOp):
            return self.unary(node)
        if isinstance(node, ast.BoolOp):
            return self.boolop(node)
        if isinstance(node, ast.Compare):
            return self.compare(node)
        if isinstance(node, ast.Call):
            return self.call(node)
        what = {ast.Subscript: "indexing", ast.IfExp: "'x if y else z'",
                ast.Tuple: "tuples", ast.List: "lists"}.get(type(node), "this expression")
        self.bad(node, f"unsupported syntax: {what} ({self.text(node)!r})")

    def operand(self, node, want: str, op: str):
        code, kind = self.expr(node)
        if kind != want:
            word = self.text(node)
            self.bad(node, f"bad type: {op!r} needs {want} operands, but "
                     f"{word!r} is {'a number' if kind == NUM else 'true/false'}",
                     word)
        return code

    def constant(self, node):
        v = node.value
        if isinstance(v, bool):
            return [(OP_CONST, int(v))], BOOL
        if isinstance(v, int):
            if not _INT32[0] <= v <= _INT32[1]:
                self.bad(node, f"number {v} does not fit in 32 bits")
            return [(OP_CONST, v)], NUM
        if isinstance(v, float):
            return self.decimal(node)
        self.bad(node, f"unsupported value {self.text(node)!r}")

    def decimal(self, node):
        """A decimal literal as numerator / denominator: IEEE division rounds
        the exact fraction, so the kernel gets exactly float(literal)."""
        text = self.text(node)
        try:
            frac = Fraction(text.replace("_", ""))
        except (ValueError, ZeroDivisionError):
            frac = None
        if frac is None or not (_INT32[0] <= frac.numerator <= _INT32[1]
                                and frac.denominator <= _INT32[1]):
            self.bad(node, f"number {text!r} has too many digits", text,
                     " (a decimal needs at most 9 significant digits)")
        if frac.denominator == 1:
            return [(OP_CONST, frac.numerator)], NUM
        return [(OP_CONST, frac.numerator), (OP_CONST, frac.denominator), (OP_DIV, 0)], NUM

    def name(self, node):
        word, key = node.id, _key(node.id)
        if key in _BOOLS:
            return [(OP_CONST, _BOOLS[key])], BOOL
        if key in _BARE:
            return [(_BARE[key], 0)], NUM
        if key in _SUGAR:
            return list(_SUGAR[key]), NUM
        if key in _BARE_CARD:
            op, kind = _BARE_CARD[key]
            self.card_word(node, word)
            return [(op, self.ctx.card)], kind
        if key in self.ctx.lets:
            return self.let(node, self.ctx.lets[key])
        if key in _FIELDS:
            example = "opp.vp" if key == "opp" else (
                "card.cost" if key == "card" else f"{_ROOT_SPELLING.get(key, key)}.Gold")
            self.bad(node, f"{word!r} needs a '.' and a word after it", word,
                     f" (e.g. {example!r})")
        if key in _FUNCTIONS:
            self.bad(node, f"{word!r} is a function", word, f" (e.g. '{word}(coins, 5)')")
        options = {_key(w): w for w in _BARE_SPELLING}
        for root, fields in _FIELDS.items():       # my.money before hand.money
            for f in fields:
                options.setdefault(f, f"{root}.{f}")
        options.update({k: let.name for k, let in self.ctx.lets.items()})
        if self._accepts("supply", word):
            self.bad(node, f"unknown word {word!r}", word,
                     f" (to count cards write my.{word}, hand.{word} or supply.{word})")
        near, _ = _nearest(word, options)
        self.bad(node, f"unknown word {word!r}", word, _mean(near))

    def let(self, node, let: Let):
        """A let name: its expression, compiled for this rule's card."""
        for word in let.card_words:
            if word.startswith("want."):
                self.want_word(node, word, via=let.name)
            elif not self.ctx.takes_card():
                self.card_word(node, word, via=let.name)
        outer = self

        def fail(problem, col, word, hint=""):
            outer.bad(node, f"{problem} (in let {let.name!r})", let.name, hint)

        inner = _Condition(let.src, 0, fail, self.ctx)
        code, kind = inner.expr(let.tree)
        self.card_words += inner.card_words
        return code, kind

    def card_word(self, node, word: str, via: str | None = None):
        """ends_game, lead_after, card.cost: only where a rule takes a card."""
        self.card_words.append(word)
        if self.ctx.takes_card() or (word == "card.cost" and self.ctx.card is not None):
            return
        what = {"may": "a may condition", "let": "a let"}.get(
            self.ctx.key, f"a {self.ctx.key} rule")
        through = f" (through let {via!r})" if via else ""
        self.bad(node, f"{word!r}{through} is about the card a buy or gain rule "
                 f"would take; {what} takes none", via or word)

    def want_word(self, node, word: str, via: str | None = None):
        """want.cost, want.<Card>: only in a choose rule (and a let), the
        one decision before which the kernel works the buy list's want out."""
        self.card_words.append(word)
        if self.ctx.key in ("choose", "let"):
            return
        what = {"may": "a may condition"}.get(self.ctx.key, f"a {self.ctx.key} rule")
        through = f" (through let {via!r})" if via else ""
        self.bad(node, f"{word!r}{through} is read only in choose rules (the first card "
                 f"the buy rules want, worked out as a card's choice is asked), not in "
                 f"{what}", via or word)

    def attribute(self, node):
        full = self.text(node)
        if not isinstance(node.value, ast.Name):
            self.bad(node, f"unknown word {full!r}", full)
        root, attr = node.value.id, node.attr
        rkey, akey = _key(root), _key(attr)
        end = self.col(node.end_lineno, node.end_col_offset)
        attr_col = end - len(attr)
        if rkey not in _FIELDS:
            fits = [r for r in _FIELDS if self._accepts(r, attr)] or list(_FIELDS)
            near, _ = _nearest(root, {r: _ROOT_SPELLING.get(r, r) for r in fits}, cutoff=0.0)
            self.bad(node.value, f"unknown word {root!r}", root, _mean(near))
        fields = _FIELDS[rkey]
        if rkey == "card" and akey == "cost":
            self.card_word(node, "card.cost")
            # the cost when the rule is asked: this turn's reductions count
            return [(OP_CARD_COST, self.ctx.card) if self.ctx.card is not None
                    else (OP_CONST, 0)], NUM
        if rkey == "want":
            if akey in fields:
                self.want_word(node, full)
                return [(fields[akey], 0)], NUM
            try:
                c = card_id(attr)
            except UnknownCardError:
                c = None
            if c is not None:
                self.want_word(node, full)
                # 1 when the card wanted is this one, else 0 (a count, like hand.<Card>)
                return [(OP_WANT_CARD, 0), (OP_CONST, c + 1), (OP_EQ, 0)], NUM
        if akey in fields:
            return [(fields[akey], 0)], NUM
        if rkey in _CARD_OP:
            try:
                return [(_CARD_OP[rkey], card_id(attr))], NUM
            except UnknownCardError:
                pass
        if rkey in _TYPE_OP and akey in _TYPES:
            return [(_TYPE_OP[rkey], _TYPES[akey] | _TYPE_ZONE.get(rkey, 0))], NUM
        # Unknown: a misspelt field/type, or a misspelt card?
        words = {f: f"{root}.{f}" for f in fields}
        if rkey in _TYPE_OP:
            words.update({t: f"{root}.{C.TYPE_NAMES[b]}" for t, b in _TYPES.items()})
        near, ratio = _nearest(attr, words) if words else (None, 0.0)
        card_hint = _card_hint(attr) if rkey in _CARD_OP else ""
        # A close field wins: there are few of them, and cards have many spellings.
        if near and (not card_hint or ratio >= 0.7 or ratio >= _card_ratio(attr)):
            self.bad(node, f"unknown word {full!r}", full, _mean(near))
        if rkey in _CARD_OP:
            if card_hint:
                self.fail(f"unknown card {attr!r}", attr_col, attr, card_hint)
            valid = ", ".join([f"{root}.<Card>"]
                              + ([f"{root}.<Type>"] if rkey in _TYPE_OP else [])
                              + [f"{root}.{f}" for f in fields])
            self.bad(node, f"unknown card or word {full!r}", full,
                     f" (expected {valid})")
        self.bad(node, f"unknown word {full!r}", full,
                 f" (did you mean {', '.join(repr(w) for w in words.values())}?)")

    @staticmethod
    def _accepts(root: str, attr: str) -> bool:
        if _key(attr) in _FIELDS[root]:
            return True
        if root in _TYPE_OP and _key(attr) in _TYPES:
            return True
        if root in _CARD_OP:
            try:
                card_id(attr)
                return True
            except UnknownCardError:
                return False
        return False

    def call(self, node):
        func = node.func
        if not isinstance(func, ast.Name) or _key(func.id) not in _FUNCTIONS:
            name = self.text(func)
            near, _ = _nearest(name, {f: f for f in _FUNCTIONS})
            self.bad(func, f"unknown function {name!r}", name,
                     _mean(near) if near else " (functions: min, max, abs)")
        name = _key(func.id)
        if node.keywords:
            self.bad(node.keywords[0].value, f"{name}() takes no named arguments")
        n = len(node.args)
        if name == "abs" and n != 1:
            self.bad(node, f"abs() takes one number, got {n}", func.id)
        if name != "abs" and n < 2:
            self.bad(node, f"{name}() takes two or more numbers, got {n}", func.id)
        code = self.operand(node.args[0], NUM, f"{name}()")
        if name == "abs":
            return code + [(OP_ABS, 0)], NUM
        for arg in node.args[1:]:
            code += self.operand(arg, NUM, f"{name}()") + [(_FUNCTIONS[name], 0)]
        return code, NUM

    def binop(self, node):
        op = type(node.op)
        if op not in _ARITH:
            sym = _OTHER_OPS.get(op, op.__name__)
            self.unsupported(node, sym)
        opcode, sym = _ARITH[op]
        a = self.operand(node.left, NUM, sym)
        b = self.operand(node.right, NUM, sym)
        return a + b + [(opcode, 0)], NUM

    def unary(self, node):
        if isinstance(node.op, ast.Not):
            return self.operand(node.operand, BOOL, "not") + [(OP_NOT, 0)], BOOL
        if isinstance(node.op, ast.USub):
            inner = node.operand
            if (isinstance(inner, ast.Constant) and type(inner.value) is int):
                if -inner.value < _INT32[0]:
                    self.bad(node, f"number -{inner.value} does not fit in 32 bits")
                return [(OP_CONST, -inner.value)], NUM
            return self.operand(inner, NUM, "-") + [(OP_NEG, 0)], NUM
        if isinstance(node.op, ast.UAdd):
            return self.operand(node.operand, NUM, "+"), NUM
        self.unsupported(node, _OTHER_OPS.get(type(node.op), "?"))

    def boolop(self, node):
        opcode, sym = (OP_AND, "and") if isinstance(node.op, ast.And) else (OP_OR, "or")
        code = self.operand(node.values[0], BOOL, sym)
        for v in node.values[1:]:
            code += self.operand(v, BOOL, sym) + [(opcode, 0)]
        return code, BOOL

    def compare(self, node):
        parts = [node.left, *node.comparators]
        compiled = [self.expr(p) for p in parts]
        code: list[tuple[int, int]] = []
        for i, op in enumerate(node.ops):
            if type(op) not in _CMP:
                self.unsupported(node, _OTHER_OPS.get(type(op), "?"))
            opcode, sym = _CMP[type(op)]
            (ca, ka), (cb, kb) = compiled[i], compiled[i + 1]
            ordering = opcode not in (OP_EQ, OP_NE)
            for part, kind in ((parts[i], ka), (parts[i + 1], kb)):
                if kind == BOOL and (ordering or ka != kb):
                    word = self.text(part)
                    self.bad(part, f"bad type: {sym!r} compares numbers, but "
                             f"{word!r} is true/false", word)
            code += ca + cb + [(opcode, 0)]
            if i:
                code.append((OP_AND, 0))
        return code, BOOL

    def unsupported(self, node, sym: str):
        instead = _INSTEAD.get(sym)
        self.bad(node, f"unsupported operator {sym!r}", sym,
                 f" (use {instead!r})" if instead else "")


# ============================================================ rules

_IF = re.compile(r"\s+if(?=[\s(]|$)", re.IGNORECASE)


def _failer(text: str, where: str, topic: str | None = None):
    def fail(problem: str, col: int, word: str, hint: str = ""):
        raise StrategyError(f'{where} "{_excerpt(text, col)}": {problem} at column '
                            f'{col}{hint}', where=where, column=col, word=word, topic=topic)
    return fail


def _parse_rule(text: str, where: str, key: str, lets: dict,
                default: bool = False) -> Rule:
    """One rule string -> Rule, or StrategyError pointing into the text."""
    fail = _failer(text, where)
    head_fail = _failer(text, where, "rules")      # the card, not the condition
    m = _IF.search(text)
    head, cond_at = (text[:m.start()], m.end()) if m else (text, None)
    lead = len(head) - len(head.lstrip())
    name = head.strip()
    optional = name.endswith("?")
    if optional:
        name = name[:-1].rstrip()
    if not name:
        head_fail("missing card name", lead + 1, "", " (a rule is '<Card> [if <condition>]')")
    if name == SPLICE:
        _failer(text, where, "extends")("'...' (the parent's list) needs 'extends'",
                                        lead + 1, name,
                                        " (e.g. extends = \"big-money-ultimate\")")
    try:
        card = card_id(name)
    except UnknownCardError:
        head_fail(f"unknown card {_shown(name)}", lead + 1, name, _card_hint(name))
    condition = None
    if cond_at is not None:
        rest = text[cond_at:]
        src = rest.strip()
        if not src:
            fail("missing condition after 'if'", m.end() - 1, "if")
        base = cond_at + len(rest) - len(rest.lstrip())
        condition = _Condition(src, base, fail, _Context(card, key, lets)).compile()
    return Rule(card=card, text=text, condition=condition, optional=optional,
                where=where, default=default)


def _rules(items, key: str, lets: dict) -> tuple[Rule, ...]:
    return tuple(_parse_rule(text, where, key, lets, default=where.endswith("(default)"))
                 for text, where in items)


def _items(source: str, key: str, items, default: bool = False) -> list[tuple[str, str]]:
    """A list value checked to be rule strings: [(text, where)]."""
    if isinstance(items, (str, bytes)) or not isinstance(items, (list, tuple)):
        raise StrategyError(f"{source}: {key} must be a list of rule strings, "
                            f"got {type(items).__name__} {_shown(items)}",
                            where=f"{source}: {key}")
    out = []
    for i, item in enumerate(items, 1):
        where = f"{source}: {key}[{i}]" + (" (default)" if default else "")
        if not isinstance(item, str):
            raise StrategyError(f"{where}: a rule must be a string like "
                                f"\"Gold if my.money > 10\", got {_shown(item)}",
                                where=where)
        out.append((item, where))
    return out


def _and(code, extra):
    """Code of (code) and (extra); either may be None (always true)."""
    if code is None:
        return extra
    return tuple(code[:-1]) + tuple(extra[:-1]) + ((OP_AND, 0), (OP_END, 0))


_DEFAULT_ITEMS = {k: _items("<default>", k, v, default=True)
                  for k, v in DEFAULT_LISTS.items()}
_DEFAULT_RULES = {k: _rules(v, k, {}) for k, v in _DEFAULT_ITEMS.items()}
_EDITION_DEFAULTS = {None: _DEFAULT_RULES}


def _names_edition() -> int | None:
    """1 when card names are read as first printings now (``C.edition_names``)."""
    return 1 if C.names_edition() == 1 and C.FIRST_PRINTING else None


def _default_rules() -> dict[str, tuple[Rule, ...]]:
    """The default lists' rules as names resolve now (``C.edition_names``):
    in a first-edition game Treasury's name is its first printing's."""
    edition = _names_edition()
    if edition not in _EDITION_DEFAULTS:
        _EDITION_DEFAULTS[edition] = {k: _rules(v, k, {}) for k, v in _DEFAULT_ITEMS.items()}
    return _EDITION_DEFAULTS[edition]


_GUARD_CODE = {c: _Condition(GUARD, 0, _failer(GUARD, "<penultimate_province>"),
                             _Context(c, "buy", {})).compile()
               for c in range(C.NCARDS)}


# ============================================================ files: extends, let, may

@dataclass
class _Spec:
    """A strategy's keys after ``extends`` is resolved, each item with where
    it was written (so errors in inherited rules name the parent file)."""
    source: str
    name: object = None
    description: object = ""
    lists: dict = field(default_factory=dict)    # key -> [(text, where)]
    lets: dict = field(default_factory=dict)     # _key(name) -> (name, text, where)
    may: dict = field(default_factory=dict)      # card -> (text, where)
    choose: dict = field(default_factory=dict)   # card -> [(text, where)]
    answers: dict = field(default_factory=lambda: {k: {} for k in C.ANSWERS})
    # answers[kind]: card -> [(text, where)], the naming, position and order tables
    penultimate: bool = False
    kingdom: str | None = None                    # the kingdom it was made for
    parent: str | None = None
    inherited: dict = field(default_factory=dict)   # the parent's lists


MAX_FILE_BYTES = 1 << 20      # strategy and rule-case files: the largest is a few kB

_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def read_small_text(path, what: str, error: type[Exception] = ValueError,
                    suffix: str = ".toml") -> str:
    """The text of a strategy or rule-case file (``what`` names it in errors).

    Such files are a few kB, so anything over ``MAX_FILE_BYTES`` is refused
    before it is read: a 50 MB file read whole grew the process to 2.4 GB.
    Only a regular file is read: a FIFO or a device would block or never
    end.  It is opened without blocking and checked on the open descriptor,
    so a file swapped for a FIFO after a check cannot hang the read.
    """
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise error(f"{path}: no such {what}") from None
    except OSError as e:
        raise error(f"{path}: cannot read: {e.strerror or e}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = next((k for test, k in _KINDS if test(st.st_mode)), "not a regular file")
            raise error(f"{path} is {kind}, not a {what}: give the path of a "
                        f"{suffix} file")
        size = st.st_size
        data = b""
        if size <= MAX_FILE_BYTES:
            chunks = []
            while (got := os.read(fd, MAX_FILE_BYTES + 1 - sum(map(len, chunks)))):
                chunks.append(got)
                if sum(map(len, chunks)) > MAX_FILE_BYTES:
                    break
            data = b"".join(chunks)
        if size > MAX_FILE_BYTES or len(data) > MAX_FILE_BYTES:
            shown = f"{size:,} bytes" if size > MAX_FILE_BYTES else "over 1 MB"
            raise error(f"{path}: {shown}; a {what} may hold at most 1 MB "
                        f"({MAX_FILE_BYTES:,} bytes): check that this is the file you meant")
    except OSError as e:
        raise error(f"{path}: cannot read: {e.strerror or e}") from None
    finally:
        os.close(fd)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise error(f"{path}: cannot read: not UTF-8 text ({e.reason} at byte "
                    f"{e.start})") from None


def _read(path: Path) -> dict:
    text = read_small_text(path, "strategy file", StrategyError)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise StrategyError(f"{path}: not valid TOML: {e}") from None


def _parent_path(ref, source: str) -> Path:
    """The file ``extends = ref`` names: a shipped stem or name, or a path
    (relative to the extending file's folder)."""
    where = f"{source}: extends"
    if not isinstance(ref, str) or not ref.strip():
        raise StrategyError(f"{where} must be a strategy name or a path, got {_shown(ref)}",
                            where=where)
    here = Path(source).parent if source != PYTHON_SOURCE else Path(".")
    if ref.endswith(".toml") or "/" in ref or "\\" in ref:
        path = Path(ref)
        return path if path.is_absolute() else here / path
    key = _norm_ref(ref)
    for path in _strategy_files():
        if _norm_ref(path.stem) == key:
            return path
    for path in _strategy_files():
        name = _read(path).get("name")
        if isinstance(name, str) and _norm_ref(name) == key:
            return path
    if (here / ref).is_file():
        return here / ref
    stems = [p.stem for p in _strategy_files()]
    raise StrategyError(f"{where}: unknown strategy {_shown(ref)}{suggest(ref, stems)}",
                        where=where, word=ref)


def _spec(data, source: str, chain: tuple[str, ...] = ()) -> _Spec:
    """Check a file's keys and resolve its ``extends`` chain."""
    if not isinstance(data, dict):
        raise StrategyError(f"{source}: a strategy is a table of keys", where=source)
    for key in data:
        if key not in TOP_KEYS:
            raise StrategyError(
                f"{source}: unknown key {_shown(key)}{suggest(str(key), TOP_KEYS)}; "
                f"allowed keys: {', '.join(TOP_KEYS)}", where=source, word=str(key))
    chain = chain + (source,)
    spec = _Spec(source=source)
    if "extends" in data:
        path = _parent_path(data["extends"], source)
        resolved = [str(Path(s).resolve()) for s in chain if s != PYTHON_SOURCE]
        if str(path.resolve()) in resolved:
            shown = " -> ".join([*chain, str(path)])
            raise StrategyError(f"{source}: extends cycle: {shown}", where=f"{source}: extends")
        try:
            parent_data = _read(path)
        except StrategyError as e:            # name the file whose extends failed
            raise StrategyError(f"{source}: extends {_shown(data['extends'])}: {e}",
                                where=f"{source}: extends") from None
        parent = _spec(parent_data, str(path), chain)
        spec.lists = dict(parent.lists)
        spec.inherited = dict(parent.lists)
        spec.lets = dict(parent.lets)
        spec.may = dict(parent.may)
        spec.choose = dict(parent.choose)
        spec.answers = {k: dict(v) for k, v in parent.answers.items()}
        spec.penultimate = parent.penultimate
        spec.kingdom = parent.kingdom
        spec.parent = str(path)
    spec.name = data.get("name")
    spec.description = data.get("description", "")
    for key in LIST_KEYS:
        if key in data:
            spec.lists[key] = _splice(source, key, _items(source, key, data[key]), spec)
    lets = data.get("let", {})
    if not isinstance(lets, dict):
        raise StrategyError(f"{source}: let must be a table of names and expressions, "
                            f"like [let] density = \"my.money / my.cards\"",
                            where=f"{source}: let")
    mine: dict = {}                          # this file's names, by key
    for name, text in lets.items():          # a redefined name keeps its place
        key = _key(str(name))
        if key in mine:
            raise StrategyError(
                f"{source}: let.{mine[key]} and let.{name} are one name (let names "
                "ignore case and '_'); rename or remove one", where=f"{source}: let.{name}",
                word=str(name))
        mine[key] = name
        spec.lets[key] = (name, _text_of(text, f"{source}: let.{name}"),
                          f"{source}: let.{name}")
    may = data.get("may", {})
    if not isinstance(may, dict):
        raise StrategyError(f"{source}: may must be a table of card = condition, like "
                            "may = { Moneylender = \"my.Copper > 3\" }",
                            where=f"{source}: may")
    named: dict = {}                         # this file's entries, by card
    for name, text in may.items():
        where = f"{source}: may.{name}"
        card = _may_card(name, where)
        if card in named:
            raise StrategyError(
                f"{source}: may.{named[card]} and may.{name} both name {TABLE[card].name} "
                "(card names ignore case, spaces, '_' and '-'); keep one", where=where,
                word=str(name))
        named[card] = name
        spec.may[card] = (_text_of(text, where), where)
    if "penultimate_province" in data:
        value = data["penultimate_province"]
        if not isinstance(value, bool):
            raise StrategyError(f"{source}: penultimate_province must be true or false, "
                                f"got {_shown(value)}",
                                where=f"{source}: penultimate_province")
        spec.penultimate = value
    if "kingdom" in data:
        spec.kingdom = _kingdom_key(data["kingdom"], source)
    spec.choose.update(_choose_table(data.get("choose", {}), source))
    for kind in C.ANSWERS:
        spec.answers[kind].update(_answer_table(kind, data.get(kind, {}), source))
    return spec


def _choose_table(table, source: str) -> dict:
    """A file's ``choose`` table: card -> its rules as [(text, where)]."""
    if not isinstance(table, dict):
        raise StrategyError(f"{source}: choose must be a table of card = list of rules, "
                            'like choose = { Steward = ["trash if my.Estate > 1", "cards"] }',
                            where=f"{source}: choose")
    out: dict = {}
    for name, rules in table.items():
        where = f"{source}: choose.{name}"
        card = _choose_card(name, where)
        if card in out:
            raise StrategyError(f"{where}: {TABLE[card].name} is named twice in the choose "
                                "table (card names ignore case, spaces, '_' and '-'); keep one",
                                where=where, word=str(name))
        if not isinstance(rules, list) or not rules:
            raise StrategyError(f"{where} must be a list of rules \"<option>\" or \"<option> "
                                f"if <condition>\", got {_shown(rules)}", where=where)
        out[card] = [(_text_of(text, f"{where}[{i}]"), f"{where}[{i}]")
                     for i, text in enumerate(rules, 1)]
    return out


_ANSWER_EXAMPLE = {"naming": 'naming = { "Wishing Well" = ["Province if my.Province >= 3", '
                              '"Gold"] }',
                   "position": 'position = { "Secret Passage" = ["Estate to bottom", '
                               '"Gold to 2 if actions == 0"] }',
                   "order": 'order = { Patrol = ["Gold", "Silver"] }'}


def _answer_table(kind: str, table, source: str) -> dict:
    """A file's table of one answer kind (``naming``, ``position``,
    ``order``): card -> its rules as [(text, where)]."""
    if not isinstance(table, dict):
        raise StrategyError(f"{source}: {kind} must be a table of card = list of rules, "
                            f"like {_ANSWER_EXAMPLE[kind]}", where=f"{source}: {kind}")
    out: dict = {}
    for name, rules in table.items():
        where = f"{source}: {kind}.{name}"
        card = _decision_card(name, where, C.ANSWER_CARDS[kind], f"{kind} decision")
        if card in out:
            raise StrategyError(f"{where}: {TABLE[card].name} is named twice in the {kind} "
                                "table (card names ignore case, spaces, '_' and '-'); keep one",
                                where=where, word=str(name))
        if not isinstance(rules, list) or not rules:
            raise StrategyError(f"{where} must be a list of rules, like "
                                f"{_ANSWER_EXAMPLE[kind]}, got {_shown(rules)}", where=where)
        out[card] = [(_text_of(text, f"{where}[{i}]"), f"{where}[{i}]")
                     for i, text in enumerate(rules, 1)]
    return out


_TO = re.compile(r"\s+to\s+(\S+)\s*$", re.IGNORECASE)


def _parse_answer(kind: str, card: int, text: str, where: str, lets: dict) -> Rule:
    """One rule of a card's answer list: "<Card> [if <condition>]" (naming,
    order), "<Card> to <top | bottom | N> [if <condition>]" (position), as
    the Rule whose card column ``ANSWER_LISTS`` describes."""
    place = 0
    rule_text = text
    if kind == "position":
        parts = _IF.split(text, maxsplit=1)
        m = _TO.search(parts[0])
        if not m:
            raise StrategyError(f'{where} "{_excerpt(text, 1)}": a position rule is "<Card> '
                                'to <top | bottom | N> [if <condition>]", like "Estate to '
                                'bottom" (N: the N-th card from the top)', where=where,
                                topic="position")
        spot = m.group(1).lower()
        if spot in ("top", "bottom"):
            place = 1 if spot == "top" else PLACE_BOTTOM
        elif spot.isdigit() and 1 <= int(spot) <= MAX_PLACE:
            place = int(spot)
        else:
            raise StrategyError(f'{where} "{_excerpt(text, 1)}": place {m.group(1)!r} is not '
                                f"top, bottom or a number from 1 (the top) to {MAX_PLACE}",
                                where=where, word=m.group(1), topic="position")
        rule_text = parts[0][:m.start()] + text[len(parts[0]):]
    rule = _parse_rule(rule_text, where, kind, lets)
    code = card << COL_BITS | rule.card
    if kind == "position":
        code = card << 2 * COL_BITS | place << COL_BITS | rule.card
    return Rule(card=code, text=f"{TABLE[card].name}: {text}", condition=rule.condition,
                optional=False, where=where)


def _decision_card(name, where: str, cards, lacks: str) -> int:
    """The card a ``may`` or ``choose`` key names; it must be one of ``cards``
    (those with that decision), else the error says what it ``lacks``."""
    try:
        card = card_id(str(name))
    except UnknownCardError:
        raise StrategyError(f"{where}: unknown card {_shown(name)}{_card_hint(str(name))}",
                            where=where, word=str(name)) from None
    if card not in cards:
        names = [TABLE[c].name for c in cards] or ["none in the cards of this domsim"]
        if len(names) > 12:                  # one line: the docs' section lists them all
            names = names[:10] + [f"and {len(names) - 10} more"]
        raise StrategyError(f"{where}: {TABLE[card].name} has no {lacks}; cards with one: "
                            f"{', '.join(names)}", where=where, word=str(name))
    return card


def _choose_card(name, where: str) -> int:
    return _decision_card(name, where, CHOOSE_CARDS, '"choose" decision')


def _parse_choice(card: int, text: str, where: str, lets: dict, default: bool) -> Rule:
    """One rule of a card's choose list: "<option>" or "<option> if <condition>"."""
    options = [o.name for o in TABLE[card].choose.options]
    parts = _IF.split(text, maxsplit=1)
    head = parts[0].strip()
    cond_text = parts[1].strip() if len(parts) > 1 else ""
    by_key = {_key(o): i for i, o in enumerate(options)}
    if _key(head) not in by_key:
        raise StrategyError(f'{where} "{text}": {TABLE[card].name} has no option {head!r}; '
                            f"its options: {', '.join(options)}{suggest(head, options)}",
                            where=where, word=head)
    cond = None
    if cond_text:
        cond = _Condition(cond_text, len(text) - len(cond_text), _failer(text, where),
                          _Context(None, "choose", lets)).compile()
    return Rule(card=card << CHOICE_BITS | by_key[_key(head)],
                text=f"{TABLE[card].name}: {text}", condition=cond, optional=False,
                where=where, default=default)


def _kingdom_key(value, source: str) -> str:
    """A strategy's ``kingdom``: a recommended set's name or its cards, kept
    as the text ``--kingdom`` takes (checked now: a typo fails at load)."""
    from simulator.engine.kingdom import RANDOM, parse_kingdom
    where = f"{source}: kingdom"
    if isinstance(value, list) and all(isinstance(v, str) for v in value) and value:
        text = ",".join(v.strip() for v in value)
    elif isinstance(value, str) and value.strip():
        text = value.strip()
    else:
        raise StrategyError(f"{where} must be a recommended set's name or a list of card "
                            f"names, got {_shown(value)}", where=where)
    if text.casefold() == RANDOM:
        raise StrategyError(f"{where}: a strategy names the kingdom it was made for, not "
                            "'random' (give --kingdom random when playing it)", where=where)
    try:
        parse_kingdom(text)
    except ValueError as e:
        raise StrategyError(f"{where}: {e}", where=where) from None
    return text


def _splice(source: str, key: str, items, spec: _Spec):
    """Replace a "..." item by the parent's list (its default if it gave none)."""
    at = [i for i, (text, _) in enumerate(items) if text.strip() == SPLICE]
    if not at:
        return items
    if spec.parent is None:
        return items                         # _parse_rule says '...' needs extends
    if len(at) > 1:
        where = items[at[1]][1]
        raise StrategyError(f"{where}: '...' may appear once in a list", where=where)
    if key in spec.inherited:
        inherited = spec.inherited[key]
    elif key == "gain":
        inherited = spec.inherited["buy"]
    else:
        inherited = _DEFAULT_ITEMS[key]
    i = at[0]
    return items[:i] + list(inherited) + items[i + 1:]


def _text_of(value, where: str) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return repr(value)
    if isinstance(value, str) and value.strip():
        return value
    raise StrategyError(f"{where} must be an expression string, got {_shown(value)}",
                        where=where)


def _may_card(name, where: str) -> int:
    return _decision_card(name, where, MAY_CARDS,
                          '"you may" choice that the may table decides')


def _compile_lets(spec: _Spec) -> dict:
    """Each let compiled alone (errors name let.<name>), in order: a let may
    use only the ones before it."""
    lets: dict = {}
    order = list(spec.lets)
    for i, key in enumerate(order):
        name, text, where = spec.lets[key]
        if not isinstance(name, str) or not name.isidentifier() or not name.isascii():
            raise StrategyError(f"{where}: a let name is letters, digits and '_', "
                                f"not starting with a digit, got {_shown(name)}", where=where)
        if key in _RESERVED:
            raise StrategyError(f"{where}: {name!r} is a built-in word; choose another "
                                "let name", where=where, word=name)
        later = {k: spec.lets[k][0] for k in order[i:]}
        fail = _failer(text, where)
        cond = _Condition(text, 0, fail, _Context(Card.PROVINCE, "let", lets))
        tree = cond.parse()
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and _key(node.id) in later:
                other = later[_key(node.id)]
                why = ("itself" if _key(node.id) == key
                       else f"{other!r}, which comes after it")
                cond.bad(node, f"let {name!r} uses {why} (a let may use only the "
                         "lets before it)", node.id)
        try:
            code, kind = cond.expr(tree)
        except RecursionError:
            fail("condition too deeply nested", 1, "")
        lets[key] = Let(name=name, src=text, tree=tree, kind=kind, where=where,
                        card_words=tuple(dict.fromkeys(cond.card_words)))
    return lets


# ============================================================ strategies

@dataclass(frozen=True)
class Strategy:
    name: str
    description: str
    source: str                                 # file path or "<python>"
    lists: dict[str, tuple[Rule, ...]]          # every key of LIST_KEYS
    explicit: frozenset[str]                    # lists the file gave (or inherited)
    may: tuple[Rule, ...] = ()                  # one rule per card: its "you may" test
    choose: tuple[Rule, ...] = ()               # every "choose" card's rules (choose table
                                                # or the registry's default), card << CHOICE_BITS
                                                # | option
    answers: dict = field(default_factory=dict)  # naming/position/order -> its rules
                                                 # (program.ANSWER_LISTS says their codes)
    lets: tuple[str, ...] = ()                  # let names, in order
    parent: str | None = None                   # the file it extends
    penultimate: bool = False                   # penultimate_province = true
    kingdom: str | None = None                  # kingdom = ...: played without --kingdom
    unnamed_actions: tuple[int, ...] = ()       # bought Actions an explicit play
                                                # list leaves to the default order
    data: dict = field(default_factory=dict, compare=False, repr=False)
    """The keys as written, ``extends`` resolved: ``from_rules(**data)`` rebuilds
    the strategy without its files (a remote worker has none)."""
    edition: int | None = field(default=None, compare=False, repr=False)
    """1 when its card names were read as first printings (``in_edition``)."""

    @classmethod
    def from_rules(cls, name, buy=None, *, description="", **keys) -> Strategy:
        """A strategy built in Python, checked like a file (keys as in a file:
        play=[...], let={...}, may={...}, extends="...")."""
        data = {"name": name, "description": description, **keys}
        if buy is not None:
            data["buy"] = buy
        return cls._build(data, PYTHON_SOURCE)

    @classmethod
    def from_toml(cls, path) -> Strategy:
        path = Path(path)
        return cls._build(_read(path), str(path))

    @classmethod
    def _build(cls, data, source: str) -> Strategy:
        spec = _spec(data, source)
        name, description = spec.name, spec.description
        if name is None:
            raise StrategyError(f"{source}: missing required key 'name'", where=source)
        if not isinstance(name, str) or not name.strip():
            raise StrategyError(f"{source}: 'name' must be a non-empty string, "
                                f"got {_shown(name)}", where=source)
        if not isinstance(description, str):
            raise StrategyError(f"{source}: 'description' must be a string, "
                                f"got {_shown(description)}", where=source)
        if "buy" not in spec.lists:
            raise StrategyError(f"{source}: missing required key 'buy' "
                                "(the list of cards to buy)", where=source)
        lets = _compile_lets(spec)
        lists = {k: _rules(items, k, lets) for k, items in spec.lists.items()}
        if not lists["buy"]:
            raise StrategyError(f"{source}: the buy list is empty; name at least "
                                "one card (e.g. buy = [\"Province\"])",
                                where=f"{source}: buy")
        if spec.penultimate:
            for k in ("buy", "gain"):
                if k in lists:
                    lists[k] = tuple(_guarded(r) for r in lists[k])
        explicit = frozenset(lists)
        for k in LIST_KEYS:
            if k not in lists:
                lists[k] = lists["buy"] if k == "gain" else _default_rules()[k]
        remodel_list = lists["trash" if "trash" in explicit and "remodel" not in explicit
                             else "remodel"]
        unnamed: tuple[int, ...] = ()
        if "play" in explicit:
            named = {r.card for r in lists["play"]}
            tail = [r for r in _default_rules()["play"] if r.card not in named]
            lists["play"] = lists["play"] + _remodel_when_useful(tail, remodel_list,
                                                                 lists["gain"])
            bought = {r.card for k in ("buy", "gain") for r in lists[k]}
            unnamed = tuple(r.card for r in tail if r.card in bought)
        else:
            lists["play"] = _remodel_when_useful(lists["play"], remodel_list, lists["gain"])
        may = tuple(_parse_may(card, text, where, lets)
                    for card, (text, where) in spec.may.items())
        # a file's rules for a card first, then the card's default rules:
        # "When no rule applies, the card's default rules decide"
        # (docs/strategies.md, "Choose one")
        choose = tuple(
            rule
            for card in CHOOSE_CARDS
            for rule in [*(_parse_choice(card, text, where, lets, False)
                           for text, where in spec.choose.get(card) or ()),
                         *(_parse_choice(card, t, f"<default>: choose.{TABLE[card].name}",
                                         lets, True)
                           for t in TABLE[card].choose.default)])
        answers = {kind: tuple(_parse_answer(kind, card, text, where, lets)
                               for card, items in spec.answers[kind].items()
                               for text, where in items)
                   for kind in C.ANSWERS}
        return cls(name=name.strip(), description=description.strip(),
                   source=source, lists={k: lists[k] for k in LIST_KEYS},
                   explicit=explicit, may=may, choose=choose, answers=answers,
                   lets=tuple(let.name for let in lets.values()), parent=spec.parent,
                   penultimate=spec.penultimate, kingdom=spec.kingdom,
                   unnamed_actions=unnamed,
                   data=_written(spec), edition=_names_edition())

    def __hash__(self) -> int:          # lists is a dict; identity fields suffice
        return hash((self.name, self.source, self.description))

    def in_edition(self, edition: int | None) -> Strategy:
        """This strategy as a game of that edition reads it: rebuilt from its
        keys when its names were read in another, so that a name with a first
        printing (Treasury) is that printing in a first-edition game and the
        second edition's in any other; else itself."""
        edition = 1 if edition == 1 and C.FIRST_PRINTING else None
        if edition == self.edition:
            return self
        with C.edition_names(edition):
            return type(self)._build(self.data, self.source)

    def cards(self) -> set[int]:
        """Kingdom cards this strategy plays with (buy/gain targets, '?' included):
        a default kingdom holds them all."""
        return {r.card for k in ("buy", "gain") for r in self.lists[k] if r.card in KINGDOM}

    def required_cards(self) -> set[int]:
        """Kingdom cards it cannot do without (not '?'): any kingdom must hold them."""
        return {r.card for k in ("buy", "gain") for r in self.lists[k]
                if not r.optional and r.card in KINGDOM}

    @property
    def stem(self) -> str:
        """File stem for shipped/file strategies, else the name in kebab case."""
        if self.source.endswith(".toml"):
            return Path(self.source).stem
        return "-".join(self.name.lower().split())


def _written(spec: _Spec) -> dict:
    """A spec's keys as a self-contained mapping (see ``Strategy.data``)."""
    data = {"name": spec.name, "description": spec.description,
            **{k: [text for text, _ in items] for k, items in spec.lists.items()}}
    if spec.lets:
        data["let"] = {name: text for name, text, _ in spec.lets.values()}
    if spec.may:
        data["may"] = {TABLE[c].name: text for c, (text, _) in spec.may.items()}
    if spec.choose:
        data["choose"] = {TABLE[c].name: [text for text, _ in items]
                          for c, items in spec.choose.items()}
    for kind, table in spec.answers.items():
        if table:
            data[kind] = {TABLE[c].name: [text for text, _ in items]
                          for c, items in table.items()}
    if spec.penultimate:
        data["penultimate_province"] = True
    if spec.kingdom is not None:
        data["kingdom"] = spec.kingdom
    return data


def _guarded(rule: Rule) -> Rule:
    """penultimate_province: the rule also needs "not (ends_game and lead_after <= 0)"."""
    return Rule(card=rule.card, text=rule.text, where=rule.where, optional=rule.optional,
                default=rule.default, condition=_and(rule.condition, _GUARD_CODE[rule.card]))


def _remodel_when_useful(rules, remodel_list, gain_list) -> tuple[Rule, ...]:
    """Default play rules: Remodel only when a hand card its trash list names
    can be improved on (``_remodel_targets``)."""
    out = []
    for r in rules:
        if r.card == Card.REMODEL and r.default and r.condition is None:
            code = _remodel_targets(remodel_list, gain_list)
            if code is not None:
                r = Rule(card=r.card, text="Remodel if its remodel list names a hand card "
                         "it can improve on", condition=code, optional=False,
                         where=r.where, default=True)
        out.append(r)
    return tuple(out)


_TREASURES = tuple(c for c in range(C.NCARDS) if C.TYPES[c] & C.TREASURE)


def _supplied(card: int) -> list:
    return [(OP_SUPPLY, card), (OP_CONST, 0), (OP_GT, 0)]


def _remodel_targets(rules: tuple[Rule, ...], gains: tuple[Rule, ...]):
    """Code true when a rule of Remodel's trash list names a hand card
    (besides the Remodel played), its condition holds, and the kernel's
    ``_upgrade_gain`` would find an upgrade for it (``is_upgrade``): a card
    of the gain list costing up to $2 more, in the supply, whose rule holds,
    or such a Treasure in the supply.  So Remodel is not played to turn a
    Copper into a Copper.  None when the code would be too deep."""
    code: list[tuple[int, int]] = []
    for r in rules:
        limit = int(C.COST[r.card]) + int(C.X[Card.REMODEL])
        alts = [_supplied(g.card) + (list(g.condition[:-1]) + [(OP_AND, 0)]
                                     if g.condition is not None else [])
                for g in gains
                if is_upgrade(r.card, g.card) and C.COST[g.card] <= limit]
        alts += [_supplied(t) for t in _TREASURES
                 if is_upgrade(r.card, t) and C.COST[t] <= limit]
        if not alts:
            continue
        term = [(OP_HAND, r.card), (OP_CONST, int(r.card == Card.REMODEL)), (OP_GT, 0)]
        if r.condition is not None:
            term += list(r.condition[:-1]) + [(OP_AND, 0)]
        term += alts[0]
        for a in alts[1:]:
            term += a + [(OP_OR, 0)]
        term += [(OP_AND, 0)]
        code += term + ([(OP_OR, 0)] if code else [])
    code = (code or [(OP_CONST, 0)]) + [(OP_END, 0)]
    return tuple(code) if _depth(code) <= STACK_DEPTH else None


def _parse_may(card: int, text: str, where: str, lets: dict) -> Rule:
    cond = _Condition(text, 0, _failer(text, where), _Context(None, "may", lets)).compile()
    return Rule(card=card, text=f"{TABLE[card].name}: {text}", condition=cond,
                optional=False, where=where)



# ============================================================ loading

def _strategy_files() -> list[Path]:
    try:
        from importlib.resources import files
        root = files("strategies")
        found = [Path(str(p)) for p in root.iterdir() if p.name.endswith(".toml")]
    except (ImportError, TypeError, AttributeError, OSError):
        root = Path(__file__).resolve().parents[2] / "strategies"
        found = sorted(root.glob("*.toml"))
    return sorted(found, key=lambda p: p.stem)


@lru_cache(maxsize=None)
def _shipped_file(path: Path) -> Strategy:
    """One shipped file, loaded once: a lookup by stem and the full scan hand
    out the same object."""
    return Strategy.from_toml(path)


@lru_cache(maxsize=1)
def _shipped() -> tuple[Strategy, ...]:
    return tuple(_shipped_file(p) for p in _strategy_files())


def shipped_strategies() -> list[Strategy]:
    """Every strategy file in the ``strategies`` package, sorted by file stem."""
    return list(_shipped())


def _norm_ref(ref: str) -> str:
    return "".join(ch for ch in ref.casefold() if ch not in " _-")


def load_strategy(ref: str | Path) -> Strategy:
    """A strategy by file stem, by name (any case) or by path to a .toml file."""
    text = str(ref)
    if isinstance(ref, Path) or text.endswith(".toml") or "/" in text or "\\" in text:
        return Strategy.from_toml(ref)
    key = _norm_ref(text)
    found = _shipped_by_stem(key)
    if found is not None:
        return found
    shipped = _shipped()
    for s in shipped:
        if _norm_ref(s.stem) == key or _norm_ref(s.name) == key:
            return s
    if Path(text).is_file():
        return Strategy.from_toml(text)
    choices = [s.stem for s in shipped] + [s.name for s in shipped]
    raise StrategyError(f"unknown strategy {text!r}{suggest(text, choices)}; shipped: "
                        f"{', '.join(s.stem for s in shipped) or 'none'}", word=text)


def _shipped_by_stem(key: str) -> Strategy | None:
    """The shipped file whose stem matches ``key``, loading only that one
    rather than compiling all ~50 (tens of milliseconds at every start).

    None, leaving it to the full scan, unless the scan would pick the same
    file: it takes the first file in stem order whose stem or name matches,
    so every file before this one is read (as TOML, not compiled) to check
    that its name does not match.
    """
    files = _strategy_files()
    hit = next((i for i, p in enumerate(files) if _norm_ref(p.stem) == key), None)
    if hit is None:
        return None
    for path in files[:hit]:
        try:
            name = _read(path).get("name")
        except StrategyError:
            return None                 # the full scan reports the broken file
        if not isinstance(name, str) or _norm_ref(name) == key:
            return None
    return _shipped_file(files[hit])


# ============================================================ program

def compile_program(strategies: list[Strategy],
                    kingdom: set[int] | frozenset[int]) -> Program:
    """Lay out strategies as ``lists[s]``, resolving '?' rules against the kingdom.

    A non-optional buy/gain rule for a kingdom card missing from the game is
    an error: silently never buying the card would hide a typo in the kingdom.
    Other rules for absent cards are dropped: they could never match, and the
    kernel walks these lists every turn.  ``sources`` says where each rule
    row comes from, for ``Results.rule_stats``.
    """
    present = set(int(c) for c in kingdom) | set(C.BASE_CARDS)
    code: list[int] = []
    offsets: dict[tuple, int] = {}
    rules: list[tuple[int, int, int]] = []
    sources: list[RuleSource] = []
    lists = np.zeros((len(strategies), NLISTS, 3), dtype=np.int32)

    def lay_out(s: int, strat: Strategy, key: str, items,
                given: bool = True) -> tuple[int, int]:
        first = len(rules)
        for number, rule in enumerate(items, 1):
            card = (rule.card >> CHOICE_BITS if key == "choose"
                    else rule.card >> COL_BITS * (2 if key == "position" else 1)
                    if key in ANSWER_LISTS else rule.card)   # the card that asks
            if card not in present:
                # nobody can own an absent card: its rule never matches
                if rule.optional or key not in ("buy", "gain"):
                    continue
                card = TABLE[rule.card].name
                raise StrategyError(
                    f'{rule.where} "{rule.text}": {card} is not in the '
                    f"kingdom of this game (strategy {strat.name!r}); add "
                    f"{card} to the kingdom or write \"{card}?\" to skip "
                    "the rule when it is missing", where=rule.where, word=card,
                    topic="optional")
            off = -1
            if rule.condition is not None:
                off = offsets.get(rule.condition, -1)
                if off < 0:
                    off = offsets[rule.condition] = len(code)
                    for op, arg in rule.condition:
                        code.extend((op, arg))
            rules.append((rule.card, off, RULE_OPTIONAL if rule.optional else 0))
            sources.append(RuleSource(s, key, number, rule.text,
                                      rule.default or not given))
        return first, len(rules)

    for s, strat in enumerate(strategies):
        for key, k in LIST_KEYS.items():
            given = key in strat.explicit
            lists[s, k] = (*lay_out(s, strat, key, strat.lists.get(key, ()), given),
                           int(given))
        lists[s, MAY] = (*lay_out(s, strat, "may", strat.may), 1)
        lists[s, CHOOSE] = (*lay_out(s, strat, "choose", strat.choose), 1)
        for kind, k in ANSWER_LISTS.items():
            lists[s, k] = (*lay_out(s, strat, kind, strat.answers.get(kind, ())), 1)
    flags = ((FLAG_TURN_LOG if any(op in TURN_LOG_OPS for op in code[::2]) else 0)
             | (FLAG_WANT if any(op in WANT_OPS for op in code[::2]) else 0))
    return Program(
        code=np.ascontiguousarray(np.array(code, dtype=np.int32).reshape(-1)),
        rules=np.ascontiguousarray(np.array(rules, dtype=np.int32).reshape(-1, 3)),
        lists=np.ascontiguousarray(lists), flags=flags, sources=tuple(sources))


# ============================================================ notes

def rule_notes(strategies: list[Strategy], kingdom) -> list[str]:
    """Notes (not errors) on what a file may not mean: rules that can never
    fire in this kingdom, and Actions an explicit play list leaves out (they
    are now played after the named ones; before, they were never played)."""
    present = set(int(c) for c in kingdom) | set(C.BASE_CARDS)
    notes = []
    for strat in strategies:
        unnamed = [TABLE[c].name for c in strat.unnamed_actions if c in present]
        if unnamed:
            one = len(unnamed) == 1
            notes.append(
                f"{strat.name}: the play list does not name {', '.join(unnamed)}; "
                f"{'it is' if one else 'they are'} played after the named Actions, in the "
                f"default order (write \"{unnamed[0]} if false\" never to play "
                f"{'it' if one else 'one'})")
        notes += [f"{strat.name}: {where} {why}"
                  for _, _, where, why in _never_fires(strat, present)]
    return notes


def rule_warnings(strategies: list[Strategy], kingdom) -> dict[tuple[int, str, int], str]:
    """The never-fire notes by (strategy index, list, rule number), for rule_stats."""
    present = set(int(c) for c in kingdom) | set(C.BASE_CARDS)
    return {(s, key, number): why for s, strat in enumerate(strategies)
            for key, number, _, why in _never_fires(strat, present)}


_TREASURES = frozenset(c for c in C.BASE_CARDS if C.TYPES[c] & C.TREASURE)


def _never_fires(strat: Strategy, present: set[int]) -> list[tuple[str, int, str, str]]:
    """Rules of the file's own lists that can never fire: (list, number,
    the rule's place and text, why)."""
    owned = {r.card for k in ("buy", "gain") for r in strat.lists[k]} | set(C.BASE_CARDS)
    out = []
    lists = {k: strat.lists[k] for k in LIST_KEYS if k in strat.explicit}
    lists["may"] = strat.may
    for key, rules in lists.items():
        always: dict[int, int] = {}              # card -> number of its unconditional rule
        for number, rule in enumerate(rules, 1):
            if rule.default:
                continue
            name = TABLE[rule.card].name
            where = f"{key}[{number}] \"{rule.text}\""
            why = None
            if rule.card in always:
                why = f"the earlier rule {key}[{always[rule.card]}] always takes {name} first"
            elif rule.card not in present:
                if key not in ("buy", "gain"):
                    why = f"{name} is not in the kingdom"
            elif rule.card not in owned:
                why = f"the buy and gain lists never take {name}"
            elif key in ("play", "skip") and not C.TYPES[rule.card] & C.ACTION:
                why = f"{name} is not an Action"
            elif key == "buy":
                # an earlier unconditional rule for a no dearer Treasure, whose
                # pile (30 or more cards) all but never runs out
                cheaper = [c for c in always if c in _TREASURES
                           and C.COST[c] <= C.COST[rule.card]]
                if cheaper:
                    out.append((key, number, where,
                                f"will not fire while the {TABLE[cheaper[0]].name} pile "
                                f"lasts: the earlier rule {key}[{always[cheaper[0]]}] "
                                f"takes every Buy that could take {name}"))
            if why:
                out.append((key, number, where, f"can never fire: {why}"))
            if rule.condition is None and rule.card in present:
                always.setdefault(rule.card, number)
    return out
