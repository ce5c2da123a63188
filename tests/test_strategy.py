"""Strategy compiler: file checks, error messages, and the compiled code's meaning."""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from simulator.engine import program as P
from simulator.language import strategy as strategy_module
from simulator.engine.cards import COST, NAMES, Card, KINGDOM_CARDS, TABLE, TYPES
from simulator.language.strategy import (DEFAULT_LISTS, Rule, Strategy, StrategyError,
                                compile_program, load_strategy,
                                shipped_strategies)

SMITHY_TOML = '''\
name = "Smithy"
description = "Big Money with Smithies, one per 11 treasures"
buy = [
  "Province if my.money > 15",
  "Duchy if supply.Province <= 4",
  "Estate if supply.Province <= 2",
  "Gold",
  "Duchy if supply.Province <= 6",
  "Smithy if my.Smithy < my.Treasure / 11",
  "Silver",
]
'''


def write(tmp_path: Path, text: str, name: str = "smithy.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def one_rule(rule: str, key: str = "buy") -> Rule:
    lists = {"buy": ["Gold"], key: [rule]}
    s = Strategy.from_rules("t", **lists)
    return s.lists[key][0]


def error_of(rule: str) -> StrategyError:
    with pytest.raises(StrategyError) as info:
        Strategy.from_rules("t", ["Province", rule])
    return info.value


# ---------------------------------------------------------------- reference evaluator

# Fake game position: what each leaf opcode reads.
ENV = {
    "my": {Card.SMITHY: 2, Card.COPPER: 7, Card.SILVER: 3, Card.GOLD: 1,
           Card.ESTATE: 3, Card.CURSE: 1, Card.COUNCIL_ROOM: 1},
    "supply": {Card.PROVINCE: 5, Card.THRONE_ROOM: 10, Card.CURSE: 4},
    "hand": {Card.COPPER: 3, Card.SMITHY: 1},
    "cards": 18, "money": 16, "vp": 2, "turn": 9, "opp_vp": 7,
    "empty_piles": 1, "coins": 4, "buys": 2, "actions": 0, "hand_size": 4,
    "players": 2,
    # the second vocabulary (the rule's card is Gold: no VP, costs 6)
    "opp": {Card.GOLD: 2, Card.SMITHY: 1}, "opp_types": {1: 1, 2: 9},
    "opp_cards": 15, "opp_money": 12, "hand_money": 3,
    "deck": {Card.COPPER: 4, Card.GOLD: 1}, "deck_size": 8,
    "discard": {Card.SILVER: 2}, "discard_size": 5,
    "gained": {Card.SILVER: 1}, "bought": {Card.SILVER: 1}, "gained_cards": 2,
    "bought_cards": 1, "gains_to_end": 9, "lead": -5, "lead_after": {Card.GOLD: -5},
    "ends_game": {Card.GOLD: 0},
}


def leaf(op: int, arg: int) -> float:
    e = ENV
    if op == P.OP_CONST:
        return arg
    if op == P.OP_MY_CARD:
        return e["my"].get(arg, 0)
    if op == P.OP_MY_TYPE:
        return sum(n for c, n in e["my"].items() if TYPES[c] & arg)
    if op == P.OP_SUPPLY:
        return e["supply"].get(arg, 0)
    if op == P.OP_HAND:
        return e["hand"].get(arg, 0)
    if op == P.OP_HAND_TYPE:
        return sum(n for c, n in e["hand"].items() if TYPES[c] & arg)
    if op == P.OP_CARD_COST:             # the printed cost: no reduction here
        return int(COST[arg])
    by_card = {P.OP_OPP_CARD: "opp", P.OP_DECK_CARD: "deck", P.OP_DISC_CARD: "discard",
               P.OP_GAINED: "gained", P.OP_BOUGHT: "bought", P.OP_ENDS_GAME: "ends_game",
               P.OP_LEAD_AFTER: "lead_after"}
    if op in by_card:
        return e[by_card[op]].get(arg, 0)
    if op == P.OP_OPP_TYPE:
        return e["opp_types"].get(arg, 0)
    return {
            P.OP_OPP_CARDS: e["opp_cards"], P.OP_OPP_MONEY: e["opp_money"],
            P.OP_HAND_MONEY: e["hand_money"], P.OP_DECK_SIZE: e["deck_size"],
            P.OP_DISC_SIZE: e["discard_size"], P.OP_GAINED_CARDS: e["gained_cards"],
            P.OP_BOUGHT_CARDS: e["bought_cards"], P.OP_GAINS_TO_END: e["gains_to_end"],
            P.OP_LEAD: e["lead"],P.OP_MY_CARDS: e["cards"], P.OP_MY_MONEY: e["money"],
            P.OP_MY_VP: e["vp"], P.OP_MY_TURN: e["turn"], P.OP_OPP_VP: e["opp_vp"],
            P.OP_EMPTY_PILES: e["empty_piles"], P.OP_COINS: e["coins"],
            P.OP_BUYS: e["buys"], P.OP_ACTIONS: e["actions"],
            P.OP_HAND_SIZE: e["hand_size"], P.OP_PLAYERS: e["players"]}[op]


BINARY = {
    P.OP_ADD: lambda a, b: a + b, P.OP_SUB: lambda a, b: a - b,
    P.OP_MUL: lambda a, b: a * b, P.OP_DIV: lambda a, b: a / b,
    P.OP_FLOORDIV: lambda a, b: math.floor(a / b),
    P.OP_MOD: lambda a, b: a - b * math.floor(a / b),
    P.OP_LT: lambda a, b: float(a < b), P.OP_LE: lambda a, b: float(a <= b),
    P.OP_GT: lambda a, b: float(a > b), P.OP_GE: lambda a, b: float(a >= b),
    P.OP_EQ: lambda a, b: float(a == b), P.OP_NE: lambda a, b: float(a != b),
    P.OP_AND: lambda a, b: float(a != 0 and b != 0),
    P.OP_OR: lambda a, b: float(a != 0 or b != 0),
    P.OP_MIN: min, P.OP_MAX: max,
}


def run(code: np.ndarray, pc: int) -> bool:
    """Evaluate flat code from offset pc on a float stack, as the kernel does."""
    stack: list[float] = []
    depth = 0
    while True:
        op, arg = int(code[pc]), int(code[pc + 1])
        pc += 2
        if op == P.OP_END:
            assert len(stack) == 1, "a condition leaves exactly one value"
            assert depth <= P.STACK_DEPTH
            return stack[0] != 0.0
        if op == P.OP_NEG:
            stack[-1] = -stack[-1]
        elif op == P.OP_NOT:
            stack[-1] = float(stack[-1] == 0.0)
        elif op == P.OP_ABS:
            stack[-1] = abs(stack[-1])
        elif op in BINARY:
            b, a = stack.pop(), stack.pop()
            stack.append(BINARY[op](float(a), float(b)))
        else:
            stack.append(float(leaf(op, arg)))
        depth = max(depth, len(stack))


def evaluate(condition: str) -> bool:
    """Compile `Gold if <condition>` and run it through the reference evaluator."""
    s = Strategy.from_rules("t", [f"Gold if {condition}"])
    prog = compile_program([s], set())
    first = prog.lists[0, P.BUY, 0]
    card, off, _ = prog.rules[first]
    assert card == Card.GOLD and off >= 0
    return run(prog.code, int(off))


class Obj:
    def __init__(self, **kw):
        self.__dict__.update(kw)


# The same position as Python objects, so Python can evaluate the same text.
PY = dict(
    my=Obj(Smithy=2, Copper=7, Silver=3, Gold=1, Estate=3, Curse=1, CouncilRoom=1,
           Village=0, cards=18, money=16, vp=2, turn=9, Treasure=11, Victory=3,
           Action=3),
    supply=Obj(Province=5, ThroneRoom=10, Curse=4),
    hand=Obj(Copper=3, Smithy=1, Gold=0, size=4, money=3),
    opp=Obj(vp=7, Gold=2, Smithy=1, Action=1, Treasure=9, cards=15, money=12),
    deck=Obj(Copper=4, Gold=1, size=8), discard=Obj(Silver=2, Gold=0, size=5),
    gained=Obj(Silver=1, Gold=0, cards=2), bought=Obj(Silver=1, cards=1),
    card=Obj(cost=6), gains_to_end=9, lead=-5, lead_after=-5, ends_game=False,
    min=min, max=max, abs=abs,
    empty_piles=1, coins=4, buys=2, actions=0, players=2, true=True, false=False,
)

EXPRESSIONS = [
    "3 < 10 / 3",                 # 3.33: true division
    "10 / 4 > 2",
    "7 // 2 == 3",
    "-7 // 2 == -4",
    "7 % 3 == 1",
    "-7 % 3 == 2",
    "my.Smithy < my.Treasure / 11",   # 2 < 1.0: false
    "my.Smithy * 11 >= my.Treasure",
    "2 <= coins < 5",
    "1 < coins < 3",
    "0 <= actions <= 0 < buys",
    "not coins > 3",
    "not (coins > 3 and buys > 2)",
    "coins > 3 and buys > 2 or players == 2",
    "coins > 9 or buys > 2 or not false",
    "true and not false",
    "my.money - 2 * my.Gold > 13",
    "-my.vp + opp.vp == 5",
    "(my.cards + 2) * 3 == 60",
    "my.Curse == 1 and my.Victory == 3",
    "supply.Province <= 4 or empty_piles >= 1",
    "hand.Copper + 2 * hand.Gold >= hand.size - 1",
    "my.turn % 2 != 0",
    "supply.ThroneRoom == 10 and my.CouncilRoom == 1",
    "my.Village < my.Smithy - 1",
    "(coins > 3) == (buys > 1)",
    "(coins > 5) != (buys > 1)",
    # the second vocabulary, functions and decimals
    "opp.Gold == 2 and opp.Smithy == 1 and opp.Action == 1 and opp.Treasure == 9",
    "opp.cards == 15 and opp.money == 12 and opp.vp == 7",
    "hand.money == 3 and hand.money < hand.size",
    "deck.Copper == 4 and deck.Gold == 1 and deck.size == 8",
    "discard.Silver == 2 and discard.Gold == 0 and discard.size == 5",
    "gained.Silver == 1 and gained.Gold == 0 and gained.cards == 2",
    "bought.Silver == 1 and bought.cards == 1",
    "gains_to_end == 9 and lead == -5 and lead_after == lead",
    "card.cost == 6 and not ends_game",
    "max(coins, buys) == 4 and min(coins, buys) == 2 and min(coins, buys, 1) == 1",
    "max(coins, my.vp, opp.vp, 3) == 7 and abs(-coins) == 4 and abs(lead) == 5",
    "abs(coins - 10) == 6 and min(-1, abs(-2)) == -1",
    "my.Gold / my.cards > 0.05 and my.Gold / my.cards < 0.06",
    "0.5 * coins == 2 and 1e1 == 10 and 2.5 + 0.25 == 2.75",
    "coins * 0.1 == 0.4 and -0.5 < 0 and 1_000 == 1000",
    "my.money / my.cards > 0.8888888",
]


@pytest.mark.parametrize("expr", EXPRESSIONS)
def test_compiled_code_means_what_python_means(expr):
    assert evaluate(expr) == bool(eval(expr, {"__builtins__": {}}, PY))


def test_some_expressions_are_false():
    # Guards against an evaluator that always says True.
    assert not evaluate("my.Smithy < my.Treasure / 11")
    assert not evaluate("3 > 10 / 3")
    assert not evaluate("1 < coins < 3")


# Conditions over cells of the position, run by the kernel itself: packing
# rewrites them (one-comparison tests, a cell divided by a whole number as one
# word), and the rewritten code must mean what the text means.
KERNEL_EXPRESSIONS = [
    "my.Smithy < my.Treasure / 11",
    "my.Smithy < my.Treasure / 5",
    "my.Treasure / 11 > 1",
    "my.Treasure / 11 >= 1",
    "supply.Province / 2 >= 2.5",
    "supply.Province / 2 > 2.5",
    "my.Smithy + my.Treasure / 4 == 4.75",
    "coins / 3 < 1.34 and coins / 3 > 1.33",
    "coins / -2 == -2 and my.Gold / 0 > 1000",
    "my.Treasure / 32767 > 0 and my.Treasure / 32768 > 0",
    # whole numbers only (OP_ITEST), every comparison, the cell on either side
    "supply.Province <= 8", "supply.Province < 8", "8 >= supply.Province",
    "supply.Province == 8", "supply.Province != 8", "my.Gold > 1", "1 < my.Gold",
    "my.Gold >= 2", "coins > my.Treasure", "coins < -1", "my.Smithy == 0",
    "supply.Province <= 5", "supply.Province >= 5", "supply.Province == 5",
    "supply.Province < 5", "supply.Province > 5", "my.Gold != 1", "5 == supply.Province",
]


@pytest.mark.parametrize("expr", KERNEL_EXPRESSIONS)
def test_kernel_conditions_mean_what_python_means(expr):
    from simulator.engine import codes as S, decide as D, program as PG, zones as Z
    prog = PG.pack_program(compile_program([Strategy.from_rules("t", [f"Gold if {expr}"])],
                                          set()))
    z = np.zeros((S.NROWS, S.NC), dtype=np.int32)
    for card in ("Smithy", "Copper", "Silver", "Gold"):
        z[S.OWN, getattr(Card, card.upper())] = getattr(PY["my"], card)
    Z.recount(z, 0)                                   # my.Treasure: 11
    z[S.SUPPLY, Card.PROVINCE] = PY["supply"].Province
    z[S.GS, S.GS_COINS] = PY["coins"]
    first_rule = prog[1] + prog[PG.HEAD + P.BUY * 3] * 3
    fst = np.zeros(64, dtype=np.float64)
    python = bool(eval(expr.replace("/ 0", "/ 1e-300"), {"__builtins__": {}}, PY))
    assert D.rule_holds(z, fst, prog, 0, first_rule) == python


def test_pirate_ship_tokens_read_the_players_own_mat():
    # my.pirate_ship_tokens: one cell of the player's scalars, as the kernel reads it
    from simulator.engine import codes as S, decide as D, program as PG
    prog = PG.pack_program(compile_program(
        [Strategy.from_rules("t", ["Gold if my.pirate_ship_tokens >= 2"])], set()))
    z = np.zeros((S.NROWS, S.NC), dtype=np.int32)
    first_rule = prog[1] + prog[PG.HEAD + P.BUY * 3] * 3
    fst = np.zeros(64, dtype=np.float64)
    z[S.PR + S.PS, S.PS_PIRATE_SHIP] = 5             # another player's tokens
    z[S.PS, S.PS_PIRATE_SHIP] = 1
    assert not D.rule_holds(z, fst, prog, 0, first_rule)
    z[S.PS, S.PS_PIRATE_SHIP] = 2
    assert D.rule_holds(z, fst, prog, 0, first_rule)


def test_a_cell_divided_by_a_whole_number_is_packed_as_one_word():
    from simulator.engine import program as PG
    prog = PG.pack_program(compile_program(
        [Strategy.from_rules("t", ["Gold if my.Smithy < my.Treasure / 11"])], set()))
    code = prog[prog[2]:]
    assert list(code[:2]) == [PG.OP_TEST, PG._MASKS[P.OP_LT]]          # one comparison
    assert code[4] == PG.OP_CELL_Q and code[5] >> PG.Q_SHIFT == 11
    assert list(code[6:8]) == [P.OP_END, 0]


def test_a_comparison_of_whole_numbers_is_packed_as_an_integer_test():
    from simulator.engine import program as PG
    prog = PG.pack_program(compile_program([Strategy.from_rules("t", [
        "Gold if supply.Province <= 4", "Silver if my.money > 15",
        "Duchy if my.Smithy < my.Treasure / 11", "Estate if coins > 1 and coins < 8"])],
        set()))
    ops = [prog[prog[2] + prog[prog[1] + 3 * r + 1]] for r in range(4)]
    assert ops == [PG.OP_ITEST, PG.OP_ITEST, PG.OP_TEST, PG.OP_TEST]


def test_card_and_type_counts_read_the_right_cards():
    rule = one_rule("Gold if my.Curse > 0 and my.Attack >= 0 and hand.Smithy > 0")
    assert (P.OP_MY_CARD, Card.CURSE) in rule.condition        # card, not type
    assert (P.OP_MY_TYPE, 16) in rule.condition                # Attack bit
    assert (P.OP_HAND, Card.SMITHY) in rule.condition
    assert rule.condition[-1] == (P.OP_END, 0)


def test_deep_expression_fits_the_stack_and_too_deep_is_refused():
    ok = "(" * 10 + "1" + " + (1" * 20 + ")" * 20 + ")" * 10 + " > 0"
    assert evaluate(ok)
    too_deep = "1" + " + (1" * 40 + ")" * 40 + " > 0"
    err = error_of(f"Gold if {too_deep}")
    assert "stack" in str(err)


# ---------------------------------------------------------------- valid files

def test_smithy_file_compiles(tmp_path):
    s = Strategy.from_toml(write(tmp_path, SMITHY_TOML))
    assert s.name == "Smithy" and s.description.startswith("Big Money")
    assert [r.card for r in s.lists["buy"]] == [
        Card.PROVINCE, Card.DUCHY, Card.ESTATE, Card.GOLD, Card.DUCHY, Card.SMITHY,
        Card.SILVER]
    assert s.explicit == frozenset({"buy"})
    assert set(s.lists) == set(P.LIST_KEYS)
    assert s.cards() == {Card.SMITHY}
    assert s.lists["buy"][5].where.endswith("smithy.toml: buy[6]")
    prog = compile_program([s], {Card.SMITHY})
    assert prog.code.dtype == np.int32 and prog.code.ndim == 1
    assert prog.rules.dtype == np.int32 and prog.rules.shape[1] == 3
    assert prog.lists.shape == (1, P.NLISTS, 3) and prog.lists.dtype == np.int32
    assert all(a.flags.c_contiguous for a in (prog.code, prog.rules, prog.lists))
    first, end, explicit = prog.lists[0, P.BUY]
    assert (end - first, explicit) == (7, 1)
    assert prog.rules[first + 3].tolist() == [Card.GOLD, -1, 0]  # no condition


def test_every_shipped_strategy_compiles_with_its_cards():
    shipped = shipped_strategies()
    stems = [Path(s.source).stem for s in shipped]
    assert stems == sorted(stems)
    for stem in ("big-money", "big-money-ultimate", "smithy", "bm-smithy",
                 "bm-village", "bm-laboratory", "bm-market", "bm-festival",
                 "bm-council-room", "bm-moat", "bm-witch", "bm-merchant",
                 "bm-gardens"):
        assert stem in stems
    names = [s.name.casefold() for s in shipped]
    assert len(set(names)) == len(names), "names must be unique to load by name"
    for s in shipped:
        assert s.description, s.source
        prog = compile_program([s], s.cards())
        assert prog.lists[0, P.BUY, 1] > prog.lists[0, P.BUY, 0]
    prog = compile_program(shipped, set().union(*(s.cards() for s in shipped)))
    assert prog.lists.shape[0] == len(shipped)
    for s in shipped:
        if s.name.startswith("BM "):
            card = s.name[3:].removesuffix(" only")        # "BM Village only": one card
            assert Card[card.upper().replace(" ", "_")] in s.cards()
            if s.name.endswith(" only"):
                assert s.cards() == {Card[card.upper().replace(" ", "_")]}


def test_big_money_files_say_what_they_promise():
    bm = load_strategy("big-money")
    assert [(r.card, r.condition) for r in bm.lists["buy"]] == [
        (Card.PROVINCE, None), (Card.GOLD, None), (Card.SILVER, None)]
    bmu = load_strategy("big-money-ultimate")
    assert [r.text for r in bmu.lists["buy"]] == [
        "Province if my.money > 18", "Duchy if supply.Province <= 4",
        "Estate if supply.Province <= 2", "Gold", "Duchy if supply.Province <= 6",
        "Silver"]
    smithy = load_strategy("smithy")
    assert [r.text for r in smithy.lists["buy"]][5] == \
        "Smithy if my.Smithy < my.Treasure / 11"


def test_card_names_any_case_language_and_spelling():
    s = Strategy.from_rules("t", [
        "council room if my.council_room < 1 and my.CouncilRoom < 1",
        "THRONE ROOM if supply.Throne_Room > 0 and supply.throneroom > 0",
        "Raadszaal", "Schmiede", "鍛冶屋 if my.鍛冶屋 < 1", "Provinz IF my.MONEY > 3",
    ], play=["Troonzaal", "Smithy"])
    buy = s.lists["buy"]
    assert [r.card for r in buy] == [Card.COUNCIL_ROOM, Card.THRONE_ROOM,
                                     Card.COUNCIL_ROOM, Card.SMITHY, Card.SMITHY,
                                     Card.PROVINCE]
    assert (P.OP_MY_CARD, Card.COUNCIL_ROOM) in buy[0].condition
    assert buy[1].condition.count((P.OP_SUPPLY, Card.THRONE_ROOM)) == 2
    assert (P.OP_MY_MONEY, 0) in buy[5].condition
    assert [r.card for r in s.lists["play"][:2]] == [Card.THRONE_ROOM, Card.SMITHY]
    assert all(r.default for r in s.lists["play"][2:])   # the unnamed Actions follow


# ---------------------------------------------------------------- errors

def test_unknown_card_in_condition(tmp_path):
    path = write(tmp_path, SMITHY_TOML.replace("my.Smithy < my.Treasure / 11",
                                               "my.Smithee < 2"))
    with pytest.raises(StrategyError) as info:
        Strategy.from_toml(path)
    msg = str(info.value)
    assert "smithy.toml: buy[6]" in msg
    assert '"Smithy if my.Smithee < 2"' in msg
    assert "unknown card 'Smithee'" in msg
    assert "column 14" in msg                 # the 'S' of Smithee, 1-based
    assert "did you mean 'Smithy'" in msg
    assert info.value.column == 14 and info.value.word == "Smithee"


def test_unknown_rule_card():
    err = error_of("Smithee if coins > 3")
    assert "<python>: buy[2]" in str(err)
    assert "unknown card 'Smithee' at column 1" in str(err)
    assert "did you mean 'Smithy'" in str(err)
    err = error_of("  Golld")
    assert "unknown card 'Golld' at column 3" in str(err)
    assert "did you mean 'Gold'" in str(err)


@pytest.mark.parametrize("rule, word, column, hint", [
    ("Gold if mine.money > 5", "mine", 9, "'my'"),
    ("Gold if my.mony > 5", "my.mony", 9, "'my.money'"),
    ("Gold if my.card >= 20", "my.card", 9, "'my.cards'"),
    ("Gold if opp.vpp > 5", "opp.vpp", 9, "'opp.vp'"),
    ("Gold if hand.sise > 5", "hand.sise", 9, "'hand.size'"),
    ("Gold if coins > 3 and emptypile > 1", "emptypile", 23, "'empty_piles'"),
    ("Gold if money > 5", "money", 9, "'my.money'"),
])
def test_unknown_word(rule, word, column, hint):
    err = error_of(rule)
    msg = str(err)
    assert f"unknown word {word!r}" in msg
    assert f"at column {column}" in msg
    assert f"did you mean {hint}" in msg
    assert err.column == column and err.word == word


def test_bare_card_name_in_condition_points_to_counts():
    msg = str(error_of("Gold if Gold < 2"))
    assert "unknown word 'Gold'" in msg and "my.Gold" in msg


@pytest.mark.parametrize("rule, column, word", [
    ("Gold if my.money = 3", 18, "="),
    ("Gold if (my.money > 3", 9, "("),
    ("Gold if my.money > ", 19, "end of condition"),
    ("Gold if coins > 3 && buys > 1", 19, "&"),
])
def test_syntax_error_names_the_column(rule, column, word):
    err = error_of(rule)
    assert "syntax error" in str(err)
    assert f"at column {column}" in str(err)
    assert err.word.startswith(word)


@pytest.mark.parametrize("rule, word, column", [
    ("Gold if my.money", "my.money", 9),
    ("Gold if coins > 3 and my.money", "my.money", 23),
    ("Gold if not coins", "coins", 13),
    ("Gold if (coins > 3) + 1 > 2", "coins > 3", 10),
    ("Gold if 1 < true", "true", 13),
    ("Gold if coins > 1 == true", "true", 22),
])
def test_bad_type(rule, word, column):
    err = error_of(rule)
    assert "bad type" in str(err)
    assert f"{word!r}" in str(err) and f"column {column}" in str(err)


@pytest.mark.parametrize("rule, fragment", [
    ("Gold if 1e20 > coins", "too many digits"),
    ("Gold if 0.0000000001 > coins", "too many digits"),
    ("Gold if 4294967296 > coins", "32 bits"),
    ("Gold if coins ** 2 > 3", "'**'"),
    ("Gold if coins > 3 & buys > 1", "use 'and'"),
    ("Gold if mix(coins, 3) > 3", "unknown function 'mix' at column 9 (did you mean 'min'?)"),
    ("Gold if len(coins) > 3", "unknown function 'len' at column 9 (functions: min, max, abs)"),
    ("Gold if max(coins) > 3", "max() takes two or more numbers, got 1"),
    ("Gold if abs(coins, 1) > 3", "abs() takes one number, got 2"),
    ("Gold if max(coins, 3 > 2) > 3", "'max()' needs number operands"),
    ("Gold if min > 3", "'min' is a function"),
    ("Gold if my > 3", "'my' needs"),
    ("Gold if", "missing condition"),
    ("? if coins > 1", "missing card name"),
])
def test_other_refusals(rule, fragment):
    assert fragment in str(error_of(rule))


def test_int32_extremes_are_accepted():
    rule = one_rule("Gold if coins > -2147483648 and coins < 2147483647")
    assert (P.OP_CONST, -2147483648) in rule.condition
    assert (P.OP_CONST, 2147483647) in rule.condition


def test_file_level_errors(tmp_path):
    cases = [
        ('name = "x"\nbuy = []\n', "buy list is empty"),
        ('name = "x"\n', "missing required key 'buy'"),
        ('buy = ["Gold"]\n', "missing required key 'name'"),
        ('name = "x"\nbuy = ["Gold"]\nby = ["Gold"]\n', "unknown key 'by'"),
        ('name = "x"\nbuy = ["Gold"]\ntrash = "Curse"\n', "trash must be a list"),
        ('name = "x"\nbuy = ["Gold", 3]\n', "buy[2]"),
        ('name = "x"\nbuy = ["Gold"\n', "not valid TOML"),
        ('name = 5\nbuy = ["Gold"]\n', "'name' must be"),
    ]
    for i, (text, fragment) in enumerate(cases):
        path = write(tmp_path, text, f"bad{i}.toml")
        with pytest.raises(StrategyError) as info:
            Strategy.from_toml(path)
        assert f"bad{i}.toml" in str(info.value), text
        assert fragment in str(info.value), text
    with pytest.raises(StrategyError, match="did you mean 'buy'"):
        Strategy.from_toml(tmp_path / "bad3.toml")
    with pytest.raises(StrategyError, match="did you mean 'discard'"):
        Strategy.from_rules("x", ["Gold"], discrad=["Estate"])
    with pytest.raises(StrategyError, match="buy list is empty"):
        Strategy.from_rules("x", [])


# ---------------------------------------------------------------- kingdom

def test_optional_rule_dropped_when_card_absent():
    s = Strategy.from_rules("w", ["Province", "Witch? if my.Witch < 2", "Silver"])
    assert s.lists["buy"][1].optional and s.required_cards() == set()
    assert s.cards() == {Card.WITCH}              # wanted in a default kingdom
    without = compile_program([s], set())
    first, end, _ = without.lists[0, P.BUY]
    assert without.rules[first:end, 0].tolist() == [Card.PROVINCE, Card.SILVER]
    with_witch = compile_program([s], {Card.WITCH})
    first, end, _ = with_witch.lists[0, P.BUY]
    assert with_witch.rules[first:end, 0].tolist() == [Card.PROVINCE, Card.WITCH,
                                                       Card.SILVER]
    assert with_witch.rules[first + 1, 2] == P.RULE_OPTIONAL
    # The default gain list copies buy, so it drops the same way.
    first, end, explicit = without.lists[0, P.GAIN]
    assert (end - first, explicit) == (2, 0)


def test_absent_card_without_question_mark_is_an_error():
    s = Strategy.from_rules("Witchy", ["Province", "Witch if my.Witch < 2", "Silver"])
    assert s.cards() == {Card.WITCH}
    with pytest.raises(StrategyError) as info:
        compile_program([s], {Card.SMITHY})
    msg = str(info.value)
    assert "'Witchy'" in msg and "buy[2]" in msg and "Witch" in msg
    assert "Witch?" in msg and "kingdom" in msg


def test_absent_cards_elsewhere_are_dropped_and_conditions_kept():
    s = Strategy.from_rules("x", ["Gold if my.Witch == 0 and supply.Chapel == 0"],
                            trash=["Curse", "Estate"], play=["Chapel", "Smithy"])
    prog = compile_program([s], {Card.SMITHY})
    first, end, explicit = prog.lists[0, P.PLAY]
    assert prog.rules[first:end, 0].tolist() == [Card.SMITHY]   # Chapel: absent
    assert explicit == 1                       # still the strategy's own list
    first, end, _ = prog.lists[0, P.TRASH]
    assert prog.rules[first:end, 0].tolist() == [Card.CURSE, Card.ESTATE]
    assert evaluate("my.Witch == 0")


def test_layout_of_several_strategies():
    a = Strategy.from_rules("a", ["Province", "Gold if coins >= 6"])
    b = Strategy.from_rules("b", ["Gold if coins >= 6", "Silver"],
                            trash=[], gain=["Silver"])
    prog = compile_program([a, b], set(KINGDOM_CARDS))        # every card present
    rules, lists = prog.rules, prog.lists
    for s, strat in enumerate((a, b)):
        for key, k in P.LIST_KEYS.items():
            first, end, explicit = lists[s, k]
            assert rules[first:end, 0].tolist() == [r.card for r in strat.lists[key]]
            assert explicit == (key in strat.explicit)
    # conditions point at their own code (shared when identical)
    offs = {int(r[1]) for s in range(2) for r in rules[slice(*lists[s, P.BUY, :2])]
            if r[0] == Card.GOLD}
    assert len(offs) == 1 and run(prog.code, offs.pop()) in (True, False)
    assert lists[1, P.TRASH, 1] == lists[1, P.TRASH, 0]   # explicit empty list


# ---------------------------------------------------------------- defaults

def test_default_lists():
    assert DEFAULT_LISTS["trash"] == ("Curse", "Estate if my.turn <= 10",
                                      "Copper if my.money > 6")
    assert DEFAULT_LISTS["discard"] == ("Curse", "Estate", "Duchy", "Province",
                                        "Gardens", "Duke")
    assert DEFAULT_LISTS["topdeck"] == ()
    # a card's play_if is its default rule's condition (Treasure Map: a pair in hand)
    assert "Treasure Map if hand.Treasure_Map >= 2" in DEFAULT_LISTS["play"]
    # Cellar (after_draw) waits for the terminals that draw while 2+ Actions
    # are left: Smithy, Library, Moat count, Militia and Village do not
    cellar = next(r for r in DEFAULT_LISTS["play"] if r.startswith("Cellar"))
    assert cellar.startswith("Cellar if actions < 2 or ") and cellar.endswith(" == 0")
    held = cellar.split(" or ", 1)[1].removesuffix(" == 0").split(" + ")
    assert {"hand.Smithy", "hand.Library", "hand.Moat", "hand.Council_Room"} <= set(held)
    assert not {"hand.Militia", "hand.Village", "hand.Market"} & set(held)
    assert len(held) == len(set(held))
    play = [r.split(" if ")[0] for r in DEFAULT_LISTS["play"]]
    actions = {NAMES[c] for c in KINGDOM_CARDS if "Action" in TABLE[c].types}
    assert set(play) == actions and len(play) == len(actions)
    pos = play.index
    # Bazaar first: Village's "+" numbers and +$1
    assert play[:2] == ["Bazaar", "Village"] and pos("Festival") < pos("Laboratory")
    # non-terminals (more cards first), the terminals whose choice offers
    # +Actions (Nobles, Pawn: more cards first), Throne Room, then the
    # terminals: the attack that draws, draw of 3+ cards, other attacks,
    # Moat; relative positions, so that a new card does not move them
    non_terminal = [c for c in play if TABLE[NAMES.index(c)].actions]
    assert play[:len(non_terminal)] == non_terminal
    n = len(non_terminal)
    assert play[n:n + 2] == ["Nobles", "Pawn"] and play[n + 2] == "Throne Room"
    in_order = ["Laboratory", "Market", "Sentry", "Poacher", "Merchant", "Harbinger",
                "Cellar", "Throne Room", "Witch", "Council Room", "Library", "Smithy",
                "Bandit", "Militia", "Bureaucrat", "Moat"]
    assert [pos(c) for c in in_order] == sorted(pos(c) for c in in_order)
    assert play[-1] == "Chapel"


def test_defaults_fill_missing_lists():
    s = Strategy.from_rules("x", ["Province", "Smithy if my.Smithy < 1"])
    assert s.explicit == frozenset({"buy"})
    assert s.lists["gain"] == s.lists["buy"]
    assert [r.text for r in s.lists["trash"]] == list(DEFAULT_LISTS["trash"])
    assert [TABLE[r.card].name for r in s.lists["play"]] == \
        [r.split(" if ")[0] for r in DEFAULT_LISTS["play"]]
    assert s.lists["topdeck"] == ()
    prog = compile_program([s], {Card.SMITHY})
    for key in ("gain", "play", "trash", "discard", "topdeck"):
        assert prog.lists[0, P.LIST_KEYS[key], 2] == 0
    first, end, _ = prog.lists[0, P.PLAY]
    assert prog.rules[first:end, 0].tolist() == [Card.SMITHY]   # absent cards dropped
    first, _, _ = prog.lists[0, P.TRASH]
    est = prog.rules[first + 1]
    assert est[0] == Card.ESTATE
    ENV["turn"] = 10
    try:
        assert run(prog.code, int(est[1]))
        ENV["turn"] = 11
        assert not run(prog.code, int(est[1]))
    finally:
        ENV["turn"] = 9


# ---------------------------------------------------------------- loading

def test_load_by_stem_name_and_path(tmp_path):
    by_stem = load_strategy("big-money-ultimate")
    assert by_stem.name == "Big Money Ultimate"
    assert load_strategy("Big Money Ultimate") is by_stem
    assert load_strategy("big money ultimate") is by_stem
    assert load_strategy("BM Witch").name == "BM Witch"
    path = write(tmp_path, SMITHY_TOML, "mine.toml")
    assert load_strategy(path).source == str(path)
    assert load_strategy(str(path)).name == "Smithy"


@pytest.mark.slow
def test_load_shipped_by_stem_or_name_finds_what_the_full_scan_finds():
    """The first file in stem order whose stem or name matches, as scanning
    every shipped file finds it, though a stem match loads one file."""
    shipped = shipped_strategies()
    norm = strategy_module._norm_ref
    for s in shipped:
        for ref in (s.stem, s.stem.upper(), s.name, s.name.lower()):
            if "/" in ref:                      # e.g. "Smithy/Market": a path
                continue
            first = next(t for t in shipped
                         if norm(t.stem) == norm(ref) or norm(t.name) == norm(ref))
            assert load_strategy(ref) is first, ref


def test_load_by_stem_compiles_only_that_file(monkeypatch):
    """A stem needs no compiling of every shipped file; a display name still does."""
    def no_full_scan():
        raise AssertionError("compiled every shipped file")
    monkeypatch.setattr(strategy_module, "_shipped", no_full_scan)
    assert load_strategy("big-money").name == "Big Money"
    assert load_strategy("Smithy").name == "Smithy"
    with pytest.raises(AssertionError, match="compiled every"):
        load_strategy("Optimised Deck Top")     # a name unlike the stem: the scan


def test_load_prefers_an_earlier_files_name_over_a_later_stem(tmp_path, monkeypatch):
    """A stem match that a file earlier in stem order matches by name loses,
    as in the full scan (no shipped pair collides so; this pins the order)."""
    files = [write(tmp_path, SMITHY_TOML.replace('"Smithy"', f'"{name}"'), f"{stem}.toml")
             for stem, name in (("a-bot", "Zed Bot"), ("zed-bot", "Other"),
                                ("zz", "Last"))]
    monkeypatch.setattr(strategy_module, "_strategy_files", lambda: files)
    strategy_module._shipped.cache_clear()
    try:
        assert load_strategy("zed-bot").source == str(files[0])     # a-bot's name
        assert load_strategy("other").source == str(files[1])
        assert load_strategy("zz").source == str(files[2])
    finally:
        strategy_module._shipped.cache_clear()


def test_load_unknown_suggests_shipped_names():
    with pytest.raises(StrategyError) as info:
        load_strategy("big-mony")
    msg = str(info.value)
    assert "unknown strategy 'big-mony'" in msg and "did you mean" in msg
    assert "big-money-ultimate" in msg          # the list of shipped stems
    with pytest.raises(StrategyError, match="no such"):
        load_strategy("/nonexistent/strategy.toml")


# ---------------------------------------------------------------- file limits

def test_strategy_files_over_one_megabyte_are_refused_unread(tmp_path, monkeypatch):
    """Issue 28: a 50 MB strategy file was read whole (2.4 GB of memory)."""
    limit = strategy_module.MAX_FILE_BYTES
    ok = write(tmp_path, SMITHY_TOML + "#" * (limit - len(SMITHY_TOML) - 1) + "\n",
               "at-limit.toml")
    assert ok.stat().st_size == limit and load_strategy(ok).name == "Smithy"
    big = write(tmp_path, SMITHY_TOML + "#" * limit + "\n", "big.toml")
    with pytest.raises(StrategyError, match=r"big\.toml: 1,048,\d+ bytes; a strategy file "
                                            r"may hold at most 1 MB"):
        load_strategy(big)
    child = write(tmp_path, 'name = "Child"\nextends = "big.toml"\n', "child.toml")
    with pytest.raises(StrategyError, match=r"big\.toml: .* at most 1 MB"):
        load_strategy(child)
    # refused from its size, before a byte is read
    reads = []
    real_read = strategy_module.os.read
    monkeypatch.setattr(strategy_module.os, "read",
                        lambda fd, n: reads.append(n) or real_read(fd, n))
    with pytest.raises(StrategyError, match="at most 1 MB"):
        load_strategy(big)
    assert reads == []


def test_a_fifo_or_device_given_as_a_strategy_is_refused_at_once(tmp_path):
    """A FIFO with no writer blocked the open forever; /dev/zero never ends."""
    import os
    import subprocess
    import sys
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    code = ("import sys\nfrom simulator.language.strategy import load_strategy, StrategyError\n"
            "for ref in sys.argv[1:]:\n"
            "    try:\n        load_strategy(ref)\n"
            "    except StrategyError as e:\n        print(e)\n")
    out = subprocess.run([sys.executable, "-c", code, str(fifo), "/dev/zero"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        f"{fifo} is a FIFO, not a strategy file: give the path of a .toml file",
        "/dev/zero is a device, not a strategy file: give the path of a .toml file"]


# ---------------------------------------------------------------- issue 28: errors

def test_let_and_may_names_that_differ_only_by_case_are_an_error(tmp_path):
    """Two entries that are one name overwrote each other silently."""
    with pytest.raises(StrategyError, match=r"let\.rich and let\.Rich are one name"):
        Strategy.from_rules("t", ["Gold if rich"], let={"rich": "coins > 5", "Rich": "coins > 6"})
    with pytest.raises(StrategyError, match=r"let\.my_x and let\.myx are one name"):
        Strategy.from_rules("t", ["Gold if myx"], let={"my_x": "true", "myx": "false"})
    with pytest.raises(StrategyError, match=r"may\.Moneylender and may\.geld_verleiher both "
                                            r"name Moneylender"):
        Strategy.from_rules("t", ["Gold"], may={"Moneylender": "true",
                                                "geld_verleiher": "false"})
    path = write(tmp_path, 'name = "T"\nbuy = ["Gold if a"]\n[let]\na = "coins > 5"\n'
                           'A = "coins > 6"\n', "case.toml")
    with pytest.raises(StrategyError) as info:
        load_strategy(path)
    assert str(info.value).startswith(f"{path}: let.a and let.A are one name")
    assert info.value.where == f"{path}: let.A"
    # a child's entry of the same name still replaces its parent's
    parent = write(tmp_path, 'name = "P"\nbuy = ["Gold if a"]\n[let]\na = "coins > 5"\n',
                   "parent.toml")
    child = write(tmp_path, f'name = "C"\nextends = "{parent.name}"\n[let]\nA = "coins > 6"\n',
                  "child.toml")
    assert load_strategy(child).lets == ("A",)


def test_errors_show_one_line_of_the_reference_and_point_to_the_docs():
    """Each error carries the one reference line that applies (not the
    whole reference) and the section of docs/strategies.md."""
    cases = [
        (dict(buy=["Gold if my.mony > 3"]), "conditions", "my.money, my.vp"),
        (dict(buy=["Gold if hand.sise > 3"]), "conditions", "hand.size, hand.money"),
        (dict(buy=["Gold if (1"]), "conditions", "a condition is a true/false test"),
        (dict(buy=["Gld"]), "rules", 'a list holds rules "<Card>"'),
        (dict(buy="Gold"), "rules", 'a list holds rules "<Card>"'),
        (dict(buy=["Gold"], bogus=1), "keys", "allowed keys: name"),
        (dict(buy=["Gold"], let={"coins": "1"}), "named-expressions-let", "[let] name ="),
        (dict(buy=["Gold"], may={"Smithy": "true"}), "you-may-choices-may", "may = {"),
        (dict(buy=["Gold"], extends="big-mony"), "reuse-extends", "extends = "),
        (dict(buy=["Gold"], penultimate_province="yes"),
         "never-end-the-game-behind-penultimate_province", "never take a card that ends"),
    ]
    for keys, anchor, line in cases:
        with pytest.raises(StrategyError) as info:
            Strategy.from_rules("t", **keys)
        msg = str(info.value)
        assert msg.endswith(f"(see docs/strategies.md#{anchor})"), msg
        assert line in msg and msg.count(line) == 1, msg
        assert len(msg) < 400, msg
    with pytest.raises(StrategyError) as info:
        compile_program([Strategy.from_rules("t", ["Witch", "Gold"])], frozenset())
    assert str(info.value).endswith("(see docs/strategies.md#optional-rules-card)")


def test_every_reference_anchor_is_a_section_of_the_docs():
    docs = (Path(__file__).parents[1] / "docs" / "strategies.md").read_text()
    for anchor, line in strategy_module.REFERENCE.values():
        assert f"(#{anchor})" in docs, anchor


@pytest.mark.parametrize("condition", [":\n", "\n", "coins >\t\r1 and"])
def test_a_rule_with_a_line_break_is_quoted_on_one_line(condition):
    """A rule holding a line break or another control character is quoted
    escaped, so the error is one line (hypothesis found ':\\n')."""
    with pytest.raises(StrategyError) as info:
        Strategy.from_rules("t", [f"Gold if {condition}", "Silver"])
    msg = str(info.value)
    assert "\n" not in msg and "\r" not in msg and "\t" not in msg, msg
    assert f'"Gold if {condition.encode("unicode_escape").decode()}' in msg, msg


def test_a_long_rule_is_quoted_around_the_mistake():
    """An error quotes a long rule in part (the column still counts in the
    whole text): a pasted 12,000-character rule was repeated whole."""
    rule = "Gold if " + " and ".join(["coins > 1"] * 1200) + " and my.mony > 2"
    with pytest.raises(StrategyError) as info:
        Strategy.from_rules("t", [rule])
    msg = str(info.value)
    assert len(rule) > 12_000 and len(msg) < 500, len(msg)
    assert '"…' in msg and "my.mony > 2" in msg
    assert f"at column {rule.index('my.mony') + 1}" in msg
    with pytest.raises(StrategyError) as info:
        Strategy.from_rules("t", "x" * 12_000)
    assert len(str(info.value)) < 400
