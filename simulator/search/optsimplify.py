"""Simplify the rules ``domsim optimize`` writes, without changing one game.

Templates write conditions mechanically, so parts of them can never make a
difference.  The written file leaves them out, so that it reads as what it
does:

- a conjunct written twice (``a and a``);
- a conjunct the others of its rule imply (``my.Smithy < 1 and my.Smithy
  <= my.Village + 0``: card counts are never negative);
- a conjunct that is always true given the rule order: when a later rule
  for a card decides, every earlier rule for that card had a false
  condition (after ``Duchy if supply.Province <= 4``, a later Duchy rule
  may assume ``supply.Province > 4``);
- a rule that can never fire because an earlier rule for the same card
  fires whenever it would (a duplicate, or a stricter condition);
- a ``let`` that no rule and no kept ``let`` names (the templates write
  ``wealth`` for every candidate; an engine that greens by its coins and
  trashes no Copper never reads it).

Why no game changes: in the lists the templates write (buy, gain, play,
trash, remodel) whether a card can be taken (afforded, left in its pile, in
hand, allowed by the penultimate-Province guard) is the same for every rule
of that card at one decision; a rule acts when its card can be taken and
its condition holds, the first such rule winning (where a list is read as
"does any rule match", the disjunction is unchanged too).  Conditions have
no side effects.  So a conjunct implied by the rest of its rule, together
with what the earlier rules for its card imply by not firing, can go.

The reasoning is interval arithmetic on comparisons with constants, over
counts known to be whole and not negative; anything else is left alone.
"""
from __future__ import annotations

import ast
import math
import re
from fractions import Fraction

from simulator.engine import cards as C

LISTS = ("buy", "gain", "play", "trash", "remodel")
_IF = re.compile(r"\s+if(?=[\s(]|$)", re.IGNORECASE)      # as simulator.language.strategy
_NAME = re.compile(r"(?<![\w.])[A-Za-z_]\w*")     # a bare name (not my.X's X)
_COUNTS = ("my", "opp", "supply", "hand", "deck", "discard", "gained", "bought")
_FLIP = {ast.Lt: ast.Gt, ast.LtE: ast.GtE, ast.Gt: ast.Lt, ast.GtE: ast.LtE,
         ast.Eq: ast.Eq, ast.NotEq: ast.NotEq}
_NEGATE = {ast.Lt: ast.GtE, ast.LtE: ast.Gt, ast.Gt: ast.LtE, ast.GtE: ast.Lt,
           ast.Eq: ast.NotEq, ast.NotEq: ast.Eq}

# A bound is (value, e): e = -1, 0, +1 for "a hair below", "exactly", "a hair
# above" (so x < 3 is hi (3, -1)); None is unbounded.  An interval is
# (lo, hi, whole) where whole says the quantity takes only whole values.
_FREE = (None, None, False)


def _key(word: str) -> str:
    return word.casefold().replace("_", "")


def _canon(node) -> str:
    """The same text for the same quantity however it is spelt."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return f"{_key(node.value.id)}.{_key(node.attr)}"
    if isinstance(node, ast.Name):
        return _key(node.id)
    if isinstance(node, ast.Constant):
        return repr(_number(node))
    return type(node).__name__ + "(" + ",".join(map(_canon, ast.iter_child_nodes(node))) + ")"


def _number(node) -> Fraction | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) \
            and not isinstance(node.value, bool):
        return Fraction(str(node.value))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _number(node.operand)
        return None if inner is None else -inner
    return None


# ============================================================ intervals

def _fact(key: str):
    """What is always true of a word: counts are whole and not negative."""
    root, dot, attr = key.partition(".")
    if not dot or root not in _COUNTS:
        return _FREE
    if attr == "vp":                                   # Curses make it negative
        return (None, None, True)
    return ((Fraction(1) if key == "my.turn" else Fraction(0), 0), None, True)


def _meet(a, b):
    lo = a[0] if b[0] is None or (a[0] is not None and a[0] >= b[0]) else b[0]
    hi = a[1] if b[1] is None or (a[1] is not None and a[1] <= b[1]) else b[1]
    return lo, hi, a[2] or b[2]


def _whole(iv):
    lo, hi, whole = iv
    if not whole:
        return iv
    if lo is not None:
        v, e = lo
        lo = (Fraction(math.floor(v) + 1) if e > 0 else Fraction(math.ceil(v)), 0)
    if hi is not None:
        v, e = hi
        hi = (Fraction(math.ceil(v) - 1) if e < 0 else Fraction(math.floor(v)), 0)
    return lo, hi, whole


def _add(a, b, low: bool):
    if a is None or b is None:
        return None
    worse = -1 if low else 1                 # the side a sum may be pushed to
    e = worse if worse in (a[1], b[1]) else (max if low else min)(a[1], b[1])
    return a[0] + b[0], e


def _scale(iv, k: Fraction):
    lo, hi, whole = iv
    whole = whole and k.denominator == 1
    if k == 0:
        return (Fraction(0), 0), (Fraction(0), 0), True
    if k < 0:
        lo, hi = hi, lo
    lo = None if lo is None else (lo[0] * k, lo[1] * (1 if k > 0 else -1))
    hi = None if hi is None else (hi[0] * k, hi[1] * (1 if k > 0 else -1))
    return lo, hi, whole


def _range(node, known: dict):
    """The interval of a numeric expression, given ``known`` (canon -> interval)."""
    n = _number(node)
    if n is not None:
        return (n, 0), (n, 0), n.denominator == 1
    iv = _FREE
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
        a, b = _range(node.left, known), _range(node.right, known)
        if isinstance(node.op, ast.Sub):
            b = _scale(b, Fraction(-1))
        iv = (_add(a[0], b[0], True), _add(a[1], b[1], False), a[2] and b[2])
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        for k, other in ((_number(node.left), node.right), (_number(node.right), node.left)):
            if k is not None:
                iv = _scale(_range(other, known), k)
                break
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        iv = _scale(_range(node.operand, known), Fraction(-1))
    elif isinstance(node, (ast.Attribute, ast.Name)):
        iv = _fact(_canon(node))
    key = _canon(node)
    if key in known:
        iv = _meet(iv, known[key])
    return _whole(iv)


def _bound(op, k: Fraction):
    """The interval ``x op k`` gives x (None for != )."""
    return {ast.Lt: (None, (k, -1)), ast.LtE: (None, (k, 0)), ast.Gt: ((k, 1), None),
            ast.GtE: ((k, 0), None), ast.Eq: ((k, 0), (k, 0))}.get(op)


def _comparison(node):
    """(quantity, op, constant) of ``q op k`` or ``k op q``, else None."""
    if not (isinstance(node, ast.Compare) and len(node.ops) == 1):
        return None
    left, op, right = node.left, type(node.ops[0]), node.comparators[0]
    if _number(right) is not None and _number(left) is None:
        return left, op, _number(right)
    if _number(left) is not None and _number(right) is None:
        return right, _FLIP[op], _number(left)
    return None


def _learn(known: dict, quantity, op, k) -> None:
    b = _bound(op, k)
    if b is not None:
        key = _canon(quantity)
        known[key] = _meet(known.get(key, _FREE), (*b, False))


def _facts(conjuncts, extra=()) -> dict:
    known: dict = {}
    for c in conjuncts:
        cmp = _comparison(c)
        if cmp is not None:
            _learn(known, *cmp)
    for quantity, op, k in extra:
        _learn(known, quantity, op, k)
    return known


def _true(node, known: dict) -> bool:
    """Whether the condition ``node`` always holds given ``known``."""
    if isinstance(node, ast.Name) and _key(node.id) == "true":
        return True
    if isinstance(node, ast.BoolOp):
        test = any if isinstance(node.op, ast.Or) else all
        return test(_true(v, known) for v in node.values)
    if not (isinstance(node, ast.Compare) and len(node.ops) == 1):
        return False
    diff = ast.BinOp(node.left, ast.Sub(), node.comparators[0])
    lo, hi, _ = _range(diff, known)
    zero, op = Fraction(0), type(node.ops[0])
    below = hi is not None and hi <= (zero, -1)
    above = lo is not None and lo >= (zero, 1)
    return {ast.Lt: below, ast.LtE: hi is not None and hi <= (zero, 0),
            ast.Gt: above, ast.GtE: lo is not None and lo >= (zero, 0),
            ast.Eq: hi is not None and lo is not None and hi <= (zero, 0) <= lo,
            ast.NotEq: below or above}.get(op, False)


# ============================================================ rules

def _conjuncts(tree) -> list:
    if isinstance(tree, ast.BoolOp) and isinstance(tree.op, ast.And):
        return [c for v in tree.values for c in _conjuncts(v)]
    return [tree]


class _Rule:
    def __init__(self, text: str):
        self.text = text
        m = _IF.search(text)
        self.head = (text[:m.start()] if m else text).strip()
        self.src = text[m.end():].strip() if m else ""
        self.card = C.card_id(self.head.rstrip("?").rstrip())
        self.parts = _conjuncts(ast.parse(self.src, mode="eval").body) if self.src else []
        self.changed = False

    def keys(self) -> list[str]:
        return [_canon(c) for c in self.parts]

    def render(self) -> str:
        if not self.changed:
            return self.text
        if not self.parts:
            return self.head
        texts = [ast.get_source_segment(self.src, c) or ast.unparse(c) for c in self.parts]
        texts = [f"({t})" if isinstance(c, ast.BoolOp) else t
                 for t, c in zip(texts, self.parts)]
        return f"{self.head} if {' and '.join(texts)}"


def _after(earlier: list[_Rule], parts) -> tuple[list, bool]:
    """What the earlier rules for a card, by not firing, say at a later rule
    with conjuncts ``parts``: (quantity, op, constant) facts, and whether the
    later rule can never fire (it holds whenever an earlier one does)."""
    have = {_canon(c) for c in parts}
    facts = []
    for rule in earlier:
        left = [c for c in rule.parts if _canon(c) not in have]
        if not left:
            return facts, True
        cmp = _comparison(left[0]) if len(left) == 1 else None
        if cmp is not None:                             # not (q op k)
            quantity, op, k = cmp
            facts.append((quantity, _NEGATE[op], k))
    return facts, False


def simplify_list(texts: list[str]) -> tuple[list[str], list[str]]:
    """A list's rules simplified (see the module docstring), and what was done."""
    kept: list[_Rule] = []
    notes = []
    for text in texts:
        try:
            rule = _Rule(text)
        except (SyntaxError, ValueError, RecursionError):
            return list(texts), []                    # not ours to judge: left alone
        earlier = [r for r in kept if r.card == rule.card]
        seen, unique = set(), []
        for c in rule.parts:                          # a and a
            if _canon(c) not in seen:
                seen.add(_canon(c))
                unique.append(c)
        rule.changed = len(unique) < len(rule.parts)
        rule.parts = unique
        _, never = _after(earlier, rule.parts)
        if never:
            notes.append(f"\"{text}\" (an earlier rule for its card fires whenever it would)")
            continue
        dropped = True
        while dropped:
            dropped = False
            for i, c in enumerate(rule.parts):
                rest = rule.parts[:i] + rule.parts[i + 1:]
                order, _ = _after(earlier, rest)
                if _true(c, _facts(rest, order)):
                    rule.parts, rule.changed, dropped = rest, True, True
                    break
        if rule.changed:
            notes.append(f"\"{text}\" -> \"{rule.render()}\"")
        kept.append(rule)
    return [r.render() for r in kept], notes


def simplify(keys: dict) -> tuple[dict, list[str]]:
    """A strategy's keys with every rule list simplified; the input is left alone."""
    out = dict(keys)
    notes = []
    for k in LISTS:
        if isinstance(keys.get(k), list):
            out[k], done = simplify_list(list(keys[k]))
            notes += [f"{k}: {n}" for n in done]
    if isinstance(keys.get("let"), dict):
        lets = _used_lets(out)
        notes += [f"let: {name} (never read)" for name in keys["let"] if name not in lets]
        if lets:
            out["let"] = lets
        else:
            del out["let"]
    return out, notes


def _used_lets(keys: dict) -> dict:
    """The ``let`` entries some rule reads, or a let that is read reads (a
    name is read as the language reads it: any case, '_' ignored)."""
    def names(text: str) -> set[str]:
        return {_key(w) for w in _NAME.findall(text)}

    def strings(v):
        if isinstance(v, str):
            yield v
        elif isinstance(v, (list, tuple)):
            for x in v:
                yield from strings(x)
        elif isinstance(v, dict):
            for x in v.values():
                yield from strings(x)

    # every text but the lets' own may read one (the lists, may, choose ...)
    rules = names(" ".join(t for k, v in keys.items()
                           if k not in ("let", "name", "description") for t in strings(v)))
    reads = {n: names(t) for n, t in keys["let"].items()}
    kept, todo = set(), [n for n in reads if _key(n) in rules]
    while todo:
        n = todo.pop()
        if n not in kept:
            kept.add(n)
            todo += [m for m in reads if _key(m) in reads[n]]
    return {n: t for n, t in keys["let"].items() if n in kept}
