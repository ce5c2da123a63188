"""Bots of Geronimoo's DominionSim (Java): its XML read into domsim strategy
files, and domsim strategies written back as its XML.

The format, as that simulator reads it (its ``XMLHandler``, ``DomPlayer``,
``DomBuyRule`` and ``DomBuyCondition``)::

    <playerCollection>                      (or one <player>: its clipboard)
      <player name=.. author=.. description=..>   ("XXXX" stands for a line break)
        <type name="BigMoney"/>             categories; AppliesPPR is a rule
        <board contents="2 Smithy, Witch" bane=".." Shelters="false" .../>
        <start_state> <hand contents=..> <drawdeck contents=.. shuffle=..>
                      <discard contents=..> </start_state>
        <buy name="Smithy" [strategy=..] [bane=..]>   tried top to bottom
          <condition>                       every condition must hold
            <left type=F attribute=A/> <operator type=CMP/> <right type=F attribute=A/>
            [<extra_operation type=OP attribute=N/>]   applied to the right side
          </condition>
        </buy>

Card names in rules are its enum names (``Throne_Room``, ``King$s_Court``),
in ``<board>`` display names with counts (``2 King's Court``).  Numbers are
doubles, so ``divideBy`` gives fractions.  ``strategy=`` is a per-card play
setting (the last one given for a card wins).  The same buy rules choose
what Workshop, Feast, Remodel ... gain.  For every bot it also refuses to buy
or gain the last card of a pile when that ends the game and leaves it
behind, or tied when a tie loses (``suicideIfBuys``); the importer writes
that rule out (the ``safe`` let).

Each function is mapped by what it computes (``_operand``): its word, or an
expression of words (``countCardsLeftInDrawDeck`` is ``deck.size +
discard.size``), or a constant per list (``isActionPhase`` is 0 in the buy
list and 1 in the gain list).  A rule that cannot be said in domsim (a card,
function or comparator domsim lacks) is written as a comment with the reason,
never changed; ``strict`` refuses such bots instead.

Its cards play by logic built into each card class (``ChancellorCard``,
``SentryCard``, ``CellarCard`` ...).  Where that differs from domsim's
defaults and a strategy file can say it, the importer writes the setting
(``may``, ``trash``, ``discard``: ``_card_play``); what it cannot say is
listed in the header ("plays differently in domsim"), so a win rate of the
two simulators can be compared knowing why it may differ.

The XML is read with the standard library's expat parser (what ElementTree
is built on, because it gives each element's line): no dependency; a
DOCTYPE is refused, so no entity can be declared or fetched; files over
1 MB are refused before they are read (``read_small_text``).
"""
from __future__ import annotations

import ast
import json
import math
import re
import textwrap
import tomllib
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from xml.parsers import expat

from simulator.engine import cards as C
from simulator.engine.cards import TABLE, Card
from simulator.language.strategy import Strategy, StrategyError, read_small_text

MARKER = "# Imported from Geronimoo's DominionSim by `domsim import geronimoo`"
STANDARD_START = {Card.COPPER: 7, Card.ESTATE: 3}


class GeronimooError(ValueError):
    """A bot file that cannot be read (one line: the file, the line, why)."""


# ============================================================ card names

# Cards that simulator knows by another name: Intrigue's Harem is its Farm
# (the name of the card's later printings).
_RENAMED = {"Harem": "Farm"}


def enum_name(card: int) -> str:
    """A card's name in Geronimoo's enum: ``Throne Room`` is ``Throne_Room``,
    an apostrophe is ``$`` (``King$s_Court``)."""
    name = TABLE[card].name
    return _RENAMED.get(name, name).replace(" ", "_").replace("'", "$")


# The cards that simulator names: one a name (a card printed twice with
# different meanings, Treasury, is its second edition's there)
_CARDS = tuple(c for c in range(C.NCARDS) if c not in C.PRINTINGS)
_BY_ENUM = {enum_name(c): c for c in _CARDS}


def display_name(name: str) -> str:
    """An enum name as that simulator shows it: ``King$s_Court`` is King's Court."""
    return name.replace("_", " ").replace("$", "'")


def _display_key(name: str) -> str:
    """A ``<board>`` or ``<start_state>`` name as that simulator looks it up."""
    return re.sub(r"\s|-", "_", name.strip()).replace("'", "$")


# ============================================================ its card facts
# Geronimoo's card types that are not printed on cards (roles), for the
# cards domsim has, from the card registry: each is a registry role or "+"
# number, with the cards on which that simulator tags otherwise.
# tests/test_geronimoo.py holds its own tags of every card to check them.

def _registry_tags(c: int) -> set[str]:
    spec = TABLE[c]
    action = bool(C.TYPES[c] & C.ACTION)
    tags = {name for bit, name in C.TYPE_NAMES.items() if C.TYPES[c] & bit}
    tags.add("Kingdom" if c in C.KINGDOM_CARDS else "Base")
    multiplier = spec.plays == "hand"           # Throne Room: plays a card twice
    if action and spec.actions == 0 and not multiplier:
        tags.add("Terminal")
    if "village" in spec.roles and not multiplier:
        tags.add("Village")
    if action and spec.actions > 0 and spec.cards > 0:
        tags.add("Cycler")
    if "trasher" in spec.roles:
        tags.add("Trasher")
    if "draw" in spec.roles:
        tags.add("Card_Advantage")
    if multiplier:
        tags.add("Multiplier")
    return tags


# Where that simulator's tags differ from the registry's (card -> added, removed).
_TAG_EXCEPTIONS = {
    "Cellar": ({"Cycler"}, set()),               # draws one per discard: not a "+" number
    "Moneylender": (set(), {"Trasher"}),         # trashes for money: a payload to it
    "Sentry": (set(), {"Trasher"}),              # a cantrip to it
    "Remodel": ({"TrashForBenefit"}, set()),
    "Pawn": ({"Cycler"}, {"Terminal"}),          # its +1 Card +1 Action is a choice
    "Nobles": (set(), {"Terminal"}),              # its +2 Actions is a choice
    "Ironworks": (set(), {"Terminal"}),           # its gain may give the Action back
    "Upgrade": ({"TrashForBenefit"}, set()), "Replace": ({"TrashForBenefit"}, set()),
    "Caravan": ({"Card_Advantage"}, set()),      # its second card comes next turn
    "Curse": ({"Junk"}, set()), "Copper": ({"Junk"}, set()), "Estate": ({"Junk"}, set()),
    "Shanty Town": ({"Card_Advantage"}, set()),  # +2 Cards with no Action in hand
    "Diplomat": (set(), {"Terminal"}),           # +2 Actions with 5 cards or fewer
    "Scout": ({"Cycler"}, set()),                # +1 Action, its reveal may add cards
    "Courtier": (set(), {"Terminal"}),           # its +1 Action is a choice
    "Salvager": ({"TrashForBenefit"}, set()),    # trashes for +$ its cost
    "Lookout": (set(), {"Trasher"}),             # trashes from the deck's top, not the hand
}


def geronimoo_tags(card: int) -> frozenset[str]:
    """The types (printed and not) that simulator gives a card domsim has."""
    tags = _registry_tags(card)
    added, removed = _TAG_EXCEPTIONS.get(TABLE[card].name, (set(), set()))
    return frozenset((tags | added) - removed)


# Its DomCardType values that no domsim card carries (domsim has no such card).
FOREIGN_TYPES = (
    "Event", "Prize", "Duration", "Looter", "Ruins", "Reserve", "Traveller", "Knight",
    "Shelter", "DominionDevelopment", "Gathering", "Castle", "Landmark", "Split_Pile",
    "Split_Pile_Bottom", "Night", "Fate", "Heirloom", "Boon", "Spirit", "Hex", "State",
    "Doom", "Project", "Way", "Ally", "Liaison", "NextTime", "Loot", "Prophecy", "Omen",
    "Command", "Shadow")


def coin_value(card: int) -> int:
    """The coins that simulator's ``getTotalMoney`` counts per copy: a
    Treasure's value or an Action's fixed +$ (the registry's), and for
    Moneylender 1 (its +$3 less the Copper it trashes)."""
    return 1 if card == Card.MONEYLENDER else int(C.PLUS_COINS[card])


# ============================================================ its functions
# Its DomBotFunction values, and for those domsim cannot say what they are about.
FOREIGN_FUNCTIONS = {
    "isPlusOneBuyTokenSet": "the +1 Buy token", "isPlusOneCardTokenSet": "the +1 Card token",
    "isPlusOneActionTokenSet": "the +1 Action token",
    "isPlusOneCoinTokenSet": "the +$1 token", "isMinus$2TokenSet": "the -$2 token",
    "isEstateTokenPlaced": "the Estate token", "isTrashingTokenPlaced": "the Trashing token",
    "tokensOnDefiledShrine": "Defiled Shrine", "tokensOnBaths": "Baths",
    "tokensOnTemple": "Temple", "countOnTavernMat": "the Tavern mat",
    "isSwampHagActive": "Swamp Hag", "isTravellingFairActive": "Travelling Fair",
    "countVPon": "VP tokens on piles", "countVillagers": "Villagers", "hasFlag": "the Flag",
    "hasBuiltProject": "Projects", "doesNotSpendCoffers": "Coffers",
    "hasGained$5": "gains of a $5 card (Alliances)", "hasInvestedAlready": "Invest",
    "hasBoughtRush": "Rush", "countCardsInExile": "the Exile mat"}
COMPARATORS = {"equalTo": "==", "smallerThan": "<", "smallerOrEqualThan": "<=",
               "greaterThan": ">", "greaterOrEqualThan": ">="}
OPERATORS = {"plus": "+", "minus": "-", "multiplyWith": "*", "divideBy": "/"}
CARD_FUNCTIONS = ("countCardsInDeck", "countCardsInDeckNoMats", "countCardsInSupply",
                  "countCardsInPlay", "countCardsInHand", "countCardsInOpponentsDecks")
_WORDS = {   # functions that are one domsim word
    "gainsNeededToEndGame": "gains_to_end", "countAllCardsInDeck": "my.cards",
    "countAvailableMoney": "coins", "countTurns": "my.turn", "countEmptyPiles": "empty_piles",
    "countBuysLeft": "buys", "actionsLeft": "actions", "countVP": "my.vp",
    "countGainedCards": "gained.cards", "countAllCardsInOpponentsDeck": "opp.cards"}
_CARD_WORDS = {"countCardsInDeck": "my", "countCardsInDeckNoMats": "my",
               "countCardsInSupply": "supply", "countCardsInPlay": "play",
               "countCardsInHand": "hand", "countCardsInOpponentsDecks": "opp"}
# read the same in two-player games, not with more players: said in the header
TWO_PLAYER = {
    "countAllCardsInOpponentsDeck": "countAllCardsInOpponentsDeck reads the first "
                                    "opponent's deck, opp.cards the largest",
    "countCardsInOpponentsDecks": "countCardsInOpponentsDecks adds up the opponents' "
                                  "copies, opp.<Card> takes the largest count"}
KNOWN_FUNCTIONS = ("constant", *CARD_FUNCTIONS, *_WORDS, "countCardTypeInDeck",
                   "isActionPhase", "getTotalMoney", "getTotalMoneyExcludingMats",
                   "countCardsLeftInDrawDeck", "countCardsLeftInSmallestPile",
                   "countMAXOpponentVP")


# ============================================================ the parsed file

@dataclass
class Side:
    function: str | None = None
    attribute: str | None = None


@dataclass
class Condition:
    line: int
    left: Side | None = None
    comparator: str | None = None
    right: Side | None = None
    extra: tuple[str | None, str | None] | None = None     # (operator, attribute)
    notes: list[str] = field(default_factory=list)

    def shown(self) -> str:
        """The condition as that simulator's editor would read it."""
        def side(s):
            if s is None:
                return "?"
            if s.function == "constant":
                return s.attribute or "0"
            return f"{s.function}({s.attribute})" if s.attribute else f"{s.function}"
        text = f"{side(self.left)} {COMPARATORS.get(self.comparator, self.comparator)} " \
               f"{side(self.right)}"
        if self.extra:
            text += f" {OPERATORS.get(self.extra[0], self.extra[0])} {self.extra[1]}"
        return text


@dataclass
class BuyRule:
    line: int
    card: str | None
    strategy: str | None = None
    bane: str | None = None
    conditions: list[Condition] = field(default_factory=list)

    def shown(self) -> str:
        conds = " and ".join(c.shown() for c in self.conditions)
        return f"{self.card}" + (f" if {conds}" if conds else "")


@dataclass
class Bot:
    """One ``<player>`` as written."""
    line: int
    name: str | None
    author: str | None
    description: str | None
    types: list[str] = field(default_factory=list)
    board: dict | None = None
    board_line: int = 0
    start: dict | None = None
    start_line: int = 0
    rules: list[BuyRule] = field(default_factory=list)


def read_bots(path) -> list[Bot]:
    """The bots of a file (GeronimooError: the file and line of a mistake)."""
    path = Path(path)
    text = read_small_text(path, "Geronimoo bot file", GeronimooError, suffix=".xml")
    return parse_bots(text, str(path))


def parse_bots(text: str, source: str = "<xml>") -> list[Bot]:
    """The bots of XML text, as that simulator's handler reads them: unknown
    elements are ignored, each one known must sit in its parent."""
    bots: list[Bot] = []
    stack: list[str] = []
    parser = expat.ParserCreate()
    cur: dict = {}

    def line() -> int:
        return parser.CurrentLineNumber

    def fail(why: str):
        raise GeronimooError(f"{source}:{line()}: {why}")

    def inside(name: str, parent: str):
        if parent not in stack:
            fail(f"<{name}> outside a <{parent}>")

    def start(name, attrs):
        stack.append(name)
        get = attrs.get
        if name == "player":
            if "player" in stack[:-1]:
                fail("a <player> inside a <player>")
            cur["bot"] = Bot(line(), get("name"), get("author"), get("description"))
            bots.append(cur["bot"])
        elif name in ("type", "board", "start_state", "buy"):
            inside(name, "player")
            bot = cur["bot"]
            if name == "type":
                bot.types.append(get("name") or "")
            elif name == "board":
                bot.board, bot.board_line = dict(attrs), line()
            elif name == "start_state":
                bot.start, bot.start_line = {}, line()
            else:
                if "buy" in stack[:-1]:
                    fail("a <buy> inside a <buy>")
                bot.rules.append(BuyRule(line(), get("name"), get("strategy"), get("bane")))
        elif name in ("hand", "drawdeck", "discard"):
            inside(name, "start_state")
            cur["bot"].start[name] = dict(attrs)
        elif name == "condition":
            inside(name, "buy")
            cur["cond"] = Condition(line())
            cur["bot"].rules[-1].conditions.append(cur["cond"])
        elif name in ("left", "operator", "right", "extra_operation"):
            inside(name, "condition")
            cond = cur["cond"]
            kind, attribute = get("type"), get("attribute")
            if name == "operator":
                cond.comparator = kind
            elif name == "extra_operation":
                if cond.extra is not None:
                    cond.notes.append("a second extra_operation replaces the first, "
                                      "as in Geronimoo's simulator")
                cond.extra = (kind, attribute)
            else:
                if getattr(cond, name) is not None:
                    cond.notes.append(f"a second <{name}> replaces the first, as in "
                                      "Geronimoo's simulator")
                setattr(cond, name, Side(kind, attribute))

    def end(name):
        stack.pop()

    def doctype(*_):
        fail("a DOCTYPE is not allowed in a bot file (it could declare entities)")

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = doctype
    try:
        parser.Parse(text, True)
    except expat.ExpatError as e:
        reason = expat.errors.messages.get(e.code, str(e))
        raise GeronimooError(f"{source}:{e.lineno}: not well-formed XML: {reason} "
                             f"(column {e.offset + 1})") from None
    if not bots:
        raise GeronimooError(f"{source}: no <player> in this file: a Geronimoo bot file "
                             "holds <player> elements, in a <playerCollection> or alone")
    return bots


# ============================================================ conversion

class NotConverted(Exception):
    """A part of a rule domsim cannot say; the message says why."""


ATOM, PRODUCT, SUM = 0, 1, 2          # how tightly an expression binds


@dataclass
class Expr:
    text: str
    prec: int = ATOM
    value: float | None = None        # a constant's value

    def wrap(self, prec: int) -> str:
        return self.text if self.prec <= prec else f"({self.text})"


def _number(text: str | None, what: str) -> float:
    """A double as Java's Double.valueOf reads it (no attribute: 0, as there)."""
    if text is None:
        return 0.0
    try:
        value = float(text.strip().rstrip("dDfF"))
    except ValueError:
        raise NotConverted(f"{what} {text!r} is not a number") from None
    if not math.isfinite(value):
        raise NotConverted(f"{what} {text!r} is not a finite number")
    return value


def _literal(value: float) -> Expr:
    """A number as a domsim condition writes it (exactly, or NotConverted)."""
    if value == int(value) and abs(value) < 2 ** 31:
        return Expr(str(int(value)), ATOM if value >= 0 else SUM, value)
    text = repr(value)
    frac = Fraction(text)
    if abs(frac.numerator) >= 2 ** 31 or frac.denominator >= 2 ** 31 or "e" in text:
        raise NotConverted(f"the number {text} has more digits than a domsim condition "
                           "takes (9 significant digits)")
    return Expr(text, ATOM if value >= 0 else SUM, value)


@dataclass
class _Context:
    """What a bot's rules are converted with."""
    ownable: frozenset[int]                   # cards the bot can come to own
    phase: int                                # 1 in the gain list (isActionPhase)
    lets: dict                                # let name -> (text, comment), in order
    two_player: set = field(default_factory=set)


def _card(name: str | None, function: str) -> int:
    if not name:
        raise NotConverted(f"{function} names no card")
    if name not in _BY_ENUM:
        raise NotConverted(f"domsim has no card {name}")
    return _BY_ENUM[name]


def _operand(side: Side | None, ctx: _Context, where: str) -> Expr:
    """One side of a condition as a domsim expression, by what it computes."""
    if side is None or not side.function:
        raise NotConverted(f"the condition has no <{where}> function")
    fn, attr = side.function, side.attribute
    if fn == "constant":
        return _literal(_number(attr, "constant"))
    if fn in _CARD_WORDS:
        card = _card(attr, fn)
        if fn in TWO_PLAYER:
            ctx.two_player.add(fn)
        return Expr(f"{_CARD_WORDS[fn]}.{TABLE[card].name.replace(' ', '')}")
    if fn in _WORDS:
        if fn in TWO_PLAYER:
            ctx.two_player.add(fn)
        return Expr(_WORDS[fn])
    if fn == "countCardTypeInDeck":
        return _type_count(attr, ctx)
    if fn == "isActionPhase":
        return _literal(float(ctx.phase))
    if fn in ("getTotalMoney", "getTotalMoneyExcludingMats"):
        return _total_money(ctx)
    if fn == "countCardsLeftInDrawDeck":
        return Expr("deck.size + discard.size", SUM)
    if fn == "countCardsLeftInSmallestPile":
        return Expr("min(smallest_pile, 10)")
    if fn == "countMAXOpponentVP":
        return Expr("max(opp.vp, 0)")
    if fn in FOREIGN_FUNCTIONS:
        raise NotConverted(f"{fn} is about {FOREIGN_FUNCTIONS[fn]}, which domsim does "
                           "not have")
    raise NotConverted(f"unknown function {fn!r}")


def _sum_of(cards, ctx: _Context, weight=lambda c: 1) -> str:
    terms = []
    for c in sorted(cards):
        w = weight(c)
        if w and c in ctx.ownable:
            name = f"my.{TABLE[c].name.replace(' ', '')}"
            terms.append(name if w == 1 else f"{w} * {name}")
    return " + ".join(terms) or "0"


def _type_count(tag: str | None, ctx: _Context) -> Expr:
    """countCardTypeInDeck: my.<Type> for a printed type, else a let adding
    up the cards with that tag the bot can own."""
    if not tag:
        raise NotConverted("countCardTypeInDeck names no type")
    if tag in C.TYPE_NAMES.values():
        return Expr(f"my.{tag}")
    cards = [c for c in _CARDS if tag in geronimoo_tags(c)]
    if not cards:
        if tag in FOREIGN_TYPES:
            raise NotConverted(f"domsim has no card of type {tag}")
        raise NotConverted(f"unknown card type {tag!r}")
    name = tag.lower() + ("s" if not tag.lower().endswith("s") else "")
    names = ", ".join(TABLE[c].name for c in cards)
    ctx.lets.setdefault(name, (_sum_of(cards, ctx),
                               f"countCardTypeInDeck {tag}: its {tag} cards that domsim "
                               f"has are {names}; this bot can own those named here"))
    return Expr(name)


def _total_money(ctx: _Context) -> Expr:
    """getTotalMoney: the Treasures' coins (my.money) and every Action's fixed +$."""
    actions = [c for c in ctx.ownable if C.TYPES[c] & C.ACTION and coin_value(c)]
    if not actions:
        return Expr("my.money")
    ctx.lets.setdefault("total_money", (
        "my.money + " + _sum_of(actions, ctx, coin_value),
        "getTotalMoney: the Treasures' coins (my.money) and the fixed +$ of the Actions "
        "this bot can own (Moneylender counts 1)"))
    return Expr("total_money")


def _arith(a: Expr, op: str, k: float) -> Expr:
    """a OP k (the extra operation), folded when a is a constant."""
    if a.value is not None:
        if op == "/" and k == 0:
            raise NotConverted("the extra operation divides by 0")
        v = {"+": a.value + k, "-": a.value - k, "*": a.value * k,
             "/": a.value / k if k else 0.0}[op]
        return _literal(v)
    if op == "/" and k == 0:
        raise NotConverted("the extra operation divides by 0")
    if op in "+-":
        if k == 0:
            return a
        if k < 0:
            op, k = "+-"[op == "+"], -k
        return Expr(f"{a.wrap(SUM)} {op} {_literal(k).text}", SUM)
    return Expr(f"{a.wrap(PRODUCT)} {op} {_literal(k).text}", PRODUCT)


def _condition(cond: Condition, ctx: _Context) -> str | bool:
    """A condition's text, or True / False when it is constant."""
    if cond.comparator not in COMPARATORS:
        raise NotConverted(f"unknown comparator {cond.comparator!r}" if cond.comparator
                           else "the condition has no <operator>")
    left = _operand(cond.left, ctx, "left")
    right = _operand(cond.right, ctx, "right")
    if cond.extra is not None:
        op, attr = cond.extra
        if op not in OPERATORS:
            raise NotConverted(f"unknown extra operation {op!r}")
        if attr is None:
            raise NotConverted("the extra operation has no attribute")
        right = _arith(right, OPERATORS[op], _number(attr, "extra operation"))
    cmp = COMPARATORS[cond.comparator]
    if left.value is not None and right.value is not None:
        return {"==": left.value == right.value, "<": left.value < right.value,
                "<=": left.value <= right.value, ">": left.value > right.value,
                ">=": left.value >= right.value}[cmp]
    return f"{left.text} {cmp} {right.text}"


@dataclass
class Converted:
    """One bot converted: its TOML text, the Strategy it loads as (None when
    no buy rule converts) and what was not converted."""
    bot: Bot
    source: str
    stem: str
    toml: str
    strategy: Strategy | None
    problems: list[str]               # not converted: makes the bot partial
    notes: list[str]                  # read for two players, and the like
    cards: list[str]                  # every card its rules name, as written

    @property
    def status(self) -> str:
        """full, partial or none (no buy rule converts)."""
        if self.strategy is None:
            return "none"
        return "partial" if self.problems else "full"

    @property
    def name(self) -> str:
        return self.strategy.name if self.strategy else (self.bot.name or "")


def _ownable(bot: Bot) -> frozenset[int]:
    """Cards the bot can own: the base cards and those its rules buy, or every
    card once one of them may gain any card (Workshop's fallback)."""
    named = {_BY_ENUM[r.card] for r in bot.rules if r.card in _BY_ENUM}
    own = named | set(C.BASE_CARDS)
    return frozenset(_CARDS) if own & C.GAINS_ANY else frozenset(own)


def _uses_phase(bot: Bot) -> bool:
    return any(s is not None and s.function == "isActionPhase"
               for r in bot.rules for c in r.conditions for s in (c.left, c.right))


def _rule_lines(bot: Bot, ctx: _Context, key: str, problems: list, guard_of) -> list[str]:
    """The TOML lines of one list: each rule with its guard, or a comment."""
    lines = []
    for i, rule in enumerate(bot.rules, 1):
        where = f"buy rule {i} (line {rule.line})"
        try:
            if not rule.card:
                raise NotConverted("the <buy> has no card name")
            card = _card(rule.card, "<buy>")
            parts = [_condition(c, ctx) for c in rule.conditions]
        except NotConverted as e:
            if key == "buy":
                problems.append(f"{where}: {e}; commented out")
            lines.append(f"  # not converted: {json.dumps(rule.shown())} (line "
                         f"{rule.line}): {e}")
            continue
        if False in parts:
            why = ("it is taken only in the " + ("Action" if ctx.phase == 0 else "Buy")
                   + " phase" if _phase_only(rule) else "its condition is never true")
            lines.append(f"  # never: {json.dumps(rule.shown())} (line {rule.line}): {why}")
            continue
        conds = [p for p in parts if p is not True] + guard_of(card)
        text = TABLE[card].name + (" if " + " and ".join(conds) if conds else "")
        lines.append(f"  {_toml_str(text)},  # line {rule.line}")
    return lines


def _phase_only(rule: BuyRule) -> bool:
    return any(s is not None and s.function == "isActionPhase"
               for c in rule.conditions for s in (c.left, c.right))


def _ppr(cards) -> str | None:
    """AppliesPPR as a condition on Province rules: with 2 Provinces left and
    behind an opponent by less than the VP of another card its rules name
    (``cards``) that is still in the supply, it does not take the Province
    (``checkPenultimateProvinceRule``)."""
    terms = []
    for c in sorted(cards):
        name = TABLE[c].name.replace(" ", "")
        if c == Card.PROVINCE:
            continue
        rule = TABLE[c].vp_rule
        if rule is not None and rule.counts == "cards":     # Gardens: its VP for this deck
            vp = f"my.cards // {rule.per}"
            vp = vp if rule.vp == 1 else f"{rule.vp} * ({vp})"
            terms.append(f"supply.{name} > 0 and lead + {vp} > 0")
        elif C.VP[c] > 1:              # a lead below 0 plus 1 VP or less is never above 0
            terms.append(f"supply.{name} > 0 and lead + {int(C.VP[c])} > 0")
    if not terms:
        return None
    inner = terms[0] if len(terms) == 1 else " or ".join(f"({t})" for t in terms)
    return f"supply.Province == 2 and lead < 0 and ({inner})"


def _board(bot: Bot, problems: list) -> list[str]:
    """The kingdom of a ``<board>``: its cards domsim has."""
    board = bot.board
    if board is None:
        return []
    where = f"board (line {bot.board_line})"
    kingdom, foreign, base = [], [], []
    for tag in re.split(r",| and", board.get("contents") or ""):
        m = re.fullmatch(r" *(\d*) *(.*)", tag.strip())
        name = m.group(2) if m else tag
        if not name.strip():
            continue
        card = _BY_ENUM.get(_display_key(name))
        if card is None:
            foreign.append(name.strip())
        elif card in C.KINGDOM_CARDS:
            if TABLE[card].name not in kingdom:
                kingdom.append(TABLE[card].name)
        else:
            base.append(TABLE[card].name)
    if foreign:
        problems.append(f"{where}: domsim has no {', '.join(foreign)}; left out of the "
                        "kingdom")
    if (board.get("bane") or "").strip():
        problems.append(f"{where}: the Bane card {board['bane']} (Young Witch) is not "
                        "converted")
    if (board.get("Shelters") or "false").strip().lower() == "true":
        problems.append(f"{where}: Shelters are not converted: domsim deals 3 Estates")
    for attr in ("Mountain_Pass_Bid", "Obelisk_Choice", "Riverboat_Choice"):
        value = (board.get(attr) or "").strip()
        if value and value != "0":
            problems.append(f"{where}: {attr}={value!r} is about a card domsim does not "
                            "have")
    return kingdom[:10]


def _start(bot: Bot, problems: list) -> None:
    """A ``<start_state>`` other than the usual deal cannot be converted."""
    if bot.start is None:
        return
    piles = {}
    for zone in ("hand", "drawdeck", "discard"):
        counts: dict[int, int] = {}
        for tag in re.split(r",| and", (bot.start.get(zone) or {}).get("contents") or ""):
            m = re.fullmatch(r" *(\d*) *(.*)", tag.strip())
            if not m or not m.group(2).strip():
                continue
            card = _BY_ENUM.get(_display_key(m.group(2)), -1)
            counts[card] = counts.get(card, 0) + int(m.group(1) or 1)
        piles[zone] = counts
    shuffled = ((bot.start.get("drawdeck") or {}).get("shuffle") or "true") == "true"
    if piles["hand"] or piles["discard"] or piles["drawdeck"] != STANDARD_START \
            or not shuffled:
        shown = "; ".join(f"{z} {(bot.start.get(z) or {}).get('contents', '')!r}"
                          for z in ("hand", "drawdeck", "discard"))
        problems.append(f"start_state (line {bot.start_line}): a fixed start ({shown}) is "
                        "not converted: domsim deals 7 Coppers and 3 Estates, shuffled")


def _play_settings(bot: Bot, problems: list) -> None:
    """``strategy=`` settings: the last one given for a card holds; domsim
    plays every card by its lists, so any but "standard" is not converted."""
    last: dict[str, tuple[str, int]] = {}
    for rule in bot.rules:
        if rule.strategy is not None and rule.card:
            last[rule.card] = (rule.strategy, rule.line)
    for card, (setting, line) in last.items():
        if setting != "standard" and card in _BY_ENUM:
            problems.append(f"the play setting strategy={setting!r} of {card} (line {line}) "
                            f"is not converted: domsim plays {TABLE[_BY_ENUM[card]].name} "
                            "by its lists and their defaults")


# ------------------------------------------------------------ how its cards play
# That simulator plays each card by logic built into its card class; where
# that differs from domsim's default and a strategy file can say it, the
# importer writes the setting (with a comment naming the class); where it
# cannot, the header says so.  The numbers are its DomCardName discard
# priorities (the trash priority is the same number unless a class changes
# it): Sentry trashes a card at or below Copper's 15, Sentry and Cellar
# discard one at or below Silver's 20.

# Its discard priorities of domsim's cards (DomCardName, with an Action left).
_JAVA_RANK = {"Province": 7, "Duchy": 8, "Estate": 9, "Gardens": 9, "Curse": 10,
              "Copper": 15, "Harbinger": 16, "Cellar": 17, "Chapel": 18, "Remodel": 18,
              "Merchant": 19, "Silver": 20, "Bureaucrat": 20, "Woodcutter": 20,
              "Chancellor": 20, "Thief": 20, "Black Market": 20, "Village": 21,
              "Moneylender": 21, "Sentry": 22, "Workshop": 22, "Throne Room": 22,
              "Mine": 22, "Feast": 22, "Spy": 22, "Moat": 23, "Vassal": 23, "Bandit": 23,
              "Gold": 24, "Smithy": 24, "Militia": 25, "Envoy": 25, "Festival": 26,
              "Council Room": 27, "Artisan": 27, "Poacher": 30, "Library": 30,
              "Market": 30, "Laboratory": 40, "Witch": 40, "Adventurer": 40}
# The cards at or below Silver's 20, lowest (discarded first) first; Moneylender
# is 0 without a Copper in hand (MoneylenderCard), else 21.
_JAVA_DISCARD = ("Moneylender if hand.Copper == 0",
                 *sorted((c for c, r in _JAVA_RANK.items() if r <= 20),
                         key=_JAVA_RANK.get))
_TRASH_READERS = ("Chapel", "Remodel", "Mine")     # cards besides Sentry that read `trash`

_PLAYS_DIFFERENTLY = {
    "Envoy": "Envoy (EnvoyCard): the card discarded is the one its owner ranks best "
             "(highest discard priority), Actions ranked lowest when it has no Action "
             "left: Gold, then Silver, before any Action; domsim discards the dearest "
             "Action or Treasure",
    "Harbinger": "Harbinger (HarbingerCard): with no Action left to play it puts the "
                 "discard pile's card it ranks best (above Copper) on the deck; before a "
                 "terminal draw card the first Gold, Silver or Copper of the discard pile; "
                 "else nothing. domsim puts the dearest Action or Treasure there",
    "Mine": "Mine (MineCard): it picks the hand Treasure to trash by the Treasure the "
            "buy rules want for up to $3 more, and is not played when they want none; "
            "domsim trashes the cheapest Treasure that has a dearer one within $3 and "
            "gains the dearest",
    "Remodel": "Remodel (RemodelCard, DomPlayer.findCardToRemodel): its own choice of "
               "the card to trash; domsim's is its remodel/trash list (see docs/strategies.md)",
    "Workshop": "Workshop (WorkshopCard): it is not played when the buy rules want no "
                "card costing up to $4; domsim plays it and then gains the dearest "
                "Treasure up to $4",
    # Intrigue (docs/geronimoo.md, "How close the two simulators are")
    "Bridge": "Bridge (BridgeCard, DomGame.getBridgesPlayed): its cost reduction lasts "
              "until its owner's next turn, so it makes cards cheaper on the opponents' "
              "turns too; domsim's lasts this turn",
}


def _card_play(bot: Bot, ctx: _Context) -> tuple[list[str], list[str]]:
    """The TOML lines (top-level keys, each after a comment) that make the
    cards the bot's rules take play as that simulator's card classes do, and
    the behaviours no strategy file can say ("plays differently in domsim")."""
    named = {TABLE[_BY_ENUM[r.card]].name for r in bot.rules if r.card in _BY_ENUM}
    named |= {TABLE[c].name for c in C.BASE_CARDS}
    lines, differs = [], []
    if "Chancellor" in named:
        lines += _comment("ChancellorCard: a bot always puts its deck into the discard "
                          "pile") + ["may = { Chancellor = true }"]
    if "Sentry" in named:
        readers = [c for c in _TRASH_READERS if c in named]
        trash = ["Curse", "Copper"]
        for card in ("Estate", "Duchy", "Gardens"):
            if card not in named:
                continue
            try:
                wanted = _wanted(bot, card, ctx)
            except NotConverted:
                differs.append(f"Sentry (SentryCard): it trashes {card} while no buy rule "
                               f"of {card} holds; a {card} rule does not convert, so the "
                               f"trash list leaves {card} out")
                continue
            if wanted is None:
                continue
            trash.append(card if wanted is False else f"{card} if not ({wanted})")
        if "Moneylender" in named:
            trash.append("Moneylender if my.Copper == 0")
        if readers:
            differs.append(
                "Sentry (SentryCard): it trashes Curses, Coppers, and Estates, Duchies and "
                "Gardens while no buy rule of that card holds; the trash list that would "
                f"say so is not written because {' and '.join(readers)} "
                f"{'reads' if len(readers) == 1 else 'read'} it too")
        else:
            lines += _comment(
                "SentryCard trashes a card it ranks at or below Copper: Curse, Copper, "
                "and Estate, Duchy or Gardens unless one of that card's buy rules holds "
                "(its conditions only: EstateCard, DuchyCard, GardensCard; "
                "DomPlayer.wantsToGainOrKeep)"
                + (", Moneylender once it owns no Copper (MoneylenderCard)"
                   if "Moneylender" in named else "")
                + ". Only Sentry reads this list here.")
            lines.append(f"trash = [{', '.join(_toml_str(t) for t in trash)}]")
        differs.append("Sentry (SentryCard): it also discards an Action from the deck "
                       "when the next Action it would play is a terminal draw card and "
                       "it has one Action left")
    if named & {"Cellar", "Sentry"}:
        discard = [t for t in _JAVA_DISCARD if t.split(" if ")[0] in named]
        why = ("SentryCard and CellarCard discard every card they rank at or below "
               "Silver (lowest first)" if {"Cellar", "Sentry"} <= named else
               ("CellarCard" if "Cellar" in named else "SentryCard")
               + " discards every card it ranks at or below Silver (lowest first)")
        if "Cellar" in named:
            terminals = sorted((TABLE[c].name for c in _CARDS
                                if TABLE[c].name in named and "Terminal" in geronimoo_tags(c)),
                               key=_JAVA_RANK.get)
            if terminals:
                count = " + ".join(f"hand.{t.replace(' ', '')}" for t in terminals)
                discard += [f"{t} if play.Cellar > 0 and {count} > actions"
                            for t in terminals if t not in discard]
                why += ("; CellarCard first discards the terminals it cannot play "
                        "(those beyond its Actions left)")
            differs.append("Cellar (CellarCard): it never discards more cards than its "
                           "draw and discard piles hold, and it discards a Throne Room "
                           "that is the only kind of Action in hand")
        why += (". This list is also what a Militia attack makes it discard first, as "
                "that simulator does by the same ranking (after the terminals beyond "
                "one, which it discards first and domsim after the list)")
        if "Spy" in named:
            why += ("; Spy reads it too, so Spy discards its own Silver and the Actions "
                    "listed, which SpyCard puts back")
        lines += _comment(why + ".")
        lines += ["discard = ["] + [f"  {_toml_str(t)}," for t in discard] + ["]"]
    if "Spy" in named and "Thief" in named:
        differs.append("Spy (SpyCard): holding a Thief it leaves an opponent's Silver or "
                       "Gold on the deck for the Thief; domsim discards it")
    differs += [text for card, text in _PLAYS_DIFFERENTLY.items() if card in named]
    return lines, differs


def _wanted(bot: Bot, card: str, ctx: _Context) -> str | bool | None:
    """When a buy rule of ``card`` holds, by its conditions only (that
    simulator's wantsToGainOrKeep): a condition; False when none can; None
    when one always does (never trashed: nothing to write).  A rule that does
    not convert raises NotConverted."""
    alts = []
    for rule in bot.rules:
        if rule.card not in _BY_ENUM or TABLE[_BY_ENUM[rule.card]].name != card:
            continue
        parts = [_condition(c, ctx) for c in rule.conditions]
        if False in parts:
            continue
        parts = [p for p in parts if p is not True]
        if not parts:
            return None
        alts.append(" and ".join(parts))
    if not alts:
        return False
    return alts[0] if len(alts) == 1 else " or ".join(f"({a})" for a in alts)


def stem_of(name: str) -> str:
    stem = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")
    return stem or "bot"


def convert(bot: Bot, source: str) -> Converted:
    """One bot as a domsim strategy file (see the module docstring)."""
    problems: list[str] = []
    ownable = _ownable(bot)
    lets: dict = {}
    phases = (0, 1) if _uses_phase(bot) else (0,)
    ppr = (_ppr({_BY_ENUM[r.card] for r in bot.rules if r.card in _BY_ENUM})
           if "AppliesPPR" in bot.types else None)
    if ppr:
        lets["ppr"] = (ppr, "AppliesPPR: with 2 Provinces left it does not buy one while "
                            "behind by less than another card of its rules would score")

    def guard_of(card):
        return ["safe"] + (["not ppr"] if ppr and card == Card.PROVINCE else [])

    two: set = set()
    lists = {}
    for phase in phases:
        ctx = _Context(ownable, phase, lets, two)
        key = ("buy", "gain")[phase]
        lists[key] = _rule_lines(bot, ctx, key, problems if phase == 0 else [], guard_of)
    rules_of = [[line.split("  # line")[0] for line in lists[k] if not line.lstrip()
                 .startswith("#")] for k in lists]
    if len(rules_of) == 2 and rules_of[0] == rules_of[1]:
        del lists["gain"]               # the same rules: the default gain list
    for r in bot.rules:
        for c in r.conditions:
            problems += [f"line {c.line}: {n}" for n in c.notes]
    _play_settings(bot, problems)
    kingdom = _board(bot, problems)
    _start(bot, problems)
    notes = [f"in games of 3 or more players: {TWO_PLAYER[f]}" for f in sorted(two)]
    if "AppliesPPR" in bot.types and not ppr:
        notes.append("AppliesPPR: no other card of its rules scores 2 VP or more, so "
                     "the penultimate-Province rule never applies")
    settings, differs = _card_play(bot, _Context(ownable, 1, lets, two))
    notes += [f"plays differently in domsim: {d}" for d in differs]
    name = (bot.name or "").strip() or f"bot at line {bot.line}"
    text = _toml(bot, source, name, kingdom, lists, lets, problems, notes, settings)
    strategy = None
    if any(not line.lstrip().startswith("#") for line in lists["buy"]):
        try:
            strategy = Strategy._build(tomllib.loads(text), f"{source}: {name}")
        except StrategyError as e:         # a rule domsim refuses: say so, never hide it
            raise GeronimooError(f"{source}:{bot.line}: bot {name!r} converts to a "
                                 f"strategy domsim refuses ({e})") from None
    cards = list(dict.fromkeys(r.card for r in bot.rules if r.card))
    return Converted(bot, source, stem_of(name), text, strategy, problems, notes, cards)


def convert_file(path, only=None) -> list[Converted]:
    """Every bot of a file (or those named in ``only``), converted."""
    bots = read_bots(path)
    if only:
        names = {(b.name or "").strip(): b for b in bots}
        missing = [n for n in only if n not in names]
        if missing:
            from simulator.engine.cards import suggest
            raise GeronimooError(f"{path}: no bot named {missing[0]!r}"
                                 f"{suggest(missing[0], list(names))} (--list shows them)")
        bots = [b for b in bots if (b.name or "").strip() in set(only)]
    out = [convert(b, Path(path).name) for b in bots]
    seen: dict[str, int] = {}
    for c in out:                       # two bots of one name: two files
        n = seen[c.stem] = seen.get(c.stem, 0) + 1
        if n > 1:
            c.stem = f"{c.stem}-{n}"
    return out


# ============================================================ TOML text

def _toml_str(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's; DEL must be escaped too)."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def _comment(text: str) -> list[str]:
    """Comment lines for text, wrapped at 80 columns (a "- " item's lines
    indented under it); control characters are not allowed in comments."""
    out = []
    for line in text.split("\n"):
        line = re.sub(r"[\x00-\x08\x0a-\x1f\x7f]", " ", line).rstrip()
        indent = "  " if line.startswith("- ") else ""
        out += [f"# {part}" for part in textwrap.wrap(
            line, 78, subsequent_indent=indent, break_long_words=False,
            break_on_hyphens=False)] or ["#"]
    return out


SAFE_TEXT = "not (ends_game and (lead_after < 0 or lead_after == 0 and tie_loses))"
TIE_TEXT = "turns_played < players * my.turn - 1"
SAFE_COMMENT = (
    "Geronimoo's simulator never buys or gains the last card of a pile when that "
    "ends the game while it loses: behind, or tied when a tie loses (a player after "
    "it in turn order has taken a turn fewer).")
SAFE_HEADER = SAFE_COMMENT + " Every buy and gain rule below ends with \"and safe\", " \
                             "which says so (the let safe)."


def _toml(bot, source, name, kingdom, lists, lets, problems, notes, settings=()) -> str:
    desc = (bot.description or "").replace("XXXX", "\n")
    out = [MARKER, f"# file: {source}, line {bot.line}", f"# bot: {name}"]
    if bot.author:
        out += _comment(f"author: {bot.author}")
    if desc.strip():
        out += _comment("description: " + desc.strip())
    if bot.types:
        out += _comment(f"categories (<type>): {', '.join(bot.types)}")
    out += ["#"] + _comment(SAFE_HEADER)
    if lists.get("gain") is not None:
        out += _comment("Its rules ask whether it is the Action phase (isActionPhase): the "
                        "buy list reads 0 there, the gain list (Workshop, Remodel ...) 1.")
    if problems:
        out += ["#", "# Not converted:"]
        out += [line for p in problems for line in _comment(f"- {p}")]
    if notes:
        out += ["#"] + [line for n in notes for line in _comment(f"- {n}")]
    out += [f"name = {_toml_str(name)}",
            f"description = {_toml_str(' '.join(desc.split()) or 'Imported from ' + source)}"]
    if kingdom:
        out.append(f"kingdom = [{', '.join(_toml_str(k) for k in kingdom)}]")
    for key in ("buy", "gain"):
        if key in lists:
            out += [f"{key} = ["] + lists[key] + ["]"]
    out += settings
    out += ["", "[let]", f"tie_loses = {_toml_str(TIE_TEXT)}"]
    out += _comment(SAFE_COMMENT)
    out.append(f"safe = {_toml_str(SAFE_TEXT)}")
    for key, (text, why) in lets.items():
        out += _comment(why) + [f"{key} = {_toml_str(text)}"]
    return "\n".join(out) + "\n"


# ============================================================ back to XML
# A domsim buy rule maps back when its condition is made of comparisons
# (with and, or, not: "or" becomes rules of the same card one after another,
# which the first-match order makes the same) whose two sides, moved to one
# side, are one of that simulator's functions against another (or a number),
# with at most one extra operation on the right.  Sides are compared as
# linear sums of words, so "my.money + my.Market" is getTotalMoney for a bot
# that owns Markets, and "my.Smithy < my.Treasure / 11" keeps its division.

class NotExported(Exception):
    """A rule or part of a bot that has no form in that simulator's XML."""


@dataclass(frozen=True)
class _Fn:
    """One of its functions with its attribute, and the words it adds up."""
    function: str
    attribute: str | None
    terms: tuple[tuple[str, Fraction], ...]
    note: str | None = None            # how it differs, said in the XML


_NO_ARGS = {"my.cards": "countAllCardsInDeck", "coins": "countAvailableMoney",
            "my.turn": "countTurns", "empty_piles": "countEmptyPiles",
            "buys": "countBuysLeft", "actions": "actionsLeft", "my.vp": "countVP",
            "gained.cards": "countGainedCards", "gains_to_end": "gainsNeededToEndGame",
            "max(opp.vp,0)": "countMAXOpponentVP",
            "min(smallest_pile,10)": "countCardsLeftInSmallestPile"}


def _catalog(ownable: frozenset[int]) -> list[_Fn]:
    """Its functions as sums of domsim words, for a bot that can own ``ownable``;
    the widest first, so that a sum is read as one function where it can be."""
    one = Fraction(1)
    fns = [_Fn(f, None, ((w, one),)) for w, f in _NO_ARGS.items()]
    fns += [_Fn("countCardsLeftInDrawDeck", None, (("deck.size", one), ("discard.size", one))),
            _Fn("countMAXOpponentVP", None, (("opp.vp", one),),
                "opp.vp is read as countMAXOpponentVP, which counts at least 0"),
            _Fn("countAllCardsInOpponentsDeck", None, (("opp.cards", one),),
                TWO_PLAYER["countAllCardsInOpponentsDeck"])]
    money = [(f"my.{c}", Fraction(coin_value(c))) for c in sorted(ownable)
             if C.TYPES[c] & C.ACTION and coin_value(c)]
    fns.append(_Fn("getTotalMoney", None, (("my.money", one), *money)))
    for c in _CARDS:
        for root, f in (("my", "countCardsInDeck"), ("supply", "countCardsInSupply"),
                        ("hand", "countCardsInHand"), ("play", "countCardsInPlay"),
                        ("opp", "countCardsInOpponentsDecks")):
            fns.append(_Fn(f, enum_name(c), ((f"{root}.{c}", one),), TWO_PLAYER.get(f)))
    for tag in sorted({t for c in _CARDS for t in geronimoo_tags(c)}):
        if tag in C.TYPE_NAMES.values():
            fns.append(_Fn("countCardTypeInDeck", tag, ((f"my.{tag}", one),)))
        else:
            cards = [c for c in sorted(ownable) if tag in geronimoo_tags(c)]
            if cards:
                fns.append(_Fn("countCardTypeInDeck", tag,
                               tuple((f"my.{c}", one) for c in cards)))
    return sorted(fns, key=lambda f: -len(f.terms))


def _word(node) -> str:
    """The key of a domsim word (cards by id), or NotExported."""
    from simulator.language.strategy import _key
    if isinstance(node, ast.Name):
        return {"emptypiles": "empty_piles", "gainstoend": "gains_to_end", "coins": "coins",
                "buys": "buys", "actions": "actions", "smallestpile": "smallest_pile"}.get(
            _key(node.id), node.id)
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        root, attr = _key(node.value.id), node.attr
        fields = {"my": ("cards", "money", "vp", "turn"), "opp": ("vp", "cards"),
                  "deck": ("size",), "discard": ("size",), "gained": ("cards",)}
        if _key(attr) in fields.get(root, ()):
            return f"{root}.{_key(attr)}"
        if root in ("my", "opp", "supply", "hand", "play"):
            types = {t.lower(): t for t in C.TYPE_NAMES.values()}
            try:
                return f"{root}.{C.card_id(attr)}"
            except C.UnknownCardError:
                if root == "my" and _key(attr) in types:
                    return f"my.{types[_key(attr)]}"
    raise NotExported(f"no function of that simulator reads {ast.unparse(node)}")


@dataclass
class _Lin:
    terms: dict
    const: Fraction

    def scaled(self, k: Fraction) -> "_Lin":
        return _Lin({w: v * k for w, v in self.terms.items()}, self.const * k)

    def plus(self, other: "_Lin", sign: int = 1) -> "_Lin":
        terms = dict(self.terms)
        for w, v in other.terms.items():
            terms[w] = terms.get(w, Fraction(0)) + sign * v
        return _Lin({w: v for w, v in terms.items() if v}, self.const + sign * other.const)


class _Exporter:
    """One strategy's rules in that simulator's terms."""

    def __init__(self, strategy: Strategy):
        from simulator.language.strategy import _key
        self.data = strategy.data
        self.lets = {_key(k): v for k, v in (self.data.get("let") or {}).items()}
        named = set()
        for key in ("buy", "gain"):
            for text in self.data.get(key, []):
                try:
                    named.add(C.card_id(_split_rule(text)[0]))
                except (C.UnknownCardError, NotExported):
                    pass
        own = named | set(C.BASE_CARDS)
        self.ownable = frozenset(_CARDS) if own & C.GAINS_ANY else frozenset(own)
        self.catalog = _catalog(self.ownable)
        self.ppr_text = _ppr(named)
        # lets an import wrote for a tag (terminals = "my.Smithy + my.Witch"), by key
        ctx = _Context(self.ownable, 0, {})
        self.tag_lets = {}
        for fn in list(self.catalog):
            if fn.function == "countCardTypeInDeck" and fn.attribute not in C.TYPE_NAMES.values():
                name = _type_count(fn.attribute, ctx).text
                key = _key(name)
                text = " ".join(str(self.lets.get(key, "")).split())
                if text == ctx.lets[name][0]:
                    self.tag_lets[key] = fn.attribute
                    self.catalog.append(_Fn(fn.function, fn.attribute,
                                            ((f"tag:{fn.attribute}", Fraction(1)),)))
        self.notes: set[str] = set()

    def linear(self, node) -> _Lin:
        from simulator.language.strategy import _key
        if isinstance(node, ast.Constant) and type(node.value) in (int, float):
            return _Lin({}, Fraction(str(node.value)) if isinstance(node.value, float)
                        else Fraction(node.value))
        if isinstance(node, ast.Name) and _key(node.id) in self.lets:
            tag = self.tag_lets.get(_key(node.id))
            if tag is not None:             # an imported tag count: that tag, of the sums
                return _Lin({f"tag:{tag}": Fraction(1)}, Fraction(0))   # that are equal
            return self.linear(_parse(self.lets[_key(node.id)]))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            inner = self.linear(node.operand)
            return inner.scaled(Fraction(-1 if isinstance(node.op, ast.USub) else 1))
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            return self.linear(node.left).plus(self.linear(node.right),
                                               1 if isinstance(node.op, ast.Add) else -1)
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mult, ast.Div)):
            a, b = self.linear(node.left), self.linear(node.right)
            if isinstance(node.op, ast.Mult) and not a.terms:
                a, b = b, a
            if b.terms or (isinstance(node.op, ast.Div) and b.const == 0):
                raise NotExported(f"{ast.unparse(node)} multiplies or divides two words")
            return a.scaled(b.const if isinstance(node.op, ast.Mult) else 1 / b.const)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            text = ast.unparse(node).replace(" ", "")
            if text in ("min(smallest_pile,10)", "max(opp.vp,0)"):
                return _Lin({text: Fraction(1)}, Fraction(0))
            raise NotExported(f"no function of that simulator computes {ast.unparse(node)}")
        if isinstance(node, (ast.Name, ast.Attribute)):
            word = _word(node)
            if word == "lead":
                return _Lin({"my.vp": Fraction(1), "opp.vp": Fraction(-1)}, Fraction(0))
            return _Lin({word: Fraction(1)}, Fraction(0))
        raise NotExported(f"no function of that simulator computes {ast.unparse(node)}")

    def match(self, d: _Lin):
        """(fn, coefficient, rest) for the widest function d holds a multiple of."""
        for fn in self.catalog:
            w0, v0 = fn.terms[0]
            if w0 not in d.terms:
                continue
            k = d.terms[w0] / v0
            if all(d.terms.get(w) == k * v for w, v in fn.terms):
                rest = d.plus(_Lin(dict(fn.terms), Fraction(0)).scaled(k), -1)
                yield fn, k, rest

    def condition(self, d: _Lin, op: str) -> tuple | bool:
        """``d op 0`` as (left fn, comparator, right fn or number, extra op, k)."""
        if not d.terms:
            return {"<": d.const < 0, "<=": d.const <= 0, ">": d.const > 0,
                    ">=": d.const >= 0, "==": d.const == 0}[op]
        flip = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "=="}
        for f, a, rest in self.match(d):
            seconds = [(None, Fraction(0), rest)] if not rest.terms else \
                [(g, b, r) for g, b, r in self.match(rest) if not r.terms]
            for g, b, _ in seconds:
                # the function with a positive coefficient on the left first: the
                # side it was written on
                for left, x, right, y in sorted(((f, a, g, b), (g, b, f, a)),
                                                key=lambda t: t[1] <= 0):
                    if left is None:
                        continue
                    cmp = op if x > 0 else flip[op]        # left cmp (-y/x) right - k/x
                    c, k = (-y / x if right else Fraction(0)), -d.const / x
                    if right is None:
                        return (left, cmp, None, None, k)
                    if c == 1:
                        return (left, cmp, right, ("plus", k) if k else None, None)
                    if k == 0:
                        extra = ("divideBy", 1 / c) if (1 / c).denominator == 1 \
                            and c.denominator != 1 else ("multiplyWith", c)
                        return (left, cmp, right, extra, None)
        raise NotExported("its sides are not one function against another with one extra "
                          "operation")

    def dnf(self, node, negate: bool = False) -> list[list]:
        """The condition as a list of alternatives, each a list of atoms:
        ("cmp", linear, op), "safe" or "not ppr"."""
        from simulator.language.strategy import _key
        if isinstance(node, ast.BoolOp):
            parts = [self.dnf(v, negate) for v in node.values]
            conj = isinstance(node.op, ast.And) != negate
            if not conj:
                return [alt for p in parts for alt in p]
            out = [[]]
            for p in parts:
                out = [a + b for a in out for b in p]
                if len(out) > 8:
                    raise NotExported("its condition needs more than 8 rules in that "
                                      "simulator's form")
            return out
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return self.dnf(node.operand, not negate)
        if isinstance(node, ast.Name):
            key = _key(node.id)
            if key in ("true", "false"):
                return [[]] if (key == "true") != negate else []
            text = " ".join(str(self.lets.get(key, "")).split())
            if text == SAFE_TEXT and not negate:
                return [["safe"]]
            if self.ppr_text and text == self.ppr_text and negate:
                return [["not ppr"]]
            if key in self.lets:
                return self.dnf(_parse(self.lets[key]), negate)
        if isinstance(node, ast.Compare):
            pairs = list(zip([node.left, *node.comparators], node.ops, node.comparators))
            sym = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==",
                   ast.NotEq: "!="}
            opposite = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}
            alts = []
            for a, op, b in pairs:
                o = sym[type(op)]
                o = opposite[o] if negate else o
                d = self.linear(a).plus(self.linear(b), -1)
                alts.append([[("cmp", d, "<")], [("cmp", d, ">")]] if o == "!=" else
                            [[("cmp", d, o)]])
            if negate:                    # not (a < b < c): either pair fails
                return [alt for p in alts for alt in p]
            out = [[]]
            for p in alts:
                out = [x + y for x in out for y in p]
            return out
        raise NotExported(f"{ast.unparse(node)} is not a comparison")


def _parse(text) -> ast.expr:
    try:
        return ast.parse(str(text).strip(), mode="eval").body
    except SyntaxError:
        raise NotExported(f"cannot read {text!r}") from None


def _split_rule(text: str) -> tuple[str, str | None]:
    """(card name, condition text or None) of a rule string."""
    from simulator.language.strategy import _IF
    m = _IF.search(text)
    head, cond = (text[:m.start()], text[m.end():].strip()) if m else (text, None)
    return head.strip().rstrip("?").rstrip(), cond


def _xml_number(value: Fraction) -> str:
    return repr(float(value))


def _xml_side(tag: str, fn: _Fn | None, number: Fraction | None) -> str:
    if fn is None:
        return f'<{tag} type="constant" attribute="{_xml_number(number)}"/>'
    attr = f' attribute="{fn.attribute}"' if fn.attribute else ""
    return f'<{tag} type="{fn.function}"{attr}/>'


def _xml_condition(cond: tuple) -> list[str]:
    left, cmp, right, extra, number = cond
    name = {v: k for k, v in COMPARATORS.items()}[cmp]
    lines = ["      <condition>", "         " + _xml_side("left", left, None),
             f'         <operator type="{name}" />',
             "         " + _xml_side("right", right, number)]
    if extra is not None:
        op, k = extra
        if op == "plus" and k < 0:
            op, k = "minus", -k
        lines.append(f'         <extra_operation type="{op}" attribute="{_xml_number(k)}" />')
    return lines + ["      </condition>"]


def _xml_comment(text: str) -> str:
    return "<!-- " + text.replace("--", "- -") + " -->"


def export_bot(strategy: Strategy) -> tuple[str, list[str]]:
    """A strategy as one ``<player>`` element, and what did not map back
    (also written in it as XML comments)."""
    from xml.sax.saxutils import quoteattr
    ex = _Exporter(strategy)
    data = ex.data
    notes: list[str] = []
    buy = list(data.get("buy", []))
    gain = data.get("gain")
    rules: list[tuple[str, int | None]] = [(t, None) for t in buy]
    if gain is not None and list(gain) != buy:
        import difflib
        rules = []
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, buy, list(gain),
                                                           autojunk=False).get_opcodes():
            if tag == "equal":
                rules += [(t, None) for t in buy[i1:i2]]
            else:
                rules += [(t, 0) for t in buy[i1:i2]] + [(t, 1) for t in gain[j1:j2]]
    body: list[str] = []
    guarded = ppr_used = 0
    for text, phase in rules:
        card_name, cond_text = _split_rule(text)
        try:
            try:
                card = C.card_id(card_name)
            except C.UnknownCardError:
                raise NotExported(f"unknown card {card_name!r}") from None
            alts = ex.dnf(_parse(cond_text)) if cond_text else [[]]
            converted = []
            for alt in alts:
                conds, atoms = [], set()
                for atom in alt:
                    if isinstance(atom, str):
                        atoms.add(atom)
                        continue
                    c = ex.condition(atom[1], atom[2])
                    if c is False:
                        break
                    if c is not True:
                        conds.append(c)
                else:
                    converted.append((conds, atoms))
        except NotExported as e:
            notes.append(f"not exported: {text!r}: {e}")
            body.append("   " + _xml_comment(f"not exported: {text}: {e}"))
            continue
        if not converted:
            body.append("   " + _xml_comment(f"never true, left out: {text}"))
        for conds, atoms in converted:
            guarded += "safe" in atoms
            ppr_used += "not ppr" in atoms
            for fn in (f for c in conds for f in (c[0], c[2])):
                if fn is not None and fn.note:
                    ex.notes.add(f"{fn.function}: {fn.note}")
            lines = [f'   <buy name="{enum_name(card)}">' if conds or phase is not None
                     else f'   <buy name="{enum_name(card)}"/>']
            for c in conds:
                lines += _xml_condition(c)
            if phase is not None:
                lines += ["      <condition>", '         <left type="isActionPhase"/>',
                          '         <operator type="equalTo" />',
                          f'         <right type="constant" attribute="{float(phase)}"/>',
                          "      </condition>"]
            if conds or phase is not None:
                lines.append("   </buy>")
            body += lines
    if not guarded and data.get("penultimate_province"):
        notes.append("penultimate_province: that simulator's own rule, applied to every "
                     "bot, is the same except that it takes a tie when a tie does not lose")
    elif not guarded:
        notes.append("that simulator never takes a card that ends the game while it "
                     "loses, for every bot; this bot has no such rule in domsim")
    left_out = [k for k in ("play", "trash", "discard", "topdeck", "remodel", "skip", "may",
                            "choose") if k in data]
    if left_out:
        notes.append(f"not exported: {', '.join(left_out)} (that simulator plays its cards "
                     "by its own logic)")
    if any(_split_rule(t)[0] != t.split(" if ")[0].strip() for t in buy):
        notes.append("a rule for an optional card (Card?) is exported as a plain rule")
    notes += sorted(ex.notes)
    desc = " ".join(str(data.get("description") or "").split())
    head = [f"<player name={quoteattr(str(data['name']))}", ' author="domsim export"',
            f" description={quoteattr(desc)}>"]
    head += [" " + _xml_comment(f"exported by domsim from {Path(str(strategy.source)).name}")]
    head += [" " + _xml_comment(n) for n in notes]
    if ppr_used:
        head.append(' <type name="AppliesPPR"/>')
    if data.get("kingdom"):
        from simulator.engine.kingdom import parse_kingdom
        names = ", ".join(TABLE[c].name for c in parse_kingdom(data["kingdom"]))
        head.append(f'  <board contents={quoteattr(names)} bane="" Mountain_Pass_Bid="0" '
                    'Obelisk_Choice="" Shelters="false"/>')
    return "\n".join(head + body + ["</player>"]) + "\n", notes


def export_bots(strategies) -> tuple[str, dict[str, list[str]]]:
    """Strategies as a ``<playerCollection>`` file, and each one's notes."""
    parts, notes = [], {}
    for s in strategies:
        xml, n = export_bot(s)
        parts.append(xml)
        notes[s.name] = n
    text = '<?xml version="1.0" encoding="UTF-8"?>\n<playerCollection>\n' + "".join(parts) \
        + "</playerCollection>\n"
    return text, notes
