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
    opp.vp  supply.<Card>  hand.<Card>  hand.size
    empty_piles  coins  buys  actions  players  true  false
    + - * / // %  (unary -)  < <= > >= == !=  and or not  ( )

``my.<Type>`` is Action, Treasure, Victory, Attack or Reaction; ``my.Curse``
is the card Curse (card names win over type names).  ``/`` is true division.

Defaults, used when a file leaves a list out (``explicit`` = 0):

- ``gain``: the buy list, rule for rule (Workshop, Remodel and Artisan
  gain what the bot would buy).
- ``play``: every kingdom Action, in an order derived from the card table
  (see ``_play_order``): +2 Actions first, then +1 Action cards (more cards
  first), Throne Room, terminal draw (more cards first), other terminals.
- ``trash``: Curses, Estates up to turn 10, Coppers while money stays > 6.
- ``discard``: Curse, Estate, Duchy, Province, Gardens (cards that never help a hand).
- ``topdeck``: empty; the kernel then uses its own default.
"""
from __future__ import annotations

import ast
import difflib
import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from . import cards as C
from .cards import TABLE, Card, UnknownCardError, card_id, suggest
from .program import (
    LIST_KEYS, NLISTS, OP_ACTIONS, OP_ADD, OP_AND, OP_BUYS, OP_COINS, OP_CONST,
    OP_DIV, OP_EMPTY_PILES, OP_END, OP_EQ, OP_FLOORDIV, OP_GE, OP_GT, OP_HAND,
    OP_HAND_SIZE, OP_LE, OP_LT, OP_MOD, OP_MUL, OP_MY_CARD, OP_MY_CARDS,
    OP_MY_MONEY, OP_MY_TURN, OP_MY_TYPE, OP_MY_VP, OP_NE, OP_NEG, OP_NOT,
    OP_OPP_VP, OP_OR, OP_PLAYERS, OP_SUB, OP_SUPPLY, RULE_OPTIONAL, STACK_DEPTH,
    Program)

PYTHON_SOURCE = "<python>"
TOP_KEYS = ("name", "description", *LIST_KEYS)
KINGDOM = frozenset(C.KINGDOM_CARDS)
_INT32 = (-(1 << 31), (1 << 31) - 1)


class StrategyError(ValueError):
    """A strategy that cannot be used; the message says where and why.

    ``where`` ("file: buy[3]"), ``column`` and ``word`` are also kept as
    attributes so tools can point at the mistake.
    """

    def __init__(self, message: str, *, where: str = "", column: int = 0,
                 word: str = ""):
        super().__init__(message)
        self.where, self.column, self.word = where, column, word


@dataclass(frozen=True)
class Rule:
    card: int
    text: str
    condition: tuple[tuple[int, int], ...] | None   # ends with (OP_END, 0)
    optional: bool
    where: str


# ============================================================ defaults

def _play_order() -> list[int]:
    """Kingdom Actions in default play order, from the card table.

    Cards that give Actions go first so that the turn can go on; among them
    more cards drawn first, then the dearer card.  Throne Room comes next, so
    it finds the terminals still in hand.  Terminal draw before other
    terminals (it may find more); Library draws up to ``x`` cards in hand,
    counted as ``x`` - 5.  Other terminals: attacks, then the dearer card,
    then immediate coins.
    """
    def key(c: int):
        s = TABLE[c]
        attack = bool(s.types & C.ATTACK)
        draw = s.cards or (s.x - 5 if c == Card.LIBRARY else 0)
        if s.actions >= 2:
            return (0, -draw, -s.cost, c)
        if s.actions == 1:
            return (1, -draw, -s.cost, -(s.coins + s.buys), -s.x, c)
        if c == Card.THRONE_ROOM:
            return (2,)
        if draw > 0:
            return (3, -draw, -attack, -s.cost, c)
        return (4, -attack, -s.cost, -s.coins, -s.x, c)
    actions = [c for c in C.KINGDOM_CARDS if TABLE[c].types & C.ACTION]
    return sorted(actions, key=key)


# Rule text of the default lists ("gain" is the strategy's own buy list).
DEFAULT_LISTS: dict[str, tuple[str, ...]] = {
    "play": tuple(TABLE[c].name for c in _play_order()),
    "trash": ("Curse", "Estate if my.turn <= 10", "Copper if my.money > 6"),
    "discard": ("Curse", "Estate", "Duchy", "Province", "Gardens"),
    "topdeck": (),
    "remodel": ("Gold if supply.Province <= 4", "Curse", "Estate if supply.Province > 2",
                "Copper if my.money > 6"),
    "skip": (),
}


# ============================================================ condition compiler

NUM, BOOL = "number", "true/false"

_LEAF_OPS = frozenset({OP_CONST, OP_MY_CARD, OP_MY_TYPE, OP_MY_CARDS, OP_MY_MONEY,
                       OP_MY_VP, OP_MY_TURN, OP_OPP_VP, OP_SUPPLY, OP_EMPTY_PILES,
                       OP_COINS, OP_BUYS, OP_ACTIONS, OP_HAND, OP_HAND_SIZE,
                       OP_PLAYERS})
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

# Words, keyed by lower case with '_' removed.
_BARE = {"emptypiles": OP_EMPTY_PILES, "coins": OP_COINS, "buys": OP_BUYS,
         "actions": OP_ACTIONS, "players": OP_PLAYERS}
_BOOLS = {"true": 1, "false": 0}
_FIELDS = {
    "my": {"cards": OP_MY_CARDS, "money": OP_MY_MONEY, "vp": OP_MY_VP,
           "turn": OP_MY_TURN},
    "opp": {"vp": OP_OPP_VP},
    "supply": {},
    "hand": {"size": OP_HAND_SIZE},
}
_CARD_OP = {"my": OP_MY_CARD, "supply": OP_SUPPLY, "hand": OP_HAND}
_TYPES = {name.lower(): bit for bit, name in C.TYPE_NAMES.items()}
_BARE_SPELLING = ["empty_piles", "coins", "buys", "actions", "players", "true",
                  "false"]
_CARD_SPELLINGS = {"".join(ch for ch in n.casefold() if ch not in " _-")
                   for s in TABLE for n in (s.name, s.nl, s.de, s.ja)}


def _key(word: str) -> str:
    return word.casefold().replace("_", "")


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


MAX_NESTING = 100        # deeper conditions are refused before any recursion


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

    def __init__(self, src: str, base: int, fail):
        self.src, self.base, self.fail = src, base, fail
        self.lines = src.split("\n")

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

    # ---- entry point
    def compile(self) -> tuple[tuple[int, int], ...]:
        try:
            tree = ast.parse(self.src, mode="eval")
        except SyntaxError as e:
            self.syntax_error(e)
        except (RecursionError, MemoryError):
            tree = None
        if tree is None or _nesting(tree.body) > MAX_NESTING:
            self.fail(f"condition nested too deeply (at most {MAX_NESTING} levels of "
                      "nested operators)", self.base + 1, self.src[:20])
        code, kind = self.expr(tree.body)
        if kind != BOOL:
            word = self.text(tree.body)
            self.bad(tree.body, f"bad type: the condition {word!r} is a number, "
                     "not a true/false test", word,
                     f" (compare it, e.g. '{word} > 0')")
        code.append((OP_END, 0))
        depth = need = 0
        for op, _ in code:
            if op in _LEAF_OPS:
                depth += 1
            elif op not in (OP_NEG, OP_NOT, OP_END):
                depth -= 1
            need = max(need, depth)
        if need > STACK_DEPTH:
            self.bad(tree.body, f"condition too complex (needs a stack of {need}, "
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
        what = {ast.Call: "function calls", ast.Subscript: "indexing",
                ast.IfExp: "'x if y else z'", ast.Tuple: "tuples",
                ast.List: "lists"}.get(type(node), "this expression")
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
            self.bad(node, f"only whole numbers are allowed, not {self.text(node)!r}",
                     hint=" (use / to divide)")
        self.bad(node, f"unsupported value {self.text(node)!r}")

    def name(self, node):
        word, key = node.id, _key(node.id)
        if key in _BOOLS:
            return [(OP_CONST, _BOOLS[key])], BOOL
        if key in _BARE:
            return [(_BARE[key], 0)], NUM
        if key in _FIELDS:
            example = "opp.vp" if key == "opp" else f"{key}.Gold"
            self.bad(node, f"{word!r} needs a '.' and a word after it", word,
                     f" (e.g. {example!r})")
        options = {_key(w): w for w in _BARE_SPELLING}
        for root, fields in _FIELDS.items():
            options.update({f: f"{root}.{f}" for f in fields})
        if self._accepts("supply", word):
            self.bad(node, f"unknown word {word!r}", word,
                     f" (to count cards write my.{word}, hand.{word} or supply.{word})")
        near, _ = _nearest(word, options)
        self.bad(node, f"unknown word {word!r}", word, _mean(near))

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
            near, _ = _nearest(root, {r: r for r in fits}, cutoff=0.0)
            self.bad(node.value, f"unknown word {root!r}", root, _mean(near))
        fields = _FIELDS[rkey]
        if akey in fields:
            return [(fields[akey], 0)], NUM
        if rkey in _CARD_OP:
            try:
                return [(_CARD_OP[rkey], card_id(attr))], NUM
            except UnknownCardError:
                pass
        if rkey == "my" and akey in _TYPES:
            return [(OP_MY_TYPE, _TYPES[akey])], NUM
        # Unknown: a misspelt field/type, or a misspelt card?
        words = {f: f"{root}.{f}" for f in fields}
        if rkey == "my":
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
                              + (["my.<Type>"] if rkey == "my" else [])
                              + [f"{root}.{f}" for f in fields])
            self.bad(node, f"unknown card or word {full!r}", full,
                     f" (expected {valid})")
        self.bad(node, f"unknown word {full!r}", full,
                 f" (did you mean {', '.join(repr(w) for w in words.values())}?)")

    @staticmethod
    def _accepts(root: str, attr: str) -> bool:
        if _key(attr) in _FIELDS[root]:
            return True
        if root == "my" and _key(attr) in _TYPES:
            return True
        if root in _CARD_OP:
            try:
                card_id(attr)
                return True
            except UnknownCardError:
                return False
        return False

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


# ============================================================ rules and strategies

_IF = re.compile(r"\s+if(?=[\s(]|$)", re.IGNORECASE)


def _parse_rule(text: str, where: str) -> Rule:
    """One rule string -> Rule, or StrategyError pointing into the text."""
    def fail(problem: str, col: int, word: str, hint: str = ""):
        raise StrategyError(f'{where} "{text}": {problem} at column {col}{hint}',
                            where=where, column=col, word=word)

    m = _IF.search(text)
    head, cond_at = (text[:m.start()], m.end()) if m else (text, None)
    lead = len(head) - len(head.lstrip())
    name = head.strip()
    optional = name.endswith("?")
    if optional:
        name = name[:-1].rstrip()
    if not name:
        fail("missing card name", lead + 1, "", " (a rule is '<Card> [if <condition>]')")
    try:
        card = card_id(name)
    except UnknownCardError:
        fail(f"unknown card {name!r}", lead + 1, name, _card_hint(name))
    condition = None
    if cond_at is not None:
        rest = text[cond_at:]
        src = rest.strip()
        if not src:
            fail("missing condition after 'if'", m.end() - 1, "if")
        base = cond_at + len(rest) - len(rest.lstrip())
        condition = _Condition(src, base, fail).compile()
    return Rule(card=card, text=text, condition=condition, optional=optional,
                where=where)


def _rules(source: str, key: str, items, default: bool = False) -> tuple[Rule, ...]:
    if isinstance(items, (str, bytes)) or not isinstance(items, (list, tuple)):
        raise StrategyError(f"{source}: {key} must be a list of rule strings, "
                            f"got {type(items).__name__} {items!r}",
                            where=f"{source}: {key}")
    out = []
    for i, item in enumerate(items, 1):
        where = f"{source}: {key}[{i}]" + (" (default)" if default else "")
        if not isinstance(item, str):
            raise StrategyError(f"{where}: a rule must be a string like "
                                f"\"Gold if my.money > 10\", got {item!r}", where=where)
        out.append(_parse_rule(item, where))
    return tuple(out)


_DEFAULT_RULES = {k: _rules("<default>", k, v, default=True)
                  for k, v in DEFAULT_LISTS.items()}


@dataclass(frozen=True)
class Strategy:
    name: str
    description: str
    source: str                                 # file path or "<python>"
    lists: dict[str, tuple[Rule, ...]]          # every key of LIST_KEYS
    explicit: frozenset[str]                    # lists the file gave

    @classmethod
    def from_rules(cls, name, buy, *, description="", **lists) -> Strategy:
        """A strategy built in Python, checked like a file."""
        return cls._from_mapping({"name": name, "description": description,
                                  "buy": buy, **lists}, PYTHON_SOURCE)

    @classmethod
    def from_toml(cls, path) -> Strategy:
        path = Path(path)
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8-sig"))   # BOM or not
        except FileNotFoundError:
            raise StrategyError(f"{path}: no such strategy file") from None
        except (OSError, UnicodeDecodeError) as e:
            raise StrategyError(f"{path}: cannot read: {e}") from None
        except tomllib.TOMLDecodeError as e:
            raise StrategyError(f"{path}: not valid TOML: {e}") from None
        return cls._from_mapping(data, str(path))

    @classmethod
    def _from_mapping(cls, data, source: str) -> Strategy:
        for key in data:
            if key not in TOP_KEYS:
                raise StrategyError(
                    f"{source}: unknown key {key!r}{suggest(str(key), TOP_KEYS)}; "
                    f"allowed keys: {', '.join(TOP_KEYS)}", where=source, word=str(key))
        name = data.get("name")
        if name is None:
            raise StrategyError(f"{source}: missing required key 'name'", where=source)
        if not isinstance(name, str) or not name.strip():
            raise StrategyError(f"{source}: 'name' must be a non-empty string, "
                                f"got {name!r}", where=source)
        description = data.get("description", "")
        if not isinstance(description, str):
            raise StrategyError(f"{source}: 'description' must be a string, "
                                f"got {description!r}", where=source)
        if "buy" not in data:
            raise StrategyError(f"{source}: missing required key 'buy' "
                                "(the list of cards to buy)", where=source)
        lists = {k: _rules(source, k, data[k]) for k in LIST_KEYS if k in data}
        if not lists["buy"]:
            raise StrategyError(f"{source}: the buy list is empty; name at least "
                                "one card (e.g. buy = [\"Province\"])",
                                where=f"{source}: buy")
        explicit = frozenset(lists)
        for k in LIST_KEYS:
            if k not in lists:
                lists[k] = lists["buy"] if k == "gain" else _DEFAULT_RULES[k]
        return cls(name=name.strip(), description=description.strip(),
                   source=source, lists={k: lists[k] for k in LIST_KEYS},
                   explicit=explicit)

    def __hash__(self) -> int:          # lists is a dict; identity fields suffice
        return hash((self.name, self.source, self.description))

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


# ============================================================ loading

def _strategy_files() -> list[Path]:
    try:
        from importlib.resources import files
        root = files("strategies")
        found = [Path(str(p)) for p in root.iterdir() if p.name.endswith(".toml")]
    except (ImportError, TypeError, AttributeError, OSError):
        root = Path(__file__).resolve().parent.parent / "strategies"
        found = sorted(root.glob("*.toml"))
    return sorted(found, key=lambda p: p.stem)


@lru_cache(maxsize=1)
def _shipped() -> tuple[Strategy, ...]:
    return tuple(Strategy.from_toml(p) for p in _strategy_files())


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
    shipped = _shipped()
    for s in shipped:
        if _norm_ref(s.stem) == key or _norm_ref(s.name) == key:
            return s
    if Path(text).is_file():
        return Strategy.from_toml(text)
    choices = [s.stem for s in shipped] + [s.name for s in shipped]
    raise StrategyError(f"unknown strategy {text!r}{suggest(text, choices)}; shipped: "
                        f"{', '.join(s.stem for s in shipped) or 'none'}", word=text)


# ============================================================ program

def compile_program(strategies: list[Strategy],
                    kingdom: set[int] | frozenset[int]) -> Program:
    """Lay out strategies as ``lists[s]``, resolving '?' rules against the kingdom.

    A non-optional buy/gain rule for a kingdom card missing from the game is
    an error: silently never buying the card would hide a typo in the kingdom.
    Other rules for absent cards are dropped: they could never match, and the
    kernel walks these lists every turn.
    """
    present = set(int(c) for c in kingdom) | set(C.BASE_CARDS)
    code: list[int] = []
    offsets: dict[tuple, int] = {}
    rules: list[tuple[int, int, int]] = []
    lists = np.zeros((len(strategies), NLISTS, 3), dtype=np.int32)
    for s, strat in enumerate(strategies):
        for key, k in LIST_KEYS.items():
            first = len(rules)
            for rule in strat.lists.get(key, ()):
                if rule.card not in present:
                    # nobody can own an absent card: its rule never matches
                    if rule.optional or key not in ("buy", "gain"):
                        continue
                    card = TABLE[rule.card].name
                    raise StrategyError(
                        f'{rule.where} "{rule.text}": {card} is not in the '
                        f"kingdom of this game (strategy {strat.name!r}); add "
                        f"{card} to the kingdom or write \"{card}?\" to skip "
                        "the rule when it is missing", where=rule.where, word=card)
                off = -1
                if rule.condition is not None:
                    off = offsets.get(rule.condition, -1)
                    if off < 0:
                        off = offsets[rule.condition] = len(code)
                        for op, arg in rule.condition:
                            code += (op, arg)
                rules.append((rule.card, off,
                              RULE_OPTIONAL if rule.optional else 0))
            lists[s, k] = (first, len(rules), int(key in strat.explicit))
    return Program(
        code=np.ascontiguousarray(np.array(code, dtype=np.int32).reshape(-1)),
        rules=np.ascontiguousarray(np.array(rules, dtype=np.int32).reshape(-1, 3)),
        lists=np.ascontiguousarray(lists))
