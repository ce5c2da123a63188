"""Card pools by edition, random kingdoms from them, names in the seed languages."""
import pandas as pd
import pytest
import typer.testing

from simulator.engine import cards as C
from simulator.cli import app as cli
from simulator.engine.kingdom import (random_kingdom, random_note, random_pool,
                                      random_pool_name, resolve_kingdom)
from simulator.runs.runner import simulate

SECOND_ONLY = {"Harbinger", "Merchant", "Vassal", "Poacher", "Bandit", "Sentry", "Artisan"}


def test_the_second_edition_is_the_rulebook_s_26_cards():
    second = {C.NAMES[c] for c in random_pool(2)}
    assert len(second) == 26 and SECOND_ONLY <= second
    assert not second & {C.NAMES[c] for c in C.KINGDOM_CARDS if not C.TABLE[c].editions}
    first = {C.NAMES[c] for c in random_pool(1)}
    assert not first & SECOND_ONLY and len(second & first) == 19
    # every card, a card printed twice as its second edition (Treasury)
    assert C.card_pool() == tuple(c for c in C.KINGDOM_CARDS if c not in C.PRINTINGS)
    # an expansion's cards are never drawn, but may be named with an edition they have
    assert all(C.TABLE[c].set == "base" for c in (*random_pool(1), *random_pool(2)))


def test_random_kingdoms_draw_from_the_chosen_pool():
    """Issue 28: a default random kingdom drew Feast, Adventurer, Envoy and
    Black Market.  By default the second edition's 26 cards turn up and
    nothing else; --edition 1 draws the first edition's (with Feast and
    Adventurer); promotional cards only when named."""
    default, first = set(), set()
    for seed in range(60):
        k2 = random_kingdom(seed, edition=2)
        assert len(set(k2)) == 10 and set(k2) <= set(random_pool(2))
        assert random_kingdom(seed) == k2                 # the default is the second
        first |= set(random_kingdom(seed, edition=1))
        default |= set(random_kingdom(seed))
    assert default == set(random_pool(2))
    assert first == set(random_pool(1))
    assert {C.NAMES[c] for c in first} >= {"Feast", "Adventurer", "Woodcutter"}
    promos = {c for c in C.KINGDOM_CARDS if not C.TABLE[c].editions}
    assert not (default | first) & promos
    assert resolve_kingdom("random", seed=5, edition=2) == random_kingdom(5, edition=2)
    assert resolve_kingdom("random", seed=5) == random_kingdom(5)
    # a promo still comes when a strategy needs it
    bm = C.card_id("Black Market")
    assert bm in resolve_kingdom("random", [bm], seed=5)


def test_random_pool_is_named():
    assert random_pool_name() == "the second-edition base set (26 cards)"
    assert random_pool_name(1) == "the first-edition base set (25 cards)"
    assert "second-edition base set" in random_note(3) and "seed 3" in random_note(3)


def test_an_edition_refuses_cards_from_outside_it():
    harbinger = C.card_id("Harbinger")
    with pytest.raises(ValueError, match="Harbinger is not in edition 1 of its set"):
        resolve_kingdom("Harbinger,Smithy", edition=1)
    with pytest.raises(ValueError, match="--edition 1"):
        resolve_kingdom(None, [harbinger], edition=1)
    with pytest.raises(ValueError, match="--edition must be 1 or 2"):
        resolve_kingdom(None, edition=3)
    # filler comes from the edition too
    assert set(resolve_kingdom("Smithy", edition=1)) <= set(C.card_pool(1))


def test_compare_takes_an_edition():
    r = simulate(["big-money", "smithy"], 20, 1, kingdom="random", edition=2)
    assert {C.card_id(n) for n in r.kingdom} <= set(C.card_pool(2))
    res = typer.testing.CliRunner().invoke(
        cli.app, ["compare", "big-money", "smithy", "-n", "10", "--edition", "7"])
    assert res.exit_code == 2 and "error: --edition must be 1 or 2" in res.stderr
    res = typer.testing.CliRunner().invoke(
        cli.app, ["log", "big-money", "smithy", "--seed", "1", "--edition", "1",
                  "--kingdom", "Harbinger"])
    assert res.exit_code == 2 and "Harbinger is not in edition 1 of its set" in res.stderr


def test_cards_command_shows_editions_and_unsure_names():
    res = typer.testing.CliRunner().invoke(cli.app, ["cards", "--wide"])
    assert res.exit_code == 0
    lines = res.stdout.split("\n\n")[0].splitlines()[2:]          # under the header
    assert len(lines) == C.NCARDS
    assert any(line.startswith("Harbinger") and " 2nd " in line for line in lines)
    assert any(line.startswith("Smithy") and " 1st+2nd " in line for line in lines)
    tables = {}                                   # one table a language, not one a name
    for c, lang in C.unsure_names():
        if lang not in tables:
            tables[lang] = typer.testing.CliRunner().invoke(
                cli.app, ["cards", "--lang", lang, "--wide"]).stdout
        out = tables[lang]
        assert f"{C.NAMES[c]} ({C.localized(c, lang)}?)" in out
        assert f"{C.NAMES[c]} ({lang}: {C.localized(c, lang)})" in out.split("\n\n")[1]


def test_the_first_edition_first_game_is_a_named_kingdom():
    from simulator.engine.kingdom import NAMED_KINGDOMS, RECOMMENDED, parse_kingdom
    want = ["Cellar", "Moat", "Village", "Workshop", "Woodcutter", "Smithy", "Remodel",
            "Militia", "Market", "Mine"]
    for spelling in ("First Game (1st edition)", "first game 1st edition"):
        assert [C.NAMES[c] for c in parse_kingdom(spelling)] == want
    assert "First Game (1st edition)" not in RECOMMENDED      # the rulebook's six stay six
    assert set(want) <= {C.NAMES[c] for c in C.card_pool(1)}
    res = typer.testing.CliRunner().invoke(cli.app, ["kingdoms", "--wide"])
    assert any(line.startswith("First Game (1st edition)") and "Woodcutter" in line
               for line in res.stdout.splitlines())
    assert NAMED_KINGDOMS
    r = simulate(["bm-woodcutter", "bm-militia"], 20, 0, kingdom="First Game (1st edition)")
    assert r.kingdom == want


def test_outputs_name_the_random_pool():
    """compare and sweep say which pool a random kingdom came from."""
    from reports import sweep as S
    from simulator.runs.experiments import plan_sweep
    r = simulate(["big-money", "smithy"], 10, 5, kingdom="random")
    assert any("second-edition base set" in n for n in r.notes)
    assert "second-edition base set" in r.table(80)
    r = simulate(["big-money", "smithy"], 10, 5, kingdom="random", edition=1)
    assert any("first-edition base set (25 cards)" in n for n in r.notes)
    assert not any("base set" in n for n in simulate(["big-money", "smithy"], 10, 5,
                                                         kingdom="First Game").notes)
    plan = plan_sweep("random:2", ["big-money", "smithy"], games=10)
    assert "second-edition base set" in plan.meta["kingdom_note"]
    text = S.text(S.Sweep(pd.DataFrame(columns=["kingdom"]), pd.DataFrame(),
                          pd.DataFrame(), plan.meta["kingdoms"], plan.meta))
    assert "second-edition base set (26 cards)" in text
    assert "kingdom_note" not in plan_sweep("recommended", ["big-money", "smithy"],
                                            games=10).meta


def test_a_card_printed_twice_is_its_edition_s_printing():
    """Treasury's meaning changed in its second edition: its first printing
    is a row of its own (``CardSpec.first_edition``), which a game of
    ``--edition 1`` plays wherever the name is written (kingdom, strategies,
    default lists, Black Market deck), and every other game never."""
    from simulator.engine.kingdom import black_market_deck
    from simulator.language.strategy import Strategy
    from simulator.runs.runner import prepare
    second = C.card_id("Treasury")
    first = C.FIRST_PRINTING[second]
    assert C.PRINTINGS == {first} and C.NAMES[first] == "Treasury"
    assert C.TABLE[second].editions == (2,) and C.TABLE[first].editions == (1,)
    assert C.TABLE[first].from_play.when == "discard from play"
    with C.edition_names(1):
        assert C.card_id("Treasury") == C.card_id("schatkamer") == first
    with C.edition_names(2):
        assert C.card_id("Treasury") == second
    assert C.card_id("Treasury") == second
    assert first in C.card_pool(1) and second not in C.card_pool(1)
    assert first not in C.card_pool(2) and first not in C.card_pool()
    assert first not in C.with_role("cantrip") and second in C.with_role("cantrip")
    assert resolve_kingdom("Treasury,Smithy", edition=1)[0] == first
    assert resolve_kingdom("Treasury,Smithy")[0] == second
    market = black_market_deck([C.card_id("Black Market")], edition=1, sets="seaside")
    assert first in market and second not in market
    # a strategy parsed before the edition is known is read again in it
    bot = Strategy.from_rules("t", ["Treasury", "Silver"], may={"Treasury": "true"})
    assert bot.in_edition(2) is bot
    again = bot.in_edition(1)
    assert {r.card for r in again.lists["buy"]} == {first, C.card_id("Silver")}
    assert [r.card for r in again.may] == [first]
    assert first in {r.card for r in again.lists["play"]}      # the default play list
    assert second not in {r.card for r in again.lists["play"]}
    for edition, card in ((1, first), (None, second), (2, second)):
        strats, _, cards, _ = prepare(["bm-treasury", "big-money"], None, None, 0, edition)
        assert card in cards and {card, second, first} & set(cards) == {card}
        assert card in strats[0].cards()
    docs = [d for d in C.as_json() if d["name"] == "Treasury"]
    assert [(d["id"], d["editions"]) for d in docs] == [(second, [2]), (first, [1])]
