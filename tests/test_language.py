"""Strategy language 2: the new words, let, extends, may, penultimate_province,
the play-list change, compiler notes and rule statistics.

What each word's value is in a real position is checked by the kernel
scenarios in tests/scenarios/words.toml; here: what each compiles to, and
that every mistake names the file, the rule or key, the column and the word.
"""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from simulator.engine import cards as C
from simulator.engine import program as P
from simulator.engine.cards import TYPE_BITS, Card
from simulator.language.strategy import (MAY_CARDS, Strategy, StrategyError, compile_program,
                                load_strategy, rule_notes)


def rule_of(text: str, key: str = "buy", **keys):
    lists = {"buy": ["Gold"], key: [text], **keys}
    if key == "buy":
        lists["buy"] = [text]
    return Strategy.from_rules("t", **lists).lists[key][0]


def error(**keys) -> StrategyError:
    keys.setdefault("buy", ["Gold"])
    with pytest.raises(StrategyError) as info:
        Strategy.from_rules("t", **keys)
    return info.value


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------- words

@pytest.mark.parametrize("word, code", [
    ("opp.Gold", (P.OP_OPP_CARD, Card.GOLD)),
    ("opp.council_room", (P.OP_OPP_CARD, Card.COUNCIL_ROOM)),
    ("opp.Action", (P.OP_OPP_TYPE, 1)),
    ("opp.Victory", (P.OP_OPP_TYPE, 4)),
    ("opp.cards", (P.OP_OPP_CARDS, 0)),
    ("opp.money", (P.OP_OPP_MONEY, 0)),
    ("opp.vp", (P.OP_OPP_VP, 0)),
    ("hand.money", (P.OP_HAND_MONEY, 0)),
    ("hand.Action", (P.OP_HAND_TYPE, 1)),
    ("hand.treasure", (P.OP_HAND_TYPE, 2)),
    ("hand.Curse", (P.OP_HAND, Card.CURSE)),               # card names win over types
    ("play.Duration", (P.OP_HAND_TYPE, TYPE_BITS["Duration"] | P.TYPE_IN_PLAY)),
    ("play.smithy", (P.OP_PLAY_CARD, Card.SMITHY)),
    ("deck.Copper", (P.OP_DECK_CARD, Card.COPPER)),
    ("deck.size", (P.OP_DECK_SIZE, 0)),
    ("discard.Silber", (P.OP_DISC_CARD, Card.SILVER)),     # German name
    ("discard.size", (P.OP_DISC_SIZE, 0)),
    ("gained.Silver", (P.OP_GAINED, Card.SILVER)),
    ("gained.cards", (P.OP_GAINED_CARDS, 0)),
    ("bought.Province", (P.OP_BOUGHT, Card.PROVINCE)),
    ("bought.cards", (P.OP_BOUGHT_CARDS, 0)),
    ("gains_to_end", (P.OP_GAINS_TO_END, 0)),
    ("GainsToEnd", (P.OP_GAINS_TO_END, 0)),
    ("lead", (P.OP_LEAD, 0)),
    ("lead_after", (P.OP_LEAD_AFTER, Card.DUCHY)),         # the rule's card
    ("card.cost", (P.OP_CARD_COST, Card.DUCHY)),            # what Duchy costs now
])
def test_each_word_compiles_to_its_opcode(word, code):
    rule = rule_of(f"Duchy if {word} > 0")
    assert rule.condition[0] == code


def test_ends_game_is_about_the_rules_own_card():
    rule = rule_of("Province if not ends_game")
    assert rule.condition[0] == (P.OP_ENDS_GAME, Card.PROVINCE)
    gain = rule_of("Smithy if ends_game or lead_after > 2", key="gain")
    assert (P.OP_ENDS_GAME, Card.SMITHY) in gain.condition
    assert (P.OP_LEAD_AFTER, Card.SMITHY) in gain.condition


def test_card_cost_works_in_every_list():
    assert rule_of("Gold if card.cost == 6", key="trash").condition[0] == \
        (P.OP_CARD_COST, Card.GOLD)


def test_decimal_literal_is_an_exact_fraction():
    rule = rule_of("Gold if my.Gold / my.cards > 0.1")
    assert rule.condition[3:6] == ((P.OP_CONST, 1), (P.OP_CONST, 10), (P.OP_DIV, 0))
    assert rule_of("Gold if coins > 2.0").condition[1] == (P.OP_CONST, 2)
    assert rule_of("Gold if coins > 1e3").condition[1] == (P.OP_CONST, 1000)


@pytest.mark.parametrize("rule, word, column, fragment", [
    ("Gold if deck.sise > 1", "deck.sise", 9, "did you mean 'deck.size'"),
    ("Gold if hand.mony > 1", "hand.mony", 9, "did you mean 'hand.money'"),
    ("Gold if hand.Actoin > 1", "hand.Actoin", 9, "did you mean 'hand.Action'"),
    ("Gold if hand.Atack > 1", "hand.Atack", 9, "did you mean 'hand.Attack'"),
    ("Gold if gained.cardz > 1", "gained.cardz", 9, "did you mean 'gained.cards'"),
    ("Gold if bought.cardz > 1", "bought.cardz", 9, "did you mean 'bought.cards'"),
    ("Gold if card.costs > 1", "card.costs", 9, "did you mean 'card.cost'"),
    ("Gold if opp.mony > 1", "opp.mony", 9, "did you mean 'opp.money'"),
    ("Gold if opp.Smithee > 1", "Smithee", 13, "did you mean 'Smithy'"),
    ("Gold if discard.Dutchy > 1", "Dutchy", 17, "did you mean 'Duchy'"),
    ("Gold if coins > 1 and gains_to_ned > 1", "gains_to_ned", 23,
     "did you mean 'gains_to_end'"),
    ("Gold if lead_afer > 0", "lead_afer", 9, "did you mean 'lead_after'"),
    ("Gold if card > 1", "card", 9, "(e.g. 'card.cost')"),
    ("Gold if deck > 1", "deck", 9, "(e.g. 'deck.Gold')"),
    ("Gold if ends_game > 0", "ends_game", 9, "'>' compares numbers"),
    ("Gold if lead_after", "lead_after", 9, "is a number, not a true/false test"),
    ("Gold if 1.5e30 > coins", "1.5e30", 9, "too many digits"),
    ("Gold if max(coins, 2) and true", "max(coins, 2)", 9, "'and' needs true/false"),
])
def test_word_errors_name_rule_column_and_word(rule, word, column, fragment):
    err = error(buy=["Province", rule])
    msg = str(err)
    assert msg.startswith(f'<python>: buy[2] "{rule}": ')
    assert f"at column {column}" in msg and fragment in msg
    assert err.column == column and err.word == word


@pytest.mark.parametrize("key, rule, word", [
    ("play", "Smithy if ends_game", "ends_game"),
    ("trash", "Estate if lead_after < 0", "lead_after"),
    ("discard", "Copper if not ends_game", "ends_game"),
])
def test_card_words_only_in_buy_and_gain_rules(key, rule, word):
    err = error(**{key: [rule]})
    msg = str(err)
    assert f'<python>: {key}[1] "{rule}"' in msg and err.word == word
    assert f"about the card a buy or gain rule would take; a {key} rule takes none" in msg


def test_turn_log_flag_only_for_programs_that_use_it():
    plain = Strategy.from_rules("p", ["Gold if opp.Gold > 1 and deck.size > 3"])
    logged = Strategy.from_rules("l", ["Gold if bought.Gold == 0"])
    assert compile_program([plain], set()).flags == 0
    assert compile_program([plain, logged], set()).flags == P.FLAG_TURN_LOG


def choose_rule(text: str, card: str = "Minion"):
    s = Strategy.from_rules("t", ["Gold"], choose={card: [text]})
    return next(r for r in s.choose if r.text == f"{card}: {text}")


def test_want_words_compile_in_choose_rules():
    cost = choose_rule("reset if want.cost > 5").condition
    assert cost == ((P.OP_WANT_COST, 0), (P.OP_CONST, 5), (P.OP_GT, 0), (P.OP_END, 0))
    # want.<Card>: 1 when the card wanted is that one (GS_WANT holds 1 + the card)
    gold = choose_rule("coins if want.Gold > 0").condition
    assert gold[:3] == ((P.OP_WANT_CARD, 0), (P.OP_CONST, Card.GOLD + 1), (P.OP_EQ, 0))
    via = Strategy.from_rules("t", ["Gold"], let={"dear": "want.cost >= 8"},
                              choose={"Minion": ["reset if dear"]})
    assert next(r for r in via.choose if r.text == "Minion: reset if dear").condition[0] == \
        (P.OP_WANT_COST, 0)


@pytest.mark.parametrize("keys, word", [
    ({"buy": ["Province if want.cost > 5"]}, "want.cost"),
    ({"gain": ["Silver if want.Gold > 0"]}, "want.Gold"),
    ({"play": ["Smithy if want.cost > 5"]}, "want.cost"),
    ({"may": {"Moneylender": "want.cost > 5"}}, "want.cost"),
    ({"let": {"dear": "want.cost >= 8"}, "buy": ["Province if dear"]}, "dear"),
])
def test_want_words_only_in_choose_rules(keys, word):
    err = error(**keys)
    assert "is read only in choose rules" in str(err) and err.word == word


def test_want_errors_suggest_the_word_or_card():
    assert "did you mean 'want.cost'" in str(error(choose={"Minion": ["reset if want.cots > 5"]}))
    assert "did you mean 'Gold'" in str(error(choose={"Minion": ["reset if want.Gld > 0"]}))


def test_want_flag_only_for_programs_that_use_it():
    plain = Strategy.from_rules("p", ["Gold if opp.Gold > 1"])
    wants = Strategy.from_rules("w", ["Gold"], choose={"Steward": ["coins if want.cost > 5"]})
    steward, minion = C.card_id("Steward"), C.card_id("Minion")
    assert compile_program([plain], set()).flags == 0
    assert compile_program([plain, wants], {steward}).flags == P.FLAG_WANT
    assert compile_program([plain, wants], set()).flags == 0    # no Steward: no rule
    # Minion's default choice reads want.cost: any game with Minion keeps the want
    assert compile_program([plain], {minion}).flags == P.FLAG_WANT


# ---------------------------------------------------------------- let

def test_let_names_an_expression_usable_in_any_condition():
    s = Strategy.from_rules("t", ["Gold if Density > 1.2", "Silver if rich"],
                            let={"density": "my.money / my.cards",
                                 "rich": "density > 1 and coins >= 3",
                                 "limit": 16},
                            play=["Smithy if my.money > limit"])
    assert s.lets == ("density", "rich", "limit")
    gold = s.lists["buy"][0].condition
    assert gold[:3] == ((P.OP_MY_MONEY, 0), (P.OP_MY_CARDS, 0), (P.OP_DIV, 0))
    assert (P.OP_CONST, 16) in s.lists["play"][0].condition


def test_let_with_card_words_is_compiled_per_rule():
    s = Strategy.from_rules("t", ["Province if safe", "Duchy if safe"],
                            let={"safe": "not (ends_game and lead_after <= 0)"})
    assert (P.OP_ENDS_GAME, Card.PROVINCE) in s.lists["buy"][0].condition
    assert (P.OP_ENDS_GAME, Card.DUCHY) in s.lists["buy"][1].condition


@pytest.mark.parametrize("let, where, fragment", [
    ({"a": "a + 1 > 0"}, "let.a", "let 'a' uses itself"),
    ({"a": "b > 0", "b": "coins"}, "let.a", "uses 'b', which comes after it"),
    ({"coins": "3"}, "let.coins", "'coins' is a built-in word"),
    ({"my": "3"}, "let.my", "'my' is a built-in word"),
    ({"max": "3"}, "let.max", "'max' is a built-in word"),
    ({"2x": "3"}, "let.2x", "a let name is letters, digits and '_'"),
    ({"a": "coins >"}, "let.a", "syntax error"),
    ({"a": "my.mony"}, "let.a", "did you mean 'my.money'"),
    ({"a": ["coins"]}, "let.a", "must be an expression string"),
])
def test_let_errors_name_the_let(let, where, fragment):
    msg = str(error(let=let))
    assert f"<python>: {where}" in msg and fragment in msg


def test_let_error_points_into_its_text():
    err = error(let={"rich": "my.money > 3 and my.Goldd > 1"})
    assert err.where == "<python>: let.rich" and err.column == 21 and err.word == "Goldd"


def test_let_used_where_it_cannot_be():
    err = error(let={"safe": "not ends_game"}, play=["Smithy if safe"])
    msg = str(err)
    assert '<python>: play[1] "Smithy if safe"' in msg and err.column == 11
    assert "'ends_game' (through let 'safe') is about the card" in msg
    msg = str(error(let={"n": "coins + 1"}, buy=["Gold if n"]))
    assert "'n' is a number, not a true/false test" in msg
    msg = str(error(let="coins"))
    assert "let must be a table" in msg


# ---------------------------------------------------------------- may

def test_may_table_gives_a_condition_per_card():
    s = Strategy.from_rules("t", ["Gold"], may={"Moneylender": "my.Copper > 3",
                                                "throne_room": True, "Vassal": False})
    assert [r.card for r in s.may] == [Card.MONEYLENDER, Card.THRONE_ROOM, Card.VASSAL]
    assert s.may[0].condition[0] == (P.OP_MY_CARD, Card.COPPER)
    assert s.may[1].condition == ((P.OP_CONST, 1), (P.OP_END, 0))
    prog = compile_program([s], {Card.MONEYLENDER, Card.THRONE_ROOM, Card.VASSAL})
    first, end, _ = prog.lists[0, P.MAY]
    assert prog.rules[first:end, 0].tolist() == [Card.MONEYLENDER, Card.THRONE_ROOM,
                                                 Card.VASSAL]


def test_may_cards():
    assert set(MAY_CARDS) >= {Card.HARBINGER, Card.VASSAL, Card.MONEYLENDER,
                              Card.THRONE_ROOM, Card.LIBRARY, Card.MINE}


@pytest.mark.parametrize("may, fragment", [
    ({"Smithy": "true"}, "Smithy has no \"you may\" choice that the may table decides; "
                         "cards with one: Harbinger"),
    ({"Smithee": "true"}, "unknown card 'Smithee' (did you mean 'Smithy'?)"),
    ({"Mine": "my.Gold >"}, 'may.Mine "my.Gold >": syntax error'),
    ({"Mine": "ends_game"}, "a may condition takes none"),
    ({"Mine": "card.cost > 3"}, "a may condition takes none"),
    ({"Mine": 3}, "'3' is a number"),
    ({"Mine": ["x"]}, "may.Mine must be an expression string"),
])
def test_may_errors(may, fragment):
    assert fragment in str(error(may=may))


# ---------------------------------------------------------------- extends

PARENT = '''\
name = "Parent"
description = "a parent"
buy = ["Province", "Gold", "Silver"]
trash = ["Curse"]
let = { rich = "my.money > 10" }
may = { Moneylender = "false" }
'''


def test_extends_inherits_lists_lets_and_may(tmp_path):
    write(tmp_path, "parent.toml", PARENT)
    child = write(tmp_path, "child.toml", '''\
name = "Child"
extends = "parent.toml"
buy = ["Witch if my.Witch < 2 and rich", "..."]
''')
    s = Strategy.from_toml(child)
    assert [r.text for r in s.lists["buy"]] == ["Witch if my.Witch < 2 and rich",
                                                "Province", "Gold", "Silver"]
    assert s.lists["buy"][1].where.endswith("parent.toml: buy[1]")
    assert [r.text for r in s.lists["trash"]] == ["Curse"]
    assert s.explicit == frozenset({"buy", "trash"})
    assert s.lets == ("rich",) and s.may[0].card == Card.MONEYLENDER
    assert s.parent.endswith("parent.toml") and s.description == ""


def test_extends_by_stem_and_name_and_splice_of_defaults():
    by_stem = Strategy.from_rules("a", extends="big-money-ultimate")
    by_name = Strategy.from_rules("b", extends="Big Money Ultimate")
    bmu = load_strategy("big-money-ultimate")
    assert [r.text for r in by_stem.lists["buy"]] == [r.text for r in bmu.lists["buy"]]
    assert [r.text for r in by_name.lists["buy"]] == [r.text for r in bmu.lists["buy"]]
    # "..." in a list the parent leaves to its default splices that default
    s = Strategy.from_rules("c", extends="big-money-ultimate",
                            gain=["Smithy", "..."], trash=["Copper", "..."])
    assert [r.text for r in s.lists["gain"]][1:] == [r.text for r in bmu.lists["buy"]]
    assert [r.text for r in s.lists["trash"]][0] == "Copper"
    assert [r.text for r in s.lists["trash"]][1:] == [r.text for r in bmu.lists["trash"]]


def test_a_child_let_replaces_the_parents_in_place(tmp_path):
    write(tmp_path, "p.toml", 'name = "P"\nbuy = ["Gold if b"]\n'
                              '[let]\na = "coins > 3"\nb = "a and buys > 0"\n')
    s = Strategy.from_toml(write(tmp_path, "c.toml", 'name = "C"\nextends = "p.toml"\n'
                                                     '[let]\na = "coins > 5"\n'))
    assert s.lets == ("a", "b")
    assert (P.OP_CONST, 5) in s.lists["buy"][0].condition


def test_extends_errors(tmp_path):
    write(tmp_path, "a.toml", 'name = "A"\nextends = "b.toml"\nbuy = ["Gold"]\n')
    write(tmp_path, "b.toml", 'name = "B"\nextends = "a.toml"\nbuy = ["Gold"]\n')
    with pytest.raises(StrategyError) as info:
        Strategy.from_toml(tmp_path / "a.toml")
    msg = str(info.value)
    assert "b.toml: extends cycle: " in msg
    assert f"{tmp_path / 'a.toml'} -> {tmp_path / 'b.toml'} -> {tmp_path / 'a.toml'};" in msg
    write(tmp_path, "self.toml", 'name = "S"\nextends = "self.toml"\nbuy = ["Gold"]\n')
    with pytest.raises(StrategyError, match="extends cycle"):
        Strategy.from_toml(tmp_path / "self.toml")
    msg = str(error(extends="big-mony-ultimate"))
    assert "unknown strategy 'big-mony-ultimate'" in msg and "big-money-ultimate" in msg
    assert "needs 'extends'" in str(error(buy=["Gold", "..."]))
    msg = str(error(extends="big-money", buy=["...", "Gold", "..."]))
    assert "buy[3]" in msg and "'...' may appear once" in msg
    assert "must be a strategy name or a path" in str(error(extends=3))
    with pytest.raises(StrategyError, match="no such strategy file"):
        Strategy.from_rules("x", extends="missing.toml")
    # issue 28: a missing parent is named with the file that extends it
    write(tmp_path, "orphan.toml", 'name = "O"\nextends = "gone.toml"\nbuy = ["Gold"]\n')
    with pytest.raises(StrategyError) as info:
        Strategy.from_toml(tmp_path / "orphan.toml")
    assert str(info.value).startswith(
        f"{tmp_path / 'orphan.toml'}: extends 'gone.toml': {tmp_path / 'gone.toml'}: "
        "no such strategy file")
    assert info.value.where == f"{tmp_path / 'orphan.toml'}: extends"
    # a mistake in an inherited rule names the parent file
    write(tmp_path, "bad.toml", 'name = "Bad"\nbuy = ["Gold if my.Goldd > 1"]\n')
    write(tmp_path, "kid.toml", 'name = "Kid"\nextends = "bad.toml"\n')
    with pytest.raises(StrategyError) as info:
        Strategy.from_toml(tmp_path / "kid.toml")
    assert "bad.toml: buy[1]" in str(info.value)


# ---------------------------------------------------------------- play list

def test_unnamed_actions_follow_an_explicit_play_list():
    s = Strategy.from_rules("t", ["Witch", "Smithy", "Gold"],
                            play=["Smithy", "Chapel if false"])
    play = s.lists["play"]
    assert [r.text for r in play[:2]] == ["Smithy", "Chapel if false"]
    tail = [r.card for r in play[2:]]
    assert all(r.default for r in play[2:])
    assert Card.WITCH in tail and Card.SMITHY not in tail and Card.CHAPEL not in tail
    assert s.unnamed_actions == (Card.WITCH,)
    notes = rule_notes([s], {Card.WITCH, Card.SMITHY, Card.CHAPEL})
    assert any("does not name Witch" in n and '"Witch if false"' in n for n in notes)
    named = Strategy.from_rules("n", ["Witch"], play=["Witch if false"])
    assert rule_notes([named], {Card.WITCH}) == []


def test_default_play_plays_remodel_only_with_a_target():
    s = Strategy.from_rules("t", ["Province", "Remodel", "Silver"])
    rule = next(r for r in s.lists["play"] if r.card == Card.REMODEL)
    assert rule.condition is not None and (P.OP_HAND, Card.CURSE) in rule.condition
    own = Strategy.from_rules("o", ["Province", "Remodel"], remodel=["Gold"])
    rule = next(r for r in own.lists["play"] if r.card == Card.REMODEL)
    assert rule.condition[:3] == ((P.OP_HAND, Card.GOLD), (P.OP_CONST, 0), (P.OP_GT, 0))
    assert (P.OP_SUPPLY, Card.PROVINCE) in rule.condition    # the upgrade it needs
    # nothing Remodel may gain improves on a Copper: never played by default
    none = Strategy.from_rules("c", ["Remodel"], remodel=["Copper"])
    rule = next(r for r in none.lists["play"] if r.card == Card.REMODEL)
    assert rule.condition == ((P.OP_CONST, 0), (P.OP_END, 0))
    told = Strategy.from_rules("x", ["Remodel"], play=["Remodel"])
    assert told.lists["play"][0].condition is None        # the file said so


# ---------------------------------------------------------------- options

def test_penultimate_province_guards_buy_and_gain_rules():
    s = Strategy.from_rules("t", ["Province", "Duchy if coins > 4"], gain=["Estate"],
                            penultimate_province=True)
    assert (P.OP_ENDS_GAME, Card.PROVINCE) in s.lists["buy"][0].condition
    assert (P.OP_ENDS_GAME, Card.DUCHY) in s.lists["buy"][1].condition
    assert (P.OP_LEAD_AFTER, Card.ESTATE) in s.lists["gain"][0].condition
    assert "must be true or false" in str(error(penultimate_province="yes"))


def test_toml_file_with_every_new_key(tmp_path):
    path = write(tmp_path, "bot.toml", '\ufeff' + '''\
name = "All new keys"
extends = "big-money-ultimate"
penultimate_province = true
buy = ["Witch if my.Witch < two", "..."]
play = ["Witch"]

[let]
two = 2

[may]
Moneylender = "my.Copper > 3"
''')
    s = Strategy.from_toml(path)
    assert s.lists["buy"][0].card == Card.WITCH and s.lets == ("two",)
    assert s.may[0].card == Card.MONEYLENDER


def test_notes_for_rules_that_can_never_fire():
    s = Strategy.from_rules("x", ["Province", "Silver", "Smithy", "Silver if coins > 3"],
                            play=["Gold", "Smithy", "Witch?"], trash=["Chapel"],
                            may={"Vassal": "true"})
    notes = rule_notes([s], {Card.SMITHY})
    assert 'x: buy[3] "Smithy" will not fire while the Silver pile lasts' in notes[0]
    expected = [
        'buy[4] "Silver if coins > 3" can never fire: the earlier rule buy[2] always '
        'takes Silver first',
        'play[1] "Gold" can never fire: Gold is not an Action',
        'play[3] "Witch?" can never fire: Witch is not in the kingdom',
        'trash[1] "Chapel" can never fire: Chapel is not in the kingdom',
        'may[1] "Vassal: true" can never fire: Vassal is not in the kingdom',
    ]
    assert notes[1:] == [f"x: {e}" for e in expected]
    never = Strategy.from_rules("y", ["Gold"], play=["Smithy"])
    assert rule_notes([never], {Card.SMITHY}) == [
        'y: play[1] "Smithy" can never fire: the buy and gain lists never take Smithy']


def test_shipped_bots_give_no_notes():
    from simulator.engine.kingdom import resolve_kingdom
    from simulator.language.strategy import shipped_strategies
    bmu = load_strategy("big-money-ultimate")
    for s in shipped_strategies():
        kingdom = resolve_kingdom(None, sorted(s.required_cards()), 0,
                                  wanted=sorted(s.cards()))
        notes = rule_notes([s, bmu], kingdom)
        if s.stem.startswith("opt-"):
            # the optimiser's engine writes the default order up to the draw
            # and leaves the rest to it: naming Remodel would drop its default
            # condition (played only when it can improve a hand card)
            notes = [n for n in notes if "the play list does not name" not in n]
        assert notes == [], s.stem


# ---------------------------------------------------------------- rule statistics

def test_rule_stats_count_what_the_games_did():
    from simulator.runs.runner import simulate
    r = simulate(["bm-witch", "big-money-ultimate"], 3000, seed=5, threads=1)
    stats = r.rule_stats()
    assert set(stats.columns) >= {"strategy", "list", "rule", "text", "default",
                                  "fires", "per_game"}
    for k, name in enumerate(r.entries):
        mine = stats[(stats.strategy == name) & (stats.list == "buy")]
        provinces = mine[mine.text.str.startswith("Province")].fires.sum()
        owned = r.records["provinces"][r.records["entry"] == k].sum()
        assert provinces == owned          # every Province came from a buy rule
    witch = stats[(stats.strategy == "BM Witch") & stats.text.str.startswith("Witch?")]
    assert 0 < witch.per_game.sum() <= 2    # at most two Witches per game
    played = stats[(stats.strategy == "BM Witch") & (stats.list == "play")
                   & (stats.text == "Witch")]
    assert played.fires.iloc[0] > 0 and played.default.iloc[0]
    again = simulate(["bm-witch", "big-money-ultimate"], 3000, seed=5, threads=2)
    assert again.rule_stats().fires.tolist() == stats.fires.tolist()
    text = r.explain()
    assert "BM Witch: rules fired per game" in text and "never fired" not in text.split(
        "Big Money Ultimate:")[0].split("buy[")[0]


def test_rule_stats_mark_never_fired_and_may_rules():
    from simulator.runs.runner import simulate
    bot = Strategy.from_rules("Lender", ["Province", "Gold", "Moneylender if my.Moneylender < 1",
                                         "Silver", "Curse if false"],
                              may={"Moneylender": "my.Copper > 5"})
    r = simulate([bot, "big-money-ultimate"], 400, seed=1, threads=1)
    stats = r.rule_stats()
    may = stats[stats.list == "may"]
    assert len(may) == 1 and may.fires.iloc[0] > 0
    assert np.isfinite(stats.per_game).all()
    curse = stats[stats.text == "Curse if false"].iloc[0]
    assert curse.fires == 0 and curse.note == ""
    assert re.search(r"buy\[5\]\s+Curse if false\s+never fired\n", r.explain())
    shadowed = Strategy.from_rules("Shadow", ["Province", "Silver", "Smithy"])
    r = simulate([shadowed, "big-money"], 200, seed=1, threads=1)
    row = r.rule_stats().query("strategy == 'Shadow' and text == 'Smithy'").iloc[0]
    assert row.fires == 0 and row.note.startswith("will not fire while the Silver pile lasts")
    assert "(will not fire while the Silver pile lasts" in r.explain()
    assert any(n.startswith('Shadow: buy[3] "Smithy" will not fire') for n in r.notes)


def test_compare_explain_cli():
    import json

    import typer.testing

    from simulator.cli import app as cli
    run = typer.testing.CliRunner().invoke
    res = run(cli.app, ["compare", "bm-smithy", "big-money", "--games", "200",
                        "--explain", "--threads", "1"])
    assert res.exit_code == 0, res.output
    assert "BM Smithy: rules fired per game" in res.output
    assert "play[" in res.output and "(default)" in res.output
    res = run(cli.app, ["compare", "bm-smithy", "big-money", "--games", "200",
                        "--explain", "--json", "--threads", "1"])
    data = json.loads(res.output)
    assert {"strategy", "list", "rule", "text", "fires", "per_game"} <= set(data["rules"][0])
