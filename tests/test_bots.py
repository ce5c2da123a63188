"""The shipped bots: a Big-Money-plus-X bot for every kingdom card, and the
engine bots that are expected to beat Big Money Ultimate.

Also the strategy-file errors that docs/strategies.md promises.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from simulator.engine import cards as C
from simulator.engine.cards import Card
from simulator.engine.kingdom import KINGDOM_SIZE, random_pool, resolve_kingdom
from simulator.runs.runner import prepare, simulate
from simulator.language.strategy import (Strategy, StrategyError, compile_program,
                                load_strategy, shipped_strategies)

KINGDOM_NAMES = [C.NAMES[c] for c in C.KINGDOM_CARDS]


def stem_of(card: str) -> str:
    return "bm-" + card.lower().replace(" ", "-")


BM_STEMS = [stem_of(n) for n in KINGDOM_NAMES]

# Engine bots and the win rate against Big Money Ultimate they must beat
# (the lower end of the 95% Wilson interval, 2 players, seats rotated).
ENGINES = {
    "workshop-gardens": 0.5,
    "chapel-witch": 0.5,
    "festival-library": 0.5,
    "smithy-market": 0.5,
    "torturer-mining-village": 0.5,      # the two-card bots of Intrigue
    "minion-library": 0.5,
    "treasure-map-warehouse": 0.5,       # the named strategies of Seaside
    "native-village-wharf": 0.5,
    "chapel-engine": 0.5,                # the engine kingdom of docs/optimize.md
}
ENGINE_GAMES = 20_000


def test_every_kingdom_card_has_a_bm_bot():
    assert len(random_pool(2)) == 26           # the base game's second edition
    stems = {Path(s.source).stem for s in shipped_strategies()}
    missing = [s for s in BM_STEMS if s not in stems]
    assert not missing, f"no strategy file for {missing}"


@pytest.mark.parametrize("card", KINGDOM_NAMES)
def test_bm_bot_is_named_for_its_card_and_needs_it(card):
    s = load_strategy(stem_of(card))
    assert Path(s.source).stem == stem_of(card)
    assert s.name == f"BM {card}"
    assert s.description and "\n" not in s.description
    assert card_id(card) in s.cards(), "the card must be in a non-optional buy/gain rule"


def card_id(name: str) -> int:
    return C.card_id(name)


@pytest.mark.parametrize("card", KINGDOM_NAMES)
def test_bm_bot_uses_other_cards_only_when_its_description_says_so(card):
    s = load_strategy(stem_of(card))
    used = {r.card for key in s.explicit for r in s.lists[key]
            if r.card in C.KINGDOM_CARDS and r.card != card_id(card) and not r.default}
    for other in used:
        assert C.NAMES[other] in s.description, (
            f"{s.source} uses {C.NAMES[other]} but its description does not say so")
    # Whatever it needs fits in one kingdom.
    assert len(s.cards()) <= KINGDOM_SIZE


def test_strategy_names_are_unique():
    names = [s.name.casefold() for s in shipped_strategies()]
    assert len(names) == len(set(names))


def test_every_shipped_strategy_compiles_in_a_kingdom_of_its_cards():
    shipped = shipped_strategies()
    assert len(shipped) >= 26 + 3
    for s in shipped:
        assert s.description, s.source
        kingdom = resolve_kingdom(None, sorted(s.cards()))
        assert len(kingdom) == KINGDOM_SIZE
        prog = compile_program([s], frozenset(kingdom))
        assert prog.lists.shape[0] == 1
        # against Big Money Ultimate too, as domsim compare does
        prepare([s, "big-money-ultimate"], None, None)


def without_card(s: Strategy, card: int) -> Strategy:
    """The same bot with its buy/gain rules for ``card`` removed."""
    lists = {k: [r.text for r in s.lists[k]
                 if not (k in ("buy", "gain") and r.card == card)]
             for k in s.explicit}
    buy = lists.pop("buy")
    return Strategy.from_rules(s.name + " without", buy, **lists,
                               penultimate_province=s.penultimate)


def games_changed_by_card(stem: str, card: str, games: int, seed: int) -> int:
    """Games whose record changes when the bot may not buy or gain ``card``.

    Same seed, same kingdom: a game can only differ if a buy/gain rule for
    the card fired in it, i.e. the bot acquired the card.  (Results records
    have no per-card counts, so this is how a black-box test sees it.)
    """
    s = load_strategy(stem)
    a = simulate([s, "big-money-ultimate"], games, seed=seed, kingdom=[card]).records
    b = simulate([without_card(s, card_id(card)), "big-money-ultimate"], games,
                 seed=seed, kingdom=[card]).records
    return sum(a[i].tobytes() != b[i].tobytes() for i in range(games))


@pytest.mark.parametrize("card", KINGDOM_NAMES)
def test_bm_bot_plays_games_with_its_card(card):
    stem = stem_of(card)
    r = simulate([stem, "big-money-ultimate"], games=200, seed=11,
                 kingdom=[card])
    assert card in r.kingdom
    d = r.to_json_dict()
    assert d["games"] == 200
    assert sum(d["ended_by"].values()) == 200
    assert d["ended_by"]["turn_cap"] == 0
    me = d["strategies"][0]
    assert me["name"] == f"BM {card}" and me["games"] == 200
    assert me["wins"] + me["ties"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("card", KINGDOM_NAMES)
def test_bm_bot_gets_its_card(card):
    # The bot really acquires its card (bought or gained): in at least 5% of
    # games its record changes when it may not (most bots: nearly all games;
    # the late-buying Cellar, Village, Throne Room, Artisan bots: 8-35%).
    assert games_changed_by_card(stem_of(card), card, 200, seed=11) >= 10


@pytest.mark.slow
@pytest.mark.parametrize("stem", sorted(ENGINES))
def test_engine_bot_beats_big_money_ultimate(stem):
    s = load_strategy(stem)
    assert "Big Money Ultimate" in s.description, "say what it is expected to beat"
    r = simulate([stem, "big-money-ultimate"], ENGINE_GAMES, seed=2024)
    me = r.to_json_dict()["strategies"][0]
    low, high = me["win_rate_ci"]
    assert low > ENGINES[stem], f"{stem}: win rate {me['win_rate']:.4f} [{low:.4f}, {high:.4f}]"


# The best money bot found for the engine kingdom (docs/optimize.md, "An
# engine kingdom"), written as there.
MILITIA_MONEY = [
    "Province if my.money + my.Militia > 16", "Duchy if supply.Province <= 4",
    "Estate if supply.Province <= 2", "Militia if my.Militia < 1", "Gold",
    "Duchy if supply.Province <= 5", "Laboratory if my.Laboratory < 2",
    "Market if my.Market < 7", "Militia if my.Militia < 2 and my.cards >= 12", "Silver",
]


@pytest.mark.slow
def test_chapel_engine_beats_the_best_money_bots_of_its_kingdom():
    """chapel-engine plays its own kingdom (its `kingdom` key) and beats the
    best money bot found there (0.682 over 100,000 games) and the best
    shipped one, Smithy/Market (0.722)."""
    money = Strategy.from_rules("Militia Money", MILITIA_MONEY, penultimate_province=True)
    for other in (money, "smithy-market"):
        r = simulate(["chapel-engine", other], ENGINE_GAMES, seed=2024)
        assert r.to_json_dict()["kingdom"][:6] == [
            "Chapel", "Village", "Smithy", "Laboratory", "Militia", "Market"]
        me = r.summary().iloc[0]
        assert me.score_low > 0.6, (other, me.score)


@pytest.mark.slow
def test_double_witch_beats_bm_witch():
    """The ten-line Double Witch of docs/strategies.md: early Estates and the
    penultimate-Province rule beat BM Witch head to head (0.513, 100,000 games)."""
    s = load_strategy("double-witch")
    assert s.penultimate and len(Path(s.source).read_text().splitlines()) <= 10
    r = simulate(["double-witch", "bm-witch"], 40_000, seed=2024)
    me, other = r.to_json_dict()["strategies"]
    assert me["win_rate_ci"][0] > 0.5 > other["win_rate_ci"][1]


def test_workshop_gardens_wins_on_piles():
    r = simulate(["workshop-gardens", "big-money-ultimate"], 2_000, seed=3)
    ended = r.to_json_dict()["ended_by"]
    assert ended["piles"] > 0.9 * 2_000


# ---------------------------------------------------------------- errors

def write(tmp_path: Path, text: str, name: str = "bot.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def error_of(path: Path) -> StrategyError:
    with pytest.raises(StrategyError) as info:
        Strategy.from_toml(path)
    return info.value


def test_unknown_key_names_the_key_and_the_file(tmp_path):
    path = write(tmp_path, 'name = "x"\nbuy = ["Gold"]\nremodle = ["Estate"]\n',
                 "typo.toml")
    err = error_of(path)
    msg = str(err)
    assert str(path) in msg
    assert "unknown key 'remodle'" in msg
    assert "did you mean 'remodel'" in msg
    for key in ("name", "description", "buy", "play", "gain", "trash", "discard",
                "topdeck", "remodel", "skip"):
        assert key in msg.split("allowed keys:")[1]
    assert err.word == "remodle"


def test_remodel_rule_with_an_unknown_card(tmp_path):
    path = write(tmp_path, 'name = "x"\nbuy = ["Gold"]\n'
                 'remodel = ["Gold if supply.Province <= 4", "Estat if supply.Province > 2"]\n')
    err = error_of(path)
    msg = str(err)
    assert f"{path}: remodel[2]" in msg
    assert '"Estat if supply.Province > 2"' in msg
    assert "unknown card 'Estat' at column 1" in msg
    assert "did you mean 'Estate'" in msg
    assert err.word == "Estat" and err.column == 1


def test_remodel_condition_with_an_unknown_card(tmp_path):
    path = write(tmp_path, 'name = "x"\nbuy = ["Gold"]\nremodel = ["Gold if my.Goldd > 1"]\n')
    msg = str(error_of(path))
    assert "remodel[1]" in msg and "unknown card 'Goldd'" in msg


@pytest.mark.parametrize("rule, column, word", [
    ("Village if actions >", 21, "end of condition"),
    ("Village if (actions > 0", 12, "("),
    ("Village if actions = 0", 20, "="),
])
def test_skip_rule_with_a_syntax_error(tmp_path, rule, column, word):
    path = write(tmp_path, f'name = "x"\nbuy = ["Gold"]\nskip = ["{rule}"]\n')
    err = error_of(path)
    msg = str(err)
    assert f"{path}: skip[1]" in msg
    assert f'"{rule}"' in msg
    assert "syntax error" in msg
    assert f"at column {column}" in msg
    assert err.column == column and err.word == word


def test_list_keys_must_be_lists_of_strings(tmp_path):
    msg = str(error_of(write(tmp_path, 'name = "x"\nbuy = ["Gold"]\nskip = "Village"\n')))
    assert "skip must be a list of rule strings" in msg
    msg = str(error_of(write(tmp_path, 'name = "x"\nbuy = ["Gold"]\nremodel = [3]\n')))
    assert "remodel[1]" in msg and "a rule must be a string" in msg


def test_documented_list_keys_compile(tmp_path):
    """Every key of docs/strategies.md in one file, with the documented meaning."""
    path = write(tmp_path, "\n".join([
        'name = "All keys"',
        'description = "every list"',
        'buy = ["Province", "Gold", "Library?", "Remodel", "Silver"]',
        'play = ["Remodel if hand.Estate > 0"]',
        'gain = ["Gold", "Silver"]',
        'trash = ["Curse", "Estate"]',
        'discard = ["Estate", "Copper if hand.size > 6"]',
        'topdeck = ["Gold"]',
        'remodel = ["Estate", "Gold if supply.Province <= 4"]',
        'skip = ["Village if actions == 0"]',
    ]) + "\n")
    s = Strategy.from_toml(path)
    assert s.explicit == frozenset({"buy", "play", "gain", "trash", "discard",
                                    "topdeck", "remodel", "skip"})
    assert s.required_cards() == {Card.REMODEL}   # "Library?" is optional
    assert [r.optional for r in s.lists["buy"]] == [False, False, True, False, False]
    prog = compile_program([s], {Card.REMODEL})  # Library left out silently
    first, end, _ = prog.lists[0, 0]
    assert end - first == 4


def test_docs_quote_the_default_lists():
    """docs/strategies.md quotes DEFAULT_LISTS; keep it in step with the code."""
    from simulator.language.strategy import DEFAULT_LISTS
    doc = (Path(__file__).resolve().parent.parent / "docs" / "strategies.md").read_text(
        encoding="utf-8")
    for key, rules in DEFAULT_LISTS.items():
        assert f"`{key}`" in doc
        for rule in rules:
            assert f'"{rule}"' in doc, f"docs/strategies.md does not quote {rule!r}"
    for stem in BM_STEMS + sorted(ENGINES):
        assert re.search(rf"\b{re.escape(stem)}\b", doc), f"{stem} not in the docs table"


def test_discard_order_follows_the_measured_table():
    """DISCARD_ORDER puts before a Silver the Actions and Treasures (Astrolabe)
    whose Big Money bot loses to Big Money Ultimate in the table of
    docs/strategies.md (a Spy), and keeps the others by cost: re-measuring
    the table may change it."""
    from simulator.engine import decide as D
    doc = (Path(__file__).resolve().parent.parent / "docs" / "strategies.md").read_text(
        encoding="utf-8")
    score = dict(re.findall(r"^\| \d+ \| `([\w-]+)`[^|]*\| ([01]\.\d{4}) \|", doc, re.M))
    weaker = set()
    for card in KINGDOM_NAMES:
        stem = stem_of(card)
        if C.TYPES[card_id(card)] & (C.ACTION | C.TREASURE) and float(score.get(stem + "-only",
                                                                  score[stem])) < 0.5:
            weaker.add(card_id(card))
    assert D.WEAKER_THAN_SILVER == weaker
    order = list(D.DISCARD_ORDER)
    silver = order.index(Card.SILVER)
    assert all(order.index(c) < silver for c in weaker)
    assert order.index(Card.SPY) < silver
    assert [C.NAMES[c] for c in order[:7]] == [
        "Curse", "Estate", "Gardens", "Duchy", "Duke", "Province", "Copper"]
    after = [c for c in order[silver + 1:]]
    assert [C.COST[c] for c in after] == sorted(C.COST[c] for c in after)
    assert order[-1] == Card.GOLD
