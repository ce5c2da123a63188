"""domsim optimize: templates, racing, determinism, resume, CLI errors.

Budgets are tiny (tens of games per match) so the whole file runs in
seconds; what is checked is the machinery, not the strength of the winner.
"""
from __future__ import annotations

import json
import shutil

import pytest

pytest.importorskip("optuna")

from simulator import cards as C
from simulator.kingdom import RECOMMENDED
from simulator.optimize import (Arena, Candidate, FieldMember, Options, race, to_toml)
from simulator.optspace import FixedTrial, Space
from simulator.runner import prepare
from simulator.strategy import Strategy

TINY = dict(round_size=3, rung_games=16, final_games=40, field_games=20)


def _random_candidates(cards, n, seed):
    import optuna
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(sampler=optuna.samplers.RandomSampler(seed=seed))
    space = Space(cards)
    for _ in range(n):
        trial = study.ask()
        yield space.suggest(trial, f"C{trial.number}")
        study.tell(trial, 0.0)


def _named_cards(keys):
    """Every card a candidate's rules and conditions name."""
    import re
    texts = [t for k in ("buy", "play", "gain", "trash", "remodel", "discard")
             for t in keys.get(k, [])] + list(keys.get("let", {}).values())
    out = set()
    for t in texts:
        rule, _, cond = t.partition(" if ")
        if not rule.startswith(("my.", "(")) and t not in keys.get("let", {}).values():
            out.add(C.card_id(rule.rstrip("?")))
        for w in re.findall(r"(?:my|supply|hand|opp)\.(\w+)", t if t in
                            keys.get("let", {}).values() else cond):
            if w not in ("money", "cards", "turn", "vp", "size"):
                out.add(C.card_id(w))
    return out


@pytest.mark.parametrize("kingdom", list(RECOMMENDED))
def test_candidates_compile_and_name_only_kingdom_cards(kingdom):
    cards = RECOMMENDED[kingdom]
    allowed = {C.card_id(c) for c in cards} | set(C.BASE_CARDS)
    templates = set()
    for keys in _random_candidates(cards, 120, seed=len(kingdom)):
        s = Strategy.from_rules(**keys)
        prepare([s, "big-money-ultimate"], 2, list(cards), 0)      # it plays here
        named = _named_cards(keys)
        assert named <= allowed, (keys, named - allowed)
        assert s.cards() <= allowed
        templates.add(keys["description"].split()[-1])
        # the TOML text is an ordinary strategy file with the same rules
        import tomllib
        again = Strategy.from_rules(**tomllib.loads(to_toml(keys)))
        assert again.data == s.data
    assert templates == set(Space(cards).templates)


def test_templates_offered_only_when_the_kingdom_has_their_cards():
    assert "gardens" not in Space(RECOMMENDED["First Game"]).templates
    assert "gardens" in Space(RECOMMENDED["Size Distortion"]).templates
    assert "engine" not in Space(RECOMMENDED["Improvements"]).templates   # no village
    with pytest.raises(ValueError, match="not one of"):
        Space(RECOMMENDED["First Game"]).suggest(FixedTrial({"template": "gardens"}))


def _opts(**kw):
    cards = tuple(RECOMMENDED["First Game"])
    return Options(kingdom="First Game", cards=cards, **{"evaluations": 1, **kw})


def _bot(name, buy):
    return {"name": name, "buy": buy}


def test_race_drops_a_weak_candidate_first_and_counts_games():
    arena = Arena(_opts(), _executor())
    bmu = Strategy.from_rules  # noqa: F841  (keys below are plain dicts)
    good = Candidate("g", _bot("Good", ["Province", "Gold", "Silver"]), "money", {}, 0, 1)
    weak = Candidate("w", _bot("Weak", ["Estate", "Copper"]), "money", {}, 1, 1)
    field = [FieldMember("BMU", _bot("BMU", ["Province if my.money > 18", "Gold", "Silver"]))]
    left = race(arena, [weak, good], field, 100, "t")
    assert [c.id for c in left] == ["g"]
    assert weak.rung == 0 and good.rung == 1
    assert weak.games() == 100 and good.games() == 100 + 200
    assert arena.games == 400 and arena.played == 400
    assert weak.score(["BMU"]) < 0.1 < 0.3 < good.score(["BMU"])


def _executor():
    from simulator.executors import EmbeddedExecutor
    return EmbeddedExecutor(2)


def _search(tmp_path=None, **kw):
    from simulator.api import optimize
    options = dict(evaluations=6, seed=5, **TINY)
    options.update(kw)
    return optimize("First Game", **options)


def test_same_seed_same_search():
    a, b = _search(), _search()
    assert a.strategy == b.strategy
    assert a.games == b.games and a.history == b.history
    assert a.evaluations == 6 and a.rounds == 2
    assert a.naive_games >= a.games - a.search_games
    c = _search(seed=6)
    assert c.history != a.history


def test_resume_replays_finished_steps(tmp_path):
    run = tmp_path / "run"
    first = _search(run_dir=run)
    from simulator.api import optimize
    again = optimize(resume=run)
    assert again.strategy == first.strategy and again.played == 0
    # lose the playoff and the last rung of round 2: only they are played again
    shutil.rmtree(run / "steps" / "final")
    last = sorted((run / "steps").glob("r00002-*"))[-1]
    shutil.rmtree(last)
    third = optimize(resume=run)
    assert third.strategy == first.strategy
    assert 0 < third.played < first.games
    with pytest.raises(ValueError, match="already holds a search"):
        _search(run_dir=run)


def test_api_errors():
    from simulator.api import optimize
    with pytest.raises(ValueError, match="unknown"):
        optimize("Nowhere Land", evaluations=1)
    with pytest.raises(ValueError, match="give a budget"):
        optimize("First Game")
    with pytest.raises(ValueError, match="either --minutes or --evaluations"):
        optimize("First Game", minutes=1, evaluations=3)
    with pytest.raises(ValueError, match="--minutes must be"):
        optimize("First Game", minutes=0)
    with pytest.raises(ValueError, match="--evaluations must be"):
        optimize("First Game", evaluations=0)
    with pytest.raises(ValueError, match="--sampler"):
        optimize("First Game", evaluations=1, sampler="genetic")


def _cli(*args):
    import typer.testing
    from simulator.cli import app
    try:
        runner = typer.testing.CliRunner(mix_stderr=False)
    except TypeError:
        runner = typer.testing.CliRunner()
    return runner.invoke(app, ["optimize", *args])


@pytest.mark.parametrize("args, message", [
    (["--kingdom", "Nowhere Land", "--evaluations", "2"], "unknown kingdom"),
    (["--kingdom", "First Game"], "give a budget"),
    (["--kingdom", "First Game", "--minutes", "-1"], "--minutes must be"),
    (["--kingdom", "First Game", "--evaluations", "0"], "--evaluations must be"),
    (["--kingdom", "First Game", "--minutes", "1", "--evaluations", "2"], "not both"),
    (["--evaluations", "2"], "give --kingdom"),
    (["--kingdom", "random", "--evaluations", "2"], "random"),
    (["--resume", "/nonexistent/run"], "not an optimize run folder"),
])
def test_cli_errors_are_one_line(args, message):
    res = _cli(*args)
    assert res.exit_code == 2
    err = res.stderr if hasattr(res, "stderr") else res.output
    assert err.startswith("error: ") and message in err
    assert err.count("\n") == 1


def test_cli_writes_strategy_and_report(tmp_path, monkeypatch):
    from simulator import optimize as O
    for name, value in dict(ROUND_SIZE=2, RUNG_GAMES=16, FINAL_GAMES=40,
                            FIELD_GAMES=20).items():
        monkeypatch.setattr(O, name, value)
    out, report = tmp_path / "opt.toml", tmp_path / "rep"
    res = _cli("--kingdom", "First Game", "--evaluations", "2", "--seed", "1", "--quiet",
               "--out", str(out), "--report", str(report))
    assert res.exit_code == 0, res.output
    from simulator.strategy import load_strategy
    s = load_strategy(out)
    assert s.name == "Optimised First Game"
    assert out.read_text().startswith("# Found by: domsim optimize --kingdom \"First Game\"")
    for f in ("README.md", "index.html", "history.png", "field.svg", "final.csv",
              "rules.csv", "winner.toml"):
        assert (report / f).is_file(), f
    assert "Best fitness per round" in (report / "README.md").read_text()



def test_cli_json_prints_only_the_json_object(tmp_path, monkeypatch):
    from simulator import optimize as O
    for name, value in dict(ROUND_SIZE=2, RUNG_GAMES=16, FINAL_GAMES=40,
                            FIELD_GAMES=20).items():
        monkeypatch.setattr(O, name, value)
    out = tmp_path / "opt.toml"
    res = _cli("--kingdom", "First Game", "--evaluations", "2", "--seed", "1", "--quiet",
               "--json", "--out", str(out))
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)          # nothing but the object on stdout
    assert out.is_file() and str(out) in (res.stderr if hasattr(res, "stderr") else "")
    assert doc and isinstance(doc, dict)

HEADER = """# Found by: domsim optimize --kingdom "First Game" --players 2 --seed 2026 --minutes 10 --sampler tpe
# Kingdom: Cellar, Market, Merchant, Militia, Mine, Moat, Remodel, Smithy, Village, Workshop
# Search: 1,024 candidates in 64 rounds, 30,000,000 games, 9.8 min wall, 8.1 min CPU on 2 cores
# Template: attack; final score 0.565 (0.562-0.568, 95% CI) against the field:
# Validation: 100,000 games each, seed 20261201, seats alternating game by game (score with 95% Wilson CI):
#   vs Big Money Ultimate (big-money-ultimate): 0.812 (0.810-0.815)
#   vs Smithy/Market (smithy-market, the best shipped bot here): 0.521 (0.518-0.524)
name = "X"
buy = ["Province"]
"""


def test_header_of_a_shipped_winner_is_read_back(tmp_path):
    from reports.optimize import read_header
    path = tmp_path / "opt-first-game.toml"
    path.write_text(HEADER)
    h = read_header(path)
    assert h["games"] == 30_000_000 and h["minutes"] == 9.8 and h["template"] == "attack"
    best = [v for v in h["validation"] if v["best"]]
    assert best == [dict(opponent="Smithy/Market", stem="smithy-market", best=True,
                         score=0.521, low=0.518, high=0.524)]
    assert h["validation"][0]["stem"] == "big-money-ultimate"


def test_shipped_winners_are_valid_and_in_the_balance_table():
    from reports.optimize import shipped_table
    from simulator.optimize import kingdom_slug, shipped_optimized
    df = shipped_table()
    for kingdom, cards in RECOMMENDED.items():
        s = shipped_optimized(kingdom)
        if s is None:
            continue
        assert s.stem == f"opt-{kingdom_slug(kingdom)}"
        prepare([s, "big-money-ultimate"], 2, list(cards), 0)
        row = df[df["kingdom"] == kingdom].iloc[0]
        assert row["vs_bmu_low"] > 0.5                    # validated against BMU
        assert row["best_shipped"]


def test_sweep_optimize_plans_each_shipped_winner_against_the_field():
    from simulator.experiments import plan_sweep
    from simulator.optimize import shipped_optimized
    have = [k for k in RECOMMENDED if shipped_optimized(k) is not None]
    if not have:
        pytest.skip("no opt-*.toml shipped")
    plan = plan_sweep("recommended", optimize=True, games=10, seed=1)
    kingdoms = {s.info["kingdom"] for s in plan.setups}
    assert kingdoms == set(have)
    assert all(s.stems[0].startswith("opt-") for s in plan.setups)
    assert all(any(s.stems[1] == "big-money-ultimate" for s in plan.setups
                   if s.info["kingdom"] == k) for k in have)
    with pytest.raises(ValueError, match="not both"):
        plan_sweep("recommended", optimize=True, best_card=True)
    with pytest.raises(ValueError, match="no kingdom given has a shipped"):
        plan_sweep({"Mine": ["Smithy"]}, optimize=True)


def test_tpe_history_is_bounded_and_keeps_the_best():
    import optuna
    from simulator import optimize as O
    study = optuna.create_study(direction="maximize", sampler=O._sampler("tpe", 1))
    for i in range(O.HISTORY + 10):
        t = study.ask()
        t.suggest_int("x", 0, 1000)
        study.tell(t, float((i * 37) % 1000))
    best = max(t.value for t in study.trials)
    small = O._window(study, _opts(sampler="tpe"))
    assert len(small.trials) <= O.HISTORY
    assert max(t.value for t in small.trials) == best
    assert O._window(small, _opts()) is small          # short enough: unchanged


def test_prune_removes_rules_that_can_never_fire():
    from simulator.optimize import prune
    keys = {"name": "x", "buy": ["Province", "Gold", "Artisan if my.Artisan < 2", "Silver"],
            "play": ["Artisan"]}
    pruned, removed = prune(keys, RECOMMENDED["Deck Top"])
    assert pruned["buy"] == ["Province", "Gold", "Silver"] and "play" not in pruned
    assert len(removed) == 2 and "Artisan" in removed[0]
    assert keys["buy"][2].startswith("Artisan")               # the input is left alone
