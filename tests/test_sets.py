"""--sets: the sets random kingdoms, the filler and the Black Market deck come
from; the recommended kingdoms of every set; the balance report's set filter;
the optimiser's roles and the game log for the Intrigue cards.

Every test reads the registry: a card another helper adds later (Lurker,
Duke ...) is picked up without being named here."""
import pytest
import typer.testing

from simulator.cli import app as cli
from simulator.engine import cards as C
from simulator.engine.kingdom import (INCOMPLETE_KINGDOMS, KNOWN_SETS, RECOMMENDED,
                                      black_market_deck, drawn_pool, parse_kingdom,
                                      parse_sets, random_kingdom, random_note,
                                      random_pool, random_pool_name, resolve_kingdom)
from simulator.runs import experiments as X
from simulator.runs.runner import simulate


def _set(c: int) -> str:
    return C.TABLE[c].set


def _of(set_: str, edition: int | None = None) -> set[int]:
    return {c for c in C.KINGDOM_CARDS if _set(c) == set_
            and (edition is None or edition in C.TABLE[c].editions)}


def test_sets_parse_in_registry_order_and_a_wrong_name_lists_the_known_ones():
    assert KNOWN_SETS[:3] == ("base", "intrigue", "seaside")
    assert parse_sets(None) == ("base",)
    assert parse_sets("intrigue") == ("intrigue",)
    assert parse_sets(" Intrigue , base") == ("base", "intrigue")
    assert parse_sets(["intrigue", "base"]) == ("base", "intrigue")
    for bad in ("hinterlands", "base,", "", "promo", "test"):
        with pytest.raises(ValueError, match="give one or more of base, intrigue, seaside"):
            parse_sets(bad)


def test_the_pool_of_each_option():
    # the default is today's pool: the base set's second edition, no promos
    assert random_pool() == random_pool(sets="base") == random_pool(2, "base")
    assert set(random_pool()) == _of("base", 2) and len(random_pool()) == 26
    assert set(random_pool(sets="intrigue")) == _of("intrigue", 2)
    assert set(random_pool(1, "intrigue")) == _of("intrigue", 1)
    assert set(random_pool(sets="base,intrigue")) == _of("base", 2) | _of("intrigue", 2)
    assert set(random_pool(1, "base,intrigue")) == _of("base", 1) | _of("intrigue", 1)
    # the first edition's Intrigue has Great Hall, the second Mill instead
    first = {C.NAMES[c] for c in random_pool(1, "intrigue")}
    second = {C.NAMES[c] for c in random_pool(2, "intrigue")}
    assert "Great Hall" in first - second and "Mill" in second - first
    # filler and Black Market deck: every edition, promos with the base set only
    promos = {c for c in C.KINGDOM_CARDS if _set(c) == "promo"}
    assert set(drawn_pool()) == _of("base") | promos
    assert set(drawn_pool(sets="intrigue")) == _of("intrigue")
    assert set(drawn_pool(sets="base,intrigue")) == _of("base") | promos | _of("intrigue")
    market = C.card_id("Black Market")
    deck = black_market_deck([market], sets="intrigue")
    assert deck and {_set(c) for c in deck} == {"intrigue"}
    assert black_market_deck([market]) == black_market_deck([market], sets="base")


def test_random_kingdoms_name_their_pool():
    assert random_pool_name() == "the second-edition base set (26 cards)"
    n = len(random_pool(sets="intrigue"))
    assert random_pool_name(sets="intrigue") == f"the second-edition Intrigue set ({n} cards)"
    assert random_pool_name(1, "base,intrigue").startswith(
        "the first-edition base and Intrigue sets (")
    assert "Intrigue set" in random_note(3, sets="intrigue")
    for seed in range(20):
        assert random_kingdom(seed) == random_kingdom(seed, sets="base")   # unchanged
        k = random_kingdom(seed, sets="intrigue")
        assert len(set(k)) == 10 and {_set(c) for c in k} == {"intrigue"}


def test_a_game_drawn_from_intrigue_holds_only_intrigue_cards():
    r = simulate(["big-money", "big-money"], 20, 7, kingdom="random", sets="intrigue",
                 threads=1)
    assert {_set(C.card_id(n)) for n in r.kingdom} == {"intrigue"}
    assert any("Intrigue set" in n for n in r.notes)
    # no kingdom given: the bots' cards, filled from the chosen sets
    r = simulate(["bm-torturer", "big-money"], 20, 7, sets="intrigue", threads=1)
    assert {_set(C.card_id(n)) for n in r.kingdom} == {"intrigue"}
    # named cards may come from any set
    k = resolve_kingdom("Smithy", sets="intrigue")
    assert C.card_id("Smithy") in k and {_set(c) for c in k[1:]} == {"intrigue"}


def test_the_default_is_the_base_set_bit_for_bit():
    a = simulate(["bm-witch", "bm-militia"], 200, 3, kingdom="random", threads=1)
    b = simulate(["bm-witch", "bm-militia"], 200, 3, kingdom="random", sets="base",
                 threads=1)
    assert a.kingdom == b.kingdom and a.records.tobytes() == b.records.tobytes()


def test_bad_sets_fail_before_playing():
    with pytest.raises(ValueError, match="unknown set 'prosperity'"):
        simulate(["big-money", "big-money"], 10, 0, sets="prosperity")
    res = typer.testing.CliRunner().invoke(
        cli.app, ["compare", "big-money", "smithy", "-n", "10", "--sets", "base,prosperity"])
    assert res.exit_code == 2 and "base, intrigue, seaside" in res.stderr


def test_compare_and_log_take_sets():
    runner = typer.testing.CliRunner()
    res = runner.invoke(cli.app, ["compare", "big-money", "big-money-ultimate", "-n", "10",
                                  "--kingdom", "random", "--sets", "intrigue", "--json"])
    assert res.exit_code == 0, res.output
    import json
    kingdom = json.loads(res.stdout)["kingdom"]
    assert {_set(C.card_id(n)) for n in kingdom} == {"intrigue"}
    res = runner.invoke(cli.app, ["log", "big-money", "big-money-ultimate", "--kingdom",
                                  "random", "--sets", "intrigue", "--turn-cap", "2"])
    assert res.exit_code == 0, res.output


def test_tournament_and_sweep_draw_from_the_sets():
    plan = X.plan_tournament(["big-money", "big-money-ultimate"], 10, kingdom="random",
                             seed=2, sets="intrigue")
    [s] = plan.setups
    assert {_set(C.card_id(n)) for n in s.kingdom} == {"intrigue"}
    assert "Intrigue set" in plan.meta["kingdom_note"]
    plan = X.plan_sweep("random:3", ["big-money", "big-money-ultimate"], games=10,
                        sets="base,intrigue")
    assert "base and Intrigue sets" in plan.meta["kingdom_note"]
    plan = X.plan_sweep("random:3", best_card=True, games=10, sets="intrigue")
    cards = {s.info["card"] for s in plan.setups}
    assert cards and {_set(C.card_id(n)) for n in cards} == {"intrigue"}
    # --best-card's own field names a bot for every card of every set: the
    # bots of cards not in a kingdom are not listed as skipped (about 90 a
    # kingdom); bots a user names still are
    assert plan.meta["skipped"] == []
    named = X.plan_sweep("random:1", ["bm-smithy", "bm-witch", "bm-baron"], best_card=True,
                         games=10, sets="intrigue")
    assert [(r["a"], r["reason"]) for r in named.meta["skipped"]] == [
        ("BM Smithy", "needs Smithy"), ("BM Witch", "needs Witch")]   # Intrigue kingdoms
    job = plan.jobs()[0]
    assert job.sets == ("intrigue",)                   # a worker fills the same way
    # a plan written before --sets reads as the base set
    assert X.Plan.from_dict({**plan.to_dict(), "setups": [
        {k: v for k, v in plan.to_dict()["setups"][0].items() if k != "sets"}]}
    ).setups[0].sets is None


# ---------------------------------------------------------------- kingdoms

def test_every_recommended_kingdom_resolves_or_says_what_it_lacks():
    assert set(C.ALL_RECOMMENDED) == set(RECOMMENDED) | set(INCOMPLETE_KINGDOMS)
    for name, cards in C.ALL_RECOMMENDED.items():
        assert len(set(cards)) == 10, name
        if name in RECOMMENDED:
            assert [C.NAMES[c] for c in parse_kingdom(name)] == list(cards)
        else:
            lack = INCOMPLETE_KINGDOMS[name]
            assert lack and not set(lack) & set(C.NAMES)
            with pytest.raises(ValueError, match=", ".join(lack)):
                parse_kingdom(name.lower())
    intrigue = ("Victory Dance", "The Plot Thickens", "Best Wishes", "Underlings",
                "Grand Scheme", "Deconstruction")
    assert set(intrigue) <= set(C.ALL_RECOMMENDED)
    res = typer.testing.CliRunner().invoke(cli.app, ["kingdoms", "--wide"])
    for name in intrigue:
        assert any(line.startswith(name) for line in res.stdout.splitlines())


@pytest.mark.parametrize("name", ["Victory Dance", "The Plot Thickens", "Best Wishes",
                                  "Underlings", "Deconstruction"])
def test_an_intrigue_kingdom_plays_once_its_cards_exist(name):
    if name in INCOMPLETE_KINGDOMS:
        pytest.skip(f"{name} waits for {', '.join(INCOMPLETE_KINGDOMS[name])} "
                    "(another helper adds them)")
    r = simulate(["big-money", "big-money-ultimate"], 10, 0, kingdom=name, threads=1)
    assert sorted(r.kingdom) == sorted(C.ALL_RECOMMENDED[name])


def test_grand_scheme_plays_base_and_intrigue_cards():
    r = simulate(["bm-militia", "bm-mill"], 10, 0, kingdom="grand scheme", threads=1)
    assert sorted(r.kingdom) == sorted(RECOMMENDED["Grand Scheme"])
    assert {_set(C.card_id(n)) for n in r.kingdom} == {"base", "intrigue"}


# ---------------------------------------------------------------- reports

def test_balance_ranks_every_set_by_default_and_filters_by_sets():
    def cards(plan, kind="card"):
        return {s.info["card"] for s in plan.setups if s.kind == kind}

    every = X.plan_balance(100, "2")
    base = X.plan_balance(100, "2", sets="base")
    intrigue = X.plan_balance(100, "2", sets="intrigue")
    seaside = X.plan_balance(100, "2", sets="seaside")
    assert cards(every) == cards(base) | cards(intrigue) | cards(seaside)
    assert {X.card_set(c) for c in cards(base)} == {"base"}
    assert {X.card_set(c) for c in cards(intrigue)} == {"intrigue"}
    # every Intrigue card with a shipped bm-<card> bot is ranked
    from simulator.language.strategy import shipped_strategies
    shipped = {s.stem for s in shipped_strategies()}
    with_bot = {C.NAMES[c] for c in C.KINGDOM_CARDS if _set(c) == "intrigue"
                and f"bm-{C.NAMES[c].lower().replace(' ', '-')}" in shipped}
    assert with_bot and with_bot <= cards(every)
    kingdoms = lambda p: {s.info["kingdom"] for s in p.setups if s.kind == "sweep"}  # noqa
    assert "Grand Scheme" in kingdoms(every) and "Grand Scheme" not in kingdoms(base)
    assert "First Game" in kingdoms(base) and not kingdoms(intrigue) & kingdoms(base)
    assert "--sets intrigue" in intrigue.meta["regenerate"]
    assert "--sets" not in every.meta["regenerate"]
    with pytest.raises(ValueError, match="unknown set"):
        X.plan_balance(100, "2", sets="alchemy")


def test_optimiser_templates_read_the_new_cards_roles_from_the_registry():
    from simulator.search.optspace import Space
    lists = {"village": "villages", "draw": "draw", "trasher": "trashers",
             "attack": "attacks", "payload": "payload", "gainer": "gainers",
             "plus_buy": "plus_buy"}
    checked = 0
    for c in C.KINGDOM_CARDS:
        if _set(c) != "intrigue":
            continue
        space = Space([C.NAMES[c]])
        for role in C.TABLE[c].roles:
            if role in lists:
                assert C.NAMES[c] in getattr(space, lists[role]), (C.NAMES[c], role)
                checked += 1
    assert checked
    space = Space(RECOMMENDED["Grand Scheme"])
    assert {"Mining Village", "Shanty Town"} <= set(space.villages)
    assert "engine" in space.templates and "attack" in space.templates


def test_the_game_log_prints_the_intrigue_cards():
    from reports import gamelog
    from simulator.runs.runner import trace_game
    trace = trace_game(["bm-torturer", "bm-masquerade"], seed=1, turn_cap=12)
    text = gamelog.render(trace, "text", "en")
    assert "Torturer" in text and "Masquerade" in text
    nl = gamelog.render(trace, "text", "nl")
    assert C.TABLE[C.card_id("Torturer")].nl in nl


def test_the_api_takes_sets_as_the_commands_do():
    import simulator.api as api
    t = api.tournament(["big-money", "big-money-ultimate"], 4, kingdom="random",
                       sets="intrigue", threads=1, progress=False)
    [run] = t.runs
    assert {_set(C.card_id(n)) for n in run.results.kingdom} == {"intrigue"}
    with pytest.raises(ValueError, match="unknown set"):
        api.sweep("random:1", ["big-money", "big-money-ultimate"], games=4, sets="hinterlands")


def test_seaside_sweep_balance_and_optimize_play():
    """--sets seaside end to end at small budgets: a random sweep's best cards,
    the balance report (only Seaside cards and kingdoms, no base kingdom's
    optimised winner) and a search in a Seaside kingdom with Treasure Map."""
    import simulator.api as api
    seaside = _of("seaside", 2)
    sw = api.sweep("random:1", best_card=True, games=20, sets="seaside", threads=1,
                   progress=False)
    [kingdom] = sw.meta["kingdoms"].values()
    assert {C.card_id(n) for n in kingdom} <= seaside
    played = {r.info["card"] for r in sw.runs}
    assert played and {C.card_id(n) for n in played} <= seaside
    b = api.balance(games=100, players="2", sets="seaside", threads=1, progress=False)
    ranked = {C.card_id(n) for n in b.tables["cards"]["card"]}
    assert ranked and {_set(c) for c in ranked} == {"seaside"}
    assert set(b.tables["kingdoms"]["kingdom"]) <= {k for k, cards in RECOMMENDED.items()
                                                   if {_set(C.card_id(n)) for n in cards}
                                                   == {"seaside"}}
    assert "High Seas" in set(b.tables["kingdoms"]["kingdom"])
    # its section of optimised winners lists only the kingdoms of the sets
    from reports.optimize import shipped_table
    assert "First Game" in set(shipped_table()["kingdom"])
    assert not len(shipped_table(sets=b.meta["sets"]))
    r = api.optimize("Buried Treasure", evaluations=2, seed=1, threads=1, round_size=2,
                     rung_games=16, final_games=40, field_games=20)
    assert r.strategy["kingdom"] == "Buried Treasure"
